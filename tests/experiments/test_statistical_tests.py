"""The statistics behind the verdicts (regretlab.decisions.compare), on data with a known answer: exact
p-values by hand, Holm by hand, the equivalence test rejecting and accepting on constructed data, the spending
rule, the intervals, the trend tests and the runs-needed approximations. Fixed seeds throughout."""

import math

import numpy as np
import pytest
from scipy import stats

from regretlab.decisions import compare
from regretlab.decisions.verdicts import item_verdict


def test_exact_p_values_by_hand():
    """Mann-Whitney, samples fully separated, 5 vs 5: p = 1 / C(10, 5) = 1/252; 4 vs 4: 1/70 (the fewest
    runs that reach p < 0.05); 2 vs 2: 1/6 (quick mode cannot decide). Wilcoxon, 10 positive paired
    differences: p = 2**-10."""
    assert compare.one_sided_p(np.arange(5, 10), np.arange(5), paired=False) == pytest.approx(1 / 252)
    assert compare.one_sided_p(np.arange(4, 8), np.arange(4), paired=False) == pytest.approx(1 / 70)
    assert compare.one_sided_p([3, 4], [1, 2], paired=False) == pytest.approx(1 / 6)
    d = np.arange(1, 11, dtype=float)
    assert compare.one_sided_p(d, np.zeros(10), paired=True) == pytest.approx(2.0**-10)
    # the opposite direction gets the complementary tail
    assert compare.one_sided_p(np.zeros(10), d, paired=True) == pytest.approx(1.0)


def test_mann_whitney_is_exact_beyond_eight_runs_and_exact_conditional_on_ties():
    """Fully separated untied runs, n vs n for n = 2..30: p = 1 / C(2n, n) exactly (to 1e-9 relative), so p
    falls as runs are added (scipy's method="auto" gave 2.1e-4 at 9 vs 9, above 7.8e-5 at 8 vs 8). With a
    tie the exact conditional p (every split of the observed midranks equally likely) is used: equal to
    scipy's permutation test enumerating all C(12, 6) splits, below the normal approximation on the 10 vs 10
    example (0.00157 against 0.00254: power the approximation lost), and two constant samples apart get
    exactly the floor 1/C(2n, n) (the approximation gave less, below what any exact test can reach)."""
    ps = [compare.one_sided_p(100.0 + np.arange(n), np.arange(float(n)), paired=False) for n in range(2, 31)]
    assert ps == pytest.approx([1 / math.comb(2 * n, n) for n in range(2, 31)], rel=1e-9)
    assert all(later < earlier for earlier, later in zip(ps[:-1], ps[1:], strict=True))
    tied_a, tied_b = np.arange(10.0) + 5.0, np.arange(10.0)   # 5..9 appear on both sides
    asymptotic = stats.mannwhitneyu(tied_a, tied_b, alternative="greater", method="asymptotic").pvalue
    assert compare.one_sided_p(tied_a, tied_b, paired=False) == pytest.approx(0.0015696377925, rel=1e-9)
    assert compare.one_sided_p(tied_a, tied_b, paired=False) < asymptotic
    small_a, small_b = np.array([1.0, 1.0, 2.0, 2.0, 3.0, 0.0]), np.array([0.0, 1.0, 1.0, 0.0, 2.0, 0.0])
    reference = stats.permutation_test(
        (small_a, small_b), lambda x, y: stats.rankdata(np.concatenate([x, y]))[: x.size].sum(),
        permutation_type="independent", alternative="greater", n_resamples=np.inf).pvalue
    assert compare.one_sided_p(small_a, small_b, paired=False) == pytest.approx(reference, rel=1e-12)
    for n in (5, 10, 30):
        constant = compare.one_sided_p(np.ones(n), np.zeros(n), paired=False)
        assert constant == pytest.approx(1 / math.comb(2 * n, n), rel=1e-9)


