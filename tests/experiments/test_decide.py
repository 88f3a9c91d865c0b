"""The sequential decision procedure (regretlab.decisions.decide, with its looks, verdicts and run checks), on
data with a known answer: simulated studies for its false-decision rate (at most 5 % plus three Monte Carlo
standard errors over a thousand null studies) and its power (a true difference of the size the papers claim
confirmed at the planned n in at least 80 % of studies), the quantifiers, the readings, the commit and repeat
checks. Fixed seeds throughout."""

import math

import numpy as np
import pytest

from regretlab.decisions import compare
from regretlab.decisions.claims import CLAIMS, Claim
from regretlab.decisions.decide import Comparison, decide_comparisons
from regretlab.decisions.verdicts import claim_decision, item_verdict


def _stub_spec(repeats: int, protocol: str = "domain", methods=("A", "B"), problems=("p",)):
    """A stand-in for a Spec with what decide_item reads: its key, the full mode's repeats, the protocol with
    whether it pairs, and the methods × problems it runs."""
    from types import SimpleNamespace

    from regretlab.experiments.spec import PAIRED_PROTOCOLS

    return SimpleNamespace(key="X.y", modes={"full": SimpleNamespace(repeats=repeats)}, protocol=protocol,
                           paired=PAIRED_PROTOCOLS[protocol], methods=tuple(methods),
                           problems_of=lambda mode: tuple(problems))


def _simulate(effect: float, n_studies: int, looks=(5, 10, 20, 30), seed=0, kind="better", paired=True):
    """Studies of 3 comparisons each with normal values; returns the share of studies with any false
    decision, and the share in which every comparison was confirmed."""
    rng = np.random.default_rng(seed)
    false, all_confirmed = 0, 0
    for _ in range(n_studies):
        comparisons, data = [], {}
        for i in range(3):
            b = rng.normal(size=looks[-1])
            a = b + rng.normal(size=looks[-1]) + effect   # paired differences ~ N(effect, 1)
            data[i] = (a, b)
            comparisons.append(Comparison("sim", kind, "A", f"B{i}", "P", paired))
        decide_comparisons(comparisons, data, looks, describe=False)
        decisions = [c.decision for c in comparisons]
        if effect == 0.0:
            false += any(d != "undecided" for d in decisions)
        else:
            false += any(d == "refuted" for d in decisions)
        all_confirmed += all(d == "confirmed" for d in decisions)
    return false / n_studies, all_confirmed / n_studies


def test_the_sequential_procedure_keeps_its_false_decision_rate_under_the_null():
    """A thousand null studies (no difference), looks 5/10/20/30, Holm over the 6 hypotheses of 3 comparisons:
    the share of studies with any decision is at most 0.05 + 3 Monte Carlo s.e. (0.065)."""
    rate, _ = _simulate(0.0, 1000)
    assert rate <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / 1000), rate


def test_the_sequential_procedure_confirms_a_difference_of_the_papers_size():
    """A standardised paired difference of 1 (A - B ~ N(1, 1): 'better by a high margin', and below the
    z = 3.7-39 that Li2016's own tables give):
    all three comparisons are confirmed by the planned 30 runs in at least 80 % of 300 studies, and none is
    ever refuted."""
    refuted, confirmed = _simulate(1.0, 300, seed=3)
    assert confirmed >= 0.8, confirmed
    assert refuted == 0.0


def test_quantifiers_combine_comparisons():
    claim = Claim("X.y.c1", "X.y", "better", "q", "[X, §1]", "A", ("B", "C"), ("p1", "p2", "p3"),
                  "final_best_f", quantifier="most_problems")

    def comps(states, of=claim):
        out = []
        for (other, problem), state in zip(of.comparisons(), states, strict=True):
            c = Comparison(of.key, "better", "A", other, problem, True)
            c.decision = state
            out.append(c)
        return out

    ok, ref, und = "confirmed", "refuted", "undecided"
    assert claim_decision(claim, comps([ok, ok, und, ok, und, ok])) == "confirmed"   # 2 of 3 each
    assert claim_decision(claim, comps([ok, ok, und, ref, ref, ok])) == "refuted"    # C cannot reach 2
    assert claim_decision(claim, comps([ok, und, und, ok, ok, ok])) == "undecided"
    almost = Claim("X.y.c2", "X.y", "better", "q", "[X, §1]", "A", ("B", "C", "D"), ("p1",), "final_best_f",
                   quantifier="all_but_one")
    assert claim_decision(almost, comps([ok, ok, ref], almost)) == "confirmed"      # one may fail
    assert claim_decision(almost, comps([ok, ref, ref], almost)) == "refuted"       # two may not
    assert claim_decision(almost, comps([ok, und, und], almost)) == "undecided"
    alone = Claim("X.y.c3", "X.y", "better", "q", "[X, §1]", "A", ("B",), ("p1",), "final_best_f",
                  quantifier="all_but_one")
    single = Comparison(alone.key, "better", "A", "B", "p1", False)
    assert claim_decision(alone, [single]) == "undecided"                           # no evidence, no claim
    assert item_verdict(["confirmed", "undecided"]) == "partly"
    assert item_verdict(["confirmed", "refuted"]) == "not reproduced"
    assert item_verdict(["undecided"]) == "undecided" and item_verdict(["confirmed"]) == "reproduced"


def test_a_timing_trend_is_decided_within_commits():
    """decide_item on a trend claim over CPU seconds per iteration (methods d1 < d2 < d3 in the claim's
    order, worst first): the cheaper methods' runs were made at a faster commit, and within each commit the
    three cost the same. Pooled, that would confirm the order; decided within commits (STRATIFIED_STATISTICS)
    it is not confirmed, the comparison says it was stratified over 2 commits, and the runs it would need
    are read within commits too (hundreds, where the pooled z says fewer than 20). The same claim on the
    best value found (not a timing statistic) is tested pooled (strata 0)."""

    from regretlab.decisions.decide import decide_item

    order = ("d1", "d2", "d3")
    spec = _stub_spec(20, methods=order)
    results = {}
    for i, m in enumerate(order):
        for r in range(20):
            commit = "slow" if r < 20 - 6 * i else "fast"     # later methods: more runs at the fast commit
            cpu = (10.0 if commit == "slow" else 1.0) * (1.0 + 0.01 * (r % 5))
            meta = {"optimum_value": 0.0, "commit": commit, "cpu_seconds": cpu}
            results[(m, "p", r)] = {"f": np.array([-1.0, -float(r % 5)]), "meta": meta,
                                    "is_initial": np.array([True, False])}
    timing = Claim("X.y.c1", "X.y", "trend", "q", "[X, §1]", "d1", ("d2", "d3"), ("p",),
                   "cpu_seconds_per_iteration")
    (decided,) = decide_item(spec, [timing], results, looks=(20,)).claims
    (comparison,) = decided.comparisons
    assert comparison.strata == 2 and decided.decision != "confirmed"
    cpu = [[-results[(m, "p", r)]["meta"]["cpu_seconds"] for r in range(20)] for m in order]
    pooled = compare.trend_p(cpu)
    assert pooled[0] < 1e-3                           # what an unstratified test would have concluded
    # runs needed: read within commits too (hundreds), not from the pooled z (fewer than the 20 at hand)
    assert comparison.runs_needed > 100 and compare.trend_runs_needed(cpu, level=comparison.level / 2) < 20
    value = Claim("X.y.c2", "X.y", "trend", "q", "[X, §1]", "d1", ("d2", "d3"), ("p",), "final_best_f")
    (other,) = decide_item(spec, [value], results, looks=(20,)).claims[0].comparisons
    assert other.strata == 0


