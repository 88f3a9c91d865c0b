"""GP-UCB ([Srinivas2010, Alg. 1]) on the shared loop: β_t from regretlab.bounds, domain, seeds."""

import numpy as np
import pytest

from regretlab import objectives
from regretlab.algorithms.acquisition import Acquisition
from regretlab.algorithms.gp_ucb import GPUCB
from regretlab.bounds import gp_ucb as gp_ucb_bounds


def small(bounds, **kw):
    kw.setdefault("n_init", 5)
    kw.setdefault("acq_budget", 200)
    kw.setdefault("n_restarts", 0)
    return GPUCB(bounds, **kw)


def test_beats_random_search_on_camelback(assert_beats_random_search):
    """GP-UCB's simple regret after 25 evaluations on the 2-D six-hump camel is below random search's
    (one-sided Mann-Whitney over 10 fixed seeds, p < 0.05)."""
    objective = objectives.get("camelback")
    assert_beats_random_search(
        lambda bounds, rng: small(bounds, rng=rng, normalize_y=True), objective, 25
    )


@pytest.mark.parametrize(
    ("schedule", "expected"),
    [
        ("thm6", lambda t: gp_ucb_bounds.beta_t_gpucb_thm6(t=t, D=2, delta=0.1)),
        ("srinivas_thm2", lambda t: gp_ucb_bounds.beta_t_srinivas_thm2(t=t, d=2, delta=0.1, a=1, b=1, r=4.0)),
        ("constant", lambda t: 3.0),
    ],
)
def test_beta_schedule_is_the_bounds_formula_times_scale(schedule, expected):
    """β_t is the regretlab.bounds function (the tested formula is the one that runs), times beta_scale."""
    opt = GPUCB([[-1.0, 3.0], [0.0, 1.0]], rng=0, beta=schedule, beta_scale=0.5, beta_value=3.0)
    for t in (1, 2, 17, 400):
        assert opt.beta_t(t) == pytest.approx(0.5 * float(expected(t)), rel=1e-12)


def test_trace_records_beta_and_queries_maximise_ucb():
    """Each recorded β_t matches the schedule, and each x_t is at least as good as 200 random points
    under the UCB it maximised (DIRECT with a 200-evaluation budget on a smooth 2-D acquisition)."""
    objective = objectives.get("trimodal")
    opt = small(objective.bounds, rng=3, fit_hyperparameters=False)
    rng = np.random.default_rng(0)
    ucb_gaps = []

    def check(optimizer, entry):
        if entry["is_initial"]:
            return
        t = optimizer.n_observations
        assert entry["beta"] == pytest.approx(optimizer.beta_t(t))

    for _ in range(12):
        x = opt.ask()
        if opt.model is not None:
            acq = Acquisition(opt.model, "ucb", beta=opt.beta_t(opt.n_observations + 1))
            candidates = rng.uniform(objective.bounds[:, 0], objective.bounds[:, 1], size=(200, 2))
            ucb_gaps.append(float(acq(x[None, :])[0] - acq(candidates).max()))
        opt.tell(x, float(objective(x)))
        check(opt, opt._history[-1])
    assert len(ucb_gaps) == 12 - 5
    assert min(ucb_gaps) > -1e-3 * (1 + max(abs(g) for g in ucb_gaps))


def test_queries_stay_in_the_box_and_budget_holds():
    """Every query lies in the box; acquisition evaluations never exceed acq_budget."""
    objective = objectives.get("hartmann3")
    trace = small(objective.bounds, rng=1, acq_budget=90).run(objective, 12, progress=False)
    assert np.all(trace.x >= objective.bounds[:, 0]) and np.all(trace.x <= objective.bounds[:, 1])
    assert np.all(trace.acq_evaluations <= 90) and np.all(trace.acq_evaluations[~trace.is_initial] >= 1)


def test_same_seed_same_trace_and_save_load(tmp_path):
    """The same seed gives an identical Trace; a saved Trace loads back identical."""
    objective = objectives.get("trimodal")
    a = small(objective.bounds, rng=11).run(objective, 9, progress=False)
    b = small(objective.bounds, rng=11).run(objective, 9, progress=False)
    c = small(objective.bounds, rng=12).run(objective, 9, progress=False)
    assert a.identical(b)
    assert not a.identical(c)
    a.save(tmp_path / "run")
    assert type(a).load(tmp_path / "run").identical(a)


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"beta": "thm7"}, "beta"),
        ({"beta_scale": 0.0}, "beta_scale"),
        ({"beta_value": -1.0}, "beta_value"),
        ({"delta": 1.0}, "delta"),
        ({"delta": 0.0}, "delta"),
        ({"a": 0.5}, "a"),
        ({"b": 0.0}, "b"),
        ({"n_cyc": 0}, "n_cyc"),
        ({"n_init": 0}, "n_init"),
    ],
)
def test_invalid_parameters_name_themselves(kwargs, name):
    """Out-of-domain parameters raise ValueError naming the parameter."""
    with pytest.raises(ValueError, match=rf"^{name}"):
        GPUCB([[0.0, 1.0]], rng=0, **kwargs)


def test_tell_rejects_bad_x_and_y():
    """tell() rejects a wrong x shape and a non-finite y with a ValueError naming them."""
    opt = GPUCB([[0.0, 1.0], [0.0, 1.0]], rng=0)
    with pytest.raises(ValueError, match="^x"):
        opt.tell([0.5], 1.0)
    with pytest.raises(ValueError, match="^y"):
        opt.tell([0.5, 0.5], float("nan"))
