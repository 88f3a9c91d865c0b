"""The lockstep multistart L-BFGS-B keeps every start's own L-BFGS-B run: the claim of
regretlab.algorithms._lockstep, checked against scipy's public ``scipy.optimize.minimize`` point for point."""

from collections import defaultdict

import numpy as np
import pytest
from scipy import optimize

from regretlab.algorithms import _lockstep
from regretlab.algorithms.acquisition import Acquisition
from regretlab.algorithms.maximize import maximize_lbfgsb
from regretlab.gp import GP, SquaredExponential

pytestmark = pytest.mark.skipif(not _lockstep.AVAILABLE, reason="this scipy's setulb is not the one the "
                                "lockstep driver knows; maximize_lbfgsb runs the starts one by one")

CENTRE = np.array([0.4, -0.7, 1.1, 0.0])


def wavy(X, centre=CENTRE):
    """A multimodal function evaluated row by row (a batch gives each row the bits it gets alone), its
    quadratic part centred at ``centre`` (one entry per column of X)."""
    X = np.atleast_2d(X)
    values = -np.sum((X - centre) ** 2, axis=1) + 0.8 * np.sum(np.cos(4.0 * X), axis=1)
    grads = -2.0 * (X - centre) - 3.2 * np.sin(4.0 * X)
    return values, grads


def scipy_alone(x0, lower, upper, tol):
    """The points scipy's own L-BFGS-B evaluates from x0 (minimising -wavy), and its answer."""
    seen = []

    def negated(x):
        seen.append(np.array(x))
        value, grad = wavy(x[None, :])
        return -value[0], -grad[0]

    res = optimize.minimize(negated, x0, jac=True, method="L-BFGS-B", bounds=optimize.Bounds(lower, upper),
                            options={"maxfun": 10**6, "ftol": tol, "gtol": tol})
    return seen, res


@pytest.mark.parametrize("tol", [1e-9, 1e-4])
def test_each_start_evaluates_exactly_the_points_scipy_evaluates_alone(tol):
    """Run 12 starts in lockstep (batched evaluations) and each start alone through scipy.optimize.minimize:
    every start's evaluated points are the same, in the same order, bit for bit (scipy re-uses its value
    at x0, so its list has the first point twice where the driver evaluated it once)."""
    rng = np.random.default_rng(11)
    lower, upper = np.full(4, -2.0), np.full(4, 2.0)
    starts = rng.uniform(lower, upper, size=(12, 4))
    per_start = defaultdict(list)
    batches = []

    def evaluate(index, X):
        batches.append(len(index))
        for k, x in zip(index, X, strict=True):
            per_start[int(k)].append(x.copy())
        return wavy(X)

    caps = np.full(12, 10**6)
    box_l, box_u = np.tile(lower, (12, 1)), np.tile(upper, (12, 1))
    result = _lockstep.lbfgsb_lockstep(evaluate, starts, box_l, box_u, caps, ftol=tol, gtol=tol)
    assert max(batches) == 12  # the evaluations were pooled
    finals = set()
    for k in range(12):
        seen, res = scipy_alone(starts[k], lower, upper, tol)
        distinct = [x for i, x in enumerate(seen) if i == 0 or not np.array_equal(x, seen[i - 1])]
        assert len(distinct) == len(per_start[k]) == result.n_evaluations[k]
        for a, b in zip(distinct, per_start[k], strict=True):
            np.testing.assert_array_equal(a, b)
        assert result.best_value[k] == -res.fun  # the best point of a converged run is its answer
        finals.add(tuple(np.round(res.x, 4)))
    assert len(finals) > 1  # the landscape is multimodal: the starts end at different local maxima


def test_a_cap_stops_a_start_before_it_evaluates_beyond_it():
    """Caps 0, 1, 3 and 7: a start never evaluates more than its cap, a cap of 0 is not run, and a capped
    start's points are the first points of its uncapped run."""
    rng = np.random.default_rng(3)
    lower, upper = np.full((4, 4), -2.0), np.full((4, 4), 2.0)
    starts = rng.uniform(-2.0, 2.0, size=(4, 4))
    seen = defaultdict(list)

    def evaluate(index, X):
        for k, x in zip(index, X, strict=True):
            seen[int(k)].append(x.copy())
        return wavy(X)

    caps = np.array([0, 1, 3, 7])
    result = _lockstep.lbfgsb_lockstep(evaluate, starts, lower, upper, caps, ftol=1e-12, gtol=1e-12)
    np.testing.assert_array_equal(result.n_evaluations, caps)
    assert result.best_value[0] == -np.inf and 0 not in seen
    for k in (1, 2, 3):
        alone, _ = scipy_alone(starts[k], lower[k], upper[k], 1e-12)
        distinct = [x for i, x in enumerate(alone) if i == 0 or not np.array_equal(x, alone[i - 1])]
        np.testing.assert_array_equal(np.array(seen[k]), np.array(distinct[: caps[k]]))


