"""Gaussian-process core: kernels, exact posteriors with rank-one updates, hyperparameter fitting.

``regretlab.gp`` imports nothing from the rest of regretlab but the two leaves ``regretlab._validate``
and ``regretlab._rng`` (a test checks it in a fresh interpreter).
"""

from regretlab.gp.fit import FitResult, fit_hyperparameters, log_marginal_likelihood
from regretlab.gp.kernels import (
    Additive,
    Kernel,
    Matern32,
    Matern52,
    ProjectedAdditive,
    SquaredExponential,
    Stationary,
)
from regretlab.gp.posterior import GP

__all__ = [
    "GP",
    "FitResult",
    "fit_hyperparameters",
    "log_marginal_likelihood",
    "Kernel",
    "Stationary",
    "SquaredExponential",
    "Matern32",
    "Matern52",
    "Additive",
    "ProjectedAdditive",
]
