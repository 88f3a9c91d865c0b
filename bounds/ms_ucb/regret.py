"""The regret bounds of [TranThe2020]: Prop. 1, Prop. 4 and the O* rates of Thms 1, 2 and 5."""

from __future__ import annotations

import numpy as np
import scipy.special

from regretlab._validate import (
    as_output,
    check_choice,
    check_integer,
    check_probability,
    check_real,
)

from .._registry import formula
from ..gp_ucb import C1
from ._common import PI2, _ab, _dims, _n
from .confidence import beta_t
from .lemma4 import v0


@formula(
    "MSUCB.prop1_rt",
    latex=(
        r"r_t\le2\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)+\frac1{t^2}+v_0\Big(\frac1{|Z_t|}"
        r"\log\frac6\delta\Big)^{\frac1{D-d}}"
    ),
    cite="[TranThe2020-ext, Eq. (20)-(24)]",
)
def prop1_rt_bound(*, t, sigma, d, D, a, b, delta, Zt_size, beta_reading="A", v0_reading="A", alpha=None):
    r"""Prop. 1's bound on the instantaneous regret :math:`r_t` (Eq. (20)).

    .. math::
        r_t\le2\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)+\frac1{t^2}
        +v_0\Big(\frac1{|Z_t|}\log\frac6\delta\Big)^{\frac1{D-d}}\quad\text{w.p.}\ge1-\delta

    Prop. 1 prints :math:`\beta_t` with :math:`\log(6D\alpha/\delta)` (:func:`beta_t` reading ``"D"``)
    and :math:`v_0` with :math:`\alpha` (:func:`v0` reading ``"D"``); the defaults use the
    Assumption-1 constant :math:`a` (readings ``"A"``). :math:`\beta_t<0` (possible for small
    :math:`b`) is rejected: its square root is undefined.

    Parameters
    ----------
    t : int
        :math:`t\ge1`.
    sigma : float or array_like
        Posterior standard deviation :math:`\sigma_{t-1}(\mathbf x_t)\ge0`.
    d, D, a, b, delta
        As in :func:`beta_t`, with :math:`1\le d\le D-1`.
    Zt_size : float or array_like
        :math:`|Z_t|\ge1`.
    beta_reading : {"A", "B", "C", "D"}
        Reading of :func:`beta_t`.
    v0_reading : {"A", "B", "C", "D", "E", "F"}
        Reading of :func:`v0`.
    alpha : float, optional
        The printed symbol :math:`\alpha`, for readings ``"D"`` (:math:`\beta_t`) and ``"C"``/``"D"``
        (:math:`v_0`); refused when neither reading prints it (as :func:`beta_t` does).

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, Prop. 1 (Eq. (20)-(24))].

    Examples
    --------
    >>> round(prop1_rt_bound(t=1, sigma=0.0, d=1, D=2, a=1.0, b=1.0, delta=0.1, Zt_size=1), 6)
    ... # 1 + 2 sqrt(log 40) log 60
    16.72757
    """
    D, d = _dims(D, d)
    sigma = check_real("sigma", sigma, low=0.0)
    # the caller's names in the messages (beta_t and v0 would name their own `reading`)
    check_choice("beta_reading", beta_reading, ("A", "B", "C", "D"))
    check_choice("v0_reading", v0_reading, ("A", "B", "C", "D", "E", "F"))
    if alpha is not None and beta_reading != "D" and v0_reading not in ("C", "D"):
        raise ValueError(f"alpha={alpha!r} is only used by beta_reading='D' or v0_reading 'C'/'D'; pass "
                         f"alpha=None for beta_reading={beta_reading!r}, v0_reading={v0_reading!r}")
    beta = np.asarray(beta_t(t=t, d=d, D=D, a=a, b=b, delta=delta, reading=beta_reading,
                             alpha=alpha if beta_reading == "D" else None))
    if np.any(beta < 0):
        raise ValueError(f"beta_t={beta.min()!r} < 0 for these (t, d, D, a, b, delta); sqrt undefined")
    v = v0(D=D, d=d, a=a, b=b, delta=delta, reading=v0_reading,
           alpha=alpha if v0_reading in ("C", "D") else None)
    Zt_size = check_real("Zt_size", Zt_size, low=1.0)
    n = float(D - d)
    term1 = v * (np.log(6.0 / delta) / Zt_size) ** (1.0 / n)
    return as_output(2.0 * np.sqrt(beta) * sigma + 1.0 / np.asarray(t, dtype=float) ** 2 + term1)


