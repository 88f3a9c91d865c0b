"""The groups / d / M keywords are read one way by Add-GP-UCB and RPP-GP-UCB (issue 8 §4)."""

import numpy as np
import pytest

from regretlab.algorithms import RPPGPUCB, AddGPUCB
from regretlab.algorithms.groups import consecutive_groups, group_spec, random_decomposition


def test_size_keywords_complete_each_other():
    """d is the largest group and M the number of groups: either follows from the other, both may be given."""
    assert (group_spec(10, d=3).d, group_spec(10, d=3).M) == (3, 4)
    assert (group_spec(10, M=4).d, group_spec(10, M=4).M) == (3, 4)
    assert (group_spec(10, d=3, M=7).d, group_spec(10, d=3, M=7).M) == (3, 7)
    assert group_spec(10, default_d=5).given == () and group_spec(10, default_d=5).d == 5


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [({}, "d"), ({"d": 0}, "d"), ({"d": 11}, "d"), ({"d": 3, "M": 3}, "M"), ({"d": 3, "M": 11}, "M"),
     ({"M": 0}, "M"), ({"groups": [[0, 1]], "d": 2}, "groups"), ({"groups": [[0, 1], [1, 2]]}, "groups"),
     ({"groups": [[0, 1]]}, "groups")],
)
def test_bad_group_keywords_name_themselves(kwargs, name):
    """A decomposition that is not a partition, a size outside [ceil(D/d), D], or both forms: ValueError."""
    with pytest.raises(ValueError, match=rf"^{name}"):
        group_spec(10 if "groups" not in kwargs else 3, **kwargs)


def test_both_algorithms_read_the_keywords_alike():
    """The same keywords give the same number of groups, none larger than d, in Add-GP-UCB and RPP-GP-UCB;
    only how the groups are chosen differs (Add: learned over random decompositions; RPP: consecutive
    blocks)."""
    box = np.tile([0.0, 1.0], (7, 1))
    for kwargs in ({"d": 3}, {"M": 4}, {"d": 3, "M": 5}, {"groups": [[0, 6], [1, 2, 3], [4, 5]]}):
        add, rpp = AddGPUCB(box, rng=0, **kwargs), RPPGPUCB(box, rng=0, **kwargs)
        assert add.n_groups == rpp.n_groups and rpp.d <= add.d, kwargs
        add.run(lambda x: -float(np.sum(x**2)), 11, progress=False)  # learns a decomposition at its refit
        assert len(add.groups) == add.n_groups and max(map(len, add.groups)) <= add.d, kwargs
    assert RPPGPUCB(box, rng=0, d=3).groups == [[0, 1, 2], [3, 4, 5], [6]]
    assert RPPGPUCB(box, rng=0, M=3).groups == [[0, 1, 2], [3, 4], [5, 6]]


def test_random_decompositions_are_canonical_partitions():
    """A random decomposition partitions range(D) into M groups of near-equal size, in canonical order."""
    rng = np.random.default_rng(0)
    for _ in range(20):
        groups = random_decomposition(rng, 11, 4)
        assert sorted(i for g in groups for i in g) == list(range(11))
        assert sorted(len(g) for g in groups) == [2, 3, 3, 3]
        assert [g[0] for g in groups] == sorted(g[0] for g in groups) and all(g == sorted(g) for g in groups)
    assert consecutive_groups(5, d=2) == [[0, 1], [2, 3], [4]]


def test_li2016s_protocol_scores_as_many_random_decompositions_as_there_are_groups():
    """[Li2016, §5]: 'we create the M combinations randomly ... where M is the number of groups': ADD-d at
    D = 50 scores D/d candidates per refit (not Kandasamy2015's D), RPP-d D/d besides its current groups."""
    from regretlab.algorithms import setups

    box = np.tile([0.0, 1.0], (50, 1))
    for d, M in ((5, 10), (10, 5), (25, 2)):
        assert setups.get("Li2016/ADD", box, rng=0, d=d).n_decompositions == M
        assert setups.get("Li2016/RPP", box, rng=0, d=d).n_group_combinations == M
    assert setups.get("Li2016/ADD", box, rng=0, d=5, n_decompositions=50).n_decompositions == 50


@pytest.mark.parametrize("value", ["D", "m", 0, 2.5, -1])
def test_a_bad_candidate_count_names_the_parameter_and_its_domain(value):
    from regretlab.algorithms.groups import candidate_count

    with pytest.raises(ValueError, match="n_decompositions"):
        candidate_count("n_decompositions", value, 4, low=1)
