"""Runs kept in the repository: compressed archive segments per run group with manifests of checksums, so
a fresh clone re-decides, re-exports and continues a sequential study without rerunning anything.

A group's runs are kept in **segments that are never rewritten**: ``paper_figures/runs/<group>.tar.xz``
(segment 0, every run archived before 2026-12-07) and ``<group>.seg001.tar.xz``, ``<group>.seg002.tar.xz``,
... (one per :func:`pack` that found new runs: a look), each holding run records
(``runs/<key[:2]>/<stem>.npz``, as in the store) beside a manifest ``<segment>.json`` that lists each member
with its sha256, run key, method, problem, repeat and commit, plus the segment's own sha256 and number. A
look adds a segment of its new runs only, so git stores each run once: re-packing a group whole at every look
had made 231 MB of the repository's 296 MB earlier versions of the same archives (149 blob versions of 35
files). :func:`segments` lists a group's segments in order.

A run another group's archive already holds with the same bytes is not stored twice: the manifest lists it
under ``shared`` with that group (Li2016 Table 5's δ = 0 and δ = 0.1 columns are Table 1's runs; TranThe2020
Figs 2 and 3 share 60 MS-UCB(N₀ = 1, α = 0) runs). :func:`restore` checks each segment's checksum, then
every member's, and copies into the results folder only the records it does not already hold; a record whose
checksum does not match is refused (never trusted by its name). Runs made from a tree with uncommitted
changes are refused by :func:`pack` (their code is not pinned).

An archived record keeps everything a decision, an export or a bound check reads. The one thing it may
leave out is the queries ``x`` of a large run (more than :data:`MAX_ARCHIVED_X_VALUES` values): at D = 100
they are 240 of a TranThe2020 record's 257 KB and do not compress (TranThe2020 Figs 2-3's archives were
54 of the 74 MB of ``paper_figures/runs``), and no statistic or export reads them (only the [Ha2019, Fig. 2]
picture draws queries, at D = 2, and keeps them). Such a record says so in ``meta["x_archived"]`` with the
array's shape, dtype and sha256: rerunning its seed at its commit gives ``x`` back bit for bit, and the
digest checks that it did (:func:`recompute_queries`). What the repeat diagnostic reads from ``x``
(:func:`regretlab.experiments.record.repeat_kinds`) is kept in ``meta["repeat_kinds"]`` first (since
2026-11-29; records slimmed before lack it, and the diagnostic then counts only the runs that keep ``x``),
so a decision re-made from the archive alone writes the same files. Records the results folder holds in
full are not touched.
"""

from __future__ import annotations

import hashlib
import io
import json
import tarfile
import tempfile
from pathlib import Path

import numpy as np

from regretlab._io import EXPORT_ROOT, atomic_write_bytes, atomic_write_text
from regretlab._validate import check_bool
from regretlab.experiments import store
from regretlab.experiments.record import commit_of, repeat_kinds
from regretlab.experiments.run_meta import RunMeta
from regretlab.experiments.runner import execute_run

from .cost import run_dimension

__all__ = ["pack", "restore", "slim", "recompute_queries", "segments", "segment_name", "ARCHIVE_FOLDER",
           "MAX_ARCHIVED_X_VALUES", "ArchiveError"]

#: Where archives live, relative to the export root (``paper_figures/``).
ARCHIVE_FOLDER = "runs"


#: The most query values (T x D) an archived record keeps its ``x`` for (16 KiB of float64). Chosen so
#: that every run of D <= 10 at the papers' budgets keeps its queries (Ha2019: T <= 130 at D <= 10; the
#: pictures at D = 2) and the high-dimensional ones (Kandasamy2015 D >= 20, Li2016 D >= 22, TranThe2020
#: D = 100) do not; not a paper's value.
MAX_ARCHIVED_X_VALUES = 2048