def prop4_csum(*, T, N0, alpha, D, d):
    r"""The sum :math:`S_T=\sum_{t=1}^T(N_0/|Z_t|)^{1/(D-d)}` that Prop. 4's proof bounds, computed exactly.

    .. math::
        C=v_0\Big(\frac{\log(\cdot)}{N_0}\Big)^{\frac1{D-d}}S_T,\qquad
        S_T=\sum_{t=1}^T\Big(\frac{N_0}{|Z_t|}\Big)^{\frac1{D-d}}

    Parameters
    ----------
    T : int
        :math:`1\le T\le10^6`.
    N0 : int
        :math:`N_0\ge1`.
    alpha : float
        :math:`\alpha\ge0`.
    D, d : int
        :math:`1\le d\le D-1`.

    Returns
    -------
    float

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Prop. 4].

    Examples
    --------
    >>> prop4_csum(T=2, N0=1, alpha=0, D=2, d=1)  # 1 + 1/2
    1.5
    """
    T = check_integer("T", T, low=1, high=10**6)
    N0 = check_integer("N0", N0, low=1)
    alpha = check_real("alpha", alpha, low=0.0)
    D, d = _dims(D, d)
    if np.ndim(T) or np.ndim(N0) or np.ndim(alpha) or np.ndim(D) or np.ndim(d):
        raise ValueError("prop4_csum takes scalar T, N0, alpha, D, d")
    j = np.arange(1, T + 1, dtype=float)
    sizes = N0 * np.cumsum(j**alpha)
    return float(np.sum((N0 / sizes) ** (1.0 / (D - d))))


@formula(
    "MSUCB.prop4_Csum",
    latex=(
        r"\sum_{t=1}^T\Big(\frac{N_0}{|Z_t|}\Big)^{\frac1{D-d}}<2,\ 2(1+\ln T),\ "
        r"\frac{2(D-d)}{D-d-\alpha-1}T^{1-\frac{\alpha+1}{D-d}}"
    ),
    cite="[TranThe2020-ext, Prop. 4]",
)
def prop4_csum_bound(*, T, alpha, D, d):
    r"""Prop. 4's bound on :math:`S_T=\sum_{t\le T}(N_0/|Z_t|)^{1/n}` in its three :math:`\alpha` cases.

    .. math::
        S_T<\begin{cases}2 & \alpha\ge2n\\ 2(1+\ln T) & n-1\le\alpha<2n\\
        \frac{2n}{n-\alpha-1}T^{1-\frac{\alpha+1}{n}} & 0\le\alpha<n-1\end{cases}\qquad n=D-d

    The value does not depend on the case-1 exponent reading (:math:`p=(\alpha+1)/n` printed,
    :math:`p=\alpha/n` quoted): both give 2 through Prop. 2.

    Parameters
    ----------
    T : int or array_like of int
        :math:`T\ge1`.
    alpha : float or array_like
        :math:`\alpha\ge0`.
    D, d : int
        :math:`1\le d\le D-1`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Prop. 4 (three cases)].

    Examples
    --------
    >>> prop4_csum_bound(T=10, alpha=4, D=3, d=1), prop4_csum(T=10, N0=1, alpha=4, D=3, d=1) < 2
    (2.0, True)
    """
    T = check_integer("T", T, low=1)
    alpha = check_real("alpha", alpha, low=0.0)
    n = _n(D, d).astype(float)
    TT = np.asarray(T, dtype=float)
    a_b, n_b, T_b = np.broadcast_arrays(np.asarray(alpha, dtype=float), n, TT)
    safe = np.where(a_b < n_b - 1.0, n_b - a_b - 1.0, 1.0)
    case3 = 2.0 * n_b / safe * T_b ** (1.0 - (a_b + 1.0) / n_b)
    value = np.where(a_b >= 2.0 * n_b, 2.0, np.where(a_b >= n_b - 1.0, 2.0 * (1.0 + np.log(T_b)), case3))
    return as_output(value)


