r"""Partial sums of the p-series and the bounds MS-UCB quotes for them ([TranThe2020-ext, Props 2-3]).

The supplement of MS-UCB bounds :math:`s_n(p)=\sum_{k=1}^n k^{-p}` in [TranThe2020-ext, Prop. 2]
(:math:`p>1`) and [TranThe2020-ext, Prop. 3] (:math:`p\le1`, after [Chlebus2009]), and the main-text
Discussion bounds :math:`|Z_t|=N_0\sum_{j\le t}j^\alpha` with Chlebus' formula ([TranThe2020,
§Discussion]). [TranThe2020-ext, Prop. 4] uses all of them.

Every bound is implemented **as printed**; where the printed strict inequality fails (it does at
:math:`n=1` for every case of Prop. 3) the property suite pins the counterexample (``bounds/ERRATA.md``).

References
----------
.. [1] [TranThe2020-ext, Props 2-4, §Discussion].
.. [2] [Chlebus2009].
"""

from __future__ import annotations

import math

import numpy as np

from regretlab._validate import TERM_LIMIT, as_output, check_choice, check_integer, check_real

from ._registry import formula

__all__ = [
    "pseries_sum",
    "prop2_bound",
    "prop3_neg_upper",
    "prop3_integral_bound",
    "prop3_eq1_bound",
    "prop3_holds",
    "chlebus_zt_upper",
]


@formula(latex=r"s_n(p)=\sum_{k=1}^{n}\frac{1}{k^{p}}", cite="[TranThe2020-ext, Props 2-3]")
def pseries_sum(*, n, p):
    r"""Partial sum of the p-series, exactly (by compensated summation).

    .. math::
        s_n(p) = \sum_{k=1}^{n} \frac{1}{k^{p}}

    This is the :math:`s_n` of [TranThe2020-ext, Props 2-3] (in its "Proof for Theorem 3").
    Summed by hand with :func:`math.fsum` (correctly rounded): scipy's Hurwitz
    ``zeta(p, 1) - zeta(p, n + 1)`` exists only for :math:`p>1` and cancels badly for large ``n``.

    Parameters
    ----------
    n : int or array_like of int
        Number of terms, :math:`n\ge1` (at most :math:`10^7`).
    p : float or array_like
        Exponent, any real.

    Returns
    -------
    float or ndarray
        :math:`s_n(p)`, broadcast over ``n`` and ``p``.

    References
    ----------
    .. [1] [TranThe2020-ext, Prop. 2 and Prop. 3].

    Examples
    --------
    >>> pseries_sum(n=3, p=1)  # 1 + 1/2 + 1/3
    1.8333333333333333
    >>> pseries_sum(n=4, p=-1)  # 1 + 2 + 3 + 4
    10.0
    """
    n = check_integer("n", n, low=1, high=TERM_LIMIT)
    p = check_real("p", p)
    n_b, p_b = np.broadcast_arrays(np.asarray(n), np.asarray(p, dtype=float))
    s_n = np.empty(n_b.shape, dtype=float)
    for index in np.ndindex(n_b.shape):
        k = np.arange(1, int(n_b[index]) + 1, dtype=float)
        s_n[index] = math.fsum(k ** (-float(p_b[index])))  # s_n = Σ_{k=1}^n k^{-p}
    return as_output(s_n)


