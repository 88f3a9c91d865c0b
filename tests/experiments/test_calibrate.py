"""The measured cost model (regretlab.campaign.calibrate): the cubic fit recovers known coefficients and
never goes negative, a run's price is the sum of its iterations, the timed blocks sit where they should and
each holds exactly one scheduled refit (counted, not timed), a model-free method is timed by a full run, a
stored calibration is refused when tampered with or stale, and the pricing uses it below a measured twin.
No assertion here reads a clock's value: only structure, counts and arithmetic."""

import json
import math
import warnings

import numpy as np
import pytest

from regretlab.campaign import calibrate
from regretlab.campaign.calibrate import Calibration, block_starts, fit_cost, run_seconds
from regretlab.campaign.cost import price
from regretlab.cli import main
from regretlab.experiments import registry
from regretlab.experiments.spec import Mode, Problem, Spec, canonical_method

#: GP-UCB (n_init = 10, n_cyc = 25, [Kandasamy2015, §5]) and random search on the 2-D camel, budget 120.
SMALL = Spec(
    key="Test.calibrate", paper="Test", reference="[Kandasamy2015, §5]", title="calibration", kind="curves",
    methods=("Kandasamy2015/GP-UCB", "Kandasamy2015/RAND"), problems=(Problem("camelback", label="Camel"),),
    modes={"quick": Mode(1, (("Camel", 120),)), "full": Mode(1, (("Camel", 120),))},
)


def test_the_fit_recovers_a_known_polynomial():
    n = np.array([50.0, 125.0, 250.0, 500.0, 1000.0])
    truth = np.array([2e-3, 1e-5, 3e-8, 4e-11])
    cost = truth[0] + n * (truth[1] + n * (truth[2] + n * truth[3]))
    assert fit_cost(n, cost) == pytest.approx(truth, rel=1e-6)


def test_the_fit_is_never_negative_even_when_a_small_size_measured_slow():
    coef = fit_cost([100, 200, 400, 800], [0.05, 0.02, 0.03, 0.09])
    assert np.all(coef >= 0.0) and coef.shape == (4,)


def test_fewer_sizes_fit_fewer_coefficients():
    assert fit_cost([300], [0.5]) == pytest.approx([0.5, 0.0, 0.0, 0.0])
    assert fit_cost([100, 300], [0.1, 0.3])[2:] == pytest.approx([0.0, 0.0])


@pytest.mark.parametrize("sizes, costs, word", [([100, 200], [0.1], "equal-length"),
                                                ([100, 200], [0.1, -1.0], "positive"),
                                                ([100, 200], [0.1, math.nan], "positive")])
def test_bad_timings_are_clear_errors(sizes, costs, word):
    with pytest.raises(ValueError, match=word):
        fit_cost(sizes, costs)


@pytest.mark.parametrize("bad", [{"budget": 0}, {"n_init": -1}, {"block": 0}, {"budget": 2.5}])
def test_bad_block_sizes_are_clear_errors(bad):
    args = {"budget": 100, "n_init": 10, "block": 25, **bad}
    with pytest.raises(ValueError, match=next(iter(bad))):
        block_starts(**args)


def test_a_runs_price_is_the_sum_of_its_iterations():
    a = [0.01, 1e-4, 2e-7, 3e-10]
    explicit = 10 * 0.5 + sum(a[0] + a[1] * t + a[2] * t**2 + a[3] * t**3 for t in range(10, 400))
    assert run_seconds(a, 10, 400, objective_seconds=0.5) == pytest.approx(explicit, rel=1e-12)
    with pytest.raises(ValueError, match="budget"):
        run_seconds(a, 10, 0)


@pytest.mark.parametrize("budget, n_init, block", [(1000, 10, 25), (400, 10, 25), (300, 20, 3), (60, 10, 25),
                                                   (120, 10, 25), (36, 10, 25)])
def test_blocks_do_not_overlap_start_after_the_design_and_the_last_ends_at_the_budget(budget, n_init, block):
    starts = block_starts(budget, n_init, block)
    assert starts and starts[-1] + block == budget and starts[0] >= n_init + 1
    assert all(b - a >= block for a, b in zip(starts, starts[1:], strict=False))


