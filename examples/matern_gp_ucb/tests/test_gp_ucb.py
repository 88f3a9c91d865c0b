"""The example package's own tests, as a researcher would write them with regretlab's public tools: property
tests over GP sample paths (regretlab.testing's hypothesis strategies) and the bound checked by
regretlab.verify.check_bound, seeded by the regretlab pytest plugin's ``regretlab_seed`` fixture."""

import numpy as np
from hypothesis import given, settings
from matern_gp_ucb import gp_ucb, srinivas_theorem_1, theorem_1_read_as_cumulative_average
from matern_gp_ucb.algorithm import KERNEL

from regretlab.testing import finite_paths, optimizer_runs
from regretlab.verify import check_bound

GRID = np.linspace(0.0, 1.0, 50)[:, None]
MATERN_PATHS = finite_paths(KERNEL, n_points=(20, 50))


@settings(max_examples=15, deadline=None, derandomize=True)
@given(optimizer_runs(gp_ucb, MATERN_PATHS, T=8))
def test_gp_ucb_queries_the_domain_and_its_regret_is_monotone(run):
    on_domain = (np.abs(run.X[:, None, :] - run.path.X[None]).max(axis=2) == 0).any(axis=1)
    assert on_domain.all()
    assert np.all(np.diff(run.regret) >= -1e-12)
    assert run.regret[-1] <= 8 * (run.path.maximum().value - run.path.values.min()) + 1e-12


def test_the_bound_is_not_violated_and_its_misreading_is(regretlab_seed, one_blas_thread):
    right = check_bound(gp_ucb, srinivas_theorem_1, kernel=KERNEL, candidates=GRID, T=15, delta=0.1,
                        paths=20, seed=regretlab_seed)
    wrong = check_bound(gp_ucb, theorem_1_read_as_cumulative_average, kernel=KERNEL, candidates=GRID,
                        T=15, delta=0.1, paths=20, seed=regretlab_seed)
    assert right.violations == 0 and right.outcome in ("vacuous", "holds", "inconclusive")
    assert wrong.outcome == "violated"