def _simulate_trends(step: float, n_studies: int, looks=(5, 10, 20, 30), seed=0, k=4, kind="trend"):
    """Studies of 2 trend comparisons (k methods each, method i ~ N(i·step, 1), unpaired); returns the share
    of studies with a false decision and the share with both trends confirmed. ``kind="order"``: 2 order
    comparisons over the same methods, every pair stated."""
    rng = np.random.default_rng(seed)
    false, confirmed = 0, 0
    order = tuple(f"M{i}" for i in range(k))
    pairs = tuple((i, j) for i in range(k) for j in range(i + 1, k)) if kind == "order" else ()
    for _ in range(n_studies):
        comparisons, data = [], {}
        for i in range(2):
            data[i] = tuple(rng.normal(j * step, 1.0, size=looks[-1]) for j in range(k))
            comparisons.append(Comparison("sim", kind, order[0], order[-1], f"P{i}", False, order=order,
                                          pairs=pairs))
        decide_comparisons(comparisons, data, looks, describe=False)
        decisions = [c.decision for c in comparisons]
        wrong = ("confirmed", "refuted") if step == 0 else ("refuted",)
        false += any(d in wrong for d in decisions)
        confirmed += all(d == "confirmed" for d in decisions)
    return false / n_studies, confirmed / n_studies


def test_the_sequential_trend_test_keeps_its_error_rate_and_finds_a_real_trend():
    """Null (all four methods alike), 1000 studies: any decision in at most 0.05 + 3 Monte Carlo s.e.
    (0.065). A trend of 0.4 s.d. per step of the order (1.2 s.d. from the first to the last of four methods;
    at 0.3 the power measured 0.69): both trends
    confirmed by 30 runs a method in at least 80 % of 300 studies, never refuted."""
    rate, _ = _simulate_trends(0.0, 1000)
    assert rate <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / 1000), rate
    refuted, confirmed = _simulate_trends(0.4, 300, seed=5)
    assert confirmed >= 0.8, confirmed
    assert refuted == 0.0


def test_the_sequential_order_test_keeps_its_error_rate_and_finds_a_real_order():
    """An 'order' comparison (every stated pair must hold: the largest pair p confirms, the smallest
    reversed-side p times the pair count refutes). Null (three methods alike, all three pairs stated), 1000
    studies: any decision in at most 0.05 + 3 Monte Carlo s.e. (measured 0.015: the intersection-union
    test is conservative). An order of 1.2 s.d. per step: both orders confirmed by 30 runs a method in at
    least 80 % of 300 studies (measured 0.85; at 1.0 s.d. 0.51), never refuted."""
    rate, _ = _simulate_trends(0.0, 1000, k=3, kind="order")
    assert rate <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / 1000), rate
    refuted, confirmed = _simulate_trends(1.2, 300, seed=5, k=3, kind="order")
    assert confirmed >= 0.8, confirmed
    assert refuted == 0.0


def test_an_order_claim_needs_every_stated_pair_and_is_refuted_by_one_reversed_pair():
    """decide_item on an 'order' claim over A < B < C (worst first, final best values, 10 runs each, one
    look at 10): with C 10 above B and B 10 above A, all three stated pairs hold: confirmed, and the reported
    effect is the weakest pair's. With B and C alike, stating (B, C) leaves it undecided (the pair cannot be
    confirmed; the runs it would need are reported), while the claim that states only (A, B) and (A, C) is
    confirmed. With C below A, the stated pair (A, C) is reversed: refuted. A pair of a method outside the
    order, or pairs on another kind, are refused."""
    from regretlab.decisions.decide import decide_item

    order = ("A", "B", "C")
    spec = _stub_spec(10, methods=order)

    def results(means):
        return {(m, "p", r): {"f": np.array([mu + 0.1 * r]), "meta": {"optimum_value": 100.0}}
                for m, mu in zip(order, means, strict=True) for r in range(10)}

    def decide(means, pairs):
        claim = Claim("X.y.c1", "X.y", "order", "q", "[X, §1]", "A", ("B", "C"), ("p",), "final_best_f",
                      pairs=pairs)
        (decided,) = decide_item(spec, [claim], results(means), looks=(10,)).claims
        return decided.decision, decided.comparisons[0]

    every = (("A", "B"), ("B", "C"), ("A", "C"))
    decision, comparison = decide((0.0, 10.0, 25.0), every)
    assert decision == "confirmed" and comparison.look == 10 and comparison.order == order
    assert comparison.weakest in {("A", "B"), ("B", "C")} and comparison.effect.shift in (10.0, 15.0)
    decision, comparison = decide((0.0, 10.0, 10.0), every)
    # undecided at the paper's n (10, the only look): no look left, so beyond the paper's power
    assert decision == "underpowered" and comparison.weakest == ("B", "C") and comparison.runs_needed > 10
    assert decide((0.0, 10.0, 10.0), (("A", "B"), ("A", "C")))[0] == "confirmed"
    assert decide((10.0, 20.0, 0.0), every)[0] == "refuted"
    with pytest.raises(ValueError, match="not two different methods"):
        Claim("X.y.c1", "X.y", "order", "q", "[X, §1]", "A", ("B",), ("p",), "final_best_f",
              pairs=(("A", "Z"),))
    with pytest.raises(ValueError, match="pairs are given exactly for kind 'order'"):
        Claim("X.y.c1", "X.y", "trend", "q", "[X, §1]", "A", ("B",), ("p",), "final_best_f",
              pairs=(("A", "B"),))
    with pytest.raises(ValueError, match="pairs are given exactly for kind 'order'"):
        Claim("X.y.c1", "X.y", "order", "q", "[X, §1]", "A", ("B",), ("p",), "final_best_f")


def test_a_trend_claim_decides_from_runs_of_every_method_of_its_order():
    """decide_item on synthetic run records: a trend claim over three methods whose final best values rise
    along the order by a wide margin is confirmed at the first look (5 runs each) and its comparison names the
    whole order; reversed values refute it."""

    from regretlab.decisions.decide import decide_item

    order = ("A", "B", "C")
    claim = Claim("X.y.c1", "X.y", "trend", "q", "[X, §1]", order[0], order[1:], ("p",), "final_best_f")
    spec = _stub_spec(5, methods=order)

    def results(sign):
        return {(m, "p", r): {"f": np.array([sign * (10.0 * i + r)]), "meta": {"optimum_value": 100.0}}
                for i, m in enumerate(order) for r in range(5)}

    decided = decide_item(spec, [claim], results(+1.0))
    (comparison,) = decided.claims[0].comparisons
    assert comparison.methods == order and decided.claims[0].decision == "confirmed"
    assert comparison.effect.shift == pytest.approx(1.0)
    assert decide_item(spec, [claim], results(-1.0)).claims[0].decision == "refuted"


