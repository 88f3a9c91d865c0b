"""Tests of regretlab.gp.kernels: values (against scikit-learn), gradients (against finite differences),
PSD-ness, structure of the additive and projected-additive sums, spectral sampling, and validation."""

import numpy as np
import pytest
from sklearn.gaussian_process.kernels import RBF, ConstantKernel, Matern

from regretlab.gp.kernels import (
    Additive,
    Matern32,
    Matern52,
    ProjectedAdditive,
    SquaredExponential,
    Tied,
)

D = 4
W_PROJ = np.random.default_rng(7).normal(size=(D, 3))


def _kernels():
    return {
        "se_iso": SquaredExponential(0.8, 1.7),
        "se_ard": SquaredExponential([0.5, 1.0, 2.0, 0.7], 0.6),
        "m32_iso": Matern32(1.3, 2.2),
        "m32_ard": Matern32([0.4, 0.9, 1.5, 3.0], 1.1),
        "m52_iso": Matern52(0.6, 0.9),
        "m52_ard": Matern52([1.2, 0.3, 0.8, 2.5], 1.4),
        "additive_shared": Additive([[0, 2], [1], [3]], Matern52(0.7, 1.2)),
        "additive_list": Additive(
            [[3, 0], [1]], [SquaredExponential([0.5, 1.5], 0.8), Matern32(0.9, 1.3)], dim=D
        ),
        "projected": ProjectedAdditive(
            W_PROJ, [[0, 2], [1]], [SquaredExponential([0.9, 1.4], 1.1), Matern52(1.6, 0.7)]
        ),
    }


KERNELS = _kernels()
IDS = list(KERNELS)


def _data(n=7, m=5, seed=0):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, D)), rng.normal(size=(m, D))


@pytest.mark.parametrize("name", IDS)
def test_theta_gradient_matches_finite_differences(name):
    """dK/dθ (log space) from `gradient` equals central differences of K(θ) for every kernel."""
    k = KERNELS[name]
    X, _ = _data()
    G = k.gradient(X)
    theta = k.theta
    assert G.shape == (X.shape[0], X.shape[0], theta.size)
    h = 1e-6
    for i in range(theta.size):
        e = np.zeros_like(theta)
        e[i] = h
        fd = (k.with_theta(theta + e)(X) - k.with_theta(theta - e)(X)) / (2 * h)
        np.testing.assert_allclose(G[:, :, i], fd, atol=1e-7, err_msg=k.hyperparameter_names[i])


@pytest.mark.parametrize("name", IDS)
def test_x_gradient_matches_finite_differences(name):
    """d k(X_i, Y_j)/d X_i from `gradient_x` equals central differences in each coordinate of X_i."""
    k = KERNELS[name]
    X, Y = _data()
    G = k.gradient_x(X, Y)
    assert G.shape == (X.shape[0], Y.shape[0], D)
    h = 1e-6
    for d in range(D):
        e = np.zeros(D)
        e[d] = h
        fd = (k(X + e, Y) - k(X - e, Y)) / (2 * h)
        np.testing.assert_allclose(G[:, :, d], fd, atol=1e-7)
    # the diagonal k(x, x) is constant for these kernels
    np.testing.assert_array_equal(k.diag_gradient_x(X), np.zeros_like(X))


@pytest.mark.parametrize("name", IDS + ["tied"])
def test_posterior_fast_path_matches_the_checked_kernel(name):
    """The unchecked path the GP's predict uses: ``_cross`` gives the kernel matrix k(X, Y), and
    ``_gradient_x_dot`` (matrix products, no (n, m, D) array) gives the contractions
    Σ_j W_ij ∂k(X_i, Y_j)/∂X_i of :meth:`gradient_x` for a row vector and a full weight matrix, with and
    without the re-used state."""
    k = Tied(Additive([[0, 2], [1, 3]], SquaredExponential(0.8, 1.3))) if name == "tied" else KERNELS[name]
    X, Y = _data()
    K, state = k._cross(X, Y, True)
    np.testing.assert_allclose(K, k(X, Y), rtol=1e-13, atol=1e-15)
    np.testing.assert_allclose(k._cross(X, Y)[0], K, rtol=1e-13, atol=1e-15)
    weights = (np.random.default_rng(1).normal(size=(1, Y.shape[0])),
               np.random.default_rng(2).normal(size=(X.shape[0], Y.shape[0])))
    G = k.gradient_x(X, Y)
    expected = [np.einsum("nmd,nm->nd", G, np.broadcast_to(W, G.shape[:2])) for W in weights]
    for st in (state, None):
        for got, want in zip(k._gradient_x_dot(X, Y, weights, st), expected, strict=True):
            np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-13)