def test_signed_rank_is_exact_conditional_on_ties_and_zeros():
    """Paired differences with ties and zeros: the exact conditional signed-rank p (zeros dropped, each sign
    ± 1/2 on the midranks) equals scipy's permutation test over all 2^n sign flips; on untied data it is
    scipy's exact p; ten equal positive differences give 2^-10, the floor the looks assume."""
    d = np.array([2.0, 2.0, 1.0, -1.0, 0.0, 3.0, 2.0, -2.0, 1.0])
    nonzero = d[d != 0]
    reference = stats.permutation_test(
        (nonzero,), lambda x: stats.rankdata(np.abs(x))[x > 0].sum(), permutation_type="samples",
        alternative="greater", n_resamples=np.inf).pvalue
    assert compare.one_sided_p(d, np.zeros_like(d), paired=True) == pytest.approx(reference, rel=1e-12)
    untied = np.random.default_rng(0).normal(size=12)
    assert compare.exact_signed_rank_p(untied) == pytest.approx(
        stats.wilcoxon(untied, alternative="greater", method="exact").pvalue, rel=1e-12)
    assert compare.one_sided_p(np.ones(10), np.zeros(10), paired=True) == pytest.approx(2.0**-10)
    many = compare.EXACT_MANN_WHITNEY_UP_TO + 1   # past the bound: the normal approximation, untied or not
    big_a, big_b = np.arange(float(many)) + 0.5, np.arange(float(many))
    expected = stats.mannwhitneyu(big_a, big_b, alternative="greater", method="asymptotic").pvalue
    assert compare.one_sided_p(big_a, big_b, paired=False) == pytest.approx(expected, rel=1e-12)


def test_holm_by_hand_and_its_monotonicity():
    assert compare.holm([0.01, 0.04, 0.03]).tolist() == pytest.approx([0.03, 0.06, 0.06])
    assert compare.holm([0.5, 1e-3]).tolist() == pytest.approx([0.5, 2e-3])
    with pytest.raises(ValueError, match="must lie in"):
        compare.holm([1.5])


def test_the_equivalence_test_rejects_and_accepts_on_constructed_data():
    """Two samples with the same values in another order (Δ = 0) are shown equivalent within a margin of
    one spread (p < 0.01); a shift of three margins is not (p > 0.5), and its 'differ beyond the margin'
    test is significant."""
    rng = np.random.default_rng(0)
    a = rng.normal(size=30)
    b = rng.permutation(a)
    assert compare.equivalence_p(a, b, margin=1.0, paired=False) < 0.01
    shifted = a + 3.0
    assert compare.equivalence_p(shifted, b, margin=1.0, paired=False) > 0.5
    assert compare.one_sided_p(shifted, b, paired=False, shift=1.0) < 0.01
    with pytest.raises(ValueError, match="margin"):
        compare.equivalence_p(a, b, margin=0.0, paired=False)


def test_spending_sums_to_alpha_and_obrien_fleming_spends_late():
    for kind in compare.SPENDING:
        levels = compare.look_levels([5, 10, 20, 30], 0.05, kind)
        assert levels.sum() == pytest.approx(0.05) and np.all(levels > 0)
    pocock, obf = (compare.look_levels([5, 10, 20, 30], 0.05, k) for k in ("pocock", "obrien_fleming"))
    assert pocock[0] > 100 * obf[0] and obf[-1] > pocock[-1]


def test_effect_interval_covers_a_known_shift():
    """A paired shift of 1 with unit noise, 30 runs: the bootstrap interval of the median difference
    contains 1 and not 0; P(A > B) is above 1/2."""
    rng = np.random.default_rng(1)
    b = rng.normal(size=30)
    a = b + 1.0 + rng.normal(scale=0.5, size=30)
    e = compare.effect(a, b, paired=True, rng=2)
    assert e.low < 1.0 < e.high and e.low > 0 and e.p_improvement > 0.5


