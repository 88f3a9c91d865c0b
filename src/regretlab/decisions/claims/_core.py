"""The parts every paper's claims are made of: the statistics a claim is decided on, the kinds and
quantifiers, the equivalence margin's constants and :class:`Claim` (see :mod:`regretlab.decisions.claims`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from regretlab.experiments.statistics import STATISTICS as RUN_STATISTICS

#: What one run contributes to a test (a metric and its reduction, and whether larger is better): the one
#: table of run statistics, :data:`regretlab.experiments.statistics.STATISTICS`.
STATISTICS = RUN_STATISTICS
#: Why a claims-list entry summarising a paper's experiments is not registered on its own.
SUMMARY_NOT_TESTED = ("a summary of the paper's experiments (abstract, introduction or conclusion): decided "
            "through the "
            "items' claims it summarises, not registered twice")
#: How a claim's comparisons combine (see the module docstring).
QUANTIFIERS = ("all", "all_but_one", "all_but_one_none_reversed", "most_problems", "some_each_problem")
#: Claim kinds decided here.
CLAIM_KINDS = ("better", "best", "worse", "similar", "no_worse", "ratio", "trend", "order")
#: The equivalence margin of a "similar" claim (and the non-inferiority margin of a "no_worse" one), in units
#: of the two methods' pooled robust scale (1.4826 x the median absolute deviation, the root mean square of
#: the two methods') over their *pilot* runs (:data:`EQUIVALENCE_PILOT`), which fix it before the first look
#: that tests and are not reused by the test. None of the papers states a tolerance for its "similar",
#: "competitive" or "tie"; 0.5 is Cohen's medium standardised effect, the margin the project used since
#: issue 31 on the (non-robust, data-at-the-look) pooled s.d., which tied data could inflate or shrink.
EQUIVALENCE_MARGIN = 0.5
#: Runs per method that fix an equivalence margin and are left out of its test (the campaign's first look).
EQUIVALENCE_PILOT = 5
#: An equivalence (or non-inferiority) test is refused — undecided, with the reason — when one value holds
#: more than this share of either method's tested runs: on such tied or saturated data a rank test's
#: "within the margin" says more about the ties than about the methods (issue 59: two mixtures 0.6-1 s.d.
#: apart were confirmed "similar" in 13-20 % of simulated studies under the old rule).
TIE_SHARE = 0.5


@dataclass(frozen=True)
class Claim:
    """One stated claim of a paper about its own runs.

    Attributes
    ----------
    key : str
        ``"<Key>.<item>.c<N>"`` as in the project's claims list.
    item : str
        The spec whose runs decide it (e.g. ``"Ha2019.fig3"``).
    kind : {"better", "best", "worse", "similar", "no_worse", "ratio", "trend"}
        ``better``/``best``: ``method`` beats every method of ``others``; ``worse``: every method of
        ``others`` beats ``method`` (the same test as ``better`` with the roles swapped, shared with it);
        ``similar``: within the equivalence margin of each; ``no_worse``: not worse than each by more than
        that margin (non-inferiority, the papers' "competitive or better"); ``ratio``: ``method``'s
        statistic over each other's lies in ``interval``;
        ``trend``: the statistic improves along the order ``(method, *others)`` (worst first), one test per
        problem over all the order's runs; ``order``: each of ``pairs`` holds, one test per problem (an
        intersection–union test of the pairs).
    quote, location : str
        The paper's words and where they are.
    method : str
        The setup name (as in the spec) the claim is about.
    others : tuple of str
        The methods it is compared with.
    problems : tuple of str
        The spec's problem keys.
    statistic : str
        A key of :data:`STATISTICS`.
    quantifier : {"all", "all_but_one", "all_but_one_none_reversed", "most_problems", "some_each_problem"}
    interval : (float, float), optional
        For ``ratio``: the stated interval, ``0 < low < high``; ``(low, math.inf)`` for "at least low".
    reading : str
        How a word that needs a reading is read, and why.
    at : int, optional
        The statistic of each run's first ``at`` evaluations (a table row at T = 500 of runs of 1000);
        default: the whole run.
    pairs : tuple of (str, str), optional
        For ``order``: the stated ``(worse, better)`` pairs, methods of ``(method, *others)``.
    base : str, optional
        The paper's claim this is one reading of (its key without the reading's suffix); default: ``key``
        itself (a claim with one reading). Claims with one ``base`` are decided together: refuted only
        when every reading refutes (:func:`regretlab.decisions.verdicts.reading_verdict`).
    label : str, optional
        The reading's short name in reports ("S_T", "d = 1", "some d < d'").
    justification : str, optional
        Why the reading is defensible, quoting the paper where it can.
    setup : str, optional
        The setup reading the claim is decided under ("" the spec's paper setup; set by :func:`claims_of`
        for a spec that is a setup reading of another).
    cells : tuple of (str, str), optional
        The (other, problem) comparisons, where they are not every ``others`` x ``problems`` pair; each
        other must be in ``others`` and each problem in ``problems``.
    untestable : str, optional
        Why the claim cannot be tested with the runs here (a method whose costly step the paper blames was
        replaced): then it is *not testable*, tested by no comparison and outside its item's verdict.
    """

    key: str
    item: str
    kind: str
    quote: str
    location: str
    method: str
    others: tuple[str, ...]
    problems: tuple[str, ...]
    statistic: str
    quantifier: str = "all"
    interval: tuple[float, float] | None = None
    reading: str = ""
    at: int | None = None
    pairs: tuple[tuple[str, str], ...] = ()
    base: str = ""
    label: str = ""
    justification: str = ""
    setup: str = ""
    cells: tuple[tuple[str, str], ...] = ()
    untestable: str = ""

    def __post_init__(self):
        if self.kind not in CLAIM_KINDS:
            raise ValueError(f"claim {self.key}: kind={self.kind!r} is not one of {CLAIM_KINDS}")
        if self.statistic not in STATISTICS:
            raise ValueError(
                f"claim {self.key}: statistic={self.statistic!r} is not one of {list(STATISTICS)}"
            )
        if self.quantifier not in QUANTIFIERS:
            raise ValueError(
                f"claim {self.key}: quantifier={self.quantifier!r} is not one of {QUANTIFIERS}"
            )
        if (self.kind == "ratio") != (self.interval is not None):
            raise ValueError(f"claim {self.key}: an interval is given exactly for kind 'ratio'")
        if self.interval is not None and not (len(self.interval) == 2 and 0 < self.interval[0]
                                              < self.interval[1] and not math.isnan(self.interval[0])):
            raise ValueError(f"claim {self.key}: interval={self.interval!r} is not (low, high) with "
                             "0 < low < high (high may be math.inf)")
        if not self.others:
            raise ValueError(f"claim {self.key}: others is empty; a claim compares with at least one method")
        if self.at is not None and not (isinstance(self.at, int) and self.at >= 1):
            raise ValueError(f"claim {self.key}: at={self.at!r} is not an evaluation count >= 1")
        if self.kind in ("trend", "order") and self.quantifier != "all":
            raise ValueError(f"claim {self.key}: a {self.kind} is tested per problem; its quantifier is "
                             "'all'")
        if (self.kind == "order") != bool(self.pairs):
            raise ValueError(f"claim {self.key}: pairs are given exactly for kind 'order' (got kind="
                             f"{self.kind!r}, {len(self.pairs)} pairs)")
        for other, problem in self.cells:
            if other not in self.others or problem not in self.problems:
                raise ValueError(f"claim {self.key}: cell {(other, problem)!r} is not an (other, problem) of "
                                 f"its others {self.others} and problems {self.problems}")
        for pair in self.pairs:
            if not (len(pair) == 2 and pair[0] != pair[1] and set(pair) <= set(self.order)):
                raise ValueError(f"claim {self.key}: pair {pair!r} is not two different methods of "
                                 f"{self.order}")

    @property
    def claim_key(self) -> str:
        """The paper's claim this reading belongs to: ``base`` (or ``key``), without a setup suffix."""
        return (self.base or self.key).split("@", 1)[0]

    @property
    def reading_name(self) -> str:
        """The reading's name in reports: its label, and the setup reading where it is not the paper's."""
        name = self.label or STATISTICS[self.statistic].text.split(",")[0]
        return f"{name} [setup: {self.setup}]" if self.setup else name

    @property
    def order(self) -> tuple[str, ...]:
        """A trend's (or an order's) methods, worst first (``(method, *others)``)."""
        return (self.method, *self.others)

    def comparisons(self) -> list[tuple[str, str]]:
        """(other method, problem) pairs, one test each; a trend or an order has one per problem, its
        ``other`` the order's last method."""
        if self.kind in ("trend", "order"):
            return [(self.others[-1], problem) for problem in self.problems]
        if self.cells:
            return list(self.cells)
        return [(other, problem) for other in self.others for problem in self.problems]


#: The two clocks a timing claim is read on, side by side (suffix, statistic, reading): the per-iteration
#: wall-clock seconds the paper's tables report, and the run's CPU seconds, which other processes on a
#: shared machine do not inflate (claims '_cpu').
_TIMING_READINGS = (
    ("", "seconds_per_iteration", "wall-clock seconds of each iteration, measured on a shared 2-core machine "
     "with one BLAS thread per run (another process's load inflates them; the '_cpu' claim reads CPU time)"),
    ("_cpu", "cpu_seconds_per_iteration", "the run's CPU seconds over its BO iterations (one BLAS thread "
     "per run; set-up and the initial design included), not inflated by other processes' load; the claim "
     "without '_cpu' reads wall-clock seconds per iteration"),
)
