"""Hypothesis properties of the claims of [Ha2019], regretlab.bounds.ubo.

GP quantities come from regretlab.gp on random data (SE kernel, zero prior mean): the posterior the algorithm
uses, so a property here is a property of what runs.
"""

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import regretlab.bounds.ubo as ubo
from regretlab.gp import GP, SquaredExponential

finite = dict(allow_nan=False, allow_infinity=False)
seeds = st.integers(0, 2**32 - 1)


def _gp(X, y, theta, ell, s2) -> GP:
    """The exact GP with SE kernel k = theta^2 exp(-r^2 / (2 ell^2)), noise s2 and zero prior mean."""
    return GP(SquaredExponential(lengthscale=ell, variance=theta**2), noise_variance=s2).fit(X, y)


def _posterior(X, y, Xs, theta, ell, s2):
    mu, var = _gp(X, y, theta, ell, s2).predict(Xs)
    return mu, np.sqrt(var)


def _gram(X, y, theta, ell, s2):
    """Thm 4.1's data quantities from the GP's own factor and solve."""
    gp = _gp(X, y, theta, ell, s2)
    return ubo.gram_quantities(L=gp.L, z=gp.alpha)


def _data(seed, n, dim, yscale):
    rng = np.random.default_rng(seed)
    return rng.uniform(-1, 1, size=(n, dim)), yscale * rng.normal(size=n), rng


@given(seed=seeds, n=st.integers(1, 8), dim=st.integers(1, 2), beta=st.floats(0.1, 10.0, **finite))
@example(seed=0, n=6, dim=1, beta=3.0)
def test_prop41_ucb_approaches_sqrt_beta_theta_far_from_data(seed, n, dim, beta):
    """Prop 4.1: |UCB(x) - sqrt(beta) theta| shrinks as x moves away and is < 1e-6 at distance 40 l."""
    theta, ell, s2 = 0.8, 0.4, 0.05
    X, y, rng = _data(seed, n, dim, 1.0)
    u = rng.normal(size=dim)
    u /= np.linalg.norm(u)
    Xs = np.array([r * u for r in (2.0, 4.0, 16.0)])
    mu, sd = _posterior(X, y, Xs, theta, ell, s2)
    gap = np.abs(mu + np.sqrt(beta) * sd - ubo.prop41_limit(beta_t=beta, theta=theta))
    assert gap[2] < 1e-6 and gap[2] <= gap[0] + 1e-12


beta_kw = dict(
    d=st.integers(1, 10),
    a=st.floats(1.0, 50.0, **finite),
    b=st.floats(0.01, 10.0, **finite),
    r=st.floats(0.01, 10.0, **finite),
)


@given(t=st.integers(1, 10**6), delta=st.floats(1e-6, 0.99, **finite), **beta_kw)
@example(t=1, delta=0.5, d=1, a=1.0, b=1.0, r=1.0)
def test_beta_t_increasing_in_t_and_in_one_over_delta(t, delta, d, a, b, r):
    """Prop 5.1: beta_t < beta_{t+1}, and halving delta increases beta_t."""
    kw = dict(d=d, a=a, b=b, r=r)
    assert ubo.beta_t_prop51(t=t, delta=delta, **kw) < ubo.beta_t_prop51(t=t + 1, delta=delta, **kw)
    assert ubo.beta_t_prop51(t=t, delta=delta, **kw) < ubo.beta_t_prop51(t=t, delta=delta / 2, **kw)


def _max_gap_outside_balls(seed, n, dim, yscale, theta, ell, s2, beta, eps_frac, reading):
    """max over points at distance >= d_eps from all data of |sqrt(beta) theta - UCB| / (eps/2)."""
    X, y, rng = _data(seed, n, dim, yscale)
    eps = eps_frac * 4 * np.sqrt(beta) * theta
    g = _gram(X, y, theta, ell, s2)
    r = ubo.d_eps(
        beta_t=beta,
        theta=theta,
        epsilon=eps,
        n=g.n,
        lambda_max=g.lambda_max,
        z_mass=g.z_mass,
        lengthscale=ell,
        reading=reading,
    )
    u = rng.normal(size=(400, dim))
    u /= np.linalg.norm(u, axis=1, keepdims=True)
    pts = X[rng.integers(0, n, 400)] + r * u * (1 + rng.exponential(0.3, size=(400, 1)))
    pts[0] = X[0] + r * u[0]  # exactly on a sphere
    dist = np.sqrt(((pts[:, None, :] - X[None]) ** 2).sum(-1)).min(1)
    pts = pts[dist >= r * (1 - 1e-12)]
    mu, sd = _posterior(X, y, pts, theta, ell, s2)
    return float(np.max(np.abs(np.sqrt(beta) * theta - (mu + np.sqrt(beta) * sd))) / (eps / 2))


d_eps_kw = dict(
    seed=seeds,
    n=st.integers(1, 6),
    dim=st.integers(1, 2),
    yscale=st.floats(0.0, 2.0, **finite),
    theta=st.floats(0.3, 1.0, **finite),
    ell=st.floats(0.2, 1.0, **finite),
    s2=st.floats(0.01, 0.5, **finite),
    beta=st.floats(0.5, 10.0, **finite),
    eps_frac=st.floats(0.01, 0.99, **finite),
)
COUNTEREXAMPLE_B = dict(seed=0, n=1, dim=1, yscale=0.0, theta=1.0, ell=1.0, s2=0.01, beta=4.0, eps_frac=0.125)


