"""Deterministic tests of regretlab.bounds.add_gp_ucb (ADD.*)."""

import itertools

import numpy as np
import pytest
import scipy.integrate
import scipy.special
import scipy.stats
import sympy as sp

import regretlab.bounds.add_gp_ucb as add
from regretlab.bounds._registry import FORMULAS, NOT_EXECUTABLE, paper_module
from regretlab.bounds.catalogue import CATALOGUE_IDS
from regretlab.bounds.information_gain import gamma_T_additive_matern, gamma_T_additive_SE, information_gain


def test_every_add_id_is_covered():
    """Every ADD.* catalogue id is a function or an explicit, specific not-executable entry."""
    import regretlab.bounds.gp_ucb  # noqa: F401  (GPUCB.beta_t)
    import regretlab.bounds.information_gain  # noqa: F401  (ADD.gamma_T_*)

    for id_ in (i for i in CATALOGUE_IDS if i.startswith("ADD.")):
        assert id_ in FORMULAS or id_ in NOT_EXECUTABLE, id_
    for id_ in ("ADD.obs1", "ADD.posterior_component", "ADD.synthetic_f"):
        assert "regretlab." in NOT_EXECUTABLE[id_]
    for id_, func in FORMULAS.items():
        if id_.startswith("ADD.") and paper_module(func) == "add_gp_ucb":
            assert isinstance(func.latex, str) and func.latex


@pytest.mark.parametrize("r", [0.1, 0.7, 2.0])
def test_matern_special_cases(r):
    """[Kandasamy2015, Eq. (3)]: ν=1/2 gives e^{-r/h}, ν=3/2 gives (1+√3r/h)e^{-√3r/h}; the value tends to 1
    as r → 0."""
    h = 0.8
    assert add.kernel_matern(r=r, nu=0.5, h=h) == pytest.approx(np.exp(-r / h), rel=1e-10)
    z = np.sqrt(3) * r / h
    assert add.kernel_matern(r=r, nu=1.5, h=h) == pytest.approx((1 + z) * np.exp(-z), rel=1e-10)
    assert add.kernel_matern(r=1e-8, nu=2.5, h=h) == pytest.approx(1.0, abs=1e-6)


def test_add_ucb_argmax_is_concatenation_of_group_argmaxes():
    """[Kandasamy2015, Alg. 1]: on a product grid, the argmax of φ̃_t is the concatenation of per-group
    argmaxes."""
    rng = np.random.default_rng(0)
    mu1, s1, mu2, s2 = rng.normal(size=5), rng.random(5), rng.normal(size=6), rng.random(6)
    mu = np.stack(np.broadcast_arrays(mu1[:, None], mu2[None, :]), axis=-1)
    sig = np.stack(np.broadcast_arrays(s1[:, None], s2[None, :]), axis=-1)
    values = add.add_ucb(mu=mu, sigma=sig, beta=2.0)
    i, j = np.unravel_index(np.argmax(values), values.shape)
    assert i == np.argmax(mu1 + np.sqrt(2) * s1) and j == np.argmax(mu2 + np.sqrt(2) * s2)


def test_beta_thm5_equals_lemma10_form_sympy():
    """Catalogue check: β_t of Thm 5 = 2 log(ω_m M π_t/(δ/3)) with ω_m = (Dt³)^d, π_t = π²t²/6."""
    t, M, d, D, delta = sp.symbols("t M d D delta", positive=True)
    lemma10 = 2 * sp.log((D * t**3) ** d * M * (sp.pi**2 * t**2 / 6) / (delta / 3))
    thm5 = 2 * sp.log(M * sp.pi**2 * t**2 / (2 * delta)) + 2 * d * sp.log(D * t**3)
    assert sp.simplify(sp.expand_log(lemma10 - thm5, force=True)) == 0
    assert add.beta_t_thm5(t=4, M=3, d=2, D=6, delta=0.1) == pytest.approx(
        add.beta_t_lemma10(t=4, omega_m=(6 * 64) ** 2, M=3, delta=0.1 / 3)
    )


def test_beta_practical_quoted_values():
    """[Kandasamy2015, §5.1]: d = D = 10 gives 2 log(2t); Add-2/5 gives 0.4 log(2t)."""
    t = np.arange(1, 6)
    np.testing.assert_allclose(add.beta_t_practical(t=t, d=10), 2 * np.log(2 * t))
    np.testing.assert_allclose(add.beta_t_practical(t=t, d=2), 0.4 * np.log(2 * t))