@pytest.mark.parametrize("budget, n_candidates", [(10**4, 0), (300, 0), (25, 0), (500, 200)])
def test_maximize_lbfgsb_gives_the_same_answer_in_lockstep_and_one_by_one(budget, n_candidates):
    """On a row-exact function both paths of maximize_lbfgsb evaluate the same points (as a set), use the same
    budget and return the same best point, bit for bit, with ample, tight and prescreened budgets."""
    bounds = [[-2.0, 2.0]] * 4
    out = {}
    for lockstep in (True, False):
        rows = []

        def counted(X, rows=rows):
            rows.append(np.array(X))
            return wavy(X)

        res = maximize_lbfgsb(counted, bounds, n_starts=9, max_evaluations=budget, rng=5,
                              n_candidates=n_candidates, lockstep=lockstep)
        out[lockstep] = res, np.vstack(rows)
    (a, rows_a), (b, rows_b) = out[True], out[False]
    assert a.n_evaluations == b.n_evaluations == rows_a.shape[0] <= budget
    assert a.value == b.value and a.status == b.status
    np.testing.assert_array_equal(a.x, b.x)
    np.testing.assert_array_equal(np.unique(rows_a, axis=0), np.unique(rows_b, axis=0))


def test_gp_ucb_acquisition_same_maximum_in_lockstep_and_one_by_one():
    """On a GP-UCB acquisition (D = 8, t = 60) the batched evaluations differ from single-row ones only by
    round-off; both paths find the same best UCB to 1e-9 (relative) from the same 40 starts."""
    rng = np.random.default_rng(2)
    X = rng.uniform(size=(60, 8))
    y = np.sin(5.0 * X[:, 0]) + X[:, 1] ** 2
    gp = GP(SquaredExponential(lengthscale=0.4, variance=1.0), noise_variance=1e-4).fit(X, y)
    found = []
    for lockstep in (True, False):
        acq = Acquisition(gp, "ucb", beta=4.0)
        res = maximize_lbfgsb(acq.value_and_grad, [[0.0, 1.0]] * 8, n_starts=40, max_evaluations=4000, rng=1,
                              lockstep=lockstep)
        found.append(res)
    assert found[0].value == pytest.approx(found[1].value, rel=1e-9)
    np.testing.assert_allclose(found[0].x, found[1].x, atol=1e-5)


def test_many_problems_at_once_are_each_problem_alone():
    """maximize_lbfgsb_many on 5 problems (different boxes, starts and budgets) returns, for every problem,
    what maximize_lbfgsb (one start after another) returns for it alone, drawing the starts from the same
    generator in the same order; the batches hold starts of several problems."""
    from regretlab.algorithms.maximize import maximize_lbfgsb_many

    shifts = np.linspace(-1.0, 1.0, 5)
    boxes = np.stack([np.column_stack([np.full(4, -2.0 + 0.1 * p), np.full(4, 2.0 - 0.2 * p)])
                      for p in range(5)])
    n_starts, budgets = [3, 1, 4, 2, 5], [200, 5, 1000, 40, 7]
    problems_per_call = []

    def many(problem, Z):
        problems_per_call.append(np.unique(problem).size)
        values, grads = wavy(Z - shifts[problem, None])
        return values, grads

    together = maximize_lbfgsb_many(many, boxes, n_starts=n_starts, max_evaluations=budgets, rng=4)
    assert max(problems_per_call) > 1
    gen = np.random.default_rng(4)
    for p in range(5):
        alone = maximize_lbfgsb(lambda X, p=p: wavy(X - shifts[p]), boxes[p], n_starts=n_starts[p],
                                max_evaluations=budgets[p], rng=gen, lockstep=False)
        got = together[p]
        assert (got.n_evaluations, got.value, got.status) == (alone.n_evaluations, alone.value, alone.status)
        np.testing.assert_array_equal(got.x, alone.x)


