r"""Evidence for the claims: GP sample paths, runs of the algorithms on them, and what a run records.

The theorems assume the GP-bandit setting: :math:`f\sim\mathcal{GP}(0,k)` with a *known* kernel,
observations :math:`y_t=f(x_t)+\varepsilon_t`, :math:`\varepsilon_t\sim\mathcal N(0,\sigma^2)`. So every run
here uses the true kernel with fixed hyperparameters (``fit_hyperparameters=False``, ``normalize_y=False``)
and the true noise variance, and the posterior the claims speak of is recomputed by an independent
:class:`regretlab.gp.GP` beside the algorithm (the checker does not trust the algorithm's internals).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.linalg.blas import dger

from regretlab._rng import as_generator
from regretlab._validate import check_array, check_count, check_integer, check_number, check_real
from regretlab.bounds.gp_ucb import ucb
from regretlab.bounds.information_gain import greedy_information_gain, information_gain
from regretlab.gp import GP

__all__ = ["FiniteRun", "GridRun", "PathRun", "finite_gp_ucb", "grid_gp_ucb", "run_on_path",
           "posterior_before_each_step", "gamma_bracket", "regret_bracket", "gamma_bracket_far",
           "spectral_gamma_upper", "horizon_grid", "BEYOND_T", "AdditiveGridRun", "additive_grid_gp_ucb"]

#: (1 - 1/e): the greedy information gain is at least this fraction of γ_T [Krause2008 / Srinivas2010].
GREEDY_FACTOR = 1.0 - np.exp(-1.0)


@dataclass
class FiniteRun:
    """GP-UCB on a finite set: queries, observations and the posterior on the whole set before each step.

    ``mean[t]``, ``sd[t]`` are :math:`\\mu_{t}`, :math:`\\sigma_{t}` after ``t`` observations (row 0: the
    prior), on every point of the set.
    """

    index: np.ndarray
    y: np.ndarray
    f: np.ndarray
    mean: np.ndarray
    sd: np.ndarray
    beta: np.ndarray


def finite_gp_ucb(kernel, X, values, *, noise_variance, beta, T, rng) -> FiniteRun:
    r"""Run GP-UCB [Srinivas2010, Alg. 1] on the finite set ``X`` against the path ``values``.

    :math:`x_t=\arg\max_{x\in X}\mu_{t-1}(x)+\sqrt{\beta_t}\sigma_{t-1}(x)` (first index on ties), the UCB
    being :func:`regretlab.bounds.gp_ucb.ucb` (reading B). Written here rather than run through
    :class:`regretlab.algorithms.GPUCB`, whose acquisition maximisers work on boxes: the finite-domain
    theorem needs the argmax over the set itself.

    ``beta`` is a callable ``beta(t)``; noise is drawn from ``rng``.
    """
    X = np.asarray(X, dtype=float)
    n = X.shape[0]
    gp = GP(kernel, noise_variance=noise_variance)
    mean = np.zeros((T + 1, n))
    sd = np.zeros((T + 1, n))
    prior_sd = np.sqrt(kernel.diag(X))
    index = np.empty(T, dtype=int)
    y = np.empty(T)
    betas = np.empty(T)
    noise_sd = float(np.sqrt(noise_variance))
    for t in range(1, T + 1):
        if t == 1:
            mu, s = np.zeros(n), prior_sd
        else:
            mu, var = gp.predict(X)
            s = np.sqrt(np.maximum(var, 0.0))
        mean[t - 1], sd[t - 1] = mu, s
        betas[t - 1] = float(beta(t))
        i = int(np.argmax(ucb(mu=mu, sigma=s, beta=betas[t - 1])))
        index[t - 1] = i
        y[t - 1] = values[i] + noise_sd * rng.standard_normal()
        gp.append(X[i], y[t - 1])
    mu, var = gp.predict(X)
    mean[T], sd[T] = mu, np.sqrt(np.maximum(var, 0.0))
    return FiniteRun(index, y, np.asarray(values)[index], mean, sd, betas)


@dataclass
class GridRun:
    """GP-UCB on a finite set without the stored posteriors (:func:`grid_gp_ucb`): queries, observations,
    the path's values at the queries and β_t."""

    index: np.ndarray
    y: np.ndarray
    f: np.ndarray
    beta: np.ndarray


