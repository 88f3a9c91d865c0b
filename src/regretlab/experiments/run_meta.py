"""A run record's ``meta`` as a typed object: the one place its keys are spelled.

A run record (:mod:`regretlab.experiments.record`) is stored as the Trace's arrays plus ``meta``, a JSON
object (:func:`regretlab.experiments.store.encode_record`). The runner writes it through
:meth:`RunMeta.to_stored` and every reader reads it through :meth:`RunMeta.of`, so a key is spelled once,
here, with its type; a misspelt key is an ``AttributeError`` where it is written, not a silent ``None``
where it is read.

Reading is lenient where the archives require it: a field a record does not hold is ``None`` (records made
before a field existed: ``engine`` before the engine versions, ``settings_fingerprint`` and ``blas_kernels``
before 2026-11-28, the GP bound inputs of model-free methods, the archive's ``x_archived`` and
``repeat_kinds`` of records that keep their queries), and a key this class does not know is kept in
:attr:`RunMeta.extra`, so a record read and written again loses nothing. Writing is strict: the runner's
fields (:data:`WRITTEN_BY_RUNNER`) must all be set, and a value of the wrong type is refused naming its key.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

__all__ = ["RunMeta", "WRITTEN_BY_RUNNER", "RunMetaError"]


class RunMetaError(ValueError):
    """A run record's meta with a value of the wrong type, or a record written without a runner field."""


def _box(value):
    return None if value is None else np.asarray(value, dtype=float)


def _ints(value):
    return None if value is None else tuple(int(v) for v in value)


def _dict(value):
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise TypeError(f"expected a JSON object, got {type(value).__name__}")
    return dict(value)


def _of(kind):
    def convert(value):
        if value is None:
            return None
        if kind is int and (isinstance(value, bool) or float(value) != int(value)):
            raise TypeError(f"expected an integer, got {value!r}")
        return kind(value)
    return convert


@dataclass(frozen=True, eq=False)
class RunMeta:
    """What a run record says about its run besides the per-query arrays.

    Identity (what was run): ``run_key``, ``identity`` (added by the store), ``spec``, ``mode``,
    ``spec_hash``, ``method``, ``problem``, ``repeat``, ``budget``, ``protocol`` and the seeds
    (``seed_entropy``, ``box_spawn_key``, ``method_spawn_key``). The problem as run: ``user_box`` (the box
    the method was given), ``domain`` (the objective's), ``optimum_value`` (f* the regrets are measured
    against), ``final_box`` and ``n_boxes`` (the last search box and how many a method used). The method:
    ``algorithm``, ``engine`` (1 for records before engine versions), ``beta_scale`` (the setup's factor
    on β; the schedule's own β is ``beta / beta_scale``: :func:`regretlab.experiments.record.unscaled_beta`),
    ``settings_fingerprint`` and ``repeated_queries``. Provenance: ``version``, ``commit`` (``+dirty`` for
    a tree with uncommitted changes), ``dirty``, ``python``, ``numpy``, ``scipy``, ``host``,
    ``blas_kernels``, ``blas_threads``, ``cpu_model`` (since 2026-12-07). When: ``started`` and ``finished``
    (UTC, ISO 8601; since 2026-12-07; a resumed run keeps its first start). Cost: ``wall_seconds``,
    ``cpu_seconds`` and ``resumed_at`` (the
    observation counts at which a run continued from a checkpoint). For a GP run, the bound inputs
    (:func:`regretlab.experiments.runner` ``_information_inputs``): ``noise_ratio``, ``regret_unit``,
    ``bound_constants``. Written by the archive for a record kept without its queries
    (:func:`regretlab.campaign.archive.slim`): ``x_archived``, ``repeat_kinds``.
    """

    run_key: str | None = None
    identity: dict | None = None
    spec: str | None = None
    mode: str | None = None
    spec_hash: str | None = None
    method: str | None = None
    problem: str | None = None
    repeat: int | None = None
    budget: int | None = None
    protocol: str | None = None
    seed_entropy: int | None = None
    box_spawn_key: tuple | None = None
    method_spawn_key: tuple | None = None
    user_box: np.ndarray | None = None
    domain: np.ndarray | None = None
    optimum_value: float | None = None
    final_box: np.ndarray | None = None
    n_boxes: int | None = None
    algorithm: str | None = None
    engine: int | None = None
    beta_scale: float | None = None
    settings_fingerprint: str | None = None
    repeated_queries: int | None = None
    version: str | None = None
    commit: str | None = None
    dirty: bool | None = None
    python: str | None = None
    numpy: str | None = None
    scipy: str | None = None
    host: str | None = None
    blas_kernels: dict | None = None
    blas_threads: dict | None = None
    cpu_model: str | None = None
    started: str | None = None
    finished: str | None = None
    wall_seconds: float | None = None
    cpu_seconds: float | None = None
    resumed_at: tuple | None = None
    noise_ratio: float | None = None
    regret_unit: float | None = None
    bound_constants: dict | None = None
    x_archived: dict | None = None
    repeat_kinds: tuple | None = None
    #: Keys of the stored object this class does not know, kept as they are.
    extra: dict = field(default_factory=dict)

    def __post_init__(self):
        for name, convert in _CONVERT.items():
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, convert(value))
            except (TypeError, ValueError) as error:
                raise RunMetaError(f"run record meta {name!r} = {value!r}: {error}") from None

    @classmethod
    def of(cls, record: Mapping) -> RunMeta:
        """The typed meta of a run record (the dict :func:`regretlab.experiments.store.read_result` returns,
        or any mapping with a ``meta`` object); a record without one has every field ``None``."""
        return cls.from_stored(record.get("meta") or {})

    @classmethod
    def from_stored(cls, stored: Mapping) -> RunMeta:
        """The typed form of a stored meta object; unknown keys go to :attr:`extra`."""
        known = {k: v for k, v in stored.items() if k in _CONVERT}
        return cls(**known, extra={k: v for k, v in stored.items() if k not in _CONVERT})

    def to_stored(self) -> dict:
        """The JSON object a record stores: every field that is set (``beta_scale`` and ``commit`` always:
        ``None`` for a method without a β scale, a tree outside git), arrays and tuples as lists, then
        :attr:`extra`."""
        out = {}
        for name in _CONVERT:
            value = getattr(self, name)
            if value is None and name not in ("beta_scale", "commit"):
                continue
            out[name] = value.tolist() if isinstance(value, np.ndarray) else (
                list(value) if isinstance(value, tuple) else value)
        return {**out, **self.extra}

    def for_runner(self) -> dict:
        """:meth:`to_stored` for a record the runner writes: refused when a runner field is missing."""
        missing = [name for name in WRITTEN_BY_RUNNER if getattr(self, name) is None]
        if missing:
            raise RunMetaError(f"a run record must state {', '.join(missing)} "
                               "(regretlab.experiments.run_meta.WRITTEN_BY_RUNNER)")
        return self.to_stored()

    def replace(self, **changes) -> RunMeta:
        """A copy with ``changes``."""
        return dataclasses.replace(self, **changes)

    @property
    def cost_seconds(self) -> float:
        """The run's CPU seconds, or its wall seconds for a record without them, or 0."""
        for value in (self.cpu_seconds, self.wall_seconds):
            if value is not None:
                return float(value)
        return 0.0

    @property
    def engine_version(self) -> int:
        """The engine version that made the run (1 for a record made before versions were recorded)."""
        return 1 if self.engine is None else self.engine


