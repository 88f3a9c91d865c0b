"""Sympy twins of the bound formulas, with their LaTeX (installed as ``regretlab.bounds.symbolic``).

One module per paper module of :mod:`regretlab.bounds`, named like it (``symbolic/ubo.py`` twins
``bounds/ubo.py``). Each holds ``TWINS``, a list of :class:`Twin` (one per formula and reading), and
``NO_TWIN``, the reason for each of its executable formulas that has none. This package merges them from the
explicit list :data:`PAPER_MODULES` (a module missing from the list is a test failure, not a silent gap).
A property test checks on hypothesis-drawn parameters that every numpy function equals its lambdified twin.

Importing it imports sympy (about a second); ``regretlab formula`` does so only when it prints a twin.
"""

from __future__ import annotations

from . import add_gp_ucb, gp_ucb, information_gain, ms_ucb, pseries, rpp, ubo
from ._twin import Twin

__all__ = ["Twin", "TWINS", "NO_TWIN", "PAPER_MODULES", "twin", "latex"]

#: The per-paper twin modules, in the order their twins are merged.
PAPER_MODULES = (add_gp_ucb, gp_ucb, information_gain, ms_ucb, pseries, rpp, ubo)


def _merge() -> tuple[dict[str, Twin], dict[str, str]]:
    twins: dict[str, Twin] = {}
    reasons: dict[str, str] = {}
    for module in PAPER_MODULES:
        for item in module.TWINS:
            if item.key in twins:
                raise ValueError(f"sympy twin {item.key!r} is defined twice")
            twins[item.key] = item
        for id_, reason in module.NO_TWIN.items():
            if id_ in reasons:
                raise ValueError(f"NO_TWIN reason for {id_!r} is given twice")
            reasons[id_] = reason
    return twins, reasons


#: ``"ID"`` or ``"ID[reading]"`` -> :class:`Twin`.
TWINS: dict[str, Twin]
#: Executable formulas that have no sympy twin, and why (a test requires a twin or an entry here).
NO_TWIN: dict[str, str]
TWINS, NO_TWIN = _merge()


def twin(id_: str, reading: str | None = None) -> Twin:
    """The twin of catalogue id ``id_`` (and ``reading``, where the formula has several)."""
    key = id_ if reading is None else f"{id_}[{reading}]"
    if key not in TWINS:
        raise ValueError(f"no sympy twin for {key!r}; known: {sorted(TWINS)}")
    return TWINS[key]


def latex(id_: str, reading: str | None = None) -> str:
    """LaTeX of the sympy twin of ``id_``."""
    return twin(id_, reading).latex
