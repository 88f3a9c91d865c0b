"""Sympy twins of the closed-form formulas in :mod:`regretlab.bounds.add_gp_ucb`."""

from __future__ import annotations

import sympy as sp

from .. import add_gp_ucb as add
from ._twin import ARRAY, Twin

r, sigma, h, nu, J, a, b = sp.symbols("r sigma h nu J a b")
alpha, T_plus, d, p, t, M, D, delta = sp.symbols("alpha T_plus d p t M D delta")
omega_m, f_star, eta, L, T, beta_T, gamma_T, zeta0, C2, sigma2 = sp.symbols(
    "omega_m f_star eta L T beta_T gamma_T zeta0 C2 sigma2"
)

_DELTA = (1e-6, 0.999, "real")


_DECOMP = {"d": (1, 6, "int"), "M": (1, 6, "int")}
_LOG_LIP = 3 * a * p / delta
_LIP_S = {"a": (1.0, 100.0, "real"), "b": (0.01, 100.0, "real"), "p": (1, 100, "int"), "delta": _DELTA}

TWINS = [
    Twin(
        "ADD.kernel_SE",
        add.kernel_SE,
        ("r", "sigma", "h"),
        sigma * sp.exp(-(r**2) / (2 * h**2)),
        strategies={"r": (0.0, 10.0, "real"), "sigma": (0.01, 10.0, "real"), "h": (0.1, 10.0, "real")},
    ),
    Twin(
        "ADD.kernel_Matern",
        add.kernel_matern,
        ("r", "nu", "h"),
        2 ** (1 - nu)
        / sp.gamma(nu)
        * (sp.sqrt(2 * nu) * r / h) ** nu
        * sp.besselk(nu, sp.sqrt(2 * nu) * r / h),
        strategies={"r": (0.01, 5.0, "real"), "nu": (0.5, 5.0, "real"), "h": (0.1, 5.0, "real")},
    ),
    Twin(
        "ADD.assumption2",
        add.assumption2_tail,
        ("J", "a", "b"),
        a * sp.exp(-((J / b) ** 2)),
        strategies={"J": (0.0, 10.0, "real"), "a": (1.0, 100.0, "real"), "b": (0.1, 10.0, "real")},
    ),
    Twin(
        "ADD.thm4_1_steps",
        add.thm4_1_tail_integral,
        ("alpha", "T_plus", "d"),
        d * alpha ** (-d) * sp.uppergamma(d, alpha * T_plus ** (1 / d)),
        strategies={"alpha": (0.1, 5.0, "real"), "T_plus": (0.0, 100.0, "real"), "d": (1, 6, "int")},
    ),
    Twin(
        "ADD.thm4_2_tail",
        add.thm4_2_tail_sum_bound,
        ("T_plus", "p"),
        T_plus**-p + T_plus ** (1 - p) / (p - 1),
        strategies={"T_plus": (1.0, 1e4, "real"), "p": (1.01, 10.0, "real")},
    ),
    Twin(
        "ADD.lemma10",
        add.beta_t_lemma10,
        ("t", "omega_m", "M", "delta"),
        2 * sp.log(omega_m * M * sp.pi**2 * t**2 / (6 * delta)),
        strategies={
            "t": (1, 10**5, "int"),
            "omega_m": (1, 10**6, "int"),
            "M": (1, 100, "int"),
            "delta": _DELTA,
        },
    ),
    Twin(
        "ADD.lemma11",
        add.lemma11_slope,
        ("t", "f_star", "eta", "L", "delta"),
        (f_star + eta * sp.sqrt(2 * sp.log(sp.pi**2 * t**2 / 6 / (2 * delta)))) * L * t / eta**2,
        strategies={
            "t": (1, 10**4, "int"),
            "f_star": (0.0, 10.0, "real"),
            "eta": (0.01, 10.0, "real"),
            "L": (0.01, 10.0, "real"),
            "delta": (1e-6, 0.8, "real"),
        },
    ),
    Twin(
        "ADD.eq10_lipschitz",
        add.eq10_lipschitz,
        ("a", "b", "p", "delta"),
        b * sp.sqrt(sp.log(_LOG_LIP)),
        strategies=_LIP_S,
    ),
    Twin(
        "ADD.discretisation",
        add.discretisation_error,
        ("t", "a", "b", "p", "delta"),
        b * sp.sqrt(sp.log(_LOG_LIP)) / t**3,
        {"reading": "B"},
        {**_LIP_S, "t": (1, 10**4, "int")},
    ),
    Twin(
        "ADD.discretisation",
        add.discretisation_error,
        ("t", "a", "b", "p", "delta"),
        b * sp.sqrt(sp.log(_LOG_LIP)) / t**2,
        {"reading": "A"},
        {**_LIP_S, "t": (1, 10**4, "int")},
    ),
    Twin(
        "ADD.beta_t_thm5",
        add.beta_t_thm5,
        ("t", "M", "d", "D", "delta"),
        2 * sp.log(M * sp.pi**2 * t**2 / (2 * delta)) + 2 * d * sp.log(D * t**3),
        strategies={
            "t": (1, 10**5, "int"),
            "M": (1, 100, "int"),
            "d": (1, 20, "int"),
            "D": (1, 1000, "int"),
            "delta": _DELTA,
        },
        constraint=lambda **q: q["d"] <= q["D"],
    ),
    Twin(
        "ADD.regret_thm5",
        add.regret_thm5,
        ("T", "beta_T", "M", "gamma_T", "eta", "zeta0", "C2"),
        sp.sqrt(8 / sp.log(1 + eta**-2) * beta_T * M * T * gamma_T) + 2 * zeta0 * sp.sqrt(T) + C2,
        strategies={
            "T": (1, 10**6, "int"),
            "beta_T": (1e-3, 1e3, "real"),
            "M": (1, 100, "int"),
            "gamma_T": (1e-3, 1e4, "real"),
            "eta": (0.01, 10.0, "real"),
            "zeta0": (0.0, 10.0, "real"),
            "C2": (0.0, 100.0, "real"),
        },
    ),
    Twin(
        "ADD.sigma_log_ineq",
        add.sigma_log_ineq,
        ("sigma2", "eta"),
        sp.log(1 + sigma2 / eta**2) / sp.log(1 + eta**-2),
        strategies={"sigma2": (0.01, 1.0, "real"), "eta": (0.01, 10.0, "real")},
    ),
    Twin(
        "ADD.table1_rates",
        add.table1_rate,
        ("T", "D", "d"),
        sp.sqrt(d**d * D**2 * T * sp.log(T) ** (d + 2)),
        {"kernel": "SE", "algorithm": "Add-GP-UCB"},
        {"T": (1.0, 1e6, "real"), "D": (1, 100, "int"), "d": (1, 8, "int")},
        constraint=lambda **q: q["d"] <= q["D"],
    ),
    Twin(
        "ADD.beta_t_practical",
        add.beta_t_practical,
        ("t", "d"),
        sp.Rational(1, 5) * d * sp.log(2 * t),
        strategies={"t": (1, 10**6, "int"), "d": (1, 100, "int")},
    ),
    # [Kandasamy2015, §4.4 as printed], "D!/d!M!", with D = M d
    Twin(
        "ADD.decomposition_count",
        add.decomposition_count,
        ("d", "M"),
        sp.factorial(M * d) / (sp.factorial(d) * sp.factorial(M)),
        {"reading": "A"},
        _DECOMP,
    ),
    # not printed: unlabelled groups, D! / ((d!)^M M!)
    Twin(
        "ADD.decomposition_count",
        add.decomposition_count,
        ("d", "M"),
        sp.factorial(M * d) / (sp.factorial(d) ** M * sp.factorial(M)),
        {"reading": "B"},
        _DECOMP,
    ),
    Twin(
        "ADD.seq_buggy_rate",
        add.seq_buggy_rate,
        ("T", "M", "D", "gamma_T"),
        M * sp.sqrt(D * gamma_T * T * sp.log(T)),
        strategies={
            "T": (1.0, 1e6, "real"),
            "M": (1, 100, "int"),
            "D": (1, 1000, "int"),
            "gamma_T": (1e-3, 1e4, "real"),
        },
    ),
]


#: Executable formulas of this module with no sympy twin, and why.
NO_TWIN: dict[str, str] = {
    "ADD.ucb": ARRAY + "a sum over per-group posterior arrays; its argmax is checked to be the "
    "concatenation of the per-group argmaxes",
    "ADD.costs": "orders of growth (O(.) terms) returned as a record, not one expression",
    "ADD.thm8_srinivas": "a bound with an unspecified O(T^{1-tau/d}) term; checked by its properties",
    "ADD.eq14_erratum": ARRAY + "a chain of sums over an actual query sequence and its posterior",
    "ADD.budgets": "integer budgets min(5000, 100D) and 90% of it, checked exactly in tests/bounds",
}
