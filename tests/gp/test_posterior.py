"""Tests of regretlab.gp.posterior.GP: agreement with scikit-learn's GaussianProcessRegressor, rank-one
append versus full refit, additive component posteriors, prediction gradients, jitter and validation."""

import numpy as np
import pytest
from scipy.stats import multivariate_normal
from sklearn.gaussian_process import GaussianProcessRegressor
from sklearn.gaussian_process.kernels import RBF, ConstantKernel, Matern

from regretlab.gp.kernels import Additive, Matern32, Matern52, ProjectedAdditive, SquaredExponential
from regretlab.gp.posterior import GP, cholesky_with_jitter


def _data(n, dim, seed):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, size=(n, dim))
    y = np.sin(2 * X).sum(axis=1) + 0.1 * rng.normal(size=n)
    Xs = rng.uniform(-1.2, 1.2, size=(25, dim))
    return X, y, Xs


def _pair(kind, dim):
    ls = np.linspace(0.5, 2.0, dim) if kind.endswith("ard") else 0.9
    var = 1.7
    if kind.startswith("se"):
        return SquaredExponential(ls, var), ConstantKernel(var, "fixed") * RBF(ls, "fixed")
    nu = 1.5 if kind.startswith("m32") else 2.5
    ours = (Matern32 if nu == 1.5 else Matern52)(ls, var)
    return ours, ConstantKernel(var, "fixed") * Matern(ls, "fixed", nu=nu)


@pytest.mark.parametrize("dim", [1, 3, 10])
@pytest.mark.parametrize("kind", ["se", "se_ard", "m32", "m52_ard"])
def test_matches_sklearn_gpr(dim, kind):
    """Posterior mean and latent variance equal sklearn's GPR (optimizer=None, alpha=noise) to 1e-8."""
    X, y, Xs = _data(40, dim, seed=dim)
    noise = 0.05
    ours, theirs = _pair(kind, dim)
    gp = GP(ours, noise_variance=noise).fit(X, y)
    ref = GaussianProcessRegressor(theirs, alpha=noise, optimizer=None, normalize_y=False).fit(X, y)
    mu_ref, std_ref = ref.predict(Xs, return_std=True)
    mu, var = gp.predict(Xs)
    np.testing.assert_allclose(mu, mu_ref, atol=1e-8)
    np.testing.assert_allclose(var, std_ref**2, atol=1e-8)
    assert gp.log_marginal_likelihood() == pytest.approx(ref.log_marginal_likelihood_value_, abs=1e-8)


def test_lml_equals_multivariate_normal_logpdf():
    """log_marginal_likelihood equals log N(y; m 1, K + σ²I) computed by scipy.stats."""
    X, y, _ = _data(30, 2, seed=4)
    k = Matern52([0.7, 1.3], 0.8)
    gp = GP(k, noise_variance=0.02, mean=0.4).fit(X, y)
    ref = multivariate_normal(np.full(30, 0.4), k(X) + 0.02 * np.eye(30)).logpdf(y)
    assert gp.log_marginal_likelihood() == pytest.approx(ref, abs=1e-9)


def test_constant_mean_is_a_shift():
    """A constant prior mean m gives the zero-mean posterior of y - m, shifted by m."""
    X, y, Xs = _data(20, 2, seed=5)
    k = SquaredExponential(0.6)
    mu_m, var_m = GP(k, noise_variance=0.01, mean=2.5).fit(X, y).predict(Xs)
    mu_0, var_0 = GP(k, noise_variance=0.01).fit(X, y - 2.5).predict(Xs)
    np.testing.assert_allclose(mu_m, mu_0 + 2.5, atol=1e-12)
    np.testing.assert_allclose(var_m, var_0, atol=1e-12)


@pytest.mark.parametrize("n_appends", [1, 10, 200])
def test_append_equals_full_refit(n_appends):
    """After 1, 10 and 200 rank-one appends, L, α, predictions and LML equal a full refit to 1e-10."""
    dim = 3
    X, y, Xs = _data(15 + n_appends, dim, seed=n_appends)
    k = SquaredExponential([0.5, 0.8, 1.1], 1.3)
    gp = GP(k, noise_variance=0.1, mean=0.3).fit(X[:15], y[:15])
    for i in range(15, 15 + n_appends):
        gp.append(X[i], y[i])
    ref = GP(k, noise_variance=0.1, mean=0.3).fit(X, y)
    assert gp.n_obs == ref.n_obs == 15 + n_appends
    np.testing.assert_array_equal(gp.X, X)
    np.testing.assert_array_equal(gp.y, y)
    np.testing.assert_allclose(gp.L, ref.L, atol=1e-10)
    np.testing.assert_allclose(gp.alpha, ref.alpha, atol=1e-10)
    for a, b in zip(gp.predict(Xs, return_grad=True), ref.predict(Xs, return_grad=True), strict=True):
        np.testing.assert_allclose(a, b, atol=1e-10)
    assert gp.log_marginal_likelihood() == pytest.approx(ref.log_marginal_likelihood(), abs=1e-10)


