"""Checkpoints of a run in progress (regretlab.experiments.partial): a run stopped between two iterations and
resumed from its checkpoint ends bit for bit as the uninterrupted run, for every setup and through
execute_run; a checkpoint not made for this run, by this code, intact, is removed and the run starts over.
The stops are triggered by iteration counts, never by a clock (every_seconds=0 writes after each iteration).
"""

import hashlib
import json
import pickle
import warnings

import cloudpickle
import numpy as np
import pytest
from threadpoolctl import threadpool_limits

from regretlab import objectives
from regretlab.algorithms import setups
from regretlab.experiments import Mode, Problem, Spec, partial, runner, store

#: Options a setup needs on the 6-D test problem (the additive ones: groups or a group size).
_OPTIONS = {"Kandasamy2015/Add-*": {"groups": [[0, 1], [2, 3], [4, 5]]},
            "Kandasamy2015/Add-*-printed": {"groups": [[0, 1], [2, 3], [4, 5]]},
            "Kandasamy2015/Add-d/M": {"d": 2, "M": 3}, "Kandasamy2015/Add-d/M-code": {"d": 2, "M": 3},
            "Kandasamy2015/Add-d/M-printed": {"d": 2, "M": 3}, "Li2016/ADD": {"d": 2}, "Li2016/RPP": {"d": 2},
            "Li2016/RPP-printed": {"d": 2}}


@pytest.mark.parametrize("name", setups.available())
def test_every_setup_continues_from_its_pickled_state_to_the_uninterrupted_run(name):
    """Each setup on the 6-D Ackley (a box of 0.3 its domain, so the expanding methods leave it): stop one
    run call after n_init + 4 evaluations, pickle the optimiser as a checkpoint does (cloudpickle), load it
    and run the rest: queries, values and acquisition counts equal the uninterrupted run's bit for bit. SRE
    and GPUCB-FBO read their budget from the first run call: a fresh second call would not continue them."""
    objective = objectives.get("ackley", 6, enforce_bounds=False)
    box = np.asarray(objective.bounds, dtype=float) * 0.3

    def build():
        return setups.get(name, box, rng=np.random.default_rng(7), **_OPTIONS.get(name, {}))

    with threadpool_limits(limits=1), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        whole = build()
        total, stop = whole.n_init + 10, whole.n_init + 4
        expected = whole.run(objective, total, progress=False)
        first = build()
        first.run(objective, total, progress=False, callback=lambda opt, entry: opt.n_observations >= stop)
        assert first.n_observations == stop
        resumed = pickle.loads(cloudpickle.dumps(first))
        got = resumed.run(objective, total - stop, progress=False)
    for field in ("x", "y", "f", "beta", "acq_evaluations", "is_initial"):
        assert np.array_equal(getattr(got, field), getattr(expected, field), equal_nan=True), field


#: Two methods of the unknown-search-space protocol on the 2-D camel; GPUCB-FBO fixes its budget at its
#: first run call, GPUCB-UBO expands its box.
SPEC = Spec(
    key="Test.partial", paper="Test", reference="[Ha2019, §6]", title="checkpoints", kind="curves",
    methods=("Ha2019/GPUCB-FBO", "Ha2019/GPUCB-UBO"), problems=(Problem("camelback", label="Camel"),),
    modes={"quick": Mode(1, (("Camel", 16),)), "full": Mode(1, (("Camel", 16),))},
    protocol="ha2019_initial_box",
)


class _Killed(Exception):
    pass


def _stop_at(monkeypatch, n: int) -> None:
    """Make the checkpointer raise (as a kill would end the process) right after writing at n observations."""
    save = partial.Checkpointer.__call__

    def checkpoint_then_die(self, optimizer, entry):
        save(self, optimizer, entry)
        if optimizer.n_observations >= n:
            raise _Killed(f"stopped at {n}")

    monkeypatch.setattr(partial.Checkpointer, "__call__", checkpoint_then_die)


def _arrays_and_meta(out, run):
    result = store.read_result(store.result_path(out, run), run)
    meta = {k: v for k, v in result.pop("meta").items() if k not in store.TIMING_KEYS}
    return {k: v for k, v in result.items() if k not in store.TIMING_KEYS}, meta


@pytest.mark.parametrize("method", SPEC.methods)
def test_a_run_stopped_mid_way_resumes_from_its_checkpoint_to_the_same_record(tmp_path, monkeypatch, method):
    """execute_run stopped after 11 of 16 evaluations (its checkpoint written after each iteration) leaves
    no result and a checkpoint of 11 observations; started again it resumes there (resumed_at [11]), writes
    the record the uninterrupted run writes (arrays bit for bit, meta but timings) and removes the
    checkpoint. Its CPU seconds add the checkpoint's to the resumed process's."""
    (run,) = [r for r in SPEC.runs("full") if r.method == method]
    assert runner.execute_run(SPEC, run, tmp_path / "whole", commit="c0", checkpoint_seconds=0)[1] is None
    out = tmp_path / "stopped"
    with monkeypatch.context() as patch:
        _stop_at(patch, 11)
        _, error, _ = runner.execute_run(SPEC, run, out, commit="c0", checkpoint_seconds=0)
    assert "stopped at 11" in error and not store.finished(out, run)
    header = json.loads(partial.partial_path(out, run).read_bytes().split(b"\n", 2)[1])
    assert header["n_observations"] == 11 and header["cpu_seconds"] > 0
    assert runner.execute_run(SPEC, run, out, commit="c0", checkpoint_seconds=0)[1] is None
    assert not partial.partial_path(out, run).exists()
    whole, stopped = _arrays_and_meta(tmp_path / "whole", run), _arrays_and_meta(out, run)
    assert whole[1] == stopped[1]
    assert whole[0].keys() == stopped[0].keys()
    for key in whole[0]:
        assert np.array_equal(whole[0][key], stopped[0][key], equal_nan=True), key
    meta = store.read_result(store.result_path(out, run), run)["meta"]
    assert meta["resumed_at"] == [11] and meta["cpu_seconds"] >= header["cpu_seconds"]


