"""Verdict arithmetic: the Clopper–Pearson interval against the exact binomial (beta) quantiles, the slack
on a hand-made case, and the outcome rules of rate and counterexample verdicts."""

import math

import numpy as np
import pytest
from scipy.stats import beta

from regretlab.verify import LEVEL, clopper_pearson, counterexample_verdict, rate_verdict, slack


@pytest.mark.parametrize(("k", "n"), [(0, 10), (1, 10), (5, 10), (10, 10), (3, 200), (0, 1), (17, 40)])
def test_clopper_pearson_equals_the_beta_quantiles(k, n):
    """Exact interval: lo = Beta(k, n-k+1).ppf(a/2), hi = Beta(k+1, n-k).ppf(1-a/2), a = 1 - 0.99."""
    a = 1 - LEVEL
    lo_ref = 0.0 if k == 0 else beta.ppf(a / 2, k, n - k + 1)
    hi_ref = 1.0 if k == n else beta.ppf(1 - a / 2, k + 1, n - k)
    lo, hi = clopper_pearson(k, n)
    assert lo == pytest.approx(lo_ref, rel=1e-9, abs=1e-12)
    assert hi == pytest.approx(hi_ref, rel=1e-9, abs=1e-12)


def test_clopper_pearson_rejects_bad_counts():
    with pytest.raises(ValueError, match="k"):
        clopper_pearson(11, 10)
    with pytest.raises(ValueError, match="n"):
        clopper_pearson(0, 0)


def test_slack_is_the_tightest_ratio_per_trial_then_worst_and_median():
    bound = [[4.0, 6.0], [10.0, 10.0], [1.0, 1.0]]
    empirical = [[2.0, 3.0], [1.0, 2.0], [0.0, 0.0]]  # trial 3 has nothing to compare: left out
    worst, median = slack(bound, empirical)
    assert (worst, median) == (2.0, 3.5)
    assert all(math.isnan(x) for x in slack([1.0], [0.0]))


def test_rate_verdict_outcomes_follow_the_interval():
    assert rate_verdict("X", "-", violations=0, trials=100, delta=0.1).outcome == "holds"
    assert rate_verdict("X", "-", violations=0, trials=10, delta=0.1).outcome == "inconclusive"
    assert rate_verdict("X", "-", violations=30, trials=100, delta=0.1).outcome == "violated"
    # possible violations (least favourable approximation) can turn "holds" into "inconclusive"
    v = rate_verdict("X", "-", violations=0, trials=100, delta=0.1, possible=40)
    assert v.outcome == "inconclusive" and "40 possible" in v.statistic


def test_counterexample_verdict():
    assert counterexample_verdict("X", "-", counterexamples=0, checks=10).outcome == "holds"
    v = counterexample_verdict("X", "-", counterexamples=2, checks=10, counterexample={"x": 1})
    assert v.outcome == "violated" and v.counterexample == {"x": 1}


def test_verdict_json_has_no_nan():
    v = rate_verdict("X", "-", violations=0, trials=5, delta=0.1, slack_worst=np.nan)
    assert v.as_dict()["slack_worst"] is None


def test_the_power_audit_calls_a_bound_above_every_query_rule_vacuous():
    """A bound at or above T (f* - min f) on every trial cannot fail: 'vacuous', never 'holds'."""
    from regretlab.verify.verdict import power_audit

    T = np.arange(1, 11)
    empirical = np.tile(0.5 * T, (60, 1))
    ceiling = np.tile(2.0 * T, (60, 1))
    v = rate_verdict("X", "-", violations=0, trials=60, delta=0.1,
                     series={"empirical": empirical, "bound": 3.0 * T, "ceiling": ceiling})
    assert v.outcome == "holds"
    assert power_audit(v).outcome == "vacuous" and v.power["vacuous_trials"] == 60
    assert "vacuous on 60/60" in v.statistic


def test_the_power_audit_needs_its_negative_control_caught():
    """A bound that holds with slack 2 and sits below the ceiling keeps 'holds' when its control (bound / 10)
    is violated; with slack 50 the control is not caught and 'holds' becomes 'inconclusive' (no power)."""
    from regretlab.verify.verdict import power_audit

    T = np.arange(1, 11)
    empirical = np.tile(1.0 * T, (60, 1))
    ceiling = np.tile(1000.0 * T, (60, 1))
    tight = rate_verdict("X", "-", violations=0, trials=60, delta=0.1,
                         series={"empirical": empirical, "bound": 2.0 * T, "ceiling": ceiling})
    assert power_audit(tight).outcome == "holds" and tight.power["control_caught"]
    loose = rate_verdict("X", "-", violations=0, trials=60, delta=0.1,
                         series={"empirical": empirical, "bound": 50.0 * T, "ceiling": ceiling})
    assert power_audit(loose).outcome == "inconclusive" and not loose.power["control_caught"]


