"""The fuzzing engine of ``tests/fuzz``: targets, bad values, one call with a time and memory limit, and the
classification of what came back.

A *target* is one public callable with a valid base call; fuzzing replaces one parameter of the base call by
one bad value and classifies the outcome:

- ``clear``: a ValueError or TypeError whose message names the parameter (and shows None as None and a
  large integer as given), or for a file path that names no file, Python's FileNotFoundError showing it;
- ``finite``: the call returned a finite result (for a value that some parameters accept, e.g. 0 or 1e308);
- ``documented-nonfinite``: a NaN or inf from a formula registered with ``nonfinite=`` (what it means);
- ``misleading``: a ValueError or TypeError that does not name the parameter, shows None as nan or a large
  integer as -9223372036854775808;
- ``other-exception``: any other exception type (OverflowError, MemoryError, IndexError, ...);
- ``nonfinite``: a NaN or inf in the result, silently;
- ``accepted``: a finite result for a value that no numeric or choice parameter accepts (NaN, None, 'abc',
  a bool, an empty array, ...);
- ``hang``: the call did not end within the time limit.

The first three are fine; the suite asserts that nothing else happens. Where the targets come from:

- every function of ``regretlab.bounds.FORMULAS`` (the registry), with its base call taken from the first
  call of it in its own docstring examples (so a new formula is fuzzed as soon as it has an example, and a
  test requires the example);
- every public constructor and method of ``regretlab.gp``, ``regretlab.objectives`` and
  ``regretlab.algorithms`` (found from their ``__all__``), each with a recipe in :data:`RECIPES` or a
  reason in :data:`EXEMPT` (a test requires one of the two for every name found).

Run as a script, it prints the census of every (target, parameter, bad value) triple of the fixed list:
``python tests/fuzz/fuzz_engine.py`` (``--json FILE`` to keep it).
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import doctest
import inspect
import math
import re
import resource
import signal
import sys
import time
import warnings
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np

#: Outcomes the suite accepts.
FINE = ("clear", "finite", "documented-nonfinite")
#: Every outcome, in the census's column order.
OUTCOMES = FINE + ("misleading", "other-exception", "nonfinite", "accepted", "hang")

#: Seconds one call may take before it counts as a hang.
TIME_LIMIT = 20.0
#: Bytes of address space one call may add (beyond this a request is a MemoryError: ``other-exception``).
MEMORY_LIMIT = 3 * 2**30


@dataclasses.dataclass(frozen=True)
class Bad:
    """A bad value: ``label`` for reports, ``make()`` a fresh copy, and whether some parameters accept it
    (``numeric``: 0, -1, 1e308 are in some domains) or none of the numeric and choice parameters do."""

    label: str
    make: Callable[[], Any]
    never_valid: bool


_NAN = float("nan")

#: The fixed list every parameter of every target meets (the census); hypothesis draws more.
BAD_VALUES: tuple[Bad, ...] = (
    Bad("nan", lambda: _NAN, True),
    Bad("inf", lambda: math.inf, False),
    Bad("-inf", lambda: -math.inf, False),
    Bad("0", lambda: 0, False),
    Bad("-1", lambda: -1, False),
    Bad("0.5", lambda: 0.5, False),
    Bad("1e308", lambda: 1e308, False),
    Bad("-1e308", lambda: -1e308, False),
    Bad("10**9", lambda: 10**9, False),
    Bad("2**70", lambda: 2**70, False),
    Bad("'abc'", lambda: "abc", True),
    Bad("'0.5'", lambda: "0.5", True),
    Bad("None", lambda: None, True),
    Bad("True", lambda: True, True),
    Bad("empty array", lambda: np.array([]), True),
    Bad("array with nan", lambda: np.array([1.0, _NAN]), True),
)


def never_valid(bad: Bad, value, default, annotation: str = "") -> bool:
    """Whether ``value`` (from ``bad``) is outside every domain the parameter could have. A value of a type
    the parameter takes is not: None where the default is None or the annotation says ``None``, a bool
    where the default is a bool or the annotation says ``bool``, a string where the default is one or the
    annotation says ``str`` / ``Path`` (a label such as ``name`` accepts any string)."""
    if not bad.never_valid:
        return False
    words = set(re.findall(r"[A-Za-z_]+", annotation))
    if value is None and (default is None or words & {"None", "Optional"}):
        return False
    if isinstance(value, bool) and (isinstance(default, bool | np.bool_) or "bool" in words):
        return False
    if isinstance(value, str) and (isinstance(default, str) or words & {"str", "Path", "PathLike"}):
        return False
    return True


@dataclasses.dataclass
class Target:
    """One public callable: ``make()`` returns ``(function, base_arguments, after)`` fresh for each call,
    where ``after(result)`` uses what the call built (a constructor's object) so that a value accepted at
    construction and failing later is caught (None for a plain function)."""

    name: str
    make: Callable[[], tuple[Callable, dict, Callable | None]]
    defaults: dict
    documented_nonfinite: bool = False
    annotations: dict = dataclasses.field(default_factory=dict)

    @property
    def parameters(self) -> tuple[str, ...]:
        return tuple(self.defaults)


# ----------------------------------------------------------------------------------------------- outcomes

_WORD = "(?<![A-Za-z0-9_]){}(?![A-Za-z0-9_])"


def names_parameter(message: str, parameter: str) -> bool:
    """Whether ``message`` names ``parameter`` as a word (``x=nan`` names x; ``max`` does not)."""
    return re.search(_WORD.format(re.escape(parameter)), message) is not None


def misleads(message: str, value) -> str | None:
    """Why a message that names its parameter still misleads about ``value``, or None."""
    if value is None and re.search(r"=nan\b", message) and "None" not in message:
        return "shows None as nan"
    if "-9223372036854775808" in message:
        return "shows a large number as -9223372036854775808"
    return None


def all_finite(result) -> bool:
    """Whether every number in ``result`` (scalars, arrays, tuples, lists, dicts, dataclasses) is finite."""
    if result is None or isinstance(result, bool | str | bytes | np.bool_):
        return True
    if isinstance(result, int | np.integer):
        return True
    if isinstance(result, float | complex | np.number):
        return bool(np.isfinite(result))
    if isinstance(result, np.ndarray):
        return result.dtype.kind not in "fc" or bool(np.isfinite(result).all())
    if isinstance(result, tuple | list):
        return all(all_finite(item) for item in result)
    if isinstance(result, dict):
        return all(all_finite(item) for item in result.values())
    if dataclasses.is_dataclass(result) and not isinstance(result, type):
        return all(all_finite(getattr(result, f.name)) for f in dataclasses.fields(result))
    return True


class _Hang(Exception):
    pass


def _alarm(signum, frame):
    raise _Hang


def _address_space() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def limited(call: Callable[[], Any], seconds: float = TIME_LIMIT, memory: int = MEMORY_LIMIT):
    """``call()`` with a wall-clock limit (SIGALRM, raising ``_Hang``) and at most ``memory`` more bytes of
    address space (RLIMIT_AS), both restored afterwards. Linux only, main thread only."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = _address_space() + memory
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    previous = signal.signal(signal.SIGALRM, _alarm)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return call()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@dataclasses.dataclass(frozen=True)
class Outcome:
    target: str
    parameter: str
    bad: str
    kind: str
    detail: str
    seconds: float = 0.0

    def __str__(self) -> str:
        return f"{self.target}({self.parameter}={self.bad}): {self.kind}: {self.detail}"


_UNSET = object()

#: Every classified call of this process by outcome: the test run prints it (tests/fuzz/conftest.py).
CALLS: Counter = Counter()


def classify(target: Target, parameter: str, bad: Bad, value=_UNSET, *,
             seconds: float = TIME_LIMIT) -> Outcome:
    """Call ``target`` with ``parameter`` replaced by ``value`` (default ``bad.make()``) and classify it."""
    value = bad.make() if value is _UNSET else value

    def call():
        function, arguments, after = target.make()
        arguments = dict(arguments)
        arguments[parameter] = value
        result = function(**arguments)
        if after is not None:   # use what was built: its output is checked with the result
            return result, after(result)
        return result

    started = time.perf_counter()

    def outcome(kind: str, detail: str) -> Outcome:
        CALLS[kind] += 1
        return Outcome(target.name, parameter, bad.label, kind, detail[:300], time.perf_counter() - started)

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with np.errstate(all="ignore"):
                result = limited(call, seconds)
    except _Hang:
        return outcome("hang", f"no answer within {seconds:g} s")
    except (ValueError, TypeError) as exc:
        message = str(exc)
        if not names_parameter(message, parameter):
            return outcome("misleading", f"{type(exc).__name__} does not name {parameter}: {message}")
        why = misleads(message, value)
        if why:
            return outcome("misleading", f"{why}: {message}")
        return outcome("clear", message)
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError) as exc:
        # a path that names no file: Python's own exception is the clear answer when it shows the path
        if any(shown in str(exc) for shown in (str(value), repr(str(value))[1:-1])):
            return outcome("clear", f"{type(exc).__name__}: {exc}")
        return outcome("other-exception", f"{type(exc).__name__}: {exc}")
    except Exception as exc:  # noqa: BLE001 - the point is to see every other type
        return outcome("other-exception", f"{type(exc).__name__}: {exc}")
    if not all_finite(result):
        if target.documented_nonfinite:
            return outcome("documented-nonfinite", "NaN or inf where the formula declares what it means")
        return outcome("nonfinite", f"returned {_short(result)}")
    if never_valid(bad, value, target.defaults.get(parameter), target.annotations.get(parameter, "")):
        return outcome("accepted", f"returned {_short(result)}")
    return outcome("finite", _short(result))


