"""Input validation at the boundary: one rule per ``raise``, messages naming parameter, value and domain.

Modelled on SciPy's checks (``scipy/optimize/_direct_py.py``, ``scipy/stats/_qmc.py``): every public
function of regretlab validates its parameters here and raises :class:`ValueError` of the form

    ``delta=1.5 is outside its domain (0, 1)``

This is a leaf module: it imports only numpy, so every part of the project may use it; ``bounds/`` and
``regretlab.gp`` import nothing from the project but this module and :mod:`regretlab._rng`. Seeds and
``rng`` arguments are validated by :mod:`regretlab._rng`, the one RNG gate.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

__all__ = [
    "NonFiniteResultError",
    "check_real",
    "check_integer",
    "check_count",
    "check_number",
    "check_probability",
    "check_array",
    "check_bounds",
    "check_choice",
    "match_name",
    "check_bool",
    "check_scalar",
    "check_label",
    "raise_outside",
    "as_output",
    "TERM_LIMIT",
    "MAGNITUDE_LIMIT",
    "DIM_LIMIT",
    "interval",
    "is_integral",
]


class NonFiniteResultError(ValueError):
    """A NaN or infinite result (or an ``OverflowError``) from finite, validated inputs: an overflow inside a
    formula. A ``ValueError``, so callers that catch bad input catch it; the formula registry
    (``regretlab.bounds``) rewrites its message to name the formula's inputs."""


def interval(low: float | None, high: float | None, low_open: bool, high_open: bool) -> str:
    """Render a domain such as ``(0, 1)``, ``[1, inf)`` or ``(-inf, 2]``."""
    left = "(" if (low_open or low is None) else "["
    right = ")" if (high_open or high is None) else "]"
    lo = "-inf" if low is None else f"{low:g}"
    hi = "inf" if high is None else f"{high:g}"
    return f"{left}{lo}, {hi}{right}"


def _shown(value) -> str:
    arr = np.asarray(value)
    if arr.ndim == 0:
        return repr(arr.item())
    if arr.size <= 6:
        return np.array2string(arr, separator=", ")
    return f"array of shape {arr.shape}"


#: The largest integer magnitude the validators accept (int64 holds 2**63 - 1; one bit of headroom).
_INT_LIMIT = 2**62

#: The largest magnitude of a coordinate, a box end or a GP target: squares of 1e150 stay finite (1e300), so
#: squared distances and products in the kernels and the GP do not overflow to inf/NaN.
MAGNITUDE_LIMIT = 1e150

#: The most terms a formula sums or grids exactly (a float64 array of 80 MB): beyond it a size parameter is
#: refused up front with this limit in the message, instead of a MemoryError deep inside numpy.
TERM_LIMIT = 10**7

#: The largest dimension D of a box, an objective or a kernel (a D x D matrix of 800 MB): beyond it ``dim``
#: is refused up front. The papers' largest is D = 5000 ([TranThe2020, Fig. 5], Gisette).
DIM_LIMIT = 10**4


def _numeric_array(name: str, value, domain: str, what: str) -> np.ndarray:
    """``value`` as a non-empty numeric array, or a ValueError saying what it is instead: None, a string, a
    bool (``True`` is not the real 1 here), an array of those, or an empty array."""
    if value is None or isinstance(value, str | bytes | bool | np.bool_):
        raise ValueError(f"{name}={value!r} is not {what}; its domain is {domain}")
    if isinstance(value, int) and abs(value) > _INT_LIMIT:   # beyond int64: keep its magnitude as a float
        return np.asarray(float(value))
    try:
        raw = np.asarray(value)
    except (TypeError, ValueError) as exc:   # ragged sequences
        raise ValueError(f"{name}={value!r} is not {what}; its domain is {domain}") from exc
    if raw.dtype.kind not in "iuf":
        raise ValueError(f"{name}={_shown(value) if raw.dtype.kind != 'O' else repr(value)} is not {what}; "
                         f"its domain is {domain}")
    if raw.size == 0:
        raise ValueError(f"{name} is an empty array (shape {raw.shape}), not {what}; its domain is {domain}")
    return raw


