"""The ``regretlab`` command line.

Subcommands: ``verify`` (the main job: every registered claim of the four papers checked against GP sample
paths, :mod:`regretlab.verify`), ``list`` (registered objectives), ``formula`` (evaluate a catalogue formula
and print its LaTeX), ``cite``, ``setups`` (the papers' named configurations, each value with its source) and
``demo`` (a short tour of the GP core). Later issues add ``reproduce`` and ``export``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from regretlab import _formula_command
from regretlab._rng import check_seed
from regretlab._text import table
from regretlab._validate import DIM_LIMIT
from regretlab._version import __version__


def _cmd_list(args: argparse.Namespace) -> int:
    from regretlab.objectives import describe

    rows = describe()
    print(f"{len(rows)} registered objectives (maximisation convention: optimum = max f)\n")
    columns = ["name", "dim", "domain", "optimum"]
    shown = [[row[c] for c in columns] for row in rows]
    for line, row in zip(shown, rows, strict=True):
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
        print(f"regretlab cite: {exc}", file=sys.stderr)
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


def _positive_int(what: str, high: int | None = None):
    """An argparse type: a positive integer (at most ``high``), or an error naming what the argument is."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = 0
        if value < 1:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}: a positive integer")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"{text!r} is too large for {what}: at most {high}")
        return value

    return parse


_dim = _positive_int("a dimension", high=DIM_LIMIT)


def _cmd_demo(args: argparse.Namespace) -> int:
    from regretlab.demo import run_demo

    run_demo(seed=args.seed)
    return 0