def test_runs_needed_follows_the_normal_approximation():
    """d = 0.5 (paired), level 0.01, power 0.8: ((2.326 + 0.842) / 0.5)^2 / 0.864 = 46.5 runs."""
    a = np.array([0.5 + x for x in (-1.0, 1.0)] * 20)
    scale = np.std(a, ddof=1)
    b = np.zeros_like(a)
    expected = ((2.3263 + 0.8416) * scale / 0.5) ** 2 / 0.864
    assert compare.runs_needed(a, b, level=0.01, paired=True) == pytest.approx(expected, rel=1e-3)
    assert math.isinf(compare.runs_needed(b, a, level=0.01, paired=True))


def test_trend_p_and_effect_on_constructed_orders():
    """Three methods fully ordered (every run of a later method beats every run of an earlier one): the
    confirm p is below 0.01 and the refute p above 0.99, τ = +1 exactly; the reversed order swaps them and
    τ = -1; constant values give no evidence either way (p = 1, 1)."""
    rising = [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]]
    up, down = compare.trend_p(rising)
    assert up < 0.01 and down > 0.99
    assert compare.trend_effect(rising, rng=0).shift == pytest.approx(1.0)
    up, down = compare.trend_p(rising[::-1])
    assert down < 0.01 and up > 0.99
    assert compare.trend_effect(rising[::-1], rng=0).shift == pytest.approx(-1.0)
    assert compare.trend_p([[1.0, 1.0], [1.0, 1.0]]) == (1.0, 1.0)
    with pytest.raises(ValueError, match="at least two methods"):
        compare.trend_p([[1.0, 2.0]])


def test_stratified_trend_p_with_one_stratum_is_scipys_kendall_test():
    """The stratified test's S and tie-corrected variance, with every run in one stratum, give exactly
    scipy's Kendall p (positions tied within a method, values rounded to one decimal so they tie too): five
    seeded draws of four methods of 7 runs, both directions, to 1e-12."""
    rng = np.random.default_rng(1)
    for _ in range(5):
        samples = [np.round(rng.normal(0.3 * i, 1.0, 7), 1) for i in range(4)]
        pooled = compare.trend_p(samples)
        one_stratum = compare.trend_p(samples, strata=[["c"] * 7] * 4)
        np.testing.assert_allclose(one_stratum, pooled, rtol=1e-12, atol=0)
    with pytest.raises(ValueError, match="one label per run"):
        compare.trend_p([[1.0, 2.0], [3.0, 4.0]], strata=[["a"], ["a", "b"]])


def test_stratified_trend_reads_only_pairs_within_a_stratum():
    """Two commits, three methods of 6 runs: the first method's runs all at the slow commit, the second's
    half at each, the third's all at the fast one, whose values are +10. Pooled, the order looks clear
    (p < 0.01); within each commit the methods there have the same values (S = 0: p = 0.5 both ways). With
    the order present inside each commit too (+1 per method), the stratified test confirms it (p < 1e-3);
    a stratum holding one method only adds nothing."""
    noise = np.array([0.3, -0.2, 0.1])
    strata = [["slow"] * 6, ["slow"] * 3 + ["fast"] * 3, ["fast"] * 6]

    def methods(step):
        return [np.tile(noise, 2), np.concatenate([noise + step, noise + 10.0 + step]),
                np.tile(noise, 2) + 10.0 + 2 * step]

    assert compare.trend_p(methods(0.0))[0] < 0.01
    assert compare.trend_p(methods(0.0), strata=strata) == pytest.approx((0.5, 0.5))
    up, down = compare.trend_p(methods(1.0), strata=strata)
    assert up < 1e-3 and down > 0.999
    alone = [*methods(1.0), np.array([99.0])]
    assert compare.trend_p(alone, strata=[*strata, ["solo"]]) == pytest.approx((up, down))