def test_decide_item_reports_whether_runs_of_different_commits_differ():
    """decide_item's commit check on synthetic records: method A's 10 runs from two commits (5 each) whose
    final values differ by a wide margin are flagged (effect, Holm p <= 0.05, A named); the same values from
    one commit give no test (None); equal distributions across the commits are not flagged."""

    from regretlab.decisions.decide import decide_item

    claim = Claim("X.y.c1", "X.y", "better", "q", "[X, §1]", "A", ("B",), ("p",), "final_best_f")
    spec = _stub_spec(10)

    def results(shift, commits=("c1", "c2")):
        out = {}
        for m in ("A", "B"):
            for r in range(10):
                commit = commits[r % len(commits)]
                value = float(r // 2) + (shift if m == "A" and commit == commits[-1] else 0.0)
                meta = {"optimum_value": 100.0, "commit": commit}
                out[(m, "p", r)] = {"f": np.array([value]), "meta": meta}
        return out

    flagged = decide_item(spec, [claim], results(50.0)).commit_check
    assert flagged["effect"] and flagged["smallest_holm_p"] <= 0.05 and flagged["method"] == "A"
    assert flagged["tests"] == 2 and flagged["commits"] == 2
    assert flagged["flagged_statistics"] == ["final_best_f"]
    assert decide_item(spec, [claim], results(50.0, commits=("c1",))).commit_check is None
    assert not decide_item(spec, [claim], results(0.0)).commit_check["effect"]


def test_a_claim_on_a_statistic_that_differs_between_commits_carries_a_caveat():
    """commit_caveat: a claim whose statistic the commit check flagged (Holm p <= alpha on it) is marked,
    one on another statistic or with no check is not — the flag follows the statistic, not the item."""
    from regretlab.decisions.run_checks import commit_caveat

    check = {"tests": 4, "smallest_holm_p": 1e-3, "effect": True, "alpha": 0.05,
             "flagged_statistics": ["cpu_seconds_per_iteration"]}
    assert "differs between the commits" in commit_caveat(check, "cpu_seconds_per_iteration")
    assert commit_caveat(check, "final_best_f") == ""
    assert commit_caveat(None, "cpu_seconds_per_iteration") == ""
    assert commit_caveat({**check, "flagged_statistics": []}, "cpu_seconds_per_iteration") == ""


def test_decide_item_flags_a_method_that_re_queries_known_points():
    """repeat_check on synthetic records (budget 100): A's runs repeat 50, 30 and 90 of their queries
    (median 50 %, flagged at the 10 % level), B's 0 and 1 (median 0.5 %, not flagged); a run without the
    count is left out; records none of which has it give None; the level is validated. The DECISIONS text
    marks the flagged method and names the largest unflagged share."""
    from regretlab.decisions.decide import decide_item
    from regretlab.decisions.run_checks import repeat_check
    from regretlab.figures.decisions import _repeat_check_text

    def record(repeated):
        meta = {"optimum_value": 100.0, "commit": "c1", "budget": 100}
        if repeated is not None:
            meta["repeated_queries"] = repeated
        return {"f": np.array([1.0]), "meta": meta}

    results = {("A", "p", 0): record(50), ("A", "p", 1): record(30), ("A", "p", 2): record(90),
               ("B", "p", 0): record(0), ("B", "p", 1): record(1), ("B", "p", 2): record(None)}
    check = repeat_check(results)
    assert check["median_share"] == {"A": 0.5, "B": 0.005} and check["runs"] == {"A": 3, "B": 2}
    assert check["flagged"] == ["A"] and check["level"] == 0.1
    assert repeat_check(results, level=0.6)["flagged"] == []
    assert repeat_check({("B", "p", 2): record(None)}) is None
    with pytest.raises(ValueError, match="level"):
        repeat_check(results, level=1.5)
    text = _repeat_check_text(check)
    assert "⚠ **A 50 %**, at or above 10 %" in text and "the others at most 0.5 % (B)" in text
    assert "every method below 60 % (largest 50.0 %, A)" in _repeat_check_text(repeat_check(results, 0.6))
    assert _repeat_check_text(None) == ""
    from regretlab.figures.comparison import _repeat_flag  # the COMPARISON.md row says it too

    assert _repeat_flag(check) == "; ⚠ repeated queries (median share of a run's): A 50 %"
    assert _repeat_flag(repeat_check(results, 0.6)) == _repeat_flag(None) == ""
    from regretlab.decisions.run_checks import flagged_shares  # the one spelling the three places share

    assert flagged_shares(check, str.lower) == "a 50 %" and flagged_shares(None) == ""
    with pytest.raises(ValueError, match=r"flags \['A'\] without a median_share"):
        flagged_shares({"flagged": ["A"]})
    claim = Claim("X.y.c1", "X.y", "better", "q", "[X, §1]", "A", ("B",), ("p",), "final_best_f")
    assert decide_item(_stub_spec(3), [claim], results).repeat_check == check


def test_repeat_check_says_where_a_flagged_method_repeats_itself():
    """Six queries in the unit square; queries 2 and 5 repeat (1e-3, 0.3), the best point observed before
    them and 0.1 % of the width from the face x1 = 0 (inside the 1 % shell), query 4 repeats the interior
    point (0.4, 0.6), neither: 3 repeats, 2 on the boundary, 2 at the best point. A second run of the method
    whose record left its queries out (an archived large run) counts in the share, not in the kinds; a
    record whose x does not match its box's dimension is not classified. The flag spells the kinds out."""
    from regretlab.decisions.run_checks import flagged_shares, repeat_check
    from regretlab.experiments.record import repeat_kinds as _repeat_kinds

    x = np.array([[0.5, 0.5], [1e-3, 0.3], [1e-3, 0.3], [0.4, 0.6], [0.4, 0.6], [1e-3, 0.3]])
    y = np.array([1.0, 5.0, 4.0, 0.0, 0.5, 4.5])
    meta = {"budget": 6, "repeated_queries": 3, "final_box": [[0.0, 1.0], [0.0, 1.0]]}
    kept = {"x": x, "y": y, "meta": meta}
    slim = {"y": y, "meta": {**meta, "x_archived": {}}}
    assert _repeat_kinds(kept).tolist() == [3, 2, 2] and _repeat_kinds(slim) is None
    assert _repeat_kinds({**kept, "meta": {**meta, "final_box": [[0.0, 1.0]] * 3}}) is None
    # moving the repeated point 2 % of the width inside takes it off the boundary
    inside = x.copy()
    inside[[1, 2, 5], 0] = 0.02
    assert _repeat_kinds({**kept, "x": inside}).tolist() == [3, 0, 2]
    check = repeat_check({("V", "p", 0): kept, ("V", "p", 1): slim})
    assert check["median_share"] == {"V": 0.5} and check["runs"] == {"V": 2}
    assert check["kinds"] == {"V": {"repeats": 3, "on_boundary": 2, "best_so_far": 2}}
    assert flagged_shares(check) == ("V 50 % (of the 3 repeats in runs that keep their queries: 67 % on the "
                                     "search box's boundary, 67 % the best point observed before)")


def test_a_claim_at_an_earlier_T_reads_each_runs_first_evaluations():
    """run_value(at=k) is the statistic of the first k evaluations (a table row at T = 500 of runs of 1000):
    the simple regret of f = (1, 5, 3, 9) against f* = 10 is -5 at k = 2 and -1 over the whole run; a run
    shorter than k is refused; a claim's at must be a count >= 1."""
    from regretlab.experiments.statistics import run_value

    result = {"f": np.array([1.0, 5.0, 3.0, 9.0]), "meta": {"optimum_value": 10.0}}
    assert run_value(result, "final_simple_regret", at=2) == -5.0
    assert run_value(result, "final_simple_regret") == -1.0
    with pytest.raises(ValueError, match="only 4 evaluations"):
        run_value(result, "final_simple_regret", at=5)
    with pytest.raises(ValueError, match="at=0"):
        Claim("X.y.c1", "X.y", "better", "q", "[X, §1]", "A", ("B",), ("p",), "final_best_f", at=0)


def test_an_item_with_claims_and_no_runs_is_not_run_yet_and_says_what_its_first_look_costs(tmp_path):
    """decide_item on no runs: verdict 'not run yet' (not 'undecided'); its record written with the next
    look shows 'none yet' and the look's cost in DECISIONS.md, and COMPARISON.md keeps the quick export's
    row a smoke run while naming the registered claims and the pilot's cost."""
    import json

    from regretlab.campaign.sequential import NextLook
    from regretlab.decisions.decide import decide_item
    from regretlab.decisions.verdicts import NOT_RUN
    from regretlab.figures.comparison import write_comparison
    from regretlab.figures.decisions import write_decision

    claim = Claim("X.y.c1", "X.y", "better", "q", "[X, §1]", "A", ("B",), ("p",), "final_best_f")
    spec = _stub_spec(30)
    decision = decide_item(spec, [claim], {})
    assert decision.verdict == NOT_RUN
    write_decision(decision, "X.y", tmp_path, NextLook(5, 10, 0.25, "spec estimate"))
    md = (tmp_path / "DECISIONS.md").read_text()
    assert "none yet" in md and "Next look: n = 5 per method, 10 more runs, ~0.25 core-h" in md
    (tmp_path / "X").mkdir()
    (tmp_path / "X" / "y.json").write_text(json.dumps(
        {"spec": "X.y", "mode": "quick", "runs": 4, "kind": "curves", "reference": "[X, §1]"}))
    # a cost calibration beside the exports names its spec too: it is not an export and makes no row
    (tmp_path / "calibration").mkdir()
    calibration = {"spec": "X.y", "mode": "full", "entries": []}
    (tmp_path / "calibration" / "X.y.json").write_text(json.dumps(calibration))
    lines = write_comparison(tmp_path).read_text().splitlines()
    rows = [line for line in lines if line.startswith("| X.y")]
    assert len(rows) == 1, rows
    row = rows[0]
    assert "smoke run: no verdict" in row and "1 claims registered" in row and "~0.25 core-h" in row
    assert "Counts: smoke run: no verdict 1" in lines


def test_a_worse_claim_is_the_better_test_with_the_roles_swapped_and_shares_it():
    """'A is worse than B' on runs where B's final values are far above A's: confirmed at the first look;
    alongside the claim 'B better than A' both read one comparison (one test in Holm's family), whose method
    is B."""

    from regretlab.decisions.decide import decide_item

    worse = Claim("X.y.c1", "X.y", "worse", "q", "[X, §1]", "A", ("B",), ("p",), "final_best_f")
    better = Claim("X.y.c2", "X.y", "better", "q", "[X, §1]", "B", ("A",), ("p",), "final_best_f")
    spec = _stub_spec(5)
    results = {(m, "p", r): {"f": np.array([shift + r]), "meta": {"optimum_value": 100.0}}
               for m, shift in (("A", 0.0), ("B", 50.0)) for r in range(5)}
    decided = decide_item(spec, [worse, better], results)
    assert [c.decision for c in decided.claims] == ["confirmed", "confirmed"]
    (shared,) = {id(c.comparisons[0]) for c in decided.claims}
    assert decided.claims[0].comparisons[0].method == "B"


def test_a_look_no_comparison_could_pass_is_not_taken_and_spends_nothing():
    """looks_taken depends on run counts and the family only. One unpaired comparison at 5 runs a side can
    reach 2/252 = 0.0079 <= 0.0126, so the pilot look is kept; twelve (24 hypotheses) cannot (0.095): it is
    dropped and the levels of the looks kept still sum to 0.05 (the union bound holds), the first kept look
    now spending 0.0227 instead of 0.0101. A trend over four methods at 5 runs each can pass: kept."""
    from regretlab.decisions.looks import looks_taken

    one = [Comparison("c", "better", "A", "B", "p", False)]
    twelve = [Comparison("c", "better", "A", f"B{i}", "p", False) for i in range(12)]
    trends = [Comparison("c", "trend", "A", "D", f"p{i}", False, order=("A", "B", "C", "D"))
              for i in range(6)]
    assert looks_taken(one, (5, 10, 20, 30))[0] == (5, 10, 20, 30)
    looks, levels = looks_taken(twelve, (5, 10, 20, 30))
    assert looks == (10, 20, 30) and sum(levels) == pytest.approx(0.05)
    assert levels[0] == pytest.approx(0.0126 + 0.0101, abs=2e-4)
    assert looks_taken(trends, (5, 10, 20, 30))[0] == (5, 10, 20, 30)


def test_a_no_worse_claim_is_non_inferiority_on_constructed_data():
    """'competitive or better' (kind no_worse): 30 paired runs with A = B up to small noise (s.d. 0.1) and
    with A far better than B are both confirmed (A is not worse than B by more than the margin, 0.5 pooled
    s.d.); A three standard deviations worse than B is refuted. A 'similar' claim on the far-better data is
    not confirmed: the two kinds differ exactly there."""
    rng = np.random.default_rng(11)
    b = rng.normal(size=30)
    cases = {"equal": b + 0.1 * rng.normal(size=30), "far better": b + 3.0, "far worse": b - 3.0}
    got = {}
    for name, a in cases.items():
        (c,) = decide_comparisons([Comparison("X.y.c1", "no_worse", "A", "B", "P", True)], {0: (a, b)},
                                  (30,), describe=False)
        got[name] = c.decision
    assert got == {"equal": "confirmed", "far better": "confirmed", "far worse": "refuted"}
    (similar,) = decide_comparisons([Comparison("X.y.c1", "similar", "A", "B", "P", True)],
                                    {0: (cases["far better"], b)}, (30,), describe=False)
    assert similar.decision != "confirmed"


def test_the_cpu_time_statistic_is_the_runs_cpu_seconds_over_its_bo_iterations():
    """cpu_seconds_per_iteration reads the run's CPU seconds (meta) over its non-initial iterations, negated
    (smaller is better): 6 CPU s over the 3 BO steps of a run with 2 initial points is -2, whatever the
    wall-clock seconds say (they are 10 times larger here: another process's load). A whole-run total cannot
    be cut at an earlier T, and a record without CPU time is refused by name, not read as 0."""
    from regretlab.experiments.statistics import run_value

    result = {
        "f": np.zeros(5),
        "is_initial": np.array([True, True, False, False, False]),
        "seconds": np.array([0.0, 0.0, 20.0, 20.0, 20.0]),
        "meta": {"optimum_value": 1.0, "cpu_seconds": 6.0, "method": "A", "problem": "p", "repeat": 3},
    }
    assert run_value(result, "cpu_seconds_per_iteration") == -2.0
    assert run_value(result, "cpu_seconds_per_iteration", at=5) == -2.0
    assert run_value(result, "seconds_per_iteration") == -20.0
    with pytest.raises(ValueError, match="whole-run statistic"):
        run_value(result, "cpu_seconds_per_iteration", at=4)
    del result["meta"]["cpu_seconds"]
    with pytest.raises(ValueError, match="'A' on 'p' repeat 3 records no cpu_seconds"):
        run_value(result, "cpu_seconds_per_iteration")


def test_a_comparison_before_its_first_look_reports_the_runs_its_effect_is_read_from():
    """Twelve comparisons at 5 runs a side: look 5 is not taken (above), so no test is made, but the effect
    and the runs needed are read from the 5 + 5 runs and n says so (it said 0, 0 beside an effect with an
    interval, as if the effect had no runs behind it). The Holm p stays unset: no look was reached."""
    rng = np.random.default_rng(3)
    twelve = [Comparison("c", "better", "A", f"B{i}", "p", False) for i in range(12)]
    data = {i: (rng.normal(1.0, 1.0, 5), rng.normal(0.0, 1.0, 7)) for i in range(12)}
    decide_comparisons(twelve, data, (5, 10, 20, 30))
    for comparison in twelve:
        assert comparison.n == (5, 7) and all(math.isnan(p) for p in comparison.adjusted)
        assert comparison.decision == "undecided" and comparison.effect is not None


@pytest.mark.parametrize(("kind", "paired"), [("better", False), ("better", True), ("similar", True),
                                               ("trend", False)])
def test_runs_needed_is_never_below_the_runs_at_which_the_exact_test_can_decide(kind, paired):
    """Ten comparisons whose methods are perfectly separated by a huge gap, at 3 runs a method (before the
    first look: undecided). The runs needed are the larger of Noether's rank-test count and the fewest runs at
    which the comparison's own test reaches the final look's Holm level (that look's level over the 20
    hypotheses) on perfectly separated data (there it can, one run fewer it cannot). For two methods the
    approximation says 1 and the floor stands: 7 runs unpaired (1/C(14, 7) = 0.00029; 1/C(12, 6) = 0.0011 is
    above the level of 0.0008), 11 paired (2^-11 = 0.00049; 2^-10 above) — 'similar' (TOST, two signed-rank
    tests) as 'better' paired, plus its 5 pilot runs; for a three-method trend the approximation is above its
    floor and stands."""
    from regretlab.decisions.looks import _attainable_p_of, fewest_runs_to_decide, looks_taken

    k = 3 if kind == "trend" else 2
    ten = [Comparison("c", kind, "A", f"B{i}", "p", paired, margin=0.01 if kind == "similar" else None,
                      order=tuple(f"M{j}" for j in range(k)) if kind == "trend" else ()) for i in range(10)]
    rng = np.random.default_rng(5)
    # method j of k: values around 1000 j; the trend's order is worst first, so its values rise along it
    rising = {i: tuple(1000.0 * j + rng.normal(0, 1, 3) for j in range(k)) for i in range(10)}
    data = rising if kind == "trend" else {i: v[::-1] for i, v in rising.items()}
    decide_comparisons(ten, data, (5, 10, 20, 30))
    final = looks_taken(ten, (5, 10, 20, 30))[1][-1] / 20
    approximate = (compare.trend_runs_needed(data[0], level=final) if kind == "trend" else
                   compare.rank_runs_needed(data[0][0], data[0][1], level=final, paired=paired))
    floor = fewest_runs_to_decide(kind, paired, k, final)
    test = "trend" if kind == "trend" else "better"
    smallest_p = [_attainable_p_of(test, paired, k, n) for n in (int(floor), int(floor) - 1)]
    assert smallest_p[0] <= final < smallest_p[1]
    for c in ten:
        assert c.decision == "undecided" and c.n == (3, 3)
        # an equivalence test's pilot (5 runs that fix its margin) comes on top
        assert c.pilot == (5 if kind == "similar" else 0)
        assert c.runs_needed == c.pilot + max(approximate, floor)
    if kind == "trend":   # three methods: the approximation (5.6) is above the floor (4) and stands
        assert floor == 4 and approximate > floor
    else:   # two methods: the approximation says 1, the floor stands
        assert approximate == 1.0 and floor == (11 if paired else 7)


@pytest.mark.parametrize(("kind", "n_methods", "level", "name"),
                         [("better", 2, 0.0, "level"), ("better", 2, 1.5, "level"),
                          ("better", 1, 0.01, "n_methods"), ("bigger", 2, 0.01, "kind")])
def test_fewest_runs_to_decide_refuses_values_outside_their_domains(kind, n_methods, level, name):
    from regretlab.decisions.looks import fewest_runs_to_decide

    with pytest.raises(ValueError, match=name):
        fewest_runs_to_decide(kind, False, n_methods, level)


def test_a_paired_timing_ratio_reads_only_pairs_made_at_one_commit():
    """decide_item on a ratio claim ("A is 2-3 times slower than B") over CPU seconds per iteration, paired by
    repeat (protocol ha2019_initial_box): A costs 2.5x B at every commit, but in 12 of 20 repeats A ran at a
    slow commit (10x) and B at a fast one. Read pooled, the ratios of those pairs (25x) would refute the
    claim; read only on the 8 pairs made at one commit, it is confirmed, n says 8 and the comparison names
    the one commit it read."""

    from regretlab.decisions.decide import decide_item

    spec = _stub_spec(20, "ha2019_initial_box")
    results = {}
    for r in range(20):
        jitter = 1.0 + 0.01 * (r % 7)
        for m, cost, commit in (("A", 2.5, "slow" if r < 12 else "fast"), ("B", 1.0, "fast")):
            scale = 10.0 if commit == "slow" else 1.0
            meta = {"optimum_value": 0.0, "commit": commit, "cpu_seconds": scale * cost * jitter}
            results[(m, "p", r)] = {"f": np.array([-1.0, -2.0]), "meta": meta,
                                    "is_initial": np.array([True, False])}
    claim = Claim("X.y.c1", "X.y", "ratio", "q", "[X, §1]", "A", ("B",), ("p",),
                  "cpu_seconds_per_iteration", interval=(2.0, 3.0))
    (decided,) = decide_item(spec, [claim], results, looks=(8,)).claims
    (comparison,) = decided.comparisons
    assert decided.decision == "confirmed" and comparison.n == (8, 8) and comparison.strata == 1
    pooled = np.log([results[("A", "p", r)]["meta"]["cpu_seconds"] / results[("B", "p", r)]["meta"]
                     ["cpu_seconds"] for r in range(20)])
    assert np.median(pooled) > np.log(3.0)           # what reading every pair would have measured


def test_a_two_method_timing_comparison_over_several_commits_says_so_in_decisions_md(tmp_path):
    """Paired runs of A and B at two commits (each pair at one): the comparison reads all 10 pairs, counts
    2 commits, and its DECISIONS.md row says "(within 2 commits)"; the same claim on the best value found
    has no such note."""

    from regretlab.decisions.decide import decide_item
    from regretlab.figures.decisions import write_decision

    spec = _stub_spec(10, "ha2019_initial_box")
    results = {}
    for r in range(10):
        for m, cost in (("A", 2.5), ("B", 1.0)):
            meta = {"optimum_value": 0.0, "commit": "c1" if r < 5 else "c2", "cpu_seconds": cost * (1 + r)}
            results[(m, "p", r)] = {"f": np.array([-1.0, -2.0]), "meta": meta,
                                    "is_initial": np.array([True, False])}
    timing = Claim("X.y.c1", "X.y", "ratio", "q", "[X, §1]", "A", ("B",), ("p",),
                   "cpu_seconds_per_iteration", interval=(2.0, 3.0))
    value = Claim("X.y.c2", "X.y", "better", "q", "[X, §1]", "A", ("B",), ("p",), "final_best_f")
    decision = decide_item(spec, [timing, value], results, looks=(10,))
    comparisons = [c.comparisons[0] for c in decision.claims]
    assert [c.strata for c in comparisons] == [2, 0] and comparisons[0].n == (10, 10)
    write_decision(decision, "X.y", tmp_path)
    lines = (tmp_path / "DECISIONS.md").read_text().splitlines()
    rows = [line for line in lines if line.startswith("| X.y.c")]
    timing_rows = [row for row in rows if row.startswith("| X.y.c1 | A vs B")]
    assert timing_rows and "(within 2 commits)" in timing_rows[0]
    assert not any("within" in row for row in rows if row.startswith("| X.y.c2"))


@pytest.mark.parametrize(("cost", "expected"), [(8.0, "confirmed"), (2.0, "refuted"), (5.0, "underpowered")])
def test_an_at_least_ratio_is_one_test_each_way_against_its_lower_bound(cost, expected, tmp_path):
    """A ratio claim 'A at least 5 times slower than B' (interval (5, inf)) on paired CPU seconds of 20
    repeats with a ±3 % jitter: A at 8x B is confirmed, at 2x refuted, at 5x undecided (no test passes at
    the bound itself; at the paper's n, the only look, that is *underpowered*); its record writes the open
    end as null (JSON has no infinity)."""
    import json

    from regretlab.decisions.decide import decide_item
    from regretlab.figures.decisions import write_decision

    spec = _stub_spec(20, "ha2019_initial_box")
    rng = np.random.default_rng(3)
    results = {}
    for r in range(20):
        for m, c in (("A", cost), ("B", 1.0)):
            seconds = c * (1.0 + 0.03 * rng.uniform(-1, 1))
            meta = {"optimum_value": 0.0, "commit": "c1", "cpu_seconds": seconds}
            results[(m, "p", r)] = {"f": np.array([-1.0, -2.0]), "meta": meta,
                                    "is_initial": np.array([True, False])}
    claim = Claim("X.y.c1", "X.y", "ratio", "q", "[X, §1]", "A", ("B",), ("p",),
                  "cpu_seconds_per_iteration", interval=(5.0, math.inf))
    decision = decide_item(spec, [claim], results, looks=(20,))
    assert decision.claims[0].decision == expected
    write_decision(decision, "X.y", tmp_path)
    record = json.loads((tmp_path / "decisions" / "X.y.json").read_text())
    assert record["claims"][0]["interval"] == [5.0, None]


@pytest.mark.parametrize("interval", [(5.0, 3.0), (0.0, math.inf), (math.nan, 2.0), (2.0,)])
def test_a_ratio_claim_refuses_an_interval_that_is_not_low_below_high(interval):
    with pytest.raises(ValueError, match="interval"):
        Claim("X.y.c1", "X.y", "ratio", "q", "[X, §1]", "A", ("B",), ("p",), "cpu_seconds_per_iteration",
              interval=interval)


def test_a_method_with_no_run_is_listed_with_0_runs_not_left_out(tmp_path):
    """decide_item lists every (method, problem) the spec runs: C, a method of the spec with no run, shows 0
    (Li2016 Table 5's δ = 0.05 columns, with no run, read as '10 runs per method' when only methods with
    runs were listed); DECISIONS.md names it with 0 and COMPARISON.md's range starts at 0. With no run at
    all, the record still says 'none yet' and the row is not a decision from runs."""
    import json

    from regretlab.decisions.decide import decide_item
    from regretlab.figures.comparison import write_comparison
    from regretlab.figures.decisions import write_decision

    claim = Claim("X.y.c1", "X.y", "better", "q", "[X, §1]", "A", ("C",), ("p",), "final_best_f")
    spec = _stub_spec(10, methods=("A", "B", "C"))
    results = {(m, "p", r): {"f": np.array([float(r)]), "meta": {"optimum_value": 100.0}}
               for m in ("A", "B") for r in range(10)}
    decision = decide_item(spec, [claim], results)
    assert decision.runs == {"A @ p": 10, "B @ p": 10, "C @ p": 0}
    write_decision(decision, "X.y", tmp_path)
    md = (tmp_path / "DECISIONS.md").read_text()
    assert "runs per method and problem: A 10, B 10, C 0;" in md
    (tmp_path / "X").mkdir()
    (tmp_path / "X" / "y.json").write_text(json.dumps(
        {"spec": "X.y", "mode": "quick", "runs": 4, "kind": "curves", "reference": "[X, §1]"}))
    (row,) = [x for x in write_comparison(tmp_path).read_text().splitlines() if x.startswith("| X.y")]
    assert "runs per method and problem [0, 10]" in row

    empty = decide_item(spec, [claim], {})
    assert set(empty.runs.values()) == {0}
    write_decision(empty, "X.y", tmp_path)
    assert "none yet" in (tmp_path / "DECISIONS.md").read_text()
    (row,) = [x for x in write_comparison(tmp_path).read_text().splitlines() if x.startswith("| X.y")]
    assert "decided from full-mode runs" not in row and "no full-mode run yet" in row


def test_runs_beyond_the_look_are_counted_apart_from_the_look_and_in_the_runs_still_needed(tmp_path):
    """A at 9 runs, B at 10, a small effect (undecided), looks (5, 10): the last look reached is 5, so the
    tests and n are 5 v 5, while the effect, its interval and the runs needed read all 9 v 10 (``used``).
    DECISIONS.md shows both ("5, 5 (of 9, 10)"), and the runs still needed per method count from the 9
    runs at hand, not from the look's 5 (the old count asked for 4 runs a method that were already made)."""
    from regretlab.campaign.sequential import still_needed
    from regretlab.decisions.decide import decide_item
    from regretlab.figures.decisions import write_decision

    rng = np.random.default_rng(11)
    results = {}
    for method, shift, count in (("A", 0.3, 9), ("B", 0.0, 10)):
        for r in range(count):
            results[(method, "p", r)] = {"f": np.array([-5.0, shift + rng.normal()]),
                                         "meta": {"optimum_value": 1.0, "commit": "c1"},
                                         "is_initial": np.array([True, False])}
    claim = Claim("X.y.c1", "X.y", "better", "q", "[X, §1]", "A", ("B",), ("p",), "final_best_f")
    decision = decide_item(_stub_spec(30), [claim], results, looks=(5, 10))
    comparison = decision.claims[0].comparisons[0]
    assert comparison.decision == "undecided" and comparison.look is None
    assert comparison.n == (5, 5) and comparison.used == (9, 10)
    assert comparison.runs_needed > 10   # an effect of 0.3 sd: many more runs than are at hand
    text, hours = still_needed(decision, per_run_hours=1.0)
    wanted = min(comparison.runs_needed, 1000.0)
    assert text == f"{math.ceil(comparison.runs_needed)}" and hours == pytest.approx(2 * (wanted - 9))
    write_decision(decision, "X.y", tmp_path)
    rows = [line for line in (tmp_path / "DECISIONS.md").read_text().splitlines()
            if line.startswith("| X.y.c1 | A vs B")]
    assert rows and "| 5, 5 (of 9, 10) |" in rows[0]


def test_an_undecided_row_shows_the_nearer_side_of_its_test(tmp_path):
    """DECISIONS.md's Holm p of an undecided comparison: the confirm side's, or, where the refute side's is
    smaller (A a little below B on 5 runs each: neither side passes at n = 5 in a family of 4), that one,
    marked '(to refute)'; A a little above B shows the confirm side's, unmarked."""
    from regretlab.decisions.decide import decide_item
    from regretlab.figures.decisions import write_decision

    spec = _stub_spec(5, methods=("A", "B", "C"))
    values = {"A": [1.0, 2.5, 3.0, 4.5, 5.0], "B": [2.0, 3.5, 4.0, 5.5, 6.0], "C": [0.0, 1.5, 2.0, 3.5, 4.0]}
    results = {(m, "p", r): {"f": np.array([v]), "meta": {"optimum_value": 100.0}}
               for m, vs in values.items() for r, v in enumerate(vs)}
    below = Claim("X.y.c1", "X.y", "better", "q", "[X, §1]", "A", ("B",), ("p",), "final_best_f")
    above = Claim("X.y.c2", "X.y", "better", "q", "[X, §1]", "A", ("C",), ("p",), "final_best_f")
    decision = decide_item(spec, [below, above], results, looks=(5,))
    # undecided at the paper's n (5): no look left, so beyond the paper's power (the comparisons undecided)
    assert [c.decision for c in decision.claims] == ["underpowered", "underpowered"]
    assert [c.comparisons[0].decision for c in decision.claims] == ["undecided", "undecided"]
    write_decision(decision, "X.y", tmp_path)
    rows = {line.split(" | ")[1]: line for line in (tmp_path / "DECISIONS.md").read_text().splitlines()
            if line.startswith("| X.y.c") and " vs " in line}
    assert "(to refute)" in rows["A vs B"] and "(to refute)" not in rows["A vs C"]


def test_an_item_drawn_from_another_items_runs_takes_its_verdict_from_its_own_claims_there(tmp_path):
    """Kandasamy2015's R_T/T row (derived_from the simple-regret item, metric average_regret) with a
    partial export: its statistic's readings are decided with the source item, whose claims are decided over
    every reading (S_T and R_T/T): the row takes the source's verdict ('…, with its source'), names the R_T/T
    readings and counts only them; here K.c1 is refuted on R_T/T and confirmed on S_T, so the source is
    'reading-dependent', not 'not reproduced' as one reading alone made it; and the source's verdict is the
    one over every setup (its 'code' reading pending, then undecided). Without the source's record it
    stays 'partial runs: no verdict'. A 'new' item derived from a decided item keeps 'new'."""
    import json

    from regretlab.decisions.verdicts import item_verdict, reading_verdict
    from regretlab.figures.comparison import write_comparison

    folder = tmp_path / "Kandasamy2015"
    folder.mkdir()
    provenance = {"spec": "Kandasamy2015.fig3_D10_average", "mode": "full", "runs": 120, "kind": "curves",
                  "reference": "[Kandasamy2015, §5.1, Fig. 3 row 2]",
                  "derived_from": "Kandasamy2015.fig3_D10_simple",
                  "verdict": ["reproduced", "claimed best Add-*: holds in 1 of 1 comparisons"],
                  "partial": {"runs": 120, "planned_runs": 140, "planned_repeats": 20,
                              "runs_per_method_problem": [10, 20]}}
    (folder / "fig3_D10_average.json").write_text(json.dumps(provenance))

    def row():
        lines = write_comparison(tmp_path).read_text().splitlines()
        (found,) = [x for x in lines if x.startswith("| Kandasamy2015.fig3_D10_average ")]
        return found

    assert "**partial runs: no verdict**" in row()
    (tmp_path / "decisions").mkdir()
    claims = [{"key": "K.c1_RT", "claim": "K.c1", "statistic": "final_average_regret", "decision": "refuted"},
              {"key": "K.c2_RT", "claim": "K.c2", "statistic": "final_average_regret",
               "decision": "confirmed"},
              {"key": "K.c1", "claim": "K.c1", "statistic": "final_simple_regret", "decision": "confirmed"}]
    verdict = item_verdict([reading_verdict(["refuted", "confirmed"]), reading_verdict(["confirmed"])])
    assert verdict == "reading-dependent"
    (tmp_path / "decisions" / "Kandasamy2015.fig3_D10_simple.json").write_text(
        json.dumps({"claims": claims, "verdict": verdict}))
    found = row()
    # the source has a registered setup reading ('code') with no decision yet: its verdict over every setup,
    # each setup's own beside it (the paper setup's finding is not hidden by the pending one)
    assert ("**pending over every setup (paper setup: reading-dependent · 'code': pending, its baselines' "
            "pilot and registration to come), with its source**") in found
    assert "readings (K.c1_RT, K.c2_RT) are decided with Kandasamy2015.fig3_D10_simple" in found
    assert "confirmed 1, refuted 1, undecided 0" in found
    # once the 'code' reading is decided (undecided there), the row takes the source's verdict over both
    (tmp_path / "decisions" / "Kandasamy2015.fig3_D10_simple_code.json").write_text(json.dumps(
        {"claims": [], "verdict": "undecided", "runs": {"Kandasamy2015/Add-d/M(d=1, M=10) @ D10-d3-M3": 5}}))
    assert "**undecided over every setup (paper setup: reading-dependent · 'code': undecided), with its " \
        "source**" in row()
    new = {k: v for k, v in provenance.items() if k not in ("verdict", "partial")}
    new["reference"] = "[Kandasamy2015, Thm 5] (new: the bound against runs)"
    (folder / "fig3_D10_average.json").write_text(json.dumps(new))
    assert "**new**" in row() and "with its source" not in row()


def _tied_mixture(rng, size, low):
    """0.9 with probability 0.6, else ``low``: tied, saturated values (issue 59's counterexample)."""
    return np.where(rng.random(size) < 0.6, 0.9, low)


@pytest.mark.parametrize("looks", [(5, 10, 20, 30), (10,)])
def test_similar_is_not_won_by_ties(looks):
    """Issue 59's counterexample: A = 0.9 w.p. 0.6 else 0.5 against B = 0.9 w.p. 0.6 else 0.85 (means 0.6-1
    pooled s.d. apart), 200 simulated studies of one unpaired 'similar' comparison. The old margin (0.5 x the
    pooled s.d. at the look) confirmed 'similar' in 20 % of them (looks 5-30) and 13 % (one look at 10);
    with the margin fixed by a pilot's robust scale and the tie rule it confirms in at most 5 %."""
    rng = np.random.default_rng(59)
    confirmed = 0
    for _ in range(200):
        a, b = _tied_mixture(rng, looks[-1], 0.5), _tied_mixture(rng, looks[-1], 0.85)
        (c,) = decide_comparisons([Comparison("sim", "similar", "A", "B", "P", False)], {0: (a, b)}, looks,
                                  describe=False)
        confirmed += c.decision == "confirmed"
    assert confirmed / 200 <= 0.05, confirmed


def test_a_truly_equal_pair_with_many_runs_is_confirmed_similar():
    """Two methods with the same normal values, 5 pilot runs then 400 tested a method (looks 5 and 405): the
    pilot's margin (about 0.5 s.d., as small as 0.1 s.d. on an unlucky pilot of 5) is met, and 'similar' is
    confirmed in at least 80 % of 20 studies (at 150 tested runs about 70 %: an equivalence needs many
    runs); the same data shifted by 2 s.d. are never confirmed."""
    rng = np.random.default_rng(60)
    equal = shifted = 0
    for _ in range(20):
        a, b = rng.normal(size=405), rng.normal(size=405)
        for values, tally in ((a, "equal"), (a + 2.0, "shifted")):
            (c,) = decide_comparisons([Comparison("sim", "similar", "A", "B", "P", False)], {0: (values, b)},
                                      (5, 405), describe=False)
            if tally == "equal":
                equal += c.decision == "confirmed"
            else:
                shifted += c.decision == "confirmed"
    assert equal >= 16, equal
    assert shifted == 0


@pytest.mark.parametrize("data", ["discrete", "saturated"])
@pytest.mark.parametrize("paired", [False, True])
def test_the_procedure_keeps_its_error_rate_on_tied_and_saturated_data(data, paired):
    """Null studies of 6 'better' comparisons with tied values (integers 0-3) or saturated ones (normal values
    capped at 0.5: a third of the runs at the cap), A and B from one distribution, looks 5/10/20, 300 studies:
    the share of studies with any decision is at most 0.05 + 3 Monte Carlo s.e. (exact conditional tests)."""
    rng = np.random.default_rng(61 + paired)

    def draw(size):
        return (rng.integers(0, 4, size).astype(float) if data == "discrete"
                else np.minimum(rng.normal(size=size), 0.5))

    false = 0
    for _ in range(300):
        comparisons = [Comparison("sim", "better", "A", f"B{i}", "P", paired) for i in range(6)]
        values = {i: (draw(20), draw(20)) for i in range(6)}
        decide_comparisons(comparisons, values, (5, 10, 20), describe=False)
        false += any(c.decision != "undecided" for c in comparisons)
    assert false / 300 <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / 300), false


