r"""SRE: sequential random embeddings ([Qian2016]), with GP-UCB solving each embedded sub-problem.

"SRE" in [TranThe2020, §Experiments] (d = 5, and m = 5 embeddings in its Fig. 5). [Qian2016] solves the
sub-problems with a derivative-free optimiser (RACOS and others); [TranThe2020] ran SRE as a BO baseline in
Python with GPy, so each sub-problem here is solved by GP-UCB (or EI) on the sub-problem's own data.
"""

from __future__ import annotations

import math

import numpy as np

from regretlab._validate import check_count, check_integer

from ..acquisition import Acquisition
from ..base import LoopDefaults, Proposal
from ._common import DEFAULT_LOOP, UCBBaseline, fit_local_gp

__all__ = ["SRE"]


class SRE(UCBBaseline):
    r"""Sequential random embeddings ([Qian2016, Alg. 2]), each sub-problem solved by GP-UCB.

    On the box rescaled to :math:`\mathcal X=[-1,1]^D`, with :math:`\tilde x_0 = 0`:

    for :math:`i = 1, \dots, m`:

    1. draw :math:`\mathbf A^{(i)}\in\mathbb R^{D\times d}`, :math:`A_{jk}\sim\mathcal N(0,1)`;
    2. solve :math:`\max_{(\alpha, y)\in[-1,1]\times\mathcal Y}\ g_i(\alpha, y)=
       f\big(p_{\mathcal X}(\alpha\tilde x_{i-1}+\mathbf A^{(i)}y)\big)` with ``budget / m`` evaluations;
    3. :math:`\tilde x_i=\alpha_i\tilde x_{i-1}+\mathbf A^{(i)}y_i` at the sub-problem's best evaluation.

    The sub-problem's solver is GP-UCB on its own coordinates :math:`(\alpha, y)` (only :math:`y` in the
    first, where :math:`\tilde x_0 = 0` makes :math:`\alpha` void). The previous solution
    :math:`\tilde x_{i-1}` is the point :math:`(\alpha, y) = (1, 0)` of sub-problem i; its value is known
    and enters the sub-problem's GP without being evaluated again. Sub-problem 1 starts with the loop's
    initial design (``n_init`` points), the others with ``stage_init`` uniform points.

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
    d : int
        Embedding dimension (default 5: [TranThe2020, §Experiments]).
    m : int
        Number of embeddings (default 5: [TranThe2020, Fig. 5], "SRE with m = 5").
    budget : int, optional
        Total evaluations, initial design included. Those after the initial design are split evenly over
        the m sub-problems (:math:`\lceil(\text{budget}-n_{init})/m\rceil` each, the last one what
        remains); the initial design opens the first. Default: the ``n_iter`` of the first :meth:`run`
        call.
    stage_init : int, optional
        Uniform points opening sub-problems 2..m (default d + 1: not stated; chosen because a GP on d + 1
        inputs needs that many points besides the previous solution).
    **kwargs
        :class:`~regretlab.algorithms.baselines._common.UCBBaseline` and loop options.

    Notes
    -----
    The sub-problem box :math:`\mathcal Y=[-1,1]^d` and :math:`\alpha\in[-1,1]` are this implementation's
    reading of [Qian2016] (its text was not available offline to check).

    Examples
    --------
    >>> opt = SRE([[-1.0, 1.0]] * 10, d=2, m=2, rng=0, n_init=3, acq_budget=100, n_restarts=0)
    >>> trace = opt.run(lambda x: -float(np.sum((x[:2] - 0.2) ** 2)), 12, progress=False)
    >>> [r.get("stage") for r in trace.records[-3:]], len(trace.params["embeddings"])
    ([2, 2, 2], 2)
    """

    name = "SRE"
    defaults = LoopDefaults(n_init=10, n_cyc=25, sources={
        **DEFAULT_LOOP.sources,
        "n_cyc": "not stated; chosen: 25 as [Li2016, §5], counted within each sub-problem"})

    def __init__(self, bounds, *, d: int = 5, m: int = 5, budget: int | None = None,
                 stage_init: int | None = None, **kwargs):
        super().__init__(bounds, **kwargs)
        self.d = check_integer("d", d, low=1, high=self.dim)
        self.m = check_count("m", m, low=1)
        self.budget = None if budget is None else check_count("budget", budget, low=1)
        if self.budget is not None and self.budget < self.m:
            raise ValueError(f"budget={self.budget!r} is below m={self.m!r}; each of the m stages needs at "
                             "least one evaluation")
        self.stage_init = (self.d + 1 if stage_init is None
                           else check_count("stage_init", stage_init, low=1))
        self._stage = 0
        self._x_tilde = np.zeros(self.dim)  # \tilde x_{i-1}, rescaled coordinates
        self._A: np.ndarray | None = None
        self._stage_U: list[np.ndarray] = []
        self._stage_y: list[float] = []
        self._stage_kernel = None
        self._pending_u: np.ndarray | None = None
        self._record_params("d", "m", "budget", "stage_init", embeddings=[])

    # ---- sizes ----------------------------------------------------------------------------------------
    @property
    def search_dim(self) -> int:
        """d + 1: the sub-problem's (α, y)."""
        return self.d + 1

    @property
    def search_side(self) -> float:
        return 2.0

    def _stage_box(self) -> np.ndarray:
        """The sub-problem's box: :math:`\\mathcal Y` (stage 1) or :math:`[-1,1]\\times\\mathcal Y`."""
        k = self.d if self._stage == 1 else self.d + 1
        return np.tile([-1.0, 1.0], (k, 1))

    def _stage_of(self, index: int) -> int:
        """The sub-problem (1..m) of query number ``index`` (0-based): the evaluations after the initial
        design are split evenly, and the initial design belongs to the first sub-problem."""
        length = max(1, math.ceil((self.budget - self.n_init) / self.m))
        return min(self.m, max(0, index - self.n_init) // length + 1)

    # ---- the map ----------------------------------------------------------------------------------------
    def _to_bounds(self, unit: np.ndarray) -> np.ndarray:
        low, high = self.bounds[:, 0], self.bounds[:, 1]
        return low + 0.5 * (np.clip(unit, -1.0, 1.0) + 1.0) * (high - low)

    def _to_unit(self, x: np.ndarray) -> np.ndarray:
        low, high = self.bounds[:, 0], self.bounds[:, 1]
        return 2.0 * (np.asarray(x, dtype=float) - low) / (high - low) - 1.0

    def embed(self, u) -> np.ndarray:
        """The box point of sub-problem coordinates ``u`` (``y``, or ``(α, y)`` after the first)."""
        u = np.asarray(u, dtype=float)
        alpha, y = (0.0, u) if self._stage == 1 else (u[0], u[1:])
        return self._to_bounds(alpha * self._x_tilde + self._A @ y)

    # ---- stages -----------------------------------------------------------------------------------------
    def _enter_stage(self, stage: int) -> None:
        """Start sub-problem ``stage``: new embedding, previous solution as its point (1, 0)."""
        if self._stage >= 1 and self._stage_y:
            best = int(np.argmax(self._stage_y))
            self._x_tilde = self._to_unit(self.embed(self._stage_U[best]))
        self._stage = stage
        self._A = self.rng.standard_normal((self.dim, self.d))
        self.params["embeddings"].append(self._A.tolist())
        self._stage_U, self._stage_y, self._stage_kernel = [], [], None
        if stage > 1 and self.n_observations:
            # \tilde x_{i-1} is (α, y) = (1, 0) of the new sub-problem; its value is the previous best.
            self._stage_U.append(np.r_[1.0, np.zeros(self.d)])
            self._stage_y.append(float(np.max(self.y)))

    def _require_budget(self) -> None:
        if self.budget is None:
            raise ValueError(
                "SRE splits its budget over m embeddings: pass budget=<total evaluations> to the "
                "constructor, or call run(objective, n_iter), which sets it to n_iter"
            )

    def run(self, objective, n_iter: int, *, callback=None, progress: bool | None = None):
        """:meth:`BayesianOptimizer.run`; without ``budget`` the first call's total sets it."""
        if self.budget is None:
            self.budget = check_count("n_iter", n_iter, low=1) + self.n_observations
            self.params["budget"] = self.budget
        return super().run(objective, n_iter, callback=callback, progress=progress)

    def _next_design_point(self) -> np.ndarray:
        self._require_budget()
        if self._stage == 0:
            self._enter_stage(1)
        self._pending_u = self.rng.uniform(-1.0, 1.0, size=self.d)
        return self.embed(self._pending_u)

    def _propose(self, t: int, beta: float) -> Proposal:
        """One step of sub-problem i: uniform while it has fewer than ``stage_init`` points of its own,
        then the acquisition of the GP on the sub-problem's data over its box."""
        self._require_budget()
        stage = self._stage_of(t - 1)
        if stage != self._stage:
            self._enter_stage(stage)
        box = self._stage_box()
        records = {"stage": self._stage}
        own = len(self._stage_U) - (1 if self._stage > 1 else 0)
        if own < (self.n_init if self._stage == 1 else self.stage_init):
            u, n_eval = self.rng.uniform(box[:, 0], box[:, 1]), 0
        else:
            refit = self._stage_kernel is None or own % self.n_cyc == 0
            kernel = self.kernel_for(box) if refit else self._stage_kernel
            posterior, self._stage_kernel, _ = fit_local_gp(
                self, np.array(self._stage_U), np.array(self._stage_y), kernel, refit=refit)
            result = self.maximize_acquisition(self.make_acquisition(beta, posterior), bounds=box)
            u, n_eval = np.array(result.x, dtype=float), result.n_evaluations
        self._pending_u = u
        records["u"] = u.copy()
        return Proposal(self.embed(u), n_eval, records)

    def make_acquisition(self, beta, posterior=None):
        """EI's incumbent is the sub-problem's best (it contains the previous solution)."""
        if self.acquisition == "ei" and posterior is not None:
            return Acquisition(posterior, "ei", best=float(np.max(self._stage_y)), xi=self.xi)
        return super().make_acquisition(beta, posterior)

    def _update_model(self, x, y) -> dict:
        """No global model: each sub-problem fits its own GP in :meth:`_propose`."""
        return {}

    def _tell(self, x, y, f) -> None:
        asked = self._pending is not None and np.array_equal(self._pending["x"], x)
        if asked and self._pending_u is not None:
            self._stage_U.append(self._pending_u)
            self._stage_y.append(float(y))
        self._pending_u = None
        super()._tell(x, y, f)
