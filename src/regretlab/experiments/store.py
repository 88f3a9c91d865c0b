"""One result file per run, named by what the run is; written atomically; never trusted by its name alone.

A result is ``<out>/runs/<run key[:2]>/<method>__<problem>__<repeat>__<run key[:16]>.npz``: the run record of
:mod:`regretlab.experiments.record` (its declared arrays and ``meta``, a JSON string with the run's
identity, seeds, provenance and timing). The run key (:attr:`regretlab.experiments.spec.Run.key`) is made
from the method, the problem's content, the protocol, the budget and the repeat, not from the spec, so two
specs that need the same run share its file.

A file is written to a dot-prefixed temporary file and renamed (:func:`regretlab._io.atomic_write`), so a
file with the final name is complete; a killed writer leaves only a temporary file, which :func:`finished`
ignores and :func:`clean` removes. Reading checks the record against the run asked for
(:func:`read_result` with ``run``): a file copied over another run's name is refused, not used.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np

from regretlab._io import atomic_write

from . import record
from .run_meta import RunMeta
from .spec import Run

__all__ = ["read_finished", "result_path", "runs_folder", "write_result", "read_result", "finished", "clean",
           "encode_record", "decode_record", "TIMING_KEYS", "WrongRunError", "StaleRunError"]

#: Entries that differ between two otherwise identical runs (timings, when it ran, the machine and the thread
#: pools that happened to be loaded in the process: each was held at one thread while the run computed;
#: where a run was stopped and resumed from its checkpoint, :mod:`regretlab.experiments.partial`).
TIMING_KEYS = ("seconds", "wall_seconds", "cpu_seconds", "host", "cpu_model", "blas_threads", "resumed_at",
               "started", "finished")


class WrongRunError(ValueError):
    """A result file whose record names another run than the one its name stands for."""


class StaleRunError(WrongRunError):
    """A result file of the right run made from other setup values than the current ones (its
    ``settings_fingerprint`` differs): refused, not mixed with runs of the current values."""


def runs_folder(out) -> Path:
    """``<out>/runs``: every run of every spec."""
    return Path(out) / "runs"


def result_path(out, run: Run) -> Path:
    """``<out>/runs/<key[:2]>/<file stem>.npz`` (:attr:`regretlab.experiments.spec.Run.file_stem`)."""
    return runs_folder(out) / run.key[:2] / f"{run.file_stem}.npz"


def encode_record(arrays: dict, meta: dict) -> bytes:
    """A record's bytes: ``numpy.savez_compressed`` of ``meta`` (a JSON string with sorted keys) and
    ``arrays``; the same record gives the same bytes (numpy stamps every member with the zip format's
    fixed default time)."""
    buffer = io.BytesIO()
    np.savez_compressed(buffer, meta=np.array(json.dumps(meta, sort_keys=True, default=str)),
                        **{k: np.asarray(v) for k, v in arrays.items()})
    return buffer.getvalue()


def decode_record(data) -> dict:
    """:func:`encode_record`'s inverse (bytes or a path): the arrays, plus ``meta`` decoded."""
    source = io.BytesIO(data) if isinstance(data, bytes | bytearray) else data
    with np.load(source, allow_pickle=False) as stored:
        out = {k: stored[k] for k in stored.files if k != "meta"}
        out["meta"] = json.loads(str(stored["meta"]))
    return out


def write_result(out, run: Run, arrays: dict, meta: dict) -> Path:
    """Write one run's record atomically; ``arrays`` are numpy-able, ``meta`` JSON-able values (the run's
    key and identity are added)."""
    data = encode_record(arrays, {**meta, "run_key": run.key, "identity": run.identity()})
    return atomic_write(result_path(out, run), lambda handle: handle.write(data))


def read_result(path, run: Run | None = None) -> dict:
    """A result file as a dict: the arrays, plus ``meta`` decoded. Given ``run``, the record must be that
    run's (its key and identity), else :class:`WrongRunError` names both."""
    out = decode_record(path)
    if run is not None:
        meta = RunMeta.of(out)
        recorded = json.dumps(meta.identity, sort_keys=True, default=str)
        wanted = json.dumps(run.identity(), sort_keys=True, default=str)
        if meta.run_key != run.key or recorded != wanted:
            raise WrongRunError(f"{path} holds the run {meta.identity!r}, not {run.identity()!r}: a "
                                "file is never used under another run's name (remove it to recompute)")
        made_with = meta.settings_fingerprint  # absent in records made before it was recorded
        if made_with is not None and made_with != (now := record.run_settings_fingerprint(run)):
            raise StaleRunError(
                f"{path} was made from other values of {run.method} than the current ones (settings "
                f"fingerprint {made_with}, now {now}; made at commit {meta.commit}): a setup value "
                "changed since. Remove the file (or rerun with --force) to recompute it with the current "
                "values, or check out that commit to use it"
            )
    return out


def read_finished(out, run: Run) -> dict | None:
    """``run``'s result if it has a complete result file that is its own (the final name exists, reads back
    and its record names this run), else None; the file is read once. A file under the name that holds
    another run raises :class:`WrongRunError`: silently recomputing would hide that something copied or
    renamed result files."""
    path = result_path(out, run)
    if not path.is_file():
        return None
    try:
        return read_result(path, run)
    except WrongRunError:
        raise
    except Exception:  # a file that does not read back is not a result (cannot happen with atomic writes)
        return None


def finished(out, run: Run) -> bool:
    """Whether ``run`` has a complete result file that is its own (:func:`read_finished`)."""
    return read_finished(out, run) is not None


def clean(out) -> int:
    """Remove temporary files a killed run left under ``<out>/runs``; return how many."""
    removed = 0
    for tmp in runs_folder(out).glob("*/.*.tmp"):
        tmp.unlink(missing_ok=True)
        removed += 1
    return removed
