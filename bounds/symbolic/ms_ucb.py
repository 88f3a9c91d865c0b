"""Sympy twins of ``bounds/ms_ucb.py`` (every closed form and reading)."""

import sympy as sp

from ..ms_ucb import (
    beta_t,
    beta_t0,
    beta_t1,
    beta_t_d0,
    corner_prob_bound,
    ft_size,
    improvement_factor,
    l1ball_volume,
    lemma4_radius,
    lemma4_term1,
    lipschitz_constant,
    n_t,
    prop4_csum_bound,
    prop4_regret_bound,
    tau_t,
    thm1_rate,
    thm2_rate,
    thm5_rate,
    v0,
    zt_lower,
)
from ._twin import ARRAY, Twin

t, T, d, D, a, b, delta, alpha, N0, theta = sp.symbols("t T d D a b delta alpha N0 theta")
Zt_size, beta_T, C1, gamma_T, v0_, de = sp.symbols("Zt_size beta_T C1 gamma_T v0 de")
n = D - d
pi2 = sp.pi**2

_DELTA = {"delta": (1e-6, 0.999, "real")}
_AB = {"a": (1.0, 100.0, "real"), "b": (0.5, 50.0, "real")}
_DIMS = {"d": (1, 20, "int"), "D": (2, 200, "int")}
_V0_DIMS = {"d": (1, 20, "int"), "D": (2, 60, "int")}  # keeps Gamma(D-d+1) finite in the sympy twin
_T = {"t": (1, 10**5, "int")}
_LEMMA3 = {**_T, **_DIMS, **_AB, **_DELTA}


def _d_lt_D(**p):
    return p["d"] < p["D"]


def _tau(level, t_power, inside):
    root = sp.sqrt(sp.log(level * D * a / delta) * t**2) if inside else sp.sqrt(sp.log(level * D * a / delta))
    return 2 * b * d * root * (1 if inside else t**t_power)


_tau_A = _tau(2, 2, False)
_tau_B = _tau(2, 1, True)
_gamma_root = sp.gamma(n + 1) ** (1 / n)


def _v0(factor, inside, const, level):
    log_term = sp.log(level * D * const / delta)
    if inside:
        return factor * b * sp.sqrt(log_term * _gamma_root)
    return factor * b * sp.sqrt(log_term) * _gamma_root


_case3 = n / (n - alpha - 1) * T ** (1 - (alpha + 1) / n)
_V0_STRAT = {"d": (1, 20, "int"), "D": (2, 60, "int"), **_AB, **_DELTA}  # Gamma(n+1) finite
_RT_STRAT = {
    "T": (1, 10**5, "int"),
    "beta_T": (0.0, 1e3, "real"),
    "C1": (0.01, 100.0, "real"),
    "gamma_T": (0.0, 1e3, "real"),
    "v0": (0.01, 100.0, "real"),
    "N0": (1, 100, "int"),
    "delta": (1e-6, 0.999, "real"),
    "alpha": (0.0, 60.0, "real"),
    "d": (1, 10, "int"),
    "D": (2, 30, "int"),
}
_RT_PARAMS = ("T", "beta_T", "C1", "gamma_T", "v0", "N0", "delta", "alpha", "D", "d")
_rt_common = sp.sqrt(beta_T * C1 * T * gamma_T) + pi2 / 6
_rt_scale = 2 * v0_ * (sp.log(6 / delta) / N0) ** (1 / n)

