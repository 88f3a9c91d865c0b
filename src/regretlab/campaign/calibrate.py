r"""What a run costs, measured before it is run: ``regretlab reproduce --calibrate ITEM``.

For each method of a spec's full mode, at each distinct (dimension D, budget B), one representative run
(its first problem of that D and B, repeat 0) is timed at a few sizes n up to B without running the whole
run:

1. **Fill** the optimiser with observations at uniformly random points of its search box, told as a warm
   start (``tell``), with the hyperparameter refits switched off while filling (the fill costs appends only).
2. **Warm up**: :data:`WARMUP_STEPS` real iterations (ask, evaluate, tell), not timed, with the method's own
   refit schedule back on. The first iterations after a fill are not a run's: the model still has the
   hyperparameters of the fill's first fit, and the acquisition maximiser's work ramps up as the refits move
   them (TranThe2020 Fig. 4's REMBO at n = 150, refitting every iteration: 1 k, 1 k, 5 k, then 40-48 k
   acquisition evaluations; 0.11, 0.13, 0.20, then 0.73-0.86 CPU s an iteration).
3. **Time a block** of real iterations: whole refit cycles (``n_cyc`` iterations each), at least ``steps``
   iterations (:data:`DEFAULT_STEPS` by default), so it holds a whole number of scheduled refits (exactly one
   when ``n_cyc >= steps``) and its mean is the per-iteration cost *with refits amortised*, as in a run. CPU
   seconds of this process (``time.process_time``), BLAS held at one thread (threadpoolctl), as the runner
   does. A method that refits every iteration used to be timed for 3 iterations, right after the fill: the
   cheap ramp above, 0.087 CPU s an iteration for that REMBO where its real runs spend 0.40 (a real run's 25
   iterations at n = 130: 9.9 s; 25 after the fill and the ramp: 10.6 s), so its runs were priced 3x short.

The sizes are :data:`SIZE_FRACTIONS` of B (the last block ends at B). The per-iteration cost is fitted as

.. math::

    c(n) = a_0 + a_1 n + a_2 n^2 + a_3 n^3,\qquad a_k \ge 0,

by non-negative least squares (:func:`scipy.optimize.nnls`, relative to each size's cost so the small sizes
count) — an exact GP's step is O(n²) (a kernel row and a triangular solve per acquisition evaluation) and
its refit O(n³) (a Cholesky per likelihood evaluation) — and a run's CPU seconds are
:math:`n_{init}\,\bar e + \sum_{t=n_{init}}^{B-1} c(t)`, with :math:`\bar e` the measured seconds of one
objective evaluation (the initial design costs its evaluations only).

Methods that cannot be warm-started this way are timed by one real run of the full budget (``"full run"``):
those without a model (random search, DIRECT, whose ask replays its own sequence of told values) and those
whose model is not one GP on all observations (SRE's sub-problems, Dropout-UCB's per-iteration local GP),
detected as: no global GP after the fill.

Stated limits: the fill's points are uniform, a run's are the method's own (they cluster near optima, which
changes conditioning and the number of likelihood evaluations per refit: Li2016 Table 1's ADD-25 at n = 500,
a 25-iteration block after a real run's first 500 evaluations computes 168 Gram matrices and takes 7.1 CPU s,
after a fill 98 and 2.4 s, and DIRECT files twice the rectangles on the real run's acquisition, so its
calibration is 2.4x short of its measured runs); an objective too slow to evaluate
at every fill point (:data:`_REAL_FILL_SECONDS`) is filled with normal draws, which change the fitted model
and with it the acquisition maximiser's work; one block per size; this machine's speed.
:func:`regretlab.campaign.cost.against_measured` sets the prediction against the archived runs'
measured CPU seconds where a twin exists.

The calibration of a spec is stored beside its archives (``<export_root>/calibration/<spec>.json``) with
the spec's hash, the commit and the machine; :func:`load` refuses a file whose spec, hash or content does not
match (a file is not trusted by its name), and :mod:`regretlab.campaign.cost` prices unmeasured runs from
it, times the spec's median measured/predicted ratio (:func:`regretlab.campaign.cost.calibration_scale`:
1.77 for Li2016 Table 1 at 3bec8f0, whose runs cluster and refit more than a fill's; a spec with no archived
run borrows the ratio of the specs calibrated on its problem and budget). Written here because no
library prices Bayesian-optimisation runs; the fit is :func:`scipy.optimize.nnls`.
"""

