"""``regretlab decide`` (the papers' claims decided from archived runs, with ``--run`` in planned looks),
``regretlab preregister`` (a setup reading's registration) and ``regretlab archive`` (runs packed with
checksums)."""

from __future__ import annotations

import argparse
import sys

from ._args import add_folders, check_folders, jobs

# Lazy imports: each command imports what it runs inside its own function, so `regretlab cite` or
# `regretlab --help` starts in about 0.4 s instead of about 1.5 s with every command's machinery (measured
# 2026-12-07 on a 2-core machine under load: matplotlib, scipy.stats, the GP and the figure modules).


def _print_decision(key: str, decision) -> None:
    """The terminal's account of one item's decision: its verdict and counts, each claim over its readings,
    the runs an undecided comparison would need, and the commit and repeat checks."""
    from regretlab.campaign.sequential import still_needed
    from regretlab.decisions.run_checks import commit_caveat, flagged_shares

    counts = decision.counts()
    print(f"{key}: {decision.verdict} (claims over their readings: "
          + ", ".join(f"{word} {n}" for word, n in counts.items() if n or word in ("confirmed", "refuted"))
          + f"; runs per method and problem {sorted(set(decision.runs.values()))}, "
          f"{decision.core_hours:.2f} core-h)")
    for claim_key, readings, verdict in decision.readings():
        forecast = decision.claim_forecasts.get(claim_key)
        odds = (f" (forecast: the next look n = {forecast.next_look} decides it in "
                f"{round(forecast.at_next * forecast.draws)} of {forecast.draws} draws)"
                if forecast and verdict in ("pending", "undecided") else "")
        print(f"  {claim_key:28s} {verdict}{odds}")
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


def _cmd_decide(args: argparse.Namespace) -> int:
    from regretlab.campaign.sequential import (
        decide_from_runs,
        next_look,
        run_items_until_decided,
    )
    from regretlab.decisions.claims import CLAIMS, claims_of
    from regretlab.experiments import registry
    from regretlab.figures.decision_overview import write_decisions_overview
    from regretlab.figures.decisions import write_decision, write_decisions_md

    if not check_folders("decide", args, ("out",) if args.no_write else ("out", "export_dir")):
        return 2
    if args.plan:
        from regretlab.campaign.plan import format_plan, plan

        try:
            looks = plan(args.export_dir)
        except ValueError as error:
            print(f"regretlab decide: {error}", file=sys.stderr)
            return 2
        chosen = set(args.items)
        print(format_plan([x for x in looks if not chosen or x.item in chosen]))
        return 0
    # every item with claims: the papers' items and their setup readings (decided on the same claims)
    keys = args.items or sorted({c.item for c in CLAIMS.values()}
                                | {key for key, spec in registry.SPECS.items() if spec.reading_of
                                   and claims_of(key)})
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
                                                allow_dirty=args.allow_dirty,
                                                every_look=args.every_look)
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
        _print_decision(key, decision)
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


def _cmd_preregister(args: argparse.Namespace) -> int:
    from regretlab.campaign import archive
    from regretlab.decisions import preregister
    from regretlab.decisions.claims import claims_of
    from regretlab.experiments import registry
    from regretlab.experiments.aggregate import load_results

    if not check_folders("preregister", args):
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


def _cmd_archive(args: argparse.Namespace) -> int:
    from regretlab.campaign import archive
    from regretlab.experiments import registry

    if not check_folders("archive", args, ("export_dir",)):
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
        if path is None:
            print(f"{spec.key}: every finished run is archived already (segments are never rewritten): "
                  "nothing written")
            continue
        dropped, shared = manifest.get("dropped_stale", []), manifest.get("shared", [])
        owners = sorted({m["group"] for m in shared})
        print(f"wrote {path} (segment {manifest['segment']}: {len(manifest['members'])} runs, "
              f"{manifest['archive_bytes'] / 2**20:.2f} MiB)"
              + (f"; {len(shared)} more run(s) stored once, in {', '.join(owners)}" if shared else "")
              + (f"; left out {len(dropped)} stale run(s) made from other setup values (renamed *.stale in "
                 f"{args.out})" if dropped else ""))
    return status


def add_parsers(sub) -> None:
    """The decide, preregister and archive subcommands."""
    p_decide = sub.add_parser("decide", help="decide the papers' claims from full-mode runs (and, with "
                                             "--run, add runs in planned looks until they are decided)")
    p_decide.add_argument("items", nargs="*", metavar="ITEM",
                          help="spec keys with claims, e.g. Ha2019.fig3 (default: every item with claims "
                               "and every setup reading of one)")
    p_decide.add_argument("--run", action="store_true",
                          help="run the next looks' repeats for the undecided comparisons' methods (the "
                               "looks of all ITEMs in one pool, costliest run first)")
    p_decide.add_argument("--budget-hours", type=float, default=float("inf"), metavar="H",
                          help="with --run: stop at the look boundary that would exceed H core-hours (all "
                               "ITEMs together)")
    p_decide.add_argument("--jobs", type=jobs, default=1, metavar="N", help="joblib processes (default 1)")
    p_decide.add_argument("--allow-dirty", action="store_true",
                          help="with --run: allow runs from a tree with uncommitted changes (marked dirty)")
    p_decide.add_argument("--no-write", action="store_true", help="print only; do not write the report")
    p_decide.add_argument("--plan", action="store_true",
                          help="print every item's next look from the committed decisions, the most claim "
                               "decisions per core-hour first (the forecast), and which --run would skip")
    p_decide.add_argument("--every-look", action="store_true",
                          help="with --run: also run looks forecast below the threshold of decisions per "
                               "core-hour (campaign.plan.MIN_DECISIONS_PER_CORE_HOUR)")
    add_folders(p_decide)
    p_decide.set_defaults(handler=_cmd_decide)
    p_prereg = sub.add_parser("preregister", help="write a setup reading's registration (its baselines' "
                                                  "pilot and the printed-number check): commit it before "
                                                  "the proposed methods run")
    p_prereg.add_argument("items", nargs="+", metavar="ITEM", help="spec keys that are setup readings")
    add_folders(p_prereg)
    p_prereg.set_defaults(handler=_cmd_preregister)
    p_archive = sub.add_parser("archive", help="pack the finished full-mode runs of specs into "
                                               "paper_figures/runs/ (tar.xz + sha256 manifest)")
    p_archive.add_argument("items", nargs="+", metavar="ITEM",
                           help="spec keys (a derived spec packs its source)")
    p_archive.add_argument("--drop-stale", action="store_true",
                           help="leave out runs made from other setup values than the current ones (a "
                                "setup value changed since; their files are renamed *.stale) instead of "
                                "refusing to pack")
    add_folders(p_archive)
    p_archive.set_defaults(handler=_cmd_archive)
