"""The model of [Li2016, §2-§3]: regrets, the additive UCB (Eq. (4)), projection pursuit (Eqs. (6)-(8))."""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import scipy.linalg
import scipy.special

from regretlab._validate import TERM_LIMIT, check_array, check_choice, check_integer, check_real

from .._registry import formula
from ._common import _square_matrices


# ---------------------------------------------------------------------------------------------------
# §2: regret definitions
# ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RegretSummary:
    """Regrets of a sequence of instantaneous regrets :math:`r_1,\\dots,r_T` ([Li2016, §2])."""

    cumulative: float
    simple: float
    average: float


@formula(
    "RPP.regret_defs",
    latex=r"R_T=\sum_{t\le T}r_t,\quad S_T=\min_{t\le T}r_t\le R_T/T",
    cite="[Li2016, §2]",
)
def regret_defs(*, r) -> RegretSummary:
    r"""Cumulative, simple and average regret of instantaneous regrets.

    .. math::

        r_t = f(\mathbf x_*) - f(\mathbf x_t),\qquad R_T=\sum_{t=1}^T r_t,\qquad
        S_T=\min_{t\le T} r_t \le \frac{R_T}{T}.

    Parameters
    ----------
    r : array_like, shape (T,)
        Instantaneous regrets :math:`r_t\ge0`, :math:`T\ge1`.

    Returns
    -------
    RegretSummary
        ``cumulative`` :math:`R_T`, ``simple`` :math:`S_T`, ``average`` :math:`R_T/T`.

    References
    ----------
    .. [1] [Li2016, §2 "Gaussian process bandits"], definitions of :math:`R_T` and :math:`S_T`.

    Examples
    --------
    >>> s = regret_defs(r=[3.0, 1.0, 2.0])
    >>> s.cumulative, s.simple, s.average
    (6.0, 1.0, 2.0)
    """
    r = check_array("r", r, ndim=1)
    if r.size < 1:
        raise ValueError("r has shape (0,); expected (T,) with T >= 1")
    check_real("r", r, low=0.0)
    return RegretSummary(cumulative=float(r.sum()), simple=float(r.min()), average=float(r.mean()))


# ---------------------------------------------------------------------------------------------------
# Eq. (4): additive UCB
# ---------------------------------------------------------------------------------------------------
@formula(
    "RPP.add_ucb",
    latex=(
        r"\tilde\varphi_t(\mathbf x)=\sum_{j=1}^M\mu^{(j)}_{t-1}(\mathbf x^{(j)})"
        r"+\beta_t^{1/2}\sigma^{(j)}_{t-1}(\mathbf x^{(j)})"
    ),
    cite="[Li2016, Eq. (4)]",
)
def add_ucb(*, mu, sigma, beta_t):
    r"""Additive GP-UCB acquisition from per-group posterior means and standard deviations.

    .. math::

        \tilde\varphi_t(\mathbf x)=\sum_{j=1}^M \mu^{(j)}_{t-1}(\mathbf x^{(j)})
        + \beta_t^{1/2}\,\sigma^{(j)}_{t-1}(\mathbf x^{(j)})

    Parameters
    ----------
    mu : array_like, shape (..., M)
        Per-group posterior means :math:`\mu^{(j)}_{t-1}` (last axis = groups).
    sigma : array_like, shape (..., M)
        Per-group posterior standard deviations, :math:`\sigma^{(j)}\ge0` ([Li2016, Eq. (4)] uses the standard
        deviation; Eq. 3 writes the variance as the second argument of :math:`\mathcal N`).
    beta_t : float or array_like
        :math:`\beta_t\ge0`, broadcast against the leading axes.

    Returns
    -------
    float or ndarray
        :math:`\tilde\varphi_t` with the group axis summed out.

    References
    ----------
    .. [1] [Li2016, Eq. (4), §3].

    Examples
    --------
    >>> float(add_ucb(mu=[0.5, -0.2], sigma=[0.1, 0.3], beta_t=4.0))
    1.1
    """
    mu = check_array("mu", mu)
    sigma = check_array("sigma", sigma)
    check_real("sigma", sigma, low=0.0)
    beta_t = check_real("beta_t", beta_t, low=0.0)
    if mu.ndim < 1 or mu.shape != sigma.shape:
        raise ValueError(f"mu has shape {mu.shape}, sigma {sigma.shape}; expected equal (..., M)")
    out = mu.sum(axis=-1) + np.sqrt(beta_t) * sigma.sum(axis=-1)
    return float(out) if np.ndim(out) == 0 else out


