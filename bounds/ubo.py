"""GPUCB-UBO [Ha2019]: the catalogue ids ``UBO.*``.

Bayesian optimisation with an unknown search space: the kernel-distance function :math:`g_k` (Eq. 5/10),
the far-field limit of GP-UCB (Prop. 4.1), the expansion radius :math:`d_\\epsilon` of Thm 4.1 in both
printed readings and the steps of its proof (Eqs. 13, 15, 17, 18), the expansion trigger
:math:`r_b`, the :math:`\\beta_t` of Prop. 5.1 / Thm 5.1 (local time), Lemma 5.4's constant, the growth
argument of App. A.5 (Eqs. 26-27), the encompassing hypercube (Eq. 6 = Eq. 28), and the §6 constants.
Formulas were read from the LaTeX copies in the paper.

References
----------
.. [1] [Ha2019] with App. A-C.
"""

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
    check_probability,
    check_real,
    raise_outside,
)

from ._registry import formula

__all__ = [
    "ExperimentConstants",
    "GlobalAccuracy",
    "GramQuantities",
    "C1",
    "assumption42",
    "beta_t_prop51",
    "beta_t_thm51",
    "d_eps",
    "d_eps_gamma",
    "eps_accuracy",
    "eq13",
    "eq15_bound",
    "eq17_bound",
    "eq18_gamma_condition",
    "eq18_map",
    "eq26_lambda_max_lower",
    "eq27",
    "experiment_constants",
    "g_k",
    "g_k_SE",
    "gram_quantities",
    "hypercube_eq28",
    "lemma54_bound",
    "prop41_limit",
    "set_A_and_S",
    "thm51_global",
    "trigger_rb",
]

KERNELS = ("SE", "matern32", "matern52")


# ---------------------------------------------------------------------------------------------------
# Setting: Eq. (4), Assumption 4.2
# ---------------------------------------------------------------------------------------------------
@formula("UBO.eps_accuracy", latex=r"f(x_{max})-f(x_\epsilon)\le\epsilon", cite="[Ha2019, Eq. (4)]")
def eps_accuracy(*, f_max, f_x, epsilon):
    r"""Global :math:`\epsilon`-accuracy of a point (Eq. 4).

    .. math::

        f(x_{max})-f(x_\epsilon)\le\epsilon

    Parameters
    ----------
    f_max : float or array_like
        :math:`f(x_{max})`, the global maximum.
    f_x : float or array_like
        :math:`f(x_\epsilon)` of the suggested point(s).
    epsilon : float, > 0

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [Ha2019, Eq. (4), §3].

    Examples
    --------
    >>> eps_accuracy(f_max=1.0, f_x=0.96, epsilon=0.05)
    True
    """
    f_max = check_real("f_max", f_max)
    f_x = check_real("f_x", f_x)
    epsilon = check_real("epsilon", epsilon, low=0.0, low_open=True)
    ok = (np.asarray(f_max) - f_x) <= epsilon
    return bool(ok) if np.ndim(ok) == 0 else ok


@formula(
    "UBO.assumption42",
    latex=r"k(x,x')\xrightarrow{\|x-x'\|\to\infty}0,\quad k(x,x')\le1,\quad k(x,x)=\theta^2",
    cite="[Ha2019, Assumption 4.2]",
)
def assumption42(*, theta, kernel="SE"):
    r"""Whether a stationary kernel with amplitude :math:`\theta` satisfies Assumption 4.2.

    .. math::

        (1)\ k(x,x')\to0\ \text{as}\ \|x-x'\|_2\to\infty;\quad (2)\ k(x,x')\le1;\quad (3)\ k(x,x)=\theta^2 .

    For SE and Matérn kernels :math:`k=\theta^2 m(\|x-x'\|/l)` with :math:`m(0)=1`, :math:`m` decreasing
    to 0: (1) and (3) always hold and (2) holds iff :math:`\theta\le1`.

    Parameters
    ----------
    theta : float or array_like, > 0
    kernel : {"SE", "matern32", "matern52"}

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [Ha2019, Assumption 4.2, §4].

    Examples
    --------
    >>> assumption42(theta=0.8), assumption42(theta=1.5)
    (True, False)
    """
    check_choice("kernel", kernel, KERNELS)
    theta = check_real("theta", theta, low=0.0, low_open=True)
    ok = np.asarray(theta) ** 2 <= 1.0
    return bool(ok) if np.ndim(ok) == 0 else ok


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


