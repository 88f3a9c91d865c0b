"""A run in progress, kept: a killed run resumes from its last checkpoint and ends bit for bit as if it had
not been stopped.

A run at a paper's T and D can take most of an hour of a core (Li2016 Table 2's RPP-5 at D = 100, T = 1000:
~30 min; TranThe2020 Fig. 4's MS-UCB at D = 500: ~45 min); a session's end or a killed worker lost all of
it. While a run computes, :class:`Checkpointer` (the optimiser's per-iteration ``callback``) writes the
optimiser's state to ``<out>/runs/<key[:2]>/<file stem>.partial`` at most every ``every_seconds`` of
wall-clock time; :func:`regretlab.experiments.runner.execute_run` started again for the same run loads it
(:func:`load`) and continues with the rest of the budget, and removes it once the result file is written.

*Bit for bit.* The optimiser holds every generator it draws from and every cache, and the state is taken
between two iterations of one ``run`` call, so the continued call computes what the uninterrupted one would
have (methods that read their budget from their first ``run`` call, SRE and GPUCB-FBO, have it set already;
two ``run`` calls of fresh optimisers with the budget split would not be the same run). The objective is
rebuilt from the run's seeds; the generator of its observation noise, if it has one, is kept too. Timing
decides only when a checkpoint is written, never what the run computes. Tested for every setup.

*Never trusted by its name alone.* The header names the run (key and identity), its settings fingerprint,
the fingerprint of the source (:func:`regretlab._source.source_fingerprint`), the commit, the Python, NumPy
and SciPy versions, and the SHA-256 of the state; a file that does not match the run and the code asking for
it, or does not read back, is ignored and removed, and the run starts from the beginning. The state is a
pickle (cloudpickle: the setups' kernel factories are lambdas, which the standard pickle refuses): read only
from a results folder you wrote.

*Time.* The record's ``cpu_seconds`` and ``wall_seconds`` add the checkpoint's (the work up to it) to the
resumed process's; the work between the last checkpoint and the kill is done again and not counted.
``resumed_at`` lists the observation counts a run resumed from (empty for a run never stopped).
"""

from __future__ import annotations

import hashlib
import json
import pickle
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import cloudpickle
import numpy as np
import scipy

from regretlab._io import atomic_write_bytes
from regretlab._source import source_fingerprint
from regretlab._validate import check_number

from . import record, store
from .spec import Run

__all__ = ["CHECKPOINT_SECONDS", "Checkpointer", "Resumed", "partial_path", "save", "load", "discard"]

#: Wall-clock seconds between two checkpoints of a run: a kill loses at most this much of a run's work, and
#: writing the state (a few MB at the papers' largest n) costs well under a percent of it.
CHECKPOINT_SECONDS = 300.0

_FORMAT = b"regretlab.partial/1"
_HEADER_LIMIT = 1 << 16   # bytes: a header line is ~1 kB; a longer one is not a checkpoint of ours


def partial_path(out, run: Run) -> Path:
    """``<out>/runs/<key[:2]>/<file stem>.partial``, beside the run's result file."""
    return store.result_path(out, run).with_suffix(".partial")


def _versions() -> dict:
    return {"python": sys.version.split()[0], "numpy": np.__version__, "scipy": scipy.__version__,
            "source": source_fingerprint()}


def _identity(run: Run, commit: str | None) -> dict:
    """What a checkpoint must match to be used: the run, its settings, the code and the libraries."""
    return {"run_key": run.key, "identity": json.loads(json.dumps(run.identity(), default=str)),
            "settings_fingerprint": record.run_settings_fingerprint(run), "commit": commit, **_versions()}


@dataclass(frozen=True)
class Resumed:
    """A loaded checkpoint: the optimiser, the objective's noise state, and the time already spent."""

    optimizer: object
    noise_state: dict | None
    cpu_seconds: float
    wall_seconds: float
    resumed_at: tuple[int, ...]
    #: when the run first started (UTC, ISO 8601; None for a checkpoint written before 2026-12-07)
    started: str | None = None

    def restore_noise(self, objective) -> None:
        """Put the objective's observation-noise generator where the checkpoint left it."""
        if self.noise_state is not None:
            objective.rng.bit_generator.state = self.noise_state


