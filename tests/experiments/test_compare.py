"""The statistics behind the verdicts (regretlab.experiments.compare) and the sequential decision procedure
(regretlab.experiments.decide), on data with a known answer: exact p-values by hand, Holm by hand, the
equivalence test rejecting and accepting on constructed data, and simulated studies for the procedure's
false-decision rate (at most 5 % plus three Monte Carlo standard errors over a thousand null studies) and its
power (a true difference of the size the papers claim confirmed at the planned n in at least 80 % of
studies). Fixed seeds throughout."""

import math

import numpy as np
import pytest

from regretlab.experiments import compare
from regretlab.experiments.claims import CLAIMS, Claim
from regretlab.experiments.decide import Comparison, claim_decision, decide_comparisons, item_verdict


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

    def comps(states):
        out = []
        for (other, problem), state in zip(claim.comparisons(), states, strict=True):
            c = Comparison(claim.key, "better", "A", other, problem, True)
            c.decision = state
            out.append(c)
        return out

    ok, ref, und = "confirmed", "refuted", "undecided"
    assert claim_decision(claim, comps([ok, ok, und, ok, und, ok])) == "confirmed"   # 2 of 3 each
    assert claim_decision(claim, comps([ok, ok, und, ref, ref, ok])) == "refuted"    # C cannot reach 2
    assert claim_decision(claim, comps([ok, und, und, ok, ok, ok])) == "undecided"
    assert item_verdict(["confirmed", "undecided"]) == "partly"
    assert item_verdict(["confirmed", "refuted"]) == "not reproduced"
    assert item_verdict(["undecided"]) == "undecided" and item_verdict(["confirmed"]) == "reproduced"


def test_every_registered_claim_quotes_the_paper_and_names_its_runs():
    """Each claim has a quote and a location in the project's citation form, and its methods and problems
    are methods and problems of the spec it reads."""
    from regretlab.experiments import registry
    from regretlab.experiments.sequential import source_of

    for claim in CLAIMS.values():
        assert claim.quote and claim.location.startswith("[")
        spec = source_of(claim.item)
        assert claim.method in spec.methods and set(claim.others) <= set(spec.methods), claim.key
        assert set(claim.problems) <= {p.key for p in spec.problems}, claim.key
        assert registry.get(claim.item)
