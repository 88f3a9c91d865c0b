r"""LineBO: Bayesian optimisation along one-dimensional subspaces through the current best point, with a
global GP ([Kirschner2019]).

"LineBO" in [TranThe2020, §Experiments] (d = 1). Defaults follow the authors' public code (the ``febo``
package, ``subdomainbo``) where the paper leaves them open; each says so.
"""

from __future__ import annotations

import numpy as np

from regretlab._validate import check_bool, check_choice, check_count, check_number

from ..acquisition import Acquisition
from ..base import Proposal
from ._common import DEFAULT_LOOP, UCBBaseline, search_beta_options

__all__ = ["LineBO", "DIRECTIONS"]

#: The direction oracles of [Kirschner2019, §3] implemented here (the descent oracle is not).
DIRECTIONS = ("random", "coordinate")


class LineBO(UCBBaseline):
    r"""LineBO ([Kirschner2019, Alg. 1]) with the GP-UCB line solver.

    Repeat:

    1. choose a direction :math:`l_i` (``"random"``: Gaussian, normalised, scaled by the box's sides, as the
       authors' code; ``"coordinate"``: the coordinate axes in turn, CoordinateLineBO);
    2. the line :math:`L_i=\{\hat x_{i-1}+\alpha l_i\}\cap\mathcal X` through the current best point
       :math:`\hat x_{i-1}` (first: the best point of the initial design); with ``evaluate_start`` the line
       opens with an evaluation at :math:`\hat x_{i-1}` (authors' code);
    3. on :math:`L_i`, query :math:`\arg\max_{x\in L_i}\mu_{t-1}(x)+\sqrt{\beta_t}\sigma_{t-1}(x)` on a grid
       of ``line_grid`` points, the GP being the global one (all data, every line);
    4. after each query, :math:`\hat x_i=\arg\max_{x\in L_i}\mu_t(x)` over the grid without a margin of
       ``boundary_margin`` of the line at each end (authors' code: boundary effects of the GP);
    5. stop the line after ``max_queries`` queries, or after more than ``min_queries`` when
       :math:`\max_{L_i}\mathrm{UCB}-\mathrm{LCB}(\hat x_i) < 0.01\,|\mu(\hat x_i)|` (the stopping rule of
       the authors' code, there without the absolute value: "accuracy of maximum < 1 %").

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
    direction : {"random", "coordinate"}
        The direction oracle (default ``"random"``: RandomLineBO, [Kirschner2019, §5]'s main variant).
    line_grid : int
        Grid points per line (default 300: authors' code, ``GridSolver(points_per_dimension=300)``).
    min_queries, max_queries : int
        Queries per line (defaults 5 and 10: authors' code, ``min_queries_line``/``max_queries_line``).
    boundary_margin : float
        Fraction of the line ignored at each end when choosing :math:`\hat x` (default 0.05: authors' code,
        ``line_boundary_margin``), in [0, 0.5).
    evaluate_start : bool
        Evaluate :math:`\hat x` at the start of each line (default True: authors' code, the "best" phase).
    beta : str
        Default ``"constant"`` with ``beta_value`` = 4: the authors' code (febo's confidence bounds are
        :math:`\mu\pm2\sigma`). The GP-UCB schedules are offered too, evaluated with the searched
        dimension 1.
    **kwargs
        :class:`~regretlab.algorithms.baselines._common.UCBBaseline` and loop options.

    Examples
    --------
    >>> opt = LineBO([[0.0, 1.0]] * 4, rng=0, n_init=3, n_restarts=0)
    >>> trace = opt.run(lambda x: -float(np.sum((x - 0.3) ** 2)), 8, progress=False)
    >>> trace.records[3]["point_type"], len(trace.records[3]["line"]["direction"])
    ('start', 4)
    """

    name = "LineBO"
    acquisitions = ("ucb",)
    #: Default β_t = 4 for every t: the authors' code (febo's ``ModelConfig.beta = 2`` multiplies σ).
    beta_options = search_beta_options(default="constant")
    defaults = DEFAULT_LOOP

    def __init__(self, bounds, *, direction: str = "random", line_grid: int = 300, min_queries: int = 5,
                 max_queries: int = 10, boundary_margin: float = 0.05, evaluate_start: bool = True,
                 **kwargs):
        super().__init__(bounds, **kwargs)
        self.direction = check_choice("direction", direction, DIRECTIONS)
        self.line_grid = check_count("line_grid", line_grid, low=3)
        self.min_queries = check_count("min_queries", min_queries, low=1)
        self.max_queries = check_count("max_queries", max_queries, low=1)
        if self.max_queries < self.min_queries:
            raise ValueError(f"max_queries={self.max_queries!r} is below min_queries={self.min_queries!r}; "
                             "a line takes at least min_queries queries")
        self.boundary_margin = check_number("boundary_margin", boundary_margin, low=0.0, high=0.5,
                                          high_open=True)
        self.evaluate_start = check_bool("evaluate_start", evaluate_start)
        self._x_hat: np.ndarray | None = None
        self._line: dict | None = None
        self._n_lines = 0
        self._record_params("direction", "line_grid", "min_queries", "max_queries", "boundary_margin",
                            "evaluate_start")

    @property
    def search_dim(self) -> int:
        """1: each acquisition step searches a line."""
        return 1

    # ---- lines --------------------------------------------------------------------------------------------
    def _new_direction(self) -> np.ndarray:
        sides = self.bounds[:, 1] - self.bounds[:, 0]
        if self.direction == "coordinate":
            return np.eye(self.dim)[self._n_lines % self.dim] * sides
        g = self.rng.standard_normal(self.dim)
        return g / np.linalg.norm(g) * sides

    def _interval(self, x0: np.ndarray, direction: np.ndarray) -> tuple[float, float]:
        """The α with :math:`x_0+\\alpha l\\in\\mathcal X` (an interval containing 0)."""
        moving = np.abs(direction) > 0.0
        lows = (self.bounds[moving, 0] - x0[moving]) / direction[moving]
        highs = (self.bounds[moving, 1] - x0[moving]) / direction[moving]
        return float(np.max(np.minimum(lows, highs))), float(np.min(np.maximum(lows, highs)))

    def _grid(self) -> np.ndarray:
        line = self._line
        alphas = np.linspace(line["interval"][0], line["interval"][1], self.line_grid)
        points = line["x0"] + alphas[:, None] * line["direction"]
        return np.clip(points, self.bounds[:, 0], self.bounds[:, 1])

    def _line_best(self, grid: np.ndarray) -> np.ndarray:
        """:math:`\\hat x`: the grid point of largest posterior mean, away from the line's ends."""
        mean, _ = self.model.predict(grid)
        cut = int(np.floor(self.boundary_margin * (len(grid) - 1)))
        inner = slice(cut, len(grid) - cut) if len(grid) - 2 * cut >= 1 else slice(None)
        return grid[inner][int(np.argmax(mean[inner]))].copy()

    def _stop(self, grid: np.ndarray, beta: float) -> bool:
        """The authors' code's rule: max UCB on the line − LCB(x̂) below 1 % of |μ(x̂)|."""
        ucb_max = float(np.max(Acquisition(self.model, "ucb", beta=beta)(grid)))
        lcb_hat = float(Acquisition(self.model, "lcb", beta=beta)(self._x_hat[None, :])[0])
        mean_hat = float(self.model.predict(self._x_hat[None, :])[0][0])
        return ucb_max - lcb_hat < 0.01 * abs(mean_hat)

    def _propose(self, t: int, beta: float) -> Proposal:
        if self._x_hat is None:
            self._x_hat = self.best()[0]
        if self._line is not None:
            grid = self._grid()
            self._x_hat = self._line_best(grid)
            queries = self._line["queries"]
            if queries >= self.max_queries or (queries > self.min_queries and self._stop(grid, beta)):
                self._line = None
        records = {}
        if self._line is None:
            direction = self._new_direction()
            self._line = {"x0": self._x_hat.copy(), "direction": direction,
                          "interval": self._interval(self._x_hat, direction), "queries": 0}
            self._n_lines += 1
            records["line"] = {"index": self._n_lines, "x0": self._x_hat.tolist(),
                               "direction": direction.tolist(), "interval": list(self._line["interval"])}
            if self.evaluate_start:
                records["point_type"] = "start"
                return Proposal(self._x_hat.copy(), 0, records)
        grid = self._grid()
        acquisition = Acquisition(self.model, "ucb", beta=beta)
        x = grid[int(np.argmax(acquisition(grid)))]
        self._line["queries"] += 1
        records.update(point_type="line", line_query=self._line["queries"])
        return Proposal(x.copy(), acquisition.n_evaluations, records)
