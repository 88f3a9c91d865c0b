r"""RPP-GP-UCB [Li2016, Alg. 3]: restricted projection pursuit.

The objective is modelled as projected-additive [Li2016, Eq. (6)] on the unit cube :math:`u\in[0,1]^D`
(the user's box is mapped affinely onto it, :math:`x = l + s\odot u`):

.. math::

    f(u) = \sum_{j=1}^M f^{(j)}\big((\hat W^{(j)})^\top u\big),\qquad
    \hat W = (1-\alpha)W + \alpha I .

Every ``n_cyc`` observations ([Li2016, Alg. 3, step 1]) the projection :math:`W` and the kernel
hyperparameters are learnt by maximising the marginal likelihood, and :math:`\alpha` is chosen by grid search
under the :math:`\delta`-ratio constraint :math:`\rho(\hat W)\le 1+\delta` ([Li2016, Eq. (8)],
:func:`regretlab.bounds.rpp.alpha_search`). Each iteration ([Li2016, Alg. 3, step 2]) maximises the additive
UCB [Li2016, Eq. (4)] group by group [Li2016, Eq. (5)] over the outer box of
:math:`\{\hat W^\top u : u\in[0,1]^D\}` and maps back with :math:`u_t = \hat W^{-\top} z_t`.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
from scipy.optimize import lsq_linear, minimize

from regretlab._validate import (
    MAGNITUDE_LIMIT,
    check_array,
    check_bool,
    check_choice,
    check_count,
    check_number,
)
from regretlab.bounds import rpp as rpp_bounds
from regretlab.gp import (
    Kernel,
    ProjectedAdditive,
    SquaredExponential,
    Tied,
    fit_hyperparameters,
    likelihood_terms,
    log_marginal_likelihood,
)

from .acquisition import Acquisition, Restricted
from .add_gp_ucb import PRACTICAL_BETA, AddGPUCB
from .additive import AdditiveOptimizer, perturb_repeated
from .base import Proposal
from .beta import BetaOptions
from .groups import candidate_count, consecutive_groups, random_decomposition
from .posteriors import ComponentPosterior
from .priors import default_kernel

__all__ = ["RPPGPUCB", "outer_box", "projected_additive_lml_and_W_grad"]

#: Entries of the learnt W are kept in [-_W_ENTRY_BOUND, _W_ENTRY_BOUND] (L-BFGS-B box): the likelihood is
#: invariant to rescaling a group's columns against its lengthscale, so without a bound W can drift in scale.
_W_ENTRY_BOUND = 3.0
#: Relative tolerance for "u = Ŵ^{-T} z lies in [0, 1]^D" (round-off of the solve).
_UNIT_TOL = 1e-9


# ---------------------------------------------------------------------------------------------------------
# Pure helpers
# ---------------------------------------------------------------------------------------------------------
def outer_box(W) -> np.ndarray:
    r"""The outer box of :math:`\mathcal X_W=\{W^\top u: u\in[0,1]^D\}` ([Li2016, §4.1, Fig. 2(b)]).

    .. math::

        \mathrm{outer}(\mathcal X_W)=\prod_{j=1}^D\Big[\sum_i\min(W_{ij},0),\ \sum_i\max(W_{ij},0)\Big],

    the tight axis-aligned box (its side j is :math:`\|w_j\|_1`, the factor of
    :func:`regretlab.bounds.rpp.outer_box_ratio`).

    Returns
    -------
    ndarray, shape (D, 2)

    Examples
    --------
    >>> outer_box([[1.0, 1.0], [-1.0, 1.0]]).tolist()
    [[-1.0, 1.0], [0.0, 2.0]]
    """
    W = check_array("W", W, ndim=2)
    return np.column_stack([np.minimum(W, 0.0).sum(axis=0), np.maximum(W, 0.0).sum(axis=0)])


def projected_additive_lml_and_W_grad(W, groups, kernels, X, y, noise_variance):
    r"""Log marginal likelihood of the projected-additive GP ([Li2016, Eq. (6)]) and its gradient in W.

    With :math:`Z = XW`, :math:`K=\sum_j k_j(Z^{(j)}, Z^{(j)})`, :math:`\Delta = K + \sigma^2 I`, the
    generalised-least-squares constant mean :math:`\hat m` and :math:`a=\Delta^{-1}(y-\hat m)`,
    [Rasmussen2006, Eq. (5.9)] and the chain rule through :math:`Z^{(j)} = XW^{(j)}` give

    .. math::

        \frac{\partial\log p}{\partial W^{(j)}} = X^\top G^{(j)},\qquad
        G^{(j)}_{a\cdot} = \sum_b (aa^\top-\Delta^{-1})_{ab}\,
        \nabla_1 k_j(Z^{(j)}_a, Z^{(j)}_b),

    (:math:`\nabla_1` is the gradient in the first argument, ``Kernel.gradient_x``, contracted with
    :math:`aa^\top-\Delta^{-1}` by matrix products without the (n, n, d_j) array; the profiled mean adds
    nothing by the envelope theorem). The likelihood and :math:`aa^\top-\Delta^{-1}` are
    :func:`regretlab.gp.likelihood_terms`, as in the hyperparameter fit; only the chain rule through W is
    written here, because ``ProjectedAdditive`` keeps W outside ``theta``.

    Returns
    -------
    (float, ndarray of shape W.shape)
    """
    n = X.shape[0]
    Z = X @ W
    delta = np.zeros((n, n))
    features, states = [Z[:, list(g)] for g in groups], []
    for k, Zg in zip(kernels, features, strict=True):
        K_j, state = k._cross(Zg, Zg, gradient=True)  # state: what the gradient re-uses of this evaluation
        delta += K_j
        states.append(state)
    delta[np.diag_indices_from(delta)] += noise_variance
    # GLS constant mean, [Rasmussen2006, Alg. 2.1]; delta is ours, factorised in its own memory
    terms = likelihood_terms(delta, y, mean=None, overwrite=True)
    inner = terms.gradient_weights()  # aaᵀ - Δ⁻¹, [Rasmussen2006, Eq. (5.9)]
    grad = np.zeros_like(W)
    for k, g, Zg, state in zip(kernels, groups, features, states, strict=True):
        # G^(j) = Σ_b inner_ab ∇_1 k_j(z_a, z_b): the contraction of gradient_x by matrix products
        G = k._gradient_x_dot(Zg, Zg, [inner], state)[0]
        grad[:, list(g)] = X.T @ G
    return terms.value, grad


# ---------------------------------------------------------------------------------------------------------
# The algorithm
# ---------------------------------------------------------------------------------------------------------
class RPPGPUCB(AdditiveOptimizer):
    r"""RPP-GP-UCB, [Li2016, Alg. 3] (with Algs 1-2 and Eq. (4)-(8)).

    At a refit (every ``n_cyc`` observations) learn the projection :math:`W` and hyperparameters by
    marginal likelihood, then restrict it (Eq. 7-8):

    .. math::

        \alpha^\star=\arg\max_{\alpha\in\text{grid}}\log P(\mathbf y_t\mid X_t;\hat W(\alpha))
        \ \text{s.t.}\ \frac{\prod_j\|\hat w_j\|_1}{|\det\hat W|}\le1+\delta,\qquad
        \hat W=(1-\alpha)W+\alpha I .

    Each iteration maximises the additive UCB group by group over the outer box (Eq. 4-5, Alg. 3 step 2)

    .. math::

        z_t^{(j)}=\arg\max_{z^{(j)}\in\mathrm{outer}(\hat W)^{(j)}}\ \mu^{(j)}_{t-1}(z^{(j)})
        +\sqrt{\beta_t}\,\sigma^{(j)}_{t-1}(z^{(j)}),\qquad u_t=\hat W^{-\top}z_t,\quad x_t=l+s\odot u_t,

    with DIRECT ([Li2016, §5]) on each group's block of the outer box, ``acq_budget`` shared equally by the
    groups.

    Departures from / readings of the paper (all documented in the records):

    * **Learning W.** The paper learns W with [Gilboa2013]'s projection-pursuit GP (EM on a state space
      model), which is not available here. Instead W (in unit-cube coordinates) maximises the same
      projected-additive marginal likelihood directly: L-BFGS-B over the :math:`D^2` entries with the analytic
      gradient of :func:`projected_additive_lml_and_W_grad` (θ and σ² held at their ML-II fit), warm-started
      from the previous W (Alg. 3's "warm start") plus ``n_W_restarts`` starts :math:`I+S`,
      :math:`S_{ik}\sim U(-p,p)` (``W_perturbation`` p, the form of [Li2016, §5.1]'s A), all drawn from
      ``rng``. Entries are bounded by 3 in absolute value. θ (and σ²) are then re-fitted at :math:`\hat W`.
    * **α search.** Eq. (8) is maximised on an ``n_alpha_grid`` grid with θ and σ² held fixed (the paper
      does not say whether θ is re-fitted per α, nor gives its grid).
    * **Infeasible points.** The outer box is larger than :math:`\mathcal X_{\hat W}`, so
      :math:`\hat W^{-\top}z_t` may leave :math:`[0,1]^D`. The paper does not say how such points are
      handled (§5.1 only reports that with :math:`\delta=\infty` "the algorithm query many points out of the
      original domain"). Here every query lies in the domain: an infeasible :math:`z_t` is replaced by the
      feasible point closest to it in the projected coordinates where the model is additive,
      :math:`u_t=\arg\min_{u\in[0,1]^D}\|\hat W^\top u-z_t\|_2` (bounded least squares,
      :func:`scipy.optimize.lsq_linear`); ``records["projected"]`` says when this happened.
    * **Groups.** Fixed (``groups``, or consecutive blocks of size ``d`` / ``M`` blocks); the paper picks the
      best of random groupings by marginal likelihood. Each group has its own kernel hyperparameters (the
      paper shares them).
    * **Repeated proposals.** Not stated. With ``perturb_repeats`` a proposal that repeats an earlier query
      is moved as the Add-GP-UCB authors' ``addGPBO.m`` moves it (see the parameter).

    Records per iteration: ``W`` (learnt, unit-cube coordinates) and ``W_hat`` (arrays (D, D)), ``alpha``,
    ``outer_box_ratio`` :math:`\rho(\hat W)`, ``outer_box`` (D, 2), the group-wise maximiser ``z``,
    ``projected`` (whether :math:`\hat W^{-\top}z` was infeasible) and ``projection_distance``; with
    ``perturb_repeats``, ``perturbations`` (the moves the proposal took, 0 when it repeated nothing).

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
        The box :math:`\mathcal X`; mapped affinely onto :math:`[0,1]^D`, where W, the outer box and the
        :math:`\delta`-ratio are defined ([Li2016, footnote 1]).
    groups : list of list of int, optional
        Partition of the D projected coordinates into the M groups (:math:`z^{(j)}=(\hat W^{(j)})^\top u`).
    d, M : int, optional
        Instead of ``groups``, their size (:mod:`regretlab.algorithms.groups`: d the largest group, M their
        number): consecutive blocks of size d, or M near-equal consecutive blocks when M is given. Default
        ``d = min(D, 5)`` (not stated; the smallest group size of [Li2016, Tables 1-5]).
    delta : float
        :math:`\delta\ge0` of the :math:`\delta`-ratio constraint ([Li2016] uses 0.05 and 0.1; 0 is
        Add-GP-UCB, Table 5). Not a probability.
    n_alpha_grid : int
        Grid size (>= 2) on :math:`\alpha\in[0,1]` for Eq. (8).
    beta : {"practical", "constant"}
        ``"practical"`` (default): :math:`\beta_t=0.2\,d\log 2t` with d the largest group size
        (:func:`regretlab.bounds.add_gp_ucb.beta_t_practical`, Add-GP-UCB [Kandasamy2015, §4.4], satisfying
        Thm 2's :math:`\tilde O(d\log t)`; [Li2016] does not state its β_t). ``"constant"``: ``beta_value``.
    beta_scale : float
        Multiplies the schedule (> 0).
    beta_value : float
        β of the ``"constant"`` schedule (> 0).
    W_init : array_like (D, D), optional
        Initial projection in unit-cube coordinates (default I); must be invertible.
    learn_W : bool
        Learn W at each refit (True) or keep ``W_init`` (then only α is searched).
    n_W_restarts : int
        Random starts :math:`I+S` of the W optimisation besides the warm start (>= 0).
    W_perturbation : float
        Half-width p > 0 of the entries of S in the random starts.
    W_maxiter : int
        L-BFGS-B iterations per W start (>= 1).
    n_group_combinations : int or "M"
        [Li2016, §5]: "we create the M combinations randomly and choose the one maximizing the marginal
        likelihood, where M is the number of groups". With k > 0 (``"M"``: k = M) and no ``groups=`` given,
        every refit scores the current groups and k random decompositions of the same sizes by their ML-II
        log marginal likelihood at the current :math:`\hat W` and keeps the best (record ``group_search``;
        keeping the current groups among the candidates is this project's warm start). Default 0:
        consecutive blocks, never changed.
    ratio_reading : {"A", "B", "C"}
        The δ-ratio constraint of Eq. (8) (:func:`regretlab.bounds.rpp.alpha_search`): ``"A"`` as printed
        (default; forces :math:`\hat{\mathbf W}=\mathbf I` at D = 50, see ERRATA.md), ``"B"`` per dimension,
        ``"C"`` per group block.
    perturb_repeats : bool
        Not stated in [Li2016]; what its ADD baseline's code does (the Add-GP-UCB authors' ``addGPBO.m``, one
        of whom is an author of [Li2016]): a proposal within :math:`10^{-10}\ell` of an earlier query is
        replaced by ``project(u + 0.1 ℓ N(0, I))`` onto :math:`[0,1]^D`, drawn from ``rng`` until it is not
        (:func:`~regretlab.algorithms.additive.perturb_repeated`), in unit-cube coordinates u with ℓ the
        smallest group lengthscale of the model (unit-cube features :math:`\hat W^\top u`; :math:`10^{-3}`
        before any fit). Default False: the proposal is queried as it is.
    tied : bool
        One lengthscale and one signal variance for all groups ([Li2016, §5]: hyperparameters "shared
        across groups"), fitted through :class:`regretlab.gp.Tied`. Default False (per group); the
        ``Li2016/*`` setups use True.
    kernel : Kernel or callable, optional
        The per-group base kernel (copied to every group with its own hyperparameters), or a factory
        ``kernel(bounds) -> Kernel``. Default: SE with lengthscale :math:`0.25\sqrt{d}` (unit coordinates).
    **kwargs
        The shared loop's options (:class:`regretlab.algorithms.base.BayesianOptimizer`); [Li2016, §5] uses
        ``n_init=10``, ``n_cyc=25`` (the defaults).

    References
    ----------
    .. [1] [Li2016, Algs 1-3, Eq. (4)-(8), §5].
    .. [2] [Kandasamy2015, §4.4] (practical β_t).
    .. [3] [Gilboa2013] (the W learner the paper uses; replaced here, see above).

    Examples
    --------
    >>> import numpy as np
    >>> opt = RPPGPUCB([[0.0, 1.0], [0.0, 1.0]], d=1, rng=0, n_init=4, acq_budget=60, n_restarts=0)
    >>> trace = opt.run(lambda x: -float(np.sum((x - 0.3) ** 2)), 6, progress=False)
    >>> trace.x.shape, sorted(trace.records[-1])[:3]
    ((6, 2), ['W', 'W_hat', 'alpha'])
    """

    name = "RPP-GP-UCB"
    #: The loop of Add-GP-UCB, which [Li2016, §5] states for RPP-GP-UCB too.
    defaults = dataclasses.replace(
        AddGPUCB.defaults,
        sources={"n_init": "[Li2016, §5]: N_init = 10", "n_cyc": "[Li2016, §5]: N_cyc = 25",
                 "acq_optimizer": "[Li2016, §5]: DiRect"},
    )
    beta_options = BetaOptions(
        formulas={
            # [Kandasamy2015, §4.4]; not stated in [Li2016], whose Thm 2 asks only O(d log t).
            "practical": PRACTICAL_BETA,
        },
        default="practical",
    )

    #: Groups of 5 when none of groups, d, M is given: not stated; the smallest size of [Li2016, Tables 1-5].
    default_group_size = staticmethod(lambda D: min(D, 5))

    def __init__(
        self,
        bounds,
        *,
        delta: float = 0.1,
        n_alpha_grid: int = 21,
        W_init=None,
        learn_W: bool = True,
        n_W_restarts: int = 1,
        W_perturbation: float = 0.25,
        W_maxiter: int = 50,
        tied: bool = False,
        ratio_reading: str = "A",
        n_group_combinations: int | str = 0,
        perturb_repeats: bool = False,
        **kwargs,
    ):
        super().__init__(bounds, **kwargs)
        self.tied = check_bool("tied", tied)
        self.perturb_repeats = check_bool("perturb_repeats", perturb_repeats)
        self.n_perturbed = 0
        self.ratio_reading = check_choice("ratio_reading", ratio_reading, rpp_bounds.RATIO_READINGS)
        self.n_group_combinations = candidate_count(
            "n_group_combinations", n_group_combinations, self.n_groups, low=0
        )
        self._group_record: dict | None = None
        D = self.dim
        self.delta = check_number("delta", delta, low=0.0)
        self.n_alpha_grid = check_count("n_alpha_grid", n_alpha_grid, low=2)
        self.W_init = self._check_W_init(W_init)
        self.learn_W = check_bool("learn_W", learn_W)
        self.n_W_restarts = check_count("n_W_restarts", n_W_restarts, low=0)
        # beyond 1e150 the uniform perturbation's range overflows
        self.W_perturbation = check_number("W_perturbation", W_perturbation, low=0.0, high=MAGNITUDE_LIMIT,
                                           low_open=True)
        self.W_maxiter = check_count("W_maxiter", W_maxiter, low=1)
        if self.acq_budget < self.n_groups:
            raise ValueError(
                f"acq_budget={self.acq_budget} is outside its domain [{self.n_groups}, inf): "
                f"each of the {self.n_groups} groups needs at least one acquisition evaluation"
            )
        self._low, self._side = self.bounds[:, 0].copy(), self.bounds[:, 1] - self.bounds[:, 0]
        self._unit_box = np.tile([0.0, 1.0], (D, 1))
        self.W = self.W_init.copy()  # learnt projection (unit-cube coordinates)
        self.alpha = 1.0
        self.W_hat = np.eye(D)
        self.W_log_marginal_likelihood = math.nan
        self._record_params(
            "delta", "n_alpha_grid", "W_init", "learn_W", "n_W_restarts", "W_perturbation", "W_maxiter",
            "tied", "ratio_reading", "n_group_combinations", "perturb_repeats",
            decomposition=[list(g) for g in self.groups],
        )

    def choose_groups(self, spec):
        """The given groups, else consecutive blocks: M near-equal ones if M is given, else of size d."""
        if spec.groups is not None:
            return spec.groups
        if "M" in spec.given:
            return consecutive_groups(self.dim, M=spec.M)
        return consecutive_groups(self.dim, d=spec.d)

    def _check_W_init(self, W_init) -> np.ndarray:
        if W_init is None:
            return np.eye(self.dim)
        W = check_array("W_init", W_init, shape=(self.dim, self.dim))
        if not np.isfinite(rpp_bounds.outer_box_ratio(W=W)):
            raise ValueError("W_init is singular; its domain is the invertible (D, D) matrices")
        return W

    # ---- model: kernel, W learning, α search ------------------------------------------------------------
    def group_kernel(self) -> Kernel:
        """The per-group base kernel (``kernel=`` or a factory, else SE on the unit d-cube of the projected
        features: lengthscale 0.25 √d, bounds relative to that cube, :mod:`regretlab.algorithms.priors`)."""
        if self._kernel_spec is None:
            return default_kernel(SquaredExponential, np.tile([0.0, 1.0], (self.d, 1)))
        return self._kernel_from_spec(self._kernel_spec, self.bounds)

    def make_kernel(self) -> ProjectedAdditive:
        """The prior: the projected-additive kernel at the current :math:`\\hat W` with the base kernel in
        every group ([Li2016, Eq. (6)])."""
        return self._projected_kernel(self.W_hat, [self.group_kernel()] * self.n_groups)

    def _projected_kernel(self, W_unit, kernels) -> ProjectedAdditive:
        """The GP kernel on original x: projection :math:`\\mathrm{diag}(1/s)\\,W` (u = (x - l)/s)."""
        return ProjectedAdditive(W_unit / self._side[:, None], self.groups, list(kernels))

    def _learn_W(self, kernels, X_scaled, y, noise_variance) -> tuple[np.ndarray, float]:
        """Maximise the projected-additive likelihood over W (θ, σ² fixed) from warm and random starts."""
        D = self.dim
        starts = [np.clip(self.W, -_W_ENTRY_BOUND, _W_ENTRY_BOUND)]
        for _ in range(self.n_W_restarts):
            p = self.W_perturbation
            starts.append(np.eye(D) + self.rng.uniform(-p, p, size=(D, D)))

        def negative(w):
            try:
                lml, grad = projected_additive_lml_and_W_grad(
                    w.reshape(D, D), self.groups, kernels, X_scaled, y, noise_variance
                )
            except ValueError:  # Δ not factorisable even with jitter
                return 1e25, np.zeros_like(w)
            return -lml, -grad.ravel()

        best_W, best = starts[0], -negative(starts[0].ravel())[0]
        for W0 in starts:
            res = minimize(
                negative, W0.ravel(), jac=True, method="L-BFGS-B",
                bounds=[(-_W_ENTRY_BOUND, _W_ENTRY_BOUND)] * (D * D), options={"maxiter": self.W_maxiter},
            )
            W = res.x.reshape(D, D)
            if -res.fun > best and np.isfinite(rpp_bounds.outer_box_ratio(W=W)):
                best_W, best = W, float(-res.fun)
        return best_W, best

    def _fit_theta(self, W_unit, kernels, X, y, n_restarts):
        kernel = self._projected_kernel(W_unit, kernels)
        fit = fit_hyperparameters(
            Tied(kernel) if self.tied else kernel, X, y, noise_variance=self.noise_variance, rng=self.rng,
            **{**self.fit_options(), "n_restarts": n_restarts},
        )
        if self.tied:
            fit = dataclasses.replace(fit, kernel=fit.kernel.base)
        self.noise_variance = fit.noise_variance
        return fit

    def _start_kernels(self, groups) -> list[Kernel]:
        """Where each group's θ fit starts: the last refit's fitted component (a warm start, as Alg. 3 warm
        starts W) where its input size fits the group, else the prior of :meth:`group_kernel`."""
        if self.kernel is None:
            return [self.group_kernel()] * len(groups)
        return [k if k.input_dim in (None, len(g)) else self.group_kernel()
                for k, g in zip(self.kernel.kernels, groups, strict=True)]

    def _search_groups(self, X, y_n) -> None:
        """[Li2016, §5]: the current groups and ``n_group_combinations`` random ones, each scored by the ML-II
        log marginal likelihood of θ at the current Ŵ, fitted from the last refit's θ (a warm start: a
        fit from the prior at every refit took 3-4 times the likelihood evaluations); the best become
        ``groups`` (its θ the start)."""
        candidates = [self.groups] + [
            random_decomposition(self.rng, self.dim, self.n_groups) for _ in range(self.n_group_combinations)
        ]
        scores, kernels = [], []
        for groups in candidates:
            self.groups = groups
            fit = self._fit_theta(self.W_hat, self._start_kernels(groups), X, y_n, 0)
            scores.append(float(fit.log_marginal_likelihood))
            kernels.append(fit.kernel)
        best = int(np.argmax(scores))
        self.groups, self.kernel = candidates[best], kernels[best]
        self._group_record = {"candidates": candidates, "log_marginal_likelihoods": scores, "chosen": best}

    def _update_model(self, x, y):
        records = super()._update_model(x, y)
        if self._group_record is not None:
            records["group_search"], self._group_record = self._group_record, None
        return records

    def _fit_model(self, X, y_n):
        """[Li2016, Alg. 3, step 1]: fit θ (ML-II) at W, learn W, choose α by [Li2016, Eq. (8)], refit θ at Ŵ.

        Returns the projected-additive kernel at :math:`\\hat W(\\alpha)`, σ² and the constant mean.
        """
        if self.n_group_combinations and self.group_spec.groups is None and self.fit_hyperparameters:
            self._search_groups(X, y_n)
        kernels = list((self.make_kernel() if self.kernel is None else self.kernel).kernels)
        if self.fit_hyperparameters:
            kernels = list(self._fit_theta(self.W, kernels, X, y_n, self.n_restarts).kernel.kernels)
        X_scaled = X / self._side  # Z = X diag(1/s) W: the likelihood in unit-cube W
        if self.learn_W:
            learnt = self._learn_W(kernels, X_scaled, y_n, self.noise_variance)
            self.W, self.W_log_marginal_likelihood = learnt

        def lml(W_hat):
            kernel = self._projected_kernel(W_hat, kernels)
            try:
                return log_marginal_likelihood(kernel, X, y_n, noise_variance=self.noise_variance, mean=None)
            except ValueError:
                return -math.inf

        search = rpp_bounds.alpha_search(
            W=self.W, delta=self.delta, log_likelihood=lml, n_grid=self.n_alpha_grid,
            reading=self.ratio_reading, groups=self.groups if self.ratio_reading == "C" else None,
        )
        self.alpha = search.alpha
        self.W_hat = rpp_bounds.restricted_W(W=self.W, alpha=self.alpha)
        if not self.fit_hyperparameters:
            return self._projected_kernel(self.W_hat, kernels), self.noise_variance, 0.0
        fit = self._fit_theta(self.W_hat, kernels, X, y_n, 0)
        self.last_fit = fit
        return fit.kernel, self.noise_variance, fit.mean

    # ---- Alg. 3 step 2 ----------------------------------------------------------------------------------
    def _group_budgets(self) -> list[int]:
        share, extra = divmod(self.acq_budget, self.n_groups)
        return [share + (1 if j < extra else 0) for j in range(self.n_groups)]

    def _to_domain(self, z) -> tuple[np.ndarray, bool, float]:
        """:math:`u=\\hat W^{-\\top}z` if it is in [0,1]^D, else the feasible u closest in z (lsq_linear)."""
        A = self.W_hat.T
        u = np.linalg.solve(A, z)
        if np.all(u >= -_UNIT_TOL) and np.all(u <= 1.0 + _UNIT_TOL):
            return np.clip(u, 0.0, 1.0), False, 0.0
        u = np.clip(lsq_linear(A, z, bounds=(0.0, 1.0)).x, 0.0, 1.0)
        return u, True, float(np.linalg.norm(A @ u - z))

    def _propose(self, t: int, beta: float) -> Proposal:
        """Maximise each group's UCB on its block of outer(Ŵ) ([Li2016, Eq. (5)]), map back to the domain."""
        box = outer_box(self.W_hat)
        offset = self.W_hat.T @ (self._low / self._side)  # model projection of x minus z = Ŵᵀu
        centre = box.mean(axis=1)
        # Group j's UCB on z^(j), its block of the outer box; the GP saw the features z + c.
        components = [ComponentPosterior(self.model, j, g, offset=offset) for j, g in enumerate(self.groups)]
        acquisitions = [
            Restricted(Acquisition(component, "ucb", beta=beta), centre, g)
            for component, g in zip(components, self.groups, strict=True)
        ]
        z, evaluations, _ = self.maximize_by_blocks(
            acquisitions, [box[g] for g in self.groups], self._group_budgets(), centre
        )
        n_eval = sum(evaluations)
        u, projected, distance = self._to_domain(z)
        if self.perturb_repeats:
            u, perturbed = perturb_repeated(u, (self.X - self._low) / self._side, self._unit_box,
                                            self._bandwidth(1.0), self.rng)
            self.n_perturbed += perturbed > 0
        records = {
            "W": self.W.copy(),
            "W_hat": self.W_hat.copy(),
            "alpha": float(self.alpha),
            "outer_box_ratio": float(rpp_bounds.outer_box_ratio(W=self.W_hat)),
            "outer_box": box,
            "z": z.copy(),
            "projected": bool(projected),
            "projection_distance": distance,
        }
        if self.perturb_repeats:
            records["perturbations"] = perturbed
        return Proposal(self._low + self._side * u, n_eval, records)

