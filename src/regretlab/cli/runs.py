"""``regretlab reproduce`` (run a spec, price every spec, calibrate a spec's costs) and ``regretlab export``
(figures and tables from finished runs)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from regretlab._io import EXPORT_ROOT

from ._args import check_folders, jobs, positive_int

# Lazy imports: each command imports what it runs inside its own function, so `regretlab cite` or
# `regretlab --help` starts in about 0.4 s instead of about 1.5 s with every command's machinery (measured
# 2026-12-07 on a 2-core machine under load: matplotlib, scipy.stats, the GP and the figure modules).


def _cmd_calibrate(args: argparse.Namespace) -> int:
    """``reproduce SPEC --calibrate``: time each method's blocks, store the calibration, print predicted
    against measured."""
    from regretlab.campaign import calibrate
    from regretlab.campaign.cost import (
        against_measured,
        calibration_rows,
        calibration_scale,
        measured_seconds,
        related_rows,
    )
    from regretlab.experiments import registry
    from regretlab.experiments.spec import short_method

    keys = registry.available() if args.all else [args.spec]
    by_spec = calibration_rows(args.export_dir)   # read once; each spec's entry replaced as it is saved
    for key in keys:
        try:
            spec = registry.get(key)
        except (KeyError, ValueError) as error:
            print(f"regretlab reproduce --calibrate: {error}", file=sys.stderr)
            return 2
        if spec.derived_from or not spec.runs("full"):
            print(f"{key}: no runs of its own; nothing to calibrate")
            continue
        try:
            entries = calibrate.calibrate_spec(spec, steps=args.steps or calibrate.DEFAULT_STEPS,
                                               methods=args.methods or None,
                                               progress=lambda text: print(f"  {text}", flush=True))
        except ImportError as missing:  # an optional dependency (the substitutes' scikit-learn)
            print(f"skipped {key}: {missing}")
            continue
        except ValueError as error:      # e.g. --methods naming a method the spec does not run
            print(f"regretlab reproduce --calibrate: {error}", file=sys.stderr)
            return 2
        path = calibrate.save(spec, entries, args.export_dir)
        rows = calibrate.load(spec, args.export_dir) or []
        by_spec[key] = rows
        made_at = str(json.loads(Path(path).read_text(encoding="utf-8")).get("commit"))[:7]
        print(f"{key}: wrote {path} (calibrated at {made_at}; a measured run's seconds are those of its "
              "commit's code)")
        print(f"  {'method':34s} {'D':>5s} {'B':>5s} {'how':9s} {'predicted s':>11s} {'measured s':>10s} "
              "predicted/measured")
        for row, got, n, commits in against_measured(rows, args.export_dir):
            shown = "" if got is None else (f"{got:10.1f} {row['seconds'] / got:5.2f} (n = {n}, at "
                                            f"{', '.join(c[:7] for c in commits)})")
            print(f"  {short_method(row['label']):34s} {row['dim']:5d} {row['budget']:5d} {row['how']:9s} "
                  f"{row['seconds']:11.1f} {shown}")
        measured = measured_seconds(args.export_dir)
        scale, twins = calibration_scale(rows, measured)
        borrowed, lent = calibration_scale(rows, measured,
                                           related_rows(by_spec, key))
        print(f"  unmeasured runs are priced at the prediction x {scale:.2f}, the median measured/predicted "
              f"of the {twins} methods with archived runs" if twins else
              f"  no method has archived runs yet: unmeasured runs are priced at the prediction x "
              f"{borrowed:.2f}, the median measured/predicted of the {lent} methods of other specs with "
              "archived runs on this problem and budget" if lent else
              "  no method has archived runs yet: unmeasured runs are priced at the prediction")
    return 0


def _print_prices(args: argparse.Namespace) -> None:
    """``reproduce --list``: every spec with its cost per mode, where each price comes from, and the total."""
    from regretlab.campaign.cost import estimate, measured_seconds
    from regretlab.experiments import registry

    width = max(len(k) for k in registry.available())
    measured = measured_seconds(args.export_dir)   # archived runs' CPU seconds, where there are some
    if not (Path(args.export_dir) / "runs").is_dir():
        # outside the clone nothing is archived, so nothing is measured: say so before the prices
        print(f"No archived runs found in {Path(args.export_dir).resolve() / 'runs'}: the prices below "
              "are estimates only, and every run counts as still to run (in a clone of regretlab, run "
              "from its top folder or pass --export-dir <clone>/paper_figures).\n")
    print(f"{'spec':{width}s} {'kind':8s} quick / full")
    for key in registry.available():
        spec = registry.get(key)
        source = registry.get(spec.derived_from) if spec.derived_from else spec
        cost = (f"(the runs of {spec.derived_from})" if spec.derived_from
                else f"{estimate(source, 'quick', measured, args.export_dir)} / "
                     f"{estimate(source, 'full', measured, args.export_dir)}")
        print(f"{key:{width}s} {spec.kind:8s} {cost}\n{'':{width + 9}s}{spec.reference}: {spec.title}")
    from regretlab.campaign.cost import PRICE_SOURCES, cost_model, total_by_source

    print(f"\nPrices: 'measured' = the archived runs' CPU seconds ({args.export_dir}/runs); "
          f"'calibrated' = the rest from their methods' timed blocks ({args.export_dir}/calibration, "
          f"`reproduce SPEC --calibrate`) times their spec's median measured/predicted ratio (a spec "
          "with none archived: that of the specs calibrated on its problem and budget); "
          f"'fitted' = from {cost_model(args.export_dir).describe()}; "
          "'~' = some run priced by its spec's per-evaluation estimate.")
    totals = total_by_source([registry.get(k) for k in registry.available()], "full", args.export_dir)
    runs = sum(totals[h][0] for h in PRICE_SOURCES)
    hours = sum(totals[h][1] for h in PRICE_SOURCES) / 3600.0
    parts = ", ".join(f"{totals[h][0]} {h} {totals[h][1] / 3600.0:.1f}"
                      for h in PRICE_SOURCES if totals[h][0])
    done = totals["archived"]
    print(f"Full mode, every run once (shared runs counted once): {runs} runs, {hours:.1f} core-h "
          f"({parts}); archived already: {done[0]} runs, {done[1] / 3600.0:.1f} core-h; still to run: "
          f"{runs - done[0]} runs, {hours - done[1] / 3600.0:.1f} core-h.")


def _cmd_reproduce(args: argparse.Namespace) -> int:
    from regretlab.experiments import registry

    if args.list and (args.all or args.spec):
        print("regretlab reproduce: --list lists the specs and runs nothing; give it alone (not with "
              f"{'--all' if args.all else repr(args.spec)})", file=sys.stderr)
        return 2
    if args.all and args.spec:
        print(f"regretlab reproduce: give a spec ({args.spec!r}) or --all, not both", file=sys.stderr)
        return 2
    if args.calibrate:
        if args.list or not (args.all or args.spec):
            print("regretlab reproduce --calibrate: give a spec or --all (and not --list)", file=sys.stderr)
            return 2
        return _cmd_calibrate(args)
    if args.methods or args.steps is not None:
        print("regretlab reproduce: --methods and --steps go with --calibrate", file=sys.stderr)
        return 2
    if not args.list and (args.all or args.spec) and not check_folders("reproduce", args):
        return 2
    if args.all:
        from regretlab.figures import reproduce
        from regretlab.figures.reproduce import FullExportProtected

        status = 0
        for key in registry.available():
            try:
                result = reproduce(key, args.mode, out=args.out, export_root=args.export_dir, jobs=args.jobs,
                                   scheduler=args.scheduler, force=args.force)
            except FullExportProtected as kept:
                print(f"skipped: {kept}")
                continue
            except ImportError as missing:  # an optional dependency (the substitutes' scikit-learn)
                print(f"skipped {key}: {missing}")
                continue
            print(result.report.summary())
            status = status or (0 if result.report.ok else 1)
        return status
    if args.list or not args.spec:
        _print_prices(args)
        return 0 if args.list else 2
    from regretlab.figures import reproduce

    try:
        result = reproduce(args.spec, args.mode, out=args.out, export_root=args.export_dir, jobs=args.jobs,
                           scheduler=args.scheduler, force=args.force)
    except (ValueError, ImportError) as error:
        print(f"regretlab reproduce: {error}", file=sys.stderr)
        return 2
    print(result.report.summary())
    for path in result.paths:
        print(f"wrote {path}")
    return 0 if result.report.ok else 1


def _restore_archived_runs(keys, args: argparse.Namespace) -> None:
    """Restore the archived full runs of every spec in ``keys`` into ``--out`` in one pass over the archive
    manifests (an unknown key is left to the export loop, which names it)."""
    from regretlab.campaign import archive
    from regretlab.experiments import registry

    planned = []
    for key in keys:
        try:
            planned.extend(registry.source(registry.get(key)).runs("full"))
        except ValueError:
            continue
    archive.restore(args.out, archive_root(args), runs=planned)


def archive_root(args: argparse.Namespace) -> str:
    """Where the run archives are read from: ``--archives``, else the export folder when it holds a
    ``runs/`` folder, else ``./paper_figures`` when that does (a clone's archives, when the export goes
    elsewhere), else the export folder (which then has none, and the export says which runs it lacks)."""
    from regretlab.campaign.archive import ARCHIVE_FOLDER

    if getattr(args, "archives", None):
        return args.archives
    for root in (args.export_dir, EXPORT_ROOT):
        if (Path(root) / ARCHIVE_FOLDER).is_dir():
            return root
    return args.export_dir


def _cmd_export(args: argparse.Namespace) -> int:
    from regretlab.experiments import registry
    from regretlab.figures import export

    if not check_folders("export", args, ("export_dir",)):
        return 2
    if args.partial and args.mode != "full":
        print(f"regretlab export: --partial goes with --mode full (got --mode {args.mode}): a quick run is a "
              "smoke run whatever its count", file=sys.stderr)
        return 2
    keys = args.specs or registry.available()
    status = 0
    if args.mode == "full":   # the archived runs first, once for every item: a fresh clone exports what was
        try:                  # committed
            _restore_archived_runs(keys, args)
        except ValueError as error:
            print(f"regretlab export: {error}", file=sys.stderr)
            return 2
    for key in keys:
        try:
            for path in export(key, args.mode, out=args.out, export_root=args.export_dir,
                               partial=args.partial):
                print(f"wrote {path}")
        except ValueError as error:
            print(f"regretlab export: {error}", file=sys.stderr)
            status = 2
        except ImportError as missing:  # an optional dependency (the substitutes' scikit-learn)
            print(f"skipped {key}: {missing}")
            if args.specs:  # asked for by name: the export did not happen
                status = status or 2
    return status


def add_parsers(sub) -> None:
    """The reproduce and export subcommands."""
    p_repro = sub.add_parser("reproduce", help="run a figure's or table's spec and export it")
    p_repro.add_argument("spec", nargs="?", help="spec key, e.g. Ha2019.fig3 (see --list)")
    p_repro.add_argument("--list", action="store_true", help="list the specs, each with its cost per mode")
    p_repro.add_argument("--all", action="store_true", help="reproduce every spec, one after another")
    p_repro.add_argument("--mode", default="quick", choices=["quick", "full"],
                         help="quick (default: few repeats, short budgets) or full (the paper's setup)")
    p_repro.add_argument("--jobs", type=jobs, default=os.cpu_count() or 1, metavar="N",
                         help="joblib processes (default: number of cores)")
    p_repro.add_argument("--scheduler", default=None, metavar="ADDRESS",
                         help="a dask.distributed scheduler address (tcp://host:port): run there")
    p_repro.add_argument("--force", action="store_true", help="recompute runs that already have results")
    p_repro.add_argument("--calibrate", action="store_true",
                         help="time each method's iterations at a few sizes up to the full budget and store "
                              "the fitted cost (EXPORT_DIR/calibration/SPEC.json); --list prices from it")
    p_repro.add_argument("--steps", type=positive_int("a number of iterations", high=1000), default=None,
                         metavar="N",
                         help="with --calibrate: least iterations per timed block (default 25)")
    p_repro.add_argument("--methods", nargs="+", default=None, metavar="METHOD",
                         help="with --calibrate: only these methods (as the spec names them)")
    p_repro.add_argument("--out", default="results", metavar="DIR", help="results folder (default ./results)")
    p_repro.add_argument("--export-dir", default=EXPORT_ROOT, metavar="DIR",
                         help="export folder (default ./paper_figures)")
    p_repro.set_defaults(handler=_cmd_reproduce)
    p_export = sub.add_parser("export", help="export specs from their finished runs to paper_figures/")
    p_export.add_argument("specs", nargs="*", metavar="SPEC", help="spec keys (default: every spec)")
    p_export.add_argument("--mode", default="quick", choices=["quick", "full"],
                          help="full: the spec's archived runs (export dir's runs/) are restored into --out "
                               "first, so a fresh clone exports from the committed runs")
    p_export.add_argument("--out", default="results", metavar="DIR", help="results folder (default: results)")
    p_export.add_argument("--export-dir", default=EXPORT_ROOT, metavar="DIR",
                          help="export folder (default ./paper_figures)")
    p_export.add_argument("--archives", default=None, metavar="DIR",
                          help="with --mode full: the folder whose runs/ holds the run archives (default: "
                               "the export folder when it has a runs/ folder, else ./paper_figures when it "
                               "has one: so --export-dir elsewhere still reads the clone's archives)")
    p_export.add_argument("--partial", action="store_true",
                          help="with --mode full: export from the runs finished so far (at least one per "
                               "method and problem), labelled with their count in the figure and "
                               "COMPARISON.md")
    p_export.set_defaults(handler=_cmd_export)
