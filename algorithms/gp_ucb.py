r"""GP-UCB [Srinivas2010, Alg. 1]: the baseline every paper builds on.

At iteration t choose

.. math::

    x_t = \arg\max_{x\in\mathcal X}\ \mu_{t-1}(x) + \sqrt{\beta_t}\,\sigma_{t-1}(x)

on the whole box :math:`\mathcal X`, with :math:`\beta_t` taken from :mod:`regretlab.bounds.gp_ucb` (so the
formula that is tested is the formula that runs), scaled by a constant, or fixed.
"""

from __future__ import annotations

from regretlab._validate import check_number, check_probability
from regretlab.bounds import add_gp_ucb as add_bounds
from regretlab.bounds import gp_ucb as gp_ucb_bounds

from .acquisition import Acquisition
from .base import BayesianOptimizer, LoopDefaults, Proposal
from .beta import BetaFormula, BetaOptions

__all__ = ["GPUCB"]


class GPUCB(BayesianOptimizer):
    r"""GP-UCB, [Srinivas2010, Alg. 1], maximised over the whole box.

    .. math::

        x_t=\arg\max_{x\in\mathcal X}\mu_{t-1}(x)+\sqrt{\beta_t}\,\sigma_{t-1}(x)

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
        The box :math:`\mathcal X`.
    beta : {"thm6", "srinivas_thm2", "practical", "constant"}
        The :math:`\beta_t` schedule (:mod:`regretlab.algorithms.beta`):

        * ``"thm6"`` (default): :func:`regretlab.bounds.gp_ucb.beta_t_gpucb_thm6`,
          :math:`2\log(2t^2\pi^2/\delta)+2D\log(Dt^3)` ([Kandasamy2015, App. A, Thm 6]);
        * ``"srinivas_thm2"``: :func:`regretlab.bounds.gp_ucb.beta_t_srinivas_thm2` ([Srinivas2010, Thm 2] on
          :math:`[0,r]^D`, with the Lipschitz constants ``a``, ``b``, and ``r`` the largest side
          of ``bounds``);
        * ``"practical"``: :math:`0.2D\log2t` (:func:`regretlab.bounds.add_gp_ucb.beta_t_practical` with
          :math:`d=D`), the GP-UCB baseline of [Kandasamy2015, §5] and [Li2016, §5];
        * ``"constant"``: :math:`\beta_t = ` ``beta_value`` for every t.
    beta_scale : float
        Multiplies the schedule, the constant included (> 0; default 1). The theoretical :math:`\beta_t` is
        known to over-explore; practical runs scale it down ([Kandasamy2015, §5] uses :math:`0.2\,d\log 2t`;
        [Ha2019, §6] divides by 5).
    beta_value : float
        :math:`\beta` of the ``"constant"`` schedule (> 0).
    delta : float
        Confidence :math:`\delta\in(0,1)` of the theoretical schedules.
    a, b : float
        [Srinivas2010, Thm 2]'s Lipschitz-tail constants (:math:`a\ge1`, :math:`b>0`), used by
        ``"srinivas_thm2"``.
    **kwargs
        The shared loop's options (:class:`regretlab.algorithms.base.BayesianOptimizer`): ``rng``,
        ``n_init``, ``init_design``, ``n_cyc``, ``kernel``, ``acq_optimizer``, ``acq_budget``, ...

    References
    ----------
    .. [1] [Srinivas2010, Alg. 1, Thms 1-2].
    .. [2] [Kandasamy2015, App. A, Thm 6].

    Examples
    --------
    >>> import numpy as np
    >>> opt = GPUCB([[0.0, 1.0]], rng=0, n_init=2, acq_budget=50, n_restarts=0)
    >>> trace = opt.run(lambda x: -float((x[0] - 0.3) ** 2), 6, progress=False)
    >>> trace.x.shape
    (6, 1)
    """

    name = "GP-UCB"
    defaults = LoopDefaults(
        n_init=10, n_cyc=25,
        sources={"n_init": "not stated in [Srinivas2010]; 10 as the GP-UCB baseline of [Kandasamy2015, §5] "
                           "and [Li2016, §5]",
                 "n_cyc": "[Kandasamy2015, §5] and [Li2016, §5]: N_cyc = 25"},
    )
    beta_options = BetaOptions(
        formulas={
            "thm6": BetaFormula(
                gp_ucb_bounds.beta_t_gpucb_thm6, lambda opt, t: {"t": t, "D": opt.dim, "delta": opt.delta},
                kind="theory", source="[Kandasamy2015, App. A, Thm 6]",
            ),
            "srinivas_thm2": BetaFormula(
                gp_ucb_bounds.beta_t_srinivas_thm2,
                lambda opt, t: {"t": t, "d": opt.dim, "delta": opt.delta, "a": opt.a, "b": opt.b,
                                "r": float((opt.bounds[:, 1] - opt.bounds[:, 0]).max())},
                kind="theory", source="[Srinivas2010, Thm 2]",
            ),
            "practical": BetaFormula(
                add_bounds.beta_t_practical, lambda opt, t: {"t": t, "d": opt.dim}, kind="practical",
                source="[Kandasamy2015, §5] and [Li2016, §5]: the GP-UCB baseline's 0.2 D log 2t",
            ),
        },
        default="thm6",
    )

    def __init__(self, bounds, *, delta: float = 0.1, a: float = 1.0, b: float = 1.0, **kwargs):
        super().__init__(bounds, **kwargs)
        self.delta = check_probability("delta", delta)
        self.a = check_number("a", a, low=1.0)
        self.b = check_number("b", b, low=0.0, low_open=True)
        self._record_params("delta", "a", "b")

    def _propose(self, t: int, beta: float) -> Proposal:
        """Maximise UCB over the whole box ([Srinivas2010, Alg. 1], line 3)."""
        result = self.maximize_acquisition(Acquisition(self.model, "ucb", beta=beta))
        return Proposal(result.x, result.n_evaluations)