def test_many_starts_ending_at_different_rounds_are_each_scipys_run():
    """150 starts in 7-D with caps 0-40 (many stop on their cap, others converge, at different rounds), with
    ties planted (three starts on the same point) and one start in a box corner: the driver's array-wise
    rounds give every start exactly what scipy.optimize.minimize gives it alone (lbfgsb_one_by_one): the same
    best point and value, bit for bit, and the same evaluations, and nothing beyond a cap."""
    rng = np.random.default_rng(21)
    S, n = 150, 7
    lower, upper = np.full((S, n), -2.0), np.full((S, n), 2.0)
    starts = rng.uniform(-2.0, 2.0, size=(S, n))
    starts[1] = starts[2] = starts[0]
    starts[3] = upper[3]
    caps = rng.integers(0, 41, size=S)
    centre = np.linspace(-1.0, 1.2, n)

    def evaluate(index, X):
        return wavy(X, centre)

    together = _lockstep.lbfgsb_lockstep(evaluate, starts, lower, upper, caps, ftol=1e-10, gtol=1e-10)
    alone = _lockstep.lbfgsb_one_by_one(evaluate, starts, lower, upper, caps, ftol=1e-10, gtol=1e-10)
    np.testing.assert_array_equal(together.n_evaluations, alone.n_evaluations)
    np.testing.assert_array_equal(together.best_value, alone.best_value)
    np.testing.assert_array_equal(together.best_x, alone.best_x)
    assert np.all(together.n_evaluations <= caps) and np.any(together.n_evaluations < caps)
    assert np.any(together.n_evaluations == caps) and np.all(together.n_evaluations[caps == 0] == 0)


def test_a_request_at_the_point_just_evaluated_is_answered_from_memory_as_scipy_does():
    """A staircase whose stated gradient disagrees with its values (a constant slope where the values are
    flat) makes L-BFGS-B ask again for the point it has just been given: scipy's ScalarFunction answers from
    memory and does not count it, and so must the driver (this function, these 200 starts: 11 such requests;
    evaluating them again would give other evaluation counts than scipy's)."""
    slope = 0.0013
    starts = np.random.default_rng(23).uniform(-1.0, 1.0, size=(200, 1))
    lower, upper = np.full((200, 1), -1.0), np.full((200, 1), 1.0)

    def evaluate(index, X):
        values = -1e-8 * np.abs(X[:, 0] - 0.99) ** 3 + np.floor(slope * X[:, 0])
        return values, np.full_like(X, slope)

    caps = np.full(200, 60)
    together = _lockstep.lbfgsb_lockstep(evaluate, starts, lower, upper, caps, ftol=1e-12, gtol=1e-12)
    alone = _lockstep.lbfgsb_one_by_one(evaluate, starts, lower, upper, caps, ftol=1e-12, gtol=1e-12)
    np.testing.assert_array_equal(together.n_evaluations, alone.n_evaluations)
    np.testing.assert_array_equal(together.best_x, alone.best_x)


def test_without_the_private_driver_the_public_path_gives_the_same_answers(monkeypatch):
    """Where scipy's setulb is not the one the driver knows (AVAILABLE False), maximize_lbfgsb and
    maximize_lbfgsb_many fall back to scipy.optimize.minimize start by start: the same answers."""
    from regretlab.algorithms.maximize import maximize_lbfgsb_many

    boxes = np.array([[[-2.0, 2.0]] * 4, [[-1.0, 1.5]] * 4])
    many = lambda problem, Z: wavy(Z)  # noqa: E731
    kw = dict(n_starts=[3, 2], max_evaluations=[60, 9], rng=8)
    a_many = maximize_lbfgsb_many(many, boxes, **kw)
    a_one = maximize_lbfgsb(wavy, boxes[0], n_starts=6, max_evaluations=80, rng=8)
    monkeypatch.setattr(_lockstep, "AVAILABLE", False)
    b_many = maximize_lbfgsb_many(many, boxes, **kw)
    b_one = maximize_lbfgsb(wavy, boxes[0], n_starts=6, max_evaluations=80, rng=8)
    for a, b in [*zip(a_many, b_many, strict=True), (a_one, b_one)]:
        assert (a.n_evaluations, a.value, a.status) == (b.n_evaluations, b.value, b.status)
        np.testing.assert_array_equal(a.x, b.x)


