"""RPP-GP-UCB ([Li2016, Alg. 3]): δ-ratio restriction, outer-box group UCB, domain, seeds, budgets."""

import numpy as np
import pytest
from scipy.optimize import approx_fprime

from regretlab import objectives
from regretlab.algorithms.rpp_gp_ucb import RPPGPUCB, outer_box, projected_additive_lml_and_W_grad
from regretlab.bounds import add_gp_ucb as add_gp_ucb_bounds
from regretlab.bounds import rpp as rpp_bounds
from regretlab.gp import SquaredExponential, log_marginal_likelihood
from regretlab.gp.kernels import ProjectedAdditive


def small(bounds, **kw):
    kw.setdefault("d", 1)
    kw.setdefault("n_init", 5)
    kw.setdefault("n_cyc", 5)
    kw.setdefault("acq_budget", 150)
    kw.setdefault("n_restarts", 0)
    kw.setdefault("W_maxiter", 20)
    return RPPGPUCB(bounds, **kw)


def test_beats_random_search_on_trimodal(assert_beats_random_search):
    """RPP-GP-UCB (d = 1, W learnt) has a smaller simple regret after 20 evaluations on the 2-D trimodal
    function than random search (one-sided Mann-Whitney over 10 fixed seeds, p < 0.05)."""
    objective = objectives.get("trimodal")

    def make(bounds, rng):
        return small(bounds, rng=rng, normalize_y=True, n_cyc=10, acq_budget=100, W_maxiter=20)

    ours, rand, p = assert_beats_random_search(make, objective, 20)
    print(f"RPP-GP-UCB median {np.median(ours):.4g}, random {np.median(rand):.4g}, p = {p:.3g}")


def test_queries_in_domain_budget_and_delta_ratio_constraint():
    """On a rotated (projected-additive) 2-D problem in a non-unit box: every query lies in the box, each
    iteration uses at most acq_budget acquisition evaluations, the recorded Ŵ is (1-α)W + αI, and its
    outer-box ratio (recomputed with bounds.rpp.outer_box_ratio) satisfies ρ ≤ 1 + δ; W is really learnt
    (some α < 1 with ρ > 1, so the constraint is active, not trivially met by Ŵ = I)."""
    base = objectives.get("projected_additive", dim=2, n_groups=2)
    box = np.array([[-2.0, 1.0], [3.0, 7.0]])

    def objective(x):  # the same function on another box: x = l + s u
        return float(base.evaluate((x - box[:, 0]) / (box[:, 1] - box[:, 0])))

    delta = 0.2
    opt = small(box, rng=4, delta=delta, acq_budget=120, n_W_restarts=2)
    trace = opt.run(objective, 25, progress=False)
    assert np.all(trace.x >= box[:, 0]) and np.all(trace.x <= box[:, 1])
    assert np.all(trace.acq_evaluations <= 120) and np.all(trace.acq_evaluations[~trace.is_initial] >= 2)
    rows = [r for r, init in zip(trace.records, trace.is_initial, strict=True) if not init]
    ratios = []
    for r in rows:
        W_hat = np.asarray(r["W_hat"])
        np.testing.assert_allclose(W_hat, rpp_bounds.restricted_W(W=r["W"], alpha=r["alpha"]), atol=1e-12)
        ratio = rpp_bounds.outer_box_ratio(W=W_hat)
        assert ratio == pytest.approx(r["outer_box_ratio"], rel=1e-12)
        assert ratio <= (1.0 + delta) * (1.0 + 1e-9)
        np.testing.assert_allclose(r["outer_box"], outer_box(W_hat))
        ratios.append(ratio)
    assert any(r["alpha"] < 1.0 for r in rows) and max(ratios) > 1.0 + 1e-3


