"""Run a spec: every (method, problem, repeat) as an independent job, locally with joblib or on a
``dask.distributed`` cluster, resumable, with a progress bar on a terminal.

:func:`run_spec` lists the spec's runs, skips those with a complete result file (unless ``force``), and
executes the rest with :class:`joblib.Parallel` (``jobs`` processes) or, given ``scheduler``, with a
:class:`distributed.Client` connected to it. Each job builds its objective and optimiser from the run's
seeds alone (:meth:`regretlab.experiments.spec.Run.seed_sequences`), so the results do not depend on the
order, the worker or the backend. A failing run is reported in the returned :class:`RunReport` and does not
stop the others.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import traceback
import warnings
from dataclasses import dataclass, field

import numpy as np
from joblib import Parallel, delayed
from threadpoolctl import threadpool_limits
from tqdm import tqdm

from regretlab._io import git_commit
from regretlab._validate import check_bool, check_choice, check_integer, check_number
from regretlab.algorithms import setups
from regretlab.algorithms.acquisition import Acquisition
from regretlab.algorithms.ubo import initial_search_box
from regretlab.bounds.information_gain import sequential_posterior_variances

from . import partial, record, store
from .run_meta import RunMeta
from .spec import MODES, OBJECTIVE_GROUPS, Run, Spec, parse_method, stored_method

__all__ = ["RunReport", "run_spec", "run_tasks", "execute_run", "make_problem", "make_optimizer"]


@dataclass
class RunReport:
    """What :func:`run_spec` did: runs computed, skipped (already finished) and failed (id, error)."""

    spec: str
    mode: str
    spec_hash: str
    out: str
    computed: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    seconds: float = 0.0
    #: With ``keep_results``: every finished run's record, ``(method, problem, repeat) -> result``, each file
    #: read once (an export can use them without reading the files again).
    results: dict = field(default_factory=dict, repr=False)

    @property
    def ok(self) -> bool:
        return not self.failed

    def summary(self) -> str:
        text = (f"{self.spec} [{self.mode}] {self.spec_hash[:12]}: {len(self.computed)} computed, "
                f"{len(self.skipped)} already finished, {len(self.failed)} failed in {self.seconds:.1f} s")
        for run_id, error in self.failed:
            text += f"\n  FAILED {run_id}: {error.strip().splitlines()[-1] if error.strip() else error}"
        return text


def make_problem(spec: Spec, run: Run):
    """The run's objective and the box its optimiser starts from.

    ``protocol="domain"``: the objective's domain. ``"ha2019_initial_box"``: a cube of 20 % of the domain's
    largest side at a random centre ([Ha2019, §6]; :func:`regretlab.algorithms.ubo.initial_search_box`),
    drawn from the run's box stream, and the objective defined beyond its domain (``enforce_bounds=False``)
    because the expanding methods search outside it.
    """

    problem = spec.problem(run.problem)
    box_seed, _ = run.seed_sequences()
    if spec.protocol == "ha2019_initial_box":
        objective = problem.objective(enforce_bounds=False)
        box = initial_search_box(objective.bounds, np.random.default_rng(box_seed))
    else:
        objective = problem.objective()
        box = np.array(objective.bounds, dtype=float)
    return objective, box


def make_optimizer(spec: Spec, run: Run, objective, box, rng):
    """The run's optimiser: its setup with the overrides of the method as stored (:func:`stored_method`: one
    spelling per configuration, so a shared run records the same overrides whoever asks); ``"@groups"`` is
    the objective's groups."""

    name, overrides = parse_method(stored_method(run.method))
    for key, value in overrides.items():
        if value == OBJECTIVE_GROUPS:
            base = getattr(objective, "base", objective)
            overrides[key] = np.asarray(base.groups).tolist()
    return setups.get(name, box, rng=rng, **overrides)


