"""The typed run-record meta (regretlab.experiments.run_meta): one spelling of every key, a lossless round
trip through the stored JSON, strict writing and clear errors."""

import dataclasses
import json

import numpy as np
import pytest
from engine_fixtures import TINY

from regretlab.experiments import run_meta, run_spec, store
from regretlab.experiments.aggregate import load_results
from regretlab.experiments.run_meta import WRITTEN_BY_RUNNER, RunMeta, RunMetaError


def _runner_fields() -> dict:
    return dict(spec="s", mode="quick", spec_hash="h", method="GP-UCB", problem="p", repeat=0, budget=10,
                protocol="fixed", seed_entropy=7, box_spawn_key=(0,), method_spawn_key=(1,),
                user_box=[[0.0, 1.0]], domain=[[0, 1]], optimum_value=1.5, final_box=[[0.0, 1.0]], n_boxes=1,
                algorithm="GP-UCB", engine=1, repeated_queries=0, version="0", dirty=False, python="3",
                numpy="2", scipy="1", host="h", blas_threads={}, wall_seconds=1.0, cpu_seconds=0.5,
                resumed_at=(), cpu_model="x", started="2026-12-07T05:00:00+00:00",
                finished="2026-12-07T05:01:00+00:00")


def test_every_field_has_a_converter():
    """A field added to the class without a type conversion would be stored unchecked."""
    fields = {f.name for f in dataclasses.fields(RunMeta)} - {"extra"}
    assert fields == set(run_meta._CONVERT)
    assert set(WRITTEN_BY_RUNNER) <= fields


def test_round_trip_keeps_every_key_and_value():
    """from_stored -> to_stored gives the same JSON, unknown keys included (kept in extra)."""
    stored = {**RunMeta(**_runner_fields()).to_stored(), "run_key": "k", "identity": {"repeat": 0},
              "noise_ratio": 0.01, "future_key": [1, 2]}
    again = RunMeta.from_stored(json.loads(json.dumps(stored))).to_stored()
    assert json.dumps(again, sort_keys=True) == json.dumps(stored, sort_keys=True)
    assert RunMeta.from_stored(stored).extra == {"future_key": [1, 2]}


def test_typed_fields():
    """Boxes are float arrays, spawn keys tuples of ints, an integral float is accepted as an int."""
    meta = RunMeta.from_stored({**RunMeta(**_runner_fields()).to_stored(), "budget": 10.0})
    assert meta.domain.dtype == float and meta.domain.tolist() == [[0.0, 1.0]]
    assert meta.box_spawn_key == (0,) and meta.budget == 10 and isinstance(meta.budget, int)


def test_absent_fields_read_as_none():
    """A legacy or partial record: what it does not hold is None; engine_version and cost_seconds default."""
    meta = RunMeta.of({"f": [1.0], "meta": {"optimum_value": 2.0, "wall_seconds": 3.0}})
    assert meta.optimum_value == 2.0 and meta.commit is None and meta.engine is None
    assert meta.engine_version == 1 and meta.cost_seconds == 3.0
    assert RunMeta.of({}).cost_seconds == 0.0


@pytest.mark.parametrize("key, value", [("budget", 2.5), ("budget", True), ("optimum_value", "high"),
                                        ("identity", [1, 2]), ("box_spawn_key", 3)])
def test_wrong_types_are_refused_naming_the_key(key, value):
    with pytest.raises(RunMetaError, match=repr(key)):
        RunMeta.from_stored({key: value})


def test_runner_fields_are_required_when_writing():
    fields = _runner_fields()
    assert RunMeta(**fields).for_runner()["budget"] == 10
    del fields["cpu_seconds"], fields["problem"]
    with pytest.raises(RunMetaError, match="problem, cpu_seconds"):
        RunMeta(**fields).for_runner()


def test_beta_scale_and_commit_are_always_stored():
    """The runner's records always held these two keys, None included; the stored form keeps them."""
    stored = RunMeta(**_runner_fields()).to_stored()
    assert stored["beta_scale"] is None and stored["commit"] is None
    assert "noise_ratio" not in stored


def test_records_the_runner_writes_read_back_typed(tmp_path):
    """Every record of a small study: its stored meta is what RunMeta reads and writes again."""
    run_spec(TINY, "quick", out=tmp_path, jobs=1, progress=False)
    results = load_results(TINY, "quick", tmp_path)
    assert len(results) == 6
    for result in results.values():
        meta = RunMeta.of(result)
        assert meta.run_key and meta.budget == np.asarray(result["f"]).size
        assert json.dumps(meta.to_stored(), sort_keys=True) == json.dumps(result["meta"], sort_keys=True)
        assert store.decode_record(store.encode_record({"f": result["f"]}, meta.to_stored()))["meta"] \
            == result["meta"]


def test_a_new_run_record_says_when_and_where_it_ran(tmp_path):
    """Issue 74.3: every record the runner writes keeps its start and end (UTC, ISO 8601, start <= end) and
    the CPU's model beside the BLAS kernels."""
    from datetime import datetime

    run_spec(TINY, "quick", out=tmp_path, jobs=1, progress=False)
    for result in load_results(TINY, "quick", tmp_path).values():
        meta = RunMeta.of(result)
        started, finished = (datetime.fromisoformat(t) for t in (meta.started, meta.finished))
        assert started.utcoffset().total_seconds() == 0 and started <= finished
        assert meta.cpu_model and isinstance(meta.blas_kernels, dict)
