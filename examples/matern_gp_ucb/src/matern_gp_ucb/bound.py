r"""The regret bound of GP-UCB on a finite domain [Srinivas2010, Thm 1], and a deliberately wrong
reading of it (the check must catch it).

Theorem 1. Let :math:`\delta\in(0,1)` and :math:`\beta_t=2\log(|D|t^2\pi^2/6\delta)`. Running GP-UCB with
:math:`\beta_t` for a sample :math:`f` of a GP with mean zero and covariance :math:`k(x,x')\le 1`, observed
with :math:`N(0,\sigma^2)` noise,

.. math:: \Pr\{R_T\le\sqrt{C_1T\beta_T\gamma_T}\ \ \forall T\ge 1\}\ge 1-\delta,\qquad
          C_1=8/\log(1+\sigma^{-2}).

Each function takes its inputs by the names ``regretlab.verify.check_bound`` provides (``T`` an array of
horizons, ``gamma_T`` the maximum information gain at each, ``delta``, ``n_points`` = |D|,
``noise_variance`` = σ²).
"""

import numpy as np


def beta_t(t, n_points: int, delta: float):
    r""":math:`\beta_t=2\log(|D|t^2\pi^2/6\delta)` [Srinivas2010, Thm 1]; t >= 1, |D| >= 1,
    δ in (0, 1)."""
    t = np.asarray(t, dtype=float)
    return 2.0 * np.log(n_points * t**2 * np.pi**2 / (6.0 * delta))


def srinivas_theorem_1(T, gamma_T, delta, n_points, noise_variance):
    r""":math:`\sqrt{C_1T\beta_T\gamma_T}` with :math:`C_1=8/\log(1+\sigma^{-2})` [Srinivas2010,
    Thm 1]; T >= 1, γ_T >= 0, δ in (0, 1), σ² > 0."""
    c_1 = 8.0 / np.log1p(1.0 / noise_variance)              # C_1 = 8 / log(1 + σ^-2)
    return np.sqrt(c_1 * T * beta_t(T, n_points, delta) * gamma_T)


def theorem_1_read_as_cumulative_average(T, gamma_T, delta, n_points, noise_variance):
    r"""Deliberately wrong: the bound on the *average* regret :math:`R_T/T\le\sqrt{C_1\beta_T\gamma_T/T}`
    read as a bound on the cumulative regret :math:`R_T` (a slip the check must catch)."""
    return srinivas_theorem_1(T, gamma_T, delta, n_points, noise_variance) / T