TWINS = (
    [
        Twin(
            "MSUCB.Nt",
            n_t,
            ("t", "N0", "alpha"),
            N0 * t**alpha,
            strategies={"t": (1, 10**4, "int"), "N0": (1, 100, "int"), "alpha": (0.0, 6.0, "real")},
        ),
        Twin(
            "MSUCB.Zt_lower",
            zt_lower,
            ("t", "N0", "alpha"),
            N0 * (t ** (alpha + 1) + alpha) / (1 + alpha),
            strategies={"t": (1, 10**4, "int"), "N0": (1, 100, "int"), "alpha": (0.0, 6.0, "real")},
        ),
        Twin(
            "MSUCB.lipschitz",
            lipschitz_constant,
            ("D", "a", "b", "delta"),
            b * sp.sqrt(sp.log(2 * D * a / delta)),
            strategies={"D": (1, 10**4, "int"), **_AB, **_DELTA},
        ),
        Twin(
            "MSUCB.beta_t0",
            beta_t0,
            ("t", "delta"),
            2 * sp.log(pi2 * t**2 / (6 * delta)),
            strategies={**_T, **_DELTA},
        ),
        Twin(
            "MSUCB.tau_t",
            tau_t,
            ("t", "d", "D", "a", "b", "delta"),
            _tau_A,
            fixed={"reading": "A"},
            strategies=_LEMMA3,
            constraint=_d_lt_D,
        ),
        Twin(
            "MSUCB.tau_t",
            tau_t,
            ("t", "d", "D", "a", "b", "delta"),
            _tau_B,
            fixed={"reading": "B"},
            strategies=_LEMMA3,
            constraint=_d_lt_D,
        ),
        Twin(
            "MSUCB.Ft",
            ft_size,
            ("t", "d", "D", "a", "b", "delta"),
            sp.ceiling(_tau_A) ** d,
            fixed={"reading": "A"},
            strategies={**_LEMMA3, "t": (1, 30, "int"), "d": (1, 4, "int")},
            constraint=_d_lt_D,
        ),
        Twin(
            "MSUCB.beta_t1",
            beta_t1,
            ("t", "d", "D", "a", "b", "delta"),
            2 * sp.log(pi2 * t**2 / (3 * delta)) + 2 * d * sp.log(_tau_A),
            fixed={"reading": "A"},
            strategies=_LEMMA3,
            constraint=_d_lt_D,
        ),
        Twin(
            "MSUCB.beta_t1",
            beta_t1,
            ("t", "d", "D", "a", "b", "delta"),
            2 * sp.log(pi2 * t**2 / (3 * delta)) + 2 * d * sp.log(_tau_B),
            fixed={"reading": "B"},
            strategies=_LEMMA3,
            constraint=_d_lt_D,
        ),
        Twin(
            "MSUCB.beta_t",
            beta_t,
            ("t", "d", "D", "a", "b", "delta"),
            2 * sp.log(pi2 * t**2 / delta)
            + 2 * d * sp.log(2 * b * d * sp.sqrt(sp.log(6 * D * a / delta)) * t**2),
            fixed={"reading": "A"},
            strategies=_LEMMA3,
            constraint=_d_lt_D,
        ),
        Twin(
            "MSUCB.beta_t",
            beta_t,
            ("t", "d", "D", "a", "b", "delta"),
            2 * sp.log(pi2 * t**2 / delta)
            + 2 * d * sp.log(2 * b * d * sp.sqrt(sp.log(6 * D * a / delta) * t**2)),
            fixed={"reading": "B"},
            strategies=_LEMMA3,
            constraint=_d_lt_D,
        ),
        Twin(
            "MSUCB.beta_t",
            beta_t,
            ("t", "d", "D", "a", "b", "delta"),
            2 * sp.log(pi2 * t**2 / delta)
            + 2 * d * sp.log(4 * b * d * sp.sqrt(sp.log(12 * D * a / delta) * t**2)),
            fixed={"reading": "C"},
            strategies=_LEMMA3,
            constraint=_d_lt_D,
        ),
        Twin(
            "MSUCB.beta_t",
            beta_t,
            ("t", "d", "D", "b", "delta", "alpha"),
            2 * sp.log(pi2 * t**2 / delta)
            + 2 * d * sp.log(2 * b * d * sp.sqrt(sp.log(6 * D * alpha / delta)) * t**2),
            fixed={"reading": "D", "a": 1.0},
            strategies={**_T, **_DIMS, "b": (0.5, 50.0, "real"), **_DELTA, "alpha": (1.0, 10.0, "real")},
            constraint=_d_lt_D,
        ),
        Twin(
            "MSUCB.beta_t_d0",
            beta_t_d0,
            ("t", "delta"),
            4 * sp.log(pi2 * t**2 / (2 * delta)),
            fixed={"reading": "A"},
            strategies={**_T, **_DELTA},
        ),
        Twin(
            "MSUCB.beta_t_d0",
            beta_t_d0,
            ("t", "delta"),
            2 * sp.log(pi2 * t**2 / delta),
            fixed={"reading": "B"},
            strategies={**_T, **_DELTA},
        ),
        Twin(
            "MSUCB.l1ball_volume",
            l1ball_volume,
            ("theta", "D", "d"),
            (4 * theta) ** n / sp.gamma(n + 1),
            fixed={"reading": "A"},
            strategies={"theta": (1e-3, 5.0, "real"), "d": (1, 10, "int"), "D": (2, 30, "int")},
            constraint=_d_lt_D,
        ),
        Twin(
            "MSUCB.l1ball_volume",
            l1ball_volume,
            ("theta", "D", "d"),
            (2 * theta) ** n / sp.gamma(n + 1),
            fixed={"reading": "B"},
            strategies={"theta": (1e-3, 5.0, "real"), "d": (1, 10, "int"), "D": (2, 30, "int")},
            constraint=_d_lt_D,
        ),
        Twin(
            "MSUCB.corner_prob",
            corner_prob_bound,
            ("theta", "D", "d"),
            theta**n / sp.gamma(n + 1),
            fixed={"reading": "A"},
            strategies={"theta": (1e-3, 5.0, "real"), "d": (1, 10, "int"), "D": (2, 30, "int")},
            constraint=_d_lt_D,
        ),
        Twin(
            "MSUCB.corner_prob",
            corner_prob_bound,
            ("theta", "D", "d"),
            (theta / 2) ** n / sp.gamma(n + 1),
            fixed={"reading": "B"},
            strategies={"theta": (1e-3, 5.0, "real"), "d": (1, 10, "int"), "D": (2, 30, "int")},
            constraint=_d_lt_D,
        ),
    ]
    + [
        Twin(
            "MSUCB.lemma4_radius",
            lemma4_radius,
            ("D", "d", "Zt_size", "delta"),
            factor * _gamma_root * (sp.log(2 / delta) / Zt_size) ** (1 / n),
            fixed={"reading": r},
            strategies={**_V0_DIMS, "Zt_size": (1.0, 1e8, "real"), **_DELTA},
            constraint=_d_lt_D,
        )
        for r, factor in (("A", 1), ("B", 2))
    ]
    + [
        Twin(
            "MSUCB.lemma4_radius",
            lemma4_radius,
            ("D", "d", "Zt_size", "delta", "t"),
            _gamma_root * (sp.log(2 * pi2 * t**2 / (6 * delta)) / Zt_size) ** (1 / n),
            fixed={"reading": "C"},
            strategies={**_V0_DIMS, "Zt_size": (1.0, 1e8, "real"), **_DELTA, **_T},
            constraint=_d_lt_D,
        ),
    ]
    + [
        Twin(
            "MSUCB.v0",
            v0,
            ("D", "d", "a", "b", "delta"),
            _v0(f, inside, a, lvl),
            fixed={"reading": r},
            strategies=_V0_STRAT,
            constraint=_d_lt_D,
        )
        for r, f, inside, lvl in (
            ("A", 2, False, 2),
            ("B", 2, True, 2),
            ("E", 1, True, 2),
            ("F", 2, False, 6),
        )
    ]
    + [
        Twin(
            "MSUCB.v0",
            v0,
            ("D", "d", "b", "delta", "alpha"),
            _v0(f, False, alpha, 2),
            fixed={"reading": r, "a": 1.0},
            strategies={**_V0_DIMS, "b": (0.5, 50.0, "real"), **_DELTA, "alpha": (1.0, 10.0, "real")},
            constraint=_d_lt_D,
        )
        for r, f in (("C", 1), ("D", 2))
    ]
    + [
        Twin(
            "MSUCB.lemma4_term1",
            lemma4_term1,
            ("D", "d", "a", "b", "delta", "Zt_size"),
            _v0(2, False, a, 2) * (sp.log(2 / delta) / Zt_size) ** (1 / n),
            fixed={"reading": "A"},
            strategies={**_V0_STRAT, "Zt_size": (1.0, 1e8, "real")},
            constraint=_d_lt_D,
        ),
        Twin(
            "MSUCB.prop4_Csum",
            prop4_csum_bound,
            ("T", "alpha", "D", "d"),
            sp.Piecewise((2, alpha >= 2 * n), (2 * (1 + sp.log(T)), alpha >= n - 1), (2 * _case3, True)),
            strategies={
                "T": (1, 10**5, "int"),
                "alpha": (0.0, 60.0, "real"),
                "d": (1, 10, "int"),
                "D": (2, 30, "int"),
            },
            constraint=lambda **p: p["d"] < p["D"] and abs(p["D"] - p["d"] - p["alpha"] - 1) > 1e-3,
        ),
        Twin(
            "MSUCB.prop4_RT_case1",
            prop4_regret_bound,
            _RT_PARAMS,
            _rt_common + _rt_scale,
            strategies=_RT_STRAT,
            constraint=lambda **p: p["d"] < p["D"] and p["alpha"] >= 2 * (p["D"] - p["d"]),
        ),
        Twin(
            "MSUCB.prop4_RT_case2",
            prop4_regret_bound,
            _RT_PARAMS,
            _rt_common + _rt_scale * (1 + sp.log(T)),
            strategies=_RT_STRAT,
            constraint=lambda **p: (
                p["d"] < p["D"] and p["D"] - p["d"] - 1 <= p["alpha"] < 2 * (p["D"] - p["d"])
            ),
        ),
        Twin(
            "MSUCB.prop4_RT_case3",
            prop4_regret_bound,
            _RT_PARAMS,
            _rt_common + _rt_scale * _case3,
            strategies=_RT_STRAT,
            constraint=lambda **p: p["d"] < p["D"] and p["alpha"] < p["D"] - p["d"] - 1.0 - 1e-3,
        ),
    ]
    + [
        Twin(
            "MSUCB.thm1_rate",
            thm1_rate,
            ("T", "d", "D", "alpha", "gamma_T"),
            first
            + sp.Piecewise(
                (D, alpha >= n - 1), ((D**2 - D * d) / (n - alpha - 1) * T ** (1 - (alpha + 1) / n), True)
            ),
            fixed={"reading": r},
            strategies={
                "T": (1, 10**5, "int"),
                "d": (1, 10, "int"),
                "D": (2, 30, "int"),
                "alpha": (0.0, 40.0, "real"),
                "gamma_T": (0.0, 1e3, "real"),
            },
            constraint=lambda **p: p["d"] < p["D"] and abs(p["D"] - p["d"] - p["alpha"] - 1) > 1e-3,
        )
        for r, first in (("A", sp.sqrt(d * T * gamma_T)), ("B", sp.sqrt(d * T) * gamma_T))
    ]
    + [
        Twin(
            "MSUCB.thm2_rate",
            thm2_rate,
            ("T", "d", "de", "alpha", "gamma_T"),
            first
            + sp.Piecewise(
                (de, alpha >= de - 1), (de**2 / (de - alpha - 1) * T ** (1 - (alpha + 1) / de), True)
            ),
            fixed={"reading": r},
            strategies={
                "T": (1, 10**5, "int"),
                "d": (1, 10, "int"),
                "de": (1, 30, "int"),
                "alpha": (0.0, 40.0, "real"),
                "gamma_T": (0.0, 1e3, "real"),
            },
            constraint=lambda **p: abs(p["de"] - p["alpha"] - 1) > 1e-3,
        )
        for r, first in (("A", sp.sqrt(d * T * gamma_T)), ("B", sp.sqrt(d * T) * gamma_T))
    ]
    + [
        Twin(
            "MSUCB.thm5_d0",
            thm5_rate,
            ("T", "D", "alpha", "gamma_T"),
            sp.Piecewise(
                (sp.sqrt(T * gamma_T) + D, alpha >= D - 1),
                (first + D**2 / (D - alpha - 1) * T ** (1 - (alpha + 1) / D), True),
            ),
            fixed={"reading": r},
            strategies={
                "T": (1, 10**5, "int"),
                "D": (1, 30, "int"),
                "alpha": (0.0, 40.0, "real"),
                "gamma_T": (0.0, 1e3, "real"),
            },
            constraint=lambda **p: abs(p["D"] - p["alpha"] - 1) > 1e-3,
        )
        for r, first in (("A", 0), ("B", sp.sqrt(T * gamma_T)))
    ]
    + [
        Twin(
            "MSUCB.improvement",
            improvement_factor,
            ("D", "d"),
            sp.sqrt(D / d),
            strategies=_DIMS,
            constraint=_d_lt_D,
        ),
    ]
)


#: Executable formulas of this module with no sympy twin, and why.
NO_TWIN: dict[str, str] = {
    "MSUCB.lemma1_split": ARRAY + "splits a vector into its blocks",
    "MSUCB.acq_step": "an argmax over finite candidate sets (a procedure)",
    "MSUCB.Zt_size": "a finite sum of rounded N0 s^alpha; its closed-form bounds (CHLEBUS.sum_upper, "
    "MSUCB.Zt_lower) are twinned",
    "MSUCB.prop1_rt": "composes twinned formulas (MSUCB.beta_t, MSUCB.v0) with a data-dependent |Z_t|",
    "MSUCB.compute_condition": "a predicate (bool), not an expression",
    "MSUCB.ramp_loss": ARRAY + "an empirical loss over a data set",
    "MSUCB.metric": ARRAY + "log10 of a regret sequence",
    "MSUCB.nn_dims": "the integer h * 10; checked exactly by its doctest",
}
