"""The planned looks of the decision procedure (step 2 of :mod:`regretlab.decisions.decide`): the run counts
at which an item is looked at, the looks at which a decision is possible at all, and the fewest runs with
which a comparison's rank test can reach a level."""

from __future__ import annotations

import functools
import math

import numpy as np

from regretlab._validate import check_choice, check_count, check_probability

from . import compare
from .claims import CLAIM_KINDS

__all__ = ["DEFAULT_LOOKS", "ALPHA", "plan_looks", "looks_taken", "fewest_runs_to_decide"]

#: Planned run counts per method: a pilot of 5, then 10 and 20, then the paper's count.
DEFAULT_LOOKS = (5, 10, 20)
#: The overall error rate of an item's decisions.
ALPHA = 0.05


def _attainable_p(comparison, look: int) -> float:
    """The smallest confirm-side p the comparison's test can give with ``look`` runs per method: its own
    test on perfectly separated data of those sizes. 0 for 'similar', 'no_worse' and 'ratio' (no look is
    skipped on their account)."""
    return _attainable_p_of(comparison.kind, comparison.paired, len(comparison.order), look)


@functools.lru_cache(maxsize=256)
def _attainable_p_of(kind: str, paired: bool, n_methods: int, look: int) -> float:
    # a function of the test and the sizes only, not of the data: computed once per test and size (the
    # exact Wilcoxon p enumerates sign flips; computed per call it was most of a simulated study's time)
    if kind == "trend":
        return compare.trend_p([1000.0 * i + np.arange(look) for i in range(n_methods)])[0]
    if kind in ("better", "best", "order"):   # an order: each pair's test, the largest of equal p's
        return compare.one_sided_p(1000.0 + np.arange(look), np.arange(float(look)), paired=paired)
    return 0.0


#: The largest run count :func:`fewest_runs_to_decide` searches (the planner caps every count at 1000 too).
_MOST_RUNS = 1000


def fewest_runs_to_decide(kind: str, paired: bool, n_methods: int, level: float) -> float:
    """The fewest runs per method with which the comparison's own test can give p <= ``level`` at all: on
    perfectly separated data, the rank tests' smallest p (exact Mann–Whitney 1/C(2n, n), exact signed-rank
    2^-n, Jonckheere–Terpstra for a trend). Below it no effect, however large, decides, so it is the floor of
    the runs needed: the normal approximation of :func:`compare.runs_needed` knows no such floor and gave
    '1' to comparisons undecided at 5 runs a method (48 rows of DECISIONS.md, e.g. Li2016 Table 2's ADD-5 vs
    GP-UCB, P(A>B) = 1, Holm p 0.079 at look 5). 'similar', 'no_worse' and 'ratio' are tested by the same
    one-sided tests, shifted, so they share the two-method floor. ``inf`` if not reached by 1000 runs.

    ``kind`` one of the claim kinds, ``n_methods`` >= 2, ``level`` in (0, 1)."""
    kind = check_choice("kind", kind, CLAIM_KINDS)
    n_methods = check_count("n_methods", n_methods, low=2)
    level = float(check_probability("level", level))
    test = "trend" if kind == "trend" else "better"
    for n in range(2, _MOST_RUNS + 1):
        if _attainable_p_of(test, paired, n_methods, n) <= level:
            return float(n)
    return math.inf


def looks_taken(comparisons, looks, alpha: float = ALPHA, spending: str = "pocock"):
    """``(looks, levels)``: the planned ``looks`` without those at which no comparison could be decided
    (see the module docstring, step 2), and the levels :func:`compare.look_levels` gives the looks kept.
    The last look is always kept.

    >>> from regretlab.decisions.decide import Comparison
    >>> pairs = [Comparison("c", "better", "A", f"B{i}", "p", False) for i in range(12)]
    >>> looks_taken(pairs, (5, 10, 20, 30))[0]    # 1/252 x 24 > 0.0126: the pilot look cannot decide
    (10, 20, 30)
    """
    taken = list(looks)
    family = 2 * len(comparisons)
    while True:
        levels = compare.look_levels(taken, alpha, spending)
        futile = next((look for look, level in zip(taken[:-1], levels[:-1], strict=True)
                       if all(_attainable_p(c, look) * family > level for c in comparisons)), None)
        if futile is None:
            return tuple(taken), levels
        taken.remove(futile)


def plan_looks(paper_runs: int, looks=DEFAULT_LOOKS) -> tuple[int, ...]:
    """The looks below the paper's run count, then the paper's count.

    >>> plan_looks(30), plan_looks(10), plan_looks(4)
    ((5, 10, 20, 30), (5, 10), (4,))
    """
    return tuple(n for n in looks if n < paper_runs) + (int(paper_runs),)
