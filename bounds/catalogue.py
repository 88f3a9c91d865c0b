"""The project's own list of the ids of the formula catalogue (``FORMULAS.md``, §0–§7, index §8).

Written by hand from the catalogue so that a user's clone (without ``../shared``) still knows every id.
A test fails if an id here has neither a function in ``regretlab.bounds.FORMULAS`` nor an entry in
``regretlab.bounds.NOT_EXECUTABLE``; where ``../shared/FORMULAS.md`` is present, a second test fails
if this list misses one of its ids.
"""

CATALOGUE_IDS: tuple[str, ...] = (
    # §0 shared GP machinery
    "GP.posterior", "GP.ucb", "GP.lcb", "INFOGAIN.I", "INFOGAIN.gamma_T", "SRINIVAS.C1",
    "SRINIVAS.beta_t_thm2",
    # §1 MS-UCB (papers 000 / 002)
    "MSUCB.lemma1_split", "MSUCB.acq_step", "MSUCB.Nt", "MSUCB.Zt_size", "MSUCB.assumption1",
    "MSUCB.lipschitz", "MSUCB.beta_t0", "MSUCB.tau_t", "MSUCB.Ft", "MSUCB.beta_t1", "MSUCB.beta_t",
    "MSUCB.beta_t_d0", "MSUCB.l1ball_volume", "MSUCB.corner_prob", "MSUCB.lemma4_radius", "MSUCB.v0",
    "MSUCB.lemma4_term1", "MSUCB.prop1_rt", "MSUCB.Zt_lower", "MSUCB.prop4_Csum",
    "MSUCB.prop4_RT_case1", "MSUCB.prop4_RT_case2", "MSUCB.prop4_RT_case3", "MSUCB.thm1_rate",
    "MSUCB.thm2_rate", "MSUCB.thm5_d0", "MSUCB.compute_condition", "MSUCB.improvement",
    "MSUCB.ramp_loss", "MSUCB.metric", "MSUCB.nn_dims",
    "PSERIES.prop2", "PSERIES.prop3_neg", "PSERIES.prop3_0to1", "PSERIES.prop3_eq1", "CHLEBUS.sum_upper",
    # §2 RPP-GP-UCB (paper 001)
    "RPP.regret_defs", "RPP.additive_model", "RPP.eq3_component_posterior", "RPP.add_ucb",
    "RPP.decomposed_argmax", "RPP.pp_model", "RPP.gamma_T", "RPP.thm2", "RPP.restricted_W",
    "RPP.outer_box_ratio", "RPP.alpha_search", "RPP.synthetic_f", "RPP.assumption3", "RPP.prop4",
    "RPP.prop5", "RPP.prop9", "RPP.thm7", "RPP.cor8", "RPP.lemma11", "RPP.lemma12", "RPP.lemma13",
    "RPP.lemma14", "RPP.ttest",
    # §3 Add-GP-UCB (paper 003) and GP-UCB via 003
    "ADD.kernel_SE", "ADD.kernel_Matern", "ADD.obs1", "ADD.posterior_component", "ADD.ucb", "ADD.costs",
    "ADD.assumption2", "ADD.gamma_T_SE", "ADD.gamma_T_Matern", "ADD.gamma_T_all_dth_order",
    "ADD.thm8_srinivas", "ADD.thm4_1_steps", "ADD.thm4_2_tail", "ADD.lemma10", "ADD.lemma11",
    "ADD.eq10_lipschitz", "ADD.discretisation", "ADD.beta_t_thm5", "ADD.regret_thm5",
    "ADD.sigma_log_ineq", "ADD.eq14_erratum", "ADD.table1_rates", "ADD.beta_t_practical", "GPUCB.beta_t",
    "ADD.synthetic_f", "ADD.decomposition_count", "ADD.seq_buggy_rate", "ADD.budgets",
    # §4 GPUCB-UBO (paper 004)
    "UBO.eps_accuracy", "UBO.assumption42", "UBO.g_k", "UBO.g_k_SE", "UBO.prop41_limit",
    "UBO.set_A_and_S", "UBO.d_eps", "UBO.eq13", "UBO.eq15", "UBO.eq17", "UBO.eq18", "UBO.trigger_rb",
    "UBO.beta_t_prop51", "UBO.beta_t_thm51", "UBO.C1", "UBO.lemma54", "UBO.eq26", "UBO.eq27",
    "UBO.hypercube_eq28", "UBO.thm51_global", "UBO.experiment_constants",
    # §7 benchmark definitions
    "BENCH.ackley", "BENCH.levy", "BENCH.hyperellipsoid", "BENCH.camel6", "BENCH.beale",
    "BENCH.eggholder", "BENCH.hartmann3", "BENCH.hartmann6",
)  # fmt: skip
