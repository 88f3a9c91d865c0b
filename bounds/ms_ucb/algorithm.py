"""Algorithm 1 of [TranThe2020]: x = Ay + Bz (Lemma 1), the acquisition step and the subspace counts."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from regretlab._validate import (
    TERM_LIMIT,
    as_output,
    check_array,
    check_choice,
    check_integer,
    check_real,
)

from .._registry import formula
from ..pseries import pseries_sum
from ._common import _dims


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
    if x.ndim < 1 or x.shape[-1] < 2:
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
    for name, arr in (("Y", Y), ("Z", Z)):   # under the caller's names (subspace_points says y and z)
        if np.any(np.abs(arr) > 1.0):
            raise ValueError(f"{name} has an entry outside [-1, 1]; its domain is a box [-1, 1]^k")
    X = subspace_points(y=Y[None, :, :], z=Z[:, None, :]).reshape(-1, Y.shape[1] + Z.shape[1])
    values = np.asarray(acquisition(X), dtype=float).reshape(-1)
    if values.shape[0] != X.shape[0]:
        raise ValueError(f"acquisition returned {values.shape[0]} values for {X.shape[0]} points")
    if not np.all(np.isfinite(values)):
        raise ValueError("acquisition returned a non-finite value; a_t must be finite on [-1, 1]^D")
    best = int(np.argmax(values))
    x = X[best]
    return x, x[Z.shape[1] :], x[: Z.shape[1]]


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
    check_integer("t", t, low=1, high=TERM_LIMIT)   # sums t terms
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
