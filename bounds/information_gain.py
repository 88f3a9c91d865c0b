r"""Information gain :math:`I(\mathbf y_A;\mathbf f_A)`, greedy maximisation, analytic :math:`\gamma_T` rates.

``bounds/`` may not import :mod:`regretlab.gp`, so everything here works on Gram matrices supplied by
the caller (:math:`K_A=[k(x_s,x_t)]_{s,t}` for a query sequence, or the Gram matrix of a finite
candidate set).

The analytic rates are :math:`\mathcal O(\cdot)` statements. The functions return the value of the
expression inside :math:`\mathcal O(\cdot)` **without any hidden constant**: only ratios and growth in
:math:`T` are meaningful, never the absolute level.

References
----------
.. [1] [Srinivas2010, Lemma 5.3, Thm 5, Thm 8].
.. [2] [Kandasamy2015, Def. 3, Lemma 7, Thm 4, §4.3].
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.linalg

from regretlab._validate import TERM_LIMIT, check_array, check_bool, check_choice, check_integer, check_real

from ._registry import formula

__all__ = [
    "sequential_posterior_variances",
    "information_gain",
    "GreedyGain",
    "greedy_information_gain",
    "gamma_T_trivial_upper",
    "gamma_T_linear",
    "gamma_T_SE",
    "gamma_T_matern",
    "gamma_T_additive_SE",
    "gamma_T_additive_matern",
    "gamma_T_all_dth_order",
]


def _gram(name: str, K) -> np.ndarray:
    """Validate a square symmetric Gram matrix."""
    arr = check_array(name, K, ndim=2)
    if arr.shape[0] != arr.shape[1]:
        raise ValueError(f"{name} has shape {arr.shape}; expected a square (T, T) Gram matrix")
    if not np.allclose(arr, arr.T, rtol=1e-10, atol=1e-12):
        raise ValueError(f"{name} is not symmetric; a Gram matrix k(x_s, x_t) must be symmetric")
    return arr


def _noise_std(sigma) -> float:
    return check_real("sigma", sigma, low=0.0, low_open=True)


@formula(
    latex=(
        r"\sigma^2_{t-1}(x_t)=k(x_t,x_t)-\mathbf k_{t-1}(x_t)^\top"
        r"(\mathbf K_{t-1}+\sigma^2I)^{-1}\mathbf k_{t-1}(x_t)"
    ),
    cite="[Kandasamy2015, Lemma 7]",
)
def sequential_posterior_variances(*, K, sigma) -> np.ndarray:
    r"""Posterior variances :math:`\sigma^2_{t-1}(x_t)`, :math:`t=1..T`, along a query sequence.

    .. math::
        \sigma^2_{t-1}(x_t) = k(x_t,x_t) - \mathbf k_{t-1}(x_t)^\top(\mathbf K_{t-1}+\sigma^2 I)^{-1}
        \mathbf k_{t-1}(x_t) = L_{tt}^2 - \sigma^2,

    where :math:`L` is the Cholesky factor of :math:`K_A+\sigma^2I`: the squared diagonal of a Cholesky
    factor is the sequence of Schur complements ([Rasmussen2006, Alg. 2.1, line 2] for the factorisation).

    Parameters
    ----------
    K : array_like, shape (T, T)
        Gram matrix :math:`k(x_s,x_t)` of the queries in query order (symmetric p.s.d.).
    sigma : float
        Noise standard deviation :math:`\sigma>0` ([Kandasamy2015] writes :math:`\eta`).

    Returns
    -------
    ndarray, shape (T,)
        :math:`\sigma^2_{t-1}(x_t)`, clipped at 0 against rounding.

    References
    ----------
    .. [1] [Kandasamy2015, Lemma 7, App. B.1] (= [Srinivas2010, Lemma 5.3]).

    Examples
    --------
    >>> sequential_posterior_variances(K=[[1.0, 1.0], [1.0, 1.0]], sigma=1.0)
    array([1. , 0.5])
    """
    arr = _gram("K", K)
    s = _noise_std(sigma)
    # [Rasmussen2006, Alg. 2.1, line 2]: L = cholesky(K + σ²I); L_tt² = σ²_{t-1}(x_t) + σ²
    try:
        L = scipy.linalg.cholesky(arr + s**2 * np.eye(arr.shape[0]), lower=True)
    except np.linalg.LinAlgError as exc:
        raise ValueError("K + sigma**2 I is not positive definite: K must be a p.s.d. Gram matrix") from exc
    return np.clip(np.diag(L) ** 2 - s**2, 0.0, None)


@formula(
    "INFOGAIN.I",
    latex=(
        r"I(\mathbf y_A;\mathbf f_A)=\tfrac12\sum_{t=1}^{T}\log\big(1+\sigma^{-2}\sigma^2_{t-1}(x_t)\big)"
        r"=\tfrac12\log\det\big(I_T+\sigma^{-2}K_A\big)"
    ),
    cite="[Kandasamy2015, Lemma 7]",
)
def information_gain(*, K, sigma, method: str = "chain") -> float:
    r"""Information gain :math:`I(\mathbf y_A;\mathbf f_A)` of a query sequence :math:`A`.

    .. math::
        I(\mathbf y_A;\mathbf f_A)=\tfrac12\sum_{t=1}^{T}\log\!\big(1+\sigma^{-2}\sigma^2_{t-1}(x_t)\big)
        =\tfrac12\log\det\!\big(I_T+\sigma^{-2}K_A\big)

    Parameters
    ----------
    K : array_like, shape (T, T)
        Gram matrix :math:`K_A` of the queries (any order: the value is order-invariant).
    sigma : float
        Noise standard deviation, :math:`\sigma>0`.
    method : {"chain", "logdet"}
        ``"chain"``: the sum over sequential posterior variances ([Kandasamy2015, Lemma 7]);
        ``"logdet"``: :math:`\tfrac12\log\det(I+\sigma^{-2}K_A)` (Cholesky). Both are the same quantity.

    Returns
    -------
    float

    References
    ----------
    .. [1] [Kandasamy2015, Lemma 7, App. B.1] (= [Srinivas2010, Lemma 5.3]); [Kandasamy2015, Def. 3, §4.3].
    .. [2] [Li2016, Def. 1]; [Ha2019, Eq. (9)].

    Examples
    --------
    >>> K = [[1.0, 0.5], [0.5, 1.0]]
    >>> chain = information_gain(K=K, sigma=1.0)
    >>> round(chain, 6), round(information_gain(K=K, sigma=1.0, method="logdet"), 6)
    (0.660878, 0.660878)
    """
    check_choice("method", method, ("chain", "logdet"))
    arr = _gram("K", K)
    s = _noise_std(sigma)
    if method == "chain":
        var = sequential_posterior_variances(K=arr, sigma=s)
        return float(0.5 * np.sum(np.log1p(var / s**2)))
    try:
        L = scipy.linalg.cholesky(np.eye(arr.shape[0]) + arr / s**2, lower=True)
    except np.linalg.LinAlgError as exc:
        raise ValueError("I + K / sigma**2 is not positive definite: K must be a p.s.d. Gram matrix") from exc
    return float(np.sum(np.log(np.diag(L))))


@dataclass(frozen=True)
class GreedyGain:
    """Result of :func:`greedy_information_gain`.

    Attributes
    ----------
    gamma_hat : float
        Information gain of the greedy sequence: a lower bound on :math:`\\gamma_T` over the candidate set.
    upper : float
        ``gamma_hat / (1 - 1/e)``: an upper bound on :math:`\\gamma_T` over the candidate set
        (submodularity, [Nemhauser1978]; [Srinivas2010, §5]).
    indices : ndarray of int
        Candidate indices chosen, in order.
    gains : ndarray
        Cumulative information gain after each step, shape (T,).
    """

    gamma_hat: float
    upper: float
    indices: np.ndarray
    gains: np.ndarray


@formula(
    "INFOGAIN.gamma_T",
    latex=r"\gamma_T=\max_{A\subset\mathcal X,\ |A|=T} I(\mathbf y_A;\mathbf f_A)",
    cite="[Kandasamy2015, Def. 3]",
)
def greedy_information_gain(*, K, T, sigma, repeats: bool = True) -> GreedyGain:
    r"""Greedy maximisation of :math:`I(\mathbf y_A;\mathbf f_A)` over a finite candidate set.

    .. math::
        \gamma_T=\max_{A\subset\mathcal X,\ |A|=T} I(\mathbf y_A;\mathbf f_A),\qquad
        (1-1/e)\,\gamma_T\le\hat\gamma_T\le\gamma_T

    The greedy step picks the candidate with the largest current posterior variance (the marginal gain
    is :math:`\tfrac12\log(1+\sigma^{-2}\sigma^2_{t-1}(x))`). Since :math:`I` is submodular and
    monotone, :math:`\hat\gamma_T/(1-1/e)` is an upper bound on :math:`\gamma_T` *over this set*.

    Parameters
    ----------
    K : array_like, shape (N, N)
        Gram matrix of the candidate set :math:`\mathcal X_N`.
    T : int
        Number of queries, :math:`T\ge1` (with ``repeats=False``, :math:`T\le N`).
    sigma : float
        Noise standard deviation, :math:`\sigma>0`.
    repeats : bool
        ``True`` (default): :math:`A` is a multiset (a point may be queried again, as an algorithm may);
        ``False``: distinct points, as in the printed ":math:`A\subset\mathcal X,|A|=T`".

    Returns
    -------
    GreedyGain

    References
    ----------
    .. [1] [Kandasamy2015, Def. 3 (§4.3)]; [Li2016, Def. 1]; [Ha2019, Eq. (9)];
           [Srinivas2010, §5 (greedy, :math:`1-1/e`)].

    Examples
    --------
    >>> res = greedy_information_gain(K=[[1.0, 0.0], [0.0, 1.0]], T=2, sigma=1.0)
    >>> res.indices.tolist(), round(res.gamma_hat, 6)
    ([0, 1], 0.693147)
    """
    arr = _gram("K", K)
    s = _noise_std(sigma)
    n = arr.shape[0]
    T = check_integer("T", T, low=1, high=TERM_LIMIT)   # T greedy steps, each a row of factors
    repeats = check_bool("repeats", repeats)
    if not repeats and T > n:
        raise ValueError(f"T={T} is outside its domain {{1, ..., {n}}} (distinct points of N={n} candidates)")
    # Written by hand: greedy selection with rank-one posterior updates (no library does this);
    # each step is one column of a pivoted Cholesky factor of K + σ² e_i e_iᵀ along the chosen points.
    var = np.clip(np.diag(arr).astype(float).copy(), 0.0, None)
    factors = np.zeros((T, n))
    chosen = np.empty(T, dtype=int)
    gains = np.empty(T)
    total = 0.0
    available = np.ones(n, dtype=bool)
    for step in range(T):
        scores = np.where(available, var, -np.inf)
        i = int(np.argmax(scores))
        total += 0.5 * np.log1p(var[i] / s**2)
        column = (arr[:, i] - factors[:step].T @ factors[:step, i]) / np.sqrt(var[i] + s**2)
        factors[step] = column
        var = np.clip(var - column**2, 0.0, None)
        chosen[step] = i
        gains[step] = total
        if not repeats:
            available[i] = False
    upper = float(total / (1.0 - np.exp(-1.0)))
    return GreedyGain(gamma_hat=float(total), upper=upper, indices=chosen, gains=gains)


@formula(
    latex=r"\gamma_T\le\frac T2\log\big(1+\sigma^{-2}\max_x k(x,x)\big)",
    cite="[Kandasamy2015, Lemma 7]",
)
def gamma_T_trivial_upper(*, T, sigma, kmax=1.0):
    r"""The trivial bound :math:`\gamma_T\le\tfrac T2\log(1+\sigma^{-2}\max_x k(x,x))`.

    .. math::
        \gamma_T\le\frac T2\log\big(1+\sigma^{-2}k_{\max}\big)

    Each of the :math:`T` chain-rule terms of :func:`information_gain` is at most
    :math:`\tfrac12\log(1+\sigma^{-2}k(x_t,x_t))` (posterior variance :math:`\le` prior variance).

    Parameters
    ----------
    T : int or array_like
        :math:`T\ge1`.
    sigma : float
        Noise standard deviation, :math:`\sigma>0`.
    kmax : float
        :math:`\max_x k(x,x)\ge0` (1 under [Kandasamy2015]'s normalisation :math:`\kappa(x,x)=1`).

    References
    ----------
    .. [1] CATALOGUE.md INFOGAIN.gamma_T "check"; [Kandasamy2015, Lemma 7].

    Examples
    --------
    >>> round(float(gamma_T_trivial_upper(T=10, sigma=1.0)), 6)
    3.465736
    """
    T = check_integer("T", T, low=1)
    s = _noise_std(sigma)
    kmax = check_real("kmax", kmax, low=0.0)
    return 0.5 * np.asarray(T, dtype=float) * np.log1p(kmax / s**2)


def _T(T):
    return check_real("T", T, low=1.0)


def _d(name, d):
    return check_integer(name, d, low=1)


@formula(latex=r"\gamma_T\in\mathcal O(d\log T)", cite="[Srinivas2010, Thm 5]")
def gamma_T_linear(*, T, d):
    r"""[Srinivas2010, Thm 5] for the linear kernel: :math:`\gamma_T\in\mathcal O(d\log T)`.

    .. math:: \gamma_T \in \mathcal O(d\log T)

    Returns :math:`d\log T` (no hidden constant).

    Parameters
    ----------
    T : float or array_like
        :math:`T\ge1`.
    d : int
        Input dimension, :math:`d\ge1`.

    References
    ----------
    .. [1] [Srinivas2010, Thm 5 (linear kernel)]; quoted in [Kandasamy2015, §4.3].

    Examples
    --------
    >>> round(float(gamma_T_linear(T=100, d=2)), 6)
    9.21034
    """
    return _d("d", d) * np.log(_T(T))


@formula(latex=r"\gamma_T\in\mathcal O\big((\log T)^{d+1}\big)", cite="[Srinivas2010, Thm 5]")
def gamma_T_SE(*, T, d):
    r"""[Srinivas2010, Thm 5] for the :math:`d`-dimensional SE kernel:
    :math:`\gamma_T\in\mathcal O((\log T)^{d+1})`.

    .. math:: \gamma_T \in \mathcal O\big((\log T)^{d+1}\big)

    Returns :math:`(\log T)^{d+1}` (no hidden constant; the constant grows like :math:`d^d`, cf.
    [Kandasamy2015, Table 1]).

    Parameters
    ----------
    T : float or array_like
        :math:`T\ge1`.
    d : int
        Input dimension, :math:`d\ge1`.

    References
    ----------
    .. [1] [Srinivas2010, Thm 5 (SE kernel)]; [Kandasamy2015, §4.3].

    Examples
    --------
    >>> round(float(gamma_T_SE(T=100, d=1)), 6)
    21.207592
    """
    return np.log(_T(T)) ** (_d("d", d) + 1)


@formula(
    latex=r"\gamma_T\in\mathcal O\big(T^{\frac{d(d+1)}{2\nu+d(d+1)}}\log T\big)",
    cite="[Srinivas2010, Thm 5]",
)
def gamma_T_matern(*, T, d, nu):
    r"""[Srinivas2010, Thm 5] for the Matérn kernel, :math:`\nu>1`.

    .. math:: \gamma_T \in \mathcal O\big(T^{\frac{d(d+1)}{2\nu+d(d+1)}}\log T\big)

    Returns the expression without a hidden constant.

    Parameters
    ----------
    T : float or array_like
        :math:`T\ge1`.
    d : int
        Input dimension, :math:`d\ge1`.
    nu : float
        Matérn smoothness, :math:`\nu>1`.

    References
    ----------
    .. [1] [Srinivas2010, Thm 5] (Matérn, :math:`\nu>1`); [Kandasamy2015, Thm 4.2] with :math:`M=1` (which
       asks :math:`\nu>2`).

    Examples
    --------
    >>> round(float(gamma_T_matern(T=100, d=1, nu=2.5)), 6)
    17.166203
    """
    d = _d("d", d)
    nu = check_real("nu", nu, low=1.0, low_open=True)
    T = _T(T)
    return T ** (d * (d + 1) / (2 * nu + d * (d + 1))) * np.log(T)


def _D_d(D, d):
    D = check_integer("D", D, low=1)
    d = _d("d", d)
    if np.any(np.asarray(d) > np.asarray(D)):
        raise ValueError(f"d={d!r} is outside its domain {{1, ..., D}} with D={D!r} (group size d <= D)")
    return D, d


@formula(
    "ADD.gamma_T_SE",
    latex=r"\gamma_T\in\mathcal O\big(Dd^d(\log T)^{d+1}\big)",
    cite="[Kandasamy2015, Thm 4]",
)
def gamma_T_additive_SE(*, T, D, d):
    r"""[Kandasamy2015, Thm 4.1]: :math:`\gamma_T\in\mathcal O(Dd^d(\log T)^{d+1})` for an additive SE kernel.

    .. math:: \gamma_T \in \mathcal O\big(D d^d (\log T)^{d+1}\big)

    Returns :math:`Dd^d(\log T)^{d+1}` (no hidden constant). The proof (App. B.1.1) ends with
    :math:`\mathcal O(Md^{d+1}(\log T)^{d+1})`, the same for :math:`D\asymp dM`. [Kandasamy2015] prints
    "w.l.o.g. assume :math:`\kappa(x,x')=1`"; the §3 setting has :math:`\kappa(x,x)=1` (no effect here).

    Parameters
    ----------
    T : float or array_like
        :math:`T\ge1`.
    D : int
        Ambient dimension, :math:`D\ge1`.
    d : int
        Maximum group dimension, :math:`1\le d\le D`.

    References
    ----------
    .. [1] [Kandasamy2015, Thm 4 part 1, §4.3], and App. B.1.1.

    Examples
    --------
    >>> round(float(gamma_T_additive_SE(T=100, D=10, d=2)), 4)
    3906.5829
    """
    D, d = _D_d(D, d)
    return D * np.asarray(d, dtype=float) ** d * np.log(_T(T)) ** (d + 1)


@formula(
    "ADD.gamma_T_Matern",
    latex=r"\gamma_T\in\mathcal O\big(D2^dT^{\frac{d(d+1)}{2\nu+d(d+1)}}\log T\big)",
    cite="[Kandasamy2015, Thm 4]",
)
def gamma_T_additive_matern(*, T, D, d, nu):
    r"""[Kandasamy2015, Thm 4.2]: :math:`\gamma_T` for an additive Matérn kernel, :math:`\nu>2`.

    .. math:: \gamma_T \in \mathcal O\big(D2^dT^{\frac{d(d+1)}{2\nu+d(d+1)}}\log T\big)

    Returns the expression without a hidden constant.

    Parameters
    ----------
    T : float or array_like
        :math:`T\ge1`.
    D : int
        :math:`D\ge1`.
    d : int
        :math:`1\le d\le D`.
    nu : float
        :math:`\nu>2` (as [Kandasamy2015, Thm 4.2] states).

    References
    ----------
    .. [1] [Kandasamy2015, Thm 4 part 2, §4.3], and App. B.1.2 (:math:`\tau=2\nu d/(2\nu+d(d+1))`).

    Examples
    --------
    >>> round(float(gamma_T_additive_matern(T=100, D=10, d=2, nu=2.5)), 4)
    2270.9876
    """
    D, d = _D_d(D, d)
    nu = check_real("nu", nu, low=2.0, low_open=True)
    T = _T(T)
    return D * 2.0**d * T ** (d * (d + 1) / (2 * nu + d * (d + 1))) * np.log(T)


@formula(
    "ADD.gamma_T_all_dth_order",
    latex=r"\gamma_T\in\mathcal O\big(D^dd^{d+1}(\log T)^{d+1}\big)",
    cite="[Kandasamy2015, §4.3]",
)
def gamma_T_all_dth_order(*, T, D, d):
    r"""[Kandasamy2015, §4.3]: :math:`\gamma_T` for the sum of all :math:`d`-th order SE kernels
    ([Duvenaud2011]).

    .. math:: \gamma_T \in \mathcal O\big(D^d d^{d+1} (\log T)^{d+1}\big)

    Returns the expression without a hidden constant.

    Parameters
    ----------
    T : float or array_like
        :math:`T\ge1`.
    D : int
        :math:`D\ge1`.
    d : int
        :math:`1\le d\le D`.

    References
    ----------
    .. [1] [Kandasamy2015, §4.3 (discussion after Thm 5)].

    Examples
    --------
    >>> round(float(gamma_T_all_dth_order(T=100, D=10, d=2)), 4)
    78131.6579
    """
    D, d = _D_d(D, d)
    return np.asarray(D, dtype=float) ** d * np.asarray(d, dtype=float) ** (d + 1) * np.log(_T(T)) ** (d + 1)


