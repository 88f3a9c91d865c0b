"""Issue 31's check of Li2016's repeat trap: the ADD and RPP runs archived before ``perturb_repeats``
(commit f80438a, the last to hold them) against the runs of the same seeds made since, paired by repeat
(a run's initial design and random stream depend on its method's name, problem and repeat only, not on the
setup's values: ``Run.seed_sequences``). Prints per method and problem each seed's simple regret S_T and
share of repeated queries before and after, the medians, and the one-sided exact Wilcoxon signed-rank p
that S_T fell; GP-UCB (unchanged) is the reference line.

    python benchmarks/repeat_trap.py [--before f80438a] [--out results] [--export-dir paper_figures]

The old runs are read from git (``git show REV:paper_figures/runs/ITEM.tar.xz``, checked against the sha256
of its manifest as ``regretlab.campaign.archive.restore`` checks it); the new ones from the archives of
the export folder and the results folder.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import subprocess
import tarfile
from pathlib import Path

import numpy as np
from scipy import stats

from regretlab.campaign import archive
from regretlab.experiments import registry
from regretlab.experiments.aggregate import load_results
from regretlab.experiments.run_meta import RunMeta

ITEMS = ("Li2016.table1", "Li2016.table2")
REFERENCE = "Li2016/GP-UCB"


def _git_bytes(rev: str, path: str, repo: Path) -> bytes:
    return subprocess.run(["git", "show", f"{rev}:{path}"], cwd=repo, capture_output=True, check=True).stdout


def old_runs(item: str, rev: str, repo: Path) -> dict[tuple[str, str, int], dict]:
    """``(method, problem, repeat) -> {"f", "meta"}`` of ``item``'s archive at ``rev`` (its checksum and each
    member's checked against the manifest of that commit)."""
    manifest = json.loads(_git_bytes(rev, f"paper_figures/runs/{item}.json", repo))
    blob = _git_bytes(rev, f"paper_figures/runs/{item}.tar.xz", repo)
    if hashlib.sha256(blob).hexdigest() != manifest["archive_sha256"]:
        raise archive.ArchiveError(f"{item}.tar.xz at {rev} does not match its manifest's sha256")
    members = {m["path"]: m for m in manifest["members"]}
    found = {}
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:xz") as tar:
        for info in tar.getmembers():
            member = members.get(info.name)
            if member is None:
                continue
            data = tar.extractfile(info).read()
            if hashlib.sha256(data).hexdigest() != member["sha256"]:
                raise archive.ArchiveError(f"{item}.tar.xz at {rev}: {info.name} does not match its sha256")
            with np.load(io.BytesIO(data)) as z:
                found[(member["method"], member["problem"], int(member["repeat"]))] = {
                    "f": z["f"].copy(), "meta": json.loads(str(z["meta"]))}
    return found


def summary(record: dict) -> tuple[float, float]:
    """(S_T, share of the run's queries that repeat an earlier one)."""
    meta = RunMeta.of(record)
    regret = float(meta.optimum_value - np.max(record["f"]))
    return regret, meta.repeated_queries / meta.budget


def compare(before: dict, after: dict) -> list[dict]:
    """Per (method, problem) with runs on both sides: the seeds both have, their S_T and repeat shares,
    the medians and the one-sided exact signed-rank p of S_T after < before (None below 2 pairs)."""
    rows = []
    for method, problem in sorted({(m, p) for m, p, _ in before} & {(m, p) for m, p, _ in after}):
        seeds = sorted({r for m, p, r in before if (m, p) == (method, problem)}
                       & {r for m, p, r in after if (m, p) == (method, problem)})
        if not seeds:
            continue
        old = np.array([summary(before[(method, problem, r)]) for r in seeds])
        new = np.array([summary(after[(method, problem, r)]) for r in seeds])
        p = None
        if len(seeds) >= 2 and np.any(new[:, 0] != old[:, 0]):
            p = float(stats.wilcoxon(new[:, 0], old[:, 0], alternative="less", method="exact").pvalue)
        rows.append({"method": method, "problem": problem, "seeds": seeds, "before": old, "after": new,
                     "median_before": float(np.median(old[:, 0])),
                     "median_after": float(np.median(new[:, 0])), "p": p})
    return rows


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="f80438a", help="the commit whose archives hold the old runs")
    parser.add_argument("--out", default="results")
    parser.add_argument("--export-dir", default="paper_figures")
    args = parser.parse_args(argv)
    repo = Path(__file__).resolve().parents[1]
    archive.restore(args.out, args.export_dir)
    for item in ITEMS:
        spec = registry.get(item)
        before = old_runs(item, args.before, repo)
        after = load_results(spec, "full", args.out)
        print(f"\n{item} (before: {args.before}; after: the current setups), S_T and repeated-query share:")
        for row in compare(before, after):
            same = " (unchanged setup: a check that the seeds match)" if row["method"] == REFERENCE else ""
            print(f"  {row['method']} on {row['problem']}{same}: median S_T {row['median_before']:.1f} -> "
                  f"{row['median_after']:.1f}; n = {len(row['seeds'])}; one-sided exact signed-rank p (S_T "
                  f"fell) = {'—' if row['p'] is None else format(row['p'], '.2g')}")
            for seed, (b, a) in zip(row["seeds"], zip(row["before"], row["after"], strict=True), strict=True):
                print(f"    repeat {seed}: S_T {b[0]:8.1f} -> {a[0]:8.1f}   repeats {100 * b[1]:5.1f} % -> "
                      f"{100 * a[1]:5.1f} %")


if __name__ == "__main__":
    main()
