"""Printed-number gap studies (diagnoses/gaps.py, campaign/gaps.py) and the substitute's spread and face
values (diagnoses/diagnosis.py): each statement computed right on a case with a known answer, and none
of them a decision."""

from __future__ import annotations

import numpy as np
import pytest

from regretlab.diagnoses import diagnosis, gaps
from regretlab.experiments import registry
from regretlab.experiments.spec import Problem, canonical_method


def test_a_factor_adds_its_options_to_the_method_and_scales_beta_by_D_over_d():
    """Factor.method: fixed options are added to the method's own, a 'D/d' option is D over the method's
    group size, and the spelling parses back to the same configuration; an unknown rule is refused."""
    fixed = gaps.Factor("budget", {"acq_budget": 500})
    assert canonical_method(fixed.method("Li2016/ADD(d=5)", 50)) == canonical_method(
        "Li2016/ADD(d=5, acq_budget=500)")
    scaled = gaps.Factor("beta", per_d={"beta_scale": "D/d"})
    assert canonical_method(scaled.method("Li2016/ADD(d=25)", 50)) == canonical_method(
        "Li2016/ADD(d=25, beta_scale=2.0)")
    with pytest.raises(ValueError, match=r"per_d\['beta_scale'\]='D\*d'"):
        gaps.Factor("bad", per_d={"beta_scale": "D*d"}).method("Li2016/ADD(d=5)", 50)


def test_the_study_spec_runs_every_factor_on_the_gap_methods_with_the_printed_cells_of_their_base():
    """gap_spec: one method per (factor, gap method), the item's problem and budget, the study's repeats; each
    variant is compared with its base method's printed cells; the spec validates and its runs are keyed
    apart from the item's (a study never shares or changes the item's runs)."""
    study = gaps.GAP_STUDIES["Li2016.table1_code"]
    spec = gaps.gap_spec("Li2016.table1_code")
    item = registry.get("Li2016.table1_code")
    spec.validate()
    assert len(spec.methods) == len(study.factors) * len(study.methods)
    assert spec.problems == item.problems and spec.modes["full"].budgets == item.modes["full"].budgets
    assert spec.modes["full"].repeats == study.repeats
    printed = spec.paper_values["table"]["D50"]
    assert printed["Li2016/ADD(d=5, perturb_repeats=False)"] == item.paper_values["table"]["D50"][
        "Li2016/ADD(d=5)"]
    assert not {r.key for r in spec.runs("full")} & {r.key for r in item.runs("full")}
    assert spec.key not in registry.SPECS   # decides nothing: not a registered item


def _result(regret_at_500: float, regret_at_1000: float, optimum: float = 0.0) -> dict:
    """A run whose simple regret is ``regret_at_500`` at T = 500 and ``regret_at_1000`` (not above it) at
    T = 1000."""
    f = np.full(1000, optimum - regret_at_500 - 1.0)
    f[499] = optimum - regret_at_500
    f[999] = optimum - regret_at_1000
    return {"f": f, "meta": {"optimum_value": optimum}}


def test_the_gap_text_shows_each_factor_beside_the_item_and_the_printed_numbers():
    """gap_text: per factor and gap method our means at T = 500 / 1000, the item's, the printed ones and the
    printed check's count; a factor whose pilot lands on the printed cells counts them as agreeing; no text
    without study runs or for an item without a study."""
    spec = gaps.gap_spec("Li2016.table1_code")
    item = {("Li2016/ADD(d=5)", "D50", r): _result(17.0, 16.0) for r in range(3)}
    study = {}
    for r in range(3):
        study[("Li2016/ADD(d=5, perturb_repeats=False)", "D50", r)] = _result(180.3, 153.4 + (r - 1) * 5)
        study[("Li2016/ADD(acq_budget=500, d=5)", "D50", r)] = _result(20.0, 19.0)
    assert set(k[0] for k in study) <= set(spec.methods)
    text = gaps.gap_text("Li2016.table1_code", item, study)
    assert text.startswith("printed-number gap, one factor at a time")
    assert "no perturbation of repeated proposals: ADD-5 180 / 153 (n = 3; the item's 17 / 16, printed " \
           "180.3 / 153.4), 2 of 2 printed cells agree" in text
    assert "DiRect budget 10 D: ADD-5 20 / 19" in text and "0 of 2 printed cells agree" in text
    assert "beta_t on D" not in text   # no run of that factor: not shown
    assert gaps.gap_text("Li2016.table1_code", item, {}) == ""
    assert gaps.gap_text("Li2016.table2_code", item, study) == ""


