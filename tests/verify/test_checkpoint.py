"""Checkpoints of `verify`: a run killed after some groups of claims resumes with only the others, and gives
the verdicts of an uninterrupted run bit for bit; a checkpoint of another seed, profile or code, or a damaged
file, is not used (the group runs again)."""

import pickle

import numpy as np
import pytest

from regretlab.bounds.gp_ucb import beta_t_finite
from regretlab.cli import main
from regretlab.verify import CLAIMS, claim, rate_verdict, verify
from regretlab.verify import checkpoint as ck
from regretlab.verify.registry import Context

CALLS: list[str] = []
KILL: set[str] = set()


def _check(ctx: Context):
    CALLS.append(ctx.claim_id)
    if ctx.claim_id in KILL:
        raise KeyboardInterrupt  # what a killed run looks like to the engine: not an "error" verdict
    draws = np.array([g.random() for g in ctx.generators(500, "draws")])
    v = rate_verdict(ctx.claim_id, "-", violations=int((draws < 0.05).sum()), trials=500,
                     delta=ctx.profile.delta)
    v.series = {"draws": draws}  # an array, kept exactly (a JSON checkpoint would not)
    return [v]


@pytest.fixture
def two_claims():
    names = ["GP.ucb:ckpt_a", "GP.ucb:ckpt_b"]
    for name in names:
        claim(name, reference="[Srinivas2010, Thm 1]", event="synthetic", latex="x", bounds=(beta_t_finite,),
              readings=("-",), evidence="Bernoulli draws")(_check)
    CALLS.clear()
    KILL.clear()
    yield names
    for name in names:
        CLAIMS.pop(name)
    KILL.clear()


def _same(r1, r2):
    assert [(v.claim, v.outcome, v.statistic, v.violations) for v in r1.verdicts] == \
           [(v.claim, v.outcome, v.statistic, v.violations) for v in r2.verdicts]
    for v1, v2 in zip(r1.verdicts, r2.verdicts, strict=True):
        np.testing.assert_array_equal(v1.series["draws"], v2.series["draws"])


def test_a_killed_run_resumes_with_the_unfinished_groups_only(two_claims, tmp_path):
    uninterrupted = verify("GP.ucb:ckpt_*", profile="smoke", seed=5, progress=False)
    folder = tmp_path / ".checkpoint"
    KILL.add("GP.ucb:ckpt_b")
    CALLS.clear()
    with pytest.raises(KeyboardInterrupt):
        verify("GP.ucb:ckpt_*", profile="smoke", seed=5, progress=False, checkpoint=folder)
    assert CALLS == ["GP.ucb:ckpt_a", "GP.ucb:ckpt_b"]
    KILL.clear()
    CALLS.clear()
    resumed = verify("GP.ucb:ckpt_*", profile="smoke", seed=5, progress=False, checkpoint=folder)
    assert CALLS == ["GP.ucb:ckpt_b"]          # a came from the checkpoint
    assert resumed.resumed == ["GP.ucb:ckpt_a"]
    _same(uninterrupted, resumed)


@pytest.mark.parametrize("change", ["seed", "profile", "source", "damaged", "digest"])
def test_a_checkpoint_of_another_run_or_a_damaged_one_is_not_used(two_claims, tmp_path, change, monkeypatch):
    folder = tmp_path / ".checkpoint"
    verify("GP.ucb:ckpt_a", profile="smoke", seed=5, progress=False, checkpoint=folder)
    (path,) = folder.glob("*.pkl")
    seed, profile = 5, "smoke"
    if change == "seed":
        seed = 6
    elif change == "profile":
        profile = "quick"
    elif change == "source":
        monkeypatch.setattr(ck, "source_fingerprint", lambda: "0" * 16)
    elif change == "damaged":
        path.write_bytes(path.read_bytes()[:-40])
    else:  # the body no longer matches its digest
        payload = pickle.loads(path.read_bytes())
        payload["body"] = pickle.dumps([])
        path.write_bytes(pickle.dumps(payload))
    CALLS.clear()
    report = verify("GP.ucb:ckpt_a", profile=profile, seed=seed, progress=False, checkpoint=folder)
    assert CALLS == ["GP.ucb:ckpt_a"] and report.resumed == []


def test_an_error_verdict_is_not_kept(two_claims, tmp_path, monkeypatch):
    """A group that ended in an error (a bug, a missing optional dependency) runs again next time."""
    folder = tmp_path / ".checkpoint"
    monkeypatch.setattr(np.random, "default_rng", lambda *a: (_ for _ in ()).throw(RuntimeError("boom")))
    report = verify("GP.ucb:ckpt_a", profile="smoke", seed=5, progress=False, checkpoint=folder)
    assert report.verdicts[0].outcome == "error"
    assert not folder.exists() or not list(folder.glob("*.pkl"))


def test_the_fingerprint_reads_the_package_source():
    """The fingerprint covers the three source folders of a checkout: src/regretlab, and algorithms/ and
    bounds/ (installed as regretlab.algorithms and regretlab.bounds; until 2026-11-27 only the first was
    read, so a checkpoint made before a change to an algorithm or a bound was reused)."""
    from regretlab._source import source_files

    fp = ck.source_fingerprint()
    assert len(fp) == 16 and int(fp, 16) >= 0
    names = [name for name, _ in source_files()]
    assert len(names) == len(set(names))
    for name in ("regretlab/verify/checkpoint.py", "regretlab.algorithms/base.py",
                 "regretlab.bounds/pseries.py"):
        assert name in names, name


def test_the_cli_removes_the_checkpoint_once_the_report_is_written(tmp_path, capsys):
    out = tmp_path / "rep"
    assert main(["verify", "--profile", "smoke", "--claims", "UBO.prop41_limit", "--out", str(out),
                 "--quiet"]) == 0
    assert (out / "verification.json").is_file()
    assert not (out / ".checkpoint").exists()
