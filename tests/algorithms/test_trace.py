"""Tests of regretlab.algorithms.trace: regret definitions, save/load round trip, validation."""

import json
import math

import numpy as np
import pytest

import regretlab
from regretlab.algorithms.trace import Trace


def make_trace(f=(1.0, 3.0, 2.0, 5.0), optimum=6.0, records=None, **kw):
    n = len(f)
    rng = np.random.default_rng(0)
    defaults = dict(
        x=rng.uniform(size=(n, 2)),
        y=np.asarray(f, dtype=float) + 0.1,
        f=f,
        beta=[math.nan] + [2.0] * (n - 1),
        acq_evaluations=[0] + [10] * (n - 1),
        seconds=rng.uniform(size=n),
        is_initial=[True] + [False] * (n - 1),
        records=records if records is not None else [{} for _ in range(n)],
        bounds=[[0.0, 1.0], [0.0, 1.0]],
        optimum_value=optimum,
        algorithm="Toy",
        params={"n_init": 1, "kernel": "SE"},
        seed=123,
        objective="toy",
    )
    defaults.update(kw)
    return Trace(**defaults)


def test_regrets_follow_the_papers_definitions():
    """r_t = f* - f(x_t), S_t = min_{s<=t} r_s, R_t = sum_{s<=t} r_s (checked against explicit loops)."""
    f = [1.0, 3.0, 2.0, 5.0, 4.0]
    trace = make_trace(f=f, optimum=6.0)
    r = [6.0 - v for v in f]
    simple, cumulative, best, total = [], [], math.inf, 0.0
    for v in r:
        best, total = min(best, v), total + v
        simple.append(best)
        cumulative.append(total)
    np.testing.assert_array_equal(trace.instantaneous_regret, r)
    np.testing.assert_array_equal(trace.simple_regret, simple)
    np.testing.assert_array_equal(trace.cumulative_regret, cumulative)
    np.testing.assert_array_equal(trace.best_f, [1.0, 3.0, 3.0, 5.0, 5.0])
    np.testing.assert_allclose(trace.best_y, np.array([1.0, 3.0, 3.0, 5.0, 5.0]) + 0.1)
    assert trace.n_iter == 5 and trace.dim == 2 and trace.n_init == 1


def test_regrets_are_nan_when_unknown():
    """Unknown optimum or unknown f(x_t) (plain callable objective) gives NaN regrets, never numbers."""
    assert np.all(np.isnan(make_trace(optimum=math.nan).simple_regret))
    assert np.all(np.isnan(make_trace(optimum=None).cumulative_regret))
    trace = make_trace(f=[math.nan] * 4)
    assert np.all(np.isnan(trace.instantaneous_regret)) and np.all(np.isnan(trace.simple_regret))


def test_save_load_round_trip(tmp_path):
    """save then load gives an identical trace: arrays, NaNs, records with arrays/lists/tuples, metadata."""
    W = np.random.default_rng(1).normal(size=(2, 1))
    records = [
        {},
        {"Z_size": np.int64(3), "note": "x"},
        {"search_box": np.array([[0.0, 0.5], [0.2, 1.0]]), "groups": [[0], [1]], "gap": math.nan},
        {"W_hat": W, "alpha": 0.25, "pair": (1, 2.5), "nested": {"inf": -math.inf, "arr": np.arange(3)}},
    ]
    trace = make_trace(records=records, seed=2**100 + 7)
    npz_path, json_path = trace.save(tmp_path / "run1")
    assert npz_path.name == "run1.npz" and json_path.name == "run1.json"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run1.json", "run1.npz"]  # no temp files left
    loaded = Trace.load(tmp_path / "run1")
    assert loaded.identical(trace, ignore=())
    np.testing.assert_array_equal(loaded.seconds, trace.seconds)
    np.testing.assert_array_equal(loaded.records[3]["W_hat"], W)
    assert isinstance(loaded.records[2]["search_box"], np.ndarray)
    assert loaded.records[1]["Z_size"] == 3 and loaded.records[3]["nested"]["inf"] == -math.inf
    assert math.isnan(loaded.records[2]["gap"])
    assert loaded.acq_evaluations.dtype.kind == "i" and loaded.is_initial.dtype == bool
    assert loaded.record("Z_size") == [None, 3, None, None]
    meta = json.loads(json_path.read_text())
    assert meta["version"] == regretlab.__version__ and meta["seed"] == 2**100 + 7
    assert meta["algorithm"] == "Toy" and meta["params"]["kernel"] == "SE"
    # standard JSON (no NaN/Infinity tokens) so any reader can parse it
    assert "NaN" not in json_path.read_text() and "Infinity" not in json_path.read_text()


def test_load_accepts_suffixes_and_unknown_optimum(tmp_path):
    """A .npz/.json suffix addresses the same pair of files (folders are created); NaN optimum stays NaN."""
    trace = make_trace(optimum=math.nan, seed=None, objective=None)
    trace.save(tmp_path / "new" / "a.npz")
    loaded = Trace.load(tmp_path / "new" / "a.json")
    assert math.isnan(loaded.optimum_value) and loaded.seed is None and loaded.identical(trace)


def test_identical_detects_every_difference():
    """identical() is False when any single field or record differs, True for an equal copy."""
    trace = make_trace(records=[{}, {"a": np.ones(2)}, {}, {}])
    assert trace.identical(make_trace(records=[{}, {"a": np.ones(2)}, {}, {}]))
    other = make_trace(records=[{}, {"a": np.ones(2)}, {}, {}])
    other.x[2, 1] += 1e-12
    assert not trace.identical(other)
    assert not trace.identical(make_trace(records=[{}, {"a": np.array([1.0, 2.0])}, {}, {}]))
    assert not trace.identical(make_trace(records=[{}, {"a": np.ones(2)}, {}, {}], seed=124))
    assert not trace.identical(make_trace(records=[{}, {"a": np.ones(2)}, {}, {}], f=(1.0, 3.0, 2.0, 5.5)))


def test_unsaveable_record_raises_before_writing(tmp_path):
    """A record value that cannot be stored raises ValueError naming it, and no file is written."""
    trace = make_trace(records=[{}, {"bad": object()}, {}, {}])
    with pytest.raises(ValueError, match="bad"):
        trace.save(tmp_path / "t")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "kw, name",
    [
        ({"y": [1.0, 2.0]}, "y"),
        ({"beta": [1.0]}, "beta"),
        ({"records": [{}]}, "records"),
        ({"bounds": [0.0, 1.0]}, "bounds"),
    ],
)
def test_inconsistent_fields_raise(kw, name):
    """Fields whose length disagrees with the number of queries raise ValueError naming the field."""
    with pytest.raises(ValueError, match=name):
        make_trace(**kw)


def test_load_rejects_foreign_json(tmp_path):
    """Loading a JSON file that is not a regretlab trace raises ValueError."""
    make_trace().save(tmp_path / "t")
    (tmp_path / "t.json").write_text(json.dumps({"format": "other"}))
    with pytest.raises(ValueError, match="not a regretlab trace"):
        Trace.load(tmp_path / "t")
