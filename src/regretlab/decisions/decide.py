r"""Deciding a paper's claims from runs: confirmed, refuted or undecided, sequentially, with the error
rate held at α over every look and every claim of an item.

**The procedure** (stated once, applied to every item):

1. Every claim (:mod:`regretlab.decisions.claims`) expands into comparisons (method vs one other method
   on one problem). Each comparison carries two one-sided hypotheses: the paper's direction (*confirm*) and
   its opposite (*refute*): for ``better``/``best`` "A beats B" and "B beats A"; for ``similar`` "|Δ| <
   margin" (two one-sided tests) and "|Δ| > margin"; for ``no_worse`` "Δ > -margin" and "Δ < -margin"
   (non-inferiority, one of the two one-sided tests); for ``ratio`` "the median log time ratio lies in
   [log L, log U]" and "it lies outside"; for ``trend`` (one comparison per problem over the whole order)
   "the values rise along the stated order" and "they fall" (Jonckheere–Terpstra in Kendall's form); for
   ``order`` (one comparison per problem over the stated pairs) "every pair holds" (the
   intersection–union test: the largest of the pairs' one-sided p, each pair a Mann–Whitney test) and "some
   pair is reversed" (Bonferroni over the pairs: the smallest reversed-side p times their number).
2. Runs come in planned looks (:data:`DEFAULT_LOOKS`, capped at the paper's run count). Look k may spend
   :math:`\alpha_k` of the overall :math:`\alpha=0.05` (:func:`regretlab.decisions.compare.look_levels`,
   Pocock-type Lan–DeMets spending, the looks' levels summing to α). A planned look at which no comparison
   could be decided whatever the data (the smallest p its test can give with that many runs, times Holm's
   first multiplier, above the look's level: e.g. Mann–Whitney at 5 runs a side, 1/252, in a family of 24
   hypotheses) is not taken and spends nothing (:func:`looks_taken`); which looks are taken depends on the
   run counts and the family only, never on the values.
3. At look k the p-values of all 2m hypotheses of the item are Holm-adjusted
   (:func:`~regretlab.decisions.compare.holm`) and a hypothesis whose adjusted p is at most
   :math:`\alpha_k` is accepted: its comparison is decided (confirmed or refuted) and stays decided at later
   looks. By the union bound over looks and Holm within a look, the probability of any false decision in an
   item is at most α (the simulation test measures it).
4. Paired tests (Wilcoxon signed-rank, pairs = repeats) when the methods of a repeat share its initial box
   (declared by the spec's protocol: ``Spec.paired``, :data:`regretlab.experiments.spec.PAIRED_PROTOCOLS`);
   Mann–Whitney otherwise; a trend is always tested unpaired, and on a
   timing statistic (:data:`STRATIFIED_STATISTICS`) within commits: the stratified Jonckheere–Terpstra test,
   pairs of runs of the same commit only (a code speed-up between the commits of two methods' runs is not
   evidence of an order); so are the runs it would need (its effect is still read pooled). A comparison of
   two methods on a timing statistic reads only pairs made at one commit (paired) or runs of the commits
   both methods have (unpaired).
5. A claim's reading is *confirmed* when its comparisons satisfy its quantifier, *refuted* when they no
   longer can, else *undecided*. The paper's claim, over its registered readings (which statistic, which
   d is "small", ...; every reading's hypotheses are in step 3's Holm family), is *confirmed* or *refuted*
   only when every reading is, *reading-dependent* when one reading is confirmed and another refuted, else
   *undecided* (:func:`reading_verdict`). An item is *reproduced* (every claim confirmed), *not
   reproduced* (a claim refuted under every reading), *reading-dependent* (a claim is, none refuted),
   *partly* (some confirmed) or *undecided*. Quick mode gets no verdict.
6. A ``similar`` or ``no_worse`` comparison's margin is fixed before its first test, from a pilot of
   :data:`~regretlab.decisions.claims.EQUIVALENCE_PILOT` runs a method that the test does not reuse
   (:func:`pilot_margin`: 0.5 x the pooled robust scale); its test is refused (undecided, with the reason)
   where one value holds more than :data:`~regretlab.decisions.claims.TIE_SHARE` of a method's tested
   runs. Rank tests on tied data use their exact conditional distributions
   (:func:`~regretlab.decisions.compare.one_sided_p`), so the smallest p any data can give is the one
   step 2 assumes.

For every undecided comparison the runs per method that its own rank test at the final look's Holm level
would need for 80 % power at the observed effect are reported (Noether's formula,
:func:`~regretlab.decisions.compare.rank_runs_needed`), floored at the fewest runs with which the test can
reach that level at all (:func:`fewest_runs_to_decide`), with the power the paper's run count has at the
effect's interval ends and at the observed effect (:func:`~regretlab.decisions.compare.rank_power`).

7. **Why a reading is not decided.** A reading none of whose decisions is reached is *pending* when a
   comparison of it has reached no look yet (nothing about it was tested); *underpowered* when none of its
   undecided comparisons has a look left (each was tested at the paper's run count) or when the forecast
   (:mod:`regretlab.decisions.forecast`: the item's own runs bootstrapped through these same steps) gives it
   under :data:`~regretlab.decisions.forecast.FUTILITY` chance of a decision by the paper's run count;
   *undecided* otherwise (looks left, with the chance that the next one decides). These words change no
   decision and spend no error: the error rate is controlled per item (every hypothesis of every reading of
   the item in one Holm family at every look), whatever the words.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

from regretlab.experiments.record import commit_of
from regretlab.experiments.run_meta import RunMeta
from regretlab.experiments.statistics import run_value

from . import compare
from .claims import EQUIVALENCE_MARGIN, EQUIVALENCE_PILOT, TIE_SHARE, Claim
from .forecast import FUTILITY, forecast_item
from .looks import ALPHA, fewest_runs_to_decide, looks_taken, plan_looks
from .run_checks import STRATIFIED_STATISTICS, commit_check, repeat_check
from .verdicts import (
    NOT_RUN,
    NOT_TESTABLE,
    PENDING,
    UNDERPOWERED,
    ClaimDecision,
    ItemDecision,
    claim_decision,
    item_verdict,
    reading_verdict,
)

__all__ = ["Comparison", "decide_comparisons", "decide_item", "check_one_engine", "pilot_margin",
           "stored_number"]

def stored_number(x) -> float | None:
    """A number as a record stores it: None for a NaN or an infinite value (JSON has neither)."""
    return None if x is None or (isinstance(x, float) and not math.isfinite(x)) else float(x)


def _read(x) -> float:
    """A stored number back: NaN for a stored null."""
    return math.nan if x is None else float(x)


@dataclass
class Comparison:
    """One test of a claim: ``method`` against ``other`` on ``problem``, and what was decided."""

    claim: str
    kind: str
    method: str
    other: str
    problem: str
    paired: bool
    interval: tuple[float, float] | None = None
    decision: str = "undecided"
    look: int | None = None  # the run count at which it was decided
    n: tuple[int, int] = (0, 0)  # the runs tested at the last look reached (or, before one: as ``used``)
    #: The runs the effect, its interval and the runs needed are read from: every run at hand, more than
    #: ``n`` when a method has runs beyond the look (Li2016 Table 3's RPP-5 at 9 v 10 when its look is 5).
    used: tuple[int, int] = (0, 0)
    p_confirm: float = math.nan  # raw p at the deciding (or last) look
    p_refute: float = math.nan
    adjusted: tuple[float, float] = (math.nan, math.nan)
    level: float = math.nan  # the look's level it was judged at
    effect: compare.Effect | None = None
    margin: float | None = None
    #: an equivalence (non-inferiority) comparison's pilot: runs per method that fixed ``margin`` and are not
    #: tested (0 for the other kinds)
    pilot: int = 0
    #: why an equivalence test refused to confirm at its last look ('' when it did not refuse)
    refusal: str = ""
    runs_needed: float | None = None
    #: the power the paper's run count gives its rank test at the final look's Holm level, at the low end of
    #: the effect's interval, the observed effect and the high end (an undecided two-method comparison)
    paper_power: tuple[float, float, float] | None = None
    order: tuple[str, ...] = ()  # a trend's (an order's) methods, worst first
    strata: int = 0  # commits a trend was stratified over (0: not stratified)
    pairs: tuple[tuple[int, int], ...] = ()  # an order's stated (worse, better) pairs, indices into order
    #: an order's pair with the largest confirm-side p on every run at hand, (worse, better): its effect is
    #: the one reported (the pair the intersection-union test waits for)
    weakest: tuple[str, str] | None = None

    @property
    def methods(self) -> tuple[str, ...]:
        """Every method whose runs the comparison reads."""
        return self.order or (self.method, self.other)

    def to_record(self) -> dict:
        """The comparison as a decision record stores it (JSON): tuples as lists, a NaN or an infinite
        number as null (JSON has neither), the effect without its run counts (``used`` holds them)."""
        e = self.effect
        return {
            "method": self.method,
            "other": self.other,
            "order": list(self.order),
            "strata": self.strata,
            "pairs": [list(pair) for pair in self.pairs],
            "weakest": None if self.weakest is None else list(self.weakest),
            "problem": self.problem,
            "decision": self.decision,
            "look": self.look,
            "n": list(self.n),
            "used": list(self.used),
            "paired": self.paired,
            "p_confirm": stored_number(self.p_confirm),
            "p_refute": stored_number(self.p_refute),
            "adjusted": [stored_number(v) for v in self.adjusted],
            "level": stored_number(self.level),
            "margin": stored_number(self.margin),
            "effect": None if e is None else {"shift": e.shift, "low": stored_number(e.low),
                                              "high": stored_number(e.high),
                                              "p_improvement": e.p_improvement},
            "runs_needed": stored_number(self.runs_needed),
            "paper_power": None if self.paper_power is None else [round(v, 4) for v in self.paper_power],
            "pilot": self.pilot,
            "refusal": self.refusal,
        }

    @classmethod
    def from_record(cls, record: dict, *, claim: str = "", kind: str = "better") -> Comparison:
        """The comparison a decision record stores (:meth:`to_record`; ``claim`` and ``kind`` are its
        claim's), each field back in its type: lists as tuples, a stored null as NaN where the field is a
        number, the effect as an :class:`~regretlab.decisions.compare.Effect` (its run counts from ``used``),
        and the null runs count of an undecided comparison with an effect and two runs a side as infinite
        (no finite number of runs would decide it; JSON cannot say so). A record from before ``used``
        existed reads ``n`` for it."""
        missing = [key for key in ("method", "other", "problem", "decision", "n") if key not in record]
        if missing:
            raise ValueError(f"record has no {', '.join(map(repr, missing))}: not a stored comparison "
                             "(Comparison.to_record)")
        n = tuple(record["n"])
        used = tuple(record.get("used") or n)
        e = record.get("effect")
        runs_needed = record.get("runs_needed")
        if runs_needed is None and record["decision"] == "undecided" and e and min(n) >= 2:
            runs_needed = math.inf
        return cls(
            claim=claim, kind=kind, method=record["method"], other=record["other"], problem=record["problem"],
            paired=bool(record.get("paired", False)), decision=record["decision"], look=record.get("look"),
            n=n, used=used, p_confirm=_read(record.get("p_confirm")), p_refute=_read(record.get("p_refute")),
            adjusted=tuple(_read(v) for v in record.get("adjusted") or (None, None)),
            level=_read(record.get("level")), margin=record.get("margin"),
            effect=None if not e else compare.Effect(e["shift"], _read(e.get("low")), _read(e.get("high")),
                                                     e.get("p_improvement"), *used),
            pilot=record.get("pilot", 0), refusal=record.get("refusal", ""), runs_needed=runs_needed,
            paper_power=None if record.get("paper_power") is None else tuple(record["paper_power"]),
            order=tuple(record.get("order", ())), strata=record.get("strata", 0),
            pairs=tuple(tuple(pair) for pair in record.get("pairs", ())),
            weakest=None if record.get("weakest") is None else tuple(record["weakest"]),
        )

    def refusal_of(self, a: np.ndarray, b: np.ndarray) -> str | None:
        """Why an equivalence (non-inferiority) test on tested values ``a`` and ``b`` refuses to confirm:
        '' when it does not refuse, None when it is not reached (no margin yet, fewer than 2 runs) or the
        comparison is no equivalence. A pure function of its inputs: the caller records it."""
        if self.kind not in ("similar", "no_worse") or self.margin is None or min(a.size, b.size) < 2:
            return None
        tied = max(_modal_share(a), _modal_share(b))
        if tied > TIE_SHARE:
            return (f"one value holds {100 * tied:.0f} % of a method's tested runs (more than "
                    f"{100 * TIE_SHARE:g} %): too tied for an equivalence test")
        if self.margin == 0.0 and self.kind == "similar":
            return "the pilot's robust scale is 0 (tied pilot runs): no margin to be within"
        return ""

    def hypotheses(self, a: np.ndarray, b: np.ndarray, *rest: np.ndarray, strata=None) -> tuple[float, float]:
        """(p of the paper's direction, p of its opposite) on values ``a`` (method) and ``b`` (other), both
        larger-is-better; a trend passes the values of every method of its order (and, stratified, each
        run's stratum label aligned with them). Changes nothing on the comparison."""
        return _HYPOTHESES[self.kind](self, a, b, *rest, strata=strata)

    def _trend(self, *values, strata=None) -> tuple[float, float]:
        return compare.trend_p(values, strata)

    def _order(self, *values, strata=None) -> tuple[float, float]:
        confirm, refute = _pair_ps(values, self.pairs)
        return float(max(confirm)), float(min(1.0, len(refute) * min(refute)))

    def _better(self, a, b, strata=None) -> tuple[float, float]:
        return compare.one_sided_p(a, b, paired=self.paired), compare.one_sided_p(b, a, paired=self.paired)

    def _equivalent(self, a, b, strata=None) -> tuple[float, float]:
        # the margin was fixed from the pilot runs (pilot_margin), which are not among a and b here
        m = self.margin
        if m is None or min(a.size, b.size) < 2:
            return 1.0, 1.0
        refused = bool(self.refusal_of(a, b))
        if self.kind == "no_worse":  # non-inferiority: H0 Δ <= -m against "worse by more than m"
            confirm = 1.0 if refused else compare.one_sided_p(a, b, paired=self.paired, shift=-m)
            return confirm, compare.one_sided_p(b, a, paired=self.paired, shift=m)
        differ = min(
            compare.one_sided_p(a, b, paired=self.paired, shift=m),
            compare.one_sided_p(b, a, paired=self.paired, shift=m),
        )
        confirm = 1.0 if refused else compare.equivalence_p(a, b, margin=m, paired=self.paired)
        return confirm, min(1.0, 2.0 * differ)

    def _ratio(self, a, b, strata=None) -> tuple[float, float]:
        # times are -value; the method's time over the other's, on a log scale
        log_a, log_b = np.log(-a), np.log(-b)
        low, high = (math.log(v) for v in self.interval)
        if math.isinf(high):   # "at least low": one bound, one test each way
            return (compare.one_sided_p(log_a, log_b, paired=self.paired, shift=low),
                    compare.one_sided_p(log_b, log_a, paired=self.paired, shift=-low))
        inside = max(
            compare.one_sided_p(log_a, log_b, paired=self.paired, shift=low),
            compare.one_sided_p(log_b, log_a, paired=self.paired, shift=-high),
        )
        outside = min(
            compare.one_sided_p(log_b, log_a, paired=self.paired, shift=-low),
            compare.one_sided_p(log_a, log_b, paired=self.paired, shift=high),
        )
        return inside, min(1.0, 2.0 * outside)


#: A comparison's test by its kind (one dispatch instead of a branch per kind).
_HYPOTHESES = {"trend": Comparison._trend, "order": Comparison._order, "better": Comparison._better,
               "best": Comparison._better, "similar": Comparison._equivalent,
               "no_worse": Comparison._equivalent, "ratio": Comparison._ratio}


def _modal_share(values: np.ndarray) -> float:
    """The share of ``values`` taken by its most frequent value."""
    _, counts = np.unique(values, return_counts=True)
    return float(counts.max() / values.size)


def pilot_margin(a, b, multiple: float = EQUIVALENCE_MARGIN) -> float:
    """An equivalence margin fixed from pilot runs ``a`` and ``b`` (one value per run): ``multiple`` times the
    root mean square of the two methods' robust scales, the median absolute deviation over the normal
    quantile z(3/4) (about 1.4826 x MAD)
    (``scipy.stats.median_abs_deviation(..., scale="normal")``, a standard deviation for normal data). The
    MAD ignores one outlying run (the pooled s.d. it replaces doubled on one) and is 0 on samples more than
    half tied, where no margin can be read from the data.

    >>> round(pilot_margin([0.0, 1.0, 2.0, 3.0, 4.0], [0.0, 1.0, 2.0, 3.0, 40.0]), 4)   # 0.5 x 1.4826 x 1
    0.7413
    """
    a, b = compare.two_samples(a, b)
    if not (math.isfinite(multiple) and multiple > 0):
        raise ValueError(f"multiple={multiple!r} is outside its domain: a finite number > 0")
    scales = [float(stats.median_abs_deviation(x, scale="normal")) for x in (a, b)]
    return round(multiple * math.sqrt(0.5 * (scales[0] ** 2 + scales[1] ** 2)), 12)


def _pair_ps(arrays, pairs, *, refute: bool = True) -> tuple[list[float], list[float]]:
    """Each stated (worse, better) pair's one-sided Mann–Whitney p: that the better one's values are larger
    (confirm) and that the worse one's are (refute; an empty list with ``refute=False``)."""
    confirm = [compare.one_sided_p(arrays[b], arrays[w], paired=False) for w, b in pairs]
    refuting = [compare.one_sided_p(arrays[w], arrays[b], paired=False) for w, b in pairs] if refute else []
    return confirm, refuting


def decide_comparisons(
    comparisons: list[Comparison],
    data: dict[int, tuple[np.ndarray, ...]],
    looks,
    *,
    alpha: float = ALPHA,
    spending: str = "pocock",
    rng=0,
    describe: bool = True,
    strata: dict | None = None,
) -> list[Comparison]:
    """Run the procedure of the module docstring over ``comparisons``; ``data[i]`` = (values of the method,
    values of the other) in repeat order, larger is better (a trend: the values of every method of its order).
    ``strata[i]``, where given (a trend only): each run's stratum label, aligned with ``data[i]``.
    Decisions are written into the comparisons."""
    strata = strata or {}
    looks, levels = looks_taken(comparisons, looks, alpha, spending)
    _fix_margins(comparisons, data)
    for look, level in zip(looks, levels, strict=True):
        _take_look(comparisons, data, strata, look, float(level))
    if not describe:  # decisions only (the simulation tests): no bootstrap effects, no run counts
        return comparisons
    final = float(levels[-1]) / max(1, 2 * len(comparisons))  # Holm's most stringent level at the last look
    for i, comparison in enumerate(comparisons):
        _describe(comparison, data[i], final, rng, strata.get(i), int(looks[-1]))
    return comparisons


def _fix_margins(comparisons: list[Comparison], data: dict) -> None:
    """Equivalence margins: fixed by the pilot runs, before any look."""
    for i, comparison in enumerate(comparisons):
        if comparison.kind in ("similar", "no_worse"):
            comparison.pilot = EQUIVALENCE_PILOT
            if comparison.margin is None and min(x.size for x in data[i]) >= EQUIVALENCE_PILOT:
                comparison.margin = pilot_margin(*(x[:EQUIVALENCE_PILOT] for x in data[i]))


def _take_look(comparisons: list[Comparison], data: dict, strata: dict, look: int, level: float) -> None:
    """One look: every comparison's two one-sided p-values on its first ``look`` runs, Holm-corrected over
    the family; an undecided comparison whose corrected p is at most ``level`` is decided at this look."""
    raw = []
    for i, comparison in enumerate(comparisons):
        arrays = data[i]
        if min(x.size for x in arrays) < look:
            raw.append((1.0, 1.0))  # this look is not reached: no evidence spent
            continue
        labels = tuple(x[:look] for x in strata[i]) if i in strata else None
        # an equivalence test reads the runs after its pilot only
        tested = tuple(x[comparison.pilot:look] for x in arrays)
        refusal = comparison.refusal_of(*tested[:2])
        if refusal is not None:   # recorded here, at the look: why it refused at its last look ('' if not)
            comparison.refusal = refusal
        raw.append(comparison.hypotheses(*tested, strata=labels))
    adjusted = compare.holm(np.array(raw, dtype=float).ravel()).reshape(-1, 2)
    for i, comparison in enumerate(comparisons):
        if comparison.decision != "undecided":
            continue
        arrays = data[i]
        if min(x.size for x in arrays) < look:
            continue
        comparison.n = _counts(tuple(x[comparison.pilot:] for x in arrays), look - comparison.pilot)
        comparison.p_confirm, comparison.p_refute = raw[i]
        comparison.adjusted = (float(adjusted[i, 0]), float(adjusted[i, 1]))
        comparison.level = level
        if adjusted[i, 0] <= level:
            comparison.decision, comparison.look = "confirmed", look
        elif adjusted[i, 1] <= level:
            comparison.decision, comparison.look = "refuted", look


def _describe(comparison: Comparison, arrays: tuple, final: float, rng, strata, paper_n: int) -> None:
    """A comparison's effect and interval on every run it has, and for an undecided one the runs a side
    it would need at Holm's most stringent level ``final`` and the power ``paper_n`` runs would give."""
    if comparison.n == (0, 0):  # no look reached: n is the runs the effect below is computed from
        comparison.n = _counts(arrays, max(x.size for x in arrays))
    if comparison.kind == "order":
        comparison.used = _counts(arrays, max(x.size for x in arrays))
        if min(x.size for x in arrays):
            _describe_order(comparison, arrays, final, rng)
        return
    if comparison.kind == "trend":
        comparison.used = _counts(arrays, max(x.size for x in arrays))
        if min(x.size for x in arrays):
            comparison.effect = compare.trend_effect(arrays, rng=rng)
            if comparison.decision == "undecided" and min(x.size for x in arrays) >= 2:
                comparison.runs_needed = max(
                    compare.trend_runs_needed(arrays, level=final, strata=strata),
                    fewest_runs_to_decide("trend", False, len(arrays), final))
        return
    a, b = arrays
    if not (a.size and b.size):
        return
    n = min(a.size, b.size)
    a_used, b_used = (a[:n], b[:n]) if comparison.paired else (a, b)
    comparison.used = (a_used.size, b_used.size)
    if comparison.kind == "ratio":
        a_used, b_used = np.log(-a_used), np.log(-b_used)
    comparison.effect = compare.effect(a_used, b_used, paired=comparison.paired, rng=rng)
    if comparison.decision == "undecided" and n >= 2:
        # an equivalence test's pilot runs come on top of the runs its test needs
        comparison.runs_needed = comparison.pilot + max(
            _runs_needed(comparison, a_used, b_used, final),
            fewest_runs_to_decide(comparison.kind, comparison.paired, 2, final))
        if paper_n > comparison.pilot:
            e = comparison.effect
            ends = [e.low, e.shift, e.high] if math.isfinite(e.low) else [e.shift] * 3
            comparison.paper_power = tuple(
                _power(comparison, a_used - (e.shift - end), b_used, final, paper_n - comparison.pilot)
                for end in ends)


def _describe_order(comparison: Comparison, arrays, level: float, rng) -> None:
    """An order's effect (that of its weakest pair, the one with the largest confirm-side p on every run at
    hand) and the runs it would need: every pair confirmed at ``level`` (the most runs a pair needs) or one
    reversed at ``level`` over the pairs' count (the fewest), whichever comes first."""
    confirm, _ = _pair_ps(arrays, comparison.pairs, refute=False)
    w, b = comparison.pairs[int(np.argmax(confirm))]
    comparison.weakest = (comparison.order[w], comparison.order[b])
    comparison.effect = compare.effect(arrays[b], arrays[w], paired=False, rng=rng)
    if comparison.decision != "undecided" or min(x.size for x in arrays) < 2:
        return
    every = max(compare.rank_runs_needed(arrays[b], arrays[w], level=level, paired=False)
                for w, b in comparison.pairs)
    one = min(compare.rank_runs_needed(arrays[w], arrays[b], level=level / len(comparison.pairs),
                                       paired=False) for w, b in comparison.pairs)
    comparison.runs_needed = max(min(every, one), fewest_runs_to_decide("order", False, 2, level))


def _counts(arrays, look: int) -> tuple[int, int]:
    """n of a comparison at a look: (method, other) for two methods; (fewest, most) for a trend."""
    sizes = [min(x.size, look) for x in arrays]
    return (sizes[0], sizes[1]) if len(sizes) == 2 else (min(sizes), max(sizes))


def _runs_needed(comparison: Comparison, a, b, level: float) -> float:
    """Runs per method for 80 % power at ``level`` at the observed effect, in the direction it points."""
    if comparison.kind in ("better", "best"):
        forward = compare.rank_runs_needed(a, b, level=level, paired=comparison.paired)
        backward = compare.rank_runs_needed(b, a, level=level, paired=comparison.paired)
        return min(forward, backward)
    if comparison.kind == "ratio":
        low, high = (math.log(v) for v in comparison.interval)
        nearest = min(
            (low, high), key=lambda bound: abs(np.median(a - b if comparison.paired else a) - bound)
        )
        shifted = b + nearest
        return min(
            compare.rank_runs_needed(a, shifted, level=level, paired=comparison.paired),
            compare.rank_runs_needed(shifted, a, level=level, paired=comparison.paired),
        )
    margin = comparison.margin or 0.0
    if comparison.kind == "no_worse":  # the side the observed difference points to
        return min(
            compare.rank_runs_needed(a + margin, b, level=level, paired=comparison.paired),
            compare.rank_runs_needed(b, a + margin, level=level, paired=comparison.paired),
        )
    # similar: the tighter of the two one-sided tests at the observed difference
    return min(
        compare.rank_runs_needed(a + margin, b, level=level, paired=comparison.paired),
        compare.rank_runs_needed(b + margin, a, level=level, paired=comparison.paired),
    )


def _power(comparison: Comparison, a, b, level: float, n: int) -> float:
    """The power of the comparison's rank test with ``n`` runs a method at ``level``, on the side
    :func:`_runs_needed` plans for (the larger of the two one-sided tests it would read)."""
    paired = comparison.paired
    if comparison.kind in ("better", "best"):
        pairs = [(a, b), (b, a)]
    elif comparison.kind == "ratio":
        low, high = (math.log(v) for v in comparison.interval)
        nearest = min((low, high), key=lambda bound: abs(np.median(a - b if paired else a) - bound))
        pairs = [(a, b + nearest), (b + nearest, a)]
    else:
        margin = comparison.margin or 0.0
        pairs = ([(a + margin, b), (b, a + margin)] if comparison.kind == "no_worse"
                 else [(a + margin, b), (b + margin, a)])
    return max(compare.rank_power(x, y, n, level=level, paired=paired) for x, y in pairs)


def check_one_engine(results: dict) -> None:
    """Refuse runs of one method made by two engine versions (:attr:`RunMeta.engine_version`, 1 where a
    record predates versions; :attr:`regretlab.algorithms.base.BayesianOptimizer.ENGINE`): a comparison
    never mixes them."""
    engines: dict[str, set] = {}
    for (method, _problem, _repeat), result in results.items():
        engines.setdefault(method, set()).add(RunMeta.of(result).engine_version)
    mixed = {method: sorted(versions) for method, versions in engines.items() if len(versions) > 1}
    if mixed:
        method, versions = next(iter(mixed.items()))
        raise ValueError(f"the runs of {method} were made by engine versions {versions}: a comparison never "
                         "mixes versions (decide from one version's runs: another results folder, or re-run)")


def _expand(claims: list[Claim], results: dict, paired: bool):
    """Every claim's comparisons over ``results``, one per distinct hypothesis pair, shared by the claims that
    need it (Ha2019's c1 and c2 both compare UBO with EI-H on Beale: one test, counted once in Holm's
    family). Returns (comparisons, their data by index, their strata by index, [(claim, its comparisons)])."""
    shared: dict[tuple, int] = {}
    flat: list[Comparison] = []
    flat_data: dict[int, tuple[np.ndarray, ...]] = {}
    flat_strata: dict[int, tuple[np.ndarray, ...]] = {}
    decisions = []
    for claim in claims:
        indices = []
        for other, problem in () if claim.untestable else claim.comparisons():
            kind = "better" if claim.kind in ("better", "best") else claim.kind
            if kind in ("trend", "order"):   # one comparison over every method of the order
                key = (kind, claim.order, claim.pairs, problem, claim.statistic, claim.at)
                if key not in shared:
                    shared[key] = len(flat)
                    flat_data[len(flat)] = tuple(
                        _values(results, m, problem, claim.statistic, False, m, claim.at) for m in claim.order
                    )
                    strata = 0
                    if kind == "trend" and claim.statistic in STRATIFIED_STATISTICS:
                        flat_strata[len(flat)] = tuple(_commits(results, m, problem) for m in claim.order)
                        strata = len({c for labels in flat_strata[len(flat)] for c in labels})
                    index = {m: i for i, m in enumerate(claim.order)}
                    flat.append(Comparison(claim.key, kind, claim.method, other, problem, False,
                                           order=claim.order, strata=strata,
                                           pairs=tuple((index[w], index[b]) for w, b in claim.pairs)))
                indices.append(shared[key])
                continue
            first, second = (other, claim.method) if kind == "worse" else (claim.method, other)
            kind = "better" if kind == "worse" else kind   # 'A worse than B' is 'B better than A'
            key = (kind, first, second, problem, claim.statistic, claim.interval, claim.at)
            if key not in shared:
                within = claim.statistic in STRATIFIED_STATISTICS   # timing: runs of one commit only
                a = _values(results, first, problem, claim.statistic, paired, second, claim.at, within)
                b = _values(results, second, problem, claim.statistic, paired, first, claim.at, within)
                shared[key] = len(flat)
                flat_data[len(flat)] = (a, b)
                strata = len(_shared_commits(results, first, second, problem, paired)) if within else 0
                flat.append(Comparison(claim.key, kind, first, second, problem, paired, claim.interval,
                                       strata=strata))
            indices.append(shared[key])
        decisions.append((claim, [flat[i] for i in indices]))
    return flat, flat_data, flat_strata, decisions


def decide_item(
    spec,
    claims: list[Claim],
    results: dict,
    mode: str = "full",
    *,
    looks=None,
    alpha: float = ALPHA,
    spending: str = "pocock",
    rng=0,
    forecast_draws: int = 0,
) -> ItemDecision:
    """Decide ``claims`` (all of one item) from ``results`` ((method, problem, repeat) -> run record, the
    runs of ``spec`` in ``mode``). Quick mode gets no verdict ("smoke run"). A reading not decided is
    *pending*, *undecided* or *underpowered* (the module docstring, step 7); with ``forecast_draws`` > 0 the
    forecast of :mod:`regretlab.decisions.forecast` is made with that many draws and attached to every
    reading (0: no forecast; *underpowered* then only where no look is left)."""
    check_one_engine(results)
    paper_runs = spec.modes["full"].repeats
    looks = tuple(plan_looks(paper_runs) if looks is None else looks)
    paired = spec.paired
    # runs per (method, problem), every one the spec runs in ``mode`` listed: a method with no run yet shows
    # 0 (Li2016 Table 5's three δ = 0.05 columns read as "10 runs per method" while they had none)
    runs: dict[str, int] = {f"{m} @ {p}": 0 for p in spec.problems_of(mode) for m in spec.methods}
    for method, problem, _repeat in results:
        runs[f"{method} @ {problem}"] = runs.get(f"{method} @ {problem}", 0) + 1
    seconds = sum(RunMeta.of(r).cost_seconds for r in results.values())
    commits = sorted({commit_of(r) for r in results.values()})
    flat, flat_data, flat_strata, decisions = _expand(claims, results, paired)
    if mode == "full":
        decide_comparisons(flat, flat_data, looks, alpha=alpha, spending=spending, rng=rng,
                           strata=flat_strata)
    taken = looks_taken(flat, looks, alpha, spending)[0] if flat else looks
    forecasts = {}
    # no forecast while a planned (method, problem) has no run at all: nothing to resample it from
    if mode == "full" and results and forecast_draws and min(runs.values(), default=0) > 0:
        def again(extended: dict) -> dict:
            return _decide_readings(claims, extended, paired, looks, alpha, spending)

        forecasts = forecast_item(again, results, looks=looks, key=spec.key, draws=forecast_draws,
                                  next_look=_next_look(flat, flat_data, taken))
    # runs at hand per comparison, by identity: one pass, shared by every reading's word
    at_hand = {id(c): _runs_at_hand(i, flat_data) for i, c in enumerate(flat)}
    claim_decisions = [
        ClaimDecision(claim, NOT_TESTABLE if claim.untestable else
                      _status(claim_decision(claim, comps), comps, at_hand, looks[-1],
                              forecasts.get(claim.key)) if mode == "full" else "smoke run", comps,
                      forecasts.get(claim.key))
        for claim, comps in decisions
    ]
    by_claim: dict[str, list[str]] = {}
    for c in claim_decisions:
        by_claim.setdefault(c.claim.claim_key, []).append(c.decision)
    verdict = (item_verdict([reading_verdict(d) for d in by_claim.values()]) if mode == "full"
               else "no verdict (smoke run)")
    if mode == "full" and not results:
        verdict = NOT_RUN
    return ItemDecision(
        spec.key, mode, verdict, looks, claim_decisions, runs, seconds / 3600.0, commits, alpha, spending,
        tuple(taken), commit_check(results, claims, alpha) if mode == "full" else None,
        repeat_check(results), claim_forecasts={key: f for key, f in forecasts.items() if key in by_claim},
        run_keys=tuple(sorted(str(RunMeta.of(r).run_key) for r in results.values())),
    )


def _decide_readings(claims, results: dict, paired: bool, looks, alpha: float, spending: str) -> dict:
    """Every reading's decision and every paper's claim's decision over its readings on ``results``: steps
    1-5 of the module docstring only (no effects, runs needed or words), as the forecast needs them."""
    flat, data, strata, decisions = _expand(claims, results, paired)
    decide_comparisons(flat, data, looks, alpha=alpha, spending=spending, describe=False, strata=strata)
    out, by_claim = {}, {}
    for claim, comps in decisions:
        if claim.untestable:
            continue
        out[claim.key] = claim_decision(claim, comps)
        by_claim.setdefault(claim.claim_key, []).append(out[claim.key])
    out.update({key: reading_verdict(states) for key, states in by_claim.items()})
    return out


def _runs_at_hand(comparison_index: int, data: dict) -> int:
    return min(x.size for x in data[comparison_index])


def _next_look(flat: list, data: dict, taken) -> int | None:
    """The next planned look of an item: the smallest taken look that an undecided comparison has not
    reached with its runs at hand (None: every undecided comparison is at the paper's run count)."""
    wanted = [look for i, c in enumerate(flat) if c.decision == "undecided"
              for look in taken if look > _runs_at_hand(i, data)]
    return min(wanted, default=None)


def _status(decision: str, comparisons: list, at_hand: dict, final: int, forecast) -> str:
    """A reading's word (step 7 of the module docstring): its decision when decided, else *pending* (a
    comparison tested at no look), *underpowered* (no look left for any undecided comparison, or a forecast
    chance of a decision by the paper's run count under FUTILITY), else *undecided*."""
    if decision != "undecided":
        return decision
    if any(math.isnan(c.level) for c in comparisons):
        return PENDING
    open_ = [c for c in comparisons if c.decision == "undecided"]
    if all(at_hand[id(c)] >= final for c in open_):
        return UNDERPOWERED
    if forecast is not None and forecast.by_final < FUTILITY:
        return UNDERPOWERED
    return "undecided"


def _repeats(results: dict, method: str, problem: str, partner: str | None = None,
             same_commit: bool = False) -> list:
    """The method's repeats on ``problem`` in repeat order; with ``partner``: only those it also has (and,
    ``same_commit``, whose two runs were made at one commit)."""
    repeats = sorted(r for (m, p, r) in results if m == method and p == problem)
    if partner is not None:
        partners = {r for (m, p, r) in results if m == partner and p == problem}
        repeats = [r for r in repeats if r in partners]
        if same_commit:
            repeats = [r for r in repeats if commit_of(results[(method, problem, r)])
                       == commit_of(results[(partner, problem, r)])]
    return repeats


def _shared_commits(results: dict, method: str, other: str, problem: str, paired: bool) -> set:
    """The commits a two-method timing comparison reads: of the pairs made at one commit (paired), or
    those at which both methods have runs (unpaired)."""
    if paired:
        return {commit_of(results[(method, problem, r)])
                for r in _repeats(results, method, problem, other, same_commit=True)}
    return set(_commits(results, method, problem)) & set(_commits(results, other, problem))


def _commits(results: dict, method: str, problem: str) -> np.ndarray:
    """The commit of each of the method's runs on ``problem``, in repeat order (as :func:`_values`)."""
    return np.array([commit_of(results[(method, problem, r)]) for r in _repeats(results, method, problem)],
                    dtype=object)


def _values(
    results: dict, method: str, problem: str, statistic: str, paired: bool, partner: str,
    at: int | None = None, within_commits: bool = False,
) -> np.ndarray:
    """The method's values on ``problem`` in repeat order; paired: only repeats the partner also has.
    ``within_commits`` (a timing statistic): paired, only pairs whose two runs were made at one commit;
    unpaired, only runs of the commits at which the partner has runs too (a speed-up between commits is
    not a difference between methods). Unpaired, the commits' shares may still differ between the arms:
    no registered two-method timing claim is unpaired (Ha2019's are paired by the initial box)."""
    repeats = _repeats(results, method, problem, partner if paired else None, same_commit=within_commits)
    if within_commits and not paired:
        shared = set(_commits(results, partner, problem))
        repeats = [r for r in repeats if commit_of(results[(method, problem, r)]) in shared]
    return np.array([run_value(results[(method, problem, r)], statistic, at) for r in repeats], dtype=float)
