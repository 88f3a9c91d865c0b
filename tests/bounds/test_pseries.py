"""Deterministic tests of ``regretlab.bounds.pseries`` (MS-UCB Props 2-3, Chlebus' bound)."""


import numpy as np
import pytest
from scipy.special import zeta

import regretlab.bounds.pseries as ps


@pytest.mark.parametrize("n", [1, 2, 3, 10, 1000])
@pytest.mark.parametrize("p", [-2.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0])
def test_pseries_sum_matches_naive_sum(n, p):
    """s_n(p) equals a plain float sum of k^-p (exactness of the compensated sum)."""
    naive = sum(k ** (-p) for k in range(1, n + 1))
    assert ps.pseries_sum(n=n, p=p) == pytest.approx(naive, rel=1e-13)


def test_pseries_sum_broadcasts():
    """Arrays of n broadcast against p and keep the closed forms s_n(0) = n, s_n(-1) = n(n+1)/2."""
    n = np.array([1, 5, 10])
    assert np.array_equal(ps.pseries_sum(n=n, p=0.0), n.astype(float))
    assert np.array_equal(ps.pseries_sum(n=n, p=-1.0), n * (n + 1) / 2.0)


def test_printed_zeta_values():
    """Prop. 2 prints zeta(3/2) ~ 2.61 and zeta(2) = pi^2/6: compare with scipy."""
    assert zeta(1.5) == pytest.approx(2.61, abs=0.005)
    assert zeta(2.0) == pytest.approx(np.pi**2 / 6, rel=1e-14)


@pytest.mark.parametrize("n", [1, 2, 3, 10, 1000])
@pytest.mark.parametrize("p", [1.5, 2.0])
def test_prop2_chain(n, p):
    """Prop. 2's chain s_n < zeta(p) < 1/(p-1) + 1 at the catalogue's grid points."""
    assert ps.pseries_sum(n=n, p=p) < zeta(p) < ps.prop2_bound(p=p)


@pytest.mark.parametrize("n", [2, 3, 10, 1000])
@pytest.mark.parametrize("p", [-2.0, -0.5, 0.3, 0.9, 1.0])
def test_prop3_strict_holds_for_n_at_least_2(n, p):
    """Prop. 3's printed strict inequalities hold away from the boundary n = 1 (and p != 0)."""
    assert ps.prop3_holds(n=n, p=p, reading="A")


@pytest.mark.parametrize(("t", "alpha", "N0"), [(1, 0.0, 1), (5, 1.0, 3), (50, 2.5, 1), (200, 0.0, 7)])
def test_chlebus_reading_B_and_C_bound_zt(t, alpha, N0):
    """Readings B (strict) and C (non-strict) bound |Z_t| = N0 sum j^alpha."""
    zt = N0 * ps.pseries_sum(n=t, p=-alpha)
    assert zt < ps.chlebus_zt_upper(t=t, alpha=alpha, N0=N0, reading="B")
    assert zt <= ps.chlebus_zt_upper(t=t, alpha=alpha, N0=N0, reading="C") * (1 + 1e-12)


def test_chlebus_reading_A_misses_N0():
    """Reading A (no factor N0) is below |Z_1| = N0 once N0 >= 2 (documented erratum)."""
    assert ps.chlebus_zt_upper(t=1, alpha=0.0, N0=2, reading="A") < 2


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: ps.pseries_sum(n=0, p=1.0), "n=0"),
        (lambda: ps.prop2_bound(p=1.0), "p=1.0"),
        (lambda: ps.prop3_neg_upper(n=3, p=0.0), "p=0.0"),
        (lambda: ps.prop3_integral_bound(n=3, p=1.0), "p=1.0"),
        (lambda: ps.prop3_eq1_bound(n=2.5), "n=2.5"),
        (lambda: ps.chlebus_zt_upper(t=3, alpha=-1.0, N0=1), "alpha=-1.0"),
        (lambda: ps.chlebus_zt_upper(t=3, alpha=1.0, N0=1, reading="Z"), "reading='Z'"),
        (lambda: ps.prop3_holds(n=3, p=1.5), "p=1.5"),
    ],
)
def test_validation_names_parameter(call, name):
    """Out-of-domain input raises ValueError naming the parameter and its value."""
    with pytest.raises(ValueError, match=name.replace("(", r"\(").replace(".", r"\.")):
        call()
