"""Executable regret-bound formulas of the four papers (installed as ``regretlab.bounds``).

Each function cites its paper by key with the section, equation, lemma or theorem it implements
(``[Key, location]``; the sources have no page numbers); ``REFERENCES`` resolves every key. ``FORMULAS``
maps every id of the shipped catalogue (``bounds/CATALOGUE.md``, :mod:`regretlab.bounds.catalogue`) to its
function and ``NOT_EXECUTABLE`` gives the reason for each id that has none. Importing the package imports
every paper module, so both registries are complete. This package imports nothing from the rest of
regretlab but the leaves ``regretlab._validate`` and ``regretlab._rng``.
"""

from . import (  # noqa: F401  (imported for their registrations)
    add_gp_ucb,
    assumption1,
    benchmark_objectives,
    gp_ucb,
    information_gain,
    ms_ucb,
    pseries,
    rpp,
    ubo,
)
from ._registry import FORMULAS, NOT_EXECUTABLE, paper_module, public_path
from .references import REFERENCES

__all__ = [
    "FORMULAS",
    "NOT_EXECUTABLE",
    "REFERENCES",
    "paper_module",
    "public_path",
    "add_gp_ucb",
    "assumption1",
    "gp_ucb",
    "information_gain",
    "ms_ucb",
    "pseries",
    "rpp",
    "ubo",
]
