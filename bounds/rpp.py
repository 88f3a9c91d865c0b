"""RPP-GP-UCB [Li2016]: the catalogue ids ``RPP.*``.

Executable forms of the paper's definitions, rates and inequalities: regret definitions (§2), the
additive UCB (Eq. 4), the projection (Eq. 6), the restricted projection :math:`\\hat W` (Eq. 7), the
outer-box volume ratio and the :math:`\\delta`-ratio grid search (Eq. 8), the information-gain and
simple-regret rates (§4, Thm 2), the additive / projected-additive Taylor approximations (§6, Props 4,
5, 9) and the biased-data regret bounds (Thm 7, Cor 8, Lemmas 11-14, App. B.5-B.6), plus the t-test
of Tables 3-4.

References
----------
.. [1] [Li2016] with App. A-B.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import scipy.linalg
import scipy.special

from regretlab._validate import as_output, check_array, check_choice, check_integer, check_real

from ._registry import formula, not_executable

__all__ = [
    "AlphaSearchResult",
    "RegretSummary",
    "TTestResult",
    "add_ucb",
    "additive_approximation",
    "alpha_search",
    "assumption3_rescale",
    "cor8_bound",
    "gamma_T",
    "lemma11_holds",
    "lemma12_holds",
    "lemma13_rt",
    "lemma14_bound",
    "outer_box_ratio",
    "pp_transform",
    "projected_additive_approximation",
    "prop9_approximation",
    "regret_defs",
    "restricted_W",
    "thm2_simple_regret_rate",
    "thm7_average_regret_bound",
    "ttest",
]


def _square_matrices(name: str, value) -> np.ndarray:
    """Validate a (..., D, D) stack of square matrices."""
    arr = check_array(name, value)
    if arr.ndim < 2 or arr.shape[-1] != arr.shape[-2] or arr.shape[-1] < 1:
        raise ValueError(f"{name} has shape {arr.shape}; expected (D, D) or a stack (..., D, D)")
    return arr


# ---------------------------------------------------------------------------------------------------
# Not executable here
# ---------------------------------------------------------------------------------------------------
not_executable(
    "RPP.additive_model",
    "model definition f = sum_j f^(j)(x^(j)) with kernel sum_j kappa^(j) [Li2016, Eq. (1)-(2)]: implemented "
    "as the kernel regretlab.gp.kernels.Additive(groups, base), not a bound",
)
not_executable(
    "RPP.eq3_component_posterior",
    "per-group GP posterior [Li2016, Eq. (3)] needs kernel matrices and a Cholesky solve: implemented as "
    "the per-group additive posteriors of regretlab.gp.posterior, not a closed-form bound",
)
not_executable(
    "RPP.decomposed_argmax",
    "group-wise argmax of the additive UCB [Li2016, Eq. (5)] is an optimisation step: implemented in "
    "regretlab.algorithms.rpp_gp_ucb / add_gp_ucb (acquisition maximisation), not a formula",
)
not_executable(
    "RPP.synthetic_f",
    "the synthetic objective f(x) = sum_i f_{d'}(A_i^T x) of [Li2016, §5.1] is a test function: "
    "implemented in regretlab.objectives.structured (Li's projected-additive f), not a bound",
)


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
        The grid and :math:`\\rho(\\hat{\\mathbf W}(\\alpha))` on it (reading B).
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


@formula(
    "RPP.alpha_search",
    latex=(
        r"\alpha^\star=\arg\max_{\alpha\in[0,1]}\log P(\mathbf y_t\mid X_t;\hat{\mathbf W}(\alpha))"
        r"\ \text{s.t.}\ \rho(\hat{\mathbf W}(\alpha))\le1+\delta"
    ),
    cite="[Li2016, Eq. (8)]",
)
def alpha_search(*, W, delta, log_likelihood=None, n_grid=101, rtol=1e-12) -> AlphaSearchResult:
    r"""Grid search for :math:`\alpha` under the :math:`\delta`-ratio constraint.

    .. math::

        \alpha^\star=\arg\max_{\alpha\in[0,1]}\ \log P(\mathbf y_t\mid X_t;\hat{\mathbf W}(\alpha))
        \quad\text{s.t.}\quad \rho(\hat{\mathbf W}(\alpha))\le 1+\delta,\qquad
        \hat{\mathbf W}(\alpha)=(1-\alpha)\mathbf W+\alpha\mathbf I .

    :math:`\alpha=1` (:math:`\hat{\mathbf W}=\mathbf I`, :math:`\rho=1`) is always feasible and always on
    the grid. The ratio uses reading B (:math:`|\det|`) of :func:`outer_box_ratio`.

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
    n_grid = check_integer("n_grid", n_grid, low=2)
    rtol = check_real("rtol", rtol, low=0.0)
    alphas = np.linspace(0.0, 1.0, n_grid)
    stack = restricted_W(W=W_arr, alpha=alphas)
    ratios = np.asarray(outer_box_ratio(W=stack, reading="B"), dtype=float)
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