# ---------------------------------------------------------------------------------------------------
# Prop. 4.1, the set A
# ---------------------------------------------------------------------------------------------------
@formula(
    "UBO.prop41_limit",
    latex=r"\alpha_{UCB}(x;\mathcal D_{t-1})\xrightarrow{\|x\|\to\infty}\sqrt{\beta_t}\,\theta",
    cite="[Ha2019, Eqs. (11)-(12)]",
)
def prop41_limit(*, beta_t, theta):
    r"""Far-field limit of the GP-UCB acquisition (Proposition 4.1).

    .. math::

        \alpha_{UCB}(x;\mathcal D_{t-1})=\mu_{t-1}(x)+\sqrt{\beta_t}\sigma_{t-1}(x)
        \xrightarrow{\|x\|\to\infty}\sqrt{\beta_t}\,\theta

    (zero prior mean, Assumption 4.1; :math:`\mathbf k(x)\to0` and :math:`k(x,x)=\theta^2`, Eq. 12).

    Parameters
    ----------
    beta_t : float or array_like, >= 0
    theta : float or array_like, > 0

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, Proposition 4.1 (§4.1) and App. A.2, Eqs. (11)-(12)].

    Examples
    --------
    >>> round(prop41_limit(beta_t=4.0, theta=0.8), 12)
    1.6
    """
    beta_t = check_real("beta_t", beta_t, low=0.0)
    theta = check_real("theta", theta, low=0.0, low_open=True)
    return as_output(np.sqrt(beta_t) * theta)


@formula(
    "UBO.set_A_and_S",
    latex=(
        r"\mathcal A=\{x:|\alpha_{UCB}(x;\mathcal D_{t-1})-\sqrt{\beta_t}\theta|<\epsilon/2\},"
        r"\ \mathcal S=\mathbb R^d\setminus\mathcal A"
    ),
    cite="[Ha2019, §4.1]",
)
def set_A_and_S(*, ucb, beta_t, theta, epsilon):
    r"""Membership of the set :math:`\mathcal A` (points whose UCB is near its far-field value).

    .. math::

        \mathcal A=\{x\in\mathbb R^d:|\alpha_{UCB}(x;\mathcal D_{t-1})-\sqrt{\beta_t}\theta|<\epsilon/2\},
        \qquad \mathcal S=\mathbb R^d\setminus\mathcal A .

    The claim (three cases, §4.1): if :math:`\epsilon<|\sqrt{\beta_t}\theta-\min_x\alpha_{UCB}(x)|`, some
    :math:`x_u\in\mathcal S` has :math:`|\alpha_{UCB}(x_u)-\max\alpha_{UCB}|\le\epsilon`.

    Parameters
    ----------
    ucb : float or array_like
        :math:`\alpha_{UCB}(x;\mathcal D_{t-1})` at the points of interest.
    beta_t : float, >= 0
    theta : float, > 0
    epsilon : float, > 0

    Returns
    -------
    bool or ndarray of bool
        True where the point is in :math:`\mathcal A` (False: in :math:`\mathcal S`).

    References
    ----------
    .. [1] [Ha2019, §4.1 "Derivation of the expansion search space", App. A.3].

    Examples
    --------
    >>> set_A_and_S(ucb=[1.59, 1.0], beta_t=4.0, theta=0.8, epsilon=0.05).tolist()
    [True, False]
    """
    ucb = check_real("ucb", ucb)
    lim = prop41_limit(beta_t=beta_t, theta=theta)
    epsilon = check_real("epsilon", epsilon, low=0.0, low_open=True)
    inside = np.abs(np.asarray(ucb) - lim) < epsilon / 2.0
    return bool(inside) if np.ndim(inside) == 0 else inside


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
    q_c = np.minimum(q, np.asarray(theta) ** 2)
    return as_output(-(k_x @ z) + np.sqrt(beta_t) * q_c / (np.sqrt(np.asarray(theta) ** 2 - q_c) + theta))


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
    first = _gamma_first(beta_t, theta, epsilon, n, lambda_max, reading)
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


