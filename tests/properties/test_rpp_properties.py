"""Hypothesis properties of the inequalities stated in [Li2016], regretlab.bounds.rpp."""

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import regretlab.bounds.rpp as rpp

finite = dict(allow_nan=False, allow_infinity=False)
seeds = st.integers(0, 2**32 - 1)
dims = st.integers(1, 6)


def _W(seed, D, scale):
    return np.random.default_rng(seed).normal(size=(D, D)) * scale + np.eye(D)


@given(seed=seeds, D=dims, scale=st.floats(0.0, 3.0, **finite))
@example(seed=0, D=1, scale=0.0)
def test_outer_box_ratio_at_least_one(seed, D, scale):
    """Eq. 8: rho(W) = prod ||w_j||_1 / |det W| >= 1 (reading B; Hadamard + ||.||_1 >= ||.||_2)."""
    assert rpp.outer_box_ratio(W=_W(seed, D, scale)) >= 1.0 - 1e-12


@given(seed=seeds, D=dims, scale=st.floats(0.0, 3.0, **finite))
def test_outer_box_ratio_is_one_at_alpha_one(seed, D, scale):
    """Eq. 7-8: W_hat(alpha=1) = I, so rho = 1 exactly (the additive model is always feasible)."""
    assert rpp.outer_box_ratio(W=rpp.restricted_W(W=_W(seed, D, scale), alpha=1.0)) == 1.0


@given(seed=seeds, D=dims, scale=st.floats(0.0, 3.0, **finite), delta=st.floats(0.0, 2.0, **finite))
@example(seed=0, D=2, scale=1.0, delta=0.0)
def test_alpha_search_result_satisfies_delta_ratio_constraint(seed, D, scale, delta):
    """Eq. 8: the returned alpha satisfies rho(W_hat(alpha)) <= 1 + delta, and alpha=1 is always feasible."""
    W = _W(seed, D, scale)
    res = rpp.alpha_search(W=W, delta=delta, n_grid=21)
    assert res.feasible[-1]
    ratio = rpp.outer_box_ratio(W=rpp.restricted_W(W=W, alpha=res.alpha))
    assert ratio <= (1.0 + delta) * (1.0 + 1e-12)


@given(r=st.lists(st.floats(0.0, 1e6, **finite), min_size=1, max_size=50))
@example(r=[0.0])
def test_simple_regret_at_most_average_regret(r):
    """§2: S_T = min r_t <= R_T / T."""
    s = rpp.regret_defs(r=r)
    assert s.simple <= s.average * (1 + 1e-12) + 1e-300


@given(
    s=st.lists(st.floats(0.0, 100.0, **finite), min_size=1, max_size=60), C1=st.floats(0.01, 10.0, **finite)
)
def test_lemma14_cauchy_schwarz(s, C1):
    """Lemma 14: if sum_t (2 beta^1/2 sigma_t)^2 <= C1 beta_T gamma_T then sum_t 2 beta^1/2 sigma_t <=
    sqrt(C1 T beta_T gamma_T); drawn sequences with gamma_T set so the premise holds with equality."""
    a = np.asarray(s)
    gamma = float((a**2).sum()) / C1  # beta_T = 1
    assert a.sum() <= rpp.lemma14_bound(C1=C1, T=a.size, beta_T=1.0, gamma_T=gamma) * (1 + 1e-12) + 1e-12


@given(
    T=st.integers(1, 10**6),
    beta=st.floats(0.0, 100.0, **finite),
    C=st.floats(0.0, 5.0, **finite),
    eps=st.floats(0.0, 1.0, **finite),
)
@example(T=1, beta=0.0, C=0.0, eps=0.0)
def test_thm7_reading_B_not_larger_than_printed(T, beta, C, eps):
    """Thm 7: (1/T) sum t^-2 <= sum t^-2, so reading B never exceeds the printed reading A (equal at T=1)."""
    kw = dict(C1=1.0, T=T, beta_T=beta, gamma_T=1.0, C=C, epsilon=eps)
    a = rpp.thm7_average_regret_bound(**kw, reading="A")
    b = rpp.thm7_average_regret_bound(**kw, reading="B")
    assert b <= a * (1 + 1e-12)


@given(
    sig=st.lists(st.floats(0.0, 1.0, **finite), min_size=1, max_size=40),
    beta=st.floats(0.0, 10.0, **finite),
    C=st.floats(0.0, 2.0, **finite),
    eps=st.floats(0.0, 1.0, **finite),
)
def test_thm7_reading_B_follows_from_lemmas_13_and_14(sig, beta, C, eps):
    """App. B.5: (1/T) sum of the Lemma 13 bounds <= Thm 7 (reading B) with gamma_T from the premise of
    Lemma 14 (sum 4 beta sigma^2 = C1 beta gamma)."""
    s = np.asarray(sig)
    T = s.size
    avg_l13 = np.mean(
        [rpp.lemma13_rt(beta_t=beta, sigma=x, C=C, epsilon=eps, t=t + 1) for t, x in enumerate(s)]
    )
    gamma = float((4 * s**2).sum())  # C1 = 1, beta cancels
    bound = rpp.thm7_average_regret_bound(C1=1.0, T=T, beta_T=beta, gamma_T=gamma, C=C, epsilon=eps)
    assert avg_l13 <= bound * (1 + 1e-10) + 1e-12


@given(seed=seeds, D=dims)
@example(seed=0, D=1)
def test_assumption3_epsilon_at_most_one(seed, D):
    """Assumption 3: z = x / sqrt(D) for x in [0,1]^D has ||z|| <= 1."""
    x = np.random.default_rng(seed).uniform(size=D)
    assert rpp.assumption3_rescale(x=x)[1] <= 1.0 + 1e-15


@pytest.mark.xfail(
    raises=AssertionError, strict=True, reason="x = (1, ..., 1) gives ||z|| = 1 exactly, not < 1")
@given(seed=seeds, D=dims)
@example(seed=0, D=3).via("corner x = 1")
def test_assumption3_printed_strict_epsilon_below_one(seed, D):
    """Assumption 3 as printed: ||z|| = epsilon < 1 on the whole domain; the corner x = 1 is pinned."""
    x = np.ones(D) if seed == 0 else np.random.default_rng(seed).uniform(size=D)
    assert rpp.assumption3_rescale(x=x)[1] < 1.0
