"""Registry of the catalogue's formulas: id -> function, and ids that are "not executable: reason".

Every bound module registers its functions with :func:`formula` (an id of ``bounds/CATALOGUE.md``; several ids
may share one function) and the catalogue ids it cannot execute with :func:`not_executable`.
``regretlab.bounds.FORMULAS`` and ``regretlab.bounds.NOT_EXECUTABLE`` are the merged views.
"""

from __future__ import annotations

from collections.abc import Callable

FORMULAS: dict[str, Callable] = {}
NOT_EXECUTABLE: dict[str, str] = {}


def formula(*ids: str) -> Callable[[Callable], Callable]:
    """Register the decorated function under one or more catalogue ids and record them on it.

    The function gains ``formula_ids`` (tuple of ids). Registering an id twice is an error, so two
    modules cannot silently claim the same formula.
    """
    if not ids:
        raise ValueError("formula() needs at least one catalogue id")

    def register(func: Callable) -> Callable:
        for id_ in ids:
            if id_ in FORMULAS or id_ in NOT_EXECUTABLE:
                raise ValueError(f"catalogue id {id_!r} is registered twice")
            FORMULAS[id_] = func
        func.formula_ids = tuple(ids)
        return func

    return register


def not_executable(id_: str, reason: str) -> None:
    """Record that catalogue id ``id_`` has no executable function, and why."""
    if id_ in FORMULAS or id_ in NOT_EXECUTABLE:
        raise ValueError(f"catalogue id {id_!r} is registered twice")
    if not reason.strip():
        raise ValueError(f"not_executable({id_!r}) needs a reason")
    NOT_EXECUTABLE[id_] = reason
