"""Tests of regretlab.algorithms.acquisition: acquisition values and gradients, budgets of the maximisers."""

import doctest
import math

import numpy as np
import pytest
from scipy import integrate, stats

from regretlab.algorithms import acquisition as acq_module
from regretlab.algorithms.acquisition import (
    Acquisition,
    Restricted,
    expected_improvement,
    expected_improvement_grad,
    lcb,
    lcb_grad,
    ucb,
    ucb_grad,
)


class SmoothPosterior:
    """A fake posterior with known smooth mean/variance and analytic gradients (acquisition math only)."""

    def __init__(self):
        self.calls = 0

    def predict(self, X, return_grad=False):
        X = np.atleast_2d(np.asarray(X, dtype=float))
        self.calls += 1
        mean = np.sin(X).sum(axis=1) + 0.3 * X[:, 0] ** 2
        var = 0.5 + 0.4 * np.cos(X).prod(axis=1) ** 2
        if not return_grad:
            return mean, var
        dmean = np.cos(X)
        dmean[:, 0] += 0.6 * X[:, 0]
        c = np.cos(X)
        prod = c.prod(axis=1)
        dprod = np.empty_like(X)
        for j in range(X.shape[1]):
            dprod[:, j] = -np.sin(X[:, j]) * np.prod(np.delete(c, j, axis=1), axis=1)
        dvar = 0.8 * prod[:, None] * dprod
        return mean, var, dmean, dvar


# ---- pure functions ----------------------------------------------------------------------------------------
def test_ucb_uses_sqrt_beta_times_sigma_not_the_printed_typo():
    """UCB = mu + sqrt(beta) sigma (beta scales the variance), not MS-UCB's printed mu + sqrt(beta sigma)."""
    mean, var, beta = np.array([1.0, -2.0]), np.array([9.0, 0.25]), 4.0
    expected = np.array([1.0 + 2.0 * 3.0, -2.0 + 2.0 * 0.5])
    np.testing.assert_allclose(ucb(mean, var, beta), expected, rtol=1e-15)
    typo = mean + np.sqrt(beta * np.sqrt(var))
    assert not np.allclose(ucb(mean, var, beta), typo)
    np.testing.assert_allclose(lcb(mean, var, beta), np.array([1.0 - 6.0, -2.0 - 1.0]), rtol=1e-15)


def test_negative_round_off_variance_is_clipped_to_zero():
    """A tiny negative variance (round-off) gives sigma = 0 instead of NaN."""
    assert ucb([1.0], [-1e-14], 2.0)[0] == 1.0
    assert expected_improvement([1.0], [-1e-14], best=0.5)[0] == 0.5


@pytest.mark.parametrize(
    "mu, var, best, xi", [(0.3, 0.7, 0.1, 0.0), (-1.0, 2.0, 0.5, 0.1), (2.0, 0.01, 2.5, 0.0)]
)
def test_expected_improvement_matches_numerical_integration(mu, var, best, xi):
    """EI equals the integral of max(y - best - xi, 0) against N(mu, var) (scipy.integrate.quad)."""
    sd = math.sqrt(var)
    integral, _ = integrate.quad(
        lambda y: (y - best - xi) * stats.norm.pdf(y, mu, sd), best + xi, mu + 40 * sd, epsabs=1e-13
    )
    value = expected_improvement([mu], [var], best=best, xi=xi)[0]
    assert value == pytest.approx(integral, rel=1e-8, abs=1e-14)


def test_expected_improvement_zero_variance_is_positive_part():
    """With sigma = 0, EI is max(mu - best - xi, 0)."""
    np.testing.assert_allclose(expected_improvement([1.0, -1.0], [0.0, 0.0], best=0.0, xi=0.25), [0.75, 0.0])


@pytest.mark.parametrize("kind", ["ucb", "lcb", "ei"])
def test_acquisition_gradients_match_finite_differences(kind):
    """value_and_grad's analytic gradient equals central finite differences of the values (fake posterior)."""
    rng = np.random.default_rng(3)
    X = rng.uniform(-1.5, 1.5, size=(6, 3))
    acq = Acquisition(SmoothPosterior(), kind, beta=2.5, best=0.4, xi=0.05)
    values, grads = acq.value_and_grad(X)
    np.testing.assert_allclose(values, acq(X), rtol=1e-14)
    h = 1e-6
    fd = np.empty_like(X)
    for j in range(X.shape[1]):
        e = np.zeros(X.shape[1])
        e[j] = h
        fd[:, j] = (acq(X + e) - acq(X - e)) / (2 * h)
    np.testing.assert_allclose(grads, fd, rtol=1e-6, atol=1e-8)


