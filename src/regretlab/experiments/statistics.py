r"""A run's statistics, defined once: the per-iteration series a figure plots and the one number a claim is
decided on.

A **metric** is a per-iteration series of one run record (:data:`METRICS`, :func:`series`): the best value
found so far, the regret of the point sampled at t, the simple regret :math:`S_t=f^*-\max_{s\le t}f(x_s)`, the
average regret :math:`R_t/t`, their logarithms, or the seconds of each query. A **statistic** is a metric
reduced to one number (:data:`REDUCTIONS`: its last value, its mean, the mean of its last tenth, its mean
over the BO iterations), of the run's first ``at`` evaluations, oriented so that larger is better
(:data:`STATISTICS`, :func:`run_value`). The figures (:mod:`regretlab.experiments.aggregate`), the decision
procedure (:mod:`regretlab.decisions.decide`), the pre-registrations, the diagnoses and the bound-against-
runs figures all read runs through this module, so a statistic means one thing everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .run_meta import RunMeta

__all__ = ["REGRET_FLOOR", "METRICS", "REDUCTIONS", "Statistic", "STATISTICS", "series", "run_value"]

#: Regrets below this are taken at it on a log scale (a run that hits the optimum exactly).
REGRET_FLOOR = 1e-12


def _f(result: dict) -> np.ndarray:
    return np.asarray(result["f"], dtype=float)


def _optimum(result: dict) -> float:
    optimum = RunMeta.of(result).optimum_value
    if optimum is None:
        raise ValueError("a regret needs the run's optimum_value in its record's meta; this record has none")
    return optimum


def _log10(values: np.ndarray) -> np.ndarray:
    """log10 element by element with the C library's ``log10`` (``math.log10``): numpy's SIMD log10 (AVX-512
    on one CPU, another path on the next) may differ in the last bit, and a statistic that feeds a rank test
    must not (hand-written only to choose the implementation; the values are the same function)."""
    return np.array([math.log10(v) for v in values.tolist()], dtype=float)


#: name -> (what the series is, how it is computed from a record). Every regret needs the objective's
#: maximum (:attr:`~regretlab.experiments.run_meta.RunMeta.optimum_value`).
METRICS: dict[str, tuple[str, Callable[[dict], np.ndarray]]] = {
    "best_f": ("the best noiseless value found so far, max_{s<=t} f(x_s)",
               lambda r: np.fmax.accumulate(_f(r))),
    "regret": ("the regret of the point sampled at t, f* - f(x_t)",
               lambda r: _optimum(r) - _f(r)),
    "log10_regret": ("log10(f* - f(x_t)), floored at REGRET_FLOOR ([TranThe2020, §Experiments]'s metric)",
                     lambda r: _log10(np.maximum(_optimum(r) - _f(r), REGRET_FLOOR))),
    "simple_regret": ("the simple regret S_t = f* - max_{s<=t} f(x_s)",
                      lambda r: _optimum(r) - np.fmax.accumulate(_f(r))),
    "log10_simple_regret": ("log10 S_t, floored at REGRET_FLOOR",
                            lambda r: _log10(np.maximum(_optimum(r) - np.fmax.accumulate(_f(r)),
                                                        REGRET_FLOOR))),
    "cumulative_regret": ("the cumulative regret R_t = sum_{s<=t} f* - f(x_s)",
                          lambda r: np.cumsum(_optimum(r) - _f(r))),
    "average_regret": ("the average regret R_t / t ([Kandasamy2015, Fig. 3])",
                       lambda r: np.cumsum(_optimum(r) - _f(r)) / np.arange(1, _f(r).size + 1)),
    "seconds": ("the wall-clock seconds of each query (select it and update the model)",
                lambda r: np.asarray(r["seconds"], dtype=float)),
}


def series(result: dict, metric: str, at: int | None = None) -> np.ndarray:
    """The per-iteration ``metric`` (:data:`METRICS`) of one run record, of its first ``at`` evaluations
    (default: all; a run shorter than ``at`` is refused).

    >>> run = {"f": [1.0, 3.0, 2.0], "meta": {"optimum_value": 4.0}}
    >>> series(run, "simple_regret").tolist(), series(run, "regret", at=2).tolist()
    ([3.0, 1.0, 1.0], [3.0, 1.0])
    """
    if metric not in METRICS:
        raise ValueError(f"metric={metric!r} is not one of {list(METRICS)}")
    values = METRICS[metric][1](result)
    if at is not None:
        if values.size < at:
            raise ValueError(f"at={at!r}: the run has only {values.size} evaluations")
        values = values[:at]
    return values


def _bo_mask(result: dict, n: int) -> np.ndarray:
    return ~np.asarray(result["is_initial"], dtype=bool)[:n]


def _mean(values: np.ndarray) -> float:
    """The mean with a correctly rounded sum (``math.fsum``): the same bits whatever the order of the values
    and whatever the CPU. ``np.mean``'s pairwise SIMD sum depends on both, so two runs with the same values
    in another order could differ in the last bit, and a rank test then saw no tie on one machine and a tie
    on another (TranThe2020 Fig. 1 'moved', REMBO vs GP-UCB on Camelback-20: p 0.7103 vs 0.7262)."""
    return math.fsum(values.tolist()) / values.size


#: name -> reduction of a series (and its record) to one number.
REDUCTIONS: dict[str, Callable[[np.ndarray, dict], float]] = {
    "last": lambda s, r: float(s[-1]),
    "mean": lambda s, r: _mean(s),
    # the last 10 % of the evaluations, at least one
    "mean_last_tenth": lambda s, r: _mean(s[-max(1, int(math.ceil(0.1 * s.size))):]),
    # the BO iterations only: the initial design excluded
    "mean_bo_iterations": lambda s, r: _mean(s[_bo_mask(r, s.size)]),
}


def _cpu_seconds_per_iteration(result: dict, at: int | None) -> float:
    """The run's CPU seconds over its BO iterations: a whole-run total, not cut at an earlier evaluation."""
    meta = RunMeta.of(result)
    total = np.asarray(result["f"]).size
    if at is not None and at != total:
        raise ValueError(f"at={at!r}: cpu_seconds_per_iteration is a whole-run statistic; the run has "
                         f"{total} evaluations")
    cpu = meta.cpu_seconds
    if cpu is None or not math.isfinite(cpu):
        raise ValueError(f"run {meta.method!r} on {meta.problem!r} repeat {meta.repeat!r} records no "
                         "cpu_seconds; cpu_seconds_per_iteration "
                         "needs the run's CPU time (made by regretlab.experiments.runner)")
    iterations = int(np.count_nonzero(~np.asarray(result["is_initial"], dtype=bool)))
    if iterations == 0:
        raise ValueError(f"run {meta.method!r} on {meta.problem!r} has no BO iteration")
    return cpu / iterations


