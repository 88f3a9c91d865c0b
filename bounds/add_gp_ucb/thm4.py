"""[Kandasamy2015, Thm 4] (information gain of additive kernels): the steps of its proof, App. B.1."""

from __future__ import annotations

import numpy as np
import scipy.linalg
import scipy.special

from regretlab._validate import (
    TERM_LIMIT,
    check_choice,
    check_integer,
    check_real,
)

from .._registry import formula
from ._common import _f


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
    T = check_integer("T", T, low=2, high=TERM_LIMIT)   # sums T terms
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