def test_zero_checks_are_no_evidence():
    v = counterexample_verdict("X", "-", counterexamples=0, checks=0)
    assert v.outcome == "inconclusive" and "no checks" in v.statistic


def test_a_bound_open_on_too_few_trials_to_ever_be_violated_is_vacuous():
    """Above the ceiling on 299 of 300 trials: even a violation on the last one gives 1/300, which cannot
    reach 'violated' at δ = 0.1, so the check could not have failed."""
    from regretlab.verify.verdict import power_audit

    T = np.arange(1, 5)
    empirical = np.tile(0.1 * T, (300, 1))
    ceiling = np.tile(1.0 * T, (300, 1))
    bound = np.tile(2.0 * T, (300, 1))
    bound[0] = 0.5 * T
    v = rate_verdict("X", "-", violations=0, trials=300, delta=0.1,
                     series={"empirical": empirical, "bound": bound, "ceiling": ceiling})
    assert power_audit(v).outcome == "vacuous" and not v.power["could_fail"]


def test_tally_counts_trials_and_flags_only_the_first_violation():
    """Tally.record: three trials, two violations, True only at the first; record_each counts a batch
    element by element (5 checks, 2 violations) and flags the batch holding the first violation only."""
    from regretlab.verify.verdict import Tally

    tally = Tally()
    assert [tally.record(v) for v in (False, True, True)] == [False, True, False]
    assert (tally.trials, tally.violations) == (3, 2)
    batch = Tally()
    assert batch.record_each([False, False]) is False
    assert batch.record_each([True, False, True]) is True
    assert batch.record_each([True]) is False
    assert (batch.trials, batch.violations) == (6, 3)


def test_a_claim_tested_at_several_levels_corrects_for_them():
    """MSUCB.assumption1 checks five pre-declared tail levels: each interval is at 1 - 0.01/5 = 99.8 %
    (Bonferroni), every level's count is reported, and a rate_verdict at the corrected level is wider than at
    99 % (0/300 at δ = 0.02: 'holds' at 99 % is not certified at 99.8 %, whose upper bound is 0.0228)."""
    from regretlab.verify import verify

    report = verify("MSUCB.assumption1", profile="smoke", seed=0, jobs=1, progress=False)
    (verdict,) = report.verdicts
    assert "99.8 % CI" in verdict.statistic
    assert verdict.setting["per level"].count("q = ") == 5
    plain = rate_verdict("X", "-", violations=0, trials=300, delta=0.02)
    corrected = rate_verdict("X", "-", violations=0, trials=300, delta=0.02, level=1 - 0.01 / 5)
    assert plain.outcome == "holds" and corrected.outcome == "inconclusive"
    assert corrected.interval[1] == pytest.approx(0.0228, abs=5e-4)


def test_the_ladder_counts_the_trials_a_bound_k_times_too_small_would_break():
    """A trial breaks bound / k exactly when its tightest bound / empirical is below k: ratios 0.5, 1.4, 2.5
    and a trial never positive (+inf) give 1, 2, 3 violations at k = 1.25, 2, 3; a NaN ratio is refused."""
    from regretlab.verify.verdict import ladder_violations, trial_ratios

    ratios = trial_ratios([[1.0, 2.8], [2.8, 9.0], [5.0, 5.0], [1.0, 1.0]],
                          [[2.0, 2.0], [2.0, 2.0], [2.0, 2.0], [0.0, -1.0]])
    assert ratios.tolist() == [0.5, 1.4, 2.5, math.inf]
    assert ladder_violations(ratios, ladder=(1.25, 2.0, 3.0)) == {1.25: 1, 2.0: 2, 3.0: 3}
    with pytest.raises(ValueError, match="NaN"):
        ladder_violations([1.0, math.nan])


