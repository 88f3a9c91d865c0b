"""Tests of regretlab.gp.fit: the log marginal likelihood and its analytic gradient (finite differences,
scikit-learn), and L-BFGS-B hyperparameter fitting (improvement, fixed parameters, structure, seeds)."""

import numpy as np
import pytest
from scipy.optimize import minimize_scalar
from sklearn.gaussian_process import GaussianProcessRegressor
from sklearn.gaussian_process.kernels import RBF, ConstantKernel, WhiteKernel

from regretlab.gp.fit import FitResult, fit_hyperparameters, log_marginal_likelihood
from regretlab.gp.kernels import Additive, Matern32, Matern52, ProjectedAdditive, SquaredExponential
from regretlab.gp.posterior import GP


def _data(n=30, dim=3, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, size=(n, dim))
    y = np.sin(2 * X[:, 0]) + 0.5 * X[:, 1] ** 2 + 0.1 * rng.normal(size=n) + 1.0
    return X, y


KERNELS = {
    "se_ard": SquaredExponential([0.5, 1.0, 2.0], 1.3),
    "m32": Matern32(0.7, 0.8),
    "additive": Additive([[0], [1, 2]], [Matern52(0.6), SquaredExponential([0.8, 1.2], 0.5)]),
    "projected": ProjectedAdditive(np.eye(3)[:, [2, 0, 1]], [[0, 1], [2]], Matern52(0.9)),
}


@pytest.mark.parametrize("mean", [0.3, None], ids=["fixed_mean", "profiled_mean"])
@pytest.mark.parametrize("name", list(KERNELS))
def test_lml_gradient_matches_finite_differences(name, mean):
    """The analytic gradient w.r.t. (θ, log σ²) equals central differences of the LML (also with the
    GLS-profiled mean, where the envelope theorem makes the partial gradient the total one)."""
    kernel = KERNELS[name]
    X, y = _data()
    noise = 0.03
    lml, grad = log_marginal_likelihood(kernel, X, y, noise_variance=noise, mean=mean, eval_gradient=True)
    z = np.append(kernel.theta, np.log(noise))
    assert grad.shape == z.shape

    def f(zz):
        return log_marginal_likelihood(
            kernel.with_theta(zz[:-1]), X, y, noise_variance=np.exp(zz[-1]), mean=mean
        )

    assert f(z) == pytest.approx(lml)
    h = 1e-5
    fd = np.array([(f(z + h * e) - f(z - h * e)) / (2 * h) for e in np.eye(z.size)])
    np.testing.assert_allclose(grad, fd, rtol=1e-5, atol=1e-6)


def test_lml_matches_sklearn_and_gp():
    """LML and its gradient equal sklearn's log_marginal_likelihood for C*RBF + White (same log-parameters)
    and GP.log_marginal_likelihood."""
    X, y = _data(seed=2)
    ours = SquaredExponential([0.5, 1.0, 2.0], 1.3)
    theirs = ConstantKernel(1.3) * RBF([0.5, 1.0, 2.0]) + WhiteKernel(0.03)
    ref = GaussianProcessRegressor(theirs, optimizer=None, alpha=0.0).fit(X, y)
    # sklearn's theta order: log constant, log lengthscales, log noise
    ref_lml, ref_grad = ref.log_marginal_likelihood(theirs.theta, eval_gradient=True)
    lml, grad = log_marginal_likelihood(ours, X, y, noise_variance=0.03, mean=0.0, eval_gradient=True)
    assert lml == pytest.approx(ref_lml, abs=1e-9)
    np.testing.assert_allclose(grad, np.concatenate([ref_grad[1:4], ref_grad[:1], ref_grad[4:]]), atol=1e-8)
    gp_lml = GP(ours, noise_variance=0.03).fit(X, y).log_marginal_likelihood()
    assert lml == pytest.approx(gp_lml, abs=1e-10)


