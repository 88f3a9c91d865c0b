"""The β_t keywords mean the same for every algorithm (issue 8 §4): β_t = beta_scale × (formula at t, or
beta_value), with the formula a regretlab.bounds function the algorithm declares in one place."""

import numpy as np
import pytest

from regretlab.algorithms import GPUCB, GPUCBUBO, MSUCB, RPPGPUCB, AddGPUCB
from regretlab.algorithms.beta import CONSTANT, BetaFormula, BetaOptions, BetaSchedule
from regretlab.bounds import add_gp_ucb as add_bounds
from regretlab.bounds import gp_ucb as gp_ucb_bounds
from regretlab.bounds import ms_ucb as ms_ucb_bounds
from regretlab.bounds import ubo as ubo_bounds

BOX = np.array([[0.0, 1.0], [-2.0, 2.0], [0.0, 3.0], [1.0, 2.0]])

#: name -> factory(**beta keywords); every paper algorithm, configured only where the class needs it.
ALGORITHMS = {
    "GPUCB": lambda **kw: GPUCB(BOX, rng=0, **kw),
    "MSUCB": lambda **kw: MSUCB(BOX, d=2, rng=0, **kw),
    "AddGPUCB": lambda **kw: AddGPUCB(BOX, d=2, rng=0, **kw),
    "RPPGPUCB": lambda **kw: RPPGPUCB(BOX, d=2, rng=0, **kw),
    "GPUCBUBO": lambda **kw: GPUCBUBO(BOX, rng=0, **kw),
}
#: Query numbers at which β_t is compared (GPUCB-UBO's β_t needs t after its 3D initial points).
TIMES = (13, 14, 40, 250)


def _schedules(name):
    return ALGORITHMS[name]().beta_options.names


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_beta_scale_multiplies_every_schedule_of_every_algorithm(name):
    """For each algorithm and each of its schedules, the constant included: β_t with beta_scale = s is s times
    β_t with beta_scale = 1, at every t; the constant schedule is beta_scale × beta_value."""
    for schedule in _schedules(name):
        one = ALGORITHMS[name](beta=schedule, beta_scale=1.0, beta_value=4.0)
        scaled = ALGORITHMS[name](beta=schedule, beta_scale=0.37, beta_value=4.0)
        for t in TIMES:
            assert scaled.beta_t(t) == pytest.approx(0.37 * one.beta_t(t), rel=1e-13), (name, schedule, t)
    constant = ALGORITHMS[name](beta=CONSTANT, beta_value=4.0, beta_scale=0.5)
    assert [constant.beta_t(t) for t in TIMES] == [2.0] * len(TIMES)
    assert constant.params["beta"] == "constant" and constant.params["beta_scale"] == 0.5


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_every_algorithm_validates_the_beta_keywords_alike(name):
    """An unknown schedule, a non-positive scale or constant are ValueErrors naming the keyword."""
    for kwargs, keyword in (({"beta": "nope"}, "beta"), ({"beta_scale": 0.0}, "beta_scale"),
                            ({"beta_scale": -1.0}, "beta_scale"), ({"beta_value": 0.0}, "beta_value")):
        with pytest.raises(ValueError, match=rf"^{keyword}="):
            ALGORITHMS[name](**kwargs)


def test_the_formulas_are_the_bounds_functions_and_the_defaults_are_declared():
    """The default schedule of each algorithm evaluates its paper's regretlab.bounds formula (the formula that
    is tested is the one that runs), with the default scale each paper uses (GPUCB-UBO: 1/5, [Ha2019, §6])."""
    t = 20
    opt = ALGORITHMS["GPUCB"]()
    assert opt.beta_t(t) == gp_ucb_bounds.beta_t_gpucb_thm6(t=t, D=4, delta=0.1)
    opt = ALGORITHMS["MSUCB"]()
    assert opt.beta_t(t) == ms_ucb_bounds.beta_t(t=t, d=2, D=4, a=1.0, b=1.0, delta=0.1)
    opt = ALGORITHMS["AddGPUCB"]()
    assert opt.beta_t(t) == add_bounds.beta_t_practical(t=t, d=2)
    opt = ALGORITHMS["RPPGPUCB"]()
    assert opt.beta_t(t) == add_bounds.beta_t_practical(t=t, d=2)
    opt = ALGORITHMS["GPUCBUBO"]()
    side = 4.0  # the largest side of BOX
    expected = ubo_bounds.beta_t_thm51(t=t - 12, T_prev=0, d=4, delta=0.1, a=1.0, b=1.0, r=side)
    assert opt.beta_scale == 0.2 and opt.beta_t(t) == pytest.approx(0.2 * expected, rel=1e-15)
    for name in ALGORITHMS:
        options = ALGORITHMS[name]().beta_options
        assert all(f.source.startswith("[") for f in options.formulas.values()), name
        assert all(f.kind in ("theory", "practical") for f in options.formulas.values()), name


def test_schedule_records_say_what_ran():
    """The Trace parameters name the schedule, its scale, constant, formula and source."""
    params = ALGORITHMS["AddGPUCB"](beta="thm5", beta_scale=0.5).params
    assert params["beta"] == "thm5" and params["beta_scale"] == 0.5 and params["beta_value"] == 4.0
    assert params["beta_formula"] == "regretlab.bounds.add_gp_ucb.beta_t_thm5"
    assert params["beta_source"] == "[Kandasamy2015, Thm 5]"


def test_beta_options_reject_what_cannot_be_a_schedule():
    """'constant' is every algorithm's: it cannot be a formula name; the default must be offered; a formula's
    kind is theory or practical."""
    formula = BetaFormula(lambda *, t: float(t), lambda opt, t: {"t": t}, "theory", "[Srinivas2010]")
    with pytest.raises(ValueError, match="constant"):
        BetaOptions(formulas={"constant": formula}, default="constant")
    with pytest.raises(ValueError, match=r"^default="):
        BetaOptions(formulas={"a": formula}, default="b")
    with pytest.raises(ValueError, match=r"^kind="):
        BetaFormula(lambda *, t: 1.0, lambda opt, t: {}, kind="heuristic", source="[Srinivas2010]")
    schedule = BetaOptions(formulas={"linear": formula}, default="linear").select(beta_scale=3.0)
    assert isinstance(schedule, BetaSchedule) and schedule(None, 5) == 15.0 and schedule.base(None, 5) == 5.0
