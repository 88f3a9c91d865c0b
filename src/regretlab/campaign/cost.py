r"""What a run costs, from CPU seconds measured on this project's machines: the run's archived twin where it
has one, else its method's calibration (:mod:`regretlab.campaign.calibrate`: timed blocks at a few sizes
up to the budget, ``reproduce --calibrate``) scaled by how far its spec's calibration was from the spec's
archived runs (:func:`calibration_scale`), else fitted on the archives, else the spec's per-evaluation
estimate.

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
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from regretlab._io import EXPORT_ROOT
from regretlab._validate import check_integer, check_number
from regretlab.experiments import registry
from regretlab.experiments.spec import Spec, canonical_method, parse_method, run_dimension, stored_method

from . import calibrate

__all__ = ["PRICE_SOURCES", "CostModel", "against_measured", "calibrated_seconds", "calibration_scale",
           "cost_model", "estimate",
           "measured_objectives", "measured_points", "measured_seconds", "price", "run_dimension",
           "timed_members", "total_by_source"]


@functools.lru_cache(maxsize=1)
def _run_index() -> dict[str, object]:
    """Every planned run of every spec (both modes), by run key."""

    index = {}
    for key in registry.available():
        spec = registry.get(key)
        for mode in spec.modes:
            for run in spec.runs(mode):
                index.setdefault(run.key, run)
    return index


def timed_members(export_root=EXPORT_ROOT):
    """The members of every archive manifest (``<export_root>/runs/*.json``) that record their CPU seconds,
    each run once (a run two items share is in both their archives: counted twice, it would weigh twice in
    a mean); an unreadable manifest is skipped (the archive itself is checked against it when restored)."""
    seen = set()
    for manifest in sorted((Path(export_root) / "runs").glob("*.json")):
        try:
            members = json.loads(manifest.read_text(encoding="utf-8")).get("members", [])
        except (OSError, ValueError):
            continue
        for m in members:
            if m.get("cpu_seconds") is not None and m.get("run_key") not in seen:
                seen.add(m.get("run_key"))
                yield m


def measured_points(export_root=EXPORT_ROOT) -> list[tuple[str, int, int, float, str]]:
    """(canonical method, budget B, dimension D, CPU seconds, objective tag (:func:`_objective_tag`)) of
    every archived run whose manifest records its CPU time and its D (``dim``), or whose run key a spec
    still plans (older manifests have no ``dim``; a run of a retired spec then has no known D and is left
    out)."""

    index = _run_index()
    points = []
    for m in timed_members(export_root):
        dim = m.get("dim")          # recorded by archive.pack since the cost model; else from the spec
        if dim is None:
            run = index.get(m.get("run_key"))
            dim = run_dimension(run) if run is not None else None
        if dim is not None:
            points.append((canonical_method(stored_method(m["method"])), int(m["budget"]), dim,
                           float(m["cpu_seconds"]),
                           _objective_tag(Path(m["path"]).stem) if m.get("path") else ""))
    return points


def _setup(method: str) -> str:
    return parse_method(method)[0]


def _objective_tag(file_stem: str) -> str:
    """The objective part of a result file's stem (:attr:`~.spec.Run.file_stem`: the problem's name and
    dimension) without the dimension's digits: one tag per objective at every D (``ackley`` at D = 100
    and ``ackley10``), read the same way from a planned run and from an archived one. Names that differ
    only in trailing digits share a tag (``hartmann3`` and ``hartmann6``: ``hartmann``); the tag separates
    objectives whose own cost differs by orders of magnitude (a trained network from a formula), and no
    registered pair that shares a tag differs so."""
    return re.sub(r"\d+$", "", file_stem.split("__")[1])


def measured_objectives(export_root=EXPORT_ROOT) -> frozenset[str]:
    """The objective tags (:func:`_objective_tag`) of the archived timed runs the fitted model read
    (:attr:`CostModel.objectives` of :func:`cost_model`): the only objectives it prices."""
    return cost_model(export_root).objectives or frozenset()


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
    objectives : frozenset or None
        The objective tags of the points fitted (None: points without tags, every objective priced). The
        fit has no term for an objective's own cost (a trained network costs a second an evaluation, a
        synthetic function microseconds), so :meth:`seconds` prices no run of another objective.
    """

    intercepts: dict[str, float] = field(default_factory=dict)
    slopes: tuple[float, float] = (1.0, 1.0)
    residual: float = math.nan
    n_points: int = 0
    objectives: frozenset | None = None

    @classmethod
    def fit(cls, points) -> CostModel:
        """Fit on ``points`` ((method, B, D, seconds) tuples, or with the objective's tag fifth); an empty
        model when there are none. With fewer distinct (B, D) than needed for the slopes, B and D enter
        linearly (b = c = 1, stated in ``residual`` = NaN)."""
        groups: dict[tuple[str, int, int], list[float]] = {}
        tags: set | None = set()
        for method, budget, dim, seconds, *tag in points:
            if seconds > 0:
                groups.setdefault((method, budget, dim), []).append(seconds)
                tags = tags | set(tag) if tags is not None and tag else None
        if not groups:
            return cls(objectives=frozenset())
        objectives = frozenset(tags) if tags is not None else None
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
            return cls(intercepts, slopes, math.nan, len(rows), objectives)
        coef, *_ = np.linalg.lstsq(design, y, rcond=None)
        residual = float(np.sqrt(np.mean((design @ coef - y) ** 2)))
        return cls({m: float(coef[k]) for k, m in enumerate(methods)}, (float(coef[-2]), float(coef[-1])),
                   residual, len(rows), objectives)

    def intercept(self, method: str) -> float | None:
        """:math:`a_m` of ``method`` (canonical), else the mean over its setup's measured option sets, else
        None. The mean is a rough price where an option changes the model's size (Add-d/M's d)."""
        if method in self.intercepts:
            return self.intercepts[method]
        same = [a for m, a in self.intercepts.items() if _setup(m) == _setup(method)]
        return float(np.mean(same)) if same else None

    def seconds(self, method: str, budget: int, dim: int, objective: str | None = None) -> float | None:
        """Fitted CPU seconds of one run (``budget`` B >= 1 evaluations, ``dim`` D >= 1, on the objective
        tagged ``objective``), or None when neither the method nor its setup was measured, or the objective
        is not among :attr:`objectives`."""
        budget = check_integer("budget", budget, low=1)
        dim = check_integer("dim", dim, low=1)
        if objective is not None and not isinstance(objective, str):
            raise ValueError(f"objective={objective!r} must be an objective tag (a string) or None")
        a = self.intercept(method)
        if a is None or (objective is not None and self.objectives is not None
                         and objective not in self.objectives):
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


def cost_model(export_root=EXPORT_ROOT) -> CostModel:
    """The model fitted on ``export_root``'s archives (cached while the manifests are unchanged)."""
    return _model_for(str(export_root), _stamp((Path(export_root) / "runs").glob("*.json")))


def _twin_key(row) -> tuple[str, str, int]:
    """The key of a calibration row's archived runs in :func:`_measured_groups` / :func:`measured_seconds`:
    the runs of its configuration (whichever spec spells the method), problem and budget."""
    return canonical_method(stored_method(row["label"])), row["problem"], int(row["budget"])


def calibration_scale(rows, measured: dict, related=()) -> tuple[float, int]:
    """(scale, twins): the median over a spec's calibration ``rows`` that have an archived twin (same
    configuration, problem and budget in ``measured``, :func:`measured_seconds`) of measured / calibrated CPU
    seconds, and how many rows had one; (1.0, 0) when none has.

    The calibration of a spec errs the same way for its methods more than across specs (its fill, its
    objective, its budget: module docstring of :mod:`~regretlab.campaign.calibrate`): Li2016 Table 1's 27
    runs archived at fbf2b83 ran 1.57-2.08x their calibration (ADD-5 787 s against 495, RPP-5 1475 against
    865, GP-UCB 162 against 78), Kandasamy2015 Fig. 4 (D = 96)'s 0.69-1.06x. A spec's unmeasured runs are
    therefore priced at their calibration times this scale. The median, not the mean: one method far off
    (TranThe2020 Fig. 4's MS-UCB at D = 500, 12x) does not move the others. Not from a paper; chosen because
    it is the smallest correction the archives support, and it vanishes as the runs are archived (a measured
    run is priced by its twin).

    ``related`` are other specs' calibration rows. When none of ``rows`` has a twin, the scale is the median
    over those of them that have one *and* share a problem (its content) and budget with ``rows``: the same
    objective at the same B is calibrated the same way whichever spec asks. Li2016 Table 5's δ = 0.05
    columns have no archived run of their own, but Table 1's eight methods on the same D = 50 objective at
    B = 1000 ran 1.2-5.2x their calibration (median 1.77 at bee3cc2), and Table 5's RPP is Table 1's code
    with another δ. The count returned is then the related rows used."""
    if not isinstance(measured, dict):
        raise ValueError(f"measured must be a dict (measured_seconds()), got {type(measured).__name__}")
    rows, related = _checked_rows("rows", rows), _checked_rows("related", related)
    ratios = _twin_ratios(rows, measured)
    if not ratios:
        shared = {(row.get("problem_content"), int(row["budget"])) for row in rows}
        ratios = _twin_ratios([row for row in related
                               if (row.get("problem_content"), int(row["budget"])) in shared], measured)
    return (float(np.median(ratios)), len(ratios)) if ratios else (1.0, 0)


def _checked_rows(name: str, rows) -> list:
    rows = list(rows)
    for i, row in enumerate(rows):
        missing = sorted({"label", "problem", "budget", "seconds"} - set(row))
        if missing:
            raise ValueError(f"{name}[{i}] lacks {missing}: rows are calibrate.load()'s entries "
                             "(label, problem, budget, seconds)")
    return rows


def _twin_ratios(rows, measured: dict) -> list[float]:
    """measured / calibrated CPU seconds of each row that has an archived twin."""
    keyed = ((_twin_key(row), float(row["seconds"])) for row in rows)
    return [measured[key] / seconds for key, seconds in keyed if key in measured and seconds > 0]


def calibration_rows(export_root=EXPORT_ROOT) -> dict[str, list]:
    """Every spec's stored calibration rows that still belong to it (:func:`calibrate.load`), by spec key."""

    out = {}
    for path in sorted(Path(export_root).glob("calibration/*.json")):
        if path.stem in registry.available():
            rows = calibrate.load(registry.get(path.stem), export_root)
            if rows:
                out[path.stem] = rows
    return out


def related_rows(by_spec: dict, key: str) -> list:
    """The calibration rows of every spec of ``by_spec`` (:func:`calibration_rows`) but ``key``: those
    :func:`calibration_scale` may borrow a scale from."""
    if not isinstance(by_spec, dict):
        raise ValueError(f"by_spec must be a dict of spec key -> rows (calibration_rows()), got "
                         f"{type(by_spec).__name__}")
    return [row for other, rows in by_spec.items() if other != key for row in rows]


@functools.lru_cache(maxsize=4)
def _calibrated_for(export_root: str, stamp: tuple, manifests: tuple) -> dict[tuple[str, int, int], float]:
    measured = measured_seconds(export_root)
    by_spec = calibration_rows(export_root)
    prices = {}
    for key, rows in by_spec.items():
        scale, _twins = calibration_scale(rows, measured, related_rows(by_spec, key))
        for row in rows:
            prices[(row["method"], int(row["dim"]), int(row["budget"]))] = float(row["seconds"]) * scale
    return prices


def _stamp(files) -> tuple:
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(files))


def calibrated_seconds(export_root=EXPORT_ROOT) -> dict[tuple[str, int, int], float]:
    """Predicted CPU seconds of a run per (canonical method, dimension D, budget B), from the calibrations
    stored under ``<export_root>/calibration`` that still belong to their spec, each scaled by its spec's
    :func:`calibration_scale` against the archived runs, or, for a spec with none archived, against those of
    the specs calibrated on its problem and budget (cached while the files are unchanged)."""
    root = Path(export_root)
    return _calibrated_for(str(export_root), _stamp(root.glob("calibration/*.json")),
                           _stamp(root.glob("runs/*.json")))


#: How a total was priced, best first: a total is as good as its worst-priced run.
PRICE_SOURCES = ("measured", "calibrated", "fitted", "estimated")


def _price_one(run, measured: dict, model: CostModel, calibrated: dict,
               seconds_per_evaluation: float) -> tuple[float, int]:
    """CPU seconds of one run and the index in :data:`PRICE_SOURCES` of how it was priced."""
    method = canonical_method(stored_method(run.method))   # one configuration, whichever spec spells it
    twin = measured.get((method, run.problem, run.budget))
    if twin is not None:
        return twin, 0
    dim = run_dimension(run)
    # a calibration is keyed by the spelling of the spec it was made for
    timed = calibrated.get((canonical_method(run.method), dim, run.budget)) if dim is not None else None
    if timed is not None:
        return timed, 1
    fitted = (model.seconds(method, run.budget, dim, _objective_tag(run.file_stem)) if dim is not None
              else None)
    if fitted is not None:
        return fitted, 2
    return run.budget * seconds_per_evaluation, 3


def run_prices(runs, export_root=EXPORT_ROOT, *, seconds_per_evaluation: float) -> list[float]:
    """The CPU seconds of each of ``runs``, in order, priced as :func:`price` prices them (measured twin,
    calibration, cost model, else ``seconds_per_evaluation`` times the budget): what orders a pool's runs
    costliest first."""
    seconds_per_evaluation = check_number("seconds_per_evaluation", seconds_per_evaluation, low=0.0)
    measured = measured_seconds(export_root)
    model, calibrated = cost_model(export_root), calibrated_seconds(export_root)
    return [_price_one(run, measured, model, calibrated, seconds_per_evaluation)[0] for run in runs]


def price(runs, export_root=EXPORT_ROOT, measured: dict | None = None, *,
          seconds_per_evaluation: float) -> tuple[float, str]:
    """CPU seconds of ``runs`` and how they were priced: ``"measured"`` (every run has an archived twin of
    the same method, problem and budget), ``"calibrated"`` (each run measured or priced by its method's
    calibration at its D and B), ``"fitted"`` (some run priced by :class:`CostModel`), or ``"estimated"``
    (some run priced by ``seconds_per_evaluation`` times its budget, the spec's guess)."""

    seconds_per_evaluation = check_number("seconds_per_evaluation", seconds_per_evaluation, low=0.0)
    measured = measured_seconds(export_root) if measured is None else measured
    model, calibrated = cost_model(export_root), calibrated_seconds(export_root)
    total, worst = 0.0, 0
    for run in runs:
        seconds, how = _price_one(run, measured, model, calibrated, seconds_per_evaluation)
        total, worst = total + seconds, max(worst, how)
    return total, PRICE_SOURCES[worst]


def total_by_source(specs, mode: str = "full", export_root=EXPORT_ROOT) -> dict[str, tuple[int, float]]:
    """(distinct runs, CPU seconds) of every run the ``specs`` plan in ``mode``, each run once (runs are
    shared between specs by their key), split by how each run is priced (:data:`PRICE_SOURCES`);
    ``"archived"`` counts the runs already in the archives (their measured seconds are in ``"measured"``
    too)."""
    measured = measured_seconds(export_root)
    model, calibrated = cost_model(export_root), calibrated_seconds(export_root)
    archived = {m.get("run_key") for m in timed_members(export_root)}
    runs = {}
    for spec in specs:
        for run in spec.runs(mode) if not spec.derived_from else ():
            runs.setdefault(run.key, (run, spec.seconds_per_evaluation))
    out = {how: [0, 0.0] for how in (*PRICE_SOURCES, "archived")}
    for key, (run, per_evaluation) in runs.items():
        seconds, how = _price_one(run, measured, model, calibrated, per_evaluation)
        out[PRICE_SOURCES[how]][0] += 1
        out[PRICE_SOURCES[how]][1] += seconds
        if key in archived:
            out["archived"][0] += 1
            out["archived"][1] += seconds
    return {how: (n, s) for how, (n, s) in out.items()}


def _measured_groups(export_root=EXPORT_ROOT, *, commits: bool = False) -> dict[tuple, list]:
    """Archived CPU seconds per (configuration, problem, budget); with ``commits``: (seconds, commit)."""
    sums: dict[tuple, list] = {}
    for m in timed_members(export_root):
        key = (canonical_method(stored_method(m["method"])), m["problem"], int(m["budget"]))
        seconds = float(m["cpu_seconds"])
        sums.setdefault(key, []).append((seconds, str(m.get("commit"))) if commits else seconds)
    return sums


def measured_seconds(export_root=EXPORT_ROOT) -> dict[tuple[str, str], float]:
    """Mean CPU seconds of a run per (canonical method, problem content) and budget, measured: read from
    the manifests of the archived runs (``paper_figures/runs/*.json``), which record each run's CPU time."""
    return {k: sum(v) / len(v) for k, v in _measured_groups(export_root).items()}


def estimate(spec: Spec, mode: str, measured: dict | None = None, export_root=EXPORT_ROOT) -> str:
    """``'<runs> runs, <evaluations> evaluations, <how> <core-hours> core-h'`` for ``reproduce --list``:
    ``measured`` (every run has an archived twin: its recorded CPU seconds), ``calibrated`` (the rest priced
    by their methods' calibrations), ``fitted`` (some run priced by
    :class:`regretlab.campaign.cost.CostModel`, fitted on the archives) or ``~`` (some run priced by the
    spec's per-evaluation estimate)."""
    runs = spec.runs(mode)
    seconds, how = (price(runs, export_root, measured, seconds_per_evaluation=spec.seconds_per_evaluation)
                    if runs else (0.0, "estimated"))
    hours = seconds / 3600.0
    shown = f"{hours:.2f} core-h" if hours >= 0.01 else f"{math.ceil(hours * 3600)} core-s"
    prefix = {"measured": "measured ", "calibrated": "calibrated ", "fitted": "fitted "}.get(how, "~")
    return f"{len(runs)} runs, {sum(r.budget for r in runs)} evaluations, {prefix}{shown}"


def against_measured(rows, export_root=EXPORT_ROOT) -> list[tuple]:
    """(row, measured mean s or None, runs measured, their commits) per calibrated row (an entry of
    :func:`regretlab.campaign.calibrate.load`): the prediction against the archived runs of the same
    method, problem and budget. The commits matter: a run's CPU seconds are its code's (issue 26's speed-ups
    made some methods 2-4x cheaper), so a calibration set against runs of other commits compares two
    versions of the code as well as the fill with a run."""
    groups = _measured_groups(export_root, commits=True)
    out = []
    for row in rows:
        got = groups.get(_twin_key(row), [])
        mean = float(np.mean([s for s, _ in got])) if got else None
        out.append((row, mean, len(got), tuple(sorted({c for _, c in got}))))
    return out
