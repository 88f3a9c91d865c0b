"""Benchmark: one GP-UCB iteration at D = 100 after t = 500 observations, 10·D L-BFGS-B starts (issue 4).

The GP keeps a fixed squared-exponential kernel (no hyperparameter refit), so the timing is the acquisition
step alone: 10·D = 1000 multistart L-BFGS-B runs of UCB with analytic gradients ([TranThe2020, §Experiments]'s
optimiser setting) under a hard evaluation budget. Printed: seconds for one ``ask()`` (median over
``--repeats``), acquisition evaluations used, and evaluations per second.

Run as ``python benchmarks/gp_ucb_iteration.py [--dim D] [--t T] [--budget N] [--repeats R] [--seed S]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from regretlab.algorithms.gp_ucb import GPUCB
from regretlab.gp import SquaredExponential


def one_iteration(*, dim: int, t: int, budget: int, seed: int) -> tuple[float, int]:
    """Seconds and acquisition evaluations of the (t+1)-th ``ask()`` of GP-UCB with 10·dim starts."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(0.0, 1.0, size=(t, dim))
    y = np.sin(3.0 * X[:, :5]).sum(axis=1) + 0.01 * rng.standard_normal(t)
    kernel = SquaredExponential(lengthscale=0.5 * np.sqrt(dim), variance=1.0)
    opt = GPUCB(
        [[0.0, 1.0]] * dim,
        rng=seed,
        n_init=t,
        kernel=kernel,
        noise_variance=1e-4,
        fit_hyperparameters=False,
        acq_optimizer="lbfgsb",
        acq_budget=budget,
        n_starts=10 * dim,
    )
    for x_i, y_i in zip(X, y, strict=True):
        opt.tell(x_i, float(y_i))
    start = time.perf_counter()
    opt.ask()
    seconds = time.perf_counter() - start
    return seconds, int(opt._pending["acq_evaluations"])


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dim", type=int, default=100)
    parser.add_argument("--t", type=int, default=500)
    parser.add_argument("--budget", type=int, default=50_000, help="hard cap on acquisition evaluations")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    runs = [
        one_iteration(dim=args.dim, t=args.t, budget=args.budget, seed=args.seed + r)
        for r in range(args.repeats)
    ]
    seconds = statistics.median(s for s, _ in runs)
    evaluations = statistics.median(n for _, n in runs)
    print(
        f"GP-UCB, one iteration: D={args.dim}, t={args.t}, {10 * args.dim} L-BFGS-B starts, "
        f"budget {args.budget}"
    )
    print(f"{'seconds (median)':>18} {'acq. evaluations':>18} {'evaluations/s':>15}")
    print(f"{seconds:18.2f} {evaluations:18.0f} {evaluations / seconds:15.0f}")


if __name__ == "__main__":
    main()
