"""Which looks to run next: each item's next look priced (core-hours) and valued (the claims it is forecast
to decide), ordered by decisions per core-hour (``regretlab decide --plan``).

The value of a look is the sum, over the item's paper's claims that are still open (pending or undecided),
of the forecast chance that the look decides the claim (:mod:`regretlab.decisions.forecast`); its price is
the next look's core-hours (:func:`regretlab.campaign.sequential.next_look`: measured from archived twins
where they exist). A look that decides little by itself but opens the way to the paper's n (Holm levels that
only the last look reaches) is valued by the rest of the plan too: the claims decided by the paper's n over
the price of every look up to it (the next look's price per run, times the runs to the paper's n).
A look worth fewer than :data:`MIN_DECISIONS_PER_CORE_HOUR` is not run by ``decide
--run``: stopping a plan early cannot raise an item's error rate (a look not taken spends nothing), and the
claims it would have served keep their word (*undecided* with their forecast, or *underpowered* once no
look can decide them), never a verdict.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from regretlab._io import EXPORT_ROOT

__all__ = ["PlannedLook", "MIN_DECISIONS_PER_CORE_HOUR", "planned_look", "plan", "format_plan", "look_value"]

#: Looks forecast to decide fewer claims than this per core-hour are not run (0.1: one claim per 10
#: core-hours, about a session of two cores for five hours; Li2016 Tables 1, 4 and 5 came out at 0.03-0.09
#: in the audit that set this; not a paper's value).
MIN_DECISIONS_PER_CORE_HOUR = 0.1

_OPEN = ("pending", "undecided")


@dataclass(frozen=True)
class PlannedLook:
    """One item's next look: its runs a method, runs to compute, price, and the claims it may decide."""

    item: str
    look: int
    runs: int
    core_hours: float
    expected_decisions: float
    open_claims: int
    how: str = ""
    #: an open claim has no forecast (a planned method or problem without a run yet: a pilot to make):
    #: the look's value is unknown, and it is run
    unknown: bool = False
    #: the expected claim decisions by the paper's run count, and the core-hours of every look up to it
    expected_final: float = 0.0
    core_hours_final: float = 0.0

    @property
    def rate(self) -> float:
        """Expected claim decisions per core-hour: of the next look, or of every look to the paper's n,
        whichever is more (inf for a look that costs nothing)."""
        if self.core_hours <= 0:
            return math.inf
        rest = self.expected_final / self.core_hours_final if self.core_hours_final > 0 else 0.0
        return max(self.expected_decisions / self.core_hours, rest)

    @property
    def worth_running(self) -> bool:
        return self.unknown or self.rate >= MIN_DECISIONS_PER_CORE_HOUR


def look_value(item: str, look: int, runs: int, core_hours: float, how: str, claim_verdicts,
               taken) -> PlannedLook:
    """The :class:`PlannedLook` of an item's next look (``look`` runs a method, ``runs`` runs to compute,
    ``core_hours``), valued from ``(verdict, forecast record or None)`` pairs, one per paper's claim;
    ``taken`` the item's planned looks (the last one the paper's run count)."""
    expected = final = 0.0
    open_, unknown = 0, False
    for verdict, forecast in claim_verdicts:
        if verdict in _OPEN:
            open_ += 1
            expected += forecast["at_next"] if forecast else 0.0
            final += forecast["by_final"] if forecast else 0.0
            unknown = unknown or forecast is None
    taken = [int(x) for x in taken] or [look]
    before = max((x for x in taken if x < look), default=0)
    # the runs to the paper's n, priced at the next look's price per run (the same methods, more repeats)
    scale = (taken[-1] - before) / max(1, look - before)
    return PlannedLook(item, look, runs, core_hours, expected, open_, how, unknown, final,
                       core_hours * max(1.0, scale))


def planned_look(record: dict) -> PlannedLook | None:
    """The next look of a decision record (``decisions/<item>.json``), or None when it has none."""
    nl = record.get("next_look")
    if not nl:
        return None
    return look_value(record["item"], nl["look"], nl["runs"], nl["core_hours"], nl.get("how", ""),
                      ((g["verdict"], g.get("forecast")) for g in record.get("claim_verdicts", [])),
                      record.get("looks_taken") or record.get("looks") or [])


def plan(export_root=EXPORT_ROOT) -> list[PlannedLook]:
    """Every item's next look from the decision records under ``export_root``, the most decisions per
    core-hour first (ties: the cheaper first, then by item)."""
    folder = Path(export_root) / "decisions"
    if not folder.is_dir():
        raise ValueError(f"export_root={str(export_root)!r} has no decisions/ folder: decide first "
                         "(`regretlab decide`), or give the export folder that holds them")
    looks = [planned_look(json.loads(path.read_text(encoding="utf-8")))
             for path in sorted(folder.glob("*.json"))]
    return sorted((x for x in looks if x is not None), key=lambda x: (-x.rate, x.core_hours, x.item))


def format_plan(looks: list[PlannedLook]) -> str:
    """The plan as a table, with the running totals and the threshold below which a look is not run."""
    lines = [f"{'item':<40} {'look':>4} {'runs':>5} {'core-h':>7} {'decisions':>9} {'to paper n':>10} "
             f"{'per core-h':>10}  run?", "-" * 99]
    hours = decisions = 0.0
    for x in looks:
        if x.worth_running:
            hours, decisions = hours + x.core_hours, decisions + x.expected_decisions
        lines.append(f"{x.item:<40} {x.look:>4} {x.runs:>5} {x.core_hours:>7.2f} "
                     f"{x.expected_decisions:>5.1f}/{x.open_claims:<3} {x.expected_final:>4.1f} "
                     f"/{x.core_hours_final:>5.1f}h {x.rate:>10.2f}  "
                     + ("yes (no forecast yet: a pilot)" if x.unknown else
                        "yes" if x.worth_running else "no (below threshold)"))
    lines.append(f"worth running: {decisions:.1f} expected claim decisions at their next looks for "
                 f"{hours:.1f} core-h (threshold {MIN_DECISIONS_PER_CORE_HOUR:g} decisions per core-hour, of "
                 "the next look or of every look to the paper's n; 'decisions': the forecast expected number "
                 "of the item's open claims its next look decides / open claims; 'to paper n': those decided "
                 "by the paper's run count / the core-hours to it)")
    return "\n".join(lines)
