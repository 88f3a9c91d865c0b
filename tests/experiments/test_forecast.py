"""Issue 73: the words a claim that is not decided carries (pending, undecided, underpowered), the forecast
of the remaining looks (a bootstrap of the item's runs through the same decision functions) and the plan
that orders looks by the claim decisions they are forecast to buy per core-hour."""

import math
from types import SimpleNamespace

import numpy as np
import pytest

from regretlab.campaign.plan import MIN_DECISIONS_PER_CORE_HOUR, format_plan, planned_look
from regretlab.decisions.claims import Claim
from regretlab.decisions.decide import decide_item
from regretlab.decisions.forecast import FUTILITY, extend_runs


def _spec(repeats: int, protocol: str = "domain"):
    from regretlab.experiments.spec import PAIRED_PROTOCOLS

    return SimpleNamespace(key="X.y", modes={"full": SimpleNamespace(repeats=repeats)}, protocol=protocol,
                           paired=PAIRED_PROTOCOLS[protocol], methods=("A", "B"),
                           problems_of=lambda mode: ("p",))


def _results(shift: float, runs: int, seed: int = 0, runs_b: int | None = None) -> dict:
    """A better than B by ``shift`` standard deviations (larger final f is better), ``runs`` repeats each."""
    rng = np.random.default_rng(seed)
    out = {}
    for method, mean, count in (("A", shift, runs), ("B", 0.0, runs if runs_b is None else runs_b)):
        for r in range(count):
            out[(method, "p", r)] = {"f": np.array([100.0 + mean + rng.normal()]),
                                     "meta": {"optimum_value": 200.0, "run_key": f"{method}{r:03d}"}}
    return out


_CLAIM = Claim("X.y.c1", "X.y", "better", "q", "[X, §1]", "A", ("B",), ("p",), "final_best_f")


def test_extend_runs_keeps_the_runs_made_first_and_copies_only_them():
    """The runs at hand stay the first repeats, untouched; the added ones are copies of the same method's
    own runs on the same problem, their values moved by at most 1e-9 (relative: ties with the original
    broken); one generator state gives the same copies, and extended to 20 with draw_size 20 its first 10
    are those of the extension to 10 (a look's forecast nests in the next)."""
    results = _results(1.0, 5)
    ten = extend_runs(results, 10, np.random.default_rng(1), draw_size=20)
    twenty = extend_runs(results, 20, np.random.default_rng(1), draw_size=20)
    assert len(ten) == 20 and len(twenty) == 40
    for key, record in results.items():
        assert ten[key] is record
    for (method, problem, repeat), record in ten.items():
        # a copy: another run's meta and arrays, its f within 1e-9 (relative) of that run's, not equal
        sources = [results[(method, problem, r)] for r in range(5) if record["meta"] is
                   results[(method, problem, r)]["meta"]]
        assert len(sources) == 1
        assert np.allclose(record["f"], sources[0]["f"], rtol=2e-9, atol=0.0)
        assert repeat < 5 or not np.array_equal(record["f"], sources[0]["f"])
        assert np.array_equal(twenty[(method, problem, repeat)]["f"], record["f"])
    assert extend_runs(results, 10, np.random.default_rng(1)).keys() == ten.keys()


def test_paired_runs_stay_paired_when_extended():
    """Copies are drawn per problem and shared by its methods: added repeat k of A and of B copy the same
    repeat, so a paired (initial-box) design keeps its pairs."""
    results = _results(1.0, 5)
    extended = extend_runs(results, 12, np.random.default_rng(7))
    for repeat in range(5, 12):
        source_a = next(r for r in range(5)
                        if extended[("A", "p", repeat)]["meta"] is results[("A", "p", r)]["meta"])
        source_b = next(r for r in range(5)
                        if extended[("B", "p", repeat)]["meta"] is results[("B", "p", r)]["meta"])
        assert source_a == source_b


def test_a_reading_no_look_has_reached_is_pending_with_a_forecast():
    """5 runs a method, looks (10, 20): no comparison was tested, so the reading is *pending* (not
    'undecided'), the item too; the forecast of a large effect says the next look decides it in most
    draws; the record keeps the run keys it read."""
    decision = decide_item(_spec(20), [_CLAIM], _results(3.0, 5), looks=(10, 20), forecast_draws=20)
    (claim,) = decision.claims
    assert claim.decision == "pending" and decision.verdict == "pending"
    assert claim.comparisons[0].decision == "undecided" and math.isnan(claim.comparisons[0].level)
    assert claim.forecast.next_look == 10 and claim.forecast.at_next >= 0.9
    assert decision.claim_forecasts["X.y.c1"].by_final >= 0.9
    assert decision.run_keys == tuple(sorted(f"{m}{r:03d}" for m in "AB" for r in range(5)))