def test_stratified_trend_holds_its_level_when_commits_shift_the_values():
    """1000 simulated studies (seed 5) of three methods with 12 runs each and no order between them, whose
    runs come from two commits that differ by 2 s.d. (the later methods' runs more often at the faster
    commit: 3, 6, 9 of 12): the stratified test rejects "no order" at 5 % in at most 5 % + 3 Monte Carlo
    s.e. of the studies, while the pooled test, fooled by the shift, rejects in more than half."""
    rng = np.random.default_rng(5)
    studies, level = 1000, 0.05
    strata = [np.array(["fast"] * k + ["slow"] * (12 - k)) for k in (3, 6, 9)]
    stratified = pooled = 0
    for _ in range(studies):
        samples = [rng.normal(size=12) + 2.0 * (labels == "fast") for labels in strata]
        stratified += compare.trend_p(samples, strata=strata)[0] <= level
        pooled += compare.trend_p(samples)[0] <= level
    assert stratified / studies <= level + 3 * np.sqrt(level * (1 - level) / studies)
    assert pooled / studies > 0.5


def test_trend_runs_needed_scales_with_the_observed_z():
    """At a fixed observed z the runs needed grow as ((z_level + z_power) / z)^2 · n: a trend at p ≈ 0.1 with
    5 runs a method needs more than 5 runs for level 0.01; a trend already at p < 1e-6 needs fewer than it
    has; no trend (τ = 0) needs infinitely many."""
    rng = np.random.default_rng(4)
    weak = [rng.normal(0.3 * i, 1.0, size=5) for i in range(3)]
    assert compare.trend_runs_needed(weak, level=0.01) > 5
    strong = [np.arange(10.0) + 100 * i for i in range(4)]
    assert compare.trend_runs_needed(strong, level=0.01) < 10
    flat = [np.array([0.0, 1.0]), np.array([1.0, 0.0])]
    assert math.isinf(compare.trend_runs_needed(flat, level=0.01))


def test_commit_effect_p_separates_shifted_commits_from_one_distribution():
    """Kruskal–Wallis across commits: three groups of 10 draws of one normal give p > 0.05 here (seed 0), a
    group shifted by 3 sd gives p < 1e-3; fewer than two groups of 3, a NaN, or all-equal values are handled
    (error, error, p = 1)."""
    from regretlab.decisions.compare import commit_effect_p

    rng = np.random.default_rng(0)
    same = [rng.standard_normal(10) for _ in range(3)]
    assert commit_effect_p(same) > 0.05
    assert commit_effect_p([same[0], same[1] + 3.0]) < 1e-3
    with pytest.raises(ValueError, match="at least two groups"):
        commit_effect_p([same[0]])
    with pytest.raises(ValueError, match="at least two groups"):
        commit_effect_p([same[0], same[1][:2]])
    with pytest.raises(ValueError, match="finite"):
        commit_effect_p([same[0], np.array([1.0, np.nan, 2.0])])
    assert commit_effect_p([np.ones(3), np.ones(4)]) == 1.0


def test_trend_runs_needed_and_group_sizes_refuse_values_outside_their_domains():
    """level and power must lie in (0, 1); group sizes need positive counts with n_groups <= dim."""
    from regretlab.algorithms.groups import group_sizes

    groups = [np.arange(3.0), np.arange(3.0) + 5]
    with pytest.raises(ValueError, match=r"level=1.5 is outside its domain \(0, 1\)"):
        compare.trend_runs_needed(groups, level=1.5)
    with pytest.raises(ValueError, match=r"power=0 is outside its domain"):
        compare.trend_runs_needed(groups, level=0.01, power=0)
    with pytest.raises(ValueError, match="n_groups"):
        group_sizes(4, 5, 1)


