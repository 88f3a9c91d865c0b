"""Benchmark: one MS-UCB iteration at D = 100, d = 5, t = 200 observations, 10·d L-BFGS-B starts per subspace.

The GP keeps a fixed squared-exponential kernel (no hyperparameter refit), so the timing is the acquisition
step alone: for each of the |Z_t| subspaces S(A, z), 10·d = 50 multistart L-BFGS-B runs of UCB on the
5-dimensional free block with analytic gradients ([TranThe2020, §Experiments]'s optimiser setting), at most
``--subspace-budget`` evaluations per subspace.

|Z_t| is set directly: the t observations are told as the initial design, so the timed ``ask()`` is Alg. 1
iteration 1 with |Z_1| = N_0 anchors (alpha = 0), for each N_0 of ``--subspaces``. The default includes 181,
the paper's count at t = 200 (20 initial points, N_0 = 1, alpha = 0: |Z_t| = t - 20 + 1); the cost is linear
in |Z_t|, and the last column extrapolates each row to that count.

Run as ``python benchmarks/ms_ucb_iteration.py [--dim D] [--d d] [--t T] [--subspaces 1 10 181]
[--subspace-budget N] [--repeats R] [--seed S]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from regretlab.algorithms.ms_ucb import MSUCB
from regretlab.gp import SquaredExponential


def one_iteration(*, dim: int, d: int, t: int, n_subspaces: int, budget: int, seed: int):
    """Seconds, acquisition evaluations and |Z_t| of the (t+1)-th ``ask()`` of MS-UCB with 10·d starts."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1.0, 1.0, size=(t, dim))
    y = np.sin(3.0 * X[:, :5]).sum(axis=1) + 0.01 * rng.standard_normal(t)
    kernel = SquaredExponential(lengthscale=0.5 * np.sqrt(dim), variance=1.0)
    opt = MSUCB(
        [[-1.0, 1.0]] * dim,
        d=d,
        N0=n_subspaces,
        alpha=0.0,
        rng=seed,
        n_init=t,
        kernel=kernel,
        noise_variance=1e-4,
        fit_hyperparameters=False,
        acq_optimizer="lbfgsb",
        subspace_budget=budget,
        n_starts=10 * d,
        beta="theory",
        beta_scale=0.2,
    )
    for x_i, y_i in zip(X, y, strict=True):
        opt.tell(x_i, float(y_i))
    start = time.perf_counter()
    opt.ask()
    seconds = time.perf_counter() - start
    pending = opt._pending
    return seconds, int(pending["acq_evaluations"]), int(pending["records"]["Z_size"])


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dim", type=int, default=100)
    parser.add_argument("--d", type=int, default=5)
    parser.add_argument("--t", type=int, default=200)
    parser.add_argument("--subspaces", type=int, nargs="+", default=[1, 10, 181], help="|Z_t| to time")
    parser.add_argument("--subspace-budget", type=int, default=1000, help="evaluations per subspace")
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--paper-z", type=int, default=181, help="|Z_t| to extrapolate to (t - 20 + 1)")
    args = parser.parse_args(argv)
    print(
        f"MS-UCB, one iteration: D={args.dim}, d={args.d}, t={args.t}, {10 * args.d} L-BFGS-B starts and "
        f"{args.subspace_budget} evaluations per subspace (fixed SE kernel)"
    )
    header = ("|Z_t|", "seconds (median)", "acq. evaluations", "evaluations/s", "s / subspace",
              f"s at |Z_t|={args.paper_z}")
    print(f"{header[0]:>6} {header[1]:>17} {header[2]:>17} {header[3]:>14} {header[4]:>13} {header[5]:>15}")
    for n in args.subspaces:
        runs = [
            one_iteration(dim=args.dim, d=args.d, t=args.t, n_subspaces=n, budget=args.subspace_budget,
                          seed=args.seed + r)
            for r in range(args.repeats)
        ]
        seconds = statistics.median(s for s, _, _ in runs)
        evaluations = statistics.median(e for _, e, _ in runs)
        z_size = runs[0][2]
        per = seconds / z_size
        print(f"{z_size:6d} {seconds:17.2f} {evaluations:17.0f} {evaluations / seconds:14.0f} {per:13.3f} "
              f"{per * args.paper_z:15.1f}")


if __name__ == "__main__":
    main()
