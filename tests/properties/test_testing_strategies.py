"""Issue 75.2: the public hypothesis strategies (regretlab.testing) in a property test as a user would
write one: every path's certified maximum is its largest value (exact on a finite set; the RFF certificate
brackets every value drawn), and a run's cumulative regret is non-decreasing and at most what any query rule
reaches, T (f* - min f). A deliberately wrong bound (a run's regret at most 0) is caught by hypothesis."""

import numpy as np
import pytest
from hypothesis import given, settings

from regretlab.testing import additive_paths, finite_paths, kernels, optimizer_runs, rff_paths
from regretlab.verify import Policy


def random_search(candidates, rng):
    return Policy(lambda X, y, c, r: int(r.integers(len(c))), candidates, rng)


@settings(max_examples=20, deadline=None)
@given(finite_paths())
def test_a_finite_paths_maximum_is_exact(path):
    certificate = path.maximum()
    assert certificate.value == path.values.max() == certificate.upper_bound


@settings(max_examples=5, deadline=None)
@given(rff_paths(dim=1, n_features=64))
def test_an_rff_paths_certificate_brackets_its_values(path):
    certificate = path.maximum(grid_size=256, n_polish=2)
    values = path(np.linspace(0.0, 1.0, 101)[:, None])
    assert values.max() <= certificate.upper_bound + 1e-9 and certificate.value <= certificate.upper_bound


@settings(max_examples=5, deadline=None)
@given(additive_paths(groups=((0,), (1, 2)), n_features=64))
def test_an_additive_paths_certificate_is_the_sum_of_its_groups(path):
    certificate = path.maximum(grid_size=256, n_polish=2)
    parts = certificate.details["group_certificates"]
    assert path.dim == 3 and len(parts) == 2
    assert certificate.value == sum(p.value for p in parts) <= certificate.upper_bound
    values = path(np.random.default_rng(0).uniform(0.0, 1.0, (200, 3)))
    assert values.max() <= certificate.upper_bound + 1e-9


@settings(max_examples=20, deadline=None)
@given(optimizer_runs(random_search, T=8))
def test_regret_is_monotone_and_below_what_any_rule_reaches(run):
    gap = run.path.maximum().value - run.path.values.min()
    assert np.all(np.diff(run.regret) >= 0) and run.regret[-1] <= 8 * gap + 1e-12


def test_a_wrong_bound_is_caught():
    @settings(max_examples=30, deadline=None, database=None)
    @given(optimizer_runs(random_search, T=5))
    def wrong(run):
        assert run.regret[-1] <= 0.0

    with pytest.raises(AssertionError):
        wrong()


def test_the_strategies_refuse_what_they_cannot_draw():
    with pytest.raises(ValueError, match="families"):
        kernels(families=("linear",))
    with pytest.raises(ValueError, match="lengthscale"):
        kernels(lengthscale=(0.0, 1.0))
    with pytest.raises(ValueError, match="n_points"):
        finite_paths(n_points=(1, 5))
    with pytest.raises(ValueError, match="n_points"):
        finite_paths(n_points=(9, 5))
    with pytest.raises(ValueError, match="n_points"):
        finite_paths(n_points=10)
    with pytest.raises(ValueError, match="dim"):
        finite_paths(dim=0)
    with pytest.raises(ValueError, match="kernel"):
        finite_paths(kernel="rbf")
    with pytest.raises(ValueError, match="n_features"):
        rff_paths(n_features=0)
    with pytest.raises(ValueError, match="T=0"):
        optimizer_runs(random_search, T=0)
    with pytest.raises(ValueError, match="noise_variance"):
        optimizer_runs(random_search, noise_variance=-1.0)
    with pytest.raises(ValueError, match="paths"):
        optimizer_runs(random_search, paths=[1, 2])
    with pytest.raises(ValueError, match="groups"):
        additive_paths(groups=((0,), (0, 1)))
    with pytest.raises(ValueError, match="groups"):
        additive_paths(groups=((0,), ()))
    with pytest.raises(ValueError, match="optimizer"):
        optimizer_runs("gp-ucb")
