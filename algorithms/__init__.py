"""The papers' algorithms with a shared ask/tell loop (installed as ``regretlab.algorithms``).

- ``GPUCB``: GP-UCB, [Srinivas2010, Alg. 1];
- ``MSUCB``: MS-UCB, [TranThe2020, Alg. 1];
- ``AddGPUCB``: Add-GP-UCB, [Kandasamy2015, Algs 1-2];
- ``RPPGPUCB``: RPP-GP-UCB, [Li2016, Alg. 3];
- ``GPUCBUBO``: GPUCB-UBO, [Ha2019, Alg. 1];
- ``RandomSearch`` (in :mod:`regretlab.algorithms.baselines`): uniform random search, the baseline of every
  comparison.

Each is ``Name(bounds, *, rng=None, **params)`` with ``ask()``, ``tell(x, y)`` and
``run(objective, n_iter) -> Trace``. The modules:

================  ===================================================================================
``base``          the ask/tell loop (:class:`BayesianOptimizer`), its defaults (:class:`LoopDefaults`)
``beta``          the β_t schedule: ``beta``, ``beta_scale``, ``beta_value``, one meaning for all
``acquisition``   UCB, LCB, EI, :class:`Acquisition` and its :class:`Restricted` form
``maximize``      DIRECT, multistart L-BFGS-B and random search with a hard evaluation budget
``posteriors``    the posterior in observation units and per additive component
``groups``        the ``groups`` / ``d`` / ``M`` keywords of the additive algorithms
``priors``        default kernels with bounds relative to the box; the loop's warnings
``setups``        the papers' named configurations (``setups.get("Li2016/RPP", bounds, d=5)``), sourced
``trace``         the :class:`Trace` of a run (npz + JSON)
``baselines``     the papers' baselines, one module per method
================  ===================================================================================
"""

from . import setups
from .acquisition import Acquisition, Restricted
from .add_gp_ucb import AddGPUCB
from .base import BayesianOptimizer, LoopDefaults, ObjectiveError
from .baselines import RandomSearch
from .beta import BetaOptions, BetaSchedule
from .gp_ucb import GPUCB
from .ms_ucb import MSUCB
from .priors import (
    FitAtBoundWarning,
    InitialDesignOnlyWarning,
    JitterWarning,
    OutputScaleWarning,
    RegretlabWarning,
)
from .rpp_gp_ucb import RPPGPUCB
from .trace import Trace
from .ubo import GPUCBUBO

__all__ = [
    "Acquisition",
    "AddGPUCB",
    "BayesianOptimizer",
    "BetaOptions",
    "BetaSchedule",
    "FitAtBoundWarning",
    "JitterWarning",
    "OutputScaleWarning",
    "GPUCB",
    "GPUCBUBO",
    "InitialDesignOnlyWarning",
    "ObjectiveError",
    "LoopDefaults",
    "MSUCB",
    "RPPGPUCB",
    "RandomSearch",
    "RegretlabWarning",
    "Restricted",
    "Trace",
    "setups",
]