from __future__ import annotations

import hashlib
import json
import math
import platform
import time
import warnings
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
from scipy.optimize import nnls
from threadpoolctl import threadpool_limits

from regretlab._io import EXPORT_ROOT, atomic_write_text
from regretlab._validate import check_integer
from regretlab.experiments.record import provenance
from regretlab.experiments.runner import make_optimizer, make_problem
from regretlab.experiments.spec import Spec, canonical_method, run_dimension

__all__ = ["Calibration", "DEFAULT_STEPS", "SIZE_FRACTIONS", "WARMUP_STEPS", "block_starts", "calibrate_run",
           "calibrate_spec", "fit_cost", "load", "path_for", "representative_runs", "run_seconds", "save"]

#: Where the timed blocks start, as fractions of the budget B (the last block ends at B).
SIZE_FRACTIONS = (0.125, 0.25, 0.5, 1.0)
#: Least iterations of a timed block (module docstring, step 3): a block of a method that refits every
#: iteration averages over the iteration-to-iteration spread of the maximiser's work (0.37-0.86 CPU s in the
#: example there) instead of reading two or three iterations of it.
DEFAULT_STEPS = 25
#: Untimed iterations after each fill (module docstring, step 2).
WARMUP_STEPS = 3
#: The fill evaluates the real objective unless that would take longer than this (seconds: the measured
#: evaluation times the budget); only then are its y drawn from a normal with the mean and s.d. of the
#: measured evaluations. Neither fill is a run: a model fitted to other data has other hyperparameters, and
#: an acquisition maximiser's path follows them. MS-UCB on TranThe2020 Fig. 4's D = 500 digits network
#: (0.06 s an evaluation) spent 240-340 k acquisition evaluations a step after a noise fill and 10 k after a
#: real one; its first real run spent ~310 k (2715 CPU s against the 222 s this calibration predicted). The
#: real values are kept as the rule (the objective's own scale and shape), and measured runs replace a
#: calibration in every price as soon as they are archived.
_REAL_FILL_SECONDS = 120.0
#: Version of the stored file's layout.
FORMAT = 1


@dataclass
class Calibration:
    """One method's measured cost on one problem at one budget.

    Attributes
    ----------
    method, label, problem, problem_content : str
        Canonical method, the method as the spec names it, the spec's problem label and the problem's
        defining content (as in :class:`~.spec.Run`).
    dim, budget, n_init, n_cyc : int
    how : {"blocks", "full run"}
        Timed blocks at several sizes (fitted), or one real run of the whole budget.
    blocks : list of [n, iterations, cpu_seconds]
        Each timed block: its start size, its length and its CPU seconds.
    objective_seconds : float
        Mean CPU seconds of one objective evaluation.
    coefficients : list of float
        :math:`a_0..a_3` of :func:`fit_cost` (empty for a full run).
    seconds : float
        Predicted (or, for a full run, measured) CPU seconds of the run.
    commit, created : str
        The commit it was measured at and when (set by :func:`save`; a file's top-level ``commit`` is its
        latest save's, and entries kept from earlier saves keep theirs; entries saved before this field
        existed have none).
    """

    method: str
    label: str
    problem: str
    problem_content: str
    dim: int
    budget: int
    n_init: int
    n_cyc: int
    how: str
    blocks: list = field(default_factory=list)
    objective_seconds: float = 0.0
    coefficients: list = field(default_factory=list)
    seconds: float = math.nan
    commit: str = ""
    created: str = ""