# ---------------------------------------------------------------------------------------------------
# Eq. (6): projection pursuit transform
# ---------------------------------------------------------------------------------------------------
@formula(
    "RPP.pp_model",
    latex=r"\mathbf z=\mathbf W^\top\mathbf x,\qquad \mathbf x=(\mathbf W^{-1})^\top\mathbf z",
    cite="[Li2016, Eq. (6)]",
)
def pp_transform(*, W, x=None, z=None):
    r"""Projection of the projected-additive model and its inverse (query map of Alg. 2).

    .. math::

        f(\mathbf x)=\sum_j f^{(j)}\big((\mathbf W^{(j)})^\top\mathbf x\big),\qquad
        \mathbf z=\mathbf W^\top\mathbf x,\qquad \mathbf x_t=(\mathbf W^{-1})^\top\mathbf z_t .

    Give exactly one of ``x`` (returns ``z``) or ``z`` (returns ``x``).

    Parameters
    ----------
    W : array_like, shape (D, D)
        Invertible projection matrix.
    x, z : array_like, shape (D,) or (n, D)
        Points in the original / projected coordinates (rows are points).

    Returns
    -------
    ndarray
        The other coordinates, same shape as the input.

    References
    ----------
    .. [1] [Li2016, Eq. (6) and Algorithm 2, §4].

    Examples
    --------
    >>> W = [[2.0, 0.0], [1.0, 1.0]]
    >>> pp_transform(W=W, x=[1.0, 1.0]).tolist()
    [3.0, 1.0]
    >>> pp_transform(W=W, z=[3.0, 1.0]).tolist()
    [1.0, 1.0]
    """
    W_arr = _square_matrices("W", W)
    if W_arr.ndim != 2:
        raise ValueError(f"W has shape {W_arr.shape}; expected (D, D)")
    if (x is None) == (z is None):
        raise ValueError("pp_transform needs exactly one of x (to project) or z (to map back)")
    D = W_arr.shape[0]
    name, pts = ("x", x) if x is not None else ("z", z)
    arr = check_array(name, pts)
    if arr.ndim not in (1, 2) or arr.shape[-1] != D:
        raise ValueError(f"{name} has shape {arr.shape}; expected ({D},) or (n, {D})")
    if x is not None:
        return arr @ W_arr  # rows: z^T = x^T W
    # x = W^{-T} z  <=>  W^T x = z; rows: solve W^T X^T = Z^T. lu_factor only warns on a singular
    # matrix; the exact-zero pivot is checked below and reported as a ValueError.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", scipy.linalg.LinAlgWarning)
        lu = scipy.linalg.lu_factor(W_arr.T, check_finite=False)
    if np.any(np.diag(lu[0]) == 0):
        raise ValueError("W is singular; the projection cannot be inverted")
    return scipy.linalg.lu_solve(lu, arr.T, check_finite=False).T


# ---------------------------------------------------------------------------------------------------
# Eq. (7)-(8): restricted projection, outer-box ratio, alpha search
# ---------------------------------------------------------------------------------------------------
@formula(
    "RPP.restricted_W",
    latex=r"\hat{\mathbf W}=(1-\alpha)\mathbf W+\alpha\mathbf I",
    cite="[Li2016, Eq. (7)]",
)
def restricted_W(*, W, alpha):
    r"""Restricted projection matrix.

    .. math::

        \hat{\mathbf W}=(1-\alpha)\mathbf W+\alpha\mathbf I,\qquad \alpha\in[0,1]

    :math:`\alpha=1` gives the additive GP (:math:`\hat{\mathbf W}=\mathbf I`), :math:`\alpha=0`
    projection pursuit (:math:`\hat{\mathbf W}=\mathbf W`).

    Parameters
    ----------
    W : array_like, shape (D, D)
        Projection matrix learnt by PP-GP.
    alpha : float or array_like, in [0, 1]
        Mixing weight; an array of shape ``s`` gives a stack of shape ``s + (D, D)``.

    Returns
    -------
    ndarray
        :math:`\hat{\mathbf W}`.

    References
    ----------
    .. [1] [Li2016, Eq. (7), §4.1].

    Examples
    --------
    >>> restricted_W(W=[[2.0, 1.0], [0.0, 2.0]], alpha=0.5).tolist()
    [[1.5, 0.5], [0.0, 1.5]]
    """
    W_arr = _square_matrices("W", W)
    if W_arr.ndim != 2:
        raise ValueError(f"W has shape {W_arr.shape}; expected (D, D)")
    a = np.asarray(check_real("alpha", alpha, low=0.0, high=1.0), dtype=float)[..., None, None]
    return (1.0 - a) * W_arr + a * np.eye(W_arr.shape[0])


