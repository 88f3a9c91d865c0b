"""Tests of ``regretlab.bounds.assumption1`` (Assumption 1 tail and the catalogue's (a, b) estimator)."""


import numpy as np
import pytest

import regretlab.bounds.assumption1 as a1


def test_tail_formula_and_limit():
    """a exp(-(L/b)^2): equals a at L = 0 and decreases in L."""
    L = np.linspace(0, 5, 11)
    tail = a1.assumption1_tail(L=L, a=3.0, b=1.5)
    assert tail[0] == 3.0 and np.all(np.diff(tail) < 0)
    assert tail[4] == pytest.approx(3.0 * np.exp(-((2.0 / 1.5) ** 2)))


def test_derivative_variance_matches_kernel():
    """Monte Carlo variance of d f/d x_1 at a grid point is s_f^2 / l^2 (the derivative kernel's diagonal)."""
    ell, var = 0.4, 2.0
    s = a1.se_derivative_sup_samples(
        lengthscale=ell, variance=var, bounds=[[0.0, 0.0 + 1e-9]], n_grid=2, n_samples=20000, rng=5
    )
    # two (almost) coincident points: sup |g| of a 2-point nearly-constant path is |g(x)|, E g^2 = var/ell^2
    assert np.mean(s**2) == pytest.approx(var / ell**2, rel=0.05)


def test_constants_bound_the_empirical_tail():
    """With (a, b) from the Monte Carlo m, the empirical tail of sup|d f/dx_1| lies below a exp(-(L/b)^2)."""
    ell, var = 0.5, 1.0
    s = a1.se_derivative_sup_samples(
        lengthscale=ell,
        variance=var,
        bounds=[[-1.0, 1.0], [-1.0, 1.0]],
        n_grid=12,
        n_samples=400,
        rng=np.random.default_rng(6),
    )
    a, b = a1.assumption1_constants(lengthscale=ell, variance=var, m=s.mean())
    assert a >= 1 and b == pytest.approx(2 * np.sqrt(var) / ell)
    for L in np.linspace(0.5, 3 * s.max(), 30):
        assert np.mean(s > L) <= a1.assumption1_tail(L=L, a=a, b=b)


def test_rng_reproducible():
    """Same seed, same draws; the global numpy RNG is never used."""
    kw = dict(lengthscale=0.5, variance=1.0, bounds=[[-1.0, 1.0]], n_grid=20, n_samples=10)
    assert np.array_equal(
        a1.se_derivative_sup_samples(**kw, rng=3), a1.se_derivative_sup_samples(**kw, rng=3)
    )


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: a1.assumption1_tail(L=-1.0, a=1.0, b=1.0), r"L=-1\.0"),
        (lambda: a1.assumption1_tail(L=1.0, a=0.5, b=1.0), r"a=0\.5"),
        (lambda: a1.assumption1_constants(lengthscale=0.0, variance=1.0, m=1.0), r"lengthscale=0\.0"),
        (
            lambda: a1.se_derivative_sup_samples(
                lengthscale=1.0, variance=1.0, bounds=[[-1, 1]] * 3, n_grid=20, n_samples=5, rng=0
            ),
            r"n_grid=20",
        ),
        (
            lambda: a1.se_derivative_sup_samples(
                lengthscale=1.0, variance=1.0, bounds=[[-1, 1]], n_grid=5, n_samples=5, rng="x"
            ),
            r"rng='x'",
        ),
    ],
)
def test_validation_names_parameter(call, match):
    """Bad input raises ValueError naming the parameter and value."""
    with pytest.raises(ValueError, match=match):
        call()
