"""Where each bound starts to bite (issue 79.1): γ_T bracketed far beyond any greedy run, the bite summary
over a long range of T, and the engine's claims followed to T = 1e6."""

import numpy as np
import pytest

from regretlab.bounds.information_gain import greedy_information_gain, information_gain
from regretlab.gp import SquaredExponential
from regretlab.verify.evidence import BEYOND_T, gamma_bracket_far, horizon_grid, spectral_gamma_upper

GRID = np.linspace(0.0, 1.0, 60)[:, None]
K = SquaredExponential(lengthscale=0.1, variance=1.0)(GRID, GRID)
SIGMA = 0.3


def test_the_spectral_bound_is_above_every_multiset_and_the_greedy():
    """The water-filling bound holds for 200 random multisets of sizes 3 to 400 (queries repeat) and for the
    greedy gain up to T = 2000, far past the grid's 60 points; for one direction it is (1/2) log(1 + T
    λ/σ²) exactly."""
    rng = np.random.default_rng(3)
    eigenvalues = np.linalg.eigvalsh(K)
    for size in rng.integers(3, 400, size=200):
        chosen = rng.integers(0, GRID.shape[0], size=size)
        gain = information_gain(K=K[np.ix_(chosen, chosen)], sigma=SIGMA)
        assert gain <= spectral_gamma_upper(eigenvalues, [size], SIGMA)[0] + 1e-9
    greedy = greedy_information_gain(K=K, T=2000, sigma=SIGMA).gains
    Ts = np.array([1, 10, 60, 61, 500, 2000])
    assert np.all(greedy[Ts - 1] <= spectral_gamma_upper(eigenvalues, Ts, SIGMA) + 1e-9)
    np.testing.assert_allclose(spectral_gamma_upper([2.0], [5.0], 0.5), [0.5 * np.log1p(5 * 2.0 / 0.25)])


def test_the_far_bracket_holds_the_greedy_beyond_its_own_steps():
    """With the greedy stopped at 100 steps, the far bracket at T = 101..3000 still brackets the greedy gain
    run to 3000 (a lower end from repeating the first 100 queries, never above γ_T; an upper end above it);
    up to 100 the lower end is the greedy itself."""
    Ts = horizon_grid(100, 3000, points=50)
    lower, upper = gamma_bracket_far(K, Ts, SIGMA, greedy_steps=100)
    greedy = greedy_information_gain(K=K, T=3000, sigma=SIGMA).gains[Ts - 1]
    near = Ts <= 100
    np.testing.assert_array_equal(lower[near], greedy[near])
    assert np.all(lower <= upper) and np.all(greedy <= upper + 1e-9)
    assert np.all(lower[~near] <= greedy[~near] / (1 - np.exp(-1)) + 1e-9)   # at most γ_T's own upper end
    assert np.all(np.diff(lower) >= -1e-12) and lower[-1] > lower[near][-1]   # grows past the greedy's end
    with pytest.raises(ValueError, match="horizons must be sorted"):
        gamma_bracket_far(K, [5, 3], SIGMA)


def test_the_horizon_grid_keeps_every_checked_t_and_reaches_the_search_end():
    grid = horizon_grid(40)
    assert grid[:40].tolist() == list(range(1, 41)) and grid[-1] == BEYOND_T
    assert np.all(np.diff(grid) > 0) and np.max(grid[41:] / grid[40:-1]) < 1.05


def test_additive_grid_gp_ucb_equals_the_direct_posterior_on_every_step():
    """The rank-one additive posterior of additive_grid_gp_ucb equals the direct one: at each of 25 steps
    on two groups of 15 points, the query is the per-group argmax of the UCB recomputed from the
    observations so far by a direct solve on the summed kernel, and the run's information gain is
    1/2 log det(I + K_t / σ²) of its own queries."""
    from regretlab.verify.evidence import additive_grid_gp_ucb

    grid = np.linspace(-1.0, 1.0, 15)[:, None]
    kernel = SquaredExponential(lengthscale=0.4, variance=0.5)
    gram = kernel(grid, grid)
    rng = np.random.default_rng(7)
    components = [rng.multivariate_normal(np.zeros(15), gram + 1e-10 * np.eye(15)) for _ in range(2)]
    noise, beta = 0.05, 4.0
    run = additive_grid_gp_ucb([gram, gram], components, noise_variance=noise, T=25,
                               rng=np.random.default_rng(8), beta=lambda t: beta)
    for t in range(1, 26):
        seen = run.index[:t - 1]
        picks = []
        for j in range(2):
            if t == 1:
                mean, var = np.zeros(15), np.diag(gram).copy()
            else:
                K_obs = sum(gram[np.ix_(seen[:, k], seen[:, k])] for k in range(2)) + noise * np.eye(t - 1)
                cross = gram[:, seen[:, j]]                         # cov(f_j(grid), y)
                weights = np.linalg.solve(K_obs, cross.T)
                mean = weights.T @ run.y[:t - 1]
                var = np.diag(gram) - np.sum(cross * weights.T, axis=1)
            picks.append(int(np.argmax(mean + np.sqrt(beta) * np.sqrt(np.maximum(var, 0.0)))))
        assert picks == run.index[t - 1].tolist(), t
    K_run = sum(gram[np.ix_(run.index[:, k], run.index[:, k])] for k in range(2))
    assert run.gain[-1] == pytest.approx(information_gain(K=K_run, sigma=np.sqrt(noise)), rel=1e-9)
    np.testing.assert_allclose(run.f, [components[0][i] + components[1][k] for i, k in run.index])