# ---------------------------------------------------------------------------------------------------
# Eq. (6) = Eq. (28): encompassing hypercube
# ---------------------------------------------------------------------------------------------------
@formula(
    "UBO.hypercube_eq28",
    latex=(
        r"\min_{x_i\in\mathcal D_{t-1}}x_i^k-d_\epsilon\le x^k"
        r"\le\max_{x_i\in\mathcal D_{t-1}}x_i^k+d_\epsilon"
    ),
    cite="[Ha2019, Eq. (6)]",
)
def hypercube_eq28(*, X, d_eps):
    r"""Hypercube encompassing the union of balls of radius :math:`d_\epsilon` around the data.

    .. math::

        \min_{x_i\in\mathcal D_{t-1}}x_i^k-d_\epsilon\le x^k\le\max_{x_i\in\mathcal D_{t-1}}x_i^k
        +d_\epsilon,\qquad k=1,\dots,d

    Parameters
    ----------
    X : array_like, shape (n, d)
        Observed inputs.
    d_eps : float, >= 0

    Returns
    -------
    ndarray, shape (d, 2)
        Rows ``[lower, upper]`` (the project's ``bounds`` layout).

    References
    ----------
    .. [1] [Ha2019, Eq. (6) (§4.1) = Eq. (28) (App. B)].

    Examples
    --------
    >>> hypercube_eq28(X=[[0.0, 1.0], [2.0, -1.0]], d_eps=0.5).tolist()
    [[-0.5, 2.5], [-1.5, 1.5]]
    """
    X = check_array("X", X, ndim=2)
    if X.shape[0] < 1 or X.shape[1] < 1:
        raise ValueError(f"X has shape {X.shape}; expected (n, d) with n >= 1 and d >= 1")
    d_eps = check_real("d_eps", d_eps, low=0.0)
    return np.column_stack([X.min(axis=0) - d_eps, X.max(axis=0) + d_eps])


# ---------------------------------------------------------------------------------------------------
# Trigger, beta_t, Lemma 5.4
# ---------------------------------------------------------------------------------------------------
@formula(
    "UBO.trigger_rb",
    latex={
        "A": (
            r"r_b=\alpha_{UCB}(x_t;\mathcal D_{t-1})-\max_{x\in\mathcal D_t}\alpha_{LCB}(x;\mathcal D_{t-1})"
            r"+1/t^2"
        ),
        "B": (
            r"r_b=\alpha_{UCB}(x_t;\mathcal D_{t-1})-\max_{x\in\mathcal D_t}\alpha_{LCB}(x;\mathcal D_{t-1})"
            r"+1/t_{local}^2"
        ),
    },
    cite="[Ha2019, Alg. 1]",
)
def trigger_rb(*, ucb_max, lcb_max, t, t_local=None, reading="B"):
    r"""Expansion trigger :math:`r_b` (an upper bound on the local simple regret).

    .. math::

        r_{b,\mathcal S_k}(t)=\max_{x\in\mathcal S_k}\alpha_{UCB}(x;\mathcal D_{t-1})+\frac1{\tau^2}
        -\max_{x\in\mathcal D_t}\alpha_{LCB}(x;\mathcal D_{t-1})

    An expansion is triggered when :math:`r_b\le\epsilon` (or at :math:`t=1`). Readings of :math:`\tau`:

    * ``"A"`` (main text, §4.1 "Triggering the next expansion"): :math:`\tau=t`.
    * ``"B"`` (default; Algorithm 1 line 9, consistent with Thm 5.1's local time):
      :math:`\tau=t_{local}=t-t_k`.

    Algorithm 1 uses :math:`\alpha_{UCB}(x_t)`, which equals :math:`\max_{\mathcal S_k}\alpha_{UCB}` when
    the acquisition is maximised exactly.

    Parameters
    ----------
    ucb_max : float or array_like
        :math:`\max_{x\in\mathcal S_k}\alpha_{UCB}(x;\mathcal D_{t-1})` (or :math:`\alpha_{UCB}(x_t)`).
    lcb_max : float or array_like
        :math:`\max_{x\in\mathcal D_t}\alpha_{LCB}(x;\mathcal D_{t-1})`.
    t : int, >= 1
    t_local : int, 1 <= t_local <= t, required for reading B
    reading : {"A", "B"}

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, §4.1 "Triggering the next expansion", Alg. 1 line 9].

    Examples
    --------
    >>> trigger_rb(ucb_max=1.0, lcb_max=0.5, t=4, t_local=2)
    0.75
    >>> trigger_rb(ucb_max=1.0, lcb_max=0.5, t=4, reading="A")
    0.5625
    """
    check_choice("reading", reading, ("A", "B"))
    ucb_max = check_real("ucb_max", ucb_max)
    lcb_max = check_real("lcb_max", lcb_max)
    t = check_integer("t", t, low=1)
    if reading == "B":
        if t_local is None:
            raise ValueError("t_local is required for reading 'B' (Algorithm 1: t_local = t - t_k)")
        tau = check_integer("t_local", t_local, low=1)  # reading B: tau = t_local [Ha2019, Alg. 1]
        over = np.asarray(tau) > np.asarray(t)
        if np.any(over):
            raise_outside("t_local", tau, over, "{1, ..., t}")
    else:
        tau = t  # reading A: tau = t [Ha2019, §4.1]
    # r_b = alpha_UCB(x_t) - max_{D_t} alpha_LCB + 1 / tau^2   [Ha2019, Alg. 1 line 9]
    return as_output(np.asarray(ucb_max) - lcb_max + 1.0 / np.asarray(tau, dtype=float) ** 2)