def _short(result) -> str:
    text = repr(result)
    return text if len(text) <= 120 else text[:117] + "..."


# ------------------------------------------------------------------------------- formulas, from doctests


def _calls_of(source: str, name: str) -> list[ast.Call]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            callee = node.func
            called = callee.id if isinstance(callee, ast.Name) else getattr(callee, "attr", None)
            if called == name and not any(isinstance(a, ast.Starred) for a in node.args):
                found.append(node)
    return found


def example_call(function: Callable) -> dict | None:
    """The arguments of the first call of ``function`` in its docstring examples that runs, by parameter
    name (every parameter: the example's value or the default), or None when no example calls it.

    The examples run in order in a copy of the module's namespace, so an array built in one example can be
    an argument in the next."""
    doc = inspect.getdoc(function) or ""
    namespace = dict(inspect.unwrap(function).__globals__)
    signature = inspect.signature(function)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        for example in doctest.DocTestParser().get_examples(doc):
            for node in _calls_of(example.source, function.__name__):
                try:
                    args = [eval(compile(ast.Expression(a), "<example>", "eval"), namespace)
                            for a in node.args]
                    kwargs = {}
                    for k in node.keywords:  # k.arg is None for **mapping
                        value = eval(compile(ast.Expression(k.value), "<example>", "eval"), namespace)
                        kwargs.update(value if k.arg is None else {k.arg: value})
                    bound = signature.bind(*args, **kwargs)
                except Exception:  # noqa: BLE001 - an example that does not evaluate alone: try the next
                    continue
                bound.apply_defaults()
                return {
                    k: v
                    for k, v in bound.arguments.items()
                    if signature.parameters[k].kind
                    not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
                }
            try:
                exec(compile(example.source, "<example>", "exec"), namespace)
            except Exception:  # noqa: BLE001 - examples that expect an error
                pass
    return None


