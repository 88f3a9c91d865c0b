"""Benchmark: each paper setup on its paper's benchmark at reduced size, against random search and GP-UCB.

Per case: simple regret :math:`f^\\star-\\max_{i\\le n}f(x_i)` after a fixed budget over ``--seeds`` seeds
(0, 1, ...), its median and quartiles, the one-sided Mann-Whitney p-value of "the method's regret is
smaller than random search's" (:func:`scipy.stats.mannwhitneyu`), the runs whose ML-II fit ended on a kernel
bound (σ² on its floor is not counted: the objectives are noiseless), and seconds per run. The benchmarks
are translated instances (``instance=1``) where the untranslated optimum sits at the box centre, DIRECT's
first sample. UBO starts from the 20 % box of [Ha2019, §6] (``initial_search_box``, one per seed) on an
objective defined everywhere; its random search and GPUCB-Vanilla search that initial box.

Run as ``python benchmarks/paper_setups.py [--seeds 10] [--jobs 2] [--cases ID ...] [--out FILE.json]``.
Results are written atomically after every case (a killed run keeps the finished cases, and ``--out`` of an
earlier run resumes: finished (case, method, seed) runs are not repeated). ``tests/slow`` uses ``CASES`` and
:func:`run_one`.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np
from joblib import Parallel, delayed
from scipy.stats import mannwhitneyu

from regretlab import objectives
from regretlab.algorithms import setups
from regretlab.algorithms.baselines import RandomSearch
from regretlab.algorithms.ubo import initial_search_box

RANDOM = "random"

#: id -> the setup under test, its sizes, the comparison setups, the objective and the budget.
CASES = {
    "ms-ucb/hyperellipsoid": dict(setup="TranThe2020/MS-UCB", sizes={}, baselines=["TranThe2020/GP-UCB"],
                                  objective="hyperellipsoid", dim=20, instance=1, n_eval=80,
                                  objective_options={"variant": "axis_parallel"}),
    "ms-ucb/ackley": dict(setup="TranThe2020/MS-UCB", sizes={}, baselines=["TranThe2020/GP-UCB"],
                          objective="ackley", dim=20, instance=1, n_eval=80),
    # 110 evaluations: the first 25 BO iterations are the 1e-5 bandwidth warm-up of [Kandasamy2015, §5].
    "add/f_d'-code(10,3,3)": dict(setup="Kandasamy2015/Add-d/M", sizes={"d": 3, "M": 4},
                                  baselines=["Kandasamy2015/Add-d/M-code", "Kandasamy2015/GP-UCB"],
                                  objective="additive_trimodal_code", dim=10, instance=0, n_eval=110),
    "add/trimodal(10,3,3)": dict(setup="Kandasamy2015/Add-d/M", sizes={"d": 3, "M": 4},
                                 baselines=["Kandasamy2015/GP-UCB"], objective="additive_trimodal", dim=10,
                                 instance=0, n_eval=60),
    "rpp/li-f(20)": dict(setup="Li2016/RPP", sizes={"d": 5}, baselines=["Li2016/GP-UCB"],
                         objective="projected_additive", dim=20, instance=0, n_eval=60),
    "ubo/beale": dict(setup="Ha2019/GPUCB-UBO", sizes={}, baselines=["Ha2019/GPUCB-UBO-code",
                                                                     "Ha2019/GPUCB-Vanilla"],
                      objective="beale", dim=2, instance=0, n_eval=26, ubo_box=True),
    "ubo/hartmann3": dict(setup="Ha2019/GPUCB-UBO", sizes={}, baselines=["Ha2019/GPUCB-UBO-code",
                                                                         "Ha2019/GPUCB-Vanilla"],
                          objective="hartmann3", dim=3, instance=0, n_eval=39, ubo_box=True),
}


def methods(case_id: str) -> list[str]:
    """The setup under test, its comparison setups, and random search."""
    case = CASES[case_id]
    return [case["setup"], *case["baselines"], RANDOM]


def run_one(case_id: str, method: str, seed: int, *, objective_options=None, n_eval=None,
            **overrides) -> dict:
    """One run: simple regret after the case's budget, fits on a kernel bound, expansions, seconds.

    ``objective_options`` go to :func:`regretlab.objectives.get` (e.g. ``variant``), ``n_eval`` replaces
    the case's budget, ``overrides`` go to the setup (e.g. ``active="first"``)."""
    case = CASES[case_id]
    ubo = case.get("ubo_box", False)
    options = {**case.get("objective_options", {}), **(objective_options or {})}
    objective = objectives.get(case["objective"], dim=case["dim"], instance=case["instance"],
                               enforce_bounds=not ubo, **options)
    bounds = initial_search_box(objective.bounds, rng=seed) if ubo else objective.bounds
    if method == RANDOM:
        optimizer = RandomSearch(bounds, rng=seed)
    else:
        sizes = case["sizes"] if setups.describe(method).sizes else {}
        optimizer = setups.get(method, bounds, rng=seed, **sizes, **overrides)
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        trace = optimizer.run(objective, n_eval or case["n_eval"], progress=False)
    refits = [r["refit"] for r in trace.records if "refit" in r]
    at_bound = [b for refit in refits for b in refit.get("at_bounds", []) if b != "noise_variance=low"]
    last = [b for b in (refits[-1].get("at_bounds", []) if refits else []) if b != "noise_variance=low"]
    return {
        "case": case_id, "method": method, "seed": seed,
        "regret": float(objective.optimum_value - np.max(trace.f)),
        "fit_at_bound": sorted(set(at_bound)),
        "last_fit_at_bound": last,
        "expansions": int(getattr(optimizer, "n_expansions", 0)),
        "seconds": time.perf_counter() - start,
    }