@formula(
    "PSERIES.prop2", latex=r"s_n=\sum_{k=1}^n\frac{1}{k^p}<\zeta(p)<\frac{1}{p-1}+1",
    cite="[TranThe2020-ext, Prop. 2]",
)
def prop2_bound(*, p):
    r"""Upper bound of [TranThe2020-ext, Prop. 2] on the p-series for :math:`p>1`.

    .. math::
        s_n = \sum_{k=1}^{n}\frac1{k^p} < \zeta(p) < \frac{1}{p-1} + 1 \qquad (p>1,\ n\in\mathbb N)

    Returns the right-hand side :math:`\frac1{p-1}+1`; the middle term is ``scipy.special.zeta(p)``.
    The citation of Prop. 2 is printed as "(?)" in [TranThe2020-ext].

    Parameters
    ----------
    p : float or array_like
        Exponent, :math:`p>1`.

    Returns
    -------
    float or ndarray
        :math:`1/(p-1)+1`.

    References
    ----------
    .. [1] [TranThe2020-ext, Prop. 2 ("Bounding p-series when p > 1")], used in Prop. 4 case 1.

    Examples
    --------
    >>> prop2_bound(p=2.0)
    2.0
    >>> from scipy.special import zeta
    >>> bool(pseries_sum(n=1000, p=2.0) < zeta(2.0) < prop2_bound(p=2.0))
    True
    """
    p = check_real("p", p, low=1.0, low_open=True)
    return as_output(1.0 / (p - 1.0) + 1.0)  # [TranThe2020-ext, Prop. 2]: 1/(p-1) + 1


@formula(
    "PSERIES.prop3_neg", latex=r"1+\frac{n^{1-p}-1}{1-p}<s_n<\frac{(n+1)^{1-p}-1}{1-p}\quad(p<0)",
    cite="[TranThe2020-ext, Prop. 3]",
)
def prop3_neg_upper(*, n, p):
    r"""Upper bound of [TranThe2020-ext, Prop. 3], case :math:`p<0` (after [Chlebus2009]).

    .. math::
        1+\frac{n^{1-p}-1}{1-p} < s_n < \frac{(n+1)^{1-p}-1}{1-p}\qquad (p<0)

    Returns the right-hand side. The left-hand side of this case is :func:`prop3_integral_bound`
    (the same expression as the upper bound of the case :math:`0\le p<1`). The printed strict lower
    inequality is an equality at :math:`n=1` (see ``bounds/ERRATA.md``).

    Parameters
    ----------
    n : int or array_like of int
        :math:`n\ge1`.
    p : float or array_like
        :math:`p<0`.

    Returns
    -------
    float or ndarray
        :math:`((n+1)^{1-p}-1)/(1-p)`.

    References
    ----------
    .. [1] [TranThe2020-ext, Prop. 3, first bullet]; used for Eq. (26) in the proof of Prop. 4.
    .. [2] [Chlebus2009].

    Examples
    --------
    >>> prop3_neg_upper(n=4, p=-1.0)  # s_4(-1) = 10 < (25 - 1)/2
    12.0
    """
    n = check_integer("n", n, low=1)
    p = check_real("p", p, high=0.0, high_open=True)
    # [TranThe2020-ext, Prop. 3], first bullet, right-hand side: ((n+1)^{1-p} - 1)/(1-p)
    return as_output(((np.asarray(n, dtype=float) + 1.0) ** (1.0 - p) - 1.0) / (1.0 - p))


@formula(
    "PSERIES.prop3_0to1", latex=r"s_n<1+\frac{n^{1-p}-1}{1-p}\quad(0\le p<1)",
    cite="[TranThe2020-ext, Prop. 3]",
)
def prop3_integral_bound(*, n, p):
    r"""The integral bound :math:`1+\frac{n^{1-p}-1}{1-p}` of [TranThe2020-ext, Prop. 3], for :math:`p<1`.

    .. math::
        0\le p<1:\quad s_n < 1+\frac{n^{1-p}-1}{1-p}

    For :math:`0\le p<1` this is Prop. 3's upper bound; for :math:`p<0` the same expression is Prop. 3's
    *lower* bound. Both printed strict forms are equalities at :math:`n=1` (and the upper one for every
    :math:`n` at :math:`p=0`); see ``bounds/ERRATA.md``.

    Parameters
    ----------
    n : int or array_like of int
        :math:`n\ge1`.
    p : float or array_like
        :math:`p<1`.

    Returns
    -------
    float or ndarray
        :math:`1+(n^{1-p}-1)/(1-p)`.

    References
    ----------
    .. [1] [TranThe2020-ext, Prop. 3, bullets 1-2]; used in Prop. 4, case 3.

    Examples
    --------
    >>> prop3_integral_bound(n=9, p=0.5)  # 1 + (3 - 1)/0.5
    5.0
    """
    n = check_integer("n", n, low=1)
    p = check_real("p", p, high=1.0, high_open=True)
    # [TranThe2020-ext, Prop. 3], second bullet: 1 + (n^{1-p} - 1)/(1-p)
    return as_output(1.0 + (np.asarray(n, dtype=float) ** (1.0 - p) - 1.0) / (1.0 - p))