def test_a_claim_is_refuted_only_under_every_registered_reading():
    """Readings as a set: every claim with more than one registered reading names why each axis is open
    (a justification), each reading has a label; 'small d' is registered as d = 1, every d < d' and some
    d < d' where the spec has a second Add-d/M below d' (its cells only pairs with d < d' of their panel),
    on S_T and R_T/T; the quantifier 'some_each_problem' confirms with one small-d method per panel and
    refutes only when every one of a panel's is refuted."""
    from regretlab.decisions.verdicts import reading_verdict

    groups: dict[str, list] = {}
    for claim in CLAIMS.values():
        groups.setdefault(claim.claim_key, []).append(claim)
    for key, readings in groups.items():
        assert all(r.label for r in readings), key
        if len(readings) > 1:
            assert all(r.justification for r in readings), key
            assert len({r.reading_name for r in readings}) == len(readings), key
    small = sorted(r.key for r in groups["Kandasamy2015.fig3.c5_D40"])
    assert small == sorted(f"Kandasamy2015.fig3.c5_D40{s}" for s in
                           ("", "_each", "_some", "_RT", "_each_RT", "_some_RT"))
    some = CLAIMS["Kandasamy2015.fig3.c5_D40_some"]
    assert ("Kandasamy2015/Add-d/M(d=20, M=2)", "D40-d18-M2") not in some.cells   # 20 > d' (18)
    assert ("Kandasamy2015/Add-d/M(d=20, M=2)", "D40-d35-M1") in some.cells
    assert len(groups["Kandasamy2015.fig4.c2_D96"]) == 2   # d = 1 is the only d < 29: one test a statistic

    def decided(states):
        out = []
        for (other, problem), state in zip(some.comparisons(), states, strict=True):
            c = Comparison(some.key, "better", other, some.method, problem, False)
            c.decision = state
            out.append(c)
        return out

    ok, ref, und = "confirmed", "refuted", "undecided"
    assert claim_decision(some, decided([ref, ok, ref, ref, ok])) == "confirmed"   # one per panel
    assert claim_decision(some, decided([ref, ref, und, ok, ref])) == "refuted"     # d18 panel: all refuted
    assert claim_decision(some, decided([ref, und, ref, ok, ref])) == "undecided"
    assert reading_verdict([ref, ref, ref]) == "refuted"
    assert reading_verdict([ref, ok]) == "reading-dependent"
    assert reading_verdict([ref, und]) == "undecided"