class ArchiveError(ValueError):
    """An archive or a member whose checksum does not match its manifest, or a run from a dirty tree."""


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def slim(data: bytes) -> bytes:
    """A record's archived bytes: ``data`` itself, or, when its ``x`` holds more than
    :data:`MAX_ARCHIVED_X_VALUES` values, the record without ``x`` and with ``meta["x_archived"]`` (shape,
    dtype, sha256 of the array's bytes in C order). Idempotent; the same record gives the same bytes."""
    result = store.decode_record(data)
    x = result.get("x")
    if x is None or x.size <= MAX_ARCHIVED_X_VALUES:
        return data
    kinds = repeat_kinds(result)   # what the repeat diagnostic reads from x, kept before x is left out
    meta = RunMeta.of(result).replace(
        repeat_kinds=kinds,
        x_archived={"shape": list(x.shape), "dtype": str(x.dtype),
                    "sha256": _sha256(np.ascontiguousarray(x).tobytes()),
                    "reason": f"more than {MAX_ARCHIVED_X_VALUES} values: recompute by rerunning the "
                              "run's seed at its commit (regretlab.campaign.archive)"})
    return store.encode_record({k: v for k, v in result.items() if k not in ("x", "meta")}, meta.to_stored())


def recompute_queries(spec, run, out) -> np.ndarray:
    """The queries ``x`` of ``run``'s record in ``out``: read when the record holds them, else recomputed by
    running the run again (its seeds are in its identity) in a temporary folder and checked against the
    sha256 the slim record kept; a mismatch (other code than the record's commit, another BLAS kernel set, or
    a changed library) raises :class:`ArchiveError` naming both commits and both kernel sets."""

    path = store.result_path(out, run)
    if not path.is_file():
        raise ArchiveError(f"out={str(out)!r} holds no record of {run.run_id} (looked for {path}): restore "
                           "the archive into it first (archive.restore)")
    result = store.read_result(path, run)
    if "x" in result:
        return result["x"]
    kept = RunMeta.of(result).x_archived
    if not kept:
        raise ArchiveError(f"the record of {run.run_id} holds no x and no x_archived digest to check one")
    with tempfile.TemporaryDirectory() as folder:
        _, error, _ = execute_run(spec, run, folder)
        if error:
            raise ArchiveError(f"rerunning {run.run_id} failed:\n{error}")
        again = store.read_result(store.result_path(folder, run), run)
    x = np.ascontiguousarray(again["x"])
    if list(x.shape) != kept["shape"] or _sha256(x.tobytes()) != kept["sha256"]:
        made, rerun = RunMeta.of(result), RunMeta.of(again)
        made_with = made.blas_kernels or "not recorded (before 2026-11-28)"
        raise ArchiveError(
            f"the rerun of {run.run_id} at {rerun.commit} with BLAS kernels "
            f"{rerun.blas_kernels} gives other queries than the record made at "
            f"{made.commit} with {made_with} (sha256 {kept['sha256'][:16]}...): check out "
            "that commit, and where the kernels differ set OPENBLAS_CORETYPE to the record's"
        )
    return x


def segment_name(group: str, segment: int) -> str:
    """The file stem of ``group``'s segment ``segment``: ``group`` itself for segment 0 (the archives made
    before segments), ``<group>.seg001`` and on after it.

    >>> segment_name("Ha2019.appC", 0), segment_name("Ha2019.appC", 2)
    ('Ha2019.appC', 'Ha2019.appC.seg002')
    """
    return group if segment == 0 else f"{group}.seg{segment:03d}"


def _segment_of(manifest: dict) -> int:
    return int(manifest.get("segment", 0))


def _manifests(export_root) -> list[tuple[Path, dict]]:
    """(manifest path, manifest) of every segment of every group under ``export_root``, in file-name order."""
    folder = Path(export_root) / ARCHIVE_FOLDER
    return [(path, json.loads(path.read_text(encoding="utf-8"))) for path in sorted(folder.glob("*.json"))]


def segments(group: str, export_root=EXPORT_ROOT) -> list[tuple[Path, dict]]:
    """``group``'s segments as (manifest path, manifest), segment 0 first; none: an empty list."""
    mine = [(path, m) for path, m in _manifests(export_root) if m.get("group") == group]
    return sorted(mine, key=lambda pm: _segment_of(pm[1]))


