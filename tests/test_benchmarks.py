"""The benchmarks run: the performance suite (``tox -e bench``) at its quick sizes, with whichever peers
import here, and the single-purpose scripts at tiny sizes — so that a change of API cannot break them
unnoticed. Nothing is timed against a threshold: the checks are the suite's own agreement checks (it
raises before timing when a peer's posterior or UCB differs from regretlab's) and the shape of its report."""

import importlib.util
import json
import sys
from pathlib import Path

import numpy as np
import pytest

from regretlab import objectives

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


def _load(name):
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))  # the suite imports its sibling modules measure and peers
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_quick_suite_checks_agreement_and_reports_every_section(tmp_path, capsys):
    """The quick suite runs every section with the peers that import (the others are skipped with their
    import error), writes bench.json and bench.md atomically and fills the README block; every peer's
    posterior agrees with regretlab's to 1e-8 and every GP-UCB step finds the same best UCB."""
    suite = _load("suite")
    readme = tmp_path / "README.md"
    readme.write_text("intro\n<!-- bench:start -->\nold\n<!-- bench:end -->\nafter\n", encoding="utf-8")
    report = suite.run(
        ["--quick", "--repeats", "1", "--no-memory", "--out", str(tmp_path / "out"), "--readme", str(readme)]
    )
    ran = {row["system"] for row in report["a"]} - {"floor"}
    assert "regretlab" in ran and ran | set(report["skipped"]) == {"regretlab", *suite.peers.PEERS}
    for name, why in report["skipped"].items():
        assert name not in ran and "import" in why
    assert all(row["max_abs_diff"] <= 1e-8 for row in report["a"] if row["system"] != "floor")
    best = {row["best_ucb"] for row in report["b"]}
    assert max(best) - min(best) <= 1e-6 * max(1.0, abs(max(best)))
    assert {(row["system"], row["mode"]) for row in report["b"]} >= {
        ("regretlab", "lockstep"),
        ("regretlab", "loop"),
    }
    assert len(report["c"]) == 1 + len(suite.SIZES["quick"]["c_d"]) * len(suite.SIZES["quick"]["c_z"])
    assert np.isfinite(report["d_exponent"])
    saved = json.loads((tmp_path / "out" / "bench.json").read_text(encoding="utf-8"))
    assert saved["sizes"] == json.loads(json.dumps(suite.SIZES["quick"]))
    assert not list((tmp_path / "out").glob(".*.tmp"))
    text = readme.read_text(encoding="utf-8")
    assert "old" not in text and "(b) one GP-UCB step" in text and text.endswith("after\n")
    assert "(e) prescreening" in capsys.readouterr().out
    assert [row["case"] for row in report["f"]] == [case[0] for case in suite.direct_engines.CASES["quick"]]
    assert "(f) one ask of each DIRECT-using paper setup" in text


def test_direct_engine_section_refuses_engines_that_disagree(monkeypatch):
    """Section (f) compares the two DIRECT engines' points before timing them: a batched engine that
    returned another point stops the section with an error naming the case."""
    suite = _load("suite")
    engines = suite.direct_engines
    real = engines._ask
    monkeypatch.setattr(engines, "_ask", lambda opt, engine: (
        real(opt, engine)[0] + (engine == "batched"), 0.0))
    with pytest.raises(RuntimeError, match="engines' points differ"):
        engines.section_f("quick", 1)


def test_suite_refuses_a_peer_that_disagrees(monkeypatch):
    """A peer whose UCB differs from regretlab's by more than the tolerance stops the suite before
    anything is timed (the check can fail)."""
    suite = _load("suite")

    class Off(suite.peers.ScikitLearn):
        def values(self, Z):
            return super().values(Z) + 1e-6

    monkeypatch.setitem(suite.peers.SYSTEMS, "scikit-learn", Off)
    monkeypatch.setattr(suite.peers, "missing", lambda name: None if name == "scikit-learn" else "not here")
    with pytest.raises(AssertionError, match="scikit-learn: UCB"):
        suite.run(["--quick", "--repeats", "1", "--no-memory", "--sections", "b", "--peers", "scikit-learn"])


