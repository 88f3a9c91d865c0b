"""Sympy twins of the closed-form rates in :mod:`regretlab.bounds.information_gain`."""

from __future__ import annotations

import sympy as sp

from ..information_gain import (
    gamma_T_additive_matern,
    gamma_T_additive_SE,
    gamma_T_all_dth_order,
)
from ._twin import ARRAY, Twin

T, D, d, nu = sp.symbols("T D d nu")

_S = {"T": (1.0, 1e6, "real"), "D": (1, 50, "int"), "d": (1, 8, "int")}


def _d_le_D(**p) -> bool:
    return p["d"] <= p["D"]


TWINS = [
    # [Kandasamy2015, Thm 4.1]
    Twin(
        "ADD.gamma_T_SE",
        gamma_T_additive_SE,
        ("T", "D", "d"),
        D * d**d * sp.log(T) ** (d + 1),
        strategies=_S,
        constraint=_d_le_D,
    ),
    # [Kandasamy2015, Thm 4.2]
    Twin(
        "ADD.gamma_T_Matern",
        gamma_T_additive_matern,
        ("T", "D", "d", "nu"),
        D * 2**d * T ** (d * (d + 1) / (2 * nu + d * (d + 1))) * sp.log(T),
        strategies={**_S, "nu": (2.0 + 1e-3, 10.0, "real")},
        constraint=_d_le_D,
    ),
    # [Kandasamy2015, §4.3]
    Twin(
        "ADD.gamma_T_all_dth_order",
        gamma_T_all_dth_order,
        ("T", "D", "d"),
        D**d * d ** (d + 1) * sp.log(T) ** (d + 1),
        strategies=_S,
        constraint=_d_le_D,
    ),
]


#: Executable formulas of this module with no sympy twin, and why.
NO_TWIN: dict[str, str] = {
    "INFOGAIN.I": ARRAY + "log-determinant of a Gram matrix; the two computations are checked equal",
    "INFOGAIN.gamma_T": "greedy maximisation over a candidate set (a procedure)",
}