def test_the_new_statistics_refuse_bad_input_with_a_clear_error():
    """A pilot margin and the exact conditional tests name what is wrong: a non-finite run, a multiple that is
    not a positive number; never a silent nan margin or p."""
    from regretlab.decisions.decide import pilot_margin

    with pytest.raises(ValueError, match="finite numbers"):
        pilot_margin([1.0, 2.0, math.nan], [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="multiple=-1.0 is outside its domain"):
        pilot_margin([1.0, 2.0], [1.0, 2.0], -1.0)
    with pytest.raises(ValueError, match="d must be finite"):
        compare.exact_signed_rank_p([1.0, math.inf])
    with pytest.raises(ValueError, match="finite numbers"):
        compare.exact_rank_sum_p([1.0, math.nan], [0.0, 1.0])
    from regretlab.decisions.verdicts import reading_verdict
    with pytest.raises(ValueError, match="decisions='maybe' is not one of"):
        reading_verdict(["confirmed", "maybe"])
    with pytest.raises(ValueError, match="decisions='partly' is not one of"):
        item_verdict(["partly"])   # an item's verdict is not a claim's


@pytest.mark.parametrize("paired", [False, True])
@pytest.mark.parametrize("shift", [0.5, 1.0])
def test_rank_runs_needed_gives_about_the_stated_power_when_simulated(shift, paired):
    """Issue 73.2: Noether's runs needed for the rank test that is run (Mann–Whitney, or Wilcoxon signed-rank
    when paired), read from a large sample of normal runs shifted by 0.5 and 1 sd, is checked by simulating
    that very test (compare.one_sided_p) at that n: 300 draws reach the stated 80 % power within
    [0.70, 0.93] (the formula is first-order; it came out 0.82-0.88 here). Half the runs, or a zero effect,
    give clearly less; rank_power at n agrees with the simulated rate within 0.1."""
    rng = np.random.default_rng(20261207)
    level = 0.025
    a, b = rng.normal(shift, 1.0, 1500), rng.normal(0.0, 1.0, 1500)
    n = math.ceil(compare.rank_runs_needed(a, b, level=level, paired=paired))
    assert 5 < n < 120

    def simulated(runs: int, effect: float) -> float:
        hits = sum(compare.one_sided_p(rng.normal(effect, 1.0, runs), rng.normal(0.0, 1.0, runs),
                                       paired=paired) <= level for _ in range(300))
        return hits / 300

    at_n = simulated(n, shift)
    assert 0.70 <= at_n <= 0.93
    assert abs(compare.rank_power(a, b, n, level=level, paired=paired) - at_n) < 0.1
    assert simulated(max(2, n // 2), shift) < at_n - 0.1
    assert simulated(n, 0.0) < 0.08


def test_rank_runs_needed_reads_ranks_not_means_and_refuses_bad_levels():
    """One outlying run moves the mean-based count by orders of magnitude, the rank-based one not at all (the
    audit's worst disagreement: 4,728 vs 29); no effect or the wrong sign is infinite; level, power and n
    outside their domains are refused naming them."""
    a = np.array([1.0, 1.2, 1.4, 1.6, 1.8, 2.0, 2.2, 2.4, 2.6, 2.8])
    b = a - 0.3
    outlier = b.copy()
    outlier[0] = 40.0
    assert compare.rank_runs_needed(a, outlier, level=0.01, paired=False) == pytest.approx(
        compare.rank_runs_needed(a, np.r_[b[1:], b[0] + 100.0], level=0.01, paired=False))
    assert math.isinf(compare.runs_needed(a, outlier, level=0.01, paired=False))   # the mean flips sign
    assert math.isfinite(compare.rank_runs_needed(a, outlier, level=0.01, paired=False))
    assert math.isinf(compare.rank_runs_needed(b, a, level=0.01, paired=False))
    assert math.isinf(compare.rank_runs_needed(a, a, level=0.01, paired=True))
    with pytest.raises(ValueError, match="level=1.5"):
        compare.rank_runs_needed(a, b, level=1.5, paired=False)
    with pytest.raises(ValueError, match="power=0"):
        compare.rank_runs_needed(a, b, level=0.05, power=0, paired=False)
    with pytest.raises(ValueError, match="n=0"):
        compare.rank_power(a, b, 0, level=0.05, paired=False)