# ---------------------------------------------------------------------------------------------------
# §4 / Thm 2: information gain and simple-regret rates (constants dropped)
# ---------------------------------------------------------------------------------------------------
def _T_D_d(T, D, d):
    T = check_integer("T", T, low=1)
    D = check_integer("D", D, low=1)
    d = check_integer("d", d, low=1)
    if np.any(np.asarray(d) > np.asarray(D)):
        bad = np.broadcast_arrays(np.asarray(d), np.asarray(D))
        i = np.argmax(bad[0] > bad[1])
        d_bad, D_bad = int(bad[0].flat[i]), int(bad[1].flat[i])
        raise ValueError(f"d={d_bad!r} is outside its domain 1 <= d <= D (D={D_bad})")
    return np.asarray(T, dtype=float), np.asarray(D, dtype=float), np.asarray(d, dtype=float)


@formula(
    "RPP.gamma_T",
    latex={
        "A": r"\gamma_T=O\big(Dd^d(\log T)^{D+1}\big)",
        "B": r"\gamma_T=O\big(Dd^d(\log T)^{d+1}\big)",
    },
    cite="[Li2016, Thm 2]",
)
def gamma_T(*, T, D, d, reading="B"):
    r"""Maximum-information-gain rate for a sum of SE kernels (constant set to 1).

    * ``"A"`` ([Li2016, §4], text: "Kandasamy et al. show it improves to"): :math:`Dd^d(\log T)^{D+1}`.
    * ``"B"`` (default; [Li2016, Thm 2] and [Kandasamy2015, Thm 4]): :math:`Dd^d(\log T)^{d+1}`.

    .. math::

        \gamma_T \asymp D\,d^d(\log T)^{d+1}\quad(\text{B}),\qquad D\,d^d(\log T)^{D+1}\quad(\text{A})

    Parameters
    ----------
    T : int, >= 1
    D : int, >= 1
    d : int, 1 <= d <= D
        Group dimension.
    reading : {"A", "B"}

    Returns
    -------
    float or ndarray
        The rate without its (unstated) constant; 0 at :math:`T=1`.

    References
    ----------
    .. [1] [Li2016, §4 (text after Definition 1) and Theorem 2].

    Examples
    --------
    >>> round(gamma_T(T=100, D=10, d=2), 6)
    3906.582897
    >>> gamma_T(T=100, D=10, d=2, reading="A") > gamma_T(T=100, D=10, d=2)
    True
    """
    check_choice("reading", reading, ("A", "B"))
    T, D, d = _T_D_d(T, D, d)
    power = D + 1 if reading == "A" else d + 1
    return as_output(D * d**d * np.log(T) ** power)


@formula(
    "RPP.thm2",
    latex={
        "A": r"S_T\in\tilde O\Big(\sqrt{D\gamma_T\log T/T}\Big),\ \gamma_T=Dd^d(\log T)^{D+1}",
        "B": r"S_T\in\tilde O\Big(\sqrt{D\gamma_T\log T/T}\Big),\ \gamma_T=Dd^d(\log T)^{d+1}",
    },
    cite="[Li2016, Thm 2]",
)
def thm2_simple_regret_rate(*, T, D, d, reading="B"):
    r"""Simple-regret rate of PP-GP-UCB (Thm 2), constants dropped.

    .. math::

        S_T \asymp \sqrt{\frac{D\,\gamma_T\log T}{T}},\qquad \gamma_T\ \text{from}\ :func:`gamma_T`
        \ (\text{reading } A \text{ or } B).

    Holds with high probability for :math:`\beta_t=\tilde O(d\log t)` and the acquisition maximised to
    :math:`\tilde O(t^{-1/2})`. The proof passes through [Kandasamy2015, Thm 5] and its Eq. (14), which the
    [Kandasamy2015] authors' erratum names (ADD.eq14_erratum).

    Parameters
    ----------
    T : int, >= 1
    D : int, >= 1
    d : int, 1 <= d <= D
    reading : {"A", "B"}
        Reading of :math:`\gamma_T` (see :func:`gamma_T`).

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Thm 2 (§4) = Thm 10 (App. B.1)]; [Kandasamy2015, Thm 5].

    Examples
    --------
    >>> round(thm2_simple_regret_rate(T=100, D=10, d=2), 6)
    42.415185
    """
    g = gamma_T(T=T, D=D, d=d, reading=reading)
    T_, D_, _ = _T_D_d(T, D, d)
    return as_output(np.sqrt(D_ * np.asarray(g) * np.log(T_) / T_))


