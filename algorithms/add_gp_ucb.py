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

import dataclasses
import math

import numpy as np

from regretlab._validate import (
    check_bool,
    check_choice,
    check_count,
    check_number,
    check_probability,
)
from regretlab.bounds import add_gp_ucb as add_bounds
from regretlab.gp import (
    Additive,
    FitResult,
    Kernel,
    SquaredExponential,
    Stationary,
    Tied,
    fit_hyperparameters,
    log_marginal_likelihood,
)

from .acquisition import Acquisition, Restricted
from .additive import AdditiveOptimizer, perturb_repeated
from .base import LoopDefaults, Proposal
from .beta import BetaFormula, BetaOptions
from .groups import GROUP_SIZE_RULES, candidate_count, random_decomposition
from .groups import group_sizes as _group_sizes
from .posteriors import ComponentPosterior
from .priors import data_lengthscale_floor, default_kernel

__all__ = ["AddGPUCB", "PRACTICAL_BETA"]

#: The practical β_t = 0.2 d log 2t of [Kandasamy2015, §4.4] with d the largest group (``optimizer.d``);
#: RPP-GP-UCB, built on Add-GP-UCB, uses the same schedule.
PRACTICAL_BETA = BetaFormula(
    add_bounds.beta_t_practical, lambda opt, t: {"t": t, "d": opt.d}, kind="practical",
    source="[Kandasamy2015, §4.4, Alg. 2]",
)