@given(**d_eps_kw)
@example(**COUNTEREXAMPLE_B)
def test_d_eps_reading_A_keeps_ucb_within_half_epsilon_outside_balls(**kw):
    """Thm 4.1, reading A (1/sqrt(beta)): every x at distance >= d_eps from all data has
    |sqrt(beta) theta - UCB(x)| <= eps/2 (measured on sampled points, SE kernel)."""
    assert _max_gap_outside_balls(**kw, reading="A") <= 1.0 + 1e-9


@pytest.mark.xfail(raises=AssertionError,
    strict=True,
    reason="n=1, y=0, theta=1, l=1, sigma^2=0.01, beta=4, eps=0.5: reading B gives "
    "d_eps=0.846 and |sqrt(beta) theta - UCB| = 0.564 > eps/2 = 0.25 on the sphere",
)
@given(**d_eps_kw)
@example(**COUNTEREXAMPLE_B)
def test_d_eps_reading_B_keeps_ucb_within_half_epsilon_outside_balls(**kw):
    """Thm 4.1 / App. A.3 start / Eq. 27, reading B (factor theta): same claim as reading A."""
    assert _max_gap_outside_balls(**kw, reading="B") <= 1.0 + 1e-9


@given(
    seed=seeds,
    n=st.integers(1, 10),
    dim=st.integers(1, 3),
    theta=st.floats(0.1, 1.0, **finite),
    s2=st.floats(1e-3, 1.0, **finite),
)
@example(seed=0, n=1, dim=1, theta=1.0, s2=1e-3)
def test_eq26_lambda_max_between_trace_bound_and_inverse_noise(seed, n, dim, theta, s2):
    """Eq. 26: 1/(theta^2 + sigma^2) <= lambda_max <= 1/sigma^2 on random data."""
    X, y, _ = _data(seed, n, dim, 1.0)
    lam = _gram(X, y, theta, 0.5, s2).lambda_max
    assert ubo.eq26_lambda_max_lower(theta=theta, noise_variance=s2) <= lam * (1 + 1e-10)
    assert lam <= (1 / s2) * (1 + 1e-10)


@given(
    seed=seeds, T=st.integers(1, 25), s2=st.floats(0.01, 2.0, **finite), beta=st.floats(0.1, 10.0, **finite)
)
@example(seed=0, T=1, s2=0.01, beta=1.0)
def test_lemma54_sum_of_posterior_variances(seed, T, s2, beta):
    """Eq. 22: sum 4 beta sigma^2_{t-1}(x_t) <= C1 beta I_T with I_T = 1/2 sum log(1 + sigma^-2 sigma^2_{t-1})
    (the information gain of the actual points, <= gamma_T), k(x,x) = 1, on random query sequences."""
    X = np.random.default_rng(seed).uniform(-1, 1, size=(T, 2))
    var = [1.0]
    for t in range(1, T):
        var.append(float(_posterior(X[:t], np.zeros(t), X[t : t + 1], 1.0, 0.5, s2)[1][0] ** 2))
    var = np.asarray(var)
    info = 0.5 * np.log1p(var / s2).sum()
    assert (4 * beta * var).sum() <= ubo.lemma54_bound(beta_T=beta, gamma_T=info, noise_variance=s2) * (
        1 + 1e-10
    )


@given(
    theta=st.floats(0.05, 1.0, **finite),
    beta=st.floats(0.1, 100.0, **finite),
    q1=st.floats(0.0, 1.0, **finite),
    q2=st.floats(0.0, 1.0, **finite),
)
def test_eq18_map_increasing(theta, beta, q1, q2):
    """Eq. 18: z -> sqrt(beta) z / (sqrt(theta^2 - z) + theta) is non-decreasing on [0, theta^2]."""
    lo, hi = sorted((q1 * theta**2, q2 * theta**2))
    assert ubo.eq18_map(q=lo, beta_t=beta, theta=theta) <= ubo.eq18_map(q=hi, beta_t=beta, theta=theta)


@given(theta=st.floats(0.05, 1.0, **finite), n=st.integers(1, 100), lam=st.floats(0.01, 100.0, **finite))
@example(theta=1.0, n=1, lam=1.0)
def test_eq18_condition_reading_B_keeps_eq17_range_in_eq18_domain(theta, n, lam):
    """After Eq. 18, reading B: gamma <= theta / sqrt(n lambda) implies n lambda gamma^2 <= theta^2."""
    gamma = theta / np.sqrt(n * lam)
    assert ubo.eq18_gamma_condition(gamma=gamma, theta=theta, n=n, lambda_max=lam, reading="B")
    assert ubo.eq17_bound(n=n, lambda_max=lam, gamma=gamma) <= theta**2 * (1 + 1e-12)


@pytest.mark.xfail(raises=AssertionError,
    strict=True,
    reason="theta=0.5, n=1, lambda_max=1, gamma=sqrt(0.5): the printed condition "
    "holds but n lambda gamma^2 = 0.5 > theta^2 = 0.25 (outside Eq. 18's domain)",
)
@given(theta=st.floats(0.05, 1.0, **finite), n=st.integers(1, 100), lam=st.floats(0.01, 100.0, **finite))
@example(theta=0.5, n=1, lam=1.0)
def test_eq18_condition_printed_reading_A_keeps_eq17_range_in_eq18_domain(theta, n, lam):
    """After Eq. 18 as printed: gamma <= sqrt(theta / (n lambda)) implies n lambda gamma^2 <= theta^2."""
    gamma = np.sqrt(theta / (n * lam))
    assert ubo.eq18_gamma_condition(gamma=gamma, theta=theta, n=n, lambda_max=lam, reading="A")
    assert ubo.eq17_bound(n=n, lambda_max=lam, gamma=gamma) <= theta**2 * (1 + 1e-12)