def test_profiled_mean_is_the_maximiser():
    """With mean=None the LML equals the maximum over constant means (found by minimize_scalar), and
    fitting with all hyperparameters fixed reports the GLS mean 1ᵀΔ⁻¹y / 1ᵀΔ⁻¹1."""
    X, y = _data(seed=3)
    k = Matern52(0.7)
    best = log_marginal_likelihood(k, X, y, noise_variance=0.05, mean=None)
    opt = minimize_scalar(
        lambda m: -log_marginal_likelihood(k, X, y, noise_variance=0.05, mean=m), bracket=(-5.0, 5.0)
    )
    assert best == pytest.approx(-opt.fun, abs=1e-9)
    for m in np.linspace(-1, 3, 21):
        assert best >= log_marginal_likelihood(k, X, y, noise_variance=0.05, mean=m) - 1e-12
    res = fit_hyperparameters(
        k, X, y, noise_variance=0.05, rng=0, fit_noise=False, fixed=["lengthscale", "variance"]
    )
    delta = k(X) + 0.05 * np.eye(len(y))
    u = np.linalg.solve(delta, np.ones(len(y)))
    assert res.mean == pytest.approx(u @ y / u.sum(), abs=1e-10)
    assert res.mean == pytest.approx(opt.x, abs=1e-4)


@pytest.mark.parametrize("name", ["se_ard", "additive"])
def test_fit_improves_and_matches_sklearn(name):
    """The fitted LML is >= the LML at the start, and (SE ARD) at least sklearn's own optimum."""
    kernel = KERNELS[name]
    X, y = _data(40, seed=4)
    start = log_marginal_likelihood(kernel, X, y, noise_variance=0.1, mean=None)
    res = fit_hyperparameters(kernel, X, y, noise_variance=0.1, rng=0, n_restarts=2)
    assert isinstance(res, FitResult)
    assert res.log_marginal_likelihood >= start
    assert res.log_marginal_likelihood > start + 1.0  # the start is deliberately poor
    again = log_marginal_likelihood(res.kernel, X, y, noise_variance=res.noise_variance, mean=res.mean)
    assert again == pytest.approx(res.log_marginal_likelihood, abs=1e-10)
    assert res.n_evaluations > 3
    lo, hi = np.log(1e-6), np.log(1.0)
    assert lo - 1e-12 <= np.log(res.noise_variance) <= hi + 1e-12
    if name == "se_ard":
        sk_kernel = ConstantKernel(1.3, (1e-4, 1e4)) * RBF([0.5, 1.0, 2.0], (1e-3, 1e3)) + WhiteKernel(
            0.1, (1e-6, 1.0)
        )
        y_c = y - res.mean
        ref = GaussianProcessRegressor(sk_kernel, alpha=0.0, n_restarts_optimizer=2, random_state=0).fit(
            X, y_c
        )
        assert res.log_marginal_likelihood >= ref.log_marginal_likelihood_value_ - 1e-4


def test_fit_recovers_lengthscale_of_sampled_function():
    """Data drawn from a GP with ℓ = 0.3, s² = 1, σ² = 1e-2 give a fitted ℓ within a factor 1.6."""
    rng = np.random.default_rng(5)
    X = rng.uniform(0, 3, size=(120, 1))
    true = SquaredExponential(0.3, 1.0)
    y = rng.multivariate_normal(np.zeros(120), true(X) + 1e-2 * np.eye(120))
    res = fit_hyperparameters(
        SquaredExponential(1.0), X, y, noise_variance=0.1, rng=1, n_restarts=3, mean=0.0
    )
    assert 0.3 / 1.6 < res.kernel.lengthscale < 0.3 * 1.6
    assert 1e-2 / 3 < res.noise_variance < 1e-2 * 3
    assert res.mean == 0.0


def test_fixed_and_structure_kept():
    """`fixed` names (bare names match every component) and fit_noise=False keep their values;
    the groups and W are unchanged."""
    X, y = _data(seed=6)
    kernel = KERNELS["projected"]
    res = fit_hyperparameters(
        kernel,
        X,
        y,
        noise_variance=0.2,
        rng=0,
        n_restarts=1,
        fit_noise=False,
        fixed=["variance", "k1.lengthscale"],
    )
    names = kernel.hyperparameter_names
    for i, name in enumerate(names):
        if name.endswith("variance") or name == "k1.lengthscale":
            assert res.kernel.theta[i] == kernel.theta[i]
    assert res.kernel.theta[names.index("k0.lengthscale")] != kernel.theta[names.index("k0.lengthscale")]
    assert res.noise_variance == pytest.approx(0.2)
    assert res.kernel.groups == kernel.groups
    np.testing.assert_array_equal(res.kernel.W, kernel.W)


