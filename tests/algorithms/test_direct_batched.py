"""The batched DIRECT visits exactly the points scipy's DIRECT visits: the claim of
regretlab.algorithms._direct, checked against ``scipy.optimize.direct`` point for point, bit for bit, with the
same number of evaluations, iterations and return code; and maximize_direct's two engines agree."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import optimize

from regretlab.algorithms._direct import direct_batched
from regretlab.algorithms.maximize import maximize_direct


def row_by_row(fun):
    """Evaluate ``fun`` on each row alone: numpy's vectorised loops may round a row differently in a batch
    than alone, and the point of these tests is the same values for both drivers."""
    return lambda X: np.array([fun(np.array(x)) for x in np.atleast_2d(X)])


def styblinski_tang(x):
    return float(0.5 * np.sum(x**4 - 16.0 * x**2 + 5.0 * x))


def rounded_bowl(x):
    """Flat steps: many exact ties between rectangles' values (the lists' tie rules matter)."""
    return float(np.round(np.sum(x**2), 1))


def random_waves(seed, dim):
    rng = np.random.default_rng(seed)
    a, w, c = rng.normal(size=(6, dim)), rng.uniform(1.0, 6.0, size=(6, dim)), rng.normal(size=dim)
    return lambda x: float(np.sum(a * np.sin(w * x)) + 0.3 * np.sum((x - c) ** 2))


def scipy_points(fun, lower, upper, **options):
    seen = []

    def recorded(x):
        seen.append(np.array(x, dtype=float))
        return fun(np.asarray(x, dtype=float))

    res = optimize.direct(recorded, optimize.Bounds(lower, upper), **options)
    return np.array(seen), res


def batched_points(fun, lower, upper, *, maxfun, maxiter=1000, budget=None, **options):
    batches = []

    def recorded(X):
        batches.append(X.copy())
        return row_by_row(fun)(X)

    outcome = direct_batched(recorded, np.asarray(lower, float), np.asarray(upper, float), maxfun=maxfun,
                             maxiter=maxiter, budget=budget, **options)
    return np.concatenate(batches), outcome, batches


CASES = [
    (styblinski_tang, 2, {"maxfun": 2000}),
    (styblinski_tang, 5, {"maxfun": 2000, "locally_biased": False}),
    (rounded_bowl, 4, {"maxfun": 3000}),
    (rounded_bowl, 4, {"maxfun": 3000, "locally_biased": False}),
    (random_waves(0, 1), 1, {"maxfun": 300}),
    (random_waves(1, 3), 3, {"maxfun": 1500, "len_tol": 1e-3}),
    (random_waves(2, 10), 10, {"maxfun": 5000}),
    (random_waves(3, 6), 6, {"maxfun": 4000, "locally_biased": False, "eps": 1e-2}),
    (random_waves(4, 2), 2, {"maxfun": 3001, "maxiter": 40}),
    (random_waves(5, 2), 2, {"maxfun": 10**5, "vol_tol": 1e-4}),
]


@pytest.mark.parametrize("fun, dim, options", CASES)
def test_batched_direct_visits_scipys_points_bit_for_bit(fun, dim, options):
    """Same points in the same order (exact equality of every coordinate), the same evaluation count,
    iteration count and return code as scipy.optimize.direct: budget stops (1), iteration stops (2), volume
    (4) and length (5) stops, DIRECT-L and the original DIRECT, exact ties between values."""
    lower, upper = np.full(dim, -2.0), np.full(dim, 3.0)
    expected, res = scipy_points(fun, lower, upper, **options)
    got, outcome, batches = batched_points(fun, lower, upper, **options)
    assert got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)
    assert (outcome.n_evaluations, outcome.n_iterations, outcome.status) == (res.nfev, res.nit, res.status)
    # one call for the initial points and one per later iteration (scipy counts maxiter when it runs out)
    assert len(batches) == res.nit - (res.status == 2)


def test_the_stops_were_exercised():
    """The cases above reach each of scipy's stopping rules (otherwise a rule could be wrong unnoticed)."""
    statuses = set()
    for fun, dim, options in CASES:
        statuses.add(scipy_points(fun, np.full(dim, -2.0), np.full(dim, 3.0), **options)[1].status)
    assert statuses == {1, 2, 4, 5}


@given(seed=st.integers(0, 10**6), dim=st.integers(1, 4), budget=st.integers(1, 400))
def test_a_hard_budget_cuts_scipys_sequence_where_it_is_reached(seed, dim, budget):
    """With a hard budget the batched run evaluates exactly scipy's first ``budget`` points (scipy itself
    would finish the iteration) and reports that the budget stopped it when it did."""
    fun = random_waves(seed, dim)
    lower, upper = np.zeros(dim), np.ones(dim)
    expected, _ = scipy_points(fun, lower, upper, maxfun=budget + 200)
    got, outcome, _ = batched_points(fun, lower, upper, maxfun=budget + 200, budget=budget)
    n = min(budget, len(expected))
    np.testing.assert_array_equal(got, expected[:n])
    assert outcome.n_evaluations == n
    assert outcome.budget_stopped == (len(expected) > budget)


@pytest.mark.parametrize("dim, budget", [(1, 50), (3, 400), (6, 1000)])
def test_maximize_direct_engines_return_the_same_maximiser(dim, budget):
    """maximize_direct with engine='batched' and engine='scipy' on the same batch function: the same best
    point, value, evaluation count and status; the batched engine calls the function once per iteration."""
    fun = random_waves(7 + dim, dim)
    negated = row_by_row(lambda x: -fun(x))
    calls = {"batched": 0, "scipy": 0}

    def counting(engine):
        def f(X):
            calls[engine] += 1
            return negated(X)
        return f

    box = np.tile([0.0, 1.0], (dim, 1))
    a = maximize_direct(counting("batched"), box, max_evaluations=budget, engine="batched")
    b = maximize_direct(counting("scipy"), box, max_evaluations=budget, engine="scipy")
    np.testing.assert_array_equal(a.x, b.x)
    assert (a.value, a.n_evaluations, a.status, a.message) == (b.value, b.n_evaluations, b.status, b.message)
    assert calls["scipy"] == b.n_evaluations
    assert calls["batched"] < calls["scipy"] / 3


def test_maximize_direct_rejects_an_unknown_engine_and_a_negative_eps():
    box = [[0.0, 1.0]]
    with pytest.raises(ValueError, match="engine"):
        maximize_direct(lambda X: -np.sum(X, axis=1), box, max_evaluations=10, engine="fortran")
    with pytest.raises(ValueError, match="eps"):
        maximize_direct(lambda X: -np.sum(X, axis=1), box, max_evaluations=10, eps=-1e-4)


def test_infinite_values_are_ordered_as_scipy_orders_them():
    """An acquisition may be -inf (DIRECT then minimises +inf there): the NaNs that inf - inf makes in the
    slope and ε tests fall the way C's comparisons make them fall (tested against scipy point by point)."""
    def walled(x):
        return np.inf if x[0] + x[1] > 1.2 else float(np.sum((x - 0.3) ** 2) + 0.1 * np.sin(9.0 * x[0]))

    lower, upper = np.zeros(3), np.ones(3)
    expected, res = scipy_points(walled, lower, upper, maxfun=800)
    got, outcome, _ = batched_points(walled, lower, upper, maxfun=800)
    np.testing.assert_array_equal(got, expected)
    assert (outcome.n_evaluations, outcome.status) == (res.nfev, res.status)
