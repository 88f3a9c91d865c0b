"""Benchmark (a) of the performance issue: add one point, then predict mean and variance at 10^4 points,
D = 100, against scikit-learn's ``GaussianProcessRegressor`` on identical inputs and hyperparameters.

For t = 250, 500, 1000, 2000 (``--quick``: 100, 250): regretlab appends the point (O(t²)) and predicts;
scikit-learn refits with the hyperparameters fixed (``optimizer=None``; it has no append) and predicts with
``return_std``. Posteriors must agree to 1e-8 before anything is timed. CPU seconds, medians of
``--repeats`` interleaved repeats, one BLAS thread (threadpoolctl), and the ratio scikit-learn / regretlab
(above 1: regretlab faster). Prints a table; ``--json PATH`` writes it.

Run as ``python benchmarks/gp_predict.py [--quick] [--repeats N] [--json PATH]``.
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import time

import numpy as np

from regretlab.gp import GP, SquaredExponential

SIZES = (250, 500, 1000, 2000)
QUICK_SIZES = (100, 250)
DIM, N_PREDICT, LENGTHSCALE, NOISE = 100, 10_000, 5.0, 1e-2


def _cpu(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def _case(t: int, repeats: int, rng: np.random.Generator):
    """The two timed callables for one t: regretlab (append + predict on a GP copied beforehand) and
    scikit-learn (fit with fixed hyperparameters + predict)."""
    from sklearn.gaussian_process import GaussianProcessRegressor
    from sklearn.gaussian_process.kernels import RBF, WhiteKernel

    X = rng.uniform(-1, 1, size=(t + 1, DIM))
    y = np.sin(X.sum(axis=1))
    Xq = rng.uniform(-1, 1, size=(N_PREDICT, DIM))
    base = GP(SquaredExponential(lengthscale=LENGTHSCALE), noise_variance=NOISE).fit(X[:t], y[:t])
    copies = [copy.deepcopy(base) for _ in range(repeats + 1)]   # copied before the clock starts
    sk = GaussianProcessRegressor(RBF(LENGTHSCALE) + WhiteKernel(NOISE), optimizer=None, alpha=0.0)

    def ours():
        gp = copies.pop()
        gp.append(X[t], y[t])
        return gp.predict(Xq)

    def theirs():
        mean, std = sk.fit(X, y).predict(Xq, return_std=True)
        return mean, std**2 - NOISE   # scikit-learn's std includes the WhiteKernel's noise

    return ours, theirs


def benchmark(sizes=SIZES, repeats: int = 5, seed: int = 0) -> list[dict]:
    rng = np.random.default_rng(seed)
    rows = []
    for t in sizes:
        ours, theirs = _case(t, repeats, rng)
        (m1, v1), (m2, v2) = ours(), theirs()
        assert np.allclose(m1, m2, atol=1e-8) and np.allclose(v1, v2, atol=1e-8), "posteriors differ"
        times = {"regretlab": [], "scikit-learn": []}
        for _ in range(repeats):                     # interleaved, so that load affects both alike
            times["regretlab"].append(_cpu(ours))
            times["scikit-learn"].append(_cpu(theirs))
        med = {k: statistics.median(v) for k, v in times.items()}
        rows.append({"t": t, "regretlab_s": med["regretlab"], "sklearn_s": med["scikit-learn"],
                     "ratio_sklearn_over_regretlab": med["scikit-learn"] / med["regretlab"]})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json")
    args = parser.parse_args()
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=1):
        rows = benchmark(QUICK_SIZES if args.quick else SIZES, repeats=args.repeats)
    print(f"{'t':>6} {'regretlab s':>12} {'sklearn s':>10} {'sklearn/regretlab':>18}")
    for r in rows:
        print(f"{r['t']:>6} {r['regretlab_s']:>12.3f} {r['sklearn_s']:>10.3f} "
              f"{r['ratio_sklearn_over_regretlab']:>18.2f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"blas_threads": 1, "rows": rows}, handle, indent=1)


if __name__ == "__main__":
    main()
