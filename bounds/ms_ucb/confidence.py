"""The confidence widths of [TranThe2020]: the Lipschitz event (Assumption 1), Lemma 2, Lemma 3 and beta_t."""

from __future__ import annotations

import numpy as np
import scipy.special

from regretlab._validate import (
    TERM_LIMIT,
    as_output,
    check_choice,
    check_integer,
    check_probability,
)

from .._registry import formula
from ..pseries import pseries_sum
from ._common import PI2, _ab, _alpha_constant, _dims


@formula(
    "MSUCB.lipschitz",
    latex=r"|f(\mathbf x)-f(\mathbf x')|\le b\sqrt{\log\frac{2Da}{\delta}}\|\mathbf x-\mathbf x'\|_1",
    cite="[TranThe2020-ext, Eq. (14)]",
)
def lipschitz_constant(*, D, a, b, delta):
    r"""The high-probability Lipschitz constant of Eq. (14), (17), (27).

    .. math::
        L=b\sqrt{\log\frac{2Da}{\delta}},\qquad
        |f(\mathbf x)-f(\mathbf x')|\le L\|\mathbf x-\mathbf x'\|_1\ \text{w.p.}\ \ge1-\delta/2

    It solves :math:`Dae^{-L^2/b^2}=\delta/2` (Assumption 1 and a union bound over the :math:`D`
    partial derivatives).

    Parameters
    ----------
    D : int or array_like of int
        Input dimension, :math:`D\ge1`.
    a : float or array_like
        Assumption-1 constant, :math:`a\ge1`.
    b : float or array_like
        Assumption-1 constant, :math:`b>0`.
    delta : float or array_like
        :math:`\delta\in(0,1)`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Lemma 3 (Eq. (14)), proof of Lemma 4 (Eq. (17)), Eq. (27)].

    Examples
    --------
    >>> L = lipschitz_constant(D=10, a=1.0, b=2.0, delta=0.1)
    >>> round(L, 6), round(float(10 * 1.0 * np.exp(-(L / 2.0) ** 2)), 12)
    (4.603615, 0.05)
    """
    D = check_integer("D", D, low=1)
    a, b = _ab(a, b)
    delta = check_probability("delta", delta)
    return as_output(b * np.sqrt(np.log(2.0 * np.asarray(D, dtype=float) * a / delta)))


@formula("MSUCB.beta_t0", latex=r"\beta^0_t=2\log\frac{\pi^2t^2}{6\delta}", cite="[TranThe2020, Lemma 2]")
def beta_t0(*, t, delta):
    r""":math:`\beta^0_t` of Lemma 2 ("Bounding Term 3"), the lower-confidence width at the queries.

    .. math::
        \beta^0_t=2\log\frac{\pi^2t^2}{6\delta},\qquad
        \Pr\big[\forall t:\ f(\mathbf x_t)\ge\mu_{t-1}(\mathbf x_t)
        -\sqrt{\beta^0_t}\sigma_{t-1}(\mathbf x_t)\big]\ge1-\delta

    [TranThe2020-ext] places the root over :math:`\beta^0_t\sigma_{t-1}` (a typo, see GP.ucb);
    [TranThe2020-AAAI] prints the symbol :math:`\beta^0_+`. The proof's final "$\ge1-\pi^2\delta/6>1-\delta$"
    is false for every :math:`\delta` (see :func:`lemma2_union_level` and ``bounds/ERRATA.md``).

    Parameters
    ----------
    t : int or array_like of int
        :math:`t\ge1`.
    delta : float or array_like
        :math:`\delta\in(0,1)`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, Lemma 2]; [TranThe2020-ext, proof of Lemma 2].

    Examples
    --------
    >>> round(beta_t0(t=1, delta=0.1), 6)  # 2 log(pi^2 / 0.6)
    5.600571
    """
    t = check_integer("t", t, low=1)
    delta = check_probability("delta", delta)
    return as_output(2.0 * np.log(PI2 * np.asarray(t, dtype=float) ** 2 / (6.0 * delta)))


