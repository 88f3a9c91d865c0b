"""The Discussion of [TranThe2020]: "On the Computation Complexity" and the improvement factor."""

from __future__ import annotations

import numpy as np

from regretlab._validate import (
    as_output,
    check_integer,
    check_real,
)

from .._registry import formula
from ._common import _dims


def _log_condition_margin(T, D, d, alpha, N0):
    """log(zeta^-D) - log(N0 (T+1)^(alpha+1) / (alpha+1) zeta^-d), zeta = (T+1)^-2 (computed in logs)."""
    L = np.log(np.asarray(T, dtype=float) + 1.0)
    lhs = np.log(N0) + (alpha + 1.0) * L - np.log(alpha + 1.0) + 2.0 * np.asarray(d) * L
    return 2.0 * np.asarray(D) * L - lhs


@formula(
    "MSUCB.compute_condition",
    latex=r"\frac{N_0(T+1)^{\alpha+1}}{\alpha+1}\zeta^{-d}<\zeta^{-D},\ \zeta=(T+1)^{-2}",
    cite='[TranThe2020, §Discussion "On the Computation Complexity"]',
)
def compute_condition_holds(*, T, D, d, alpha, N0=1):
    r"""Whether the Discussion's computation condition holds (MS-UCB cheaper than GP-UCB at :math:`T`).

    .. math::
        \frac{N_0(T+1)^{\alpha+1}}{\alpha+1}\zeta^{-d}<\zeta^{-D},\qquad\zeta=(T+1)^{-2},

    claimed to follow (for :math:`N_0=1`) from :math:`\alpha<2(D-d)-1`; the regime claimed is
    :math:`D-d-1\le\alpha<2(D-d)-1` (:func:`compute_regime`). Evaluated in logarithms (no overflow).

    Parameters
    ----------
    T : int or array_like of int
        :math:`T\ge1`.
    D, d : int
        :math:`1\le d\le D-1`.
    alpha : float
        :math:`\alpha\ge0`.
    N0 : int
        :math:`N_0\ge1`.

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [TranThe2020, §Discussion "On the Computation Complexity"].

    Examples
    --------
    >>> compute_condition_holds(T=100, D=3, d=1, alpha=2), compute_condition_holds(T=100, D=3, d=1, alpha=4)
    (True, False)
    """
    T = check_integer("T", T, low=1)
    D, d = _dims(D, d)
    alpha = check_real("alpha", alpha, low=0.0)
    N0 = check_integer("N0", N0, low=1)
    ok = _log_condition_margin(T, D, d, alpha, N0) > 0
    return bool(ok) if np.ndim(ok) == 0 else ok


def compute_condition_max_alpha(*, T, D, d, N0=1, alpha_max=1000):
    r"""Largest integer :math:`\alpha\le` ``alpha_max`` satisfying :func:`compute_condition_holds` (or -1).

    Found by direct search over :math:`\alpha=0,1,\dots,` ``alpha_max``.

    Parameters
    ----------
    T : int
        :math:`T\ge1`.
    D, d : int
        :math:`1\le d\le D-1`.
    N0 : int
        :math:`N_0\ge1`.
    alpha_max : int
        Search limit.

    Returns
    -------
    int

    References
    ----------
    .. [1] [TranThe2020, §Discussion "On the Computation Complexity"].

    Examples
    --------
    >>> compute_condition_max_alpha(T=100, D=3, d=1)  # the claimed regime ends at 2 (D - d) - 1 = 3
    3
    """
    alpha_max = check_integer("alpha_max", alpha_max, low=0, high=10**6)
    T = check_integer("T", T, low=1)
    D, d = _dims(D, d)
    N0 = check_integer("N0", N0, low=1)
    alphas = np.arange(alpha_max + 1, dtype=float)
    ok = _log_condition_margin(T, D, d, alphas, N0) > 0
    return int(alphas[ok].max()) if np.any(ok) else -1


def compute_regime(*, D, d, alpha):
    r"""Whether :math:`D-d-1\le\alpha<2(D-d)-1`, the Discussion's regime (rate and cost both better).

    Parameters
    ----------
    D, d : int
        :math:`1\le d\le D-1`.
    alpha : float
        :math:`\alpha\ge0`.

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [TranThe2020, §Discussion "On the Computation Complexity"].

    Examples
    --------
    >>> compute_regime(D=3, d=1, alpha=1), compute_regime(D=3, d=1, alpha=3)
    (True, False)
    """
    D, d = _dims(D, d)
    alpha = check_real("alpha", alpha, low=0.0)
    n = np.asarray(D) - np.asarray(d)
    ok = (n - 1 <= alpha) & (alpha < 2 * n - 1)
    return bool(ok) if np.ndim(ok) == 0 else ok


def acquisition_calls(*, Zt_size, zeta, d, D):
    r"""Acquisition calls: MS-UCB :math:`O(|Z_t|\zeta^{-d})` vs GP-UCB :math:`O(\zeta^{-D})`.

    Grid optimisation at resolution :math:`\zeta` needs :math:`\zeta^{-d}` calls per subspace.

    Parameters
    ----------
    Zt_size : float or array_like
        :math:`|Z_t|\ge1`.
    zeta : float
        Resolution :math:`\zeta\in(0,1]`.
    d, D : int
        :math:`1\le d\le D-1`.

    Returns
    -------
    (float, float)
        ``(ms_ucb_calls, gp_ucb_calls)``.

    References
    ----------
    .. [1] [TranThe2020, §Discussion "On the Computation Complexity"].

    Examples
    --------
    >>> acquisition_calls(Zt_size=10, zeta=0.5, d=1, D=3)
    (20.0, 8.0)
    """
    Zt_size = check_real("Zt_size", Zt_size, low=1.0)
    zeta = check_real("zeta", zeta, low=0.0, high=1.0, low_open=True)
    D, d = _dims(D, d)
    ms_ucb_calls = Zt_size * zeta ** (-np.asarray(d, dtype=float))
    gp_ucb_calls = zeta ** (-np.asarray(D, dtype=float))
    return as_output(ms_ucb_calls), as_output(gp_ucb_calls)


@formula(
    "MSUCB.improvement",
    latex=r"\sqrt{DT\gamma_T}/\sqrt{dT\gamma_T}=\sqrt{D/d}",
    cite="[TranThe2020, §Discussion]",
)
def improvement_factor(*, D, d):
    r"""Ratio of the first terms of GP-UCB's and MS-UCB's rates.

    .. math::
        \frac{\sqrt{DT\gamma_T}}{\sqrt{dT\gamma_T}}=\sqrt{D/d}

    (the abstract and Discussion speak of "a factor :math:`\sqrt D`").

    Parameters
    ----------
    D, d : int
        :math:`1\le d\le D-1`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, abstract and §Discussion "On the Number of Subspaces"].

    Examples
    --------
    >>> improvement_factor(D=100, d=4)
    5.0
    """
    D, d = _dims(D, d)
    return as_output(np.sqrt(np.asarray(D, dtype=float) / np.asarray(d, dtype=float)))
