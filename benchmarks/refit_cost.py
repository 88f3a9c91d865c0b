"""Benchmark: what one hyperparameter refit costs (the cost issue's "refits" item), run at any commit.

Three measurements, CPU (process) seconds with BLAS pinned to one thread:

(1) **ML-II fit against scikit-learn** (the issue's anchor): an isotropic SE kernel with signal and noise
    variance on ``n`` uniform points in D dimensions (targets: a fixed smooth function plus noise), fitted
    from the same start within the same bounds and no restarts by :func:`regretlab.gp.fit_hyperparameters`
    and by :class:`sklearn.gaussian_process.GaussianProcessRegressor` (L-BFGS-B both). Reported: CPU s and
    the log marginal likelihood each reached (regretlab's likelihood profiles out a constant mean, which
    scikit-learn fixes at 0, so the targets are centred first and regretlab's mean is fixed at 0 too).
(2) **A warm RPP-GP-UCB refit** (``Li2016/RPP``, d = 10, the paper's Table 1 size D = 50 by default): tell
    ``n - 25`` uniform points, refit (untimed, the previous refit of a run), tell 25 more, and time the
    refit; reported with its log marginal likelihood, α and the learnt W's likelihood, so that two commits'
    numbers can be checked for "same fit" before their times are compared.
(3) **Li2016/ADD's refit with each ``candidate_start``** (``--parts add``; d = 5): the decomposition search
    fits M random candidates from the prior with the loop's restarts (``"prior"``, the setup's value) or
    warm from the last fit with none, the current groups one more candidate (``"warm"``, RPP's rule);
    reported: CPU s and the best candidate's log marginal likelihood, on the same points.

Nothing is asserted against a time. To compare code paths, run this script at both commits (for instance
from two ``git worktree`` checkouts) on the same machine, one after the other::

    OPENBLAS_NUM_THREADS=1 python benchmarks/refit_cost.py [--n 1000] [--dim 50] [--parts sklearn rpp]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
import warnings

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402  (after pinning BLAS threads)
from threadpoolctl import threadpool_limits  # noqa: E402

from regretlab import objectives  # noqa: E402
from regretlab.algorithms import setups  # noqa: E402
from regretlab.gp import SquaredExponential, fit_hyperparameters  # noqa: E402

#: Bounds and start of part (1), the same for both libraries.
LENGTHSCALE_BOUNDS, VARIANCE_BOUNDS, NOISE_BOUNDS = (1e-2, 1e2), (1e-2, 1e2), (1e-6, 1.0)
START = {"lengthscale": 1.0, "variance": 1.0, "noise_variance": 0.1}


def _data(n: int, dim: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1.0, 1.0, size=(n, dim))
    y = np.sin(3.0 * X[:, 0]) + X[:, 1] ** 2 - 0.5 * X[:, 2 % dim] + 0.1 * rng.normal(size=n)
    return X, y - y.mean()


def against_sklearn(n: int, dim: int) -> dict:
    """Part (1): one ML-II fit by each library from the same start, CPU s and the likelihood reached."""
    from sklearn.gaussian_process import GaussianProcessRegressor
    from sklearn.gaussian_process.kernels import RBF, ConstantKernel, WhiteKernel

    X, y = _data(n, dim)
    ours = SquaredExponential(START["lengthscale"], START["variance"], lengthscale_bounds=LENGTHSCALE_BOUNDS,
                              variance_bounds=VARIANCE_BOUNDS)
    start = time.process_time()
    fit = fit_hyperparameters(ours, X, y, noise_variance=START["noise_variance"], rng=0, n_restarts=0,
                              noise_bounds=NOISE_BOUNDS, mean=0.0)
    ours_s = time.process_time() - start
    theirs = (ConstantKernel(START["variance"], VARIANCE_BOUNDS)
              * RBF(START["lengthscale"], LENGTHSCALE_BOUNDS)
              + WhiteKernel(START["noise_variance"], NOISE_BOUNDS))
    gpr = GaussianProcessRegressor(theirs, alpha=0.0, n_restarts_optimizer=0, normalize_y=False)
    start = time.process_time()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scikit-learn's convergence notes; the likelihood is reported
        gpr.fit(X, y)
    sk_s = time.process_time() - start
    return {"n": n, "dim": dim, "regretlab_cpu_s": ours_s, "regretlab_lml": fit.log_marginal_likelihood,
            "regretlab_evaluations": fit.n_evaluations, "sklearn_cpu_s": sk_s,
            "sklearn_lml": float(gpr.log_marginal_likelihood_value_)}


def rpp_refit(n: int, dim: int) -> dict:
    """Part (2): the warm refit of Li2016/RPP (d = 10) after ``n`` uniform points."""
    objective = objectives.get("projected_additive", dim=dim, instance=0)
    opt = setups.get("Li2016/RPP", objective.bounds, rng=0, d=min(10, dim))
    X = objective.bounds[:, 0] + np.random.default_rng(1).random((n, dim)) * np.ptp(objective.bounds, axis=1)
    n_init = opt.n_init
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # fits on a bound are recorded by the runner; not the point here
        for stop in (n - 25, n):
            opt.n_init = 10**9  # tell without the schedule's refits
            for x in X[opt.n_observations:stop]:
                opt.tell(x, float(objective(x)))
            opt.n_init = n_init
            start = time.process_time()
            opt.refit()
            seconds = time.process_time() - start
    return {"n": n, "dim": dim, "cpu_s": seconds, "lml": float(opt.last_fit.log_marginal_likelihood),
            "alpha": float(opt.alpha), "W_lml": float(opt.W_log_marginal_likelihood)}


def add_refit(n: int, dim: int, d: int = 5) -> dict:
    """Part (3): Li2016/ADD(d)'s refit after ``n`` uniform points (the decomposition search over M random
    candidates, then the polish) with each ``candidate_start``, on the same points: the first refit (at
    ``n - 25``, untimed) is the same in both (there is no fit to start from), so both draw the same random
    candidates at the timed one; ``"warm"`` adds the current groups as one more."""
    objective = objectives.get("projected_additive", dim=dim, instance=0)
    X = objective.bounds[:, 0] + np.random.default_rng(1).random((n, dim)) * np.ptp(objective.bounds, axis=1)
    y = np.array([float(objective(x)) for x in X])
    row = {"n": n, "dim": dim, "d": d}
    for start_rule in ("prior", "warm"):
        opt = setups.get("Li2016/ADD", objective.bounds, rng=0, d=d, candidate_start=start_rule)
        n_init = opt.n_init
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for stop in (n - 25, n):
                opt.n_init = 10**9  # tell without the schedule's refits
                for x, value in zip(X[opt.n_observations:stop], y[opt.n_observations:stop], strict=True):
                    opt.tell(x, value)
                opt.n_init = n_init
                start = time.process_time()
                opt.refit()
                seconds = time.process_time() - start
        search = opt._search_record
        row[start_rule] = {"cpu_s": seconds, "chosen_lml": max(search["log_marginal_likelihoods"]),
                           "final_lml": float(opt.last_fit.log_marginal_likelihood),
                           "candidates": len(search["candidates"])}
    return row


def _numbers(row: dict):
    for value in row.values():
        yield from (_numbers(value) if isinstance(value, dict) else [value])


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--dim", type=int, default=50)
    parser.add_argument("--parts", nargs="+", choices=("sklearn", "rpp", "add"), default=["sklearn", "rpp"])
    args = parser.parse_args(argv)
    report = {}
    with threadpool_limits(1):
        if "sklearn" in args.parts:
            report["sklearn"] = row = against_sklearn(args.n, args.dim)
            print(f"(1) ML-II fit, n = {args.n}, D = {args.dim}: regretlab {row['regretlab_cpu_s']:.2f} s "
                  f"(lml {row['regretlab_lml']:.6f}), scikit-learn {row['sklearn_cpu_s']:.2f} s "
                  f"(lml {row['sklearn_lml']:.6f})")
        if "rpp" in args.parts:
            report["rpp"] = row = rpp_refit(args.n, args.dim)
            print(f"(2) warm Li2016/RPP refit, n = {args.n}, D = {args.dim}: {row['cpu_s']:.2f} s "
                  f"(lml {row['lml']:.8f}, alpha {row['alpha']:g}, W lml {row['W_lml']:.4f})")
        if "add" in args.parts:
            report["add"] = row = add_refit(args.n, args.dim)
            for rule in ("prior", "warm"):
                r = row[rule]
                print(f"(3) Li2016/ADD(d=5) refit, candidate_start={rule!r}, n = {args.n}, D = {args.dim}: "
                      f"{r['cpu_s']:.2f} s, {r['candidates']} candidates, best candidate lml "
                      f"{r['chosen_lml']:.4f}, after the polish {r['final_lml']:.4f}")
    assert all(math.isfinite(v) for part in report.values() for v in _numbers(part))
    print(json.dumps(report))
    return report


if __name__ == "__main__":
    main()
