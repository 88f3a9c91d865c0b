"""Helpers shared by the modules of this package (validation of the paper's parameters)."""

from __future__ import annotations

import numpy as np

from regretlab._validate import (
    check_integer,
    check_real,
    raise_outside,
)

KERNELS = ("SE", "matern32", "matern52")


# ---------------------------------------------------------------------------------------------------
# Thm 4.1: d_epsilon
# ---------------------------------------------------------------------------------------------------
def _d_eps_inputs(beta_t, theta, epsilon, n, lambda_max, z_mass):
    beta_t = check_real("beta_t", beta_t, low=0.0, low_open=True)
    theta = check_real("theta", theta, low=0.0, low_open=True)
    epsilon = check_real("epsilon", epsilon, low=0.0, low_open=True)
    n = np.asarray(check_integer("n", n, low=1), dtype=float)
    lambda_max = check_real("lambda_max", lambda_max, low=0.0, low_open=True)
    z_mass = check_real("z_mass", z_mass, low=0.0)
    upper = 4.0 * np.sqrt(beta_t) * np.asarray(theta)
    over = np.asarray(epsilon) >= upper
    if np.any(over):
        raise_outside("epsilon", epsilon, over, "(0, 4*sqrt(beta_t)*theta)")
    arrays = (beta_t, theta, epsilon, n, lambda_max, z_mass)
    return tuple(np.asarray(value) for value in arrays)


#: The factor c_R in front of the root of gamma's first argument, per reading.
_GAMMA_FACTOR_LATEX = {
    "A": r"\frac1{\sqrt{\beta_t}}",  # [Ha2019, Thm 4.1] and the end of [Ha2019, App. A.3]
    "B": r"\theta",  # the start of [Ha2019, App. A.3] and [Ha2019, Eq. (27)]
}


def _gamma_first(beta_t, theta, epsilon, n, lambda_max, reading):
    """First argument of the min in gamma: c_R sqrt((sqrt(beta_t) theta eps/2 - eps^2/16) / (n lambda_max))"""
    # sqrt((0.5 sqrt(beta_t) theta epsilon - 0.0625 epsilon^2) / (|D_{t-1}| lambda_max))   [Ha2019, Eq. (27)]
    root = np.sqrt((0.5 * np.sqrt(beta_t) * theta * epsilon - 0.0625 * epsilon**2) / (n * lambda_max))
    # c_A = 1 / sqrt(beta_t)   [Ha2019, Thm 4.1];   c_B = theta   [Ha2019, Eq. (27)]
    return root / np.sqrt(beta_t) if reading == "A" else root * theta