def grid_gp_ucb(K, values, *, noise_variance, beta, T, rng, observe=None, bias=None) -> GridRun:
    r"""GP-UCB [Srinivas2010, Alg. 1] on a finite set with Gram matrix ``K`` (N, N) against the path
    ``values``, for long horizons: the posterior on the set is carried as its mean and covariance and
    updated by one rank-one step per observation ([Rasmussen2006, Eq. (2.19)] with one new point:
    :math:`\mu\mathrel{+}=c\,(y-\mu_i)/(c_i+\sigma^2)`, :math:`C\mathrel{-}=cc^\top/(c_i+\sigma^2)` with
    :math:`c=C_{\cdot i}`), O(N²) a step instead of :func:`finite_gp_ucb`'s growing solves, and nothing
    stored but the queries. ``observe(t, mean, sd, beta_t)`` is called with the posterior before each query
    (for checks that need it at every t). The same algorithm as :func:`finite_gp_ucb` (the test suite
    compares them); written here because no library carries a finite-set GP posterior by rank-one updates
    in place (the update is BLAS's ``dger`` on the covariance).

    With ``bias`` (N,), the samples are biased as in [Li2016, §6]: :math:`\tilde y_t=y_t+b(x_t)`,
    :math:`|b|\le\epsilon`, and GP-UCB runs on them (its mean is :math:`\tilde\mu`); the posterior mean of
    the bias alone, :math:`\tilde\mu_{t-1}-\mu_{t-1}` (linear in the observations, so the same update with
    :math:`b(x_t)` as the observation), is then passed to ``observe`` as a fifth argument. ``GridRun.f``
    stays the path's ``values`` at the queries (the unbiased g).
    """

    N = K.shape[0]
    cov = np.array(K, dtype=float, order="F")   # dger updates a Fortran-ordered matrix in place
    mean = np.zeros(N)
    values = np.asarray(values, dtype=float)
    bias = None if bias is None else np.asarray(bias, dtype=float)
    observed = values if bias is None else values + bias
    bias_mean = None if bias is None else np.zeros(N)   # \tilde\mu_{t-1} - \mu_{t-1}   [Li2016, Assumption 6]
    index = np.empty(T, dtype=int)
    y = np.empty(T)
    betas = np.empty(T)
    noise_sd = float(np.sqrt(noise_variance))
    for t in range(1, T + 1):
        sd = np.sqrt(np.maximum(np.diagonal(cov), 0.0))   # round-off of the downdates can dip below 0
        betas[t - 1] = float(beta(t))
        if observe is not None:
            observe(t, mean, sd, betas[t - 1], *(() if bias is None else (bias_mean,)))
        i = int(np.argmax(ucb(mu=mean, sigma=sd, beta=betas[t - 1])))
        index[t - 1] = i
        y[t - 1] = observed[i] + noise_sd * rng.standard_normal()
        column = cov[:, i].copy()
        denominator = column[i] + noise_variance
        mean += column * ((y[t - 1] - mean[i]) / denominator)
        if bias_mean is not None:
            bias_mean += column * ((bias[i] - bias_mean[i]) / denominator)
        cov = dger(-1.0 / denominator, column, column, a=cov, overwrite_a=True)
    return GridRun(index, y, values[index], betas)


@dataclass
class AdditiveGridRun:
    """Add-GP-UCB on a product of 1-D grids (:func:`additive_grid_gp_ucb`): per step the grid index of each
    group's query (T, M), the observations, the path's values at the queries, β_t, and the run's own
    information gain I(y_1..t; f) for t = 1..T (each at most γ_t)."""

    index: np.ndarray
    y: np.ndarray
    f: np.ndarray
    beta: np.ndarray
    gain: np.ndarray