def test_sensitivity_is_the_first_rung_the_verdicts_own_rule_calls_violated():
    """0/100 violations at δ = 0.1 'holds'. With the bound halved 40 of 100 trials break it, which the
    99 % Clopper–Pearson rule calls violated (lower end 0.28 > 0.1) while 9/100 at k = 1.5 is not: k = 2,
    not weak. A check whose bound would have to be more than 3x too small is shown weak; one no rung
    catches has k None and is weak; a verdict without a ladder is left unchanged (no k)."""
    from regretlab.verify.verdict import WEAK_ABOVE, sensitivity_audit

    def audited(ladder):
        v = rate_verdict("X", "-", violations=0, trials=100, delta=0.1)
        v.ladder = ladder
        return sensitivity_audit(v)

    v = audited({1.25: 2, 1.5: 9, 2.0: 40, 3.0: 90})
    assert (v.power["sensitivity_k"], v.weak) == (2.0, False) and "2x too small" in v.statistic
    v = audited({1.25: 0, 2.0: 5, 3.0: 10, 5.0: 60})
    assert v.power["sensitivity_k"] == 5.0 > WEAK_ABOVE and v.weak and "weak" in v.statistic
    v = audited({1.25: 0, 10.0: 3})
    assert v.power["sensitivity_k"] is None and v.weak and "no bound up to 10x" in v.statistic
    bare = sensitivity_audit(rate_verdict("X", "-", violations=0, trials=100, delta=0.1))
    assert "sensitivity_k" not in bare.power and not bare.weak


def test_sensitivity_of_a_counterexample_search_is_the_first_rung_with_one():
    """For a claim without δ one counterexample decides: ratios of 1.6 and 4 give k = 2; a violated verdict
    is never called weak."""
    from regretlab.verify.verdict import ladder_violations, sensitivity_audit

    v = counterexample_verdict("X", "-", counterexamples=0, checks=2)
    v.ladder = ladder_violations([1.6, 4.0])
    assert sensitivity_audit(v).power["sensitivity_k"] == 2.0 and not v.weak
    bad = counterexample_verdict("X", "-", counterexamples=1, checks=2)
    bad.ladder = ladder_violations([0.5, 4.0])
    assert sensitivity_audit(bad).outcome == "violated" and not bad.weak


def test_the_power_audit_gives_a_bound_check_its_ladder_from_the_series():
    """A bound with slack 2 on every trial: the ladder from the series breaks nothing at k = 1.25 and 1.5
    and every trial from k = 2 on (the tightest ratio is exactly 2, and a trial breaks bound / k when the
    ratio is below k), so k = 3 (2 itself is not below 2) after the audit."""
    from regretlab.verify.verdict import power_audit, sensitivity_audit

    T = np.arange(1, 11)
    empirical = np.tile(1.0 * T, (60, 1))
    v = rate_verdict("X", "-", violations=0, trials=60, delta=0.1,
                     series={"empirical": empirical, "bound": 2.0 * T, "ceiling": np.tile(1e3 * T, (60, 1))})
    power_audit(v)
    assert v.ladder == {1.25: 0, 1.5: 0, 2.0: 0, 3.0: 60, 5.0: 60, 10.0: 60}
    assert sensitivity_audit(v).power["sensitivity_k"] == 3.0 and v.outcome == "holds" and not v.weak


def test_the_interval_of_k_equals_resampling_the_trials_themselves():
    """The multinomial draw over "first rung broken" equals resampling the trials' own ratios: 60 trials
    of which 16 break bound/2 (the rate rule at δ = 0.1 calls 14 of 60 violated, so k = 2, barely) and 36
    bound/3, resampled row by row 4000 times through the same rule, give the same central 90 % rungs,
    2 to 3; the interval is reported beside k (in the table's cell too)."""
    from regretlab.verify.report import k_cell
    from regretlab.verify.verdict import (
        _rate_outcome,
        ladder_violations,
        sensitivity_audit,
        sensitivity_interval,
    )

    ratios = np.array([1.4] * 1 + [1.9] * 15 + [2.6] * 20 + [20.0] * 24)
    ladder = ladder_violations(ratios)
    got = sensitivity_interval(ladder, 60, 0.1, LEVEL)
    rng = np.random.default_rng(11)
    rungs = sorted(ladder)
    ks = []
    for _ in range(4000):
        counts = ladder_violations(rng.choice(ratios, size=60))
        caught = [k for k in rungs if _rate_outcome(counts[k], 60, 0.1, LEVEL)[0] == "violated"]
        ks.append(caught[0] if caught else np.inf)
    expected = [float(np.quantile(ks, 0.05, method="lower")), float(np.quantile(ks, 0.95, method="higher"))]
    assert got == expected and got[0] < got[1], (got, expected)   # a real spread, not one rung
    v = rate_verdict("X", "-", violations=0, trials=60, delta=0.1)
    v.ladder = ladder
    sensitivity_audit(v)
    assert v.power["sensitivity_interval"] == got and "bootstrap interval of k" in v.statistic
    assert k_cell(v.outcome, v.power) == f"{v.power['sensitivity_k']:g} [{got[0]:g}–{got[1]:g}]"


