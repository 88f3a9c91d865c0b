"""Finite inputs whose scale would make the GP's algebra overflow get a clear error, never a NaN posterior."""

from __future__ import annotations

import numpy as np
import pytest

from regretlab.gp import GP, SquaredExponential
from regretlab.gp.posterior import MAX_MAGNITUDE


def _gp():
    return GP(SquaredExponential(), noise_variance=1e-2)


@pytest.mark.parametrize(("X", "y", "name"), [([[0.0], [1.0]], [0.0, 1e308], r"y\[1\]=1e\+308"),
                                              ([[0.0], [1e308]], [0.0, 1.0], r"X\[1, 0\]=1e\+308")])
def test_fit_refuses_inputs_beyond_the_magnitude_limit(X, y, name):
    with pytest.raises(ValueError, match=name + ".*magnitude limit"):
        _gp().fit(X, y)


def test_mean_append_and_predict_refuse_them_too():
    with pytest.raises(ValueError, match="mean=1e.308 is outside its domain"):
        GP(SquaredExponential(), noise_variance=1e-2, mean=1e308)
    gp = _gp().fit([[0.0], [1.0]], [0.0, 1.0])
    with pytest.raises(ValueError, match="y.*magnitude limit"):
        gp.append([2.0], 1e308)
    with pytest.raises(ValueError, match="X.*magnitude limit"):
        gp.predict([[1e308]], return_grad=True)


def test_just_below_the_limit_the_posterior_is_finite():
    """At |x| = |y| = 1e150 (the limit) mean, variance and gradients are finite."""
    gp = _gp().fit([[0.0], [1.0]], [0.0, MAX_MAGNITUDE])
    outputs = gp.predict([[MAX_MAGNITUDE], [0.5]], return_grad=True)
    assert all(np.all(np.isfinite(o)) for o in outputs)