def _picture_arrays(optimizer, objective, n_grid: int = 80) -> dict:
    """For a picture spec: the final UCB on a grid over the union of the objective's domain and the final
    search box (2-D problems), with the β of the last iteration."""

    domain = np.asarray(objective.bounds, dtype=float)
    box = optimizer.domain
    low, high = np.minimum(domain[:, 0], box[:, 0]), np.maximum(domain[:, 1], box[:, 1])
    g0, g1 = np.linspace(low[0], high[0], n_grid), np.linspace(low[1], high[1], n_grid)
    G0, G1 = np.meshgrid(g0, g1)
    points = np.column_stack([G0.ravel(), G1.ravel()])
    beta = float(optimizer.beta_t(optimizer.n_observations + 1))
    ucb = Acquisition(optimizer.model, "ucb", beta=beta)(points).reshape(G0.shape)
    return {"grid_x0": g0, "grid_x1": g1, "grid_ucb": ucb}


def _information_inputs(optimizer, arrays: dict) -> dict:
    r"""What the bounds-against-runs figures need from a finished GP run: the posterior variances
    :math:`\sigma^2_{t-1}(x_t)` of its queries in query order under its final hyperparameters, with the
    kernel scaled to :math:`k(x,x)\le1` as the theorems assume (``arrays["posterior_variance"]``); the noise
    variance in those units; and the unit that turns the GP's f back into the objective's (y scale times
    the kernel's amplitude). Nothing for model-free methods."""
    bound = optimizer.bound_inputs() if hasattr(optimizer, "bound_inputs") else None
    if bound is None:
        return {}

    K = bound.kernel(bound.X)
    scale = float(np.max(np.diag(K)))
    noise = bound.noise_variance / scale
    try:
        arrays["posterior_variance"] = sequential_posterior_variances(K=K / scale, sigma=np.sqrt(noise))
    except ValueError:
        return {}
    return {"noise_ratio": noise, "regret_unit": bound.y_scale * float(np.sqrt(scale)),
            "bound_constants": dict(bound.constants)}


def _orphan_watchdog(parent: int) -> None:
    """In a joblib worker: end this process as soon as the runner that started it is gone (its parent pid
    changes when the runner is killed), so that a killed runner leaves no worker computing or writing.
    One daemon thread per worker process, polling every half second."""

    if getattr(_orphan_watchdog, "started", False) or os.getpid() == parent:
        return
    _orphan_watchdog.started = True

    def watch():
        while True:
            if os.getppid() != parent:
                os._exit(1)   # the runner is gone: nothing here may write any more
            time.sleep(0.5)

    threading.Thread(target=watch, daemon=True, name="regretlab-orphan-watchdog").start()