def _noise_state(objective) -> dict | None:
    rng = getattr(objective, "rng", None)
    return rng.bit_generator.state if isinstance(rng, np.random.Generator) else None


def save(out, run: Run, optimizer, objective, *, commit: str | None, cpu_seconds: float,
         wall_seconds: float, resumed_at=(), started: str | None = None) -> Path:
    """Write ``run``'s state (atomically): the optimiser, the objective's noise generator, the time spent."""

    body = cloudpickle.dumps({"optimizer": optimizer, "noise_state": _noise_state(objective)})
    header = {**_identity(run, commit), "n_observations": int(optimizer.n_observations),
              "cpu_seconds": float(cpu_seconds), "wall_seconds": float(wall_seconds),
              "resumed_at": [int(n) for n in resumed_at], "started": started,
              "sha256": hashlib.sha256(body).hexdigest()}
    text = json.dumps(header, sort_keys=True).encode()
    return atomic_write_bytes(partial_path(out, run), _FORMAT + b"\n" + text + b"\n" + body)


def load(out, run: Run, commit: str | None) -> Resumed | None:
    """``run``'s checkpoint under ``out`` if there is one made by this code for this run and intact, else
    None; a file that is not (another run's, other code's, truncated) is removed."""

    path = partial_path(out, run)
    if not path.is_file():
        return None
    try:
        with path.open("rb") as fh:
            # the header first (a line of ~1 kB): another run's or other code's checkpoint (up to ~300 MB)
            # is refused without reading its state
            magic = fh.readline(len(_FORMAT) + 1).rstrip(b"\n")
            header = json.loads(fh.readline(_HEADER_LIMIT))
            wanted = _identity(run, commit)
            if magic != _FORMAT or any(header.get(k) != v for k, v in wanted.items()):
                raise ValueError("made for another run or by other code")
            body = fh.read()
        if hashlib.sha256(body).hexdigest() != header["sha256"]:
            raise ValueError("its state does not match its digest")
        n = int(header["n_observations"])
        if not 1 <= n < run.budget:
            raise ValueError(f"n_observations={n} is outside [1, {run.budget})")
        state = pickle.loads(body)   # cloudpickle writes standard pickles
        optimizer = state["optimizer"]
        if int(optimizer.n_observations) != n:
            raise ValueError("the state's observations differ from the header's")
    except Exception:   # not this run's, or not intact: start the run over rather than trust it
        path.unlink(missing_ok=True)
        return None
    return Resumed(optimizer, state["noise_state"], float(header["cpu_seconds"]),
                   float(header["wall_seconds"]), (*header["resumed_at"], n), header.get("started"))


def discard(out, run: Run) -> None:
    """Remove ``run``'s checkpoint (its result file is written)."""
    partial_path(out, run).unlink(missing_ok=True)


class Checkpointer:
    """The optimiser's ``callback``: :func:`save` at most every ``every_seconds`` of wall-clock time (0:
    after every iteration), never after the last iteration of the budget; never stops the run.

    ``cpu_start`` and ``wall_start`` are this process's clocks when the run (or its resumption) started,
    ``before`` the :class:`Resumed` it continues (None for a fresh run)."""

    def __init__(self, out, run: Run, objective, *, commit: str | None,
                 every_seconds: float = CHECKPOINT_SECONDS, cpu_start: float, wall_start: float,
                 before: Resumed | None = None, started: str | None = None):
        self.every_seconds = check_number("every_seconds", every_seconds, low=0.0)
        self.out, self.run, self.objective, self.commit = out, run, objective, commit
        self.cpu_start, self.wall_start, self.before = cpu_start, wall_start, before
        self.started = before.started if before and before.started else started
        self.last = time.monotonic()
        self.saved = 0

    def __call__(self, optimizer, entry) -> None:
        if optimizer.n_observations >= self.run.budget or time.monotonic() - self.last < self.every_seconds:
            return None
        before = self.before
        save(self.out, self.run, optimizer, self.objective, commit=self.commit,
             cpu_seconds=(before.cpu_seconds if before else 0.0) + time.process_time() - self.cpu_start,
             wall_seconds=(before.wall_seconds if before else 0.0) + time.perf_counter() - self.wall_start,
             resumed_at=before.resumed_at if before else (), started=self.started)
        self.last = time.monotonic()
        self.saved += 1
        return None
