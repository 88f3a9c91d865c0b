"""The best case of printed Algorithm 1 (diagnoses/floors.py): a floor MS-UCB's own runs cannot go below,
computed right on cases with a known answer, and the diagnosis that compares the runs with it."""

from __future__ import annotations

import numpy as np
import pytest

from regretlab import objectives
from regretlab.algorithms.ms_ucb import MSUCB
from regretlab.diagnoses import diagnosis, floors
from regretlab.objectives.rescale import rescale


def _unit(name, dim, **options):
    return rescale(objectives.get(name, dim, **options), to=(-1.0, 1.0))


def test_a_run_of_ms_ucb_never_goes_below_the_floor_of_its_own_subspaces():
    """MS-UCB (d = 1, N0 = 2) on a 3-D Hyper-Ellipsoid: its simple regret after 14 evaluations is at least
    f* minus the best of its initial points and of the subspace maxima over the anchors it drew (the floor's
    definition, evaluated on that run's own Z_t); and the floor is not trivially zero there."""
    objective = _unit("hyperellipsoid", 3, variant="axis_parallel")
    opt = MSUCB(objective.bounds, d=1, N0=2, rng=3, n_init=4, acq_budget=60, n_restarts=0)
    trace = opt.run(objective, 14, progress=False)
    f = np.asarray(trace.y, dtype=float)
    anchors = np.zeros((opt.Z.shape[0], 3))
    anchors[:, :2] = opt.Z           # the first D - d coordinates are the anchor, the last d free
    maxima = floors.subspace_maxima(objective, anchors, np.array([2]), rng=0)
    floor = objective.optimum_value - max(f[:4].max(), maxima.max())
    assert floor > 1e-6
    assert objective.optimum_value - f.max() >= floor - 1e-9


def test_subspace_maxima_find_a_non_separable_maximum_that_the_optimum_start_misses():
    """On the embedded Camelback the free block's best point depends on the fixed coordinate: the maxima
    found by L-BFGS-B agree with a 401 x 401 grid search on each subspace to 1e-3 (the grid's own resolution),
    and exceed what the maximiser's free coordinates give on some subspace (so the search is not idle)."""
    objective = _unit("camelback_embedded", 3)
    free = np.array([0, 2])   # coordinate 0 is a dummy; the effective 1 (fixed) and 2 (free) are coupled
    anchors = np.array([[0.0, -0.7, 0.0], [0.0, 0.2, 0.0], [0.0, 0.9, 0.0]])
    maxima = floors.subspace_maxima(objective, anchors, free, rng=1, n_starts=6, max_evaluations=200)
    grid = np.linspace(-1, 1, 401)
    Y1, Y2 = np.meshgrid(grid, grid)
    for anchor, found in zip(anchors, maxima, strict=True):
        X = np.column_stack([Y1.ravel(), np.full(Y1.size, anchor[1]), Y2.ravel()])
        assert found == pytest.approx(np.max(objective(X)), abs=1e-3)
    at_star = anchors.copy()
    at_star[:, free] = np.atleast_2d(objective.optimizers)[0][free]
    assert np.any(maxima > objective(at_star) + 1e-6)


def test_the_floor_is_zero_when_the_subspace_is_the_whole_box_and_positive_below():
    """d = D: every subspace is the box, so the oracle reaches f* (log10 floor at the plotted floor of
    -12); d = 1 of 20 with 280 anchors leaves a Hyper-Ellipsoid regret far above it; more free coordinates
    give a lower floor (d = 10 below d = 1)."""
    objective = _unit("hyperellipsoid", 20, variant="axis_parallel")
    whole = floors.ms_ucb_floor(objective, d=20, n_init=20, anchors_after=280, rng=0, pool=200)
    assert whole.mean == pytest.approx(-12.0, abs=1e-6)
    one = floors.ms_ucb_floor(objective, d=1, n_init=20, anchors_after=280, rng=0, pool=600)
    ten = floors.ms_ucb_floor(objective, d=10, n_init=20, anchors_after=280, rng=0, pool=600)
    assert one.low <= one.mean <= one.high and one.mean > 1.0
    assert ten.mean < one.mean - 0.2


def test_the_floor_law_matches_a_direct_simulation_at_d_zero():
    """d = 0: the oracle can only take the best of n_init + |Z_t| uniform points; the law read from the pools
    has the mean of 400 direct simulations of that maximum (within 0.05 log10 units)."""
    objective = _unit("levy", 4)
    floor = floors.ms_ucb_floor(objective, d=0, n_init=5, anchors_after=30, rng=0, pool=4000)
    rng = np.random.default_rng(1)
    direct = [np.log10(objective.optimum_value - objective(rng.uniform(-1, 1, (35, 4))).max())
              for _ in range(400)]
    assert floor.mean == pytest.approx(np.mean(direct), abs=0.05)


def test_the_floor_curve_falls_with_every_evaluation_and_ends_at_the_final_law():
    """The curve has one mean per evaluation (5 initial points, then 1..30 anchors), never rises (more
    points, a better best), and its last value is the final law's mean."""
    objective = _unit("levy", 4)
    floor = floors.ms_ucb_floor(objective, d=1, n_init=5, anchors_after=np.arange(1, 31), rng=0, pool=500)
    assert len(floor.curve) == 35 and floor.curve[-1] == floor.mean
    assert np.all(np.diff(floor.curve) <= 1e-12)