def execute_run(
    spec: Spec, run: Run, out, parent: int | None = None, commit: str | None = None,
    checkpoint_seconds: float | None = partial.CHECKPOINT_SECONDS,
) -> tuple[str, str | None, float]:
    """Compute one run and write its record (:mod:`regretlab.experiments.record`); returns ``(run_id, error
    or None, seconds)``.

    Runs in a worker process: everything it needs is in ``spec`` and ``run``. Every BLAS and OpenMP pool is
    held at one thread while the run computes (threadpoolctl), so a result does not depend on the machine's
    core count, on ``--jobs`` or on which process computes it (multi-threaded BLAS sums in another order).
    The run's state is kept every ``checkpoint_seconds`` of wall-clock time (None: never) and a run killed
    before its end continues from there when started again, to the same result
    (:mod:`regretlab.experiments.partial`).
    """

    if checkpoint_seconds is not None:
        checkpoint_seconds = check_number("checkpoint_seconds", checkpoint_seconds, low=0.0)
    if parent is not None:
        _orphan_watchdog(parent)
    start, cpu_start, started = time.perf_counter(), time.process_time(), record.utc_now()
    try:
        with threadpool_limits(limits=1):
            objective, box = make_problem(spec, run)
            box_seed, method_seed = run.seed_sequences()
            before = None if checkpoint_seconds is None else partial.load(out, run, commit)
            if before is None:
                optimizer = make_optimizer(spec, run, objective, box, np.random.default_rng(method_seed))
            else:
                optimizer = before.optimizer
                before.restore_noise(objective)
            keep = None if checkpoint_seconds is None else partial.Checkpointer(
                out, run, objective, commit=commit, every_seconds=checkpoint_seconds, cpu_start=cpu_start,
                wall_start=start, before=before, started=started)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # fit-at-bound warnings are recorded in the trace itself
                # one run call for the rest of the budget (a checkpoint holds 1 <= n < budget observations)
                trace = optimizer.run(objective, run.budget - optimizer.n_observations, progress=False,
                                      callback=keep)
            arrays = record.trace_arrays(trace)
            gp_meta = _information_inputs(optimizer, arrays)
            boxes = [np.asarray(r[k]) for r in trace.records for k in ("search_box", "new_search_box")
                     if k in r]
            if run.picture:
                arrays.update(_picture_arrays(optimizer, objective))
                new_boxes = [np.asarray(r["new_search_box"]) for r in trace.records
                             if r.get("expanded") and "new_search_box" in r]
                arrays["new_boxes"] = np.array(new_boxes).reshape(-1, 2, 2)
            threads = record.blas_threads()
        meta = RunMeta(
            spec=spec.key, mode=run.mode, spec_hash=run.spec_hash, method=run.method, problem=run.problem,
            repeat=run.repeat, budget=run.budget, protocol=run.protocol, seed_entropy=int(box_seed.entropy),
            box_spawn_key=box_seed.spawn_key, method_spawn_key=method_seed.spawn_key,
            user_box=box, domain=objective.bounds, optimum_value=objective.optimum_value,
            algorithm=trace.algorithm, engine=getattr(optimizer, "ENGINE", 1),
            beta_scale=optimizer.params.get("beta_scale"), n_boxes=len(boxes), final_box=optimizer.domain,
            repeated_queries=_repeated_queries(trace.x),
            **{**record.provenance(commit), "blas_threads": threads},
            settings_fingerprint=record.run_settings_fingerprint(run),
            wall_seconds=(before.wall_seconds if before else 0.0) + time.perf_counter() - start,
            cpu_seconds=(before.cpu_seconds if before else 0.0) + time.process_time() - cpu_start,
            resumed_at=before.resumed_at if before else (),
            started=before.started if before and before.started else started, finished=record.utc_now(),
            **gp_meta,
        ).for_runner()
        store.write_result(out, run, arrays, meta)
        partial.discard(out, run)
        return run.run_id, None, time.perf_counter() - start
    except Exception:  # reported at the end with its traceback; the other runs go on
        return run.run_id, traceback.format_exc(), time.perf_counter() - start


def _repeated_queries(x) -> int:
    """How many queries repeat an earlier query exactly (a run stuck at one point shows here)."""
    rows = np.ascontiguousarray(np.asarray(x, dtype=float))
    if rows.ndim != 2 or not len(rows):
        return 0
    return int(len(rows) - len(np.unique(rows, axis=0)))