@pytest.mark.parametrize("D, d, M", [(4, 2, 2), (6, 2, 3), (6, 3, 2), (4, 1, 4), (3, 3, 1)])
def test_decomposition_count_against_enumeration(D, d, M):
    """Brute-force count of partitions of D coordinates into M unlabelled groups of size d = reading B."""
    partitions = set()
    for perm in itertools.permutations(range(D)):
        blocks = frozenset(frozenset(perm[k * d : (k + 1) * d]) for k in range(M))
        partitions.add(blocks)
    assert add.decomposition_count(D=D, d=d, M=M, reading="B") == len(partitions)
    printed = scipy.special.factorial(D) / (scipy.special.factorial(d) * scipy.special.factorial(M))
    assert add.decomposition_count(D=D, d=d, M=M, reading="A") == printed


def test_printed_decomposition_count_differs_from_enumeration():
    """The printed D!/d!M! over-counts at (D, d, M) = (6, 2, 3): 60 versus 15 partitions."""
    assert add.decomposition_count(D=6, d=2, M=3, reading="A") == 60
    assert add.decomposition_count(D=6, d=2, M=3, reading="B") == 15


def test_budgets_match_section5():
    """[Kandasamy2015, §5]: at D = 10 GP-UCB gets 1000 DiRect evaluations, Add-2/5 180 per group; cap 5000."""
    b = add.budgets(D=10, M=5)
    assert (b.gp_ucb, b.add_per_group) == (1000.0, pytest.approx(180.0))
    assert add.budgets(D=80, M=8).gp_ucb == 5000.0


@pytest.mark.parametrize("alpha, T_plus, d", [(1.0, 2.0, 2), (0.5, 10.0, 4), (2.0, 0.0, 3)])
def test_thm4_1_integral_identity(alpha, T_plus, d):
    """[Kandasamy2015, App. B.1.1]: ∫_{T+}^∞ exp(-α x^{1/d}) dx = d α^{-d} Γ(d, α T+^{1/d}) (numerical
    quadrature)."""
    numeric, _ = scipy.integrate.quad(lambda x: np.exp(-alpha * x ** (1 / d)), T_plus, np.inf, limit=200)
    assert add.thm4_1_tail_integral(alpha=alpha, T_plus=T_plus, d=d) == pytest.approx(numeric, rel=1e-7)


@pytest.mark.parametrize("s", [1, 2, 3, 5])
def test_upper_gamma_bound_on_grid(s):
    """[Kandasamy2015, App. B.1.1]: Γ(s, x) <= s! e^{-x} x^{s-1} on x ∈ [1, 50]."""
    x = np.linspace(1, 50, 200)
    exact = scipy.special.gammaincc(s, x) * scipy.special.gamma(s)
    assert np.all(exact <= add.upper_gamma_bound(s=s, x=x) * (1 + 1e-12))


@pytest.mark.xfail(raises=AssertionError,
    strict=True, reason="T* <= (M+1) floor(T*/M) fails at T*=1, M=2 (and whenever T* mod M > T*/M)"
)
def test_tstar_printed_step_all_small_integers():
    """[Kandasamy2015, App. B.1.1] as printed: T* <= (M+1)T+ for all T*, M in 1..20 (fails: ERRATA)."""
    Ts, Ms = np.meshgrid(np.arange(1, 21), np.arange(1, 21))
    assert np.all(add.tstar_bound_holds(T_star=Ts, M=Ms, reading="A"))


def test_tstar_corrected_and_large_Tstar():
    """Corrected T* <= M(T+ + 1) holds for all T*, M; the printed form holds once T* >= M(M-1)."""
    Ts, Ms = np.meshgrid(np.arange(1, 61), np.arange(1, 9))
    assert np.all(add.tstar_bound_holds(T_star=Ts, M=Ms, reading="B"))
    big = Ts >= Ms * (Ms - 1)
    assert np.all(add.tstar_bound_holds(T_star=Ts[big], M=Ms[big], reading="A"))


@pytest.mark.parametrize("T_plus, p", [(1, 1.5), (3, 2.0), (10, 5.0)])
def test_thm4_2_tail_sum(T_plus, p):
    """[Kandasamy2015, App. B.1.2]: Σ_{s>T+} s^{-p} (Hurwitz zeta) <= T+^{-p} + T+^{1-p}/(p-1)."""
    assert scipy.special.zeta(p, T_plus + 1) <= add.thm4_2_tail_sum_bound(T_plus=T_plus, p=p)


