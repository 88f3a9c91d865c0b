"""Structured objectives ([Kandasamy2015, Eq. (7)], [Li2016, §5.1], MS-UCB embedding) and the UBO-code
variants."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.optimize import minimize
from scipy.special import logsumexp
from scipy.stats import multivariate_normal

from regretlab.objectives import (
    AdditiveTrimodal,
    Embedded,
    Hartmann6,
    Hartmann6UBO,
    Levy,
    LevyUBO,
    ProjectedAdditive,
    SixHumpCamel,
    Trimodal,
    get,
)


def _mixture_logpdf(Z, centres, var):
    """Independent reference for [Li2016]'s f_{d'}: log of 0.1/0.1/0.8 mvnpdf mixture (scipy.stats)."""
    logpdfs = [multivariate_normal(mean=v, cov=var * np.eye(len(v))).logpdf(Z) for v in centres]
    return logsumexp(np.log([0.1, 0.1, 0.8])[:, None] + np.array(logpdfs), axis=0)


# ---------------------------------------------------------------- literature values
@pytest.mark.parametrize(
    ("name", "x", "minimum", "decimals"),
    [
        ("hartmann6", (0.20169, 0.150011, 0.476874, 0.275332, 0.311652, 0.6573), -3.32237, 5),
        ("hartmann3", (0.114614, 0.555649, 0.852547), -3.86278, 5),
        ("eggholder", (512.0, 404.2319), -959.6407, 4),
        ("camelback", (0.0898, -0.7126), -1.0316, 4),
        ("camelback", (-0.0898, 0.7126), -1.0316, 4),
        ("beale", (3.0, 0.5), 0.0, 12),
        ("levy3", (1.0, 1.0, 1.0), 0.0, 12),
        ("ackley10", (0.0,) * 10, 0.0, 12),
        ("hyperellipsoid", (0.0,) * 20, 0.0, 12),
    ],
)
def test_literature_minima(name, x, minimum, decimals):
    """The negated value at the literature minimiser, and optimum_value, equal -(literature minimum)."""
    obj = get(name)
    assert round(-float(obj.evaluate(np.array(x))), decimals) == pytest.approx(minimum, abs=10.0**-decimals)
    assert round(obj.optimum_value, decimals) == pytest.approx(-minimum, abs=10.0**-decimals)
    assert round(obj.optimum_value, obj.reference_decimals) == pytest.approx(
        obj.reference_optimum, abs=10.0**-obj.reference_decimals
    )


def test_hyperellipsoid_variants_match_their_double_sums():
    """Rotated: sum_i sum_{j<=i} x_j^2; axis-parallel: sum_i i x_i^2 (explicit loops)."""
    x = np.random.default_rng(0).uniform(-5, 5, size=7)
    rotated = sum(sum(x[j] ** 2 for j in range(i + 1)) for i in range(7))
    axis = sum((i + 1) * x[i] ** 2 for i in range(7))
    assert get("hyperellipsoid", dim=7).evaluate(x) == pytest.approx(-rotated, rel=1e-12)
    axis_parallel = get("hyperellipsoid", dim=7, variant="axis_parallel")
    assert axis_parallel.evaluate(x) == pytest.approx(-axis, rel=1e-12)


# ---------------------------------------------------------------- UBO code variants
def test_levy_ubo_differs_from_textbook_and_has_five_minimisers():
    """LevyUBO != Levy away from the optimum; its 5 minimisers (x1 in {-7,-3,1,5,9}) all give 0,
    while the textbook Levy is strictly positive at the four with x1 != 1."""
    ubo, text = LevyUBO(3), Levy(3)
    x = np.array([0.3, -2.0, 4.0])
    assert abs(float(ubo.evaluate(x)) - float(text.evaluate(x))) > 1e-3
    assert sorted(ubo.optimizers[:, 0]) == [-7.0, -3.0, 1.0, 5.0, 9.0]
    np.testing.assert_allclose(ubo.evaluate(ubo.optimizers), 0.0, atol=1e-12)
    others = ubo.optimizers[ubo.optimizers[:, 0] != 1.0]
    assert np.all(text.evaluate(others) < -1e-3)


def test_hartmann6_ubo_is_the_rescaled_textbook_form():
    """(2.58 + h6(x)) / 1.94 at random points, same maximiser, optimum (2.58 + 3.32237)/1.94."""
    X = np.random.default_rng(1).uniform(size=(20, 6))
    expected = (2.58 + Hartmann6().evaluate(X)) / 1.94
    np.testing.assert_allclose(Hartmann6UBO().evaluate(X), expected, rtol=1e-12)
    np.testing.assert_array_equal(Hartmann6UBO().optimizers, Hartmann6().optimizers)
    assert Hartmann6UBO().optimum_value == pytest.approx((2.58 + 3.32237) / 1.94, abs=1e-5)


# ---------------------------------------------------------------- trimodal f_{d'}
@pytest.mark.parametrize("bandwidth_reading", ["A", "B"])
def test_trimodal_matches_independent_formula(bandwidth_reading):
    """Reading B equals log(0.1 N(v1) + 0.1 N(v2) + 0.8 N(v3)) with variance 0.01 d^0.1 (scipy.stats);
    reading A equals Eq. (7) with h = 0.01 d^0.1 in 2h^2 and the factor h^-d (direct formula)."""
    d = 3
    f = Trimodal(d, seed=4, bandwidth_reading=bandwidth_reading)
    Z = f.v3 + 0.02 * np.random.default_rng(2).standard_normal((6, d))
    Z = np.clip(Z, 0, 1)
    if bandwidth_reading == "B":
        expected = _mixture_logpdf(Z, f.centres, 0.01 * d**0.1)
    else:
        h = 0.01 * d**0.1
        sq = ((Z[:, None, :] - f.centres[None]) ** 2).sum(-1)
        expected = np.log((np.array([0.1, 0.1, 0.8]) * h**-d * np.exp(-sq / (2 * h**2))).sum(1))
    np.testing.assert_allclose(f.evaluate(Z), expected, rtol=1e-10)


@pytest.mark.parametrize("bandwidth_reading", ["A", "B"])
def test_trimodal_has_three_modes_with_the_highest_at_v3(bandwidth_reading):
    """Sign reading B: L-BFGS-B from each v_i stays at v_i (3 local maxima); v3's is the global one."""
    f = Trimodal(2, seed=0, bandwidth_reading=bandwidth_reading)
    peaks = []
    for v in f.centres:
        res = minimize(lambda x: -float(f.evaluate(x)), v, method="L-BFGS-B", bounds=f.bounds)
        assert np.linalg.norm(res.x - v) < 1e-3 * f.bandwidth
        peaks.append(-res.fun)
    assert np.argmax(peaks) == 2
    np.testing.assert_allclose(f.optimizers[0], f.v3, atol=1e-6 * f.bandwidth)
    assert max(peaks) <= f.optimum_value + 1e-9


