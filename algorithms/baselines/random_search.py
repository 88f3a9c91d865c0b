"""Uniform random search on the box ("RAND", [Kandasamy2015, §5]): the baseline of every comparison."""

from __future__ import annotations

import math

from regretlab._validate import check_count

from ..base import BayesianOptimizer, LoopDefaults, Proposal

__all__ = ["RandomSearch"]


class RandomSearch(BayesianOptimizer):
    """Uniform random search on the box ("RAND", [Kandasamy2015, §5]), the baseline of every comparison.

    Every query is an independent uniform point of ``bounds``; no model, no β (recorded as NaN).

    >>> import numpy as np
    >>> rs = RandomSearch([[0.0, 1.0], [-1.0, 1.0]], rng=0)
    >>> trace = rs.run(lambda x: -float(np.sum(x**2)), 5, progress=False)
    >>> trace.x.shape, bool(np.all(trace.x[:, 0] >= 0) and np.all(trace.x[:, 0] <= 1))
    ((5, 2), True)
    """

    name = "RandomSearch"
    defaults = LoopDefaults(n_init=0, sources={"n_init": "no initial design: every query is uniform"})
    uses_model = False

    def __init__(self, bounds, *, rng=None):
        super().__init__(bounds, rng=rng)
        self.params = {}

    def beta_t(self, t: int) -> float:
        """No β: NaN (after validating ``t`` as every optimizer does)."""
        check_count("t", t, low=1)
        return math.nan

    def _propose(self, t: int, beta: float) -> Proposal:
        return Proposal(self.rng.uniform(self.bounds[:, 0], self.bounds[:, 1]))
