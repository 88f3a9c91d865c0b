"""Registry of the catalogue's formulas: id -> function, and ids that are "not executable: reason".

Every bound module declares each formula with one decorator at its ``def`` line, :func:`formula`, which
carries the catalogue id(s) (``bounds/CATALOGUE.md``; several ids may share one function), the citation, and
the LaTeX — one per reading where the papers print several. ``regretlab.bounds.FORMULAS`` and
``regretlab.bounds.NOT_EXECUTABLE`` are the merged views.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import math
import re
from collections.abc import Callable, Mapping

import numpy as np

from regretlab._validate import NonFiniteResultError

FORMULAS: dict[str, Callable] = {}
NOT_EXECUTABLE: dict[str, str] = {}

#: A citation: ``[Key, location]`` (the form of :data:`regretlab.bounds.references.CITATION`).
_CITE = re.compile(r"^\[[A-Z][A-Za-z]+[0-9]{4}(?:-[A-Za-z]+)?, [^\[\]]+\]")


def formula(*ids: str, latex: str | Mapping[str, str], cite: str, reading: str = "reading",
            nonfinite: str | None = None):
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
    nonfinite : str, optional
        What a NaN or infinite value in the result means, for the few formulas where one is an answer (a
        singular matrix's ratio is ``inf``; a grid point not evaluated is NaN); without it such a result is
        an error.

    Every formula's inputs are validated finite, so a NaN or an infinite result (or an ``OverflowError``
    inside it) can only be an overflow in floating point: the registered function raises
    :class:`regretlab._validate.NonFiniteResultError` (a ``ValueError``) naming its inputs, the most
    extreme first, instead of returning it silently. A formula declared with ``nonfinite`` keeps the
    conversion of an ``OverflowError`` but returns its NaN and inf. The check is the public boundary's; the
    function itself is ``func.__wrapped__``.

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
        checked = _checked(func, nonfinite)
        for id_ in ids:
            FORMULAS[id_] = checked
        checked.formula_ids = tuple(ids)
        checked.citation = cite
        checked.latex_readings = table
        checked.reading_parameter = parameter
        checked.default_reading = default
        checked.latex = table[default]
        checked.nonfinite = nonfinite
        return checked

    return register


def _checked(func: Callable, nonfinite: str | None) -> Callable:
    """``func`` with its result checked finite (see :func:`formula`)."""

    @functools.wraps(func)
    def checked(*args, **kwargs):
        try:
            with np.errstate(over="ignore", invalid="ignore", divide="ignore"):  # the result is checked below
                result = func(*args, **kwargs)
        except (OverflowError, FloatingPointError, NonFiniteResultError) as exc:
            inner = "" if isinstance(exc, NonFiniteResultError) else f" ({type(exc).__name__}: {exc})"
            what = f"an overflow in an intermediate value{inner}"
            raise NonFiniteResultError(_overflow_message(func, args, kwargs, what)) from exc
        except (TypeError, ValueError) as exc:
            if not _from_numpy_shapes(exc):
                raise
            # numpy's own words about shapes name no parameter: name the inputs that are arrays
            raise ValueError(_shape_message(func, args, kwargs, exc)) from exc
        bad = None if nonfinite is not None else _first_nonfinite(result)
        if bad is not None:
            raise NonFiniteResultError(_overflow_message(func, args, kwargs, f"the result is {bad!r}"))
        return result

    return checked


#: numpy's messages when inputs of the wrong shape or type meet inside a formula (validated one by one, they
#: can still fail to broadcast together); the validators' own messages name their parameter instead.
_NUMPY_SHAPE_WORDS = ("could not be broadcast", "truth value of an array", "only 0-dimensional arrays",
                      "only integer scalar arrays", "unsupported operand type", "not supported between",
                      "shapes", "object is not iterable", "object is not subscriptable", "has no len")


def _from_numpy_shapes(exc: Exception) -> bool:
    return any(words in str(exc) for words in _NUMPY_SHAPE_WORDS) and "=" not in str(exc).split(":")[0]


def _arguments(func: Callable, args, kwargs) -> dict:
    """The call's arguments by parameter name (as given; only for messages)."""
    try:
        return dict(inspect.signature(func).bind_partial(*args, **kwargs).arguments)
    except TypeError:
        return dict(kwargs)


def _shape_message(func: Callable, args, kwargs, exc: Exception) -> str:
    bound = _arguments(func, args, kwargs)
    shaped = [f"{name}={value!r} (shape {np.shape(value)})" for name, value in bound.items()
              if not isinstance(value, str) and value is not None and np.ndim(value) > 0]
    listed = ", ".join(shaped) if shaped else ", ".join(f"{name}={value!r}" for name, value in bound.items())
    return (f"{public_path(func)}: the inputs do not fit together ({listed}): a parameter given as an array "
            f"has the wrong shape, or one that takes a single value got several "
            f"({type(exc).__name__}: {exc})")


def _first_nonfinite(result):
    """The first NaN or infinite float in a formula's result — a float, an array, a tuple or a dataclass
    of them — or None."""
    if isinstance(result, (bool, int, str)) or result is None:
        return None
    if isinstance(result, (float, np.floating)):
        value = float(result)
        return None if math.isfinite(value) else value
    if isinstance(result, np.ndarray):
        if result.dtype.kind not in "fc":
            return None
        bad = ~np.isfinite(result)
        return result[bad].flat[0].item() if bad.any() else None
    if dataclasses.is_dataclass(result):
        items = [getattr(result, f.name) for f in dataclasses.fields(result)]
    elif isinstance(result, (tuple, list)):
        items = list(result)
    else:
        return None
    for item in items:
        bad = _first_nonfinite(item)
        if bad is not None:
            return bad
    return None


def _overflow_message(func: Callable, args, kwargs, what: str) -> str:
    """``name: <what> for these finite inputs (a=1e+308, t=3): ...``, the input furthest from 1 in magnitude
    first."""
    bound = _arguments(func, args, kwargs)
    shown = []
    for name, value in bound.items():
        if isinstance(value, (bool, str)) or value is None or callable(value):
            continue
        try:
            arr = np.asarray(value, dtype=float)
        except (TypeError, ValueError, OverflowError):
            continue
        nonzero = np.abs(arr[np.isfinite(arr) & (arr != 0)])
        spread = float(np.max(np.abs(np.log10(nonzero)))) if nonzero.size else 0.0
        text = f"{name}={value!r}" if arr.ndim == 0 else f"{name}=<array of shape {arr.shape}>"
        shown.append((spread, text))
    shown.sort(key=lambda item: -item[0])
    inputs = f" ({', '.join(text for _, text in shown)})" if shown else ""
    return (f"{public_path(func)}: {what} for these finite inputs{inputs}; the first of them is too "
            "large (or too small) for the formula to be evaluated in floating point")


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
