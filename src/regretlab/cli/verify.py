"""``regretlab verify`` (the main job: every registered claim checked against GP sample paths) and
``regretlab report`` (the static site of what was found)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from regretlab._io import EXPORT_ROOT

from ._args import check_folders, jobs, seed

# Lazy imports: each command imports what it runs inside its own function, so `regretlab cite` or
# `regretlab --help` starts in about 0.4 s instead of about 1.5 s with every command's machinery (measured
# 2026-12-07 on a 2-core machine under load: matplotlib, scipy.stats, the GP and the figure modules).


def _cmd_verify(args: argparse.Namespace) -> int:
    from regretlab.verify import verify
    from regretlab.verify.report import outcome_counts, write_report
    from regretlab.verify.report import table as verdict_table

    if not check_folders("verify", args, ("out",)):
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
    from regretlab.figures.site import build_site, latest_verification

    if not check_folders("report", args, ("site",)):
        return 2
    verification = args.verification or latest_verification(args.export_dir)
    if verification is not None:
        own = args.verification is None and Path(verification).parent == Path("reports")
        print(f"verification page: {verification}" + (" (your latest regretlab verify; --verification JSON "
                                                      "picks another)" if own else ""))
    try:
        index = build_site(args.export_dir, args.site, verification)
    except ValueError as error:
        print(f"regretlab report: {error}", file=sys.stderr)
        return 2
    pages = sum(1 for _ in Path(args.site).rglob("*.html"))
    print(f"wrote {index} ({pages} pages; open it in a browser, nothing is loaded from the network)")
    return 0


def add_parsers(sub) -> None:
    """The verify and report subcommands."""
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
    p_verify.add_argument("--jobs", type=jobs, default=os.cpu_count() or 1, metavar="N",
                          help="parallel joblib workers, one group of claims each (default: number of cores)")
    p_verify.add_argument("--seed", type=seed, default=0, help="root seed of every claim (default 0)")
    p_verify.add_argument("--quiet", action="store_true", help="no progress bars")
    p_verify.set_defaults(handler=_cmd_verify)
    p_report = sub.add_parser("report", help="build a static HTML site of what was found (index, a page per "
                                             "item, the verification verdicts) from paper_figures/")
    p_report.add_argument("--export-dir", default=EXPORT_ROOT, metavar="DIR",
                          help="export folder to read (default ./paper_figures)")
    p_report.add_argument("--site", default="site", metavar="DIR",
                          help="where to write the site (default ./site)")
    p_report.add_argument("--verification", default=None, metavar="JSON",
                          help="a verification.json to show (default: ./reports/verification.json, the "
                               "latest regretlab verify's, when present; else the export folder's quick "
                               "report, else its thorough one)")
    p_report.set_defaults(handler=_cmd_report)