def additive_grid_gp_ucb(grams, components, *, noise_variance, beta, T, rng) -> AdditiveGridRun:
    r"""Add-GP-UCB [Kandasamy2015, Alg. 1 / Eq. (5)] on :math:`\mathcal X=\prod_j G_j`, a product of finite
    sets with the groups' Gram matrices ``grams`` (M matrices, :math:`G_j\times G_j`), against the additive
    path :math:`f(x)=\sum_jf^{(j)}(x^{(j)})` given by its ``components`` (M arrays of length :math:`G_j`),
    for long horizons. The latent :math:`z=(f^{(1)},\dots,f^{(M)})` on the groups' grids has prior
    covariance :math:`\mathrm{blockdiag}(K_j)`; an observation at :math:`x` is :math:`h^\top z` plus noise,
    h with one 1 per group, so the posterior is carried as z's mean and covariance and updated by one
    rank-one step an observation (:math:`c=Ch`, :math:`\mu\mathrel{+}=c\,(y-h^\top\mu)/(h^\top c+
    \sigma^2)`, :math:`C\mathrel{-}=cc^\top/(h^\top c+\sigma^2)`): :math:`O((\sum_jG_j)^2)` a step.
    The query maximises each group's :math:`\tilde\varphi^{(j)}_t=\mu^{(j)}_{t-1}+\beta_t^{1/2}
    \sigma^{(j)}_{t-1}` over its grid, exactly (so :math:`\zeta_0=0`), which maximises their sum
    :math:`\tilde\varphi_t`. The run's information gain comes free by the chain rule,
    :math:`\sum_{s\le t}\frac12\log(1+\sigma^{-2}h_s^\top C_{s-1}h_s)`. Written by hand: no library
    carries an additive GP's posterior on a product grid by rank-one updates.
    """

    grams, components = _check_additive_grid(grams, components)
    noise_variance = check_number("noise_variance", noise_variance, low=0.0, low_open=True)
    T = check_count("T", T)
    if not callable(beta):
        raise ValueError(f"beta={beta!r} is not a callable beta(t) returning β_t > 0")
    rng = as_generator(rng)
    sizes = [g.shape[0] for g in grams]
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(int)
    n = int(sum(sizes))
    cov = np.zeros((n, n), order="F")
    for start, gram in zip(starts, grams, strict=True):
        cov[start:start + gram.shape[0], start:start + gram.shape[0]] = gram
    mean = np.zeros(n)
    components = [np.asarray(c, dtype=float) for c in components]
    M = len(sizes)
    index = np.empty((T, M), dtype=int)
    y, f, betas, gain = np.empty(T), np.empty(T), np.empty(T), np.empty(T)
    noise_sd = float(np.sqrt(noise_variance))
    total = 0.0
    for t in range(1, T + 1):
        sd = np.sqrt(np.maximum(np.diagonal(cov), 0.0))   # round-off of the downdates can dip below 0
        betas[t - 1] = float(beta(t))
        root = np.sqrt(betas[t - 1])
        picked = [int(np.argmax(mean[s:s + g] + root * sd[s:s + g]))
                  for s, g in zip(starts, sizes, strict=True)]
        index[t - 1] = picked
        positions = starts + np.asarray(picked)
        f[t - 1] = float(sum(c[i] for c, i in zip(components, picked, strict=True)))
        y[t - 1] = f[t - 1] + noise_sd * rng.standard_normal()
        column = cov[:, positions].sum(axis=1)             # C h
        variance = float(column[positions].sum())          # h^T C h
        total += 0.5 * np.log1p(max(variance, 0.0) / noise_variance)
        gain[t - 1] = total
        denominator = variance + noise_variance
        mean += column * ((y[t - 1] - mean[positions].sum()) / denominator)
        cov = dger(-1.0 / denominator, column, column, a=cov, overwrite_a=True)
    return AdditiveGridRun(index, y, f, betas, gain)


