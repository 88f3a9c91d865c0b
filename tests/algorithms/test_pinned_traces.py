"""Behaviour is pinned: each algorithm at its default settings reproduces the trace recorded before the
architecture change (issue 8, "Done when").

``pinned/cases.py`` names the runs (algorithm, objective, seed, evaluations) and ``pinned/*.npz`` holds the
recorded queries, observations, β_t and acquisition evaluations. A refactoring that changes any query beyond
round-off (relative 1e-7) fails here; one that changes behaviour on purpose re-records the case with
``python tests/algorithms/pinned/record.py NAME`` and says why in its commit. Traces are pinned per BLAS
kernel set (``pinned/cases.py`` says why).
"""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

_SPEC = importlib.util.spec_from_file_location("pinned_cases", Path(__file__).parent / "pinned" / "cases.py")
cases = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(cases)


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_default_run_reproduces_the_pinned_trace(name):
    """Same queries x_t, observations y_t, β_t and acquisition evaluations as recorded with this process's
    BLAS kernels (relative 1e-7); skipped, saying so, where no trace was recorded with them."""
    architecture = cases.blas_architecture()
    if not cases.path(name, architecture).exists():
        recorded_with = sorted(p.name for p in cases.HERE.iterdir() if p.is_dir() and p.name != "__pycache__")
        pytest.skip(f"no pinned trace for OpenBLAS's {architecture!r} kernels (recorded with "
                    f"{recorded_with}; OPENBLAS_CORETYPE=Haswell selects one of them on an x86-64 CPU "
                    "with AVX2)")
    recorded = np.load(cases.path(name, architecture))
    trace = cases.run(name)
    for field in cases.FIELDS:
        np.testing.assert_allclose(
            np.asarray(getattr(trace, field), dtype=float), recorded[field], rtol=1e-7, atol=1e-10,
            err_msg=f"{name}: {field} differs from the pinned trace", equal_nan=True,
        )