def one_sided_p(method_regrets, random_regrets) -> float:
    """Mann-Whitney p-value of 'the method's regret is stochastically smaller than random search's'."""
    return float(mannwhitneyu(method_regrets, random_regrets, alternative="less").pvalue)


def _write_atomic(path: Path, rows: list[dict]) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w") as handle:
        json.dump(rows, handle, indent=1)
    os.replace(tmp, path)


def summary(rows: list[dict]) -> str:
    """The table: per case and method, median [quartiles] regret, p vs random, runs on a bound, s/run."""
    lines = [f"{'case':22s} {'method':27s} {'median regret [q1, q3]':>34s} {'p(<random)':>10s} "
             f"{'on bound':>8s} {'expand':>6s} {'s/run':>6s}"]
    for case_id in CASES:
        random = [r["regret"] for r in rows if r["case"] == case_id and r["method"] == RANDOM]
        for method in methods(case_id):
            mine = [r for r in rows if r["case"] == case_id and r["method"] == method]
            if not mine:
                continue
            regret = np.array([r["regret"] for r in mine])
            q1, med, q3 = np.percentile(regret, [25, 50, 75])
            p = one_sided_p(regret, random) if method != RANDOM and random else math.nan
            bound = sum(1 for r in mine if r["fit_at_bound"])
            expand = np.mean([r["expansions"] for r in mine])
            secs = np.mean([r["seconds"] for r in mine])
            lines.append(f"{case_id:22s} {method:27s} {med:12.4g} [{q1:9.4g}, {q3:9.4g}] {p:10.3g} "
                         f"{bound:>5d}/{len(mine):<2d} {expand:6.1f} {secs:6.1f}")
    return "\n".join(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cases", nargs="*", default=list(CASES), choices=list(CASES))
    parser.add_argument("--out", type=Path, default=Path("paper_setups.json"))
    args = parser.parse_args(argv)
    rows = json.loads(args.out.read_text()) if args.out.exists() else []
    done = {(r["case"], r["method"], r["seed"]) for r in rows}
    for case_id in args.cases:
        todo = [(case_id, m, s) for m in methods(case_id) for s in range(args.seeds)
                if (case_id, m, s) not in done]
        rows += Parallel(n_jobs=args.jobs)(delayed(run_one)(*job) for job in todo)
        _write_atomic(args.out, rows)
    print(summary([r for r in rows if r["case"] in args.cases and r["seed"] < args.seeds]))


if __name__ == "__main__":
    main()
