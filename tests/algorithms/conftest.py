"""Shared checks for the papers' algorithms (issue 4 "Tests")."""

import numpy as np
import pytest
from scipy import stats

from regretlab.algorithms.baselines import RandomSearch

#: Seeds of the "beats random search" comparison: fixed, so the test is deterministic.
COMPARISON_SEEDS = tuple(range(10))


def final_simple_regrets(make_optimizer, objective, n_iter, seeds=COMPARISON_SEEDS):
    """Simple regret after ``n_iter`` evaluations for each seed (``make_optimizer(bounds, rng=seed)``)."""
    regrets = []
    for seed in seeds:
        trace = make_optimizer(objective.bounds, rng=seed).run(objective, n_iter, progress=False)
        regrets.append(trace.simple_regret[-1])
    return np.array(regrets)


@pytest.fixture
def assert_beats_random_search():
    """Assert an algorithm's final simple regret is stochastically smaller than uniform random search's.

    One-sided Mann-Whitney U test over 10 fixed seeds, p < 0.05 (issue 4): it fails when the algorithm is
    no better than random search on the problem at that budget.
    """

    def check(make_optimizer, objective, n_iter):
        ours = final_simple_regrets(make_optimizer, objective, n_iter)
        def random_search(bounds, rng):
            return RandomSearch(bounds, rng=1000 + rng)

        rand = final_simple_regrets(random_search, objective, n_iter)
        test = stats.mannwhitneyu(ours, rand, alternative="less")
        assert test.pvalue < 0.05, (
            f"not better than random search: median simple regret {np.median(ours):.4g} vs "
            f"{np.median(rand):.4g}, one-sided Mann-Whitney p = {test.pvalue:.3g}"
        )
        return ours, rand, test.pvalue

    return check