def test_a_claim_our_baseline_cannot_test_is_not_testable_and_outside_the_verdict():
    """Ha2019's timing claims blame GPUCB-FBO's 'extra step to numerically solve several optimization
    problems', which our FBO replaces by a Sobol scan: they are registered as not testable (with that
    reason), tested by no comparison, and count for no item verdict; an item with only such claims is 'not
    testable', and the rest of an item is judged without them."""
    from regretlab.decisions.decide import decide_item
    from regretlab.decisions.verdicts import NOT_TESTABLE, reading_verdict

    for key in ("Ha2019.tab1.c31", "Ha2019.tab1.c31_cpu", "Ha2019.fig5.c3", "Ha2019.fig5.c3_cpu"):
        assert "Sobol" in CLAIMS[key].untestable
    assert not any(c.untestable for k, c in CLAIMS.items() if not k.startswith(("Ha2019.tab1.c31",
                                                                                  "Ha2019.fig5.c3")))
    assert reading_verdict([NOT_TESTABLE, NOT_TESTABLE]) == NOT_TESTABLE
    assert item_verdict([NOT_TESTABLE]) == NOT_TESTABLE
    assert item_verdict([NOT_TESTABLE, "confirmed"]) == "reproduced"
    assert item_verdict([NOT_TESTABLE, "undecided"]) == "undecided"
    timing = CLAIMS["Ha2019.fig5.c3"]
    results = {}   # no run is read for it: the decision needs none
    decision = decide_item(_stub_spec(3), [timing], results)
    assert [c.decision for c in decision.claims] == [NOT_TESTABLE] and decision.claims[0].comparisons == []


