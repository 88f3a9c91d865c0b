"""The experiment engine (the experiment-engine issue): specs validate without running and hash stably; runs
get order-independent seeds; joblib and a dask LocalCluster give bit-identical results; a killed runner
resumes without recomputing and ends bit-identical to an uninterrupted run; export writes files that
re-open, CSV that round-trips and provenance that names the commit and the seeds."""

import csv
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from dataclasses import replace
from pathlib import Path

import matplotlib.image as mpimg
import numpy as np
import pytest
from engine_fixtures import TINY, change_a_setup_value

from regretlab.bounds.papers import SUBJECTS
from regretlab.experiments import Mode, Problem, Spec, registry, run_spec, store
from regretlab.figures import export

#: TINY's quick-mode hash: fixed content must give this string on every machine and Python.
PINNED_TINY_HASH = "b292f1c098a22bfb019ab394cf59d7dd901a4ad00f175b24160ded0a8f7a537c"


def _same_results(folder_a: Path, folder_b: Path) -> None:
    """Every result file of a equals b's: arrays bit for bit (timings excepted), meta except timings."""
    names_a = sorted(p.relative_to(folder_a).as_posix() for p in folder_a.rglob("*.npz"))
    assert names_a == sorted(p.relative_to(folder_b).as_posix() for p in folder_b.rglob("*.npz")) and names_a
    for name in names_a:
        a, b = store.read_result(folder_a / name), store.read_result(folder_b / name)
        for key in a:
            if key in store.TIMING_KEYS:
                continue
            if key == "meta":   # timings, and the checkout's state at the moment each process started
                ignored = (*store.TIMING_KEYS, "commit", "dirty")
                strip = {k: v for k, v in a["meta"].items() if k not in ignored}
                assert strip == {k: v for k, v in b["meta"].items() if k not in ignored}, name
            else:
                assert np.array_equal(a[key], b[key], equal_nan=True), (name, key)


# ---- specs -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", registry.available())
@pytest.mark.parametrize("mode", ["quick", "full"])
def test_every_spec_validates_without_running(key, mode):
    spec = registry.get(key).validate()
    source = registry.get(spec.derived_from) if spec.derived_from else spec
    if spec.kind == "rendered" and not spec.derived_from:      # an illustration: drawn, not run
        assert not source.runs(mode) and spec.render
        return
    assert source.runs(mode) and all(run.budget > 0 for run in source.runs(mode))
    # every method is built except SMAC, which Li2016's text quotes: named, with its number
    assert all(m.startswith("SMAC") for m in spec.missing)
    if key in ("Li2016.table1", "Li2016.table2"):
        assert {"Li2016.table1": "130.5", "Li2016.table2": "460.1"}[key] in spec.missing[0]


def test_a_spec_with_an_unknown_method_or_a_bad_budget_does_not_validate():
    with pytest.raises(ValueError, match="not a setup"):
        replace(TINY, methods=("Ha2019/GPUCB-Nope",)).validate()
    with pytest.raises(ValueError, match="budget"):
        replace(TINY, modes={"quick": Mode(1, (("Camel", 0),)), "full": Mode(1, (("Camel", 8),))}).validate()


def test_the_hash_is_stable_and_follows_the_content():
    """The hash is a fixed string for fixed content (pinned), and changes with the budget or the methods but
    not with the title."""
    assert TINY.hash("quick") == TINY.hash("quick") == replace(TINY, title="other").hash("quick")
    assert TINY.hash("quick") != replace(TINY, methods=TINY.methods[:1]).hash("quick")
    assert TINY.hash("quick") != replace(
        TINY, modes={"quick": Mode(3, (("Camel", 9),)), "full": TINY.modes["full"]}).hash("quick")
    assert TINY.hash("quick") == PINNED_TINY_HASH


def test_seeds_depend_on_the_run_not_on_the_order():
    runs = TINY.runs("quick")
    forward = [r.seed_sequences()[1].generate_state(2).tolist() for r in runs]
    backward = [r.seed_sequences()[1].generate_state(2).tolist() for r in reversed(runs)][::-1]
    assert forward == backward and len({tuple(s) for s in forward}) == len(runs)
    # the user box of a repeat is shared by the methods (common random numbers), and differs by repeat
    boxes = {(r.problem, r.repeat): r.seed_sequences()[0].generate_state(1)[0] for r in runs}
    assert len(set(boxes.values())) == TINY.modes["quick"].repeats


# ---- runner ------------------------------------------------------------------------------------------------
def test_joblib_and_a_dask_local_cluster_give_bit_identical_results(tmp_path):
    distributed = pytest.importorskip("distributed")
    serial = run_spec(TINY, "quick", out=tmp_path / "serial", jobs=1, progress=False)
    pooled = run_spec(TINY, "quick", out=tmp_path / "joblib", jobs=2, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", processes=True,
                                  dashboard_address=None) as cluster:
        on_dask = run_spec(TINY, "quick", out=tmp_path / "dask", scheduler=cluster.scheduler_address,
                           progress=False)
    assert serial.ok and pooled.ok and on_dask.ok and len(serial.computed) == 6
    _same_results(store.runs_folder(tmp_path / "serial"), store.runs_folder(tmp_path / "joblib"))
    _same_results(store.runs_folder(tmp_path / "serial"), store.runs_folder(tmp_path / "dask"))


def test_a_rerun_skips_finished_runs_and_force_recomputes(tmp_path):
    first = run_spec(TINY, "quick", out=tmp_path, jobs=1, progress=False)
    again = run_spec(TINY, "quick", out=tmp_path, jobs=1, progress=False)
    forced = run_spec(TINY, "quick", out=tmp_path, jobs=1, force=True, progress=False)
    assert len(first.computed) == 6 and again.computed == [] and len(again.skipped) == 6
    assert len(forced.computed) == 6


def test_a_failing_run_is_reported_and_the_others_finish(tmp_path):
    broken = replace(TINY, methods=("Kandasamy2015/RAND", "TranThe2020/MS-UCB"))  # d = 5 > D = 2 fails
    report = run_spec(broken, "quick", out=tmp_path, jobs=1, progress=False)
    assert len(report.computed) == 3 and len(report.failed) == 3
    assert all("d=5" in error for _, error in report.failed)
    assert "FAILED" in report.summary()