class AddGPUCB(AdditiveOptimizer):
    r"""Add-GP-UCB, [Kandasamy2015, Alg. 1] (known decomposition) and [Kandasamy2015, Alg. 2]
    (Practical-Add-GP-UCB, decomposition learned by marginal likelihood).

    At iteration t, for every group :math:`j=1,\dots,M`

    .. math::

        x_t^{(j)}=\arg\max_{z\in\mathcal X^{(j)}}\ \mu^{(j)}_{t-1}(z)+\sqrt{\beta_t}\,\sigma^{(j)}_{t-1}(z),
        \qquad x_t=\bigcup_{j=1}^M x_t^{(j)},

    each maximised (by DIRECT, as in [Kandasamy2015, §5]) on its own sub-box :math:`\mathcal X^{(j)}` with a
    per-group budget of :math:`\lfloor 0.9\,n_{GP}/M\rfloor` evaluations, :math:`n_{GP}=` ``acq_budget``
    (default :math:`\min(5000,100D)`; [Kandasamy2015, §5], :func:`regretlab.bounds.add_gp_ucb.budgets`).

    **Decomposition.** With ``groups=`` the decomposition is known (Alg. 1; "Add-*" in
    [Kandasamy2015, §5.1]). With ``d=`` and/or ``M=`` it is learned (Alg. 2; "Add-d/M";
    :mod:`regretlab.algorithms.groups` reads the three keywords): at every hyperparameter refit (``n_init``
    and then every ``n_cyc`` observations, [Kandasamy2015, §5]: :math:`N_{init}=10`, :math:`N_{cyc}=25`)
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
        Known decomposition: disjoint, non-empty index groups (Alg. 1). They may leave coordinates out (the
        true decomposition of a function with dummy coordinates): those are not modelled and are queried
        at the box centre.
    d : int, optional
        Learned decomposition: maximum group size, :math:`1\le d\le D` (Alg. 2; default
        :math:`\lceil D/M\rceil`).
    M : int, optional
        Learned decomposition: number of groups, :math:`\lceil D/d\rceil\le M\le D` (default
        :math:`\lceil D/d\rceil`). Groups are chunks of a random permutation, sizes as equal as possible
        (all equal to d when d divides D and :math:`M=D/d`).
    n_decompositions : int or "M", optional
        Random decompositions scored at each refit (>= 1; default D, the :math:`\mathcal O(D)` of §4.4);
        ``"M"``: as many as there are groups ([Li2016, §5]'s protocol for its ADD baseline).
    candidate_start : {"prior", "warm"}
        Where each candidate decomposition's ML-II starts (not stated in [Kandasamy2015, §4.4] or [Li2016,
        §5]): ``"prior"`` (default) from the prior, with the loop's ``n_restarts``; ``"warm"`` from the last
        fit's hyperparameters with no restarts, the current groups kept as one more candidate (the rule of
        :class:`~regretlab.algorithms.rpp_gp_ucb.RPPGPUCB`'s group search; a fifth of the CPU of a refit
        for an equal or higher likelihood in ``benchmarks/refit_cost.py --parts add``).
    beta : {"practical", "thm5", "constant"}
        The :math:`\beta_t` schedule (:mod:`regretlab.algorithms.beta`):

        * ``"practical"`` (default, Alg. 2 and §4.4): :math:`0.2\,d\log(2t)`,
          :func:`regretlab.bounds.add_gp_ucb.beta_t_practical`, d the maximum group size;
        * ``"thm5"``: :math:`2\log(M\pi^2t^2/2\delta)+2d\log(Dt^3)`,
          :func:`regretlab.bounds.add_gp_ucb.beta_t_thm5`;
        * ``"constant"``: ``beta_value`` for every t.
    beta_scale : float
        Multiplies the schedule, the constant included (> 0, default 1).
    beta_value : float
        :math:`\beta` of the ``"constant"`` schedule (> 0).
    delta : float
        Confidence :math:`\delta\in(0,1)` of ``"thm5"``.
    budget_fraction : float
        Fraction of ``acq_budget`` shared by the M groups, in (0, 1] ([Kandasamy2015, §5]: 0.9, "to account
        for the additional overhead in posterior inference"). Per-group budget
        :math:`\max(1,\lfloor\text{budget\_fraction}\cdot\text{acq\_budget}/M\rfloor)`.
    tied : bool
        One lengthscale and one signal variance shared by all groups ([Kandasamy2015, §5]: "SE kernels
        sharing one scale and one bandwidth"), fitted by ML-II through :class:`regretlab.gp.Tied`. Default
        False (per-group hyperparameters); the ``Kandasamy2015/*`` setups use True.
    warmup_bandwidth : float, optional
        [Kandasamy2015, §5]: "a bandwidth of :math:`10^{-5}`" for the first ``warmup_iterations`` BO
        iterations: until then every group's lengthscale is this value and nothing is fitted (the GP is
        then nearly white noise, so the UCB explores). Default None: no warm-up.
    warmup_iterations : int
        Length of the warm-up (default 25, [Kandasamy2015, §5]).

        Two readings of the warm-up. *Printed* ([Kandasamy2015, §5]: "for the first 25 iterations we set the
        bandwidth to a small value (10^{-5}) to encourage an explorative strategy", for all GPB/BO methods):
        ``warmup_bandwidth=1e-5``. *Code* (the authors' ``addGPBO.m`` / ``boProcessParams.m``: the bandwidth
        is fitted in [1e-5, 5] from the first iteration, 1e-5 being only its lower bound):
        ``warmup_bandwidth=None`` with the lower end of the fitted lengthscale at least 1e-5 of the box side
        (the default box floor, 1e-3 of the side, is above it), and with ``lengthscale_floor="data"``.
    lengthscale_floor : {"box", "data"}
        Lower end of every group's fitted lengthscale: ``"box"`` (default) :math:`10^{-3}\bar s_j`;
        ``"data"`` additionally half the median nearest-neighbour distance of the distinct observed inputs in
        the group's coordinates (:func:`regretlab.algorithms.priors.data_lengthscale_floor`, recomputed at
        every refit; each refit then starts from the prior kernel). Not in the paper or the code: chosen
        because a lengthscale below the data's spacing is not identified by the likelihood and makes the
        model white noise, which traps the run at DIRECT's first sample, the box centre.
    noise_rule : {"fitted", "code"}
        ``"fitted"`` (default): the shared loop's noise variance (ML-II when ``fit_noise``). ``"code"`` (the
        authors' ``boProcessParams.m``: ``commonNoise = 0.01 * std(initVals)``, added to the kernel
        matrix's diagonal and never fitted): a fixed noise variance of :math:`0.01\,\mathrm{sd}(y_{init})` in
        the units of y, i.e. :math:`0.01\,\mathrm{sd}(y_{init})/s_y^2` for the standardised targets
        (:math:`s_y` their scale at the refit); :math:`10^{-6}` when the initial values are all equal.
    perturb_repeats : bool
        The authors' ``addGPBO.m``: a proposal within :math:`10^{-10}\ell` of an earlier query (ℓ the
        current bandwidth) is replaced by ``project(x + 0.1 ℓ N(0, I))`` onto the box, drawn from ``rng``
        until it is not (default False).
    group_budget_rule : {"paper", "code"}
        ``"paper"`` (default, §5): each group gets :math:`\lfloor\text{budget\_fraction}\cdot
        \text{acq\_budget}/M\rfloor`; ``"code"`` (the authors' public code, whose 0.9 factor is overwritten):
        :math:`\lceil\text{acq\_budget}/M\rceil`.
    group_sizes : {"near_equal", "code"}
        How a learned decomposition of D coordinates into M groups is sized
        (:func:`regretlab.algorithms.groups.group_sizes`): ``"near_equal"`` (default; sizes differ by at
        most one, none above d) or ``"code"`` (the authors' ``getDecompForParams.m``: d, ..., d and the
        remainder, e.g. 3, 3, 3, 1 at D = 10, d = 3).
    group_beta : {"max_d", "per_group"}
        ``"max_d"`` (default, Alg. 2): one :math:`\beta_t` with :math:`d` the largest group; ``"per_group"``
        (the authors' code): group j's UCB uses :math:`0.2\,d_j\log2t` with its own size :math:`d_j`
        (only with ``beta="practical"`` or ``"constant"``, where it is :math:`\beta_t d_j/d` resp.
        :math:`\beta_t`).
    **kwargs
        The shared loop's options (:class:`regretlab.algorithms.base.BayesianOptimizer`): ``rng``,
        ``n_init``, ``n_cyc``, ``kernel``, ``acq_optimizer`` (default ``"direct"``), ``acq_budget``,
        ... ``kernel`` is the **per-group** kernel: a :class:`regretlab.gp.Kernel` used for every group (each
        copy has its own hyperparameters) or a factory ``kernel(sub_bounds) -> Kernel`` called with each
        group's sub-box. Default per group: squared exponential, lengthscale
        :math:`0.25\,\overline{\text{side}}_j\sqrt{d_j}`, variance :math:`1/M` (so
        :math:`\kappa(x,x)=1`, [Kandasamy2015, §3]); with one group this is GP-UCB's default kernel.

    Notes
    -----
    Departures and readings: t counts every observation including the initial design (as in
    :class:`regretlab.algorithms.gp_ucb.GPUCB`), so :math:`\beta_t` and the refit schedule use the same t as
    GP-UCB. By default each group has its own SE lengthscale and variance; ``tied=True`` shares them as
    [Kandasamy2015, §5] does, and ``warmup_bandwidth=1e-5`` applies its first-25-iterations heuristic.
    Records per query: ``decomposition`` (list of lists),
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
    #: A known decomposition may leave coordinates out: they are not modelled and are queried at the box
    #: centre (the anchor). [Kandasamy2015, §5.1]'s (D, d', M') = (10, 3, 3) has one such coordinate; where
    #: the paper queries them is not stated, and any value is optimal when f does not depend on them.
    groups_must_cover = False
    defaults = LoopDefaults(
        n_init=10, n_cyc=25,
        sources={"n_init": "[Kandasamy2015, §5]: N_init = 10", "n_cyc": "[Kandasamy2015, §5]: N_cyc = 25",
                 "acq_optimizer": "[Kandasamy2015, §5]: DiRect"},
    )
    beta_options = BetaOptions(
        formulas={
            "practical": PRACTICAL_BETA,
            "thm5": BetaFormula(
                add_bounds.beta_t_thm5,
                lambda opt, t: {"t": t, "M": opt.n_groups, "d": opt.d, "D": opt.dim, "delta": opt.delta},
                kind="theory", source="[Kandasamy2015, Thm 5]",
            ),
        },
        default="practical",
    )

    def __init__(
        self,
        bounds,
        *,
        n_decompositions: int | str | None = None,
        delta: float = 0.1,
        budget_fraction: float = 0.9,
        tied: bool = False,
        warmup_bandwidth: float | None = None,
        warmup_iterations: int = 25,
        group_budget_rule: str = "paper",
        group_beta: str = "max_d",
        group_sizes: str = "near_equal",
        lengthscale_floor: str = "box",
        noise_rule: str = "fitted",
        perturb_repeats: bool = False,
        candidate_start: str = "prior",
        **kwargs,
    ):
        super().__init__(bounds, **kwargs)
        self.candidate_start = check_choice("candidate_start", candidate_start, ("prior", "warm"))
        self.lengthscale_floor = check_choice("lengthscale_floor", lengthscale_floor, ("box", "data"))
        self.noise_rule = check_choice("noise_rule", noise_rule, ("fitted", "code"))
        self.perturb_repeats = check_bool("perturb_repeats", perturb_repeats)
        self.n_perturbed = 0
        self.tied = check_bool("tied", tied)
        self.warmup_bandwidth = (
            None if warmup_bandwidth is None
            else check_number("warmup_bandwidth", warmup_bandwidth, low=0.0, low_open=True)
        )
        self.warmup_iterations = check_count("warmup_iterations", warmup_iterations, low=0)
        D = self.dim
        self.learn_decomposition = self.group_spec.groups is None
        self.n_decompositions = candidate_count(
            "n_decompositions", D if n_decompositions is None else n_decompositions, self.n_groups, low=1
        )
        self.delta = check_probability("delta", delta)
        self.budget_fraction = check_number(
            "budget_fraction", budget_fraction, low=0.0, high=1.0, low_open=True
        )
        self.group_budget_rule = check_choice("group_budget_rule", group_budget_rule, ("paper", "code"))
        self.group_beta = check_choice("group_beta", group_beta, ("max_d", "per_group"))
        self.group_sizes = check_choice("group_sizes", group_sizes, GROUP_SIZE_RULES)
        self._sizes = (None if self.group_sizes == "near_equal" or not self.learn_decomposition
                       else _group_sizes(D, self.n_groups, self.d, self.group_sizes))
        if self.group_beta == "per_group" and self.params.get("beta") not in ("practical", "constant"):
            raise ValueError(
                f"group_beta='per_group' with beta={self.params.get('beta')!r}: its domain is "
                "beta='practical' or 'constant' (the authors' code scales 0.2 d_j log 2t per group)"
            )
        if self.group_budget_rule == "paper":
            share = self.budget_fraction * self.acq_budget / self.n_groups
            self.group_budget = max(1, math.floor(share + 1e-9))
        else:
            self.group_budget = -(-self.acq_budget // self.n_groups)
        self._anchor = self.bounds.mean(axis=1)
        self._search_record: dict | None = None
        self._record_params(
            "learn_decomposition", "n_decompositions", "delta", "budget_fraction", "group_budget", "tied",
            "group_budget_rule", "group_beta", "group_sizes",
            "warmup_bandwidth", "warmup_iterations", "lengthscale_floor", "noise_rule", "perturb_repeats",
            "candidate_start",
        )

    # ---- the additive model -----------------------------------------------------------------------------
    def group_kernel(self, group) -> Kernel:
        """The prior kernel :math:`\\kappa^{(j)}` of one group (from ``kernel=`` or the default SE)."""
        sub_bounds = self.bounds[np.asarray(group, dtype=np.intp)]
        if self._kernel_spec is None:
            kernel = default_kernel(SquaredExponential, sub_bounds, variance=1.0 / self.n_groups)
        else:
            kernel = self._kernel_from_spec(self._kernel_spec, sub_bounds)
        if self.lengthscale_floor == "data" and isinstance(kernel, Stationary) and self.n_observations >= 2:
            floor = data_lengthscale_floor(self.X[:, np.asarray(group, dtype=np.intp)], sub_bounds)
            low, high = np.exp(kernel.theta_bounds[0])
            low = min(max(low, floor), high)
            variance_bounds = tuple(np.exp(kernel.theta_bounds[-1]))
            kernel = type(kernel)(np.clip(kernel.lengthscale, low, high), kernel.variance,
                                  lengthscale_bounds=(low, high), variance_bounds=variance_bounds)
        return kernel

    def make_kernel(self, groups=None) -> Additive:
        """The additive prior :math:`\\sum_j\\kappa^{(j)}` [Kandasamy2015, Eq. (4)] over ``groups`` (default:
        current)."""
        groups = self.groups if groups is None else groups
        return Additive(groups, [self.group_kernel(g) for g in groups], dim=self.dim)

    def choose_groups(self, spec):
        """The given decomposition, or the only one of its size (M = 1 or M = D); else None (learned)."""
        return spec.groups if spec.groups is not None else self._only_decomposition()

    def _only_decomposition(self) -> list[list[int]] | None:
        """The decomposition when only one exists (M = 1 or M = D), else None (it must be learned)."""
        if self.n_groups == 1:
            return [list(range(self.dim))]
        if self.n_groups == self.dim:
            return [[i] for i in range(self.dim)]
        return None

    def fit_options(self) -> dict:
        """The loop's fit options; with ``noise_rule="code"`` the noise is not fitted."""
        options = super().fit_options()
        if self.noise_rule == "code":
            options["fit_noise"] = False
        return options

    def _code_noise_variance(self) -> float:
        """``noise_rule="code"``: 0.01 sd(initial y) in y's units, in the units of the GP's targets."""
        initial = np.asarray(self.y[: self.n_init], dtype=float)
        sd = float(np.std(initial, ddof=1)) if initial.size > 1 else 0.0  # Matlab's std: n - 1
        scale = float(self._y_scale) if self.normalize_y else 1.0
        return 0.01 * sd / scale**2 if sd > 0.0 else 1e-6

    def _ml2(self, kernel, X, y_n, **options) -> FitResult:
        """ML-II of ``kernel``'s hyperparameters, shared across the groups with ``tied`` (the result's kernel
        is the Additive kernel either way)."""
        if self.noise_rule == "code":
            self.noise_variance = self._code_noise_variance()
        fit = fit_hyperparameters(
            Tied(kernel) if self.tied else kernel, X, y_n, noise_variance=self.noise_variance, rng=self.rng,
            **{**self.fit_options(), **options},
        )
        return dataclasses.replace(fit, kernel=fit.kernel.base) if self.tied else fit

    def _in_warmup(self) -> bool:
        return (self.warmup_bandwidth is not None
                and self.n_observations < self.n_init + self.warmup_iterations)

    def _warmup_model(self, X, y_n):
        """[Kandasamy2015, §5]: every group at lengthscale ``warmup_bandwidth``, nothing fitted (a random
        decomposition when it is learned: the data cannot tell one yet)."""
        if self.learn_decomposition and self._only_decomposition() is None:
            self.groups = random_decomposition(self.rng, self.dim, self.n_groups, self._sizes)
        kernel = self.make_kernel()
        kernel = kernel.with_theta(np.concatenate([
            np.append(np.log(self.warmup_bandwidth) * np.ones(k.n_hyperparameters - 1), k.theta[-1])
            for k in kernel.kernels
        ]))
        lml = log_marginal_likelihood(kernel, X, y_n, noise_variance=self.noise_variance, mean=0.0)
        self.last_fit = FitResult(kernel, self.noise_variance, 0.0, float(lml), 0, True,
                                  "warm-up: bandwidth fixed [Kandasamy2015, §5]")
        return kernel, self.noise_variance, 0.0

    def _fit_model(self, X, y_n):
        """[Kandasamy2015, Alg. 2, step 1] when the decomposition is learned: score ``n_decompositions``
        random decompositions by their ML-II log marginal likelihood ([Kandasamy2015, §4.4]), keep the best,
        then polish its hyperparameters (no further restarts); otherwise ML-II of the current decomposition's
        kernel. During the warm-up, the fixed small bandwidth instead."""
        if self.fit_hyperparameters and self._in_warmup():
            return self._warmup_model(X, y_n)
        learned = self.learn_decomposition and self._only_decomposition() is None
        if learned:
            self._search_decomposition(X, y_n)
        if not self.fit_hyperparameters:
            return (self.kernel if learned else self.make_kernel() if self.kernel is None else self.kernel,
                    self.noise_variance, 0.0)
        fresh = (self.kernel is None or (not learned and self._was_warmup())
                 or self.lengthscale_floor == "data")  # new bounds: start again from the prior
        kernel = self.make_kernel() if fresh else self.kernel
        fit = self._ml2(kernel, X, y_n, **({"n_restarts": 0} if learned else {}))
        self.last_fit = fit
        return fit.kernel, fit.noise_variance, fit.mean

    def _was_warmup(self) -> bool:
        """Whether the current kernel is the warm-up's (its lengthscales are not a starting point)."""
        return self.warmup_bandwidth is not None and self.last_fit is not None and \
            self.last_fit.message.startswith("warm-up")

    def _search_decomposition(self, X, y_n) -> None:
        """Draw the candidates from ``rng``, fit each (or score it as it is), keep the best in ``groups``.

        ``candidate_start="prior"``: each candidate's ML-II starts from the prior with the loop's restarts.
        ``"warm"`` (RPP-GP-UCB's rule, :meth:`RPPGPUCB._search_groups`): once a fit exists, the current
        groups are one more candidate, and every candidate starts from the last fit's hyperparameters
        (component j's θ for group j, clipped to the group's bounds) with no restarts; the same random
        candidates are drawn either way."""
        candidates = [
            random_decomposition(self.rng, self.dim, self.n_groups, self._sizes)
            for _ in range(self.n_decompositions)
        ]
        warm = (self.candidate_start == "warm" and self.fit_hyperparameters and self.kernel is not None
                and self.last_fit is not None and not self._was_warmup())
        if warm:
            candidates = [[list(g) for g in self.groups], *candidates]
        scores, fitted = [], []
        for groups in candidates:
            kernel = self._warm_kernel(groups) if warm else self.make_kernel(groups)
            if self.fit_hyperparameters:
                fit = self._ml2(kernel, X, y_n, **({"n_restarts": 0} if warm else {}))
                scores.append(float(fit.log_marginal_likelihood))
                fitted.append((fit.kernel, fit.noise_variance))
            else:
                lml = log_marginal_likelihood(kernel, X, y_n, noise_variance=self.noise_variance, mean=0.0)
                scores.append(float(lml))
                fitted.append((kernel, self.noise_variance))
        best = int(np.argmax(scores))
        self.groups = candidates[best]
        self.kernel, self.noise_variance = fitted[best]
        self._search_record = {"candidates": candidates, "log_marginal_likelihoods": scores, "chosen": best}

    def _warm_kernel(self, groups) -> Additive:
        """The prior over ``groups`` with each component's θ taken from the current kernel's component of the
        same index (clipped to the new component's bounds): a warm start for a candidate decomposition."""
        components = []
        for group, previous in zip(groups, self.kernel.kernels, strict=True):
            prior = self.group_kernel(group)
            bounds = prior.theta_bounds
            components.append(prior.with_theta(np.clip(previous.theta, bounds[:, 0], bounds[:, 1]))
                              if previous.theta.shape == prior.theta.shape else prior)
        return Additive(groups, components, dim=self.dim)

    def _update_model(self, x, y):
        records = super()._update_model(x, y)
        if self._search_record is not None:
            records["decomposition_search"] = self._search_record
            self._search_record = None
        return records

    # ---- [Kandasamy2015, Alg. 1, steps 1-2] -------------------------------------------------------------
    def group_betas(self, beta: float) -> list[float]:
        """β_t per group: the same for all (``group_beta="max_d"``), or scaled to each group's size d_j."""
        if self.group_beta == "max_d" or self.params.get("beta") == "constant":
            return [beta] * len(self.groups)
        return [beta * len(g) / self.d for g in self.groups]

    def group_acquisitions(self, beta: float) -> list[Restricted]:
        r"""The M group acquisitions :math:`\tilde\varphi^{(j)}_t` as functions of each group's coordinates.

        Group j's UCB :math:`\mu^{(j)}_{t-1}+\sqrt{\beta_t}\sigma^{(j)}_{t-1}` reads the component posterior
        of [Kandasamy2015, Eq. (5)] (:class:`~regretlab.algorithms.posteriors.ComponentPosterior`); the first
        group carries the constant part of the mean, so the sum of the M values is
        :math:`\tilde\varphi_t` of [Kandasamy2015, Eq. (6)]. With one group :math:`\kappa^{(1)}=\kappa`
        and Eq. (5) is the full posterior, which is then read from the model itself (so one-group Add-GP-UCB
        and GP-UCB evaluate the same floating-point expression). Each group's β is :meth:`group_betas`.
        """
        if len(self.groups) == 1:
            return [Restricted(Acquisition(self.model, "ucb", beta=beta), self._anchor, self.groups[0])]
        betas = self.group_betas(beta)
        return [
            Restricted(
                Acquisition(
                    ComponentPosterior(self.model, j, g, carries_constant=j == 0), "ucb", beta=betas[j]
                ),
                self._anchor,
                g,
            )
            for j, g in enumerate(self.groups)
        ]

    def _propose(self, t: int, beta: float) -> Proposal:
        """Maximise each :math:`\\tilde\\varphi^{(j)}_t` on its sub-box, assemble :math:`x_t` (Alg. 1)."""
        acquisitions = self.group_acquisitions(beta)
        boxes = [self.domain[acq.coordinates] for acq in acquisitions]
        x, evaluations, values = self.maximize_by_blocks(
            acquisitions, boxes, [self.group_budget] * len(acquisitions), self._anchor
        )
        perturbed = 0
        if self.perturb_repeats:
            x, perturbed = self._perturbed(x)
        records = {
            "decomposition": [list(g) for g in self.groups],
            "group_budget": self.group_budget,
            "group_evaluations": evaluations,
            "acquisition_value": sum(values),
        }
        if self.perturb_repeats:
            records["perturbations"] = perturbed
        return Proposal(x, sum(evaluations), records)

    def _perturbed(self, x: np.ndarray) -> tuple[np.ndarray, int]:
        """The authors' ``addGPBO.m`` (:func:`~regretlab.algorithms.additive.perturb_repeated`) in the
        domain's coordinates with ℓ the bandwidth; returns the point and how many draws it took."""
        x, draws = perturb_repeated(x, self.X, self.domain,
                                       self._bandwidth(float(np.mean(self.domain[:, 1] - self.domain[:, 0]))),
                                       self.rng)
        self.n_perturbed += draws > 0
        return x, draws
