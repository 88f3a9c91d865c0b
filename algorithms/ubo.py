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

from regretlab._rng import as_generator
from regretlab._validate import (
    check_bounds,
    check_choice,
    check_count,
    check_integer,
    check_number,
    check_probability,
)
from regretlab.bounds import ubo as ubo_bounds
from regretlab.gp import Kernel, Matern32, Matern52, SquaredExponential

from .acquisition import Acquisition
from .base import BayesianOptimizer, LoopDefaults, Proposal
from .beta import BetaFormula, BetaOptions
from .maximize import maximize_lbfgsb
from .priors import default_kernel

__all__ = ["GPUCBUBO", "KERNELS", "REFINEMENTS", "CODE_READINGS", "initial_search_box"]

#: Kernel families for which :func:`regretlab.bounds.ubo.g_k` (hence :math:`d_\epsilon`) is implemented.
KERNELS = {"SE": SquaredExponential, "matern32": Matern32, "matern52": Matern52}
#: App. B acceptance rules of the per-ball search (see :class:`GPUCBUBO`).
REFINEMENTS = ("printed", "code", "none")
#: The seven places where the authors' public script differs from the paper: keyword -> (paper, code).
CODE_READINGS = {
    "b_rule": ("fixed", "code"),
    "y_scaling": ("standardize", "range"),
    "gram": ("paper", "code"),
    "space_update": ("union", "replace"),
    "expansion_query": ("old_box", "new_box"),
    "ball_centres": ("current_ucb", "expansion_y"),
    "beta_sign": ("refuse", "absolute"),
}
#: L-BFGS-B restarts from data points when r_b < 0 (the authors' script uses up to 20).
_REOPTIMIZE_STARTS = 20


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
      spread over an ever larger box; pass ``max_bounds`` when the objective has a known outer domain. The
      objective's own box is never used as a cap (that would hand UBO what the paper says it does not
      know): :meth:`run` refuses an objective that rejects points outside its box unless ``max_bounds`` is
      given; build it with ``enforce_bounds=False``, as UBO's test functions are defined everywhere.
    * ``a``, ``b`` are fixed constants for every :math:`\mathcal S_k` (Thm 5.1 allows :math:`a_k,b_k`), unless
      ``b_rule="code"``.
    * :math:`r_b<0` cannot happen with an exact maximiser of the UCB (:math:`\alpha_{UCB}(x_t)\ge
      \alpha_{UCB}(x_i)\ge\alpha_{LCB}(x_i)`); when DIRECT's maximum is that poor, the UCB is re-maximised by
      L-BFGS-B from the best data points and :math:`x_t` (as the authors' script does), and :math:`r_b` is
      recomputed (record ``reoptimized``).

    **The authors' code.** Their public script differs from the paper in seven ways that change the curves;
    each is a named reading (``CODE_READINGS``; the ``Ha2019/GPUCB-UBO-code`` setup takes all seven):

    * ``b_rule``: ``"fixed"`` (paper: the constant ``b``) or ``"code"``: :math:`b=\theta/(\sqrt2\ell)` from
      the current fit;
    * ``y_scaling``: ``"standardize"`` (§6: :math:`y` normalised to :math:`\mathcal N(0,1)`) or ``"range"``:
      :math:`(y-\bar y)/(\max y-\min y)`;
    * ``gram``: ``"paper"`` (Thm 4.1's quantities from :math:`K+\sigma^2I` with amplitude :math:`\theta^2`)
      or ``"code"``: unit-amplitude, noise-free Gram matrix and its pseudo-inverse;
    * ``space_update``: ``"union"`` (the smallest box holding the old one and the Eq. (28) box) or
      ``"replace"``: the Eq. (28) box itself, which can drop parts of the old space;
    * ``expansion_query``: ``"old_box"`` (Alg. 1: :math:`x_t` is chosen in :math:`\mathcal S_k`, the expansion
      follows its observation) or ``"new_box"``: on a triggering iteration the space is expanded from
      :math:`\mathcal D_{t-1}` first, local time restarts, and :math:`x_t` is re-chosen in the new box.
    * ``ball_centres`` (App. B's refinement): ``"current_ucb"`` (App. B: the balls around the current data,
      in decreasing order of their UCB, clipped to :math:`\mathcal S_k`; if none is accepted, the best ball
      maximiser) or ``"expansion_y"`` (the script: around the data of the last expansion, in decreasing
      order of their y then, not clipped; if none is accepted, the box's own maximiser stays);
    * ``beta_sign``: ``"refuse"`` (a negative :math:`\beta_t` from Thm 5.1, possible on a small box, is a
      ValueError) or ``"absolute"``: the script's ``b_n = sqrt(|nu tau_n|)``, i.e. :math:`|\beta_t|`.
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
    b_rule, y_scaling, gram, space_update, expansion_query : str
        The paper's reading (default) or the authors' code's, see **The authors' code** above.
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
        b_rule: str = "fixed",
        y_scaling: str = "standardize",
        gram: str = "paper",
        space_update: str = "union",
        expansion_query: str = "old_box",
        ball_centres: str = "current_ucb",
        beta_sign: str = "refuse",
        **kwargs,
    ):
        box = check_bounds("bounds", bounds)
        self.kernel_family, kernel_spec = _kernel_spec(kernel, box)
        super().__init__(box, kernel=kernel_spec, **kwargs)
        self.epsilon = check_number("epsilon", epsilon, low=0.0, low_open=True)
        self.delta = check_probability("delta", delta)
        self.a = check_number("a", a, low=0.0, low_open=True)
        self.b = check_number("b", b, low=0.0, low_open=True)
        self.max_bounds = None if max_bounds is None else _check_max_bounds(max_bounds, self.bounds)
        self.d_eps_reading = check_choice("d_eps_reading", d_eps_reading, ("A", "B"))
        self.trigger_reading = check_choice("trigger_reading", trigger_reading, ("A", "B"))
        self.refinement = check_choice("refinement", refinement, REFINEMENTS)
        self.refine_max_balls = (
            None if refine_max_balls is None
            else check_count("refine_max_balls", refine_max_balls, low=1)
        )
        for keyword, value in (("b_rule", b_rule), ("y_scaling", y_scaling), ("gram", gram),
                               ("space_update", space_update), ("expansion_query", expansion_query),
                               ("ball_centres", ball_centres), ("beta_sign", beta_sign)):
            setattr(self, keyword, check_choice(keyword, value, CODE_READINGS[keyword]))
        # Thm 5.1 needs log(4 D a / delta) > 0: let the formula itself reject a (ValueError naming "a").
        ubo_bounds.beta_t_thm51(t=1, T_prev=0, d=self.dim, delta=self.delta, a=self.a, b=self.b, r=1.0)
        self._box = self.bounds.copy()  # current search space S_k
        self._t_k = 0  # iteration of the last expansion (Alg. 1 line 13)
        self._d_eps: float | None = None  # radius of the last expansion (App. B balls)
        self._expansion_data: tuple[np.ndarray, np.ndarray] | None = None  # (X, y) at the last expansion
        self.n_expansions = 0
        self._record_params(
            "epsilon", "delta", "a", "b", "max_bounds", "d_eps_reading", "trigger_reading", "refinement",
            "refine_max_balls", *CODE_READINGS,
            kernel=self.kernel_family if isinstance(kernel, str) else repr(kernel),
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
    def beta_t(self, t: int) -> float:
        """The base schedule's :math:`\beta_t`; with ``beta_sign="absolute"`` its absolute value (the
        authors' script takes ``sqrt(abs(...))``)."""
        value = super().beta_t(t)
        return abs(value) if self.beta_sign == "absolute" else value

    def _thm51_arguments(self, t: int) -> dict:
        r"""The arguments of :func:`regretlab.bounds.ubo.beta_t_thm51` at query number t: local time on the
        current box.

        ``t`` counts every observation (1-based); Alg. 1's iteration is :math:`t-n_{init}` and the local
        time :math:`\tau=t-n_{init}-t_k` must be >= 1; :math:`r_k` is the largest side of the current box.
        """
        t = check_integer("t", t, low=self.n_init + self._t_k + 1)
        side = float((self._box[:, 1] - self._box[:, 0]).max())
        return {"t": self._iteration(t), "T_prev": self._t_k, "d": self.dim, "delta": self.delta, "a": self.a,
                "b": self._b_constant(), "r": side}

    def _b_constant(self) -> float:
        """``b``, or with ``b_rule="code"`` :math:`\\theta/(\\sqrt2\\ell)` of the current fit (the code)."""
        if self.b_rule == "fixed" or self.kernel is None:
            return self.b
        return self._theta() / (math.sqrt(2.0) * float(self.kernel.lengthscale))

    def _fit_targets(self) -> np.ndarray:
        """Standardised y (§6), or with ``y_scaling="range"`` :math:`(y-\\bar y)/(\\max y-\\min y)` (code)."""
        if self.y_scaling == "standardize":
            return super()._fit_targets()
        y = self.y
        spread = float(np.max(y) - np.min(y))
        self._y_shift, self._y_scale = float(np.mean(y)), (spread if spread > 0.0 else 1.0)
        self._variance_unit = float(np.var(self._normalised(y))) or 1.0
        return self._normalised(y)

    def run(self, objective, n_iter: int, *, callback=None, progress: bool | None = None):
        """:meth:`BayesianOptimizer.run`. UBO searches beyond its initial box, so an objective that rejects
        points outside its own box is refused unless ``max_bounds`` keeps the search inside that box."""
        domain = getattr(objective, "bounds", None)
        if self.max_bounds is None and domain is not None and getattr(objective, "enforce_bounds", False):
            raise ValueError(
                f"{self.name} expands its search space beyond bounds={self.bounds.tolist()}, but the "
                f"objective rejects points outside its box {np.asarray(domain).tolist()} "
                "(enforce_bounds=True): build it "
                "with enforce_bounds=False (regretlab.objectives.get(name, enforce_bounds=False)), or pass "
                "max_bounds to cap the search space on purpose"
            )
        return super().run(objective, n_iter, callback=callback, progress=progress)

    # ---- proposal ---------------------------------------------------------------------------------------
    def _theta(self) -> float:
        return math.sqrt(float(self.kernel.variance))

    def _propose(self, t: int, beta: float) -> Proposal:
        """Alg. 1 lines 5-11: UCB argmax on S_k (with App. B), then the trigger r_b; with
        ``expansion_query="new_box"`` a triggering iteration expands first and re-chooses x_t."""
        iteration = self._iteration(t)
        t_local = iteration - self._t_k
        box = self.domain
        x, n_eval, far_field, refined = self._ucb_argmax(beta, box)
        r_b, ucb_x, reoptimized, extra = self._trigger(x, beta, iteration, t_local, box)
        first_r_b = r_b if extra is None else extra[2]
        x, n_eval = (x, n_eval) if extra is None else (extra[0], n_eval + extra[1])
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
            "reoptimized": reoptimized,
            "r_b_first": first_r_b,
        }
        if not (expand and self.expansion_query == "new_box"):
            return Proposal(x, n_eval, records)
        # The authors' code: expand from D_{t-1}, restart local time, re-choose x_t in the new box.
        records.update(self._expand(beta, iteration - 1))
        records["expanded_before_query"] = True
        beta_new = self._checked_beta(t)
        x, more, records["far_field"], records["refined"] = self._ucb_argmax(beta_new, self.domain)
        return Proposal(x, n_eval + more, records, beta=beta_new)

    def _ucb_argmax(self, beta: float, box: np.ndarray):
        """The UCB's maximiser on ``box`` with the App. B refinement: (x, evaluations, far field, refined)."""
        ucb = Acquisition(self.gp, "ucb", beta=beta)  # GP output scale: what epsilon is measured on
        result = self.maximize_acquisition(ucb, box)
        x, value, n_eval = result.x, float(result.value), int(result.n_evaluations)
        far_field = float(self.gp.mean) + math.sqrt(beta) * self._theta()
        x, value, n_eval, refined = self._refine(ucb, x, value, n_eval, far_field, box)
        return x, n_eval, far_field, refined

    def _trigger(self, x, beta, iteration, t_local, box):
        """r_b at x_t (Alg. 1 line 9); if it is negative, re-maximise the UCB by L-BFGS-B from the data and
        x_t first. Returns (r_b, UCB(x_t), reoptimized, None or (better x_t, evaluations, first r_b))."""
        ucb = Acquisition(self.gp, "ucb", beta=beta)
        lcb = Acquisition(self.gp, "lcb", beta=beta)

        def r_b_at(point):
            candidates = np.vstack([self.X, point[None, :]])  # D_t = D_{t-1} ∪ {x_t}
            value = float(ucb(point[None, :])[0])
            return float(ubo_bounds.trigger_rb(
                ucb_max=value, lcb_max=float(np.max(lcb(candidates))), t=iteration, t_local=t_local,
                reading=self.trigger_reading,
            )), value

        r_b, ucb_x = r_b_at(x)
        if r_b >= 0.0:
            return r_b, ucb_x, False, None
        starts = np.vstack([x[None, :], self.X[np.argsort(-self.y, kind="stable")]])[:_REOPTIMIZE_STARTS]
        starts = np.clip(starts, box[:, 0], box[:, 1])
        result = maximize_lbfgsb(ucb.value_and_grad, box, n_starts=starts.shape[0], initial_points=starts,
                                 max_evaluations=self.acq_budget, rng=self.rng)
        better = result.x if result.value > ucb_x else x
        first = r_b
        r_b, ucb_x = r_b_at(better)
        return r_b, ucb_x, True, (better, int(result.n_evaluations), first)

    def _refine(self, ucb, x, value, n_eval, far_field, box):
        """App. B: when the box maximum is within [far_field - eps, far_field], search the data balls."""
        if self.refinement == "none" or self._d_eps is None or self._d_eps <= 0.0:
            return x, value, n_eval, "no"
        if value > far_field or value < far_field - self.epsilon:
            return x, value, n_eval, "no"
        if self.ball_centres == "expansion_y" and self._expansion_data is not None:
            centres, y_then = self._expansion_data          # the script's X_init_bound, Y_bound
            order = np.argsort(y_then, kind="stable")[::-1]
            clip = False
        else:
            centres = self.X
            order = np.argsort(-ucb(centres), kind="stable")
            n_eval += centres.shape[0]
            clip = True
        if self.refine_max_balls is not None:
            order = order[: self.refine_max_balls]
        best = None
        for i in order:
            low, high = centres[i] - self._d_eps, centres[i] + self._d_eps
            if clip:
                low, high = np.maximum(low, box[:, 0]), np.minimum(high, box[:, 1])
            res = self.maximize_acquisition(ucb, np.column_stack([low, high]))
            n_eval += int(res.n_evaluations)
            if self._accepted(float(res.value), far_field):
                return res.x, float(res.value), n_eval, "accepted"
            if best is None or res.value > best.value:
                best = res
        if self.ball_centres == "expansion_y":  # the script keeps the box's maximiser
            return x, value, n_eval, "fallback"
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
        triggered = entry["records"].get("expanded") and not entry["records"].get("expanded_before_query")
        if triggered and not entry["is_initial"]:
            records.update(self._expand(entry["beta"], entry["records"]["iteration"]))
        return records

    def _gram_quantities(self):
        """Thm 4.1's n, λ_max and z-mass: from the GP's own factor of K + σ²I and z = (K + σ²I)⁻¹(y - m)
        (``gram="paper"``), or from the unit-amplitude, noise-free Gram matrix's pseudo-inverse applied to
        the targets (``gram="code"``, the authors' script)."""
        if self.gram == "paper":
            return ubo_bounds.gram_quantities(L=self.gp.L, z=self.gp.alpha)
        unit = type(self.kernel)(lengthscale=float(self.kernel.lengthscale), variance=1.0)
        inverse = np.linalg.pinv(unit(self.X))
        z = inverse @ self._normalised(self.y)
        mass = max(float(-z[z <= 0].sum()), float(z[z >= 0].sum()))
        return ubo_bounds.GramQuantities(len(z), float(np.linalg.norm(inverse, 2)), z, mass)

    def _expand(self, beta: float, iteration: int) -> dict:
        """Thm 4.1's d_eps on the data, Eq. (28) hypercube, then the union with the old box
        (``space_update="union"``) or the hypercube alone (``"replace"``), clipped to max_bounds;
        :math:`t_k` = ``iteration``."""
        theta, kernel = self._theta(), self.kernel
        X = self.X
        valid = self.epsilon < 4.0 * math.sqrt(beta) * theta
        if valid:
            q = self._gram_quantities()
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
        if self.space_update == "union":
            low, high = np.minimum(self._box[:, 0], cube[:, 0]), np.maximum(self._box[:, 1], cube[:, 1])
            new = np.column_stack([low, high])
        else:
            new = np.array(cube, dtype=float)
        if self.max_bounds is not None:
            new = np.column_stack(
                [np.maximum(new[:, 0], self.max_bounds[:, 0]), np.minimum(new[:, 1], self.max_bounds[:, 1])]
            )
        self._box, self._t_k, self._d_eps = new, iteration, radius
        self._expansion_data = (np.array(self.X, dtype=float), np.array(self.y, dtype=float))
        self.n_expansions += 1
        return {"d_eps": radius, "d_eps_valid": valid, "new_search_box": new.copy()}


# ---- helpers ----------------------------------------------------------------------------------------------
def initial_search_box(domain, rng, fraction: float = 0.2) -> np.ndarray:
    r"""The user's initial box of [Ha2019, §6]: a cube of side ``fraction`` times the largest side of
    ``domain`` ("20 % of the domain side"), its centre uniform where the cube fits inside ``domain``.

    The same rule as the authors' script (one side length for every coordinate, from the largest side).

    Parameters
    ----------
    domain : array_like, shape (D, 2)
        The objective's domain (unknown to UBO; only the initial box is handed to it).
    rng : None, int or numpy.random.Generator
        Draws the centre.
    fraction : float
        In (0, 1] (default 0.2, [Ha2019, §6]); each side of ``domain`` must be at least the cube's side.

    >>> box = initial_search_box([[-4.5, 4.5], [-4.5, 4.5]], rng=0)
    >>> np.round(box[:, 1] - box[:, 0], 12).tolist()
    [1.8, 1.8]
    """
    domain = check_bounds("domain", domain)
    fraction = check_number("fraction", fraction, low=0.0, high=1.0, low_open=True)
    side = fraction * float(np.max(domain[:, 1] - domain[:, 0]))
    if np.any(domain[:, 1] - domain[:, 0] < side):
        raise ValueError(
            f"fraction={fraction!r} gives a cube of side {side:g}, wider than the narrowest side of domain "
            f"{domain.tolist()}; its domain is (0, 1] with the cube fitting in every coordinate"
        )
    centre = as_generator(rng).uniform(domain[:, 0] + side / 2, domain[:, 1] - side / 2)
    return np.column_stack([centre - side / 2, centre + side / 2])


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
