r"""Volume doubling: EI or GP-UCB on a search box whose volume doubles every few iterations
([Shahriari2016, §3]); "EI-Volx2" and "GPUCB-Volx2" of [Ha2019, §6] (Table 1: "EI-Vol2", "GPUCB-Vol2").
"""

from __future__ import annotations

import numpy as np

from regretlab._validate import check_count, check_number

from ..base import Proposal
from ._common import HA2019_LOOP, ExpandingSpace, UCBBaseline

__all__ = ["VolumeDoubling"]


class VolumeDoubling(ExpandingSpace, UCBBaseline):
    r"""BO on a search box that grows by ``growth`` in volume every ``period`` iterations
    ([Shahriari2016, §3], "volume doubling"):

    .. math::

        \mathcal S_{k+1}=c+g^{1/D}(\mathcal S_k-c),\qquad g = 2,

    the box scaled about its centre :math:`c` (the centre of the user's box) so that each side grows by
    :math:`g^{1/D}`. The expansion happens after iterations :math:`p, 2p, \dots` of the loop (initial
    design excluded), :math:`p` = ``period`` (default :math:`3D`: [Ha2019, §6] "every 3d iterations").
    The acquisition (EI or GP-UCB) is maximised over the current box; every proposal records it
    (``records["search_box"]``), and ``boxes`` lists each box with the query number it started at.

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
        The user's initial box :math:`\mathcal S_0`.
    acquisition : {"ei", "ucb"}
        EI-Volx2 (default) or GPUCB-Volx2.
    period : int, optional
        Iterations between expansions (default 3D).
    growth : float
        Volume factor g > 1 (default 2: "doubling").
    **kwargs
        :class:`~regretlab.algorithms.baselines._common.UCBBaseline` and loop options.

    Examples
    --------
    >>> opt = VolumeDoubling([[0.0, 1.0]] * 2, rng=0, n_init=2, period=2, acq_budget=40, n_restarts=0)
    >>> trace = opt.run(lambda x: -float(np.sum((x - 3.0) ** 2)), 7, progress=False)
    >>> [round(float(np.prod(b[:, 1] - b[:, 0])), 3) for _, b in opt.boxes]
    [1.0, 2.0, 4.0]
    """

    name = "Volume doubling"
    defaults = HA2019_LOOP

    def __init__(self, bounds, *, acquisition: str = "ei", period: int | None = None, growth: float = 2.0,
                 **kwargs):
        super().__init__(bounds, acquisition=acquisition, **kwargs)
        self.period = (3 * self.dim if period is None
                       else check_count("period", period, low=1))
        self.growth = check_number("growth", growth, low=1.0, low_open=True)
        self._box = self.bounds.copy()
        self.boxes: list[tuple[int, np.ndarray]] = [(1, self._box.copy())]
        self._record_params("period", "growth")
        self.name = "EI-Volx2" if self.acquisition == "ei" else "GPUCB-Volx2"

    def _maybe_expand(self, t: int) -> bool:
        iteration = t - 1 - self.n_init  # BO iterations done before query t
        if iteration <= 0 or iteration % self.period:
            return False
        centre = self.bounds.mean(axis=1)
        factor = self.growth ** (1.0 / self.dim)
        self._box = centre[:, None] + factor * (self._box - centre[:, None])
        self.boxes.append((t, self._box.copy()))
        return True

    def _propose(self, t: int, beta: float) -> Proposal:
        expanded = self._maybe_expand(t)
        result = self.maximize_acquisition(self.make_acquisition(beta))
        return Proposal(result.x, result.n_evaluations, {"search_box": self.domain, "expanded": expanded})