@formula(
    "MSUCB.prop4_RT_case1", "MSUCB.prop4_RT_case2", "MSUCB.prop4_RT_case3",
    latex={
        reading: (
            r"R_T\le\sqrt{\beta_TC_1T\gamma_T}+"
            rf"2v_0\Big(\frac1{{N_0}}\log\frac{{{level}}}\delta\Big)^{{\frac1{{D-d}}}}"
            r"g(\alpha,T)+\frac{\pi^2}6"
        )
        for reading, level in (("A", 6), ("B", 1))
    },
    cite="[TranThe2020-ext, Prop. 4]",
)
def prop4_regret_bound(*, T, beta_T, C1, gamma_T, v0, N0, delta, alpha, D, d, reading="A"):
    r"""Prop. 4's bound on the cumulative regret :math:`R_T`, in its three :math:`\alpha` cases.

    .. math::
        R_T\le\sqrt{\beta_TC_1T\gamma_T}+2v_0\Big(\frac1{N_0}\log\frac6\delta\Big)^{\frac1{D-d}}\,g
        +\frac{\pi^2}6,\qquad
        g=\begin{cases}1 & \alpha\ge2(D-d)\\ 1+\ln T & D-d-1\le\alpha<2(D-d)\\
        \frac{D-d}{D-d-\alpha-1}T^{1-\frac{\alpha+1}{D-d}} & 0\le\alpha<D-d-1\end{cases}

    :math:`\beta_T` (:func:`beta_t`), :math:`C_1` (SRINIVAS.C1: Prop. 4 prints
    :math:`8/\log(1+\sigma^2)`), :math:`\gamma_T` and :math:`v_0` (:func:`v0`, Prop. 4 prints reading
    ``"E"``) are inputs, so each of their readings can be combined.

    Parameters
    ----------
    T : int or array_like of int
        :math:`T\ge1`.
    beta_T, C1, gamma_T, v0 : float or array_like
        :math:`\beta_T\ge0`, :math:`C_1>0`, :math:`\gamma_T\ge0`, :math:`v_0>0`.
    N0 : int
        :math:`N_0\ge1`.
    delta : float
        :math:`\delta\in(0,1)`.
    alpha : float
        :math:`\alpha\ge0` (selects the case).
    D, d : int
        :math:`1\le d\le D-1`.
    reading : {"A", "B"}
        ``"A"`` (default; statement): :math:`\log(6/\delta)`. ``"B"`` (proof): :math:`\log(1/\delta)`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, Prop. 4] and its proof.

    Examples
    --------
    >>> round(prop4_regret_bound(T=1, beta_T=0.0, C1=1.0, gamma_T=0.0, v0=1.0, N0=1,
    ...                          delta=0.5, alpha=4, D=3, d=1), 6)  # 2 sqrt(log 12) + pi^2/6
    4.797651
    """
    check_choice("reading", reading, ["A", "B"])
    T = check_integer("T", T, low=1)
    beta_T = check_real("beta_T", beta_T, low=0.0)
    C1 = check_real("C1", C1, low=0.0, low_open=True)
    gamma_T = check_real("gamma_T", gamma_T, low=0.0)
    v0 = check_real("v0", v0, low=0.0, low_open=True)
    N0 = check_integer("N0", N0, low=1)
    delta = check_probability("delta", delta)
    alpha = check_real("alpha", alpha, low=0.0)
    n = _n(D, d).astype(float)
    TT = np.asarray(T, dtype=float)
    level = np.log((6.0 if reading == "A" else 1.0) / delta)
    a_b, n_b, T_b = np.broadcast_arrays(np.asarray(alpha, dtype=float), n, TT)
    safe = np.where(a_b < n_b - 1.0, n_b - a_b - 1.0, 1.0)
    g = np.where(
        a_b >= 2.0 * n_b,
        1.0,
        np.where(a_b >= n_b - 1.0, 1.0 + np.log(T_b), n_b / safe * T_b ** (1.0 - (a_b + 1.0) / n_b)),
    )
    term1 = 2.0 * v0 * (level / N0) ** (1.0 / n_b) * g
    return as_output(np.sqrt(beta_T * C1 * T_b * gamma_T) + term1 + PI2 / 6.0)


