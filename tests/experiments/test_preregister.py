"""The pre-registration gate of a setup reading: its proposed methods run only after the baselines' pilot and
the printed-number check are committed."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from regretlab.campaign import sequential
from regretlab.decisions import preregister
from regretlab.decisions.claims import claims_of
from regretlab.experiments import registry

CODE = "Kandasamy2015.fig3_D10_simple_code"


def test_a_setup_reading_holds_back_its_proposed_methods_until_registered(tmp_path):
    spec = registry.get(CODE)
    assert spec.reading_of == "Kandasamy2015.fig3_D10_simple" and spec.setup_reading == "code"
    assert preregister.held_back(spec, tmp_path) == frozenset(spec.proposed)
    assert {"Kandasamy2015/GP-UCB", "Kandasamy2015/RAND", "Kandasamy2015/DiRect"}.isdisjoint(spec.proposed)
    # the paper setup's spec holds nothing back
    assert preregister.held_back(registry.get(spec.reading_of), tmp_path) == frozenset()


def test_the_campaign_runs_only_the_baselines_pilot_before_the_registration(tmp_path):
    decision = sequential.decide_from_runs(CODE, tmp_path / "results", tmp_path / "export")
    look = sequential.next_look(decision, tmp_path / "results", tmp_path / "export")
    spec = registry.get(CODE)
    assert look.look == preregister.PILOT_RUNS
    assert {run.method for run in look.todo} == set(spec.methods) - set(spec.proposed)
    assert max(run.repeat for run in look.todo) == preregister.PILOT_RUNS - 1


@pytest.mark.skipif(shutil.which("git") is None, reason="git is needed to commit a registration")
def test_only_a_committed_registration_opens_the_gate(tmp_path):
    spec = registry.get(CODE)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    path = preregister.record_path(spec.key, tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"item": spec.key}))
    assert not preregister.is_preregistered(spec, tmp_path)          # written, not committed
    git = ["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "register"], check=True)
    assert preregister.is_preregistered(spec, tmp_path)
    path.write_text(json.dumps({"item": spec.key, "changed": True}))  # edited after the commit
    assert not preregister.is_preregistered(spec, tmp_path)


def test_a_registration_after_a_proposed_run_is_refused():
    spec = registry.get(CODE)
    proposed = spec.proposed[0]
    results = {(proposed, "D10-d3-M3", 0): {"f": [0.0], "meta": {"optimum_value": 1.0}}}
    with pytest.raises(ValueError, match="would not precede them"):
        preregister.pilot_record(spec, results, claims_of(CODE))


def test_a_setup_reading_is_decided_on_its_paper_specs_claims():
    paper = claims_of("Kandasamy2015.fig3_D10_simple")
    code = claims_of(CODE)
    assert [c.key for c in code] == [f"{c.key}@code" for c in paper]
    assert {c.claim_key for c in code} == {c.claim_key for c in paper}
    assert all(c.setup == "code" and c.item == CODE for c in code)


def test_the_moved_reading_takes_the_optimum_off_the_box_centre():
    """TranThe2020 Figs 1-3 under the setup reading 'moved': the same problem labels (so the same claims),
    each problem instance 1 of its function, whose optimum is no longer the centre of the box; only MS-UCB's
    variants are held back."""
    from regretlab import objectives

    for key in ("TranThe2020.fig1", "TranThe2020.fig2", "TranThe2020.fig3"):
        paper, moved = registry.get(key), registry.get(f"{key}_moved")
        assert moved.reading_of == key and moved.setup_reading == "moved"
        assert [p.key for p in moved.problems] == [p.key for p in paper.problems]
        assert set(moved.proposed) == {m for m in moved.methods if "/MS-UCB" in m}
    problem = registry.get("TranThe2020.fig1_moved").problem("HyperEllipsoid-20")
    objective = objectives.get(problem.name, problem.dim, **dict(problem.options))
    centre = objective.bounds.mean(axis=1)
    assert objective.instance == 1
    assert abs(objective(centre[None, :])[0] - objective.optimum_value) > 1.0


def test_the_printed_number_check_compares_each_baseline_cell_by_its_declared_rule():
    """Li2016 Table 1 under the setup reading 'code': the check reads the printed cells (mean ± s.e. of the
    simple regret at T = 500 and 1000) of the methods that are not held back (never RPP's), compares our
    runs' mean ± s.e. by the declared rule (within 2 combined s.e.) and the order by Kendall's tau. Runs
    whose simple regret is the printed value agree; runs 10 s.e. away do not."""
    import numpy as np

    from regretlab.experiments.specs.li2016 import TABLE_1

    spec = registry.get("Li2016.table1_code")
    rng = np.random.default_rng(0)

    def runs(offset_in_se):
        results = {}
        for method in ("Li2016/GP-UCB", "Li2016/ADD(d=5)", "Li2016/RPP(d=5)"):
            (m500, se500), (m1000, se1000) = TABLE_1[method][500], TABLE_1[method][1000]
            for repeat in range(5):
                # the best value found by T: regret m500 at T = 500, m1000 at T = 1000 (optimum 0)
                f = np.full(1000, -1e4)
                f[499] = -(m500 + offset_in_se * se500 + rng.normal(0, 1e-6))
                f[999] = -(m1000 + offset_in_se * se1000 + rng.normal(0, 1e-6))
                results[(method, "D50", repeat)] = {"f": f, "meta": {"optimum_value": 0.0}}
        return results

    check = preregister.printed_check(spec, runs(0.0))
    assert {c["method"] for c in check["cells"]} == {"Li2016/GP-UCB", "Li2016/ADD(d=5)"}   # RPP held back
    assert check["of"] == 4 and check["agree"] == 4 and check["kendall_tau"] == 1.0
    far = preregister.printed_check(spec, runs(10.0))
    assert far["agree"] == 0 and all(c["z"] > 2 for c in far["cells"])
    assert "prints no number" in preregister.printed_check(registry.get(CODE), {})
    # the decision page shows the check cell by cell, with its rule; a printed value without s.e. alone
    from regretlab.figures.decisions import _printed_lines

    far["cells"][0]["printed"][1] = 0.0
    lines = _printed_lines(far)
    assert lines[0].startswith("**Printed numbers**") and "0 of 4 cells agree" in lines[0]
    assert "within 2 combined standard errors" in lines[0]
    assert sum(line.endswith("| no |") for line in lines) == 4
    assert f"| {TABLE_1['Li2016/GP-UCB'][500][0]:.4g} |" in lines[4] and _printed_lines(None) == []
    # both standard errors 0 (no printed s.e., runs that all end alike): z shows as the infinity it is
    far["cells"][0]["ours"][1] = 0.0
    assert "| +∞ | no |" in _printed_lines(far)[4]


def test_decisions_show_each_claim_per_setup_reading_and_refute_only_under_every_setup(tmp_path):
    """DECISIONS.md lists an item's claims under its paper setup and each registered setup reading: with no
    decided runs of the proposed methods under 'code' the reading is pending and no verdict holds over every
    setup; a decided reading that disagrees makes the claim setup-dependent."""
    from regretlab.decisions.verdicts import setup_verdict
    from regretlab.figures.decisions import write_decisions_md

    folder = tmp_path / "decisions"
    folder.mkdir()
    claim = {"key": "Kandasamy2015.fig3.c1", "claim": "Kandasamy2015.fig3.c1", "kind": "best",
             "quantifier": "all", "quote": "q", "location": "[Kandasamy2015, §5.1]", "reading": "",
             "statistic": "final_simple_regret", "decision": "refuted", "comparisons": []}
    record = {"item": "Kandasamy2015.fig3_D10_simple", "verdict": "not reproduced", "runs": {"A @ p": 5},
              "counts": {"refuted": 1}, "claims": [claim], "looks": [5], "alpha": 0.05,
              "spending": "pocock", "core_hours": 0.0, "commits": [],
              "claim_verdicts": [{"claim": claim["claim"], "verdict": "refuted", "readings": [
                  {"key": claim["key"], "label": "S_T", "decision": "refuted"}]}]}
    (folder / "Kandasamy2015.fig3_D10_simple.json").write_text(json.dumps(record))
    text = write_decisions_md(tmp_path).read_text()
    assert "'code': pending (its baselines' pilot and registration to come)" in text
    assert "| Kandasamy2015.fig3.c1 | refuted | pending | pending |" in text
    # the item's headline is its verdict over every setup, each setup's beside it (COMPARISON.md's verdict)
    assert ("## Kandasamy2015.fig3_D10_simple: pending over every setup (paper setup: not reproduced · "
            "'code': pending, its baselines' pilot and registration to come)") in text
    assert setup_verdict(["refuted", "confirmed"]) == "setup-dependent"
    assert setup_verdict(["refuted", "refuted", "refuted"]) == "refuted"


def test_the_diagnosis_measures_what_an_embedding_gets_for_free():
    """The measured diagnosis: TranThe2020 Fig. 1's Ackley and Hyper-Ellipsoid have their optimum at the box
    centre (f* - f(centre) = 0, inside every REMBO/HeSBO embedding), the moved reading has none there;
    Li2016's code form puts the regret at the centre near the printed REMBO (86.9 at D = 50 against 76.6
    printed), its paper form at 163."""
    from regretlab.diagnoses import diagnosis

    fig1 = dict(diagnosis.centre_optima(registry.get("TranThe2020.fig1")))
    assert set(fig1) == {f"{f}-{D}" for f in ("Ackley", "HyperEllipsoid") for D in (20, 50, 100)}
    assert all(gap == pytest.approx(0.0, abs=1e-9) for gap in fig1.values())
    assert diagnosis.centre_optima(registry.get("TranThe2020.fig1_moved")) == []
    code = diagnosis.centre_regrets(registry.get("Li2016.table1_code"))
    paper = diagnosis.centre_regrets(registry.get("Li2016.table1"))
    assert code[0][1] == pytest.approx(86.9, abs=0.1) and paper[0][1] == pytest.approx(162.8, abs=0.1)
    text = diagnosis.diagnose(registry.get("TranThe2020.fig1"), {})
    assert any(line.startswith("optimum at the box centre on Ackley-20") for line in text)


def test_every_experimental_item_lists_its_setups_with_their_sources():
    """Every item with claims names its setups: the paper's (its reference) first, then each registered
    setup reading with a non-empty source; a setup reading's own record names only itself."""
    from regretlab.decisions.claims import claims_of

    items = [key for key, spec in registry.SPECS.items() if claims_of(key) and not spec.reading_of]
    assert len(items) >= 20
    for key in items:
        setups = registry.setups_of(key)
        assert setups[0]["setup"] == "paper" and setups[0]["source"].startswith(registry.get(key).reference)
        assert all(x["source"].strip() for x in setups[1:]), key
    li = registry.setups_of("Li2016.table1")
    assert [x["setup"] for x in li] == ["paper", "code"] and "Matlab" in li[1]["source"]
    assert [x["setup"] for x in registry.setups_of("TranThe2020.fig1_moved")] == ["moved"]