def test_pure_gradient_functions_agree_with_chain_rule():
    """ucb_grad/lcb_grad/ei_grad equal dmu +- sqrt(beta) dvar/(2 sigma) and Phi(z) dmu + phi(z) dsigma."""
    mean, var = np.array([0.2, -0.4]), np.array([0.9, 0.16])
    dmean, dvar = np.array([[1.0, -2.0], [0.5, 0.0]]), np.array([[0.3, 0.1], [-0.2, 0.4]])
    dsig = dvar / (2 * np.sqrt(var))[:, None]
    np.testing.assert_allclose(ucb_grad(mean, var, 3.0, dmean, dvar), dmean + math.sqrt(3.0) * dsig)
    np.testing.assert_allclose(lcb_grad(mean, var, 3.0, dmean, dvar), dmean - math.sqrt(3.0) * dsig)
    z = (mean - 0.1) / np.sqrt(var)
    expected = stats.norm.cdf(z)[:, None] * dmean + stats.norm.pdf(z)[:, None] * dsig
    np.testing.assert_allclose(expected_improvement_grad(mean, var, 0.1, dmean, dvar), expected, rtol=1e-12)


def test_acquisition_counts_rows_and_uses_one_predict_per_batch():
    """n_evaluations counts every row; a batch of q points costs one predict call; batch == pointwise."""
    post = SmoothPosterior()
    acq = Acquisition(post, "ucb", beta=1.0)
    X = np.random.default_rng(0).uniform(size=(7, 2))
    batch = acq(X)
    assert acq.n_evaluations == 7 and post.calls == 1
    single = np.array([acq(x)[0] for x in X])
    np.testing.assert_allclose(batch, single, rtol=1e-15)
    assert acq.n_evaluations == 14


