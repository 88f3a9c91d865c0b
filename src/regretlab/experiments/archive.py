"""Runs kept in the repository: one compressed archive per run group with a manifest of checksums, so a
fresh clone re-decides, re-exports and continues a sequential study without rerunning anything.

``paper_figures/runs/<group>.tar.xz`` holds the run records (``runs/<key[:2]>/<stem>.npz``, as in the
store) and ``paper_figures/runs/<group>.json`` lists each member with its sha256, run key, method, problem,
repeat and commit, plus the archive's own sha256. :func:`restore` checks the archive's checksum, then every
member's, and copies into the results folder only the records it does not already hold; a record whose
checksum does not match is refused (never trusted by its name). Runs made from a tree with uncommitted
changes are refused by :func:`pack` (their code is not pinned).
"""

from __future__ import annotations

import hashlib
import io
import json
import tarfile
from pathlib import Path

from regretlab._io import atomic_write_bytes, atomic_write_text

from . import store
from .cost import run_dimension

__all__ = ["pack", "restore", "ARCHIVE_FOLDER", "ArchiveError"]

#: Where archives live, relative to the export root (``paper_figures/``).
ARCHIVE_FOLDER = "runs"


class ArchiveError(ValueError):
    """An archive or a member whose checksum does not match its manifest, or a run from a dirty tree."""


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def pack(group: str, runs, out, export_root="paper_figures") -> tuple[Path, dict]:
    """Archive the finished ``runs`` (:class:`regretlab.experiments.spec.Run`) of ``out`` as ``group``;
    returns the archive's path and its manifest. Members are added in sorted order with fixed metadata, so
    the same runs give the same bytes."""
    members = []
    for run in runs:
        if not store.finished(out, run):
            continue
        path = store.result_path(out, run)
        data = path.read_bytes()
        meta = store.read_result(path, run)["meta"]
        commit = str(meta.get("commit"))
        if meta.get("dirty") or commit.endswith("+dirty") or commit == "None":
            raise ArchiveError(
                f"{path.name} was computed from {commit!r}, not a committed tree: its code is "
                "not pinned, so it is not evidence (rerun it from a clean checkout)"
            )
        members.append((path.relative_to(Path(out)).as_posix(), data, run, meta))
    members.sort(key=lambda m: m[0])
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:xz") as tar:
        for name, data, _, _ in members:
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            tar.addfile(info, io.BytesIO(data))
    blob = buffer.getvalue()
    manifest = {
        "group": group,
        "archive_sha256": _sha256(blob),
        "archive_bytes": len(blob),
        "members": [
            {
                "path": name,
                "sha256": _sha256(data),
                "run_key": run.key,
                "method": run.method,
                "problem": run.problem,
                "repeat": run.repeat,
                "budget": run.budget,
                "dim": run_dimension(run),     # the cost model's D (experiments.cost)
                "commit": meta.get("commit"),
                "cpu_seconds": meta.get("cpu_seconds"),
            }
            for name, data, run, meta in members
        ],
    }
    folder = Path(export_root) / ARCHIVE_FOLDER
    target = atomic_write_bytes(folder / f"{group}.tar.xz", blob)
    atomic_write_text(folder / f"{group}.json", json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return target, manifest


def restore(out, export_root="paper_figures") -> int:
    """Copy every archived run that ``out`` lacks into it, after checking the checksums; returns how many
    records were restored."""
    folder = Path(export_root) / ARCHIVE_FOLDER
    restored = 0
    for manifest_path in sorted(folder.glob("*.json")):
        manifest = json.loads(manifest_path.read_text())
        archive = folder / f"{manifest['group']}.tar.xz"
        missing = [m for m in manifest["members"] if not (Path(out) / m["path"]).is_file()]
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
    return restored
