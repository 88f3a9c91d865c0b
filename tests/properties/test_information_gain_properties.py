"""Hypothesis properties of regretlab.bounds.information_gain: chain rule, order, monotonicity, greedy."""

import numpy as np
from hypothesis import example, given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import regretlab.bounds.information_gain as ig

points = arrays(np.float64, st.tuples(st.integers(1, 15), st.integers(1, 3)), elements=st.floats(0.0, 1.0))
noise = st.floats(0.05, 10.0)
lengthscales = st.floats(0.05, 2.0)


def se_gram(X, lengthscale, variance=1.0):
    """SE Gram matrix with numpy."""
    sq = np.sum((X[:, None, :] - X[None, :, :]) ** 2, axis=-1)
    return variance * np.exp(-sq / (2 * lengthscale**2))


@given(X=points, lengthscale=lengthscales, sigma=noise)
@example(X=np.zeros((1, 1)), lengthscale=1.0, sigma=1.0)
@example(X=np.zeros((15, 2)), lengthscale=1.0, sigma=0.05)
def test_chain_rule_equals_logdet(X, lengthscale, sigma):
    """[Kandasamy2015, Lemma 7]: ½Σ log(1+σ⁻²σ²_{t-1}(x_t)) = ½ log det(I + σ⁻² K_A)."""
    K = se_gram(X, lengthscale)
    chain = ig.information_gain(K=K, sigma=sigma)
    logdet = ig.information_gain(K=K, sigma=sigma, method="logdet")
    assert abs(chain - logdet) <= 1e-9 * max(1.0, abs(logdet))


@given(X=points, lengthscale=lengthscales, sigma=noise, seed=st.integers(0, 2**32 - 1))
@example(X=np.array([[0.0], [1.0]]), lengthscale=0.5, sigma=1.0, seed=0)
def test_information_gain_is_order_invariant(X, lengthscale, sigma, seed):
    """I(y_A; f_A) does not depend on the order of the points (chain rule on a permuted sequence)."""
    perm = np.random.default_rng(seed).permutation(len(X))
    a = ig.information_gain(K=se_gram(X, lengthscale), sigma=sigma)
    b = ig.information_gain(K=se_gram(X[perm], lengthscale), sigma=sigma)
    assert abs(a - b) <= 1e-9 * max(1.0, a)


@given(X=points, lengthscale=lengthscales, sigma=noise)
@example(X=np.zeros((2, 1)), lengthscale=1.0, sigma=1.0)
def test_information_gain_monotone_in_T_and_trivially_bounded(X, lengthscale, sigma):
    """The gain of the first T points is non-decreasing in T and <= T/2 log(1 + σ⁻² max k)."""
    K = se_gram(X, lengthscale)
    gains = [ig.information_gain(K=K[:T, :T], sigma=sigma) for T in range(1, len(X) + 1)]
    assert np.all(np.diff(gains) >= -1e-12)
    for T, value in enumerate(gains, start=1):
        assert value <= ig.gamma_T_trivial_upper(T=T, sigma=sigma, kmax=1.0) * (1 + 1e-12)


@given(
    X=points,
    lengthscale=lengthscales,
    sigma=noise,
    T=st.integers(1, 10),
    kvar=st.floats(0.1, 5.0),
    picks=st.lists(st.integers(0, 10**6), min_size=10, max_size=10),
)
@example(X=np.zeros((1, 1)), lengthscale=1.0, sigma=1.0, T=1, kvar=1.0, picks=[0] * 10)
def test_greedy_bounds(X, lengthscale, sigma, T, kvar, picks):
    """Greedy γ̂_T <= T/2 log(1+σ⁻² max k); gains non-decreasing in T; any T-sequence from the set has gain
    <= γ̂_T/(1-1/e) (submodularity)."""
    K = se_gram(X, lengthscale, variance=kvar)
    res = ig.greedy_information_gain(K=K, T=T, sigma=sigma)
    assert res.gamma_hat <= ig.gamma_T_trivial_upper(T=T, sigma=sigma, kmax=kvar) * (1 + 1e-12)
    assert np.all(np.diff(res.gains) >= -1e-12)
    idx = np.array(picks[:T]) % len(X)
    assert ig.information_gain(K=K[np.ix_(idx, idx)], sigma=sigma) <= res.upper * (1 + 1e-9)


@given(
    T1=st.floats(1.0, 1e6),
    T2=st.floats(1.0, 1e6),
    D=st.integers(1, 30),
    d=st.integers(1, 8),
    nu=st.floats(2.01, 10.0),
)
@example(T1=1.0, T2=2.0, D=1, d=1, nu=2.01)
def test_rates_monotone_in_T(T1, T2, D, d, nu):
    """Every analytic γ_T rate is non-decreasing in T (d <= D enforced by taking min)."""
    d = min(d, D)
    lo, hi = min(T1, T2), max(T1, T2)
    for f in (
        lambda T: ig.gamma_T_additive_SE(T=T, D=D, d=d),
        lambda T: ig.gamma_T_additive_matern(T=T, D=D, d=d, nu=nu),
        lambda T: ig.gamma_T_all_dth_order(T=T, D=D, d=d),
        lambda T: ig.gamma_T_matern(T=T, d=d, nu=nu),
        lambda T: ig.gamma_T_SE(T=T, d=d),
        lambda T: ig.gamma_T_linear(T=T, d=d),
    ):
        assert f(lo) <= f(hi)