def test_append_to_empty_gp_and_prior():
    """Without data predict returns the prior; append on an empty GP equals fit on one point."""
    k = Matern32(0.5, 2.0)
    gp = GP(k, noise_variance=0.1, mean=1.0)
    mu, var = gp.predict([[0.0, 0.0], [1.0, 1.0]])
    np.testing.assert_allclose(mu, [1.0, 1.0])
    np.testing.assert_allclose(var, [2.0, 2.0])
    gp.append([0.2, 0.3], 1.5)
    ref = GP(k, noise_variance=0.1, mean=1.0).fit([[0.2, 0.3]], [1.5])
    np.testing.assert_allclose(gp.predict([[0.1, 0.1]]), ref.predict([[0.1, 0.1]]), atol=1e-14)


def _additive_kernels():
    return [
        Additive(
            [[0, 2], [1], [3]], [SquaredExponential([0.6, 1.0], 1.2), Matern52(0.5, 0.7), Matern32(0.9)]
        ),
        ProjectedAdditive(
            np.random.default_rng(0).normal(size=(4, 3)),
            [[0], [1, 2]],
            [SquaredExponential(0.8, 0.9), Matern52([1.0, 0.6], 1.1)],
        ),
    ]


@pytest.mark.parametrize("kernel", _additive_kernels(), ids=["additive", "projected"])
def test_component_posteriors(kernel):
    """m + Σ_j μ^(j) = μ; 0 <= σ^(j)2 <= prior k^(j)(x,x); μ^(j) matches [Kandasamy2015, Eq. (5)] computed
    directly."""
    X, y, Xs = _data(35, 4, seed=8)
    gp = GP(kernel, noise_variance=0.05, mean=-0.2).fit(X, y)
    mu, var = gp.predict(Xs)
    comps = gp.predict_components(Xs)
    assert len(comps) == len(kernel.kernels)
    np.testing.assert_allclose(-0.2 + sum(c[0] for c in comps), mu, atol=1e-10)
    delta = kernel(X) + 0.05 * np.eye(35)
    for j, (mu_j, var_j) in enumerate(comps):
        kj = kernel.component(j)
        prior_j = kj.diag(Xs)
        assert np.all(var_j >= 0) and np.all(var_j <= prior_j + 1e-12)
        kx = kj(Xs, X)
        np.testing.assert_allclose(mu_j, kx @ np.linalg.solve(delta, y + 0.2), atol=1e-9)
        direct = prior_j - np.einsum("ij,ji->i", kx, np.linalg.solve(delta, kx.T))
        np.testing.assert_allclose(var_j, np.maximum(direct, 0), atol=1e-9)


def _direct_component_posterior(kernel, j, X, y, mean, noise, Xs):
    """[Kandasamy2015, Eq. (5)] by dense linear algebra (no Cholesky, no caching): the independent
    reference."""
    kj = kernel.component(j)
    delta = kernel(X) + noise * np.eye(len(X))
    kx = kj(Xs, X)
    mu = kx @ np.linalg.solve(delta, y - mean)
    var = kj.diag(Xs) - np.einsum("ij,ji->i", kx, np.linalg.solve(delta, kx.T))
    return mu, np.maximum(var, 0.0)


@pytest.mark.parametrize("kernel", _additive_kernels(), ids=["additive", "projected"])
def test_predict_component_in_feature_space_matches_eq5(kernel):
    """predict_component(j, P_j x) equals Eq. 5 computed directly, after fit, after 10 appends (the cached
    training features follow the data) and after a re-fit on other data; Z-gradients equal central finite
    differences."""
    X, y, Xs = _data(30, 4, seed=3)
    gp = GP(kernel, noise_variance=0.05, mean=0.3).fit(X[:20], y[:20])
    for n in (20, 30, 5):
        if n == 30:
            for i in range(20, 30):
                gp.append(X[i], y[i])
        if n == 5:
            gp.fit(X[:5], y[:5])
        for j in range(len(kernel.kernels)):
            Z = kernel.features(Xs, j)
            mu, var = gp.predict_component(j, Z)
            ref_mu, ref_var = _direct_component_posterior(kernel, j, X[:n], y[:n], 0.3, 0.05, Xs)
            np.testing.assert_allclose(mu, ref_mu, atol=1e-9)
            np.testing.assert_allclose(var, ref_var, atol=1e-9)
            _, _, dmu, dvar = gp.predict_component(j, Z[:3], return_grad=True)
            h = 1e-6
            for i in range(Z.shape[1]):
                step = np.zeros(Z.shape[1])
                step[i] = h
                up, down = gp.predict_component(j, Z[:3] + step), gp.predict_component(j, Z[:3] - step)
                np.testing.assert_allclose(dmu[:, i], (up[0] - down[0]) / (2 * h), atol=1e-6)
                np.testing.assert_allclose(dvar[:, i], (up[1] - down[1]) / (2 * h), atol=1e-6)


