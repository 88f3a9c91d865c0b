"""The package's claims, registered with regretlab's engine (the ``regretlab.claims`` entry point names this
module): ``regretlab verify --claims 'MATERNUCB.*'`` runs them with its profiles, checkpoints and reports.

Each check draws exact GP sample paths on a 50-point grid of [0, 1] (``ctx.profile.paths`` of them: 60 in
the quick profile), runs :func:`~matern_gp_ucb.gp_ucb` for ``ctx.profile.horizon`` steps on each, and judges
the bound with :func:`regretlab.verify.check_bound`: violation rate against δ, vacuity, the control, k, and
where the bound starts to bite beyond the checked T (up to :data:`HORIZON`).
"""

import numpy as np

from regretlab.verify import check_bound, claim

from .algorithm import KERNEL, gp_ucb
from .bound import srinivas_theorem_1, theorem_1_read_as_cumulative_average

GRID = np.linspace(0.0, 1.0, 50)[:, None]
DELTA = 0.1
NOISE_VARIANCE = 0.01
#: How far beyond the checked T to look for where the bound starts to bite (γ_T bracketed there; no runs).
HORIZON = 20_000


def _checker(bound):
    def check(ctx):
        return [check_bound(gp_ucb, bound, kernel=KERNEL, candidates=GRID, T=ctx.profile.horizon,
                            delta=DELTA, paths=ctx.profile.paths, seed=ctx.seed,
                            noise_variance=NOISE_VARIANCE, name=ctx.claim_id, horizon=HORIZON)]
    return check


claim("MATERNUCB.srinivas_thm1", reference="[Srinivas2010, Thm 1]",
      event="with probability at least 1 - δ, R_T <= sqrt(C_1 T β_T γ_T) for every T (Matérn-5/2 paths)",
      latex=r"R_T\le\sqrt{C_1T\beta_T\gamma_T}", bounds=(srinivas_theorem_1,), kind="regret",
      evidence="exact GP paths on a 50-point grid of [0, 1]", catalogue=False)(_checker(srinivas_theorem_1))

claim("MATERNUCB.srinivas_thm1_wrong", reference="[Srinivas2010, Thm 1], misread",
      event="deliberately wrong: the average-regret bound sqrt(C_1 β_T γ_T / T) read as a bound on R_T",
      latex=r"R_T\le\sqrt{C_1\beta_T\gamma_T/T}", bounds=(theorem_1_read_as_cumulative_average,),
      kind="regret", evidence="exact GP paths on a 50-point grid of [0, 1]",
      catalogue=False)(_checker(theorem_1_read_as_cumulative_average))
