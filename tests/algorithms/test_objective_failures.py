"""A failing objective gets an error that names the iteration, the point and the value; the history up to the
failure is kept and the run can go on."""

from __future__ import annotations

import numpy as np
import pytest

from regretlab.algorithms import GPUCB, ObjectiveError, RandomSearch

BOX = np.array([[0.0, 1.0], [0.0, 1.0]])


def _failing_at(k, value=None, exc=None):
    calls = {"n": 0}

    def objective(x):
        calls["n"] += 1
        if calls["n"] == k:
            if exc is not None:
                raise exc
            return value
        return float(np.sum(x))

    return objective


@pytest.mark.parametrize(("value", "shown"), [(None, "None"), (float("nan"), "nan"), (float("inf"), "inf"),
                                             ("abc", "'abc'"), (np.ones((1, 1)), "shape (1, 1)"),
                                             (np.ones(3), "shape (3,)")])
def test_a_bad_value_names_the_iteration_the_point_and_the_value(value, shown):
    opt = RandomSearch(BOX, rng=0)
    with pytest.raises(ObjectiveError, match=r"at iteration 4, x = \[") as info:
        opt.run(_failing_at(4, value), 6, progress=False)
    assert shown in str(info.value) and isinstance(info.value, ValueError)
    assert opt.trace().n_iter == 3                       # the three good iterations are kept
    opt.run(lambda x: float(np.sum(x)), 2, progress=False)  # and the run continues
    assert opt.trace().n_iter == 5


def test_an_exception_from_the_objective_is_chained_with_its_context():
    opt = GPUCB(BOX, rng=0, n_init=3)
    with pytest.raises(ObjectiveError, match="raised ZeroDivisionError at iteration 5") as info:
        opt.run(_failing_at(5, exc=ZeroDivisionError("division by zero in the simulator")), 8, progress=False)
    assert isinstance(info.value.__cause__, ZeroDivisionError)
    assert "division by zero in the simulator" in str(info.value)
    assert opt.trace().n_iter == 4


def test_a_numpy_scalar_and_a_length_one_array_are_accepted():
    opt = RandomSearch(BOX, rng=0)
    def objective(x):
        return np.array([np.sum(x)]) if x[0] < 0.5 else np.float32(np.sum(x))

    trace = opt.run(objective, 5, progress=False)
    np.testing.assert_allclose(trace.y, trace.x.sum(axis=1), rtol=1e-6)
