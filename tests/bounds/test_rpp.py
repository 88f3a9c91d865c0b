"""Deterministic tests of regretlab.bounds.rpp ([Li2016])."""

import itertools

import numpy as np
import pytest

import regretlab.bounds.rpp as rpp
from regretlab.bounds._registry import FORMULAS, NOT_EXECUTABLE

# Tables 1-2 (means ± SE over 50 runs) and the printed labels of Tables 3-4: (RPP, ADD, label).
TABLE_CELLS = {
    (50, 500, 5): ((151.1, 9.7), (180.3, 10.1), "win"),
    (50, 500, 10): ((30.2, 1.7), (35.4, 2.2), "win"),
    (50, 500, 25): ((152.4, 6.5), (164.5, 9.4), "tie"),
    (50, 1000, 5): ((136.8, 8.0), (153.4, 7.1), "win"),
    (50, 1000, 10): ((25.1, 1.9), (31.3, 2.1), "win"),
    (50, 1000, 25): ((75.7, 2.4), (77.8, 3.4), "tie"),
    (100, 500, 5): ((150.6, 12.2), (168.0, 8.1), "tie"),
    (100, 500, 10): ((98.9, 2.6), (109.8, 3.6), "win"),
    (100, 500, 25): ((159.0, 2.6), (175.8, 3.7), "win"),
    (100, 1000, 5): ((89.5, 5.0), (92.6, 3.0), "tie"),
    (100, 1000, 10): ((34.5, 1.1), (41.5, 1.4), "win"),
    (100, 1000, 25): ((85.1, 1.5), (85.8, 1.7), "tie"),
}


def _labels(reading):
    cells = list(TABLE_CELLS.values())
    res = rpp.ttest(
        mean_a=[c[0][0] for c in cells],
        se_a=[c[0][1] for c in cells],
        mean_b=[c[1][0] for c in cells],
        se_b=[c[1][1] for c in cells],
        reading=reading,
    )
    return list(res.label), [c[2] for c in cells]


def test_every_rpp_id_is_registered():
    """Each RPP.* catalogue id has a function or a not-executable reason naming where it lives."""
    from regretlab.bounds.catalogue import CATALOGUE_IDS

    for id_ in (i for i in CATALOGUE_IDS if i.startswith("RPP.")):
        assert id_ in FORMULAS or "regretlab." in NOT_EXECUTABLE[id_], id_
    for func in {f for k, f in FORMULAS.items() if k.startswith("RPP.")}:
        assert getattr(func, "latex", "").strip(), func.__name__


def test_outer_box_width_equals_column_l1_norm_by_vertex_enumeration():
    """Footnote 1 / Eq. 8: the range of z_j = w_j^T x over [0,1]^D (vertex enumeration) has width ||w_j||_1,
    so the ratio equals prod(widths) / |det W|."""
    rng = np.random.default_rng(3)
    W = rng.normal(size=(4, 4))
    vertices = np.array(list(itertools.product([0.0, 1.0], repeat=4)))
    z = vertices @ W
    widths = z.max(axis=0) - z.min(axis=0)
    np.testing.assert_allclose(widths, np.abs(W).sum(axis=0), rtol=1e-12)
    expected = np.prod(widths) / abs(np.linalg.det(W))
    assert rpp.outer_box_ratio(W=W) == pytest.approx(expected, rel=1e-10)


def test_outer_box_ratio_readings_differ_by_sign_of_det():
    """Reading A (signed det) is -(reading B) for an orientation-reversing W; singular W gives inf."""
    W = np.array([[1.0, 0.3], [0.2, -1.0]])
    assert rpp.outer_box_ratio(W=W, reading="A") == pytest.approx(-rpp.outer_box_ratio(W=W, reading="B"))
    assert rpp.outer_box_ratio(W=[[1.0, 1.0], [1.0, 1.0]]) == np.inf


def test_restricted_W_endpoints():
    """alpha=0 gives W (projection pursuit), alpha=1 gives I (additive)."""
    W = np.array([[2.0, 1.0], [0.5, 3.0]])
    np.testing.assert_array_equal(rpp.restricted_W(W=W, alpha=0.0), W)
    np.testing.assert_array_equal(rpp.restricted_W(W=W, alpha=1.0), np.eye(2))
    assert rpp.restricted_W(W=W, alpha=[0.0, 0.5, 1.0]).shape == (3, 2, 2)