@formula(
    "RPP.outer_box_ratio",
    latex={
        "A": (
            r"\rho(\mathbf W)=\frac{|\mathrm{outer}(\mathcal X_{\mathbf W})|}{|\mathcal X_{\mathbf W}|}"
            r"=\frac{\prod_{j=1}^D\|\mathbf w_j\|_1}{\det\mathbf W}"
        ),
        "B": (
            r"\rho(\mathbf W)=\frac{|\mathrm{outer}(\mathcal X_{\mathbf W})|}{|\mathcal X_{\mathbf W}|}"
            r"=\frac{\prod_{j=1}^D\|\mathbf w_j\|_1}{|\det\mathbf W|}"
        ),
    },
    cite="[Li2016, Eq. (8)]",
    nonfinite="a singular W: its image has volume 0, so the outer box is infinitely larger",
)
def outer_box_ratio(*, W, reading="B"):
    r"""Volume ratio of the outer box of :math:`\{\mathbf W^\top\mathbf x:\mathbf x\in[0,1]^D\}` to the set.

    .. math::

        \rho(\mathbf W)=\frac{|\mathrm{outer}(\mathcal X_{\mathbf W})|}{|\mathcal X_{\mathbf W}|}
        =\frac{\prod_{j=1}^D\|\mathbf w_j\|_1}{|\det\mathbf W|},\qquad
        \mathbf w_j = j\text{-th column of }\mathbf W .

    Readings (the paper prints :math:`|\mathcal X_{\mathbf W}|=|\mathbf W|`):

    * ``"A"``: :math:`|\mathbf W|` read as :math:`\det\mathbf W` (signed; negative for an
      orientation-reversing :math:`\mathbf W`, which then passes any :math:`\delta`-ratio constraint).
    * ``"B"`` (default, a volume): :math:`|\det\mathbf W|`. Then :math:`\rho\ge1` (Hadamard).

    The product index is printed as :math:`d` ("\prod_{d=1}^D"); here :math:`j`. A singular
    :math:`\mathbf W` gives ``inf``.

    Parameters
    ----------
    W : array_like, shape (D, D) or (..., D, D)
        Projection matrix (or a stack of them).
    reading : {"A", "B"}
        See above.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Eq. (8) and footnote 1, §4.1].

    Examples
    --------
    >>> outer_box_ratio(W=[[1.0, 0.0], [0.0, 1.0]])
    1.0
    >>> round(outer_box_ratio(W=[[1.0, 1.0], [-1.0, 1.0]]), 12)
    2.0
    >>> round(outer_box_ratio(W=[[0.0, 1.0], [1.0, 0.0]], reading="A"), 12)
    -1.0
    """
    check_choice("reading", reading, ("A", "B"))
    W_arr = _square_matrices("W", W)
    # sum of log column l1-norms minus log|det|, computed in logs (numpy slogdet: LU with pivoting)
    col_norms = np.abs(W_arr).sum(axis=-2)
    sign, logabsdet = np.linalg.slogdet(W_arr)
    with np.errstate(divide="ignore"):
        log_outer = np.log(col_norms).sum(axis=-1)
    singular = (sign == 0) | ~np.isfinite(logabsdet)
    safe_logdet = np.where(singular, 0.0, logabsdet)
    ratio = np.where(singular, np.inf, np.exp(log_outer - safe_logdet))
    if reading == "A":
        ratio = np.where(singular, np.inf, sign * ratio)
    return float(ratio) if np.ndim(ratio) == 0 else ratio