def test_trimodal_centres_recorded_seeded_and_separated():
    """Centres are reproducible from the seed, change with it, lie in [0,1]^d and are >= 4 sigma_B apart."""
    a, b, c = Trimodal(5, seed=3), Trimodal(5, seed=3), Trimodal(5, seed=4)
    np.testing.assert_array_equal(a.centres, b.centres)
    assert not np.array_equal(a.centres, c.centres)
    assert np.all((a.centres >= 0) & (a.centres <= 1))
    gaps = [np.linalg.norm(a.centres[i] - a.centres[j]) for i, j in ((0, 1), (0, 2), (1, 2))]
    assert min(gaps) >= 4 * np.sqrt(0.01 * 5**0.1)


def test_trimodal_printed_sign_is_maximised_at_a_vertex():
    """Sign reading A (as printed) is convex: its certified maximiser equals brute force over all 2^6
    vertices, and 10^4 random interior points stay below it."""
    f = Trimodal(6, seed=2, sign_reading="A")
    codes = np.arange(64)
    vertices = ((codes[:, None] >> np.arange(6)) & 1).astype(float)
    assert f.optimum_value == pytest.approx(np.max(f.evaluate(vertices)), rel=1e-12)
    assert set(np.unique(f.optimizers)) <= {0.0, 1.0}
    assert np.max(f.evaluate(np.random.default_rng(0).uniform(size=(10_000, 6)))) < f.optimum_value


def test_trimodal_rejects_bad_arguments():
    """Unknown readings, centres outside the box or too close together raise ValueError."""
    with pytest.raises(ValueError, match="sign_reading"):
        Trimodal(2, sign_reading="C")
    with pytest.raises(ValueError, match="bandwidth_reading"):
        Trimodal(2, bandwidth_reading="std")
    with pytest.raises(ValueError, match="centres"):
        Trimodal(2, centres=[[0.1, 0.1], [0.9, 0.9], [1.5, 0.5]])
    with pytest.raises(ValueError, match="apart"):
        Trimodal(2, centres=[[0.1, 0.1], [0.12, 0.1], [0.9, 0.9]])