def test_bad_input_names_the_parameter():
    """ms_ucb_floor and subspace_maxima name the parameter they refuse and its domain."""
    objective = _unit("levy", 4)
    with pytest.raises(ValueError, match=r"anchors has shape \(2, 3\); expected \(n, 4\)"):
        floors.subspace_maxima(objective, np.zeros((2, 3)), np.array([3]), rng=0)
    with pytest.raises(ValueError, match=r"free=\[3, 3\] is outside its domain"):
        floors.subspace_maxima(objective, np.zeros((2, 4)), np.array([3, 3]), rng=0)
    with pytest.raises(ValueError, match="free=\\[4\\]"):
        floors.subspace_maxima(objective, np.zeros((2, 4)), np.array([4]), rng=0)
    with pytest.raises(ValueError, match="d=7"):
        floors.ms_ucb_floor(objective, d=7, n_init=5, anchors_after=30)
    with pytest.raises(ValueError, match="anchors_after=0"):
        floors.ms_ucb_floor(objective, d=1, n_init=5, anchors_after=0)


def test_the_diagnosis_counts_runs_on_the_floor_and_runs_above_it(monkeypatch):
    """The diagnosis line compares the runs' mean log10 S_T with the floor: a run at the floor counts as on
    it, a run one decade above does not."""
    from regretlab.experiments import registry

    spec = registry.get("TranThe2020.fig1")
    fake = (floors.Floor("Ackley-20", "TranThe2020/MS-UCB", 5, 20, 280, 1.27, 1.26, 1.29),
            floors.Floor("Levy-20", "TranThe2020/MS-UCB", 5, 20, 280, 1.74, 1.68, 1.89))
    monkeypatch.setattr(diagnosis, "_floors", lambda key: fake)

    def run(problem, log_regret):
        f = np.zeros(300)
        f[-1] = -10.0 ** log_regret
        return {"f": f, "meta": {"optimum_value": 0.0}}

    results = {("TranThe2020/MS-UCB", "Ackley-20", 0): run("Ackley-20", 1.27),
               ("TranThe2020/MS-UCB", "Levy-20", 0): run("Levy-20", 2.74)}
    # the best f is the maximum, so make every other evaluation worse than the last
    for result in results.values():
        result["f"][:-1] = 10 * result["f"][-1]
    text = diagnosis._floor_text(spec, results)
    assert "Ackley-20 1.27 / 1.27" in text and "Levy-20 2.74 / 1.74" in text
    assert "on 1 of 2 the runs are within 0.1 of the floor" in text


def test_additive_share_is_one_for_an_additive_function_and_less_with_interactions():
    """The main effects' share (sum of first-order Sobol indices) of the axis-parallel Hyper-Ellipsoid, a
    sum of one-coordinate terms, is 1 within the estimates' noise; Ackley's exponentials of sums couple its
    coordinates, so its main effects explain about 0.64 (measured); the range brackets the mean."""
    from regretlab.experiments.spec import Problem

    separable = Problem("hyperellipsoid", 4, "HE-4", (("variant", "axis_parallel"),))
    additive, low, high = diagnosis.additive_share(separable)
    assert additive == pytest.approx(1.0, abs=0.05) and low <= additive <= high
    coupled, low, high = diagnosis.additive_share(Problem("ackley", 4, "A-4"))
    assert 0.5 < low <= coupled <= high < 0.8


def test_the_centre_value_is_reported_beside_each_methods_best():
    """On a problem whose optimum is not known (Gisette's ramp loss), the value at the box centre is set
    beside the methods' mean best values: a method below it is named as beaten, one above it is not."""
    from regretlab.experiments import registry

    spec = registry.get("TranThe2020.fig5")
    results = {("TranThe2020/HeSBO(d=10, n_starts=100)", "Gisette-C1", 0): {"f": np.array([-500.0, -300.0])},
               ("TranThe2020/LineBO", "Gisette-C1", 0): {"f": np.array([-1500.0, -1000.0])}}
    rows = diagnosis.centre_values(spec, results)
    assert len(rows) == 1 and rows[0][0] == "Gisette-C1"
    key, value, best = rows[0]
    assert -1000.0 < value < -300.0 and best["TranThe2020/LineBO"] == -1000.0
    text = diagnosis._centre_value_text(spec, results, "HeSBO")
    assert "beating the mean best of LineBO" in text and "HeSBO (d" not in text.split("beating")[1]
    face = diagnosis.face_centre_best(spec.problem("Gisette-C1"))
    assert f"best face centre {face:.4g}, beating " in text and np.isfinite(face)


def test_the_best_case_inside_an_embedding_is_zero_at_a_centred_optimum_and_at_most_the_centres_regret():
    """embedding_floor: with the optimum at the box centre (Ackley on [-1, 1]^D) every REMBO embedding
    contains it, so the floor is 0; on Li2016's code form (optimum off the centre) it is positive and at
    most the regret at the centre (y = 0 is one of its starts), and the same seed gives the same floor."""
    from regretlab.diagnoses.floors import embedding_floor

    centred = embedding_floor(_unit("ackley", 20), "TranThe2020/REMBO", n_embeddings=2, problem="A")
    assert centred.mean == pytest.approx(0.0, abs=1e-9) and centred.d == 5
    code = objectives.get("projected_additive_code", 50)
    centre_regret = code.optimum_value - float(code(code.bounds.mean(axis=1)[None, :])[0])
    floor = embedding_floor(code, "Li2016/REMBO", n_embeddings=3, problem="D50")
    assert 0.0 < floor.low <= floor.mean <= floor.high <= centre_regret + 1e-9 and floor.d == 12
    assert embedding_floor(code, "Li2016/REMBO", n_embeddings=3, problem="D50") == floor
    with pytest.raises(ValueError, match="n_embeddings=0"):
        embedding_floor(code, "Li2016/REMBO", n_embeddings=0)
    with pytest.raises(ValueError, match="method='Li2016/GP-UCB' does not search a random embedding"):
        embedding_floor(code, "Li2016/GP-UCB", n_embeddings=1)
