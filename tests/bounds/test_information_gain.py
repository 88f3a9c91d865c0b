"""Deterministic tests of regretlab.bounds.information_gain (INFOGAIN.*, ADD.gamma_T_*)."""

import itertools

import numpy as np
import pytest
import sympy as sp

import regretlab.bounds.information_gain as ig
from regretlab.bounds._registry import FORMULAS


def se_gram(X, lengthscale=0.3, variance=1.0):
    """SE Gram matrix computed directly with numpy."""
    X = np.asarray(X, dtype=float).reshape(len(X), -1)
    sq = np.sum((X[:, None, :] - X[None, :, :]) ** 2, axis=-1)
    return variance * np.exp(-sq / (2 * lengthscale**2))


def test_registry_ids():
    """The catalogue ids of this module map to its functions."""
    assert FORMULAS["INFOGAIN.I"] is ig.information_gain
    assert FORMULAS["INFOGAIN.gamma_T"] is ig.greedy_information_gain
    assert FORMULAS["ADD.gamma_T_SE"] is ig.gamma_T_additive_SE
    assert FORMULAS["ADD.gamma_T_Matern"] is ig.gamma_T_additive_matern
    assert FORMULAS["ADD.gamma_T_all_dth_order"] is ig.gamma_T_all_dth_order
    for f in (ig.information_gain, ig.greedy_information_gain, ig.gamma_T_additive_SE, ig.gamma_T_SE):
        assert isinstance(f.latex, str) and f.latex


@pytest.mark.parametrize("T, sigma, seed", [(1, 0.1, 0), (5, 1.0, 1), (30, 0.5, 2), (30, 3.0, 3)])
def test_chain_rule_equals_logdet(T, sigma, seed):
    """[Kandasamy2015, Lemma 7]: the chain-rule sum equals ½ log det(I + σ⁻² K) on random SE data."""
    X = np.random.default_rng(seed).random((T, 2))
    K = se_gram(X)
    chain = ig.information_gain(K=K, sigma=sigma)
    logdet = 0.5 * np.linalg.slogdet(np.eye(T) + K / sigma**2)[1]
    assert chain == pytest.approx(logdet, rel=1e-10)
    assert ig.information_gain(K=K, sigma=sigma, method="logdet") == pytest.approx(logdet, rel=1e-10)


def test_sequential_variances_match_direct_conditioning():
    """σ²_{t-1}(x_t) from the Cholesky diagonal equals the explicit posterior-variance formula."""
    X = np.random.default_rng(4).random((8, 3))
    K = se_gram(X, lengthscale=0.5)
    sigma = 0.2
    got = ig.sequential_posterior_variances(K=K, sigma=sigma)
    expected = [K[0, 0]]
    for t in range(1, 8):
        k = K[:t, t]
        expected.append(K[t, t] - k @ np.linalg.solve(K[:t, :t] + sigma**2 * np.eye(t), k))
    np.testing.assert_allclose(got, expected, rtol=1e-9, atol=1e-12)


def test_greedy_brackets_brute_force_maximum():
    """Greedy γ̂_T <= γ_T <= γ̂_T/(1-1/e), with γ_T by brute force over subsets of a 7-point set."""
    X = np.linspace(0, 1, 7)
    K = se_gram(X, lengthscale=0.25)
    sigma = 0.5
    for T in (1, 2, 3, 4):
        best = max(
            ig.information_gain(K=K[np.ix_(A, A)], sigma=sigma) for A in itertools.combinations(range(7), T)
        )
        res = ig.greedy_information_gain(K=K, T=T, sigma=sigma, repeats=False)
        assert res.gamma_hat <= best + 1e-12
        assert best <= res.upper + 1e-12
        assert res.gamma_hat == pytest.approx(
            ig.information_gain(K=K[np.ix_(res.indices, res.indices)], sigma=sigma), rel=1e-10
        )


def test_greedy_first_pick_is_max_prior_variance():
    """The first greedy pick maximises k(x, x), and its gain is ½ log(1 + σ⁻² k(x, x))."""
    K = np.diag([0.2, 0.9, 0.5])
    res = ig.greedy_information_gain(K=K, T=1, sigma=1.0)
    assert res.indices[0] == 1
    assert res.gamma_hat == pytest.approx(0.5 * np.log1p(0.9))