def fit_cost(sizes, per_iteration) -> np.ndarray:
    r""":math:`a_0..a_3 \ge 0` of :math:`c(n)=\sum_k a_k n^k` fitted to per-iteration CPU seconds measured at
    ``sizes``, by non-negative least squares on relative residuals (each row divided by its measured cost, so
    a size of 1 ms counts as much as one of 1 s); with fewer than four sizes only the first ``len(sizes)``
    coefficients are fitted (one size: a constant).

    >>> coef = fit_cost([100, 200, 400, 800], [1e-3 + 2e-9 * n**3 for n in (100, 200, 400, 800)])
    >>> bool(np.allclose(coef, [1e-3, 0.0, 0.0, 2e-9], rtol=1e-6, atol=1e-15))
    True
    """
    n = np.asarray(sizes, dtype=float)
    c = np.asarray(per_iteration, dtype=float)
    if n.ndim != 1 or n.shape != c.shape or n.size == 0:
        raise ValueError(f"sizes and per_iteration must be equal-length 1-D sequences; got shapes {n.shape} "
                         f"and {c.shape}")
    if not np.all(np.isfinite(c)) or np.any(c <= 0) or np.any(n < 1):
        raise ValueError(f"per_iteration must be positive and finite and sizes >= 1; got {c.tolist()} at "
                         f"{n.tolist()}")
    terms = min(4, n.size)   # no more coefficients than sizes: one size gives a constant
    scale = 1.0 / n.max()    # columns in units of the largest size, for a well-conditioned system
    design = np.column_stack([(n * scale) ** k for k in range(terms)]) / c[:, None]
    coef, _ = nnls(design, np.ones_like(c))
    return np.concatenate([coef * scale ** np.arange(terms), np.zeros(4 - terms)])


def run_seconds(coefficients, n_init: int, budget: int, objective_seconds: float = 0.0) -> float:
    r"""CPU seconds of a run: :math:`n_{init}\,\bar e+\sum_{t=n_{init}}^{B-1} c(t)` (the iteration that
    makes observation t+1 starts from t observations)."""
    budget = check_integer("budget", budget, low=1)
    n_init = check_integer("n_init", n_init, low=0)
    t = np.arange(min(n_init, budget), budget, dtype=float)
    a = np.asarray(coefficients, dtype=float)
    return float(min(n_init, budget) * objective_seconds + np.sum(a[0] + t * (a[1] + t * (a[2] + t * a[3]))))


def representative_runs(spec: Spec, mode: str = "full") -> list:
    """One run per (method, dimension, budget) of ``spec``'s ``mode``: the first problem of that D and B,
    repeat 0. Methods are canonical; problems of one D and B share a price (their objectives cost the same
    up to their evaluation time, which the block timings include)."""
    chosen = {}
    for run in spec.runs(mode):
        key = (canonical_method(run.method), run_dimension(run), run.budget)
        if run.repeat == 0 and key not in chosen:
            chosen[key] = run
    return list(chosen.values())


def block_starts(budget: int, n_init: int, block: int) -> list[int]:
    """Where the timed blocks start: :data:`SIZE_FRACTIONS` of ``budget``, the last block ending at
    ``budget``, none before ``n_init + 1``, blocks not overlapping (taken from the largest down, so the sizes
    that cost most are always measured).

    >>> block_starts(1000, 10, 25), block_starts(60, 10, 25)
    ([125, 250, 500, 975], [35])
    """
    budget = check_integer("budget", budget, low=1)
    n_init = check_integer("n_init", n_init, low=0)
    block = check_integer("block", block, low=1)
    starts: list[int] = []
    for fraction in sorted(SIZE_FRACTIONS, reverse=True):
        n = min(max(int(fraction * budget), n_init + 1), budget - block)
        if n >= n_init + 1 and (not starts or n <= starts[-1] - block):
            starts.append(n)
    return starts[::-1]