#: The first term of the O* rates per reading (Thm 1 / Thm 2).
_RATE_FIRST_TERM = {"A": r"\sqrt{dT\gamma_T}", "B": r"\sqrt{dT}\,\gamma_T"}


def _first_term(d, T, gamma_T, reading):
    check_choice("reading", reading, ["A", "B"])
    if reading == "A":
        return np.sqrt(d * T * gamma_T)
    return np.sqrt(d * T) * gamma_T


def _rate(T, alpha, n, scale, first):
    """first + (n-1 <= alpha ? scale_const : scale / (n - alpha - 1) T^{1-(alpha+1)/n})."""
    a_b, n_b, T_b = np.broadcast_arrays(np.asarray(alpha, dtype=float), np.asarray(n, dtype=float), T)
    safe = np.where(a_b < n_b - 1.0, n_b - a_b - 1.0, 1.0)
    return a_b, n_b, T_b, safe


@formula(
    "MSUCB.thm1_rate",
    latex={
        reading: (
            rf"R_T\le\mathcal O^*\Big({first}+"
            r"\frac{D^2-Dd}{D-d-\alpha-1}T^{1-\frac{\alpha+1}{D-d}}\Big)"
        )
        for reading, first in _RATE_FIRST_TERM.items()
    },
    cite="[TranThe2020, Thm 1]",
)
def thm1_rate(*, T, d, D, alpha, gamma_T, reading="A"):
    r"""The expression inside Thm 1's :math:`\mathcal O^*(\cdot)` (no hidden constants or log factors).

    .. math::
        \alpha\ge D-d-1:\ \sqrt{dT\gamma_T}+D,\qquad
        0\le\alpha<D-d-1:\ \sqrt{dT\gamma_T}+\frac{D^2-Dd}{D-d-\alpha-1}T^{1-\frac{\alpha+1}{D-d}}

    Parameters
    ----------
    T : int or array_like of int
        :math:`T\ge1`.
    d, D : int
        :math:`1\le d\le D-1`.
    alpha : float
        :math:`\alpha\ge0`.
    gamma_T : float or array_like
        :math:`\gamma_T\ge0`.
    reading : {"A", "B"}
        ``"A"`` (default; [TranThe2020-AAAI] and [TranThe2020-ext, abstract]): :math:`\sqrt{dT\gamma_T}`.
        ``"B"`` ([TranThe2020-ext, §Discussion] and its supplement): :math:`\sqrt{dT}\,\gamma_T`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, Thm 1]; [TranThe2020-ext, Thm 3] and its proof.

    Examples
    --------
    >>> thm1_rate(T=4, d=1, D=3, alpha=1, gamma_T=1.0)  # sqrt(4) + 3
    5.0
    >>> thm1_rate(T=4, d=1, D=3, alpha=0, gamma_T=1.0)  # 2 + 6/1 * 4^(1/2)
    14.0
    """
    T = check_integer("T", T, low=1)
    D, d = _dims(D, d)
    alpha = check_real("alpha", alpha, low=0.0)
    gamma_T = check_real("gamma_T", gamma_T, low=0.0)
    TT = np.asarray(T, dtype=float)
    first = _first_term(np.asarray(d, dtype=float), TT, gamma_T, reading)
    DD = np.asarray(D, dtype=float)
    a_b, n_b, T_b, safe = _rate(TT, alpha, DD - d, 1.0, first)
    slow = (DD**2 - DD * d) / safe * T_b ** (1.0 - (a_b + 1.0) / n_b)
    return as_output(first + np.where(a_b >= n_b - 1.0, DD + 0.0 * slow, slow))