def _beta_inputs(d, delta, a, b, r):
    d = np.asarray(check_integer("d", d, low=1), dtype=float)
    delta = check_probability("delta", delta)
    a = check_real("a", a, low=0.0, low_open=True)
    b = check_real("b", b, low=0.0, low_open=True)
    r = check_real("r", r, low=0.0, low_open=True)
    inner = 4.0 * d * np.asarray(a) / delta
    bad = inner <= 1.0
    if np.any(bad):
        raise_outside("a", a, bad, "a > delta / (4 d), so that log(4 d a / delta) > 0")
    return d, np.asarray(delta), np.asarray(a), np.asarray(b), np.asarray(r), inner


@formula(
    "UBO.beta_t_prop51",
    latex=r"\beta_t=2\log\frac{2t^2\pi^2}{3\delta}+2d\log\Big(t^2db_kr_k\sqrt{\log\frac{4da_k}{\delta}}\Big)",
    cite="[Ha2019, §5]",
)
def beta_t_prop51(*, t, d, delta, a, b, r):
    r""":math:`\beta_t` of Proposition 5.1 ([Srinivas2010, Thm 2] on the box :math:`\mathcal S_k`).

    .. math::

        \beta_t=2\log\frac{2t^2\pi^2}{3\delta}+2d\log\Big(t^2\,d\,b_k\,r_k\sqrt{\log\frac{4da_k}{\delta}}\Big)

    Parameters
    ----------
    t : int or array_like, >= 1
    d : int, >= 1
        Input dimension.
    delta : float in (0, 1)
    a, b : float, > 0
        :math:`a_k,b_k` of the derivative tail bound
        :math:`\Pr\{\sup_{\mathcal S_k}|\partial f/\partial x_j|>L\}\le a_ke^{-(L/b_k)^2}`;
        :math:`\log(4da_k/\delta)>0` is required.
    r : float, > 0
        Side length :math:`r_k` of :math:`\mathcal S_k`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, Proposition 5.1 (§5) and App. A.4]; [Srinivas2010, Theorem 2].

    Examples
    --------
    >>> round(beta_t_prop51(t=1, d=1, delta=0.1, a=1.0, b=1.0, r=1.0), 6)
    9.678482
    """
    t = np.asarray(check_integer("t", t, low=1), dtype=float)
    d, delta, _, b, r, inner = _beta_inputs(d, delta, a, b, r)
    # beta_t = 2 log(2 t^2 pi^2 / (3 delta))          [Srinivas2010, Thm 2], first term
    #          + 2 d log(t^2 d b r sqrt(log(4 d a / delta)))   second term (the discretisation of [0, r]^d)
    return as_output(2.0 * np.log(2.0 * t**2 * np.pi**2 / (3.0 * delta))
                     + 2.0 * d * np.log(t**2 * d * b * r * np.sqrt(np.log(inner))))


