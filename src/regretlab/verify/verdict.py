r"""Verdicts from evidence: the outcome of one claim in one reading, and the statistics behind it.

A probabilistic claim of the papers has the form "the event :math:`E` holds with probability at least
:math:`1-\delta`". Each trial (one GP sample path, one run of an algorithm, one random draw) either shows
a *violation* of :math:`E` or not; with :math:`k` violations out of :math:`N` independent trials the
Clopper–Pearson interval :math:`[p_-, p_+]` at level 99 % brackets the violation rate :math:`p`, and

* **violated** when :math:`p_- > \delta` (the rate exceeds δ at the 99 % level),
* **holds** when :math:`p_+ \le \delta` (the rate is at most δ at the 99 % level),
* **inconclusive** otherwise (too few trials to tell; a thorough profile runs more).

A claim that is certain given its inputs ("every x outside the balls satisfies …") is checked by searching
for a counterexample: **violated** with the counterexample (its trial seed and the command that replays it),
**holds** when none was found among the stated number of checks.

Where the evidence is approximate — a sample path's maximum known only between a value and an upper bound, a
γ_T known only between a greedy lower bound and the greedy bound divided by 1 − 1/e — a trial counts as a
violation only if it is one under every approximation in the claim's favour; a trial that would be a
violation under the least favourable approximation counts as *possible*, and a verdict of *holds* needs the
possible violations to pass the same test.

The slack of a bound is **bound / empirical** (> 1: the bound holds with room; < 1: it is exceeded), reported
at the worst trial and at the median.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
from scipy.stats import binomtest

from regretlab._rng import stream
from regretlab._validate import check_integer, check_probability, check_real

__all__ = ["Verdict", "OUTCOMES", "LEVEL", "clopper_pearson", "rate_verdict", "counterexample_verdict",
           "slack", "power_audit", "control_audit", "CONTROL_FACTOR", "Tally", "SENSITIVITY_LADDER",
           "WEAK_ABOVE", "OPEN_MAJORITY", "trial_ratios", "ladder_violations", "sensitivity_audit",
           "sensitivity_interval", "regret_rate_verdict", "bite_summary", "beyond_text", "horizon_span"]

#: The outcomes (and "error", for a check that raised): "vacuous" is a bound that could not have failed
#: (above what any query rule can reach on every trial), so its "holds" says nothing; "certain" is a check
#: true by construction that found no counterexample (the claim's ``by_construction`` reason): it tests the
#: implementation, not the paper, and is never counted as "holds".
OUTCOMES = ("holds", "violated", "inconclusive", "vacuous", "certain")
#: The negative control of a bound check divides the bound by this factor (fixed before looking at the
#: data; a claim may state its own control, e.g. Prop. 5.1's trigger with β_t / 1000): a check whose control
#: is not caught has no power, and its "holds" is downgraded to "inconclusive"; one whose trials catch no
#: bound :data:`WEAK_ABOVE` times too small is "holds (weak)".
CONTROL_FACTOR = 10.0
#: The factors by which a bound, a band's width or a trigger's β is made too small to measure a check's
#: sensitivity (fixed before looking at any data; issue 61): the smallest factor whose wrong version the
#: check's own rule calls *violated* on the same trials is "would have caught a bound k× too small". The
#: last rung is the negative control's :data:`CONTROL_FACTOR`.
SENSITIVITY_LADDER = (1.25, 1.5, 2.0, 3.0, 5.0, 10.0)
#: A *holds* whose sensitivity is above this factor (or beyond the ladder) is shown as *weak*: the check
#: would pass a bound three times smaller than the paper's (not from a paper; the ceiling issue 61 names).
WEAK_ABOVE = 3.0
#: A *holds* needs the bound to bite (be below what a query rule could reach at some checked T) on at least
#: this fraction of its trials; on fewer, most trials could not have failed, and the *holds* is shown as
#: *weak* (issue 79: "a stated majority of non-vacuous trials"; not from a paper: a simple majority).
OPEN_MAJORITY = 0.5
#: The interval of k: this central fraction of a bootstrap over the verdict's trials, with this many
#: resamples, from a fixed stream (a description of the data, fixed before looking at any; issue 79).
K_INTERVAL = 0.90
K_RESAMPLES = 2000
#: Confidence level of every Clopper–Pearson interval.
LEVEL = 0.99


def clopper_pearson(k: int, n: int, level: float = LEVEL) -> tuple[float, float]:
    """The exact (Clopper–Pearson) two-sided interval for a binomial rate: ``k`` successes in ``n`` trials.

    Uses :meth:`scipy.stats.binomtest(...).proportion_ci <scipy.stats.binomtest>` with ``method="exact"``.

    >>> lo, hi = clopper_pearson(0, 100)
    >>> lo, round(hi, 4)
    (0.0, 0.0516)
    """
    n = check_integer("n", n, low=1)
    k = check_integer("k", k, low=0, high=n)
    level = check_real("level", level, low=0.0, high=1.0, low_open=True, high_open=True)
    ci = binomtest(k, n).proportion_ci(confidence_level=level, method="exact")
    return float(ci.low), float(ci.high)


def trial_ratios(bound, empirical) -> np.ndarray:
    """Each trial's tightest ``bound / empirical`` (rows are trials, columns its times or points): the
    smallest factor by which the bound must be divided for the trial to violate it (``+inf`` on a trial
    whose empirical value is never positive, which no factor makes a violation).

    >>> trial_ratios([[4.0, 6.0], [10.0, 10.0]], [[2.0, 3.0], [0.0, 0.0]]).tolist()
    [2.0, inf]
    """
    bound = np.atleast_2d(np.asarray(bound, dtype=float))
    empirical = np.atleast_2d(np.asarray(empirical, dtype=float))
    bound = np.broadcast_to(bound, np.broadcast_shapes(bound.shape, empirical.shape))
    empirical = np.broadcast_to(empirical, bound.shape)
    ratios = np.where(empirical > 0, bound / np.where(empirical > 0, empirical, 1.0), np.inf)
    return ratios.reshape(ratios.shape[0], -1).min(axis=1)


def ladder_violations(ratios, ladder=SENSITIVITY_LADDER) -> dict[float, int]:
    """How many trials violate the event with its bound divided by each factor ``k`` of ``ladder``, from
    each trial's tightest ``bound / empirical`` (:func:`trial_ratios`): a trial violates at ``k`` exactly
    when its ratio is below ``k`` (empirical > bound / k).

    >>> ladder_violations([0.5, 1.4, 2.5, float("inf")], ladder=(1.25, 2.0, 3.0))
    {1.25: 1, 2.0: 2, 3.0: 3}
    """
    ratios = np.asarray(ratios, dtype=float).ravel()
    if np.isnan(ratios).any():
        raise ValueError(f"ratios must be numbers or +inf; got NaN at {np.flatnonzero(np.isnan(ratios))[:5]}")
    return {float(k): int((ratios < k).sum()) for k in ladder}


def sensitivity_audit(verdict: Verdict) -> Verdict:
    """The smallest factor of :data:`SENSITIVITY_LADDER` by which the check would have caught a wrong bound;
    changes ``verdict`` in place and returns it.

    ``verdict.ladder`` maps each factor ``k`` to the trials (or checks) that violate the event with the
    bound, band or β made ``k`` times too small, counted on the verdict's own trials; each count is judged
    by the verdict's own rule (the Clopper–Pearson rate rule at δ, or "any counterexample" for a claim
    without δ). Recorded in ``verdict.power`` as ``sensitivity_k`` (None when no rung is caught) and
    ``weak`` (a *holds* whose k is above :data:`WEAK_ABOVE` or None, or whose bound bites on fewer than
    :data:`OPEN_MAJORITY` of the trials, ``power["open_fraction"]`` of the power audit), with
    ``weak_because`` (the reasons) and ``sensitivity_interval`` (:func:`sensitivity_interval`), and appended
    to the statistic. A
    verdict without a ladder (an error, or a check that measures none), or one audited already (a check
    that returns :func:`regretlab.verify.check_bound`'s verdict, which the engine audits again), is left
    unchanged.

    >>> v = rate_verdict("X", "-", violations=0, trials=100, delta=0.1)
    >>> v.ladder = {1.25: 2, 1.5: 9, 2.0: 40, 3.0: 90}
    >>> sensitivity_audit(v).power["sensitivity_k"], v.power["weak"]
    (2.0, False)
    """
    if verdict.outcome == "error" or not verdict.ladder or "sensitivity_k" in verdict.power:
        return verdict
    caught = None
    for k, count in sorted(verdict.ladder.items()):
        count = check_integer("ladder count", count, low=0, high=verdict.trials)
        if verdict.delta is not None:
            outcome = _rate_outcome(count, verdict.trials, verdict.delta, verdict.level)[0]
        else:
            outcome = "violated" if count else "holds"
        if outcome == "violated":
            caught = float(k)
            break
    open_fraction = verdict.power.get("open_fraction", 1.0)
    reasons = []
    if verdict.outcome == "holds" and (caught is None or caught > WEAK_ABOVE):
        reasons.append(f"above {WEAK_ABOVE:g}x")
    if verdict.outcome == "holds" and open_fraction < OPEN_MAJORITY:
        reasons.append(f"the bound bites on {open_fraction:.0%} of the trials, below {OPEN_MAJORITY:.0%}")
    top = max(verdict.ladder)
    counts = {f"{k:g}": int(n) for k, n in sorted(verdict.ladder.items())}
    interval = sensitivity_interval(verdict.ladder, verdict.trials, verdict.delta, verdict.level,
                                    label=(verdict.claim, verdict.reading))
    verdict.power.update({"sensitivity_k": caught, "weak": bool(reasons), "weak_because": reasons,
                          "sensitivity_ladder": counts, "sensitivity_interval": interval})
    if caught is None:
        verdict.statistic += f"; sensitivity: catches no bound up to {top:g}x too small"
    else:
        verdict.statistic += f"; sensitivity: would catch a bound {caught:g}x too small"
    if interval is not None:
        verdict.statistic += f" ({K_INTERVAL:.0%} bootstrap interval of k: {k_interval_text(interval, top)})"
    if reasons:
        verdict.statistic += f" (weak: {'; '.join(reasons)})"
    return verdict


def sensitivity_interval(ladder: dict, trials: int, delta: float | None, level: float = LEVEL, *,
                         label=(), resamples: int = K_RESAMPLES,
                         coverage: float = K_INTERVAL) -> list[float | None] | None:
    """The bootstrap interval of the sensitivity k over the verdict's trials: ``[low, high]`` rungs of the
    ladder (None for "beyond the ladder"), or None when the counts are not nested.

    k is a function of the trials through the ladder alone: when a trial that breaks the bound made ``k``
    times too small also breaks it made ``k' > k`` times too small (the counts never fall along the ladder),
    each trial has one category, the first rung it breaks (or none), and resampling the trials with
    replacement is a multinomial draw over those categories. Each resample's k is judged by the verdict's
    own rule (the rate rule at ``delta`` and ``level``, or "any counterexample" without δ); the interval is
    the central ``coverage`` of the resampled k. The draws come from the fixed stream
    ``stream(0, "sensitivity-interval", *label)``: the same interval on every run and machine.

    >>> sensitivity_interval({1.25: 2, 1.5: 9, 2.0: 40, 3.0: 90}, 100, 0.1)
    [2.0, 2.0]
    >>> sensitivity_interval({1.25: 0, 2.0: 1, 3.0: 1}, 40, None)
    [2.0, None]
    """
    trials = check_integer("trials", trials, low=1)
    if delta is not None:
        delta = check_probability("delta", delta)
    level = check_probability("level", level)
    coverage = check_probability("coverage", coverage)
    resamples = check_integer("resamples", resamples, low=1)
    if not isinstance(ladder, dict):
        raise ValueError(f"ladder={ladder!r} is not a dict of rung -> violation count")
    rungs = sorted(float(check_real("ladder rung", k, low=1.0, low_open=True)) for k in ladder)
    counts = np.array([ladder[k] for k in sorted(ladder)], dtype=np.int64)
    if not rungs or np.any(np.diff(counts) < 0) or counts[-1] > trials or counts[0] < 0:
        return None
    # the smallest count the verdict's rule calls violated (the rule is monotone in the count)
    if delta is None:
        threshold = 1
    else:
        low, high = 0, trials + 1   # invariant: count high is violated (trials + 1: never), low is not
        while high - low > 1:
            mid = (low + high) // 2
            violated = _rate_outcome(mid, trials, delta, level)[0] == "violated"
            low, high = (low, mid) if violated else (mid, high)
        threshold = high
    shares = np.diff(np.concatenate([[0], counts, [trials]])) / trials   # first rung broken; last: none
    rng = np.random.default_rng(stream(0, "sensitivity-interval", *map(str, label)))
    drawn = rng.multinomial(trials, shares, size=resamples)[:, :-1].cumsum(axis=1)
    caught = drawn >= threshold
    first = np.where(caught.any(axis=1), np.argmax(caught, axis=1), len(rungs))   # len(rungs): beyond
    tail = (1.0 - coverage) / 2.0
    ends = (np.quantile(first, tail, method="lower"), np.quantile(first, 1.0 - tail, method="higher"))
    return [rungs[int(i)] if i < len(rungs) else None for i in ends]


def k_interval_text(interval, top: float) -> str:
    """``[low, high]`` of :func:`sensitivity_interval` in words: "2–3", "2" (one rung), "2–>10".

    >>> k_interval_text([2.0, None], 10.0), k_interval_text([1.5, 1.5], 10.0)
    ('2–>10', '1.5')
    """
    low, high = (f">{top:g}" if x is None else f"{x:g}" for x in interval)
    return low if low == high else f"{low}–{high}"


def slack(bound, empirical) -> tuple[float, float]:
    """(worst, median) of ``bound / empirical`` over trials; trials with empirical <= 0 are left out.

    Each entry may be an array over time: a trial's slack is its smallest ratio (its tightest moment).
    NaN when no trial has a positive empirical value.

    >>> slack([[4.0, 6.0], [10.0, 10.0]], [[2.0, 3.0], [1.0, 2.0]])
    (2.0, 3.5)
    """
    bound = np.atleast_2d(np.asarray(bound, dtype=float))
    empirical = np.atleast_2d(np.asarray(empirical, dtype=float))
    ratios = np.where(empirical > 0, bound / np.where(empirical > 0, empirical, 1.0), np.inf)
    per_trial = ratios.min(axis=1)
    per_trial = per_trial[np.isfinite(per_trial)]
    if per_trial.size == 0:
        return math.nan, math.nan
    return float(per_trial.min()), float(np.median(per_trial))


@dataclass
class Verdict:
    """The outcome of one claim in one reading, with the numbers that support it.

    Attributes
    ----------
    claim, reading : str
        Which claim (catalogue id) and which printed reading ("-" when the claim has one).
    outcome : {"holds", "violated", "inconclusive", "error"}
    statistic : str
        One line: "k/N violations, 99 % CI [lo, hi] vs δ = …", or the counterexample count.
    violations, trials : int
        k and N (for a counterexample search: counterexamples and checks).
    delta : float or None
        The claim's δ (None for a claim without a probability).
    interval : (float, float) or None
        The Clopper–Pearson interval of the violation rate.
    possible : int
        Trials that are violations under the least favourable approximation (see the module docstring).
    slack_worst, slack_median : float
        bound / empirical at the worst trial and at the median (NaN where not meaningful).
    counterexample : dict or None
        The first violating trial: its seed, the values that violate, and ``replay``, the command.
    setting : dict
        Sizes, seeds, the objects the evidence came from and how the constants were obtained.
    seconds : float
        Wall time of the check.
    series : dict
        Per-trial data for figures (e.g. R_T and the bound over T), omitted from the text report.
    power : dict
        The power audit of a bound check (:func:`power_audit`): whether the bound is vacuous and whether
        the negative control was caught; its sensitivity (:func:`sensitivity_audit`).
    level : float
        The confidence level of ``interval`` (a claim testing several levels passes a corrected one).
    ladder : dict
        Trials violating the event with the bound made ``k`` times too small, per factor ``k`` of
        :data:`SENSITIVITY_LADDER` (:func:`ladder_violations`; empty when the check measures none).
    """

    claim: str
    reading: str
    outcome: str
    statistic: str
    violations: int = 0
    trials: int = 0
    delta: float | None = None
    interval: tuple[float, float] | None = None
    possible: int = 0
    slack_worst: float = math.nan
    slack_median: float = math.nan
    counterexample: dict[str, Any] | None = None
    setting: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    series: dict[str, Any] = field(default_factory=dict)
    power: dict[str, Any] = field(default_factory=dict)
    ladder: dict[float, int] = field(default_factory=dict)
    level: float = LEVEL

    @property
    def weak(self) -> bool:
        """A *holds* whose sensitivity is above :data:`WEAK_ABOVE`, or whose bound bites on fewer than
        :data:`OPEN_MAJORITY` of its trials (see :func:`sensitivity_audit`)."""
        return bool(self.power.get("weak", False))

    def as_dict(self, series: bool = False) -> dict[str, Any]:
        """A JSON-ready dict (NaN as None); ``series`` included only when asked."""
        out = asdict(self)
        out.pop("ladder")   # its counts are in power["sensitivity_ladder"]
        if not series:
            out.pop("series")
        return _jsonable(out)


def _jsonable(value):
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.ndarray):
        return _jsonable(value.tolist())
    if isinstance(value, (np.floating, float)):
        value = float(value)
        return value if math.isfinite(value) else None
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.bool_):
        return bool(value)
    return value


class Tally:
    """Trials, the trials that violated a claim's event, and the first counterexample — what every claim
    check counts before it asks for a verdict (:func:`rate_verdict`, :func:`counterexample_verdict`).

    :meth:`record` returns True exactly for the first violation, so the caller builds the counterexample
    (which can cost a replay) once:

    >>> tally = Tally()
    >>> for value in (0.5, 2.0, 3.0):
    ...     if tally.record(value > 1.0):
    ...         tally.counterexample = {"value": value}
    >>> tally.trials, tally.violations, tally.counterexample
    (3, 2, {'value': 2.0})
    """

    def __init__(self) -> None:
        self.trials = 0
        self.violations = 0
        self.counterexample: dict | None = None

    def record(self, violated) -> bool:
        """Count one trial; True when it is the first violation (describe it in ``counterexample``)."""
        return self.record_each([bool(violated)])

    def record_each(self, violated) -> bool:
        """Count every element of the boolean array ``violated`` as a trial (a batch of checks); True when
        the batch holds the first violation."""
        mask = np.asarray(violated, dtype=bool).ravel()
        count = int(mask.sum())
        first = count > 0 and self.violations == 0
        self.trials += mask.size
        self.violations += count
        return first


def _rate_outcome(k: int, n: int, delta: float, level: float = LEVEL) -> tuple[str, tuple[float, float]]:
    lo, hi = clopper_pearson(k, n, level)
    if lo > delta:
        return "violated", (lo, hi)
    if hi <= delta:
        return "holds", (lo, hi)
    return "inconclusive", (lo, hi)


def rate_verdict(claim: str, reading: str, *, violations: int, trials: int, delta: float,
                 possible: int | None = None, level: float = LEVEL, **extra) -> Verdict:
    """The verdict on "violation rate <= δ" from ``violations`` out of ``trials`` (module docstring).

    ``possible`` (>= violations) counts the trials that are violations under the least favourable
    approximation; *holds* needs it to pass too, otherwise the outcome is *inconclusive*. ``level`` is the
    Clopper–Pearson interval's confidence (default :data:`LEVEL`; a caller testing several levels of one
    claim passes a Bonferroni-corrected one).

    >>> rate_verdict("X", "-", violations=0, trials=200, delta=0.1).outcome
    'holds'
    >>> rate_verdict("X", "-", violations=60, trials=200, delta=0.1).outcome
    'violated'
    """
    trials = check_integer("trials", trials, low=1)
    violations = check_integer("violations", violations, low=0, high=trials)
    delta = check_probability("delta", delta)
    possible = violations if possible is None else check_integer("possible", possible, low=violations,
                                                                   high=trials)
    outcome, interval = _rate_outcome(violations, trials, delta, level)
    if (outcome == "holds" and possible > violations
            and _rate_outcome(possible, trials, delta, level)[0] != "holds"):
        outcome = "inconclusive"
    statistic = (f"{violations}/{trials} violations, {100 * level:.3g} % CI [{interval[0]:.3g}, "
                 f"{interval[1]:.3g}] vs δ = {delta:g}")
    if possible > violations:
        statistic += f" ({possible} possible under the least favourable approximation)"
    return Verdict(claim, reading, outcome, statistic, violations=violations, trials=trials, delta=delta,
                   interval=interval, possible=possible, level=level, **extra)


def regret_rate_verdict(claim: str, reading: str, regret, bound, ceiling, *, delta: float, replay: str,
                        setting: dict) -> Verdict:
    """The rate verdict of "R_T <= bound for every T" over paths: ``regret`` = (lower, upper) cumulative
    regrets (trials × T; equal when f* is exact), ``bound`` = (strict, lenient) per T (e.g. with γ_T's lower
    and upper bracket). A *definite* violation is the lower regret above the lenient bound at some T, a
    *possible* one the upper regret above the strict bound; ``ceiling`` (T (f* - min f), what any query rule
    could reach) goes into ``series`` for :func:`power_audit`; ``replay`` (a command or call) is attached
    to the first counterexample. Shared by the registered claims and :func:`regretlab.verify.check_bound`."""
    (regret_low, regret_high), (strict, lenient) = regret, bound
    definite = (regret_low > lenient).any(axis=1)
    possible = (regret_high > strict).any(axis=1)
    worst, median = slack(np.broadcast_to(lenient, regret_low.shape), regret_low)
    first = None
    if definite.any():
        i = int(np.argmax(definite))
        t = int(np.argmax(regret_low[i] > lenient))
        first = {"path": i, "T": t + 1, "R_T": float(regret_low[i, t]), "bound": float(lenient[t]),
                 "replay": replay}
    return rate_verdict(
        claim, reading, violations=int(definite.sum()), trials=regret_low.shape[0], delta=delta,
        possible=int(possible.sum()), slack_worst=worst, slack_median=median, counterexample=first,
        setting=setting,
        series={"T": np.arange(1, regret_low.shape[1] + 1), "empirical": regret_low, "bound": lenient,
                "bound_low": strict, "ceiling": ceiling, "ylabel": "cumulative regret R_T"},
    )


def counterexample_verdict(claim: str, reading: str, *, counterexamples: int, checks: int,
                           counterexample: dict | None = None, **extra) -> Verdict:
    """The verdict on a claim that is certain given its inputs: violated iff a counterexample was found.

    Zero checks are no evidence: the outcome is "inconclusive", never "holds".

    >>> counterexample_verdict("X", "-", counterexamples=0, checks=500).statistic
    'no counterexample in 500 checks'
    >>> counterexample_verdict("X", "-", counterexamples=0, checks=0).outcome
    'inconclusive'
    """
    checks = check_integer("checks", checks, low=0)
    if checks == 0:
        return Verdict(claim, reading, "inconclusive", "no checks made (no evidence either way)",
                       counterexample=counterexample, **extra)
    counterexamples = check_integer("counterexamples", counterexamples, low=0, high=checks)
    if counterexamples:
        statistic = f"{counterexamples} counterexamples in {checks} checks"
        outcome = "violated"
    else:
        statistic, outcome = f"no counterexample in {checks} checks", "holds"
    return Verdict(claim, reading, outcome, statistic, violations=counterexamples, trials=checks,
                   counterexample=counterexample, **extra)


def power_audit(verdict: Verdict, factor: float = CONTROL_FACTOR) -> Verdict:
    r"""Whether a bound check could have failed; changes ``verdict`` in place and returns it.

    Applies to checks whose ``series`` hold ``empirical`` (trials × T), ``bound`` (broadcastable) and
    ``ceiling`` (trials × T, or T): the largest value any query rule could reach, e.g.
    :math:`T\,(f^*-\min f)` for a cumulative regret, or an upper estimate of it.

    * **Vacuity.** On a trial where the bound is at or above the ceiling at every T, no run of any algorithm
      could violate it. When even the other trials, all violated, would not make the verdict *violated*,
      the check could not have failed: the outcome becomes ``"vacuous"`` (never "holds").
    * **Negative control.** The same event with the bound divided by ``factor`` (a deliberately wrong
      bound) is counted on the same trials with the same rule (:func:`rate_verdict`); a check whose
      control does not come out *violated* has no power, and a "holds" becomes "inconclusive".

    The audit is recorded in ``verdict.power`` and appended to the statistic, once: a verdict audited already
    (:func:`regretlab.verify.check_bound`'s, returned by a claim's check) is left as it is.
    """
    series = verdict.series
    if verdict.outcome == "error" or not {"empirical", "bound", "ceiling"} <= set(series):
        return verdict
    if "control_factor" in verdict.power:
        return verdict
    empirical = np.atleast_2d(np.asarray(series["empirical"], dtype=float))
    bound = np.broadcast_to(np.asarray(series["bound"], dtype=float), empirical.shape)
    ceiling = np.broadcast_to(np.asarray(series["ceiling"], dtype=float), empirical.shape)
    vacuous_trials = np.all(bound >= ceiling, axis=1)
    if not verdict.ladder:
        verdict.ladder = ladder_violations(trial_ratios(bound, empirical))
    control_violations = int(np.any(empirical > bound / factor, axis=1).sum())
    delta = verdict.delta if verdict.delta is not None else 0.0
    if verdict.delta is not None:   # judged at the verdict's own level (a Bonferroni one where it has one)
        control = _rate_outcome(control_violations, empirical.shape[0], verdict.delta, verdict.level)[0]
    else:
        control = "violated" if control_violations else "holds"
    smallest = float(np.min(bound / np.where(ceiling > 0, ceiling, np.inf)))
    verdict.power = {"vacuous_trials": int(vacuous_trials.sum()), "trials": int(empirical.shape[0]),
                     "smallest_bound_over_ceiling": smallest, "control_factor": factor,
                     "control_violations": control_violations, "control_outcome": control,
                     "control_caught": control == "violated", "delta": delta,
                     **_horizon(bound, ceiling, series.get("T"))}
    if "beyond" in series:
        verdict.power["beyond"] = bite_summary(series["beyond"], delta=delta, level=verdict.level)
    if np.all(np.isinf(ceiling)):   # a deviation with no ceiling (a confidence event): open on every trial
        reach = "no ceiling (the event can fail on every trial)"
    else:
        reach = (f"bound/ceiling >= {smallest:.3g} (vacuous on {int(vacuous_trials.sum())}/"
                 f"{empirical.shape[0]} trials{_horizon_text(verdict.power)})")
    note = (f"; power: {reach}, control bound/{factor:g} {control} "
            f"({control_violations}/{empirical.shape[0]})" + beyond_text(verdict.power.get("beyond")))
    verdict.statistic += note
    open_trials = int((~vacuous_trials).sum())   # the only trials on which a violation is possible
    if verdict.delta is not None:
        could_fail = _rate_outcome(open_trials, empirical.shape[0], verdict.delta, verdict.level)[0] \
            == "violated"
    else:
        could_fail = open_trials > 0
    verdict.power["could_fail"] = could_fail
    verdict.power["open_fraction"] = open_trials / empirical.shape[0]
    if not could_fail and verdict.outcome == "holds":
        verdict.outcome = "vacuous"
    elif verdict.outcome == "holds" and control != "violated":
        verdict.outcome = "inconclusive"
    return verdict


def _horizon(bound: np.ndarray, ceiling: np.ndarray, horizons) -> dict:
    """Where the bound starts to bite, within the checked horizons: per trial, the first T at which the bound
    is below the ceiling (what a query rule could reach); their median over the trials that open, and how
    many never open up to the last T checked ("vacuous at every checked T"). ``horizons``: the T of each
    column (default 1, 2, ...)."""
    T = np.arange(1, bound.shape[1] + 1) if horizons is None else np.asarray(horizons, dtype=float).ravel()
    if T.shape[0] != bound.shape[1] or np.all(np.isinf(ceiling)):
        return {}
    first = first_open(bound, ceiling, T)
    first = first[np.isfinite(first)]
    return {"open_from_T_median": float(np.median(first)) if first.size else None,
            "never_open_trials": int(bound.shape[0] - first.size), "checked_T": float(T[-1])}


def bite_summary(beyond: dict, *, delta: float, level: float = LEVEL) -> dict:
    r"""Where a bound starts to bite over a long range of T (issue 79), from ``beyond``: ``"T"`` (sorted
    horizons, e.g. :func:`regretlab.verify.evidence.horizon_grid`), ``"ceiling"`` (trials × T: what any
    query rule could reach) and one bound per end of the constants' brackets (``"low"``: the smaller bound,
    e.g. with γ_T's lower end, which bites first; ``"high"``), each trials × T or T; ``"note"`` (optional:
    what was held fixed beyond the checked T).

    Per end: the median over the trials of the first T at which the bound is below the ceiling (a trial on
    which it never is counts as infinitely late; None when that is the median), how many trials it never
    bites on by the last T, and the T from which the
    check could first come out *violated*: the T by which enough trials are open for a violation rate
    significant against δ at ``level`` (the same rule as the verdict; None: never within the range).

    Four trials of ranges 1, 2, 4, 8 (ceiling T × range); the bound 15 bites on them from T = 100, 10, 10,
    10, the bound 150 from T = 100 on the last three only; at δ = 0.2 and level 0.9 the rule needs 3 of 4
    violations:

    >>> T = np.array([1, 10, 100])
    >>> out = bite_summary({"T": T, "ceiling": np.outer([1.0, 2.0, 4.0, 8.0], T), "low": np.full(3, 15.0),
    ...                     "high": np.full(3, 150.0)}, delta=0.2, level=0.9)
    >>> out["bites_median"], out["never"], out["could_fail_T"]
    ([10.0, 100.0], [0, 1], [10.0, 100.0])
    """
    missing = [key for key in ("T", "ceiling", "low", "high") if key not in beyond]
    if missing:
        raise ValueError(f"beyond has no {', '.join(map(repr, missing))}; it needs 'T', 'ceiling', 'low' and "
                         "'high'")
    if delta is not None:
        delta = check_probability("delta", delta)
    level = check_probability("level", level)
    T = np.atleast_1d(check_real("beyond['T']", beyond["T"], low=0.0, low_open=True)).ravel()
    if np.any(np.diff(T) <= 0):
        raise ValueError("beyond['T'] is not strictly ascending; the horizons must be sorted")
    ceiling = np.atleast_2d(np.asarray(beyond["ceiling"], dtype=float))
    if ceiling.shape[-1] != T.size:
        raise ValueError(f"beyond['ceiling'] has shape {ceiling.shape}; expected (trials, {T.size}), one "
                         "column per horizon")
    trials = ceiling.shape[0]
    need = next((k for k in range(1, trials + 1) if _rate_outcome(k, trials, delta, level)[0] == "violated"),
                None) if delta else 1
    out = {"searched_to": float(T[-1]), "bites_median": [], "never": [], "could_fail_T": []}
    for end in ("low", "high"):
        bound = np.broadcast_to(np.asarray(beyond[end], dtype=float), ceiling.shape)
        first = np.sort(np.nan_to_num(first_open(bound, ceiling, T), nan=np.inf))
        median = float(np.median(first))   # over every trial: one it never bites on counts as T = inf
        first = first[np.isfinite(first)]
        out["bites_median"].append(median if np.isfinite(median) else None)
        out["never"].append(int(trials - first.size))
        enough = need is not None and first.size >= need
        out["could_fail_T"].append(float(first[need - 1]) if enough else None)
    if beyond.get("note"):
        out["note"] = str(beyond["note"])
    return out


def horizon_text(T: float) -> str:
    """A horizon for reading: the integer below 10**4, two significant digits above ("5.5e5").

    >>> horizon_text(2531.0), horizon_text(546123.0), horizon_text(1e6)
    ('2531', '5.5e5', '1e6')
    """
    if T < 1e4:
        return f"{T:.0f}"
    mantissa, exponent = f"{T:.2g}".split("e")
    return f"{mantissa}e{int(exponent)}"


def horizon_span(values) -> str:
    """A quantity at the two ends of a bracket, for reading: "2531" when they agree, "557-1188" when not,
    "never" for None.

    >>> horizon_span([557.0, 1188.0]), horizon_span([None, None]), horizon_span([0, 0])
    ('557-1188', 'never', '0')
    """
    shown = ["never" if v is None else horizon_text(v) for v in values]
    return shown[0] if shown[0] == shown[1] else f"{shown[0]}-{shown[1]}"


def beyond_text(beyond: dict | None) -> str:
    """:func:`bite_summary` in words for the statistic ("" when there is none)."""
    if not beyond:
        return ""

    note = f"; {beyond['note']}" if beyond.get("note") else ""
    searched = horizon_text(beyond["searched_to"])
    return (f"; beyond the checked T (to T = {searched}, the bracket's two ends): bites "
            f"from T = {horizon_span(beyond['bites_median'])} (median over all trials; never on "
            f"{horizon_span(beyond['never'])}), could first fail at T = "
            f"{horizon_span(beyond['could_fail_T'])}{note}")


def first_open(bound: np.ndarray, ceiling: np.ndarray, horizons: np.ndarray) -> np.ndarray:
    """Per trial (row), the first of ``horizons`` (one per column) at which ``bound`` is below ``ceiling``:
    where the bound starts to bite; NaN on a trial where it never does.

    >>> first_open(np.array([[5.0, 5.0, 5.0]]), np.array([[1.0, 4.0, 9.0], [1.0, 2.0, 3.0]]), [1, 2, 3])
    array([ 3., nan])
    """
    below = np.broadcast_to(bound, np.shape(ceiling)) < ceiling
    T = np.asarray(horizons, dtype=float)
    return np.where(below.any(axis=1), T[np.argmax(below, axis=1)], np.nan)


def _horizon_text(power: dict) -> str:
    if "checked_T" not in power:
        return ""
    if power["open_from_T_median"] is None:
        return f"; the bound bites at no T <= {power['checked_T']:g}"
    return (f"; the bound bites from T = {power['open_from_T_median']:g} (median over the trials it bites on"
            f" by T = {power['checked_T']:g}; never on {power['never_open_trials']})")


def control_audit(verdict: Verdict, *, control_violations: int, open_trials: int, control: str) -> Verdict:
    """:func:`power_audit` for a claim whose wrong version is not "the bound divided by 10": the caller
    counts the trials on which a deliberately wrong version of the event (``control``, in words: e.g. the
    trigger computed with β/1000) is violated, and the trials on which a violation was possible at all
    (``open_trials``; e.g. those on which the implication's premise ever held). Same rules: too few open
    trials make a "holds" *vacuous*; a control that does not come out *violated* makes it *inconclusive*.
    Changes ``verdict`` in place and returns it.
    """
    trials = verdict.trials
    control_violations = check_integer("control_violations", control_violations, low=0, high=trials)
    open_trials = check_integer("open_trials", open_trials, low=0, high=trials)
    delta = verdict.delta if verdict.delta is not None else 0.0
    if verdict.delta is not None:   # judged at the verdict's own level (a Bonferroni one where it has one)
        outcome = _rate_outcome(control_violations, trials, verdict.delta, verdict.level)[0]
        could_fail = _rate_outcome(open_trials, trials, verdict.delta, verdict.level)[0] == "violated"
    else:
        outcome = "violated" if control_violations else "holds"
        could_fail = open_trials > 0
    verdict.power = {"vacuous_trials": trials - open_trials, "trials": trials, "control": control,
                     "control_violations": control_violations, "control_outcome": outcome,
                     "control_caught": outcome == "violated", "delta": delta, "could_fail": could_fail,
                   "open_fraction": open_trials / trials}
    verdict.statistic += (f"; power: open on {open_trials}/{trials} trials, control ({control}) {outcome} "
                          f"({control_violations}/{trials})")
    if not could_fail and verdict.outcome == "holds":
        verdict.outcome = "vacuous"
    elif verdict.outcome == "holds" and outcome != "violated":
        verdict.outcome = "inconclusive"
    return verdict
