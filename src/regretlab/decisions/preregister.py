"""Pre-registration of a setup reading: the baselines' pilot and the check against the paper's printed numbers
are written and committed *before* any run of the paper's proposed methods under the reading, so that a
reading is never chosen after seeing the result it decides.

A spec that is a setup reading of another (``Spec.reading_of``) names its ``proposed`` methods. Until
``<export root>/preregistration/<key>.json`` exists *and is committed unchanged in git*, the campaign
(:func:`regretlab.campaign.sequential.next_look`) runs only the baselines, and only their pilot
(:data:`PILOT_RUNS` a method and problem); ``regretlab preregister KEY`` writes the file from the baselines'
runs. A file that exists but is not committed does not open the gate: the commit is the registration.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import numpy as np
from scipy import stats

from regretlab._io import EXPORT_ROOT, atomic_write_text, git_commit
from regretlab.experiments.record import commit_of
from regretlab.experiments.statistics import run_value

from .claims import STATISTICS

__all__ = ["PILOT_RUNS", "FOLDER", "record_path", "is_committed", "is_preregistered", "held_back",
           "pilot_record", "printed_check", "write_record", "AGREEMENT_RULE"]

#: The baselines' pilot: runs per method and problem before the registration (the campaign's first look).
PILOT_RUNS = 5
#: The folder of the registrations under the export root.
FOLDER = "preregistration"


def record_path(key: str, export_root=EXPORT_ROOT) -> Path:
    """Where the registration of setup reading ``key`` is kept."""
    return Path(export_root) / FOLDER / f"{key}.json"


def is_committed(path) -> bool:
    """Whether ``path`` is tracked by the git repository it lies in and equal to its committed version
    (False outside a repository or without git: an uncommitted file registers nothing)."""
    path = Path(path).resolve()
    if not path.is_file():
        return False
    try:
        tracked = subprocess.run(["git", "ls-files", "--error-unmatch", path.name], cwd=path.parent,
                                 capture_output=True, check=False)
        clean = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", path.name], cwd=path.parent,
                               capture_output=True, check=False)
    except OSError:
        return False
    return tracked.returncode == 0 and clean.returncode == 0


def is_preregistered(spec, export_root=EXPORT_ROOT) -> bool:
    """True for a spec with nothing to hold back (not a setup reading, or no proposed method); else whether
    its registration is committed and names it."""
    if not (spec.reading_of and spec.proposed):
        return True
    path = record_path(spec.key, export_root)
    if not is_committed(path):
        return False
    try:
        return json.loads(path.read_text()).get("item") == spec.key
    except (OSError, ValueError):
        return False


def held_back(spec, export_root=EXPORT_ROOT) -> frozenset:
    """The methods whose runs must wait for the registration (empty once it is committed)."""
    return frozenset() if is_preregistered(spec, export_root) else frozenset(spec.proposed)


def _summary(values) -> dict:
    v = np.asarray(values, dtype=float)
    return {"n": int(v.size), "mean": float(np.mean(v)), "median": float(np.median(v)),
            "sd": float(np.std(v, ddof=1)) if v.size > 1 else None,
            "min": float(np.min(v)), "max": float(np.max(v))}


def pilot_record(spec, results: dict, claims) -> dict:
    """The registration of setup reading ``spec``: what the reading is and where it comes from, the
    baselines' pilot (per method and problem, every statistic the claims test, oriented as the paper's
    statistic: regret and seconds as positive numbers), the check against the paper's printed numbers
    (``spec.paper_values['printed']`` where the paper prints some) and the commits of the pilot's runs.
    Refuses when a proposed method already has a run: then the registration would come too late."""

    early = sorted({m for (m, _p, _r) in results if m in spec.proposed})
    if early:
        raise ValueError(f"{spec.key}: the proposed methods {early} already have runs under this setup "
                         "reading; a registration written now would not precede them")
    statistics = sorted({(c.statistic, c.at) for c in claims}, key=lambda s: (s[0], s[1] or 0))
    # the paper's orientation: regret and seconds positive (run_value is larger-is-better)
    sign = {s: 1.0 if STATISTICS[s].larger_is_better else -1.0 for s, _ in statistics}
    pilot: dict[str, dict] = {}
    for method in spec.methods:
        if method in spec.proposed:
            continue
        for problem in spec.problems_of("full"):
            runs = [results[k] for k in sorted(results) if k[0] == method and k[1] == problem]
            if not runs:
                continue
            pilot[f"{method} @ {problem}"] = {
                statistic + (f"@{at}" if at else ""): _summary(
                    [sign[statistic] * run_value(r, statistic, at) for r in runs])
                for statistic, at in statistics}
    return {
        "item": spec.key,
        "setup_reading": spec.setup_reading,
        "reading_of": spec.reading_of,
        "setup_source": spec.setup_source,
        "baselines": [m for m in spec.methods if m not in spec.proposed],
        "proposed": list(spec.proposed),
        "pilot": pilot,
        "printed_check": printed_check(spec, results),
        "commits": sorted({commit_of(r) for r in results.values()}),
        "written_at": git_commit(),
    }


#: The declared agreement rule of a printed cell (mean ± standard error) with ours.
AGREEMENT_Z = 2.0
AGREEMENT_RULE = (f"a cell agrees when our mean is within {AGREEMENT_Z:g} combined standard errors of the "
                  "printed mean, |ours - printed| <= 2 sqrt(se_ours^2 + se_printed^2) (the papers print "
                  "mean ± s.e.; a printed value without its s.e. counts 0); the order of the cells is "
                  "compared by Kendall's tau between the printed means and ours")


def printed_check(spec, results: dict):
    """Paper vs ours for every number the paper prints about the item (``spec.paper_values["table"]``:
    ``{problem: {method: {T: (mean, se)}}}``, simple regret at T) from the runs at hand of the methods that
    are not held back (:data:`AGREEMENT_RULE`): per cell the printed and our mean ± s.e., the z-score, the
    ratio and whether it agrees; over the cells the agreement count and Kendall's tau. A string when the
    paper prints no number for the item."""

    table = spec.paper_values.get("table")
    if not table:
        if all(m in spec.proposed for m in spec.methods):
            return ("the paper prints no number for this item and every method it compares is a variant of "
                    "the proposed one (no baseline to pilot): the registration fixes the setup reading and "
                    "its claims before any run under it")
        return "the paper prints no number for this item: the registration is the baselines' pilot alone"
    cells = []
    for problem, printed in table.items():
        for method, by_t in printed.items():
            if method in spec.proposed:
                continue
            runs = [r for (m, p, _), r in sorted(results.items()) if m == method and p == problem]
            for t, (mean, se) in sorted(by_t.items()):
                values = [-run_value(r, "final_simple_regret", t) for r in runs if len(r["f"]) >= t]
                if not values:
                    continue
                ours = float(np.mean(values))
                ours_se = float(np.std(values, ddof=1) / np.sqrt(len(values))) if len(values) > 1 else 0.0
                z = (ours - mean) / max(np.hypot(ours_se, se), 1e-12)
                cells.append({"problem": problem, "method": method, "T": int(t), "printed": [mean, se],
                              "ours": [ours, ours_se], "n": len(values), "z": float(z),
                              "ratio": float(ours / mean) if mean else None,
                              "agrees": bool(abs(z) <= AGREEMENT_Z)})
    tau = (float(stats.kendalltau([c["printed"][0] for c in cells], [c["ours"][0] for c in cells]).statistic)
           if len(cells) >= 3 else None)
    return {"rule": AGREEMENT_RULE, "statistic": "simple regret at T, mean ± s.e. over the runs at hand",
            "cells": cells, "agree": sum(c["agrees"] for c in cells), "of": len(cells), "kendall_tau": tau}


def write_record(spec, results: dict, claims, export_root=EXPORT_ROOT) -> Path:
    """Write :func:`pilot_record` to :func:`record_path` (commit it to open the gate)."""
    record = pilot_record(spec, results, claims)
    return atomic_write_text(record_path(spec.key, export_root),
                             json.dumps(record, indent=1, sort_keys=True) + "\n")
