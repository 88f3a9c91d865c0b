"""The papers' algorithms with a shared ask/tell loop (installed as ``regretlab.algorithms``).

- ``GPUCB``: GP-UCB, [Srinivas2010, Alg. 1];
- ``MSUCB``: MS-UCB, [TranThe2020, Alg. 1];
- ``AddGPUCB``: Add-GP-UCB, [Kandasamy2015, Algs 1-2];
- ``RPPGPUCB``: RPP-GP-UCB, [Li2016, Alg. 3];
- ``GPUCBUBO``: GPUCB-UBO, [Ha2019, Alg. 1];
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
