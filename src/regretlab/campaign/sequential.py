"""``regretlab decide ITEM --run``: add runs in planned looks until the item's claims are decided or the
budget is spent (the procedure is :mod:`regretlab.decisions.decide`'s).

At each look it decides from the runs at hand; if claims are still undecided it runs the next look's
repeats for the methods of the undecided comparisons only (a run's seeds do not depend on how many repeats
are asked for, so a look extends the previous one), and stops cleanly at a look boundary when the next look
would exceed ``budget_hours`` (estimated from the CPU seconds the finished runs recorded). Runs from a tree
with uncommitted changes are refused unless ``allow_dirty`` (then every report says so).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace

from regretlab._io import EXPORT_ROOT, git_commit
from regretlab.decisions.claims import claims_of
from regretlab.decisions.decide import decide_item
from regretlab.decisions.forecast import FORECAST_DRAWS
from regretlab.decisions.looks import plan_looks
from regretlab.decisions.preregister import PILOT_RUNS, held_back, printed_check
from regretlab.decisions.verdicts import ItemDecision
from regretlab.diagnoses.diagnosis import diagnose
from regretlab.experiments import registry, runner, store
from regretlab.experiments.aggregate import load_results

from . import archive
from . import cost as pricing  # module attributes: a test may replace cost.run_prices
from .gaps import study_results
from .plan import MIN_DECISIONS_PER_CORE_HOUR, PlannedLook, look_value

__all__ = ["source_of", "decide_from_runs", "run_until_decided", "run_items_until_decided", "still_needed",
           "next_look", "NextLook"]


def source_of(key: str):
    """The spec whose runs ``key`` reads (:func:`regretlab.experiments.registry.source`)."""
    return registry.source(key)


def decide_from_runs(key: str, out="results", export_root=EXPORT_ROOT) -> ItemDecision:
    """Decide ``key``'s claims from the finished full-mode runs in ``out`` (its archived runs restored
    first, and only its), with the forecast of its remaining looks (:mod:`regretlab.decisions.forecast`)."""
    spec = source_of(key)
    archive.restore(out, export_root, runs=spec.runs("full"))
    results = load_results(spec, "full", out)
    decision = decide_item(spec, claims_of(key), results, "full", forecast_draws=FORECAST_DRAWS)
    printed = printed_check(spec, results)
    # a new record with the measured diagnoses beside it: the decision decide_item returned is not changed
    gap_results = study_results(key, out, export_root)   # the item's printed-number gap pilots, if any
    return replace(decision, diagnosis=diagnose(spec, results, export_root, gap_results),
                   printed=printed if isinstance(printed, dict) and printed["cells"] else None)


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
    #: The runs to compute (:class:`regretlab.experiments.spec.Run`), in the spec's order.
    todo: tuple = ()

    def describe(self) -> str:
        if self.look is None:
            return "no look left: every comparison is decided or the paper's run count is reached"
        return (f"the next look (n = {self.look} per method) needs {self.runs} more runs, "
                f"~{self.core_hours:.2f} core-h ({self.how}{'; ' + self.hint if self.hint else ''})")


def next_look(decision: ItemDecision, out="results", export_root=EXPORT_ROOT) -> NextLook:
    """The next look of ``decision``'s item and its cost (:class:`NextLook`)."""

    spec = source_of(decision.item)
    waiting = held_back(spec, export_root)   # a setup reading's proposed methods before its registration
    methods = _undecided_methods(decision) - waiting
    looks = plan_looks(spec.modes["full"].repeats)
    if waiting:   # only the baselines' pilot until the registration is committed
        looks = (min(PILOT_RUNS, spec.modes["full"].repeats),)
    todo, look = [], None
    for look in looks if methods else ():
        todo = [r for r in spec.runs("full")
                if r.repeat < look and r.method in methods and not store.finished(out, r)]
        if todo:
            break
    if not todo:
        return NextLook(None, 0, 0.0, "")
    seconds, how = pricing.price(todo, export_root, seconds_per_evaluation=spec.seconds_per_evaluation)
    if how != pricing.PRICE_SOURCES[-1]:   # measured, calibrated or fitted: not the spec's guess
        return NextLook(look, len(todo), seconds / 3600.0, how, todo=tuple(todo))
    finished = sum(decision.runs.values())
    if finished:
        return NextLook(look, len(todo), decision.core_hours / finished * len(todo), "finished runs",
                        todo=tuple(todo))
    per_run = spec.cost_core_hours("full") / max(1, len(spec.runs("full")))
    # The spec's guess can be several times off (TranThe2020 Fig. 4: 8.3 core-h for a look its calibration
    # prices at 1.8), and --budget-hours stops on it: say where the better prices would have been read.
    hint = (f"no archived runs or calibration of it under {export_root}: "
            f"`regretlab reproduce {decision.item} --calibrate --export-dir {export_root}` measures one")
    return NextLook(look, len(todo), per_run * len(todo), "spec estimate", hint, tuple(todo))


