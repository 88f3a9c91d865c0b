"""Behaviour is pinned: each algorithm at its default settings reproduces the trace recorded before the
architecture change (issue 8, "Done when").

``pinned/cases.py`` names the runs (algorithm, objective, seed, evaluations) and ``pinned/*.npz`` holds the
recorded queries, observations, β_t and acquisition evaluations. A refactoring that changes any query beyond
round-off (relative 1e-7) fails here; one that changes behaviour on purpose re-records the case with
``python tests/algorithms/pinned/record.py NAME`` and says why in its commit.
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
    """Same queries x_t, observations y_t, β_t and acquisition evaluations as recorded (relative 1e-7)."""
    recorded = np.load(cases.path(name))
    trace = cases.run(name)
    for field in cases.FIELDS:
        np.testing.assert_allclose(
            np.asarray(getattr(trace, field), dtype=float), recorded[field], rtol=1e-7, atol=1e-10,
            err_msg=f"{name}: {field} differs from the pinned trace", equal_nan=True,
        )
