"""The pieces of the [Srinivas2010, Thm 2] check (regretlab.verify.claims.gp_ucb_continuous), each against
an independent computation: the kernel, the derivative constants (a, b), the certified UCB maximiser, the
bracket on γ_T, f*'s certificate and the run's bookkeeping. Fixed seeds; every comparison can fail."""

import numpy as np
import pytest
from scipy import stats

from regretlab.verify.claims import gp_ucb_continuous as thm2

X = np.linspace(0.0, 1.0, 41)


def test_the_kernel_is_stationary_with_unit_variance():
    """k(x, x') = Σ λ_j cos(ω_j (x − x')) (a function of x − x' only) and k(x, x) = 1 (Thm 2's k <= 1)."""
    K = thm2.kernel(X, X)
    direct = np.cos(np.subtract.outer(X, X)[..., None] * thm2.FREQUENCIES) @ thm2.WEIGHTS
    np.testing.assert_allclose(K, direct, atol=1e-12)
    np.testing.assert_allclose(np.diag(K), 1.0, atol=1e-12)
    assert np.linalg.eigvalsh(K).min() > -1e-10


def test_paths_have_the_kernel_as_covariance():
    """2·10^4 coefficient draws: the empirical covariance of f at 5 points is the kernel (±0.04, about
    4 standard errors of a covariance estimate at n = 2·10^4)."""
    rng = np.random.default_rng(3)
    points = np.array([0.0, 0.1, 0.33, 0.5, 1.0])
    values = rng.standard_normal((20000, 2 * thm2.N_FREQUENCIES)) @ thm2.features(points).T
    np.testing.assert_allclose(np.cov(values.T), thm2.kernel(points, points), atol=0.04)


def test_the_derivative_tail_constants_hold():
    """Thm 2's hypothesis Pr[sup|f'| > L] <= a exp(-(L/b)²): the proof's chi-square step holds exactly
    (scipy's chi2 survival function below a e^{-x/4} on a grid of x), and each of 300 paths' sup|f'| on a
    fine grid is below ||c|| sqrt(Σ R_j²) (Cauchy–Schwarz)."""
    x = np.linspace(0.0, 400.0, 40001)
    J = thm2.N_FREQUENCIES
    assert np.all(stats.chi2.sf(x, 2 * J) <= thm2.DERIVATIVE_A * np.exp(-x / 4.0) * (1 + 1e-12))
    # the bound is not loose for nothing: with a halved, it fails somewhere on the grid
    assert np.any(stats.chi2.sf(x, 2 * J) > 0.5 * thm2.DERIVATIVE_A * np.exp(-x / 4.0))
    rng = np.random.default_rng(4)
    grid = np.linspace(0.0, 1.0, 4001)
    root = np.sqrt(thm2.WEIGHTS)
    derivative = np.hstack([-root * thm2.FREQUENCIES * np.sin(np.outer(grid, thm2.FREQUENCIES)),
                            root * thm2.FREQUENCIES * np.cos(np.outer(grid, thm2.FREQUENCIES))])
    c_norm = thm2.DERIVATIVE_B / 2.0
    for _ in range(300):
        coef = rng.standard_normal(2 * J)
        assert np.abs(derivative @ coef).max() <= c_norm * np.linalg.norm(coef) + 1e-12


def _posterior_after(n, seed):
    """A posterior of the weights after n noisy observations at uniform points of one path."""
    rng = np.random.default_rng(seed)
    coef = rng.standard_normal(2 * thm2.N_FREQUENCIES)
    phi = thm2.features(rng.uniform(0.0, 1.0, n))
    y = phi @ coef + np.sqrt(thm2.NOISE_VARIANCE) * rng.standard_normal(n)
    precision = np.eye(phi.shape[1]) + phi.T @ phi / thm2.NOISE_VARIANCE
    chol = np.linalg.cholesky(precision)
    mean = np.linalg.solve(precision, phi.T @ y / thm2.NOISE_VARIANCE)
    return mean, chol