def lemma2_union_level(*, T, delta):
    r"""The failure probability Lemma 2's union bound sums: :math:`\sum_{t\le T}6\delta/(\pi^2t^2)`.

    .. math::
        \sum_{t=1}^{T}\frac{6\delta}{\pi^2t^2}<\delta
        \qquad\text{(the proof prints instead } 1-\tfrac{\pi^2\delta}{6}>1-\delta\text{, false)}

    Parameters
    ----------
    T : int or array_like of int
        :math:`T\ge1`.
    delta : float or array_like
        :math:`\delta\in(0,1)`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Lemma 2 (union bound)].

    Examples
    --------
    >>> bool(lemma2_union_level(T=10**4, delta=0.1) < 0.1)
    True
    """
    T = check_integer("T", T, low=1, high=TERM_LIMIT)
    delta = check_probability("delta", delta)
    return as_output(6.0 * delta / PI2 * np.asarray(pseries_sum(n=T, p=2.0)))


def _tau(t, d, D, a, b, delta, level, reading):
    """tau_t = 2 b d sqrt(log(level D a / delta)) t^2 (reading A) or ... sqrt(log(...) t^2) (reading B)."""
    t = np.asarray(t, dtype=float)
    # sqrt(log(2Da/delta)): the Lipschitz constant's factor   [TranThe2020-ext, Eq. (14)] (level 6: delta/3)
    root = np.sqrt(np.log(level * np.asarray(D, dtype=float) * a / delta))
    # 2 b d (...) t^2: t^2 outside the root (A) or inside it, a factor t (B)   [TranThe2020-ext, Lemma 3]
    return 2.0 * b * np.asarray(d, dtype=float) * root * (t**2 if reading == "A" else t)


def _lemma3_args(t, d, D, a, b, delta, reading):
    check_choice("reading", reading, ["A", "B"])
    t = check_integer("t", t, low=1)
    D, d = _dims(D, d)
    a, b = _ab(a, b)
    delta = check_probability("delta", delta)
    return t, d, D, a, b, delta


@formula(
    "MSUCB.tau_t",
    latex={
        "A": r"\tau_t=2bd\sqrt{\log\frac{2Da}{\delta}}\,t^2",
        "B": r"\tau_t=2bd\sqrt{\log\frac{2Da}{\delta}\,t^2}",
    },
    cite="[TranThe2020-ext, Lemma 3]",
)
def tau_t(*, t, d, D, a, b, delta, reading="A"):
    r"""Grid resolution :math:`\tau_t` of the discretisation :math:`F_t` in the proof of Lemma 3.

    .. math::
        \text{A: }\tau_t=2bd\sqrt{\log\tfrac{2Da}{\delta}}\;t^2,\qquad
        \text{B: }\tau_t=2bd\sqrt{\log\tfrac{2Da}{\delta}\,t^2}

    chosen so that :math:`b\sqrt{\log(2Da/\delta)}\,2d/\tau_t=1/t^2` (only reading A achieves this;
    reading B gives :math:`1/t`).

    Parameters
    ----------
    t : int or array_like of int
        :math:`t\ge1`.
    d, D : int
        :math:`1\le d\le D-1`.
    a, b : float
        Assumption-1 constants, :math:`a\ge1`, :math:`b>0`.
    delta : float
        :math:`\delta\in(0,1)`.
    reading : {"A", "B"}
        ``"A"`` (default; [TranThe2020-AAAI], [TranThe2020-ext, main-text] :math:`\beta_t` and Prop. 1):
        :math:`t^2` outside the root. ``"B"`` ([TranThe2020-ext, Lemma 3 statement] and proof, Prop. 4, Thm 3
        proof): :math:`t^2` inside the root.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Lemma 3]; [TranThe2020-AAAI, Lemma 3].

    Examples
    --------
    >>> a_ = tau_t(t=2, d=1, D=2, a=1.0, b=0.5, delta=0.1, reading="A")
    >>> b_ = tau_t(t=2, d=1, D=2, a=1.0, b=0.5, delta=0.1, reading="B")
    >>> round(a_, 6), round(a_ / b_, 6)  # 4 sqrt(log 40); the readings differ by a factor t
    (7.682582, 2.0)
    """
    t, d, D, a, b, delta = _lemma3_args(t, d, D, a, b, delta, reading)
    return as_output(_tau(t, d, D, a, b, delta, 2.0, reading))


