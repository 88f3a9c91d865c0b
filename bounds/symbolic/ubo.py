"""Sympy twins of the closed-form formulas of ``bounds/ubo.py`` ([Ha2019])."""

from __future__ import annotations

import sympy as sp

from .. import ubo
from ._twin import ARRAY, Twin

(gamma, theta, lengthscale, beta_t, epsilon, lambda_max, z_mass, noise_variance, delta, a, b, r,
 beta_T, gamma_T, q) = sp.symbols(
    "gamma theta lengthscale beta_t epsilon lambda_max z_mass noise_variance delta a b r beta_T gamma_T q",
    positive=True,
)
n, t, d, T_prev, t_local = sp.symbols("n t d T_prev t_local", positive=True, integer=True)
ucb_max, lcb_max = sp.symbols("ucb_max lcb_max", real=True)


def _g_k_SE(g):
    return sp.sqrt(2 * lengthscale**2 * sp.Max(sp.log(theta**2 / g), 0))


def _gamma(reading):
    root = sp.sqrt((sp.sqrt(beta_t) * theta * epsilon / 2 - epsilon**2 / 16) / (n * lambda_max))
    first = root / sp.sqrt(beta_t) if reading == "A" else root * theta
    return sp.Min(first, sp.Rational(1, 4) * epsilon / z_mass)


def _beta(tau):
    return (2 * sp.log(2 * tau**2 * sp.pi**2 / (3 * delta))
            + 2 * d * sp.log(tau**2 * d * b * r * sp.sqrt(sp.log(4 * d * a / delta))))


def _eps_ok(**p):
    return p["epsilon"] < 0.999 * 4 * (p["beta_t"] ** 0.5) * p["theta"]


_pos = (1e-3, 10.0, "real")
_d_eps_strats = {"beta_t": (0.1, 100.0, "real"), "theta": (0.05, 1.0, "real"),
                 "epsilon": (1e-3, 1.0, "real"), "n": (1, 1000, "int"), "lambda_max": (1e-2, 1e3, "real"),
                 "z_mass": (1e-3, 100.0, "real")}
_d_eps_params = ("beta_t", "theta", "epsilon", "n", "lambda_max", "z_mass")
_rb_strats = {"ucb_max": (-10.0, 10.0, "real"), "lcb_max": (-10.0, 10.0, "real"), "t": (1, 10**6, "int")}
_beta_strats = {"t": (1, 10**6, "int"), "d": (1, 20, "int"), "delta": (1e-6, 0.999, "real"),
                "a": (1.0, 100.0, "real"), "b": _pos, "r": _pos}

