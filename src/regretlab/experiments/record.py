"""The run record: what one finished run is, written once by the runner and read by everything after it.

A record is the :class:`regretlab.algorithms.trace.Trace`'s per-query arrays (:data:`RUN_ARRAYS`, the one
declared list) plus optional per-kind extras (:data:`OPTIONAL_ARRAYS`) and ``meta``: the run's identity (its
key, method, problem, protocol, budget, repeat, seeds), its provenance (commit with ``+dirty`` when the tree
had uncommitted changes, package and library versions, Python, BLAS threads) and its cost (wall and CPU
seconds). β is recorded as the algorithm used it (``beta``, scaled) with ``beta_scale`` beside it, so a
bound's β is ``beta / beta_scale`` without a second source of truth.
"""

from __future__ import annotations

import platform
import sys

import numpy as np

__all__ = ["RUN_ARRAYS", "OPTIONAL_ARRAYS", "trace_arrays", "provenance", "blas_threads", "unscaled_beta"]

#: Per-query arrays every run record holds (the Trace's, in query order).
RUN_ARRAYS = ("x", "y", "f", "seconds", "is_initial", "beta", "acq_evaluations")
#: Arrays a record holds when its kind needs them: the sequential posterior variances (bounds against runs),
#: a picture's final UCB grid and its expansion boxes.
OPTIONAL_ARRAYS = ("posterior_variance", "grid_x0", "grid_x1", "grid_ucb", "new_boxes")


def trace_arrays(trace) -> dict:
    """The :data:`RUN_ARRAYS` of a Trace."""
    return {name: np.asarray(getattr(trace, name)) for name in RUN_ARRAYS}


def unscaled_beta(result: dict) -> np.ndarray:
    """The schedule's own β_t of a record (``beta / beta_scale``): the β a bound formula takes."""
    scale = result["meta"].get("beta_scale")
    beta = np.asarray(result["beta"], dtype=float)
    return beta / float(scale) if scale else beta


def blas_threads() -> dict:
    """The BLAS/OpenMP pools and their thread counts as threadpoolctl sees them (recorded, never assumed)."""
    try:
        from threadpoolctl import threadpool_info
    except ImportError:  # pragma: no cover - threadpoolctl is a dependency
        return {}
    return {f"{p.get('internal_api')}:{p.get('user_api')}": int(p.get("num_threads", 0))
            for p in threadpool_info()}


def provenance(commit: str | None = None) -> dict:
    """Commit, versions, Python, machine and BLAS threads of the process writing a record. ``commit`` is
    the checkout as the runner saw it when the study started (passed to workers, so a worker started later,
    after exports wrote output files, does not read a different state); default: read it here."""
    import scipy

    from regretlab._io import git_commit
    from regretlab._version import __version__

    commit = git_commit() if commit is None else commit
    return {"version": __version__, "commit": commit, "dirty": bool(commit and commit.endswith("+dirty")),
            "python": sys.version.split()[0], "numpy": np.__version__, "scipy": scipy.__version__,
            "host": platform.node(), "blas_threads": blas_threads()}