# ---------------------------------------------------------------------------------------------------
# §6: Assumption 3 and the Taylor approximations (Props 4, 5, 9)
# ---------------------------------------------------------------------------------------------------
@formula(
    "RPP.assumption3",
    latex=r"\tilde f(\mathbf z)=f(\sqrt D\mathbf z),\ \mathbf z\in[0,1/\sqrt D]^D,\ \|\mathbf z\|=\epsilon<1",
    cite="[Li2016, Assumption 3]",
)
def assumption3_rescale(*, x):
    r"""Rescaling of Assumption 3: :math:`\mathbf z=\mathbf x/\sqrt D` and :math:`\epsilon=\|\mathbf z\|_2`.

    .. math::

        \tilde f(\mathbf z)=f(\sqrt D\,\mathbf z),\qquad \mathcal Z=[0,1/\sqrt D]^D,\qquad
        \|\mathbf z\|=\epsilon,\ \epsilon<1 .

    On :math:`[0,1]^D`, :math:`\epsilon\le1` with equality at the corner :math:`\mathbf x=\mathbf 1`,
    so the printed strict :math:`\epsilon<1` fails there (see ``bounds/ERRATA.md``).

    Parameters
    ----------
    x : array_like, shape (D,) or (n, D), entries in [0, 1]

    Returns
    -------
    z : ndarray
        Same shape as ``x``.
    epsilon : float or ndarray
        :math:`\|\mathbf z\|_2` per point.

    References
    ----------
    .. [1] [Li2016, Assumption 3, §6].

    Examples
    --------
    >>> z, eps = assumption3_rescale(x=[1.0, 0.0, 0.0, 0.0])
    >>> z.tolist(), eps
    ([0.5, 0.0, 0.0, 0.0], 0.5)
    """
    x = check_array("x", x)
    if x.ndim not in (1, 2) or x.shape[-1] < 1:
        raise ValueError(f"x has shape {x.shape}; expected (D,) or (n, D)")
    check_real("x", x, low=0.0, high=1.0)
    z = x / np.sqrt(x.shape[-1])
    return z, as_output(np.linalg.norm(z, axis=-1))


def _point(name, value, D=None):
    arr = check_array(name, value)
    if arr.ndim not in (1, 2) or (D is not None and arr.shape[-1] != D):
        suffix = f" with D={D}" if D else ""
        raise ValueError(f"{name} has shape {arr.shape}; expected (D,) or (n, D){suffix}")
    return arr


@formula(
    "RPP.prop4",
    latex=(
        r"g(\mathbf z)=\tilde f(\mathbf 0)+\nabla\tilde f(\mathbf 0)^\top\mathbf z"
        r"+\tfrac12\sum_dH_{dd}z_d^2"
    ),
    cite="[Li2016, §6]",
)
def additive_approximation(*, f0, grad, hessian, z):
    r"""Additive (first-order) approximation of Proposition 4.

    .. math::

        g(\mathbf z)=\tilde f(\mathbf 0)+\nabla\tilde f(\mathbf 0)^\top\mathbf z
        +\tfrac12\sum_{d=1}^D H_{dd}\,z_d^2,\qquad
        \max_{\mathbf z}|\tilde f(\mathbf z)-g(\mathbf z)|=O(\epsilon^2).

    Readings of :math:`H` (App. B.2 uses the mean-value point :math:`H(\mathbf z')`, which depends on
    :math:`\mathbf z`): pass ``hessian`` evaluated where the chosen reading puts it; the catalogue's
    check uses :math:`H(\mathbf 0)`. App. B.2 also prints :math:`\nabla f(\mathbf z)` for
    :math:`\nabla\tilde f(\mathbf 0)`.

    Parameters
    ----------
    f0 : float
        :math:`\tilde f(\mathbf 0)`.
    grad : array_like, shape (D,)
    hessian : array_like, shape (D, D)
        Only the diagonal is used.
    z : array_like, shape (D,) or (n, D)

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Proposition 4 (§6) and App. B.2].

    Examples
    --------
    >>> H = [[2.0, 5.0], [5.0, 2.0]]
    >>> round(additive_approximation(f0=1.0, grad=[1.0, 0.0], hessian=H, z=[0.1, 0.2]), 12)
    1.15
    """
    f0 = check_real("f0", f0)
    grad = check_array("grad", grad, ndim=1)
    hessian = check_array("hessian", hessian, shape=(grad.size, grad.size))
    zz = _point("z", z, grad.size)
    return as_output(f0 + zz @ grad + 0.5 * (zz**2) @ np.diag(hessian))