def test_a_heavy_tail_is_told_apart_from_a_shift():
    """tail_text: a cell whose mean is over twice the printed one while the median is within it is named with
    its count of far runs; a cell whose median is far too (a shift) is not."""
    results = {("M", "P", r): _result(v, v) for r, v in enumerate([40.0, 45.0, 50.0, 700.0, 760.0])}
    results.update({("S", "P", r): _result(400.0 + r, 400.0 + r) for r in range(5)})
    cells = [{"method": "M", "problem": "P", "T": 1000, "printed": [41.5, 1.4], "ours": [319.0, 150.0]},
             {"method": "S", "problem": "P", "T": 1000, "printed": [41.5, 1.4], "ours": [402.0, 0.7]}]
    text = gaps.tail_text(results, cells)
    assert "M at T = 1000: mean 319 against the printed 41.5, median 50; 2 of 5 runs" in text
    assert "S at T" not in text
    assert gaps.tail_text(results, cells[1:]) == ""
    with pytest.raises(ValueError, match="ratio"):
        gaps.tail_text(results, cells, ratio=1.0)
    with pytest.raises(ValueError, match="key='Li2016.table2_code' has no gap study"):
        gaps.gap_spec("Li2016.table2_code")


def test_initial_values_read_only_the_initial_design_of_the_problems_runs():
    """initial_values: the values flagged is_initial, of the named problem only, in a stable order."""
    results = {("A", "P", 0): {"f": np.array([1.0, 2.0, 9.0]), "is_initial": np.array([True, True, False])},
               ("B", "P", 0): {"f": np.array([3.0, 8.0]), "is_initial": np.array([True, False])},
               ("A", "Q", 0): {"f": np.array([5.0]), "is_initial": np.array([True])}}
    assert diagnosis.initial_values(results, "P").tolist() == [1.0, 2.0, 3.0]
    assert diagnosis.initial_values(results, "R").size == 0


def test_the_best_face_centre_is_the_largest_value_over_the_2D_face_centres():
    """face_centre_best on a 3-D Hyper-Ellipsoid (maximised, optimum at the centre): every face centre lies
    one half-side from the optimum along one axis, and the best of them is the one on the axis of smallest
    weight, as the function's formula gives it."""
    problem = Problem("hyperellipsoid", 3, "HE-3", (("variant", "axis_parallel"),))
    objective = problem.objective()
    lo, hi = objective.bounds[:, 0], objective.bounds[:, 1]
    centre = (lo + hi) / 2.0
    by_hand = []
    for k in range(3):
        for end in (lo[k], hi[k]):
            x = centre.copy()
            x[k] = end
            by_hand.append(float(objective(x[None, :])[0]))
    assert diagnosis.face_centre_best(problem) == max(by_hand)
    assert diagnosis.face_centre_best(problem) < float(objective(centre[None, :])[0])


def test_the_expected_best_of_n_random_points_follows_the_order_statistic():
    """expected_best_of: on the values 1..M (each 1/M) the best of one draw is their mean and the best of n
    draws is sum_i i[(i/M)^n - ((i-1)/M)^n]; on a fine uniform sample of [0, 1] the best of n is near
    n / (n + 1); a bad n or an empty sample is refused by name."""
    values = np.arange(1.0, 11.0)
    assert diagnosis.expected_best_of(values, 1) == pytest.approx(5.5)
    by_hand = sum(i * ((i / 10) ** 3 - ((i - 1) / 10) ** 3) for i in range(1, 11))
    assert diagnosis.expected_best_of(values[::-1], 3) == pytest.approx(by_hand)
    grid = (np.arange(100_000) + 0.5) / 100_000
    assert diagnosis.expected_best_of(grid, 400) == pytest.approx(400 / 401, abs=1e-4)
    with pytest.raises(ValueError, match="n=0"):
        diagnosis.expected_best_of(values, 0)
    with pytest.raises(ValueError, match="sample is empty"):
        diagnosis.expected_best_of([], 3)


def test_the_proposed_methods_printed_cells_are_shown_once_the_registration_is_committed():
    """_proposed_text: under the 'code' reading of Li2016 Table 1 (registration committed) the proposed RPP's
    printed cells, which the printed check leaves out, are set beside ours; the paper-setup spec (nothing
    held back) shows none."""
    from regretlab.decisions.preregister import is_preregistered

    spec = registry.get("Li2016.table1_code")
    if not is_preregistered(spec):
        pytest.skip("the repository's registrations are not in this checkout")
    results = {("Li2016/RPP(d=10)", "D50", r): _result(20.0, 18.0) for r in range(3)}
    text = diagnosis._proposed_text(spec, results)
    assert "RPP-10 on D50 20 / 18 (n = 3) against 30.2 / 25.1 at T = 500 / 1000" in text
    assert diagnosis._proposed_text(registry.get("Li2016.table1"), results) == ""
