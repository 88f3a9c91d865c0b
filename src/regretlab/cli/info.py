"""``regretlab list``, ``cite``, ``setups`` and ``demo``: what the package holds, printed."""

from __future__ import annotations

import argparse
import sys
import textwrap

from regretlab._text import table

from ._args import dim, seed

# Lazy imports: each command imports what it runs inside its own function, so `regretlab cite` or
# `regretlab --help` starts in about 0.4 s instead of about 1.5 s with every command's machinery (measured
# 2026-12-07 on a 2-core machine under load: matplotlib, scipy.stats, the GP and the figure modules).

#: An optimum this close to 0 is 0 computed in floating point (Ackley's -4.4e-16, Levy's -1.5e-32).
_ZERO = 1e-12


def _shown_optimum(value: float) -> str:
    """An optimum for the table: 10 significant digits; 0 where it is 0 up to floating point."""
    return "0" if abs(value) < _ZERO else f"{value:.10g}"


def _cmd_list(args: argparse.Namespace) -> int:
    from regretlab.objectives import describe

    rows = describe()
    print(f"{len(rows)} registered objectives (maximisation convention: optimum = max f)\n")
    columns = ["name", "dim", "domain", "optimum"]
    shown = [[row[c] for c in columns] for row in rows]
    for line, row in zip(shown, rows, strict=True):
        if isinstance(row["optimum"], float):
            line[3] = _shown_optimum(row["optimum"])
        if row.get("substitute"):
            line[3] = "unknown (data-based substitute)"
        if row.get("unavailable"):
            line[2] = "needs pip install 'regretlab[ml]'"
    print(table(columns, shown))
    return 0


def _cmd_cite(args: argparse.Namespace) -> int:
    from regretlab._citation import software_bibtex
    from regretlab.bounds.references import REFERENCES, reference

    software = "% regretlab itself (CITATION.cff)\n" + software_bibtex()
    if args.key is None:
        print("\n\n".join([software, *(ref.bibtex for ref in REFERENCES.values())]))
        return 0
    if args.key.lower() == "regretlab":
        print(software)
        return 0
    try:
        ref = reference(args.key)
    except ValueError as exc:
        keys = textwrap.fill(", ".join(["regretlab", *REFERENCES]), 110, initial_indent="  ",
                             subsequent_indent="  ", break_on_hyphens=False)
        print(f"regretlab cite: {exc}\nvalid keys:\n{keys}", file=sys.stderr)
        return 2
    print(f"% {ref}\n% used for: {ref.role}" if ref.role else f"% {ref}")
    print(ref.bibtex)
    return 0


def _cmd_setups(args: argparse.Namespace) -> int:
    from regretlab.algorithms import setups

    if args.name is None:
        rows = [[s.name, s.algorithm.name, s.reference, s.description] for s in map(setups.describe,
                                                                                     setups.available())]
        print(f"{len(rows)} named setups (regretlab setups NAME shows one with the source of every value)\n")
        print(table(["name", "algorithm", "reference", "description"], rows))
        return 0
    try:
        setup = setups.describe(args.name)
    except ValueError as exc:
        print(f"regretlab setups: {exc}", file=sys.stderr)
        return 2
    print(f"{setup.name}: {setup.description}\nalgorithm {setup.algorithm.name}, {setup.reference}")
    if setup.sizes:
        print(f"sizes given by the caller: {', '.join(setup.sizes)} ({setup.size_help})")
    if setup.objectives:
        print(f"the paper's benchmarks: {', '.join(setup.objectives)}")
    for name, options in setup.objective_options.items():
        shown = ", ".join(f"{key}={value!r}" for key, value in options.items())
        print(f"  {name} as objectives.get({name!r}, {shown})")
    if setup.objective_note:
        print(f"  ({setup.objective_note})")
    rows = [[r["keyword"], r["value"], r["source"]] for r in setup.table(args.dim)]
    print()
    print(table(["keyword", "value" + (f" (D={args.dim})" if args.dim else ""), "source"], rows))
    for departure in setup.departures:
        print(f"departure: {departure}")
    for twin in setups.twins(setup.name):
        rows = [[r["keyword"], r["value"], r["other"], r["source"]]
                for r in setups.differences(setup.name, twin, args.dim)]
        if rows:
            print(f"\nwhere {setup.name} differs from {twin}:")
            print(table(["keyword", "here", "there", "source there"], rows))
    return 0


def _cmd_demo(args: argparse.Namespace) -> int:
    from regretlab.demo import run_demo

    run_demo(seed=args.seed)
    return 0


def add_parsers(sub) -> None:
    """The list, cite, setups and demo subcommands."""
    p_list = sub.add_parser("list", help="list the registered objectives with dimension, domain and optimum")
    p_list.set_defaults(handler=_cmd_list)
    p_cite = sub.add_parser("cite", help="print the BibTeX of a cited work (e.g. Ha2019), of regretlab "
                                        "itself ('regretlab'), or of every one")
    p_cite.add_argument("key", nargs="?", help="citation key (case-insensitive); omit it for every entry")
    p_cite.set_defaults(handler=_cmd_cite)
    p_setups = sub.add_parser("setups", help="list the papers' named setups, or show one with its sources")
    p_setups.add_argument("name", nargs="?", help="a setup name, e.g. Kandasamy2015/Add-d/M")
    p_setups.add_argument("--dim", type=dim, default=None, help="show per-dimension values at this D")
    p_setups.set_defaults(handler=_cmd_setups)
    p_demo = sub.add_parser("demo", help="a short demonstration of the GP core")
    p_demo.add_argument("--seed", type=seed, default=0, help="seed of the demo's Generator (default 0)")
    p_demo.set_defaults(handler=_cmd_demo)