@formula("PSERIES.prop3_eq1", latex=r"s_n<1+\ln n\quad(p=1)", cite="[TranThe2020-ext, Prop. 3]")
def prop3_eq1_bound(*, n):
    r"""Upper bound of [TranThe2020-ext, Prop. 3], case :math:`p=1`: the harmonic number.

    .. math::
        s_n(1) = \sum_{k=1}^n\frac1k < 1+\ln n

    The printed strict form is an equality at :math:`n=1` (see ``bounds/ERRATA.md``).

    Parameters
    ----------
    n : int or array_like of int
        :math:`n\ge1`.

    Returns
    -------
    float or ndarray
        :math:`1+\ln n`.

    References
    ----------
    .. [1] [TranThe2020-ext, Prop. 3, third bullet]; used in Prop. 4, case 2.

    Examples
    --------
    >>> prop3_eq1_bound(n=1)
    1.0
    """
    n = check_integer("n", n, low=1)
    return as_output(1.0 + np.log(np.asarray(n, dtype=float)))  # [TranThe2020-ext, Prop. 3], third bullet


@formula(
    latex={"A": r"1+\tfrac{n^{1-p}-1}{1-p}<s_n<\tfrac{(n+1)^{1-p}-1}{1-p}\ (p<0),\ "
                r"s_n<1+\tfrac{n^{1-p}-1}{1-p}\ (0\le p<1),\ s_n<1+\ln n\ (p=1)",
           "B": r"1+\tfrac{n^{1-p}-1}{1-p}\le s_n\le\tfrac{(n+1)^{1-p}-1}{1-p}\ (p<0),\ "
                r"s_n\le1+\tfrac{n^{1-p}-1}{1-p}\ (0\le p<1),\ s_n\le1+\ln n\ (p=1)"},
    cite="[TranThe2020-ext, Prop. 3]",
)
def prop3_holds(*, n, p, reading="A"):
    r"""Whether [TranThe2020-ext, Prop. 3] holds at ``(n, p)``, in its strict or non-strict form.

    Checks every inequality of the case that ``p`` falls in (both sides for :math:`p<0`).

    Parameters
    ----------
    n : int or array_like of int
        :math:`n\ge1`.
    p : float or array_like
        :math:`p\le1`.
    reading : {"A", "B"}
        ``"A"`` (printed): strict ``<``. ``"B"``: non-strict ``<=``.

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [TranThe2020-ext, Prop. 3]; CATALOGUE.md, PSERIES.prop3_* (readings strict /
           non-strict).

    Examples
    --------
    >>> prop3_holds(n=1, p=0.5, reading="A"), prop3_holds(n=1, p=0.5, reading="B")
    (False, True)
    """
    check_choice("reading", reading, ["A", "B"])
    n = check_integer("n", n, low=1)
    p = check_real("p", p, high=1.0)
    n_b, p_b = np.broadcast_arrays(np.asarray(n, dtype=float), np.asarray(p, dtype=float))
    s = np.asarray(pseries_sum(n=n_b.astype(np.int64), p=p_b), dtype=float)
    less = np.less if reading == "A" else np.less_equal
    # The three cases with the branches evaluated on a safe exponent (no division by 1 - p = 0).
    q = np.where(p_b < 1.0, p_b, 0.0)
    integral = 1.0 + (n_b ** (1.0 - q) - 1.0) / (1.0 - q)
    upper_neg = ((n_b + 1.0) ** (1.0 - q) - 1.0) / (1.0 - q)
    ok = np.where(
        p_b < 0.0,
        less(integral, s) & less(s, upper_neg),
        np.where(p_b < 1.0, less(s, integral), less(s, 1.0 + np.log(n_b))),
    )
    return bool(ok) if ok.ndim == 0 else ok