def test_acquisition_with_real_gp_gradient():
    """UCB of a real regretlab.gp.GP posterior: analytic gradient matches finite differences."""
    gp_mod = pytest.importorskip("regretlab.gp")
    rng = np.random.default_rng(1)
    Xt = rng.uniform(size=(8, 2))
    gp = gp_mod.GP(gp_mod.SquaredExponential(lengthscale=0.4), noise_variance=1e-3)
    gp.fit(Xt, np.sin(5 * Xt[:, 0]))
    acq = Acquisition(gp, "ucb", beta=2.0)
    X = rng.uniform(size=(4, 2))
    _, grads = acq.value_and_grad(X)
    h = 1e-6
    fd = np.stack([(acq(X + h * e) - acq(X - h * e)) / (2 * h) for e in np.eye(2)], axis=1)
    np.testing.assert_allclose(grads, fd, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize(
    "kwargs, name",
    [
        ({"kind": "pi", "beta": 1.0}, "kind"),
        ({"kind": "ucb", "beta": -1.0}, "beta"),
        ({"kind": "ucb"}, "beta"),
        ({"kind": "ei"}, "best"),
        ({"kind": "ei", "best": 0.0, "xi": -0.1}, "xi"),
        ({"kind": "ei", "best": float("nan")}, "best"),
    ],
)
def test_acquisition_rejects_invalid_parameters(kwargs, name):
    """Invalid acquisition parameters raise ValueError naming the parameter."""
    with pytest.raises(ValueError, match=name):
        Acquisition(SmoothPosterior(), **kwargs)


def test_pure_functions_reject_bad_inputs():
    """Shape mismatch, NaN mean and negative beta raise ValueError naming the argument."""
    with pytest.raises(ValueError, match="variance"):
        ucb([0.0, 1.0], [1.0], 1.0)
    with pytest.raises(ValueError, match="mean"):
        ucb([np.nan], [1.0], 1.0)
    with pytest.raises(ValueError, match="beta"):
        lcb([0.0], [1.0], -0.5)


def test_module_doctests():
    """The Examples in the acquisition module run."""
    assert doctest.testmod(acq_module, optionflags=doctest.NORMALIZE_WHITESPACE).failed == 0


def test_restricted_embeds_the_free_coordinates_and_slices_the_gradient():
    """Restricted(a, anchor, coordinates)(Z) = a(x(Z)) with the other coordinates at the anchor; its gradient
    is the full gradient's free columns and matches finite differences."""
    post = SmoothPosterior()
    acq = Acquisition(post, "ucb", beta=2.0)
    anchor = np.array([0.3, -0.2, 0.7, 0.1])
    restricted = Restricted(acq, anchor, [3, 1])
    Z = np.random.default_rng(0).uniform(-1, 1, size=(5, 2))
    X = restricted.embed(Z)
    assert np.array_equal(X[:, [3, 1]], Z) and np.array_equal(X[:, [0, 2]], np.tile(anchor[[0, 2]], (5, 1)))
    np.testing.assert_array_equal(restricted(Z), acq(X))
    values, grads = restricted.value_and_grad(Z)
    h = 1e-6
    for k in range(2):
        step = np.zeros(2)
        step[k] = h
        numeric = (restricted(Z + step) - restricted(Z - step)) / (2 * h)
        np.testing.assert_allclose(grads[:, k], numeric, rtol=1e-6, atol=1e-8)
    anchor[0] = 99.0  # the restricted acquisition keeps its own copy of the anchor
    assert restricted.embed(Z)[0, 0] == 0.3


@pytest.mark.parametrize(
    ("args", "name"),
    [((None, [0.0], [0]), "acquisition"), ((abs, [[0.0]], [0]), "anchor"), ((abs, [np.nan], [0]), "anchor"),
     ((abs, [0.0, 1.0], [2]), "coordinates"), ((abs, [0.0, 1.0], [0, 0]), "coordinates")],
)
def test_restricted_rejects_bad_arguments(args, name):
    """Restricted validates at construction: a callable, a finite 1-D anchor, distinct in-range
    coordinates."""
    with pytest.raises(ValueError, match=rf"^{name}"):
        Restricted(*args)


@pytest.mark.parametrize("kind", ["ucb", "lcb", "ei"])
def test_acquisition_equals_the_public_functions_bit_for_bit_and_refuses_a_nan_posterior(kind):
    """The Acquisition's table of kinds (β checked once, the posterior's arrays not re-validated per call)
    gives exactly the public functions' values and gradients; a posterior with a NaN mean is a ValueError
    naming the kind, not a NaN handed to the maximiser."""
    from regretlab.algorithms import acquisition as acq_module

    rng = np.random.default_rng(7)
    mean, variance = rng.normal(size=6), np.abs(rng.normal(size=6))
    variance[2] = 0.0
    dmean, dvar = rng.normal(size=(6, 3)), rng.normal(size=(6, 3))

    class Fixed:
        def predict(self, X, return_grad=False):
            return (mean, variance, dmean, dvar) if return_grad else (mean, variance)

    options = {"beta": 2.5} if kind != "ei" else {"best": 0.1, "xi": 0.01}
    acq = Acquisition(Fixed(), kind, **options)
    values, grads = acq.value_and_grad(np.zeros((6, 3)))
    if kind == "ei":
        expected = acq_module.expected_improvement(mean, variance, 0.1, 0.01)
        expected_grad = acq_module.expected_improvement_grad(mean, variance, 0.1, dmean, dvar, 0.01)
    else:
        expected = getattr(acq_module, kind)(mean, variance, 2.5)
        expected_grad = getattr(acq_module, f"{kind}_grad")(mean, variance, 2.5, dmean, dvar)
    assert np.array_equal(values, expected) and np.array_equal(grads, expected_grad)
    assert np.array_equal(acq(np.zeros((6, 3))), expected)
    mean[0] = np.nan
    with pytest.raises(ValueError, match=f"non-finite {kind} value at 1 of 6 points"):
        acq(np.zeros((6, 3)))


def test_gradient_columns_from_a_gp_and_from_a_prediction_are_the_full_gradients_columns():
    """On a real GP (in observation units, ScaledPosterior): value_and_grad(X, columns=c) gives the values of
    value_and_grad(X) bit for bit and its columns c (1e-12 relative), the GP computing those columns alone; a
    Restricted acquisition reads them; from_prediction on the GP's own prediction gives the same values and
    gradients and counts its rows as evaluations."""
    from regretlab.algorithms.posteriors import ScaledPosterior
    from regretlab.gp import GP, Matern52

    rng = np.random.default_rng(4)
    Xt = rng.uniform(-1, 1, size=(15, 6))
    gp = GP(Matern52(0.9), noise_variance=1e-3).fit(Xt, np.sin(3 * Xt).sum(axis=1))
    post = ScaledPosterior(gp, shift=0.5, scale=2.0)
    acq = Acquisition(post, "ucb", beta=2.0)
    X, cols = rng.uniform(-1, 1, size=(8, 6)), np.array([5, 2])
    values, grads = acq.value_and_grad(X)
    part_values, part_grads = acq.value_and_grad(X, columns=cols)
    np.testing.assert_array_equal(part_values, values)
    np.testing.assert_allclose(part_grads, grads[:, cols], rtol=1e-12, atol=1e-15)
    restricted = Restricted(acq, X[0], cols)
    embedded_values, embedded_grads = acq.value_and_grad(restricted.embed(X[:, cols]))
    r_values, r_grads = restricted.value_and_grad(X[:, cols])
    np.testing.assert_array_equal(r_values, embedded_values)
    np.testing.assert_allclose(r_grads, embedded_grads[:, cols], rtol=1e-12, atol=1e-15)
    before = acq.n_evaluations
    again_values, again_grads = acq.from_prediction(*post.predict(X, return_grad=True))
    np.testing.assert_array_equal(again_values, values)
    np.testing.assert_array_equal(again_grads, grads)
    np.testing.assert_array_equal(acq.from_prediction(*post.predict(X)), values)
    assert acq.n_evaluations == before + 16