def test_a_registration_without_baselines_says_it_fixes_the_reading_alone():
    """TranThe2020 Fig. 2 compares MS-UCB's variants only: its 'moved' registration has no pilot, and its
    record says why (not that it is 'the baselines' pilot'); refused as soon as one variant has a run."""
    spec = registry.get("TranThe2020.fig2_moved")
    assert set(spec.proposed) == set(spec.methods)
    record = preregister.pilot_record(spec, {}, claims_of(spec.key))
    assert record["pilot"] == {} and record["baselines"] == []
    assert "no baseline to pilot" in record["printed_check"]
    early = {(spec.methods[0], spec.problems_of("full")[0], 0): {"f": [0.0], "meta": {}}}
    with pytest.raises(ValueError, match="would not precede them"):
        preregister.pilot_record(spec, early, claims_of(spec.key))


def test_a_setup_reading_is_pending_until_every_proposed_method_has_its_pilot(tmp_path):
    """A setup reading's decision counts over every setup only once each proposed method has its pilot
    (PILOT_RUNS runs on every problem): TranThe2020 Fig. 2 'moved' shares one variant's runs with Fig. 1, and
    its other variants at 0 runs must leave it pending, not 'undecided'."""
    from regretlab.decisions.setups import setup_readings

    folder = tmp_path / "decisions"
    folder.mkdir()
    spec = registry.get("TranThe2020.fig2_moved")
    problems = spec.problems_of("full")
    runs = {f"{m} @ {p}": 0 for m in spec.methods for p in problems}
    runs.update({f"{spec.methods[0]} @ {p}": preregister.PILOT_RUNS for p in problems})
    record = {"item": spec.key, "verdict": "undecided", "runs": runs}
    path = folder / f"{spec.key}.json"
    path.write_text(json.dumps(record))
    (moved,) = setup_readings("TranThe2020.fig2", tmp_path)
    assert moved["record"] is None                                  # pending: three variants have no run
    record["runs"] = {k: preregister.PILOT_RUNS for k in runs}
    path.write_text(json.dumps(record))
    (moved,) = setup_readings("TranThe2020.fig2", tmp_path)
    assert moved["record"]["verdict"] == "undecided"                # every variant's pilot done: decided


