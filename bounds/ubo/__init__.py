"""GPUCB-UBO [Ha2019]: the catalogue ids ``UBO.*``.

Bayesian optimisation with an unknown search space: the kernel-distance function :math:`g_k` (Eq. 5/10),
the far-field limit of GP-UCB (Prop. 4.1), the expansion radius :math:`d_\\epsilon` of Thm 4.1 in both
printed readings and the steps of its proof (Eqs. 13, 15, 17, 18), the expansion trigger
:math:`r_b`, the :math:`\\beta_t` of Prop. 5.1 / Thm 5.1 (local time), Lemma 5.4's constant, the growth
argument of App. A.5 (Eqs. 26-27), the encompassing hypercube (Eq. 6 = Eq. 28), and the §6 constants.
Formulas were read from the LaTeX copies in the paper.

The package follows the paper's sections; every public name is importable from ``regretlab.bounds.ubo``
(the section modules are an implementation detail):

===============  ==========================================================
``setting``      epsilon-accuracy (Eq. (4)) and Assumption 4.2
``distance``     g_k (Eqs. (5), (10))
``prop41``       Prop. 4.1 and the sets A and S
``thm41``        Thm 4.1 and App. A.3: z, lambda_max, Eqs. (13)-(18), d_eps
``growth``       App. A.5: Eqs. (26)-(27)
``hypercube``    the enclosing hypercube (Eq. (6) = Eq. (28))
``convergence``  the trigger r_b, beta_t, C1, Lemma 5.4 and Thm 5.1
``experiments``  the constants of §6
===============  ==========================================================

References
----------
.. [1] [Ha2019] with App. A-C.
"""

from __future__ import annotations

from ._common import KERNELS
from .convergence import (
    C1,
    RUN_REGRET_BOUND_SOURCE,
    GlobalAccuracy,
    beta_t_prop51,
    beta_t_thm51,
    lemma54_bound,
    run_regret_bound,
    thm51_global,
    trigger_rb,
)
from .distance import (
    g_k,
    g_k_SE,
)
from .experiments import (
    ExperimentConstants,
    experiment_constants,
)
from .growth import (
    eq26_lambda_max_lower,
    eq27,
)
from .hypercube import (
    hypercube_eq28,
)
from .prop41 import (
    prop41_limit,
    set_A_and_S,
)
from .setting import (
    assumption42,
    eps_accuracy,
)
from .thm41 import (
    GramQuantities,
    d_eps,
    d_eps_gamma,
    eq13,
    eq15_bound,
    eq17_bound,
    eq18_gamma_condition,
    eq18_map,
    gram_quantities,
)

__all__ = [
    "run_regret_bound",
    "RUN_REGRET_BOUND_SOURCE",
    "KERNELS",
    "ExperimentConstants",
    "GlobalAccuracy",
    "GramQuantities",
    "C1",
    "assumption42",
    "beta_t_prop51",
    "beta_t_thm51",
    "d_eps",
    "d_eps_gamma",
    "eps_accuracy",
    "eq13",
    "eq15_bound",
    "eq17_bound",
    "eq18_gamma_condition",
    "eq18_map",
    "eq26_lambda_max_lower",
    "eq27",
    "experiment_constants",
    "g_k",
    "g_k_SE",
    "gram_quantities",
    "hypercube_eq28",
    "lemma54_bound",
    "prop41_limit",
    "set_A_and_S",
    "thm51_global",
    "trigger_rb",
]

