"""Engine versions: a run made by a changed computation gets its own identity and says which version made
it, every run made before versions existed keeps its key, and a decision never mixes two versions' runs."""

from __future__ import annotations

import numpy as np
import pytest

from regretlab.algorithms.baselines import RandomSearch
from regretlab.algorithms.ms_ucb import MSUCB
from regretlab.decisions.decide import check_one_engine
from regretlab.experiments import Mode, Problem, Spec, registry, run_spec, store


def _runs(key: str, method_part: str):
    return [r for r in registry.get(key).runs("full") if method_part in r.method]


def test_version_one_leaves_every_key_as_it_was_and_a_new_version_gets_its_own(monkeypatch):
    """At ENGINE = 1 a run's identity has no 'engine' entry (so archived runs keep their keys); raising
    MS-UCB's version changes the key of every MS-UCB run and of no GP-UCB run."""
    ms, gp = _runs("TranThe2020.fig1", "/MS-UCB")[:3], _runs("TranThe2020.fig1", "/GP-UCB")[:3]
    assert all("engine" not in r.identity() for r in ms + gp)
    before = [r.key for r in ms + gp]
    monkeypatch.setattr(MSUCB, "ENGINE", 2)
    after = [r.key for r in ms + gp]
    assert all(a != b for a, b in zip(after[:3], before[:3], strict=True))
    assert after[3:] == before[3:] and ms[0].identity()["engine"] == 2


def test_a_run_records_the_engine_version_that_made_it(tmp_path, monkeypatch):
    """The run record's meta says which version made it: 1, then 3 after RandomSearch's is raised (and the
    raised version's run is a new file beside the first, not the first one read back)."""
    spec = Spec(key="Test.engine", paper="Test", reference="[Ha2019, §6]", title="engine", kind="curves",
                methods=("Kandasamy2015/RAND",), problems=(Problem("camelback", label="Camel"),),
                modes={"quick": Mode(1, (("Camel", 5),)), "full": Mode(1, (("Camel", 5),))})
    run_spec(spec, "quick", out=tmp_path, jobs=1, progress=False)
    monkeypatch.setattr(RandomSearch, "ENGINE", 3)
    run_spec(spec, "quick", out=tmp_path, jobs=1, progress=False)
    files = sorted(store.runs_folder(tmp_path).rglob("*.npz"))
    assert sorted(store.read_result(f)["meta"]["engine"] for f in files) == [1, 3]


def test_a_decision_refuses_runs_of_one_method_from_two_versions():
    """check_one_engine: one version per method passes (a record without 'engine' counts as 1); two
    versions of one method raise, naming the method and the versions."""
    one = {("A", "p", 0): {"f": np.zeros(2), "meta": {}},
           ("A", "p", 1): {"f": np.zeros(2), "meta": {"engine": 1}},
           ("B", "p", 0): {"f": np.zeros(2), "meta": {"engine": 2}}}
    check_one_engine(one)
    two = {**one, ("B", "p", 1): {"f": np.zeros(2), "meta": {"engine": 1}}}
    with pytest.raises(ValueError, match=r"runs of B were made by engine versions \[1, 2\]"):
        check_one_engine(two)