@pytest.mark.parametrize("call, name", [
    (lambda f: f(3.0, [[[0, 1]] * 4], n_starts=[1], max_evaluations=[5]), "func_and_grad"),
    (lambda f: f(lambda p, Z: wavy(Z), [[0, 1]] * 4, n_starts=[1], max_evaluations=[5]), "bounds"),
    (lambda f: f(lambda p, Z: wavy(Z), [[[0, 1, 2]] * 4], n_starts=[1], max_evaluations=[5]), "bounds"),
    (lambda f: f(lambda p, Z: wavy(Z), [[[1, 0]] * 4], n_starts=[1], max_evaluations=[5]), r"bounds\[0\]"),
    (lambda f: f(lambda p, Z: wavy(Z), [[[0, 1]] * 4], n_starts=[0], max_evaluations=[5]), "n_starts"),
    (lambda f: f(lambda p, Z: wavy(Z), [[[0, 1]] * 4], n_starts=[1], max_evaluations=[0]), "max_evaluations"),
    (lambda f: f(lambda p, Z: (np.full(len(Z), np.nan), Z), [[[0, 1]] * 4], n_starts=[1],
                 max_evaluations=[5]), "NaN"),
    # checked all at once, the message still names the first bad box and its row, or the bad count
    (lambda f: f(lambda p, Z: wavy(Z), [[[0, 1]] * 2, [[0, 1]] * 2, [[0, 1], [3, 3]]], n_starts=[1, 1, 1],
                 max_evaluations=[5]), r"bounds\[2\]\[1\]=\[3.0, 3.0\] is not an interval"),
    (lambda f: f(lambda p, Z: wavy(Z), [[[0, 1]] * 2, [[-1e200, 1]] * 2], n_starts=[1, 1],
                 max_evaluations=[5]), r"bounds\[1\]\[0\].* too wide"),
    (lambda f: f(lambda p, Z: wavy(Z), [[[0, 1]] * 4] * 2, n_starts=np.array([1, 10**8]),
                 max_evaluations=[5]), "n_starts"),
    (lambda f: f(lambda p, Z: wavy(Z), [[[0, 1]] * 4] * 2, n_starts=[1, 1], max_evaluations=[5, 2.5]),
     "max_evaluations"),
])
def test_many_refuses_bad_input_by_name(call, name):
    """maximize_lbfgsb_many names the parameter (or the NaN) it refuses."""
    from regretlab.algorithms.maximize import maximize_lbfgsb_many

    with pytest.raises(ValueError, match=name):
        call(maximize_lbfgsb_many)


def test_from_given_starts_each_run_is_scipys_run_from_that_start():
    """lbfgsb_from_starts: each start's answer is scipy's L-BFGS-B from that start alone (on the multimodal
    `wavy`, where different starts end at different local maxima)."""
    from regretlab.algorithms.maximize import lbfgsb_from_starts

    starts = np.array([[0.1, -0.2, 0.3, 0.0], [-0.9, 0.8, -0.4, 0.6], [0.5, 0.5, 0.5, -0.5]])
    lower, upper = np.full(4, -1.0), np.full(4, 1.5)
    best_x, best_value, used = lbfgsb_from_starts(lambda index, Z: wavy(Z), starts, lower, upper,
                                                  max_evaluations=10**5)
    for k, start in enumerate(starts):
        _, res = scipy_alone(start, lower, upper, 1e-9)
        assert best_value[k] == pytest.approx(-res.fun, abs=1e-10) and used[k] >= 1


@pytest.mark.parametrize("kwargs, name", [
    ({"starts": [[2.0, 0, 0, 0]]}, "starts must lie in their boxes"),
    ({"max_evaluations": 0}, "max_evaluations=0"),
    ({"tol": -1.0}, "tol=-1.0"),
])
def test_from_given_starts_refuses_bad_input_by_name(kwargs, name):
    from regretlab.algorithms.maximize import lbfgsb_from_starts

    given = {"starts": [[0.0, 0, 0, 0]], "max_evaluations": 5, **kwargs}
    with pytest.raises(ValueError, match=name):
        lbfgsb_from_starts(lambda index, Z: wavy(Z), given.pop("starts"), -np.ones(4), np.ones(4), **given)
