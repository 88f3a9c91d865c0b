r"""The record of one optimisation run: queries, observations, regrets, β_t, budgets, timings, method records.

A :class:`Trace` is what :meth:`regretlab.algorithms.base.BayesianOptimizer.run` returns and what
``regretlab.verify`` and the figures read. Regrets follow the papers' definitions (maximisation):

.. math::

    r_t = f(x^\star) - f(x_t), \qquad S_T = \min_{t \le T} r_t, \qquad R_T = \sum_{t=1}^{T} r_t

([Srinivas2010, §2]; [Kandasamy2015, §2], "simple regret S_T" and "cumulative regret R_T";
[TranThe2020, §Preliminaries]; [Li2016, §2]; [Ha2019, §2]). They are NaN when the
noiseless value :math:`f(x_t)` or the optimum :math:`f(x^\star)` is unknown (e.g. a plain callable objective).

Storage: :meth:`Trace.save` writes ``<path>.npz`` (the numeric arrays, and any array inside a method
record) and ``<path>.json`` (package version, seed, algorithm name and parameters, objective, method
records), each atomically (temporary file in the same folder, then :func:`os.replace`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from regretlab._io import atomic_write
from regretlab._version import __version__

__all__ = ["Trace", "FORMAT_VERSION"]

FORMAT_VERSION = 1
_ARRAY_FIELDS = ("x", "y", "f", "beta", "acq_evaluations", "seconds", "is_initial", "bounds")


def _encode(value, arrays: dict[str, np.ndarray], key: str):
    """Turn a record value into JSON data; numpy arrays go to ``arrays`` under ``key`` (exact round trip)."""
    if isinstance(value, np.ndarray):
        arrays[key] = value
        return {"__array__": key}
    if isinstance(value, np.generic):
        value = value.item()
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else {"__float__": repr(value)}
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise ValueError(f"record key {k!r} (in {key}) is not a str; records need string keys")
            out[k] = _encode(v, arrays, f"{key}.{k}")
        return out
    if isinstance(value, list | tuple):
        return [_encode(v, arrays, f"{key}.{i}") for i, v in enumerate(value)]
    raise ValueError(
        f"record value {key}={value!r} of type {type(value).__name__} cannot be saved; use numbers, str, "
        "lists, dicts or numpy arrays"
    )


def _decode(value, arrays):
    if isinstance(value, dict):
        if set(value) == {"__array__"}:
            return arrays[value["__array__"]]
        if set(value) == {"__float__"}:
            return float(value["__float__"])
        return {k: _decode(v, arrays) for k, v in value.items()}
    if isinstance(value, list):
        return [_decode(v, arrays) for v in value]
    return value


def _stem(path) -> Path:
    if not isinstance(path, str | Path) or not str(path).strip():
        raise ValueError(f"path={path!r} is not a file path (a non-empty str or pathlib.Path)")
    path = Path(path)
    if not path.name or path.name in (".", ".."):
        raise ValueError(f"path={str(path)!r} names no file (it ends in a directory); give a file name")
    return path.with_suffix("") if path.suffix in (".npz", ".json") else path


@dataclass(eq=False)
class Trace:
    r"""Everything recorded during one run, one row per objective evaluation t = 1..T.

    Attributes
    ----------
    x : ndarray, shape (T, D)
        Queries :math:`x_t`.
    y : ndarray, shape (T,)
        Observations :math:`y_t = f(x_t) + \varepsilon_t`.
    f : ndarray, shape (T,)
        Noiseless :math:`f(x_t)` when the objective provides it (``evaluate``), else NaN.
    beta : ndarray, shape (T,)
        :math:`\beta_t` used to choose :math:`x_t` (NaN for initial-design points and β-free methods).
    acq_evaluations : ndarray of int, shape (T,)
        Acquisition-function evaluations spent choosing :math:`x_t`.
    seconds : ndarray, shape (T,)
        Wall-clock seconds the algorithm spent on iteration t (``ask`` + ``tell``; the objective's own
        evaluation time is excluded, as in [Ha2019, Table 1 "time of selecting the next input"]).
    is_initial : ndarray of bool, shape (T,)
        True for initial-design points.
    records : list of dict
        Method records per iteration, e.g. MS-UCB ``{"Z_size": |Z_t|}``, UBO ``{"search_box": (D, 2)}``,
        Add-GP ``{"groups": [[...], ...]}``, RPP ``{"W_hat": (D, p), "alpha": α}``.
    bounds : ndarray, shape (D, 2)
        The algorithm's box.
    optimum_value : float
        :math:`f(x^\star)` if known, else NaN.
    algorithm : str
    params : dict
        The algorithm's parameters (JSON-serialisable values).
    seed : int or None
        The seed of the run's RNG (None when a Generator was passed in).
    objective : str or None
        Objective name, if it has one.
    version : str
        regretlab version that produced the trace.
    """

    x: np.ndarray
    y: np.ndarray
    f: np.ndarray
    beta: np.ndarray
    acq_evaluations: np.ndarray
    seconds: np.ndarray
    is_initial: np.ndarray
    records: list[dict[str, Any]]
    bounds: np.ndarray
    optimum_value: float = math.nan
    algorithm: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    objective: str | None = None
    version: str = __version__

    def __post_init__(self):
        self.bounds = np.asarray(self.bounds, dtype=float)
        if self.bounds.ndim != 2 or self.bounds.shape[1] != 2:
            raise ValueError(f"bounds has shape {self.bounds.shape}; expected (D, 2)")
        dim = self.bounds.shape[0]
        self.x = np.asarray(self.x, dtype=float).reshape(-1, dim) if np.size(self.x) else np.empty((0, dim))
        n = self.x.shape[0]
        self.y = np.asarray(self.y, dtype=float).reshape(-1)
        self.f = np.asarray(self.f, dtype=float).reshape(-1)
        self.beta = np.asarray(self.beta, dtype=float).reshape(-1)
        self.acq_evaluations = np.asarray(self.acq_evaluations, dtype=np.int64).reshape(-1)
        self.seconds = np.asarray(self.seconds, dtype=float).reshape(-1)
        self.is_initial = np.asarray(self.is_initial, dtype=bool).reshape(-1)
        self.records = [dict(r) for r in self.records]
        for name in ("y", "f", "beta", "acq_evaluations", "seconds", "is_initial", "records"):
            if len(getattr(self, name)) != n:
                raise ValueError(f"{name} has length {len(getattr(self, name))}; expected {n}, one per query")
        self.optimum_value = math.nan if self.optimum_value is None else float(self.optimum_value)

    # ---- sizes ------------------------------------------------------------------------------------------
    @property
    def n_iter(self) -> int:
        """Number T of objective evaluations."""
        return self.x.shape[0]

    @property
    def dim(self) -> int:
        """Input dimension D."""
        return self.bounds.shape[0]

    @property
    def n_init(self) -> int:
        """Number of initial-design points."""
        return int(np.sum(self.is_initial))

    # ---- regrets ----------------------------------------------------------------------------------------
    @property
    def instantaneous_regret(self) -> np.ndarray:
        r""":math:`r_t = f(x^\star) - f(x_t)` (NaN where unknown)."""
        return self.optimum_value - self.f

    @property
    def simple_regret(self) -> np.ndarray:
        r""":math:`S_t = \min_{s \le t} r_s = f(x^\star) - \max_{s \le t} f(x_s)` ([Kandasamy2015, §2])."""
        r = self.instantaneous_regret
        if r.size == 0 or np.all(np.isnan(r)):
            return r.copy()
        return np.fmin.accumulate(r)

    @property
    def cumulative_regret(self) -> np.ndarray:
        r""":math:`R_t = \sum_{s \le t} r_s` ([Kandasamy2015, §2]); NaN once any term is unknown."""
        return np.cumsum(self.instantaneous_regret)

    @property
    def best_y(self) -> np.ndarray:
        r"""Best observation so far, :math:`\max_{s \le t} y_s` ([Ha2019]'s plots)."""
        return np.maximum.accumulate(self.y) if self.y.size else self.y.copy()

    @property
    def best_f(self) -> np.ndarray:
        r"""Best noiseless value so far, :math:`\max_{s \le t} f(x_s)` (NaN where unknown)."""
        if self.f.size == 0 or np.all(np.isnan(self.f)):
            return self.f.copy()
        return np.fmax.accumulate(self.f)

    def record(self, key: str, default=None) -> list:
        """The method record ``key`` for every iteration (``default`` where an iteration has none)."""
        if not isinstance(key, str):
            raise ValueError(f"key={key!r} is not a record name (a string)")
        return [r.get(key, default) for r in self.records]

    # ---- comparison -------------------------------------------------------------------------------------
    def identical(self, other: Trace, *, ignore: tuple[str, ...] = ("seconds",)) -> bool:
        """True if every field equals ``other``'s exactly (NaN equals NaN), except those in ``ignore``.

        Wall-clock ``seconds`` are ignored by default: two runs with the same seed give the same trace in
        every other field.
        """
        if not isinstance(other, Trace):
            raise ValueError(f"other={other!r} is not a Trace; identical() compares two traces")
        names = isinstance(ignore, tuple | list | set | frozenset) and all(isinstance(n, str) for n in ignore)
        if not names:
            raise ValueError(f"ignore={ignore!r} is not a collection of field names (strings)")
        for name in _ARRAY_FIELDS:
            if name in ignore:
                continue
            a, b = getattr(self, name), getattr(other, name)
            if a.shape != b.shape or not np.array_equal(a, b, equal_nan=a.dtype.kind == "f"):
                return False
        for name in ("optimum_value", "algorithm", "params", "seed", "objective", "version", "records"):
            if name in ignore:
                continue
            if not _same(getattr(self, name), getattr(other, name)):
                return False
        return True

    # ---- storage ----------------------------------------------------------------------------------------
    def save(self, path) -> tuple[Path, Path]:
        """Write ``<path>.npz`` and ``<path>.json`` atomically; return both paths.

        A ``.npz``/``.json`` suffix on ``path`` is dropped. The JSON holds the package version, the seed,
        algorithm name and parameters, the objective, the optimum and the method records (arrays inside
        records are stored in the ``.npz`` and referenced by key, so they round-trip exactly).
        """
        stem = _stem(path)
        npz_path, json_path = stem.with_name(stem.name + ".npz"), stem.with_name(stem.name + ".json")
        arrays = {name: getattr(self, name) for name in _ARRAY_FIELDS}
        extra: dict[str, np.ndarray] = {}
        meta = {
            "format": "regretlab.trace",
            "format_version": FORMAT_VERSION,
            "version": self.version,
            "seed": self.seed,
            "algorithm": self.algorithm,
            "objective": self.objective,
            "optimum_value": None if math.isnan(self.optimum_value) else self.optimum_value,
            "n_iter": self.n_iter,
            "dim": self.dim,
            "npz": npz_path.name,
            "params": _encode(self.params, extra, "params"),
            "records": _encode(self.records, extra, "records"),
        }
        arrays.update({f"extra/{k}": v for k, v in extra.items()})
        text = json.dumps(meta, indent=1, allow_nan=False)
        atomic_write(npz_path, lambda handle: np.savez(handle, **arrays))
        atomic_write(json_path, lambda handle: handle.write(text.encode("utf-8")))
        return npz_path, json_path

    @classmethod
    def load(cls, path) -> Trace:
        """Read a trace written by :meth:`save` (``path`` with or without the ``.npz``/``.json`` suffix)."""
        stem = _stem(path)
        json_path = stem.with_name(stem.name + ".json")
        npz_path = stem.with_name(stem.name + ".npz")
        meta = json.loads(json_path.read_text(encoding="utf-8"))
        if meta.get("format") != "regretlab.trace":
            raise ValueError(f"{json_path} is not a regretlab trace (format={meta.get('format')!r})")
        if meta.get("format_version") != FORMAT_VERSION:
            raise ValueError(
                f"{json_path} has format_version={meta.get('format_version')!r}; this regretlab reads "
                f"{FORMAT_VERSION}"
            )
        with np.load(npz_path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
        extra = {k.removeprefix("extra/"): v for k, v in arrays.items() if k.startswith("extra/")}
        optimum = meta["optimum_value"]
        return cls(
            **{name: arrays[name] for name in _ARRAY_FIELDS},
            records=_decode(meta["records"], extra),
            optimum_value=math.nan if optimum is None else optimum,
            algorithm=meta["algorithm"],
            params=_decode(meta["params"], extra),
            seed=meta["seed"],
            objective=meta["objective"],
            version=meta["version"],
        )


def _same(a, b) -> bool:
    """Deep equality for record values: arrays by value (NaN == NaN), floats with NaN == NaN."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        floats = a.dtype.kind == "f" and b.dtype.kind == "f"
        return a.shape == b.shape and np.array_equal(a, b, equal_nan=floats)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_same(u, v) for u, v in zip(a, b, strict=True))
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return a == b