def test_greedy_with_repeats_can_requery():
    """With repeats allowed, a single-point candidate set is queried T times; the gain is ½ log(1 + Tσ⁻²)."""
    res = ig.greedy_information_gain(K=[[1.0]], T=4, sigma=1.0)
    assert res.indices.tolist() == [0, 0, 0, 0]
    assert res.gamma_hat == pytest.approx(0.5 * np.log1p(4.0))


def test_additive_matern_exponent_matches_tau_balance():
    """[Kandasamy2015, App. B.1.2]: (τ+1)d/(2ν+d) = 1 - τ/d gives 1-τ*/d = d(d+1)/(2ν+d(d+1)), the printed
    exponent."""
    tau, nu, d = sp.symbols("tau nu d", positive=True)
    sol = sp.solve(sp.Eq((tau + 1) * d / (2 * nu + d), 1 - tau / d), tau)
    assert len(sol) == 1
    assert sp.simplify(1 - sol[0] / d - d * (d + 1) / (2 * nu + d * (d + 1))) == 0
    assert sp.simplify(sol[0] - 2 * nu * d / (2 * nu + d * (d + 1))) == 0
    T = 1e4
    value = ig.gamma_T_additive_matern(T=T, D=6, d=2, nu=2.5)
    assert value == pytest.approx(6 * 4 * T ** (6 / 11) * np.log(T))


def test_additive_rates_reduce_to_srinivas_shape():
    """At D = d (one group) the additive SE rate is d^{d+1} times the (log T)^{d+1} of
    [Srinivas2010, Thm 5]."""
    T = np.array([10.0, 100.0, 1000.0])
    np.testing.assert_allclose(ig.gamma_T_additive_SE(T=T, D=3, d=3), 3**4 * ig.gamma_T_SE(T=T, d=3))
    np.testing.assert_allclose(ig.gamma_T_all_dth_order(T=T, D=3, d=1), 3 * ig.gamma_T_SE(T=T, d=1))


def test_rates_zero_at_T1_and_increase():
    """Every log-T rate is 0 at T = 1 and strictly increasing in T."""
    T = np.array([1.0, 2.0, 10.0, 1e3])
    for values in (
        ig.gamma_T_linear(T=T, d=2),
        ig.gamma_T_SE(T=T, d=2),
        ig.gamma_T_matern(T=T, d=2, nu=2.5),
        ig.gamma_T_additive_SE(T=T, D=4, d=2),
        ig.gamma_T_additive_matern(T=T, D=4, d=2, nu=3.0),
        ig.gamma_T_all_dth_order(T=T, D=4, d=2),
    ):
        assert values[0] == 0 and np.all(np.diff(values) > 0)


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: ig.information_gain(K=[[1.0, 0.0]], sigma=1.0), "square"),
        (lambda: ig.information_gain(K=[[1.0, 0.3], [0.0, 1.0]], sigma=1.0), "symmetric"),
        (lambda: ig.information_gain(K=[[1.0]], sigma=0.0), r"sigma=0.0 is outside its domain \(0, inf\)"),
        (lambda: ig.information_gain(K=[[1.0]], sigma=1.0, method="qr"), "method='qr'"),
        (lambda: ig.information_gain(K=[[-5.0]], sigma=1.0), "positive definite"),
        (lambda: ig.information_gain(K=[[np.nan]], sigma=1.0), "non-finite"),
        (lambda: ig.greedy_information_gain(K=np.eye(2), T=0, sigma=1.0), "T=0 is outside"),
        (lambda: ig.greedy_information_gain(K=np.eye(2), T=3, sigma=1.0, repeats=False), "T=3 is outside"),
        (lambda: ig.gamma_T_SE(T=0.5, d=1), "T=0.5 is outside"),
        (lambda: ig.gamma_T_additive_SE(T=10, D=2, d=3), "d=3 is outside"),
        (
            lambda: ig.gamma_T_additive_matern(T=10, D=2, d=1, nu=2.0),
            r"nu=2.0 is outside its domain \(2, inf\)",
        ),
        (lambda: ig.gamma_T_matern(T=10, d=1, nu=1.0), "nu=1.0 is outside"),
        (lambda: ig.gamma_T_trivial_upper(T=3, sigma=1.0, kmax=-1.0), "kmax=-1.0 is outside"),
    ],
)
def test_validation_errors(call, match):
    """Bad inputs raise ValueError naming the parameter, its value and its domain."""
    with pytest.raises(ValueError, match=match):
        call()
