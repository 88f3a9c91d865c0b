"""``regretlab decide ITEM --run``: add runs in planned looks until the item's claims are decided or the
budget is spent (the procedure is :mod:`regretlab.experiments.decide`'s).

At each look it decides from the runs at hand; if claims are still undecided it runs the next look's
repeats for the methods of the undecided comparisons only (a run's seeds do not depend on how many repeats
are asked for, so a look extends the previous one), and stops cleanly at a look boundary when the next look
would exceed ``budget_hours`` (estimated from the CPU seconds the finished runs recorded). Runs from a tree
with uncommitted changes are refused unless ``allow_dirty`` (then every report says so).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from regretlab._io import git_commit

from . import archive, registry, store
from .aggregate import load_results
from .claims import claims_of
from .decide import ItemDecision, decide_item, plan_looks
from .runner import run_spec

__all__ = ["source_of", "decide_from_runs", "run_until_decided", "still_needed", "next_look", "NextLook"]


def source_of(key: str):
    """The spec whose runs ``key`` reads (:func:`regretlab.experiments.registry.source`)."""
    return registry.source(key)


def decide_from_runs(key: str, out="results", export_root="paper_figures") -> ItemDecision:
    """Decide ``key``'s claims from the finished full-mode runs in ``out`` (archived runs restored first)."""
    archive.restore(out, export_root)
    spec = source_of(key)
    results = load_results(spec, "full", out)
    return decide_item(spec, claims_of(key), results, "full")


@dataclass(frozen=True)
class NextLook:
    """What the next planned look of an item costs: its run count per method, the runs still to compute
    (undecided comparisons' methods only), and their core-hours, ``measured`` when every one of those runs
    has an archived twin with recorded CPU time (else the finished runs' mean, else the spec's guess)."""

    look: int | None
    runs: int
    core_hours: float
    how: str  # "measured", "finished runs" or "spec estimate"
    #: What would price it better (with a spec estimate: where no archive or calibration was found).
    hint: str = ""

    def describe(self) -> str:
        if self.look is None:
            return "no look left: every comparison is decided or the paper's run count is reached"
        return (f"the next look (n = {self.look} per method) needs {self.runs} more runs, "
                f"~{self.core_hours:.2f} core-h ({self.how}{'; ' + self.hint if self.hint else ''})")


def next_look(decision: ItemDecision, out="results", export_root="paper_figures") -> NextLook:
    """The next look of ``decision``'s item and its cost (:class:`NextLook`)."""
    from .cost import PRICE_SOURCES, price

    spec = source_of(decision.item)
    methods = _undecided_methods(decision)
    todo, look = [], None
    for look in plan_looks(spec.modes["full"].repeats) if methods else ():
        todo = [r for r in spec.runs("full")
                if r.repeat < look and r.method in methods and not store.finished(out, r)]
        if todo:
            break
    if not todo:
        return NextLook(None, 0, 0.0, "")
    seconds, how = price(todo, export_root, seconds_per_evaluation=spec.seconds_per_evaluation)
    if how != PRICE_SOURCES[-1]:   # measured, calibrated or fitted: not the spec's guess
        return NextLook(look, len(todo), seconds / 3600.0, how)
    finished = sum(decision.runs.values())
    if finished:
        return NextLook(look, len(todo), decision.core_hours / finished * len(todo), "finished runs")
    per_run = spec.cost_core_hours("full") / max(1, len(spec.runs("full")))
    # The spec's guess can be several times off (TranThe2020 Fig. 4: 8.3 core-h for a look its calibration
    # prices at 1.8), and --budget-hours stops on it: say where the better prices would have been read.
    hint = (f"no archived runs or calibration of it under {export_root}: "
            f"`regretlab reproduce {decision.item} --calibrate --export-dir {export_root}` measures one")
    return NextLook(look, len(todo), per_run * len(todo), "spec estimate", hint)


def _undecided_methods(decision: ItemDecision) -> set[str]:
    methods = set()
    for claim in decision.claims:
        for comparison in claim.comparisons:
            if comparison.decision == "undecided":
                methods.update(comparison.methods)
    return methods


def run_until_decided(
    key: str,
    *,
    out="results",
    export_root="paper_figures",
    jobs: int = 1,
    budget_hours: float = float("inf"),
    allow_dirty: bool = False,
    echo=print,
) -> ItemDecision:
    """Run looks until decided or out of budget; returns the last decision."""
    commit = git_commit()
    if not allow_dirty and (commit is None or commit.endswith("+dirty")):
        raise ValueError(
            f"the checkout is {commit!r}: runs for a decision must come from a committed tree "
            "(commit first, or pass allow_dirty=True / --allow-dirty to mark them)"
        )
    spec = source_of(key)
    spent = 0.0
    decision = decide_from_runs(key, out, export_root)
    while True:
        cost = next_look(decision, out, export_root)
        if cost.look is None:
            break
        if spent + cost.core_hours > budget_hours:
            echo(f"{key}: {cost.describe()}; budget {budget_hours:.2f} core-h ({spent:.2f} spent): stopping "
                 "at this look boundary")
            break
        start = time.process_time()
        report = run_spec(spec, "full", out=out, jobs=jobs, repeats=cost.look,
                          methods=sorted(_undecided_methods(decision)))
        per_planned = cost.core_hours / max(1, cost.runs)
        spent += (time.process_time() - start) / 3600.0 if jobs == 1 else per_planned * len(report.computed)
        decision = decide_from_runs(key, out, export_root)
        counts = decision.counts()
        per_run = decision.core_hours / max(1, sum(decision.runs.values()))
        needed, hours = still_needed(decision, per_run)
        echo(
            f"{key}: look n = {cost.look}: {len(report.computed)} runs computed ({spent:.2f} core-h spent); "
            f"claims confirmed {counts['confirmed']}, refuted {counts['refuted']}, undecided "
            f"{counts['undecided']}; verdict {decision.verdict}; the undecided comparisons would need up to "
            f"{needed} runs per method at their observed effects (~{hours:.1f} core-h more)"
        )
        if not report.computed:  # every run of the look failed: stop rather than retry for ever
            echo(f"{key}: no run of look n = {cost.look} finished ({len(report.failed)} failed): stopping")
            break
    return decision


def still_needed(decision: ItemDecision, per_run_hours: float) -> tuple[str, float]:
    """The largest number of runs per method an undecided comparison needs at its observed effect (as
    text: a number, '> 1000' or 'none'), and the core-hours to bring every method of the undecided
    comparisons there (capped at 1000 runs a method; a comparison with no effect needs none it can use)."""
    per_method: dict[str, float] = {}
    largest = 0.0
    for claim in decision.claims:
        for c in claim.comparisons:
            if c.decision != "undecided" or c.runs_needed is None or not math.isfinite(c.runs_needed):
                continue
            wanted = min(c.runs_needed, 1000.0)
            largest = max(largest, c.runs_needed)
            for method in c.methods:
                # from the runs the estimate was read from, not the look's n: runs beyond the look count
                have = min(c.used if any(c.used) else c.n)
                per_method[method] = max(per_method.get(method, 0.0), wanted - have)
    hours = sum(max(0.0, extra) for extra in per_method.values()) * per_run_hours
    text = "none" if not per_method else ("> 1000" if largest > 1000 else f"{math.ceil(largest)}")
    return text, hours
