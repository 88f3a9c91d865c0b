r"""DIRECT on the objective itself ("DiRect" in [Kandasamy2015, §5]): no model, the baseline every
Lipschitz optimiser is measured against ([Jones1993]).

``scipy.optimize.direct`` drives the search; it asks for values through a callback and never hands control
back, which an ask/tell loop needs. Each :meth:`~DIRECTSearch.ask` therefore replays DIRECT from the start
with the values told so far and stops it at its next new point: DIRECT is deterministic given the values,
so the replayed points are the points it asked before (checked, a mismatch raises) and the new one is its
next query. The replay costs O(n) cheap callback calls per query (a few seconds in all at n = 1000) and
keeps the whole search inside SciPy (written by hand here: only this replay, no DIRECT code).
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import direct

from regretlab._validate import check_bool, check_count, check_number

from ..base import BayesianOptimizer, LoopDefaults, Proposal

__all__ = ["DIRECTSearch"]


class _NextPoint(Exception):
    """Raised inside the replayed DIRECT at its first point without a recorded value."""

    def __init__(self, x):
        super().__init__("next DIRECT point")
        self.x = np.array(x, dtype=float)


class DIRECTSearch(BayesianOptimizer):
    r"""DIRECT ([Jones1993]) run on f, one objective evaluation per query (``scipy.optimize.direct``).

    DIRECT divides the box into hyper-rectangles, samples their centres and at each round splits the
    "potentially optimal" ones (those on the lower-right convex hull of (size, value)); the first query is
    the centre of the box. Every evaluation DIRECT makes is one query of the Trace, so a budget of n
    evaluations is ``run(f, n)`` ([Kandasamy2015, §5] plots DiRect against the number of queries).

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
    locally_biased : bool
        DIRECT-L ([Gablonsky2001], SciPy's default, True) or the original DIRECT ([Jones1993], False).
        [Kandasamy2015] does not say which; the default is SciPy's.
    eps : float
        DIRECT's potential-optimality margin ε > 0 (SciPy's default 1e-4; [Jones1993] suggests 1e-4).
    rng : None, int or Generator
        Used only if DIRECT stops by itself (its rectangles reach SciPy's volume or length tolerance, set
        here as small as SciPy allows) before the budget is spent: later queries are then uniform points,
        recorded as ``records["after_direct"] = True``.

    Examples
    --------
    >>> opt = DIRECTSearch([[-1.0, 1.0], [-1.0, 1.0]])
    >>> trace = opt.run(lambda x: -float(np.sum((x - 0.3) ** 2)), 9, progress=False)
    >>> trace.x[0].tolist()  # DIRECT starts at the centre of the box
    [0.0, 0.0]
    """

    name = "DIRECT"
    defaults = LoopDefaults(n_init=0, sources={"n_init": "DIRECT has no initial design: it starts at the "
                                                         "centre of the box ([Jones1993])"})
    uses_model = False

    def __init__(self, bounds, *, rng=None, locally_biased: bool = True, eps: float = 1e-4):
        super().__init__(bounds, rng=rng)
        self.locally_biased = check_bool("locally_biased", locally_biased)
        self.eps = check_number("eps", eps, low=0.0, low_open=True)
        self.params = {}
        self._record_params("locally_biased", "eps")
        self._finished = False

    def beta_t(self, t: int) -> float:
        """No β: NaN (after validating ``t`` as every optimizer does)."""
        check_count("t", t, low=1)
        return float("nan")

    def _replay(self, values: np.ndarray, points: np.ndarray) -> np.ndarray | None:
        """DIRECT's next point after the recorded ``points`` with ``values`` (None: DIRECT stopped)."""
        calls = [0]

        def negated(x):
            i = calls[0]
            calls[0] += 1
            if i < len(values):
                if not np.allclose(x, points[i], rtol=0.0, atol=1e-12 * (1.0 + np.abs(points[i]).max())):
                    raise RuntimeError(
                        f"DIRECT replay diverged at evaluation {i}: {x.tolist()} vs recorded "
                        f"{points[i].tolist()}; tell() must receive the points ask() returned, in order"
                    )
                return -values[i]  # scipy minimises; the loop maximises
            raise _NextPoint(x)

        try:
            direct(negated, [tuple(side) for side in self.bounds], eps=self.eps, maxfun=len(values) + 10,
                   maxiter=10 * (len(values) + 10), locally_biased=self.locally_biased, vol_tol=0.0,
                   len_tol=0.0)
        except _NextPoint as nxt:
            return nxt.x
        return None

    def _propose(self, t: int, beta: float) -> Proposal:
        if not self._finished:
            x = self._replay(self.y, self.X)
            if x is not None:
                return Proposal(np.clip(x, self.bounds[:, 0], self.bounds[:, 1]), 0, {"after_direct": False})
            self._finished = True
        return Proposal(self.rng.uniform(self.bounds[:, 0], self.bounds[:, 1]), 0, {"after_direct": True})