def test_fit_is_reproducible_with_seed():
    """The same seed gives identical results; restarts are drawn from the passed-in generator."""
    X, y = _data(seed=7)
    k = Matern52([1.0, 1.0, 1.0])
    a = fit_hyperparameters(k, X, y, noise_variance=0.1, rng=np.random.default_rng(3), n_restarts=2)
    b = fit_hyperparameters(k, X, y, noise_variance=0.1, rng=np.random.default_rng(3), n_restarts=2)
    np.testing.assert_array_equal(a.kernel.theta, b.kernel.theta)
    assert a.n_evaluations == b.n_evaluations


def test_all_fixed_returns_start():
    """With every hyperparameter fixed nothing is optimised: the result is the start, zero evaluations."""
    X, y = _data(seed=8)
    k = SquaredExponential(0.7)
    res = fit_hyperparameters(
        k, X, y, noise_variance=0.1, rng=0, fixed=["lengthscale", "variance", "noise_variance"]
    )
    np.testing.assert_array_equal(res.kernel.theta, k.theta)
    assert res.n_evaluations == 0 and res.noise_variance == pytest.approx(0.1)


def test_bad_inputs_raise():
    """Bad arguments raise ValueError naming the parameter."""
    X, y = _data(10)
    k = SquaredExponential()
    cases = [
        (dict(noise_variance=0.0), "noise_variance"),
        (dict(noise_variance=0.1, n_restarts=-1), "n_restarts"),
        (dict(noise_variance=0.1, noise_bounds=(1.0, 0.1)), "noise_bounds"),
        (dict(noise_variance=0.1, noise_bounds=(0.0, 1.0)), "noise_bounds"),
        (dict(noise_variance=0.1, fixed=["nonsense"]), "fixed"),
        (dict(noise_variance=0.1, fixed="variance"), "fixed"),
        (dict(noise_variance=0.1, mean=np.inf), "mean"),
    ]
    for kwargs, match in cases:
        with pytest.raises(ValueError, match=match):
            fit_hyperparameters(k, X, y, rng=0, **kwargs)
    with pytest.raises(ValueError, match="y"):
        fit_hyperparameters(k, X, np.append(y[:-1], np.nan), noise_variance=0.1, rng=0)
    with pytest.raises(ValueError, match="y"):
        log_marginal_likelihood(k, X, y[:-1], noise_variance=0.1)
    with pytest.raises(ValueError, match="kernel"):
        log_marginal_likelihood(None, X, y, noise_variance=0.1)


def test_a_fit_that_ends_on_a_bound_says_which_and_an_interior_fit_says_none():
    """``FitResult.at_bounds`` names the hyperparameters that ended on their bound: on dense samples of a
    straight line the likelihood wants a lengthscale far above 0.5, so a box ending at 0.5 pins it there;
    with wide bounds the smooth data's lengthscale is interior."""
    line = np.linspace(0.0, 1.0, 25)[:, None]
    narrow = SquaredExponential(0.3, 1.0, lengthscale_bounds=(1e-3, 0.5))
    fit = fit_hyperparameters(narrow, line, line[:, 0] - 0.5, noise_variance=1e-4, rng=0, n_restarts=1)
    assert "lengthscale=high" in fit.at_bounds
    X, y = _data(n=25, dim=2, seed=3)
    wide = SquaredExponential(0.5, 1.0)
    fit = fit_hyperparameters(wide, X, y, noise_variance=0.01, rng=0, n_restarts=1)
    assert not any(name.startswith("lengthscale") for name in fit.at_bounds)


def test_variance_unit_makes_the_fit_invariant_to_the_output_scale():
    """With ``variance_unit = var(y)`` the variance bounds follow the data: fitting c·y gives the same
    lengthscale and c² times the signal and noise variances (c = 1e4, where the absolute cap 1e4 on the
    signal variance would otherwise bind)."""
    X, y = _data(n=30, dim=2, seed=1)
    kernel = SquaredExponential(0.5, 1.0)
    base = fit_hyperparameters(kernel, X, y - y.mean(), noise_variance=0.01, rng=0, n_restarts=2,
                               variance_unit=float(np.var(y)))
    c = 1e4
    scaled = fit_hyperparameters(kernel, X, c * (y - y.mean()), noise_variance=0.01 * c**2, rng=0,
                                 n_restarts=2, variance_unit=float(np.var(c * y)))
    assert scaled.kernel.lengthscale == pytest.approx(base.kernel.lengthscale, rel=1e-4)
    assert scaled.kernel.variance == pytest.approx(c**2 * base.kernel.variance, rel=1e-3)
    assert scaled.noise_variance == pytest.approx(c**2 * base.noise_variance, rel=1e-3)
    absolute = fit_hyperparameters(kernel, X, c * (y - y.mean()), noise_variance=0.01, rng=0, n_restarts=2)
    assert "variance=high" in absolute.at_bounds