KILL_SCRIPT = textwrap.dedent("""
    import os, signal, sys
    sys.path.insert(0, {tests!r})
    from test_engine import TINY_SLOW
    from regretlab import _io
    from regretlab.experiments import run_spec
    # SIGKILL this process in the middle of the write of its result number {stop} + 1 (the temporary file
    # written, the rename not done): a deterministic kill at the worst moment, whatever the machine's speed
    writes = 0
    real_replace = os.replace
    def replace_then_die(src, dst):
        global writes
        if str(dst).endswith(".npz"):
            writes += 1
            if writes > {stop}:
                os.kill(os.getpid(), signal.SIGKILL)
        real_replace(src, dst)
    _io.os.replace = replace_then_die
    run_spec(TINY_SLOW, "quick", out={out!r}, jobs=1, progress=False)
""")


#: TINY with more, longer runs: enough to be killed part way.
TINY_SLOW = replace(TINY, key="Test.tiny_slow", methods=("Ha2019/EI-Vanilla",),
                    modes={"quick": Mode(12, (("Camel", 20),)), "full": Mode(12, (("Camel", 20),))})


def test_a_killed_runner_resumes_without_recomputing_and_ends_bit_identical(tmp_path):
    """SIGKILL the runner in a subprocess while it writes its 4th result, then (a second attempt) its 8th:
    finished files are never rewritten by a later attempt, the killed write leaves only a temporary file
    (never a file with a final name that does not read back), and the rerun computes only the rest and ends
    bit-identical to an uninterrupted run. The kill is triggered by the writes, not by a clock."""
    reference = run_spec(TINY_SLOW, "quick", out=tmp_path / "reference", jobs=1, progress=False)
    assert reference.ok
    out = tmp_path / "killed"
    env = {**os.environ, "PYTHONHASHSEED": "0"}

    def finished_files():
        return {p.name: p.stat().st_mtime_ns for p in store.runs_folder(out).rglob("*.npz")}

    for attempt, stop in enumerate((3, 4)):
        before = finished_files()
        script = KILL_SCRIPT.format(tests=str(Path(__file__).parent), out=str(out), stop=stop)
        proc = subprocess.run([sys.executable, "-c", script], env=env)
        assert proc.returncode == -signal.SIGKILL
        after = finished_files()
        assert all(after[name] == mtime for name, mtime in before.items())  # finished runs untouched
        assert len(after) == len(before) + stop, (attempt, len(before), len(after))
        assert list(store.runs_folder(out).rglob(".*.tmp")), "the killed write left its temporary file"
        for path in store.runs_folder(out).rglob("*.npz"):
            store.read_result(path)  # every file with a final name is complete
    done = len(finished_files())
    assert done == 7
    resumed = run_spec(TINY_SLOW, "quick", out=out, jobs=1, progress=False)
    assert resumed.ok and len(resumed.skipped) == done and len(resumed.computed) == 12 - done
    assert not list(store.runs_folder(out).rglob(".*.tmp"))
    _same_results(store.runs_folder(tmp_path / "reference"), store.runs_folder(out))


def test_a_result_file_under_another_runs_name_is_refused(tmp_path):
    """Copy one run's file over another run's name: the store refuses it (WrongRunError naming both runs)
    instead of using it, and reproduce does not count it as finished."""
    run_spec(TINY, "quick", out=tmp_path, jobs=1, progress=False)
    runs = TINY.runs("quick")
    a, b = (store.result_path(tmp_path, r) for r in (runs[0], runs[-1]))
    b.write_bytes(a.read_bytes())
    with pytest.raises(store.WrongRunError, match="never used under another run's name"):
        store.finished(tmp_path, runs[-1])
    with pytest.raises(store.WrongRunError):
        run_spec(TINY, "quick", out=tmp_path, jobs=1, progress=False)
    assert store.finished(tmp_path, runs[0])


def test_a_run_record_reads_back_as_the_trace_its_run_returned(tmp_path):
    """record.as_trace: the per-query arrays of a stored run are those of the Trace the same run returns
    when made directly (same setup, box and seeds), so a Trace's analyses apply to the engine's records."""
    from regretlab.experiments import record
    from regretlab.experiments.runner import make_optimizer, make_problem

    run_spec(TINY, "quick", out=tmp_path, jobs=1, progress=False)
    run = TINY.runs("quick")[0]
    trace = record.as_trace(store.read_result(store.result_path(tmp_path, run), run))
    objective, box = make_problem(TINY, run)
    _, method_seed = run.seed_sequences()
    direct = make_optimizer(TINY, run, objective, box, np.random.default_rng(method_seed)).run(
        objective, run.budget, progress=False)
    for name in ("x", "y", "f", "beta", "acq_evaluations", "is_initial"):
        np.testing.assert_array_equal(getattr(trace, name), getattr(direct, name), err_msg=name)
    assert trace.algorithm == direct.algorithm and trace.optimum_value == objective.optimum_value
    np.testing.assert_array_equal(trace.simple_regret, direct.simple_regret)


def test_a_run_made_from_other_setup_values_is_refused(tmp_path, monkeypatch):
    """Every record carries the digest of the values its method was built from. Change one value of a
    setup after the runs (EI-Vanilla's n_init): the stored runs of that method are refused (StaleRunError
    naming the method, both digests and the commit), the other method's are still used, and a record
    without a digest (made before digests were recorded) is read as before."""
    from regretlab.experiments import record

    run_spec(TINY, "quick", out=tmp_path, jobs=1, progress=False)
    runs = TINY.runs("quick")
    ei = next(r for r in runs if r.method == "Ha2019/EI-Vanilla")
    rand = next(r for r in runs if r.method == "Kandasamy2015/RAND")
    meta = store.read_result(store.result_path(tmp_path, ei), ei)["meta"]
    assert meta["settings_fingerprint"] == record.run_settings_fingerprint(ei)

    change_a_setup_value(monkeypatch)
    with pytest.raises(store.StaleRunError, match="Ha2019/EI-Vanilla.*settings fingerprint"):
        store.finished(tmp_path, ei)
    assert store.finished(tmp_path, rand)

    path = store.result_path(tmp_path, ei)  # the same record without its digest: accepted
    data = store.read_result(path)
    del data["meta"]["settings_fingerprint"]
    arrays = {k: v for k, v in data.items() if k != "meta"}
    store.write_result(tmp_path, ei, arrays, data["meta"])
    assert store.finished(tmp_path, ei)
    record.settings_fingerprint.cache_clear()