@formula(
    "RPP.prop5",
    latex=(
        r"h(\mathbf z)=\tilde f(\mathbf 0)+\mathbf g^\top\tilde{\mathbf z}"
        r"+\tfrac12\sum_d\Sigma_{dd}\tilde z_d^2"
        r"+\tfrac16\sum_d\tilde T_{ddd}\tilde z_d^3,\ \tilde{\mathbf z}=U^\top\mathbf z"
    ),
    cite="[Li2016, §6]",
)
def projected_additive_approximation(*, f0, grad, hessian, z, third=None, center=None):
    r"""Projected-additive (second-order) approximation of Proposition 5.

    With the eigendecomposition :math:`H(\mathbf 0)=U\Sigma U^\top` (scipy.linalg.eigh),
    :math:`\tilde{\mathbf z}=U^\top\mathbf z`, :math:`\mathbf g=U^\top\nabla\tilde f(\mathbf 0)`:

    .. math::

        h(\mathbf z)=\tilde f(\mathbf 0)+\mathbf g^\top\tilde{\mathbf z}
        +\tfrac12\sum_d\Sigma_{dd}\tilde z_d^2+\tfrac16\sum_d\tilde T_{ddd}\tilde z_d^3,\qquad
        |\tilde f(\mathbf z)-h(\mathbf z)|=O(\epsilon^3),

    :math:`\tilde T=T\times_1U\times_2U\times_3U`. App. B.3 (titled "Proof of Proposition 4") is this
    proof; it evaluates :math:`T` at a mean-value point :math:`\mathbf z'`.

    Parameters
    ----------
    f0 : float
        :math:`\tilde f` at the expansion point.
    grad : array_like, shape (D,)
    hessian : array_like, shape (D, D), symmetric
    z : array_like, shape (D,) or (n, D)
    third : array_like, shape (D, D, D) or None
        Third-derivative tensor :math:`T`; None drops the cubic term (still :math:`O(\epsilon^3)`).
    center : array_like, shape (D,) or None
        Expansion point (default :math:`\mathbf 0`); :func:`prop9_approximation` uses
        :math:`\mathbf z_*`. ``z`` is the absolute point; :math:`\epsilon=\|\mathbf z-\text{center}\|`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Proposition 5 (§6) and App. B.3].

    Examples
    --------
    >>> round(projected_additive_approximation(f0=1.0, grad=[1.0, 0.0],
    ...       hessian=[[2.0, 1.0], [1.0, 2.0]], z=[0.1, 0.2]), 12)
    1.17
    """
    f0 = check_real("f0", f0)
    grad = check_array("grad", grad, ndim=1)
    D = grad.size
    hessian = check_array("hessian", hessian, shape=(D, D))
    if not np.allclose(hessian, hessian.T, rtol=1e-10, atol=1e-12):
        raise ValueError("hessian is not symmetric; expected a symmetric (D, D) matrix")
    zz = _point("z", z, D)
    if center is not None:
        zz = zz - check_array("center", center, shape=(D,))
    sig, U = scipy.linalg.eigh(hessian)
    zt = zz @ U
    out = f0 + zt @ (U.T @ grad) + 0.5 * (zt**2) @ sig
    if third is not None:
        third = check_array("third", third, shape=(D, D, D))
        Tt = np.einsum("abc,ai,bj,ck->ijk", third, U, U, U)
        out = out + (zt**3) @ np.einsum("iii->i", Tt) / 6.0
    return as_output(out)