def test_each_timed_block_holds_exactly_one_scheduled_refit_after_an_untimed_warm_up(monkeypatch):
    """GP-UCB refits every 25 iterations: each block is 25 iterations with one refit, and starts after
    WARMUP_STEPS untimed iterations that follow the fill (the blocks' spans, warm-up included, are
    block_starts' of 28 iterations)."""
    blocks = []
    timed = calibrate._timed_block

    def counting(optimizer, objective, iterations):
        before, start = optimizer.n_refits, optimizer.n_observations
        seconds = timed(optimizer, objective, iterations)
        blocks.append((start, iterations, optimizer.n_refits - before, optimizer.n_observations))
        return seconds

    monkeypatch.setattr(calibrate, "_timed_block", counting)
    run = next(r for r in SMALL.runs("full") if r.method == "Kandasamy2015/GP-UCB")
    entry = calibrate.calibrate_run(SMALL, run, rng=np.random.default_rng(3))
    assert entry.how == "blocks" and (entry.n_init, entry.n_cyc) == (10, 25)
    assert calibrate.WARMUP_STEPS == 3 and block_starts(120, 10, 28) == [30, 60, 92]
    assert [b[0] for b in blocks] == [33, 63, 95]
    assert all(length == 25 and refits == 1 and end == start + 25 for start, length, refits, end in blocks)
    assert [row[:2] for row in entry.blocks] == [[33, 25], [63, 25], [95, 25]]
    assert len(entry.coefficients) == 4 and min(entry.coefficients) >= 0.0
    assert math.isfinite(entry.seconds) and entry.seconds > 0.0


@pytest.mark.parametrize(("limit", "real"), [(math.inf, True), (-1.0, False)])
def test_the_fill_evaluates_the_objective_unless_that_would_take_too_long(monkeypatch, limit, real):
    """The fill's y are the objective's own values when its measured evaluation time over the budget is
    within _REAL_FILL_SECONDS (a model fitted to normal draws has other hyperparameters, and the acquisition
    maximiser's work follows them), normal draws otherwise. The limit is set to its extremes: no clock is
    read by the assertion."""
    seen = []
    fill = calibrate._fill

    def recording(optimizer, objective, target, rng, y_draw):
        x = optimizer.domain.mean(axis=1)
        seen.append(y_draw(x) == float(objective(x)))
        return fill(optimizer, objective, target, rng, y_draw)

    monkeypatch.setattr(calibrate, "_REAL_FILL_SECONDS", limit)
    monkeypatch.setattr(calibrate, "_fill", recording)
    run = next(r for r in SMALL.runs("full") if r.method == "Kandasamy2015/GP-UCB")
    calibrate.calibrate_run(SMALL, run, rng=np.random.default_rng(3))
    assert seen and all(v == real for v in seen)


def test_a_method_that_refits_every_iteration_is_timed_for_default_steps_after_the_warm_up(monkeypatch):
    """n_cyc = 1 (TranThe2020's setups): a block is DEFAULT_STEPS iterations (25, was 3: the cheap first
    iterations after a fill priced REMBO's runs 3x short), each after WARMUP_STEPS untimed ones."""
    from dataclasses import replace as dc_replace

    spans = []
    timed = calibrate._timed_block

    def counting(optimizer, objective, iterations):
        spans.append((optimizer.n_observations, iterations))
        return timed(optimizer, objective, iterations)

    monkeypatch.setattr(calibrate, "_timed_block", counting)
    spec = dc_replace(SMALL, methods=("TranThe2020/LineBO",))
    run = spec.runs("full")[0]
    entry = calibrate.calibrate_run(spec, run, rng=np.random.default_rng(3))
    assert entry.how == "blocks" and entry.n_cyc == 1
    assert [length for _, length in spans] == [calibrate.DEFAULT_STEPS] * len(spans) and spans
    assert [start for start, _ in spans] == [s + calibrate.WARMUP_STEPS
                                             for s in block_starts(120, entry.n_init, 28)]