def test_normal_tail_bound_on_grid():
    """Lemma 10 proof: Pr(z > c) <= ½ e^{-c²/2} for c ∈ [0, 8]."""
    c = np.linspace(0, 8, 161)
    assert np.all(scipy.stats.norm.sf(c) <= add.normal_tail_bound(c=c))


def test_thm8_bound_is_at_least_trivial_term():
    """Thm 8 at B_κ = 0 is at least ½/(1-1/e) T* log(T n_T/η²) (the r = T term) and grows with B_κ."""
    T, T_star, tau, eta, d = 50, 5, 1.0, 0.5, 2
    n_T = (4 * d + 2) * T**tau * np.log(T)
    base = add.thm8_bound(T=T, T_star=T_star, tau=tau, eta=eta, d=d, B_kappa=0.0)
    assert base >= 0.5 / (1 - np.exp(-1)) * T_star * np.log(T * n_T / eta**2) - 1e-9
    assert add.thm8_bound(T=T, T_star=T_star, tau=tau, eta=eta, d=d, B_kappa=1.0) > base


def test_table1_from_thm4_and_regret_rate():
    """Table 1 vs √(Dγ_T T log T) with Thm 4's γ_T: SE entries agree exactly; Matérn exponents agree,
    coefficients are 2^{d/2}D (derived) versus printed 2^d D, and 2^{D/2}D versus printed 2^D√D."""
    T, D, d, nu = 1000.0, 10, 2, 2.5
    derived_se = np.sqrt(D * gamma_T_additive_SE(T=T, D=D, d=d) * T * np.log(T))
    assert add.table1_rate(T=T, D=D, d=d) == pytest.approx(derived_se, rel=1e-12)
    derived_se_gp = np.sqrt(D * gamma_T_additive_SE(T=T, D=D, d=D) * T * np.log(T))
    assert add.table1_rate(T=T, D=D, d=d, algorithm="GP-UCB") == pytest.approx(derived_se_gp, rel=1e-12)
    derived_m = np.sqrt(D * gamma_T_additive_matern(T=T, D=D, d=d, nu=nu) * T * np.log(T))
    printed_m = add.table1_rate(T=T, D=D, d=d, kernel="Matern", nu=nu)
    assert printed_m / derived_m == pytest.approx(2 ** (d / 2), rel=1e-12)
    derived_mg = np.sqrt(D * gamma_T_additive_matern(T=T, D=D, d=D, nu=nu) * T * np.log(T))
    printed_mg = add.table1_rate(T=T, D=D, d=d, kernel="Matern", algorithm="GP-UCB", nu=nu)
    assert printed_mg / derived_mg == pytest.approx(2 ** (D / 2) / np.sqrt(D), rel=1e-12)


def test_regret_thm5_gpucb_relation():
    """Thm 5's first term (C1 = 1/log(1+η⁻²)) equals gp_ucb's √(C1' T β γ), C1' = 8/log(1+η⁻²), at M=1."""
    from regretlab.bounds.gp_ucb import cumulative_regret_bound

    val = add.regret_thm5(T=50, beta_T=3.0, M=1, gamma_T=4.0, eta=0.3, zeta0=0.0, C2=0.0)
    assert val == pytest.approx(cumulative_regret_bound(T=50, beta_T=3.0, gamma_T=4.0, sigma=0.3))


def _repeated_point(n, M=2):
    return np.full((M, n, n), 1.0 / M)


def test_component_variances_identity_and_sum():
    """σ² of the sum equals Σ_j σ_j² + 2Σ cov; for one group the joint and component variances coincide."""
    rng = np.random.default_rng(1)
    X = rng.random((6, 2))
    Ks = np.array([0.5 * np.exp(-((X[:, j, None] - X[None, :, j]) ** 2) / 0.08) for j in range(2)])
    comp, joint = add.component_posterior_variances(K_components=Ks, eta=0.3)
    K = Ks.sum(axis=0)
    for t in range(1, 6):
        A = np.linalg.inv(K[:t, :t] + 0.09 * np.eye(t))
        var = [Ks[j][t, t] - Ks[j][t, :t] @ A @ Ks[j][:t, t] for j in range(2)]
        cov = -Ks[0][t, :t] @ A @ Ks[1][:t, t]
        np.testing.assert_allclose(comp[t], var, rtol=1e-9)
        assert joint[t] == pytest.approx(var[0] + var[1] + 2 * cov, rel=1e-9)
    one_comp, one_joint = add.component_posterior_variances(K_components=Ks[:1] * 2, eta=0.3)
    np.testing.assert_allclose(one_comp[:, 0], one_joint, rtol=1e-12)
    # the joint variances equal the single-kernel chain-rule variances of the summed kernel
    info = information_gain(K=Ks.sum(axis=0), sigma=0.3)
    assert 0.5 * np.sum(np.log1p(joint / 0.09)) == pytest.approx(info, rel=1e-10)


