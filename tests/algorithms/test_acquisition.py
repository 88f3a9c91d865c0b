"""Tests of regretlab.algorithms.acquisition: acquisition values and gradients, budgets of the maximisers."""

import doctest
import math

import numpy as np
import pytest
from scipy import integrate, stats

from regretlab.algorithms import acquisition as acq_module
from regretlab.algorithms.acquisition import (
    Acquisition,
    expected_improvement,
    expected_improvement_grad,
    lcb,
    lcb_grad,
    maximize_direct,
    maximize_lbfgsb,
    maximize_random,
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


class RowCounter:
    """Independent count of the points a maximiser passes to a batch function."""

    def __init__(self, func):
        self.func, self.rows, self.seen = func, 0, []

    def __call__(self, X):
        X = np.atleast_2d(X)
        self.rows += X.shape[0]
        self.seen.append(X.copy())
        return self.func(X)


def neg_quadratic(X, centre=0.3):
    return -np.sum((np.atleast_2d(X) - centre) ** 2, axis=1)


def neg_quadratic_and_grad(X, centre=0.3):
    X = np.atleast_2d(X)
    return -np.sum((X - centre) ** 2, axis=1), -2.0 * (X - centre)


NQG = neg_quadratic_and_grad


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


# ---- maximisers: budgets -----------------------------------------------------------------------------------
@pytest.mark.parametrize("dim", [1, 3, 6])
@pytest.mark.parametrize("budget", [1, 5, 17, 100, 333])
def test_direct_never_exceeds_its_budget(dim, budget):
    """DIRECT's true evaluation count (counted independently) is <= max_evaluations and equals the report.

    scipy's own maxfun overshoots (it finishes the iteration), so this fails without the counting wrapper.
    """
    func = RowCounter(neg_quadratic)
    bounds = np.tile([-1.0, 2.0], (dim, 1))
    res = maximize_direct(func, bounds, max_evaluations=budget)
    assert func.rows == res.n_evaluations <= budget
    assert np.all(res.x >= bounds[:, 0]) and np.all(res.x <= bounds[:, 1])
    seen = np.vstack(func.seen)
    assert np.all(seen >= bounds[:, 0]) and np.all(seen <= bounds[:, 1])
    assert res.value == pytest.approx(neg_quadratic(res.x)[0], abs=0, rel=1e-15)
    assert res.value == pytest.approx(np.max(neg_quadratic(seen)), rel=1e-15)


def test_direct_finds_the_maximum_with_enough_budget():
    """With a generous budget DIRECT gets close to the maximiser of a quadratic."""
    res = maximize_direct(neg_quadratic, [[0, 1]] * 2, max_evaluations=500)
    np.testing.assert_allclose(res.x, 0.3, atol=5e-3)
    assert res.status in ("converged", "budget_exhausted")


@pytest.mark.parametrize("n_starts, budget, n_candidates", [(1, 3, 0), (4, 10, 0), (5, 60, 20), (30, 40, 0)])
def test_lbfgsb_never_exceeds_its_budget(n_starts, budget, n_candidates):
    """Multistart L-BFGS-B (candidates included) uses at most max_evaluations points and reports them."""
    func = RowCounter(neg_quadratic_and_grad)
    bounds = np.array([[-2.0, 1.0], [0.0, 4.0], [-1.0, 1.0]])
    res = maximize_lbfgsb(
        func, bounds, n_starts=n_starts, max_evaluations=budget, rng=0, n_candidates=n_candidates
    )
    assert func.rows == res.n_evaluations <= budget
    seen = np.vstack(func.seen)
    assert np.all(seen >= bounds[:, 0]) and np.all(seen <= bounds[:, 1])
    assert res.value == pytest.approx(np.max(neg_quadratic(seen)), rel=1e-15)


def test_lbfgsb_converges_and_is_reproducible():
    """L-BFGS-B finds the quadratic's maximiser (also on a face of the box); same seed, same result."""
    bounds = [[0.5, 1.0], [0.0, 1.0]]  # maximiser (0.5, 0.3): on the lower face of x0
    a = maximize_lbfgsb(neg_quadratic_and_grad, bounds, n_starts=3, max_evaluations=200, rng=7)
    b = maximize_lbfgsb(neg_quadratic_and_grad, bounds, n_starts=3, max_evaluations=200, rng=7)
    np.testing.assert_allclose(a.x, [0.5, 0.3], atol=1e-6)
    assert np.array_equal(a.x, b.x) and a.n_evaluations == b.n_evaluations


def test_lbfgsb_initial_points_are_used():
    """A start given in initial_points at the maximiser is evaluated (the result is at least as good)."""
    func = RowCounter(neg_quadratic_and_grad)
    res = maximize_lbfgsb(
        func, [[0, 1]] * 2, n_starts=1, max_evaluations=2, rng=0, initial_points=[[0.3, 0.3]]
    )
    assert np.allclose(func.seen[0], [[0.3, 0.3]]) and res.value == 0.0


@pytest.mark.parametrize("n_samples", [1, 10, 5000])
def test_random_search_uses_exactly_its_budget(n_samples):
    """Random search evaluates exactly n_samples points, all inside the box, in batches."""
    func = RowCounter(neg_quadratic)
    bounds = np.array([[-3.0, -1.0], [10.0, 11.0]])
    res = maximize_random(func, bounds, n_samples=n_samples, rng=2, batch_size=1000)
    assert func.rows == res.n_evaluations == n_samples
    assert len(func.seen) == math.ceil(n_samples / 1000)
    seen = np.vstack(func.seen)
    assert np.all(seen >= bounds[:, 0]) and np.all(seen <= bounds[:, 1])
    assert res.value == np.max(neg_quadratic(seen))


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: maximize_direct(neg_quadratic, [[0, 1]], max_evaluations=0), "max_evaluations"),
        (lambda: maximize_direct(neg_quadratic, [[1, 0]], max_evaluations=5), "bounds"),
        (lambda: maximize_random(neg_quadratic, [[0, 1]], n_samples=0), "n_samples"),
        (lambda: maximize_lbfgsb(NQG, [[0, 1]], n_starts=0, max_evaluations=5), "n_starts"),
        (
            lambda: maximize_lbfgsb(NQG, [[0, 1]], n_starts=1, max_evaluations=5, n_candidates=5),
            "n_candidates",
        ),
        (
            lambda: maximize_lbfgsb(
                neg_quadratic_and_grad, [[0, 1]], n_starts=1, max_evaluations=5, initial_points=[[0.1, 0.2]]
            ),
            "initial_points",
        ),
    ],
)
def test_maximizers_reject_invalid_parameters(call, name):
    """Invalid maximiser parameters raise ValueError naming the parameter."""
    with pytest.raises(ValueError, match=name):
        call()


def test_module_doctests():
    """The Examples in the acquisition module run."""
    assert doctest.testmod(acq_module, optionflags=doctest.NORMALIZE_WHITESPACE).failed == 0