@pytest.mark.parametrize("offset", [0.0, 50.0])
@pytest.mark.parametrize("name", IDS + ["tied"])
def test_likelihood_fast_path_matches_the_gradient_array(name, offset):
    """The marginal likelihood's unchecked path: ``_gram_for_gradient`` gives K(X, X), and ``_gradient_dot``
    (matrix products, no (n, n, p) array) gives Σ_ij W_ij ∂K_ij/∂θ_k of :meth:`gradient` for a symmetric
    and a non-symmetric W, with and without the re-used state, also for inputs far from the origin (where
    the expansion of the squared differences would cancel without centring). Level: rtol 1e-10."""
    k = Tied(Additive([[0, 2], [1, 3]], SquaredExponential(0.8, 1.3))) if name == "tied" else KERNELS[name]
    X = _data(n=9)[0] + offset
    K, state = k._gram_for_gradient(X)
    np.testing.assert_allclose(K, k(X), rtol=1e-13, atol=1e-15)
    rng = np.random.default_rng(3)
    B = rng.normal(size=(9, 9))
    G = k.gradient(X)
    for W in (B + B.T, B):
        want = np.einsum("ij,ijk->k", W, G)
        scale = np.einsum("ij,ijk->k", np.abs(W), np.abs(G))  # the sum's magnitude, for round-off
        for st in (state, None):
            got = k._gradient_dot(X, W, st)
            assert got.shape == (k.n_hyperparameters,)
            np.testing.assert_array_less(np.abs(got - want), 1e-10 * scale + 1e-300)


@pytest.mark.parametrize("name", IDS)
def test_matrix_symmetric_psd_and_diag(name):
    """K(X, X) is symmetric, positive semi-definite, equals K(X, Y=X), and diag(X) is its diagonal."""
    k = KERNELS[name]
    X = np.random.default_rng(3).normal(size=(40, D))
    K = k(X)
    np.testing.assert_array_equal(K, K.T)
    assert np.linalg.eigvalsh(K).min() > -1e-10 * np.abs(K).max()
    np.testing.assert_allclose(K, k(X, X), atol=1e-13)
    np.testing.assert_allclose(k.diag(X), np.diag(K), atol=1e-13)


@pytest.mark.parametrize("name", [*IDS, "tied"])
def test_the_unchecked_diagonal_equals_the_checked_one_bit_for_bit(name):
    """_diag (the posterior's inner-loop path, no input check) gives exactly diag's bits for every kernel,
    and only diag refuses bad input (a NaN row)."""
    k = Tied(Additive([[0, 2], [1, 3]], SquaredExponential(0.8, 1.3))) if name == "tied" else KERNELS[name]
    X = np.random.default_rng(4).normal(size=(9, D))
    np.testing.assert_array_equal(k._diag(X), k.diag(X))
    bad = X.copy()
    bad[2, 1] = np.nan
    with pytest.raises(ValueError, match="X"):
        k.diag(bad)