@formula(
    "MSUCB.thm2_rate",
    latex={
        reading: (
            rf"R_T\le\mathcal O^*\Big({first}+"
            r"\frac{d_e^2}{d_e-\alpha-1}T^{1-\frac{\alpha+1}{d_e}}\Big)"
        )
        for reading, first in _RATE_FIRST_TERM.items()
    },
    cite="[TranThe2020, Thm 2]",
)
def thm2_rate(*, T, d, de, alpha, gamma_T, reading="A"):
    r"""The expression inside Thm 2's :math:`\mathcal O^*(\cdot)` (effective dimension :math:`d_e`).

    .. math::
        \alpha\ge d_e-1:\ \sqrt{dT\gamma_T}+d_e,\qquad
        0\le\alpha<d_e-1:\ \sqrt{dT\gamma_T}+\frac{d_e^2}{d_e-\alpha-1}T^{1-\frac{\alpha+1}{d_e}}

    No hidden constants or log factors.

    Parameters
    ----------
    T : int or array_like of int
        :math:`T\ge1`.
    d : int
        :math:`d\ge1`.
    de : int
        Effective dimension :math:`d_e\ge1`.
    alpha : float
        :math:`\alpha\ge0`.
    gamma_T : float
        :math:`\gamma_T\ge0`.
    reading : {"A", "B"}
        As in :func:`thm1_rate`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, Thm 2]; [TranThe2020-ext, Thm 4] and its proof.

    Examples
    --------
    >>> thm2_rate(T=4, d=1, de=2, alpha=0, gamma_T=1.0)  # 2 + 4 * 4^(1/2)
    10.0
    """
    T = check_integer("T", T, low=1)
    d = check_integer("d", d, low=1)
    de = check_integer("de", de, low=1)
    alpha = check_real("alpha", alpha, low=0.0)
    gamma_T = check_real("gamma_T", gamma_T, low=0.0)
    TT = np.asarray(T, dtype=float)
    first = _first_term(np.asarray(d, dtype=float), TT, gamma_T, reading)
    E = np.asarray(de, dtype=float)
    a_b, n_b, T_b, safe = _rate(TT, alpha, E, 1.0, first)
    slow = n_b**2 / safe * T_b ** (1.0 - (a_b + 1.0) / n_b)
    return as_output(first + np.where(a_b >= n_b - 1.0, n_b, slow))


def thm2_vd(*, D, a, b, delta, de):
    r"""The constant :math:`v_d` of the proof of Thm 2 (supplement Thm 4).

    .. math::
        v_d=b\sqrt{\log\frac{2Da}{\delta}}\,\Gamma(d_e+1)^{1/d_e}

    The proof prints ":math:`\Gamma(d_e+1)=(d_e+1)!`" (false) and
    :math:`\theta=\Gamma(D-d+1)^{1/d_e}(\cdot)^{1/d_e}`.

    Parameters
    ----------
    D : int
        :math:`D\ge1`.
    a, b : float
        :math:`a\ge1`, :math:`b>0`.
    delta : float
        :math:`\delta\in(0,1)`.
    de : int
        :math:`d_e\ge1`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Thm 4].

    Examples
    --------
    >>> round(thm2_vd(D=1, a=1.0, b=1.0, delta=2 / np.e, de=2), 6)  # sqrt(2)
    1.414214
    """
    D = check_integer("D", D, low=1)
    a, b = _ab(a, b)
    delta = check_probability("delta", delta)
    de = np.asarray(check_integer("de", de, low=1), dtype=float)
    return as_output(b * np.sqrt(np.log(2.0 * D * a / delta)) * scipy.special.gamma(de + 1.0) ** (1.0 / de))