def test_an_item_without_runs_is_not_counted_with_the_reproduced_experiments(tmp_path):
    """Kandasamy2015 Table 1 (four rates rendered and evaluated, no runs) passes its own check; COMPARISON.md
    says 'reproduced (no runs: its own check)' and its counts line has no plain 'reproduced', which read as
    three experiments reproduced when none was."""
    import shutil
    from pathlib import Path

    from regretlab.figures.comparison import write_comparison

    source = Path(__file__).resolve().parents[2] / "paper_figures" / "Kandasamy2015" / "table1.json"
    if not source.is_file():
        pytest.skip("needs the checkout's paper_figures/")
    (tmp_path / "Kandasamy2015").mkdir()
    shutil.copy(source, tmp_path / "Kandasamy2015" / "table1.json")
    lines = write_comparison(tmp_path).read_text().splitlines()
    (row,) = [line for line in lines if line.startswith("| Kandasamy2015.table1 ")]
    assert "**reproduced (no runs: its own check)**" in row
    assert "Counts: reproduced (no runs: its own check) 1" in lines


def test_almost_all_read_strictly_refuses_an_exception_significantly_the_other_way():
    """Issue 73.6 (Kandasamy2015 Fig. 3's c7 was confirmed while its third Add-d/M was significantly worse
    than GP-UCB): with three comparisons, two confirmed and one refuted, 'all_but_one' confirms and the
    strict 'all_but_one_none_reversed' refutes, so the claim over both readings is reading-dependent, never
    confirmed; two confirmed and one undecided confirm under both; every Fig. 3/4 c7-type claim has its
    strict twin registered."""
    from types import SimpleNamespace

    from regretlab.decisions.verdicts import reading_verdict

    def comps(*states):
        return [SimpleNamespace(decision=s) for s in states]

    loose = Claim("X.y.c7", "X.y", "worse", "q", "[X, §1]", "A", ("B", "C", "D"), ("p",), "final_best_f",
                  quantifier="all_but_one")
    strict = Claim("X.y.c7_strict", "X.y", "worse", "q", "[X, §1]", "A", ("B", "C", "D"), ("p",),
                   "final_best_f", quantifier="all_but_one_none_reversed")
    mixed = comps("confirmed", "confirmed", "refuted")
    assert (claim_decision(loose, mixed), claim_decision(strict, mixed)) == ("confirmed", "refuted")
    both = [claim_decision(loose, mixed), claim_decision(strict, mixed)]
    assert reading_verdict(both) == "reading-dependent"
    open_ = comps("confirmed", "confirmed", "undecided")
    assert claim_decision(loose, open_) == claim_decision(strict, open_) == "confirmed"
    assert claim_decision(strict, comps("confirmed", "undecided", "undecided")) == "undecided"
    loose_keys = {c.key for c in CLAIMS.values() if c.quantifier == "all_but_one"}
    strict_keys = {c.key for c in CLAIMS.values() if c.quantifier == "all_but_one_none_reversed"}
    assert loose_keys and {k.replace("_RT", "") + "_strict" + ("_RT" if k.endswith("_RT") else "")
                           for k in loose_keys if k.startswith("Kandasamy2015.fig")} <= strict_keys