@formula(
    "RPP.prop9",
    latex=(
        r"h(\mathbf z)\ \text{of Prop. 5 about}\ \mathbf z_*,\ H_*=-QQ^\top,\ "
        r"|\tilde f(\mathbf z)-h(\mathbf z)|=O(\|\mathbf z-\mathbf z_*\|^3)"
    ),
    cite="[Li2016, §6.1]",
)
def prop9_approximation(*, f_star, Q, z, z_star, third=None):
    r"""Projected-additive approximation about the optimum (Proposition 9).

    If :math:`H_*=\nabla^2\tilde f(\mathbf z_*)=-QQ^\top` with :math:`Q` satisfying the
    :math:`\delta`-ratio constraint, the expansion of Prop. 5 about :math:`\mathbf z_*` (gradient 0)

    .. math::

        h(\mathbf z)=\tilde f(\mathbf z_*)+\tfrac12\sum_d\Sigma_{dd}\tilde z_d^2
        +\tfrac16\sum_d\tilde T_{ddd}\tilde z_d^3,\quad \tilde{\mathbf z}=U^\top(\mathbf z-\mathbf z_*),
        \quad -QQ^\top=U\Sigma U^\top

    satisfies :math:`|\tilde f-h|=O(\epsilon^3)`, :math:`\epsilon=\|\mathbf z-\mathbf z_*\|`. (The paper
    calls it both "Corollary 9" and "Proposition 9"; App. B.4.)

    Parameters
    ----------
    f_star : float
    Q : array_like, shape (D, D)
    z : array_like, shape (D,) or (n, D)
    z_star : array_like, shape (D,)
    third : array_like, shape (D, D, D) or None

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Proposition 9 (§6.1) and App. B.4].

    Examples
    --------
    >>> Q = [[1.0, 0.0], [0.0, 2.0]]
    >>> round(prop9_approximation(f_star=2.0, Q=Q, z=[0.1, 0.1], z_star=[0.0, 0.0]), 12)
    1.975
    """
    Q_arr = _square_matrices("Q", Q)
    if Q_arr.ndim != 2:
        raise ValueError(f"Q has shape {Q_arr.shape}; expected (D, D)")
    return projected_additive_approximation(
        f0=f_star, grad=np.zeros(Q_arr.shape[0]), hessian=-Q_arr @ Q_arr.T, z=z, third=third, center=z_star
    )


# ---------------------------------------------------------------------------------------------------
# §6 / App. B.5-B.6: biased-data regret (Thm 7, Cor 8, Lemmas 11-14)
# ---------------------------------------------------------------------------------------------------
def _lemma11_12(g_xt, g_xstar, mu, sigma, beta_t, t, bias):
    g_xt = check_real("g_xt", g_xt)
    g_xstar = check_real("g_xstar", g_xstar)
    mu = check_real("mu", mu)
    sigma = check_real("sigma", sigma, low=0.0)
    beta_t = check_real("beta_t", beta_t, low=0.0)
    t = check_integer("t", t, low=1)
    width = np.sqrt(beta_t) * sigma + bias
    ok = (np.abs(g_xt - mu) <= width) & (g_xstar <= mu + width + 1.0 / np.asarray(t, dtype=float) ** 2)
    return bool(ok) if np.ndim(ok) == 0 else ok


@formula(
    "RPP.lemma11",
    latex=(
        r"|g(\mathbf x_t)-\mu_{t-1}(\mathbf x_t)|\le\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t),\ "
        r"g(\mathbf x_*)\le\mu_{t-1}(\mathbf x_t)+\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)+1/t^2"
    ),
    cite="[Li2016, Lemma 11]",
)
def lemma11_holds(*, g_xt, g_xstar, mu, sigma, beta_t, t):
    r"""Whether the two events of [Li2016, Lemma 11] (after [Srinivas2010]) hold at step :math:`t`.

    .. math::

        |g(\mathbf x_t)-\mu_{t-1}(\mathbf x_t)|\le\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)
        \quad\text{and}\quad
        g(\mathbf x_*)\le\mu_{t-1}(\mathbf x_t)+\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)+\frac1{t^2}.

    A checker on data (claimed w.h.p. for :math:`\beta_t=\tilde O(d\log t)`).

    Parameters
    ----------
    g_xt, g_xstar : float or array_like
        :math:`g(\mathbf x_t)` and :math:`g(\mathbf x_*)`.
    mu, sigma : float or array_like
        :math:`\mu_{t-1}(\mathbf x_t)`, :math:`\sigma_{t-1}(\mathbf x_t)\ge0`.
    beta_t : float, >= 0
    t : int, >= 1

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [Li2016, Lemma 11, App. B.5], from [Srinivas2010].

    Examples
    --------
    >>> lemma11_holds(g_xt=0.1, g_xstar=0.5, mu=0.0, sigma=0.2, beta_t=4.0, t=2)
    True
    """
    return _lemma11_12(g_xt, g_xstar, mu, sigma, beta_t, t, 0.0)


