"""The additive model of [Kandasamy2015, §3-§4]: kernels (Eqs. (2)-(3)), additive UCB, costs, Assumption 2."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.linalg
import scipy.special

from regretlab._validate import (
    check_array,
    check_integer,
    check_real,
)

from .._registry import formula
from ._common import _f, _t


@formula(
    "ADD.kernel_SE",
    latex=r"\kappa_{\sigma,h}(x,x')=\sigma\exp\big(-\|x-x'\|_2^2/(2h^2)\big)",
    cite="[Kandasamy2015, Eq. (2)]",
)
def kernel_SE(*, r, sigma, h):
    r"""[Kandasamy2015, Eq. (2)]: the SE kernel :math:`\kappa_{\sigma,h}` as a function of
    :math:`r=\|x-x'\|_2`.

    .. math:: \kappa_{\sigma,h}(x,x')=\sigma\exp\!\Big(-\frac{\|x-x'\|_2^2}{2h^2}\Big)

    :math:`\sigma` is a *scale*, not squared ([Ha2019] writes :math:`\theta^2`). The kernel object used by the
    algorithms is ``regretlab.gp.kernels.SquaredExponential``; this is the scalar reference form.

    Parameters
    ----------
    r : float or array_like
        Distance :math:`r\ge0`.
    sigma : float
        Scale :math:`\sigma>0`.
    h : float
        Bandwidth :math:`h>0`.

    References
    ----------
    .. [1] [Kandasamy2015, §3, Eq. (2)].

    Examples
    --------
    >>> float(kernel_SE(r=0.0, sigma=2.0, h=1.0))
    2.0
    """
    r = check_real("r", r, low=0.0)
    sigma = check_real("sigma", sigma, low=0.0, low_open=True)
    h = check_real("h", h, low=0.0, low_open=True)
    return sigma * np.exp(-(_f(r) ** 2) / (2.0 * h**2))


@formula(
    "ADD.kernel_Matern",
    latex=(
        r"\kappa_{\nu,h}(x,x')=\frac{2^{1-\nu}}{\Gamma(\nu)}\Big(\frac{\sqrt{2\nu}r}{h}\Big)^\nu"
        r"B_\nu\Big(\frac{\sqrt{2\nu}r}{h}\Big)"
    ),
    cite="[Kandasamy2015, Eq. (3)]",
)
def kernel_matern(*, r, nu, h):
    r"""[Kandasamy2015, Eq. (3)]: the Matérn kernel :math:`\kappa_{\nu,h}` as a function of
    :math:`r=\|x-x'\|_2`.

    .. math::
        \kappa_{\nu,h}(x,x')=\frac{2^{1-\nu}}{\Gamma(\nu)}\Big(\frac{\sqrt{2\nu}r}{h}\Big)^\nu
        B_\nu\Big(\frac{\sqrt{2\nu}r}{h}\Big)

    :math:`B_\nu` is the modified Bessel function of the second kind (``scipy.special.kv``). The value at
    :math:`r=0` is the limit 1 (special-cased). No variance parameter (as printed).

    Parameters
    ----------
    r : float or array_like
        :math:`r\ge0`.
    nu : float
        Smoothness :math:`\nu>0`.
    h : float
        Bandwidth :math:`h>0`.

    References
    ----------
    .. [1] [Kandasamy2015, §3, Eq. (3)].

    Examples
    --------
    >>> round(float(kernel_matern(r=1.0, nu=0.5, h=1.0)), 6)  # exp(-r/h)
    0.367879
    >>> float(kernel_matern(r=0.0, nu=2.5, h=1.0))
    1.0
    """
    r = _f(check_real("r", r, low=0.0))
    nu = check_real("nu", nu, low=0.0, low_open=True)
    h = check_real("h", h, low=0.0, low_open=True)
    z = np.sqrt(2.0 * nu) * r / h
    with np.errstate(invalid="ignore"):
        val = 2.0 ** (1.0 - nu) / scipy.special.gamma(nu) * z**nu * scipy.special.kv(nu, z)
    out = np.where(z > 0, np.nan_to_num(val, nan=0.0), 1.0)
    return float(out) if out.ndim == 0 else out


@formula(
    "ADD.ucb",
    latex=r"\tilde\varphi_t(x)=\mu_{t-1}(x)+\beta_t^{1/2}\sum_{j=1}^M\sigma^{(j)}_{t-1}(x^{(j)})",
    cite="[Kandasamy2015, Eq. (6)]",
)
def add_ucb(*, mu, sigma, beta):
    r"""[Kandasamy2015, Eq. (6)]: the additive acquisition :math:`\tilde\varphi_t` from per-group posteriors.

    .. math::
        \tilde\varphi_t(x)=\sum_{j=1}^M\Big(\mu^{(j)}_{t-1}(x^{(j)})+\beta_t^{1/2}\sigma^{(j)}_{t-1}(x^{(j)})\Big)

    Since each group term depends only on :math:`x^{(j)}`, its argmax is the concatenation of the
    per-group argmaxes (Alg. 1).

    Parameters
    ----------
    mu : array_like, shape (..., M)
        Per-group posterior means :math:`\mu^{(j)}_{t-1}(x^{(j)})` in the last axis.
    sigma : array_like, shape (..., M)
        Per-group posterior standard deviations, :math:`\ge0`.
    beta : float
        :math:`\beta_t\ge0`.

    Returns
    -------
    float or ndarray, shape (...)

    References
    ----------
    .. [1] [Kandasamy2015, §4.2, Eq. (6), Alg. 1].

    Examples
    --------
    >>> float(add_ucb(mu=[0.5, 0.5], sigma=[0.5, 1.0], beta=4.0))
    4.0
    """
    mu = check_array("mu", mu)
    sigma = check_array("sigma", sigma)
    if mu.shape != sigma.shape or mu.ndim == 0:
        raise ValueError(f"mu has shape {mu.shape} and sigma {sigma.shape}; expected equal shapes (..., M)")
    check_real("sigma", sigma, low=0.0)
    beta = check_real("beta", beta, low=0.0)
    out = np.sum(mu + np.sqrt(beta) * sigma, axis=-1)
    return float(out) if np.ndim(out) == 0 else out


@dataclass(frozen=True)
class Costs:
    """The orders of §4.2 (values of the expressions inside O(·), no constants)."""

    maximise_full: float
    maximise_additive: float
    acquisition_call: float
    posterior: float


@formula(
    "ADD.costs",
    latex=r"\mathcal O(\zeta^{-D})\ \text{vs}\ \mathcal O(M^{d+1}\zeta^{-d})",
    cite="[Kandasamy2015, §4.2]",
)
def costs(*, zeta, D, d, M, t) -> Costs:
    r"""[Kandasamy2015, §4.2]: orders of the cost of maximising :math:`\varphi_t` versus
    :math:`\tilde\varphi_t`.

    .. math::
        \mathcal O(\zeta^{-D})\ \text{vs}\ \mathcal O(M^{d+1}\zeta^{-d});\quad
        \text{one call }\mathcal O(Dt^2);\quad\text{posterior }\mathcal O(t^3+Mt^2)

    Parameters
    ----------
    zeta : float
        Accuracy :math:`\zeta\in(0,1]`.
    D, d, M : int
        :math:`D\ge1`, :math:`1\le d\le D`, :math:`M\ge1`.
    t : int
        Iteration :math:`t\ge1`.

    References
    ----------
    .. [1] [Kandasamy2015, §4.2] (compare :math:`\mathcal O(M\epsilon^{-d})` of [Li2016], RPP.add_ucb).

    Examples
    --------
    >>> c = costs(zeta=0.1, D=10, d=2, M=5, t=10)
    >>> round(c.maximise_full), round(c.maximise_additive)
    (10000000000, 12500)
    """
    zeta = check_real("zeta", zeta, low=0.0, high=1.0, low_open=True)
    D = check_integer("D", D, low=1)
    d = check_integer("d", d, low=1, high=D)
    M = check_integer("M", M, low=1)
    t = float(_t("t", t))
    return Costs(
        maximise_full=float(zeta**-D),
        maximise_additive=float(M ** (d + 1) * zeta**-d),
        acquisition_call=D * t**2,
        posterior=t**3 + M * t**2,
    )


@formula(
    "ADD.assumption2",
    latex=r"\Pr\big(\sup_x|\partial f/\partial x_i|>J\big)\le ae^{-(J/b)^2}",
    cite="[Kandasamy2015, Assumption 2]",
)
def assumption2_tail(*, J, a, b):
    r"""[Kandasamy2015, Assumption 2 (second part)]: the tail :math:`ae^{-(J/b)^2}` of
    :math:`\sup_x|\partial_i f|`.

    .. math:: \Pr\Big(\sup_x\Big|\frac{\partial f}{\partial x_i}\Big|>J\Big)\le ae^{-(J/b)^2}

    (The first part, :math:`\kappa(\cdot,x)` :math:`L`-Lipschitz, has no value to compute.)

    Parameters
    ----------
    J : float or array_like
        Threshold :math:`J\ge0`.
    a : float
        :math:`a\ge1` (:math:`J\to0` forces :math:`a\ge1`).
    b : float
        :math:`b>0`.

    References
    ----------
    .. [1] [Kandasamy2015, §4.3, Assumption 2], after [Ghosal2006].

    Examples
    --------
    >>> round(float(assumption2_tail(J=2.0, a=1.0, b=2.0)), 6)
    0.367879
    """
    J = check_real("J", J, low=0.0)
    a = check_real("a", a, low=1.0)
    b = check_real("b", b, low=0.0, low_open=True)
    return a * np.exp(-((_f(J) / b) ** 2))
