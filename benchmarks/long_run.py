"""Benchmark: does a long run stay affordable? GP-UCB on the six-hump camel (D = 2) for 2000 iterations.

The cost issue's check: with BLAS pinned to one thread, a 2000-iteration GP-UCB run completes, and its last
100 steps past the initial design cost less than 3 times its first 100 (refits amortised: each step's CPU
seconds include the hyperparameter refit it triggered, every ``n_cyc`` observations). Each step is timed as
``ask`` + objective + ``tell`` in CPU (process) seconds. Printed: total CPU seconds, the first and last 100
steps' sums, their ratio, and a slope of log(step cost) against log(t) over
the second half. Nothing is asserted against a time.

Run as ``python benchmarks/long_run.py [--iterations 2000] [--seed 0] [--out FILE.json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import time
import warnings

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402  (after pinning BLAS threads)
from threadpoolctl import threadpool_limits  # noqa: E402

from regretlab import objectives  # noqa: E402
from regretlab.algorithms.gp_ucb import GPUCB  # noqa: E402


def run(iterations: int, seed: int) -> dict:
    objective = objectives.get("camelback")
    opt = GPUCB(objective.bounds, rng=seed)
    seconds = []
    with threadpool_limits(1), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # fits on a bound are recorded, not the point here
        for _ in range(iterations):
            start = time.process_time()
            x = opt.ask()
            opt.tell(x, float(objective(x)))
            seconds.append(time.process_time() - start)
    seconds = np.asarray(seconds)
    past = seconds[opt.n_init:]
    first, last = float(past[:100].sum()), float(past[-100:].sum())
    half = np.arange(len(seconds)) >= len(seconds) // 2
    t = np.arange(1, len(seconds) + 1)
    slope = float(np.polyfit(np.log(t[half]), np.log(np.maximum(seconds[half], 1e-9)), 1)[0])
    return {"iterations": iterations, "n_init": opt.n_init, "n_cyc": opt.n_cyc,
            "total_cpu_s": float(seconds.sum()), "first_100_cpu_s": first, "last_100_cpu_s": last,
            "ratio_last_first": last / first,
            "slope_second_half": slope}


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out")
    args = parser.parse_args(argv)
    report = run(args.iterations, args.seed)
    print(json.dumps(report, indent=1))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=1)
    return report


if __name__ == "__main__":
    main()
