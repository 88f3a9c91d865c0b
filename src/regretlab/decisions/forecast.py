"""What the remaining looks of an item can still decide (step 6 of :mod:`regretlab.decisions.decide`): a
bootstrap of the item's own runs carried through the same decision functions.

For each draw, every (method, problem) short of a look gets the missing repeats as copies of its own runs
drawn with replacement (one draw of repeats per problem, shared by its methods, so a paired design stays
paired); the item is then decided again, exactly as :func:`regretlab.decisions.decide.decide_item` decides
it (the same looks, levels, Holm family, margins and quantifiers), once with the runs extended to the next
planned look and once to the paper's run count. The share of draws in which a reading (a paper's claim) is
decided is the forecast chance that the next look, or the rest of the plan, decides it. The runs already made
are never resampled: they stay the first ones of every draw, so what they decided stays decided.

A copy's values ``f`` are multiplied by :math:`1+10^{-9}u`, ``u`` uniform in [-1, 1] (a smoothed bootstrap
with negligible noise): without it every copy ties with its original, the rank tests then take their exact
*conditional* path on every draw (a dynamic programme per test: Li2016 Table 1's forecast took minutes), and
the forecast would be about tied data the runs never produce. Exact zeros stay zeros, so a saturated
statistic keeps its ties. Timing statistics (read from a run's CPU seconds) are copied as they are.

The forecast is an estimate of power at the *observed* effect (a plug-in: the runs at hand are taken as the
population), the planning quantity Colas et al. recommend [Colas2018]; it is not a decision, and spends none
of the item's error rate. From a pilot of 5 runs a method it is optimistic where the observed effect is
noisy: 5 values resampled look more alike than 5 new runs would (its first checks against outcomes, issue
73's looks, are in the commit log: Kandasamy2015 Fig. 4 D = 120 1.0 expected, 1 made; Fig. 3 D = 10 'code'
0.1, 0; D = 24 'code' 0.9, 1). It decides two things only: which looks are worth their price (``regretlab
decide --plan``), and when an undecided reading is beyond the paper's power (:data:`FUTILITY`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from regretlab._rng import stream

__all__ = ["Forecast", "FORECAST_DRAWS", "FUTILITY", "extend_runs", "forecast_item"]

#: Bootstrap draws per forecast: a chance of 0 or 1 in 40 draws has a 95 % upper (lower) bound of about
#: 0.09 (0.91) (Clopper–Pearson), enough to order looks by price and to tell "hopeless" from "likely"; more
#: draws cost time on every decision (not stated by the papers; chosen for that).
FORECAST_DRAWS = 40
#: Below this forecast chance that the paper's run count decides a reading, the reading is *underpowered*
#: (beyond the paper's power) and its remaining looks are not worth running: fewer than 1 draw in 10.
FUTILITY = 0.1


@dataclass(frozen=True)
class Forecast:
    """Forecast chances for one reading (or one paper's claim): decided at the next look (``next_look``
    runs a method), and decided by the paper's run count ``final``, over ``draws`` bootstrap draws; with the
    share confirmed among the draws that decide by the paper's n."""

    next_look: int | None
    final: int
    at_next: float
    by_final: float
    confirmed_by_final: float
    draws: int

    def to_record(self) -> dict:
        return {"next_look": self.next_look, "final": self.final, "at_next": round(self.at_next, 4),
                "by_final": round(self.by_final, 4), "confirmed_by_final": round(self.confirmed_by_final, 4),
                "draws": self.draws}


#: The relative size of the noise that breaks a copy's ties with its original (module docstring).
JITTER = 1e-9


def _copy_of(record: dict, u: float) -> dict:
    """A shallow copy of a run record whose ``f`` is multiplied by ``1 + JITTER * u``."""
    return {**record, "f": np.asarray(record["f"], dtype=float) * (1.0 + JITTER * u)}


def extend_runs(results: dict, runs_per_method: int, rng: np.random.Generator, *, draw_size: int = 0) -> dict:
    """``results`` ((method, problem, repeat) -> record) with every (method, problem) that has at least one
    run and fewer than ``runs_per_method`` filled up to that many by copies of its own runs, drawn with
    replacement; the added repeats are numbered after its last one. The draws are made per problem and
    shared by its methods (repeat ``k`` of every method copies the same position among its own runs), so
    methods that pair by repeat stay paired. ``draw_size`` (at least ``runs_per_method``) fixes how many
    draws a problem takes from ``rng``, so that one generator state extended to a larger count keeps the
    smaller count's copies as its first ones. A copy shares its original's arrays but ``f``, which it
    holds multiplied by ``1 + JITTER * u`` (module docstring)."""
    by_cell: dict[tuple[str, str], list[int]] = {}
    for method, problem, repeat in results:
        by_cell.setdefault((method, problem), []).append(repeat)
    problems = sorted({problem for _, problem in by_cell})
    size = max(runs_per_method, draw_size)
    draws = {problem: rng.integers(0, 2**31, size=size) for problem in problems}
    jitter = {cell: rng.uniform(-1.0, 1.0, size=size) for cell in sorted(by_cell)}
    out = dict(results)
    for (method, problem), repeats in sorted(by_cell.items()):
        repeats = sorted(repeats)
        for extra in range(len(repeats), runs_per_method):
            source = repeats[int(draws[problem][extra] % len(repeats))]
            added = repeats[-1] + 1 + extra - len(repeats)
            out[(method, problem, added)] = _copy_of(results[(method, problem, source)],
                                                     float(jitter[(method, problem)][extra]))
    return out


def forecast_item(decide_readings, results: dict, *, looks, next_look: int | None, key: str,
                  draws: int = FORECAST_DRAWS) -> dict[str, Forecast]:
    """Forecast chances for every reading key and every paper's claim key of an item.

    ``decide_readings(results)`` decides the item on ``results`` and returns ``{key: decision}`` for every
    reading key and every claim key (the decision over its readings); ``looks`` are the planned looks (the
    last one the paper's run count); ``next_look`` the next look's runs a method (None: no look left, every
    chance 0). The draws come from one stream named by the item ``key``: the same runs give the same
    forecast."""
    final = int(looks[-1])
    if next_look is None or not results:
        return {}
    generator = np.random.Generator(np.random.PCG64(stream(0, "forecast", key)))
    at_next: dict[str, int] = {}
    by_final: dict[str, int] = {}
    confirmed: dict[str, int] = {}
    for _ in range(draws):
        draw = generator.integers(0, 2**63 - 1)
        # one draw of copies, read to the next look and to the paper's n: the far runs extend the near ones
        near = decide_readings(extend_runs(results, next_look, np.random.default_rng(draw), draw_size=final))
        far = decide_readings(extend_runs(results, final, np.random.default_rng(draw), draw_size=final))
        for name, decision in near.items():
            at_next[name] = at_next.get(name, 0) + _decided(decision)
        for name, decision in far.items():
            by_final[name] = by_final.get(name, 0) + _decided(decision)
            confirmed[name] = confirmed.get(name, 0) + (decision == "confirmed")
    return {name: Forecast(next_look, final, at_next.get(name, 0) / draws, by_final[name] / draws,
                           confirmed[name] / max(1, by_final[name]), draws) for name in by_final}


def _decided(decision: str) -> bool:
    return decision in ("confirmed", "refuted", "reading-dependent")