def test_a_block_is_whole_refit_cycles(monkeypatch):
    """n_cyc = 10 with 25 steps asked: blocks of 30 iterations holding 3 refits each (25 would hold 2 or 3
    depending on where the block starts, and its mean would not amortise the refits as a run does)."""
    blocks = []
    timed = calibrate._timed_block

    def counting(optimizer, objective, iterations):
        before = optimizer.n_refits
        seconds = timed(optimizer, objective, iterations)
        blocks.append((iterations, optimizer.n_refits - before))
        return seconds

    monkeypatch.setattr(calibrate, "_timed_block", counting)
    from dataclasses import replace as dc_replace

    spec = dc_replace(SMALL, methods=("Kandasamy2015/GP-UCB(n_cyc=10)",))
    calibrate.calibrate_run(spec, spec.runs("full")[0], rng=np.random.default_rng(3))
    assert blocks and all(b == (30, 3) for b in blocks)


def test_a_model_free_method_is_timed_by_one_full_run():
    run = next(r for r in SMALL.runs("full") if r.method == "Kandasamy2015/RAND")
    entry = calibrate.calibrate_run(SMALL, run)
    assert entry.how == "full run" and [row[:2] for row in entry.blocks] == [[0, 120]]
    assert entry.seconds == entry.blocks[0][2]


def _entry(spec, method, seconds):
    run = next(r for r in spec.runs("full") if r.method == method)
    return Calibration(canonical_method(method), method, run.problem, run.problem_content, 22, run.budget, 10,
                       25, "blocks", [[100, 25, 1.0]], 0.0, [seconds / run.budget, 0.0, 0.0, 0.0], seconds)


def test_a_stored_calibration_prices_runs_without_a_twin_and_is_refused_when_tampered(tmp_path):
    spec = registry.get("Kandasamy2015.fig5b")
    path = calibrate.save(spec, [_entry(spec, "Kandasamy2015/GP-UCB", 123.0)], tmp_path)
    runs = [r for r in spec.runs("full") if r.method == "Kandasamy2015/GP-UCB"]
    priced = price(runs, tmp_path, seconds_per_evaluation=1.0)
    assert priced == (pytest.approx(123.0 * len(runs)), "calibrated")
    twin = {(canonical_method("Kandasamy2015/GP-UCB"), runs[0].problem, runs[0].budget): 7.0}
    assert price(runs, tmp_path, twin, seconds_per_evaluation=1.0) == (pytest.approx(7.0 * len(runs)),
                                                                       "measured")
    document = json.loads(path.read_text())
    document["entries"][0]["seconds"] = 1.0   # edited by hand: the checksum no longer matches
    path.write_text(json.dumps(document))
    with pytest.warns(UserWarning, match="checksum"):
        assert calibrate.load(spec, tmp_path) is None


def test_a_specs_unmeasured_runs_are_priced_at_its_calibration_times_the_median_measured_ratio(tmp_path):
    """Calibrated GP-UCB 100 s, GP-EI 40 s, RAND 10 s; archived runs (a manifest under runs/) of GP-UCB at
    300 s (ratio 3.0) and GP-EI at 40 s (1.0) and 120 s (mean 80: 2.0): the scale is the median of 3.0 and
    2.0, 2.5, so RAND's runs, which have no twin, cost 25 s each; the measured ones cost their twins' means.
    Without the manifest the scale is 1 and RAND costs its calibration."""
    from regretlab.campaign.cost import calibrated_seconds, calibration_scale, measured_seconds

    spec = registry.get("Kandasamy2015.fig5b")
    calibrate.save(spec, [_entry(spec, m, s) for m, s in (("Kandasamy2015/GP-UCB", 100.0),
                                                          ("Kandasamy2015/GP-EI", 40.0),
                                                          ("Kandasamy2015/RAND", 10.0))], tmp_path)
    rand = [r for r in spec.runs("full") if r.method == "Kandasamy2015/RAND"]
    priced = price(rand, tmp_path, seconds_per_evaluation=1.0)
    assert priced == (pytest.approx(10.0 * len(rand)), "calibrated")

    def member(method, seconds, repeat):
        run = next(r for r in spec.runs("full") if r.method == method)
        return {"method": method, "problem": run.problem, "budget": run.budget, "cpu_seconds": seconds,
                "run_key": f"{method}-{repeat}", "dim": 22}

    (tmp_path / "runs").mkdir()
    (tmp_path / "runs" / "Test.json").write_text(json.dumps({"members": [
        member("Kandasamy2015/GP-UCB", 300.0, 0), member("Kandasamy2015/GP-EI", 40.0, 0),
        member("Kandasamy2015/GP-EI", 120.0, 1)]}))
    rows = calibrate.load(spec, tmp_path)
    assert calibration_scale(rows, measured_seconds(tmp_path)) == (pytest.approx(2.5), 2)
    assert calibration_scale(rows, {}) == (1.0, 0)
    with pytest.raises(ValueError, match=r"rows\[0\] lacks \['budget', 'problem', 'seconds'\]"):
        calibration_scale([{"label": "Kandasamy2015/RAND"}], {})
    with pytest.raises(ValueError, match="measured must be a dict"):
        calibration_scale(rows, [])
    key = (canonical_method("Kandasamy2015/RAND"), 22, 400)
    assert calibrated_seconds(tmp_path)[key] == pytest.approx(25.0)
    priced = price(rand, tmp_path, seconds_per_evaluation=1.0)
    assert priced == (pytest.approx(25.0 * len(rand)), "calibrated")
    ucb = [r for r in spec.runs("full") if r.method == "Kandasamy2015/GP-UCB"]
    assert price(ucb, tmp_path, seconds_per_evaluation=1.0)[0] == pytest.approx(300.0 * len(ucb))