def test_predict_component_needs_an_additive_kernel():
    """A kernel without components gives a ValueError naming the method."""
    gp = GP(SquaredExponential(0.5), noise_variance=0.1).fit([[0.0], [1.0]], [0.0, 1.0])
    with pytest.raises(ValueError, match="predict_component needs"):
        gp.predict_component(0, [[0.5]])


@pytest.mark.parametrize(
    "kernel",
    [SquaredExponential([0.5, 0.9, 1.4], 1.2), Matern52(0.7), Additive([[0], [1, 2]], Matern32(0.8))],
    ids=["se_ard", "m52", "additive_m32"],
)
def test_predict_gradients_match_finite_differences(kernel):
    """Gradients of posterior mean and variance w.r.t. x equal central finite differences."""
    X, y, Xs = _data(25, 3, seed=9)
    gp = GP(kernel, noise_variance=0.01).fit(X, y)
    mu, var, dmu, dvar = gp.predict(Xs, return_grad=True)
    assert dmu.shape == dvar.shape == Xs.shape
    h = 1e-6
    for d in range(3):
        e = np.zeros(3)
        e[d] = h
        mp, vp = gp.predict(Xs + e)
        mm, vm = gp.predict(Xs - e)
        np.testing.assert_allclose(dmu[:, d], (mp - mm) / (2 * h), atol=1e-6)
        np.testing.assert_allclose(dvar[:, d], (vp - vm) / (2 * h), atol=1e-6)


def test_duplicates_with_tiny_noise_use_jitter():
    """Dense inputs with noise 1e-300 make K + σ²I singular: the fit succeeds with jitter > 0 and
    still interpolates; appending a duplicate point then also works."""
    X = np.linspace(0, 1, 30)[:, None]
    gp = GP(SquaredExponential(1.0), noise_variance=1e-300).fit(X, np.sin(X[:, 0]))
    assert gp.jitter > 0
    mu, _ = gp.predict([[0.5]])
    assert mu[0] == pytest.approx(np.sin(0.5), abs=1e-5)
    gp.append([0.5], np.sin(0.5))
    assert gp.n_obs == 31 and np.all(np.isfinite(gp.alpha))


def test_cholesky_failure_gives_advice():
    """An indefinite matrix exhausts the jitter schedule and raises ValueError advising noise_variance."""
    with pytest.raises(ValueError, match="noise_variance"):
        cholesky_with_jitter(np.array([[1.0, 2.0], [2.0, 1.0]]))


def test_variances_nonnegative_near_data():
    """Predicted variances at and near training points are clipped to be >= 0."""
    X = np.linspace(0, 1, 50)[:, None]
    gp = GP(SquaredExponential(0.3), noise_variance=1e-10).fit(X, np.sin(X[:, 0]))
    _, var = gp.predict(np.vstack([X, X + 1e-9]))
    assert np.all(var >= 0)


def test_bad_inputs_raise():
    """Bad kernel, noise, shapes and non-finite values raise ValueError naming the parameter."""
    k = SquaredExponential()
    with pytest.raises(ValueError, match="noise_variance"):
        GP(k, noise_variance=0.0)
    with pytest.raises(ValueError, match="noise_variance"):
        GP(k, noise_variance=-1.0)
    with pytest.raises(ValueError, match="kernel"):
        GP("rbf", noise_variance=0.1)
    with pytest.raises(ValueError, match="mean"):
        GP(k, noise_variance=0.1, mean=np.nan)
    gp = GP(k, noise_variance=0.1)
    with pytest.raises(ValueError, match="y"):
        gp.fit(np.zeros((3, 2)), [0.0, np.nan, 1.0])
    with pytest.raises(ValueError, match="y"):
        gp.fit(np.zeros((3, 2)), [0.0, 1.0])
    with pytest.raises(ValueError, match="X"):
        gp.fit(np.zeros(3), [0.0, 1.0, 2.0])
    with pytest.raises(ValueError, match="X"):
        gp.fit([[0.0, np.inf]], [0.0])
    gp.fit(np.zeros((1, 2)), [0.0])
    with pytest.raises(ValueError, match="X"):
        gp.predict(np.zeros((2, 3)))
    with pytest.raises(ValueError, match="x"):
        gp.append(np.zeros(3), 1.0)
    with pytest.raises(ValueError, match="x"):
        gp.append(np.zeros((2, 2)), 1.0)
    with pytest.raises(ValueError, match="y"):
        gp.append(np.ones(2), np.inf)
    assert gp.n_obs == 1  # failed appends leave the data unchanged
