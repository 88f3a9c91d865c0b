"""Benchmark: the peak memory of a GP on n points (the cost issue's "memory" item), against scikit-learn.

Each call runs in a fresh process (:func:`measure.peak_memory_mib`: the growth of the peak resident set
during the call) and is reported in MiB and as a multiple of one (n, n) float64 array, the kernel matrix:

* ``fit`` — :meth:`regretlab.gp.GP.fit` with fixed hyperparameters (kernel matrix, factor, α);
* ``fit + predict`` — and one prediction at 100 points (the factor's Fortran-ordered copy for
  multi-right-hand-side solves is made here);
* ``lml + gradient`` — one log marginal likelihood with its gradient (what each step of an ML-II fit costs);
* ``sklearn fit`` — ``GaussianProcessRegressor(kernel, optimizer=None).fit`` with the same kernel and noise.

An isotropic SE kernel on n uniform points of [0, 1]^D. Nothing is asserted; run it at two commits (two
``git worktree`` checkouts) to compare::

    OPENBLAS_NUM_THREADS=1 python benchmarks/gp_memory.py [--n 1000 3000 5000] [--dim 100]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402  (after pinning BLAS threads)

sys.path.insert(0, str(Path(__file__).resolve().parent))
import measure  # noqa: E402

LENGTHSCALE, NOISE = 3.0, 0.1


def _data(n: int, dim: int):
    rng = np.random.default_rng(0)
    return rng.uniform(size=(n, dim)), rng.standard_normal(n), rng.uniform(size=(100, dim))


def build_fit(n: int, dim: int):
    from regretlab.gp import GP, SquaredExponential

    X, y, _ = _data(n, dim)
    gp = GP(SquaredExponential(lengthscale=LENGTHSCALE), noise_variance=NOISE)
    return lambda: gp.fit(X, y)


def build_fit_predict(n: int, dim: int):
    from regretlab.gp import GP, SquaredExponential

    X, y, Q = _data(n, dim)
    gp = GP(SquaredExponential(lengthscale=LENGTHSCALE), noise_variance=NOISE)
    return lambda: gp.fit(X, y).predict(Q)


def build_lml(n: int, dim: int):
    from regretlab.gp import SquaredExponential
    from regretlab.gp.fit import log_marginal_likelihood

    X, y, _ = _data(n, dim)
    kernel = SquaredExponential(lengthscale=LENGTHSCALE)
    return lambda: log_marginal_likelihood(kernel, X, y, noise_variance=NOISE, eval_gradient=True)


def build_sklearn(n: int, dim: int):
    from sklearn.gaussian_process import GaussianProcessRegressor
    from sklearn.gaussian_process.kernels import RBF

    X, y, _ = _data(n, dim)
    model = GaussianProcessRegressor(RBF(length_scale=LENGTHSCALE), alpha=NOISE, optimizer=None)
    return lambda: model.fit(X, y)


CALLS = {"fit": build_fit, "fit + predict": build_fit_predict, "lml + gradient": build_lml,
         "sklearn fit": build_sklearn}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[1000, 3000, 5000])
    parser.add_argument("--dim", type=int, default=100)
    args = parser.parse_args(argv)
    print("| n | call | peak MiB | × kernel matrix |")
    print("|---|---|---|---|")
    for n in args.n:
        matrix = n * n * 8 / 2**20
        for name, build in CALLS.items():
            peak = measure.peak_memory_mib(build, n, args.dim)
            shown = "failed" if peak is None else f"{peak:.1f} | {peak / matrix:.2f}"
            print(f"| {n} | {name} | {shown} |", flush=True)


if __name__ == "__main__":
    main()
