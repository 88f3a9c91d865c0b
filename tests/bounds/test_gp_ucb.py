"""Deterministic tests of regretlab.bounds.gp_ucb (GP.ucb/lcb, SRINIVAS.*, GPUCB.beta_t)."""


import numpy as np
import pytest
import sympy as sp

import regretlab.bounds.add_gp_ucb as add
import regretlab.bounds.gp_ucb as g
from regretlab.bounds._registry import FORMULAS, NOT_EXECUTABLE
from regretlab.bounds.information_gain import sequential_posterior_variances


def test_registry_ids():
    """Catalogue ids map to this module's functions; GP.posterior is not executable with a reason."""
    assert FORMULAS["GP.ucb"] is g.ucb and FORMULAS["GP.lcb"] is g.lcb
    assert FORMULAS["SRINIVAS.C1"] is g.C1
    assert FORMULAS["SRINIVAS.beta_t_thm2"] is g.beta_t_srinivas_thm2
    assert FORMULAS["GPUCB.beta_t"] is g.beta_t_gpucb_thm6
    assert "regretlab.gp.posterior" in NOT_EXECUTABLE["GP.posterior"]


@pytest.mark.parametrize("sigma", [0.0, 1.0])
def test_ucb_readings_agree_where_sigma_is_0_or_1(sigma):
    """√(βσ) = √β σ exactly when σ ∈ {0, 1}."""
    assert g.ucb(mu=0.3, sigma=sigma, beta=2.0, reading="A") == pytest.approx(
        g.ucb(mu=0.3, sigma=sigma, beta=2.0, reading="B")
    )


@pytest.mark.parametrize("sigma", [0.01, 0.5, 2.0])
def test_ucb_readings_differ_elsewhere(sigma):
    """The [TranThe2020-ext] typo √(βσ) differs from √β σ for σ ∉ {0, 1}, β > 0; UCB and LCB are symmetric
    about μ."""
    a = g.ucb(mu=0.0, sigma=sigma, beta=3.0, reading="A")
    b = g.ucb(mu=0.0, sigma=sigma, beta=3.0, reading="B")
    assert abs(a - b) > 1e-6
    assert g.ucb(mu=1.0, sigma=sigma, beta=3.0) + g.lcb(mu=1.0, sigma=sigma, beta=3.0) == pytest.approx(2.0)


def test_ucb_broadcasts():
    """UCB broadcasts over arrays of μ and σ."""
    out = g.ucb(mu=np.zeros(3), sigma=np.array([0.0, 1.0, 2.0]), beta=4.0)
    np.testing.assert_allclose(out, [0.0, 2.0, 4.0])


def test_C1_readings_coincide_at_unit_noise_and_swap():
    """C1 readings A and B agree at σ = 1, and A(σ) = B(1/σ)."""
    assert g.C1(sigma=1.0, reading="A") == pytest.approx(g.C1(sigma=1.0, reading="B"))
    for s in (0.1, 0.7, 3.0):
        assert g.C1(sigma=s, reading="A") == pytest.approx(g.C1(sigma=1 / s, reading="B"))


def test_gpucb_beta_vs_thm5_at_one_group():
    """Catalogue check (sympy): Thm 6's β_t minus Thm 5's at M = 1, d = D is exactly 2 log 4."""
    t, D, delta = sp.symbols("t D delta", positive=True)
    thm6 = 2 * sp.log(2 * t**2 * sp.pi**2 / delta) + 2 * D * sp.log(D * t**3)
    thm5 = 2 * sp.log(1 * sp.pi**2 * t**2 / (2 * delta)) + 2 * D * sp.log(D * t**3)
    assert sp.simplify(sp.expand_log(thm6 - thm5, force=True) - 2 * sp.log(4)) == 0
    for tt, DD, dd in [(1, 1, 0.1), (7, 5, 0.01)]:
        diff = g.beta_t_gpucb_thm6(t=tt, D=DD, delta=dd) - add.beta_t_thm5(t=tt, M=1, d=DD, D=DD, delta=dd)
        assert diff == pytest.approx(2 * np.log(4))


def test_srinivas_thm2_vs_msucb_form():
    """SRINIVAS.beta_t_thm2 = its first log + 2d log(t² d b r √log(4da/δ)) (second term as printed)."""
    t, d, delta, a, b = 5, 3, 0.05, 2.0, 1.5
    ours = g.beta_t_srinivas_thm2(t=t, d=d, delta=delta, a=a, b=b, r=2.0)
    second = 2 * d * np.log(t**2 * d * b * 2.0 * np.sqrt(np.log(4 * d * a / delta)))
    assert ours - second == pytest.approx(2 * np.log(2 * t**2 * np.pi**2 / (3 * delta)))


def test_beta_finite_is_increasing():
    """[Srinivas2010, Thm 1]'s β_t increases in t and |X|, decreases in δ."""
    b = g.beta_t_finite(t=np.arange(1, 6), n_points=10, delta=0.1)
    assert np.all(np.diff(b) > 0)
    assert g.beta_t_finite(t=3, n_points=20, delta=0.1) > g.beta_t_finite(t=3, n_points=10, delta=0.1)
    assert g.beta_t_finite(t=3, n_points=10, delta=0.01) > g.beta_t_finite(t=3, n_points=10, delta=0.1)