@formula(
    "UBO.beta_t_thm51",
    latex=(
        r"\beta_t=2\log\frac{2\tau^2\pi^2}{3\delta}+2d\log\Big(\tau^2db_kr_k\sqrt{\log\frac{4da_k}{\delta}}\Big),"
        r"\ \tau=t-\sum_{j\le k-1}T_j"
    ),
    cite="[Ha2019, Thm 5.1]",
)
def beta_t_thm51(*, t, T_prev, d, delta, a, b, r):
    r""":math:`\beta_t` of Theorem 5.1, in the local time of the current search space.

    .. math::

        \beta_t=2\log\frac{2\tau^2\pi^2}{3\delta}+2d\log\Big(\tau^2db_kr_k\sqrt{\log\frac{4da_k}{\delta}}\Big),
        \qquad \tau=t-\sum_{j\le k-1}T_j,\quad \sum_{j\le k-1}T_j+1\le t\le\sum_{j\le k}T_j .

    The experiments (§6) divide :math:`\beta_t` by 5 (:func:`experiment_constants`).

    Parameters
    ----------
    t : int or array_like, >= 1
        Global iteration.
    T_prev : int or array_like, 0 <= T_prev < t
        :math:`\sum_{j\le k-1}T_j`, iterations spent in earlier search spaces.
    d, delta, a, b, r
        As in :func:`beta_t_prop51` (constants of :math:`\mathcal S_k`).

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, Theorem 5.1 (§5)].

    Examples
    --------
    >>> beta_t_thm51(t=7, T_prev=5, d=2, delta=0.1, a=1.0, b=1.0, r=1.0) == beta_t_prop51(
    ...     t=2, d=2, delta=0.1, a=1.0, b=1.0, r=1.0)
    True
    """
    t = check_integer("t", t, low=1)
    T_prev = check_integer("T_prev", T_prev, low=0)
    bad = np.asarray(T_prev) >= np.asarray(t)
    if np.any(bad):
        raise_outside("T_prev", T_prev, bad, "{0, ..., t-1}")
    return beta_t_prop51(t=np.asarray(t) - np.asarray(T_prev), d=d, delta=delta, a=a, b=b, r=r)


@formula("UBO.C1", latex=r"C_1=8/\log(1+\sigma^{-2})", cite="[Ha2019, App. A.4]")
def C1(*, noise_variance):
    r"""Constant of [Srinivas2010, Lemma 5.4] as printed in [Ha2019, Eq. (22)].

    .. math::

        C_1=\frac{8}{\log(1+\sigma^{-2})}

    ([TranThe2020-ext, Prop. 4] prints :math:`8/\log(1+\sigma^2)`, catalogue id SRINIVAS.C1.)

    Parameters
    ----------
    noise_variance : float or array_like, > 0
        :math:`\sigma^2`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, App. A.4], after Eq. (22); [Srinivas2010, Lemma 5.4].

    Examples
    --------
    >>> round(C1(noise_variance=1.0), 6)
    11.54156
    """
    noise_variance = check_real("noise_variance", noise_variance, low=0.0, low_open=True)
    return as_output(8.0 / np.log1p(1.0 / np.asarray(noise_variance)))


@formula(
    "UBO.lemma54",
    latex=r"\sum_{t=1}^T4\beta_t\sigma^2_{t-1}(x_t)\le C_1\beta_T\gamma_T",
    cite="[Ha2019, Eq. (22)]",
)
def lemma54_bound(*, beta_T, gamma_T, noise_variance):
    r"""Right-hand side of Eq. (22) ([Srinivas2010, Lemma 5.4]).

    .. math::

        \sum_{t=1}^T4\beta_t\sigma^2_{t-1}(x_t)\le C_1\beta_T\gamma_T,\qquad C_1=8/\log(1+\sigma^{-2})

    (for non-decreasing :math:`\beta_t` and :math:`k(x,x)\le1`).

    Parameters
    ----------
    beta_T : float or array_like, >= 0
    gamma_T : float or array_like, >= 0
        Maximum information gain (Eq. 9), or the information gain of the actual sequence, which is
        :math:`\le\gamma_T`.
    noise_variance : float, > 0

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, App. A.4, Eq. (22)]; [Srinivas2010, Lemma 5.4].

    Examples
    --------
    >>> round(lemma54_bound(beta_T=2.0, gamma_T=3.0, noise_variance=1.0), 6)
    69.249362
    """
    beta_T = check_real("beta_T", beta_T, low=0.0)
    gamma_T = check_real("gamma_T", gamma_T, low=0.0)
    return as_output(np.asarray(C1(noise_variance=noise_variance)) * beta_T * gamma_T)


