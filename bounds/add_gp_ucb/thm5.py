"""[Kandasamy2015, Thm 5] (regret of Add-GP-UCB): Lemmas 10-11, Eqs. (10)-(13), beta_t, C2 and the bound."""

from __future__ import annotations

import numpy as np

from regretlab._validate import (
    check_array,
    check_choice,
    check_integer,
    check_probability,
    check_real,
)

from .._registry import formula
from ._common import _f, _t


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
    latex=r"L=e^{-1/2}\Big(\sum_{j=1}^M\frac{\sigma_j^4}{h_j^2}\Big)^{1/2}",
    cite="[Kandasamy2015, Lemma 11]",
)
def kernel_lipschitz_se(*, variances, lengthscales):
    r"""Lemma 11's :math:`L` in closed form for an additive squared-exponential kernel: the smallest
    :math:`L` with :math:`|\kappa(x,z)-\kappa(x',z)|\le L\|x-x'\|_2` for all :math:`x, x', z`.

    .. math::
        \kappa(x,z)=\sum_{j=1}^M\sigma_j^2\exp\Big(-\frac{\|x^{(j)}-z^{(j)}\|^2}{2h_j^2}\Big),\qquad
        L=\sup_{x,z}\|\nabla_x\kappa(x,z)\|_2=e^{-1/2}\Big(\sum_{j=1}^M\frac{\sigma_j^4}{h_j^2}\Big)^{1/2}.

    Group j's gradient has norm :math:`\sigma_j^2\,r\,e^{-r^2/2h_j^2}/h_j^2` at distance r, largest
    (:math:`\sigma_j^2e^{-1/2}/h_j`) at :math:`r=h_j`; the groups' gradients live on disjoint coordinates,
    so the norms add in squares and every group reaches its largest at once (:math:`z` at distance
    :math:`h_j` from :math:`x` in every group): the supremum is attained, so :math:`L` is exact, not a bound.
    [Kandasamy2015, Thm 5] names :math:`L` without giving it ("a constant depending on ... L"); its
    Assumption 2 asks the kernel's partial derivatives to be bounded, which the SE kernel's are.

    Parameters
    ----------
    variances : array_like, shape (M,)
        Each group's signal variance :math:`\sigma_j^2>0`.
    lengthscales : array_like, shape (M,)
        Each group's lengthscale :math:`h_j>0` (the same length as ``variances``).

    References
    ----------
    .. [1] [Kandasamy2015, App. B.2, Lemma 11 and the end of the proof of Thm 5].

    Examples
    --------
    >>> round(float(kernel_lipschitz_se(variances=[1.0], lengthscales=[1.0])), 6)
    0.606531
    """
    variances = check_array("variances", variances, ndim=1)
    lengthscales = check_array("lengthscales", lengthscales, ndim=1)
    if variances.size != lengthscales.size or variances.size == 0:
        raise ValueError(f"variances has {variances.size} entries and lengthscales {lengthscales.size}: "
                         "one each per group, at least one group")
    if np.any(variances <= 0) or not np.all(np.isfinite(variances)):
        raise ValueError(f"variances={variances.tolist()!r} is outside its domain (0, inf) per entry")
    if np.any(lengthscales <= 0) or not np.all(np.isfinite(lengthscales)):
        raise ValueError(f"lengthscales={lengthscales.tolist()!r} is outside its domain (0, inf) per entry")
    return float(np.exp(-0.5) * np.sqrt(np.sum(variances**2 / lengthscales**2)))


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
    # 2 log(M pi^2 t^2 / (2 delta)) = 2 log(M pi_t / (delta/3)): over groups and t   [Kandasamy2015, Lemma 10]
    union = 2.0 * np.log(M * np.pi**2 * t**2 / (2.0 * delta))
    # + 2 d log(D t^3) = 2 log omega_m: union over a grid of D t^3 points per axis   [Kandasamy2015, Thm 5]
    return union + 2.0 * d * np.log(D * t**3)


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
