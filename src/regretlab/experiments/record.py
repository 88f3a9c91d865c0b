"""The run record: what one finished run is, written once by the runner and read by everything after it.

A record is the :class:`regretlab.algorithms.trace.Trace`'s per-query arrays (:data:`RUN_ARRAYS`, the one
declared list; an archived record of a large run may lack ``x``: :func:`regretlab.campaign.archive.slim`)
plus optional per-kind extras (:data:`OPTIONAL_ARRAYS`) and ``meta``: the run's identity (its
key, method, problem, protocol, budget, repeat, seeds), its provenance (commit with ``+dirty`` when the tree
had uncommitted changes, package and library versions, Python, BLAS threads) and its cost (wall and CPU
seconds). β is recorded as the algorithm used it (``beta``, scaled) with ``beta_scale`` beside it, so a
bound's β is ``beta / beta_scale`` without a second source of truth.

A record also carries ``settings_fingerprint`` (:func:`settings_fingerprint`): a digest of every value the
run's method was built from. The run's key names *what* was run (setup name, options, problem, repeat), not
the values the setup stood for when it ran; a reader compares the two digests, so a record made before a
setup value or an algorithm default changed is refused rather than silently mixed with new runs.
"""

from __future__ import annotations

import functools
import hashlib
import json
import platform
import re
import sys

import numpy as np
import scipy

from regretlab._io import blas_kernels, blas_threads, cpu_model, git_commit, utc_now  # noqa: F401 (re-exported)
from regretlab._version import __version__
from regretlab.algorithms import setups
from regretlab.algorithms.trace import Trace

from .run_meta import RunMeta
from .spec import parse_method, stored_method

__all__ = ["RUN_ARRAYS", "OPTIONAL_ARRAYS", "BOUNDARY_TOLERANCE", "repeat_kinds", "trace_arrays",
           "provenance", "blas_threads", "unscaled_beta", "commit_of",
           "settings_fingerprint", "settings_text", "run_settings_fingerprint", "as_trace"]

#: Per-query arrays every run record holds (the Trace's, in query order).
RUN_ARRAYS = ("x", "y", "f", "seconds", "is_initial", "beta", "acq_evaluations")
#: Arrays a record holds when its kind needs them: the sequential posterior variances (bounds against runs),
#: a picture's final UCB grid and its expansion boxes.
OPTIONAL_ARRAYS = ("posterior_variance", "grid_x0", "grid_x1", "grid_ucb", "new_boxes")


#: A repeated query within this fraction of its run's final search box's width (on some coordinate) of one
#: of the box's faces is counted as on the box's boundary (:func:`repeat_kinds`). Not from a paper: DIRECT's
#: centres approach a face but never reach it (Ha2019 Fig. 3's GPUCB-Vanilla repeats a Hartman3 point 0.07 %
#: of the width inside the face beyond which the optimum lies); 1 % is wide enough for that and still a thin
#: shell of the box.
BOUNDARY_TOLERANCE = 0.01


def repeat_kinds(record: dict) -> np.ndarray | None:
    """[repeated queries, of them on the run's final search box's boundary (:data:`BOUNDARY_TOLERANCE`), of
    them equal to the query with the best observation before it] of a run: computed from the record's
    queries ``x``, observations ``y`` and ``final_box``, or read from ``meta["repeat_kinds"]``, which an
    archived record that leaves ``x`` out keeps instead (:func:`regretlab.campaign.archive.slim`); None
    when it has neither (a record archived before 2026-11-29 without its queries). Where a method's repeats
    are tells why it repeats: at a face of a box the optimum lies beyond (a fixed search space), or the
    incumbent re-evaluated on purpose (LineBO opens each line at x̂), rather than a model stuck at an
    arbitrary point."""
    meta = RunMeta.of(record)
    x, y, box = record.get("x"), record.get("y"), meta.final_box
    if x is None:
        return None if meta.repeat_kinds is None else np.asarray(meta.repeat_kinds, dtype=int)
    if y is None or box is None:
        return None
    x, y, box = np.asarray(x, dtype=float), np.asarray(y, dtype=float), np.asarray(box, dtype=float)
    if x.ndim != 2 or box.shape != (x.shape[1], 2) or y.shape != (len(x),):
        return None
    _, first = np.unique(x, axis=0, return_index=True)
    repeated = np.setdiff1d(np.arange(len(x)), first)
    width = box[:, 1] - box[:, 0]
    gap = np.minimum(x[repeated] - box[:, 0], box[:, 1] - x[repeated])
    on_boundary = np.any(gap <= BOUNDARY_TOLERANCE * width, axis=1)
    # repeated[i] >= 1 always (the first query is a first occurrence); nan observations never lead
    best_so_far = [np.array_equal(x[i], x[np.nanargmax(y[:i])]) if np.any(np.isfinite(y[:i])) else False
                   for i in repeated]
    return np.array([len(repeated), int(np.sum(on_boundary)), int(np.sum(best_so_far))])


