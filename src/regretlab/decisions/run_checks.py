"""Diagnostics beside an item's decisions, not among them: do the runs of different commits differ, does a
method re-query points it knows, and the caveat a decision carries when they do."""

from __future__ import annotations

import numpy as np

from regretlab._validate import check_probability
from regretlab.experiments.record import commit_of, repeat_kinds
from regretlab.experiments.run_meta import RunMeta
from regretlab.experiments.statistics import run_value

from . import compare
from .claims import Claim
from .looks import ALPHA

__all__ = ["STRATIFIED_STATISTICS", "REPEAT_SHARE", "commit_check", "repeat_check", "flagged_shares",
           "commit_caveat"]

#: A method whose runs re-query earlier points for this share of their queries or more (the median over its
#: runs) is flagged beside an item's decisions (:func:`repeat_check`). Not from a paper: chosen because a run
#: that spends a tenth of its budget on points it already knows is one whose model may be stuck (issue 30's
#: centre trap; Li2016's ADD and RPP on Tables 1-2 before 2026-11-27: medians 34-90 %), while a working
#: GP-UCB repeats well under 1 % (Li2016 Table 2's: 0-2 %).
REPEAT_SHARE = 0.10

#: Statistics read within commits (a trend by :func:`compare.trend_p` with ``strata``, two methods on runs
#: of shared commits): a run's time depends on the code that made it (issue 26's speed-ups), its regret does
#: not (a setup change is a new settings fingerprint, its runs stale), so time is compared only between runs
#: of one commit.
STRATIFIED_STATISTICS = ("seconds_per_iteration", "cpu_seconds_per_iteration")


def commit_check(results: dict, claims: list[Claim], alpha: float = ALPHA) -> dict | None:
    """Whether an item's runs made at different commits differ: for each method and problem whose runs
    come from at least two commits with at least 3 runs each, and each statistic the claims test, the
    Kruskal–Wallis p across those commits (:func:`compare.commit_effect_p`), Holm-adjusted over all such
    tests. Returns the number of tests, the smallest adjusted p with where it is, whether it is at or
    below ``alpha`` (a commit effect: the item's evidence mixes runs that differ) and the statistics with
    an adjusted p at or below ``alpha`` (``flagged_statistics``: a claim tested on one carries
    :func:`commit_caveat`); None when no test is
    possible (one commit, or too few runs per commit). A diagnostic beside the decisions, not one of them."""
    statistics = sorted({(c.statistic, c.at) for c in claims}, key=lambda s: (s[0], s[1] or 0))
    cells: dict[tuple[str, str], dict[str, list]] = {}
    for (method, problem, _repeat), record in results.items():
        commit = commit_of(record)
        cells.setdefault((method, problem), {}).setdefault(commit, []).append(record)
    tests = []
    for (method, problem), by_commit in sorted(cells.items()):
        groups = [records for records in by_commit.values() if len(records) >= 3]
        if len(groups) < 2:
            continue
        for statistic, at in statistics:
            values = [[run_value(r, statistic, at) for r in records] for records in groups]
            if all(np.all(np.isfinite(v)) for v in values):
                tests.append((compare.commit_effect_p(values), method, problem, statistic, len(groups)))
    if not tests:
        return None
    adjusted = compare.holm([t[0] for t in tests])
    i = int(np.argmin(adjusted))
    flagged = sorted({t[3] for t, p in zip(tests, adjusted, strict=True) if p <= alpha})
    return {"tests": len(tests), "smallest_holm_p": float(adjusted[i]), "method": tests[i][1],
            "problem": tests[i][2], "statistic": tests[i][3], "commits": tests[i][4], "alpha": alpha,
            "effect": bool(adjusted[i] <= alpha), "flagged_statistics": flagged}


def repeat_check(results: dict, level: float = REPEAT_SHARE) -> dict | None:
    """How much each method re-queries points it has already evaluated: per method, the median over its runs
    of the share of a run's queries equal to an earlier query of the run (``repeated_queries`` of the run
    record over its queries), and the methods whose median share is ``level`` or more (``flagged``: their
    model may be stuck, so a claim about them may be about the trap rather than the method). None when no
    run records the count. A diagnostic beside the decisions, not one of them."""
    level = check_probability("level", level)
    shares: dict[str, list[float]] = {}
    kinds: dict[str, np.ndarray] = {}
    for (method, _problem, _repeat), record in results.items():
        meta = RunMeta.of(record)
        repeated, budget = meta.repeated_queries, meta.budget
        if repeated is None or not budget:
            continue
        shares.setdefault(method, []).append(float(repeated) / float(budget))
        counted = repeat_kinds(record)
        if counted is not None:
            kinds[method] = kinds.get(method, np.zeros(3, dtype=int)) + counted
    if not shares:
        return None
    medians = {m: float(np.median(v)) for m, v in sorted(shares.items())}
    return {"level": level, "median_share": medians, "runs": {m: len(v) for m, v in sorted(shares.items())},
            "flagged": sorted((m for m, share in medians.items() if share >= level),
                              key=lambda m: -medians[m]),
            "kinds": {m: dict(zip(("repeats", "on_boundary", "best_so_far"), map(int, k), strict=True))
                      for m, k in sorted(kinds.items())}}


def flagged_shares(check: dict | None, name=str) -> str:
    """``'A 12 %, B 30 %'``: the methods :func:`repeat_check` flagged with their median shares of repeated
    queries, each method spelled by ``name`` (the report's display name, the terminal's short one), or ''.
    The one spelling of the flag the report, the comparison table and the terminal share."""
    if not check or not check.get("flagged"):
        return ""
    unknown = [m for m in check["flagged"] if m not in check.get("median_share", {})]
    if unknown:
        raise ValueError(f"check flags {unknown} without a median_share: check must be repeat_check()'s "
                         "result")
    return ", ".join(f"{name(m)} {100 * check['median_share'][m]:.0f} %{_kinds_text(check, m)}"
                     for m in check["flagged"])


def _kinds_text(check: dict, method: str) -> str:
    """' (of the 120 repeats in runs that keep their queries: 97 % on the search box's boundary, 80 % the
    best point observed before)' for a method :func:`repeat_check` classified, else ''."""
    k = check.get("kinds", {}).get(method)
    if not k or not k["repeats"]:
        return ""
    return (f" (of the {k['repeats']} repeats in runs that keep their queries: "
            f"{100 * k['on_boundary'] / k['repeats']:.0f} % on the search box's boundary, "
            f"{100 * k['best_so_far'] / k['repeats']:.0f} % the best point observed before)")


def commit_caveat(check: dict | None, statistic: str) -> str:
    """'' or the caveat a claim's decision carries when the commit check found its runs of different commits
    to differ on the claim's own statistic (the decision may reflect the code versions as much as the
    methods: a timing claim whose arms were run at commits with different speed-ups)."""
    if not check or statistic not in check.get("flagged_statistics", ()):
        return ""
    caveat = "its statistic differs between the commits of its runs"
    if statistic in STRATIFIED_STATISTICS:
        caveat += "; it is compared within commits"
    return caveat
