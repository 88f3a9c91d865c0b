"""Run archives (regretlab.campaign.archive): a pack restores byte-identical records and refuses tampering, a
decision re-made from the archive alone writes the same files, a run two groups share is stored once, a
partial restore unpacks only what is asked, stale runs are refused or left out, large runs drop their
queries and the rest round-trips."""

import shutil

import numpy as np
import pytest
from engine_fixtures import TINY, change_a_setup_value, clean_provenance

from regretlab.experiments import registry, run_spec, store


def test_archive_round_trip_restores_identical_records_and_refuses_tampering(tmp_path, monkeypatch):
    """pack -> restore into an empty results folder gives byte-identical records (so a re-export or a
    re-decision from the archive alone equals the one from the runs); packing again from a folder that lacks
    some archived runs keeps them; a group without runs is refused; a changed byte in the archive is
    refused; runs from a dirty tree are refused by pack."""
    from regretlab.campaign import archive

    clean_provenance(monkeypatch)
    run_spec(TINY, "quick", out=tmp_path / "a", jobs=1, progress=False)
    path, manifest = archive.pack("tiny", TINY.runs("quick"), tmp_path / "a", tmp_path / "pf")
    assert len(manifest["members"]) == 6 and path.stat().st_size == manifest["archive_bytes"]
    assert archive.restore(tmp_path / "b", tmp_path / "pf") == 6
    assert archive.restore(tmp_path / "b", tmp_path / "pf") == 0          # nothing missing: nothing done
    for run in TINY.runs("quick"):
        assert store.result_path(tmp_path / "a", run).read_bytes() == \
            store.result_path(tmp_path / "b", run).read_bytes()
    from regretlab.experiments.aggregate import curves, load_results
    same = [(c.method, c.centre.tolist()) for c in curves(TINY, load_results(TINY, "quick", tmp_path / "a"))]
    assert same == [(c.method, c.centre.tolist()) for c in curves(TINY, load_results(TINY, "quick",
                                                                                        tmp_path / "b"))]
    # packing again from a folder holding only some of the runs keeps the archived ones (restored first)
    for run in TINY.runs("quick")[1:]:
        store.result_path(tmp_path / "b", run).unlink()
    again, kept = archive.pack("tiny", TINY.runs("quick"), tmp_path / "b", tmp_path / "pf")
    assert again is None and kept["members"] == [] and kept["unchanged"]   # nothing new: nothing written
    assert sorted(p.name for p in (tmp_path / "pf" / "runs").iterdir()) == ["tiny.json", "tiny.tar.xz"]
    with pytest.raises(archive.ArchiveError, match="no finished full-mode run"):
        archive.pack("nothing", TINY.runs("quick"), tmp_path / "empty", tmp_path / "pf_empty")
    blob = bytearray(path.read_bytes())
    blob[len(blob) // 2] ^= 0xFF
    path.write_bytes(bytes(blob))
    with pytest.raises(archive.ArchiveError, match="sha256"):
        archive.restore(tmp_path / "c", tmp_path / "pf")
    clean_provenance(monkeypatch, commit="0123456789abcdef0123456789abcdef01234567+dirty")
    run_spec(TINY, "quick", out=tmp_path / "d", jobs=1, progress=False)
    with pytest.raises(archive.ArchiveError, match="not a committed tree"):
        archive.pack("tiny", TINY.runs("quick"), tmp_path / "d", tmp_path / "pf2")


def test_a_decision_re_made_from_the_archive_alone_writes_the_same_files(tmp_path, monkeypatch):
    """Issue 59: an item decided from its full records, then packed with every record slimmed (its queries
    x left out, as a large run's are), then re-decided in an empty results folder from the archive alone,
    writes byte-identical decisions/<item>.json and DECISIONS.md, repeat diagnostic included (its split of
    the repeats is kept in meta before x is dropped; without that the re-made record lost
    repeat_check.kinds)."""
    from regretlab.campaign import archive
    from regretlab.campaign.sequential import decide_from_runs
    from regretlab.decisions import claims
    from regretlab.decisions.claims import Claim
    from regretlab.figures.decisions import write_decision

    clean_provenance(monkeypatch)
    monkeypatch.setattr(archive, "MAX_ARCHIVED_X_VALUES", 4)   # every record of TINY is slimmed
    monkeypatch.setitem(registry.SPECS, TINY.key, TINY)
    claim = Claim("Test.tiny.c1", TINY.key, "better", "q", "[Ha2019, §6]", "Ha2019/EI-Vanilla",
                  ("Kandasamy2015/RAND",), ("Camel",), "final_best_f")
    monkeypatch.setattr(claims, "CLAIMS", {claim.key: claim})
    made, fresh = tmp_path / "made", tmp_path / "fresh"
    run_spec(TINY, "full", out=made / "results", jobs=1, progress=False)
    archive.pack(TINY.key, TINY.runs("full"), made / "results", made / "paper_figures")
    # the record of the runs as made (queries kept), then the same from the archive alone
    first = decide_from_runs(TINY.key, made / "results", made / "paper_figures")
    assert first.repeat_check is not None and first.repeat_check["kinds"]
    write_decision(first, TINY.key, made / "paper_figures")
    (fresh / "paper_figures").mkdir(parents=True)
    for name in ("runs",):
        shutil.copytree(made / "paper_figures" / name, fresh / "paper_figures" / name)
    again = decide_from_runs(TINY.key, fresh / "results", fresh / "paper_figures")
    for run in TINY.runs("full"):   # the fresh folder holds the slimmed records only
        assert "x" not in store.read_result(store.result_path(fresh / "results", run), run)
    write_decision(again, TINY.key, fresh / "paper_figures")
    for name in (f"decisions/{TINY.key}.json", "DECISIONS.md"):
        assert (fresh / "paper_figures" / name).read_bytes() == (made / "paper_figures" / name).read_bytes()


def test_a_run_two_groups_share_is_stored_once_and_restored_from_its_owner(tmp_path, monkeypatch):
    """Group "first" archives 4 of TINY's 6 runs; "second" asks for all 6 and stores only the 2 others,
    listing the 4 under ``shared`` with "first" (same path and sha256). Restoring both into an empty folder
    gives all 6 records byte for byte; repacking "first" keeps its 4 (a shared entry is not a member, so
    neither archive lets go of them). With "first"'s archive gone, restoring is refused naming a shared run
    and its group."""
    from regretlab.campaign import archive

    clean_provenance(monkeypatch)
    runs = TINY.runs("quick")
    run_spec(TINY, "quick", out=tmp_path / "a", jobs=1, progress=False)
    _, first = archive.pack("first", runs[:4], tmp_path / "a", tmp_path / "pf")
    _, second = archive.pack("second", runs, tmp_path / "a", tmp_path / "pf")
    assert len(first["members"]) == 4 and len(second["members"]) == 2
    assert [(m["path"], m["sha256"]) for m in second["shared"]] == [(m["path"], m["sha256"])
                                                                   for m in first["members"]]
    assert {m["group"] for m in second["shared"]} == {"first"}
    assert archive.restore(tmp_path / "b", tmp_path / "pf") == 6
    for run in runs:
        assert store.result_path(tmp_path / "a", run).read_bytes() == \
            store.result_path(tmp_path / "b", run).read_bytes()
    written, again = archive.pack("first", runs[:4], tmp_path / "b", tmp_path / "pf")
    assert written is None and again["members"] == [] and "shared" not in again   # segment 0 stays whole
    for suffix in (".json", ".tar.xz"):
        (tmp_path / "pf" / "runs" / f"first{suffix}").unlink()
    with pytest.raises(archive.ArchiveError, match="shared with group 'first'.*repack second"):
        archive.restore(tmp_path / "c", tmp_path / "pf")


def test_restoring_some_runs_unpacks_those_only(tmp_path, monkeypatch):
    """Issue 63.6 (deciding one item unpacked all 5,051 archived runs, 71 MB): restore(runs=...) copies the
    runs asked for and no other, a shared one from its owner's archive too; an archive none of whose
    members is wanted is not opened (a damaged one is then no error); asked for all, everything comes."""
    from regretlab.campaign import archive

    clean_provenance(monkeypatch)
    runs = TINY.runs("quick")
    run_spec(TINY, "quick", out=tmp_path / "a", jobs=1, progress=False)
    archive.pack("first", runs[:4], tmp_path / "a", tmp_path / "pf")
    archive.pack("second", runs, tmp_path / "a", tmp_path / "pf")
    assert archive.restore(tmp_path / "b", tmp_path / "pf", runs=runs[4:]) == 2
    assert [store.result_path(tmp_path / "b", r).is_file() for r in runs] == [False] * 4 + [True] * 2
    assert archive.restore(tmp_path / "c", tmp_path / "pf", runs=[runs[1], runs[5]]) == 2   # one shared
    assert [store.result_path(tmp_path / "c", r).is_file() for r in runs] == [False, True, False, False,
                                                                              False, True]
    first = tmp_path / "pf" / "runs" / "first.tar.xz"
    blob = bytearray(first.read_bytes())
    blob[len(blob) // 2] ^= 0xFF
    first.write_bytes(bytes(blob))
    assert archive.restore(tmp_path / "d", tmp_path / "pf", runs=runs[4:]) == 2   # "first" not opened
    with pytest.raises(archive.ArchiveError, match="sha256"):
        archive.restore(tmp_path / "e", tmp_path / "pf")


def test_packing_refuses_a_stale_run_or_leaves_it_out_when_told(tmp_path, monkeypatch):
    """After a setup value changes, the archived runs of that method are stale: packing the group is refused
    with an ArchiveError naming the method (restoring the archive brings them back, so deleting files cannot
    help); with drop_stale the archive keeps the other method's runs only, lists the dropped runs, renames
    their files *.stale (kept, not read as results), and a second pack is the same archive."""
    from regretlab.campaign import archive
    from regretlab.experiments import record

    clean_provenance(monkeypatch)
    run_spec(TINY, "quick", out=tmp_path / "a", jobs=1, progress=False)
    archive.pack("tiny", TINY.runs("quick"), tmp_path / "a", tmp_path / "pf")
    change_a_setup_value(monkeypatch)
    try:
        with pytest.raises(ValueError, match="drop_stale"):
            archive.pack("tiny", TINY.runs("quick"), tmp_path / "b", tmp_path / "pf", drop_stale="yes")
        with pytest.raises(archive.ArchiveError, match="Ha2019/EI-Vanilla.*drop-stale"):
            archive.pack("tiny", TINY.runs("quick"), tmp_path / "b", tmp_path / "pf")
        path, manifest = archive.pack("tiny", TINY.runs("quick"), tmp_path / "b", tmp_path / "pf",
                                      drop_stale=True)
        stale = [r for r in TINY.runs("quick") if r.method == "Ha2019/EI-Vanilla"]
        # segment 0 keeps all six (never rewritten); segment 1 holds nothing new and retires the stale ones
        assert manifest["segment"] == 1 and manifest["members"] == [] and len(stale) > 0
        assert manifest["dropped_stale"] == sorted(r.run_id for r in stale)
        assert manifest["retired"] == sorted(store.result_path(".", r).as_posix() for r in stale)
        for run in stale:
            file = store.result_path(tmp_path / "b", run)
            assert not file.exists() and file.with_name(file.name + ".stale").is_file()
            assert not store.finished(tmp_path / "b", run)
        again, _ = archive.pack("tiny", TINY.runs("quick"), tmp_path / "b", tmp_path / "pf")
        assert again is None   # nothing new since the segment that dropped them
        # a fresh folder restores the kept runs and not the retired ones (segment 0 still holds them)
        assert archive.restore(tmp_path / "fresh", tmp_path / "pf") == 6 - len(stale)
        assert [store.finished(tmp_path / "fresh", r) for r in stale] == [False] * len(stale)
    finally:
        record.settings_fingerprint.cache_clear()


def test_archive_drops_the_queries_of_large_runs_and_everything_else_round_trips(tmp_path, monkeypatch):
    """With the keep limit below TINY's 16 query values, every archived record leaves out x: the restored
    record holds every other array bit for bit and meta plus ``x_archived``, whose sha256 is the original
    x's, and ``repeat_kinds``, the repeat split computed from x; the curves from the restored records equal
    those from the runs; packing the restored records again
    gives the same archive bytes (slimming is idempotent), a Trace of a slim record is a clear error,
    recompute_queries gives x back by rerunning the seed (and refuses a record whose digest it does not
    match), and under the default limit TINY's records are archived whole."""
    import hashlib

    from regretlab.campaign import archive
    from regretlab.experiments import record
    from regretlab.experiments.aggregate import curves, load_results

    clean_provenance(monkeypatch)
    run_spec(TINY, "quick", out=tmp_path / "a", jobs=1, progress=False)
    monkeypatch.setattr(archive, "MAX_ARCHIVED_X_VALUES", 15)
    path, manifest = archive.pack("tiny", TINY.runs("quick"), tmp_path / "a", tmp_path / "pf")
    assert [m["x_kept"] for m in manifest["members"]] == [False] * 6
    assert archive.restore(tmp_path / "b", tmp_path / "pf") == 6
    for run in TINY.runs("quick"):
        full = store.read_result(store.result_path(tmp_path / "a", run), run)
        restored = store.read_result(store.result_path(tmp_path / "b", run), run)
        assert "x" not in restored and set(full) - set(restored) == {"x"}
        assert all(full[k].dtype == restored[k].dtype and full[k].tobytes() == restored[k].tobytes()
                   for k in restored if k != "meta")
        kept = restored["meta"].pop("x_archived")
        # what the repeat diagnostic reads from x is kept in meta (record.repeat_kinds), equal to the split
        # computed from the full record
        assert restored["meta"].pop("repeat_kinds") == record.repeat_kinds(full).tolist()
        assert restored["meta"] == full["meta"]
        assert kept["shape"] == [8, 2] and kept["sha256"] == hashlib.sha256(full["x"].tobytes()).hexdigest()
        with pytest.raises(ValueError, match="archived without its queries x"):
            record.as_trace(restored)
    same = [(c.method, c.centre.tolist()) for c in curves(TINY, load_results(TINY, "quick", tmp_path / "a"))]
    assert same == [(c.method, c.centre.tolist()) for c in curves(TINY, load_results(TINY, "quick",
                                                                                        tmp_path / "b"))]
    again, _ = archive.pack("tiny", TINY.runs("quick"), tmp_path / "b", tmp_path / "pf2")
    assert again.read_bytes() == path.read_bytes()
    # the queries come back by rerunning the seed, checked against the kept digest; a wrong digest is caught
    run = TINY.runs("quick")[0]
    full_x = store.read_result(store.result_path(tmp_path / "a", run), run)["x"]
    assert np.array_equal(archive.recompute_queries(TINY, run, tmp_path / "b"), full_x)
    slim_record = store.read_result(store.result_path(tmp_path / "b", run), run)
    slim_record["meta"]["x_archived"]["sha256"] = "0" * 64
    store.result_path(tmp_path / "b", run).write_bytes(
        store.encode_record({k: v for k, v in slim_record.items() if k != "meta"}, slim_record["meta"]))
    with pytest.raises(archive.ArchiveError, match="other queries"):
        archive.recompute_queries(TINY, run, tmp_path / "b")
    with pytest.raises(archive.ArchiveError, match="holds no record"):
        archive.recompute_queries(TINY, run, tmp_path / "nowhere")
    monkeypatch.setattr(archive, "MAX_ARCHIVED_X_VALUES", 16)
    _, whole = archive.pack("tiny", TINY.runs("quick"), tmp_path / "a", tmp_path / "pf3")
    assert [m["x_kept"] for m in whole["members"]] == [True] * 6


def test_full_export_in_a_fresh_clone_restores_the_archived_runs_first(tmp_path, monkeypatch):
    """`regretlab export ITEM --mode full` with an empty results folder (a fresh clone) restores the item's
    archived runs and writes the same data as the export made from the runs themselves; without the
    restore it would find no run and refuse."""
    import regretlab.cli as cli
    from regretlab.campaign import archive

    clean_provenance(monkeypatch)
    monkeypatch.setitem(registry.SPECS, TINY.key, TINY)
    run_spec(TINY, "full", out=tmp_path / "a", jobs=1, progress=False)
    archive.pack(TINY.key, TINY.runs("full"), tmp_path / "a", tmp_path / "pf")
    made = tmp_path / "made"
    shutil.copytree(tmp_path / "pf", made)
    assert cli.main(["export", TINY.key, "--mode", "full", "--out", str(tmp_path / "a"),
                     "--export-dir", str(made)]) == 0
    assert cli.main(["export", TINY.key, "--mode", "full", "--out", str(tmp_path / "fresh"),
                     "--export-dir", str(tmp_path / "pf")]) == 0
    assert len(list((tmp_path / "fresh").rglob("*.npz"))) == len(TINY.runs("full"))
    for suffix in (".csv", ".png", ".pdf"):
        assert (made / "Test" / f"tiny{suffix}").read_bytes() == \
            (tmp_path / "pf" / "Test" / f"tiny{suffix}").read_bytes()


def test_full_export_of_several_items_restores_the_archives_once(tmp_path, monkeypatch):
    """Exporting several items with --mode full reads the archive manifests once, for the union of their
    runs (not once per item), and an unknown item among them is still named by the export loop."""
    import regretlab.cli as cli
    from regretlab.campaign import archive

    clean_provenance(monkeypatch)
    monkeypatch.setitem(registry.SPECS, TINY.key, TINY)
    run_spec(TINY, "full", out=tmp_path / "a", jobs=1, progress=False)
    archive.pack(TINY.key, TINY.runs("full"), tmp_path / "a", tmp_path / "pf")
    calls = []
    real_restore = archive.restore

    def counting_restore(out, export_root, runs=None):
        calls.append(sorted(run.key for run in runs))
        return real_restore(out, export_root, runs=runs)

    monkeypatch.setattr(archive, "restore", counting_restore)
    status = cli.main(["export", TINY.key, "No.such_item", TINY.key, "--mode", "full", "--out",
                       str(tmp_path / "fresh"), "--export-dir", str(tmp_path / "pf")])
    assert status == 2                                    # the unknown item is refused by name
    assert len(calls) == 1                                # one pass over the manifests for every item
    assert set(calls[0]) == {run.key for run in TINY.runs("full")}
    assert len(list((tmp_path / "fresh").rglob("*.npz"))) == len(TINY.runs("full"))


def test_a_look_adds_a_segment_of_its_new_runs_and_never_rewrites_one(tmp_path, monkeypatch):
    """Issue 73.5: packing a group after more runs finished writes a new segment holding those runs only
    (segment 0's two files keep their bytes), its manifest numbered 1; a fresh folder restores every run of
    both segments byte for byte; packing again writes nothing; a segment file in the way is refused rather
    than overwritten."""
    from regretlab.campaign import archive

    clean_provenance(monkeypatch)
    runs = TINY.runs("quick")
    run_spec(TINY, "quick", out=tmp_path / "a", jobs=1, progress=False)
    first_path, first = archive.pack("tiny", runs[:4], tmp_path / "a", tmp_path / "pf")
    before = {p.name: p.read_bytes() for p in (tmp_path / "pf" / "runs").iterdir()}
    second_path, second = archive.pack("tiny", runs, tmp_path / "a", tmp_path / "pf")
    assert second_path.name == "tiny.seg001.tar.xz" and second["segment"] == 1
    assert sorted(m["run_key"] for m in second["members"]) == sorted(r.key for r in runs[4:])
    assert all((tmp_path / "pf" / "runs" / name).read_bytes() == data for name, data in before.items())
    assert [m["segment"] if "segment" in m else 0 for _, m in archive.segments("tiny", tmp_path / "pf")] \
        == [0, 1]
    assert archive.restore(tmp_path / "b", tmp_path / "pf") == 6
    for run in runs:
        assert store.result_path(tmp_path / "a", run).read_bytes() == \
            store.result_path(tmp_path / "b", run).read_bytes()
    assert archive.pack("tiny", runs, tmp_path / "b", tmp_path / "pf")[0] is None
    (tmp_path / "pf" / "runs" / "tiny.seg001.json").unlink()   # a half-removed segment: its tar.xz in the way
    with pytest.raises(archive.ArchiveError, match="never rewritten"):
        archive.pack("tiny", runs, tmp_path / "b", tmp_path / "pf")