def run_spec(spec: Spec, mode: str = "quick", *, out="results", jobs: int | None = None,
             scheduler: str | None = None, force: bool = False, progress: bool | None = None,
             repeats: int | None = None, methods=None, keep_results: bool = False) -> RunReport:
    """Execute every unfinished run of ``spec`` in ``mode``; see the module docstring.

    Parameters
    ----------
    spec : Spec
        A validated spec (a derived spec runs the spec it reads from; pass that one).
    mode : {"quick", "full"}
    out : path
        Results folder; each run writes ``<out>/<spec-hash>/<run_id>.npz``.
    jobs : int, optional
        joblib processes (default: the number of cores).
    scheduler : str, optional
        Address of a ``dask.distributed`` scheduler (``tcp://host:port``); the runs go to its workers.
    force : bool
        Recompute finished runs.
    progress : bool, optional
        A tqdm bar over runs; default only when stderr is a terminal.
    repeats : int, optional
        Run only repeats ``0 .. repeats-1`` (a stage of a sequential design; a run's seeds do not depend on
        how many repeats are asked for, so a later stage extends an earlier one).
    methods : collection of str, optional
        Run only these methods of the spec (the ones whose claims are still undecided).
    keep_results : bool
        Keep every finished run's record in ``report.results`` (each result file read once: the check that
        a run is finished reads it anyway); off by default, a sequential study need not hold them all.
    """
    mode = check_choice("mode", mode, MODES)
    keep_results = check_bool("keep_results", keep_results)
    spec.validate()
    jobs = (os.cpu_count() or 1) if jobs is None else check_integer("jobs", jobs, low=1)
    progress = sys.stderr.isatty() if progress is None else bool(progress)
    runs = spec.runs(mode)
    if repeats is not None:
        repeats = check_integer("repeats", repeats, low=1)
        runs = [run for run in runs if run.repeat < repeats]
    if methods is not None:
        unknown = sorted(set(methods) - set(spec.methods))
        if unknown:
            raise ValueError(f"methods={unknown!r} are not methods of {spec.key} (its methods: "
                             f"{list(spec.methods)})")
        runs = [run for run in runs if run.method in set(methods)]
    digest = runs[0].spec_hash if runs else spec.hash(mode)
    store.clean(out)
    report = RunReport(spec.key, mode, digest, str(out))
    todo = []
    for run in runs:
        result = None if force else store.read_finished(out, run)
        if result is None:
            todo.append(run)
        else:
            report.skipped.append(run.run_id)
            if keep_results:
                report.results[(run.method, run.problem, run.repeat)] = result
    start = time.perf_counter()
    bar = tqdm(total=len(todo), desc=f"{spec.key} [{mode}]", disable=not progress or not todo, leave=False)
    for run_id, error, _seconds in _execute(spec, todo, out, jobs, scheduler):
        (report.failed.append((run_id, error)) if error else report.computed.append(run_id))
        bar.update(1)
    bar.close()
    report.seconds = time.perf_counter() - start
    if keep_results:   # the runs computed here, each read back once; all in the spec's order of runs
        for run in todo:
            result = store.read_finished(out, run)
            if result is not None:
                report.results[(run.method, run.problem, run.repeat)] = result
        order = [(run.method, run.problem, run.repeat) for run in runs]
        report.results = {k: report.results[k] for k in order if k in report.results}
    return report


#: Seconds to wait for a dask scheduler before the address is reported unreachable.
SCHEDULER_TIMEOUT = 10


