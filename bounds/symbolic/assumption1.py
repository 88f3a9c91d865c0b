"""Sympy twin of ``bounds/assumption1.py`` ([TranThe2020, Assumption 1])."""

import sympy as sp

from ..assumption1 import assumption1_tail
from ._twin import Twin

L, a, b = sp.symbols("L a b")

TWINS = [
    Twin(
        "MSUCB.assumption1",
        assumption1_tail,
        ("L", "a", "b"),
        a * sp.exp(-((L / b) ** 2)),  # P(sup |df/dx_j| > L) <= a exp(-(L/b)^2)   [TranThe2020, Assumption 1]
        strategies={"L": (0.0, 50.0, "real"), "a": (1.0, 100.0, "real"), "b": (0.5, 50.0, "real")},
    ),
]

#: Every executable formula of this module has a twin.
NO_TWIN: dict[str, str] = {}