def test_every_comparison_kind_has_one_test_and_hypotheses_change_nothing():
    """Issue 77.2: Comparison.hypotheses dispatches on its kind (every claim kind but 'worse', which becomes
    'better' with the methods swapped) and leaves the comparison as it was; an equivalence test's refusal is
    a pure function the look records (it was set inside hypotheses as a side effect)."""
    import dataclasses

    from regretlab.decisions.claims import CLAIM_KINDS
    from regretlab.decisions.decide import _HYPOTHESES, Comparison

    assert set(_HYPOTHESES) == set(CLAIM_KINDS) - {"worse"}
    tied = np.array([1.0, 1.0, 1.0, 2.0])
    c = Comparison("c", "similar", "A", "B", "p", paired=False, margin=0.5)
    before = dataclasses.asdict(c)
    assert c.hypotheses(tied, tied + 0.1)[0] == 1.0             # refused: 75 % of a method's runs tied
    assert dataclasses.asdict(c) == before and c.refusal == ""
    assert "too tied" in c.refusal_of(tied, tied + 0.1)
    assert c.refusal_of(np.arange(4.0), np.arange(4.0) + 0.1) == ""
    assert Comparison("c", "better", "A", "B", "p", paired=False).refusal_of(tied, tied) is None


def test_every_committed_comparison_reads_back_from_its_own_fields():
    """Issue 77.2: a comparison's record is Comparison.to_record of a Comparison, and
    Comparison.from_record gives that Comparison back: every comparison of every committed decision
    round-trips to the same record (at the stored digits), so DECISIONS.md renders the record's own fields
    rather than re-typing them. A record without 'used' (older) reads n; a null runs count of an undecided
    comparison with an effect reads as infinite."""
    import json
    import math
    from pathlib import Path

    from regretlab._io import stored_floats
    from regretlab.decisions.decide import Comparison

    folder = Path(__file__).resolve().parents[2] / "paper_figures" / "decisions"
    records = sorted(folder.glob("*.json"))
    if not records:
        pytest.skip("no committed decisions in this checkout")
    seen = 0
    for path in records:
        record = json.loads(path.read_text(encoding="utf-8"))
        for claim in record["claims"]:
            for stored in claim["comparisons"]:
                back = Comparison.from_record({"method": claim["method"], **stored}, claim=claim["key"],
                                              kind=claim["kind"])
                assert stored_floats(back.to_record()) == stored_floats(stored), (path.name, claim["key"])
                seen += 1
    assert seen > 1000
    old = {"method": "a", "other": "b", "problem": "p", "decision": "undecided", "n": [5, 5],
           "effect": {"shift": 0.0, "low": -1.0, "high": 1.0, "p_improvement": 0.5}, "runs_needed": None}
    back = Comparison.from_record(old)
    assert back.used == (5, 5) and math.isinf(back.runs_needed) and math.isnan(back.p_confirm)


def test_a_record_that_is_no_comparison_is_refused_by_name():
    """Comparison.from_record names the fields a stored comparison lacks (a ValueError, not a KeyError)."""
    from regretlab.decisions.decide import Comparison

    with pytest.raises(ValueError, match="record has no 'other', 'problem'"):
        Comparison.from_record({"method": "a", "decision": "undecided", "n": [5, 5]})