def test_a_timing_item_is_diagnosed_by_its_seconds_against_the_printed_ones():
    """The timing statement of diagnose(): the first method's seconds per BO iteration beside the printed
    range, and per problem the slowest method's ratio to it, with d and the printed ratio. Fabricated runs:
    every method 0.01 s an iteration, GPUCB-FBO-code 0.03 s (0.06 on Hartman6): ratio 3.0 (6.0), printed 2.0
    on Beale (5.6 / 2.8) and 3.8 on Hartman6 (18.8 / 5.0)."""
    import numpy as np

    from regretlab.diagnoses.diagnosis import _timing_text
    from regretlab.experiments import registry

    spec = registry.get("Ha2019.table1_fbocode")
    results = {}
    for problem in spec.problems_of("full"):
        for method in spec.methods:
            slow = 3.0 * (2.0 if problem == "Hartman6" else 1.0) if method.endswith("FBO-code") else 1.0
            results[(method, problem, 0)] = {"is_initial": np.array([True] * 3 + [False] * 10),
                                             "seconds": np.full(13, 0.01 * slow)}
    text = _timing_text(spec, results)
    assert _timing_text(registry.get("Ha2019.fig3"), results) == ""   # only a timing item has one
    assert "GPUCB-UBO 0.01-0.01 s here, 2.8-5 s printed" in text
    assert "Beale (d = 2) GPUCB-FBO-code 3.0, printed 2.0" in text
    assert "Hartman6 (d = 6) GPUCB-FBO-code 6.0, printed 3.8" in text