def test_peak_memory_is_measured_in_a_fresh_process():
    """measure.peak_memory_mib spawns a process, builds the call there and returns the growth of its
    peak resident set: here section (a) with 2·10^4 query points against t = 200, whose (q, t) kernel and
    solve matrices take 32 MB each, so the growth is at least 30 MiB however large this (parent) process
    has grown — a measure that inherits the parent's peak (Linux keeps ``ru_maxrss`` across exec) reads 0."""
    import numpy as np

    suite = _load("suite")
    ballast = np.ones((4000, 4000))  # a 128 MB parent, larger than the child's peak
    peak = suite.measure.peak_memory_mib(suite.build_append, "regretlab", 200, 3, 20_000)
    del ballast
    assert peak is not None and peak >= 30.0


@pytest.mark.parametrize(
    "script, argv",
    [
        ("gp_ucb_iteration", ["--dim", "3", "--t", "12", "--budget", "200", "--repeats", "1"]),
        (
            "ms_ucb_iteration",
            ["--dim", "6", "--d", "2", "--t", "12", "--subspaces", "1", "3", "--subspace-budget", "40"],
        ),
    ],
)
def test_single_purpose_benchmarks_run(script, argv, capsys):
    """The scripts the README names run at tiny sizes and print their table."""
    _load(script).main(argv)
    assert "seconds" in capsys.readouterr().out


def test_refit_cost_script_agrees_with_sklearn_at_a_tiny_size():
    """``benchmarks/refit_cost.py`` at n = 60, D = 4: regretlab's ML-II fit reaches scikit-learn's log
    marginal likelihood from the same start and bounds (to 1e-6 relative, or higher), and the warm RPP refit
    reports finite numbers. Nothing is timed against a threshold."""
    refit_cost = _load("refit_cost")
    report = refit_cost.main(["--n", "60", "--dim", "4"])
    ours, theirs = report["sklearn"]["regretlab_lml"], report["sklearn"]["sklearn_lml"]
    assert ours >= theirs - 1e-6 * abs(theirs)
    assert report["rpp"]["n"] == 60 and 0.0 <= report["rpp"]["alpha"] <= 1.0


def test_refit_cost_script_compares_the_add_candidate_starts_on_the_same_points():
    """``benchmarks/refit_cost.py --parts add`` at n = 60, D = 10 (two groups of 5): both candidate_start
    rules refit on the same points; 'warm' scores the M = 2 random candidates plus the current groups, and
    each reports the best candidate's likelihood and the polished fit's (not below it: the polish starts
    there). Nothing is timed against a threshold."""
    report = _load("refit_cost").main(["--n", "60", "--dim", "10", "--parts", "add"])["add"]
    assert report["prior"]["candidates"] == 2 and report["warm"]["candidates"] == 3
    for rule in ("prior", "warm"):
        best = report[rule]["chosen_lml"]
        assert report[rule]["final_lml"] >= best - 1e-6 * abs(best)


def test_gp_memory_script_reports_each_call_against_the_kernel_matrix(capsys):
    """``benchmarks/gp_memory.py`` at n = 40, D = 3: one row per call, each with a measured peak (a fresh
    process per call) and its multiple of the kernel matrix."""
    _load("gp_memory").main(["--n", "40", "--dim", "3"])
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| 40 |")]
    assert len(rows) == 4 and not any("failed" in row for row in rows)