def _timed_block(optimizer, objective, iterations: int) -> float:
    start = time.process_time()
    optimizer.run(objective, iterations, progress=False)
    return time.process_time() - start


def _fill(optimizer, objective, target: int, rng, y_draw) -> None:
    """Tell ``optimizer`` observations at uniform points of its box until it holds ``target``, no refits."""
    cycle, optimizer.n_cyc = optimizer.n_cyc, 10**9   # only the first fit after n_init, then appends
    try:
        while optimizer.n_observations < target:
            box = optimizer.domain
            x = rng.uniform(box[:, 0], box[:, 1])
            optimizer.tell(x, y_draw(x))
    finally:
        optimizer.n_cyc = cycle


def calibrate_run(spec: Spec, run, *, steps: int = DEFAULT_STEPS, rng=None,
                  progress=None) -> Calibration:
    """Measure ``run``'s method at the sizes of :data:`SIZE_FRACTIONS` (module docstring) and fit its cost.

    Parameters
    ----------
    spec, run : Spec, Run
        The spec and one of its runs (:func:`representative_runs`).
    steps : int
        Least iterations per timed block (>= 1); a block is the fewest whole refit cycles (``n_cyc``
        iterations each) that reach ``steps``, after :data:`WARMUP_STEPS` untimed iterations.
    rng : numpy.random.Generator, optional
        Draws the fill's points (default ``numpy.random.default_rng(0)``).
    progress : callable, optional
        ``progress(text)`` after each block.
    """

    steps = check_integer("steps", steps, low=1)
    rng = np.random.default_rng(0) if rng is None else rng
    say = progress or (lambda text: None)
    with threadpool_limits(limits=1), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        objective, box = make_problem(spec, run)
        _, method_seed = run.seed_sequences()
        optimizer = make_optimizer(spec, run, objective, box, np.random.default_rng(method_seed))
        n_init, n_cyc, budget = int(optimizer.n_init), int(optimizer.n_cyc), int(run.budget)
        entry = Calibration(canonical_method(run.method), run.method, run.problem, run.problem_content,
                            int(run_dimension(run) or optimizer.dim), budget, n_init, n_cyc, "blocks")
        probe = [rng.uniform(box[:, 0], box[:, 1]) for _ in range(3)]
        start = time.process_time()
        values = [float(objective(x)) for x in probe]
        entry.objective_seconds = (time.process_time() - start) / len(probe)
        if entry.objective_seconds * budget <= _REAL_FILL_SECONDS:
            def y_draw(x):
                return float(objective(x))
        else:
            mean, sd = float(np.mean(values)), float(np.std(values)) or 1.0

            def y_draw(x):
                return float(rng.normal(mean, sd))

        block = n_cyc * math.ceil(steps / n_cyc)   # whole refit cycles, at least ``steps`` iterations
        span = WARMUP_STEPS + block
        warm = optimizer.uses_model and budget > n_init + span
        if warm:
            _fill(optimizer, objective, n_init + 1, rng, y_draw)
            warm = getattr(optimizer, "gp", None) is not None
        if not warm:   # no model, a model of its own making, or a budget within one block: time it all
            optimizer = make_optimizer(spec, run, objective, box, np.random.default_rng(method_seed))
            seconds = _timed_block(optimizer, objective, budget)
            entry.how, entry.blocks, entry.seconds = "full run", [[0, budget, seconds]], seconds
            say(f"{entry.label} D={entry.dim} B={budget}: one full run, {seconds:.1f} CPU s")
            return entry
        for start in block_starts(budget, n_init, span):
            _fill(optimizer, objective, start, rng, y_draw)
            optimizer.run(objective, WARMUP_STEPS, progress=False)     # not timed: step 2
            n = start + WARMUP_STEPS
            # One block of n_cyc iterations holds exactly one scheduled refit, wherever it starts.
            seconds = _timed_block(optimizer, objective, block)
            entry.blocks.append([n, block, seconds])
            say(f"{entry.label} D={entry.dim} B={budget}: n={n}, {block} iterations, {seconds:.2f} CPU s")
    per_iteration = [max(s / k, 1e-9) for _, k, s in entry.blocks]
    centres = [n + (k - 1) / 2 for n, k, _ in entry.blocks]
    entry.coefficients = fit_cost(centres, per_iteration).tolist()
    entry.seconds = run_seconds(entry.coefficients, n_init, budget, entry.objective_seconds)
    return entry