def test_alpha_search_maximises_likelihood_over_feasible_grid_only():
    """With a likelihood preferring small alpha, the chosen alpha is the smallest feasible one; with a huge
    delta every alpha is feasible (unconstrained PP-GP) and alpha=0 wins."""
    W = np.array([[1.0, 0.8], [-0.6, 1.0]])

    def ll(W_hat):
        return -float(np.abs(W_hat - W).sum())  # best at W_hat = W, i.e. alpha = 0

    res = rpp.alpha_search(W=W, delta=0.2, log_likelihood=ll, n_grid=51)
    assert res.status == 0 and res.feasible[res.alphas == res.alpha].all()
    assert res.alpha == res.alphas[res.feasible].min()
    assert np.isnan(res.log_likelihoods[~res.feasible]).all()
    assert rpp.alpha_search(W=W, delta=1e6, log_likelihood=ll).alpha == 0.0


def test_alpha_search_delta_zero_gives_one_unless_diagonal():
    """delta = 0: alpha = 1 for a non-diagonal W; any alpha for a diagonal W (alpha = 0 kept)."""
    assert rpp.alpha_search(W=[[1.0, 0.5], [0.5, 1.0]], delta=0.0).alpha == 1.0
    assert rpp.alpha_search(W=[[2.0, 0.0], [0.0, 0.5]], delta=0.0).alpha == 0.0


def test_pp_transform_round_trip():
    """x == inv(W).T @ (W.T @ x) for a random invertible W (Eq. 6 / Alg. 2)."""
    rng = np.random.default_rng(1)
    W = rng.normal(size=(5, 5)) + 3 * np.eye(5)
    x = rng.uniform(size=(7, 5))
    z = rpp.pp_transform(W=W, x=x)
    np.testing.assert_allclose(z, x @ W)
    np.testing.assert_allclose(rpp.pp_transform(W=W, z=z), x, atol=1e-12)


@pytest.mark.parametrize("reading", ["A", "B"])
def test_ttest_reproduces_most_printed_labels(reading):
    """Recompute the 12 win/tie labels of Tables 3-4 from Tables 1-2: two-sided Welch matches 10 of 12,
    one-sided 11 of 12 (measured numbers; a change in either means the test code changed)."""
    got, printed = _labels(reading)
    matches = sum(g == p for g, p in zip(got, printed, strict=True))
    assert matches == {"A": 10, "B": 11}[reading]


@pytest.mark.xfail(raises=AssertionError,
    strict=True,
    reason="cell D=50, T=1000, d=5: RPP 136.8±8.0 vs ADD 153.4±7.1 gives one-sided "
    "p=0.062, two-sided p=0.124 ('tie'), but Table 3 prints 'win'",
)
def test_ttest_some_reading_reproduces_all_printed_labels():
    """The paper's t-test labels (Tables 3-4) follow from its Tables 1-2 under some reading."""
    assert any(_labels(r)[0] == _labels(r)[1] for r in ("A", "B"))


def test_prop4_and_prop5_orders_by_log_log_slope():
    """|f - g| = O(eps^2) (Prop 4) and |f - h| = O(eps^3) (Prop 5) for f(z) = sum_k exp(a_k^T z) in 4-D:
    fitted log-log slopes over eps in [0.0125, 0.1] are near 2 and 3."""
    rng = np.random.default_rng(0)
    A = rng.normal(size=(2, 4))
    f = lambda z: np.exp(z @ A.T).sum(-1)  # noqa: E731
    grad, H = A.sum(0), A.T @ A
    T3 = np.einsum("ka,kb,kc->abc", A, A, A)
    u = rng.normal(size=4)
    u /= np.linalg.norm(u)
    eps = np.geomspace(0.0125, 0.1, 6)
    z = eps[:, None] * u
    err_g = np.abs(f(z) - rpp.additive_approximation(f0=2.0, grad=grad, hessian=H, z=z))
    err_h = np.abs(f(z) - rpp.projected_additive_approximation(f0=2.0, grad=grad, hessian=H, z=z, third=T3))
    slope_g = np.polyfit(np.log(eps), np.log(err_g), 1)[0]
    slope_h = np.polyfit(np.log(eps), np.log(err_h), 1)[0]
    assert 1.8 < slope_g < 2.3 and 2.8 < slope_h < 3.3, (slope_g, slope_h)