_POINTS = np.linspace(-1, 1, 5)[:, None]
_GRAM = SquaredExponential(lengthscale=0.4, variance=0.5)(_POINTS, _POINTS)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: spectral_gamma_upper([1.0, -0.5], [4], 1.0), r"eigenvalues contains -0.5 < 0"),
    (lambda: spectral_gamma_upper([1.0], [4], 0.0), r"noise_std=0.0 is outside its domain \(0, "),
    (lambda: spectral_gamma_upper([1.0], [-1], 1.0), r"Ts=-1.0 is outside its domain \[0, inf\)"),
    (lambda: spectral_gamma_upper([], [4], 1.0), r"eigenvalues is empty"),
    (lambda: gamma_bracket_far(np.ones((3, 2)), [4], 1.0), r"K has shape \(3, 2\); expected a square"),
    (lambda: gamma_bracket_far(K, [5, 3], SIGMA), r"Ts\[1\]=3 is below Ts\[0\]=5"),
    (lambda: gamma_bracket_far(K, [0, 3], SIGMA), r"Ts=0 is outside its domain \{1, 2, ...\}"),
    (lambda: gamma_bracket_far(K, [2.5], SIGMA), r"Ts=\[2.5\] is not an integer"),
    (lambda: gamma_bracket_far(K, [3], float("nan")), r"noise_std=nan is not finite"),
    (lambda: gamma_bracket_far(K, [3], SIGMA, greedy_steps=0), r"greedy_steps=0 is outside its domain"),
    (lambda: horizon_grid(0), r"checked=0 is outside its domain"),
    (lambda: horizon_grid(100, 10), r"search_to=10 is outside its domain integers in \[100, "),
    (lambda: horizon_grid(10, 100, points=0), r"points=0 is outside its domain"),
])
def test_the_horizon_helpers_name_the_parameter_its_value_and_domain(call, message):
    """Bad input to the γ_T brackets and the horizon grid is a ValueError naming the parameter, the value and
    its domain, not a NaN or a numpy traceback from deep inside."""
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize(("kwargs", "message"), [
    (dict(grams=_GRAM, components=[np.zeros(5)]), r"grams is one matrix of shape \(5, 5\)"),
    (dict(grams=[_GRAM], components=[np.zeros(4)]), r"components\[0\] has 4 values and grams\[0\] 5 grid"),
    (dict(grams=[_GRAM, _GRAM], components=[np.zeros(5)]), r"components has 1 group\(s\) and grams 2"),
    (dict(grams=[_GRAM[:, :4]], components=[np.zeros(5)]),
     r"grams\[0\] has shape \(5, 4\); expected a square"),
    (dict(grams=[_GRAM + np.triu(np.ones((5, 5)), 1)], components=[np.zeros(5)]),
     r"grams\[0\] is not symmetric"),
    (dict(noise_variance=-1.0), r"noise_variance=-1.0 is outside its domain \(0, "),
    (dict(T=0), r"T=0 is outside its domain"),
    (dict(beta=4.0), r"beta=4.0 is not a callable"),
    (dict(rng="seed"), r"rng='seed' is not None, an int seed"),
])
def test_additive_grid_gp_ucb_names_its_bad_input(kwargs, message):
    """Every argument of additive_grid_gp_ucb is checked at the boundary with a message naming it."""
    from regretlab.verify.evidence import additive_grid_gp_ucb

    call = dict(grams=[_GRAM], components=[np.zeros(5)], noise_variance=0.1, beta=lambda t: 2.0, T=3,
                rng=np.random.default_rng(0))
    call.update(kwargs)
    with pytest.raises(ValueError, match=message):
        additive_grid_gp_ucb(**call)
