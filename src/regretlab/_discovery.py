"""The one registry idiom: a package whose modules each contribute an entry is read by listing it.

Papers, figure kinds and claims are added as files: a new paper's specs are a module in
``experiments/specs/``, its decided claims a module in ``decisions/claims/``, its verification claims a
module in ``verify/claims/``, a new figure kind a module in ``figures/kinds/``. Each package builds its
registry with :func:`contributions` (or :func:`import_all` where the modules register themselves by a
decorator), so no shared list needs an edit and none can forget a file. Written here because the standard
library's :func:`pkgutil.iter_modules` lists the modules but neither imports them nor checks what they
define.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

__all__ = ["import_all", "contributions"]


def import_all(package: str, path) -> list[ModuleType]:
    """Every public module of the package ``package`` (its ``__path__`` is ``path``), imported, in name order
    (modules named with a leading underscore are its private parts, not entries)."""
    names = sorted(info.name for info in pkgutil.iter_modules(path) if not info.name.startswith("_"))
    return [importlib.import_module(f"{package}.{name}") for name in names]


def contributions(package: str, path, attribute: str) -> list[tuple[ModuleType, object]]:
    """``(module, module.<attribute>)`` for every public module of ``package``, in name order; a module that
    does not define ``attribute`` is an error naming it (a file in a registry package is an entry)."""
    out = []
    for module in import_all(package, path):
        if not hasattr(module, attribute):
            raise TypeError(f"{module.__name__} defines no {attribute}: every public module of {package} "
                            f"contributes one")
        out.append((module, getattr(module, attribute)))
    return out