@pytest.mark.xfail(raises=AssertionError,
    strict=True, reason="[Kandasamy2015, Eq. (14) (⋆)] as printed fails: a point queried 5 times, M=2, η=0.1"
)
def test_eq14_printed_repeated_query():
    """[Kandasamy2015, Eq. (14) as printed] on one point queried repeatedly (authors' erratum): expected to
    fail."""
    assert add.eq14_chain(K_components=_repeated_point(5), eta=0.1, reading="A").all_hold


def test_eq14_corrected_repeated_query():
    """The corrected chain (reading B: variance of the sum) holds on the same repeated-query sequence."""
    chain = add.eq14_chain(K_components=_repeated_point(5), eta=0.1, reading="B")
    assert chain.all_hold and np.all(chain.step_star_holds)


def test_c2_third_term_sum_vs_closed_form():
    """C2 issue (c): the Lemma-11 sum is below the printed Lπ^{3/2}/√(12pδ)/η at δ = 0.1, above at δ = 0.5."""
    closed = lambda delta: np.pi**1.5 / np.sqrt(12 * delta)  # noqa: E731
    assert add.C2_lemma11_sum(L=1.0, eta=1.0, p=1, delta=0.1) < closed(0.1)
    assert add.C2_lemma11_sum(L=1.0, eta=1.0, p=1, delta=0.5) > closed(0.5)


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: add.kernel_SE(r=-1.0, sigma=1.0, h=1.0), "r=-1.0 is outside"),
        (lambda: add.kernel_matern(r=1.0, nu=0.0, h=1.0), "nu=0.0 is outside"),
        (lambda: add.add_ucb(mu=[0.0, 1.0], sigma=[1.0], beta=1.0), "equal shapes"),
        (lambda: add.beta_t_thm5(t=1, M=1, d=3, D=2, delta=0.1), "d=3 is outside"),
        (lambda: add.beta_t_thm5(t=1, M=0, d=1, D=2, delta=0.1), "M=0 is outside"),
        (lambda: add.lemma11_slope(t=1, f_star=0.0, eta=1.0, L=1.0, delta=0.9), "delta=0.9 is outside"),
        (lambda: add.eq10_lipschitz(a=0.5, b=1.0, p=1, delta=0.1), "a=0.5 is outside"),
        (lambda: add.discretisation_error(t=1, a=1.0, b=1.0, p=1, delta=0.1, reading="C"), "reading='C'"),
        (
            lambda: add.C2_thm5(a=1.0, b=1.0, p=1, delta=0.9, L=1.0, f_star=0.0, eta=1.0),
            "delta=0.9 is outside",
        ),
        (lambda: add.sigma_log_ineq(sigma2=1.5, eta=1.0), "sigma2=1.5 is outside"),
        (lambda: add.eq14_chain(K_components=np.ones((2, 2, 2)), eta=0.1), "outside its domain"),
        (lambda: add.eq14_chain(K_components=np.ones((2, 2)), eta=0.1), "dimension"),
        (lambda: add.decomposition_count(D=5, d=2, M=2), "D=5 is outside"),
        (lambda: add.table1_rate(T=10, D=3, d=1, kernel="Matern"), "nu=None"),
        (lambda: add.thm8_bound(T=10, T_star=11, tau=1.0, eta=1.0, d=1, B_kappa=0.0), "T_star=11 is outside"),
        (lambda: add.thm4_2_tail_sum_bound(T_plus=2.0, p=1.0), "p=1.0 is outside"),
        (lambda: add.tstar_bound_holds(T_star=0, M=1), "T_star=0 is outside"),
        (lambda: add.costs(zeta=0.0, D=2, d=1, M=2, t=1), "zeta=0.0 is outside"),
        (lambda: add.budgets(D=0, M=1), "D=0 is outside"),
    ],
)
def test_validation_errors(call, match):
    """Bad inputs raise ValueError naming the parameter, its value and its domain."""
    with pytest.raises(ValueError, match=match):
        call()
