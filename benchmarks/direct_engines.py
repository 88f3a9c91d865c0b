"""Section (f) of the performance suite: one acquisition maximisation (``ask``) of each DIRECT-using paper
setup at its paper's n, with scipy's DIRECT (one point per call, the reference) and the batched DIRECT (one
call per DIRECT iteration, :mod:`regretlab.algorithms._direct`) side by side, regretlab alone.

Each case tells ``n`` uniform points of the paper's objective to the paper's setup without the schedule's
refits, refits once (untimed), then asks once per engine on the same model. Agreement first: both engines
must return the same point, bit for bit, or the section stops with an error. Times are medians of
``repeats`` interleaved asks, CPU (process) seconds, one BLAS thread (the suite pins it).
"""

from __future__ import annotations

import functools
import statistics
import time
import warnings
from contextlib import contextmanager

import numpy as np

from regretlab import objectives
from regretlab.algorithms import base, maximize, setups

#: (label, setup, sizes, objective, D, n): the paper's sizes (Li2016 Tables 1-2: D = 50, T up to 1000;
#: Kandasamy2015 Fig. 3: D = 24, d = 6, M = 4, T = 1000 in the paper's plots' last segment).
CASES = {
    "full": [
        ("Li2016 ADD-10", "Li2016/ADD", {"d": 10}, "projected_additive", 50, 1000),
        ("Li2016 RPP-10", "Li2016/RPP", {"d": 10}, "projected_additive", 50, 1000),
        ("Li2016 GP-UCB", "Li2016/GP-UCB", {}, "projected_additive", 50, 1000),
        ("Kandasamy2015 Add-6/4", "Kandasamy2015/Add-d/M", {"d": 6, "M": 4}, "additive_trimodal", 24, 1000),
    ],
    "quick": [
        ("Li2016 ADD-2", "Li2016/ADD", {"d": 2}, "projected_additive", 6, 40),
        ("Kandasamy2015 Add-3/4", "Kandasamy2015/Add-d/M", {"d": 3, "M": 4}, "additive_trimodal", 10, 40),
    ],
}


@contextmanager
def _engine(name: str):
    """Route the optimisers' DIRECT calls through ``maximize_direct(engine=name)``."""
    original = base.maximize_direct
    base.maximize_direct = functools.partial(maximize.maximize_direct, engine=name)
    try:
        yield
    finally:
        base.maximize_direct = original


def _model(setup, sizes, objective_name, dim, n):
    objective = objectives.get(objective_name, dim=dim)
    opt = setups.get(setup, objective.bounds, rng=0, **sizes)
    X = objective.bounds[:, 0] + np.random.default_rng(1).random((n, dim)) * np.ptp(objective.bounds, axis=1)
    n_init, opt.n_init = opt.n_init, 10**9  # tell without the schedule's refits
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # fits on a bound are the runner's business, not the timing's
        for x in X:
            opt.tell(x, float(objective(x)))
        opt.n_init = n_init
        opt.refit()
    return opt


def _ask(opt, engine):
    with _engine(engine), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        start = time.process_time()
        x = opt.ask()
        seconds = time.process_time() - start
    return x, seconds


def section_f(size: str, repeats: int) -> list[dict]:
    rows = []
    for label, setup, sizes, objective_name, dim, n in CASES[size]:
        opt = _model(setup, sizes, objective_name, dim, n)
        x_scipy, _ = _ask(opt, "scipy")
        x_batched, _ = _ask(opt, "batched")
        if not np.array_equal(x_scipy, x_batched):
            raise RuntimeError(f"(f) {label}: the engines' points differ: {x_scipy} vs {x_batched}")
        times = {"scipy": [], "batched": []}
        for _ in range(repeats):
            for engine in times:
                times[engine].append(_ask(opt, engine)[1])
        scipy_s, batched_s = statistics.median(times["scipy"]), statistics.median(times["batched"])
        rows.append({"case": label, "D": dim, "n": n, "budget": int(opt.acq_budget), "scipy_cpu_s": scipy_s,
                     "batched_cpu_s": batched_s, "ratio": scipy_s / batched_s})
    return rows