# ---------------------------------------------------------------- additive trimodal ([Kandasamy2015])
def test_additive_trimodal_is_the_sum_over_groups():
    """f(x) = sum_j f_{d'}(x^(j)) with the recorded groups; dummies do not matter; optimum = M' max f_{d'}."""
    f = AdditiveTrimodal(24, group_dim=6, n_groups=3, seed=5)
    g = Trimodal(6, centres=f.centres)
    assert f.groups.shape == (3, 6) and f.dummies.size == 6
    assert np.unique(np.concatenate([f.groups.ravel(), f.dummies])).size == 24
    X = np.random.default_rng(0).uniform(size=(30, 24))
    X[:, f.groups[0]] = f.v3 + 0.01 * np.random.default_rng(1).standard_normal((30, 6)).clip(-3, 3) / 3
    X = X.clip(0, 1)
    np.testing.assert_allclose(f.evaluate(X), sum(g.evaluate(X[:, grp]) for grp in f.groups), rtol=1e-12)
    Y = X.copy()
    Y[:, f.dummies] = np.random.default_rng(9).uniform(size=(30, 6))
    np.testing.assert_array_equal(f.evaluate(X), f.evaluate(Y))
    assert f.optimum_value == pytest.approx(3 * g.optimum_value, rel=1e-12)
    assert not np.array_equal(f.groups, AdditiveTrimodal(24, group_dim=6, n_groups=3, seed=6).groups)


def test_additive_trimodal_rejects_overlapping_groups():
    """d' M' > D raises ValueError."""
    with pytest.raises(ValueError, match=r"dim=10 is too small for group_dim=4 x n_groups=3: .* dim >= 12"):
        AdditiveTrimodal(10, group_dim=4, n_groups=3)


# ---------------------------------------------------------------- projected additive ([Li2016])
@pytest.mark.parametrize(("dim", "scale"), [(50, 0.25), (100, 0.125)])
def test_projected_additive_S_readings(dim, scale):
    """Reading A: every S_ij = -s (s = 1/4 at D=50, 1/8 at D=100); reading B: U(-s, s), not constant."""
    a = ProjectedAdditive(dim, S_reading="A")
    np.testing.assert_array_equal(a.S, -scale)
    b = ProjectedAdditive(dim, S_reading="B")
    assert np.all(np.abs(b.S) <= scale) and b.S.std() > scale / 3
    np.testing.assert_array_equal(b.A, np.eye(dim) + b.S)


@pytest.mark.parametrize("S_reading", ["A", "B"])
def test_projected_additive_matches_independent_formula(S_reading):
    """f(x) = sum_i log-mixture-pdf(A_i^T (x - o)) computed with scipy.stats; the maximiser is inside the
    box and maps to z* whose two blocks are equal (the f_{d'} mode)."""
    f = ProjectedAdditive(20, S_reading=S_reading, seed=1)
    X = np.vstack([f.optimizers, np.random.default_rng(3).uniform(size=(4, 20))])
    Z = (X - f.offset) @ f.A
    var = 0.01 * 10**0.1
    expected = sum(_mixture_logpdf(Z[:, blk], f.centres, var) for blk in (range(10), range(10, 20)))
    np.testing.assert_allclose(f.evaluate(X), expected, rtol=1e-9)
    z_star = f.project(f.optimizers)[0]
    np.testing.assert_allclose(z_star[:10], z_star[10:], atol=1e-10)
    np.testing.assert_allclose(z_star[:10], f.v3, atol=1e-6)
    assert np.all((f.optimizers > 0.05) & (f.optimizers < 0.95))


def test_projected_additive_local_search_from_random_starts_stays_below_optimum():
    """L-BFGS-B from 3 starts scattered around x* (D=20, +-0.1) never exceeds optimum_value."""
    f = ProjectedAdditive(20, seed=2)
    starts = np.clip(f.optimizers[0] + np.random.default_rng(4).uniform(-0.1, 0.1, size=(3, 20)), 0, 1)
    for x0 in starts:
        res = minimize(lambda x: -float(f.evaluate(x)), x0, method="L-BFGS-B", bounds=f.bounds)
        assert -res.fun <= f.optimum_value + 1e-8


def test_projected_additive_rejects_bad_dims():
    """D not a multiple of M raises ValueError."""
    with pytest.raises(ValueError, match="multiple"):
        ProjectedAdditive(51)