@formula(
    "RPP.lemma12",
    latex=(
        r"|g(\mathbf x_t)-\tilde\mu_{t-1}(\mathbf x_t)|\le\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)+C\epsilon,\ "
        r"g(\mathbf x_*)\le\tilde\mu_{t-1}(\mathbf x_t)+\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)"
        r"+C\epsilon+1/t^2"
    ),
    cite="[Li2016, Lemma 12]",
)
def lemma12_holds(*, g_xt, g_xstar, mu_tilde, sigma, beta_t, t, C, epsilon):
    r"""Whether the two events of Lemma 12 (biased posterior mean) hold at step :math:`t`.

    .. math::

        |g(\mathbf x_t)-\tilde\mu_{t-1}(\mathbf x_t)|\le\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)+C\epsilon,
        \quad g(\mathbf x_*)\le\tilde\mu_{t-1}(\mathbf x_t)+\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)
        +C\epsilon+\frac1{t^2}.

    The paper's proof says "Applying Lemma 12" (itself); the step uses Lemma 11 and Assumption 6.

    Parameters
    ----------
    g_xt, g_xstar, mu_tilde, sigma : float or array_like
    beta_t : float, >= 0
    t : int, >= 1
    C : float, >= 0
        Constant of Assumption 6.
    epsilon : float, >= 0
        Bias bound :math:`|f-g|\le\epsilon`.

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [Li2016, Lemma 12, Assumption 6, App. B.5, §6].

    Examples
    --------
    >>> lemma12_holds(g_xt=0.3, g_xstar=0.5, mu_tilde=0.0, sigma=0.1, beta_t=4.0, t=2, C=1.0, epsilon=0.1)
    True
    """
    C = check_real("C", C, low=0.0)
    epsilon = check_real("epsilon", epsilon, low=0.0)
    return _lemma11_12(g_xt, g_xstar, mu_tilde, sigma, beta_t, t, np.asarray(C) * epsilon)


@formula(
    "RPP.lemma13",
    latex=r"r_t\le2\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)+2C\epsilon+1/t^2",
    cite="[Li2016, Lemma 13]",
)
def lemma13_rt(*, beta_t, sigma, C, epsilon, t):
    r"""Per-step regret bound of Lemma 13 under biased observations.

    .. math::

        r_t\le 2\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)+2C\epsilon+\frac1{t^2}

    Parameters
    ----------
    beta_t : float or array_like, >= 0
    sigma : float or array_like, >= 0
        :math:`\sigma_{t-1}(\mathbf x_t)`.
    C, epsilon : float, >= 0
    t : int or array_like, >= 1

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Lemma 13, App. B.5].

    Examples
    --------
    >>> round(lemma13_rt(beta_t=4.0, sigma=0.25, C=1.0, epsilon=0.1, t=2), 12)
    1.45
    """
    beta_t = check_real("beta_t", beta_t, low=0.0)
    sigma = check_real("sigma", sigma, low=0.0)
    C = check_real("C", C, low=0.0)
    epsilon = check_real("epsilon", epsilon, low=0.0)
    t = np.asarray(check_integer("t", t, low=1), dtype=float)
    return as_output(2.0 * np.sqrt(beta_t) * sigma + 2.0 * C * epsilon + 1.0 / t**2)


@formula(
    "RPP.lemma14",
    latex=r"\sum_{t=1}^T2\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)\le\sqrt{C_1T\beta_T\gamma_T}",
    cite="[Li2016, Lemma 14]",
)
def lemma14_bound(*, C1, T, beta_T, gamma_T):
    r"""Right-hand side of [Li2016, Lemma 14] ([Srinivas2010, Lemma 5.4] with Cauchy-Schwarz).

    .. math::

        \sum_{t=1}^T 2\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)\le\sqrt{C_1\,T\,\beta_T\,\gamma_T}

    Parameters
    ----------
    C1 : float, > 0
        Constant (:math:`8/\log(1+\eta^{-2})` in [Srinivas2010, Lemma 5.4]).
    T : int, >= 1
    beta_T : float, >= 0
    gamma_T : float, >= 0

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Lemma 14, App. B.5].

    Examples
    --------
    >>> lemma14_bound(C1=2.0, T=8, beta_T=1.0, gamma_T=4.0)
    8.0
    """
    C1 = check_real("C1", C1, low=0.0, low_open=True)
    T = np.asarray(check_integer("T", T, low=1), dtype=float)
    beta_T = check_real("beta_T", beta_T, low=0.0)
    gamma_T = check_real("gamma_T", gamma_T, low=0.0)
    return as_output(np.sqrt(C1 * T * beta_T * gamma_T))


def _sum_inv_squares(T):
    """:math:`\\sum_{t=1}^T t^{-2}=\\pi^2/6-\\psi_1(T+1)` (trigamma, scipy.special.polygamma)."""
    return np.pi**2 / 6.0 - scipy.special.polygamma(1, T + 1.0)


