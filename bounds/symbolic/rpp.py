"""Sympy twins of the closed-form formulas of ``bounds/rpp.py`` ([Li2016])."""

from __future__ import annotations

import sympy as sp

from .. import rpp
from ._twin import ARRAY, Twin

T, D, d = sp.symbols("T D d", positive=True)
C1, beta_T, gamma_T, C, epsilon, beta_t, sigma, t = sp.symbols(
    "C1 beta_T gamma_T C epsilon beta_t sigma t", nonnegative=True
)

_TDd = {"T": (1, 10**6, "int"), "D": (1, 60, "int"), "d": (1, 60, "int")}
_TDd_small = {"T": (1, 10**4, "int"), "D": (1, 12, "int"), "d": (1, 12, "int")}


def _d_le_D(**p):
    return p["d"] <= p["D"]


_gamma_A = D * d**d * sp.log(T) ** (D + 1)
_gamma_B = D * d**d * sp.log(T) ** (d + 1)
_sum_inv_sq = sp.pi**2 / 6 - sp.polygamma(1, T + 1)
_bound_strats = {"C1": (1e-3, 1e3, "real"), "T": (1, 10**6, "int"), "beta_T": (0.0, 1e3, "real"),
                 "gamma_T": (0.0, 1e4, "real"), "C": (0.0, 10.0, "real"), "epsilon": (0.0, 10.0, "real")}
_thm7_A = sp.sqrt(C1 * beta_T * gamma_T / T) + 2 * C * epsilon + _sum_inv_sq
_thm7_B = sp.sqrt(C1 * beta_T * gamma_T / T) + 2 * C * epsilon + _sum_inv_sq / T
_thm7_params = ("C1", "T", "beta_T", "gamma_T", "C", "epsilon")

TWINS = [
    Twin("RPP.gamma_T", rpp.gamma_T, ("T", "D", "d"), _gamma_A, fixed={"reading": "A"},
         strategies=_TDd_small, constraint=_d_le_D),
    Twin("RPP.gamma_T", rpp.gamma_T, ("T", "D", "d"), _gamma_B, fixed={"reading": "B"},
         strategies=_TDd | {"d": (1, 20, "int")}, constraint=_d_le_D),
    Twin("RPP.thm2", rpp.thm2_simple_regret_rate, ("T", "D", "d"), sp.sqrt(D * _gamma_A * sp.log(T) / T),
         fixed={"reading": "A"}, strategies=_TDd_small, constraint=_d_le_D),
    Twin("RPP.thm2", rpp.thm2_simple_regret_rate, ("T", "D", "d"), sp.sqrt(D * _gamma_B * sp.log(T) / T),
         fixed={"reading": "B"}, strategies=_TDd | {"d": (1, 20, "int")}, constraint=_d_le_D),
    Twin("RPP.lemma13", rpp.lemma13_rt, ("beta_t", "sigma", "C", "epsilon", "t"),
         2 * sp.sqrt(beta_t) * sigma + 2 * C * epsilon + 1 / t**2,
         strategies={"beta_t": (0.0, 1e3, "real"), "sigma": (0.0, 10.0, "real"), "C": (0.0, 10.0, "real"),
                     "epsilon": (0.0, 10.0, "real"), "t": (1, 10**6, "int")}),
    Twin("RPP.lemma14", rpp.lemma14_bound, ("C1", "T", "beta_T", "gamma_T"),
         sp.sqrt(C1 * T * beta_T * gamma_T),
         strategies={k: _bound_strats[k] for k in ("C1", "T", "beta_T", "gamma_T")}),
    Twin("RPP.thm7", rpp.thm7_average_regret_bound, _thm7_params, _thm7_A, fixed={"reading": "A"},
         strategies=_bound_strats),
    Twin("RPP.thm7", rpp.thm7_average_regret_bound, _thm7_params, _thm7_B, fixed={"reading": "B"},
         strategies=_bound_strats),
    Twin("RPP.cor8", rpp.cor8_bound, _thm7_params, _thm7_A + 2 * C * epsilon, fixed={"reading": "A"},
         strategies=_bound_strats),
    Twin("RPP.cor8", rpp.cor8_bound, _thm7_params, _thm7_B + 2 * C * epsilon, fixed={"reading": "B"},
         strategies=_bound_strats),
]


#: Executable formulas of this module with no sympy twin, and why.
NO_TWIN: dict[str, str] = {
    "RPP.regret_defs": ARRAY + "cumulative, simple and average regret of a sequence",
    "RPP.add_ucb": ARRAY + "a sum over per-group posterior arrays",
    "RPP.pp_model": ARRAY + "a linear map x -> W^T x and its inverse",
    "RPP.restricted_W": ARRAY + "the matrix (1 - alpha) W + alpha I",
    "RPP.outer_box_ratio": "a determinant ratio of a matrix argument; checked against "
    "the image of the cube's corners",
    "RPP.alpha_search": "a grid search (a procedure)",
    "RPP.assumption3": ARRAY + "rescales a vector and returns its norm",
    "RPP.prop4": ARRAY + "a Taylor approximation with vector and matrix arguments",
    "RPP.prop5": ARRAY + "a Taylor approximation with vector and matrix arguments",
    "RPP.prop9": ARRAY + "a Taylor approximation with vector and matrix arguments",
    "RPP.lemma11": "a predicate (bool) on posterior values",
    "RPP.lemma12": "a predicate (bool) on posterior values",
    "RPP.ttest": "a Student/Welch t-test (scipy.stats), not a closed form",
}