def test_two_specs_that_need_the_same_run_share_it(tmp_path):
    """A run is named by what it is (method, problem content, protocol, budget, repeat), not by its spec:
    a second spec with another key, title and label for the same problem finds the first spec's runs
    finished, and a method spelled with 0 or 0.0 is one run."""
    run_spec(TINY, "quick", out=tmp_path, jobs=1, progress=False)
    other = replace(TINY, key="Test.other", title="another figure", methods=TINY.methods[:1],
                    problems=(Problem("camelback", label="Camelback"),),
                    modes={"quick": Mode(3, (("Camelback", 8),)), "full": Mode(3, (("Camelback", 8),))})
    report = run_spec(other, "quick", out=tmp_path, jobs=1, progress=False)
    assert report.computed == [] and len(report.skipped) == 3
    longer = replace(other, modes={"quick": Mode(3, (("Camelback", 9),)), "full": other.modes["full"]})
    assert {r.key for r in longer.runs("quick")}.isdisjoint({r.key for r in other.runs("quick")})
    one = replace(TINY, methods=("Li2016/RPP(delta=0)",)).runs("quick")[0]
    two = replace(TINY, methods=("Li2016/RPP(delta=0.0)",)).runs("quick")[0]
    assert one.key == two.key and one.seed_sequences()[1].spawn_key == two.seed_sequences()[1].spawn_key


