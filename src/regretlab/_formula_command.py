"""``regretlab formula``: evaluate, describe and list the catalogue's formulas.

* ``regretlab formula ID key=value ...`` evaluates one formula and prints its value, the LaTeX of the
  reading evaluated (as printed in the paper), the sympy twin of that reading where there is one, and the
  citation. ``key=1,2,3`` evaluates elementwise (one row per value; several such keys are zipped);
  ``key=[0.1, 0.2]`` passes one list.
* ``regretlab formula ID --help`` shows the formula's parameters with their domains, its readings and
  citation; ``regretlab formula --list [GLOB]`` lists ids with their parameters and domains.

Ids match case-insensitively, with a "did you mean" on a miss. Exit status: 0 done, 1 the id has no
executable function (the reason is printed), 2 a usage error. sympy is imported only to print a twin.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import inspect
import re
import sys
from collections.abc import Sequence

import numpy as np

from regretlab._text import table

# Lazy imports: a command of the CLI (see regretlab/cli): it imports the bounds' lookup, readings and
# sympy twins inside the function that prints them, so `regretlab formula ID` pays for sympy only
# when it prints a twin.

__all__ = ["add_parser"]

EXIT_NOT_EXECUTABLE = 1
EXIT_USAGE = 2


class UsageError(Exception):
    """A mistake in the command line, reported on stderr with exit status 2."""


def add_parser(sub) -> argparse.ArgumentParser:
    """Add the ``formula`` subcommand to an argparse subparsers object."""
    parser = sub.add_parser(
        "formula",
        add_help=False,  # "-h" after an id describes that formula; without an id it prints this usage
        help="evaluate (ID key=value ...), describe (ID --help) or list (--list [GLOB]) catalogue formulas",
        description=__doc__.split("\n\n")[1].strip().replace("``", "") if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("id", nargs="?", help="catalogue id, e.g. MSUCB.beta_t (case-insensitive)")
    parser.add_argument("params", nargs="*", help="keyword parameters as key=value (key=1,2,3 elementwise)")
    parser.add_argument("-h", "--help", action="store_true", help="describe formula ID (or show this help)")
    parser.add_argument(
        "--list", nargs="?", const="*", metavar="GLOB", help="list ids matching GLOB (default: all)"
    )
    parser.set_defaults(handler=run, formula_parser=parser)
    return parser


def run(args: argparse.Namespace) -> int:
    if args.list is not None:
        return _list(args.list if args.id is None else args.id)
    if args.id is None:
        args.formula_parser.print_help()
        return 0
    from regretlab.bounds.lookup import describe

    try:
        info = describe(args.id)
    except ValueError as exc:
        return _usage_error(exc)
    if args.help:
        print(_help_text(info))
        return 0
    if info.not_executable is not None:
        print(f"{info.id} is not executable: {info.not_executable}", file=sys.stderr)
        return EXIT_NOT_EXECUTABLE
    try:
        rows, elementwise = _evaluate(info, args.params)
    except (UsageError, TypeError, ValueError) as exc:
        return _usage_error(exc, info.id)
    print(_result_text(info, rows, elementwise))
    return 0


def _usage_error(exc: Exception, formula_id: str | None = None) -> int:
    where = f"regretlab formula {formula_id}" if formula_id else "regretlab formula"
    print(f"{where}: {exc}", file=sys.stderr)
    return EXIT_USAGE


# --- parsing and evaluating ---------------------------------------------------------------------------


def _scalar(text: str):
    """int, float, True/False/None, or the text itself (a reading letter, a kernel name)."""
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return {"True": True, "False": False, "None": None}.get(text, text)


def parse_params(items: Sequence[str]) -> tuple[dict, dict]:
    """``key=value`` items -> (fixed kwargs, elementwise kwargs with a list of values each)."""
    fixed, elementwise = {}, {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key.isidentifier():
            raise UsageError(f"parameter {item!r} is not of the form key=value")
        if key in fixed or key in elementwise:
            raise UsageError(f"parameter {key!r} is given twice")
        if text.startswith(("[", "(")):
            try:
                fixed[key] = ast.literal_eval(text)
            except (ValueError, SyntaxError):
                raise UsageError(f"{key}={text} is not a list of numbers like [0.1, 0.2]") from None
        elif "," in text:
            elementwise[key] = [_scalar(part.strip()) for part in text.split(",")]
        else:
            fixed[key] = _scalar(text)
    return fixed, elementwise


def _evaluate(info, items: Sequence[str]) -> tuple[list[tuple[dict, object]], list[str]]:
    """Evaluate once, or once per element of the comma-separated keys (zipped): (rows, elementwise keys).

    Each row is (the keyword arguments of that call, its value).
    """
    fixed, elementwise = parse_params(items)
    signature = inspect.signature(info.function).parameters  # not info.parameters: no docstring parsing here
    given = set(fixed) | set(elementwise)
    unknown = sorted(given - set(signature))
    if unknown:
        known = ", ".join(sorted(signature))
        raise UsageError(f"{', '.join(unknown)}: not a parameter of {info.path} ({known})")
    missing = [name for name, p in signature.items() if p.default is p.empty and name not in given]
    if missing:
        raise UsageError(f"missing parameter(s) {', '.join(missing)} (regretlab formula {info.id} -h)")
    lengths = {key: len(values) for key, values in elementwise.items()}
    if len(set(lengths.values())) > 1:
        raise UsageError(f"elementwise parameters have different lengths {lengths}; they are zipped")
    rows = []
    for values in zip(*elementwise.values(), strict=True) if elementwise else [()]:
        point = {**fixed, **dict(zip(elementwise, values, strict=True))}
        rows.append((point, info.function(**point)))
    return rows, list(elementwise)


# --- printing -----------------------------------------------------------------------------------------


def _shown(value) -> str:
    if dataclasses.is_dataclass(value):
        return repr(value)
    array = np.asarray(value) if isinstance(value, np.ndarray | np.generic | list) else None
    if array is not None and array.ndim == 0:
        value = array.item()
    elif array is not None:
        return np.array2string(array, precision=10, separator=", ")
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _readings_used(info, rows) -> list:
    """The readings evaluated, in order of first use (the default reading when none was given)."""
    if info.reading_parameter is None:
        return [None]
    used = [point.get(info.reading_parameter, info.default_reading) for point, _ in rows]
    return list(dict.fromkeys(used))


def _twin_line(info, reading) -> str:
    """The sympy twin of the formula at ``reading``, or why there is none (imports sympy)."""
    from regretlab.bounds._registry import paper_module
    from regretlab.bounds.symbolic import module_for, twin

    # a twin keyed by the reading, or (for the default reading) an unkeyed twin
    keys = ([reading] if reading is not None else []) + ([None] if reading == info.default_reading else [])
    for key in keys:
        try:
            return twin(info.id, key).latex
        except ValueError:
            continue
    reason = module_for(paper_module(info.function)).NO_TWIN.get(info.id)
    return f"(no sympy twin: {reason})" if reason else f"(no sympy twin of reading {reading})"


def _result_text(info, rows, elementwise: list[str]) -> str:
    from regretlab.bounds._registry import latex_of

    if not elementwise:
        lines = [f"{info.id} = {_shown(rows[0][1])}"]
    else:  # one row per element: the elementwise keys, then the value
        cells = [[*(p[k] for k in elementwise), _shown(v)] for p, v in rows]
        lines = table([*elementwise, info.id], cells, rule=False).split("\n")
    from regretlab.bounds.readings import reading_origin

    for reading in _readings_used(info, rows):
        label = "" if reading is None else f" (reading {reading}: {reading_origin(info.id, reading)})"
        kwargs = {} if reading is None else {info.reading_parameter: reading}
        lines.append(f"LaTeX{label}: {latex_of(info.function, **kwargs)}")
        lines.append(f"LaTeX{label}, sympy twin: {_twin_line(info, reading)}")
    if info.reading_parameter is not None:
        lines.append(f"readings: {', '.join(map(str, info.readings))} ({info.reading_parameter}=...)")
    lines.append(f"cite: {info.citation}  ({info.path})")
    return "\n".join(lines)


#: A sentence ends at ". " before a capital, but not after the abbreviations the docstrings use.
_SENTENCE_END = re.compile(
    r"(?<!\bEq)(?<!\bEqs)(?<!\bThm)(?<!\bProp)(?<!\bAlg)(?<!\bApp)(?<!\bCor)(?<!\bDef)(?<!\bFig)"
    r"(?<!\bSec)(?<!\be\.g)(?<!\bi\.e)\.\s+(?=[A-Z\"`(])"
)


def _short(text: str, width: int = 72) -> str:
    """One line of at most ``width`` characters: the first sentence of ``text``."""
    line = " ".join(text.split())
    first = _SENTENCE_END.split(line, maxsplit=1)[0].rstrip(".")
    return first if len(first) <= width else first[: width - 1] + "…"


def _parameter_lines(params) -> list[str]:
    """One line per parameter: name (= default), (type), the first sentence of its domain."""
    names = [p.name + ("" if p.required else f" = {p.default!r}") for p in params]
    width = max(map(len, names), default=0) + 2
    return [
        f"  {name.ljust(width)}{f'({p.kind}) ' if p.kind else ''}{_short(p.domain)}".rstrip()
        for name, p in zip(names, params, strict=True)
    ]


def _help_text(info) -> str:
    if info.not_executable is not None:
        return f"{info.id}: not executable: {info.not_executable}"
    required = " ".join(f"{p.name}=…" for p in info.parameters if p.required)
    lines = [
        f"{info.id}: {info.summary}",
        f"function: {info.path}",
        f"cite: {info.citation}",
        "",
        "parameters (name = default, type, domain):",
        *_parameter_lines(info.parameters),
        "",
    ]
    if info.reading_parameter is None:
        lines.append(f"LaTeX: {info.readings[None]}")
    else:
        from regretlab.bounds.readings import reading_origin

        lines.append(f"readings ({info.reading_parameter}=...): where each comes from, then its LaTeX:")
        for reading, text in info.readings.items():
            lines += [f"  {reading} — {reading_origin(info.id, reading) or 'origin not recorded'}",
                      f"      {text}"]
    lines += ["", f"usage: regretlab formula {info.id} {required}".rstrip()]
    return "\n".join(lines)


def _list(pattern: str) -> int:
    from regretlab.bounds.lookup import describe, matching_ids

    ids = matching_ids(pattern)
    if not ids:
        print(f"regretlab formula --list: no catalogue id matches {pattern!r}", file=sys.stderr)
        return EXIT_USAGE
    blocks = []
    for formula_id in ids:
        info = describe(formula_id)
        if info.not_executable is not None:
            blocks.append(f"{formula_id}  (not executable: {_short(info.not_executable, 90)})")
            continue
        blocks.append("\n".join([f"{formula_id}  {info.citation}", *_parameter_lines(info.parameters)]))
    print("\n".join(blocks))
    print(f"\n{len(ids)} ids; regretlab formula ID --help describes one")
    return 0
