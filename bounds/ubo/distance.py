"""g_k of [Ha2019, Eq. (5)]: the distance beyond which the kernel is below gamma (SE: Eq. (10))."""

from __future__ import annotations

import numpy as np
import scipy.linalg
import scipy.special

from regretlab._validate import (
    as_output,
    check_choice,
    check_real,
)

from .._registry import formula
from ._common import KERNELS


# ---------------------------------------------------------------------------------------------------
# Eq. (5)/(10): g_k
# ---------------------------------------------------------------------------------------------------
def _check_gamma_theta_l(gamma, theta, lengthscale):
    gamma = check_real("gamma", gamma, low=0.0, low_open=True)
    theta = check_real("theta", theta, low=0.0, low_open=True)
    lengthscale = check_real("lengthscale", lengthscale, low=0.0, low_open=True)
    return gamma, theta, lengthscale


@formula("UBO.g_k_SE", latex=r"g_k(\gamma)=\sqrt{2l^2\log(\theta^2/\gamma)}", cite="[Ha2019, Eq. (5)]")
def g_k_SE(*, gamma, theta, lengthscale):
    r"""Distance beyond which the SE kernel is at most :math:`\gamma`.

    For :math:`k_{SE}(x,x')=\theta^2\exp(-\|x-x'\|_2^2/(2l^2))`:

    .. math::

        g_k(\gamma)=\sqrt{2l^2\log(\theta^2/\gamma)},\qquad 0<\gamma<\theta^2,

    and :math:`g_k(\gamma)=0` for :math:`\gamma\ge\theta^2` (every distance qualifies).

    Parameters
    ----------
    gamma : float or array_like, > 0
    theta : float or array_like, > 0
        Kernel scale (:math:`k(x,x)=\theta^2`; Assumption 4.2 asks :math:`\theta\le1`).
    lengthscale : float or array_like, > 0
        :math:`l`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, Eq. (5) (§4) and Eq. (10) (App. A.1)].

    Examples
    --------
    >>> g_k_SE(gamma=0.1, theta=1.0, lengthscale=1.0) == (2 * 2.302585092994046) ** 0.5
    True
    >>> g_k_SE(gamma=2.0, theta=1.0, lengthscale=1.0)
    0.0
    """
    gamma, theta, lengthscale = _check_gamma_theta_l(gamma, theta, lengthscale)
    log_ratio = np.log(np.asarray(theta) ** 2 / np.asarray(gamma))
    return as_output(np.sqrt(2.0 * np.asarray(lengthscale) ** 2 * np.maximum(log_ratio, 0.0)))


def _matern_profile(s, kernel):
    """:math:`m(s)`, :math:`s=r/l`, for Matérn-3/2 and -5/2 ([Rasmussen2006, Eq. (4.17)])."""
    if kernel == "matern32":
        a = np.sqrt(3.0) * s
        return (1.0 + a) * np.exp(-a)
    a = np.sqrt(5.0) * s
    return (1.0 + a + a * a / 3.0) * np.exp(-a)


def _g_k_scalar(c, kernel):
    """Smallest :math:`s\\ge0` with :math:`m(s)\\le c` (0 if :math:`c\\ge1`), in lengthscale units."""
    if c >= 1.0:
        return 0.0
    if kernel == "SE":
        return float(np.sqrt(2.0 * np.log(1.0 / c)))
    if kernel == "matern32":
        # (1+u)e^{-u} = c with u = sqrt(3) s  =>  u+1 = -W_{-1}(-c/e)  (scipy.special.lambertw)
        w = scipy.special.lambertw(-c / np.e, k=-1).real
        return float((-w - 1.0) / np.sqrt(3.0))
    # Matérn-5/2 has no closed form: bracket and solve with scipy.optimize.brentq (m is decreasing).
    from scipy.optimize import brentq  # here, not at the top: a quarter of `import regretlab.bounds`

    hi = 1.0
    while _matern_profile(hi, kernel) > c:
        hi *= 2.0
    root = brentq(lambda s: _matern_profile(s, kernel) - c, 0.0, hi, xtol=1e-14, rtol=1e-14)
    return float(root)


@formula(
    "UBO.g_k",
    latex=r"\forall x,x':\|x-x'\|_2\ge g_k(\gamma)\Rightarrow k(x,x')\le\gamma",
    cite="[Ha2019, Eq. (5)]",
)
def g_k(*, gamma, theta, lengthscale, kernel="SE"):
    r"""Smallest distance :math:`g_k(\gamma)` beyond which :math:`k(x,x')\le\gamma`.

    .. math::

        \forall x,x':\ \|x-x'\|_2\ge g_k(\gamma)\ \Rightarrow\ k(x,x')\le\gamma

    For a stationary kernel :math:`k=\theta^2 m(r/l)` with :math:`m` decreasing from 1 to 0,
    :math:`g_k(\gamma)=l\,m^{-1}(\gamma/\theta^2)` for :math:`\gamma<\theta^2`, else 0. SE: the closed
    form of :func:`g_k_SE`; Matérn-3/2: Lambert :math:`W_{-1}`; Matérn-5/2: root-finding.

    Parameters
    ----------
    gamma, theta, lengthscale : float or array_like, > 0
    kernel : {"SE", "matern32", "matern52"}

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, Eq. (5) (§4) and Eq. (10) (App. A.1)]; Matérn forms: [Rasmussen2006, Eq. (4.17)].

    Examples
    --------
    >>> r = g_k(gamma=0.1, theta=1.0, lengthscale=0.5, kernel="matern32")
    >>> s = 3 ** 0.5 * r / 0.5
    >>> round((1 + s) * 2.718281828459045 ** (-s), 12)
    0.1
    """
    check_choice("kernel", kernel, KERNELS)
    gamma, theta, lengthscale = _check_gamma_theta_l(gamma, theta, lengthscale)
    if kernel == "SE":
        return g_k_SE(gamma=gamma, theta=theta, lengthscale=lengthscale)
    c = np.asarray(gamma) / np.asarray(theta) ** 2
    c, ell_b = np.broadcast_arrays(c, np.asarray(lengthscale, dtype=float))
    out = np.array([_g_k_scalar(float(ci), kernel) for ci in c.ravel()]).reshape(c.shape) * ell_b
    return as_output(out)
