r"""GPUCB-UBO [Ha2019, Alg. 1]: Bayesian optimisation with an unknown search space.

GP-UCB on a search space :math:`\mathcal S` that starts as the user's box :math:`\mathcal S_{user}` and is
expanded whenever the regret upper bound :math:`r_b` ([Ha2019, Alg. 1, line 9]) falls to :math:`\epsilon`:

.. math::

    x_t=\arg\max_{x\in\mathcal S_k}\mu_{t-1}(x)+\sqrt{\beta_t}\,\sigma_{t-1}(x),\qquad
    r_b=\alpha_{UCB}(x_t;\mathcal D_{t-1})-\max_{x\in\mathcal D_t}\alpha_{LCB}(x;\mathcal D_{t-1})
    +1/t_{local}^2 .

The expansion radius :math:`d_\epsilon` [Ha2019, Thm 4.1], the trigger, :math:`\beta_t` in local time
[Ha2019, Thm 5.1] and the encompassing hypercube [Ha2019, Eq. (6) = Eq. (28)] all come from
:mod:`regretlab.bounds.ubo`, so the formula that is tested is the formula that runs.
"""

from __future__ import annotations

import math

import numpy as np

from regretlab._validate import (
    check_bounds,
    check_choice,
    check_integer,
    check_probability,
    check_real,
)
from regretlab.bounds import ubo as ubo_bounds
from regretlab.gp import Kernel, Matern32, Matern52, SquaredExponential

from .acquisition import Acquisition
from .base import BayesianOptimizer, LoopDefaults, Proposal
from .beta import BetaFormula, BetaOptions
from .priors import default_kernel

__all__ = ["GPUCBUBO", "KERNELS", "REFINEMENTS"]

#: Kernel families for which :func:`regretlab.bounds.ubo.g_k` (hence :math:`d_\epsilon`) is implemented.
KERNELS = {"SE": SquaredExponential, "matern32": Matern32, "matern52": Matern52}
#: App. B acceptance rules of the per-ball search (see :class:`GPUCBUBO`).
REFINEMENTS = ("printed", "code", "none")


