r"""MS-UCB [TranThe2020]: every formula of the paper, as printed.

Setting ([TranThe2020]): maximise :math:`f` on :math:`\mathcal X=[-1,1]^D`; split
:math:`\mathbf x=\mathbf A\mathbf y+\mathbf B\mathbf z` with :math:`\mathbf y\in[-1,1]^d` (free block, the
*last* :math:`d` coordinates) and :math:`\mathbf z\in[-1,1]^{D-d}` (sampled block, the first :math:`D-d`);
:math:`n:=D-d`. [TranThe2020-ext] is the main text plus supplement, [TranThe2020-AAAI] the main text only.

Where the copies print different things the function takes ``reading=`` with the letters of the catalogue
(``bounds/CATALOGUE.md``); where the catalogue does not letter them, the letters are assigned in the order the
catalogue lists them and documented in the function. The default is the reading the algorithm uses
(:func:`beta_t`: reading A), or else the first printed one. The UCB is :math:`\mu+\sqrt{\beta}\sigma`
everywhere (DESIGN convention 2): [TranThe2020-ext]'s main text prints :math:`\sqrt{\beta\sigma}`, a typo.

The :math:`\mathcal O^*` rates (:func:`thm1_rate`, :func:`thm2_rate`, :func:`thm5_rate`) return the
value of the expression inside :math:`\mathcal O^*(\cdot)` **without hidden constants or log factors**:
only growth in :math:`T` and ratios are meaningful.

References
----------
.. [1] [TranThe2020-ext] (main text and supplement) and [TranThe2020-AAAI] (proceedings main text).
.. [2] [Srinivas2012, Lemmas 5.5-5.7], the journal version of GP-UCB's analysis that the paper follows.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import scipy.special

from regretlab._validate import (
    as_output,
    check_array,
    check_choice,
    check_integer,
    check_probability,
    check_real,
)

from ._registry import formula
from .pseries import pseries_sum

__all__ = [
    "split_point",
    "subspace_points",
    "lemma1_matrices",
    "acq_step",
    "n_t",
    "zt_size",
    "zt_lower",
    "lipschitz_constant",
    "beta_t0",
    "lemma2_union_level",
    "tau_t",
    "ft_size",
    "beta_t1",
    "beta_t",
    "beta_t_d0",
    "l1ball_volume",
    "corner_prob_bound",
    "corner_prob_exact",
    "lemma4_radius",
    "v0",
    "lemma4_term1",
    "prop1_rt_bound",
    "prop4_csum",
    "prop4_csum_bound",
    "prop4_regret_bound",
    "thm1_rate",
    "thm2_rate",
    "thm2_vd",
    "thm5_rate",
    "compute_condition_holds",
    "compute_condition_max_alpha",
    "compute_regime",
    "acquisition_calls",
    "improvement_factor",
    "ramp_loss",
    "ramp_objective",
    "regret_metric",
    "nn_dims",
]

PI2 = np.pi**2


def _dims(D, d, *, d_low: int = 1, d_high_offset: int = 1):
    """Validate integer dimensions ``D >= 2`` and ``d_low <= d <= D - d_high_offset``."""
    D = check_integer("D", D, low=max(2, d_low + d_high_offset))
    d = check_integer("d", d, low=d_low)
    high = np.asarray(D) - d_high_offset
    if np.any(np.asarray(d) > high):
        bad = np.broadcast_arrays(np.asarray(d), high)
        i = np.argwhere(bad[0] > bad[1])[0]
        dv, hv = int(bad[0][tuple(i)]), int(bad[1][tuple(i)])
        upper = "D" if d_high_offset == 0 else f"D-{d_high_offset}"
        raise ValueError(f"d={dv} is outside its domain {{{d_low}, ..., {upper}}} = {{{d_low}, ..., {hv}}}")
    return D, d


def _ab(a, b):
    a = check_real("a", a, low=1.0)
    b = check_real("b", b, low=0.0, low_open=True)
    return a, b


def _alpha_constant(alpha, D, delta, factor: float):
    """Validate the symbol alpha where a reading prints it in place of a: log(factor D alpha / delta) > 0."""
    if alpha is None:
        raise ValueError("alpha=None: this reading prints the symbol alpha in place of a; pass alpha > 0")
    alpha = check_real("alpha", alpha, low=0.0, low_open=True)
    if np.any(factor * np.asarray(D) * alpha / delta <= 1.0):
        raise ValueError(
            f"alpha={alpha!r} makes log({factor:g} D alpha / delta) <= 0; its domain here is "
            f"alpha > delta / ({factor:g} D)"
        )
    return alpha


# ---------------------------------------------------------------------------------------------------
# Lemma 1 and the acquisition step
# ---------------------------------------------------------------------------------------------------


def lemma1_matrices(*, d, D):
    r"""The matrices :math:`\mathbf A` (D x d) and :math:`\mathbf B` (D x (D-d)) of Def. 1.

    .. math::
        \mathbf A=[\mathbf 0^{d\times(D-d)},\mathbf I^{d\times d}]^\top,\qquad
        \mathbf B=[\mathbf I^{(D-d)\times(D-d)},\mathbf 0^{(D-d)\times d}]^\top

    Parameters
    ----------
    d : int
        Free dimension, :math:`1\le d\le D-1`.
    D : int
        Input dimension, :math:`D\ge2`.

    Returns
    -------
    A, B : ndarray
        Shapes (D, d) and (D, D-d).

    References
    ----------
    .. [1] [TranThe2020, Def. 1 and Lemma 1 (Eq. (3)-(4)), §"Proposed Algorithm"].

    Examples
    --------
    >>> A, B = lemma1_matrices(d=1, D=3)
    >>> A.ravel().tolist(), B.tolist()
    ([0.0, 0.0, 1.0], [[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]])
    """
    D, d = _dims(D, d)
    eye = np.eye(D)
    return eye[:, D - d :], eye[:, : D - d]


@formula(
    "MSUCB.lemma1_split",
    latex=(
        r"\mathbf x=\mathbf A\mathbf y+\mathbf B\mathbf z,\ \mathbf y=[\mathbf x]_{D-d+1:D},"
        r"\ \mathbf z=[\mathbf x]_{1:D-d}"
    ),
    cite="[TranThe2020, Eq. (3)-(4)]",
)
def split_point(*, x, d):
    r"""Split :math:`\mathbf x=\mathbf A\mathbf y+\mathbf B\mathbf z` into its blocks (Lemma 1).

    .. math::
        \mathbf y=[\mathbf x]_{D-d+1:D},\qquad \mathbf z=[\mathbf x]_{1:D-d}

    Parameters
    ----------
    x : array_like, shape (..., D)
        Point(s) of :math:`\mathcal X=[-1,1]^D` (the last axis is the coordinate axis).
    d : int
        Free dimension, :math:`1\le d\le D-1`.

    Returns
    -------
    y, z : ndarray
        Shapes (..., d) and (..., D-d).

    References
    ----------
    .. [1] [TranThe2020, Lemma 1, Def. 1, Eq. (3)-(4)].

    Examples
    --------
    >>> y, z = split_point(x=[0.1, 0.2, 0.3], d=1)
    >>> y.tolist(), z.tolist()
    ([0.3], [0.1, 0.2])
    """
    x = check_array("x", x)
    if x.ndim < 1:
        raise ValueError(f"x has shape {x.shape}; expected (..., D) with D >= 2")
    _dims(x.shape[-1], d)
    if np.any(np.abs(x) > 1.0):
        raise ValueError("x has an entry outside [-1, 1]; the domain of x is [-1, 1]^D")
    D = x.shape[-1]
    return x[..., D - d :], x[..., : D - d]


def subspace_points(*, y, z):
    r"""Points :math:`\mathbf A\mathbf y+\mathbf B\mathbf z` of a subspace :math:`\mathcal S` (Def. 1).

    .. math::
        \mathcal S(\mathbf A,\mathbf z)=\{\mathbf A\mathbf y+\mathbf B\mathbf z:\ \mathbf y\in[-1,1]^d\}

    Parameters
    ----------
    y : array_like, shape (..., d)
        Free coordinates in :math:`[-1,1]^d`.
    z : array_like, shape (..., D-d)
        Subspace anchor in :math:`[-1,1]^{D-d}`; broadcast against ``y``.

    Returns
    -------
    ndarray, shape (..., D)
        :math:`[\mathbf z,\mathbf y]` (the first :math:`D-d` coordinates are :math:`\mathbf z`).

    References
    ----------
    .. [1] [TranThe2020, Def. 1, Eq. (4)-(6)].

    Examples
    --------
    >>> subspace_points(y=[[0.5], [-0.5]], z=[0.1, 0.2]).tolist()
    [[0.1, 0.2, 0.5], [0.1, 0.2, -0.5]]
    """
    y = check_array("y", y)
    z = check_array("z", z)
    if y.ndim < 1 or z.ndim < 1:
        raise ValueError("y and z need a last (coordinate) axis: shapes (..., d) and (..., D-d)")
    for name, arr in (("y", y), ("z", z)):
        if np.any(np.abs(arr) > 1.0):
            raise ValueError(f"{name} has an entry outside [-1, 1]; its domain is a box [-1, 1]^k")
    shape = np.broadcast_shapes(y.shape[:-1], z.shape[:-1])
    y_b = np.broadcast_to(y, (*shape, y.shape[-1]))
    z_b = np.broadcast_to(z, (*shape, z.shape[-1]))
    return np.concatenate([z_b, y_b], axis=-1)


@formula(
    "MSUCB.acq_step",
    latex=(
        r"(\mathbf y_t,\mathbf z_t)=\arg\max_{\mathbf y\in\mathcal Y,\mathbf z\in Z_t}"
        r"a_t(\mathbf A\mathbf y+\mathbf B\mathbf z)"
    ),
    cite="[TranThe2020, Eq. (5)-(8)]",
)
def acq_step(*, acquisition: Callable, Y, Z):
    r"""MS-UCB's acquisition step over a finite candidate set of each subspace (Eq. (5)-(8)).

    .. math::
        (\mathbf y_t,\mathbf z_t)=\arg\max_{\mathbf y\in\mathcal Y,\ \mathbf z\in Z_t}
        a_t(\mathbf A\mathbf y+\mathbf B\mathbf z),\qquad
        \mathbf x_t=\mathbf A\mathbf y_t+\mathbf B\mathbf z_t

    The continuous :math:`\max_{\mathbf y\in[-1,1]^d}` is replaced by a finite set ``Y`` of candidate
    free coordinates (e.g. a grid, or an optimiser's iterates); the algorithm in
    ``regretlab.algorithms`` optimises :math:`\mathbf y` continuously.

    Parameters
    ----------
    acquisition : callable
        :math:`a_t`: maps an array of shape (m, D) to m values (GP.ucb with :func:`beta_t`).
    Y : array_like, shape (p, d)
        Candidate free coordinates in :math:`[-1,1]^d`.
    Z : array_like, shape (q, D-d)
        The subspace anchors :math:`Z_t`.

    Returns
    -------
    x, y, z : ndarray
        The maximiser :math:`\mathbf x_t` (shape (D,)) and its blocks
        :math:`\mathbf y_t`, :math:`\mathbf z_t`.

    References
    ----------
    .. [1] [TranThe2020, Eq. (5)-(8), Alg. 1].

    Examples
    --------
    >>> x, y, z = acq_step(acquisition=lambda X: -((X - 0.3) ** 2).sum(axis=1),
    ...                    Y=[[-1.0], [0.0], [0.5]], Z=[[0.2], [0.9]])
    >>> x.tolist()
    [0.2, 0.5]
    """
    if not callable(acquisition):
        raise ValueError(f"acquisition={acquisition!r} is not callable; expected a function of (m, D)")
    Y = check_array("Y", Y, ndim=2)
    Z = check_array("Z", Z, ndim=2)
    if Y.shape[0] < 1 or Z.shape[0] < 1:
        raise ValueError(f"Y has shape {Y.shape} and Z has shape {Z.shape}; both need at least one row")
    X = subspace_points(y=Y[None, :, :], z=Z[:, None, :]).reshape(-1, Y.shape[1] + Z.shape[1])
    values = np.asarray(acquisition(X), dtype=float).reshape(-1)
    if values.shape[0] != X.shape[0]:
        raise ValueError(f"acquisition returned {values.shape[0]} values for {X.shape[0]} points")
    if not np.all(np.isfinite(values)):
        raise ValueError("acquisition returned a non-finite value; a_t must be finite on [-1, 1]^D")
    best = int(np.argmax(values))
    x = X[best]
    return x, x[Z.shape[1] :], x[: Z.shape[1]]


# ---------------------------------------------------------------------------------------------------
# Subspace counts
# ---------------------------------------------------------------------------------------------------


def _counts(t, N0, alpha, rounding):
    check_choice("rounding", rounding, ["none", "ceil"])
    t = check_integer("t", t, low=1)
    N0 = check_integer("N0", N0, low=1)
    alpha = check_real("alpha", alpha, low=0.0)
    return t, N0, alpha


@formula("MSUCB.Nt", latex=r"N_t=N_0t^\alpha", cite="[TranThe2020, Alg. 1]")
def n_t(*, t, N0, alpha, rounding="none"):
    r"""Number of subspaces added at iteration :math:`t` (Algorithm 1 line 4).

    .. math::
        N_t=N_0t^\alpha

    Parameters
    ----------
    t : int or array_like of int
        :math:`t\ge1`.
    N0 : int or array_like of int
        :math:`N_0\ge1`.
    alpha : float or array_like
        :math:`\alpha\ge0`. The text says :math:`\alpha\in\mathbb N`; the theorems treat it as real.
    rounding : {"none", "ceil"}
        ``"none"`` (default): the paper's :math:`N_0t^\alpha`, an integer when :math:`\alpha` is.
        ``"ceil"``: :math:`\lceil N_0t^\alpha\rceil`, a count for real :math:`\alpha` (a convention,
        not from the paper).

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, Alg. 1, §"Proposed Algorithm"]; [TranThe2020-ext, proof of Prop. 4].

    Examples
    --------
    >>> n_t(t=3, N0=2, alpha=2)
    18.0
    >>> n_t(t=2, N0=1, alpha=0.5, rounding="ceil")
    2.0
    """
    t, N0, alpha = _counts(t, N0, alpha, rounding)
    value = N0 * np.asarray(t, dtype=float) ** alpha
    return as_output(np.ceil(value) if rounding == "ceil" else value)


@formula("MSUCB.Zt_size", latex=r"|Z_t|=\sum_{j=1}^tN_0j^\alpha", cite='[TranThe2020, §"Proposed Algorithm"]')
def zt_size(*, t, N0, alpha, rounding="none"):
    r"""Number of subspace anchors after iteration :math:`t`: :math:`|Z_t|=\sum_{s\le t}N_s` (exact sum).

    .. math::
        |Z_t|=\sum_{j=1}^{t}N_0j^\alpha

    Parameters
    ----------
    t, N0, alpha, rounding
        As in :func:`n_t` (``rounding="ceil"`` sums :math:`\lceil N_0j^\alpha\rceil`).

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, §"Proposed Algorithm", §Discussion]; [TranThe2020-ext, proof of Prop. 4].

    Examples
    --------
    >>> zt_size(t=3, N0=2, alpha=1)  # 2 (1 + 2 + 3)
    12.0
    """
    t, N0, alpha = _counts(t, N0, alpha, rounding)
    if rounding == "none":
        return as_output(N0 * np.asarray(pseries_sum(n=t, p=-np.asarray(alpha)), dtype=float))
    t_b, n_b, a_b = np.broadcast_arrays(np.asarray(t), np.asarray(N0), np.asarray(alpha, dtype=float))
    out = np.empty(t_b.shape, dtype=float)
    for index in np.ndindex(t_b.shape):
        j = np.arange(1, int(t_b[index]) + 1, dtype=float)
        out[index] = np.sum(np.ceil(n_b[index] * j ** a_b[index]))
    return as_output(out)


@formula(
    "MSUCB.Zt_lower",
    latex=r"|Z_t|\ge N_0t^\alpha,\quad |Z_t|\ge N_0\frac{t^{\alpha+1}+\alpha}{1+\alpha}",
    cite="[TranThe2020-ext, Eq. (25)-(26)]",
)
def zt_lower(*, t, N0, alpha):
    r"""The lower bound Eq. (26) on :math:`|Z_t|` (proof of Prop. 4); Eq. (25) is :func:`n_t`.

    .. math::
        |Z_t|\ge N_0t^\alpha\quad(25),\qquad |Z_t|\ge N_0\frac{t^{\alpha+1}+\alpha}{1+\alpha}\quad(26)

    The text prints both with "$>$" in the derivation; the strict forms fail at :math:`t=1` and, for
    Eq. (26), at :math:`\alpha=0` (see ``bounds/ERRATA.md``).

    Parameters
    ----------
    t : int or array_like of int
        :math:`t\ge1`.
    N0 : int or array_like of int
        :math:`N_0\ge1`.
    alpha : float or array_like
        :math:`\alpha\ge0`.

    Returns
    -------
    float or ndarray
        :math:`N_0(t^{\alpha+1}+\alpha)/(1+\alpha)`.

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Prop. 4, Eq. (25)-(26)] (from Prop. 3 with
           :math:`p=-\alpha`).

    Examples
    --------
    >>> zt_lower(t=3, N0=2, alpha=1), zt_size(t=3, N0=2, alpha=1)
    (10.0, 12.0)
    """
    t = check_integer("t", t, low=1)
    N0 = check_integer("N0", N0, low=1)
    alpha = check_real("alpha", alpha, low=0.0)
    return as_output(N0 * (np.asarray(t, dtype=float) ** (alpha + 1.0) + alpha) / (1.0 + alpha))


# ---------------------------------------------------------------------------------------------------
# Lipschitz event, Lemma 2, Lemma 3
# ---------------------------------------------------------------------------------------------------


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
    T = check_integer("T", T, low=1, high=10**7)
    delta = check_probability("delta", delta)
    return as_output(6.0 * delta / PI2 * np.asarray(pseries_sum(n=T, p=2.0)))


def _tau(t, d, D, a, b, delta, level, reading):
    t = np.asarray(t, dtype=float)
    root = np.sqrt(np.log(level * np.asarray(D, dtype=float) * a / delta))
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
    first = 2.0 * np.log(PI2 * np.asarray(t, dtype=float) ** 2 / (3.0 * delta))
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
    first = 2.0 * np.log(PI2 * tt**2 / delta)
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


# ---------------------------------------------------------------------------------------------------
# Lemma 4: volume, probability, radius, v0
# ---------------------------------------------------------------------------------------------------


def _n(D, d):
    D, d = _dims(D, d)
    return np.asarray(D) - np.asarray(d)


@formula(
    "MSUCB.l1ball_volume",
    latex={
        "A": r"\mathrm{Vol}(V_1)=\frac{(4\theta)^{D-d}}{\Gamma(D-d+1)}",
        "B": r"\mathrm{Vol}(V_1)=\frac{(2\theta)^{D-d}}{\Gamma(D-d+1)}",
    },
    cite="[TranThe2020-ext, Lemma 4]",
)
def l1ball_volume(*, theta, D, d, reading="A"):
    r"""Volume of the :math:`L_1` ball of radius :math:`\theta` in :math:`\mathbb R^{D-d}` (Lemma 4 proof).

    .. math::
        \text{A (printed): }\mathrm{Vol}(V_1)=\frac{(4\theta)^{D-d}}{\Gamma(D-d+1)},\qquad
        \text{B (not printed): }\frac{(2\theta)^{D-d}}{\Gamma(D-d+1)}

    Reading B is the volume of :math:`\{\mathbf u:\|\mathbf u\|_1\le\theta\}` (:math:`2^n` orthant
    simplices of volume :math:`\theta^n/n!`). Monte Carlo refutes reading A (``bounds/ERRATA.md``).

    Parameters
    ----------
    theta : float or array_like
        Radius, :math:`\theta>0`.
    D, d : int
        :math:`1\le d\le D-1`; the ball lives in :math:`\mathbb R^{D-d}`.
    reading : {"A", "B"}
        ``"A"`` (default; [TranThe2020-ext, Lemma 4 proof], citing [Wang2005]). ``"B"``: see above.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Lemma 4]; proof of Thm 4 (with :math:`d_e`).
    .. [2] X. Wang. Volumes of generalized unit balls. Math. Mag. 78(5), 2005.

    Examples
    --------
    >>> l1ball_volume(theta=0.5, D=3, d=1, reading="A"), l1ball_volume(theta=0.5, D=3, d=1, reading="B")
    (2.0, 0.5)
    """
    check_choice("reading", reading, ["A", "B"])
    theta = check_real("theta", theta, low=0.0, low_open=True)
    n = _n(D, d).astype(float)
    scale = 4.0 if reading == "A" else 2.0
    return as_output((scale * theta) ** n / scipy.special.gamma(n + 1.0))


@formula(
    "MSUCB.corner_prob",
    latex={
        "A": r"\Pr[\|\mathbf z-\mathbf z^*\|_1\le\theta]\ge\frac{\theta^{D-d}}{\Gamma(D-d+1)}",
        "B": r"\Pr[\|\mathbf z-\mathbf z^*\|_1\le\theta]\ge\frac{(\theta/2)^{D-d}}{\Gamma(D-d+1)}",
    },
    cite="[TranThe2020-ext, Lemma 4]",
)
def corner_prob_bound(*, theta, D, d, reading="A"):
    r"""Lower bound on :math:`\Pr[\|\mathbf z-\mathbf z^*\|_1\le\theta]`, :math:`\mathbf z` uniform (Lemma 4).

    .. math::
        \text{A (printed): }\frac{\theta^{D-d}}{\Gamma(D-d+1)},\qquad
        \text{B (not printed): }\frac{(\theta/2)^{D-d}}{\Gamma(D-d+1)}

    The proof divides :math:`(2\theta)^n/\Gamma(n+1)` by :math:`\mathrm{Vol}(\mathcal Z)=2^n` but prints
    the denominator as :math:`\theta^n/\Gamma(n+1)`. Reading B divides by :math:`2^n` and the
    orthant volume :math:`\theta^n/n!` (what a corner :math:`\mathbf z^*` keeps); at a corner it is the
    exact probability for :math:`\theta\le2` (:func:`corner_prob_exact`), so reading A fails there.

    Parameters
    ----------
    theta : float or array_like
        :math:`\theta>0`.
    D, d : int
        :math:`1\le d\le D-1`.
    reading : {"A", "B"}
        ``"A"`` (default; printed) or ``"B"``.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Lemma 4 and proof of Thm 4].

    Examples
    --------
    >>> corner_prob_bound(theta=1.0, D=3, d=1), corner_prob_exact(theta=1.0, D=3, d=1)
    (0.5, 0.125)
    """
    check_choice("reading", reading, ["A", "B"])
    theta = check_real("theta", theta, low=0.0, low_open=True)
    n = _n(D, d).astype(float)
    radius = theta if reading == "A" else theta / 2.0
    return as_output(radius**n / scipy.special.gamma(n + 1.0))


def corner_prob_exact(*, theta, D, d):
    r"""Exact :math:`\Pr[\|\mathbf z-\mathbf z^*\|_1\le\theta]` for a corner :math:`\mathbf z^*` of the box.

    .. math::
        \Pr=F_{IH,n}(\theta/2)

    since :math:`|z_i-z^*_i|\sim U(0,2)` independently; :math:`F_{IH,n}` is the Irwin–Hall CDF
    (``scipy.stats.irwinhall``). The corner is the worst case the proof of Lemma 4 names.

    Parameters
    ----------
    theta : float or array_like
        :math:`\theta>0`.
    D, d : int
        :math:`1\le d\le D-1`, :math:`n=D-d`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Lemma 4 ("worst case ... at the boundary")].

    Examples
    --------
    >>> corner_prob_exact(theta=4.0, D=2, d=1)
    1.0
    """
    from scipy.stats import irwinhall  # here, not at the top: scipy.stats doubles `import regretlab.bounds`

    theta = check_real("theta", theta, low=0.0, low_open=True)
    n = _n(D, d)
    n_b, th_b = np.broadcast_arrays(np.asarray(n), np.asarray(theta, dtype=float))
    out = np.empty(n_b.shape, dtype=float)
    for index in np.ndindex(n_b.shape):
        out[index] = irwinhall(int(n_b[index])).cdf(th_b[index] / 2.0)
    return as_output(out)


@formula(
    "MSUCB.lemma4_radius",
    latex={
        "A": r"\theta_t=\Gamma(D-d+1)^{\frac1{D-d}}\Big(\frac{\log(2/\delta)}{|Z_t|}\Big)^{\frac1{D-d}}",
        "B": r"\theta_t=2\,\Gamma(D-d+1)^{\frac1{D-d}}\Big(\frac{\log(2/\delta)}{|Z_t|}\Big)^{\frac1{D-d}}",
        "C": (
            r"\theta_t=\Gamma(D-d+1)^{\frac1{D-d}}"
            r"\Big(\frac{\log(2\pi^2t^2/(6\delta))}{|Z_t|}\Big)^{\frac1{D-d}}"
        ),
    },
    cite="[TranThe2020-ext, Eq. (18)]",
)
def lemma4_radius(*, D, d, Zt_size, delta, reading="A", t=None):
    r"""Radius :math:`\theta_t` bounding :math:`\|\mathbf z^*_t-\mathbf z^*\|_1` w.p. 1-δ/2 (Lemma 4).

    .. math::
        \text{A: }\theta_t=\Gamma(n+1)^{1/n}\Big(\frac{\log(2/\delta)}{|Z_t|}\Big)^{1/n},\qquad
        \text{B: }2\,\Gamma(n+1)^{1/n}\Big(\frac{\log(2/\delta)}{|Z_t|}\Big)^{1/n},\qquad
        \text{C: }\Gamma(n+1)^{1/n}\Big(\frac{\log(2\pi^2t^2/(6\delta))}{|Z_t|}\Big)^{1/n}

    Parameters
    ----------
    D, d : int
        :math:`1\le d\le D-1`, :math:`n=D-d`.
    Zt_size : float or array_like
        :math:`|Z_t|\ge1`.
    delta : float
        :math:`\delta\in(0,1)`.
    reading : {"A", "B", "C"}
        ``"A"`` (default; [TranThe2020-ext, Lemma 4 proof, Eq. (18)]). ``"B"``
        ([TranThe2020, main-text Lemma 4], whose :math:`v_0` carries :math:`2b`). ``"C"`` (*not printed*;
        uniform in :math:`t` by a union bound over :math:`t`); needs ``t``.
    t : int, optional
        Iteration :math:`t\ge1`, reading ``"C"`` only.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Lemma 4, Eq. (18)]; [TranThe2020, Lemma 4 (Eq. (13))].

    Examples
    --------
    >>> round(lemma4_radius(D=2, d=1, Zt_size=100, delta=2 / np.e), 6)  # log(2/delta) = 1
    0.01
    """
    check_choice("reading", reading, ["A", "B", "C"])
    n = _n(D, d).astype(float)
    Zt_size = check_real("Zt_size", Zt_size, low=1.0)
    delta = check_probability("delta", delta)
    if reading == "C":
        if t is None:
            raise ValueError("t=None: reading 'C' (uniform in t) needs the iteration t >= 1")
        t = check_integer("t", t, low=1)
        level = np.log(2.0 * PI2 * np.asarray(t, dtype=float) ** 2 / (6.0 * delta))
    else:
        if t is not None:
            raise ValueError(f"t={t!r} is only used by reading 'C'; pass t=None for reading {reading!r}")
        level = np.log(2.0 / delta)
    # Gamma(n+1)^(1/n) via gammaln: finite for every n (Gamma itself overflows for n > 170).
    radius = np.exp(scipy.special.gammaln(n + 1.0) / n) * (level / Zt_size) ** (1.0 / n)
    return as_output(2.0 * radius if reading == "B" else radius)


_V0_READINGS = {
    # reading: (leading factor, Gamma inside the root, uses alpha for a, log level)
    "A": (2.0, False, False, 2.0),  # [TranThe2020-AAAI, Lemma 4 (main text)]
    "B": (2.0, True, False, 2.0),  # [TranThe2020-ext, Lemma 4 (main text)]
    "C": (1.0, False, True, 2.0),  # [TranThe2020-ext, Lemma 4 proof, Eq. (19)]
    "D": (2.0, False, True, 2.0),  # [TranThe2020-ext, Prop. 1]
    "E": (1.0, True, False, 2.0),  # [TranThe2020-ext, Prop. 4]
    "F": (2.0, False, False, 6.0),  # not printed: reading A at the delta/3 split, log(6Da/delta)
}

#: The LaTeX of each v0 reading (the table of :func:`v0`'s docstring).
_V0_LATEX = {
    "A": r"v_0=2b\sqrt{\log\frac{2Da}{\delta}}\,\Gamma(D-d+1)^{\frac1{D-d}}",
    "B": r"v_0=2b\sqrt{\log\frac{2Da}{\delta}\,\Gamma(D-d+1)^{\frac1{D-d}}}",
    "C": r"v_0=b\sqrt{\log\frac{2D\alpha}{\delta}}\,\Gamma(D-d+1)^{\frac1{D-d}}",
    "D": r"v_0=2b\sqrt{\log\frac{2D\alpha}{\delta}}\,\Gamma(D-d+1)^{\frac1{D-d}}",
    "E": r"v_0=b\sqrt{\log\frac{2Da}{\delta}\,\Gamma(D-d+1)^{\frac1{D-d}}}",
    "F": r"v_0=2b\sqrt{\log\frac{6Da}{\delta}}\,\Gamma(D-d+1)^{\frac1{D-d}}",
}


@formula(
    "MSUCB.v0",
    latex=_V0_LATEX,
    cite="[TranThe2020, Lemma 4]",
)
def v0(*, D, d, a, b, delta, reading="A", alpha=None):
    r"""The constant :math:`v_0` of Lemma 4 — every printed variant.

    .. math::
        \text{A: }v_0=2b\sqrt{\log\tfrac{2Da}{\delta}}\,\Gamma(D-d+1)^{\frac1{D-d}}

    =======  ==================================================================  ============================
    reading  printed :math:`v_0`                                                 where
    =======  ==================================================================  ============================
    ``"A"``  :math:`2b\sqrt{\log(2Da/\delta)}\,\Gamma(n+1)^{1/n}`                [TranThe2020-AAAI, Lemma 4]
    ``"B"``  :math:`2b\sqrt{\log(2Da/\delta)\,\Gamma(n+1)^{1/n}}` (Γ inside)     [TranThe2020-ext, Lemma 4]
    ``"C"``  :math:`b\sqrt{\log(2D\alpha/\delta)}\,\Gamma(n+1)^{1/n}`            [TranThe2020-ext, Eq. (19)]
    ``"D"``  :math:`2b\sqrt{\log(2D\alpha/\delta)}\,\Gamma(n+1)^{1/n}`           [TranThe2020-ext, Prop. 1]
    ``"E"``  :math:`b\sqrt{\log(2Da/\delta)\,\Gamma(n+1)^{1/n}}` (Γ inside)      [TranThe2020-ext, Prop. 4]
    ``"F"``  :math:`2b\sqrt{\log(6Da/\delta)}\,\Gamma(n+1)^{1/n}` (*not printed*)  δ/3 split
    =======  ==================================================================  ============================

    Γ is :func:`scipy.special.gamma`, :math:`\Gamma(n+1)=n!`; Prop. 1 and Prop. 4 print the false
    identity ":math:`\Gamma(D-d+1)=(D-d+1)!`" next to their :math:`v_0`. Thm 4's :math:`v_d` is
    :func:`thm2_vd`.

    Parameters
    ----------
    D, d : int
        :math:`1\le d\le D-1`, :math:`n=D-d`.
    a, b : float
        Assumption-1 constants, :math:`a\ge1`, :math:`b>0`.
    delta : float
        :math:`\delta\in(0,1)`.
    reading : {"A", "B", "C", "D", "E", "F"}
        Default ``"A"`` ([TranThe2020-AAAI, main-text Lemma 4]).
    alpha : float, optional
        Readings ``"C"`` and ``"D"`` only: the printed symbol :math:`\alpha>\delta/(2D)`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, Lemma 4]; [TranThe2020-ext, Eq. (19), Prop. 1, Prop. 4].

    Examples
    --------
    >>> round(v0(D=3, d=1, a=1.0, b=1.0, delta=0.1), 6)  # 2 sqrt(log 60) sqrt(2)
    5.723177
    >>> round(v0(D=3, d=1, a=1.0, b=1.0, delta=0.1, reading="B"), 6)  # 2 sqrt(log 60 sqrt(2))
    4.812599
    """
    check_choice("reading", reading, list(_V0_READINGS))
    factor, inside, uses_alpha, level = _V0_READINGS[reading]
    n = _n(D, d).astype(float)
    a, b = _ab(a, b)
    delta = check_probability("delta", delta)
    if uses_alpha:
        a = _alpha_constant(alpha, D, delta, 2.0)
    elif alpha is not None:
        raise ValueError(f"alpha={alpha!r} is only used by readings 'C' and 'D'; pass alpha=None")
    log_term = np.log(level * np.asarray(D, dtype=float) * a / delta)
    gamma_root = np.exp(scipy.special.gammaln(n + 1.0) / n)  # Gamma(n+1)^(1/n), finite for every n
    if inside:
        return as_output(factor * b * np.sqrt(log_term * gamma_root))
    return as_output(factor * b * np.sqrt(log_term) * gamma_root)


@formula(
    "MSUCB.lemma4_term1",
    latex={
        reading: (
            r"f(\mathbf x^*)-f^{max}_{\mathcal S^0_t}\le "
            r"v_0\Big(\frac{1}{|Z_t|}\log\frac2\delta\Big)^{\frac1{D-d}},\ " + v0_latex
        )
        for reading, v0_latex in _V0_LATEX.items()
    },
    cite="[TranThe2020, Eq. (13)]",
)
def lemma4_term1(*, D, d, a, b, delta, Zt_size, reading="A", alpha=None):
    r"""Lemma 4's bound on Term 1, :math:`f(\mathbf x^*)-f^{max}_{\mathcal S^0_t}` (Eq. (13)).

    .. math::
        f(\mathbf x^*)-f^{max}_{\mathcal S^0_t}\le v_0\Big(\frac1{|Z_t|}\log\frac2\delta\Big)^{\frac1{D-d}}
        \quad\text{w.p.}\ge1-\delta

    Parameters
    ----------
    D, d, a, b, delta, reading, alpha
        As in :func:`v0` (``reading`` selects the :math:`v_0` variant).
    Zt_size : float or array_like
        :math:`|Z_t|\ge1`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, Lemma 4, Eq. (13)]; [TranThe2020-ext, proof of Lemma 4].

    Examples
    --------
    >>> round(lemma4_term1(D=2, d=1, a=1.0, b=1.0, delta=0.1, Zt_size=10), 6)  # 2 sqrt(log 40) log(20) / 10
    1.150748
    """
    value = v0(D=D, d=d, a=a, b=b, delta=delta, reading=reading, alpha=alpha)
    n = _n(D, d).astype(float)
    Zt_size = check_real("Zt_size", Zt_size, low=1.0)
    return as_output(value * (np.log(2.0 / delta) / Zt_size) ** (1.0 / n))


# ---------------------------------------------------------------------------------------------------
# Prop. 1 and Prop. 4
# ---------------------------------------------------------------------------------------------------


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
        (:math:`v_0`).

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


# ---------------------------------------------------------------------------------------------------
# O* rates ([TranThe2020, Thm 1] = [TranThe2020-ext, Thm 3], Thm 2 = Thm 4, and Thm 5)
# ---------------------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------------------
# Computation (Discussion "On the Computation Complexity") and the remaining ids
# ---------------------------------------------------------------------------------------------------


def _log_condition_margin(T, D, d, alpha, N0):
    """log(zeta^-D) - log(N0 (T+1)^(alpha+1) / (alpha+1) zeta^-d), zeta = (T+1)^-2 (computed in logs)."""
    L = np.log(np.asarray(T, dtype=float) + 1.0)
    lhs = np.log(N0) + (alpha + 1.0) * L - np.log(alpha + 1.0) + 2.0 * np.asarray(d) * L
    return 2.0 * np.asarray(D) * L - lhs


@formula(
    "MSUCB.compute_condition",
    latex=r"\frac{N_0(T+1)^{\alpha+1}}{\alpha+1}\zeta^{-d}<\zeta^{-D},\ \zeta=(T+1)^{-2}",
    cite='[TranThe2020, §Discussion "On the Computation Complexity"]',
)
def compute_condition_holds(*, T, D, d, alpha, N0=1):
    r"""Whether the Discussion's computation condition holds (MS-UCB cheaper than GP-UCB at :math:`T`).

    .. math::
        \frac{N_0(T+1)^{\alpha+1}}{\alpha+1}\zeta^{-d}<\zeta^{-D},\qquad\zeta=(T+1)^{-2},

    claimed to follow (for :math:`N_0=1`) from :math:`\alpha<2(D-d)-1`; the regime claimed is
    :math:`D-d-1\le\alpha<2(D-d)-1` (:func:`compute_regime`). Evaluated in logarithms (no overflow).

    Parameters
    ----------
    T : int or array_like of int
        :math:`T\ge1`.
    D, d : int
        :math:`1\le d\le D-1`.
    alpha : float
        :math:`\alpha\ge0`.
    N0 : int
        :math:`N_0\ge1`.

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [TranThe2020, §Discussion "On the Computation Complexity"].

    Examples
    --------
    >>> compute_condition_holds(T=100, D=3, d=1, alpha=2), compute_condition_holds(T=100, D=3, d=1, alpha=4)
    (True, False)
    """
    T = check_integer("T", T, low=1)
    D, d = _dims(D, d)
    alpha = check_real("alpha", alpha, low=0.0)
    N0 = check_integer("N0", N0, low=1)
    ok = _log_condition_margin(T, D, d, alpha, N0) > 0
    return bool(ok) if np.ndim(ok) == 0 else ok


def compute_condition_max_alpha(*, T, D, d, N0=1, alpha_max=1000):
    r"""Largest integer :math:`\alpha\le` ``alpha_max`` satisfying :func:`compute_condition_holds` (or -1).

    Found by direct search over :math:`\alpha=0,1,\dots,` ``alpha_max``.

    Parameters
    ----------
    T : int
        :math:`T\ge1`.
    D, d : int
        :math:`1\le d\le D-1`.
    N0 : int
        :math:`N_0\ge1`.
    alpha_max : int
        Search limit.

    Returns
    -------
    int

    References
    ----------
    .. [1] [TranThe2020, §Discussion "On the Computation Complexity"].

    Examples
    --------
    >>> compute_condition_max_alpha(T=100, D=3, d=1)  # the claimed regime ends at 2 (D - d) - 1 = 3
    3
    """
    alpha_max = check_integer("alpha_max", alpha_max, low=0, high=10**6)
    T = check_integer("T", T, low=1)
    D, d = _dims(D, d)
    N0 = check_integer("N0", N0, low=1)
    alphas = np.arange(alpha_max + 1, dtype=float)
    ok = _log_condition_margin(T, D, d, alphas, N0) > 0
    return int(alphas[ok].max()) if np.any(ok) else -1


def compute_regime(*, D, d, alpha):
    r"""Whether :math:`D-d-1\le\alpha<2(D-d)-1`, the Discussion's regime (rate and cost both better).

    Parameters
    ----------
    D, d : int
        :math:`1\le d\le D-1`.
    alpha : float
        :math:`\alpha\ge0`.

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [TranThe2020, §Discussion "On the Computation Complexity"].

    Examples
    --------
    >>> compute_regime(D=3, d=1, alpha=1), compute_regime(D=3, d=1, alpha=3)
    (True, False)
    """
    D, d = _dims(D, d)
    alpha = check_real("alpha", alpha, low=0.0)
    n = np.asarray(D) - np.asarray(d)
    ok = (n - 1 <= alpha) & (alpha < 2 * n - 1)
    return bool(ok) if np.ndim(ok) == 0 else ok


def acquisition_calls(*, Zt_size, zeta, d, D):
    r"""Acquisition calls: MS-UCB :math:`O(|Z_t|\zeta^{-d})` vs GP-UCB :math:`O(\zeta^{-D})`.

    Grid optimisation at resolution :math:`\zeta` needs :math:`\zeta^{-d}` calls per subspace.

    Parameters
    ----------
    Zt_size : float or array_like
        :math:`|Z_t|\ge1`.
    zeta : float
        Resolution :math:`\zeta\in(0,1]`.
    d, D : int
        :math:`1\le d\le D-1`.

    Returns
    -------
    (float, float)
        ``(ms_ucb_calls, gp_ucb_calls)``.

    References
    ----------
    .. [1] [TranThe2020, §Discussion "On the Computation Complexity"].

    Examples
    --------
    >>> acquisition_calls(Zt_size=10, zeta=0.5, d=1, D=3)
    (20.0, 8.0)
    """
    Zt_size = check_real("Zt_size", Zt_size, low=1.0)
    zeta = check_real("zeta", zeta, low=0.0, high=1.0, low_open=True)
    D, d = _dims(D, d)
    ms_ucb_calls = Zt_size * zeta ** (-np.asarray(d, dtype=float))
    gp_ucb_calls = zeta ** (-np.asarray(D, dtype=float))
    return as_output(ms_ucb_calls), as_output(gp_ucb_calls)


@formula(
    "MSUCB.improvement",
    latex=r"\sqrt{DT\gamma_T}/\sqrt{dT\gamma_T}=\sqrt{D/d}",
    cite="[TranThe2020, §Discussion]",
)
def improvement_factor(*, D, d):
    r"""Ratio of the first terms of GP-UCB's and MS-UCB's rates.

    .. math::
        \frac{\sqrt{DT\gamma_T}}{\sqrt{dT\gamma_T}}=\sqrt{D/d}

    (the abstract and Discussion speak of "a factor :math:`\sqrt D`").

    Parameters
    ----------
    D, d : int
        :math:`1\le d\le D-1`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, abstract and §Discussion "On the Number of Subspaces"].

    Examples
    --------
    >>> improvement_factor(D=100, d=4)
    5.0
    """
    D, d = _dims(D, d)
    return as_output(np.sqrt(np.asarray(D, dtype=float) / np.asarray(d, dtype=float)))


def ramp_loss(*, u, s=0.0):
    r"""Ramp loss :math:`R_s(u)=H_1(u)-H_s(u)`, :math:`H_s(u)=\max(0,s-u)` (after [Qian2016]).

    Parameters
    ----------
    u : float or array_like
        Margin :math:`y(\mathbf w^\top\mathbf v+b)`.
    s : float
        :math:`s<1` (the experiments use :math:`s=0`).

    Returns
    -------
    float or ndarray
        In :math:`[0,1-s]`.

    References
    ----------
    .. [1] [TranThe2020, §"Learning Classification Model with Ramp Loss"].

    Examples
    --------
    >>> ramp_loss(u=np.array([-2.0, 0.5, 3.0])).tolist()
    [1.0, 0.5, 0.0]
    """
    u = check_real("u", u)
    s = check_real("s", s, high=1.0, high_open=True)
    return as_output(np.maximum(0.0, 1.0 - u) - np.maximum(0.0, s - u))


@formula(
    "MSUCB.ramp_loss",
    latex=r"f(\mathbf w,b)=\frac12\|\mathbf w\|_2^2+C\sum_{l=1}^LR_s(y_l(\mathbf w^\top\mathbf v_l+b))",
    cite='[TranThe2020, §"Learning Classification Model with Ramp Loss"]',
)
def ramp_objective(*, w, b, V, y, C, s=0.0):
    r"""The ramp-loss classification objective MS-UCB *minimises* in the experiments.

    .. math::
        f(\mathbf w,b)=\tfrac12\|\mathbf w\|_2^2+C\sum_{l=1}^LR_s\big(y_l(\mathbf w^\top\mathbf v_l+b)\big)

    Negate it for the maximisation framework. The text writes :math:`w_Tv_l` for
    :math:`\mathbf w^\top\mathbf v_l`.

    Parameters
    ----------
    w : array_like, shape (p,)
        Weights.
    b : float
        Bias (not the Assumption-1 constant).
    V : array_like, shape (L, p)
        Feature vectors :math:`\mathbf v_l`.
    y : array_like, shape (L,)
        Labels in :math:`\{-1,+1\}`.
    C : float
        :math:`C>0` (the experiments use 1, 2, 5, 10).
    s : float
        :math:`s<1` (the experiments use 0).

    Returns
    -------
    float

    References
    ----------
    .. [1] [TranThe2020, §"Learning Classification Model with Ramp Loss"]; [Qian2016].

    Examples
    --------
    >>> ramp_objective(w=[1.0, 0.0], b=0.0, V=[[2.0, 0.0], [-0.5, 1.0]], y=[1, 1], C=1.0)  # 0.5 + 0 + 1
    1.5
    """
    w = check_array("w", w, ndim=1)
    V = check_array("V", V, shape=(None, w.shape[0]))
    y = check_array("y", y, shape=(V.shape[0],))
    if not np.all(np.isin(y, [-1.0, 1.0])):
        raise ValueError("y has an entry outside {-1, +1}; labels must be -1 or +1")
    b = check_real("b", b)
    C = check_real("C", C, low=0.0, low_open=True)
    margins = y * (V @ w + b)
    return float(0.5 * w @ w + C * np.sum(ramp_loss(u=margins, s=s)))


@formula(
    "MSUCB.metric",
    latex={
        "A": r"\log_{10}\big(f(\mathbf x^*)-f(\mathbf x_t)\big)",
        "B": r"\log_{10}\big(f(\mathbf x^*)-\max_{s\le t}f(\mathbf x_s)\big)",
    },
    cite='[TranThe2020, §"Experiments"]',
)
def regret_metric(*, f_star, f_values, reading="A", floor=1e-12):
    r"""The plotted metric :math:`\log_{10}(f(\mathbf x^*)-f(\mathbf x_t))` of the experiments.

    .. math::

        m_t = \log_{10}\big(f(\mathbf x^*) - f(\mathbf x_t)\big)\quad\text{(A)},\qquad
        m_t = \log_{10}\big(f(\mathbf x^*) - \max_{s\le t} f(\mathbf x_s)\big)\quad\text{(B)}

    Parameters
    ----------
    f_star : float
        Optimum value :math:`f(\mathbf x^*)`.
    f_values : array_like, shape (T,)
        :math:`f(\mathbf x_t)`, :math:`t=1..T`, in query order.
    reading : {"A", "B"}
        ``"A"`` (default; as the text says, "the function value sampled at iteration :math:`t`"):
        instantaneous. ``"B"``: best value so far, :math:`\max_{s\le t}f(\mathbf x_s)`.
    floor : float
        Lower clip :math:`>0` for the regret (:math:`\log 0` is undefined).

    Returns
    -------
    ndarray, shape (T,)

    References
    ----------
    .. [1] [TranThe2020, §"Experiments"].

    Examples
    --------
    >>> regret_metric(f_star=1.0, f_values=[0.9, 0.0, 0.99], reading="B").round(6).tolist()
    [-1.0, -1.0, -2.0]
    """
    check_choice("reading", reading, ["A", "B"])
    f_star = check_real("f_star", f_star)
    f_values = check_array("f_values", f_values, ndim=1)
    floor = check_real("floor", floor, low=0.0, low_open=True)
    if np.any(f_values > f_star + 1e-12 * max(1.0, abs(f_star))):
        raise ValueError("f_values has an entry above f_star; f(x_t) <= f(x*) for an optimum f_star")
    values = f_values if reading == "A" else np.maximum.accumulate(f_values)
    return np.log10(np.maximum(f_star - values, floor))


@formula(
    "MSUCB.nn_dims", latex=r"\dim W_2=h\times10", cite='[TranThe2020, §"Neural Network Parameter Search"]'
)
def nn_dims(*, h):
    r"""Dimension of the neural-network search space: :math:`\dim W_2=h\times10`.

    .. math::

        D = \dim W_2 = h \times 10

    Parameters
    ----------
    h : int
        Hidden units, :math:`h\ge1` (the experiments use 10 and 50, giving :math:`D\in\{100,500\}`).

    Returns
    -------
    int

    References
    ----------
    .. [1] [TranThe2020, §"Neural Network Parameter Search"].

    Examples
    --------
    >>> nn_dims(h=50)
    500
    """
    h = check_integer("h", h, low=1)
    return h * 10