@dataclass(frozen=True)
class AlphaSearchResult:
    """Result of :func:`alpha_search` ([Li2016, Eq. (8)], grid search).

    Attributes
    ----------
    alpha : float
        Chosen :math:`\\alpha^\\star`.
    alphas, ratios : ndarray
        The grid and the constrained ratio on it (the reading's: :math:`\\rho`, :math:`\\rho^{1/D}` or
        the largest block :math:`\\rho`; :math:`\\rho` always with :math:`|\\det|`).
    feasible : ndarray of bool
        :math:`\\rho\\le1+\\delta` on the grid.
    log_likelihoods : ndarray or None
        The objective on the grid (NaN where infeasible), if one was given.
    status : int
        0: maximised the log-likelihood over the feasible grid; 1: no likelihood given, returned the
        smallest feasible :math:`\\alpha` (the least restricted projection).
    message : str
    """

    alpha: float
    alphas: np.ndarray
    ratios: np.ndarray
    feasible: np.ndarray
    log_likelihoods: np.ndarray | None
    status: int
    message: str


_ALPHA_OBJECTIVE = (
    r"\alpha^\star=\arg\max_{\alpha\in[0,1]}\log P(\mathbf y_t\mid X_t;\hat{\mathbf W}(\alpha))"
)

#: The readings of the δ-ratio constraint of Eq. (8) (see :func:`alpha_search`).
RATIO_READINGS = ("A", "B", "C")


def constraint_ratio(W_stack: np.ndarray, reading: str, groups=None) -> np.ndarray:
    """The ratio the δ-constraint of :func:`alpha_search` bounds, per reading (``W_stack`` (..., D, D))."""
    if reading == "A":
        return np.asarray(outer_box_ratio(W=W_stack, reading="B"), dtype=float)
    if reading == "B":
        D = W_stack.shape[-1]
        return np.asarray(outer_box_ratio(W=W_stack, reading="B"), dtype=float) ** (1.0 / D)
    blocks = [np.asarray(outer_box_ratio(W=W_stack[..., g, :][..., :, g], reading="B"), dtype=float)
              for g in groups]
    return np.max(blocks, axis=0)


def _group_indices(groups, D: int) -> list[np.ndarray]:
    """Reading C's groups: a list of non-empty, disjoint lists of integer indices in [0, D)."""
    if isinstance(groups, (str, bytes, np.ndarray)) or not hasattr(groups, "__iter__"):
        raise ValueError(f"groups={groups!r} is not a list of index lists, e.g. [[0, 1], [2]]")
    checked = []
    for j, group in enumerate(groups):
        if isinstance(group, (str, bytes)) or np.ndim(group) != 1 or np.size(group) == 0:
            raise ValueError(f"groups[{j}]={group!r} is not a non-empty list of indices")
        checked.append(np.asarray(check_integer(f"groups[{j}]", group, low=0, high=D - 1), dtype=np.intp))
    if not checked:
        raise ValueError(f"groups={groups!r} is empty; reading 'C' needs at least one group")
    joined = np.concatenate(checked)
    if joined.size != np.unique(joined).size:
        raise ValueError(f"groups={groups!r} share an index; the groups must be disjoint")
    return checked