def calibrate_spec(spec: Spec, *, mode: str = "full", steps: int = DEFAULT_STEPS, seed: int = 0,
                   methods=None, progress=None) -> list[Calibration]:
    """:func:`calibrate_run` for each of :func:`representative_runs` (only ``methods``, canonical names,
    when given), every draw from one ``numpy.random.default_rng(seed)``."""
    rng = np.random.default_rng(check_integer("seed", seed, low=0))
    runs = representative_runs(spec, mode)
    if methods is not None:
        wanted = {canonical_method(m): m for m in methods}
        unknown = sorted(m for c, m in wanted.items() if c not in {canonical_method(r.method) for r in runs})
        if unknown:
            raise ValueError(f"methods={unknown!r} are not methods of {spec.key}; its methods are "
                             f"{sorted(set(spec.methods))!r}")
        runs = [r for r in runs if canonical_method(r.method) in wanted]
    return [calibrate_run(spec, run, steps=steps, rng=rng, progress=progress) for run in runs]


def path_for(export_root, key: str) -> Path:
    """``<export_root>/calibration/<key>.json``."""
    return Path(export_root) / "calibration" / f"{key}.json"


def _digest(entries: list[dict]) -> str:
    return hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()


def save(spec: Spec, entries: list[Calibration], export_root=EXPORT_ROOT, *, mode: str = "full",
         commit: str | None = None) -> Path:
    """Write ``entries`` (merged with the file's entries of other methods, a re-measured one replaced) with
    the spec's hash, the commit, the machine and a sha256 of the entries; each new entry records this
    commit and time, an entry kept from an earlier save keeps its own."""

    info = provenance(commit)
    created = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    old = {(e["method"], e["dim"], e["budget"]): e for e in (load(spec, export_root, mode=mode) or [])}
    old.update({(e.method, e.dim, e.budget): {**asdict(e), "commit": info["commit"], "created": created}
                for e in entries})
    rows = [old[k] for k in sorted(old)]
    document = {"format": FORMAT, "spec": spec.key, "mode": mode, "spec_hash": spec.hash(mode),
                "commit": info["commit"], "dirty": info["dirty"], "python": info["python"],
                "numpy": info["numpy"], "scipy": info["scipy"],
                "machine": {"host": info["host"], "processor": platform.processor() or platform.machine()},
                "created": created, "entries": rows, "sha256": _digest(rows)}
    return atomic_write_text(path_for(export_root, spec.key), json.dumps(document, indent=1) + "\n")


def load(spec: Spec, export_root=EXPORT_ROOT, *, mode: str = "full") -> list[dict] | None:
    """The stored entries of ``spec``'s calibration, or None when there is none or it does not belong to this
    spec as it is now (another spec key, mode or hash: the spec changed) or its content does not match its
    checksum. A damaged file is ignored with a warning, never trusted."""
    path = path_for(export_root, spec.key)
    if not path.is_file():
        return None
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
        rows = document["entries"]
        ok = (document.get("format") == FORMAT and document.get("spec") == spec.key
              and document.get("mode") == mode and document.get("sha256") == _digest(rows))
    except (OSError, ValueError, KeyError, TypeError) as error:
        warnings.warn(f"{path}: unreadable calibration ignored ({error})", stacklevel=2)
        return None
    if not ok:
        warnings.warn(f"{path}: its spec, mode, format or checksum does not match {spec.key!r} ({mode}); "
                      "ignored", stacklevel=2)
        return None
    if document.get("spec_hash") != spec.hash(mode):
        return None   # the spec changed since: a stale price is no price
    return rows
