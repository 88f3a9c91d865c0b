r"""Add-GP-UCB [Kandasamy2015]: :math:`\beta_t`, the steps of Thms 4-5, Eq. (14) and its erratum.

Setting ([Kandasamy2015, §3]): :math:`\mathcal X=[0,1]^D`, :math:`f=\sum_{j=1}^Mf^{(j)}(x^{(j)})` over
disjoint groups of dimension :math:`d_j\le d`, :math:`p=\sum_jd_j\le D`, noise :math:`\mathcal N(0,\eta^2)`,
:math:`\kappa(x,x)=1`. Rates (:math:`\mathcal O(\cdot)`) are returned without hidden constants.

The information-gain rates of Thm 4 (ADD.gamma_T_SE, ADD.gamma_T_Matern, ADD.gamma_T_all_dth_order) are
in :mod:`regretlab.bounds.information_gain`; GP-UCB's Thm 6 :math:`\beta_t` (GPUCB.beta_t) is in
:mod:`regretlab.bounds.gp_ucb`.

The catalogue names no "Dragonfly" form of :math:`\beta_t`, so none is implemented here; the practical
schedule is the one [Kandasamy2015] prints (:func:`beta_t_practical`).

References
----------
.. [1] [Kandasamy2015] with App. A, B and the authors' erratum on Eq. (14).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.linalg
import scipy.special

from regretlab._validate import (
    check_array,
    check_choice,
    check_integer,
    check_probability,
    check_real,
)

from ._registry import formula, not_executable

__all__ = [
    "kernel_SE",
    "kernel_matern",
    "add_ucb",
    "Costs",
    "costs",
    "assumption2_tail",
    "thm8_bound",
    "thm4_1_tail_integral",
    "upper_gamma_bound",
    "tstar_bound_holds",
    "thm4_2_tail_sum_bound",
    "normal_tail_bound",
    "beta_t_lemma10",
    "lemma11_slope",
    "eq10_lipschitz",
    "discretisation_error",
    "discretisation_size",
    "beta_t_thm5",
    "C2_thm5",
    "C2_lemma11_sum",
    "regret_thm5",
    "sigma_log_ineq",
    "component_posterior_variances",
    "Eq14Chain",
    "eq14_chain",
    "table1_rate",
    "beta_t_practical",
    "decomposition_count",
    "seq_buggy_rate",
    "Budgets",
    "budgets",
]

not_executable(
    "ADD.obs1",
    "a distributional statement (y is a GP with the summed kernel plus noise); the summed kernel is "
    "regretlab.gp.kernels.Additive and the check is an empirical covariance test of sampled sums, "
    "not a bound",
)
not_executable(
    "ADD.posterior_component",
    "the per-group posterior mean and variance [Kandasamy2015, Eq. (5)] are implemented in "
    "regretlab.gp.posterior (per-group additive posteriors); bounds/ has only the variances along a query "
    "sequence, component_posterior_variances, used by eq14_chain",
)
not_executable(
    "ADD.synthetic_f",
    "the trimodal test objective f_d' of [Kandasamy2015, Eq. (7)] is implemented in "
    "regretlab.objectives.structured (both sign readings and both bandwidth readings), not a bound",
)


def _t(name, t):
    return check_integer(name, t, low=1)


def _f(x):
    return np.asarray(x, dtype=float)


# ----------------------------------------------------------------------------------------------------
# Kernels and acquisition
# ----------------------------------------------------------------------------------------------------


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


# ----------------------------------------------------------------------------------------------------
# Theorem 4 (information gain) — steps of the proof
# ----------------------------------------------------------------------------------------------------


@formula(
    "ADD.thm8_srinivas",
    latex=(
        r"\gamma_T\le\frac{1/2}{1-e^{-1}}\max_{r}\big(T_*\log(rn_T/\eta^2)+C_9\eta^2(1-r/T)"
        r"(T^{\tau+1}B_\kappa(T_*)+1)\log T\big)+\mathcal O(T^{1-\tau/d})"
    ),
    cite="[Kandasamy2015, Thm 8]",
)
def thm8_bound(*, T, T_star, tau, eta, d, B_kappa) -> float:
    r"""[Kandasamy2015, Thm 8] (= [Srinivas2010, Thm 8]) at a given :math:`\tau`, without the
    :math:`\mathcal O(T^{1-\tau/d})`.

    .. math::
        \gamma_T\le\frac{1/2}{1-e^{-1}}\max_{r\in\{1..T\}}\Big(T_*\log(rn_T/\eta^2)
        +C_9\eta^2(1-r/T)\big(T^{\tau+1}B_\kappa(T_*)+1\big)\log T\Big)+\mathcal O(T^{1-\tau/d})

    with :math:`n_T=C_9T^\tau\log T`, :math:`C_9=4d+2`. The infimum over :math:`\tau` and the
    :math:`\mathcal O(T^{1-\tau/d})` term (unspecified constant) are left to the caller.

    Parameters
    ----------
    T : int
        :math:`T\ge2` (so that :math:`n_T>0`).
    T_star : int
        :math:`T_*\in\{1,\dots,\min(T,n_T)\}`.
    tau : float
        :math:`\tau>0`.
    eta : float
        Noise standard deviation :math:`\eta>0`.
    d : int
        Input dimension :math:`d\ge1` (enters :math:`C_9`).
    B_kappa : float
        Eigenvalue tail :math:`B_\kappa(T_*)=\sum_{s>T_*}\lambda_s\ge0`.

    References
    ----------
    .. [1] [Kandasamy2015, App. B.1, Thm 8]; [Srinivas2010, Thm 8].

    Examples
    --------
    >>> round(thm8_bound(T=100, T_star=10, tau=1.0, eta=1.0, d=1, B_kappa=0.0), 4)
    105.0117
    """
    T = check_integer("T", T, low=2)
    tau = check_real("tau", tau, low=0.0, low_open=True)
    eta = check_real("eta", eta, low=0.0, low_open=True)
    d = check_integer("d", d, low=1)
    B_kappa = check_real("B_kappa", B_kappa, low=0.0)
    C9 = 4 * d + 2
    n_T = C9 * T**tau * np.log(T)
    T_star = check_integer("T_star", T_star, low=1, high=int(min(T, np.floor(n_T))))
    r = np.arange(1, T + 1, dtype=float)
    inner = T_star * np.log(r * n_T / eta**2) + C9 * eta**2 * (1 - r / T) * (
        T ** (tau + 1) * B_kappa + 1
    ) * np.log(T)
    return float(0.5 / (1 - np.exp(-1.0)) * np.max(inner))


@formula(
    "ADD.thm4_1_steps",
    latex=r"\int_{T_+}^\infty e^{-\alpha x^{1/d}}dx=d\alpha^{-d}\Gamma(d,\alpha T_+^{1/d})",
    cite="[Kandasamy2015, Thm 4.1]",
)
def thm4_1_tail_integral(*, alpha, T_plus, d):
    r"""[Kandasamy2015, App. B.1.1]: the closed form of :math:`\int_{T_+}^\infty e^{-\alpha x^{1/d}}\,dx`.

    .. math::
        \int_{T_+}^\infty e^{-\alpha x^{1/d}}\,dx=d\,\alpha^{-d}\,\Gamma\big(d,\alpha T_+^{1/d}\big)

    :math:`\Gamma(s,x)` is the upper incomplete gamma function (``scipy.special.gammaincc`` times
    ``scipy.special.gamma``). The other steps of the proof are :func:`upper_gamma_bound` and
    :func:`tstar_bound_holds`.

    Parameters
    ----------
    alpha : float or array_like
        :math:`\alpha=-\log B>0`.
    T_plus : float or array_like
        :math:`T_+\ge0`.
    d : int
        :math:`d\ge1`.

    References
    ----------
    .. [1] [Kandasamy2015, App. B.1.1 (proof of Thm 4.1)].

    Examples
    --------
    >>> round(float(thm4_1_tail_integral(alpha=1.0, T_plus=0.0, d=1)), 6)  # ∫_0^∞ e^{-x} dx
    1.0
    """
    alpha = check_real("alpha", alpha, low=0.0, low_open=True)
    T_plus = check_real("T_plus", T_plus, low=0.0)
    d = check_integer("d", d, low=1)
    x = alpha * _f(T_plus) ** (1.0 / d)
    return d * _f(alpha) ** (-d) * scipy.special.gammaincc(d, x) * scipy.special.gamma(d)


@formula(latex=r"\Gamma(s,x)\le s!e^{-x}x^{s-1}", cite="[Kandasamy2015, App. B.1.1]")
def upper_gamma_bound(*, s, x):
    r"""[Kandasamy2015, App. B.1.1]: the printed bound :math:`\Gamma(s,x)\le s!\,e^{-x}x^{s-1}` (integer s, x
    >= 1).

    .. math::
        \Gamma(s,x)=(s-1)!\,e^{-x}\sum_{k=0}^{s-1}\frac{x^k}{k!}\le s!\,e^{-x}x^{s-1}

    ([Kandasamy2015] prints the exponent as :math:`x^{d-1}` with :math:`s=d`.) Returns the right-hand side.

    Parameters
    ----------
    s : int
        :math:`s\ge1`.
    x : float or array_like
        :math:`x\ge1`.

    References
    ----------
    .. [1] [Kandasamy2015, App. B.1.1].

    Examples
    --------
    >>> round(float(upper_gamma_bound(s=2, x=1.0)), 6)
    0.735759
    """
    s = check_integer("s", s, low=1)
    x = check_real("x", x, low=1.0)
    return scipy.special.factorial(s) * np.exp(-_f(x)) * _f(x) ** (s - 1)


@formula(
    latex={
        "A": r"T_*\le(M+1)T_+,\quad T_+=\lfloor T_*/M\rfloor",
        "B": r"T_*\le M(T_++1),\quad T_+=\lfloor T_*/M\rfloor",
    },
    cite="[Kandasamy2015, App. B.1.1]",
)
def tstar_bound_holds(*, T_star, M, reading: str = "A"):
    r"""[Kandasamy2015, App. B.1.1]: the step ":math:`T_*\le(M+1)T_+`" with :math:`T_+=\lfloor T_*/M\rfloor`.

    .. math::
        T_*\le(M+1)\lfloor T_*/M\rfloor\ \text{(A, printed)},\qquad T_*\le M(\lfloor T_*/M\rfloor+1)\
        \text{(B, always true)}

    Reading ``"A"`` fails when :math:`T_*\bmod M>\lfloor T_*/M\rfloor` (e.g. :math:`T_*=1,M=2`); it holds
    for :math:`T_*\ge M(M-1)`, which the proof's "sufficiently large :math:`T`" provides. Reading ``"B"``
    is the bound that holds for all :math:`T_*,M\ge1`.

    Parameters
    ----------
    T_star, M : int or array_like
        :math:`T_*\ge1`, :math:`M\ge1`.
    reading : {"A", "B"}

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [Kandasamy2015, App. B.1.1] ("By using :math:`\tau=d` and by using :math:`T_*\le(M+1)T_+`").

    Examples
    --------
    >>> bool(tstar_bound_holds(T_star=1, M=2)), bool(tstar_bound_holds(T_star=1, M=2, reading="B"))
    (False, True)
    """
    check_choice("reading", reading, ("A", "B"))
    T_star = np.asarray(check_integer("T_star", T_star, low=1))
    M = np.asarray(check_integer("M", M, low=1))
    T_plus = T_star // M
    out = T_star <= (M + 1) * T_plus if reading == "A" else T_star <= M * (T_plus + 1)
    return bool(out) if out.ndim == 0 else out


@formula(
    "ADD.thm4_2_tail",
    latex=r"\sum_{s>T_+}s^{-p}\le T_+^{-p}+\frac{T_+^{1-p}}{p-1}",
    cite="[Kandasamy2015, Thm 4.2]",
)
def thm4_2_tail_sum_bound(*, T_plus, p):
    r"""[Kandasamy2015, App. B.1.2]: :math:`\sum_{s>T_+}s^{-p}\le T_+^{-p}+T_+^{1-p}/(p-1)`,
    :math:`p=(2\nu+d)/d>1`.

    .. math:: \sum_{s>T_+}s^{-p}\le T_+^{-p}+\frac{T_+^{1-p}}{p-1}

    Returns the right-hand side (the integral comparison of the Matérn eigenvalue tail).

    Parameters
    ----------
    T_plus : float or array_like
        :math:`T_+\ge1`.
    p : float
        :math:`p>1`.

    References
    ----------
    .. [1] [Kandasamy2015, App. B.1.2 (proof of Thm 4.2)].

    Examples
    --------
    >>> float(thm4_2_tail_sum_bound(T_plus=1.0, p=2.0))
    2.0
    """
    T_plus = _f(check_real("T_plus", T_plus, low=1.0))
    p = check_real("p", p, low=1.0, low_open=True)
    return T_plus**-p + T_plus ** (1 - p) / (p - 1)


# ----------------------------------------------------------------------------------------------------
# Lemma 10, Lemma 11, Eq. (10)-(13): the ingredients of Thm 5
# ----------------------------------------------------------------------------------------------------


@formula(latex=r"\Pr(z>c)\le\tfrac12e^{-c^2/2}", cite="[Kandasamy2015, Lemma 10]")
def normal_tail_bound(*, c):
    r"""The Gaussian tail bound used in Lemma 10: :math:`\Pr(z>c)\le\tfrac12e^{-c^2/2}`, :math:`c\ge0`.

    .. math:: \Pr(z>c)\le\tfrac12e^{-c^2/2}

    Returns the right-hand side.

    References
    ----------
    .. [1] [Kandasamy2015, App. B.2, proof of Lemma 10].

    Examples
    --------
    >>> float(normal_tail_bound(c=0.0))
    0.5
    """
    c = check_real("c", c, low=0.0)
    return 0.5 * np.exp(-(_f(c) ** 2) / 2.0)


@formula("ADD.lemma10", latex=r"\beta_t=2\log(\omega_mM\pi_t/\delta)", cite="[Kandasamy2015, Lemma 10]")
def beta_t_lemma10(*, t, omega_m, M, delta):
    r"""[Kandasamy2015, Lemma 10]: :math:`\beta_t=2\log(\omega_mM\pi_t/\delta)` with :math:`\pi_t=\pi^2t^2/6`.

    .. math::
        \beta_t=2\log\big(\omega_mM\pi_t/\delta\big),\qquad \pi_t=\pi^2t^2/6\ \ (\textstyle\sum_t\pi_t^{-1}=1)

    With this :math:`\beta_t`, w.p. :math:`>1-\delta`, :math:`|f(x)-\mu_{t-1}(x)|\le\beta_t^{1/2}\sum_j
    \sigma^{(j)}_{t-1}(x^{(j)})` for all :math:`t` and all :math:`x` in the discretisation :math:`\Omega`.
    (The proof prints the intermediate step without :math:`\sum_j`; it does not change :math:`\beta_t`.)
    [Kandasamy2015] uses :math:`\pi_t=\pi^2t^2/6` for Thm 5 (App. B.2), as here.

    Parameters
    ----------
    t : int or array_like
        :math:`t\ge1`.
    omega_m : int
        :math:`\omega_m=\max_j|\Omega^{(j)}|\ge1`.
    M : int
        Number of groups, :math:`M\ge1`.
    delta : float
        :math:`\delta\in(0,1)`.

    References
    ----------
    .. [1] [Kandasamy2015, App. B.2, Lemma 10].

    Examples
    --------
    >>> round(float(beta_t_lemma10(t=1, omega_m=10, M=2, delta=0.1)), 6)
    11.592035
    """
    t = _f(_t("t", t))
    omega_m = check_integer("omega_m", omega_m, low=1)
    M = check_integer("M", M, low=1)
    delta = check_probability("delta", delta)
    return 2.0 * np.log(omega_m * M * np.pi**2 * t**2 / (6.0 * delta))


@formula(
    "ADD.lemma11",
    latex=r"\big(f(x_*)+\eta\sqrt{2\log(\pi_t/2\delta)}\big)L\eta^{-2}t",
    cite="[Kandasamy2015, Lemma 11]",
)
def lemma11_slope(*, t, f_star, eta, L, delta):
    r"""[Kandasamy2015, Lemma 11]: the Lipschitz slope of the posterior mean :math:`\mu_{t-1}`.

    .. math::
        |\mu_{t-1}(x)-\mu_{t-1}(x')|\le\big(f(x_*)+\eta\sqrt{2\log(\pi_t/2\delta)}\big)L\eta^{-2}t\,\|x-x'\|_2

    w.p. :math:`\ge1-\delta` for all :math:`t`, with :math:`\pi_t=\pi^2t^2/6`. Returns the slope. The log must
    be non-negative: :math:`\pi^2t^2/(12\delta)\ge1` (at :math:`t=1`, :math:`\delta\le\pi^2/12`; hence
    [Kandasamy2015]'s ":math:`\delta<0.8`"). The proof's bound on :math:`\|Y_{t-1}\|_2` uses only an upper
    bound on each :math:`y_i` (its tail event is printed with :math:`<`; the catalogue's readings :math:`<`/
    :math:`>` do not change this value); with very negative :math:`f(x_*)` the slope is negative, which flags
    that gap.

    Parameters
    ----------
    t : int or array_like
        :math:`t\ge1`.
    f_star : float
        :math:`f(x_*)` (any real).
    eta : float
        Noise standard deviation :math:`\eta>0`.
    L : float
        Lipschitz constant of :math:`\kappa(\cdot,x)`, :math:`L\ge0`.
    delta : float
        :math:`\delta\in(0,1)` with :math:`\pi^2t^2/(12\delta)\ge1`.

    References
    ----------
    .. [1] [Kandasamy2015, App. B.2, Lemma 11].

    Examples
    --------
    >>> round(float(lemma11_slope(t=2, f_star=1.0, eta=1.0, L=1.0, delta=0.1)), 6)
    7.286536
    """
    t = _f(_t("t", t))
    f_star = check_real("f_star", f_star)
    eta = check_real("eta", eta, low=0.0, low_open=True)
    L = check_real("L", L, low=0.0)
    delta = check_probability("delta", delta)
    ratio = np.pi**2 * t**2 / 6.0 / (2.0 * delta)
    if np.any(ratio < 1.0):
        raise ValueError(
            f"delta={delta!r} is outside its domain (0, pi^2 t^2/12] at t={np.min(t):g}: "
            "log(pi_t / (2 delta)) must be >= 0"
        )
    return (f_star + eta * np.sqrt(2.0 * np.log(ratio))) * L * t / eta**2


@formula(
    "ADD.eq10_lipschitz",
    latex=r"|f(x)-f(x')|\le b\sqrt{\log(3ap/\delta)}\|x-x'\|_1",
    cite="[Kandasamy2015, Eq. (10)]",
)
def eq10_lipschitz(*, a, b, p, delta):
    r"""[Kandasamy2015, Eq. (10)]: w.p. :math:`>1-\delta/3`,
    :math:`|f(x)-f(x')|\le b\sqrt{\log(3ap/\delta)}\|x-x'\|_1`.

    .. math:: |f(x)-f(x')|\le b\sqrt{\log(3ap/\delta)}\,\|x-x'\|_1

    Returns the constant :math:`b\sqrt{\log(3ap/\delta)}` (from :math:`pae^{-J^2/b^2}=\delta/3`).

    Parameters
    ----------
    a : float
        :math:`a\ge1`.
    b : float
        :math:`b>0`.
    p : int
        :math:`p=\sum_jd_j\ge1`.
    delta : float
        :math:`\delta\in(0,1)`.

    References
    ----------
    .. [1] [Kandasamy2015, App. B.2.1, Eq. (10)].

    Examples
    --------
    >>> round(float(eq10_lipschitz(a=1.0, b=1.0, p=1, delta=0.3)), 6)
    1.517427
    """
    a = check_real("a", a, low=1.0)
    b = check_real("b", b, low=0.0, low_open=True)
    p = check_integer("p", p, low=1)
    delta = check_probability("delta", delta)
    return b * np.sqrt(np.log(3.0 * a * _f(p) / delta))


@formula(
    "ADD.discretisation",
    latex={
        "B": r"|f(x)-f([x]_t)|\le\frac{b\sqrt{\log(3ap/\delta)}}{t^3}",
        "A": r"|f(x)-f([x]_t)|\le\frac{b\sqrt{\log(3ap/\delta)}}{t^2}",
    },
    cite="[Kandasamy2015, Eq. (11)]",
)
def discretisation_error(*, t, a, b, p, delta, reading: str = "B"):
    r"""Proof of [Kandasamy2015, Thm 5]: the discretisation error :math:`|f(x)-f([x]_t)|` with
    :math:`\tau_t=pt^3`.

    .. math::
        |f(x)-f([x]_t)|\le\frac{b\sqrt{\log(3ap/\delta)}}{t^3}\ \text{(B)},\qquad
        \frac{b\sqrt{\log(3ap/\delta)}}{t^2}\ \text{(A, Eq. (11))}

    From :math:`\|x-[x]_t\|_1\le p/\tau_t` and Eq. (10).

    Parameters
    ----------
    t : int or array_like
        :math:`t\ge1`.
    a, b, p, delta
        As in :func:`eq10_lipschitz`.
    reading : {"B", "A"}
        ``"B"`` (default; the text and Eq. (13)): :math:`1/t^3`. ``"A"`` (Eq. (11) as printed): :math:`1/t^2`.

    References
    ----------
    .. [1] [Kandasamy2015, App. B.2.1, Eq. (11) and (13)] and the text between (10) and (11).

    Examples
    --------
    >>> round(float(discretisation_error(t=2, a=1.0, b=1.0, p=1, delta=0.3)), 6)
    0.189678
    """
    check_choice("reading", reading, ("A", "B"))
    t = _f(_t("t", t))
    power = 3 if reading == "B" else 2
    return eq10_lipschitz(a=a, b=b, p=p, delta=delta) / t**power


@formula(latex=r"\omega_{mt}=(pt^3)^d", cite="[Kandasamy2015, Thm 5]")
def discretisation_size(*, t, p, d):
    r"""Proof of [Kandasamy2015, Thm 5]: grid size per group :math:`\omega_{mt}=(pt^3)^d` with
    :math:`\tau_t=pt^3`.

    .. math:: \omega_{tj}\le(pt^3)^d=:\omega_{mt}

    Examples
    --------
    >>> float(discretisation_size(t=2, p=2, d=2))
    256.0
    """
    t = _f(_t("t", t))
    p = check_integer("p", p, low=1)
    d = check_integer("d", d, low=1)
    return (p * t**3) ** d


@formula(
    "ADD.beta_t_thm5",
    latex=r"\beta_t=2\log\Big(\frac{M\pi^2t^2}{2\delta}\Big)+2d\log(Dt^3)",
    cite="[Kandasamy2015, Thm 5]",
)
def beta_t_thm5(*, t, M, d, D, delta):
    r"""[Kandasamy2015, Thm 5]: :math:`\beta_t` of Add-GP-UCB.

    .. math::
        \beta_t=2\log\Big(\frac{M\pi^2t^2}{2\delta}\Big)+2d\log(Dt^3)\in\mathcal O(d\log t)

    Equal to Lemma 10's :math:`2\log(\omega_mM\pi_t/(\delta/3))` with :math:`\omega_m=(Dt^3)^d`,
    :math:`\pi_t=\pi^2t^2/6` (:math:`p` replaced by :math:`D\ge p`).

    Parameters
    ----------
    t : int or array_like
        :math:`t\ge1`.
    M : int
        :math:`M\ge1`.
    d : int
        :math:`1\le d\le D`.
    D : int
        :math:`D\ge1`.
    delta : float
        :math:`\delta\in(0,1)`.

    References
    ----------
    .. [1] [Kandasamy2015, §4.3, Thm 5, App. B.2.1].

    Examples
    --------
    >>> round(float(beta_t_thm5(t=1, M=1, d=1, D=1, delta=0.1)), 6)
    7.797795
    """
    t = _f(_t("t", t))
    M = check_integer("M", M, low=1)
    D = check_integer("D", D, low=1)
    d = check_integer("d", d, low=1, high=D)
    delta = check_probability("delta", delta)
    return 2.0 * np.log(M * np.pi**2 * t**2 / (2.0 * delta)) + 2.0 * d * np.log(D * t**3)


@formula(
    latex=(
        r"C_2\ge b\sqrt{\log(3ap/\delta)}+\frac{\pi^2Lf(x_*)}{6\sqrt p\eta^2}"
        r"+\frac{L\pi^{3/2}}{\sqrt{12p\delta}\eta}"
    ),
    cite="[Kandasamy2015, Thm 5]",
)
def C2_thm5(*, a, b, p, delta, L, f_star, eta):
    r"""[Kandasamy2015, Thm 5]: the printed lower bound on the constant :math:`C_2` (for :math:`\delta<0.8`).

    .. math::
        C_2\ge b\sqrt{\log(3ap/\delta)}+\frac{\pi^2Lf(x_*)}{6\sqrt p\,\eta^2}
        +\frac{L\pi^{3/2}}{\sqrt{12p\delta}\,\eta}

    Parameters
    ----------
    a, b : float
        :math:`a\ge1`, :math:`b>0`.
    p : int
        :math:`p\ge1`.
    delta : float
        :math:`\delta\in(0,0.8)`.
    L : float
        :math:`L\ge0`.
    f_star : float
        :math:`f(x_*)`.
    eta : float
        :math:`\eta>0`.

    References
    ----------
    .. [1] [Kandasamy2015, App. B.2.1, end of the proof of Thm 5].

    Examples
    --------
    >>> round(float(C2_thm5(a=1.0, b=1.0, p=1, delta=0.3, L=0.0, f_star=0.0, eta=1.0)), 6)
    1.517427
    """
    delta = check_real("delta", delta, low=0.0, high=0.8, low_open=True, high_open=True)
    L = check_real("L", L, low=0.0)
    f_star = check_real("f_star", f_star)
    eta = check_real("eta", eta, low=0.0, low_open=True)
    p = check_integer("p", p, low=1)
    first = eq10_lipschitz(a=a, b=b, p=p, delta=delta)
    return (
        first
        + np.pi**2 * L * f_star / (6.0 * np.sqrt(p) * eta**2)
        + L * np.pi**1.5 / (np.sqrt(12.0 * p * delta) * eta)
    )


@formula(
    latex={
        reading: (
            r"\frac{L}{\eta\sqrt p}\sum_{t\ge1}\frac{\sqrt{2\log(" + c + r"\pi_t/(2\delta))}}{t^2},\ "
            r"\pi_t=\pi^2t^2/6"
        )
        for reading, c in (("A", ""), ("B", "3"))
    },
    cite="[Kandasamy2015, Eq. (12)]",
)
def C2_lemma11_sum(*, L, eta, p, delta, reading: str = "A", n_terms: int = 200_000):
    r"""The sum that the third term of :math:`C_2` stands for (catalogue ADD.regret_thm5 issue (c)).

    .. math::
        \frac{L}{\eta\sqrt p}\sum_{t=1}^{n}\frac{\sqrt{2\log(c\,\pi_t/(2\delta))}}{t^2},\qquad
        \pi_t=\pi^2t^2/6,\quad c=1\ \text{(A, Eq. (13))},\ c=3\ \text{(B, Eq. (12))}

    truncated after ``n_terms`` terms (the tail is :math:`\mathcal O(\sqrt{\log n}/n)`). Compare with the
    printed closed form :math:`L\pi^{3/2}/(\sqrt{12p\delta}\,\eta)` (third term of :func:`C2_thm5`).

    Parameters
    ----------
    L : float
        :math:`L\ge0`.
    eta : float
        :math:`\eta>0`.
    p : int
        :math:`p\ge1`.
    delta : float
        :math:`\delta\in(0,0.8)`.
    reading : {"A", "B"}
        ``"A"``: Eq. (13)'s :math:`\pi_t/(2\delta)`; ``"B"``: Eq. (12)'s :math:`3\pi_t/(2\delta)`.
    n_terms : int
        Number of terms, :math:`\ge1`.

    References
    ----------
    .. [1] [Kandasamy2015, App. B.2.1, Eq. (12), (13)] and the expression of :math:`C_2`.

    Examples
    --------
    >>> round(float(C2_lemma11_sum(L=1.0, eta=1.0, p=1, delta=0.5, n_terms=1)), 6)
    0.997698
    """
    check_choice("reading", reading, ("A", "B"))
    L = check_real("L", L, low=0.0)
    eta = check_real("eta", eta, low=0.0, low_open=True)
    p = check_integer("p", p, low=1)
    delta = check_real("delta", delta, low=0.0, high=0.8, low_open=True, high_open=True)
    n_terms = check_integer("n_terms", n_terms, low=1)
    c = 1.0 if reading == "A" else 3.0
    t = np.arange(1, n_terms + 1, dtype=float)
    terms = np.sqrt(2.0 * np.log(c * np.pi**2 * t**2 / 6.0 / (2.0 * delta))) / t**2
    return L / (eta * np.sqrt(p)) * float(np.sum(terms))


@formula(
    "ADD.regret_thm5",
    latex=r"R_T\le\sqrt{8C_1\beta_TMT\gamma_T}+2\zeta_0\sqrt T+C_2",
    cite="[Kandasamy2015, Thm 5]",
)
def regret_thm5(*, T, beta_T, M, gamma_T, eta, zeta0, C2):
    r"""[Kandasamy2015, Thm 5]: :math:`R_T\le\sqrt{8C_1\beta_TMT\gamma_T}+2\zeta_0\sqrt T+C_2`.

    .. math::
        R_T\le\sqrt{8C_1\beta_TMT\gamma_T}+2\zeta_0\sqrt T+C_2,\qquad C_1=\frac1{\log(1+\eta^{-2})}

    The theorem prints :math:`\gamma_t` under the root; pass :math:`\gamma_T` (or :math:`\gamma_t`) as
    ``gamma_T`` (the catalogue's issue (a)). Its proof goes through Eq. (14), which the authors' erratum
    withdraws (:func:`eq14_chain`). [Kandasamy2015, Thm 6] prints the same bound for GP-UCB (with the factor
    :math:`M`).

    Parameters
    ----------
    T : int or array_like
        :math:`T\ge1`.
    beta_T : float or array_like
        :math:`\beta_T\ge0` (e.g. :func:`beta_t_thm5`).
    M : int
        :math:`M\ge1`.
    gamma_T : float or array_like
        :math:`\gamma_T\ge0`.
    eta : float
        :math:`\eta>0`.
    zeta0 : float
        Acquisition accuracy :math:`\zeta_0\ge0`.
    C2 : float
        :math:`C_2\ge0` (e.g. :func:`C2_thm5`).

    References
    ----------
    .. [1] [Kandasamy2015, §4.3 Thm 5, App. A Thm 6, App. B.2.1].

    Examples
    --------
    >>> round(float(regret_thm5(T=100, beta_T=4.0, M=1, gamma_T=10.0, eta=1.0, zeta0=0.0, C2=0.0)), 4)
    214.8633
    """
    T = _f(_t("T", T))
    beta_T = check_real("beta_T", beta_T, low=0.0)
    M = check_integer("M", M, low=1)
    gamma_T = check_real("gamma_T", gamma_T, low=0.0)
    eta = check_real("eta", eta, low=0.0, low_open=True)
    zeta0 = check_real("zeta0", zeta0, low=0.0)
    C2 = check_real("C2", C2, low=0.0)
    C1 = 1.0 / np.log1p(eta**-2)
    return np.sqrt(8.0 * C1 * beta_T * M * T * gamma_T) + 2.0 * zeta0 * np.sqrt(T) + C2


# ----------------------------------------------------------------------------------------------------
# sigma-log inequality and Eq. (14)
# ----------------------------------------------------------------------------------------------------


@formula(
    "ADD.sigma_log_ineq",
    latex=r"\sigma_t^2(x)\le\frac{\log(1+\eta^{-2}\sigma_t^2(x))}{\log(1+\eta^{-2})}",
    cite="[Kandasamy2015, Eq. (14)]",
)
def sigma_log_ineq(*, sigma2, eta):
    r"""Proof of [Kandasamy2015, Thm 5]: :math:`\sigma_t^2\le\log(1+\eta^{-2}\sigma_t^2)/\log(1+\eta^{-2})`,
    sigma_t^2 <= 1.

    .. math::
        \sigma_t^2(x)\le\frac{\log\big(1+\eta^{-2}\sigma^2_t(x)\big)}{\log(1+\eta^{-2})}

    via :math:`u^2\le v^2\log(1+u^2)/\log(1+v^2)` for :math:`0\le u\le v`. Returns the right-hand side.

    Parameters
    ----------
    sigma2 : float or array_like
        :math:`\sigma_t^2(x)\in[0,1]`.
    eta : float
        :math:`\eta>0`.

    References
    ----------
    .. [1] [Kandasamy2015, App. B.2.1 (before Eq. (14))].

    Examples
    --------
    >>> float(sigma_log_ineq(sigma2=1.0, eta=0.5))
    1.0
    """
    sigma2 = check_real("sigma2", sigma2, low=0.0, high=1.0)
    eta = check_real("eta", eta, low=0.0, low_open=True)
    return np.log1p(_f(sigma2) / eta**2) / np.log1p(eta**-2)


def _component_grams(K_components) -> np.ndarray:
    K_components = check_array("K_components", K_components, ndim=3)
    M, T, T_other = K_components.shape
    if T != T_other or M < 1 or T < 1:
        raise ValueError(f"K_components has shape {K_components.shape}; expected (M, T, T) with M, T >= 1")
    if not np.allclose(K_components, np.transpose(K_components, (0, 2, 1)), rtol=1e-10, atol=1e-12):
        raise ValueError("K_components is not symmetric; each K^(j) must be a Gram matrix")
    return K_components


@formula(latex=r"\big(\sigma^{(j)}_{t-1}(x_t^{(j)})\big)^2", cite="[Kandasamy2015, Eq. (5)]")
def component_posterior_variances(*, K_components, eta):
    r"""Per-group and joint posterior variances along a query sequence, for an additive kernel.

    .. math::
        \big(\sigma^{(j)}_{t-1}(x_t^{(j)})\big)^2=K^{(j)}_{tt}-\mathbf k^{(j)}_{<t}(x_t)^\top
        (\mathbf K_{<t}+\eta^2I)^{-1}\mathbf k^{(j)}_{<t}(x_t),\qquad \mathbf K=\sum_jK^{(j)}

    and :math:`\sigma^2_{t-1}(x_t)` for the sum :math:`f=\sum_jf^{(j)}` ([Kandasamy2015, Eq. (5)];
    observations are of the sum). With :math:`V^{(j)}=L^{-1}K^{(j)}` (:math:`L` the Cholesky factor of
    :math:`\mathbf K+\eta^2I`), the prefix property of triangular solves gives all :math:`t` at once:
    :math:`(\sigma^{(j)}_{t-1})^2=K^{(j)}_{tt}-\sum_{s<t}(V^{(j)}_{st})^2`. The identity
    :math:`\sigma^2=\sum_j(\sigma^{(j)})^2+2\sum_{j<k}\mathrm{Cov}_{post}(f^{(j)},f^{(k)})` holds.

    Parameters
    ----------
    K_components : array_like, shape (M, T, T)
        :math:`K^{(j)}=[\kappa^{(j)}(x_s^{(j)},x_t^{(j)})]` for the query sequence, in query order.
    eta : float
        Noise standard deviation :math:`\eta>0`.

    Returns
    -------
    component : ndarray, shape (T, M)
        :math:`(\sigma^{(j)}_{t-1}(x^{(j)}_t))^2`.
    joint : ndarray, shape (T,)
        :math:`\sigma^2_{t-1}(x_t)` of the sum.

    References
    ----------
    .. [1] [Kandasamy2015, Eq. (5) and App. B.2.1 (Eq. (14))]; RPP.eq3_component_posterior
           ([Li2016, Eq. (3)]).

    Examples
    --------
    >>> comp, joint = component_posterior_variances(K_components=[[[0.5, 0.5], [0.5, 0.5]]] * 2, eta=1.0)
    >>> comp.round(4).tolist(), joint.round(4).tolist()
    ([[0.5, 0.5], [0.375, 0.375]], [1.0, 0.5])
    """
    Kc = _component_grams(K_components)
    eta = check_real("eta", eta, low=0.0, low_open=True)
    K = Kc.sum(axis=0)
    T = K.shape[0]
    try:
        # [Rasmussen2006, Alg. 2.1, line 2]: L = cholesky(K + η²I)
        L = scipy.linalg.cholesky(K + eta**2 * np.eye(T), lower=True)
    except np.linalg.LinAlgError as exc:
        raise ValueError(
            "sum of K_components + eta**2 I is not positive definite: the K^(j) must be p.s.d."
        ) from exc
    strict_upper = np.triu(np.ones((T, T)), k=1)  # entries s < t of column t
    comp = np.empty((T, Kc.shape[0]))
    for j, Kj in enumerate(Kc):
        V = scipy.linalg.solve_triangular(L, Kj, lower=True)
        comp[:, j] = np.diag(Kj) - np.sum((V * strict_upper) ** 2, axis=0)
    V = scipy.linalg.solve_triangular(L, K, lower=True)
    joint = np.diag(K) - np.sum((V * strict_upper) ** 2, axis=0)
    return np.clip(comp, 0.0, None), np.clip(joint, 0.0, None)


@dataclass(frozen=True)
class Eq14Chain:
    r"""The links of Eq. (14) on one query sequence (see :func:`eq14_chain`).

    ``lhs <= jensen <= star <= gamma_link`` is the printed chain; ``holds`` says which links hold (each with
    relative tolerance 1e-12), ``step_star_holds`` the per-step inequality :math:`(\star)` for each :math:`t`.
    """

    lhs: float
    jensen: float
    star: float
    gamma_link: float
    information_gain: float
    holds: tuple
    step_star_holds: np.ndarray

    @property
    def all_hold(self) -> bool:
        return bool(all(self.holds))


@formula(
    "ADD.eq14_erratum",
    latex={
        "A": (
            r"\Big(\sum_{t}\sum_{j}\sigma^{(j)}_{t-1}(x_t^{(j)})\Big)^2"
            r"\le MT\sum_t\sum_j\sigma^{(j)}_{t-1}(x_t^{(j)})^2"
            r"\le C_1MT\sum_t\log\big(1+\eta^{-2}\sigma^2_{t-1}(x_t)\big)\le2C_1MT\gamma_T"
        ),
        "B": (
            r"\Big(\sum_{t}\sigma_{t-1}(x_t)\Big)^2"
            r"\le MT\sum_t\sigma^2_{t-1}(x_t)"
            r"\le C_1MT\sum_t\log\big(1+\eta^{-2}\sigma^2_{t-1}(x_t)\big)\le2C_1MT\gamma_T"
        ),
    },
    cite="[Kandasamy2015, Eq. (14)]",
)
def eq14_chain(*, K_components, eta, gamma_T=None, reading: str = "A") -> Eq14Chain:
    r"""[Kandasamy2015, Eq. (14)] on an actual query sequence, as printed (A) and in its corrected form (B).

    Reading ``"A"`` (as printed; withdrawn by the authors' erratum "equation 14, has an error"):

    .. math::
        \Big(\sum_{t=1}^T\sum_{j=1}^M\sigma^{(j)}_{t-1}(x_t^{(j)})\Big)^2\le MT\sum_t\sum_j
        \sigma^{(j)}_{t-1}(x_t^{(j)})^2\overset{(\star)}{\le}C_1MT\sum_t\log\big(1+\eta^{-2}\sigma^2_{t-1}(x_t)
        \big)\le2C_1MT\gamma_T

    Step :math:`(\star)` compares a sum of *component* variances with the variance :math:`\sigma^2_{t-1}`
    *of the sum*; since :math:`\sigma^2=\sum_j(\sigma^{(j)})^2+2\sum_{j<k}\mathrm{Cov}_{post}` and the
    posterior covariances are negative after observing sums, :math:`(\star)` can fail (e.g. one point
    queried repeatedly).

    Reading ``"B"`` (corrected, per the catalogue's identity): the same chain with
    :math:`\sum_j(\sigma^{(j)}_{t-1})^2` replaced by the variance of the sum,
    :math:`\sigma^2_{t-1}(x_t)=\sum_j(\sigma^{(j)})^2+2\sum_{j<k}\mathrm{Cov}`, and the left-hand side by
    :math:`(\sum_t\sigma_{t-1}(x_t))^2`; then :math:`(\star)` is ADD.sigma_log_ineq and the chain holds.
    It bounds :math:`\sum_t\sigma_{t-1}(x_t)\le\sum_t\sum_j\sigma^{(j)}_{t-1}(x_t^{(j)})`, i.e. it does
    **not** by itself repair Thm 5, whose regret decomposition needs the larger sum of component
    deviations.

    :math:`C_1=1/\log(1+\eta^{-2})` ([Kandasamy2015]). Hypothesis :math:`\kappa(x,x)=\sum_jK^{(j)}_{tt}\le1`
    is validated.

    Parameters
    ----------
    K_components : array_like, shape (M, T, T)
        Component Gram matrices of the query sequence (see :func:`component_posterior_variances`).
    eta : float
        Noise standard deviation :math:`\eta>0`.
    gamma_T : float or None
        :math:`\gamma_T` (or a rigorous upper bound, e.g. greedy :math:`/(1-1/e)`). ``None``: the realised
        information gain :math:`I=\tfrac12\sum_t\log(1+\eta^{-2}\sigma^2_{t-1}(x_t))\le\gamma_T` (then the
        last
        link is an equality).
    reading : {"A", "B"}

    Returns
    -------
    Eq14Chain

    References
    ----------
    .. [1] [Kandasamy2015, App. B.2.1, Eq. (14)], and the erratum in [Kandasamy2015]'s text; CATALOGUE.md
           ADD.eq14_erratum.

    Examples
    --------
    >>> K1 = [[0.5] * 3] * 3  # one point queried three times, two groups of prior variance 1/2
    >>> eq14_chain(K_components=[K1, K1], eta=0.1).holds
    (True, False, True)
    >>> eq14_chain(K_components=[K1, K1], eta=0.1, reading="B").holds
    (True, True, True)
    """
    check_choice("reading", reading, ("A", "B"))
    Kc = _component_grams(K_components)
    eta = check_real("eta", eta, low=0.0, low_open=True)
    prior = Kc.sum(axis=0).diagonal()
    if np.any(prior > 1.0 + 1e-9):
        i = int(np.argmax(prior))
        raise ValueError(
            f"kappa(x_t, x_t)={prior[i]!r} at t={i + 1} is outside its domain [0, 1] "
            "([Kandasamy2015, §3] assumes kappa(x, x) = 1)"
        )
    comp, joint = component_posterior_variances(K_components=Kc, eta=eta)
    M, T = Kc.shape[0], Kc.shape[1]
    C1 = 1.0 / np.log1p(eta**-2)
    logs = np.log1p(joint / eta**2)
    info = 0.5 * float(np.sum(logs))
    gamma = info if gamma_T is None else check_real("gamma_T", gamma_T, low=0.0)
    if reading == "A":
        lhs = float(np.sum(np.sqrt(comp))) ** 2
        step_left = comp.sum(axis=1)
    else:
        lhs = float(np.sum(np.sqrt(joint))) ** 2
        step_left = joint
    jensen = M * T * float(np.sum(step_left))
    star = C1 * M * T * float(np.sum(logs))
    gamma_link = 2.0 * C1 * M * T * gamma
    tol = 1 + 1e-12
    holds = (lhs <= jensen * tol + 1e-300, jensen <= star * tol + 1e-300, star <= gamma_link * tol + 1e-300)
    return Eq14Chain(
        lhs=lhs,
        jensen=jensen,
        star=star,
        gamma_link=gamma_link,
        information_gain=info,
        holds=tuple(bool(h) for h in holds),
        step_star_holds=step_left <= C1 * logs * tol + 1e-300,
    )


# ----------------------------------------------------------------------------------------------------
# Table 1, practical choices, counts, budgets
# ----------------------------------------------------------------------------------------------------


@formula(
    "ADD.table1_rates",
    latex=(
        r"\begin{array}{lll}&\text{SE}&\text{Mat\'ern}\\"
        r"\text{GP-UCB}&\sqrt{D^{D+2}T(\log T)^{D+2}}"
        r"&2^D\sqrt D\,T^{\frac{\nu+D(D+1)}{2\nu+D(D+1)}}\log T\\"
        r"\text{Add-GP-UCB}&\sqrt{d^dD^2T(\log T)^{d+2}}"
        r"&2^dD\,T^{\frac{\nu+d(d+1)}{2\nu+d(d+1)}}\log T\end{array}"
    ),
    cite="[Kandasamy2015, Table 1]",
)
def table1_rate(*, T, D, d, kernel: str = "SE", algorithm: str = "Add-GP-UCB", nu=None):
    r"""[Kandasamy2015, Table 1]: cumulative-regret rates (values of the :math:`\mathcal O(\cdot)`
    expressions).

    .. math::
        \begin{array}{lll}
        & \text{SE} & \text{Matérn}\\
        \text{GP-UCB} & \sqrt{D^{D+2}T(\log T)^{D+2}} & 2^D\sqrt D\,T^{\frac{\nu+D(D+1)}{2\nu+D(D+1)}}\log T\\
        \text{Add-GP-UCB} & \sqrt{d^dD^2T(\log T)^{d+2}} & 2^dD\,T^{\frac{\nu+d(d+1)}{2\nu+d(d+1)}}\log T
        \end{array}

    The extraction flattens the Matérn exponents; the catalogue restores them as above. The Matérn
    coefficients are as printed (:math:`2^dD`, :math:`2^D\sqrt D`); combining Thm 4.2 with
    :math:`R_T\asymp\sqrt{D\gamma_TT\log T}` gives :math:`2^{d/2}D` and :math:`2^{D/2}D` (see the tests).

    Parameters
    ----------
    T : float or array_like
        :math:`T\ge1`.
    D : int
        :math:`D\ge1`.
    d : int
        :math:`1\le d\le D` (unused for GP-UCB).
    kernel : {"SE", "Matern"}
    algorithm : {"Add-GP-UCB", "GP-UCB"}
    nu : float, optional
        Matérn smoothness :math:`\nu>2` (required for ``kernel="Matern"``).

    References
    ----------
    .. [1] [Kandasamy2015, §1, Table 1, §4.3, Thms 4-5].

    Examples
    --------
    >>> round(float(table1_rate(T=1000, D=10, d=2)), 2)
    30178.93
    """
    check_choice("kernel", kernel, ("SE", "Matern"))
    check_choice("algorithm", algorithm, ("Add-GP-UCB", "GP-UCB"))
    T = _f(check_real("T", T, low=1.0))
    D = check_integer("D", D, low=1)
    d = check_integer("d", d, low=1, high=D)
    if kernel == "Matern":
        if nu is None:
            raise ValueError("nu=None is outside its domain (2, inf); kernel='Matern' needs nu")
        nu = check_real("nu", nu, low=2.0, low_open=True)
    logT = np.log(T)
    if algorithm == "GP-UCB":
        if kernel == "SE":
            return np.sqrt(float(D) ** (D + 2) * T * logT ** (D + 2))
        e = D * (D + 1)
        return 2.0**D * np.sqrt(D) * T ** ((nu + e) / (2 * nu + e)) * logT
    if kernel == "SE":
        return np.sqrt(float(d) ** d * float(D) ** 2 * T * logT ** (d + 2))
    e = d * (d + 1)
    return 2.0**d * D * T ** ((nu + e) / (2 * nu + e)) * logT


@formula("ADD.beta_t_practical", latex=r"\beta_t=0.2\,d\log(2t)", cite="[Kandasamy2015, Alg. 2]")
def beta_t_practical(*, t, d):
    r"""[Kandasamy2015, §4.4, Alg. 2]: the practical schedule :math:`\beta_t=0.2\,d\log(2t)`.

    .. math:: \beta_t=0.2\,d\log(2t)

    Alg. 2 prints ":math:`0.2d\log 2t`"; §5.1 quotes :math:`2\log(2t)` (:math:`d=D=10`) and
    :math:`0.4\log(2t)` (Add-2/5), i.e. :math:`\log(2t)`, not :math:`2\log t`. This is the schedule the
    Add-GP-UCB experiments run.

    Parameters
    ----------
    t : int or array_like
        :math:`t\ge1`.
    d : int
        Group dimension :math:`d\ge1`.

    References
    ----------
    .. [1] [Kandasamy2015, §4.4 ("Choice of β_t"), Alg. 2 step 2, §5.1].

    Examples
    --------
    >>> round(float(beta_t_practical(t=1, d=10)), 6)  # 2 log 2
    1.386294
    """
    t = _f(_t("t", t))
    d = check_integer("d", d, low=1)
    return 0.2 * d * np.log(2.0 * t)


@formula(
    "ADD.decomposition_count",
    latex={"A": r"\frac{D!}{d!\,M!}", "B": r"\frac{D!}{(d!)^M\,M!}"},
    cite="[Kandasamy2015, §4.4]",
)
def decomposition_count(*, d, M, D=None, reading: str = "A"):
    r"""[Kandasamy2015, §4.4]: the number of ways to split :math:`D=Md` coordinates into :math:`M` groups of
    size d.

    .. math::
        \frac{D!}{d!\,M!}\ \text{(A, as printed "}D!/d!M!\text{")},\qquad
        \frac{D!}{(d!)^M\,M!}\ \text{(B, not printed: unlabelled groups)}

    Parameters
    ----------
    d, M : int
        Group size :math:`d\ge1` and number of groups :math:`M\ge1`.
    D : int, optional
        :math:`D=Md` (the default); if given it must equal :math:`Md`.
    reading : {"A", "B"}
        ``"A"`` (default; [Kandasamy2015, §4.4 as printed], the only printed form); ``"B"``: the count of set
        partitions into :math:`M` unlabelled blocks of size :math:`d` (the catalogue's alternative).

    Returns
    -------
    float
        Computed with ``scipy.special.factorial`` (exact integers up to float precision).

    References
    ----------
    .. [1] [Kandasamy2015, §4.4 ("Decomposition & Non-additive functions")].

    Examples
    --------
    >>> float(decomposition_count(D=4, d=2, M=2)), float(decomposition_count(D=4, d=2, M=2, reading="B"))
    (6.0, 3.0)
    """
    check_choice("reading", reading, ("A", "B"))
    d = check_integer("d", d, low=1)
    M = check_integer("M", M, low=1)
    D = np.asarray(M) * np.asarray(d) if D is None else check_integer("D", D, low=1)
    if np.any(np.asarray(D) != np.asarray(M) * np.asarray(d)):
        raise ValueError(f"D={D!r} is outside its domain {{M*d}} = {np.asarray(M) * np.asarray(d)!r}")
    fact = scipy.special.factorial
    if reading == "A":
        return fact(D) / (fact(d) * fact(M))
    return fact(D) / (fact(d) ** M * fact(M))


@formula(
    "ADD.seq_buggy_rate",
    latex=r"R_T\in\mathcal O\big(M\sqrt{D\gamma_TT\log T}\big)",
    cite="[Kandasamy2015, App. A.2.2]",
)
def seq_buggy_rate(*, T, M, D, gamma_T):
    r"""[Kandasamy2015, App. A.2.2]: the one-group-per-query variant's rate
    :math:`\mathcal O(M\sqrt{D\gamma_TT\log T})`.

    .. math:: R_T\in\mathcal O\big(M\sqrt{D\gamma_TT\log T}\big)

    Stated without proof in [Kandasamy2015]; returned without a hidden constant.

    Parameters
    ----------
    T : float or array_like
        :math:`T\ge1`.
    M, D : int
        :math:`M\ge1`, :math:`D\ge1`.
    gamma_T : float or array_like
        :math:`\gamma_T\ge0`.

    References
    ----------
    .. [1] [Kandasamy2015, App. A.2.2].

    Examples
    --------
    >>> round(float(seq_buggy_rate(T=100, M=2, D=4, gamma_T=1.0)), 4)
    85.8386
    """
    T = _f(check_real("T", T, low=1.0))
    M = check_integer("M", M, low=1)
    D = check_integer("D", D, low=1)
    gamma_T = check_real("gamma_T", gamma_T, low=0.0)
    return M * np.sqrt(D * gamma_T * T * np.log(T))


@dataclass(frozen=True)
class Budgets:
    """DiRect budgets of [Kandasamy2015, §5]: GP-UCB's, Add-GP-UCB's total (90%), and per group."""

    gp_ucb: float
    add_total: float
    add_per_group: float


@formula("ADD.budgets", latex=r"\min(5000,100D)", cite="[Kandasamy2015, §5]")
def budgets(*, D, M) -> Budgets:
    r"""[Kandasamy2015, §5]: DiRect evaluation budgets, :math:`\min(5000,100D)` for GP-UCB, 90% of it for
    Add-:math:`d/M`.

    .. math::
        n_{GP}=\min(5000,100D),\qquad n_{Add}=0.9\,n_{GP},\qquad n_{Add}^{(j)}=0.9\,n_{GP}/M

    Parameters
    ----------
    D : int
        :math:`D\ge1`.
    M : int
        :math:`M\ge1`.

    References
    ----------
    .. [1] [Kandasamy2015, §5] (experiments: "GP-UCB ... min(5000, 100D)"; Add-2/5 at D=10: 180 per group).

    Examples
    --------
    >>> budgets(D=10, M=5)
    Budgets(gp_ucb=1000.0, add_total=900.0, add_per_group=180.0)
    """
    D = check_integer("D", D, low=1)
    M = check_integer("M", M, low=1)
    gp = float(min(5000, 100 * D))
    return Budgets(gp_ucb=gp, add_total=0.9 * gp, add_per_group=0.9 * gp / M)


