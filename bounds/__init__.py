"""Executable regret-bound formulas of the four papers (installed as ``regretlab.bounds``).

Each function cites its paper by key with the section, equation, lemma or theorem it implements
(``[Key, location]``; the sources have no page numbers); ``REFERENCES`` resolves every key. ``FORMULAS``
maps every id of the shipped catalogue (``bounds/CATALOGUE.md``, :mod:`regretlab.bounds.catalogue`) to its
function and ``NOT_EXECUTABLE`` gives the reason for each id that has none. Importing the package imports
every paper module, so both registries are complete. This package imports nothing from the rest of
regretlab but the leaves ``regretlab._validate`` and ``regretlab._rng``.
"""

import importlib

from ._registry import FORMULAS, NOT_EXECUTABLE, paper_module, public_path
from .papers import FORMULA_MODULES
from .references import REFERENCES

# Every formula module registers its formulas on import: each paper's (its row of PAPERS names it) and the
# shared ones, so a new paper's formulas join FORMULAS without an edit here.
for _name in FORMULA_MODULES:
    importlib.import_module(f"{__name__}.{_name}")
del _name

__all__ = ["FORMULAS", "NOT_EXECUTABLE", "REFERENCES", "paper_module", "public_path",
           *FORMULA_MODULES]