_CONVERT = {
    "run_key": _of(str), "identity": _dict, "spec": _of(str), "mode": _of(str), "spec_hash": _of(str),
    "method": _of(str), "problem": _of(str), "repeat": _of(int), "budget": _of(int), "protocol": _of(str),
    "seed_entropy": _of(int), "box_spawn_key": _ints, "method_spawn_key": _ints,
    "user_box": _box, "domain": _box, "optimum_value": _of(float), "final_box": _box, "n_boxes": _of(int),
    "algorithm": _of(str), "engine": _of(int), "beta_scale": _of(float), "settings_fingerprint": _of(str),
    "repeated_queries": _of(int), "version": _of(str), "commit": _of(str), "dirty": _of(bool),
    "python": _of(str), "numpy": _of(str), "scipy": _of(str), "host": _of(str), "blas_kernels": _dict,
    "blas_threads": _dict, "cpu_model": _of(str), "started": _of(str), "finished": _of(str),
    "wall_seconds": _of(float), "cpu_seconds": _of(float), "resumed_at": _ints,
    "noise_ratio": _of(float), "regret_unit": _of(float), "bound_constants": _dict, "x_archived": _dict,
    "repeat_kinds": _ints,
}

#: The fields every record the runner writes states (the rest are optional: ``beta_scale`` and ``commit``
#: may be None, the bound inputs are a GP run's, the store adds ``run_key`` and ``identity``).
WRITTEN_BY_RUNNER = ("spec", "mode", "spec_hash", "method", "problem", "repeat", "budget", "protocol",
                     "seed_entropy", "box_spawn_key", "method_spawn_key", "user_box", "domain",
                     "optimum_value", "final_box", "n_boxes", "algorithm", "engine", "repeated_queries",
                     "version", "dirty", "python", "numpy", "scipy", "host", "blas_threads",
                     "cpu_model", "started", "finished", "wall_seconds", "cpu_seconds", "resumed_at")
