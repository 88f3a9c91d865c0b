"""Registry of the catalogue's formulas: id -> function, and ids that are "not executable: reason".

Every bound module declares each formula with one decorator at its ``def`` line, :func:`formula`, which
carries the catalogue id(s) (``bounds/CATALOGUE.md``; several ids may share one function), the citation, and
the LaTeX — one per reading where the papers print several. ``regretlab.bounds.FORMULAS`` and
``regretlab.bounds.NOT_EXECUTABLE`` are the merged views.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping

FORMULAS: dict[str, Callable] = {}
NOT_EXECUTABLE: dict[str, str] = {}

#: A citation: ``[Key, location]`` (the form of :data:`regretlab.bounds.references.CITATION`).
_CITE = re.compile(r"^\[[A-Z][A-Za-z]+[0-9]{4}(?:-[A-Za-z]+)?, [^\[\]]+\]")


def formula(*ids: str, latex: str | Mapping[str, str], cite: str, reading: str = "reading"):
    """Declare a formula: register it under catalogue ``ids`` with its citation and LaTeX.

    Parameters
    ----------
    *ids : str
        Catalogue ids (none for a formula the catalogue does not list, e.g. a step of a proof).
    latex : str or mapping
        The formula as printed; a mapping ``reading -> LaTeX`` where the papers print several readings, keyed
        by the values of the function's ``reading`` parameter.
    cite : str
        Where it is printed, ``[Key, location]`` (e.g. ``"[Key, Eq. (n)]"``).
    reading : str
        The name of the function's reading parameter (only with a mapping ``latex``).

    The function gains ``formula_ids``, ``citation``, ``latex`` (the default reading's), ``latex_readings``
    (reading -> LaTeX; key None without readings), ``reading_parameter`` and ``default_reading`` (both None
    without readings).
    Registering an id twice is an error, so two modules cannot claim the same formula.
    """
    if not _CITE.match(cite or ""):
        raise ValueError(f"cite={cite!r} is not a citation of the form [Key, location]")

    def register(func: Callable) -> Callable:
        if isinstance(latex, str):
            table, parameter, default = {None: latex}, None, None
        else:
            parameter = reading
            signature = inspect.signature(func)
            if parameter not in signature.parameters:
                raise ValueError(f"{func.__name__} has no parameter {parameter!r} for its LaTeX readings")
            default = signature.parameters[parameter].default
            table = dict(latex)
            if default not in table:
                raise ValueError(f"{func.__name__}: the default reading {default!r} has no LaTeX")
        for id_ in ids:
            if id_ in FORMULAS or id_ in NOT_EXECUTABLE:
                raise ValueError(f"catalogue id {id_!r} is registered twice")
            FORMULAS[id_] = func
        func.formula_ids = tuple(ids)
        func.citation = cite
        func.latex_readings = table
        func.reading_parameter = parameter
        func.default_reading = default
        func.latex = table[default]
        return func

    return register


def latex_of(func: Callable, **kwargs) -> str:
    """The LaTeX of the reading that ``func(**kwargs)`` evaluates (its default reading if none is given)."""
    parameter = func.reading_parameter
    table = func.latex_readings
    if parameter is None:
        return table[None]
    chosen = kwargs.get(parameter, func.default_reading)
    if chosen not in table:
        raise ValueError(f"{parameter}={chosen!r} is not one of {sorted(map(str, table))}")
    return table[chosen]


def paper_module(func: Callable) -> str:
    """The paper module of regretlab.bounds that holds ``func``: ``"ms_ucb"`` for
    ``regretlab.bounds.ms_ucb.lemma4.v0`` as for ``regretlab.bounds.gp_ucb.ucb``."""
    parts = func.__module__.split(".")
    if parts[:2] != ["regretlab", "bounds"] or len(parts) < 3:
        raise ValueError(f"{func.__qualname__} is defined in {func.__module__}, not in regretlab.bounds")
    return parts[2]


def public_path(func: Callable) -> str:
    """Where a reader finds ``func``: ``regretlab.bounds.<paper module>.<name>`` (the sections of a paper
    package are an implementation detail; the package re-exports every public name)."""
    return f"regretlab.bounds.{paper_module(func)}.{func.__name__}"


def not_executable(id_: str, reason: str) -> None:
    """Record that catalogue id ``id_`` has no executable function, and why."""
    if id_ in FORMULAS or id_ in NOT_EXECUTABLE:
        raise ValueError(f"catalogue id {id_!r} is registered twice")
    if not reason.strip():
        raise ValueError(f"not_executable({id_!r}) needs a reason")
    NOT_EXECUTABLE[id_] = reason