@formula(
    "RPP.alpha_search",
    latex={
        "A": _ALPHA_OBJECTIVE + r"\ \text{s.t.}\ \rho(\hat{\mathbf W}(\alpha))\le1+\delta",
        "B": _ALPHA_OBJECTIVE + r"\ \text{s.t.}\ \rho(\hat{\mathbf W}(\alpha))^{1/D}\le1+\delta",
        "C": _ALPHA_OBJECTIVE
        + r"\ \text{s.t.}\ \max_j\rho(\hat{\mathbf W}_{g_j,g_j}(\alpha))\le1+\delta",
    },
    cite="[Li2016, Eq. (8)]",
    nonfinite="log_likelihoods is NaN where alpha is infeasible (not evaluated); ratios inf for a singular W",
)
def alpha_search(*, W, delta, log_likelihood=None, n_grid=101, rtol=1e-12, reading="A",
                 groups=None) -> AlphaSearchResult:
    r"""Grid search for :math:`\alpha` under the :math:`\delta`-ratio constraint.

    .. math::

        \alpha^\star=\arg\max_{\alpha\in[0,1]}\ \log P(\mathbf y_t\mid X_t;\hat{\mathbf W}(\alpha))
        \quad\text{s.t.}\quad \rho(\hat{\mathbf W}(\alpha))\le 1+\delta,\qquad
        \hat{\mathbf W}(\alpha)=(1-\alpha)\mathbf W+\alpha\mathbf I .

    :math:`\alpha=1` (:math:`\hat{\mathbf W}=\mathbf I`, :math:`\rho=1`) is always feasible and always on
    the grid. The ratio uses reading B (:math:`|\det|`) of :func:`outer_box_ratio`.

    Readings of the constraint (the printed one first; ERRATA.md, "RPP.alpha_search"):

    * ``"A"`` (default, as printed): :math:`\rho(\hat{\mathbf W})\le1+\delta`. :math:`\rho` is a product
      over all D columns, so it grows exponentially in D: for the synthetic :math:`\mathbf A=\mathbf I+
      \mathbf S` at D = 50, :math:`\rho(\mathbf A)\approx4\cdot10^{42}` and only :math:`\alpha=1`
      (:math:`\hat{\mathbf W}=\mathbf I`, Add-GP-UCB) is feasible on a 101-point grid with δ = 0.1;
    * ``"B"``: per dimension, :math:`\rho(\hat{\mathbf W})^{1/D}\le1+\delta` (the geometric-mean widening
      of one side of the box);
    * ``"C"``: per group block, :math:`\max_j\rho(\hat{\mathbf W}_{g_j,g_j})\le1+\delta`, the diagonal
      :math:`d\times d` block of each group (needs ``groups``).

    Parameters
    ----------
    W : array_like, shape (D, D)
        Projection matrix.
    delta : float, >= 0
        Ratio slack :math:`\delta` (not a probability here; [Li2016] uses 0.05 and 0.1).
    log_likelihood : callable or None
        ``log_likelihood(W_hat) -> float``; the objective of Eq. (8). If None, the smallest feasible
        :math:`\alpha` is returned (``status=1``).
    n_grid : int, >= 2
        Number of equally spaced grid points on [0, 1] (the paper does not state its grid).
    rtol : float, >= 0
        Relative tolerance on the constraint, :math:`\rho\le(1+\delta)(1+\mathrm{rtol})`, so that a
        ratio equal to :math:`1+\delta` up to rounding counts as feasible.
    reading : {"A", "B", "C"}
        The constraint (see above).
    groups : list of list of int, optional
        The groups of reading "C" (disjoint indices of ``W``'s rows and columns).

    Returns
    -------
    AlphaSearchResult

    References
    ----------
    .. [1] [Li2016, Eq. (8), §4.1]; the grid search: [Li2016, §5] ("find α in (7) by grid search in the
       range feasible to the constraint").

    Examples
    --------
    >>> res = alpha_search(W=[[1.0, 1.0], [-1.0, 1.0]], delta=0.5, n_grid=11)
    >>> res.alpha, bool(res.feasible[-1]), res.status
    (0.8, True, 1)
    """
    W_arr = _square_matrices("W", W)
    if W_arr.ndim != 2:
        raise ValueError(f"W has shape {W_arr.shape}; expected (D, D)")
    delta = check_real("delta", delta, low=0.0)
    n_grid = check_integer("n_grid", n_grid, low=2, high=TERM_LIMIT)
    rtol = check_real("rtol", rtol, low=0.0)
    check_choice("reading", reading, RATIO_READINGS)
    if log_likelihood is not None and not callable(log_likelihood):
        raise ValueError(f"log_likelihood={log_likelihood!r} is not callable (W_hat -> float) or None")
    if reading != "C":
        if groups is not None:
            raise ValueError(f"groups={groups!r} is only used by reading='C'; pass groups=None for "
                             f"reading={reading!r}")
    elif groups is None:
        raise ValueError("groups=None is outside the domain of reading='C': give the group index lists")
    else:
        groups = _group_indices(groups, W_arr.shape[0])
    alphas = np.linspace(0.0, 1.0, n_grid)
    stack = restricted_W(W=W_arr, alpha=alphas)
    ratios = constraint_ratio(stack, reading, groups)
    feasible = ratios <= (1.0 + delta) * (1.0 + rtol)
    if log_likelihood is None:
        idx = int(np.flatnonzero(feasible)[0])
        return AlphaSearchResult(float(alphas[idx]), alphas, ratios, feasible, None, 1,
                                 "no log-likelihood given: smallest feasible alpha")
    values = np.full(n_grid, np.nan)
    for i in np.flatnonzero(feasible):
        values[i] = float(log_likelihood(stack[i]))
    if np.all(np.isnan(values)):
        raise ValueError("log_likelihood returned NaN at every feasible alpha")
    idx = int(np.nanargmax(values))
    return AlphaSearchResult(float(alphas[idx]), alphas, ratios, feasible, values, 0,
                             "maximised the log-likelihood over the feasible grid")