def test_identity_W_reduces_to_additive_ucb_on_the_box():
    """With W = I fixed, Ŵ = I for every α: α and δ are irrelevant (same queries for δ = 0 and δ = 0.5),
    the outer box is the unit box (ratio 1, no projection), and each coordinate of x_t maximises that
    group's Add-GP-UCB term μ^(j) + √β σ^(j) (GP.predict_components) over a 401-point grid of its side."""
    objective = objectives.get("trimodal")
    runs = [
        small(objective.bounds, rng=2, learn_W=False, delta=delta, n_alpha_grid=n, acq_budget=300)
        for delta, n in ((0.0, 5), (0.5, 21))
    ]
    traces = [opt.run(objective, 12, progress=False) for opt in runs]
    np.testing.assert_array_equal(traces[0].x, traces[1].x)
    opt, trace = runs[1], traces[1]
    for r, init in zip(trace.records, trace.is_initial, strict=True):
        if init:
            continue
        np.testing.assert_array_equal(r["W_hat"], np.eye(2))
        np.testing.assert_array_equal(r["outer_box"], [[0.0, 1.0], [0.0, 1.0]])
        assert r["outer_box_ratio"] == 1.0 and not r["projected"]
    # the last query against the model it was chosen with (no refit between ask and this check)
    x = opt.ask()
    beta = opt.beta_t(opt.n_observations + 1)
    grid = np.linspace(0.0, 1.0, 401)
    for j in range(2):
        pts = np.tile(x, (grid.size + 1, 1))
        pts[:-1, j] = grid
        mean, var = opt.model.predict_components(pts)[j]
        group_ucb = mean + np.sqrt(beta) * np.sqrt(var)
        assert group_ucb[-1] >= group_ucb[:-1].max() - 1e-3 * (1.0 + abs(group_ucb[:-1].max()))


def test_infeasible_z_is_replaced_by_the_closest_feasible_point():
    """If Ŵ^{-T} z leaves [0,1]^D, the query is the u in [0,1]^D minimising ||Ŵᵀu - z|| (no random
    feasible point is closer); a feasible z maps back exactly to u = Ŵ^{-T} z."""
    opt = RPPGPUCB([[0.0, 1.0], [0.0, 1.0]], rng=0, d=1)
    opt.W_hat = np.array([[1.0, 0.6], [-0.4, 1.0]])
    u0 = np.array([0.3, 0.8])
    u, projected, distance = opt._to_domain(opt.W_hat.T @ u0)
    np.testing.assert_allclose(u, u0, atol=1e-12)
    assert not projected and distance == 0.0
    z = outer_box(opt.W_hat)[:, 1]  # the outer box's upper corner is not in the parallelogram
    assert np.any(np.abs(np.linalg.solve(opt.W_hat.T, z) - 0.5) > 0.5)
    u, projected, distance = opt._to_domain(z)
    assert projected and np.all((u >= 0.0) & (u <= 1.0))
    assert distance == pytest.approx(np.linalg.norm(opt.W_hat.T @ u - z))
    candidates = np.random.default_rng(1).uniform(size=(5000, 2))
    assert distance <= np.linalg.norm(candidates @ opt.W_hat - z, axis=1).min() + 1e-9