@formula(
    "MSUCB.Ft",
    latex={
        "A": r"|F_t|=\lceil\tau_t\rceil^d,\ \tau_t=2bd\sqrt{\log\frac{2Da}{\delta}}\,t^2",
        "B": r"|F_t|=\lceil\tau_t\rceil^d,\ \tau_t=2bd\sqrt{\log\frac{2Da}{\delta}\,t^2}",
    },
    cite="[TranThe2020-ext, Lemma 3]",
)
def ft_size(*, t, d, D, a, b, delta, reading="A"):
    r"""Size of the grid :math:`F_t\subset\mathcal S(\mathbf A,\mathbf z^*_t)` of Lemma 3's proof.

    .. math::
        |F_t|=\lceil\tau_t\rceil^d

    The paper writes :math:`|F_t|=\tau_t^d` with a real :math:`\tau_t`; a grid needs
    :math:`\lceil\tau_t\rceil` points per free coordinate (``bounds/CATALOGUE.md``, MSUCB.tau_t).

    Parameters
    ----------
    t, d, D, a, b, delta, reading
        As in :func:`tau_t`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Lemma 3].

    Examples
    --------
    >>> ft_size(t=2, d=2, D=3, a=1.0, b=0.25, delta=0.1)  # tau = 4 sqrt(log 60) = 8.09, ceil 9
    81.0
    """
    t, d, D, a, b, delta = _lemma3_args(t, d, D, a, b, delta, reading)
    return as_output(np.ceil(_tau(t, d, D, a, b, delta, 2.0, reading)) ** np.asarray(d, dtype=float))


@formula(
    "MSUCB.beta_t1",
    latex={
        "A": r"\beta^1_t=2\log\frac{\pi^2t^2}{3\delta}+2d\log\Big(2bd\sqrt{\log\frac{2Da}{\delta}}\,t^2\Big)",
        "B": r"\beta^1_t=2\log\frac{\pi^2t^2}{3\delta}+2d\log\Big(2bd\sqrt{\log\frac{2Da}{\delta}\,t^2}\Big)",
    },
    cite="[TranThe2020, Eq. (12)]",
)
def beta_t1(*, t, d, D, a, b, delta, reading="A"):
    r""":math:`\beta^1_t` of Lemma 3 ("Bounding Term 2").

    .. math::
        \text{A: }\beta^1_t=2\log\frac{\pi^2t^2}{3\delta}
        +2d\log\Big(2bd\sqrt{\log\tfrac{2Da}{\delta}}\,t^2\Big)
        \qquad
        \text{B: }\beta^1_t=2\log\frac{\pi^2t^2}{3\delta}
        +2d\log\Big(2bd\sqrt{\log\tfrac{2Da}{\delta}\,t^2}\Big)

    Reading A equals :math:`2\log(|F_t|\pi^2t^2/(3\delta))` with :math:`|F_t|=\tau_t^d`. The second
    printed difference, whether the root in Eq. (12) covers :math:`\beta^1_t\sigma_{t-1}+1/t^2`, is in
    the event, not in :math:`\beta^1_t`.

    Parameters
    ----------
    t, d, D, a, b, delta
        As in :func:`tau_t`.
    reading : {"A", "B"}
        ``"A"`` (default; [TranThe2020-AAAI, Lemma 3]): :math:`t^2` outside the root. ``"B"``
        ([TranThe2020-ext, Lemma 3]): inside.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, Lemma 3, Eq. (12), (16)].

    Examples
    --------
    >>> round(beta_t1(t=1, d=1, D=2, a=1.0, b=0.5, delta=0.1), 6)  # 2 log(pi^2/0.3) + 2 log sqrt(log 40)
    8.292188
    """
    t, d, D, a, b, delta = _lemma3_args(t, d, D, a, b, delta, reading)
    # 2 log(pi^2 t^2 / (3 delta)): the union over t   [TranThe2020, Eq. (12)]
    first = 2.0 * np.log(PI2 * np.asarray(t, dtype=float) ** 2 / (3.0 * delta))
    # + 2 d log(tau_t) = 2 log |F_t|: the union over Lemma 3's grid F_t   [TranThe2020-ext, Eq. (16)]
    return as_output(first + 2.0 * d * np.log(_tau(t, d, D, a, b, delta, 2.0, reading)))