def check_real(
    name: str,
    value,
    *,
    low: float | None = None,
    high: float | None = None,
    low_open: bool = False,
    high_open: bool = False,
):
    """Validate a real scalar or array lying in an interval; return it as float or float ndarray.

    ``low``/``high`` of None mean unbounded; ``low_open``/``high_open`` exclude the end point. Every
    element of an array must lie in the domain; the message shows the first offending element.
    NaN and infinities are rejected (an infinite end point is never part of a domain).

    >>> check_real("delta", 0.1, low=0, high=1, low_open=True, high_open=True)
    0.1
    >>> check_real("delta", 1.5, low=0, high=1, low_open=True, high_open=True)
    Traceback (most recent call last):
    ...
    ValueError: delta=1.5 is outside its domain (0, 1)
    """
    domain = interval(low, high, low_open, high_open)
    arr = _numeric_array(name, value, domain, "a real number").astype(float)
    finite = np.isfinite(arr)
    if not np.all(finite):
        bad = float(arr[~finite].flat[0]) if arr.ndim else arr.item()   # a float, not np.float64(...)
        raise ValueError(f"{name}={bad!r} is not finite; its domain is {domain}")
    inside = np.ones(arr.shape, dtype=bool)
    if low is not None:
        inside &= (arr > low) if low_open else (arr >= low)
    if high is not None:
        inside &= (arr < high) if high_open else (arr <= high)
    if not np.all(inside):
        bad = float(arr[~inside].flat[0]) if arr.ndim else arr.item()
        raise ValueError(f"{name}={bad!r} is outside its domain {domain}")
    return float(arr) if arr.ndim == 0 else arr


def check_integer(name: str, value, *, low: int | None = None, high: int | None = None):
    """Validate an integer scalar or integer-valued array in ``[low, high]``; return int or int ndarray.

    Floats with an integral value (``3.0``) are accepted; ``True``/``False`` are not integers here.

    >>> check_integer("N0", 2, low=1)
    2
    >>> check_integer("N0", 0, low=1)
    Traceback (most recent call last):
    ...
    ValueError: N0=0 is outside its domain {1, 2, ...}
    """
    lo = "..." if low is None else str(low)
    if low is not None and high is None:
        domain = f"{{{lo}, {low + 1}, ...}}"
    else:
        domain = f"integers in [{lo}, {high}]"
    arr = _numeric_array(name, value, domain, "an integer")
    as_float = arr.astype(float)
    if not np.all(np.isfinite(as_float)) or not np.all(as_float == np.round(as_float)):
        raise ValueError(f"{name}={_shown(value)} is not an integer; its domain is {domain}")
    inside = np.abs(as_float) <= _INT_LIMIT     # beyond it int64 would wrap (1e308 -> -9223372036854775808)
    if low is not None:
        inside &= as_float >= low
    if high is not None:
        inside &= as_float <= high
    if not np.all(inside):
        bad = arr[~inside].flat[0] if arr.ndim else arr.item()
        if arr.ndim == 0 and isinstance(value, int | np.integer):
            shown = repr(int(value))                       # as given, e.g. 2**70 in full
        else:
            shown = repr(int(bad)) if abs(float(bad)) < 1e16 else repr(float(bad))
        limit = "" if abs(float(bad)) <= _INT_LIMIT else " (beyond the integer limit 2**62)"
        raise ValueError(f"{name}={shown} is outside its domain {domain}{limit}")
    ints = as_float.astype(np.int64) if arr.dtype.kind == "f" else arr.astype(np.int64)
    return int(ints) if ints.ndim == 0 else ints


def _given(value) -> str:
    """``value`` as the caller gave it: an array in short form, anything else by its repr."""
    return _shown(value) if isinstance(value, np.ndarray) else repr(value)


def _is_scalar(value) -> bool:
    try:
        return np.ndim(value) == 0
    except ValueError:   # a ragged sequence
        return False


def check_number(name: str, value, **domain) -> float:
    """Validate one real number (``check_real``'s domain keywords): a setting, not an array.

    >>> check_number("beta", 2)
    2.0
    """
    if not _is_scalar(value):
        raise ValueError(f"{name}={_given(value)} is not a single number")
    return float(check_real(name, value, **domain))


def check_count(name: str, value, *, low: int = 1, high: int = TERM_LIMIT) -> int:
    """Validate one integer in ``[low, high]`` (a size, a budget, a dimension): not an array.

    >>> check_count("n_init", 5)
    5
    """
    if not _is_scalar(value):
        raise ValueError(f"{name}={_given(value)} is not a single integer; its domain is integers in "
                         f"[{low}, {high}]")
    return int(check_integer(name, value, low=low, high=high))


