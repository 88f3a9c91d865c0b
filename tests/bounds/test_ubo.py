"""Deterministic tests of regretlab.bounds.ubo ([Ha2019])."""


import numpy as np
import pytest

import regretlab.bounds.ubo as ubo
from regretlab.bounds._registry import FORMULAS
from regretlab.gp import GP, Matern32, Matern52, SquaredExponential


def test_every_ubo_id_is_registered_with_latex():
    """Each UBO.* catalogue id maps to a function with a LaTeX form."""
    from regretlab.bounds.catalogue import CATALOGUE_IDS

    for id_ in (i for i in CATALOGUE_IDS if i.startswith("UBO.")):
        assert getattr(FORMULAS[id_], "latex", "").strip(), id_


GP_KERNELS = {"SE": SquaredExponential, "matern32": Matern32, "matern52": Matern52}


@pytest.mark.parametrize("kernel", ["SE", "matern32", "matern52"])
def test_kernel_at_distance_g_k_equals_gamma(kernel):
    """Eq. 5/10 against the kernels that run: regretlab.gp's kernel at distance g_k(gamma) is gamma, and below
    gamma beyond it (decreasing kernels). This ties g_k's kernel profiles in bounds/ to
    regretlab.gp.kernels."""
    theta, ell = 0.8, 0.4
    k = GP_KERNELS[kernel](lengthscale=ell, variance=theta**2)
    for gamma in (1e-6, 0.01, 0.3, 0.6):
        r = ubo.g_k(gamma=gamma, theta=theta, lengthscale=ell, kernel=kernel)
        values = k(np.array([[0.0]]), np.array([[r], [1.01 * r]]))[0]
        assert values[0] == pytest.approx(gamma, rel=1e-9) and values[1] < gamma


def test_eq13_identity_on_random_data():
    """Eq. 13: sqrt(beta) theta - UCB(x) == -k^T z + sqrt(beta) q / (sqrt(theta^2 - q) + theta)."""
    rng = np.random.default_rng(0)
    X, y = rng.uniform(-1, 1, size=(6, 2)), rng.normal(size=6)
    theta, ell, s2, beta = 0.8, 0.4, 0.05, 3.0
    kernel = SquaredExponential(lengthscale=ell, variance=theta**2)
    A = kernel(X) + s2 * np.eye(6)
    Xs = rng.uniform(-2, 2, size=(20, 2))
    k = kernel(Xs, X)
    z = np.linalg.solve(A, y)
    q = np.einsum("ij,ij->i", k, np.linalg.solve(A, k.T).T)
    ucb = k @ z + np.sqrt(beta) * np.sqrt(theta**2 - q)
    rhs = ubo.eq13(k_x=k, z=z, q=q, beta_t=beta, theta=theta)
    np.testing.assert_allclose(np.sqrt(beta) * theta - ucb, rhs, atol=1e-12)


def test_hypercube_contains_sampled_points_of_the_balls():
    """Eq. 28: points sampled from the union of balls of radius d_eps lie in the returned box."""
    rng = np.random.default_rng(2)
    X = rng.normal(size=(5, 3))
    box = ubo.hypercube_eq28(X=X, d_eps=0.7)
    u = rng.normal(size=(2000, 3))
    pts = X[rng.integers(0, 5, 2000)] + 0.7 * u / np.linalg.norm(u, axis=1, keepdims=True) * rng.uniform(
        size=(2000, 1)
    )
    assert box.shape == (3, 2) and np.all((pts >= box[:, 0]) & (pts <= box[:, 1]))


def test_d_eps_reading_A_solves_eq18_at_quarter_epsilon():
    """Derivation check (App. A.3): with u = n lambda gamma_A^2, Eq. 18 gives exactly epsilon/4."""
    beta, theta, eps, n, lam = 3.0, 0.7, 0.3, 4, 2.5
    g = ubo.d_eps_gamma(beta_t=beta, theta=theta, epsilon=eps, n=n, lambda_max=lam, z_mass=0.0)
    u = ubo.eq17_bound(n=n, lambda_max=lam, gamma=g)
    assert 0 <= u <= theta**2
    assert ubo.eq18_map(q=u, beta_t=beta, theta=theta) == pytest.approx(eps / 4, rel=1e-12)


