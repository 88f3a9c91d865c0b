"""From result files to the numbers a figure plots: a tidy per-iteration table and the paper's statistic
(each run's series from :mod:`regretlab.experiments.statistics`, where every metric is defined).

No pandas: the tidy table has six columns and at most a few hundred thousand rows, which lists of rows and
NumPy arrays handle directly, and the CSV goes out through the standard library; pandas would add a large
dependency to every install for a groupby that is one loop here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from . import store
from .spec import Spec
from .statistics import series as run_series

__all__ = ["load_results", "tidy_rows", "TIDY_COLUMNS", "Curve", "curves", "timings", "Timing"]

#: Columns of the tidy table, one row per (method, problem, repeat, iteration).
TIDY_COLUMNS = ("method", "problem", "repeat", "iteration", "value", "seconds")


def load_results(spec: Spec, mode: str, out="results") -> dict[tuple[str, str, int], dict]:
    """The finished results of ``spec`` in ``mode``: ``(method, problem, repeat) -> result``."""
    results = {}
    for run in spec.runs(mode):
        result = store.read_finished(out, run)   # each file read once (checked to be this run's)
        if result is not None:
            results[(run.method, run.problem, run.repeat)] = result
    return results


def tidy_rows(spec: Spec, results: dict) -> list[tuple]:
    """One row per (method, problem, repeat, iteration): the metric so far and that iteration's seconds."""
    rows = []
    for (method, problem, repeat), result in sorted(results.items()):
        values = run_series(result, spec.metric)
        for i, (value, seconds) in enumerate(zip(values, result["seconds"], strict=True), start=1):
            rows.append((method, problem, repeat, i, float(value), float(seconds)))
    return rows


@dataclass
class Curve:
    """The paper's statistic of one (method, problem) over iterations: centre and error half-width."""

    method: str
    problem: str
    iterations: np.ndarray
    centre: np.ndarray
    error: np.ndarray
    n_runs: int


def metric_series(spec: Spec, results: dict) -> dict[tuple[str, str], list[np.ndarray]]:
    """The spec's metric per iteration of every run, grouped by (method, problem), repeats in order: what
    the curves, the tables and the t-tests each summarise."""
    groups: dict[tuple[str, str], list[np.ndarray]] = {}
    for (method, problem, _repeat), result in sorted(results.items()):
        groups.setdefault((method, problem), []).append(run_series(result, spec.metric))
    return groups


def curves(spec: Spec, results: dict) -> list[Curve]:
    """Mean ± standard error (or ± standard deviation, ``spec.summary``) of the metric per iteration, over
    the repeats of each (method, problem)."""
    groups = metric_series(spec, results)
    out = []
    for (method, problem), series in groups.items():
        values = np.vstack(series)
        n = values.shape[0]
        sd = values.std(axis=0, ddof=1) if n > 1 else np.zeros(values.shape[1])
        error = sd / math.sqrt(n) if spec.summary == "mean_se" else sd
        out.append(Curve(method, problem, np.arange(1, values.shape[1] + 1), values.mean(axis=0), error, n))
    return out


@dataclass
class Timing:
    """Seconds per BO iteration (ask + tell after the initial design) of one (method, problem)."""

    method: str
    problem: str
    mean: float
    sd: float
    n_iterations: int


def timings(results: dict) -> list[Timing]:
    """Mean ± s.d. over every BO iteration of every repeat, per (method, problem)."""
    groups: dict[tuple[str, str], list[np.ndarray]] = {}
    for (method, problem, _repeat), result in sorted(results.items()):
        bo = ~np.asarray(result["is_initial"], dtype=bool)
        groups.setdefault((method, problem), []).append(np.asarray(result["seconds"], dtype=float)[bo])
    out = []
    for (method, problem), parts in groups.items():
        seconds = np.concatenate(parts)
        sd = float(seconds.std(ddof=1)) if seconds.size > 1 else 0.0
        out.append(Timing(method, problem, float(seconds.mean()) if seconds.size else math.nan, sd,
                          int(seconds.size)))
    return out