# ---------------------------------------------------------------------------------------------------
# App. A.5: Eqs. (26)-(27)
# ---------------------------------------------------------------------------------------------------
@formula("UBO.eq26", latex=r"\lambda_{max}\ge\frac1{\theta^2+\sigma^2}", cite="[Ha2019, Eq. (26)]")
def eq26_lambda_max_lower(*, theta, noise_variance):
    r"""Lower bound on :math:`\lambda_{max}` from the trace argument of Eq. (26).

    .. math::

        n\lambda_{\min}(K+\sigma^2I)\le\mathrm{Tr}(K+\sigma^2I)=n(\theta^2+\sigma^2)
        \ \Rightarrow\ \lambda_{max}=\frac1{\lambda_{\min}(K+\sigma^2I)}\ge\frac1{\theta^2+\sigma^2}

    Parameters
    ----------
    theta : float, > 0
    noise_variance : float, > 0

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, App. A.5, Eq. (26)].

    Examples
    --------
    >>> eq26_lambda_max_lower(theta=1.0, noise_variance=1.0)
    0.5
    """
    theta = check_real("theta", theta, low=0.0, low_open=True)
    noise_variance = check_real("noise_variance", noise_variance, low=0.0, low_open=True)
    return as_output(1.0 / (np.asarray(theta) ** 2 + noise_variance))


@formula(
    "UBO.eq27",
    latex={
        reading: (
            r"\sqrt{(0.5\sqrt{\beta_t}\theta\epsilon-0.0625\epsilon^2)/(|\mathcal D_{t-1}|\lambda_{max})}\,"
            + c_R + r"\xrightarrow{t\to\infty}0"
        )
        for reading, c_R in _GAMMA_FACTOR_LATEX.items()
    },
    cite="[Ha2019, Eq. (27)]",
)
def eq27(*, beta_t, theta, epsilon, n, lambda_max, reading="B"):
    r"""First argument of the min in :math:`\gamma` (Eq. 27), which App. A.5 shows tends to 0.

    .. math::

        c_R\sqrt{\frac{0.5\sqrt{\beta_t}\theta\epsilon-0.0625\epsilon^2}{|\mathcal D_{t-1}|\lambda_{max}}}
        \xrightarrow{t\to\infty}0\quad(\beta_t=O(\log t),\ |\mathcal D_{t-1}|\ge t-1,\
        \lambda_{max}\ge1/(\theta^2+\sigma^2))

    * ``"B"`` (default here: Eq. 27 as printed): :math:`c_B=\theta`.
    * ``"A"`` (Thm 4.1): :math:`c_A=1/\sqrt{\beta_t}`.

    Hence :math:`\gamma\to0` and :math:`d_\epsilon\to\infty`.

    Parameters
    ----------
    beta_t, theta, epsilon, n, lambda_max
        As in :func:`d_eps_gamma`.
    reading : {"A", "B"}

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, App. A.5, Eq. (27)].

    Examples
    --------
    >>> round(eq27(beta_t=4.0, theta=1.0, epsilon=0.5, n=1, lambda_max=1.0), 6)
    0.695971
    """
    check_choice("reading", reading, ("A", "B"))
    beta_t, theta, epsilon, n, lambda_max, _ = _d_eps_inputs(beta_t, theta, epsilon, n, lambda_max, 0.0)
    return as_output(_gamma_first(beta_t, theta, epsilon, n, lambda_max, reading))


# ---------------------------------------------------------------------------------------------------
# Thm 5.1 (global), §6 constants
# ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GlobalAccuracy:
    """Empirical check of Thm 5.1: success fraction over runs and whether it reaches :math:`1-\\delta`."""

    fraction: float
    n_runs: int
    holds: bool