def test_a_spec_with_no_archived_run_borrows_the_ratio_of_specs_on_its_problem_and_budget(tmp_path):
    """Li2016 Table 1 calibrated GP-UCB at 100 s, ADD-5 at 40 s and RPP-5 at 10 s, with archived runs of the
    first two at 300 s (3.0) and 80 s (2.0): its scale is 2.5. Table 5 calibrated only RPP-10 with δ = 0.05,
    at 50 s, which has no archived run: on the same problem (content) and budget it borrows Table 1's
    median, 2.5, and costs 125 s, not 50. Rows on another problem or budget lend nothing, and a spec with
    twins of its own keeps its own scale whatever the related rows say."""
    from regretlab.campaign.cost import (
        calibrated_seconds,
        calibration_rows,
        calibration_scale,
        measured_seconds,
        related_rows,
    )

    table1, table5 = registry.get("Li2016.table1"), registry.get("Li2016.table5")
    timed = (("Li2016/GP-UCB", 100.0), ("Li2016/ADD(d=5)", 40.0), ("Li2016/RPP(d=5)", 10.0))
    calibrate.save(table1, [_entry(table1, m, s) for m, s in timed], tmp_path)
    calibrate.save(table5, [_entry(table5, "Li2016/RPP(d=10, delta=0.05)", 50.0)], tmp_path)
    run = table1.runs("full")[0]
    (tmp_path / "runs").mkdir()
    (tmp_path / "runs" / "Test.json").write_text(json.dumps({"members": [
        {"method": m, "problem": run.problem, "budget": run.budget, "cpu_seconds": s, "run_key": f"{m}-0",
         "dim": 50} for m, s in (("Li2016/GP-UCB", 300.0), ("Li2016/ADD(d=5)", 80.0))]}))
    rows, measured = calibration_rows(tmp_path), measured_seconds(tmp_path)
    own, related = rows["Li2016.table5"], rows["Li2016.table1"]
    assert calibration_scale(related, measured) == (pytest.approx(2.5), 2)
    assert calibration_scale(own, measured) == (1.0, 0)
    assert calibration_scale(own, measured, related) == (pytest.approx(2.5), 2)
    elsewhere = [dict(row, problem_content='{"dim": 50, "name": "another"}') for row in related]
    assert calibration_scale(own, measured, elsewhere) == (1.0, 0)
    later = [dict(row, budget=row["budget"] + 1) for row in related]
    assert calibration_scale(own, measured, later) == (1.0, 0)
    lopsided = [dict(related[0], seconds=3.0)]   # a related ratio of 100 does not move a spec with twins
    assert calibration_scale(related, measured, lopsided) == (pytest.approx(2.5), 2)
    with pytest.raises(ValueError, match=r"related\[0\] lacks"):
        calibration_scale(own, measured, [{"label": "x"}])
    assert related_rows(rows, "Li2016.table5") == related
    with pytest.raises(ValueError, match="by_spec must be a dict"):
        related_rows(list(rows.items()), "Li2016.table5")
    prices = calibrated_seconds(tmp_path)   # end to end: each spec's rows at its (own or borrowed) scale
    assert prices[(canonical_method("Li2016/RPP(d=10, delta=0.05)"), 22, 1000)] == pytest.approx(125.0)
    assert prices[(canonical_method("Li2016/RPP(d=5)"), 22, 1000)] == pytest.approx(25.0)