def run_tasks(tasks, *, out="results", jobs: int = 1, scheduler: str | None = None,
              progress: bool = True, prices=None) -> dict[str, RunReport]:
    """Compute ``(spec, run)`` pairs of several specs in one pool, in the order given (a caller that knows
    the runs' prices puts the costliest first: with ``jobs`` > 1 the pool then ends with short runs, not with
    one long run on one core while the others idle). A run two pairs share (one result file) is computed
    once, for the first. Returns a :class:`RunReport` per spec key (computed and failed runs).

    ``prices`` (optional, one per task: its CPU seconds as :func:`regretlab.campaign.cost.run_prices`
    prices it): the progress bar then counts priced core-hours, not runs, so its rate and time left hold
    while the runs shrink from the costliest to the cheapest (a bar over runs showed 23 minutes a run after
    the first, then minutes). The runs finished are shown beside it.

    The sequential driver runs the next looks of several items this way
    (:func:`regretlab.campaign.sequential.run_items_until_decided`)."""
    jobs = check_integer("jobs", jobs, low=1)
    tasks = list(tasks)
    for i, task in enumerate(tasks):
        if not (isinstance(task, tuple) and len(task) == 2 and isinstance(task[0], Spec)
                and isinstance(task[1], Run)):
            raise ValueError(f"tasks[{i}]={task!r} is not a (Spec, Run) pair: each task is a spec and one of "
                             "its runs (spec.runs(mode))")
    if prices is not None:
        prices = [check_number(f"prices[{i}]", v, low=0.0) for i, v in enumerate(prices)]
        if len(prices) != len(tasks):
            raise ValueError(f"prices has {len(prices)} entries for {len(tasks)} tasks; one price per task")
    unique, seen, price_of = [], set(), {}
    for i, (spec, run) in enumerate(tasks):
        path = store.result_path(out, run)
        if path not in seen:
            seen.add(path)
            unique.append((spec, run))
            price_of[run.run_id] = prices[i] / 3600.0 if prices is not None else 1.0
    store.clean(out)
    reports = {spec.key: RunReport(spec.key, run.mode, run.spec_hash, str(out)) for spec, run in unique}
    owner = {run.run_id: spec.key for spec, run in unique}
    start = time.perf_counter()
    if prices is None:
        bar = tqdm(total=len(unique), desc="runs", disable=not progress or not unique, leave=False)
    else:
        bar = tqdm(total=sum(price_of.values()), desc="priced core-h", unit="core-h", leave=False,
                   disable=not progress or not unique,
                   bar_format="{desc}: {percentage:3.0f}%|{bar}| {n:.2f}/{total:.2f} [{elapsed}<{remaining}]"
                              "{postfix}")
        bar.set_postfix_str(f"runs 0/{len(unique)}")
    finished = 0
    for run_id, error, _seconds in _execute_tasks(unique, out, jobs, scheduler):
        report = reports[owner[run_id]]
        (report.failed.append((run_id, error)) if error else report.computed.append(run_id))
        finished += 1
        bar.update(price_of[run_id])
        if prices is not None:
            bar.set_postfix_str(f"runs {finished}/{len(unique)}")
    bar.close()
    for report in reports.values():
        report.seconds = time.perf_counter() - start
    return reports


def _execute(spec: Spec, runs: list[Run], out, jobs: int, scheduler: str | None):
    """Yield ``(run_id, error, seconds)`` as ``spec``'s runs finish (:func:`_execute_tasks`)."""
    yield from _execute_tasks([(spec, run) for run in runs], out, jobs, scheduler)


def _execute_tasks(tasks: list[tuple[Spec, Run]], out, jobs: int, scheduler: str | None):
    """Yield ``(run_id, error, seconds)`` as the ``(spec, run)`` pairs finish, on joblib or dask. The
    checkout's commit is read once here and handed to every run (dask workers included: they may run from
    another checkout)."""
    if not tasks:
        return

    commit = git_commit()
    if scheduler is not None:
        try:
            # lazy: the cluster extra (dask.distributed), optional
            from distributed import Client, as_completed
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise ValueError(f"scheduler={scheduler!r} needs dask.distributed: pip install "
                             "'regretlab[cluster]'") from exc
        try:
            client = Client(scheduler, timeout=SCHEDULER_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            raise ValueError(f"scheduler={scheduler!r} is unreachable (no answer within "
                             f"{SCHEDULER_TIMEOUT} s): {exc}") from None
        with client:
            futures = [client.submit(execute_run, spec, run, str(out), None, commit, pure=False,
                                     key=f"{run.run_id}-{run.spec_hash[:8]}") for spec, run in tasks]
            for future in as_completed(futures):
                yield future.result()
        return

    n_jobs = max(1, min(jobs, len(tasks)))
    if n_jobs == 1:
        for spec, run in tasks:
            yield execute_run(spec, run, out, commit=commit)
        return
    parallel = Parallel(n_jobs=n_jobs, return_as="generator_unordered", batch_size=1)
    parent = os.getpid()   # the workers' watchdog ends them when this process is gone
    yield from parallel(delayed(execute_run)(spec, run, str(out), parent, commit) for spec, run in tasks)
