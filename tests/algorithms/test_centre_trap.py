"""Add-GP-UCB's centre trap (issue 30): with the printed warm-up (a fixed 1e-5 bandwidth for 25 iterations,
[Kandasamy2015, §5]) the model is white noise and Add-* queries DIRECT's first sample, the box centre, for
the rest of the run; the setups the reproduction uses (the authors' code reading: bandwidth fitted from the
start, its floor relative to the data's spacing, noise 0.01 sd(y_init), repeated proposals perturbed) do not.
Fixed seeds, deterministic; the levels are stated in each assertion."""

import itertools
import warnings

import numpy as np
import pytest

from regretlab import objectives
from regretlab.algorithms import AddGPUCB, setups
from regretlab.algorithms.priors import STUCK_REPEATS, RepeatedQueryWarning, data_lengthscale_floor

OBJECTIVE = objectives.get("additive_trimodal", dim=24, group_dim=6, n_groups=4)


def _longest_repeat(X) -> int:
    """The longest run of consecutive identical queries."""
    return max(len(list(group)) for _, group in itertools.groupby(map(tuple, np.asarray(X))))


def _run(name: str, seed: int, n: int = 60):
    optimizer = setups.get(name, OBJECTIVE.bounds, rng=seed, groups=OBJECTIVE.groups.tolist())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        trace = optimizer.run(OBJECTIVE, n, progress=False)
    return trace, [w for w in caught if issubclass(w.category, RepeatedQueryWarning)]


def test_the_code_reading_setup_is_not_stuck_at_the_centre():
    """The issue's reproducer (D = 24, d' = 6, M' = 4, seed 0, 60 queries) on the setup the reproduction
    uses: no query at the centre, no point queried twice in a row, no RepeatedQueryWarning, and S_60 below
    1000 (stuck runs end at 5182.0, the regret of the centre)."""
    trace, stuck = _run("Kandasamy2015/Add-*", 0)
    X = np.asarray(trace.x)[10:]
    assert int(np.all(X == 0.5, axis=1).sum()) == 0
    assert _longest_repeat(X) == 1
    assert not stuck
    assert OBJECTIVE.optimum_value - np.max(trace.f) < 1000.0


def test_the_printed_reading_traps_the_run_at_the_centre_and_is_warned_about():
    """The printed warm-up is kept as the paper's reading (``-printed``): on the same seed it queries the
    centre at every one of the 50 BO steps (S_60 = 5182.0), and the loop warns that one point was queried
    STUCK_REPEATS times in a row. This is the test that shows which reading holds up."""
    trace, stuck = _run("Kandasamy2015/Add-*-printed", 0)
    X = np.asarray(trace.x)[10:]
    assert int(np.all(X == 0.5, axis=1).sum()) == 50
    assert len(stuck) == 1 and f"{STUCK_REPEATS} times in a row" in str(stuck[0].message)
    assert OBJECTIVE.optimum_value - np.max(trace.f) == pytest.approx(5182.0, abs=0.5)


def test_a_repeated_proposal_is_perturbed_as_the_authors_code_does():
    """With perturb_repeats, a proposal equal to an earlier query moves (by 0.1 bandwidth N(0, I), inside the
    box) and the record counts the draws; without it the repeat stands."""
    bounds = [[0.0, 1.0]] * 2
    for perturb in (True, False):
        opt = AddGPUCB(bounds, groups=[[0], [1]], rng=1, n_init=3, acq_budget=30, perturb_repeats=perturb)
        opt.run(lambda x: 0.0, 3, progress=False)
        x, draws = (opt._perturbed(opt.X[0].copy()) if perturb else (opt.X[0].copy(), 0))
        if perturb:
            assert draws >= 1 and not np.any(np.all(opt.X == x, axis=1))
            assert np.all((x >= 0.0) & (x <= 1.0))
        else:
            assert np.array_equal(x, opt.X[0])


def test_the_data_floor_is_half_the_median_nearest_neighbour_spacing():
    """0.5 x median nearest-neighbour distance of the distinct inputs, never below the box floor 1e-3 s,
    and repeated rows do not collapse it."""
    X = np.array([[0.0, 0.0], [0.2, 0.0], [0.2, 0.0], [1.0, 1.0]])
    # distinct rows: (0,0), (0.2,0), (1,1); nearest: 0.2, 0.2, |(0.8,1)| = 1.2806; median 0.2
    assert data_lengthscale_floor(X, [[0.0, 1.0]] * 2) == pytest.approx(0.1)
    assert data_lengthscale_floor(X[:1], [[0.0, 1.0]] * 2) == pytest.approx(1e-3)