def test_prop9_is_prop5_about_the_optimum():
    """Prop 9 equals Prop 5 with zero gradient, H = -QQ^T, expanded about z_*."""
    Q = np.array([[1.0, 0.2], [0.1, 0.7]])
    z, zs = np.array([0.3, 0.4]), np.array([0.25, 0.3])
    a = rpp.prop9_approximation(f_star=1.0, Q=Q, z=z, z_star=zs)
    b = 1.0 - 0.5 * (z - zs) @ Q @ Q.T @ (z - zs)
    assert a == pytest.approx(b, rel=1e-12)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: rpp.restricted_W(W=np.eye(2), alpha=1.5), r"alpha=1\.5 is outside its domain \[0, 1\]"),
        (lambda: rpp.gamma_T(T=10, D=3, d=4), r"d=4 is outside its domain"),
        (lambda: rpp.gamma_T(T=0, D=3, d=1), r"T=0 is outside"),
        (lambda: rpp.gamma_T(T=10, D=3, d=1, reading="C"), r"reading='C'"),
        (lambda: rpp.outer_box_ratio(W=[[1.0, 2.0]]), r"W has shape \(1, 2\)"),
        (lambda: rpp.alpha_search(W=np.eye(2), delta=-0.1), r"delta=-0\.1 is outside"),
        (lambda: rpp.lemma13_rt(beta_t=1.0, sigma=-1.0, C=0.0, epsilon=0.0, t=1), r"sigma=-1\.0"),
        (lambda: rpp.ttest(mean_a=1.0, se_a=0.0, mean_b=1.0, se_b=1.0), r"se_a=0\.0"),
        (lambda: rpp.assumption3_rescale(x=[1.5, 0.0]), r"x=.*1\.5\)? is outside its domain"),
        (lambda: rpp.pp_transform(W=[[1.0, 1.0], [1.0, 1.0]], z=[1.0, 0.0]), r"W is singular"),
        (lambda: rpp.regret_defs(r=[1.0, -0.5]), r"r=.*-0\.5"),
    ],
)
def test_validation_errors_name_parameter_and_domain(call, match):
    """Bad inputs raise ValueError naming the parameter (and its domain), never a numpy error."""
    with pytest.raises(ValueError, match=match):
        call()


def test_the_printed_delta_ratio_forces_the_identity_at_D50_and_two_readings_do_not():
    """[Li2016, Eq. (8)] as printed (reading A) bounds the outer-box ratio ρ, a product over all D columns:
    for the synthetic A = I + S at D = 50 (S ~ U(-1/4, 1/4)), ρ(A) ≈ 4e42 and with δ = 0.1 only α = 1
    (Ŵ = I, Add-GP-UCB) is feasible on a 101-point grid, so RPP cannot differ from Add-GP-UCB there, while
    Tables 1-5 show it does. Per dimension (B, ρ^{1/D}) and per group block (C, d = 5) some α < 1 is
    feasible, so Ŵ can differ from I. ERRATA.md records it."""
    from regretlab import objectives

    A = objectives.get("projected_additive", dim=50).A
    assert rpp.outer_box_ratio(W=A) > 1e40
    groups = [list(range(i, i + 5)) for i in range(0, 50, 5)]
    printed = rpp.alpha_search(W=A, delta=0.1, n_grid=101, reading="A")
    per_dimension = rpp.alpha_search(W=A, delta=0.1, n_grid=101, reading="B")
    per_block = rpp.alpha_search(W=A, delta=0.1, n_grid=101, reading="C", groups=groups)
    assert printed.alpha == 1.0 and printed.feasible.sum() == 1
    assert per_dimension.alpha < 1.0 and per_block.alpha < 1.0
    for res in (printed, per_dimension, per_block):
        assert np.all(res.ratios[res.feasible] <= 1.1 * (1 + 1e-12))
    with pytest.raises(ValueError, match="groups"):
        rpp.alpha_search(W=A, delta=0.1, reading="C")
    with pytest.raises(ValueError, match="reading"):
        rpp.alpha_search(W=A, delta=0.1, reading="D")