def pack(group: str, runs, out, export_root=EXPORT_ROOT, *,
         drop_stale: bool = False) -> tuple[Path | None, dict]:
    """Archive the finished ``runs`` (:class:`regretlab.experiments.spec.Run`) of ``out`` that no segment of
    ``group`` holds yet, as a new segment; returns the new segment's path and its manifest, or ``(None,
    manifest)`` with no members when every finished run is archived already (nothing is written: a committed
    segment is never rewritten). Members are added in sorted order with fixed metadata, so the same runs give
    the same bytes. The runs already archived under ``export_root`` are restored into ``out`` first, so
    packing from a results folder that lacks some of them (a fresh clone) never drops them; a group with no
    finished run is refused (an empty archive would say nothing).

    A record made from other setup values than the current ones (:class:`store.StaleRunError`: a setup
    value changed since) is refused, naming it; with ``drop_stale`` it is left out of the new segment instead
    and its file in ``out`` renamed to ``<name>.stale`` (kept, no longer read as a result, so the run is
    recomputed with the current values); the manifest lists the dropped runs under ``"dropped_stale"`` (run
    ids) and their paths under ``"retired"``, which :func:`restore` then no longer copies out of the older
    segments that hold them."""
    drop_stale = check_bool("drop_stale", drop_stale)   # at the boundary: a string would be truthy
    restore(out, export_root)
    elsewhere = _members_of_other_groups(group, export_root)
    earlier = segments(group, export_root)
    held = {(m["path"], m["sha256"]) for _, manifest in earlier
            for m in manifest["members"] + manifest.get("shared", [])}
    retired = {p for _, manifest in earlier for p in manifest.get("retired", [])}
    members, dropped, retiring, shared, finished = [], [], [], [], 0
    for run in runs:
        try:
            result = store.read_finished(out, run)
        except store.StaleRunError as error:
            if not drop_stale:
                raise ArchiveError(f"{group}: {error} (or pack with drop_stale=True, `regretlab archive "
                                   "--drop-stale`, to leave it out)") from None
            path = store.result_path(out, run)
            path.replace(path.with_name(path.name + ".stale"))
            dropped.append(run.run_id)
            retiring.append(path.relative_to(Path(out)).as_posix())
            continue
        if result is None:
            continue
        finished += 1
        path, meta = store.result_path(out, run), RunMeta.of(result)
        commit = commit_of(result)
        if meta.dirty or commit.endswith("+dirty") or commit == "None":
            raise ArchiveError(
                f"{path.name} was computed from {commit!r}, not a committed tree: its code is "
                "not pinned, so it is not evidence (rerun it from a clean checkout)"
            )
        raw = path.read_bytes()
        data = slim(raw)
        name, digest = path.relative_to(Path(out)).as_posix(), _sha256(data)
        if (name, digest) in held and name not in retired:   # in an earlier segment of this group
            continue
        owner = elsewhere.get((name, digest))
        if owner is not None:   # the same bytes are archived by another group: list it, do not store it twice
            shared.append({"path": name, "sha256": digest, "run_key": run.key, "method": run.method,
                           "problem": run.problem, "repeat": run.repeat, "group": owner})
            continue
        members.append((name, data, run, meta, data is raw and meta.x_archived is None))
    if not finished and not dropped and not earlier:
        raise ArchiveError(f"{group}: no finished full-mode run in {out}: nothing to archive")
    segment = 1 + max((_segment_of(m) for _, m in earlier), default=-1)
    if not members and not shared and not dropped:
        return None, {"group": group, "segment": segment, "members": [], "unchanged": True}
    members.sort(key=lambda m: m[0])
    blob = _tar_xz((name, data) for name, data, *_ in members)
    manifest = {
        "group": group,
        "segment": segment,
        "archive_sha256": _sha256(blob),
        "archive_bytes": len(blob),
        "members": [_member_entry(*member) for member in members],
    }
    if shared:
        manifest["shared"] = sorted(shared, key=lambda m: m["path"])
    if dropped:
        manifest["dropped_stale"] = sorted(dropped)
        manifest["retired"] = sorted(retiring)
    folder = Path(export_root) / ARCHIVE_FOLDER
    stem = segment_name(group, segment)
    if (folder / f"{stem}.tar.xz").exists() or (folder / f"{stem}.json").exists():
        raise ArchiveError(f"{folder / stem}.* exists already: a segment is never rewritten")
    target = atomic_write_bytes(folder / f"{stem}.tar.xz", blob)
    atomic_write_text(folder / f"{stem}.json", json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return target, manifest


def _tar_xz(files) -> bytes:
    """The xz-compressed tar of (name, bytes) pairs in the order given, with fixed metadata (mtime 0, mode
    644), so the same files give the same bytes."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:xz") as tar:
        for name, data in files:
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def _member_entry(name: str, data: bytes, run, meta: RunMeta, x_kept: bool) -> dict:
    """A member's manifest entry: its path and sha256, the run it holds, its commit and CPU time."""
    return {
        "path": name,
        "sha256": _sha256(data),
        "run_key": run.key,
        "method": run.method,
        "problem": run.problem,
        "repeat": run.repeat,
        "budget": run.budget,
        "dim": run_dimension(run),     # the cost model's D (campaign.cost)
        "commit": meta.commit,
        "cpu_seconds": meta.cpu_seconds,
        "x_kept": x_kept,
    }


def _members_of_other_groups(group: str, export_root) -> dict[tuple[str, str], str]:
    """(member path, sha256) -> group, over the members stored in every segment of every group but
    ``group``'s."""
    owners = {}
    for _, manifest in _manifests(export_root):
        if manifest["group"] != group:
            owners.update({(m["path"], m["sha256"]): manifest["group"] for m in manifest["members"]})
    return owners


def restore(out, export_root=EXPORT_ROOT, runs=None) -> int:
    """Copy every archived run that ``out`` lacks into it, from every segment, after checking the
    checksums; returns how many records were restored. ``runs`` (:class:`regretlab.experiments.spec.Run`,
    optional): only those (deciding one item then unpacks its runs, not every archived run); a segment none
    of whose members is wanted is not opened. A run a manifest lists as ``shared`` (stored in another group's
    archive) must then be in ``out`` (when wanted): else that archive no longer holds it, and the error says
    so. A member a later segment of its group lists as ``retired`` (a stale run left out) is not copied."""
    folder = Path(export_root) / ARCHIVE_FOLDER
    keys = None if runs is None else {run.key for run in runs}

    def wanted_member(m) -> bool:
        return keys is None or m.get("run_key") in keys

    restored = 0
    manifests = _manifests(export_root)
    retired = {(m["group"], p) for _, m in manifests for p in m.get("retired", [])}
    for manifest_path, manifest in manifests:
        archive = manifest_path.with_name(manifest_path.name[: -len(".json")] + ".tar.xz")
        missing = [m for m in manifest["members"]
                   if wanted_member(m) and (manifest["group"], m["path"]) not in retired
                   and not (Path(out) / m["path"]).is_file()]
        if not missing:
            continue
        blob = archive.read_bytes()
        if _sha256(blob) != manifest["archive_sha256"]:
            raise ArchiveError(f"{archive} does not match the sha256 of its manifest {manifest_path.name}")
        wanted = {m["path"]: m for m in missing}
        for name in wanted:
            parts = Path(name).parts
            if len(parts) != 3 or parts[0] != "runs" or ".." in parts or not name.endswith(".npz"):
                raise ArchiveError(f"{manifest_path.name}: member {name!r} is not a run record path")
        with tarfile.open(fileobj=io.BytesIO(blob), mode="r:xz") as tar:
            for info in tar.getmembers():
                if info.name not in wanted:
                    continue
                data = tar.extractfile(info).read()
                if _sha256(data) != wanted[info.name]["sha256"]:
                    raise ArchiveError(f"{archive}: member {info.name} does not match its manifest's sha256")
                atomic_write_bytes(Path(out) / info.name, data)
                restored += 1
    for manifest_path, manifest in manifests:   # present, as members are: a restored one was checked above
        for m in manifest.get("shared", []):
            if (wanted_member(m) and (manifest["group"], m["path"]) not in retired
                    and not (Path(out) / m["path"]).is_file()):
                raise ArchiveError(
                    f"{manifest_path.name}: run {m['path']} is shared with group {m['group']!r}, whose "
                    f"archive under {folder} no longer holds it (repack {manifest['group']})")
    return restored