class GPUCBUBO(BayesianOptimizer):
    r"""GPUCB-UBO, [Ha2019, Alg. 1]: GP-UCB whose search space expands by [Ha2019, Thm 4.1].

    .. math::

        x_t=\arg\max_{x\in\mathcal S_k}\mu_{t-1}(x)+\sqrt{\beta_t}\,\sigma_{t-1}(x)

    Algorithm 1, with :math:`t` counting the iterations after the ``n_init`` initial points (recorded as
    ``iteration``) and :math:`t_k` the iteration of the last expansion (:math:`t_{local}=t-t_k`):

    1. maximise the UCB over the current box :math:`\mathcal S_k` (``self.domain``), with the App. B
       refinement below;
    2. compute :math:`r_b` (:func:`regretlab.bounds.ubo.trigger_rb`, reading ``trigger_reading``) from the
       posterior on :math:`\mathcal D_{t-1}`, with the LCB maximised over :math:`\mathcal D_t=\mathcal
       D_{t-1}\cup\{x_t\}` (no observation of :math:`x_t` is needed);
    3. if :math:`r_b\le\epsilon` or :math:`t=1`, expand once :math:`y_t` is told and the GP is updated:
       :math:`d_\epsilon` of Thm 4.1 (:func:`regretlab.bounds.ubo.d_eps`) from the data :math:`\mathcal D_t`,
       the fitted :math:`\theta=\sqrt{k(x,x)}`, lengthscale, :math:`\sigma^2`, and the :math:`\beta_t` of
       this iteration; the new box is the smallest box holding the old one and the Eq. (28) hypercube
       :func:`regretlab.bounds.ubo.hypercube_eq28` (clipped to ``max_bounds`` if given); :math:`t_k=t`;
    4. :math:`\beta_{t+1}` from Thm 5.1 in local time (:func:`regretlab.bounds.ubo.beta_t_thm51`) with
       :math:`r_k` the largest side of the current box, times ``beta_scale`` (§6 divides by 5).

    **App. B refinement.** After maximising over the box, with :math:`\alpha_\infty=m+\sqrt{\beta_t}\theta`
    the far-field value of the UCB (Prop. 4.1; :math:`m` the GP's constant mean, 0 in the paper): if the
    maximum is :math:`>\alpha_\infty` or :math:`<\alpha_\infty-\epsilon`, take it. Otherwise search the
    boxes :math:`[x_i-d_\epsilon,x_i+d_\epsilon]\cap\mathcal S_k` around the data, in decreasing order of
    :math:`\alpha_{UCB}(x_i)`, and stop at the first maximum that is accepted:

    * ``"printed"`` (default, App. B as printed): accept a maximum :math:`<\alpha_\infty-\epsilon`;
    * ``"code"`` (the authors' released code): accept :math:`|\text{maximum}-\alpha_\infty|\le\epsilon`;
    * ``"none"``: no refinement (plain Alg. 1 on the Eq. 28 box).

    If no ball is accepted ("continue until find one" has no stopping rule), the best ball maximiser is
    taken. :math:`d_\epsilon` is the radius of the last expansion. Each ball search has the full
    ``acq_budget``, so an iteration may use up to ``(1 + refine_max_balls) * acq_budget`` evaluations.

    Interpretations (documented departures):

    * Everything compared with :math:`\epsilon` (UCB, LCB, :math:`r_b`, :math:`\alpha_\infty`,
      :math:`d_\epsilon`) is on the GP's output scale: normalised :math:`y` with ``normalize_y=True``
      (default, §6; the authors' code also measures :math:`\epsilon` on normalised :math:`y`). The data
      enter Thm 4.1 centred at the GP's constant mean (Assumption 4.1 takes :math:`m_0=0`).
    * The search space only grows (the union with the previous box): Thm 4.1's region alone (the authors'
      code) can drop parts of the earlier space.
    * ``max_bounds=None`` lets the box grow without limit by the paper's rule. :math:`d_\epsilon` grows
      like :math:`\sqrt{\log t}` lengthscales (App. A.5), so growth is slow, but DIRECT's fixed budget is
      spread over an ever larger box; pass ``max_bounds`` when the objective has a known outer domain.
      :meth:`run` on a ``regretlab.objectives`` objective that rejects points outside its domain
      (``enforce_bounds=True``, the default) takes that domain as ``max_bounds`` when none was given: the
      function cannot be evaluated beyond it.
    * ``a``, ``b`` are fixed constants for every :math:`\mathcal S_k` (Thm 5.1 allows :math:`a_k,b_k`).
    * If :math:`\epsilon\ge4\sqrt{\beta_t}\theta` (outside Thm 4.1's domain) the expansion uses
      :math:`d_\epsilon=0` (the data hull) and records ``d_eps_valid=False``.

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
        The user's initial box :math:`\mathcal S_{user}`; the initial design lies in it.
    epsilon : float
        Accuracy :math:`\epsilon>0` (§6: 0.05 for synthetic functions, 0.02 for ML tuning).
    delta : float
        Confidence :math:`\delta\in(0,1)` of Thm 5.1 (not stated in the paper; the authors' code uses 0.1).
    a, b : float
        Constants :math:`a,b>0` of the derivative tail bound of Prop. 5.1 / Thm 5.1; :math:`4Da/\delta>1`.
    beta : {"theory", "constant"}
        The :math:`\beta_t` schedule (:mod:`regretlab.algorithms.beta`): ``"theory"`` (default), Thm 5.1 in
        local time (:func:`regretlab.bounds.ubo.beta_t_thm51`) on the current box; ``"constant"``:
        ``beta_value``.
    beta_scale : float
        Multiplies the schedule, the constant included (> 0). Default 0.2: [Ha2019, §6] "scale
        :math:`\beta_t` down by a factor of 5"; 1.0 is the theoretical schedule.
    beta_value : float
        :math:`\beta` of the ``"constant"`` schedule (> 0).
    kernel : {"SE", "matern32", "matern52"} or Kernel
        Prior kernel family (the ones :func:`regretlab.bounds.ubo.g_k` supports; §6 uses SE), or an
        isotropic :class:`~regretlab.gp.SquaredExponential`, :class:`~regretlab.gp.Matern32` or
        :class:`~regretlab.gp.Matern52` instance as the starting kernel.
    max_bounds : array_like, shape (D, 2), optional
        Outer limit for the search space (must contain ``bounds``). Default None: unlimited growth.
    d_eps_reading : {"A", "B"}
        Reading of Thm 4.1 (:func:`regretlab.bounds.ubo.d_eps`): "A" (main text, default) or "B" (App. A.3).
    trigger_reading : {"A", "B"}
        :math:`1/t^2` ("A", main text) or :math:`1/t_{local}^2` ("B", Alg. 1 line 9, default).
    refinement : {"printed", "code", "none"}
        App. B acceptance rule (see above).
    refine_max_balls : int, optional
        At most this many balls are searched by the refinement (default None: all, as App. B prints; the
        authors' code searches 5).
    **kwargs
        The shared loop's options (:class:`regretlab.algorithms.base.BayesianOptimizer`). Defaults per §6:
        ``n_init = 3D`` Latin-hypercube points (``init_design="lhs"``), ``normalize_y=True``, ML-II refit
        after every observation (``n_cyc=1``, as the authors' code).

    References
    ----------
    .. [1] [Ha2019, Alg. 1, Thm 4.1, Prop. 5.1, Thm 5.1, Eq. (6) = Eq. (28), §6, App. B].

    Examples
    --------
    >>> import numpy as np
    >>> opt = GPUCBUBO([[0.0, 1.0]], rng=0, acq_budget=50, n_restarts=0)
    >>> trace = opt.run(lambda x: -float((x[0] - 1.5) ** 2), 8, progress=False)
    >>> trace.records[3]["expanded"], bool(np.all(opt.domain[:, 1] >= 1.0))
    (True, True)
    """

    name = "GPUCB-UBO"
    defaults = LoopDefaults(
        n_init=lambda D: 3 * D, n_cyc=1, init_design="lhs", normalize_y=True,
        sources={"n_init": "[Ha2019, §6]: 3d initial points", "init_design": "[Ha2019, §6]: Latin hypercube",
                 "normalize_y": "[Ha2019, §6]: y normalised to N(0, 1)",
                 "n_cyc": "not stated; the authors' code refits after every observation",
                 "acq_optimizer": "not stated in [Ha2019]; DIRECT as in the other papers"},
    )
    beta_options = BetaOptions(
        formulas={
            "theory": BetaFormula(
                ubo_bounds.beta_t_thm51, lambda opt, t: opt._thm51_arguments(t),
                kind="theory", source="[Ha2019, Thm 5.1] (local time)",
            ),
        },
        default="theory",
        default_scale=0.2,
        scale_source='[Ha2019, §6]: "scale beta_t down by a factor of 5"',
    )

    def __init__(
        self,
        bounds,
        *,
        epsilon: float = 0.05,
        delta: float = 0.1,
        a: float = 1.0,
        b: float = 1.0,
        kernel="SE",
        max_bounds=None,
        d_eps_reading: str = "A",
        trigger_reading: str = "B",
        refinement: str = "printed",
        refine_max_balls: int | None = None,
        **kwargs,
    ):
        box = check_bounds("bounds", bounds)
        self.kernel_family, kernel_spec = _kernel_spec(kernel, box)
        super().__init__(box, kernel=kernel_spec, **kwargs)
        self.epsilon = check_real("epsilon", epsilon, low=0.0, low_open=True)
        self.delta = check_probability("delta", delta)
        self.a = check_real("a", a, low=0.0, low_open=True)
        self.b = check_real("b", b, low=0.0, low_open=True)
        self.max_bounds = None if max_bounds is None else _check_max_bounds(max_bounds, self.bounds)
        self.d_eps_reading = check_choice("d_eps_reading", d_eps_reading, ("A", "B"))
        self.trigger_reading = check_choice("trigger_reading", trigger_reading, ("A", "B"))
        self.refinement = check_choice("refinement", refinement, REFINEMENTS)
        self.refine_max_balls = (
            None if refine_max_balls is None else check_integer("refine_max_balls", refine_max_balls, low=1)
        )
        # Thm 5.1 needs log(4 D a / delta) > 0: let the formula itself reject a (ValueError naming "a").
        ubo_bounds.beta_t_thm51(t=1, T_prev=0, d=self.dim, delta=self.delta, a=self.a, b=self.b, r=1.0)
        self._box = self.bounds.copy()  # current search space S_k
        self._t_k = 0  # iteration of the last expansion (Alg. 1 line 13)
        self._d_eps: float | None = None  # radius of the last expansion (App. B balls)
        self.n_expansions = 0
        self._record_params(
            "epsilon", "delta", "a", "b", "max_bounds", "d_eps_reading", "trigger_reading", "refinement",
            "refine_max_balls", kernel=self.kernel_family if isinstance(kernel, str) else repr(kernel),
        )

    # ---- search space -----------------------------------------------------------------------------------
    @property
    def domain(self) -> np.ndarray:
        """The current search space :math:`\\mathcal S_k` (a copy), shape (D, 2)."""
        return self._box.copy()

    def _iteration(self, t: int) -> int:
        """Alg. 1's t (iterations after the initial design) of query number t (all observations)."""
        return t - self.n_init

    # ---- beta -------------------------------------------------------------------------------------------
    def _thm51_arguments(self, t: int) -> dict:
        r"""The arguments of :func:`regretlab.bounds.ubo.beta_t_thm51` at query number t: local time on the
        current box.

        ``t`` counts every observation (1-based); Alg. 1's iteration is :math:`t-n_{init}` and the local
        time :math:`\tau=t-n_{init}-t_k` must be >= 1; :math:`r_k` is the largest side of the current box.
        """
        t = check_integer("t", t, low=self.n_init + self._t_k + 1)
        side = float((self._box[:, 1] - self._box[:, 0]).max())
        return {"t": self._iteration(t), "T_prev": self._t_k, "d": self.dim, "delta": self.delta, "a": self.a,
                "b": self.b, "r": side}

    def run(self, objective, n_iter: int, *, callback=None, progress: bool = True):
        """:meth:`BayesianOptimizer.run`; an objective that enforces its own domain caps the search space.

        With ``max_bounds=None`` and an objective with ``bounds`` and ``enforce_bounds=True``, the objective's
        domain becomes ``max_bounds`` (it must contain the initial box), so an expansion never proposes a
        point the objective would reject.
        """
        domain = getattr(objective, "bounds", None)
        if self.max_bounds is None and domain is not None and getattr(objective, "enforce_bounds", False):
            try:
                self.max_bounds = _check_max_bounds(domain, self.bounds)
            except ValueError as exc:
                raise ValueError(
                    f"objective's domain {np.asarray(domain).tolist()} does not contain the initial search "
                    f"box bounds={self.bounds.tolist()}; the objective cannot be evaluated there"
                ) from exc
            self.params["max_bounds"] = self.max_bounds.tolist()
        return super().run(objective, n_iter, callback=callback, progress=progress)

    # ---- proposal ---------------------------------------------------------------------------------------
    def _theta(self) -> float:
        return math.sqrt(float(self.kernel.variance))

    def _propose(self, t: int, beta: float) -> Proposal:
        """Alg. 1 lines 5-11: UCB argmax on S_k (with App. B), then the trigger r_b."""
        iteration = self._iteration(t)
        t_local = iteration - self._t_k
        ucb = Acquisition(self.gp, "ucb", beta=beta)  # GP output scale: what epsilon is measured on
        box = self.domain
        result = self.maximize_acquisition(ucb, box)
        x, value, n_eval = result.x, float(result.value), int(result.n_evaluations)
        far_field = float(self.gp.mean) + math.sqrt(beta) * self._theta()
        x, value, n_eval, refined = self._refine(ucb, x, value, n_eval, far_field, box)
        candidates = np.vstack([self.X, x[None, :]])  # D_t = D_{t-1} ∪ {x_t}
        lcb_max = float(np.max(Acquisition(self.gp, "lcb", beta=beta)(candidates)))
        ucb_x = float(ucb(x[None, :])[0])
        r_b = float(
            ubo_bounds.trigger_rb(
                ucb_max=ucb_x, lcb_max=lcb_max, t=iteration, t_local=t_local, reading=self.trigger_reading
            )
        )
        expand = bool(r_b <= self.epsilon or iteration == 1)
        records = {
            "iteration": iteration,
            "t_local": t_local,
            "search_box": box,
            "r_b": r_b,
            "expanded": expand,
            "ucb_max": ucb_x,
            "far_field": far_field,
            "refined": refined,
        }
        return Proposal(x, n_eval, records)

    def _refine(self, ucb, x, value, n_eval, far_field, box):
        """App. B: when the box maximum is within [far_field - eps, far_field], search the data balls."""
        if self.refinement == "none" or self._d_eps is None or self._d_eps <= 0.0:
            return x, value, n_eval, "no"
        if value > far_field or value < far_field - self.epsilon:
            return x, value, n_eval, "no"
        centres = self.X
        order = np.argsort(-ucb(centres), kind="stable")
        n_eval += centres.shape[0]
        if self.refine_max_balls is not None:
            order = order[: self.refine_max_balls]
        best = None
        for i in order:
            low = np.maximum(centres[i] - self._d_eps, box[:, 0])
            ball = np.column_stack([low, np.minimum(centres[i] + self._d_eps, box[:, 1])])
            res = self.maximize_acquisition(ucb, ball)
            n_eval += int(res.n_evaluations)
            if self._accepted(float(res.value), far_field):
                return res.x, float(res.value), n_eval, "accepted"
            if best is None or res.value > best.value:
                best = res
        return best.x, float(best.value), n_eval, "fallback"

    def _accepted(self, value: float, far_field: float) -> bool:
        if self.refinement == "printed":
            return value < far_field - self.epsilon
        return abs(value - far_field) <= self.epsilon

    # ---- expansion --------------------------------------------------------------------------------------
    def _update_model(self, x, y):
        """Update the GP (base schedule); then, if this query triggered it, expand (Alg. 1 lines 12-13)."""
        records = super()._update_model(x, y)
        entry = self._history[-1]
        if entry["records"].get("expanded") and not entry["is_initial"]:
            records.update(self._expand(entry["beta"], entry["records"]["iteration"]))
        return records

    def _expand(self, beta: float, iteration: int) -> dict:
        """Thm 4.1's d_eps on D_t, Eq. (28) hypercube, union with the old box (clipped to max_bounds)."""
        theta, kernel = self._theta(), self.kernel
        X = self.X
        valid = self.epsilon < 4.0 * math.sqrt(beta) * theta
        if valid:
            # The GP's own factor of K + σ²I and z = (K + σ²I)⁻¹(y - m) on D_t: no second Gram matrix.
            q = ubo_bounds.gram_quantities(L=self.gp.L, z=self.gp.alpha)
            radius = float(
                ubo_bounds.d_eps(
                    beta_t=beta, theta=theta, epsilon=self.epsilon, n=q.n, lambda_max=q.lambda_max,
                    z_mass=q.z_mass, lengthscale=float(kernel.lengthscale), kernel=self.kernel_family,
                    reading=self.d_eps_reading,
                )
            )
        else:
            radius = 0.0
        cube = ubo_bounds.hypercube_eq28(X=X, d_eps=radius)
        low, high = np.minimum(self._box[:, 0], cube[:, 0]), np.maximum(self._box[:, 1], cube[:, 1])
        new = np.column_stack([low, high])
        if self.max_bounds is not None:
            new = np.column_stack(
                [np.maximum(new[:, 0], self.max_bounds[:, 0]), np.minimum(new[:, 1], self.max_bounds[:, 1])]
            )
        self._box, self._t_k, self._d_eps = new, iteration, radius
        self.n_expansions += 1
        return {"d_eps": radius, "d_eps_valid": valid, "new_search_box": new.copy()}