@pytest.mark.parametrize(("n", "seed"), [(0, 0), (3, 1), (20, 2), (200, 3)])
def test_the_maximiser_is_certified(n, seed):
    """The UCB's maximum over a 2^18-interval grid (brute force, independent of the certificate) is at most
    u(x_t) + the certified gap, and the gap is within the requested eta."""
    mean, chol = _posterior_after(n, seed)
    beta, eta = 60.0, thm2.GAP_TOTAL / thm2.T_MAX
    x_t, _, gap = thm2.maximise_ucb(mean, chol, beta, eta)

    def ucb(points):
        phi = thm2.features(points)
        return phi @ mean + np.sqrt(beta) * np.linalg.norm(np.linalg.solve(chol, phi.T), axis=0)

    fine = np.linspace(0.0, 1.0, (1 << 18) + 1)
    brute = max(ucb(fine[i:i + 65536]).max() for i in range(0, fine.size, 65536))
    assert gap <= eta
    assert brute <= ucb(np.array([x_t]))[0] + gap + 1e-12


def test_the_certificate_can_fail():
    """The chord bound is what makes the maximiser certified: the same grid with the curvature term
    dropped (gap 0) is beaten by the brute-force maximum on some posterior."""
    beaten = 0
    beta, eta = 60.0, thm2.GAP_TOTAL / thm2.T_MAX
    for seed in range(8):
        mean, chol = _posterior_after(20, seed)
        x_t, _, _ = thm2.maximise_ucb(mean, chol, beta, eta)
        phi = thm2.features(np.linspace(0.0, 1.0, (1 << 16) + 1))
        ucb = phi @ mean + np.sqrt(beta) * np.linalg.norm(np.linalg.solve(chol, phi.T), axis=0)
        at = thm2.features([x_t]) @ mean + np.sqrt(beta) * np.linalg.norm(np.linalg.solve(chol, thm2.features(
            [x_t]).T), axis=0)
        beaten += bool(ucb.max() > at[0] + 1e-12)
    assert beaten >= 1


def test_the_gamma_bracket_is_ordered_and_contains_realised_gains():
    """greedy (a lower bound on γ_t) <= the Hadamard/chain-rule upper bound at every t <= T_MAX, and the
    information gain of 2000 uniform points, an admissible set, is below the upper bound too."""
    low, high = thm2.gamma_lower(), thm2.gamma_upper(np.arange(1, thm2.T_MAX + 1))
    assert np.all(low <= high + 1e-9)
    phi = thm2.features(np.random.default_rng(5).uniform(0.0, 1.0, thm2.T_MAX))
    realised = 0.5 * np.linalg.slogdet(np.eye(phi.shape[1]) + phi.T @ phi / thm2.NOISE_VARIANCE)[1]
    assert realised <= high[-1]
    assert high[0] == pytest.approx(0.5 * np.log1p(1.0 / thm2.NOISE_VARIANCE))


def test_f_star_is_bracketed():
    """f*'s certificate: the lower value is attained on the grid, and a 2^20-point grid's maximum lies
    between it and the upper value; likewise min f is above its lower value."""
    coef = np.random.default_rng(6).standard_normal(2 * thm2.N_FREQUENCIES)
    low, high, minimum = thm2.certified_extremes(coef)
    fine = thm2.features(np.linspace(0.0, 1.0, (1 << 20) + 1)) @ coef
    assert low <= fine.max() <= high
    assert fine.min() >= minimum


def test_a_run_is_deterministic_and_keeps_its_gap_budget():
    """A short run: queries in [0, 1], f the path's value there, Σ gap <= GAP_TOTAL · T / T_MAX, and the
    same seed gives the same run bit for bit."""
    def run():
        rng = np.random.default_rng(7)
        coef = rng.standard_normal(2 * thm2.N_FREQUENCIES)
        return coef, thm2.continuous_gp_ucb(coef, rng, T=50, delta=0.1)

    (coef, a), (_, b) = run(), run()
    assert np.array_equal(a["x"], b["x"]) and np.array_equal(a["f"], b["f"])
    assert np.all((a["x"] >= 0.0) & (a["x"] <= 1.0))
    np.testing.assert_allclose(a["f"], thm2.features(a["x"]) @ coef, atol=1e-12)
    assert a["gap"].sum() <= thm2.GAP_TOTAL * 50 / thm2.T_MAX