@formula(
    "UBO.thm51_global",
    latex=r"\Pr\{f(x_{max})-f(x_{suggest})\le\epsilon\}\ge1-\delta",
    cite="[Ha2019, Thm 5.1]",
)
def thm51_global(*, f_max, f_suggest, epsilon, delta) -> GlobalAccuracy:
    r"""Point estimate of the probability in Theorem 5.1 over independent runs.

    .. math::

        \Pr\{f(x_{max})-f(x_{suggest})\le\epsilon\}\ge1-\delta

    ``holds`` compares the empirical fraction with :math:`1-\delta` (no confidence interval; the
    Clopper-Pearson verdict of DESIGN convention 10 belongs to ``regretlab.verify``). :math:`x_{suggest}`
    is not defined precisely in the paper; the catalogue uses the best observed point.

    Parameters
    ----------
    f_max : float
        Global maximum :math:`f(x_{max})`.
    f_suggest : array_like, shape (n_runs,)
        :math:`f(x_{suggest})` of each run.
    epsilon : float, > 0
    delta : float in (0, 1)

    Returns
    -------
    GlobalAccuracy

    References
    ----------
    .. [1] [Ha2019, Theorem 5.1 (§5) and App. A.5].

    Examples
    --------
    >>> thm51_global(f_max=0.0, f_suggest=[-0.01, -0.2, 0.0, -0.04], epsilon=0.05, delta=0.3)
    GlobalAccuracy(fraction=0.75, n_runs=4, holds=True)
    """
    f_suggest = check_array("f_suggest", f_suggest, ndim=1)
    if f_suggest.size < 1:
        raise ValueError("f_suggest has shape (0,); expected (n_runs,) with n_runs >= 1")
    ok = eps_accuracy(f_max=f_max, f_x=f_suggest, epsilon=epsilon)
    delta = check_probability("delta", delta)
    frac = float(np.mean(ok))
    return GlobalAccuracy(frac, int(f_suggest.size), bool(frac >= 1.0 - delta))


@dataclass(frozen=True)
class ExperimentConstants:
    """The experimental settings of [Ha2019, §6] for one problem.

    Attributes
    ----------
    d : int
        Input dimension.
    n_init : int
        :math:`3d` Latin-hypercube initial points.
    budget : int
        :math:`10d` evaluations after the initial design.
    epsilon : float
        0.05 (synthetic) or 0.02 (ML tuning).
    beta_divisor : float
        :math:`\\beta_t` is divided by 5.
    repeats : int
        30 (synthetic) or 20 (ML).
    init_box_fraction : float
        Initial box side = 20% of the domain side, random centre.
    volume_doubling_every : int
        EI-Volx2 / GPUCB-Volx2 double the volume every :math:`3d` iterations.
    kernel : str
        "SE", ML-II fitted; outputs normalised to :math:`\\mathcal N(0,1)`.
    """

    d: int
    n_init: int
    budget: int
    epsilon: float
    beta_divisor: float
    repeats: int
    init_box_fraction: float
    volume_doubling_every: int
    kernel: str


@formula(
    "UBO.experiment_constants",
    latex=r"n_{init}=3d,\ T=10d,\ \epsilon\in\{0.05,0.02\},\ \beta_t/5",
    cite="[Ha2019, §6]",
)
def experiment_constants(*, d, task="synthetic") -> ExperimentConstants:
    r"""The §6 constants for a problem of dimension :math:`d`.

    .. math::

        n_{init}=3d,\quad T=10d,\quad \epsilon=0.05\ (\text{synthetic})\ /\ 0.02\ (\text{ML}),\quad
        \beta_t\to\beta_t/5

    Parameters
    ----------
    d : int, >= 1
    task : {"synthetic", "ml"}

    Returns
    -------
    ExperimentConstants

    References
    ----------
    .. [1] [Ha2019, §6 "Experimental Evaluation"].

    Examples
    --------
    >>> c = experiment_constants(d=2)
    >>> c.n_init, c.budget, c.epsilon, c.beta_divisor
    (6, 20, 0.05, 5.0)
    """
    d = check_integer("d", d, low=1)
    check_choice("task", task, ("synthetic", "ml"))
    synthetic = task == "synthetic"
    return ExperimentConstants(
        d=d, n_init=3 * d, budget=10 * d, epsilon=0.05 if synthetic else 0.02, beta_divisor=5.0,
        repeats=30 if synthetic else 20, init_box_fraction=0.2, volume_doubling_every=3 * d, kernel="SE",
    )
