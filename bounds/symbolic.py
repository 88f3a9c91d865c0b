"""Sympy twins of the bound formulas, with their LaTeX.

Each paper module's twins live in ``bounds/_twins_<module>.py`` as a list ``TWINS`` of
:class:`~regretlab.bounds._twin.Twin`; this module collects them. A test checks on hypothesis-drawn
parameters that every numpy function equals its lambdified twin (relative 1e-10).
"""

from __future__ import annotations

import importlib
import pkgutil

from ._twin import Twin

__all__ = ["Twin", "TWINS", "NO_TWIN", "twin", "latex"]


def _collect() -> dict[str, Twin]:
    import regretlab.bounds as package

    twins: dict[str, Twin] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if not info.name.startswith("_twins_"):
            continue
        module = importlib.import_module(f"regretlab.bounds.{info.name}")
        for item in module.TWINS:
            if item.key in twins:
                raise ValueError(f"sympy twin {item.key!r} is defined twice")
            twins[item.key] = item
    return twins


TWINS: dict[str, Twin] = _collect()

_ARRAY = "not a scalar closed form: "
#: Executable formulas that have no sympy twin, and why (a test requires a twin or an entry here).
NO_TWIN: dict[str, str] = {
    "ADD.ucb": _ARRAY + "a sum over per-group posterior arrays; its argmax is checked to be the "
    "concatenation of the per-group argmaxes",
    "ADD.costs": "orders of growth (O(.) terms) returned as a record, not one expression",
    "ADD.thm8_srinivas": "a bound with an unspecified O(T^{1-tau/d}) term; checked by its properties",
    "ADD.eq14_erratum": _ARRAY + "a chain of sums over an actual query sequence and its posterior",
    "ADD.budgets": "integer budgets min(5000, 100D) and 90% of it, checked exactly in tests/bounds",
    "INFOGAIN.I": _ARRAY + "log-determinant of a Gram matrix; the two computations are checked equal",
    "INFOGAIN.gamma_T": "greedy maximisation over a candidate set (a procedure)",
    "MSUCB.lemma1_split": _ARRAY + "splits a vector into its blocks",
    "MSUCB.acq_step": "an argmax over finite candidate sets (a procedure)",
    "MSUCB.Zt_size": "a finite sum of rounded N0 s^alpha; its closed-form bounds (CHLEBUS.sum_upper, "
    "MSUCB.Zt_lower) are twinned",
    "MSUCB.prop1_rt": "composes twinned formulas (MSUCB.beta_t, MSUCB.v0) with a data-dependent |Z_t|",
    "MSUCB.compute_condition": "a predicate (bool), not an expression",
    "MSUCB.ramp_loss": _ARRAY + "an empirical loss over a data set",
    "MSUCB.metric": _ARRAY + "log10 of a regret sequence",
    "MSUCB.nn_dims": "the integer h * 10; checked exactly by its doctest",
    "RPP.regret_defs": _ARRAY + "cumulative, simple and average regret of a sequence",
    "RPP.add_ucb": _ARRAY + "a sum over per-group posterior arrays",
    "RPP.pp_model": _ARRAY + "a linear map x -> W^T x and its inverse",
    "RPP.restricted_W": _ARRAY + "the matrix (1 - alpha) W + alpha I",
    "RPP.outer_box_ratio": "a determinant ratio of a matrix argument; checked against "
    "the image of the cube's corners",
    "RPP.alpha_search": "a grid search (a procedure)",
    "RPP.assumption3": _ARRAY + "rescales a vector and returns its norm",
    "RPP.prop4": _ARRAY + "a Taylor approximation with vector and matrix arguments",
    "RPP.prop5": _ARRAY + "a Taylor approximation with vector and matrix arguments",
    "RPP.prop9": _ARRAY + "a Taylor approximation with vector and matrix arguments",
    "RPP.lemma11": "a predicate (bool) on posterior values",
    "RPP.lemma12": "a predicate (bool) on posterior values",
    "RPP.ttest": "a Student/Welch t-test (scipy.stats), not a closed form",
    "UBO.eps_accuracy": "a predicate (bool)",
    "UBO.assumption42": "a predicate (bool) on the kernel",
    "UBO.g_k": "SE case is UBO.g_k_SE (twinned); Matérn cases are Lambert-W / root-finding, checked by "
    "their defining equation k(g_k) = gamma",
    "UBO.set_A_and_S": "a predicate (set membership)",
    "UBO.eq13": _ARRAY + "uses the kernel vector k(x) and data weights",
    "UBO.hypercube_eq28": _ARRAY + "a box around a point set",
    "UBO.thm51_global": "a binomial point estimate over runs (a statistic)",
    "UBO.experiment_constants": "a table of constants (a record)",
}


def twin(id_: str, reading: str | None = None) -> Twin:
    """The twin of catalogue id ``id_`` (and ``reading``, where the formula has several)."""
    key = id_ if reading is None else f"{id_}[{reading}]"
    if key not in TWINS:
        raise ValueError(f"no sympy twin for {key!r}; known: {sorted(TWINS)}")
    return TWINS[key]


def latex(id_: str, reading: str | None = None) -> str:
    """LaTeX of the sympy twin of ``id_``."""
    return twin(id_, reading).latex
