"""Sympy twins of the bound formulas, with their LaTeX.

Each paper module's twins live in ``bounds/_twins_<module>.py`` as a list ``TWINS`` of
:class:`~regretlab.bounds._twin.Twin`; this module collects them. A test checks on hypothesis-drawn
parameters that every numpy function equals its lambdified twin (relative 1e-10).
"""

from __future__ import annotations

import importlib
import pkgutil

from regretlab.bounds._twin import Twin

__all__ = ["Twin", "TWINS", "twin", "latex"]


def _collect() -> dict[str, Twin]:
    import regretlab.bounds as package

    twins: dict[str, Twin] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if not info.name.startswith("_twins_"):
            continue
        module = importlib.import_module(f"regretlab.bounds.{info.name}")
        for item in module.TWINS:
            if item.key in twins:
                raise ValueError(f"sympy twin {item.key!r} is defined twice")
            twins[item.key] = item
    return twins


TWINS: dict[str, Twin] = _collect()


def twin(id_: str, reading: str | None = None) -> Twin:
    """The twin of catalogue id ``id_`` (and ``reading``, where the formula has several)."""
    key = id_ if reading is None else f"{id_}[{reading}]"
    if key not in TWINS:
        raise ValueError(f"no sympy twin for {key!r}; known: {sorted(TWINS)}")
    return TWINS[key]


def latex(id_: str, reading: str | None = None) -> str:
    """LaTeX of the sympy twin of ``id_``."""
    return twin(id_, reading).latex