def _realised_sequence(noise_sigma, T=12, seed=0):
    X = np.random.default_rng(seed).random((T, 1))
    K = np.exp(-((X - X.T) ** 2) / (2 * 0.2**2))
    var = sequential_posterior_variances(K=K, sigma=noise_sigma)
    beta = g.beta_t_finite(t=np.arange(1, T + 1), n_points=100, delta=0.1)
    return beta, var


@pytest.mark.parametrize("noise_sigma", [0.05, 0.5, 1.0, 2.0, 10.0])
def test_c1_reading_A_holds_on_realised_sequence(noise_sigma):
    """C1 reading A ([Ha2019, Eq. (22)]): Σ 4β_t σ²_{t-1} <= C1 β_T I on an SE sequence, noise on both sides
    of 1."""
    beta, var = _realised_sequence(noise_sigma)
    check = g.c1_inequality(beta=beta, variances=var, sigma=noise_sigma, reading="A")
    assert check.lhs > 0 and check.holds


@pytest.mark.parametrize("noise_sigma", [0.05, 0.5, 1.0])
def test_c1_reading_B_holds_for_noise_at_most_1(noise_sigma):
    """C1 reading B ([TranThe2020-ext, Prop. 4]) is the larger constant when σ <= 1, so it holds there."""
    beta, var = _realised_sequence(noise_sigma)
    assert g.c1_inequality_holds(beta=beta, variances=var, sigma=noise_sigma, reading="B")


@pytest.mark.xfail(raises=AssertionError,
    strict=True, reason="C1 = 8/log(1+σ²) of [TranThe2020-ext, Prop. 4] fails for σ > 1: σ=10, one query"
)
@pytest.mark.parametrize("noise_sigma", [2.0, 10.0])
def test_c1_reading_B_printed_for_noise_above_1(noise_sigma):
    """Printed [TranThe2020-ext, Prop. 4 (reading B)] for σ > 1 on realised sequences: expected to fail
    (ERRATA)."""
    beta, var = _realised_sequence(noise_sigma)
    assert g.c1_inequality_holds(beta=beta, variances=var, sigma=noise_sigma, reading="B")


def test_cumulative_regret_bound_value():
    """√(C1 T β_T γ_T) with C1 = 8/log 2 at σ = 1."""
    assert g.cumulative_regret_bound(T=10, beta_T=2.0, gamma_T=3.0, sigma=1.0) == pytest.approx(
        np.sqrt(8 / np.log(2) * 60)
    )


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: g.ucb(mu=0.0, sigma=-1.0, beta=1.0), r"sigma=-1.0 is outside its domain \[0, inf\)"),
        (lambda: g.ucb(mu=0.0, sigma=1.0, beta=-1.0), "beta=-1.0 is outside"),
        (lambda: g.ucb(mu=0.0, sigma=1.0, beta=1.0, reading="C"), "reading='C'"),
        (lambda: g.lcb(mu=np.inf, sigma=1.0, beta=1.0), "mu=inf is not finite"),
        (lambda: g.beta_t_finite(t=0, n_points=10, delta=0.1), "t=0 is outside"),
        (lambda: g.beta_t_finite(t=1, n_points=10, delta=1.0), r"delta=1.0 is outside its domain \(0, 1\)"),
        (lambda: g.beta_t_srinivas_thm2(t=1, d=1, delta=0.1, a=0.5, b=1.0, r=1.0), "a=0.5 is outside"),
        (lambda: g.beta_t_srinivas_thm2(t=1, d=1, delta=0.1, a=1.0, b=0.0, r=1.0), "b=0.0 is outside"),
        (lambda: g.beta_t_srinivas_thm2(t=1, d=1, delta=0.1, a=1.0, b=1.0, r=-1.0), "r=-1.0 is outside"),
        (lambda: g.beta_t_gpucb_thm6(t=1, D=0, delta=0.1), "D=0 is outside"),
        (lambda: g.beta_t_gpucb_thm6(t=1.5, D=1, delta=0.1), "t=1.5 is not an integer"),
        (lambda: g.C1(sigma=0.0), "sigma=0.0 is outside"),
        (lambda: g.c1_inequality(beta=[1.0, 0.5], variances=[0.5, 0.5], sigma=1.0), "not non-decreasing"),
        (
            lambda: g.c1_inequality(beta=[1.0], variances=[1.5], sigma=1.0),
            r"variances=.*1\.5.* is outside its domain",
        ),
        (lambda: g.c1_inequality(beta=[1.0], variances=[0.5, 0.5], sigma=1.0), "equal shapes"),
    ],
)
def test_validation_errors(call, match):
    """Bad inputs raise ValueError naming the parameter, its value and its domain."""
    with pytest.raises(ValueError, match=match):
        call()
