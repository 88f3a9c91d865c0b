r"""What a run costs, from the CPU seconds of the archived runs: measured where a run has a measured twin,
else fitted, else the spec's per-evaluation estimate.

The spec estimates (a flat number of seconds per evaluation) were written before any full-mode run and are
off by factors of 2-3 either way (Kandasamy2015 Fig. 3 (24, 6, 4): 95 s a run measured on this machine
against 40 s estimated). The archives (``paper_figures/runs/*.json``) record each run's CPU seconds, method,
budget and run key; the run key gives the problem's dimension. :class:`CostModel` fits

.. math::

    \log s = a_m + b\log B + c\log D

by least squares on the logs of the per-(method, B, D) mean CPU seconds s: one intercept :math:`a_m` per
canonical method, slopes :math:`b` (budget B, initial design included) and :math:`c` (dimension D) shared by
every method (no method has been measured at enough sizes to fit its own). A method never measured takes the
mean intercept of its setup's other option sets (e.g. ``Add-d/M(d=8, M=3)`` for ``Add-d/M(d=5, M=8)``);
a setup never measured has no fitted cost. Written here because the fit is six lines of
:func:`numpy.linalg.lstsq`; no library prices Bayesian-optimisation runs.
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from regretlab._validate import check_integer, check_number

from .spec import Spec, canonical_method, parse_method

__all__ = ["CostModel", "cost_model", "estimate", "measured_points", "measured_seconds", "price",
           "run_dimension", "timed_members"]


def run_dimension(run) -> int | None:
    """The dimension D of ``run``'s problem: its content's ``dim``, else the objective's own."""
    content = json.loads(run.problem_content or "{}")
    if content.get("dim") is not None:
        return int(content["dim"])
    from regretlab import objectives

    try:
        return int(objectives.get(content.get("name", run.problem)).bounds.shape[0])
    except (KeyError, ValueError, TypeError):
        return None


@functools.lru_cache(maxsize=1)
def _run_index() -> dict[str, object]:
    """Every planned run of every spec (both modes), by run key."""
    from . import registry

    index = {}
    for key in registry.available():
        spec = registry.get(key)
        for mode in spec.modes:
            for run in spec.runs(mode):
                index.setdefault(run.key, run)
    return index


def timed_members(export_root="paper_figures"):
    """The members of every archive manifest (``<export_root>/runs/*.json``) that record their CPU seconds;
    an unreadable manifest is skipped (the archive itself is checked against it when restored)."""
    for manifest in sorted((Path(export_root) / "runs").glob("*.json")):
        try:
            members = json.loads(manifest.read_text(encoding="utf-8")).get("members", [])
        except (OSError, ValueError):
            continue
        yield from (m for m in members if m.get("cpu_seconds") is not None)


def measured_points(export_root="paper_figures") -> list[tuple[str, int, int, float]]:
    """(canonical method, budget B, dimension D, CPU seconds) of every archived run whose manifest records
    its CPU time and its D (``dim``), or whose run key a spec still plans (older manifests have no ``dim``;
    a run of a retired spec then has no known D and is left out)."""

    index = _run_index()
    points = []
    for m in timed_members(export_root):
        dim = m.get("dim")          # recorded by archive.pack since the cost model; else from the spec
        if dim is None:
            run = index.get(m.get("run_key"))
            dim = run_dimension(run) if run is not None else None
        if dim is not None:
            points.append((canonical_method(m["method"]), int(m["budget"]), dim, float(m["cpu_seconds"])))
    return points


def _setup(method: str) -> str:
    return parse_method(method)[0]


