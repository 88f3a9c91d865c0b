"""Li2016's ADD and RPP re-querying one point (issue 31): under the settings the Li2016 runs used before
2026-11-27 (no rule for a repeated proposal) a fit at the lengthscale's lower bound after the 10 initial
points makes the model white noise and DIRECT's first sample, the box centre, is queried again and again
(Table 2's ADD-25, repeat 4: 989 of 990 BO steps); on Tables 1-2 a median 34-90 % of each ADD and RPP
variant's queries repeated an earlier one (on Figs 4a/4b's surrogates 0-6 %). The Li2016 setups now move a
repeated proposal as the Add-GP-UCB authors' ``addGPBO.m`` does
(:func:`regretlab.algorithms.additive.perturb_repeated`). Fixed seeds, deterministic; the levels are stated
in each assertion."""

import warnings

import numpy as np
import pytest

from regretlab.algorithms import RPPGPUCB, AddGPUCB, setups
from regretlab.algorithms.additive import perturb_repeated
from regretlab.experiments import registry
from regretlab.experiments.runner import make_problem


def _repeats(X) -> int:
    """Queries equal to an earlier query (what a run record's ``repeated_queries`` counts)."""
    X = np.asarray(X)
    return len(X) - len(np.unique(X, axis=0))


def test_a_new_proposal_is_left_alone_and_draws_nothing():
    rng = np.random.default_rng(3)
    state = rng.bit_generator.state
    past = np.array([[0.1, 0.2], [0.7, 0.7]])
    x, draws = perturb_repeated(np.array([0.5, 0.5]), past, np.array([[0.0, 1.0]] * 2), 0.1, rng)
    assert draws == 0 and np.array_equal(x, [0.5, 0.5])
    assert rng.bit_generator.state == state


@pytest.mark.parametrize("ell", [1e-3, 0.3])
def test_a_repeated_proposal_moves_inside_the_box_and_off_every_earlier_query(ell):
    """A repeat of the corner (1, 1) (where half of a move is clipped back) moves at least 1e-10 ℓ from every
    earlier query, stays in the box, and the earlier queries are not touched."""
    past = np.array([[0.2, 0.4], [1.0, 1.0]])
    kept = past.copy()
    box = np.array([[0.0, 1.0]] * 2)
    x, draws = perturb_repeated(past[1].copy(), past, box, ell, np.random.default_rng(0))
    assert draws >= 1
    assert np.min(np.linalg.norm(past - x, axis=1)) / ell >= 1e-10
    assert np.all((x >= 0.0) & (x <= 1.0))
    assert np.array_equal(past, kept)


def test_perturb_repeated_names_a_bad_bandwidth_or_shape():
    box, past = np.array([[0.0, 1.0]] * 2), np.zeros((1, 2))
    for ell in (0.0, -1.0, np.nan):
        with pytest.raises(ValueError, match="ell"):
            perturb_repeated(np.zeros(2), past, box, ell, np.random.default_rng(0))
    with pytest.raises(ValueError, match=r"\(D,\), \(n, D\) and \(D, 2\)"):
        perturb_repeated(np.zeros(3), past, box, 0.1, np.random.default_rng(0))


@pytest.mark.parametrize("algorithm, budget", [(AddGPUCB, 3), (RPPGPUCB, 2)])
def test_both_additive_algorithms_stop_repeating_with_perturb_repeats(algorithm, budget):
    """An acquisition budget of one evaluation per group makes DIRECT return its first sample, the centre,
    at every step: without the rule 8 of the 9 BO steps repeat it; with it none does, each move counted."""
    counts = {}
    for perturb in (False, True):
        extra = {"budget_fraction": 1.0} if algorithm is AddGPUCB else {}
        opt = algorithm([[0.0, 1.0]] * 4, d=2, rng=0, n_init=3, acq_budget=budget, n_restarts=0,
                        perturb_repeats=perturb, **extra)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            trace = opt.run(lambda x: -float(np.sum((x - 0.3) ** 2)), 12, progress=False)
        counts[perturb] = (_repeats(trace.x), opt.n_perturbed,
                           [r.get("perturbations") for r in trace.records[3:]])
    assert counts[False][:2] == (8, 0) and counts[False][2] == [None] * 9
    assert counts[True][:2] == (0, 8) and sum(counts[True][2]) >= 8


@pytest.mark.parametrize("name", ["Li2016/ADD", "Li2016/RPP", "Li2016/RPP-printed"])
def test_the_li2016_setups_move_repeated_proposals(name):
    opt = setups.get(name, [[0.0, 1.0]] * 10, rng=0, d=5)
    assert opt.perturb_repeats is True
    assert "addGPBO.m" in setups.describe(name).settings["perturb_repeats"].source


def test_table_2s_stuck_run_is_not_stuck_under_the_setup():
    """Table 2's ADD-25, repeat 4 (D = 100), 60 queries: with perturb_repeats=False (the settings its
    archived run had) all 50 BO steps query the box centre; under the setup none repeats a query."""
    spec = registry.get("Li2016.table2")
    run = next(r for r in spec.runs("full") if r.method == "Li2016/ADD(d=25)" and r.repeat == 4)
    found = {}
    for perturb in (False, True):
        objective, box = make_problem(spec, run)
        opt = setups.get("Li2016/ADD", box, rng=np.random.default_rng(run.seed_sequences()[1]), d=25,
                         perturb_repeats=perturb)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            trace = opt.run(objective, 60, progress=False)
        X = np.asarray(trace.x)[10:]
        found[perturb] = (_repeats(trace.x), int(np.all(X == 0.5, axis=1).sum()))
    assert found[False] == (49, 50)
    assert found[True][0] == 0