@formula(
    "MSUCB.thm5_d0",
    latex={
        "A": r"R_T\le\mathcal O^*\Big(\sqrt{dT}\gamma_T+\frac{D^2}{D-\alpha-1}T^{1-\frac{\alpha+1}{D}}\Big)",
        "B": r"R_T\le\mathcal O^*\Big(\sqrt{T\gamma_T}+\frac{D^2}{D-\alpha-1}T^{1-\frac{\alpha+1}{D}}\Big)",
    },
    cite="[TranThe2020-ext, Thm 5]",
)
def thm5_rate(*, T, D, alpha, gamma_T, reading="A"):
    r"""The expression inside supplement Thm 5's :math:`\mathcal O^*(\cdot)` (:math:`d=0`), no constants.

    .. math::
        \alpha\ge D-1:\ \sqrt{T\gamma_T}+D,\qquad
        0\le\alpha<D-1:\ \sqrt{dT}\,\gamma_T+\frac{D^2}{D-\alpha-1}T^{1-\frac{\alpha+1}{D}}

    Parameters
    ----------
    T : int or array_like of int
        :math:`T\ge1`.
    D : int
        :math:`D\ge1`.
    alpha : float
        :math:`\alpha\ge0`.
    gamma_T : float
        :math:`\gamma_T\ge0`.
    reading : {"A", "B"}
        Second case's first term: ``"A"`` (default; printed) :math:`\sqrt{dT}\gamma_T` with
        :math:`d=0`, i.e. 0; ``"B"``: :math:`\sqrt{T\gamma_T}` as in the first case.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, Thm 5] and its proof.

    Examples
    --------
    >>> thm5_rate(T=4, D=2, alpha=0, gamma_T=1.0), thm5_rate(T=4, D=2, alpha=0, gamma_T=1.0, reading="B")
    (8.0, 10.0)
    """
    check_choice("reading", reading, ["A", "B"])
    T = check_integer("T", T, low=1)
    D = check_integer("D", D, low=1)
    alpha = check_real("alpha", alpha, low=0.0)
    gamma_T = check_real("gamma_T", gamma_T, low=0.0)
    TT = np.asarray(T, dtype=float)
    full = np.sqrt(TT * gamma_T)
    a_b, n_b, T_b, safe = _rate(TT, alpha, np.asarray(D, dtype=float), 1.0, full)
    slow = n_b**2 / safe * T_b ** (1.0 - (a_b + 1.0) / n_b) + (0.0 if reading == "A" else full)
    return as_output(np.where(a_b >= n_b - 1.0, full + n_b, slow))


#: Where :func:`run_regret_bound`'s bound is proved, and the reading of v0 it takes.
RUN_REGRET_BOUND_SOURCE = "[TranThe2020, Prop. 4] (v0 as Prop. 4 prints it, reading E)"


def run_regret_bound(T: int, beta_T: float, gamma_T: float, sigma: float, constants: dict) -> float:
    r"""MS-UCB's bound along one run: [TranThe2020, Prop. 4] (:func:`prop4_regret_bound`) with
    :math:`C_1=8/\log(1+\sigma^{-2})` [Srinivas2010, Thm 1], :math:`v_0` of [TranThe2020, Lemma 4]
    (:func:`v0`, reading E: as Prop. 4 prints it) and the run's own β_T and realised γ_T. ``constants``:
    the run's ``bound_constants`` — ``dim`` (D), ``d``, ``a``, ``b``, ``delta``, ``N0``, ``alpha``."""

    missing = [k for k in ("dim", "d", "a", "b", "delta", "N0", "alpha") if k not in constants]
    if missing:
        raise ValueError(f"constants={constants!r} lacks {', '.join(missing)}: MS-UCB's run bound needs the "
                         "run's bound_constants dim, d, a, b, delta, N0 and alpha")
    D, d = int(constants["dim"]), int(constants["d"])
    v = float(v0(D=D, d=d, a=constants["a"], b=constants["b"], delta=constants["delta"], reading="E"))
    return float(prop4_regret_bound(T=T, beta_T=beta_T, C1=float(C1(sigma=sigma)), gamma_T=gamma_T, v0=v,
                                    N0=int(constants["N0"]), delta=constants["delta"],
                                    alpha=constants["alpha"], D=D, d=d))
