"""The one table of run statistics (regretlab.experiments.statistics): every metric on a record whose values
are worked out by hand, each decision statistic as its (metric, reduction), the orientation, the refusals,
and that the figures, the decisions and the bound figures read the same numbers from it."""

import math

import numpy as np
import pytest

from regretlab.experiments import spec as spec_module
from regretlab.experiments.statistics import METRICS, REDUCTIONS, STATISTICS, Statistic, run_value, series

#: f* = 4; f = 1, 3, 2, 4 - 1e-15 (the last query within the floor of the optimum); two initial points.
RECORD = {"f": [1.0, 3.0, 2.0, 4.0 - 1e-15], "seconds": [0.5, 0.5, 2.0, 4.0],
          "is_initial": [True, True, False, False],
          "meta": {"optimum_value": 4.0, "cpu_seconds": 12.0, "method": "m", "problem": "p", "repeat": 0}}


def test_every_metric_on_a_record_worked_out_by_hand():
    regret = [3.0, 1.0, 2.0, 4.0 - (4.0 - 1e-15)]
    simple = [3.0, 1.0, 1.0, 4.0 - (4.0 - 1e-15)]
    want = {
        "best_f": [1.0, 3.0, 3.0, 4.0 - 1e-15],
        "regret": regret,
        "log10_regret": [math.log10(3.0), 0.0, math.log10(2.0), -12.0],   # the last at the floor 1e-12
        "simple_regret": simple,
        "log10_simple_regret": [math.log10(3.0), 0.0, 0.0, -12.0],
        "cumulative_regret": np.cumsum(regret).tolist(),
        "average_regret": (np.cumsum(regret) / np.arange(1, 5)).tolist(),
        "seconds": [0.5, 0.5, 2.0, 4.0],
    }
    assert set(want) == set(METRICS)
    for metric, values in want.items():
        np.testing.assert_allclose(series(RECORD, metric), values, rtol=0, atol=1e-14, err_msg=metric)
        np.testing.assert_array_equal(series(RECORD, metric, at=2), series(RECORD, metric)[:2])


def test_each_decision_statistic_is_its_metric_reduced_and_oriented():
    assert run_value(RECORD, "final_best_f") == 4.0 - 1e-15
    assert run_value(RECORD, "final_simple_regret") == -(4.0 - (4.0 - 1e-15))
    assert run_value(RECORD, "final_simple_regret", at=3) == -1.0
    assert run_value(RECORD, "final_average_regret", at=3) == -2.0
    assert run_value(RECORD, "seconds_per_iteration") == -3.0         # the initial design excluded
    assert run_value(RECORD, "cpu_seconds_per_iteration") == -6.0     # 12 s over the 2 BO iterations
    assert run_value(RECORD, "last10_log10_regret") == 12.0           # the last tenth: the last query
    assert run_value(RECORD, "final_log10_simple_regret", at=2) == -0.0
    for name, statistic in STATISTICS.items():
        own = statistic.value(RECORD)
        assert run_value(RECORD, name) == (own if statistic.larger_is_better else -own)


def test_the_figures_and_the_decisions_read_the_same_numbers():
    """A curve's last simple regret is the decision statistic; the bound figures' R_t is the cumulative
    regret; the plotted metrics a spec may choose are metrics of the table."""
    assert series(RECORD, "simple_regret")[-1] == -run_value(RECORD, "final_simple_regret")
    assert series(RECORD, "average_regret")[-1] == pytest.approx(-run_value(RECORD, "final_average_regret"))
    assert set(spec_module.METRICS) <= set(METRICS)
    assert set(spec_module.REGRET_METRICS) <= set(METRICS)


def test_refusals_name_what_is_wrong():
    with pytest.raises(ValueError, match="statistic='median_regret' is not one of"):
        run_value(RECORD, "median_regret")
    with pytest.raises(ValueError, match="metric='regrets' is not one of"):
        series(RECORD, "regrets")
    with pytest.raises(ValueError, match="at=5: the run has only 4 evaluations"):
        run_value(RECORD, "final_simple_regret", at=5)
    with pytest.raises(ValueError, match="whole-run statistic"):
        run_value(RECORD, "cpu_seconds_per_iteration", at=3)
    with pytest.raises(ValueError, match="not both"):
        Statistic("x", True, "regret", "mean", whole_run=lambda r, at: 0.0)
    with pytest.raises(ValueError, match="reduction='median' is not one of"):
        Statistic("x", True, "regret", "median")
    assert set(REDUCTIONS) == {"last", "mean", "mean_last_tenth", "mean_bo_iterations"}


def test_a_runs_statistic_does_not_depend_on_the_order_of_its_values():
    """Issue 74.1: two runs with the same values in another order have bit-identical means (a correctly
    rounded sum, not numpy's pairwise SIMD sum, whose last bit depended on the order and the CPU and broke a
    rank test's tie on one machine only), and log10 is the C library's, value by value."""
    rng = np.random.default_rng(74)
    f = rng.uniform(-5.0, 0.0, 200)
    shuffled = rng.permutation(f)
    assert not np.array_equal(f, shuffled)
    runs = [{"f": x, "meta": {"optimum_value": 0.0}, "is_initial": np.zeros(200, dtype=bool)}
            for x in (f, shuffled)]
    assert run_value(runs[0], "final_average_regret") == run_value(runs[1], "final_average_regret")
    assert run_value(runs[0], "final_average_regret") == -math.fsum((-f).tolist()) / 200
    tenth = {"f": f, "meta": {"optimum_value": 1.0}}
    expected = math.fsum(math.log10(1.0 - v) for v in f[-20:].tolist()) / 20
    assert run_value(tenth, "last10_log10_regret") == -expected
