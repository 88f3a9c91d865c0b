"""[Ha2019, Thm 4.1] and App. A.3: the data quantities z and lambda_max, Eqs. (13)-(18), d_eps."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.linalg
import scipy.special

from regretlab._validate import (
    as_output,
    check_array,
    check_choice,
    check_integer,
    check_real,
    raise_outside,
)

from .._registry import formula
from ._common import _GAMMA_FACTOR_LATEX, _d_eps_inputs, _gamma_first
from .distance import g_k


# ---------------------------------------------------------------------------------------------------
# Data quantities of Thm 4.1, Eq. (13)
# ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GramQuantities:
    """The data quantities of Thm 4.1 ([Ha2019, §4.1]).

    Attributes
    ----------
    n : int
        :math:`|\\mathcal D_{t-1}|`.
    lambda_max : float
        Largest eigenvalue (= singular value) of :math:`(K+\\sigma^2I)^{-1}`,
        i.e. :math:`1/\\lambda_{\\min}(K+\\sigma^2I)`.
    z : ndarray
        :math:`(K+\\sigma^2I)^{-1}\\mathbf y`.
    z_mass : float
        :math:`\\max(\\sum_{z_j\\le0}-z_j,\\ \\sum_{z_j\\ge0}z_j)`.
    """

    n: int
    lambda_max: float
    z: np.ndarray
    z_mass: float


@formula(
    latex=r"\lambda_{max}=1/\lambda_{\min}(K+\sigma^2I)=1/s_{\min}(L)^2,\quad z=(K+\sigma^2I)^{-1}\mathbf y",
    cite="[Ha2019, Thm 4.1]",
)
def gram_quantities(*, L, z) -> GramQuantities:
    r""":math:`n`, :math:`\lambda_{max}`, :math:`z` and the :math:`z`-mass of Thm 4.1, from the GP's own
    solve.

    .. math::

        \lambda_{max}=\lambda_{\max}\big((K+\sigma^2I)^{-1}\big)=\frac1{\lambda_{\min}(K+\sigma^2I)}
        =\frac1{s_{\min}(L)^2},\qquad z=(K+\sigma^2I)^{-1}\mathbf y

    with :math:`L` the lower Cholesky factor of :math:`K+\sigma^2I` (:math:`K_{ij}=k(x_i,x_j)`) and
    :math:`\mathbf y` centred at the prior mean (Assumption 4.1 takes it zero): exactly what a fitted
    :class:`regretlab.gp.GP` holds as ``L`` and ``alpha``, so the quantities describe the posterior the
    algorithm uses, and ``bounds/`` keeps no copy of the kernel. The smallest singular value of :math:`L`
    (:func:`scipy.linalg.svdvals`) gives :math:`\lambda_{\min}` without forming :math:`LL^\top`.

    Parameters
    ----------
    L : array_like, shape (n, n)
        Lower-triangular Cholesky factor of :math:`K+\sigma^2I`, positive diagonal, :math:`n\ge1`.
    z : array_like, shape (n,)
        :math:`(K+\sigma^2I)^{-1}\mathbf y`.

    Returns
    -------
    GramQuantities

    References
    ----------
    .. [1] [Ha2019, Theorem 4.1 (§4.1) and App. A.3].

    Examples
    --------
    >>> q = gram_quantities(L=[[2.0 ** 0.5]], z=[0.5])  # K = 1, sigma^2 = 1, y = 1
    >>> q.n, round(q.lambda_max, 12), round(q.z_mass, 12)
    (1, 0.5, 0.5)
    """
    L = check_array("L", L, ndim=2)
    n = L.shape[0]
    if n < 1 or L.shape != (n, n):
        raise ValueError(f"L has shape {L.shape}; expected (n, n) with n >= 1 (a Cholesky factor)")
    if not np.all(np.diag(L) > 0.0) or np.any(np.triu(L, 1) != 0.0):
        raise ValueError("L is not a lower-triangular Cholesky factor with a positive diagonal")
    z = check_array("z", z, shape=(n,))
    s_min = float(scipy.linalg.svdvals(L)[-1])
    mass = max(float(-z[z <= 0].sum()), float(z[z >= 0].sum()))
    return GramQuantities(int(n), 1.0 / s_min**2, z.copy(), mass)


@formula(
    "UBO.eq13",
    latex=(
        r"\sqrt{\beta_t}\theta-\alpha_{UCB}(x)=-\mathbf k(x)^\top z"
        r"+\frac{\sqrt{\beta_t}\,q(x)}{\sqrt{\theta^2-q(x)}+\theta}"
    ),
    cite="[Ha2019, Eq. (13)]",
)
def eq13(*, k_x, z, q, beta_t, theta):
    r"""Right-hand side of Eq. (13): the gap between the far-field value and the UCB.

    .. math::

        \sqrt{\beta_t}\theta-\alpha_{UCB}(x;\mathcal D_{t-1})=-\mathbf k(x)^\top z
        +\frac{\sqrt{\beta_t}\,q(x)}{\sqrt{\theta^2-q(x)}+\theta},\qquad
        q(x)=\mathbf k(x)^\top(K+\sigma^2I)^{-1}\mathbf k(x),\ z=(K+\sigma^2I)^{-1}\mathbf y .

    Parameters
    ----------
    k_x : array_like, shape (..., n)
        :math:`\mathbf k(x)=[k(x,x_i)]_i`.
    z : array_like, shape (n,)
    q : float or array_like, in [0, theta^2]
    beta_t : float, >= 0
    theta : float, > 0

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, App. A.3, Eq. (13)].

    Examples
    --------
    >>> round(eq13(k_x=[0.0], z=[1.0], q=0.0, beta_t=4.0, theta=0.8), 12)
    0.0
    """
    k_x = check_array("k_x", k_x)
    z = check_array("z", z, ndim=1)
    theta = check_real("theta", theta, low=0.0, low_open=True)
    beta_t = check_real("beta_t", beta_t, low=0.0)
    q = check_real("q", q, low=0.0)
    over = np.asarray(q) > np.asarray(theta) ** 2 * (1 + 1e-12)
    if np.any(over):
        raise_outside("q", q, over, "[0, theta^2]")
    if k_x.shape[-1:] != z.shape:
        raise ValueError(f"k_x has shape {k_x.shape}; expected (..., {z.size}) to match z")
    q_c = np.minimum(q, np.asarray(theta) ** 2)  # q <= theta^2 up to round-off (a posterior variance >= 0)
    # -k(x)^T z: the mean's part, mu(x) = k(x)^T (K + sigma^2 I)^{-1} y   [Ha2019, Eq. (13)]
    mean_part = -(k_x @ z)
    # sqrt(beta_t) (theta - sigma(x)) = sqrt(beta_t) q / (sqrt(theta^2 - q) + theta)   [Ha2019, Eq. (13)]
    width_part = np.sqrt(beta_t) * q_c / (np.sqrt(np.asarray(theta) ** 2 - q_c) + theta)
    return as_output(mean_part + width_part)


# ---------------------------------------------------------------------------------------------------
# Eqs. (15), (17), (18)
# ---------------------------------------------------------------------------------------------------
@formula(
    "UBO.eq15",
    latex=r"|\mathbf k(x)^\top z|\le\max\Big(\sum_{z_i\le0}-z_i,\sum_{z_i\ge0}z_i\Big)\gamma",
    cite="[Ha2019, Eqs. (14)-(15)]",
)
def eq15_bound(*, z_mass, gamma):
    r"""Bound (15) on the first term of Eq. (13) when :math:`0\le k(x,x_i)\le\gamma` for all :math:`i`.

    .. math::

        |\mathbf k(x)^\top z|\le\max\Big(\sum_{z_i\le0}-z_i,\ \sum_{z_i\ge0}z_i\Big)\,\gamma

    (valid for non-negative kernels, via Eq. 14).

    Parameters
    ----------
    z_mass : float or array_like, >= 0
        :math:`\max(\sum_{z_i\le0}-z_i,\sum_{z_i\ge0}z_i)` (see :func:`gram_quantities`).
    gamma : float or array_like, >= 0

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, App. A.3, Eqs. (14)-(15)].

    Examples
    --------
    >>> eq15_bound(z_mass=2.0, gamma=0.25)
    0.5
    """
    z_mass = check_real("z_mass", z_mass, low=0.0)
    gamma = check_real("gamma", gamma, low=0.0)
    return as_output(np.asarray(z_mass) * gamma)


@formula(
    "UBO.eq17",
    latex=r"0\le\mathbf k(x)^\top(K+\sigma^2I)^{-1}\mathbf k(x)\le n\lambda_{max}\gamma^2",
    cite="[Ha2019, Eqs. (16)-(17)]",
)
def eq17_bound(*, n, lambda_max, gamma):
    r"""Bound (17) on :math:`q(x)` when :math:`k(x,x_i)\le\gamma` for all :math:`i`.

    .. math::

        0\le q(x)=\mathbf k(x)^\top(K+\sigma^2I)^{-1}\mathbf k(x)\le n\,\lambda_{max}\,\gamma^2

    Parameters
    ----------
    n : int, >= 1
        :math:`|\mathcal D_{t-1}|`.
    lambda_max : float, > 0
    gamma : float, >= 0

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, App. A.3, Eqs. (16)-(17)].

    Examples
    --------
    >>> eq17_bound(n=4, lambda_max=2.0, gamma=0.5)
    2.0
    """
    n = check_integer("n", n, low=1)
    lambda_max = check_real("lambda_max", lambda_max, low=0.0, low_open=True)
    gamma = check_real("gamma", gamma, low=0.0)
    return as_output(np.asarray(n, dtype=float) * lambda_max * np.asarray(gamma) ** 2)


@formula(
    "UBO.eq18",
    latex=r"f(z)=\frac{\sqrt{\beta_t}z}{\sqrt{\theta^2-z}+\theta},\ 0\le z\le\theta^2",
    cite="[Ha2019, Eq. (18)]",
)
def eq18_map(*, q, beta_t, theta):
    r"""The increasing map of Eq. (18) on :math:`[0,\theta^2]`.

    .. math::

        f(z)=\frac{\sqrt{\beta_t}\,z}{\sqrt{\theta^2-z}+\theta},\qquad 0\le z\le\theta^2

    Parameters
    ----------
    q : float or array_like, in [0, theta^2]
        The argument (the paper's :math:`z`, renamed to avoid a clash with :math:`z=(K+\sigma^2I)^{-1}y`).
    beta_t : float, >= 0
    theta : float, > 0

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, App. A.3, Eq. (18)].

    Examples
    --------
    >>> eq18_map(q=0.75, beta_t=4.0, theta=1.0)
    1.0
    """
    q = check_real("q", q, low=0.0)
    beta_t = check_real("beta_t", beta_t, low=0.0)
    theta = check_real("theta", theta, low=0.0, low_open=True)
    th2 = np.asarray(theta) ** 2
    over = np.asarray(q) > th2
    if np.any(over):
        raise_outside("q", q, over, "[0, theta^2]")
    # sqrt(beta_t) q / (sqrt(theta^2 - q) + theta), increasing in q on [0, theta^2]   [Ha2019, Eq. (18)]
    return as_output(np.sqrt(beta_t) * q / (np.sqrt(th2 - q) + theta))


@formula(
    latex={
        "A": r"\gamma\le\sqrt{\theta/(n\lambda_{max})}",
        "B": r"\gamma\le\theta/\sqrt{n\lambda_{max}}",
    },
    cite="[Ha2019, App. A.3]",
)
def eq18_gamma_condition(*, gamma, theta, n, lambda_max, reading="B"):
    r"""The condition on :math:`\gamma` stated after Eq. (18) (so that Eq. 18's map applies).

    * ``"A"`` (as printed): :math:`\gamma\le\sqrt{\theta/(n\lambda_{max})}`.
    * ``"B"`` (default; what Eq. 17's range :math:`[0,n\lambda_{max}\gamma^2]\subseteq[0,\theta^2]`
      needs): :math:`\gamma\le\theta/\sqrt{n\lambda_{max}}`.

    .. math::

        \gamma\le\theta/\sqrt{n\lambda_{max}}\ (B),\qquad \gamma\le\sqrt{\theta/(n\lambda_{max})}\ (A)

    For :math:`\theta<1` reading A admits :math:`\gamma` with :math:`n\lambda_{max}\gamma^2>\theta^2`,
    outside the domain of Eq. (18) (``bounds/ERRATA.md``).

    Parameters
    ----------
    gamma, theta, lambda_max : float or array_like, > 0
    n : int, >= 1
    reading : {"A", "B"}

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [Ha2019, App. A.3], text after Eq. (18).

    Examples
    --------
    >>> eq18_gamma_condition(gamma=0.6, theta=0.5, n=1, lambda_max=1.0, reading="A")
    True
    >>> eq18_gamma_condition(gamma=0.6, theta=0.5, n=1, lambda_max=1.0, reading="B")
    False
    """
    check_choice("reading", reading, ("A", "B"))
    gamma = check_real("gamma", gamma, low=0.0, low_open=True)
    theta = check_real("theta", theta, low=0.0, low_open=True)
    n = np.asarray(check_integer("n", n, low=1), dtype=float)
    lambda_max = check_real("lambda_max", lambda_max, low=0.0, low_open=True)
    limit = np.sqrt(theta / (n * lambda_max)) if reading == "A" else theta / np.sqrt(n * lambda_max)
    ok = np.asarray(gamma) <= limit
    return bool(ok) if np.ndim(ok) == 0 else ok


@formula(
    latex={
        reading: (
            r"\gamma=\min\Big\{" + c_R + r"\sqrt{\frac{\sqrt{\beta_t}\theta\epsilon/2-\epsilon^2/16}"
            r"{|\mathcal D_{t-1}|\lambda_{max}}},\frac{0.25\epsilon}"
            r"{\max(\sum_{z_j\le0}-z_j,\sum_{z_j\ge0}z_j)}\Big\}"
        )
        for reading, c_R in _GAMMA_FACTOR_LATEX.items()
    },
    cite="[Ha2019, Thm 4.1]",
)
def d_eps_gamma(*, beta_t, theta, epsilon, n, lambda_max, z_mass, reading="A"):
    r"""The kernel level :math:`\gamma` of Thm 4.1 (so that :math:`d_\epsilon=g_k(\gamma)`).

    .. math::

        \gamma=\min\Big\{c_R\sqrt{\frac{\sqrt{\beta_t}\theta\epsilon/2-\epsilon^2/16}{n\lambda_{max}}},\
        \frac{0.25\,\epsilon}{\max(\sum_{z_j\le0}-z_j,\ \sum_{z_j\ge0}z_j)}\Big\}

    with :math:`c_A=1/\sqrt{\beta_t}` (reading A: main-text Thm 4.1 and the end of App. A.3; it solves
    :math:`\text{Eq.\,(18)}(n\lambda_{max}\gamma^2)=\epsilon/4` exactly) and :math:`c_B=\theta` (reading B:
    start of App. A.3 and Eq. 27). A zero :math:`z`-mass makes the second argument :math:`+\infty`.

    Parameters
    ----------
    beta_t : float, > 0
    theta : float, > 0
    epsilon : float, in (0, 4 sqrt(beta_t) theta)
    n : int, >= 1
    lambda_max : float, > 0
    z_mass : float, >= 0
    reading : {"A", "B"}

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, Thm 4.1 (§4.1), App. A.3 (definition of γ, Eq. (20))].

    Examples
    --------
    >>> round(d_eps_gamma(beta_t=4.0, theta=1.0, epsilon=0.5, n=1, lambda_max=1.0, z_mass=0.0), 12)
    0.347985272677
    """
    check_choice("reading", reading, ("A", "B"))
    inputs = _d_eps_inputs(beta_t, theta, epsilon, n, lambda_max, z_mass)
    beta_t, theta, epsilon, n, lambda_max, z_mass = inputs
    # first argument: Eq. (18)'s map at n lambda_max gamma^2 is at most epsilon/4   [Ha2019, Thm 4.1]
    first = _gamma_first(beta_t, theta, epsilon, n, lambda_max, reading)
    # second argument: Eq. (15)'s z_mass gamma is at most epsilon/4 (+inf when z_mass = 0)   [Ha2019, Thm 4.1]
    with np.errstate(divide="ignore"):
        second = np.where(z_mass > 0, 0.25 * epsilon / np.where(z_mass > 0, z_mass, 1.0), np.inf)
    return as_output(np.minimum(first, second))


@formula(
    "UBO.d_eps",
    latex={
        reading: (
            r"d_\epsilon=g_k\Big(\min\Big\{" + c_R + r"\sqrt{\frac{\sqrt{\beta_t}\theta\epsilon/2"
            r"-\epsilon^2/16}{|\mathcal D_{t-1}|\lambda_{max}}},\frac{0.25\epsilon}"
            r"{\max(\sum_{z_j\le0}-z_j,\sum_{z_j\ge0}z_j)}\Big\}\Big)"
        )
        for reading, c_R in _GAMMA_FACTOR_LATEX.items()
    },
    cite="[Ha2019, Thm 4.1]",
)
def d_eps(*, beta_t, theta, epsilon, n, lambda_max, z_mass, lengthscale, kernel="SE", reading="A"):
    r"""Expansion radius :math:`d_\epsilon` of Theorem 4.1, in both printed readings.

    .. math::

        d_\epsilon=g_k\Big(\min\Big\{c_R\sqrt{\frac{\sqrt{\beta_t}\theta\epsilon/2-\epsilon^2/16}
        {|\mathcal D_{t-1}|\lambda_{max}}},\ \frac{0.25\,\epsilon}{\max(\sum_{z_j\le0}-z_j,\
        \sum_{z_j\ge0}z_j)}\Big\}\Big),\qquad
        \mathcal S=\bigcup_{i}\{x:\|x-x_i\|_2\le d_\epsilon\}

    * ``"A"`` (default; main-text Thm 4.1, end of App. A.3, and reportedly the authors' code):
      :math:`c_A=1/\sqrt{\beta_t}`.
    * ``"B"`` (start of App. A.3; Eq. 27): :math:`c_B=\theta`.

    Claim: every :math:`x` with :math:`\|x-x_i\|\ge d_\epsilon\ \forall i` has
    :math:`|\sqrt{\beta_t}\theta-\alpha_{UCB}(x)|<\epsilon/2`. The property suite shows reading A
    satisfies it and finds a counterexample for reading B (``bounds/ERRATA.md``).

    Parameters
    ----------
    beta_t : float, > 0
    theta : float, > 0
    epsilon : float, in (0, 4 sqrt(beta_t) theta)
    n : int, >= 1
        :math:`|\mathcal D_{t-1}|`.
    lambda_max : float, > 0
        Largest eigenvalue of :math:`(K+\sigma^2I)^{-1}` (see :func:`gram_quantities`).
    z_mass : float, >= 0
        :math:`\max(\sum_{z_j\le0}-z_j,\sum_{z_j\ge0}z_j)`.
    lengthscale : float, > 0
    kernel : {"SE", "matern32", "matern52"}
        Kernel of :math:`g_k` (the paper's experiments use SE).
    reading : {"A", "B"}

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, Theorem 4.1 (§4.1), App. A.3 (Eqs. 13-20), Eq. (27)].

    Examples
    --------
    >>> kw = dict(beta_t=4.0, theta=1.0, epsilon=0.5, n=1, lambda_max=1.0, z_mass=0.0, lengthscale=1.0)
    >>> round(d_eps(**kw), 6), round(d_eps(**kw, reading="B"), 6)
    (1.452994, 0.851408)
    """
    gamma = d_eps_gamma(beta_t=beta_t, theta=theta, epsilon=epsilon, n=n, lambda_max=lambda_max,
                        z_mass=z_mass, reading=reading)
    return g_k(gamma=gamma, theta=theta, lengthscale=lengthscale, kernel=kernel)
