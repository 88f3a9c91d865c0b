"""Checkpoints of a verification run: each finished group of claims is kept, so a killed run loses nothing.

A thorough run (``tox -e verify``) takes hours on two cores; :func:`regretlab.verify.verify` with a
``checkpoint`` folder writes each group's verdicts there as soon as the group finishes and, when started again
with the same folder, takes the groups already done from it instead of running them again.

A checkpoint file is never trusted by its name alone: it holds the profile, the seed, the group's claim ids,
the fingerprint of the package's source (:func:`regretlab._source.source_fingerprint`: ``src/regretlab``,
``algorithms/`` and ``bounds/``) and the SHA-256 of its verdicts; a file
whose header does not match the run asking for it, or whose body does not match its digest, is ignored (and
the group runs again). Since every claim draws from its own seed tree, a resumed run's verdicts are those of
an uninterrupted run, bit for bit.

The files are Python pickles (the verdicts' series hold numpy arrays, which JSON would turn into lists and
NaN into null): read them only from a folder you wrote.
"""

from __future__ import annotations

import hashlib
import pickle
from pathlib import Path

from regretlab._io import atomic_write_bytes
from regretlab._source import source_fingerprint  # algorithms/ and bounds/ included

from .verdict import Verdict

__all__ = ["source_fingerprint", "save_group", "load_group", "clear"]

_FORMAT = "regretlab.verify.checkpoint/1"


def _path(folder: Path, group: str) -> Path:
    # the group's name may hold characters a file name cannot; its digest cannot collide in practice
    return Path(folder) / f"{hashlib.sha256(group.encode()).hexdigest()[:20]}.pkl"


def _header(group: str, claim_ids: list[str], profile: str, seed: int) -> dict:
    return {"format": _FORMAT, "group": group, "claims": list(claim_ids), "profile": profile,
            "seed": int(seed),
            "source": source_fingerprint()}


def save_group(folder, group: str, claim_ids: list[str], profile: str, seed: int,
               verdicts: list[Verdict]) -> Path:
    """Write one finished group's verdicts (atomically) under ``folder``."""
    body = pickle.dumps(verdicts, protocol=pickle.HIGHEST_PROTOCOL)
    payload = {"header": _header(group, claim_ids, profile, seed), "sha256": hashlib.sha256(body).hexdigest(),
               "body": body}
    return atomic_write_bytes(_path(folder, group), pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL))


def load_group(folder, group: str, claim_ids: list[str], profile: str, seed: int) -> list[Verdict] | None:
    """The group's verdicts from ``folder`` when a checkpoint made by this code for this run is there and
    intact, else None."""
    path = _path(folder, group)
    if not path.is_file():
        return None
    try:
        payload = pickle.loads(path.read_bytes())
        if payload["header"] != _header(group, claim_ids, profile, seed):
            return None
        if hashlib.sha256(payload["body"]).hexdigest() != payload["sha256"]:
            return None
        verdicts = pickle.loads(payload["body"])
    except Exception:  # a truncated or foreign file: run the group again rather than trust it
        return None
    if not isinstance(verdicts, list) or not all(isinstance(v, Verdict) for v in verdicts):
        return None
    if sorted({v.claim for v in verdicts}) != sorted(set(claim_ids)):
        return None
    return verdicts


def clear(folder) -> None:
    """Remove the checkpoint files under ``folder`` (and the folder when it is then empty)."""
    folder = Path(folder)
    if not folder.is_dir():
        return
    for path in folder.glob("*.pkl"):
        path.unlink()
    try:
        folder.rmdir()
    except OSError:  # something else lives there: leave it
        pass
