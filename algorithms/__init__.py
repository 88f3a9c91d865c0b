"""The papers' algorithms with a shared ask/tell loop (installed as ``regretlab.algorithms``).

- ``GPUCB``: Srinivas et al., ICML 2010, Algorithm 1;
- ``MSUCB``: Tran-The et al., AAAI 2020 (paper 000), Algorithm 1;
- ``AddGPUCB``: Kandasamy et al., ICML 2015 (paper 003), Algorithms 1 and 2;
- ``RPPGPUCB``: Li et al., AISTATS 2016 (paper 001), Algorithm 3;
- ``GPUCBUBO``: Ha et al., NeurIPS 2019 (paper 004), Algorithm 1;
- ``RandomSearch``: uniform random search, the baseline of every comparison.

Each is ``Name(bounds, *, rng=None, **params)`` with ``ask()``, ``tell(x, y)`` and
``run(objective, n_iter) -> Trace``; β_t schedules come from :mod:`regretlab.bounds`.
"""

from .add_gp_ucb import AddGPUCB
from .base import BayesianOptimizer, RandomSearch
from .gp_ucb import GPUCB
from .ms_ucb import MSUCB
from .rpp_gp_ucb import RPPGPUCB
from .trace import Trace
from .ubo import GPUCBUBO

__all__ = ["AddGPUCB", "BayesianOptimizer", "GPUCB", "GPUCBUBO", "MSUCB", "RPPGPUCB", "RandomSearch", "Trace"]
