"""Tests of regretlab.gp.sample_paths: exact draws, RFF paths, additive paths and their certificates.

Statistical tolerances are derived, not tuned: for a zero-mean Gaussian vector with covariance K, the
empirical second moment C = FᵀF/N of N independent draws has entries with standard error
se_ij = sqrt((K_ii K_jj + K_ij²)/N) (Isserlis). We allow 4.5 se per entry: for the <= 36 distinct entries
tested the union bound gives a false-alarm probability below 36 · 6.8e-6 < 3e-4 (and the seeds are fixed,
so the tests are deterministic).
"""

import numpy as np
import pytest

from regretlab.gp.kernels import Additive, Matern32, Matern52, ProjectedAdditive, SquaredExponential
from regretlab.gp.sample_paths import (
    AdditiveSamplePath,
    Certificate,
    FiniteSamplePath,
    RFFSamplePath,
    sample_on_points,
)

Z_TOL = 4.5


def _grid(bounds, per_axis):
    axes = [np.linspace(lo, hi, per_axis) for lo, hi in bounds]
    points = np.stack(np.meshgrid(*axes, indexing="ij"), axis=-1).reshape(-1, len(bounds))
    spacing = np.array([(hi - lo) / (per_axis - 1) for lo, hi in bounds])
    return points, spacing


def _second_moment_z(F, K, extra_var=0.0):
    """Largest |C_ij - K_ij| / se_ij over the upper triangle, C = FᵀF/N (zero-mean draws in rows of F)."""
    N = F.shape[0]
    C = F.T @ F / N
    se = np.sqrt((np.outer(np.diag(K), np.diag(K)) + K**2 + extra_var) / N)
    iu = np.triu_indices(K.shape[0])
    return float(np.max(np.abs(C - K)[iu] / se[iu]))


# ------------------------------------------------------------------------------------------------
# exact draws on finite sets
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kernel", [SquaredExponential(0.4, 2.0), Matern32([0.3, 0.8], 0.5)])
def test_exact_draws_have_the_kernel_covariance(kernel):
    """4000 exact joint draws at 8 points: empirical second moment within 4.5 standard errors of K
    (entrywise), empirical mean within 4.5 standard errors of 0."""
    X = np.random.default_rng(0).uniform(0, 1, (8, 2))
    F = sample_on_points(kernel, X, n_samples=4000, rng=1)
    K = kernel(X)
    assert F.shape == (4000, 8)
    assert _second_moment_z(F, K) <= Z_TOL
    assert np.all(np.abs(F.mean(axis=0)) <= Z_TOL * np.sqrt(np.diag(K) / 4000))


def test_exact_draws_duplicate_points_get_identical_values():
    """Duplicate rows of X receive the same value in every draw (a path takes one value per point)."""
    X = np.array([[0.1], [0.5], [0.1], [0.9], [0.5]])
    F = sample_on_points(SquaredExponential(0.3), X, n_samples=50, rng=2)
    np.testing.assert_array_equal(F[:, 0], F[:, 2])
    np.testing.assert_array_equal(F[:, 1], F[:, 4])
    assert not np.allclose(F[:, 0], F[:, 3])


def test_jitter_escalation_and_failure():
    """Near-duplicate points (numerically singular K) succeed by escalating the jitter, which is recorded;
    with jitter escalation disabled (jitter=0, one try) the same points raise a ValueError with advice."""
    X = np.array([[0.2], [0.2 + 1e-12], [0.2 + 2e-12], [0.7]])
    # 1 + 1e-20 == 1 in floating point, so the first attempt must fail and the jitter must grow.
    path = FiniteSamplePath.draw(SquaredExponential(1.0), X, rng=3, jitter=1e-20, max_tries=12)
    assert 1e-20 < path.maximum().details["jitter"] <= 1e-9
    with pytest.raises(ValueError, match="jitter"):
        sample_on_points(SquaredExponential(1.0), X, rng=3, jitter=0.0, max_tries=1)


def test_finite_path_lookup_and_exact_maximum():
    """A drawn finite path returns its stored values for any order of its rows, rejects unknown points,
    and certifies the exact argmax ("exact-finite", upper bound = value)."""
    X = np.random.default_rng(4).uniform(-1, 1, (30, 3))
    path = FiniteSamplePath.draw(Matern52(0.5), X, rng=5)
    perm = np.random.default_rng(6).permutation(30)
    np.testing.assert_array_equal(path(X[perm]), path.values[perm])
    cert = path.maximum()
    assert isinstance(cert, Certificate) and cert.method == "exact-finite"
    assert cert.value == path.values.max() and cert.upper_bound == cert.value and cert.gap == 0.0
    np.testing.assert_array_equal(cert.x, X[np.argmax(path.values)])
    with pytest.raises(ValueError, match="not one of"):
        path(X[:1] + 1e-3)
    assert FiniteSamplePath([[0.0], [-0.0]], [1.0, 1.0])([[0.0]])[0] == 1.0