@formula(
    "RPP.thm7",
    latex={
        "A": (
            r"\frac1T\sum_{t=1}^Tr_t\le\sqrt{\frac{C_1\beta_T\gamma_T}{T}}+2C\epsilon"
            r"+\sum_{t=1}^T\frac1{t^2}"
        ),
        "B": (
            r"\frac1T\sum_{t=1}^Tr_t\le\sqrt{\frac{C_1\beta_T\gamma_T}{T}}+2C\epsilon"
            r"+\frac1T\sum_{t=1}^T\frac1{t^2}"
        ),
    },
    cite="[Li2016, Thm 7]",
)
def thm7_average_regret_bound(*, C1, T, beta_T, gamma_T, C, epsilon, reading="B"):
    r"""Average-regret bound of Theorem 7 (GP-UCB on biased samples), App. B.5.

    .. math::

        \frac1T\sum_{t=1}^T r_t\le\sqrt{\frac{C_1\beta_T\gamma_T}{T}}+2C\epsilon+L_T
        =\tilde O\Big(\sqrt{\tfrac{d\gamma_T}{T}}+\epsilon\Big)

    Readings of the last term :math:`L_T`:

    * ``"A"`` (as printed): :math:`L_T=\sum_{t=1}^T t^{-2}` (does not vanish; tends to
      :math:`\pi^2/6`, so the printed :math:`\tilde O` form does not follow from it).
    * ``"B"`` (default; what Lemmas 13-14 give after dividing by :math:`T`):
      :math:`L_T=\frac1T\sum_{t=1}^T t^{-2}`.

    :math:`\sum_{t\le T}t^{-2}` is computed as :math:`\pi^2/6-\psi_1(T+1)` (scipy trigamma).

    Parameters
    ----------
    C1 : float, > 0
    T : int, >= 1
    beta_T, gamma_T : float, >= 0
    C, epsilon : float, >= 0
        Assumption-6 constant and bias bound.
    reading : {"A", "B"}

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Thm 7 (§6) and its proof, App. B.5].

    Examples
    --------
    >>> round(thm7_average_regret_bound(C1=1.0, T=1, beta_T=1.0, gamma_T=1.0, C=0.0, epsilon=0.0), 12)
    2.0
    >>> kw = dict(C1=1.0, T=2, beta_T=2.0, gamma_T=1.0, C=0.0, epsilon=0.0)
    >>> round(thm7_average_regret_bound(**kw, reading="A"), 12)
    2.25
    """
    check_choice("reading", reading, ("A", "B"))
    first = lemma14_bound(C1=C1, T=T, beta_T=beta_T, gamma_T=gamma_T)
    T = np.asarray(check_integer("T", T, low=1), dtype=float)
    C = check_real("C", C, low=0.0)
    epsilon = check_real("epsilon", epsilon, low=0.0)
    last = _sum_inv_squares(T)
    if reading == "B":
        last = last / T
    return as_output(np.asarray(first) / T + 2.0 * C * epsilon + last)


@formula(
    "RPP.cor8",
    latex={
        reading: (
            r"\frac1T\sum_{t=1}^Tf(\mathbf u_*)-f(\mathbf x_t)\le2C\epsilon"
            r"+\sqrt{\frac{C_1\beta_T\gamma_T}{T}}+2C\epsilon+" + last
        )
        for reading, last in (("A", r"\sum_{t=1}^T\frac1{t^2}"), ("B", r"\frac1T\sum_{t=1}^T\frac1{t^2}"))
    },
    cite="[Li2016, Cor. 8]",
)
def cor8_bound(*, C1, T, beta_T, gamma_T, C, epsilon, reading="B"):
    r"""Average-regret bound on :math:`f` of Corollary 8 (App. B.6).

    .. math::

        \frac1T\sum_{t=1}^T f(\mathbf u_*)-f(\mathbf x_t)\le 2C\epsilon+\frac1T\sum_{t=1}^T
        g(\mathbf v_*)-g(\mathbf x_t)\le 2C\epsilon+\text{(Thm 7 bound)},

    i.e. :func:`thm7_average_regret_bound` plus :math:`2C\epsilon`. The proof writes both
    :math:`\epsilon` and :math:`C\epsilon` for the bias term; the printed :math:`2C\epsilon` is used.

    Parameters
    ----------
    C1, T, beta_T, gamma_T, C, epsilon, reading
        As in :func:`thm7_average_regret_bound` (``reading`` is the Thm 7 last-term reading).

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Corollary 8 (§6) and App. B.6].

    Examples
    --------
    >>> round(cor8_bound(C1=1.0, T=1, beta_T=1.0, gamma_T=1.0, C=1.0, epsilon=0.5), 12)
    4.0
    """
    base = thm7_average_regret_bound(C1=C1, T=T, beta_T=beta_T, gamma_T=gamma_T, C=C, epsilon=epsilon,
                                     reading=reading)
    return as_output(np.asarray(base) + 2.0 * np.asarray(C) * np.asarray(epsilon))