def trace_arrays(trace) -> dict:
    """The :data:`RUN_ARRAYS` of a Trace."""
    return {name: np.asarray(getattr(trace, name)) for name in RUN_ARRAYS}


def as_trace(result: dict):
    """A run record (:func:`regretlab.experiments.store.read_result`'s dict) as the
    :class:`regretlab.algorithms.trace.Trace` its run returned, for the analyses a Trace offers
    (``simple_regret``, ``plot``, ...): the same per-query arrays, the algorithm, the optimum, the final
    box and the method's setup as ``params``. The per-step ``records`` are not kept in a run record (the
    runner stores what the figures read), so they are empty; ``Trace.save`` keeps them when a run needs
    them. The two files differ on purpose: a Trace file is one run as an object, a run record one run of
    the experiment engine, keyed and provenance-stamped."""

    meta = RunMeta.of(result)
    if "x" not in result:
        raise ValueError(
            f"the record of {meta.run_key} was archived without its queries x "
            f"(shape {(meta.x_archived or {}).get('shape')}, regretlab.campaign.archive.slim): a "
            "Trace needs them; rerun the run's seed at its commit (its sha256 of x checks it)"
        )
    return Trace(
        **{name: np.asarray(result[name]) for name in RUN_ARRAYS},
        records=[{} for _ in range(len(result["y"]))],
        bounds=meta.final_box if meta.final_box is not None else meta.user_box,
        optimum_value=float("nan") if meta.optimum_value is None else meta.optimum_value,
        algorithm=meta.algorithm or "",
        params={"setup": meta.method, "problem": meta.problem, "repeat": meta.repeat},
        objective=meta.problem,
        version=meta.version or "",
    )


def commit_of(record: dict) -> str:
    """The commit that made a run, as its record states it (``"None"`` for a record without one); ``+dirty``
    marks a tree with uncommitted changes. The one reading of it that the commit checks, the archives and the
    registrations share."""
    return str(RunMeta.of(record).commit)


def unscaled_beta(result: dict) -> np.ndarray:
    """The schedule's own β_t of a record (``beta / beta_scale``): the β a bound formula takes."""
    scale = RunMeta.of(result).beta_scale
    beta = np.asarray(result["beta"], dtype=float)
    return beta / float(scale) if scale else beta


def provenance(commit: str | None = None) -> dict:
    """Commit, versions, Python, machine, BLAS kernel set and BLAS threads of the process writing a record
    (:func:`blas_kernels`: with the commit, what a bit-for-bit rerun needs). ``commit`` is
    the checkout as the runner saw it when the study started (passed to workers, so a worker started later,
    after exports wrote output files, does not read a different state); default: read it here."""

    commit = git_commit() if commit is None else commit
    return {"version": __version__, "commit": commit, "dirty": bool(commit and commit.endswith("+dirty")),
            "python": sys.version.split()[0], "numpy": np.__version__, "scipy": scipy.__version__,
            "host": platform.node(), "cpu_model": cpu_model(), "blas_kernels": blas_kernels(),
            "blas_threads": blas_threads()}


def settings_text(method: str, dim: int | None) -> str:
    """The values ``method`` (``"Setup/Name(options)"``) is built from in dimension ``dim`` (None: the
    objective's own), as canonical JSON: the setup's name, its values as printed (``setups NAME --dim``),
    the options and the algorithm's class. Memory addresses in reprs (``<function ... at 0x..>``) are
    dropped, so the text is the same in every process.

    Not included: the algorithms' code and constructor defaults (the record's commit names those; a
    digest of them would refuse every stored run whenever a keyword is added, even one whose default keeps
    the old behaviour)."""

    name, options = parse_method(method)
    setup = setups.describe(name)
    algorithm = setup.algorithm
    content = {
        "setup": setup.name,
        "values": {row["keyword"]: row["value"] for row in setup.table(dim)},
        "options": options,
        "algorithm": f"{algorithm.__module__}.{algorithm.__qualname__}",
    }
    return re.sub(r" at 0x[0-9a-fA-F]+", "", json.dumps(content, sort_keys=True, default=repr))


def run_settings_fingerprint(run) -> str:
    """:func:`settings_fingerprint` of a :class:`~regretlab.experiments.spec.Run` (its method as stored,
    :func:`~regretlab.experiments.spec.stored_method`, at its problem's dimension)."""

    dim = json.loads(run.problem_content or "{}").get("dim")
    return settings_fingerprint(stored_method(run.method), dim)


@functools.lru_cache(maxsize=256)
def settings_fingerprint(method: str, dim: int | None) -> str:
    """sha256 (first 16 hex digits) of :func:`settings_text`: equal for two runs exactly when their method
    was built from the same values.

    >>> settings_fingerprint("Li2016/RPP(d=5)", 20) == settings_fingerprint("Li2016/RPP(d=5)", 20)
    True
    >>> settings_fingerprint("Li2016/RPP(d=5)", 20) == settings_fingerprint("Li2016/RPP(d=10)", 20)
    False
    """
    return hashlib.sha256(settings_text(method, dim).encode()).hexdigest()[:16]