def check_probability(name: str, value):
    """Validate a confidence parameter in the open interval (0, 1) (the papers' δ)."""
    return check_real(name, value, low=0.0, high=1.0, low_open=True, high_open=True)


def check_array(
    name: str,
    value,
    *,
    ndim: int | None = None,
    shape: Sequence[int | None] | None = None,
    finite: bool = True,
    empty: bool = True,
) -> np.ndarray:
    """Validate an array's number of dimensions, shape (``None`` entries are free), finiteness and, with
    ``empty=False``, that it has an entry.

    >>> check_array("X", [[0.0, 1.0]], shape=(None, 2)).shape
    (1, 2)
    >>> check_array("X", [[0.0, 1.0, 2.0]], shape=(None, 2))
    Traceback (most recent call last):
    ...
    ValueError: X has shape (1, 3); expected (n, 2)
    """
    _refuse_non_numbers(name, value)
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError) as exc:   # ragged or non-numeric entries
        raise ValueError(f"{name}={value!r} is not a numeric array") from exc
    if ndim is not None and arr.ndim != ndim:
        raise ValueError(f"{name} has {arr.ndim} dimension(s) (shape {arr.shape}); expected {ndim}")
    if not empty and arr.size == 0:
        raise ValueError(f"{name} is empty (shape {arr.shape}); it needs at least one entry")
    if shape is not None:
        dims = ", ".join("n" if s is None else str(s) for s in shape)
        expected = "(" + dims + ("," if len(shape) == 1 else "") + ")"
        mismatch = any(s is not None and s != a for s, a in zip(shape, arr.shape, strict=False))
        if arr.ndim != len(shape) or mismatch:
            raise ValueError(f"{name} has shape {arr.shape}; expected {expected}")
    if finite and not np.all(np.isfinite(arr)):
        index = tuple(int(i) for i in np.argwhere(~np.isfinite(arr))[0])
        raise ValueError(
            f"{name} contains a non-finite value {arr[index]!r} at index {index}; all entries must be finite"
        )
    return arr


def _refuse_non_numbers(name: str, value) -> None:
    """Strings are not numbers, even when numpy would parse them (``np.asarray("0.5", dtype=float)``), and
    neither is a bool (``True`` would become 1.0)."""
    if isinstance(value, np.ndarray):   # the inner loops' case: one dtype test
        if value.dtype.kind in "US":
            raise ValueError(f"{name}={value!r} is text, not a number")
        return
    if value is None or isinstance(value, bool | np.bool_):
        raise ValueError(f"{name}={value!r} is not a number")
    if isinstance(value, str | bytes):
        raise ValueError(f"{name}={value!r} is text, not a number")
    if isinstance(value, list | tuple) and any(isinstance(v, str | bytes) for v in value):
        raise ValueError(f"{name}={value!r} contains text, not numbers")


def check_bounds(name: str, value) -> np.ndarray:
    """Validate a box as an array of shape (D, 2) with finite ``lower < upper`` in every row."""
    arr = check_array(name, value, ndim=2)
    if arr.shape[1] != 2 or arr.shape[0] < 1:
        raise ValueError(f"{name} has shape {arr.shape}; expected (D, 2) with D >= 1 rows of [lower, upper]")
    bad = np.flatnonzero(~(arr[:, 0] < arr[:, 1]))
    if bad.size:
        i = int(bad[0])
        raise ValueError(f"{name}[{i}]={arr[i].tolist()} is not an interval: lower must be < upper")
    with np.errstate(over="ignore"):
        wide = np.flatnonzero(~np.isfinite(arr[:, 1] - arr[:, 0])
                              | (np.abs(arr) > MAGNITUDE_LIMIT).any(axis=1))
    if wide.size:                # e.g. [-1e308, 1e308]: its width overflows, uniform draws in it fail
        i = int(wide[0])
        raise ValueError(f"{name}[{i}]={arr[i].tolist()} is too wide to compute with: each end must lie "
                         "within ±1e150 (rescale the problem)")
    return arr