# ---------------------------------------------------------------------------------------------------
# Tables 3-4: t-test win / tie / loss
# ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TTestResult:
    """Outcome of :func:`ttest`: label(s) ``"win"``/``"tie"``/``"loss"`` for method a, t, p-value."""

    label: object
    statistic: object
    pvalue: object


@formula(
    "RPP.ttest",
    latex={
        "A": r"t=\frac{\bar a-\bar b}{\sqrt{s_a^2/n+s_b^2/n}},\ s=\mathrm{SE}\sqrt n,\ \text{two-sided}",
        "B": r"t=\frac{\bar a-\bar b}{\sqrt{s_a^2/n+s_b^2/n}},\ s=\mathrm{SE}\sqrt n,\ \text{one-sided}",
    },
    cite="[Li2016, §5.1]",
)
def ttest(*, mean_a, se_a, mean_b, se_b, n=50, alpha=0.05, reading="A", equal_var=False) -> TTestResult:
    r"""Win / tie / loss of method a (lower regret is better) against b from means and standard errors.

    Welch's t-test (``equal_var=False``; Student's with ``True``) from summary statistics with
    :math:`s=\mathrm{SE}\sqrt n` (scipy.stats.ttest_ind_from_stats):

    .. math::

        t=\frac{\bar a-\bar b}{\sqrt{s_a^2/n+s_b^2/n}}

    Readings (the paper says only "t-test at 95% confidence level"):

    * ``"A"`` (default): two-sided; "win" if :math:`p<\alpha` and :math:`\bar a<\bar b`, "loss" if
      :math:`p<\alpha` and :math:`\bar a>\bar b`, else "tie".
    * ``"B"``: one-sided; "win" if the test of :math:`\bar a<\bar b` has :math:`p<\alpha`, "loss" if the
      test of :math:`\bar a>\bar b` does, else "tie".

    Parameters
    ----------
    mean_a, se_a, mean_b, se_b : float or array_like
        Means and standard errors (SE > 0) of the simple regrets ([Li2016, Tables 1-2]: a = RPP, b = ADD).
    n : int, >= 2
        Runs per method ([Li2016]: 50).
    alpha : float in (0, 1)
    reading : {"A", "B"}
    equal_var : bool

    Returns
    -------
    TTestResult
        ``label`` is a str for scalar input, else an ndarray of str; ``pvalue`` is the two-sided p (A) or
        the one-sided p of the direction of the observed difference (B).

    References
    ----------
    .. [1] [Li2016, Tables 1-4, §5.1].

    Examples
    --------
    >>> ttest(mean_a=30.2, se_a=1.7, mean_b=35.4, se_b=2.2).label
    'tie'
    >>> ttest(mean_a=30.2, se_a=1.7, mean_b=35.4, se_b=2.2, reading="B").label
    'win'
    """
    from scipy.stats import ttest_ind_from_stats  # here: scipy.stats doubles `import regretlab.bounds`

    check_choice("reading", reading, ("A", "B"))
    mean_a = check_real("mean_a", mean_a)
    mean_b = check_real("mean_b", mean_b)
    se_a = check_real("se_a", se_a, low=0.0, low_open=True)
    se_b = check_real("se_b", se_b, low=0.0, low_open=True)
    n = check_integer("n", n, low=2)
    alpha = check_real("alpha", alpha, low=0.0, high=1.0, low_open=True, high_open=True)
    sd_a, sd_b = np.asarray(se_a) * np.sqrt(n), np.asarray(se_b) * np.sqrt(n)
    kw = dict(mean1=mean_a, std1=sd_a, nobs1=n, mean2=mean_b, std2=sd_b, nobs2=n, equal_var=bool(equal_var))
    if reading == "A":
        res = ttest_ind_from_stats(**kw)
        p = np.asarray(res.pvalue)
        sig = p < alpha
        below, above = sig & (np.asarray(mean_a) < mean_b), sig & (np.asarray(mean_a) > mean_b)
        label = np.where(below, "win", np.where(above, "loss", "tie"))
    else:
        less = ttest_ind_from_stats(alternative="less", **kw)
        greater = ttest_ind_from_stats(alternative="greater", **kw)
        res = less
        p = np.where(np.asarray(mean_a) <= mean_b, less.pvalue, greater.pvalue)
        win, loss = np.asarray(less.pvalue) < alpha, np.asarray(greater.pvalue) < alpha
        label = np.where(win, "win", np.where(loss, "loss", "tie"))
    stat = np.asarray(res.statistic)
    if label.ndim == 0:
        return TTestResult(str(label), float(stat), float(p))
    return TTestResult(label, stat, p)