def formula_targets() -> tuple[list[Target], list[str]]:
    """A target for every function of the registry, and the public paths of those without an example."""
    from regretlab.bounds import FORMULAS
    from regretlab.bounds._registry import public_path

    targets, missing = [], []
    for function in dict.fromkeys(FORMULAS.values()):
        name = public_path(function)
        base = example_call(function)
        if base is None:
            missing.append(name)
            continue
        signature = inspect.signature(function).parameters
        # a parameter's default, or for a required one the example's value (its type is what it takes)
        defaults = {k: v if signature[k].default is inspect.Parameter.empty else signature[k].default
                    for k, v in base.items()}
        annotations = {k: v.annotation if isinstance(v.annotation, str) else "" for k, v in signature.items()}
        targets.append(
            Target(
                name,
                (lambda f=function, b=base: (f, copy.deepcopy(b), None)),
                defaults,
                documented_nonfinite=getattr(function, "nonfinite", None) is not None,
                annotations={k: annotations.get(k, "") for k in defaults},
            )
        )
    return targets, missing


# ---------------------------------------------------------------------------------------------- census


def census(targets: list[Target], bad_values=BAD_VALUES) -> list[Outcome]:
    """Every (target, parameter, bad value) triple of the fixed list, classified."""
    return [classify(target, parameter, bad)
            for target in targets for parameter in target.parameters for bad in bad_values]


def tally(outcomes: list[Outcome]) -> dict[str, int]:
    counts = Counter(o.kind for o in outcomes)
    return {"pairs": len(outcomes), **{kind: counts.get(kind, 0) for kind in OUTCOMES}}


def report(outcomes: list[Outcome]) -> str:
    counts = tally(outcomes)
    lines = [" ".join(f"{k}={v}" for k, v in counts.items())]
    lines += [str(o) for o in outcomes if o.kind not in FINE]
    return "\n".join(lines)


def all_targets() -> tuple[list[Target], list[str]]:
    """Formula targets and the recipe targets of gp / objectives / algorithms, and what lacks a base."""
    from fuzz_recipes import recipe_targets  # the sibling module (it imports this one)

    targets, missing = formula_targets()
    more, lacking = recipe_targets()
    return targets + more, missing + lacking


def main(argv: list[str]) -> int:
    import json
    import os
    import tempfile

    out = os.path.abspath(argv[argv.index("--json") + 1]) if "--json" in argv else None
    os.chdir(tempfile.mkdtemp(prefix="regretlab-fuzz-"))   # a fuzzed Trace.save(path='abc') writes here
    started = time.time()
    targets, missing = all_targets()
    outcomes = census(targets)
    text = report(outcomes)
    print(text)
    print(f"{len(targets)} targets, {len(missing)} without a base call: {missing}")
    print(f"{time.time() - started:.0f} s")
    if out is not None:
        with open(out, "w") as handle:
            json.dump({"counts": tally(outcomes), "outcomes": [dataclasses.asdict(o) for o in outcomes],
                       "missing": missing}, handle, indent=1)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    raise SystemExit(main(sys.argv[1:]))