def check_choice(name: str, value, choices: Sequence[str]) -> str:
    """Validate that ``value`` is one of ``choices`` (e.g. a ``reading=`` argument); an array or another
    unhashable value is simply not one of them."""
    try:
        found = not isinstance(value, np.ndarray | list | dict | set) and bool(value in choices)
    except (TypeError, ValueError):   # e.g. an object whose == returns an array
        found = False
    if not found:
        raise ValueError(f"{name}={_given(value)} is not one of {list(choices)}")
    return value


def match_name(name: str, value, known: Sequence[str], what: str = "known") -> str:
    """The entry of ``known`` that ``value`` names, case-insensitively; a ValueError suggests close ones.

    For names a person types (catalogue ids, citation keys, objective names).

    >>> match_name("formula_id", "ubo.D_EPS", ["UBO.d_eps", "UBO.eq13"])
    'UBO.d_eps'
    >>> match_name("formula_id", "UBO.d_esp", ["UBO.d_eps", "UBO.eq13"])
    Traceback (most recent call last):
    ...
    ValueError: formula_id='UBO.d_esp' is not known; did you mean UBO.d_eps?
    """
    import difflib  # only on a miss or a case mismatch

    text = str(value)
    if text in known:
        return text
    folded = {entry.casefold(): entry for entry in known}
    if text.casefold() in folded:
        return folded[text.casefold()]
    close = difflib.get_close_matches(text.casefold(), list(folded), n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(folded[c] for c in close)}?" if close else ""
    listing = f" (known: {', '.join(known)})" if not close and len(known) <= 40 else ""
    raise ValueError(f"{name}={value!r} is not {what}{hint}{listing}")


def check_bool(name: str, value) -> bool:
    """Validate a flag: a Python or numpy bool (not 0/1, not a string); return a Python bool.

    >>> check_bool("fit_noise", "yes")
    Traceback (most recent call last):
    ...
    ValueError: fit_noise='yes' is not a bool; its domain is {True, False}
    """
    if not isinstance(value, bool | np.bool_):
        raise ValueError(f"{name}={value!r} is not a bool; its domain is {{True, False}}")
    return bool(value)


def check_label(name: str, value) -> str:
    """Validate a non-empty string (a display name or a label).

    >>> check_label("name", "ackley")
    'ackley'
    """
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{name}={value!r} is not a non-empty string")
    return value


def check_scalar(name: str, value) -> float:
    """Validate one finite real number given as a scalar or a size-1 array (e.g. an objective's (1,) output).

    >>> check_scalar("y", [2.5])
    2.5
    """
    _refuse_non_numbers(name, value)
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name}={value!r} is not a real number") from exc
    if arr.size != 1:
        raise ValueError(f"{name} has shape {arr.shape}; expected a single number")
    return check_real(name, arr.reshape(()))


def raise_outside(name: str, values, mask, domain: str):
    """Raise the library's message for the first element of ``values`` where ``mask`` is True.

    For joint domains that a single :func:`check_real` cannot state (e.g. ``epsilon < 4 sqrt(beta) theta``):
    the caller computes the mask, this names the offending value.

    >>> raise_outside("epsilon", [0.1, 9.0], [False, True], "(0, 4 sqrt(beta_t) theta)")
    Traceback (most recent call last):
    ...
    ValueError: epsilon=9.0 is outside its domain (0, 4 sqrt(beta_t) theta)
    """
    vals = np.broadcast_to(np.asarray(values, dtype=float), np.shape(mask))
    bad = vals[np.asarray(mask)].flat[0]
    raise ValueError(f"{name}={float(bad)!r} is outside its domain {domain}")


def as_output(values):
    """A formula's result: a Python float for a 0-d value, a float ndarray otherwise (broadcast inputs).

    >>> as_output(np.float64(2.0)), as_output([1, 2])
    (2.0, array([1., 2.]))
    """
    arr = np.asarray(values, dtype=float)
    if not np.all(np.isfinite(arr)):
        # every input was validated finite, so a non-finite result is an overflow (or 0/0) inside the
        # formula: say so instead of returning it silently (the registry adds the formula's inputs)
        bad = arr[~np.isfinite(arr)].flat[0] if arr.ndim else arr.item()
        raise NonFiniteResultError(f"the result is {bad!r} for these finite inputs: one of them is too large "
                                   "(or too small) for this formula to be evaluated in floating point")
    return float(arr) if arr.ndim == 0 else arr


def is_integral(x: float) -> bool:
    """True if ``x`` is a finite float with an integral value."""
    return math.isfinite(x) and float(x).is_integer()
