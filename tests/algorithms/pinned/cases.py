"""The pinned runs: each algorithm at its default settings on one objective with a fixed seed.

Recorded before the architecture change (issue 8) by ``python tests/algorithms/pinned/record.py``, and
re-recorded when the paper-setups issue made the fit scale-free (standardised y and box-relative bounds by
default), and for GPUCB-UBO when the objective's box stopped being a silent cap and a negative r_b
started to be re-optimised; the test
``tests/algorithms/test_pinned_traces.py`` replays them and compares. Re-record only when a change of
behaviour is intended, and say which trace changed and why in the commit message.

A trace is pinned per BLAS kernel set (OpenBLAS's ``architecture`` as threadpoolctl reports it: one folder
each, ``SkylakeX/``, ``Haswell/``). The same code and seed give different round-off with another kernel set
(AVX-512 against AVX2 matrix products), and a BO trajectory carries round-off on into its L-BFGS-B paths:
three of the six traces recorded on an Intel machine (SkylakeX) changed beyond 1e-7 on an AMD EPYC machine,
where OpenBLAS picks its Haswell kernels (queries moved by up to 1.5e-4, acquisition-evaluation counts by 1).
``OPENBLAS_CORETYPE=Haswell`` (or ``SkylakeX`` on a CPU with AVX-512) selects the kernels of a folder to
record or replay it.
"""

from __future__ import annotations

from pathlib import Path

from regretlab import objectives
from regretlab.algorithms import GPUCB, GPUCBUBO, MSUCB, RPPGPUCB, AddGPUCB

HERE = Path(__file__).resolve().parent
SEED = 20261123

#: name -> (factory(bounds, rng), objective name, evaluations). Each factory passes only what the class
#: requires (AddGPUCB needs a decomposition); everything else is the class default, except in the one
#: case that says why.
CASES = {
    "GPUCB": (lambda bounds, rng: GPUCB(bounds, rng=rng), "hartmann3", 36),
    "MSUCB": (lambda bounds, rng: MSUCB(bounds, rng=rng), "hartmann6", 26),
    "AddGPUCB": (lambda bounds, rng: AddGPUCB(bounds, d=2, rng=rng), "hartmann6", 36),
    "RPPGPUCB": (lambda bounds, rng: RPPGPUCB(bounds, rng=rng), "hartmann6", 36),
    "GPUCBUBO": (lambda bounds, rng: GPUCBUBO(bounds, rng=rng), "beale", 20),
    # epsilon = 1 (not the default 0.05): expansions after t = 1 and the App. B ball search both happen.
    "GPUCBUBO_eps1": (lambda bounds, rng: GPUCBUBO(bounds, rng=rng, epsilon=1.0), "beale", 25),
}

#: Trace fields compared.
FIELDS = ("x", "y", "beta", "acq_evaluations")


def run(name: str):
    """The Trace of pinned case ``name``."""
    factory, objective_name, n_iter = CASES[name]
    # GPUCB-UBO searches beyond its initial box: its objective is defined everywhere, never a silent cap.
    objective = objectives.get(objective_name, enforce_bounds=not name.startswith("GPUCBUBO"))
    return factory(objective.bounds, SEED).run(objective, n_iter, progress=False)


def blas_architecture() -> str:
    """OpenBLAS's kernel set in this process (threadpoolctl's ``architecture``), or ``"unknown"``."""
    import numpy  # noqa: F401  (loads the BLAS threadpoolctl inspects)
    from threadpoolctl import threadpool_info

    found = [info.get("architecture") for info in threadpool_info() if info.get("internal_api") == "openblas"]
    return found[0] if found and found[0] else "unknown"


def path(name: str, architecture: str | None = None) -> Path:
    """The pinned trace of ``name`` for a BLAS kernel set (default: this process's)."""
    return HERE / (architecture or blas_architecture()) / f"{name}.npz"