@pytest.mark.parametrize(
    "ours, theirs",
    [
        (SquaredExponential(0.8, 1.7), ConstantKernel(1.7) * RBF(0.8)),
        (SquaredExponential([0.5, 1.0, 2.0, 0.7], 0.6), ConstantKernel(0.6) * RBF([0.5, 1.0, 2.0, 0.7])),
        (Matern32(1.3, 2.2), ConstantKernel(2.2) * Matern(1.3, nu=1.5)),
        (Matern32([0.4, 0.9, 1.5, 3.0], 1.1), ConstantKernel(1.1) * Matern([0.4, 0.9, 1.5, 3.0], nu=1.5)),
        (Matern52(0.6, 0.9), ConstantKernel(0.9) * Matern(0.6, nu=2.5)),
        (Matern52([1.2, 0.3, 0.8, 2.5], 1.4), ConstantKernel(1.4) * Matern([1.2, 0.3, 0.8, 2.5], nu=2.5)),
    ],
)
def test_values_match_sklearn(ours, theirs):
    """Stationary kernel values equal scikit-learn's ConstantKernel*RBF / ConstantKernel*Matern."""
    X, Y = _data(9, 6, seed=1)
    np.testing.assert_allclose(ours(X, Y), theirs(X, Y), rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(ours(X), theirs(X), rtol=1e-12, atol=1e-14)


def test_additive_is_sum_of_group_kernels_and_components():
    """Additive = Σ_j k^(j)(x^(j), x'^(j)) ([Kandasamy2015, Eq. (4)]); component(j) is the j-th summand on
    full X."""
    base = [SquaredExponential(0.5, 0.8), Matern32([0.9, 1.1], 1.3)]
    groups = [[2], [0, 3]]
    k = Additive(groups, base)
    X, Y = _data()
    expected = [b(X[:, g], Y[:, g]) for b, g in zip(base, groups, strict=True)]
    np.testing.assert_allclose(k(X, Y), expected[0] + expected[1], atol=1e-14)
    for j in range(2):
        np.testing.assert_allclose(k.component(j)(X, Y), expected[j], atol=1e-14)
    assert k.groups == ((2,), (0, 3))
    assert k.kernels == tuple(base)
    # column 1 is in no group: k does not depend on it
    X2 = X.copy()
    X2[:, 1] += 10.0
    np.testing.assert_allclose(k(X2, Y), k(X, Y), atol=1e-14)


def test_projected_additive_is_sum_over_projections():
    """ProjectedAdditive = Σ_j k_j(W_jᵀx, W_jᵀx') ([Li2016, Eq. (6)]), and component(j) its j-th term."""
    base = [SquaredExponential([0.9, 1.4], 1.1), Matern52(1.6, 0.7)]
    k = ProjectedAdditive(W_PROJ, [[0, 2], [1]], base)
    X, Y = _data()
    t0 = base[0](X @ W_PROJ[:, [0, 2]], Y @ W_PROJ[:, [0, 2]])
    t1 = base[1](X @ W_PROJ[:, [1]], Y @ W_PROJ[:, [1]])
    np.testing.assert_allclose(k(X, Y), t0 + t1, atol=1e-13)
    np.testing.assert_allclose(k.component(0)(X, Y), t0, atol=1e-13)
    np.testing.assert_allclose(k.component(1)(X, Y), t1, atol=1e-13)


def test_shared_base_gets_independent_hyperparameters():
    """A single base kernel is copied to each group with its own θ slots; with_theta changes one group."""
    k = Additive([[0], [1]], SquaredExponential(1.0, 1.0))
    assert k.hyperparameter_names == ("k0.lengthscale", "k0.variance", "k1.lengthscale", "k1.variance")
    theta = k.theta
    theta[0] = np.log(0.25)
    k2 = k.with_theta(theta)
    assert k2.kernels[0].lengthscale == pytest.approx(0.25)
    assert k2.kernels[1].lengthscale == pytest.approx(1.0)
    assert k.kernels[0].lengthscale == 1.0  # original unchanged (immutable)
    assert k2.groups == k.groups
    assert k.theta_bounds.shape == (4, 2)


def test_with_theta_roundtrip_and_bounds():
    """with_theta(theta) reproduces the kernel; theta_bounds are the logs of the given bounds."""
    k = Matern52([0.3, 2.0], 1.5, lengthscale_bounds=(1e-2, 10.0), variance_bounds=(0.1, 5.0))
    np.testing.assert_allclose(k.with_theta(k.theta).theta, k.theta)
    np.testing.assert_allclose(k.theta, np.log([0.3, 2.0, 1.5]))
    np.testing.assert_allclose(k.theta_bounds, np.log([[1e-2, 10.0], [1e-2, 10.0], [0.1, 5.0]]))
    assert k.hyperparameter_names == ("lengthscale_0", "lengthscale_1", "variance")
    with pytest.raises(ValueError):
        k.lengthscale[0] = 1.0  # read-only


@pytest.mark.parametrize(
    "kernel", [SquaredExponential(0.7, 1.3), Matern32(0.7, 1.3), Matern52([0.5, 1.0], 1.3)]
)
def test_random_fourier_features_approximate_kernel(kernel):
    """(2s²/M) Σ cos(ωᵀx+b) cos(ωᵀx'+b) with ω from spectral_frequencies approximates k (M = 40000)."""
    rng = np.random.default_rng(11)
    M, dim = 40000, 2
    omega = kernel.spectral_frequencies(M, dim, rng)
    assert omega.shape == (M, dim)
    b = rng.uniform(0, 2 * np.pi, M)
    X = rng.normal(scale=0.7, size=(6, dim))
    phi = np.sqrt(2 * kernel.variance / M) * np.cos(X @ omega.T + b)
    np.testing.assert_allclose(phi @ phi.T, kernel(X), atol=0.05)


def test_spectral_frequencies_reproducible():
    """The same seed gives the same frequencies; different kernels' scales differ by 1/ℓ."""
    a = SquaredExponential(2.0).spectral_frequencies(5, 3, 0)
    b = SquaredExponential(1.0).spectral_frequencies(5, 3, 0)
    np.testing.assert_allclose(a, b / 2.0)


@pytest.mark.parametrize(
    "make, match",
    [
        (lambda: SquaredExponential(0.0), "lengthscale"),
        (lambda: Matern32(-1.0), "lengthscale"),
        (lambda: Matern52([1.0, -2.0]), "lengthscale"),
        (lambda: SquaredExponential(np.nan), "lengthscale"),
        (lambda: SquaredExponential(1.0, 0.0), "variance"),
        (lambda: SquaredExponential(1.0, lengthscale_bounds=(2.0, 1.0)), "lengthscale_bounds"),
        (lambda: Additive([[0, 1], [1, 2]], SquaredExponential()), "groups"),
        (lambda: Additive([[0], []], SquaredExponential()), "groups"),
        (lambda: Additive([[0], [5]], SquaredExponential(), dim=3), "groups"),
        (lambda: Additive([[-1]], SquaredExponential()), "groups"),
        (lambda: Additive([], SquaredExponential()), "groups"),
        (lambda: Additive([[0, 1]], SquaredExponential([1.0, 1.0, 1.0])), "group 0"),
        (lambda: Additive([[0], [1]], [SquaredExponential()]), "base"),
        (lambda: ProjectedAdditive(np.ones((3, 2)), [[0]], SquaredExponential()), "partition"),
        (lambda: ProjectedAdditive(np.ones((3, 2)), [[0, 1], [1]], SquaredExponential()), "disjoint"),
        (lambda: ProjectedAdditive(np.full((3, 2), np.nan), [[0, 1]], SquaredExponential()), "W"),
    ],
)
def test_bad_construction_raises(make, match):
    """Invalid hyperparameters or groups raise ValueError naming the parameter."""
    with pytest.raises(ValueError, match=match):
        make()


def test_bad_inputs_raise():
    """Wrong input shapes/values raise ValueError naming X, Y, theta, dim or n_features."""
    ard = SquaredExponential([1.0, 2.0])
    with pytest.raises(ValueError, match="X"):
        ard(np.ones((3, 3)))
    with pytest.raises(ValueError, match="X"):
        SquaredExponential()(np.ones(3))
    with pytest.raises(ValueError, match="Y"):
        SquaredExponential()(np.ones((3, 2)), np.ones((3, 4)))
    with pytest.raises(ValueError, match="X"):
        SquaredExponential()(np.array([[np.nan, 1.0]]))
    with pytest.raises(ValueError, match="X"):
        Additive([[0], [4]], SquaredExponential())(np.ones((2, 3)))
    with pytest.raises(ValueError, match="X"):
        ProjectedAdditive(np.ones((3, 2)), [[0, 1]], SquaredExponential())(np.ones((2, 2)))
    with pytest.raises(ValueError, match="theta"):
        ard.with_theta([0.0, 0.0])
    with pytest.raises(ValueError, match="dim"):
        ard.spectral_frequencies(10, 3, 0)
    with pytest.raises(ValueError, match="n_features"):
        ard.spectral_frequencies(0, 2, 0)


def test_tied_shares_one_hyperparameter_vector_and_sums_the_gradients():
    """Tied(Additive) ([Kandasamy2015, §5]: one scale and one bandwidth for all groups): every component
    takes the shared θ; the gradient in the shared θ equals the sum of the per-component gradients, and
    central differences of the kernel matrix."""
    from regretlab.gp import Additive, SquaredExponential, Tied

    base = Additive([[0, 1], [2], [3, 4]], [SquaredExponential(0.3, 0.5), SquaredExponential(0.9, 2.0),
                                              SquaredExponential(0.4, 1.0)], dim=5)
    tied = Tied(base).with_theta(np.log([0.7, 0.25]))
    assert all(np.allclose(k.theta, np.log([0.7, 0.25])) for k in tied.base.kernels)
    X = np.random.default_rng(0).uniform(size=(6, 5))
    np.testing.assert_allclose(tied(X), tied.base(X))
    full = tied.base.gradient(X)
    summed = np.stack([full[:, :, 0::2].sum(axis=2), full[:, :, 1::2].sum(axis=2)], axis=2)
    np.testing.assert_allclose(tied.gradient(X), summed, rtol=1e-12)
    h = 1e-6
    for i in range(2):
        step = np.zeros(2)
        step[i] = h
        fd = (tied.with_theta(tied.theta + step)(X) - tied.with_theta(tied.theta - step)(X)) / (2 * h)
        np.testing.assert_allclose(tied.gradient(X)[:, :, i], fd, rtol=1e-5, atol=1e-8)
    assert tied.hyperparameter_names == ("tied.lengthscale", "tied.variance")


def test_tied_needs_matching_components():
    from regretlab.gp import Additive, SquaredExponential, Tied

    with pytest.raises(ValueError, match="base"):
        Tied(SquaredExponential(1.0))
    with pytest.raises(ValueError, match="same ones"):
        Tied(Additive([[0], [1, 2]], [SquaredExponential(1.0), SquaredExponential([1.0, 2.0])], dim=3))


@pytest.mark.parametrize("offset", [0.0, 1e3])
@pytest.mark.parametrize("lengthscale", [0.05, 1.0, [0.3, 2.0, 0.01, 7.0]])
def test_scaled_distances_by_matrix_product_match_cdist(offset, lengthscale):
    """The kernels' squared distances come from |x|² + |y|² - 2 x·y (one GEMM); centred first, they match
    scipy's direct cdist to round-off even far from the origin (offset 1e3) and at tiny length scales,
    are never negative, and k(X, X) has an exactly zero-distance diagonal."""
    from scipy.spatial.distance import cdist

    rng = np.random.default_rng(4)
    X, Y = offset + rng.normal(size=(30, D)), offset + rng.normal(size=(20, D))
    Y[3] = X[5]  # a coincident pair: distance 0
    k = SquaredExponential(lengthscale, 1.0)
    ls = np.broadcast_to(np.asarray(lengthscale, dtype=float), (D,))
    for A, B in ((X, Y), (X, None)):
        got = k._scaled_sqdist(A, B)
        want = cdist(A / ls, (A if B is None else B) / ls, "sqeuclidean")
        scale = np.max(want)
        np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-13 * scale)
        assert np.all(got >= 0.0)
    assert np.all(np.diag(k._scaled_sqdist(X, None)) == 0.0)
    assert k._scaled_sqdist(X, Y)[5, 3] <= 1e-13 * np.max(cdist(X / ls, Y / ls, "sqeuclidean"))


