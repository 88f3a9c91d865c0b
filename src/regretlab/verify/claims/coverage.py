"""The catalogue's probabilistic statements that no registered claim checks yet, each with the reason.

The report lists them under "not checked" (:data:`regretlab.verify.NOT_CHECKED`); a test keeps every
probabilistic catalogue id either checked by a claim or listed here.
"""

from __future__ import annotations

from ..registry import not_checked

_RATE = ("an O* rate without constants: no finite-T inequality to test against a run (the constants-bearing "
         "bound it summarises is checked where the paper gives one)")
not_checked("MSUCB.thm1_rate", _RATE + ": Prop. 4, MSUCB.prop4_RT_case2/3")
not_checked("MSUCB.thm2_rate", _RATE + " (needs an objective with an effective subspace and its v_d "
                                       "constant)")
not_checked("MSUCB.thm5_d0", _RATE)
not_checked("RPP.thm2", _RATE)
not_checked("RPP.gamma_T", _RATE)
not_checked("ADD.gamma_T_SE", "Thm 4's gamma_T growth (greedy gamma_T of additive vs full kernels "
                              "as D grows) is "
                              "not registered yet: it is a rate comparison and needs a verdict rule "
                              "of its own")
not_checked("ADD.gamma_T_Matern", "as ADD.gamma_T_SE")
not_checked("ADD.thm8_srinivas", "an upper bound on gamma_T through the kernel's eigen-decay (T*, "
                                 "tau, B_kappa): "
                                 "checking it needs the eigenvalues of the kernel operator, not sample paths")
_LEMMA3_GRID = ("a definition of the grid F_t, not a probabilistic event of its own: MSUCB.beta_t1:lemma3_Ft "
                "builds F_t from each reading's tau_t and checks Lemma 3's confidence event on it")
not_checked("MSUCB.tau_t", _LEMMA3_GRID)
not_checked("MSUCB.Ft", _LEMMA3_GRID)
not_checked("MSUCB.lemma4_term1", "the product of the Lipschitz event (MSUCB.lipschitz) and Lemma "
                                  "4's radius (MSUCB.lemma4_radius), both checked; it enters "
                                  "MSUCB.prop1_rt, checked on runs")
not_checked("ADD.assumption2", "the same tail as MSUCB.assumption1 (checked there for an SE path); here it "
                               "only supplies the per-group (a, b) of ADD.eq10_lipschitz, which is checked")
not_checked("ADD.discretisation", "deterministic given the Lipschitz event of ADD.eq10_lipschitz "
                                  "(checked): the error is that constant times the grid's L1 radius")
not_checked("ADD.lemma11", "a step of Thm 5 that only supplies part of C2; its L is in closed form for the "
                            "SE kernel (bounds.add_gp_ucb.kernel_lipschitz_se) and enters ADD.regret_thm5, "
                            "which is checked")
not_checked("GPUCB.beta_t", "Kandasamy2015's Thm 6 GP-UCB schedule (its own discretisation, 2D log(D t^3)) "
                            "for GP-UCB in D dimensions, with a bound carrying C2 (Lemma 11's posterior "
                            "Lipschitz constant, not determined by a sample path); [Srinivas2010, Thm 2], "
                            "which it modifies, is checked (SRINIVAS.beta_t_thm2:regret)")
not_checked("UBO.beta_t_thm51", "Thm 5.1 (global eps-accuracy when the optimum is outside the initial box) "
                                "holds 'after finitely many iterations' with no T given, and takes f a GP "
                                "sample on R^d, where a stationary GP has no maximum: no finite-T event to "
                                "test; its local step is Prop. 5.1 (UBO.trigger_rb:prop51_grid, "
                                "UBO.beta_t_prop51:continuum)")
not_checked("UBO.thm51_global", "as UBO.beta_t_thm51")
not_checked("UBO.eps_accuracy", "a definition (Eq. (4)), not an event: it is the conclusion that "
                                "UBO.trigger_rb:prop51_grid and UBO.beta_t_prop51:continuum check")
not_checked("MSUCB.corner_prob", "a bound on a probability computed exactly (the Irwin-Hall CDF, "
                                 "regretlab.bounds.ms_ucb.lemma4.corner_prob_exact, compared in the property "
                                 "suite); its consequence, Lemma 4's radius at the corner, is "
                                 "MSUCB.lemma4_radius")
