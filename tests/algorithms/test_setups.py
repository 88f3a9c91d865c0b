"""The named paper setups (the paper-setups issue, item 1): each builds, every value cites its source in one
of the three allowed forms, the sizes and overrides reach the optimiser, and unknown names list the known."""

import numpy as np
import pytest

from regretlab.algorithms import setups
from regretlab.algorithms.setups import SETUPS, Setting, Setup

BOX10 = np.tile([0.0, 1.0], (10, 1))
SIZES = {("d", "M"): {"d": 3, "M": 4}, ("d",): {"d": 5},
         ("groups",): {"groups": [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]}, (): {}}


def test_the_papers_configurations_are_all_named():
    """The five algorithms' setups of the four papers (baselines join them as they land)."""
    assert {"TranThe2020/MS-UCB", "TranThe2020/GP-UCB", "Kandasamy2015/Add-d/M", "Kandasamy2015/Add-*",
            "Kandasamy2015/GP-UCB", "Li2016/RPP", "Li2016/ADD", "Li2016/GP-UCB", "Ha2019/GPUCB-UBO",
            "Ha2019/GPUCB-UBO-code", "Ha2019/GPUCB-Vanilla"} <= set(setups.available())


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_each_setup_builds_with_its_values_and_records_its_name(name):
    """get(name, bounds, sizes) builds the algorithm; every setup value is what the optimiser holds (read
    back from its recorded params), and the trace parameters name the setup."""
    setup = setups.describe(name)
    optimizer = setups.get(name, BOX10, rng=0, **SIZES[setup.sizes])
    assert isinstance(optimizer, setup.algorithm)
    assert optimizer.params["setup"] == name and optimizer.params["setup_overrides"] == []
    for keyword, value in setup.keywords(10).items():
        if keyword == "kernel":
            continue  # a factory (or a family name), recorded as its repr
        if value == "M":   # a count given as "the number of groups" is recorded as that number
            value = optimizer.n_groups
        assert optimizer.params[keyword] == value, (name, keyword)


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_every_value_has_a_source_in_an_allowed_form(name):
    """A citation '[Key, loc]: ...' whose key resolves, "authors' code: ...", or 'not stated; chosen: ...
    because ...'."""
    from regretlab.bounds.references import REFERENCES

    for row in setups.describe(name).table(10):
        source = row["source"]
        if source.startswith("["):
            key = source[1:].split(",")[0].split("]")[0]
            assert key in REFERENCES or key.split("-")[0] in REFERENCES, (name, row)
        else:
            assert source.startswith("authors' code: ") or (
                source.startswith("not stated; chosen: ") and " because " in source), (name, row)


def test_a_setup_with_an_unsourced_value_cannot_be_declared():
    with pytest.raises(ValueError, match="source"):
        Setup("X/Y", object, "[Ha2019, §6]", "", {"n_init": Setting(3, "we like 3")})


def test_overrides_win_and_are_recorded():
    opt = setups.get("Ha2019/GPUCB-UBO", BOX10[:3], rng=0, epsilon=0.1)
    assert opt.epsilon == 0.1 and opt.params["setup_overrides"] == ["epsilon"]


def test_per_dimension_values_follow_D():
    """MS-UCB's 10·D starts, UBO's 3·D initial points, the min(5000, 100 D) DIRECT budget."""
    assert setups.get("TranThe2020/MS-UCB", np.tile([-1.0, 1.0], (20, 1)), rng=0).n_starts == 200
    assert setups.get("Ha2019/GPUCB-UBO", BOX10[:3], rng=0).n_init == 9
    assert setups.get("Kandasamy2015/GP-UCB", np.tile([0.0, 1.0], (60, 1)), rng=0).acq_budget == 5000


def test_an_unknown_setup_name_lists_the_known_ones():
    with pytest.raises(ValueError) as info:
        setups.get("Kandasamy2015/Add", BOX10)
    assert "Kandasamy2015/Add-d/M" in str(info.value) and "TranThe2020/MS-UCB" in str(info.value)
    with pytest.raises(ValueError, match="known"):
        setups.describe("nothing-like-it")
    assert setups.describe("ha2019/gpucb-ubo").name == "Ha2019/GPUCB-UBO"


def test_the_code_setup_differs_from_the_paper_setup_exactly_in_the_code_readings():
    """Ha2019/GPUCB-UBO-code takes the code's side of each of the five CODE_READINGS and the code's
    initial design, refinement, GP fit (zero mean, noise fixed at 1e-10, 25 restarts) and acquisition
    maximiser (5000 random points, then L-BFGS-B from 101 starts); everything else equals the paper setup."""
    from regretlab.algorithms.ubo import CODE_READINGS

    paper, code = setups.describe("Ha2019/GPUCB-UBO").keywords(3), setups.describe("Ha2019/GPUCB-UBO-code")
    code = code.keywords(3)
    differing = {k for k in code if paper.get(k) != code[k]}
    assert differing == set(CODE_READINGS) | {"init_design", "refinement", "refine_max_balls", "gp_mean",
                                               "noise_variance", "fit_noise", "n_restarts", "acq_optimizer",
                                               "acq_candidates", "n_starts", "acq_budget"}
    assert all(code[k] == v[1] and paper[k] == v[0] for k, v in CODE_READINGS.items())


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_setups_benchmarks_exist_with_their_options(name):
    """Every objective a setup names is registered, and its objective_options build it; a setup with
    options says why (objective_note)."""
    from regretlab import objectives

    setup = setups.describe(name)
    for objective in setup.objectives:
        assert objective in objectives.available(), (name, objective)
        objectives.get(objective, **setup.objective_options.get(objective, {}))
    assert set(setup.objective_options) <= set(setup.objectives)
    assert not setup.objective_options or setup.objective_note


def test_a_setup_names_where_it_differs_from_its_code_and_printed_twins(capsys):
    """`regretlab setups Ha2019/GPUCB-UBO` ends with the table of keywords where the paper setup differs
    from Ha2019/GPUCB-UBO-code (each with the code's source); Kandasamy2015/Add-* has two twins (-code
    does not exist for it, -printed does) and differs from Add-*-printed in the warm-up."""
    from regretlab.algorithms import setups
    from regretlab.cli import main

    assert setups.twins("Ha2019/GPUCB-UBO") == ["Ha2019/GPUCB-UBO-code"]
    rows = {r["keyword"]: r for r in setups.differences("Ha2019/GPUCB-UBO", "Ha2019/GPUCB-UBO-code")}
    assert rows["ball_centres"]["other"] == "'expansion_y'"
    assert "authors' code" in rows["n_restarts"]["source"]
    assert rows["noise_variance"]["value"] == "(the algorithm's default)"
    printed = {r["keyword"] for r in setups.differences("Kandasamy2015/Add-*", "Kandasamy2015/Add-*-printed")}
    assert {"warmup_bandwidth", "noise_rule"} <= printed
    assert main(["setups", "Ha2019/GPUCB-UBO"]) == 0
    assert "where Ha2019/GPUCB-UBO differs from Ha2019/GPUCB-UBO-code:" in capsys.readouterr().out