@pytest.mark.parametrize("name", ["se_ard", "m32_iso", "additive_shared", "additive_list", "projected",
                                  "tied_projected"])
def test_with_theta_builds_what_the_constructors_build(name):
    """with_theta checks its vector once and builds the new kernel without the constructors' checks (ML-II
    builds one per likelihood evaluation); the kernel it returns has the constructors' state bit for bit:
    each component rebuilt by its constructor from the same values, a Tied kernel rebuilt by Tied() from
    its new base (whose values read back through log(exp(theta)), as the constructor reads them). A
    theta of the wrong shape or one that overflows is still refused by name."""
    kernels = {**_kernels(),
               "projected": ProjectedAdditive(W_PROJ, [[0, 2], [1]], SquaredExponential(0.6, 1.1)),
               "tied_projected": Tied(ProjectedAdditive(W_PROJ, [[0, 2], [1]], SquaredExponential(0.6, 1.1)))}
    kernel = kernels[name]
    # -1.386: exp(log(exp(theta))) != exp(theta) in the last bit, so the Tied round trip is checked
    theta = np.linspace(-1.386, 0.4, kernel.n_hyperparameters)

    def rebuilt(k, th):
        if isinstance(k, Tied):
            base = rebuilt(k.base, np.tile(th, k.base.n_components))
            return Tied(base)
        if isinstance(k, (Additive, ProjectedAdditive)):
            sizes = np.cumsum([0] + [c.n_hyperparameters for c in k.kernels])
            parts = [rebuilt(c, th[a:b]) for c, a, b in zip(k.kernels, sizes[:-1], sizes[1:], strict=True)]
            if isinstance(k, Additive):
                return Additive([list(g) for g in k.groups], parts, dim=k.input_dim)
            return ProjectedAdditive(k.W, [list(g) for g in k.groups], parts)
        values = np.exp(th)
        return type(k)(values[:-1] if k.ard else values[0], values[-1],
                       lengthscale_bounds=tuple(np.exp(k.theta_bounds[0])),
                       variance_bounds=tuple(np.exp(k.theta_bounds[-1])))

    fast, slow = kernel.with_theta(theta), rebuilt(kernel, theta)
    X = np.random.default_rng(5).uniform(size=(7, D))
    assert type(fast) is type(slow) and np.array_equal(fast.theta, slow.theta)
    assert np.array_equal(fast(X), slow(X)) and np.array_equal(fast.theta_bounds, slow.theta_bounds)
    assert np.array_equal(fast.gradient(X), slow.gradient(X))
    with pytest.raises(ValueError, match="theta"):
        kernel.with_theta(theta[:-1])
    with pytest.raises(ValueError, match="theta"):
        kernel.with_theta(np.full_like(theta, 800.0))