def test_repeat_trap_compares_the_same_seeds_before_and_after():
    """benchmarks/repeat_trap.py's comparison on synthetic records: only seeds both sides have are paired,
    S_T = optimum - max f and the repeat share = repeated_queries / budget are read from each record, and
    the one-sided exact signed-rank p is 1/2^n when every pair fell (n = 3: 0.125) and None when nothing
    changed (the unchanged GP-UCB line)."""
    trap = _load("repeat_trap")

    def record(best, repeated):
        meta = {"optimum_value": 100.0, "repeated_queries": repeated, "budget": 100}
        return {"f": np.array([best - 1.0, best]), "meta": meta}

    before = {("A", "p", r): record(10.0 + r, 90) for r in range(4)}
    before.update({("G", "p", r): record(50.0, 0) for r in range(3)})
    after = {("A", "p", r): record(60.0 + r, 0) for r in (0, 1, 2)}
    after.update({("G", "p", r): record(50.0, 0) for r in range(3)})
    rows = {row["method"]: row for row in trap.compare(before, after)}
    a = rows["A"]
    assert a["seeds"] == [0, 1, 2] and a["median_before"] == 89.0 and a["median_after"] == 39.0
    assert a["before"][0].tolist() == [90.0, 0.9] and a["after"][0].tolist() == [40.0, 0.0]
    assert a["p"] == pytest.approx(0.125)
    assert rows["G"]["p"] is None and rows["G"]["median_before"] == rows["G"]["median_after"] == 50.0


def test_repeat_trap_reads_the_old_runs_from_git_with_their_checksums():
    """The Li2016 Table 2 archive at f80438a (the last commit holding the runs made before perturb_repeats)
    is read from git and checked: 44 runs, ADD-25 repeat 4 among them with 989 repeated queries of 1000.
    Skipped where the commit is not in the clone's history (a shallow clone)."""
    import shutil
    import subprocess

    repo = BENCH.parent
    if shutil.which("git") is None or not (repo / ".git").exists():
        pytest.skip("no git or no git history here: the old runs live in the repository's history")
    missing = subprocess.run(["git", "cat-file", "-e", "f80438a^{commit}"], cwd=repo, capture_output=True)
    if missing.returncode:
        pytest.skip("commit f80438a is not in this clone's history (shallow clone?)")
    trap = _load("repeat_trap")
    runs = trap.old_runs("Li2016.table2", "f80438a", repo)
    assert len(runs) == 44
    regret, share = trap.summary(runs[("Li2016/ADD(d=25)", "D100", 4)])
    assert share == pytest.approx(0.989) and regret > 0


def test_model_check_tells_a_learnable_function_from_one_it_cannot_learn():
    """``benchmarks/model_check.py``'s measure on constructed objectives, D = 20, n = 60, 30 held-out points,
    seed 0. Positive control: on the axis-parallel hyper-ellipsoid (smooth, one quadratic bowl) MS-UCB's GP
    predicts the held-out points (r > 0.6; 0.80 when written). Negative control: on white noise (a fixed
    random value per point, nothing to learn) every method's r is below 0.45 (at most 0.30 when written; a
    constant prediction counts as 0), and MS-UCB's likelihood varies less over the lengthscales than on the
    smooth function. Every row reports finite numbers."""
    check = _load("model_check").check
    smooth = check(objectives.get("hyperellipsoid", dim=20, variant="axis_parallel"), 60, 30, 0)
    assert set(smooth) == {"MS-UCB", "REMBO", "HeSBO"}
    assert smooth["MS-UCB"]["r"] > 0.6

    class Noise:
        bounds = np.array([[-1.0, 1.0]] * 20)

        def __call__(self, x):
            seed = int.from_bytes(np.asarray(x, dtype=float).tobytes()[:8], "little")
            return float(np.random.default_rng(seed).standard_normal())

    noise = check(Noise(), 60, 30, 0)
    for rows in (smooth, noise):
        numbers = [[row["r"], row["lengthscale"], row["noise_share"]] for row in rows.values()]
        assert np.isfinite(numbers).all()
    assert all(row["r"] < 0.45 for row in noise.values())
    assert noise["MS-UCB"]["spread"] < smooth["MS-UCB"]["spread"]