def test_no_effect_is_underpowered_and_a_clear_one_undecided_with_looks_left():
    """Tested at look 10 of (10, 40): no effect (A and B alike) is forecast to be decided by n = 40 in
    fewer than FUTILITY of the draws: *underpowered*; an effect of 1 sd that look 10 did not decide keeps
    'undecided' (looks left) with a forecast; the same no-effect data at the paper's n (no look left) is
    underpowered without any forecast; without a forecast and with looks left it stays undecided."""
    none = decide_item(_spec(40), [_CLAIM], _results(0.0, 10, seed=3), looks=(10, 40), forecast_draws=20)
    assert none.claims[0].decision == "underpowered" and none.claims[0].forecast.by_final < FUTILITY
    assert none.verdict == "underpowered"
    clear = decide_item(_spec(40), [_CLAIM], _results(1.0, 10, seed=4), looks=(10, 40), forecast_draws=20)
    assert clear.claims[0].comparisons[0].decision == "undecided"
    assert clear.claims[0].decision == "undecided" and clear.claims[0].forecast.by_final >= FUTILITY
    final = decide_item(_spec(10), [_CLAIM], _results(0.0, 10, seed=3), looks=(10,))
    assert final.claims[0].decision == "underpowered" and final.claims[0].forecast is None
    assert decide_item(_spec(40), [_CLAIM], _results(0.0, 10, seed=3), looks=(10, 40)).claims[0].decision \
        == "undecided"


def test_an_undecided_comparison_reports_the_paper_ns_power_over_its_interval():
    """The power of the rank test at the paper's n, at the low end of the effect's interval, the observed
    effect and the high end: ordered, in [0, 1], and below 0.8 where the runs needed exceed the paper's n."""
    decision = decide_item(_spec(10), [_CLAIM], _results(0.3, 10, seed=5), looks=(10,))
    (comparison,) = decision.claims[0].comparisons
    low, observed, high = comparison.paper_power
    assert 0.0 <= low <= observed <= high <= 1.0
    assert comparison.runs_needed > 10 and observed < 0.8


def _record(verdicts_forecasts, next_look=(10, 35, 2.0), taken=(5, 10, 20)):
    look, runs, hours = next_look
    return {"item": "X.y", "looks_taken": list(taken),
            "next_look": {"look": look, "runs": runs, "core_hours": hours, "how": "measured"},
            "claim_verdicts": [{"claim": f"c{i}", "verdict": v, "forecast": f}
                               for i, (v, f) in enumerate(verdicts_forecasts)]}


def _forecast(at_next, by_final):
    return {"next_look": 10, "final": 20, "at_next": at_next, "by_final": by_final,
            "confirmed_by_final": 1.0, "draws": 40}


def test_the_plan_values_a_look_by_the_open_claims_it_is_forecast_to_decide():
    """Only open claims (pending, undecided) count; a decided one adds nothing. 1.5 expected decisions for
    2 core-h is 0.75 per core-hour: run. Claims no look is forecast to decide: below the threshold, not
    run. A look that decides nothing itself but leads to decisions at the paper's n is valued by that (the
    core-hours to it from the next look's price per run). An open claim without a forecast (a pilot to
    make) is run whatever its value."""
    good = planned_look(_record([("undecided", _forecast(0.9, 1.0)), ("pending", _forecast(0.6, 0.9)),
                                 ("confirmed", _forecast(1.0, 1.0))]))
    assert good.expected_decisions == pytest.approx(1.5) and good.open_claims == 2
    # the next look: 1.5 for 2 core-h; to n = 20 (three times the runs from look 5): 1.9 for 6 core-h
    assert good.rate == pytest.approx(0.75) and good.core_hours_final == pytest.approx(6.0)
    assert good.worth_running
    hopeless = planned_look(_record([("undecided", _forecast(0.0, 0.05))], next_look=(10, 35, 5.0)))
    assert hopeless.rate < MIN_DECISIONS_PER_CORE_HOUR and not hopeless.worth_running
    later = planned_look(_record([("undecided", _forecast(0.0, 0.8))], next_look=(10, 35, 1.0)))
    assert later.core_hours_final == pytest.approx(3.0) and later.rate == pytest.approx(0.8 / 3.0)
    pilot = planned_look(_record([("pending", None)], next_look=(5, 35, 50.0)))
    assert pilot.unknown and pilot.worth_running
    assert planned_look({"item": "X.y", "next_look": None}) is None
    table = format_plan([good, hopeless, pilot])
    assert "no (below threshold)" in table and "yes (no forecast yet: a pilot)" in table


def test_headlines_name_substitute_data_and_claims_about_a_stuck_method_say_so():
    """Issue 73.6: an item decided on a data-based substitute says so in its headline (TranThe2020 Fig. 5 on
    the Gisette substitute), an item on the paper's own problems does not; a claim comparing a method the
    repeat check flagged carries the flag beside its verdict, a claim about other methods does not."""
    from regretlab.figures.decisions import _stuck_note, headline, substitutes

    assert substitutes("TranThe2020.fig5") == ["Gisette"] and substitutes("Li2016.table1") == []
    shares = {"TranThe2020/LineBO": 0.52, "TranThe2020/SRE": 0.0}
    record = {"item": "TranThe2020.fig5", "verdict": "not reproduced", "repeat_check": {
        "flagged": ["TranThe2020/LineBO"], "median_share": shares},
        "claims": [{"key": "c1", "claim": "c1", "method": "TranThe2020/MS-UCB", "comparisons": [
            {"method": "TranThe2020/MS-UCB", "other": "TranThe2020/LineBO"}]},
                   {"key": "c2", "claim": "c2", "method": "TranThe2020/MS-UCB", "comparisons": [
                       {"method": "TranThe2020/MS-UCB", "other": "TranThe2020/SRE"}]}]}
    assert headline(record, []) == "not reproduced, on substitute data (for Gisette)"
    assert headline(dict(record, item="Li2016.table1"), []) == "not reproduced"
    assert "possibly stuck (LineBO 52 %" in _stuck_note(record, "c1") and _stuck_note(record, "c2") == ""
