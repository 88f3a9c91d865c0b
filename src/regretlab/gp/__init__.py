"""Gaussian-process core: kernels, exact posteriors with rank-one updates, hyperparameter fitting.

``regretlab.gp`` imports nothing from the rest of regretlab but the two leaves ``regretlab._validate``
and ``regretlab._rng`` (a test checks it in a fresh interpreter).
"""

from regretlab.gp.fit import (
    FitResult,
    LikelihoodTerms,
    fit_hyperparameters,
    likelihood_terms,
    log_marginal_likelihood,
)
from regretlab.gp.kernels import (
    Additive,
    Kernel,
    Matern32,
    Matern52,
    ProjectedAdditive,
    SquaredExponential,
    Stationary,
    Tied,
    check_groups,
)
from regretlab.gp.posterior import GP, cholesky_with_jitter

__all__ = [
    "GP",
    "FitResult",
    "fit_hyperparameters",
    "log_marginal_likelihood",
    "likelihood_terms",
    "LikelihoodTerms",
    "cholesky_with_jitter",
    "check_groups",
    "Kernel",
    "Stationary",
    "SquaredExponential",
    "Matern32",
    "Matern52",
    "Additive",
    "ProjectedAdditive",
    "Tied",
]