# ---------------------------------------------------------------- embedding (MS-UCB)
def test_camelback_embedding_ignores_dummy_coordinates():
    """camelback_embedded equals Camelback on its active coordinates whatever the dummies are."""
    f = get("camelback_embedded", dim=30, seed=3)
    base = SixHumpCamel()
    assert f.active.shape == (2,) and f.dummies.size == 28
    X = f.bounds[:, 0] + (f.bounds[:, 1] - f.bounds[:, 0]) * np.random.default_rng(0).uniform(size=(40, 30))
    np.testing.assert_allclose(f.evaluate(X), base.evaluate(X[:, f.active]), rtol=1e-12)
    assert f.optimizers.shape == (2, 30) and f.optimum_value == base.optimum_value
    g = Embedded(base, 5, active=[4, 1])
    np.testing.assert_array_equal(g.bounds[[4, 1]], base.bounds)
    with pytest.raises(ValueError, match="active"):
        Embedded(base, 5, active=[1, 1])


def test_the_code_form_of_f_d_is_the_authors_matlab_function():
    """form="code" ([Kandasamy2015, Eq. (7)] as the authors' public code evaluates it): on [-1, 1]^{d'}, the
    Gaussian pdf with variance h = 0.01 d'^0.1, fixed centres v1, v2, v3 with weight 0.8 on v2, log floored at
    -700; d' = 1 is the two-mode 0.15 N(-0.5, h) + 0.85 N(0.4, h). Checked against the mixture written out
    with scipy.stats.multivariate_normal."""
    from scipy.stats import multivariate_normal

    from regretlab.objectives.structured import Trimodal

    rng = np.random.default_rng(0)
    for d in (1, 2, 3, 6):
        f = Trimodal(d, form="code")
        np.testing.assert_array_equal(f.bounds, np.tile([-1.0, 1.0], (d, 1)))
        h = 0.01 * d**0.1
        if d == 1:
            parts = [(0.15, [-0.5]), (0.85, [0.4])]
        else:
            v1 = [0.62, -0.38] + [-0.66] * (d - 2)
            v2 = [0.18, 0.58] + [-0.19] * (d - 2)
            v3 = [-0.58, -0.56] + [0.62] * (d - 2)
            parts = [(0.1, v1), (0.8, v2), (0.1, v3)]
        X = np.vstack([rng.uniform(-1, 1, size=(200, d)), np.array([p[1] for p in parts]) + 0.05])
        mixture = sum(w * multivariate_normal(mean=v, cov=h * np.eye(d)).pdf(X) for w, v in parts)
        expected = np.maximum(np.log(np.maximum(mixture, 1e-300)), -700.0)
        np.testing.assert_allclose(f.evaluate(X), expected, rtol=1e-10, atol=1e-9)
        assert f.optimum_value >= np.max(f.evaluate(X))
    with pytest.raises(ValueError, match="sign_reading"):
        Trimodal(3, form="code", sign_reading="A")
    with pytest.raises(ValueError, match="form"):
        Trimodal(3, form="matlab")


def test_the_code_form_is_registered_and_the_paper_form_stays_the_default():
    from regretlab import objectives

    f = objectives.get("additive_trimodal_code", dim=10)
    assert f.name == "additive_trimodal_code" and f.form == "code"
    assert f.optimum_value == pytest.approx(3 * objectives.get("trimodal_code", dim=3).optimum_value)
    assert objectives.get("additive_trimodal").form == "paper"


def test_li2016s_code_form_is_the_printed_function_with_a_certified_box_maximum():
    """ProjectedAdditive(form="code") ([Li2016, §5.1] as the Add-GP-UCB authors' code evaluates f_d'): o = 0
    as printed, box [-1, 1]^D; the optimum is M max f_d' (the code's f_d') at A^-T z*, inside the box for
    seed 0 at D = 50 and 100, and no L-BFGS-B run from 5 random points of the box (D = 50) goes above it;
    a seed whose maximiser leaves the box is refused, naming the seed."""
    from scipy import optimize

    from regretlab.objectives.structured import ProjectedAdditive, Trimodal

    for D in (50, 100):
        f = ProjectedAdditive(D, form="code")
        assert np.all(f.offset == 0.0) and np.all(f.bounds == [-1.0, 1.0])
        assert f.optimum_value == pytest.approx(2 * Trimodal(D // 2, form="code").optimum_value, rel=1e-12)
        assert f.optimizers[0] @ f.A == pytest.approx(np.tile(Trimodal(D // 2, form="code").optimizers[0], 2))
    f = ProjectedAdditive(50, form="code")
    for start in np.random.default_rng(2).uniform(-1, 1, size=(5, 50)):
        best = optimize.minimize(lambda v: -f(v[None, :])[0], start, method="L-BFGS-B", bounds=f.bounds,
                                 options={"maxiter": 100})
        assert -best.fun <= f.optimum_value + 1e-9
    with pytest.raises(ValueError, match="seed=1: .* outside .* cannot be certified"):
        ProjectedAdditive(50, form="code", seed=1)