@formula(
    "CHLEBUS.sum_upper",
    latex={"A": r"|Z_t|=\sum_{j=1}^tN_0j^\alpha\le\frac{(t+1)^{\alpha+1}-1}{\alpha+1}",
           "B": r"|Z_T|<\frac{N_0(T+1)^{\alpha+1}}{\alpha+1}",
           "C": r"|Z_t|\le N_0\frac{(t+1)^{\alpha+1}-1}{\alpha+1}"},
    cite="[TranThe2020, §Discussion]",
)
def chlebus_zt_upper(*, t, alpha, N0, reading="B"):
    r"""Upper bounds on :math:`|Z_t|=\sum_{j=1}^t N_0 j^\alpha` printed in MS-UCB's Discussion.

    .. math::
        \text{A: } \frac{(t+1)^{\alpha+1}-1}{\alpha+1},\qquad
        \text{B: } \frac{N_0 (t+1)^{\alpha+1}}{\alpha+1},\qquad
        \text{C: } N_0\frac{(t+1)^{\alpha+1}-1}{\alpha+1}

    Parameters
    ----------
    t : int or array_like of int
        Iteration, :math:`t\ge1`.
    alpha : float or array_like
        Growth exponent, :math:`\alpha\ge0` (the text says :math:`\alpha\in\mathbb N`; real is allowed).
    N0 : int or array_like of int
        Initial number of subspaces, :math:`N_0\ge1`. Ignored by reading A, which omits it.
    reading : {"A", "B", "C"}
        * ``"A"`` ([TranThe2020, §Discussion], "can be bounded by", citing [Chlebus2009]): no factor
          :math:`N_0`.
        * ``"B"`` (default; same paragraph, :math:`|Z_T|<N_0(T+1)^{\alpha+1}/(\alpha+1)`): the bound the
          computation condition (:func:`regretlab.bounds.ms_ucb.compute_condition_holds`) uses.
        * ``"C"`` (*not printed*): reading A with the factor :math:`N_0` that :math:`|Z_t|` carries.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, §Discussion "On the Computation Complexity"].
    .. [2] [Chlebus2009].

    Examples
    --------
    >>> chlebus_zt_upper(t=3, alpha=1, N0=2, reading="B")  # |Z_3| = 2 (1 + 2 + 3) = 12 < 16
    16.0
    >>> chlebus_zt_upper(t=3, alpha=1, N0=2, reading="A")  # 7.5 < 12: reading A misses N0
    7.5
    """
    check_choice("reading", reading, ["A", "B", "C"])
    t = check_integer("t", t, low=1)
    alpha = check_real("alpha", alpha, low=0.0)
    N0 = check_integer("N0", N0, low=1)
    growth = (np.asarray(t, dtype=float) + 1.0) ** (alpha + 1.0)  # (t+1)^{α+1}
    if reading == "A":
        return as_output((growth - 1.0) / (alpha + 1.0))  # ((t+1)^{α+1} - 1)/(α+1), no N_0 (as printed)
    if reading == "B":
        return as_output(N0 * growth / (alpha + 1.0))  # N_0 (T+1)^{α+1}/(α+1)
    return as_output(N0 * (growth - 1.0) / (alpha + 1.0))  # N_0 ((t+1)^{α+1} - 1)/(α+1)
