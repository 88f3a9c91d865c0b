"""Sympy twins of the bound formulas, with their LaTeX (installed as ``regretlab.bounds.symbolic``).

One module per module of :mod:`regretlab.bounds` that has formulas, named like it (``symbolic/ubo.py`` twins
``bounds/ubo.py``). Each holds ``TWINS``, a list of :class:`Twin` (one per formula and reading), and
``NO_TWIN``, the reason for each of its executable formulas that has none. :data:`PAPER_MODULES` lists them
by listing the package (a new paper's twin module joins without an edit here); a formula with neither a twin
nor a reason is a test failure, not a silent gap.

:func:`twin` imports only the module of the formula asked for; ``TWINS`` and ``NO_TWIN`` (the merged views)
import every module on first access. Building all the sympy expressions takes about a second, which
``regretlab formula`` should not pay to print one twin.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from regretlab.bounds import FORMULAS
from regretlab.bounds._registry import paper_module

from ._twin import Twin

__all__ = ["Twin", "TWINS", "NO_TWIN", "PAPER_MODULES", "twin", "latex"]

#: The twin modules, named like the modules of regretlab.bounds whose formulas they twin: this package's
#: public modules, listed (not imported) in name order.
PAPER_MODULES = tuple(sorted(info.name for info in pkgutil.iter_modules(__path__)
                             if not info.name.startswith("_")))

_merged: dict[str, dict] = {}


def module_for(paper_module: str) -> ModuleType:
    """The twin module of ``regretlab.bounds.<paper_module>`` (imported on first use)."""
    if paper_module not in PAPER_MODULES:
        raise ValueError(f"paper_module={paper_module!r} has no twin module; known: {list(PAPER_MODULES)}")
    return importlib.import_module(f"{__name__}.{paper_module}")


def _merge() -> dict[str, dict]:
    if not _merged:
        twins: dict[str, Twin] = {}
        reasons: dict[str, str] = {}
        for name in PAPER_MODULES:
            module = module_for(name)
            for item in module.TWINS:
                if item.key in twins:
                    raise ValueError(f"sympy twin {item.key!r} is defined twice")
                twins[item.key] = item
            for id_, reason in module.NO_TWIN.items():
                if id_ in reasons:
                    raise ValueError(f"NO_TWIN reason for {id_!r} is given twice")
                reasons[id_] = reason
        _merged.update(TWINS=twins, NO_TWIN=reasons)
    return _merged


def __getattr__(name: str):
    # PEP 562: TWINS ("ID" or "ID[reading]" -> Twin) and NO_TWIN (ID -> why there is no twin) are built on
    # first access, so importing this package does not build every sympy expression.
    if name in ("TWINS", "NO_TWIN"):
        return _merge()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def twin(id_: str, reading: str | None = None) -> Twin:
    """The twin of catalogue id ``id_`` (and ``reading``, where the formula has several).

    Imports only the twin module of the formula's own module.
    """

    if id_ not in FORMULAS:
        raise ValueError(f"id_={id_!r} is not an executable catalogue id")
    paper = paper_module(FORMULAS[id_])
    key = id_ if reading is None else f"{id_}[{reading}]"
    twins = {item.key: item for item in module_for(paper).TWINS}
    if key not in twins:
        raise ValueError(f"no sympy twin for {key!r}; twins of {paper}: {sorted(twins)}")
    return twins[key]


def latex(id_: str, reading: str | None = None) -> str:
    """LaTeX of the sympy twin of ``id_``."""
    return twin(id_, reading).latex
