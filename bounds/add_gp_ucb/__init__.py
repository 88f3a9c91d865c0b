r"""Add-GP-UCB [Kandasamy2015]: :math:`\beta_t`, the steps of Thms 4-5, Eq. (14) and its erratum.

Setting ([Kandasamy2015, §3]): :math:`\mathcal X=[0,1]^D`, :math:`f=\sum_{j=1}^Mf^{(j)}(x^{(j)})` over
disjoint groups of dimension :math:`d_j\le d`, :math:`p=\sum_jd_j\le D`, noise :math:`\mathcal N(0,\eta^2)`,
:math:`\kappa(x,x)=1`. Rates (:math:`\mathcal O(\cdot)`) are returned without hidden constants.

The information-gain rates of Thm 4 (ADD.gamma_T_SE, ADD.gamma_T_Matern, ADD.gamma_T_all_dth_order) are
in :mod:`regretlab.bounds.information_gain`; GP-UCB's Thm 6 :math:`\beta_t` (GPUCB.beta_t) is in
:mod:`regretlab.bounds.gp_ucb`.

The catalogue names no "Dragonfly" form of :math:`\beta_t`, so none is implemented here; the practical
schedule is the one [Kandasamy2015] prints (:func:`beta_t_practical`).

The package follows the paper's sections; every public name is importable from ``regretlab.bounds.add_gp_ucb``
(the section modules are an implementation detail):

===============  ===================================================================================
``model``        the additive kernels (Eqs. (2)-(3)), the additive UCB, costs, Assumption 2
``thm4``         the steps of Thm 4's proof (information gain of additive kernels)
``thm5``         Lemmas 10-11, Eqs. (10)-(13), beta_t, C2 and the regret bound of Thm 5
``eq14``         the sigma-log inequality and Eq. (14) with its erratum
``discussion``   Table 1's rates, the practical beta_t, decomposition counts, the sequential variant
``experiments``  the DiRect evaluation budgets of §5
===============  ===================================================================================

References
----------
.. [1] [Kandasamy2015] with App. A, B and the authors' erratum on Eq. (14).
"""

from __future__ import annotations

from .._registry import not_executable
from .discussion import (
    beta_t_practical,
    decomposition_count,
    seq_buggy_rate,
    table1_rate,
)
from .eq14 import (
    Eq14Chain,
    component_posterior_variances,
    eq14_chain,
    sigma_log_ineq,
)
from .experiments import (
    Budgets,
    budgets,
)
from .model import (
    Costs,
    add_ucb,
    assumption2_tail,
    costs,
    kernel_matern,
    kernel_SE,
)
from .thm4 import (
    thm4_1_tail_integral,
    thm4_2_tail_sum_bound,
    thm8_bound,
    tstar_bound_holds,
    upper_gamma_bound,
)
from .thm5 import (
    C2_lemma11_sum,
    C2_thm5,
    beta_t_lemma10,
    beta_t_thm5,
    discretisation_error,
    discretisation_size,
    eq10_lipschitz,
    kernel_lipschitz_se,
    lemma11_slope,
    normal_tail_bound,
    regret_thm5,
)

__all__ = [
    "kernel_SE",
    "kernel_matern",
    "add_ucb",
    "Costs",
    "costs",
    "assumption2_tail",
    "thm8_bound",
    "thm4_1_tail_integral",
    "upper_gamma_bound",
    "tstar_bound_holds",
    "thm4_2_tail_sum_bound",
    "normal_tail_bound",
    "beta_t_lemma10",
    "lemma11_slope",
    "kernel_lipschitz_se",
    "eq10_lipschitz",
    "discretisation_error",
    "discretisation_size",
    "beta_t_thm5",
    "C2_thm5",
    "C2_lemma11_sum",
    "regret_thm5",
    "sigma_log_ineq",
    "component_posterior_variances",
    "Eq14Chain",
    "eq14_chain",
    "table1_rate",
    "beta_t_practical",
    "decomposition_count",
    "seq_buggy_rate",
    "Budgets",
    "budgets",
]


not_executable(
    "ADD.obs1",
    "a distributional statement (y is a GP with the summed kernel plus noise); the summed kernel is "
    "regretlab.gp.kernels.Additive and the check is an empirical covariance test of sampled sums, "
    "not a bound",
)
not_executable(
    "ADD.posterior_component",
    "the per-group posterior mean and variance [Kandasamy2015, Eq. (5)] are implemented in "
    "regretlab.gp.posterior (per-group additive posteriors); bounds/ has only the variances along a query "
    "sequence, component_posterior_variances, used by eq14_chain",
)
not_executable(
    "ADD.synthetic_f",
    "the trimodal test objective f_d' of [Kandasamy2015, Eq. (7)] is implemented in "
    "regretlab.objectives.structured (both sign readings and both bandwidth readings), not a bound",
)