@dataclass(frozen=True)
class Statistic:
    """What one run contributes to a test: ``metric`` reduced by ``reduction`` (or, for a whole-run total,
    ``whole_run(result, at)``), described by ``text``; ``larger_is_better`` orients it."""

    text: str
    larger_is_better: bool
    metric: str | None = None
    reduction: str | None = None
    whole_run: Callable[[dict, int | None], float] | None = None

    def __post_init__(self):
        if (self.whole_run is None) == (self.metric is None or self.reduction is None):
            raise ValueError("a Statistic is a (metric, reduction) pair or a whole-run function, not both")
        if self.metric is not None and self.metric not in METRICS:
            raise ValueError(f"metric={self.metric!r} is not one of {list(METRICS)}")
        if self.reduction is not None and self.reduction not in REDUCTIONS:
            raise ValueError(f"reduction={self.reduction!r} is not one of {list(REDUCTIONS)}")

    def value(self, result: dict, at: int | None = None) -> float:
        """The statistic of one run (its first ``at`` evaluations), in its own orientation."""
        if self.whole_run is not None:
            return self.whole_run(result, at)
        return REDUCTIONS[self.reduction](series(result, self.metric, at), result)


#: The statistics claims are decided on (:class:`regretlab.decisions.claims.Claim`'s ``statistic``).
STATISTICS: dict[str, Statistic] = {
    "final_best_f": Statistic(
        "the best noiseless value found by the last query, max_i f(x_i)", True, "best_f", "last"),
    "final_simple_regret": Statistic(
        "the simple regret S_T at the last query", False, "simple_regret", "last"),
    "final_average_regret": Statistic(
        "the average regret R_T / T at the last query", False, "regret", "mean"),
    "seconds_per_iteration": Statistic(
        "the mean wall-clock seconds of a BO iteration (select the next input and update the model; the "
        "initial design excluded)", False, "seconds", "mean_bo_iterations"),
    "cpu_seconds_per_iteration": Statistic(
        "the run's CPU seconds (its own process, BLAS at one thread) over its BO iterations: set-up, initial "
        "design and objective evaluations included, which for the synthetic objectives of the timing claims "
        "cost microseconds; unlike wall-clock seconds, not inflated by other processes on the machine",
        False, whole_run=_cpu_seconds_per_iteration),
    "last10_log10_regret": Statistic(
        "log10(f* - f(x_t)) of the point sampled at t (the paper's plotted metric), averaged over the last "
        "10 % of the run's evaluations", False, "log10_regret", "mean_last_tenth"),
    "final_log10_simple_regret": Statistic(
        "log10 of the simple regret S_T at the last query (the best so far)", False, "log10_simple_regret",
        "last"),
}


def run_value(result: dict, statistic: str, at: int | None = None) -> float:
    """One run's ``statistic`` (:data:`STATISTICS`), oriented larger-is-better, of its first ``at``
    evaluations (default: all; a run shorter than ``at`` is refused).

    >>> run = {"f": [1.0, 3.0, 2.0], "meta": {"optimum_value": 4.0}}
    >>> run_value(run, "final_simple_regret"), run_value(run, "final_best_f", at=1)
    (-1.0, 1.0)
    """
    if statistic not in STATISTICS:
        raise ValueError(f"statistic={statistic!r} is not one of {list(STATISTICS)}")
    chosen = STATISTICS[statistic]
    value = chosen.value(result, at)
    return value if chosen.larger_is_better else -value