@dataclass
class CostModel:
    """:math:`\\log s=a_m+b\\log B+c\\log D` fitted on measured points (module docstring).

    Attributes
    ----------
    intercepts : dict
        :math:`a_m` per canonical method measured.
    slopes : (float, float)
        (b, c).
    residual : float
        Root-mean-square of the fit's log residuals over the (method, B, D) means (0 with too few points).
    n_points : int
        (method, B, D) means the fit used.
    """

    intercepts: dict[str, float] = field(default_factory=dict)
    slopes: tuple[float, float] = (1.0, 1.0)
    residual: float = math.nan
    n_points: int = 0

    @classmethod
    def fit(cls, points) -> CostModel:
        """Fit on ``points`` ((method, B, D, seconds) tuples); an empty model when there are none. With fewer
        distinct (B, D) than needed for the slopes, B and D enter linearly (b = c = 1, stated in
        ``residual`` = NaN)."""
        groups: dict[tuple[str, int, int], list[float]] = {}
        for method, budget, dim, seconds in points:
            if seconds > 0:
                groups.setdefault((method, budget, dim), []).append(seconds)
        if not groups:
            return cls()
        methods = sorted({m for m, _, _ in groups})
        rows = sorted(groups)
        y = np.array([math.log(np.mean(groups[r])) for r in rows])
        logB = np.array([math.log(r[1]) for r in rows])
        logD = np.array([math.log(r[2]) for r in rows])
        design = np.zeros((len(rows), len(methods) + 2))
        for i, r in enumerate(rows):
            design[i, methods.index(r[0])] = 1.0
        design[:, -2], design[:, -1] = logB, logD
        if np.linalg.matrix_rank(design) < design.shape[1]:   # sizes too few to separate the slopes
            slopes = (1.0, 1.0)
            intercepts = {m: float(np.mean([y[i] - logB[i] - logD[i]
                                            for i, r in enumerate(rows) if r[0] == m]))
                          for m in methods}
            return cls(intercepts, slopes, math.nan, len(rows))
        coef, *_ = np.linalg.lstsq(design, y, rcond=None)
        residual = float(np.sqrt(np.mean((design @ coef - y) ** 2)))
        return cls({m: float(coef[k]) for k, m in enumerate(methods)}, (float(coef[-2]), float(coef[-1])),
                   residual, len(rows))

    def intercept(self, method: str) -> float | None:
        """:math:`a_m` of ``method`` (canonical), else the mean over its setup's measured option sets, else
        None. The mean is a rough price where an option changes the model's size (Add-d/M's d)."""
        if method in self.intercepts:
            return self.intercepts[method]
        same = [a for m, a in self.intercepts.items() if _setup(m) == _setup(method)]
        return float(np.mean(same)) if same else None

    def seconds(self, method: str, budget: int, dim: int) -> float | None:
        """Fitted CPU seconds of one run (``budget`` B >= 1 evaluations, ``dim`` D >= 1), or None when neither
        the method nor its setup was measured."""
        budget = check_integer("budget", budget, low=1)
        dim = check_integer("dim", dim, low=1)
        a = self.intercept(method)
        if a is None:
            return None
        b, c = self.slopes
        return float(math.exp(a + b * math.log(budget) + c * math.log(dim)))

    def describe(self) -> str:
        """One line: the slopes, the residual and the number of points."""
        b, c = self.slopes
        spread = "" if math.isnan(self.residual) else f", rms log residual {self.residual:.2f}"
        return (f"log s = a_method + {b:.2f} log B + {c:.2f} log D on {self.n_points} measured "
                f"(method, B, D) means{spread}")


@functools.lru_cache(maxsize=4)
def _model_for(export_root: str, stamp: tuple) -> CostModel:
    return CostModel.fit(measured_points(export_root))


def cost_model(export_root="paper_figures") -> CostModel:
    """The model fitted on ``export_root``'s archives (cached while the manifests are unchanged)."""
    manifests = sorted((Path(export_root) / "runs").glob("*.json"))
    stamp = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in manifests)
    return _model_for(str(export_root), stamp)


def price(runs, export_root="paper_figures", measured: dict | None = None, *,
          seconds_per_evaluation: float) -> tuple[float, str]:
    """CPU seconds of ``runs`` and how they were priced: ``"measured"`` (every run has an archived twin of
    the same method, problem and budget), ``"fitted"`` (each run measured or priced by :class:`CostModel`),
    or ``"estimated"`` (some run priced by ``seconds_per_evaluation`` times its budget, the spec's guess)."""

    seconds_per_evaluation = check_number("seconds_per_evaluation", seconds_per_evaluation, low=0.0)
    measured = measured_seconds(export_root) if measured is None else measured
    model = cost_model(export_root)
    total, how = 0.0, "measured"
    for run in runs:
        method = canonical_method(run.method)
        twin = measured.get((method, run.problem, run.budget))
        if twin is not None:
            total += twin
            continue
        dim = run_dimension(run)
        fitted = model.seconds(method, run.budget, dim) if dim is not None else None
        if fitted is not None:
            total += fitted
            how = "fitted" if how == "measured" else how
            continue
        total += run.budget * seconds_per_evaluation
        how = "estimated"
    return total, how


def measured_seconds(export_root="paper_figures") -> dict[tuple[str, str], float]:
    """Mean CPU seconds of a run per (canonical method, problem content) and budget, measured: read from
    the manifests of the archived runs (``paper_figures/runs/*.json``), which record each run's CPU time."""

    sums: dict[tuple, list[float]] = {}
    for m in timed_members(export_root):
        key = (canonical_method(m["method"]), m["problem"], int(m["budget"]))
        sums.setdefault(key, []).append(float(m["cpu_seconds"]))
    return {k: sum(v) / len(v) for k, v in sums.items()}


def estimate(spec: Spec, mode: str, measured: dict | None = None, export_root="paper_figures") -> str:
    """``'<runs> runs, <evaluations> evaluations, <how> <core-hours> core-h'`` for ``reproduce --list``:
    ``measured`` (every run has an archived twin: its recorded CPU seconds), ``fitted`` (the rest priced by
    :class:`regretlab.experiments.cost.CostModel`, fitted on the archives) or ``~`` (some run priced by the
    spec's per-evaluation estimate)."""
    runs = spec.runs(mode)
    seconds, how = (price(runs, export_root, measured, seconds_per_evaluation=spec.seconds_per_evaluation)
                    if runs else (0.0, "estimated"))
    hours = seconds / 3600.0
    shown = f"{hours:.2f} core-h" if hours >= 0.01 else f"{math.ceil(hours * 3600)} core-s"
    prefix = {"measured": "measured ", "fitted": "fitted "}.get(how, "~")
    return f"{len(runs)} runs, {sum(r.budget for r in runs)} evaluations, {prefix}{shown}"