# ---- export ------------------------------------------------------------------------------------------------
def test_export_writes_pdf_png_csv_and_provenance(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.SPECS, TINY.key, TINY)
    run_spec(TINY, "quick", out=tmp_path / "results", jobs=1, progress=False)
    paths = export(TINY.key, "quick", out=tmp_path / "results", export_root=tmp_path / "pf")
    names = {p.name for p in paths}
    assert {"tiny.pdf", "tiny.png", "tiny.csv", "tiny.json", "MANIFEST.json"} <= names
    folder = tmp_path / "pf" / "Test"
    pdf = (folder / "tiny.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and pdf.rstrip().endswith(b"%%EOF") and len(pdf) > 1000
    assert b"/FontFile2" in pdf  # TrueType fonts embedded (Type 42)
    image = mpimg.imread(folder / "tiny.png")
    assert image.ndim == 3 and image.shape[0] > 100 and image.shape[1] > 100
    with open(folder / "tiny.csv", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["problem", "method", "iteration", "mean", "error", "n_runs"]
    assert len(rows) == 1 + 2 * 8 and all(len(r) == 6 for r in rows)
    first = [r for r in rows[1:] if r[1] == "Kandasamy2015/RAND" and r[2] == "1"][0]
    results = [store.read_result(p) for p in store.runs_folder(tmp_path / "results").rglob(
        "Kandasamy2015-RAND__*.npz")]
    assert len(results) == 3
    assert float(first[3]) == pytest.approx(np.mean([r["f"][0] for r in results]), rel=1e-12)
    provenance = json.loads((folder / "tiny.json").read_text())
    assert provenance["spec_hash"] == TINY.hash("quick") and provenance["mode"] == "quick"
    assert len(provenance["seeds"]) == 6
    head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    if head:  # inside a checkout (the tests' usual place): the commit is named
        assert all(c.split("+")[0] == head for c in provenance["commits"]), provenance["commits"]
    assert provenance["versions"]["numpy"] == np.__version__
    manifest = json.loads((tmp_path / "pf" / "MANIFEST.json").read_text())
    assert set(manifest["files"]) >= {"Test/tiny.pdf", "Test/tiny.png", "Test/tiny.csv", "Test/tiny.json"}


def test_export_refuses_when_runs_are_missing(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.SPECS, TINY.key, TINY)
    with pytest.raises(ValueError, match="regretlab reproduce Test.tiny"):
        export(TINY.key, "quick", out=tmp_path / "none", export_root=tmp_path / "pf")


def test_notebooks_are_committed_without_outputs_and_name_existing_specs():
    """Thin notebooks (each cell runs a spec): no outputs or execution counts in the committed file, every
    spec key they name exists, and every spec appears in one of them (a figure without a notebook section
    would be exported by `tox -e figures` but never shown)."""
    import re

    folder = Path(__file__).resolve().parents[2] / "notebooks"
    notebooks = sorted(folder.glob("*.ipynb"))
    if not notebooks:
        pytest.skip(f"no notebooks in {folder} (an installed copy without the repository)")
    named = set()
    for path in notebooks:
        notebook = json.loads(path.read_text(encoding="utf-8"))  # .ipynb is JSON (nbformat 4)
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, path.name
                source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
                for key in re.findall(r'"(\w+\.\w+)"', source):
                    if key.split(".")[0] in {paper.key for paper in SUBJECTS}:
                        named.add(registry.get(key).key)
    assert {p.stem for p in notebooks} >= {paper.algorithm_module for paper in SUBJECTS} | {"theory"}
    assert set(registry.available()) - named == set()


#: Objectives built smaller in the tiny-mode test than their specs build them (options of the objective).
_TEST_SIZE_OPTIONS = {"digits_mlp": {"hidden": 16, "epochs": 1}}


@pytest.mark.filterwarnings("ignore")
@pytest.mark.parametrize("key", [k for k in registry.available() if not registry.get(k).derived_from
                                 and registry.get(k).kind != "rendered"])
def test_every_spec_runs_in_a_tiny_mode(key, tmp_path):
    """Each spec's first quick-mode problem, one repeat, one BO step past the largest initial design of its
    methods: every method of the spec builds on the problem and takes a step (seconds per spec). An
    objective that trains a network per evaluation is built at test size (:data:`_TEST_SIZE_OPTIONS`; the
    digits MLP at its printed size took 2.4 minutes here, its own tests check the network)."""
    from regretlab.experiments.runner import make_optimizer, make_problem

    spec = registry.get(key)
    spec = replace(spec, problems=tuple(
        replace(p, options=tuple(sorted({**dict(p.options), **_TEST_SIZE_OPTIONS.get(p.name, {})}.items())))
        for p in spec.problems))
    first = spec.problems_of("quick")[0]
    probe = replace(spec, modes={m: Mode(1, ((first, 1),), problems=(first,)) for m in ("quick", "full")})
    n_init = []
    for run in probe.runs("quick"):
        objective, box = make_problem(probe, run)
        n_init.append(make_optimizer(probe, run, objective, box, np.random.default_rng(0)).n_init)
    budget = max(n_init) + 1
    tiny_mode = Mode(1, ((first, budget),), problems=(first,))
    tiny = replace(probe, modes={"quick": tiny_mode, "full": tiny_mode})
    report = run_spec(tiny, "quick", out=tmp_path, jobs=2, progress=False)
    assert report.ok, report.summary()
    assert len(report.computed) == len(spec.methods)


def test_no_kind_has_a_verdict_rule_and_an_undecided_export_says_so():
    """One road to a verdict (issue 62): a kind describes what its export shows and never returns a verdict;
    without a decision record a full-mode curves export is 'pending' (the details say what it shows), a
    picture is qualitative, a substitute says so with what its export shows, a quick one is marked. No
    kind's source holds a verdict word as a value (issue 77.2: the timing and table kinds called an order
    'holds' at one-sided p < 0.05, a second road to a verdict)."""
    import ast
    import inspect
    from pathlib import Path

    import regretlab.figures.kinds as kinds_package
    from regretlab.figures.comparison import verdict_of
    from regretlab.figures.kinds import KINDS, Kind

    assert "verdict" not in {f.name for f in __import__("dataclasses").fields(Kind)}
    for entry in KINDS.values():
        if entry.describe is not None:
            assert "verdict" not in inspect.signature(entry.describe).parameters
    finals = [{"problem": "F", "method": "P/A", "rank": 1}, {"problem": "F", "method": "P/B", "rank": 2}]
    assert verdict_of({"mode": "full", "kind": "curves", "final_values": finals}) == (
        "pending", "best final mean: A on F")
    assert verdict_of({"mode": "quick", "kind": "picture", "expansions": 2}) == (
        "qualitative", "quick mode: one run; 2 expansion(s) drawn with the user's box")
    verdict, details = verdict_of({"mode": "full", "kind": "curves", "final_values": finals,
                                   "substitute": "digits for MNIST"})
    assert verdict == "substitute" and details == "digits for MNIST; on it: best final mean: A on F"
    verdict, details = verdict_of({"mode": "full", "kind": "table", "table_comparison": {
        "cells": 4, "cells_within_2se": 1,
        "rankings": [{"problem": "D50", "T": 500, "kendall_tau": -1.0, "ranking": "reversed"}]}})
    assert verdict == "pending" and details.endswith("D50 T = 500: τ = -1.00 (reversed)")
    words = {"holds", "does not hold", "confirmed", "refuted", "reproduced", "not reproduced", "partly"}
    for path in sorted(Path(kinds_package.__file__).parent.glob("*.py")):
        constants = {n.value for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                     if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        assert not constants & words, (path.name, constants & words)


def test_comparison_md_says_pending_without_a_decision_record(tmp_path):
    """A full-mode row with no decisions/<item>.json is 'pending' (the decisions' word, issue 76.5) and
    names `regretlab decide`."""
    from regretlab.figures.comparison import write_comparison

    (tmp_path / "P").mkdir()
    (tmp_path / "P" / "x.json").write_text(json.dumps({
        "spec": "P.x", "kind": "curves", "mode": "full", "runs": 6, "reference": "[P, Fig. 1]",
        "final_values": [{"problem": "F", "method": "P/A", "rank": 1}]}))
    row = next(line for line in write_comparison(tmp_path).read_text().splitlines() if "| P.x |" in line)
    assert "**pending**" in row and "no decision record yet (`regretlab decide`)" in row
    assert "best final mean: A on F" in row


def test_a_table_spec_exports_the_paper_beside_ours(tmp_path, monkeypatch):
    """kind="table": per method the printed mean ± s.e. beside ours at T, the difference in combined s.e.
    recomputed here from the result files, and a COMPARISON.md row."""
    printed = {"Kandasamy2015/RAND": {8: (0.5, 0.1)}, "Ha2019/EI-Vanilla": {8: (0.2, 0.05)}}
    spec = replace(TINY, key="Test.table", kind="table", metric="simple_regret",
                   paper_values={"table": {"Camel": printed}, "at": (8,)})
    monkeypatch.setitem(registry.SPECS, spec.key, spec)
    run_spec(spec, "quick", out=tmp_path / "results", jobs=1, progress=False)
    export(spec.key, "quick", out=tmp_path / "results", export_root=tmp_path / "pf")
    with open(tmp_path / "pf" / "Test" / "table.csv", newline="") as handle:
        rows = {r["method"]: r for r in csv.DictReader(handle)}
    for method, cell in printed.items():
        files = store.runs_folder(tmp_path / "results").rglob(f"{method.replace('/', '-')}__*.npz")
        results = [store.read_result(p) for p in files]
        finals = np.array([r["meta"]["optimum_value"] - np.max(r["f"]) for r in results])
        se = finals.std(ddof=1) / np.sqrt(finals.size)
        expected = (finals.mean() - cell[8][0]) / np.hypot(se, cell[8][1])
        assert float(rows[method]["difference_in_se"]) == pytest.approx(expected, abs=0.01)
    assert "Test.table" in (tmp_path / "pf" / "COMPARISON.md").read_text()


def test_a_ttest_spec_labels_our_runs_with_the_papers_test(tmp_path, monkeypatch):
    """kind="ttest" (derived from a curves spec's runs): our label from regretlab.bounds.rpp.ttest on our
    final values, in both readings, beside the printed label."""
    from regretlab.bounds.rpp import ttest

    pair = ("Camel", "Ha2019/EI-Vanilla", "Kandasamy2015/RAND", 8)
    derived = replace(TINY, key="Test.ttest", kind="ttest", derived_from=TINY.key, metric="simple_regret",
                      paper_values={"labels": {pair: "win"}})
    monkeypatch.setitem(registry.SPECS, TINY.key, TINY)
    monkeypatch.setitem(registry.SPECS, derived.key, derived)
    run_spec(TINY, "quick", out=tmp_path / "results", jobs=1, progress=False)
    export(derived.key, "quick", out=tmp_path / "results", export_root=tmp_path / "pf")
    with open(tmp_path / "pf" / "Test" / "ttest.csv", newline="") as handle:
        (row,) = list(csv.DictReader(handle))
    finals = {}
    for method in pair[1:3]:
        files = store.runs_folder(tmp_path / "results").rglob(f"{method.replace('/', '-')}__*.npz")
        results = [store.read_result(p) for p in files]
        finals[method] = np.array([r["meta"]["optimum_value"] - np.max(r["f"]) for r in results])
    a, b = finals[pair[1]], finals[pair[2]]
    expected = ttest(mean_a=a.mean(), se_a=a.std(ddof=1) / np.sqrt(3), mean_b=b.mean(),
                     se_b=b.std(ddof=1) / np.sqrt(3), n=3, reading="A").label
    assert row["ours_A"] == expected and row["paper"] == "win"
    assert row["match"] in ("both", "A", "B", "neither")


#: What each illustration's computation must find (the verdict its render function derives).
ILLUSTRATION_VERDICTS = {"Kandasamy2015.table1": "reproduced", "Kandasamy2015.fig2": "reproduced",
                         "Li2016.fig1": "qualitative", "Li2016.fig2": "reproduced"}


@pytest.mark.parametrize("key", [k for k in registry.available()
                                 if registry.get(k).kind == "rendered" and not registry.get(k).derived_from])
def test_every_illustration_exports_with_its_computed_verdict(key, tmp_path):
    """Illustrations have no runs: `reproduce` draws them at once, writes figure + CSV + JSON, and the
    verdict in COMPARISON.md comes from the render function's check (for Kandasamy2015.fig2: only the
    exp(-·) reading of Eq. (7) is trimodal; Table 1: sympy and regretlab.bounds agree)."""
    from regretlab.figures.comparison import verdict_of
    from regretlab.figures.reproduce import reproduce

    done = reproduce(key, "quick", out=tmp_path / "r", export_root=tmp_path / "pf")
    assert done.report.ok and not done.report.computed
    paper, item = key.split(".", 1)
    provenance = json.loads((tmp_path / "pf" / paper / f"{item}.json").read_text())
    verdict, details = verdict_of(provenance)
    assert verdict == ILLUSTRATION_VERDICTS[key], details
    assert not details.startswith("quick mode")          # an illustration is the same in both modes
    assert (tmp_path / "pf" / paper / f"{item}.csv").read_text().count("\n") >= 2
    if key == "Kandasamy2015.fig2":
        assert "under reading(s) B;" in details
        assert "reading A (exp(+·), as printed in [Kandasamy2015, Eq. (7)]): 0 local maxima" in details


def test_a_regret_metric_on_a_substitute_objective_does_not_validate():
    """A data-based substitute has no known maximum, so a regret curve on it is refused at validation."""
    spec = replace(TINY, problems=(Problem("vj_surrogate", 22, "VJ"),), metric="simple_regret",
                   modes={m: Mode(1, (("VJ", 5),)) for m in ("quick", "full")})
    with pytest.raises(ValueError, match="not known"):
        spec.validate()


def test_bounds_against_runs_uses_the_runs_information_gain_and_the_papers_beta():
    """The drawn bound at T is sqrt(C1 T β_T I_T) in the objective's units, with I_T = ½ Σ log(1 + v_t/σ²)
    of the run's own posterior variances and β_T the recorded β over the setup's beta_scale (recorded once,
    in the record's meta: record.unscaled_beta); a run whose regret exceeds it is counted as not below the
    bound."""
    from regretlab.bounds.gp_ucb import cumulative_regret_bound
    from regretlab.figures.theory import bounds_against_runs

    T = 12
    variances = np.linspace(1.0, 0.1, T)
    beta = np.r_[np.full(2, np.nan), np.linspace(2.0, 3.0, T - 2)]
    meta = {"optimum_value": 1.0, "noise_ratio": 0.01, "regret_unit": 3.0, "beta_scale": 0.5,
            "bound_constants": {}}
    low = {"f": np.full(T, 0.9), "is_initial": np.r_[[True, True], np.zeros(T - 2, bool)], "beta": beta,
           "posterior_variance": variances, "seconds": np.zeros(T), "meta": meta}
    high = dict(low, f=np.full(T, -1e6))
    spec = replace(TINY, kind="rendered", render="regretlab.figures.theory:bounds_against_runs",
                   paper_values={"bound": "gp_ucb", "algorithm": "M"})
    results = {("M", "P", 0): low, ("M", "P", 1): high, ("X", "P", 0): low}
    rendered = bounds_against_runs(spec, results, "quick")
    gain = 0.5 * np.sum(np.log1p(variances / 0.01))
    expected = 3.0 * float(cumulative_regret_bound(T=T, beta_T=3.0 / 0.5, gamma_T=gain, sigma=0.1))
    final = [r for r in rendered.rows if r[2] == T]
    assert [r[1] for r in final] == [0, 1]
    assert final[0][4] == pytest.approx(expected, rel=1e-12) and final[0][3] == pytest.approx(0.1 * T)
    assert rendered.provenance["runs_above"] == 1 and rendered.verdict[0] == "new"
    assert "in 1 of 2 runs" in rendered.verdict[1]


@pytest.mark.parametrize("key", registry.available())
def test_no_spec_keeps_a_claim_in_its_paper_values(key):
    """The claims live in regretlab.decisions.claims only: a spec's paper_values hold printed numbers or a
    bound figure's inputs, and its highlighted method is one of its methods."""
    spec = registry.get(key)
    assert not {"claimed_best", "claimed_pairs", "claim"} & set(spec.paper_values)
    assert not spec.highlight or spec.highlight in spec.methods


def test_a_highlight_that_is_not_a_method_is_refused():
    with pytest.raises(ValueError, match="highlight='Nope' is not a method"):
        replace(TINY, highlight="Nope").validate()


def test_a_record_is_the_same_bytes_when_written_twice():
    """store.encode_record gives the same bytes for the same record whatever the order of meta's keys (what
    makes a re-slimmed archive byte-identical), and decode_record reads back what was written."""
    arrays = {"x": np.arange(6.0).reshape(3, 2), "is_initial": np.array([True, False, False])}
    first = store.encode_record(arrays, {"run_key": "k", "b": 1})
    assert store.encode_record(arrays, {"b": 1, "run_key": "k"}) == first
    back = store.decode_record(first)
    assert back["meta"] == {"run_key": "k", "b": 1} and np.array_equal(back["x"], arrays["x"])
    assert back["is_initial"].dtype == bool


def test_run_records_carry_provenance_and_a_single_blas_thread(tmp_path):
    """Every record names its run key and identity, beta_scale beside the scaled beta, the versions, the
    BLAS pools, each held at one thread while the run computed, and their kernel sets (what a bit-for-bit
    rerun needs besides the commit: threadpoolctl's architecture of this process's OpenBLAS)."""
    from threadpoolctl import threadpool_info

    run_spec(TINY, "quick", out=tmp_path, jobs=1, progress=False)
    here = {f"{p['internal_api']}:{p['user_api']}": p["architecture"] for p in threadpool_info()
            if p.get("architecture")}
    for run in TINY.runs("quick"):
        meta = store.read_result(store.result_path(tmp_path, run), run)["meta"]
        assert meta["run_key"] == run.key and meta["identity"]["repeat"] == run.repeat
        assert {"commit", "dirty", "numpy", "scipy", "python", "cpu_seconds", "repeated_queries"} <= set(meta)
        assert all(threads == 1 for threads in meta["blas_threads"].values())
        assert meta["blas_kernels"] == here


def test_every_rendered_spec_names_a_known_renderer():
    """A rendered spec names its renderer by a word (no import string); every name resolves in
    regretlab.figures.renderers, and an unknown one is refused with the known names."""
    from regretlab.figures.renderers import RENDERERS, renderer

    names = {registry.get(k).render for k in registry.available() if registry.get(k).kind == "rendered"}
    assert names and names <= set(RENDERERS)
    with pytest.raises(ValueError, match="known"):
        renderer("no_such_renderer")
    with pytest.raises(ValueError, match="renderer name"):
        replace(registry.get("Li2016.fig1"), render="regretlab.figures.theory:li_fig1").validate()


def test_a_quick_export_never_overwrites_a_full_mode_one(tmp_path, monkeypatch):
    """With a full-mode export of an item in the folder, reproduce/export in quick mode refuse before
    running (FullExportProtected names the file) and leave the full export untouched."""
    from regretlab.figures.reproduce import FullExportProtected, protect_full_export

    monkeypatch.setitem(registry.SPECS, TINY.key, TINY)
    folder = tmp_path / "pf" / "Test"
    folder.mkdir(parents=True)
    (folder / "tiny.json").write_text(json.dumps({"mode": "full"}))
    with pytest.raises(FullExportProtected, match="full-mode export"):
        export(TINY.key, "quick", out=tmp_path / "results", export_root=tmp_path / "pf")
    protect_full_export(TINY.key, "full", tmp_path / "pf")               # full over full: allowed
    protect_full_export(TINY.key, "quick", tmp_path / "elsewhere")       # another folder: allowed
    assert json.loads((folder / "tiny.json").read_text()) == {"mode": "full"}


def test_a_partial_export_draws_the_finished_full_mode_runs_and_says_how_many(tmp_path, monkeypatch):
    """export(partial=True) in full mode draws the runs finished so far (here 2 of RAND's 3 and all 3 of
    EI's): its provenance counts them, the CSV's n_runs and COMPARISON.md's mode column say so, and its row
    gets no verdict (only `decide`'s decisions are verdicts). Without partial the export refuses and names
    --partial; a (method, problem) with no run is named; a later export from fewer runs, or a quick one,
    cannot replace it; partial is refused in quick mode."""
    from regretlab.figures.reproduce import FullExportProtected

    claimed = replace(TINY, highlight="Ha2019/EI-Vanilla")
    monkeypatch.setitem(registry.SPECS, TINY.key, claimed)
    out, root = tmp_path / "results", tmp_path / "pf"
    run_spec(claimed, "full", out=out, jobs=1, progress=False)
    rand = [r for r in claimed.runs("full") if r.method == "Kandasamy2015/RAND"]
    store.result_path(out, rand[2]).unlink()
    with pytest.raises(ValueError, match="1 of 6 runs have no result.*--partial"):
        export(TINY.key, "full", out=out, export_root=root)
    export(TINY.key, "full", out=out, export_root=root, partial=True)
    provenance = json.loads((root / "Test" / "tiny.json").read_text())
    assert provenance["mode"] == "full" and provenance["runs"] == 5
    assert provenance["partial"] == {"runs": 5, "planned_runs": 6, "planned_repeats": 3,
                                     "runs_per_method_problem": [2, 3]}
    with open(root / "Test" / "tiny.csv", newline="") as handle:
        n_runs = {row["method"]: row["n_runs"] for row in csv.DictReader(handle)}
    assert n_runs == {"Kandasamy2015/RAND": "2", "Ha2019/EI-Vanilla": "3"}
    row = next(line for line in (root / "COMPARISON.md").read_text().splitlines() if "| Test.tiny |" in line)
    assert "full (partial: 2-3 of 3 runs per method and problem)" in row
    assert "**partial runs: no verdict**" in row
    # fewer runs, or a quick export, must not replace it
    store.result_path(out, rand[1]).unlink()
    with pytest.raises(FullExportProtected, match="from 5 runs; this one has 4"):
        export(TINY.key, "full", out=out, export_root=root, partial=True)
    with pytest.raises(FullExportProtected, match="quick-mode export would overwrite"):
        export(TINY.key, "quick", out=out, export_root=root)
    store.result_path(out, rand[0]).unlink()
    with pytest.raises(ValueError, match="1 have none: RAND on Camel"):
        export(TINY.key, "full", out=out, export_root=tmp_path / "pf2", partial=True)
    with pytest.raises(ValueError, match="partial=True needs mode='full'"):
        export(TINY.key, "quick", out=out, export_root=tmp_path / "pf3", partial=True)
    assert json.loads((root / "Test" / "tiny.json").read_text())["runs"] == 5


def test_li2016_table5_shares_six_of_its_nine_columns_with_table1():
    """[Li2016] Table 5's δ = 0 (ADD) and δ = 0.1 (RPP) columns at D = 50, T = 1000 are Table 1's runs:
    the same run keys, so they are computed once (300 of Table 5's 450 full-mode runs)."""
    table1, table5 = (registry.get(k).runs("full") for k in ("Li2016.table1", "Li2016.table5"))
    shared = {r.key for r in table1} & {r.key for r in table5}
    assert len(table5) == 450 and len(shared) == 300
    assert {r.method for r in table5 if r.key in shared} == {
        f"Li2016/{m}(d={d})" for m in ("ADD", "RPP") for d in (5, 10, 25)}


def _configuration(method: str, dim: int) -> tuple[str, str]:
    """What a method spelling builds at ``dim``: its setup's name and the options that differ from the
    setup's values there (an option equal to the setup's value, as ``d=5`` for MS-UCB, changes nothing)."""
    from regretlab.algorithms import setups
    from regretlab.experiments.spec import canonical_method, parse_method

    name, options = parse_method(method)
    values = setups.describe(name).keywords(dim)
    effective = {k: v for k, v in options.items()
                 if k not in values or callable(values[k]) or canonical_method(f"X({k}={v!r})")
                 != canonical_method(f"X({k}={values[k]!r})")}
    return name, canonical_method(f"{name}({', '.join(f'{k}={v!r}' for k, v in sorted(effective.items()))})")


def _configurations_spelled_twice(runs) -> list:
    """Groups of runs that are one configuration (setup, options that change something, problem content,
    protocol, budget, repeat) yet are stored under more than one spelling: one computation made twice."""
    from collections import defaultdict

    from regretlab.experiments.spec import canonical_method, run_dimension, stored_method

    spellings = defaultdict(set)
    for run in runs:
        identity = {k: v for k, v in run.identity().items() if k != "method"}
        what = (_configuration(run.method, run_dimension(run)), json.dumps(identity, sort_keys=True))
        spellings[what].add(canonical_method(stored_method(run.method)))
    return sorted(sorted(s) for s in spellings.values() if len(s) > 1)


def test_every_aliased_spelling_is_the_configuration_it_is_stored_as():
    """Each entry of SAME_RUNS_AS builds what its target builds at every D a spec runs it (the setup's
    values with the options applied), so sharing its runs changes no result; a wrong entry would not."""
    from regretlab.experiments.spec import SAME_RUNS_AS, run_dimension

    dims = {}
    for key in registry.available():
        spec = registry.get(key)
        for mode in ("quick", "full"):
            for run in spec.runs(mode) if spec.kind != "rendered" else ():
                dims.setdefault(run.method, set()).add(run_dimension(run))
    for spelling, target in SAME_RUNS_AS.items():
        assert dims.get(spelling), f"{spelling} is asked for by no spec"
        for dim in dims[spelling]:
            assert _configuration(spelling, dim) == _configuration(target, dim), (spelling, dim)
    assert _configuration("TranThe2020/MS-UCB(d=10)", 100) != _configuration("TranThe2020/MS-UCB(d=5)", 100)
    assert _configuration("TranThe2020/MS-UCB(N0=1)", 100) == _configuration("TranThe2020/MS-UCB", 100)


def test_no_configuration_of_the_registry_is_computed_under_two_spellings():
    """Across every spec's runs (both modes), one configuration on one problem, protocol, budget and repeat
    has one run key. [TranThe2020] Figs 1-3's default MS-UCB at D = 100 was three spellings (MS-UCB,
    MS-UCB(N0=1, alpha=0.0), MS-UCB(d=5)) and three runs before SAME_RUNS_AS; the detector finds such a
    pair on made-up runs, and the three figures' runs of it now share keys with Fig. 3's archived runs."""
    from regretlab.experiments.spec import SAME_RUNS_AS

    runs = [run for key in registry.available() for mode in ("quick", "full")
            for run in (registry.get(key).runs(mode) if registry.get(key).kind != "rendered" else ())]
    assert _configurations_spelled_twice(runs) == []
    twice = replace(TINY, methods=("TranThe2020/MS-UCB(d=10)", "TranThe2020/MS-UCB(d=10, N0=1)"))
    assert len(_configurations_spelled_twice(twice.runs("quick"))) == 3          # one group per repeat
    assert "TranThe2020/MS-UCB(N0=1, alpha=0.0)" in SAME_RUNS_AS

    fig1, fig2, fig3 = (registry.get(f"TranThe2020.fig{i}").runs("full") for i in (1, 2, 3))
    default = {"TranThe2020/MS-UCB", "TranThe2020/MS-UCB(N0=1, alpha=0.0)", "TranThe2020/MS-UCB(d=5)"}
    shared = ("HyperEllipsoid-100", "Ackley-100")
    keys = [{(r.problem, r.repeat): r.key for r in runs if r.method in default and r.problem in shared}
            for runs in (fig1, fig2, fig3)]
    assert len(keys[2]) == 60 and keys[0] == keys[1] == keys[2]
    manifest = Path(__file__).resolve().parents[2] / "paper_figures" / "runs" / "TranThe2020.fig3.json"
    stored = json.loads(manifest.read_text())   # Fig. 2's archive holds them: Fig. 3's lists them as shared
    listed = stored["members"] + stored.get("shared", [])
    archived = {(m["problem"], m["repeat"]): m["run_key"] for m in listed
                if m["method"] == "TranThe2020/MS-UCB(d=5)"}
    assert len(archived) == 60 and archived == keys[2]       # Fig. 3's archived runs keep their keys


def test_written_files_are_readable_as_the_umask_allows(tmp_path):
    """Atomic writes keep the umask's permissions (0644 under umask 022), not mkstemp's owner-only 0600."""
    import stat

    from regretlab._io import atomic_write_text

    old = os.umask(0o022)
    try:
        path = atomic_write_text(tmp_path / "a.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


ORPHAN_SCRIPT = textwrap.dedent("""
    import sys
    sys.path.insert(0, {tests!r})
    from test_engine import TINY_SLOW
    from regretlab.experiments import run_spec
    run_spec(TINY_SLOW, "quick", out={out!r}, jobs=2, progress=False)
""")


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to list a process's children")
def test_a_killed_runner_takes_its_workers_with_it(tmp_path):
    """SIGKILL a --jobs 2 runner once its first result exists: its joblib workers end (their watchdog sees
    the parent gone; polled for at most 30 s, they go within about a second) and no result is written
    after they are gone."""
    out = tmp_path / "out"
    script = ORPHAN_SCRIPT.format(tests=str(Path(__file__).parent), out=str(out))
    proc = subprocess.Popen([sys.executable, "-c", script], env={**os.environ, "PYTHONHASHSEED": "0"})
    try:
        for _ in range(1200):                       # wait for the first finished result (not for a time)
            if list(store.runs_folder(out).rglob("*.npz")):
                break
            time.sleep(0.05)
        workers = _children(proc.pid)
        assert workers, "the runner started no worker"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    for _ in range(300):
        alive = {pid for pid in workers if Path(f"/proc/{pid}").exists()
                 and "Z" not in Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]}
        if not alive:
            break
        time.sleep(0.1)
    assert not alive, f"workers {sorted(alive)} outlived the killed runner"
    count = len(list(store.runs_folder(out).rglob("*.npz")))
    time.sleep(1.0)
    assert len(list(store.runs_folder(out).rglob("*.npz"))) == count


def test_every_kind_of_spec_is_one_module_of_figures_kinds():
    """Each kind a spec may have (experiments.spec.ITEM_KINDS) is exactly one module of figures.kinds, found
    by listing the package: its exporter, and the words for what its export shows (every kind but 'rendered',
    whose renderer says what it checked); an unknown kind is a clear error naming the known ones."""
    import pkgutil

    from regretlab.experiments.spec import ITEM_KINDS
    from regretlab.figures import kinds

    assert set(kinds.KINDS) == set(ITEM_KINDS)
    public = [m.name for m in pkgutil.iter_modules(kinds.__path__) if not m.name.startswith("_")]
    assert sorted(public) == sorted(ITEM_KINDS)    # a private module (_orders: shared words) is no kind
    for name, entry in kinds.KINDS.items():
        assert callable(entry.export)
        assert (entry.describe is None) == (name == "rendered"), name    # a renderer says what it checked
    with pytest.raises(ValueError, match="kind='nope' is not one of"):
        kinds.kind("nope")


def test_reproduce_validates_the_spec_once_and_reads_each_run_file_once(tmp_path, monkeypatch):
    """A reproduce of a fresh spec object (6 runs) checks the spec once and reads each result file once,
    both when it computes the runs and when they are already finished; its export equals `export`'s from
    the files (the CSV and the plotted data byte for byte)."""
    from regretlab.figures.reproduce import reproduce

    reads, checks = [], []
    real_read, real_check = store.read_result, Spec._check
    monkeypatch.setattr(store, "read_result", lambda path, run=None: reads.append(Path(path).name)
                        or real_read(path, run))
    monkeypatch.setattr(Spec, "_check", lambda self: checks.append(self.key) or real_check(self))
    for attempt in ("computes", "finished"):
        reads.clear(), checks.clear()
        fresh = replace(TINY)                   # a new spec object: not validated yet
        monkeypatch.setitem(registry.SPECS, TINY.key, fresh)
        done = reproduce(TINY.key, "quick", out=tmp_path / "results", export_root=tmp_path / "pf", jobs=1,
                         progress=False)
        assert done.report.ok, attempt
        assert checks == [TINY.key], (attempt, checks)
        assert len(reads) == 6 and len(set(reads)) == 6, (attempt, reads)
    again = export(TINY.key, "quick", out=tmp_path / "results", export_root=tmp_path / "pf2")
    csv_name = next(p for p in again if p.suffix == ".csv").relative_to(tmp_path / "pf2")
    assert (tmp_path / "pf2" / csv_name).read_bytes() == (tmp_path / "pf" / csv_name).read_bytes()


def test_an_item_with_own_runs_makes_them_with_the_shared_runs_seeds():
    """Ha2019.table1_fbocode (own_runs): each run's key differs from Ha2019.fig3's run of the same method,
    problem and repeat (a run of its own, timed with its partners at one commit), while its seeds are the
    same (the same queries); without own_runs the keys are Fig. 3's; Ha2019.appC_fbocode's UBO runs take
    App. C's seeds the same way; and no spec without own_runs names it in its hashed content (their run
    keys unchanged)."""
    timed = registry.get("Ha2019.table1_fbocode")
    shared = {(r.method, r.problem, r.repeat): r for r in registry.get("Ha2019.fig3").runs("full")}
    runs = [r for r in timed.runs("full") if r.method != "Ha2019/GPUCB-FBO-code"]
    assert len(runs) == 750
    for run in runs:
        twin = shared[(run.method, run.problem, run.repeat)]
        assert run.key != twin.key and run.timed_by == "Ha2019.table1_fbocode"
        assert [s.spawn_key for s in run.seed_sequences()] == [s.spawn_key for s in twin.seed_sequences()]
        assert [s.entropy for s in run.seed_sequences()] == [s.entropy for s in twin.seed_sequences()]
    plain = replace(timed, own_runs=False).runs("full")
    assert {r.key for r in plain if r.method != "Ha2019/GPUCB-FBO-code"} <= {r.key for r in shared.values()}
    owners = {k for k in registry.available() if registry.get(k).own_runs}
    assert owners == {"Ha2019.table1_fbocode", "Ha2019.appC_fbocode"}
    # App. C's timing item: its UBO runs take App. C's seeds (the same queries), under keys of their own
    appc = {(r.method, r.problem, r.repeat): r for r in registry.get("Ha2019.appC").runs("full")}
    for run in registry.get("Ha2019.appC_fbocode").runs("full"):
        if run.method == "Ha2019/GPUCB-UBO":
            twin = appc[(run.method, run.problem, run.repeat)]
            assert run.key != twin.key and run.timed_by == "Ha2019.appC_fbocode"
            assert [s.entropy for s in run.seed_sequences()] == [s.entropy for s in twin.seed_sequences()]
    others = [k for k in registry.available() if k not in owners and registry.get(k).kind != "rendered"]
    assert all("own_runs" not in registry.get(k).canonical(m) for k in others for m in ("quick", "full"))


def test_a_spec_whose_own_runs_is_not_a_bool_does_not_validate():
    """own_runs changes every run's key: only True or False is accepted, by name."""
    spec = replace(registry.get("Ha2019.table1_fbocode"), own_runs="yes")
    with pytest.raises(ValueError, match="own_runs='yes' is not True or False"):
        spec.validate()
