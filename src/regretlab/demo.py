"""A short, deterministic tour of the GP core (the README's main job until ``regretlab verify`` exists).

It fits a GP to noisy evaluations of a registered objective, grows the posterior by rank-one Cholesky
appends and checks them against a full refit, fits hyperparameters by marginal likelihood, and draws a
random-Fourier-feature sample path whose maximum it certifies.
"""

from __future__ import annotations

import time

import numpy as np

from regretlab._rng import as_generator
from regretlab.gp import GP, fit_hyperparameters
from regretlab.gp.kernels import Matern52, SquaredExponential
from regretlab.gp.sample_paths import RFFSamplePath
from regretlab.objectives import get
from regretlab.objectives.rescale import rescale


def run_demo(seed: int = 0, *, n_initial: int = 30, n_append: int = 100, out=print) -> dict:
    """Run the demo and return the numbers it printed (for tests)."""

    rng = as_generator(seed)
    objective = rescale(get("hartmann6"), to=(0.0, 1.0))
    D = objective.dim
    X = rng.uniform(0.0, 1.0, size=(n_initial + n_append, D))
    y = objective.evaluate(X) + 0.01 * rng.standard_normal(len(X))
    out(f"objective: {objective.name} on [0, 1]^{D}, optimum {objective.optimum_value:.5f}")

    fit = fit_hyperparameters(
        Matern52(lengthscale=np.full(D, 0.5), variance=1.0), X[:n_initial], y[:n_initial],
        noise_variance=1e-2, rng=rng, n_restarts=3, mean=float(np.mean(y[:n_initial])),
    )
    out(
        "fitted Matern-5/2 ARD by L-BFGS-B with restarts: "
        f"log marginal likelihood {fit.log_marginal_likelihood:.3f}"
    )

    gp = GP(fit.kernel, noise_variance=fit.noise_variance, mean=fit.mean)
    gp.fit(X[:n_initial], y[:n_initial])
    start = time.perf_counter()
    for i in range(n_initial, n_initial + n_append):
        gp.append(X[i], y[i])
    append_seconds = time.perf_counter() - start
    reference = GP(fit.kernel, noise_variance=fit.noise_variance, mean=fit.mean)
    reference.fit(X, y)
    X_test = rng.uniform(0.0, 1.0, size=(500, D))
    mean_a, var_a = gp.predict(X_test)
    mean_r, var_r = reference.predict(X_test)
    max_diff = float(max(np.max(np.abs(mean_a - mean_r)), np.max(np.abs(var_a - var_r))))
    out(
        f"{n_append} rank-one appends in {append_seconds * 1e3:.1f} ms; "
        f"max |append - refit| = {max_diff:.2e}"
    )
    rmse = float(np.sqrt(np.mean((mean_a - objective.evaluate(X_test)) ** 2)))
    out(f"posterior mean RMSE on 500 test points after {n_initial + n_append} observations: {rmse:.4f}")

    path = RFFSamplePath(SquaredExponential(lengthscale=0.2, variance=1.0), np.array([[0.0, 1.0]] * 2),
                         n_features=500, rng=rng)
    certificate = path.maximum()
    out(f"RFF sample path on [0,1]^2: max {certificate.value:.4f} at {np.round(certificate.x, 4)} "
        f"(certified by {certificate.method})")
    return {"append_vs_refit": max_diff, "rmse": rmse, "path_max": float(certificate.value)}