@pytest.mark.parametrize("acq_optimizer", ["lbfgsb", "random"])
def test_group_ucb_is_the_component_posterior_and_other_optimizers_work(acq_optimizer):
    """The per-group UCB maximised in z equals μ^(j) + √β σ^(j) of GP.predict_components at
    x = l + s Ŵ^{-T} z (learnt Ŵ, non-unit box), its gradient matches finite differences, and the
    L-BFGS-B / random acquisition optimisers keep queries in the box within the budget."""
    from regretlab.algorithms.acquisition import Acquisition, Restricted
    from regretlab.algorithms.posteriors import ComponentPosterior

    box = np.array([[-1.0, 2.0], [0.0, 0.5]])

    def objective(x):
        return float(np.sin(3 * x[0] + 4 * x[1]) - 0.2 * x[0] ** 2)

    opt = small(box, rng=5, acq_optimizer=acq_optimizer, acq_budget=60, n_starts=3)
    trace = opt.run(objective, 14, progress=False)
    assert np.all(trace.x >= box[:, 0]) and np.all(trace.x <= box[:, 1])
    assert np.all(trace.acq_evaluations <= 60)
    W_hat, low, side = opt.W_hat, box[:, 0], box[:, 1] - box[:, 0]
    offset = W_hat.T @ (low / side)
    Z = np.random.default_rng(2).uniform(size=(7, 2)) @ W_hat  # feasible z = Ŵᵀu
    X = low + side * np.linalg.solve(W_hat.T, Z.T).T
    beta = 1.7
    for j in range(2):
        component = ComponentPosterior(opt.model, j, [j], offset=offset)
        acq = Restricted(Acquisition(component, "ucb", beta=beta), np.zeros(2), [j])
        mean, var = opt.model.predict_components(X)[j]
        np.testing.assert_allclose(acq(Z[:, [j]]), mean + np.sqrt(beta * var), rtol=1e-8, atol=1e-10)
        values, grads = acq.value_and_grad(Z[:, [j]])
        h = 1e-6
        numeric = (acq(Z[:, [j]] + h) - acq(Z[:, [j]] - h)) / (2 * h)
        np.testing.assert_allclose(grads[:, 0], numeric, rtol=1e-4, atol=1e-6)


def test_W_gradient_matches_finite_differences():
    """The analytic gradient of the projected-additive log marginal likelihood in W (used to learn W)
    matches central finite differences, and its value matches regretlab.gp.log_marginal_likelihood."""
    rng = np.random.default_rng(0)
    X, y = rng.uniform(size=(12, 3)), rng.normal(size=12)
    groups = ((0, 1), (2,))
    kernels = [SquaredExponential(0.7, 1.3), SquaredExponential(0.4, 0.8)]
    W = np.eye(3) + 0.3 * rng.normal(size=(3, 3))
    lml, grad = projected_additive_lml_and_W_grad(W, groups, kernels, X, y, 0.05)
    reference = log_marginal_likelihood(ProjectedAdditive(W, groups, kernels), X, y, noise_variance=0.05,
                                        mean=None)
    assert lml == pytest.approx(reference, rel=1e-10)

    def value(w):
        return projected_additive_lml_and_W_grad(w.reshape(3, 3), groups, kernels, X, y, 0.05)[0]

    numeric = approx_fprime(W.ravel(), value, 1e-6).reshape(3, 3)
    np.testing.assert_allclose(grad, numeric, rtol=1e-4, atol=1e-5)


def test_beta_schedule_is_add_gp_ucb_practical():
    """β_t = beta_scale · 0.2 d log 2t with d the largest group (bounds.add_gp_ucb.beta_t_practical)."""
    opt = RPPGPUCB([[0.0, 1.0]] * 5, rng=0, groups=[[0, 3], [1, 2, 4]], beta_scale=0.5)
    for t in (1, 7, 300):
        assert opt.beta_t(t) == pytest.approx(0.5 * add_gp_ucb_bounds.beta_t_practical(t=t, d=3), rel=1e-12)
    assert RPPGPUCB([[0.0, 1.0]], rng=0, beta="constant", beta_value=2.5).beta_t(9) == 2.5