@formula(
    "MSUCB.beta_t",
    latex={
        "A": r"\beta_t=2\log\frac{\pi^2t^2}{\delta}+2d\log\Big(2bd\sqrt{\log\frac{6Da}{\delta}}\,t^2\Big)",
        "B": r"\beta_t=2\log\frac{\pi^2t^2}{\delta}+2d\log\Big(2bd\sqrt{\log\frac{6Da}{\delta}\,t^2}\Big)",
        "C": r"\beta_t=2\log\frac{\pi^2t^2}{\delta}+2d\log\Big(4bd\sqrt{\log\frac{12Da}{\delta}\,t^2}\Big)",
        "D": (
            r"\beta_t=2\log\frac{\pi^2t^2}{\delta}"
            r"+2d\log\Big(2bd\sqrt{\log\frac{6D\alpha}{\delta}}\,t^2\Big)"
        ),
    },
    cite='[TranThe2020, §"Proposed Algorithm"]',
)
def beta_t(*, t, d, D, a, b, delta, reading="A", alpha=None):
    r"""The exploration weight :math:`\beta_t` of MS-UCB — the one the algorithm uses is reading A.

    .. math::
        \text{A: }\beta_t=2\log\frac{\pi^2t^2}{\delta}+2d\log\Big(2bd\sqrt{\log\tfrac{6Da}{\delta}}\;t^2\Big)

    Printed variants (each a reading):

    * ``"A"`` (default; [TranThe2020-AAAI], [TranThe2020-ext, main text], [TranThe2020-ext, Prop. 1 with]
      :math:`a`): :math:`t^2` outside the root.
    * ``"B"`` ([TranThe2020-ext, Prop. 4]): :math:`2d\log\big(2bd\sqrt{\log(6Da/\delta)\,t^2}\big)`,
      :math:`t^2` inside.
    * ``"C"`` ([TranThe2020-ext, Thm 3 proof]):
      :math:`2\log\frac{\pi^2t^2}{\delta}+2d\log\big(4bd\sqrt{\log(12Da/\delta)\,t^2}\big)`.
    * ``"D"`` ([TranThe2020-ext, Prop. 1 as printed]): reading A with the symbol :math:`\alpha` (the
      subspace-growth exponent) in place of :math:`a`, :math:`\log(6D\alpha/\delta)`; needs ``alpha``.

    :math:`D` enters only through :math:`d\log\log(6Da/\delta)` (the text: "only :math:`\sqrt{\log D}`"). The
    value can be negative when :math:`\tau<1` (small :math:`b`); then Prop. 1's claim
    :math:`\beta_t\ge\beta^0_t(\delta/3)` fails (``bounds/ERRATA.md``). ``d`` may also be :math:`0` (Thm 5's
    setting, :math:`d\log d\to0`) or :math:`D` (plain GP-UCB on :math:`\mathcal X`): these are the limits the
    property suite compares with :func:`beta_t_d0` and the :math:`\beta_t` of [Srinivas2010, Thm 2].

    Parameters
    ----------
    t : int or array_like of int
        :math:`t\ge1`.
    d : int
        :math:`0\le d\le D` (the paper's domain is :math:`1\le d\le D-1`).
    D : int
        :math:`D\ge2`.
    a, b : float
        Assumption-1 constants, :math:`a\ge1`, :math:`b>0`.
    delta : float
        :math:`\delta\in(0,1)`.
    reading : {"A", "B", "C", "D"}
        See above.
    alpha : float, optional
        Only for reading ``"D"``: the printed symbol :math:`\alpha>\delta/(6D)`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, §"Proposed Algorithm" (main-text :math:`\beta_t`)]; [TranThe2020-ext],
       Prop. 1 (Eq. (20)-(22)), Prop. 4, proof of Thm 3.

    Examples
    --------
    >>> round(beta_t(t=1, d=1, D=3, a=1.0, b=0.5, delta=0.5), 6)
    7.241559
    >>> round(beta_t(t=1, d=1, D=3, a=1.0, b=0.5, delta=0.5, reading="C"), 6)
    8.804682
    """
    check_choice("reading", reading, ["A", "B", "C", "D"])
    t = check_integer("t", t, low=1)
    D, d = _dims(D, d, d_low=0, d_high_offset=0)
    a, b = _ab(a, b)
    delta = check_probability("delta", delta)
    if reading == "D":
        a = _alpha_constant(alpha, D, delta, 6.0)
    elif alpha is not None:
        raise ValueError(f"alpha={alpha!r} is only used by reading 'D'; pass alpha=None for {reading!r}")
    tt = np.asarray(t, dtype=float)
    dd = np.asarray(d, dtype=float)
    # 2 log(pi^2 t^2 / delta): beta^0_t and the first term of beta^1_t at delta/3   [TranThe2020, Prop. 1]
    first = 2.0 * np.log(PI2 * tt**2 / delta)
    # the grid term's argument: 4 b d sqrt(log(12Da/delta)) t (C, Thm 3 proof) or tau_t at delta/3 (A, B, D)
    if reading == "C":
        inner = 4.0 * b * dd * np.sqrt(np.log(12.0 * np.asarray(D, dtype=float) * a / delta)) * tt
    else:
        inner = _tau(t, d, D, a, b, delta, 6.0, "B" if reading == "B" else "A")
    # xlogy: the d = 0 limit 2 d log(2 b d ...) -> 0 (scipy.special.xlogy(0, 0) = 0).
    return as_output(first + scipy.special.xlogy(2.0 * dd, inner))


