r"""Dropout-UCB: GP-UCB on d randomly chosen coordinates per iteration, the rest filled in ([Li2017]).

"DropoutUCB" in [TranThe2020, §Experiments] (d = 5).
"""

from __future__ import annotations

import numpy as np

from regretlab._validate import check_choice, check_integer, check_number

from ..base import Proposal
from ._common import DEFAULT_LOOP, UCBBaseline, fit_local_gp

__all__ = ["DropoutUCB", "FILL_INS"]

#: [Li2017, §3]'s fill-in strategies for the dropped coordinates.
FILL_INS = ("random", "copy", "mix")


class DropoutUCB(UCBBaseline):
    r"""Dropout-UCB ([Li2017, Alg. 1]): at iteration t

    1. choose d of the D coordinates uniformly at random (the kept set :math:`I_t`);
    2. :math:`x_t^{I_t}=\arg\max\ \mu_{t-1}(x^{I_t})+\sqrt{\beta_t}\sigma_{t-1}(x^{I_t})` over the kept
       coordinates' box, with the GP fitted on :math:`D_{t-1}` restricted to those coordinates;
    3. fill the dropped coordinates: ``"random"`` uniform in their box (Dropout-Random), ``"copy"`` from
       the best observation so far :math:`x^+` (Dropout-Copy), or ``"mix"``: random with probability
       ``p`` and copy otherwise (Dropout-Mix);
    4. evaluate :math:`f(x_t)`.

    The GP's hyperparameters (one isotropic kernel, valid on any d coordinates) are re-fitted by marginal
    likelihood on the current subset every ``n_cyc`` iterations and reused in between.

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
    d : int
        Kept coordinates per iteration, 1 ≤ d ≤ D (default 5: [TranThe2020, §Experiments]).
    fill_in : {"random", "copy", "mix"}
        Default ``"mix"``, with ``p`` below.
    p : float
        Probability of the random fill-in under ``"mix"``, in [0, 1]. Default 0.1: not checked against
        [Li2017] (its text was not available offline); chosen so that copying, the strategy [Li2017] reports
        as the stronger one, dominates.
    **kwargs
        :class:`~regretlab.algorithms.baselines._common.UCBBaseline` and loop options.

    Examples
    --------
    >>> opt = DropoutUCB([[0.0, 1.0]] * 6, d=2, rng=0, n_init=3, acq_budget=60, n_restarts=0)
    >>> trace = opt.run(lambda x: -float(np.sum((x - 0.3) ** 2)), 5, progress=False)
    >>> len(trace.records[-1]["kept"])
    2
    """

    name = "DropoutUCB"
    defaults = DEFAULT_LOOP

    def __init__(self, bounds, *, d: int = 5, fill_in: str = "mix", p: float = 0.1, **kwargs):
        super().__init__(bounds, **kwargs)
        self.d = check_integer("d", d, low=1, high=self.dim)
        self.fill_in = check_choice("fill_in", fill_in, FILL_INS)
        self.p = check_number("p", p, low=0.0, high=1.0)
        self._sub_kernel = None
        self._record_params("d", "fill_in", "p")

    @property
    def search_dim(self) -> int:
        """d: the kept coordinates."""
        return self.d

    def _update_model(self, x, y) -> dict:
        """No D-dimensional model: each iteration fits the GP on its kept coordinates in :meth:`_propose`."""
        return {}

    def _propose(self, t: int, beta: float) -> Proposal:
        kept = np.sort(self.rng.choice(self.dim, size=self.d, replace=False))
        box = self.bounds[kept]
        refit = self._sub_kernel is None or (t - 1 - self.n_init) % self.n_cyc == 0
        kernel = self.kernel_for(box) if refit else self._sub_kernel
        posterior, self._sub_kernel, _ = fit_local_gp(self, self.X[:, kept], self.y, kernel, refit=refit)
        result = self.maximize_acquisition(self.make_acquisition(beta, posterior), bounds=box)
        # Fill-in ([Li2017, §3]): copy x^+ or draw uniformly, per iteration.
        strategy = self.fill_in
        if strategy == "mix":
            strategy = "random" if self.rng.random() < self.p else "copy"
        if strategy == "copy":
            x = self.best()[0]
        else:
            x = self.rng.uniform(self.bounds[:, 0], self.bounds[:, 1])
        x[kept] = result.x
        return Proposal(x, result.n_evaluations, {"kept": kept.tolist(), "fill_in": strategy})