def test_eq27_goes_to_zero_and_d_eps_grows_with_t():
    """App. A.5: with beta_t of Thm 5.1, n = t - 1 and lambda_max at its Eq. 26 lower bound, Eq. 27's term
    decreases towards 0 at t = 10, 1e3, 1e6 under both readings, so d_eps grows."""
    theta, s2, eps = 0.8, 0.05, 0.05
    lam = ubo.eq26_lambda_max_lower(theta=theta, noise_variance=s2)
    for reading in ("A", "B"):
        vals, radii = [], []
        for t in (10, 10**3, 10**6):
            beta = ubo.beta_t_thm51(t=t, T_prev=0, d=2, delta=0.1, a=1.0, b=1.0, r=1.0)
            kw = dict(beta_t=beta, theta=theta, epsilon=eps, n=t - 1, lambda_max=lam)
            vals.append(ubo.eq27(**kw, reading=reading))
            radii.append(ubo.d_eps(**kw, z_mass=0.0, lengthscale=0.4, reading=reading))
        assert vals[0] > vals[1] > vals[2] and vals[2] < 0.1 * vals[0] and radii[0] < radii[1] < radii[2]


def test_experiment_constants_ml_task():
    """§6: ML tasks use epsilon = 0.02 and 20 repeats; synthetic 0.05 and 30."""
    c = ubo.experiment_constants(d=3, task="ml")
    assert (c.epsilon, c.repeats, c.n_init, c.budget) == (0.02, 20, 9, 30)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (
            lambda: ubo.g_k_SE(gamma=0.0, theta=1.0, lengthscale=1.0),
            r"gamma=0\.0 is outside its domain \(0, inf\)",
        ),
        (lambda: ubo.g_k(gamma=0.1, theta=1.0, lengthscale=1.0, kernel="RQ"), r"kernel='RQ'"),
        (
            lambda: ubo.d_eps(
                beta_t=1.0, theta=0.5, epsilon=2.0, n=1, lambda_max=1.0, z_mass=0.0, lengthscale=1.0
            ),
            r"epsilon=2\.0 is outside its domain \(0, 4\*sqrt\(beta_t\)\*theta\)",
        ),
        (lambda: ubo.beta_t_prop51(t=1, d=1, delta=1.0, a=1.0, b=1.0, r=1.0), r"delta=1\.0 is outside"),
        (lambda: ubo.beta_t_prop51(t=1, d=1, delta=0.5, a=0.1, b=1.0, r=1.0), r"a=0\.1 is outside"),
        (
            lambda: ubo.beta_t_thm51(t=3, T_prev=3, d=1, delta=0.5, a=1.0, b=1.0, r=1.0),
            r"T_prev=3\.0 is outside",
        ),
        (lambda: ubo.trigger_rb(ucb_max=1.0, lcb_max=0.0, t=2), r"t_local is required"),
        (lambda: ubo.trigger_rb(ucb_max=1.0, lcb_max=0.0, t=2, t_local=3), r"t_local=3\.0 is outside"),
        (lambda: ubo.eq18_map(q=2.0, beta_t=1.0, theta=1.0), r"q=2\.0 is outside"),
        (lambda: ubo.hypercube_eq28(X=[[0.0]], d_eps=-1.0), r"d_eps=-1\.0 is outside"),
        (
            lambda: ubo.gram_quantities(L=[[1.0]], z=[1.0, 2.0]),
            r"z has shape",
        ),
        (lambda: ubo.gram_quantities(L=[[1.0, 0.0], [0.5, -1.0]], z=[1.0, 2.0]), r"L is not"),
        (lambda: ubo.gram_quantities(L=[[1.0, 0.5], [0.0, 1.0]], z=[1.0, 2.0]), r"L is not"),
    ],
)
def test_validation_errors_name_parameter_and_domain(call, match):
    """Bad inputs raise ValueError naming the parameter and its domain."""
    with pytest.raises(ValueError, match=match):
        call()


def test_gram_quantities_from_the_gp_factor_match_the_dense_linear_algebra():
    """Thm 4.1's n, lambda_max = 1/lambda_min(K + s2 I) and z = (K + s2 I)^{-1} y read from a fitted GP's
    factor equal a dense eigen-decomposition and solve of the same matrix."""
    rng = np.random.default_rng(3)
    X, y = rng.uniform(-1, 1, size=(9, 2)), rng.normal(size=9)
    kernel = SquaredExponential(lengthscale=0.4, variance=0.7)
    gp = GP(kernel, noise_variance=0.02).fit(X, y)
    q = ubo.gram_quantities(L=gp.L, z=gp.alpha)
    A = kernel(X) + 0.02 * np.eye(9)
    assert q.n == 9
    assert q.lambda_max == pytest.approx(1.0 / np.linalg.eigvalsh(A)[0], rel=1e-10)
    np.testing.assert_allclose(q.z, np.linalg.solve(A, y), rtol=1e-10, atol=1e-12)
    assert q.z_mass == pytest.approx(max(-q.z[q.z <= 0].sum(), q.z[q.z >= 0].sum()), rel=1e-12)