TWINS = [
    Twin("UBO.g_k_SE", ubo.g_k_SE, ("gamma", "theta", "lengthscale"), _g_k_SE(gamma),
         strategies={"gamma": (1e-8, 2.0, "real"), "theta": (0.05, 1.0, "real"), "lengthscale": _pos}),
    Twin("UBO.prop41_limit", ubo.prop41_limit, ("beta_t", "theta"), sp.sqrt(beta_t) * theta,
         strategies={"beta_t": (0.0, 1e3, "real"), "theta": (0.05, 1.0, "real")}),
    Twin("UBO.d_eps", ubo.d_eps, _d_eps_params + ("lengthscale",), _g_k_SE(_gamma("A")),
         fixed={"reading": "A"}, strategies=_d_eps_strats | {"lengthscale": _pos}, constraint=_eps_ok),
    Twin("UBO.d_eps", ubo.d_eps, _d_eps_params + ("lengthscale",), _g_k_SE(_gamma("B")),
         fixed={"reading": "B"}, strategies=_d_eps_strats | {"lengthscale": _pos}, constraint=_eps_ok),
    Twin("UBO.eq15", ubo.eq15_bound, ("z_mass", "gamma"), z_mass * gamma,
         strategies={"z_mass": (0.0, 100.0, "real"), "gamma": (0.0, 1.0, "real")}),
    Twin("UBO.eq17", ubo.eq17_bound, ("n", "lambda_max", "gamma"), n * lambda_max * gamma**2,
         strategies={"n": (1, 1000, "int"), "lambda_max": (1e-2, 1e3, "real"), "gamma": (0.0, 1.0, "real")}),
    Twin("UBO.eq18", ubo.eq18_map, ("q", "beta_t", "theta"),
         sp.sqrt(beta_t) * q / (sp.sqrt(theta**2 - q) + theta),
         strategies={"q": (0.0, 0.0025, "real"), "beta_t": (0.0, 1e3, "real"), "theta": (0.05, 1.0, "real")}),
    Twin("UBO.trigger_rb", ubo.trigger_rb, ("ucb_max", "lcb_max", "t"), ucb_max - lcb_max + 1 / t**2,
         fixed={"reading": "A"},
         strategies=_rb_strats),
    Twin("UBO.trigger_rb", ubo.trigger_rb, ("ucb_max", "lcb_max", "t", "t_local"),
         ucb_max - lcb_max + 1 / t_local**2, fixed={"reading": "B"},
         strategies=_rb_strats | {"t_local": (1, 10**6, "int")},
         constraint=lambda **p: p["t_local"] <= p["t"]),
    Twin("UBO.beta_t_prop51", ubo.beta_t_prop51, ("t", "d", "delta", "a", "b", "r"), _beta(t),
         strategies=_beta_strats),
    Twin("UBO.beta_t_thm51", ubo.beta_t_thm51, ("t", "T_prev", "d", "delta", "a", "b", "r"),
         _beta(t - T_prev),
         strategies=_beta_strats | {"T_prev": (0, 10**6, "int")},
         constraint=lambda **p: p["T_prev"] < p["t"]),
    Twin("UBO.C1", ubo.C1, ("noise_variance",), 8 / sp.log(1 + 1 / noise_variance),
         strategies={"noise_variance": (1e-6, 1e3, "real")}),
    Twin("UBO.lemma54", ubo.lemma54_bound, ("beta_T", "gamma_T", "noise_variance"),
         8 / sp.log(1 + 1 / noise_variance) * beta_T * gamma_T,
         strategies={"beta_T": (0.0, 1e3, "real"), "gamma_T": (0.0, 1e4, "real"),
                     "noise_variance": (1e-6, 1e3, "real")}),
    Twin("UBO.eq26", ubo.eq26_lambda_max_lower, ("theta", "noise_variance"), 1 / (theta**2 + noise_variance),
         strategies={"theta": (0.05, 1.0, "real"), "noise_variance": (1e-6, 1e3, "real")}),
]

for _reading in ("A", "B"):
    _root = sp.sqrt((sp.sqrt(beta_t) * theta * epsilon / 2 - epsilon**2 / 16) / (n * lambda_max))
    TWINS.append(
        Twin("UBO.eq27", ubo.eq27, ("beta_t", "theta", "epsilon", "n", "lambda_max"),
             _root / sp.sqrt(beta_t) if _reading == "A" else _root * theta, fixed={"reading": _reading},
             strategies={k: _d_eps_strats[k] for k in ("beta_t", "theta", "epsilon", "n", "lambda_max")},
             constraint=_eps_ok)
    )


#: Executable formulas of this module with no sympy twin, and why.
NO_TWIN: dict[str, str] = {
    "UBO.eps_accuracy": "a predicate (bool)",
    "UBO.assumption42": "a predicate (bool) on the kernel",
    "UBO.g_k": "SE case is UBO.g_k_SE (twinned); Matérn cases are Lambert-W / root-finding, checked by "
    "their defining equation k(g_k) = gamma",
    "UBO.set_A_and_S": "a predicate (set membership)",
    "UBO.eq13": ARRAY + "uses the kernel vector k(x) and data weights",
    "UBO.hypercube_eq28": ARRAY + "a box around a point set",
    "UBO.thm51_global": "a binomial point estimate over runs (a statistic)",
    "UBO.experiment_constants": "a table of constants (a record)",
}
