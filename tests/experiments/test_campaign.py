"""The campaign (regretlab.campaign): prices from archived runs, looks run within a budget, several items'
looks in one pool (costliest first, a shared run once), and the pool's progress in priced core-hours."""

from dataclasses import replace

import pytest
from engine_fixtures import TINY, clean_provenance

from regretlab.experiments import Mode, run_spec, store


def test_reproduce_list_shows_measured_cost_from_archived_runs(tmp_path, monkeypatch):
    """With the spec's runs archived (their CPU seconds in the manifest), the full-mode cost is measured
    (the sum of the recorded seconds), not the per-evaluation guess."""
    from regretlab.campaign import archive
    from regretlab.campaign.cost import estimate, measured_seconds

    clean_provenance(monkeypatch)
    run_spec(TINY, "quick", out=tmp_path / "r", jobs=1, progress=False)
    _, manifest = archive.pack("tiny", TINY.runs("quick"), tmp_path / "r", tmp_path / "pf")
    total = sum(m["cpu_seconds"] for m in manifest["members"])
    text = estimate(TINY, "quick", measured_seconds(tmp_path / "pf"))
    assert "measured" in text and (f"{total / 3600:.2f} core-h" in text or "core-s" in text)
    assert "~" in estimate(TINY, "quick", {}, export_root=tmp_path / "no archives")
    # a longer budget has no measured twin: priced by the cost model fitted on the archive, not guessed
    longer = replace(TINY, modes={**TINY.modes, "full": Mode(1, (("Camel", 16),))})
    pf = tmp_path / "pf"
    assert "fitted" in estimate(longer, "full", measured_seconds(pf), export_root=pf)


def test_run_until_decided_runs_looks_within_budget_and_reports_the_next_look(tmp_path, monkeypatch):
    """The sequential driver on a tiny study (RAND vs EI-Vanilla on the camel, 8 evaluations, looks 5 and
    10): with no budget it computes nothing and names the next look (n = 5, 10 runs, priced by the spec's
    estimate); with an unbounded one it runs look by look, only for the undecided comparisons' methods, at
    most 10 runs per method, and then reports no look left or the next one (or, the claim underpowered after
    look 5, that the next look is not worth running)."""
    from regretlab.campaign import sequential
    from regretlab.decisions.claims import Claim

    spec = replace(TINY, key="Test.tiny_decide", modes={**TINY.modes, "full": Mode(10, (("Camel", 8),))})
    claim = Claim("Test.tiny.c1", spec.key, "better", "q", "[Ha2019, §6]", "Ha2019/EI-Vanilla",
                  ("Kandasamy2015/RAND",), ("Camel",), "final_best_f")
    monkeypatch.setattr(sequential, "source_of", lambda key: spec)
    monkeypatch.setattr(sequential, "claims_of", lambda key: [claim])
    out, pf, said = tmp_path / "results", tmp_path / "pf", []

    nothing = sequential.run_until_decided(spec.key, out=out, export_root=pf, budget_hours=0.0,
                                           allow_dirty=True, echo=said.append)
    assert not any(nothing.runs.values())
    assert "the next look (n = 5 per method) needs 10 more runs" in said[-1]
    assert "stopping at this look boundary" in said[-1]
    # priced by the spec's guess, it says where a calibration would have been read and how to make one
    assert f"spec estimate; no archived runs or calibration of it under {pf}" in said[-1]
    assert f"regretlab reproduce {spec.key} --calibrate --export-dir {pf}" in said[-1]
    decision = sequential.run_until_decided(spec.key, out=out, export_root=pf, allow_dirty=True,
                                            echo=said.append)
    assert set(decision.runs.values()) <= {5, 10} and decision.runs
    assert any(line.startswith(f"{spec.key}: look n = 5") for line in said)
    if decision.claims[0].decision == "undecided":   # undecided at n = 5 with looks left: look 10 was run too
        assert set(decision.runs.values()) == {10}
    # decided, the paper's n reached, or (issue 73) the claim underpowered: no open claim is worth the look,
    # which is then not run and says so
    skipped = said[-1].endswith("not run (--every-look runs it)")
    assert sequential.next_look(decision, out, pf).look is None or (
        skipped and decision.claims[0].decision == "underpowered")