def test_the_interval_of_k_is_none_for_counts_that_are_not_nested_and_open_at_the_top():
    """Counts that fall along the ladder (a trial breaking bound/2 but not bound/3) are not one category per
    trial: no interval. One counterexample in 40 checks at k = 2 is missed by many resamples: the upper end
    is "beyond the ladder" (None)."""
    from regretlab.verify.verdict import k_interval_text, sensitivity_interval

    assert sensitivity_interval({1.25: 5, 2.0: 3}, 10, 0.1) is None
    interval = sensitivity_interval({1.25: 0, 2.0: 1, 3.0: 1}, 40, None)
    assert interval == [2.0, None] and k_interval_text(interval, 10.0) == "2–>10"


def test_a_holds_whose_bound_bites_on_a_minority_of_trials_is_weak():
    """k = 2 (not weak by sensitivity: 20 trials break bound/2), but the bound 2T is below the ceiling on
    only those 20 of 60 trials (on the other 40 it is above what any query rule reaches, so they could not
    have failed): the *holds* is weak, with the reason; with 40 of 60 trials open it is not."""
    from regretlab.verify.verdict import OPEN_MAJORITY, power_audit, sensitivity_audit

    def audited(open_trials):
        T = np.arange(1, 11)
        empirical = np.tile(1.0 * T, (60, 1))
        empirical[:20] = 1.2 * T                       # ratio 1.67: broken by bound/2, not bound/1.5
        ceiling = np.tile(1e3 * T, (60, 1))
        empirical[open_trials:], ceiling[open_trials:] = 0.5, 1.0   # bound 2T >= ceiling at every T
        v = rate_verdict("X", "-", violations=0, trials=60, delta=0.1,
                         series={"empirical": empirical, "bound": 2.0 * T, "ceiling": ceiling})
        return sensitivity_audit(power_audit(v))

    few, many = audited(20), audited(40)
    assert few.power["open_fraction"] == pytest.approx(20 / 60) and 20 / 60 < OPEN_MAJORITY
    assert few.outcome == "holds" and few.power["sensitivity_k"] == 2.0
    assert few.weak and "bites on 33% of the trials" in few.statistic
    assert many.outcome == "holds" and many.power["sensitivity_k"] == 2.0 and not many.weak


@pytest.mark.parametrize(("call", "message"), [
    (lambda f: f["interval"]({1.25: 0}, 0, 0.1), r"trials=0 is outside its domain"),
    (lambda f: f["interval"]({1.25: 0}, 10, 1.5), r"delta=1.5 is outside its domain \(0, 1\)"),
    (lambda f: f["interval"]({1.25: 0}, 10, 0.1, coverage=1.0), r"coverage=1.0 is outside its domain"),
    (lambda f: f["interval"]({1.25: 0}, 10, 0.1, resamples=0), r"resamples=0 is outside its domain"),
    (lambda f: f["interval"]({0.5: 0}, 10, 0.1), r"ladder rung=0.5 is outside its domain \(1, "),
    (lambda f: f["interval"]([1.25], 10, 0.1), r"ladder=\[1.25\] is not a dict"),
    (lambda f: f["bites"]({"T": [1, 2]}, delta=0.1), r"beyond has no 'ceiling', 'low', 'high'"),
    (lambda f: f["bites"]({"T": [2, 1], "ceiling": [[1, 2]], "low": 1, "high": 1}, delta=0.1),
     r"beyond\['T'\] is not strictly ascending"),
    (lambda f: f["bites"]({"T": [1, 2, 3], "ceiling": [[1, 2]], "low": 1, "high": 1}, delta=0.1),
     r"beyond\['ceiling'\] has shape \(1, 2\); expected \(trials, 3\)"),
    (lambda f: f["bites"]({"T": [1, 2], "ceiling": [[1, 2]], "low": 1, "high": 1}, delta=0.1, level=2.0),
     r"level=2.0 is outside its domain"),
])
def test_the_k_interval_and_the_bite_summary_name_their_bad_input(call, message):
    """The k bootstrap and the bite summary check their arguments at the boundary: a ValueError naming the
    parameter, its value and its domain."""
    from regretlab.verify.verdict import bite_summary, sensitivity_interval

    with pytest.raises(ValueError, match=message):
        call({"interval": sensitivity_interval, "bites": bite_summary})