def _header_edited(path, **changes) -> None:
    magic, text, body = path.read_bytes().split(b"\n", 2)
    header = {**json.loads(text), **changes}
    path.write_bytes(magic + b"\n" + json.dumps(header).encode() + b"\n" + body)


@pytest.mark.parametrize("spoil", ["other code", "other commit", "another run", "truncated", "edited state",
                                   "not a checkpoint"])
def test_a_checkpoint_not_made_for_this_run_by_this_code_is_removed_and_the_run_starts_over(
        tmp_path, monkeypatch, spoil):
    """A checkpoint whose header names other code (source fingerprint), another commit or another run, or
    whose state is cut short or edited (its SHA-256 no longer matches), or a file with no header line, is not
    used: load returns None and
    removes it, and execute_run computes the run from its start (resumed_at [])."""
    run = SPEC.runs("full")[0]
    with monkeypatch.context() as patch:
        _stop_at(patch, 11)
        runner.execute_run(SPEC, run, tmp_path, commit="c0", checkpoint_seconds=0)
    path = partial.partial_path(tmp_path, run)
    commit = "c0"
    if spoil == "other code":
        _header_edited(path, source="0" * 16)
    elif spoil == "other commit":
        commit = "c1"
    elif spoil == "another run":
        _header_edited(path, run_key=SPEC.runs("full")[1].key)
    elif spoil == "truncated":
        path.write_bytes(path.read_bytes()[:-100])
    elif spoil == "not a checkpoint":   # 200 kB without a line break: no header within its limit
        path.write_bytes(b"x" * 200_000)
    else:
        data = bytearray(path.read_bytes())
        data[-50] ^= 0xFF
        path.write_bytes(bytes(data))
    assert partial.load(tmp_path, run, commit) is None and not path.exists()
    assert partial.load(tmp_path, run, commit) is None   # no file: nothing to resume
    assert runner.execute_run(SPEC, run, tmp_path, commit=commit, checkpoint_seconds=0)[1] is None
    assert store.read_result(store.result_path(tmp_path, run), run)["meta"]["resumed_at"] == []


def test_a_checkpoint_of_another_commit_is_refused_from_its_header_without_reading_its_state(
        tmp_path, monkeypatch):
    """The header line is read first: a checkpoint of another commit is refused after reading its two first
    lines (< 70 kB, the header limit), not its state; this run's checkpoint is read whole. Counted on the
    bytes the opened file hands out, padded with 5 MB of state so the two differ plainly."""
    run = SPEC.runs("full")[0]
    with monkeypatch.context() as patch:
        _stop_at(patch, 11)
        runner.execute_run(SPEC, run, tmp_path, commit="c0", checkpoint_seconds=0)
    path = partial.partial_path(tmp_path, run)
    magic, text, body = path.read_bytes().split(b"\n", 2)
    padded = cloudpickle.dumps({**pickle.loads(body), "padding": b"p" * 5_000_000})
    header = {**json.loads(text), "sha256": hashlib.sha256(padded).hexdigest()}
    data = magic + b"\n" + json.dumps(header).encode() + b"\n" + padded
    read = []
    opened = type(path).open

    class Counted:
        """The opened file, counting the bytes its read and readline hand out."""

        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return self.handle.__exit__(*exc)

        def __getattr__(self, name):   # write and the rest: the file's own
            return getattr(self.handle, name)

        def read(self, *args):
            out = self.handle.read(*args)
            read.append(len(out))
            return out

        def readline(self, *args):
            out = self.handle.readline(*args)
            read.append(len(out))
            return out

    def counting_open(self, *args, **kwargs):
        return Counted(opened(self, *args, **kwargs))

    monkeypatch.setattr(type(path), "open", counting_open)
    path.write_bytes(data)
    assert partial.load(tmp_path, run, "c1") is None and not path.exists()
    assert 0 < sum(read) < 70_000
    read.clear()
    path.write_bytes(data)
    assert partial.load(tmp_path, run, "c0") is not None
    assert sum(read) == len(data)


def test_the_checkpointer_refuses_a_negative_interval_and_never_writes_after_the_last_iteration(tmp_path):
    """every_seconds must be >= 0 (a ValueError naming it), and execute_run's checkpoint_seconds too (raised,
    naming it, not returned as the run's error); with 0 it writes after every iteration but the last, so a
    checkpoint never holds a finished run."""
    run = SPEC.runs("full")[0]
    objective, box = runner.make_problem(SPEC, run)
    with pytest.raises(ValueError, match="every_seconds"):
        partial.Checkpointer(tmp_path, run, objective, commit=None, every_seconds=-1.0, cpu_start=0.0,
                             wall_start=0.0)
    with pytest.raises(ValueError, match="checkpoint_seconds"):  # raised, not a run error
        runner.execute_run(SPEC, run, tmp_path, checkpoint_seconds=-5.0)
    keep = partial.Checkpointer(tmp_path, run, objective, commit=None, every_seconds=0.0, cpu_start=0.0,
                                wall_start=0.0)
    optimizer = runner.make_optimizer(SPEC, run, objective, box, np.random.default_rng(0))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        optimizer.run(objective, run.budget, progress=False, callback=keep)
    assert keep.saved == run.budget - 1
    assert json.loads(partial.partial_path(tmp_path, run).read_bytes().split(b"\n", 2)[1])[
        "n_observations"] == run.budget - 1