def _check_additive_grid(grams, components) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The groups' Gram matrices (square, finite, symmetric) and path components (one value per grid point
    of the same group), or a ValueError naming the group at fault."""
    if isinstance(grams, np.ndarray) and grams.ndim == 2:
        raise ValueError(f"grams is one matrix of shape {grams.shape}; expected a sequence of M Gram "
                         "matrices")
    grams = [check_array(f"grams[{j}]", g, ndim=2, empty=False) for j, g in enumerate(grams)]
    components = [check_array(f"components[{j}]", c, ndim=1, empty=False) for j, c in enumerate(components)]
    if not grams:
        raise ValueError("grams is empty; expected M >= 1 Gram matrices, one per group")
    if len(components) != len(grams):
        raise ValueError(f"components has {len(components)} group(s) and grams {len(grams)}; expected one "
                         "component per group")
    for j, (gram, component) in enumerate(zip(grams, components, strict=True)):
        if gram.shape[0] != gram.shape[1]:
            raise ValueError(f"grams[{j}] has shape {gram.shape}; expected a square (G_j, G_j) Gram matrix")
        if not np.allclose(gram, gram.T, rtol=1e-10, atol=1e-12):
            raise ValueError(f"grams[{j}] is not symmetric; a Gram matrix k(G_j, G_j) is")
        if component.shape[0] != gram.shape[0]:
            raise ValueError(f"components[{j}] has {component.shape[0]} values and grams[{j}] "
                             f"{gram.shape[0]} grid points; expected one value per grid point")
    return grams, components


@dataclass
class PathRun:
    """A run of an algorithm of :mod:`regretlab.algorithms` on a sample path.

    ``X`` (T, D) the queries, ``y`` the noisy observations, ``f`` the path's values there; ``mean`` and
    ``sd`` the checker's :math:`\\mu_{t-1}(x_t)`, :math:`\\sigma_{t-1}(x_t)`; ``trace`` the algorithm's Trace.
    """

    X: np.ndarray
    y: np.ndarray
    f: np.ndarray
    mean: np.ndarray
    sd: np.ndarray
    trace: object
    optimizer: object


def run_on_path(optimizer, path, *, noise_variance, n_iter, rng) -> PathRun:
    """Run ``optimizer`` (ask/tell) for ``n_iter`` evaluations on ``path`` with Gaussian noise from ``rng``.

    The checker's GP (the optimizer's kernel, the true noise variance) records the posterior at each query
    before its observation.
    """
    kernel = optimizer.make_kernel() if optimizer.kernel is None else optimizer.kernel
    checker = GP(kernel, noise_variance=noise_variance)
    noise_sd = float(np.sqrt(noise_variance))
    D = optimizer.dim
    X, y, f = np.empty((n_iter, D)), np.empty(n_iter), np.empty(n_iter)
    mean, sd = np.empty(n_iter), np.empty(n_iter)
    for t in range(n_iter):
        x = optimizer.ask()
        if t == 0:
            mean[t], sd[t] = 0.0, float(np.sqrt(kernel.diag(x[None])[0]))
        else:
            mu, var = checker.predict(x[None])
            mean[t], sd[t] = float(mu[0]), float(np.sqrt(max(var[0], 0.0)))
        f[t] = float(path(x[None])[0])
        y[t] = f[t] + noise_sd * rng.standard_normal()
        optimizer.tell(x, y[t])
        checker.append(x, y[t])
        X[t] = x
    return PathRun(X, y, f, mean, sd, optimizer.trace() if hasattr(optimizer, "trace") else None, optimizer)


def posterior_before_each_step(kernel, X, y, points, *, noise_variance):
    """:math:`\\mu_{t-1}`, :math:`\\sigma_{t-1}` at ``points`` for t = 1..len(X): arrays (T, n_points)."""
    gp = GP(kernel, noise_variance=noise_variance)
    T = len(X)
    mean = np.zeros((T, len(points)))
    sd = np.zeros((T, len(points)))
    sd[0] = np.sqrt(kernel.diag(points))
    for t in range(1, T):
        gp.append(X[t - 1], y[t - 1])
        mu, var = gp.predict(points)
        mean[t], sd[t] = mu, np.sqrt(np.maximum(var, 0.0))
    return mean, sd


def gamma_bracket(K, T, noise_std) -> tuple[np.ndarray, np.ndarray]:
    r"""Bounds on :math:`\gamma_t`, t = 1..T, over the finite set with Gram matrix ``K``.

    The greedy information gain :math:`\hat\gamma_t` (:func:`regretlab.bounds.information_gain.
    greedy_information_gain`) satisfies :math:`(1-1/e)\gamma_t\le\hat\gamma_t\le\gamma_t` (submodularity;
    [Srinivas2010, §5.2]), so :math:`\gamma_t\in[\hat\gamma_t,\hat\gamma_t/(1-1/e)]`.
    Returns (lower, upper), each of shape (T,).
    """
    greedy = greedy_information_gain(K=K, T=T, sigma=noise_std)
    lower = np.asarray(greedy.gains, dtype=float)
    return lower, lower / GREEDY_FACTOR


def spectral_gamma_upper(eigenvalues, Ts, noise_std) -> np.ndarray:
    r"""An upper bound on :math:`\gamma_T` over a finite set, for any T (queries may repeat), from the
    eigenvalues :math:`\lambda_i` of its Gram matrix:

    .. math::
        \gamma_T\le\tfrac12\max_{m\ge0,\ \sum_im_i=T}\ \sum_i\log\big(1+\sigma^{-2}m_i\lambda_i\big),

    solved by water-filling (:math:`m_i=\max(0,w-\sigma^2/\lambda_i)`, the level w spending T). Why it
    holds: a multiset with counts c gives :math:`I=\frac12\log\det(I+\sigma^{-2}K^{1/2}CK^{1/2})`; the
    eigenvalues of :math:`K^{1/2}CK^{1/2}` are weakly log-majorised by the sorted products
    :math:`\lambda_ic_{[i]}` (Horn), and :math:`x\mapsto\log(1+\sigma^{-2}e^x)` is increasing and
    convex, so :math:`I\le\frac12\sum_i\log(1+\sigma^{-2}\lambda_ic_{[i]})`, at most the maximum over
    real m. The same form as [Srinivas2010, Thm 8]'s bound, without its :math:`(1-1/e)^{-1}`. Written by
    hand: no library solves this water-filling.

    >>> spectral_gamma_upper([1.0], [1, 4], 1.0).round(6).tolist()   # one direction: (1/2) log(1 + T)
    [0.346574, 0.804719]
    """
    eigenvalues = check_array("eigenvalues", eigenvalues, ndim=1, empty=False)
    Ts = np.atleast_1d(check_real("Ts", Ts, low=0.0)).ravel()
    noise_std = check_number("noise_std", noise_std, low=0.0, low_open=True)
    # a Gram matrix is positive semi-definite: eigenvalues below 0 beyond round-off say it is not
    if eigenvalues.min() < -1e-8 * max(abs(eigenvalues).max(), 1.0):
        raise ValueError(f"eigenvalues contains {float(eigenvalues.min())!r} < 0 beyond round-off; a Gram "
                         "matrix's eigenvalues are >= 0")
    lam = np.sort(np.clip(eigenvalues, 0.0, None))[::-1]
    lam = lam[lam > lam[0] * 1e-14] if lam.size and lam[0] > 0 else lam[:0]
    if lam.size == 0:
        return np.zeros_like(Ts)
    inverse = noise_std**2 / lam                     # σ²/λ_i, ascending: the directions fill in this order
    spent = np.cumsum(inverse)
    # the T at which direction k + 1 starts to fill: (k + 1) σ²/λ_{k+1} - sum_{i<=k+1} σ²/λ_i, k = 0..n-1
    opens = np.arange(1, lam.size + 1) * inverse - spent
    active = np.searchsorted(opens, Ts, side="left")   # directions with opens < T
    active = np.clip(active, 1, lam.size)
    level = (Ts + spent[active - 1]) / active         # the water level w
    logs = np.log(np.where(np.arange(lam.size)[None, :] < active[:, None],
                           level[:, None] / inverse[None, :], 1.0))
    return 0.5 * logs.sum(axis=1)


def gamma_bracket_far(K, Ts, noise_std, *, greedy_steps: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    r"""Bounds on :math:`\gamma_T` at the (sorted) horizons ``Ts``, which may be far beyond what a greedy
    run reaches, over the finite set with Gram matrix ``K``.

    * below: the greedy information gain :math:`\hat\gamma_T` (:func:`gamma_bracket`) for T up to
      ``greedy_steps``; beyond, the information of the first ``greedy_steps`` greedy queries each repeated
      :math:`m=\lfloor T/G\rfloor` times, :math:`\frac12\sum_i\log(1+m\mu_i)` with :math:`\mu_i` the
      eigenvalues of :math:`\sigma^{-2}K_A` (one multiset of T or fewer queries, so at most
      :math:`\gamma_T`), and never below :math:`\hat\gamma_G` (γ_T grows with T);
    * above: :func:`spectral_gamma_upper`, and :math:`\hat\gamma_T/(1-1/e)` where the greedy reaches.

    ``greedy_steps`` (default: as many as about 2e9 flops allow, ``sqrt(2e9 / N)``, at most 10**4; the
    greedy costs about steps² × N) sets G. Returns (lower, upper), each of the shape of ``Ts``.
    """
    K = check_array("K", K, ndim=2, empty=False)
    if K.shape[0] != K.shape[1]:
        raise ValueError(f"K has shape {K.shape}; expected a square (N, N) Gram matrix")
    noise_std = check_number("noise_std", noise_std, low=0.0, low_open=True)
    if greedy_steps is None:
        greedy_steps = int(min(10**4, np.sqrt(2e9 / K.shape[0])))
    greedy_steps = check_count("greedy_steps", greedy_steps)
    Ts = np.atleast_1d(check_integer("Ts", Ts, low=1)).ravel()
    if np.any(np.diff(Ts) < 0):
        i = int(np.flatnonzero(np.diff(Ts) < 0)[0])
        raise ValueError(f"Ts[{i + 1}]={int(Ts[i + 1])} is below Ts[{i}]={int(Ts[i])}; the horizons must be "
                         "sorted ascending")
    steps = int(min(greedy_steps, Ts[-1]))
    greedy = greedy_information_gain(K=K, T=steps, sigma=noise_std)
    gains = np.asarray(greedy.gains, dtype=float)
    near = Ts <= steps
    lower = np.empty(Ts.shape)
    upper = spectral_gamma_upper(np.linalg.eigvalsh(K), Ts, noise_std)
    lower[near] = gains[Ts[near] - 1]
    upper[near] = np.minimum(upper[near], gains[Ts[near] - 1] / GREEDY_FACTOR)
    if (~near).any():
        picks = greedy.indices
        mu = np.clip(np.linalg.eigvalsh(K[np.ix_(picks, picks)]) / noise_std**2, 0.0, None)
        repeats = Ts[~near] // steps
        lower[~near] = np.maximum(gains[-1], 0.5 * np.log1p(repeats[:, None] * mu[None, :]).sum(axis=1))
    return lower, upper


#: How far beyond the checked T the engine follows a bound to find where it starts to bite (issue 79; not from
#: a paper: past the largest horizon the issue's table reports, about 4e5).
BEYOND_T = 10**6


def horizon_grid(checked: int, search_to: int = BEYOND_T, points: int = 400) -> np.ndarray:
    """The horizons at which a bound is followed beyond the checked T: every T <= ``checked``, then about
    ``points`` geometrically spaced T up to ``search_to`` (a first T found there is exact to about
    ``(search_to / checked) ** (1 / points) - 1``, 1.5 % for 1000 to 10**6 on 400 points).

    >>> horizon_grid(3, 30, points=4).tolist()
    [1, 2, 3, 5, 9, 17, 30]
    """
    checked = check_count("checked", checked)
    search_to = check_count("search_to", search_to, low=checked)
    points = check_count("points", points)
    far = np.unique(np.round(np.geomspace(checked, search_to, points + 1)).astype(int))
    return np.concatenate([np.arange(1, checked + 1), far[far > checked]])


def realised_information_gain(K_queries, noise_std) -> np.ndarray:
    r""":math:`I(\mathbf y_{1:t};\mathbf f_{1:t})` of the realised queries for t = 1..T (each <= γ_t)."""
    T = K_queries.shape[0]
    return np.array([information_gain(K=K_queries[:t, :t], sigma=noise_std) for t in range(1, T + 1)])


def regret_bracket(f_queries, certificate) -> tuple[np.ndarray, np.ndarray]:
    r"""Cumulative regret :math:`R_t=\sum_{s\le t}(f^*-f(x_s))` bracketed by the certificate of :math:`f^*`.

    Lower: with ``certificate.value`` (attained, so :math:`\le f^*`); upper: with ``upper_bound`` when the
    certificate has one (else the lower one again). Returns (lower, upper), shape (T,).
    """
    f_queries = np.asarray(f_queries, dtype=float)
    low = np.cumsum(certificate.value - f_queries)
    top = certificate.upper_bound if certificate.upper_bound is not None else certificate.value
    return low, np.cumsum(top - f_queries)
