"""RPP-GP-UCB [Li2016]: the catalogue ids ``RPP.*``.

Executable forms of the paper's definitions, rates and inequalities: regret definitions (§2), the
additive UCB (Eq. 4), the projection (Eq. 6), the restricted projection :math:`\\hat W` (Eq. 7), the
outer-box volume ratio and the :math:`\\delta`-ratio grid search (Eq. 8), the information-gain and
simple-regret rates (§4, Thm 2), the additive / projected-additive Taylor approximations (§6, Props 4,
5, 9) and the biased-data regret bounds (Thm 7, Cor 8, Lemmas 11-14, App. B.5-B.6), plus the t-test
of Tables 3-4.

The package follows the paper's sections; every public name is importable from ``regretlab.bounds.rpp``
(the section modules are an implementation detail):

=================  ===============================================================================
``model``          regrets, the additive UCB (Eq. (4)), projection pursuit, the delta-ratio search
``rates``          information-gain and simple-regret rates (§4, Thm 2)
``approximation``  Assumption 3 and the Taylor approximations (Props 4, 5, 9)
``biased``         GP-UCB on biased samples (Thm 7, Cor. 8, Lemmas 11-14)
``experiments``    the t-test behind Tables 3-4
=================  ===============================================================================

References
----------
.. [1] [Li2016] with App. A-B.
"""

from __future__ import annotations

from .._registry import not_executable
from .approximation import (
    additive_approximation,
    assumption3_rescale,
    projected_additive_approximation,
    prop9_approximation,
)
from .biased import (
    RUN_REGRET_BOUND_SOURCE,
    cor8_bound,
    lemma11_holds,
    lemma12_holds,
    lemma13_rt,
    lemma14_bound,
    run_regret_bound,
    thm7_average_regret_bound,
)
from .experiments import (
    TTestResult,
    ttest,
)
from .model import (
    RATIO_READINGS,
    AlphaSearchResult,
    RegretSummary,
    add_ucb,
    alpha_search,
    constraint_ratio,
    outer_box_ratio,
    pp_transform,
    regret_defs,
    restricted_W,
)
from .rates import (
    gamma_T,
    thm2_simple_regret_rate,
)

__all__ = [
    "run_regret_bound",
    "RUN_REGRET_BOUND_SOURCE",
    "RATIO_READINGS",
    "AlphaSearchResult",
    "RegretSummary",
    "TTestResult",
    "add_ucb",
    "additive_approximation",
    "alpha_search",
    "assumption3_rescale",
    "constraint_ratio",
    "cor8_bound",
    "gamma_T",
    "lemma11_holds",
    "lemma12_holds",
    "lemma13_rt",
    "lemma14_bound",
    "outer_box_ratio",
    "pp_transform",
    "projected_additive_approximation",
    "prop9_approximation",
    "regret_defs",
    "restricted_W",
    "thm2_simple_regret_rate",
    "thm7_average_regret_bound",
    "ttest",
]


# ---------------------------------------------------------------------------------------------------
# Not executable here
# ---------------------------------------------------------------------------------------------------
not_executable(
    "RPP.additive_model",
    "model definition f = sum_j f^(j)(x^(j)) with kernel sum_j kappa^(j) [Li2016, Eq. (1)-(2)]: implemented "
    "as the kernel regretlab.gp.kernels.Additive(groups, base), not a bound",
)
not_executable(
    "RPP.eq3_component_posterior",
    "per-group GP posterior [Li2016, Eq. (3)] needs kernel matrices and a Cholesky solve: implemented as "
    "the per-group additive posteriors of regretlab.gp.posterior, not a closed-form bound",
)
not_executable(
    "RPP.decomposed_argmax",
    "group-wise argmax of the additive UCB [Li2016, Eq. (5)] is an optimisation step: implemented in "
    "regretlab.algorithms.rpp_gp_ucb / add_gp_ucb (acquisition maximisation), not a formula",
)
not_executable(
    "RPP.synthetic_f",
    "the synthetic objective f(x) = sum_i f_{d'}(A_i^T x) of [Li2016, §5.1] is a test function: "
    "implemented in regretlab.objectives.structured (Li's projected-additive f), not a bound",
)
