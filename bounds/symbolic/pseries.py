"""Sympy twins of ``bounds/pseries.py`` (closed-form bounds of MS-UCB Props 2-3 and Chlebus' bound)."""

import sympy as sp

from ..pseries import (
    chlebus_zt_upper,
    prop2_bound,
    prop3_eq1_bound,
    prop3_integral_bound,
    prop3_neg_upper,
)
from ._twin import Twin

n, p, t, alpha, N0 = sp.symbols("n p t alpha N0")

_N = {"n": (1, 10**6, "int")}
_T_ALPHA_N0 = {"t": (1, 10**4, "int"), "alpha": (0.0, 6.0, "real"), "N0": (1, 100, "int")}

TWINS = [
    Twin("PSERIES.prop2", prop2_bound, ("p",), 1 / (p - 1) + 1, strategies={"p": (1.0 + 1e-3, 1e2, "real")}),
    Twin(
        "PSERIES.prop3_neg",
        prop3_neg_upper,
        ("n", "p"),
        ((n + 1) ** (1 - p) - 1) / (1 - p),
        strategies={"n": (1, 10**4, "int"), "p": (-5.0, -1e-3, "real")},
    ),
    Twin(
        "PSERIES.prop3_0to1",
        prop3_integral_bound,
        ("n", "p"),
        1 + (n ** (1 - p) - 1) / (1 - p),
        strategies={**_N, "p": (-5.0, 0.999, "real")},
        constraint=lambda n, p: p > -5.0 or n < 10**4,
    ),
    Twin("PSERIES.prop3_eq1", prop3_eq1_bound, ("n",), 1 + sp.log(n), strategies=_N),
] + [
    Twin(
        "CHLEBUS.sum_upper",
        chlebus_zt_upper,
        ("t", "alpha", "N0"),
        expr,
        fixed={"reading": r},
        strategies=_T_ALPHA_N0,
    )
    for r, expr in (
        ("A", ((t + 1) ** (alpha + 1) - 1) / (alpha + 1)),
        ("B", N0 * (t + 1) ** (alpha + 1) / (alpha + 1)),
        ("C", N0 * ((t + 1) ** (alpha + 1) - 1) / (alpha + 1)),
    )
]

#: Every executable formula of this module has a twin.
NO_TWIN: dict[str, str] = {}
