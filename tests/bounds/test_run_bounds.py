"""Each paper's bound along one run (``run_regret_bound`` beside its formulas), as the bounds-against-runs
figures evaluate it: checked against the closed form written out here."""

import math

import pytest

from regretlab.bounds import gp_ucb, ms_ucb, rpp, ubo
from regretlab.figures.theory import BOUND_FORMS

CONSTANTS = {"dim": 20, "d": 5, "a": 1.0, "b": 1.0, "delta": 0.1, "N0": 1, "alpha": 0.0}


@pytest.mark.parametrize("module", [gp_ucb, rpp, ubo])
@pytest.mark.parametrize("T, beta, gamma, sigma", [(1, 2.0, 0.5, 0.1), (100, 4.0, 10.0, 0.1),
                                                   (1000, 9.0, 60.0, 1.0)])
def test_srinivas_shape(module, T, beta, gamma, sigma):
    """Srinivas's Thms 1-2, Li2016's Lemma 14 and Ha2019's Eq. (22) with Cauchy-Schwarz are all
    sqrt(C1 T β_T γ_T) with C1 = 8 / log(1 + σ^-2)."""
    expected = math.sqrt(8.0 / math.log1p(sigma**-2) * T * beta * gamma)
    assert module.run_regret_bound(T, beta, gamma, sigma, CONSTANTS) == pytest.approx(expected, rel=1e-12)


def test_ms_ucb_adds_the_subspace_terms():
    """MS-UCB's Prop. 4 bound is the GP-UCB part plus the terms its random subspaces cost: larger, and it
    grows with D at fixed d."""
    base = gp_ucb.run_regret_bound(100, 4.0, 10.0, 0.1, CONSTANTS)
    small = ms_ucb.run_regret_bound(100, 4.0, 10.0, 0.1, CONSTANTS)
    large = ms_ucb.run_regret_bound(100, 4.0, 10.0, 0.1, {**CONSTANTS, "dim": 200})
    assert base < small < large


def test_bound_forms_are_the_bounds_functions():
    assert {key: form[0] for key, form in BOUND_FORMS.items()} == {
        "ms_ucb": ms_ucb.run_regret_bound, "gp_ucb": gp_ucb.run_regret_bound,
        "rpp": rpp.run_regret_bound, "ubo": ubo.run_regret_bound}
    assert all(form[1].startswith("[") for form in BOUND_FORMS.values())


def test_ms_ucb_names_a_missing_constant():
    with pytest.raises(ValueError, match="lacks N0, alpha"):
        ms_ucb.run_regret_bound(100, 4.0, 10.0, 0.1, {k: v for k, v in CONSTANTS.items()
                                                       if k not in ("N0", "alpha")})
