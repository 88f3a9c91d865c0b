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
    with pytest.raises(ValueError, match="sorted horizons"):
        gamma_bracket_far(K, [5, 3], SIGMA)


def test_the_horizon_grid_keeps_every_checked_t_and_reaches_the_search_end():
    grid = horizon_grid(40)
    assert grid[:40].tolist() == list(range(1, 41)) and grid[-1] == BEYOND_T
    assert np.all(np.diff(grid) > 0) and np.max(grid[41:] / grid[40:-1]) < 1.05