def test_several_items_run_their_looks_in_one_pool_costliest_first_and_a_shared_run_once(tmp_path,
                                                                                           monkeypatch):
    """Two items whose specs share every run (RAND vs EI-Vanilla on the camel, looks 5 and 10) decided
    together: each round's runs go to one pool (runner.run_tasks) ordered by price, the costlier method's
    runs first (EI-Vanilla priced at 10 s a run, RAND at 1 s), each shared run is computed once (one file,
    5 per method at the first look, not 10), and both items reach the decisions item-by-item runs give
    (same runs, same decisions). With a budget that fits one look, the second item stops at its boundary
    and says so."""
    from regretlab.campaign import cost, sequential
    from regretlab.decisions.claims import Claim
    from regretlab.experiments import runner

    full = {**TINY.modes, "full": Mode(10, (("Camel", 8),))}
    specs = {key: replace(TINY, key=key, modes=full) for key in ("Test.pool_a", "Test.pool_b")}
    claims = {key: [Claim(f"{key}.c1", key, "better", "q", "[Ha2019, §6]", "Ha2019/EI-Vanilla",
                          ("Kandasamy2015/RAND",), ("Camel",), "final_best_f")] for key in specs}
    monkeypatch.setattr(sequential, "source_of", lambda key: specs[key])
    monkeypatch.setattr(sequential, "claims_of", lambda key: claims[key])
    monkeypatch.setattr(cost, "run_prices", lambda runs, export_root, seconds_per_evaluation: [
        10.0 if run.method == "Ha2019/EI-Vanilla" else 1.0 for run in runs])
    pools, prices, real = [], [], runner.run_tasks
    monkeypatch.setattr(runner, "run_tasks", lambda tasks, **kw: pools.append(list(tasks))
                        or prices.append(kw.get("prices")) or real(tasks, **kw))
    out, pf, said = tmp_path / "results", tmp_path / "pf", []

    decisions = sequential.run_items_until_decided(list(specs), out=out, export_root=pf, allow_dirty=True,
                                                   echo=said.append)
    first = pools[0]
    assert {spec.key for spec, _ in first} == set(specs) and len(first) == 20     # both items' looks
    methods = [run.method for _, run in first]
    assert methods == ["Ha2019/EI-Vanilla"] * 10 + ["Kandasamy2015/RAND"] * 10   # costliest first
    assert prices[0] == [10.0] * 10 + [1.0] * 10       # each run's price goes with it, for the progress bar
    assert len(list(store.runs_folder(out).rglob("*.npz"))) == max(decisions["Test.pool_a"].runs.values()) * 2
    assert decisions["Test.pool_a"].runs == decisions["Test.pool_b"].runs
    alone = sequential.decide_from_runs("Test.pool_a", out, pf)
    assert [c.decision for c in alone.claims] == [c.decision for c in decisions["Test.pool_b"].claims]
    assert any(line.startswith("Test.pool_b: look n = 5: 10 of its 10 runs computed") for line in said)

    with pytest.raises(ValueError, match=r"tasks\[0\]=.* is not a \(Spec, Run\) pair"):
        real([("Test.pool_a", first[0][1])], out=out)
    with pytest.raises(ValueError, match="prices has 1 entries for 2 tasks"):
        real(first[:2], out=out, prices=[1.0])
    with pytest.raises(ValueError, match=r"prices\[1\]=-1"):
        real(first[:2], out=out, prices=[1.0, -1.0])
    pools.clear()
    said.clear()
    fresh = tmp_path / "fresh"
    one_look = sequential.next_look(sequential.decide_from_runs("Test.pool_a", fresh, pf), fresh, pf)
    sequential.run_items_until_decided(list(specs), out=fresh, export_root=pf, allow_dirty=True,
                                       budget_hours=one_look.core_hours * 1.5, echo=said.append)
    assert [spec.key for spec, _ in pools[0]] == ["Test.pool_a"] * 10
    assert any(line.startswith("Test.pool_b: the next look (n = 5 per method)") and "stopping at this look "
               "boundary" in line for line in said)


def test_a_priced_pool_shows_its_progress_in_priced_core_hours(tmp_path, capsys):
    """run_tasks(prices=...) with progress on: the bar's total is the runs' priced core-hours (3600 s and
    1800 s: 1.50) and the runs finished are shown beside it ('runs 0/2' when it starts); both runs are
    computed."""
    from regretlab.experiments import runner

    tasks = [(TINY, run) for run in TINY.runs("quick")[:2]]
    reports = runner.run_tasks(tasks, out=tmp_path, prices=[3600.0, 1800.0], progress=True)
    err = capsys.readouterr().err
    assert "priced core-h" in err and "0.00/1.50" in err and "runs 0/2" in err
    assert sum(len(r.computed) for r in reports.values()) == 2


def test_decide_from_runs_returns_a_new_record_and_leaves_decide_items_alone(monkeypatch):
    """Issue 77.2: the campaign set fields on the decision decide_item returned; it now returns a new record
    with the measured diagnoses and the printed check, the one decide_item made unchanged."""
    from regretlab.campaign import sequential
    from regretlab.decisions.verdicts import ItemDecision

    made = ItemDecision("P.x", "full", "pending", (5,), [], {}, 0.0, [])
    monkeypatch.setattr(sequential.archive, "restore", lambda *a, **k: None)
    monkeypatch.setattr(sequential, "load_results", lambda *a, **k: {})
    monkeypatch.setattr(sequential, "claims_of", lambda key: [])
    monkeypatch.setattr(sequential, "source_of", lambda key: TINY)
    monkeypatch.setattr(sequential, "decide_item", lambda *a, **k: made)
    monkeypatch.setattr(sequential, "diagnose", lambda *a, **k: ["measured"])
    monkeypatch.setattr(sequential, "printed_check", lambda *a, **k: {"cells": [1]})
    decision = sequential.decide_from_runs("P.x")
    assert decision is not made and decision.diagnosis == ["measured"] and decision.printed == {"cells": [1]}
    assert made.diagnosis == [] and made.printed is None


def test_every_protocol_declares_whether_its_runs_pair():
    """Issue 77.2: pairing is declared per protocol (Spec.paired), not read from a paper's protocol name in
    the decision procedure: every protocol has a declaration, Ha2019's random initial box pairs."""
    from regretlab.experiments.registry import SPECS
    from regretlab.experiments.spec import PAIRED_PROTOCOLS, PROTOCOLS

    assert set(PAIRED_PROTOCOLS) == set(PROTOCOLS)
    assert SPECS["Ha2019.fig3"].paired and not SPECS["Li2016.table1"].paired