@formula(
    "MSUCB.beta_t_d0",
    latex={
        "A": r"\beta_t=4\log\frac{\pi^2t^2}{2\delta}\quad(d=0)",
        "B": r"\beta_t=\max\Big(2\log\frac{\pi^2t^2}{2\delta},\,2\log\frac{\pi^2t^2}{\delta}\Big)\quad(d=0)",
    },
    cite='[TranThe2020, §Discussion "On Dimension d"]',
)
def beta_t_d0(*, t, delta, reading="A"):
    r""":math:`\beta_t` for :math:`d=0` (each subspace is a point): Discussion "On Dimension d", Thm 5.

    .. math::
        \text{A: }\beta_t=4\log\frac{\pi^2t^2}{2\delta},\qquad
        \text{B: }\beta_t=\max\Big(2\log\frac{\pi^2t^2}{2\delta},\ 2\log\frac{\pi^2t^2}{\delta}\Big)
        =2\log\frac{\pi^2t^2}{\delta}

    Reading B (*not printed*) substitutes :math:`d=0` (:math:`|F_t|=1`) and :math:`\delta/3` into Lemma 2
    and Lemma 3 and takes the larger; it equals :func:`beta_t` at :math:`d=0`.

    Parameters
    ----------
    t : int or array_like of int
        :math:`t\ge1`.
    delta : float
        :math:`\delta\in(0,1)`.
    reading : {"A", "B"}
        ``"A"`` (default; printed in [TranThe2020-ext]'s Discussion and the proof of Thm 5). ``"B"``: see
        above.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, §Discussion "On Dimension d"]; [TranThe2020-ext, Thm 5 and its proof, Eq. (30)].

    Examples
    --------
    >>> round(beta_t_d0(t=1, delta=0.5), 6), round(beta_t_d0(t=1, delta=0.5, reading="B"), 6)
    (9.157839, 5.965214)
    """
    check_choice("reading", reading, ["A", "B"])
    t = check_integer("t", t, low=1)
    delta = check_probability("delta", delta)
    tt = np.asarray(t, dtype=float)
    if reading == "A":
        return as_output(4.0 * np.log(PI2 * tt**2 / (2.0 * delta)))
    return as_output(2.0 * np.log(PI2 * tt**2 / delta))