# ------------------------------------------------------------------------------------------------
# random Fourier features
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kernel", [SquaredExponential(0.5, 1.5), Matern52(0.5, 1.5)])
def test_rff_paths_have_the_kernel_covariance(kernel):
    """Over 3000 independent RFF paths (M = 128) the empirical second moment at 6 points matches k.

    Unconditionally E f(x)f(x') = k(x, x') exactly; conditionally on the features the path is Gaussian with
    covariance k̃, so Var f(x)f(x') = E[k̃_xx k̃_x'x'] + 2E[k̃_xx'²] - k² <= k_xx k_x'x' + k² + 3.5 s⁴/M
    (Var k̃ <= 1.5 s⁴/M, see RFFSamplePath Notes). Tolerance: 4.5 of these standard errors per entry."""
    X = np.random.default_rng(7).uniform(0, 1, (6, 2))
    rng = np.random.default_rng(8)
    M, N = 128, 3000
    F = np.array([RFFSamplePath(kernel, [[0, 1], [0, 1]], n_features=M, rng=rng)(X) for _ in range(N)])
    extra = 3.5 * kernel.variance**2 / M
    assert _second_moment_z(F, kernel(X), extra_var=extra) <= Z_TOL


@pytest.mark.parametrize("kernel", [SquaredExponential(0.3), Matern52([0.2, 0.5])])
def test_rff_feature_covariance_approximates_kernel(kernel):
    """One path with M = 20000 features: φ(X)φ(X)ᵀ = k̃ is within 5 sd of k, sd = sqrt(1.5 s⁴/M) (Notes)."""
    X = np.random.default_rng(9).uniform(0, 1, (10, 2))
    path = RFFSamplePath(kernel, [[0, 1], [0, 1]], n_features=20000, rng=10)
    Phi = path.features(X)
    assert np.max(np.abs(Phi @ Phi.T - kernel(X))) <= 5 * np.sqrt(1.5 / 20000)
    np.testing.assert_allclose(Phi @ path.weights, path(X), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize(
    "kernel, bounds",
    [
        (SquaredExponential(0.1), [[-1.0, 2.0]]),
        (Matern52(0.2, 2.0), [[0.0, 1.0], [-1.0, 1.0]]),
        (SquaredExponential([0.3, 0.1]), [[0.0, 1.0], [0.0, 0.5]]),
    ],
)
@pytest.mark.parametrize("grid_size", [64, 4096])
def test_rff_certified_maximum_matches_dense_grid(kernel, bounds, grid_size):
    """The grid+polish maximum is >= the maximum over a much denser tensor grid (up to 1e-9: L-BFGS-B's
    stopping tolerance) and exceeds it by at most that grid's Taylor bound C₂/2·Σ(h/2)²; the certificate's
    upper bound is >= the dense maximum; f(cert.x) = cert.value and cert.x lies in the box. With the
    coarse grid_size=64 only a working polish (correct gradient) reaches the dense maximum."""
    path = RFFSamplePath(kernel, bounds, n_features=256, rng=11)
    cert = path.maximum(grid_size=grid_size)
    per_axis = 100_001 if len(bounds) == 1 else 501
    dense, spacing = _grid(bounds, per_axis)
    dense_max = path(dense).max()
    taylor = 0.5 * path.hessian_bound() * np.sum((spacing / 2) ** 2)
    assert cert.method == "grid+polish"
    assert cert.value >= dense_max - 1e-9
    assert cert.value <= dense_max + taylor
    assert cert.upper_bound >= dense_max
    assert cert.value == pytest.approx(path(cert.x[None])[0], abs=1e-12)
    b = np.asarray(bounds)
    assert np.all(cert.x >= b[:, 0]) and np.all(cert.x <= b[:, 1])


def test_grid_upper_bound_is_valid_and_tight_for_a_single_cosine():
    """With M = 1 the path is a|w|cos(ωx + b'), whose maximum a|w| is attained in any box one period long.
    On such a box with 9 grid points and no polishing, the tensor-grid upper bound must be >= a|w|
    (validity) and exceed it by at most C₂/2·(h/2)² (tightness: for one cosine C₂ is the exact peak
    curvature, so a smaller constant in the bound fails for peaks that fall between grid points)."""
    for seed in range(20):
        # Same seed => same ω (drawn first), so the second path is the first one on a one-period box.
        omega = RFFSamplePath(SquaredExponential(0.2), [[0.0, 1.0]], n_features=1, rng=seed).frequencies[0, 0]
        path = RFFSamplePath(SquaredExponential(0.2), [[0.0, 2 * np.pi / abs(omega)]], n_features=1, rng=seed)
        true_max = path.amplitude * abs(path.weights[0])
        cert = path.maximum(grid_size=9, n_polish=0)
        slack = 0.5 * path.hessian_bound() * (cert.details["spacing"][0] / 2) ** 2
        assert cert.value <= true_max + 1e-12
        assert true_max <= cert.upper_bound <= true_max + slack + 1e-12


def test_rff_sobol_maximum_in_3d_not_beaten_by_random_points():
    """In D = 3 (Sobol' candidates) the certified maximum is >= f at 20000 uniform random points, has no
    upper bound, and polishing never lowers the best candidate value."""
    path = RFFSamplePath(SquaredExponential(0.4), [[0, 1]] * 3, n_features=256, rng=12)
    cert = path.maximum()
    assert cert.details["grid"] == "sobol" and cert.upper_bound is None
    assert cert.details["polish_improvement"] >= 0
    U = np.random.default_rng(13).uniform(0, 1, (20000, 3))
    assert cert.value >= path(U).max()


@pytest.mark.parametrize("kernel", [SquaredExponential([0.3, 0.5, 0.2]), Matern52(0.4), Matern32(0.6)])
def test_rff_gradient_matches_finite_differences(kernel):
    """Analytic ∇f equals central finite differences (step 1e-6) to 1e-6 relative to the gradient scale."""
    path = RFFSamplePath(kernel, [[0, 1]] * 3, n_features=300, rng=14)
    X = np.random.default_rng(15).uniform(0, 1, (5, 3))
    G = path.gradient(X)
    h = 1e-6
    fd = np.stack([(path(X + h * e) - path(X - h * e)) / (2 * h) for e in np.eye(3)], axis=1)
    np.testing.assert_allclose(G, fd, atol=1e-6 * np.abs(G).max())


def test_same_seed_same_path_different_seed_different_path():
    """Equal seeds give identical paths and certificates (RFF, additive, exact draws); other seeds differ;
    a shared Generator yields independent successive paths."""
    k, b = Matern52(0.3), [[0, 1], [0, 1]]
    X = np.random.default_rng(16).uniform(0, 1, (20, 2))
    p1, p2, p3 = (RFFSamplePath(k, b, n_features=64, rng=s) for s in (17, 17, 18))
    np.testing.assert_array_equal(p1(X), p2(X))
    assert not np.allclose(p1(X), p3(X))
    c1, c2 = p1.maximum(grid_size=256), p2.maximum(grid_size=256)
    assert c1.value == c2.value and np.array_equal(c1.x, c2.x)
    g = np.random.default_rng(19)
    q1, q2 = RFFSamplePath(k, b, n_features=64, rng=g), RFFSamplePath(k, b, n_features=64, rng=g)
    assert not np.allclose(q1(X), q2(X))
    add = Additive([[0], [1]], k)
    a1, a2 = (AdditiveSamplePath(add, b, n_features=64, rng=20) for _ in range(2))
    np.testing.assert_array_equal(a1(X), a2(X))
    np.testing.assert_array_equal(sample_on_points(k, X, rng=21), sample_on_points(k, X, rng=21))


# ------------------------------------------------------------------------------------------------
# additive paths
# ------------------------------------------------------------------------------------------------
def test_additive_per_group_maximum_equals_joint_brute_force():
    """D = 2 with two 1-D groups: the per-group maximum is >= a 600x600 joint grid maximum (up to 1e-9) and
    exceeds it by at most that grid's Taylor bound; 20000 random points never beat it; the upper bound
    is the sum of the groups' bounds and covers the joint grid maximum."""
    kernel = Additive([[0], [1]], [SquaredExponential(0.15), Matern52(0.3, 0.5)])
    bounds = [[0.0, 1.0], [-2.0, 0.0]]
    path = AdditiveSamplePath(kernel, bounds, n_features=256, rng=22)
    cert = path.maximum(grid_size=128)
    assert cert.method == "per-group"
    dense, spacing = _grid(bounds, 600)
    dense_max = path(dense).max()
    taylor = sum(0.5 * p.hessian_bound() * (h / 2) ** 2 for p, h in zip(path.paths, spacing, strict=True))
    assert dense_max - 1e-9 <= cert.value <= dense_max + taylor
    assert cert.upper_bound == pytest.approx(sum(c.upper_bound for c in cert.details["group_certificates"]))
    assert cert.upper_bound >= dense_max
    U = np.random.default_rng(23).uniform([0, -2], [1, 0], (20000, 2))
    assert path(U).max() <= cert.value
    assert path(cert.x[None])[0] == pytest.approx(cert.value, abs=1e-12)


def test_additive_path_is_sum_of_group_paths_with_uncovered_coordinate():
    """f(x) = Σ_j f^(j)(x^(j)); ∇f matches finite differences and is 0 in a coordinate in no group, where
    the maximiser sits at the box centre; group j's maximiser fills the group's coordinates."""
    kernel = Additive([[2], [0, 3]], SquaredExponential(0.4))
    bounds = [[0, 1], [-1, 3], [0, 1], [0, 2]]
    path = AdditiveSamplePath(kernel, bounds, n_features=128, rng=24)
    X = np.random.default_rng(25).uniform([0, -1, 0, 0], [1, 3, 1, 2], (7, 4))
    expected = path.component(0)(X[:, [2]]) + path.component(1)(X[:, [0, 3]])
    np.testing.assert_allclose(path(X), expected, rtol=1e-13, atol=1e-13)
    G = path.gradient(X)
    h = 1e-6
    fd = np.stack([(path(X + h * e) - path(X - h * e)) / (2 * h) for e in np.eye(4)], axis=1)
    np.testing.assert_allclose(G, fd, atol=1e-6 * np.abs(G).max())
    assert np.all(G[:, 1] == 0)
    cert = path.maximum(grid_size=256, n_polish=3)
    assert cert.x[1] == 1.0 and cert.details["uncovered_coordinates"] == [1]
    np.testing.assert_array_equal(cert.x[[0, 3]], cert.details["group_certificates"][1].x)


# ------------------------------------------------------------------------------------------------
# validation
# ------------------------------------------------------------------------------------------------
_SE = SquaredExponential(0.5)
_BOX = [[0.0, 1.0], [0.0, 1.0]]


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: RFFSamplePath(_SE, [[0.0, 1.0, 2.0]]), "bounds"),
        (lambda: RFFSamplePath(_SE, [[1.0, 0.0]]), "bounds"),
        (lambda: RFFSamplePath(_SE, [[0.0, np.inf]]), "bounds"),
        (lambda: RFFSamplePath(_SE, _BOX, n_features=0), "n_features"),
        (lambda: RFFSamplePath(_SE, _BOX, n_features=2.5), "n_features"),
        (lambda: RFFSamplePath(Additive([[0], [1]], _SE), _BOX), "kernel"),
        (lambda: RFFSamplePath(SquaredExponential([0.1, 0.2, 0.3]), _BOX), "dim"),
        (lambda: RFFSamplePath(_SE, _BOX, rng=-1), "rng"),
        (lambda: RFFSamplePath(_SE, _BOX, n_features=8)([[0.1, 0.2, 0.3]]), "X"),
        (lambda: RFFSamplePath(_SE, _BOX, n_features=8)([[0.1, np.nan]]), "X"),
        (lambda: RFFSamplePath(_SE, _BOX, n_features=8).gradient([0.1, 0.2]), "X"),
        (lambda: RFFSamplePath(_SE, _BOX, n_features=8).maximum(grid_size=1), "grid_size"),
        (lambda: RFFSamplePath(_SE, _BOX, n_features=8).maximum(n_polish=-1), "n_polish"),
        (lambda: RFFSamplePath(_SE, _BOX, n_features=8).maximum(grid="hex"), "grid"),
        (lambda: RFFSamplePath(_SE, [[0, 1]] * 8, n_features=8).maximum(grid="tensor", grid_size=2), "grid"),
        (lambda: AdditiveSamplePath(_SE, _BOX), "kernel"),
        (lambda: AdditiveSamplePath(ProjectedAdditive(np.eye(2), [[0], [1]], _SE), _BOX), "kernel"),
        (lambda: AdditiveSamplePath(Additive([[0], [2]], _SE), _BOX), "groups"),
        (lambda: AdditiveSamplePath(Additive([[0], [1]], _SE, dim=3), _BOX), "dim"),
        (lambda: AdditiveSamplePath(Additive([[0], [1]], _SE), _BOX, n_features=0), "n_features"),
        (lambda: AdditiveSamplePath(Additive([[0], [1]], _SE), _BOX, n_features=8).component(2), "j"),
        (lambda: sample_on_points(_SE, [0.1, 0.2]), "X"),
        (lambda: sample_on_points(_SE, [[0.1], [np.nan]]), "X"),
        (lambda: sample_on_points(_SE, [[0.1]], n_samples=0), "n_samples"),
        (lambda: sample_on_points(_SE, [[0.1]], jitter=-1.0), "jitter"),
        (lambda: sample_on_points(_SE, [[0.1]], max_tries=0), "max_tries"),
        (lambda: FiniteSamplePath([[0.0], [1.0]], [1.0]), "values"),
        (lambda: FiniteSamplePath([[0.0], [0.0]], [1.0, 2.0]), "values"),
        (lambda: FiniteSamplePath([[0.0], [1.0]], [1.0, 2.0])([[0.0, 1.0]]), "X"),
    ],
)
def test_bad_input_raises_value_error_naming_the_parameter(call, match):
    """Every invalid argument raises ValueError whose message names the offending parameter."""
    with pytest.raises(ValueError, match=match):
        call()
