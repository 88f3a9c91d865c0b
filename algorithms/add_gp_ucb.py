r"""Add-GP-UCB [Kandasamy2015, Algs 1-2].

The GP prior is additive over disjoint coordinate groups, :math:`\kappa(x,x')=\sum_j\kappa^{(j)}(x^{(j)},
x'^{(j)})` ([Kandasamy2015, Eq. (4)], :class:`regretlab.gp.Additive`), and the acquisition is the sum of
per-group GP-UCB terms [Kandasamy2015, Eq. (6)]

.. math::

    \tilde\varphi_t(x)=\sum_{j=1}^M\tilde\varphi^{(j)}_t(x^{(j)}),\qquad
    \tilde\varphi^{(j)}_t(z)=\mu^{(j)}_{t-1}(z)+\sqrt{\beta_t}\,\sigma^{(j)}_{t-1}(z),

with the per-group posteriors of [Kandasamy2015, Eq. (5)] (:meth:`regretlab.gp.GP.predict_components`).
Since the terms live on orthogonal sub-boxes, each :math:`\tilde\varphi^{(j)}_t` is maximised separately
over :math:`\mathcal X^{(j)}` with DIRECT and :math:`x_t` is assembled from the group maximisers
[Kandasamy2015, Alg. 1, steps 1-2]. With an unknown decomposition the groups are re-learned at every refit
by marginal likelihood over a few random decompositions [Kandasamy2015, Alg. 2, §4.4].
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from regretlab._validate import check_choice, check_integer, check_probability, check_real
from regretlab.bounds import add_gp_ucb as add_bounds
from regretlab.gp import Additive, Kernel, SquaredExponential, fit_hyperparameters, log_marginal_likelihood

from .acquisition import MaximizeResult, ucb
from .base import BayesianOptimizer, Proposal

__all__ = ["AddGPUCB", "GroupUCB", "BETA_SCHEDULES", "GROUP_OPTIMIZERS", "random_decomposition"]

#: Named β_t schedules of :class:`AddGPUCB`.
BETA_SCHEDULES = ("practical", "thm5", "constant")
#: Acquisition maximisers usable per group (the posterior gives no per-group gradients, so no L-BFGS-B).
GROUP_OPTIMIZERS = ("direct", "random")


class GroupUCB:
    r"""Per-group UCB (Alg. 1 step 1): :math:`\mu^{(j)}_{t-1}(z)+\sqrt{\beta_t}\sigma^{(j)}_{t-1}(z)`.

    A batch function of :math:`z\in\mathcal X^{(j)}` (rows of shape (q, d_j)) for the DIRECT maximiser, in
    observation units (``posterior`` is a :class:`regretlab.algorithms.base.ScaledPosterior` whose GP has
    an :class:`regretlab.gp.Additive` kernel). The component posterior is [Kandasamy2015, Eq. (5)],

    .. math::

        \mu^{(j)}(z)=\kappa^{(j)}(z,X^{(j)})\Delta^{-1}(Y-m),\qquad
        \sigma^{(j)2}(z)=\kappa^{(j)}(z,z)-\kappa^{(j)}(z,X^{(j)})\Delta^{-1}\kappa^{(j)}(X^{(j)},z),

    evaluated on the d_j group coordinates only by :meth:`regretlab.gp.GP.predict_component` (the same
    quantities as :meth:`regretlab.gp.GP.predict_components`, without evaluating the other M - 1
    components at every call). With one group, :math:`\kappa^{(1)}=\kappa` and
    Eq. (5) is the full posterior, which is then taken from ``posterior.predict`` (so one-group Add-GP-UCB
    and GP-UCB evaluate the same floating-point expression).

    The constant part of the posterior mean (the GP's prior mean m and the y-normalisation shift) belongs to
    no component; the group with ``carries_constant=True`` adds it, so that
    :math:`\sum_j\tilde\varphi^{(j)}_t(x^{(j)})=\mu_{t-1}(x)+\sqrt{\beta_t}\sum_j\sigma^{(j)}_{t-1}(x^{(j)})`
    is exactly Eq. (6). A constant does not move a maximiser.
    """

    def __init__(self, posterior, j: int, beta: float, *, anchor, carries_constant: bool = False):
        self.posterior = posterior
        gp = posterior.gp
        self.j = int(j)
        self.group = np.asarray(gp.kernel.groups[self.j], dtype=np.intp)
        self.kernel = gp.kernel.kernels[self.j]
        self.one_group = gp.kernel.n_components == 1
        self.anchor = np.asarray(anchor, dtype=float)
        self.beta = check_real("beta", beta, low=0.0)
        self.carries_constant = bool(carries_constant) or self.one_group
        self.n_evaluations = 0

    def embed(self, Z) -> np.ndarray:
        """Full-D points equal to ``anchor`` except the group's coordinates, set to the rows of ``Z``."""
        Z = np.atleast_2d(np.asarray(Z, dtype=float))
        X = np.tile(self.anchor, (Z.shape[0], 1))
        X[:, self.group] = Z
        return X

    def mean_and_variance(self, Z) -> tuple[np.ndarray, np.ndarray]:
        r""":math:`\mu^{(j)}_{t-1}` (plus the constant, if carried) and :math:`\sigma^{(j)2}_{t-1}` at Z."""
        post = self.posterior
        if self.one_group:
            return post.predict(self.embed(Z))
        mean, var = post.gp.predict_component(self.j, np.atleast_2d(np.asarray(Z, dtype=float)))
        if self.carries_constant:
            mean = post.shift + post.scale * (post.gp.mean + mean)
        else:
            mean = post.scale * mean
        return mean, post.scale**2 * var

    def __call__(self, Z) -> np.ndarray:
        mean, variance = self.mean_and_variance(Z)
        self.n_evaluations += mean.shape[0]
        return ucb(mean, variance, self.beta)


def random_decomposition(rng: np.random.Generator, dim: int, n_groups: int) -> list[list[int]]:
    """A uniformly random split of ``range(dim)`` into ``n_groups`` groups of sizes as equal as possible.

    The groups are consecutive chunks of ``rng.permutation(dim)`` (sizes differ by at most one, the larger
    first); each group is sorted and the groups are ordered by their smallest index (a canonical form, so
    equal decompositions compare equal).
    """
    chunks = np.array_split(rng.permutation(dim), n_groups)
    return _canonical([sorted(int(i) for i in c) for c in chunks])


def _canonical(groups) -> list[list[int]]:
    return sorted((sorted(int(i) for i in g) for g in groups), key=lambda g: g[0])


def _check_groups(groups, dim: int) -> list[list[int]]:
    """Validate a known decomposition: disjoint, non-empty index lists covering ``range(dim)``."""
    if isinstance(groups, np.ndarray):
        groups = groups.tolist()
    if not isinstance(groups, Sequence) or isinstance(groups, str) or len(groups) == 0:
        raise ValueError(f"groups={groups!r} is outside its domain: a non-empty list of index lists")
    out: list[list[int]] = []
    seen: set[int] = set()
    for j, group in enumerate(groups):
        if isinstance(group, str):
            raise ValueError(f"groups[{j}]={group!r} is not a list of indices in [0, {dim - 1}]")
        idx = np.atleast_1d(check_integer(f"groups[{j}]", np.asarray(group), low=0, high=dim - 1))
        if idx.ndim != 1 or idx.size == 0:
            raise ValueError(f"groups[{j}]={group!r} must be a non-empty 1-D list of indices")
        for i in idx.tolist():
            if i in seen:
                raise ValueError(f"groups={groups!r} are not disjoint: index {i} appears twice")
            seen.add(i)
        out.append([int(i) for i in idx])
    if len(seen) != dim:
        missing = sorted(set(range(dim)) - seen)
        raise ValueError(
            f"groups={groups!r} do not cover all {dim} coordinates (missing {missing}); x_t is assembled "
            "from the group maximisers, so every coordinate needs a group"
        )
    return out


class AddGPUCB(BayesianOptimizer):
    r"""Add-GP-UCB, [Kandasamy2015, Alg. 1] (known decomposition) and [Kandasamy2015, Alg. 2]
    (Practical-Add-GP-UCB, decomposition learned by marginal likelihood).

    At iteration t, for every group :math:`j=1,\dots,M`

    .. math::

        x_t^{(j)}=\arg\max_{z\in\mathcal X^{(j)}}\ \mu^{(j)}_{t-1}(z)+\sqrt{\beta_t}\,\sigma^{(j)}_{t-1}(z),
        \qquad x_t=\bigcup_{j=1}^M x_t^{(j)},

    each maximised by DIRECT on its own sub-box :math:`\mathcal X^{(j)}` with a per-group budget of
    :math:`\lfloor 0.9\,n_{GP}/M\rfloor` evaluations, :math:`n_{GP}=` ``acq_budget`` (default
    :math:`\min(5000,100D)`; [Kandasamy2015, §5], :func:`regretlab.bounds.add_gp_ucb.budgets`).

    **Decomposition.** With ``groups=`` the decomposition is known (Alg. 1; "Add-*" in
    [Kandasamy2015, §5.1]). With ``d=`` (and optionally ``M=``) it is learned (Alg. 2; "Add-d/M"): at every
    hyperparameter refit (``n_init`` and then every ``n_cyc`` observations, [Kandasamy2015, §5]:
    :math:`N_{init}=10`, :math:`N_{cyc}=25`)
    ``n_decompositions`` random decompositions into M groups of at most d coordinates are drawn from
    ``rng``, each is scored by its maximised log marginal likelihood (ML-II of its own kernel
    hyperparameters, :func:`regretlab.gp.fit_hyperparameters`), and the best is kept until the next refit.
    [Kandasamy2015, §4.4] chooses "a few (:math:`\mathcal O(D)`)" random decompositions and the one "with the
    largest marginal likelihood"; the default here is :math:`D` of them (the authors' released MATLAB code,
    ``decompOptPartial.m``, uses 5). When only one decomposition exists (M = 1 or M = D) nothing is drawn.

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
        The box :math:`\mathcal X`.
    groups : list of list of int, optional
        Known decomposition: disjoint, non-empty index groups covering all D coordinates (Alg. 1).
    d : int, optional
        Learned decomposition: maximum group size, :math:`1\le d\le D` (Alg. 2).
    M : int, optional
        Learned decomposition: number of groups, :math:`\lceil D/d\rceil\le M\le D` (default
        :math:`\lceil D/d\rceil`). Groups are chunks of a random permutation, sizes as equal as possible
        (all equal to d when d divides D and :math:`M=D/d`).
    n_decompositions : int, optional
        Random decompositions scored at each refit (>= 1; default D, the :math:`\mathcal O(D)` of §4.4).
    beta : {"practical", "thm5", "constant"}
        The :math:`\beta_t` schedule:

        * ``"practical"`` (default, Alg. 2 and §4.4): :math:`0.2\,d\log(2t)`,
          :func:`regretlab.bounds.add_gp_ucb.beta_t_practical`, d the maximum group size;
        * ``"thm5"``: :math:`2\log(M\pi^2t^2/2\delta)+2d\log(Dt^3)`,
          :func:`regretlab.bounds.add_gp_ucb.beta_t_thm5`;
        * ``"constant"``: ``beta_value`` for every t.
    beta_scale : float
        Multiplies the schedule (> 0).
    beta_value : float
        :math:`\beta` of the ``"constant"`` schedule (> 0).
    delta : float
        Confidence :math:`\delta\in(0,1)` of ``"thm5"``.
    budget_fraction : float
        Fraction of ``acq_budget`` shared by the M groups, in (0, 1] ([Kandasamy2015, §5]: 0.9, "to account
        for the additional overhead in posterior inference"). Per-group budget
        :math:`\max(1,\lfloor\text{budget\_fraction}\cdot\text{acq\_budget}/M\rfloor)`.
    **kwargs
        The shared loop's options (:class:`regretlab.algorithms.base.BayesianOptimizer`): ``rng``,
        ``n_init``, ``n_cyc``, ``kernel``, ``acq_optimizer`` (``"direct"`` or ``"random"``), ``acq_budget``,
        ... ``kernel`` is the **per-group** kernel: a :class:`regretlab.gp.Kernel` used for every group (each
        copy has its own hyperparameters) or a factory ``kernel(sub_bounds) -> Kernel`` called with each
        group's sub-box. Default per group: squared exponential, lengthscale
        :math:`0.25\,\overline{\text{side}}_j\sqrt{d_j}`, variance :math:`1/M` (so
        :math:`\kappa(x,x)=1`, [Kandasamy2015, §3]); with one group this is GP-UCB's default kernel.

    Notes
    -----
    Departures and readings: t counts every observation including the initial design (as in
    :class:`regretlab.algorithms.gp_ucb.GPUCB`), so :math:`\beta_t` and the refit schedule use the same t as
    GP-UCB. Each group has its own SE lengthscale and variance ([Kandasamy2015, §5] ties them across groups;
    the kernel class has no tying). The "bandwidth :math:`10^{-5}` for the first 25 iterations" heuristic of
    [Kandasamy2015, §5] is not applied. Records per query: ``decomposition`` (list of lists),
    ``group_budget``, ``group_evaluations``, ``acquisition_value`` (:math:`\tilde\varphi_t(x_t)`); on a refit,
    the shared loop's ``refit`` record (with ``log_marginal_likelihood``) and, when the decomposition is
    learned, ``decomposition_search`` (candidates, their log marginal likelihoods, the chosen index).

    References
    ----------
    .. [1] [Kandasamy2015, Eq. (5)-(6), Algs 1-2, Thm 5, §4.4, §5].
    .. [2] [Srinivas2010, Alg. 1] (GP-UCB, the one-group case).

    Examples
    --------
    >>> import numpy as np
    >>> opt = AddGPUCB([[0.0, 1.0]] * 2, groups=[[0], [1]], rng=0, n_init=3, acq_budget=40, n_restarts=0)
    >>> trace = opt.run(lambda x: -float(np.sum((x - 0.3) ** 2)), 6, progress=False)
    >>> trace.x.shape, trace.records[-1]["decomposition"]
    ((6, 2), [[0], [1]])
    """

    name = "Add-GP-UCB"
    default_n_init = 10
    default_n_cyc = 25

    def __init__(
        self,
        bounds,
        *,
        groups=None,
        d: int | None = None,
        M: int | None = None,
        n_decompositions: int | None = None,
        beta: str = "practical",
        beta_scale: float = 1.0,
        beta_value: float = 4.0,
        delta: float = 0.1,
        budget_fraction: float = 0.9,
        **kwargs,
    ):
        super().__init__(bounds, **kwargs)
        check_choice("acq_optimizer", self.acq_optimizer, GROUP_OPTIMIZERS)
        D = self.dim
        if groups is not None:
            if d is not None or M is not None:
                raise ValueError(
                    f"groups={groups!r} with d={d!r}, M={M!r}: give either the known decomposition groups= "
                    "or the learned decomposition's d= (and M=), not both"
                )
            self.groups = _check_groups(groups, D)
            self.learn_decomposition = False
            self.n_groups = len(self.groups)
            self.d = max(len(g) for g in self.groups)
        else:
            if d is None:
                raise ValueError(
                    "d=None is outside its domain {1, ..., D}: give the known decomposition groups= or the "
                    "maximum group size d= of a learned decomposition"
                )
            self.d = check_integer("d", d, low=1, high=D)
            min_groups = -(-D // self.d)
            self.n_groups = check_integer("M", min_groups if M is None else M, low=min_groups, high=D)
            self.learn_decomposition = True
            self.groups = self._only_decomposition()
        self.n_decompositions = check_integer(
            "n_decompositions", D if n_decompositions is None else n_decompositions, low=1
        )
        self.beta_schedule = check_choice("beta", beta, BETA_SCHEDULES)
        self.beta_scale = check_real("beta_scale", beta_scale, low=0.0, low_open=True)
        self.beta_value = check_real("beta_value", beta_value, low=0.0, low_open=True)
        self.delta = check_probability("delta", delta)
        self.budget_fraction = check_real(
            "budget_fraction", budget_fraction, low=0.0, high=1.0, low_open=True
        )
        self.group_budget = max(1, math.floor(self.budget_fraction * self.acq_budget / self.n_groups + 1e-9))
        self._anchor = self.bounds.mean(axis=1)
        self._search_record: dict | None = None
        self._polish_only = False
        self.params.update(
            groups=None if groups is None else [list(g) for g in self.groups],
            d=self.d,
            M=self.n_groups,
            learn_decomposition=self.learn_decomposition,
            n_decompositions=self.n_decompositions,
            beta=self.beta_schedule,
            beta_scale=self.beta_scale,
            beta_value=self.beta_value,
            delta=self.delta,
            budget_fraction=self.budget_fraction,
            group_budget=self.group_budget,
        )

    # ---- β_t --------------------------------------------------------------------------------------------
    def beta_t(self, t: int) -> float:
        r""":math:`\beta_t` of the schedule times ``beta_scale`` (t counts every observation, from 1)."""
        t = check_integer("t", t, low=1)
        if self.beta_schedule == "constant":
            value = self.beta_value
        elif self.beta_schedule == "practical":
            value = add_bounds.beta_t_practical(t=t, d=self.d)
        else:
            value = add_bounds.beta_t_thm5(t=t, M=self.n_groups, d=self.d, D=self.dim, delta=self.delta)
        return self.beta_scale * float(value)

    # ---- the additive model -----------------------------------------------------------------------------
    def group_kernel(self, group) -> Kernel:
        """The prior kernel :math:`\\kappa^{(j)}` of one group (from ``kernel=`` or the default SE)."""
        spec = self._kernel_spec
        sub_bounds = self.bounds[np.asarray(group, dtype=np.intp)]
        if spec is None:
            side = float(np.mean(sub_bounds[:, 1] - sub_bounds[:, 0]))
            return SquaredExponential(
                lengthscale=0.25 * side * math.sqrt(len(group)), variance=1.0 / self.n_groups
            )
        if isinstance(spec, Kernel):
            return spec
        kernel = spec(sub_bounds.copy())
        if not isinstance(kernel, Kernel):
            raise ValueError(f"kernel factory returned {kernel!r}, not a regretlab.gp.kernels.Kernel")
        return kernel

    def make_kernel(self, groups=None) -> Additive:
        """The additive prior :math:`\\sum_j\\kappa^{(j)}` [Kandasamy2015, Eq. (4)] over ``groups`` (default:
        current)."""
        groups = self.groups if groups is None else groups
        return Additive(groups, [self.group_kernel(g) for g in groups], dim=self.dim)

    def _only_decomposition(self) -> list[list[int]] | None:
        """The decomposition when only one exists (M = 1 or M = D), else None (it must be learned)."""
        if self.n_groups == 1:
            return [list(range(self.dim))]
        if self.n_groups == self.dim:
            return [[i] for i in range(self.dim)]
        return None

    def fit_options(self):
        """ML-II options; after a decomposition search the winner is only polished (no extra restarts)."""
        options = super().fit_options()
        if self._polish_only:
            options["n_restarts"] = 0
        return options

    def refit(self) -> None:
        """Re-learn the decomposition (Alg. 2 step 1, if learned), then re-fit θ and rebuild the posterior."""
        if self.learn_decomposition and self._only_decomposition() is None:
            self._search_decomposition()
            self._polish_only = self.fit_hyperparameters
            try:
                super().refit()
            finally:
                self._polish_only = False
            return
        super().refit()

    def _normalised_targets(self) -> np.ndarray:
        """y as the shared loop's refit will normalise it (``normalize_y``), for scoring decompositions."""
        y = self.y
        if not self.normalize_y:
            return y
        scale = float(np.std(y))
        return (y - float(np.mean(y))) / (scale if scale > 0.0 else 1.0)

    def _search_decomposition(self) -> None:
        """[Kandasamy2015, §4.4]: score ``n_decompositions`` random decompositions by likelihood, keep the
        best."""
        X, y = self.X, self._normalised_targets()
        candidates = [
            random_decomposition(self.rng, self.dim, self.n_groups) for _ in range(self.n_decompositions)
        ]
        scores, fitted = [], []
        for groups in candidates:
            kernel = self.make_kernel(groups)
            if self.fit_hyperparameters:
                fit = fit_hyperparameters(
                    kernel, X, y, noise_variance=self.noise_variance, rng=self.rng, **self.fit_options()
                )
                scores.append(float(fit.log_marginal_likelihood))
                fitted.append((fit.kernel, fit.noise_variance))
            else:
                lml = log_marginal_likelihood(kernel, X, y, noise_variance=self.noise_variance, mean=0.0)
                scores.append(float(lml))
                fitted.append((kernel, self.noise_variance))
        best = int(np.argmax(scores))
        self.groups = candidates[best]
        self.kernel, self.noise_variance = fitted[best]
        self._search_record = {
            "candidates": candidates,
            "log_marginal_likelihoods": scores,
            "chosen": best,
        }

    def _update_model(self, x, y):
        records = super()._update_model(x, y)
        if self._search_record is not None:
            records["decomposition_search"] = self._search_record
            self._search_record = None
        return records

    # ---- Alg. 1 steps 1-2 -------------------------------------------------------------------------------
    def group_acquisitions(self, beta: float) -> list[GroupUCB]:
        r"""The M group acquisitions :math:`\tilde\varphi^{(j)}_t` (the first carries the constant mean)."""
        return [
            GroupUCB(self.model, j, beta, anchor=self._anchor, carries_constant=(j == 0))
            for j in range(len(self.groups))
        ]

    def _maximize_group(self, acquisition: GroupUCB) -> MaximizeResult:
        sub_box = self.domain[acquisition.group]
        return self.maximize_acquisition(acquisition, bounds=sub_box, budget=self.group_budget)

    def _propose(self, t: int, beta: float) -> Proposal:
        """Maximise each :math:`\\tilde\\varphi^{(j)}_t` on its sub-box, assemble :math:`x_t` (Alg. 1)."""
        x = self._anchor.copy()
        evaluations, value = [], 0.0
        for acquisition in self.group_acquisitions(beta):
            result = self._maximize_group(acquisition)
            x[acquisition.group] = result.x
            evaluations.append(int(result.n_evaluations))
            value += float(result.value)
        records = {
            "decomposition": [list(g) for g in self.groups],
            "group_budget": self.group_budget,
            "group_evaluations": evaluations,
            "acquisition_value": value,
        }
        return Proposal(x, sum(evaluations), records)
