"""Benchmark: O(t²) rank-one ``GP.append`` versus an O(t³) full refit (``GP.fit`` on all t + 1 points).

Squared-exponential kernel in D = 100, t = 250, 500, 1000, 2000 (``--quick``: 50, 100, 200). Each timing is
the median over ``--repeats`` runs; the append is timed on a fresh copy of the GP fitted to t points.
Target: append at least 10x faster than refit at t = 1000.

Run as ``python benchmarks/gp_update.py [--quick] [--repeats N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import copy
import functools
import statistics
import time

import numpy as np

from regretlab.gp import GP, SquaredExponential

SIZES = (250, 500, 1000, 2000)
QUICK_SIZES = (50, 100, 200)
DIM = 100


def _median_ms(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return 1e3 * statistics.median(times)


def _append_next(gps, x, y) -> None:
    next(gps).append(x, y)


def benchmark(sizes=SIZES, *, dim=DIM, repeats=5, seed=0) -> list[tuple[int, float, float, float]]:
    """Return rows ``(t, append_ms, refit_ms, refit_ms / append_ms)``."""
    rng = np.random.default_rng(seed)
    kernel = SquaredExponential(lengthscale=np.sqrt(dim), variance=1.0)
    warm = rng.uniform(size=(64, dim))
    GP(kernel, noise_variance=1e-2).fit(warm[:-1], warm[:-1, 0]).append(warm[-1], 0.0)  # warm BLAS/imports
    rows = []
    for t in sizes:
        X = rng.uniform(-1.0, 1.0, size=(t + 1, dim))
        y = np.sin(X.sum(axis=1)) + 0.1 * rng.normal(size=t + 1)
        base = GP(kernel, noise_variance=1e-2).fit(X[:t], y[:t])
        copies = [copy.deepcopy(base) for _ in range(repeats)]
        append_ms = _median_ms(functools.partial(_append_next, iter(copies), X[t], y[t]), repeats)
        refit_ms = _median_ms(functools.partial(GP(kernel, noise_variance=1e-2).fit, X, y), repeats)
        rows.append((t, append_ms, refit_ms, refit_ms / append_ms))
    return rows


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small t (50, 100, 200) for a smoke run")
    parser.add_argument("--repeats", type=int, default=5, help="timings per size; the median is shown")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    sizes = QUICK_SIZES if args.quick else SIZES
    print(f"GP.append vs full refit, SE kernel, D = {DIM}, median of {args.repeats}")
    print(f"{'t':>6} {'append ms':>11} {'refit ms':>11} {'ratio':>8}")
    for t, a, r, ratio in benchmark(sizes, repeats=args.repeats, seed=args.seed):
        print(f"{t:>6} {a:>11.3f} {r:>11.3f} {ratio:>8.1f}")


if __name__ == "__main__":
    main()
