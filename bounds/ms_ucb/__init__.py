r"""MS-UCB [TranThe2020]: every formula of the paper, as printed.

Setting ([TranThe2020]): maximise :math:`f` on :math:`\mathcal X=[-1,1]^D`; split
:math:`\mathbf x=\mathbf A\mathbf y+\mathbf B\mathbf z` with :math:`\mathbf y\in[-1,1]^d` (free block, the
*last* :math:`d` coordinates) and :math:`\mathbf z\in[-1,1]^{D-d}` (sampled block, the first :math:`D-d`);
:math:`n:=D-d`. [TranThe2020-ext] is the main text plus supplement, [TranThe2020-AAAI] the main text only.

Where the copies print different things the function takes ``reading=`` with the letters of the catalogue
(``bounds/CATALOGUE.md``); where the catalogue does not letter them, the letters are assigned in the order the
catalogue lists them and documented in the function. The default is the reading the algorithm uses
(:func:`beta_t`: reading A), or else the first printed one. The UCB is :math:`\mu+\sqrt{\beta}\sigma`
everywhere: [TranThe2020-ext]'s main text prints :math:`\sqrt{\beta\sigma}`, a typo.

The :math:`\mathcal O^*` rates (:func:`thm1_rate`, :func:`thm2_rate`, :func:`thm5_rate`) return the
value of the expression inside :math:`\mathcal O^*(\cdot)` **without hidden constants or log factors**:
only growth in :math:`T` and ratios are meaningful.

The package follows the paper's sections; every public name is importable from ``regretlab.bounds.ms_ucb``
(the section modules are an implementation detail):

===============  =====================================================================================
``algorithm``    Algorithm 1: Lemma 1's split, the acquisition step, the subspace counts N_t and |Z_t|
``confidence``   the Lipschitz event, Lemma 2, Lemma 3 and the beta_t of every copy
``lemma4``       Lemma 4: L1-ball volume, corner probability, radius theta_t, v0
``regret``       Prop. 1, Prop. 4 and the O* rates of Thms 1, 2 and 5
``computation``  Discussion "On the Computation Complexity" and the improvement factor
``experiments``  the experiments' ramp-loss objective, plotted metric and network sizes
===============  =====================================================================================

References
----------
.. [1] [TranThe2020-ext] (main text and supplement) and [TranThe2020-AAAI] (proceedings main text).
.. [2] [Srinivas2012, Lemmas 5.5-5.7], the journal version of GP-UCB's analysis that the paper follows.
"""

from __future__ import annotations

from .algorithm import (
    acq_step,
    lemma1_matrices,
    n_t,
    split_point,
    subspace_points,
    zt_lower,
    zt_size,
)
from .computation import (
    acquisition_calls,
    compute_condition_holds,
    compute_condition_max_alpha,
    compute_regime,
    improvement_factor,
)
from .confidence import (
    beta_t,
    beta_t0,
    beta_t1,
    beta_t_d0,
    ft_size,
    lemma2_union_level,
    lipschitz_constant,
    tau_t,
)
from .experiments import (
    nn_dims,
    ramp_loss,
    ramp_objective,
    regret_metric,
)
from .lemma4 import (
    corner_prob_bound,
    corner_prob_exact,
    l1ball_volume,
    lemma4_radius,
    lemma4_term1,
    v0,
)
from .regret import (
    RUN_REGRET_BOUND_SOURCE,
    prop1_rt_bound,
    prop4_csum,
    prop4_csum_bound,
    prop4_regret_bound,
    run_regret_bound,
    thm1_rate,
    thm2_rate,
    thm2_vd,
    thm5_rate,
)

__all__ = [
    "run_regret_bound",
    "RUN_REGRET_BOUND_SOURCE",
    "split_point",
    "subspace_points",
    "lemma1_matrices",
    "acq_step",
    "n_t",
    "zt_size",
    "zt_lower",
    "lipschitz_constant",
    "beta_t0",
    "lemma2_union_level",
    "tau_t",
    "ft_size",
    "beta_t1",
    "beta_t",
    "beta_t_d0",
    "l1ball_volume",
    "corner_prob_bound",
    "corner_prob_exact",
    "lemma4_radius",
    "v0",
    "lemma4_term1",
    "prop1_rt_bound",
    "prop4_csum",
    "prop4_csum_bound",
    "prop4_regret_bound",
    "thm1_rate",
    "thm2_rate",
    "thm2_vd",
    "thm5_rate",
    "compute_condition_holds",
    "compute_condition_max_alpha",
    "compute_regime",
    "acquisition_calls",
    "improvement_factor",
    "ramp_loss",
    "ramp_objective",
    "regret_metric",
    "nn_dims",
]