def _look_value(decision: ItemDecision, cost: NextLook) -> PlannedLook:
    """The next look of ``decision``'s item, priced (``cost``) and valued by its claims' forecasts."""
    return look_value(
        decision.item, cost.look or 0, cost.runs, cost.core_hours, cost.how,
        ((verdict, decision.claim_forecasts[key].to_record() if key in decision.claim_forecasts else None)
         for key, _, verdict in decision.readings()), decision.taken)


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
    export_root=EXPORT_ROOT,
    jobs: int = 1,
    budget_hours: float = float("inf"),
    allow_dirty: bool = False,
    echo=print,
) -> ItemDecision:
    """Run looks until decided or out of budget; returns the last decision (one item of
    :func:`run_items_until_decided`)."""
    return run_items_until_decided([key], out=out, export_root=export_root, jobs=jobs,
                                   budget_hours=budget_hours, allow_dirty=allow_dirty, echo=echo)[key]


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


def run_items_until_decided(
    keys,
    *,
    out="results",
    export_root=EXPORT_ROOT,
    jobs: int = 1,
    budget_hours: float = float("inf"),
    allow_dirty: bool = False,
    echo=print,
    every_look: bool = False,
) -> dict:
    """:func:`run_until_decided` for several items at once; returns ``{key: its last decision}``.

    A look whose forecast value is below :data:`regretlab.campaign.plan.MIN_DECISIONS_PER_CORE_HOUR`
    expected claim decisions per core-hour is not run (the item stops at that look boundary, saying so)
    unless ``every_look``: stopping early cannot raise the error rate, and its claims keep their words.

    Each round takes every item's next look that fits in what is left of ``budget_hours`` (in the order of
    ``keys``; an item whose look does not fit stops at its look boundary, saying so), runs all their runs in
    one pool (:func:`regretlab.experiments.runner.run_tasks`), costliest first by their prices
    (:func:`regretlab.campaign.cost.run_prices`: with ``jobs`` > 1 the pool ends on short runs instead of
    one long one while the other cores idle), a run two items share computed once, and decides each item
    again. The looks, the runs and the decisions are the ones :func:`run_until_decided` would reach item by
    item; only the order of computing differs, and a run's result does not depend on it."""

    commit = git_commit()
    if not allow_dirty and (commit is None or commit.endswith("+dirty")):
        raise ValueError(
            f"the checkout is {commit!r}: runs for a decision must come from a committed tree "
            "(commit first, or pass allow_dirty=True / --allow-dirty to mark them)"
        )
    keys = list(dict.fromkeys(keys))
    decisions = {key: decide_from_runs(key, out, export_root) for key in keys}
    active, spent = list(keys), 0.0
    while active:
        batch, planned = [], 0.0
        for key in list(active):
            cost = next_look(decisions[key], out, export_root)
            value = _look_value(decisions[key], cost)
            if cost.look is None:
                active.remove(key)
            elif not every_look and not value.worth_running:
                echo(f"{key}: {cost.describe()}; forecast {value.expected_decisions:.1f} of its "
                     f"{value.open_claims} open claims decided there, {value.rate:.2f} per core-h, below "
                     f"{MIN_DECISIONS_PER_CORE_HOUR:g}: not run (--every-look runs it)")
                active.remove(key)
            elif spent + planned + cost.core_hours > budget_hours:
                echo(f"{key}: {cost.describe()}; budget {budget_hours:.2f} core-h ({spent:.2f} spent, "
                     f"{planned:.2f} planned this round): stopping at this look boundary")
                active.remove(key)
            else:
                batch.append((key, cost))
                planned += cost.core_hours
        if not batch:
            break
        tasks = []
        for key, cost in batch:
            spec = source_of(key)
            prices = pricing.run_prices(cost.todo, export_root,
                                        seconds_per_evaluation=spec.seconds_per_evaluation)
            tasks += [(-seconds, spec, run) for seconds, run in zip(prices, cost.todo, strict=True)]
        # costliest first; ties keep the items' and the spec's order (sorted is stable)
        tasks = sorted(tasks, key=lambda task: task[0])
        start = time.process_time()
        reports = runner.run_tasks([(spec, run) for _, spec, run in tasks], out=out, jobs=jobs,
                                   prices=[-minus for minus, _, _ in tasks])
        computed = {run_id for report in reports.values() for run_id in report.computed}
        planned_per_run = {run.run_id: cost.core_hours / max(1, cost.runs) for _, cost in batch
                           for run in cost.todo}
        spent += ((time.process_time() - start) / 3600.0 if jobs == 1
                  else sum(planned_per_run[run_id] for run_id in computed))
        for key, cost in batch:
            decisions[key] = decide_from_runs(key, out, export_root)
            done = sum(1 for run in cost.todo if run.run_id in computed)
            counts = decisions[key].counts()
            per_run = decisions[key].core_hours / max(1, sum(decisions[key].runs.values()))
            needed, hours = still_needed(decisions[key], per_run)
            echo(f"{key}: look n = {cost.look}: {done} of its {cost.runs} runs computed ({spent:.2f} core-h "
                 f"spent in all); claims confirmed {counts['confirmed']}, refuted {counts['refuted']}, "
                 f"reading-dependent {counts['reading-dependent']}, undecided {counts['undecided']}; "
                 f"verdict {decisions[key].verdict}; "
                 + ("no comparison left undecided" if needed == "none" else
                    f"the undecided comparisons would need up to {needed} runs per method at their "
                    f"observed effects (~{hours:.1f} core-h more)"))
            if not done:  # every run of the look failed: stop rather than retry for ever
                echo(f"{key}: no run of look n = {cost.look} finished: stopping")
                active.remove(key)
    return decisions