def _seed(text: str) -> int:
    """argparse type of a seed: a non-negative int (a bad one is a usage error, not a traceback)."""
    try:
        return check_seed("--seed", int(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a seed: a non-negative integer") from None


#: More processes than this is a typo, not a machine (and joblib overflows on 10**11).
JOBS_LIMIT = 1024
_jobs = _positive_int("a number of jobs", high=JOBS_LIMIT)


def _unwritable(option: str, folder) -> str | None:
    """Why ``folder`` (given as ``option``) cannot hold this command's output, or None: checked before any
    work starts, so a bad path costs nothing (it used to fail with a traceback after the work)."""
    path = Path(folder)
    existing = next((p for p in (path, *path.parents) if p.exists()), None)
    if path.exists() and not path.is_dir():
        return f"{option} {folder}: is a file, not a folder"
    if existing is not None and not existing.is_dir():
        return f"{option} {folder}: {existing} is a file, not a folder"
    if existing is not None and not os.access(existing, os.W_OK | os.X_OK):
        return f"{option} {folder}: {existing} is not writable"
    # permissions do not tell all (procfs, a read-only mount, root): make the folder, write in it, and take
    # away again what this made (a refused command leaves nothing behind)
    made = [p for p in (path, *path.parents) if not p.exists()]
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as error:
        return f"{option} {folder}: cannot write there ({error.strerror or error})"
    finally:
        for p in made:   # deepest first
            try:
                p.rmdir()
            except OSError:
                pass
    return None


def _check_folders(command: str, args: argparse.Namespace, options=("out", "export_dir")) -> bool:
    """Print one line per unusable output folder of ``args``; True when all can be written."""
    problems = [_unwritable("--" + name.replace("_", "-"), getattr(args, name)) for name in options
                if getattr(args, name, None) is not None]
    for problem in filter(None, problems):
        print(f"regretlab {command}: {problem}", file=sys.stderr)
    return not any(problems)


def _cmd_verify(args: argparse.Namespace) -> int:
    from regretlab.verify import verify
    from regretlab.verify.report import outcome_counts, write_report
    from regretlab.verify.report import table as verdict_table

    if not _check_folders("verify", args, ("out",)):
        return 2
    from regretlab.verify.checkpoint import clear

    command = "regretlab verify " + " ".join(args.argv)
    # each finished group of claims is kept here until the report is written: a killed run started again
    # with the same --out, profile and seed runs only the groups that had not finished
    checkpoint = Path(args.out) / ".checkpoint"
    try:
        report = verify(args.claims, profile=args.profile, seed=args.seed, jobs=args.jobs,
                        progress=not args.quiet, command=command.strip(), checkpoint=checkpoint)
    except ValueError as error:
        print(f"regretlab verify: {error}", file=sys.stderr)
        return 2
    if report.resumed:
        print(f"Resumed {len(report.resumed)} finished group(s) of claims from {checkpoint} "
              "(made by this code, profile and seed).")
    print(verdict_table(report))
    path = write_report(report, args.out)
    clear(checkpoint)
    print(f"\n{len(report.verdicts)} verdicts ({outcome_counts(report)}) in {report.seconds:.0f} s; "
          f"{len(report.not_checked)} catalogue statements not checked (listed in the report).")
    print(f"Report: {path} (and {path.with_suffix('.json').name}, figures/ beside it)")
    if not report.ok:
        print("Errors:\n" + "\n".join(report.errors), file=sys.stderr)
        return 1
    return 0


def _cmd_report(args: argparse.Namespace) -> int:
    from regretlab.figures.site import build_site

    if not _check_folders("report", args, ("site",)):
        return 2
    try:
        index = build_site(args.export_dir, args.site, args.verification)
    except ValueError as error:
        print(f"regretlab report: {error}", file=sys.stderr)
        return 2
    pages = sum(1 for _ in Path(args.site).rglob("*.html"))
    print(f"wrote {index} ({pages} pages; open it in a browser, nothing is loaded from the network)")
    return 0


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


def _cmd_reproduce(args: argparse.Namespace) -> int:
    from regretlab.campaign.cost import estimate, measured_seconds
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
    if not args.list and (args.all or args.spec) and not _check_folders("reproduce", args):
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


def _cmd_export(args: argparse.Namespace) -> int:
    from regretlab.experiments import registry
    from regretlab.figures import export

    if not _check_folders("export", args, ("export_dir",)):
        return 2
    if args.partial and args.mode != "full":
        print(f"regretlab export: --partial goes with --mode full (got --mode {args.mode}): a quick run is a "
              "smoke run whatever its count", file=sys.stderr)
        return 2
    keys = args.specs or registry.available()
    status = 0
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


def _cmd_decide(args: argparse.Namespace) -> int:
    from regretlab.campaign.sequential import (
        decide_from_runs,
        next_look,
        run_items_until_decided,
        still_needed,
    )
    from regretlab.decisions.claims import CLAIMS, claims_of
    from regretlab.decisions.decide import commit_caveat, flagged_shares
    from regretlab.experiments import registry
    from regretlab.figures.decision_overview import write_decisions_overview
    from regretlab.figures.decisions import write_decision, write_decisions_md

    if not _check_folders("decide", args, ("out",) if args.no_write else ("out", "export_dir")):
        return 2
    keys = args.items or sorted({c.item for c in CLAIMS.values()})
    status, valid = 0, []
    for key in keys:
        try:
            registry.get(key)
            if not claims_of(key):
                raise ValueError(f"{key} has no claims registered in regretlab.decisions.claims")
        except ValueError as error:
            print(f"regretlab decide: {error}", file=sys.stderr)
            status = 2
            continue
        valid.append(key)
    if args.run and status:   # hours of runs for a shorter list than asked: refuse before any run starts
        print("regretlab decide: --run starts nothing until every ITEM is a spec with claims (see above)",
              file=sys.stderr)
        return status
    decisions, written = {}, False
    if args.run and valid:   # the items' looks in one pool (sequential.run_items_until_decided)
        try:
            decisions = run_items_until_decided(valid, out=args.out, export_root=args.export_dir,
                                                jobs=args.jobs, budget_hours=args.budget_hours,
                                                allow_dirty=args.allow_dirty)
        except ValueError as error:
            print(f"regretlab decide: {error}", file=sys.stderr)
            return 2
    for key in valid:
        try:
            decision = decisions.get(key) or decide_from_runs(key, args.out, args.export_dir)
        except ValueError as error:
            print(f"regretlab decide: {error}", file=sys.stderr)
            status = 2
            continue
        counts = decision.counts()
        print(f"{key}: {decision.verdict} (claims over their readings: confirmed {counts['confirmed']}, "
              f"refuted {counts['refuted']}, reading-dependent {counts['reading-dependent']}, undecided "
              f"{counts['undecided']}; runs per method and problem {sorted(set(decision.runs.values()))}, "
              f"{decision.core_hours:.2f} core-h)")
        for claim_key, readings, verdict in decision.readings():
            print(f"  {claim_key:28s} {verdict}")
            for claim in readings:
                caveat = commit_caveat(decision.commit_check, claim.claim.statistic)
                shown = claim.claim.reading_name if len(readings) > 1 else ""
                if shown or caveat:
                    print(f"    {shown:36s} {claim.decision if shown else ''}"
                          + (f" ({caveat})" if caveat else ""))
        per_run = decision.core_hours / max(1, sum(decision.runs.values()))
        needed, hours = still_needed(decision, per_run)
        if needed != "none":
            print(f"  the undecided comparisons would need up to {needed} runs per method at their observed "
                  f"effects (~{hours:.1f} core-h more at {per_run * 3600:.0f} s a run)")
        check = decision.commit_check
        if check:
            print(f"  commits: {check['tests']} Kruskal-Wallis tests across the commits of its runs, "
                  f"smallest Holm p {check['smallest_holm_p']:.2g} ({check['method']} on {check['problem']}, "
                  f"{check['statistic']}): " + ("the runs of different commits differ" if check["effect"]
                                                 else "no commit effect"))
        repeats = decision.repeat_check
        if repeats and repeats["flagged"]:
            print("  repeated queries (median share of a run's queries): " + flagged_shares(repeats)
                  + f" at or above {100 * repeats['level']:g} %: the model may be stuck (unless the repeats "
                  "are a face of a search box the optimum lies beyond, or the best point re-evaluated on "
                  "purpose)")
        coming = next_look(decision, args.out, args.export_dir)
        print(f"  {coming.describe()}")
        if not args.no_write:
            print(f"wrote {write_decision(decision, key, args.export_dir, coming)}")
            written = True
    if written:   # the overview once, after every item's record (it reads them all)
        from regretlab.figures.comparison import write_comparison
        from regretlab.figures.export import write_manifest

        for path in write_decisions_overview(args.export_dir):
            print(f"wrote {path}")
        write_decisions_md(args.export_dir)   # now with the overview's link
        # the paper-vs-ours table and the checksums follow the decisions (they were refreshed only by an
        # export, so a decision could leave COMPARISON.md and MANIFEST.json behind it)
        print(f"wrote {write_comparison(args.export_dir)}")
        print(f"wrote {write_manifest(args.export_dir)}")
    return status


def _cmd_archive(args: argparse.Namespace) -> int:
    from regretlab.campaign import archive
    from regretlab.experiments import registry

    if not _check_folders("archive", args, ("export_dir",)):
        return 2
    status = 0
    for key in args.items:
        try:
            spec = registry.source(key)
            path, manifest = archive.pack(spec.key, spec.runs("full"), args.out, args.export_dir,
                                          drop_stale=args.drop_stale)
        except ValueError as error:
            print(f"regretlab archive: {error}", file=sys.stderr)
            status = 2
            continue
        dropped, shared = manifest.get("dropped_stale", []), manifest.get("shared", [])
        owners = sorted({m["group"] for m in shared})
        print(f"wrote {path} ({len(manifest['members'])} runs, {manifest['archive_bytes'] / 2**20:.2f} MiB)"
              + (f"; {len(shared)} more run(s) stored once, in {', '.join(owners)}" if shared else "")
              + (f"; left out {len(dropped)} stale run(s) made from other setup values (renamed *.stale in "
                 f"{args.out})" if dropped else ""))
    return status


def _cmd_preregister(args: argparse.Namespace) -> int:
    from regretlab.campaign import archive
    from regretlab.decisions import preregister
    from regretlab.decisions.claims import claims_of
    from regretlab.experiments import registry
    from regretlab.experiments.aggregate import load_results

    if not _check_folders("preregister", args):
        return 2
    status = 0
    for key in args.items:
        try:
            spec = registry.get(key)
            if not spec.reading_of:
                raise ValueError(f"{spec.key} is not a setup reading (its spec names no reading_of)")
            archive.restore(args.out, args.export_dir, runs=spec.runs("full"))
            results = load_results(spec, "full", args.out)
            path = preregister.write_record(spec, results, claims_of(spec.key), args.export_dir)
        except ValueError as error:
            print(f"regretlab preregister: {error}", file=sys.stderr)
            status = 2
            continue
        print(f"wrote {path}: commit it, then `regretlab decide {spec.key} --run` runs the proposed methods")
    return status


def _add_folders(parser: argparse.ArgumentParser) -> None:
    """The results folder and the export folder (runs, decisions, archives), as every such command has."""
    parser.add_argument("--out", default="results", metavar="DIR", help="results folder (default ./results)")
    parser.add_argument("--export-dir", default="paper_figures", metavar="DIR",
                        help="export folder: figures, decisions, run archives (default ./paper_figures)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="regretlab", description="Theory verification and reproducibility for high-dimensional BO."
    )
    parser.add_argument("--version", action="version", version=f"regretlab {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p_verify = sub.add_parser(
        "verify",
        help="check the papers' probabilistic claims against GP sample paths and runs; writes a report",
    )
    p_verify.add_argument("--claims", default=None, metavar="GLOB",
                          help="comma-separated glob patterns on claim ids, e.g. 'MSUCB.*' (default: all)")
    p_verify.add_argument("--profile", default="quick", choices=["smoke", "quick", "thorough"],
                          type=str.lower,
                          help="how much evidence: quick (default, minutes), thorough (tox -e verify), smoke")
    p_verify.add_argument("--out", default="reports", metavar="DIR",
                          help="report folder (default ./reports): verification.md, .json, figures/")
    p_verify.add_argument("--jobs", type=_jobs, default=os.cpu_count() or 1, metavar="N",
                          help="parallel joblib workers, one group of claims each (default: number of cores)")
    p_verify.add_argument("--seed", type=_seed, default=0, help="root seed of every claim (default 0)")
    p_verify.add_argument("--quiet", action="store_true", help="no progress bars")
    p_verify.set_defaults(handler=_cmd_verify)

    p_repro = sub.add_parser("reproduce", help="run a figure's or table's spec and export it")
    p_repro.add_argument("spec", nargs="?", help="spec key, e.g. Ha2019.fig3 (see --list)")
    p_repro.add_argument("--list", action="store_true", help="list the specs, each with its cost per mode")
    p_repro.add_argument("--all", action="store_true", help="reproduce every spec, one after another")
    p_repro.add_argument("--mode", default="quick", choices=["quick", "full"],
                         help="quick (default: few repeats, short budgets) or full (the paper's setup)")
    p_repro.add_argument("--jobs", type=_jobs, default=os.cpu_count() or 1, metavar="N",
                         help="joblib processes (default: number of cores)")
    p_repro.add_argument("--scheduler", default=None, metavar="ADDRESS",
                         help="a dask.distributed scheduler address (tcp://host:port): run there")
    p_repro.add_argument("--force", action="store_true", help="recompute runs that already have results")
    p_repro.add_argument("--calibrate", action="store_true",
                         help="time each method's iterations at a few sizes up to the full budget and store "
                              "the fitted cost (EXPORT_DIR/calibration/SPEC.json); --list prices from it")
    p_repro.add_argument("--steps", type=_positive_int("a number of iterations", high=1000), default=None,
                         metavar="N",
                         help="with --calibrate: least iterations per timed block (default 25)")
    p_repro.add_argument("--methods", nargs="+", default=None, metavar="METHOD",
                         help="with --calibrate: only these methods (as the spec names them)")
    p_repro.add_argument("--out", default="results", metavar="DIR", help="results folder (default ./results)")
    p_repro.add_argument("--export-dir", default="paper_figures", metavar="DIR",
                         help="export folder (default ./paper_figures)")
    p_repro.set_defaults(handler=_cmd_reproduce)

    p_decide = sub.add_parser("decide", help="decide the papers' claims from full-mode runs (and, with "
                                             "--run, add runs in planned looks until they are decided)")
    p_decide.add_argument("items", nargs="*", metavar="ITEM",
                          help="spec keys with claims, e.g. Ha2019.fig3 (default: every item with claims)")
    p_decide.add_argument("--run", action="store_true",
                          help="run the next looks' repeats for the undecided comparisons' methods (the "
                               "looks of all ITEMs in one pool, costliest run first)")
    p_decide.add_argument("--budget-hours", type=float, default=float("inf"), metavar="H",
                          help="with --run: stop at the look boundary that would exceed H core-hours (all "
                               "ITEMs together)")
    p_decide.add_argument("--jobs", type=_jobs, default=1, metavar="N", help="joblib processes (default 1)")
    p_decide.add_argument("--allow-dirty", action="store_true",
                          help="with --run: allow runs from a tree with uncommitted changes (marked dirty)")
    p_decide.add_argument("--no-write", action="store_true", help="print only; do not write the report")
    _add_folders(p_decide)
    p_decide.set_defaults(handler=_cmd_decide)

    p_prereg = sub.add_parser("preregister", help="write a setup reading's registration (its baselines' "
                                                  "pilot and the printed-number check): commit it before "
                                                  "the proposed methods run")
    p_prereg.add_argument("items", nargs="+", metavar="ITEM", help="spec keys that are setup readings")
    _add_folders(p_prereg)
    p_prereg.set_defaults(handler=_cmd_preregister)

    p_archive = sub.add_parser("archive", help="pack the finished full-mode runs of specs into "
                                               "paper_figures/runs/ (tar.xz + sha256 manifest)")
    p_archive.add_argument("items", nargs="+", metavar="ITEM",
                           help="spec keys (a derived spec packs its source)")
    p_archive.add_argument("--drop-stale", action="store_true",
                           help="leave out runs made from other setup values than the current ones (a "
                                "setup value changed since; their files are renamed *.stale) instead of "
                                "refusing to pack")
    _add_folders(p_archive)
    p_archive.set_defaults(handler=_cmd_archive)

    p_export = sub.add_parser("export", help="export specs from their finished runs to paper_figures/")
    p_export.add_argument("specs", nargs="*", metavar="SPEC", help="spec keys (default: every spec)")
    p_export.add_argument("--mode", default="quick", choices=["quick", "full"])
    p_export.add_argument("--out", default="results", metavar="DIR", help="results folder (default: results)")
    p_export.add_argument("--export-dir", default="paper_figures", metavar="DIR",
                          help="export folder (default ./paper_figures)")
    p_export.add_argument("--partial", action="store_true",
                          help="with --mode full: export from the runs finished so far (at least one per "
                               "method and problem), labelled with their count in the figure and "
                               "COMPARISON.md")
    p_export.set_defaults(handler=_cmd_export)

    p_report = sub.add_parser("report", help="build a static HTML site of what was found (index, a page per "
                                             "item, the verification verdicts) from paper_figures/")
    p_report.add_argument("--export-dir", default="paper_figures", metavar="DIR",
                          help="export folder to read (default ./paper_figures)")
    p_report.add_argument("--site", default="site", metavar="DIR",
                          help="where to write the site (default ./site)")
    p_report.add_argument("--verification", default=None, metavar="JSON",
                          help="a verification.json to show (default: the export folder's quick report, else "
                               "its thorough one)")
    p_report.set_defaults(handler=_cmd_report)

    p_list = sub.add_parser("list", help="list the registered objectives with dimension, domain and optimum")
    p_list.set_defaults(handler=_cmd_list)

    _formula_command.add_parser(sub)

    p_cite = sub.add_parser("cite", help="print the BibTeX of a cited work (e.g. Ha2019), of regretlab "
                                        "itself ('regretlab'), or of every one")
    p_cite.add_argument("key", nargs="?", help="citation key (case-insensitive); omit it for every entry")
    p_cite.set_defaults(handler=_cmd_cite)

    p_setups = sub.add_parser("setups", help="list the papers' named setups, or show one with its sources")
    p_setups.add_argument("name", nargs="?", help="a setup name, e.g. Kandasamy2015/Add-d/M")
    p_setups.add_argument("--dim", type=_dim, default=None, help="show per-dimension values at this D")
    p_setups.set_defaults(handler=_cmd_setups)

    p_demo = sub.add_parser("demo", help="a short demonstration of the GP core")
    p_demo.add_argument("--seed", type=_seed, default=0, help="seed of the demo's Generator (default 0)")
    p_demo.set_defaults(handler=_cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[2:] if argv is None else argv[1:])
    if args.command is None:
        parser.print_help()
        return 0
    try:
        status = args.handler(args)
        sys.stdout.flush()  # a closed pipe shows here, inside the try, not at interpreter exit
        return status
    except KeyboardInterrupt:
        # Ctrl-C: no traceback. Finished runs and results are files written atomically, so nothing done is
        # lost; say how to go on.
        print(f"\nregretlab {args.command}: interrupted. Finished work is kept; run the same command again "
              "to resume where it stopped.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `regretlab list | head`): not an error. Point stdout at devnull so
        # the interpreter's final flush does not raise again (Python docs, "Note on SIGPIPE").
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