def test_a_calibration_of_another_spec_or_an_older_spec_is_not_used(tmp_path):
    spec = registry.get("Kandasamy2015.fig5b")
    path = calibrate.save(spec, [_entry(spec, "Kandasamy2015/GP-UCB", 50.0)], tmp_path)
    other = calibrate.path_for(tmp_path, "Kandasamy2015.fig5a")
    other.write_text(path.read_text())   # a file is not trusted by its name
    with pytest.warns(UserWarning, match="does not match"):
        assert calibrate.load(registry.get("Kandasamy2015.fig5a"), tmp_path) is None
    document = json.loads(path.read_text())
    document["spec_hash"] = "0" * 64      # measured for a spec that has changed since
    path.write_text(json.dumps(document))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert calibrate.load(spec, tmp_path) is None


def test_saving_merges_methods_and_replaces_a_remeasured_one(tmp_path):
    """A second save adds a method and replaces a re-measured one; each entry names the commit it was
    measured at (the kept entry its first save's, the file's top-level commit the latest save's)."""
    spec = registry.get("Kandasamy2015.fig5b")
    calibrate.save(spec, [_entry(spec, "Kandasamy2015/GP-UCB", 50.0),
                          _entry(spec, "Kandasamy2015/RAND", 5.0)], tmp_path, commit="a" * 40)
    path = calibrate.save(spec, [_entry(spec, "Kandasamy2015/GP-EI", 20.0),
                                 _entry(spec, "Kandasamy2015/GP-UCB", 9.0)], tmp_path, commit="b" * 40)
    rows = {row["label"]: (row["seconds"], row["commit"]) for row in calibrate.load(spec, tmp_path)}
    assert rows == {"Kandasamy2015/GP-UCB": (9.0, "b" * 40), "Kandasamy2015/GP-EI": (20.0, "b" * 40),
                    "Kandasamy2015/RAND": (5.0, "a" * 40)}
    assert json.loads(path.read_text())["commit"] == "b" * 40


@pytest.mark.parametrize("argv", [["reproduce", "--calibrate"], ["reproduce", "--list", "--calibrate"],
                                  ["reproduce", "Kandasamy2015.fig5b", "--steps", "5"],
                                  ["reproduce", "Kandasamy2015.fig5b", "--calibrate", "--methods",
                                   "Li2016/RPP"]])
def test_calibrate_usage_errors_exit_2(argv, capsys):
    assert main(argv) == 2
    assert "calibrate" in capsys.readouterr().err


def test_the_full_mode_total_counts_each_shared_run_once(tmp_path):
    from regretlab.campaign.cost import total_by_source

    specs = [registry.get("Li2016.table1"), registry.get("Li2016.table5")]   # Table 5 reuses Table 1's runs
    totals = total_by_source(specs, "full", tmp_path)
    distinct = {run.key for spec in specs for run in spec.runs("full")}
    planned = sum(len(spec.runs("full")) for spec in specs)
    assert sum(totals[how][0] for how in ("measured", "calibrated", "fitted", "estimated")) == len(distinct)
    assert len(distinct) < planned and totals["archived"] == (0, 0.0)   # nothing archived in tmp_path


def test_reproduce_calibrate_writes_the_specs_calibration_and_lists_each_method(tmp_path, capsys):
    """One cheap method of Ha2019 Fig. 3 (its three (D, B) pairs): the file is written, loads back as this
    spec's, and the table names each pair."""
    argv = ["reproduce", "Ha2019.fig3", "--calibrate", "--methods", "Ha2019/EI-Vanilla",
            "--export-dir", str(tmp_path)]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    rows = calibrate.load(registry.get("Ha2019.fig3"), tmp_path)
    assert rows and {row["label"] for row in rows} == {"Ha2019/EI-Vanilla"}
    assert sorted((row["dim"], row["budget"]) for row in rows) == [(2, 26), (3, 39), (6, 78)]
    assert printed.count("EI-Vanilla ") >= 3 and "calibration/Ha2019.fig3.json" in printed
    assert "no method has archived runs yet" in printed   # tmp_path has no archives: no scale