# ---- helpers ----------------------------------------------------------------------------------------------
def _kernel_spec(kernel, box: np.ndarray):
    """(family name, Kernel or factory for the base class) from ``kernel`` (a family name or a Kernel)."""
    if isinstance(kernel, str):
        family = check_choice("kernel", kernel, tuple(KERNELS))
        cls = KERNELS[family]

        def factory(bounds):
            return default_kernel(cls, bounds)

        return family, factory
    for family, cls in KERNELS.items():
        if isinstance(kernel, Kernel) and type(kernel) is cls:
            if kernel.ard:
                raise ValueError(f"kernel={kernel!r} is ARD; d_eps (Thm 4.1) needs an isotropic lengthscale")
            return family, kernel
    raise ValueError(
        f"kernel={kernel!r} is not supported; its domain is {set(KERNELS)} or an isotropic instance of "
        "SquaredExponential, Matern32 or Matern52"
    )


def _check_max_bounds(max_bounds, bounds: np.ndarray) -> np.ndarray:
    outer = check_bounds("max_bounds", max_bounds)
    if outer.shape != bounds.shape:
        raise ValueError(f"max_bounds has shape {outer.shape}; expected {bounds.shape} like bounds")
    if np.any(outer[:, 0] > bounds[:, 0]) or np.any(outer[:, 1] < bounds[:, 1]):
        raise ValueError(f"max_bounds={outer.tolist()} does not contain bounds={bounds.tolist()}")
    return outer
