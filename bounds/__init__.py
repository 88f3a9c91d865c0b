"""Executable regret-bound formulas of the four papers (installed as ``regretlab.bounds``).

Each function cites its paper, equation and page; ``FORMULAS`` maps every catalogue id of
``FORMULAS.md`` to its function and ``NOT_EXECUTABLE`` gives the reason for each id that has none.
Importing the package imports every paper module, so both registries are complete.
This package imports nothing from the rest of regretlab.
"""

from . import (  # noqa: F401  (imported for their registrations)
    add_gp_ucb,
    assumption1,
    benchmarks,
    gp_ucb,
    information_gain,
    ms_ucb,
    pseries,
    rpp,
    ubo,
)
from ._registry import FORMULAS, NOT_EXECUTABLE

__all__ = [
    "FORMULAS",
    "NOT_EXECUTABLE",
    "add_gp_ucb",
    "assumption1",
    "gp_ucb",
    "information_gain",
    "ms_ucb",
    "pseries",
    "rpp",
    "ubo",
]
