"""Executable regret-bound formulas of the four papers (installed as ``regretlab.bounds``).

Each function cites its paper, equation and page; ``FORMULAS`` maps every catalogue id of
``FORMULAS.md`` to its function. This package imports nothing from the rest of regretlab.
"""

from regretlab.bounds._registry import FORMULAS, NOT_EXECUTABLE

__all__ = ["FORMULAS", "NOT_EXECUTABLE"]
