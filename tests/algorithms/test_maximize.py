"""Tests of regretlab.algorithms.maximize: the maximisers keep their hard budgets and find maxima."""

import math

import numpy as np
import pytest

from regretlab.algorithms.maximize import maximize_direct, maximize_lbfgsb, maximize_random


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
    """A start given in initial_points at the maximiser is evaluated first (the first row of the first batch:
    the starts run in lockstep) and the result is at least as good."""
    func = RowCounter(neg_quadratic_and_grad)
    res = maximize_lbfgsb(
        func, [[0, 1]] * 2, n_starts=1, max_evaluations=2, rng=0, initial_points=[[0.3, 0.3]]
    )
    assert np.allclose(func.seen[0][0], [0.3, 0.3]) and res.value == 0.0


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


def test_lbfgsb_prescreens_candidates_by_value_only_and_keeps_the_same_result():
    """With ``values`` the n candidates are scored without gradients (the gradient function sees only the
    L-BFGS-B iterates), the budget still counts them, and the starts, hence the result, are the same as
    when the candidates are scored through ``func_and_grad``."""
    bounds = np.array([[-2.0, 1.0], [0.0, 4.0], [-1.0, 1.0]])
    with_grad = RowCounter(neg_quadratic_and_grad)
    a = maximize_lbfgsb(with_grad, bounds, n_starts=5, max_evaluations=200, rng=3, n_candidates=100)
    graded = RowCounter(neg_quadratic_and_grad)
    scored = RowCounter(lambda X: neg_quadratic(X))
    b = maximize_lbfgsb(graded, bounds, n_starts=5, max_evaluations=200, rng=3, n_candidates=100,
                        values=scored)
    assert scored.rows == 100 and graded.rows == with_grad.rows - 100
    assert b.n_evaluations == a.n_evaluations and b.value == a.value
    np.testing.assert_array_equal(b.x, a.x)
    with pytest.raises(ValueError, match="values"):
        maximize_lbfgsb(graded, bounds, n_starts=5, max_evaluations=200, n_candidates=100, values=3.0)