def test_same_seed_same_trace(tmp_path):
    """The same seed gives an identical Trace (W restarts and hyperparameter restarts come from rng);
    another seed does not; the Trace (with its Ŵ, W, outer-box arrays) saves and loads back identical."""
    objective = objectives.get("trimodal")
    kw = dict(n_restarts=1, n_W_restarts=2, acq_budget=60)
    a = small(objective.bounds, rng=7, **kw).run(objective, 12, progress=False)
    b = small(objective.bounds, rng=7, **kw).run(objective, 12, progress=False)
    c = small(objective.bounds, rng=8, **kw).run(objective, 12, progress=False)
    assert a.identical(b)
    assert not a.identical(c)
    a.save(tmp_path / "run")
    assert type(a).load(tmp_path / "run").identical(a)


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"delta": -0.1}, "delta"),
        ({"delta": float("inf")}, "delta"),
        ({"n_alpha_grid": 1}, "n_alpha_grid"),
        ({"beta": "thm6"}, "beta"),
        ({"beta_scale": 0.0}, "beta_scale"),
        ({"beta_value": -1.0}, "beta_value"),
        ({"d": 0}, "d"),
        ({"d": 4}, "d"),
        ({"M": 5}, "M"),
        ({"d": 1, "M": 2}, "M"),
        ({"groups": [[0, 1], [1, 2]]}, "groups"),
        ({"groups": [[0, 1]]}, "groups"),
        ({"W_init": np.ones((3, 3))}, "W_init"),
        ({"W_init": np.eye(2)}, "W_init"),
        ({"learn_W": 1}, "learn_W"),
        ({"n_W_restarts": -1}, "n_W_restarts"),
        ({"W_perturbation": 0.0}, "W_perturbation"),
        ({"W_maxiter": 0}, "W_maxiter"),
        ({"n_cyc": 0}, "n_cyc"),
        ({"d": 1, "acq_budget": 2}, "acq_budget"),
    ],
)
def test_invalid_parameters_name_themselves(kwargs, name):
    """Out-of-domain parameters raise ValueError naming the parameter."""
    with pytest.raises(ValueError, match=rf"^{name}"):
        RPPGPUCB([[0.0, 1.0]] * 3, rng=0, **kwargs)


def test_tied_hyperparameters_are_shared_by_the_groups():
    """tied=True ([Li2016, §5]: hyperparameters shared across groups): every group ends every refit with the
    same lengthscale and variance."""
    from regretlab.algorithms.rpp_gp_ucb import RPPGPUCB

    box = np.tile([0.0, 1.0], (4, 1))
    opt = RPPGPUCB(box, d=2, rng=0, n_init=6, n_cyc=3, acq_budget=100, n_restarts=0, tied=True)
    opt.run(lambda x: float(np.sin(3 * x[0] * x[1]) + np.cos(2 * x[2]) - x[3] ** 2), 10, progress=False)
    thetas = [k.theta for k in opt.kernel.kernels]
    assert all(np.array_equal(thetas[0], theta) for theta in thetas[1:])


def test_groups_are_chosen_among_random_combinations_by_marginal_likelihood():
    """[Li2016, §5]: with n_group_combinations = k, every refit scores the current groups and k random ones
    by their ML-II log marginal likelihood and keeps the best (record ``group_search``); on a function
    additive over {0, 2} and {1, 3} (seed 0) the search ends at the true groups, not the consecutive
    {0, 1}, {2, 3} it starts from."""
    from regretlab.algorithms.rpp_gp_ucb import RPPGPUCB

    def f(x):
        return float(2 * np.sin(2 * np.pi * x[0] * x[2]) + 2 * np.cos(2 * np.pi * x[1] * x[3]))

    box = np.tile([0.0, 1.0], (4, 1))
    opt = RPPGPUCB(box, d=2, rng=0, n_init=12, n_cyc=4, acq_budget=100, n_restarts=0, learn_W=False,
                   n_group_combinations=5)
    trace = opt.run(f, 20, progress=False)
    searches = [r["group_search"] for r in trace.records if "group_search" in r]
    assert len(searches) == 3  # refits at 12, 16, 20 observations
    for search in searches:
        assert len(search["candidates"]) == 6
        assert search["chosen"] == int(np.argmax(search["log_marginal_likelihoods"]))
    assert searches[-1]["candidates"][searches[-1]["chosen"]] == [list(g) for g in opt.groups]
    assert [sorted(g) for g in opt.groups] == [[0, 2], [1, 3]]
    with pytest.raises(ValueError, match="n_group_combinations"):
        RPPGPUCB(box, d=2, n_group_combinations=-1)
