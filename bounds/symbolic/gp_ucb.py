"""Sympy twins of :mod:`regretlab.bounds.gp_ucb` (collected by :mod:`regretlab.bounds.symbolic`)."""

from __future__ import annotations

import sympy as sp

from ..gp_ucb import C1, beta_t_gpucb_thm6, beta_t_srinivas_thm2, lcb, ucb
from ._twin import Twin

mu, sigma, beta = sp.symbols("mu sigma beta")
t, d, D, delta, a, b, r = sp.symbols("t d D delta a b r")

_UCB_STRATEGIES = {"mu": (-10.0, 10.0, "real"), "sigma": (0.0, 10.0, "real"), "beta": (0.0, 100.0, "real")}

TWINS = [
    # [TranThe2020-AAAI, Eq. (2)], the proofs of [TranThe2020-ext], [Li2016], [Kandasamy2015], [Ha2019]:
    # mu + sqrt(beta) sigma
    Twin(
        "GP.ucb", ucb, ("mu", "sigma", "beta"), mu + sp.sqrt(beta) * sigma, {"reading": "B"}, _UCB_STRATEGIES
    ),
    # [TranThe2020-ext, Eq. (2)] as printed: mu + sqrt(beta sigma)
    Twin(
        "GP.ucb", ucb, ("mu", "sigma", "beta"), mu + sp.sqrt(beta * sigma), {"reading": "A"}, _UCB_STRATEGIES
    ),
    Twin(
        "GP.lcb", lcb, ("mu", "sigma", "beta"), mu - sp.sqrt(beta) * sigma, {"reading": "B"}, _UCB_STRATEGIES
    ),
    Twin(
        "GP.lcb", lcb, ("mu", "sigma", "beta"), mu - sp.sqrt(beta * sigma), {"reading": "A"}, _UCB_STRATEGIES
    ),
    # [Ha2019, Eq. (22)]: 8 / log(1 + sigma^-2)
    Twin(
        "SRINIVAS.C1",
        C1,
        ("sigma",),
        8 / sp.log(1 + sigma**-2),
        {"reading": "A"},
        {"sigma": (0.01, 100.0, "real")},
    ),
    # [TranThe2020-ext, Prop. 4]: 8 / log(1 + sigma^2)
    Twin(
        "SRINIVAS.C1",
        C1,
        ("sigma",),
        8 / sp.log(1 + sigma**2),
        {"reading": "B"},
        {"sigma": (0.01, 100.0, "real")},
    ),
    # [Srinivas2010, Thm 2] as quoted by [Ha2019, Prop. 5.1]
    Twin(
        "SRINIVAS.beta_t_thm2",
        beta_t_srinivas_thm2,
        ("t", "d", "delta", "a", "b", "r"),
        2 * sp.log(2 * t**2 * sp.pi**2 / (3 * delta))
        + 2 * d * sp.log(t**2 * d * b * r * sp.sqrt(sp.log(4 * d * a / delta))),
        strategies={
            "t": (1, 10**6, "int"),
            "d": (1, 50, "int"),
            "delta": (1e-6, 0.999, "real"),
            "a": (1.0, 100.0, "real"),
            "b": (0.01, 100.0, "real"),
            "r": (0.01, 100.0, "real"),
        },
    ),
    # [Kandasamy2015, Thm 6]
    Twin(
        "GPUCB.beta_t",
        beta_t_gpucb_thm6,
        ("t", "D", "delta"),
        2 * sp.log(2 * t**2 * sp.pi**2 / delta) + 2 * D * sp.log(D * t**3),
        strategies={"t": (1, 10**5, "int"), "D": (1, 1000, "int"), "delta": (1e-6, 0.999, "real")},
    ),
]

#: Every executable formula of this module has a twin.
NO_TWIN: dict[str, str] = {}