def test_variance_unit_is_validated():
    X, y = _data(n=5, dim=2)
    with pytest.raises(ValueError, match="variance_unit"):
        fit_hyperparameters(SquaredExponential(0.5), X, y, noise_variance=0.1, rng=0, variance_unit=0.0)


def test_gradient_weights_are_alpha_alpha_minus_the_inverse():
    """``LikelihoodTerms.gradient_weights`` (Δ⁻¹ from the Cholesky factor by LAPACK potri) equals
    ααᵀ − Δ⁻¹ with Δ⁻¹ from numpy's inverse, and is exactly symmetric. Level: rtol 1e-9 (κ(Δ) ~ 1e3)."""
    from regretlab.gp.fit import likelihood_terms

    X, y = _data(n=40)
    delta = SquaredExponential(0.7, 1.1)(X) + 0.01 * np.eye(40)
    terms = likelihood_terms(delta, y, mean=None)
    got = terms.gradient_weights()
    want = np.outer(terms.alpha, terms.alpha) - np.linalg.inv(delta)
    np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-9 * np.abs(want).max())
    np.testing.assert_array_equal(got, got.T)


@pytest.mark.parametrize("tied", [False, True], ids=["per_group", "tied"])
def test_a_fits_distance_cache_gives_the_likelihood_and_gradient_of_the_uncached_path(tied):
    """Within one ML-II fit a sum kernel keeps each component's mapped inputs P_j X and its isotropic
    components' unscaled squared distances (the cache of gp.fit._lml) and rescales them per θ: the
    likelihood and its gradient equal the uncached path's to 1e-12 (relative) at several θ, the inputs and
    distances are computed once (the same stored arrays on every later evaluation), and an ARD component
    (not isotropic) never has its distances cached."""
    from regretlab.gp import Tied
    from regretlab.gp.fit import _lml

    X, y = _data(n=40, dim=5)
    base = Additive([[0, 1], [2], [3, 4]],
                    [SquaredExponential(0.7, 1.1), Matern52(0.9, 0.6), SquaredExponential([0.5, 1.5], 0.8)])
    kernel = Tied(Additive([[0, 1], [2, 3, 4]], [SquaredExponential(0.7, 1.1)] * 2)) if tied else base
    cache: dict = {}
    stored = None
    for shift in (0.0, 0.4, -0.9):
        k = kernel.with_theta(kernel.theta + shift)
        plain = _lml(k, X, y, 0.05, None, True)
        cached = _lml(k, X, y, 0.05, None, True, cache)
        assert cached[0] == pytest.approx(plain[0], rel=1e-12)
        np.testing.assert_allclose(cached[1], plain[1], rtol=1e-10, atol=1e-12)
        arrays = [store[key] for store in cache.values() for key in sorted(store)]
        stored = arrays if stored is None else stored
        assert all(a is b for a, b in zip(arrays, stored, strict=True))
    with_distances = sorted(j for j, store in cache.items() if "sqdist" in store)
    assert with_distances == [0, 1]  # untied: the ARD component (index 2) has no distances kept
    assert all("features" in store for store in cache.values())
    np.testing.assert_array_equal(cache[1]["features"], X[:, [2]] if not tied else X[:, [2, 3, 4]])


def test_fit_reports_the_likelihood_log_marginal_likelihood_computes():
    """The cache only steers the search: a fitted sum kernel's reported likelihood is the one
    log_marginal_likelihood gives for the returned kernel, bit for bit."""
    X, y = _data(n=35, dim=4)
    kernel = Additive([[0, 1], [2, 3]], [SquaredExponential(0.6, 1.0), SquaredExponential(0.9, 0.7)])
    fit = fit_hyperparameters(kernel, X, y, noise_variance=0.05, rng=0, n_restarts=1, mean=None)
    assert fit.log_marginal_likelihood == log_marginal_likelihood(
        fit.kernel, X, y, noise_variance=fit.noise_variance, mean=None)
