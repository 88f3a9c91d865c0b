"""GPUCB-UBO ([Ha2019, Alg. 1]): search space in force, expansion rule, β_t in local time, seeds."""

import math

import numpy as np
import pytest

from regretlab import objectives
from regretlab.algorithms.acquisition import Acquisition
from regretlab.algorithms.ubo import GPUCBUBO
from regretlab.bounds import ubo as ubo_bounds
from regretlab.gp import SquaredExponential

#: Gaussian bump of height 1 centred outside the initial box [0, 1]^2.
CENTRE = np.array([1.8, 1.5])
INITIAL_BOX = [[0.0, 1.0], [0.0, 1.0]]


def bump(x):
    """f(x) = exp(-|x - c|^2 / (2 * 0.5^2)); max 1 at c = (1.8, 1.5); at most 0.169 on [0, 1]^2."""
    return float(np.exp(-np.sum((np.asarray(x) - CENTRE) ** 2) / 0.5))


def small(bounds, **kw):
    kw.setdefault("acq_budget", 200)
    kw.setdefault("n_restarts", 0)
    kw.setdefault("refine_max_balls", 3)
    kw.setdefault("n_cyc", 3)
    return GPUCBUBO(bounds, **kw)


@pytest.fixture(scope="module")
def bump_traces():
    """Three 26-evaluation runs on the bump from the initial box [0, 1]^2 (seeds 0, 1, 2)."""
    return [small(INITIAL_BOX, rng=seed).run(bump, 26, progress=False) for seed in range(3)]


def search_records(trace):
    return [r for r, initial in zip(trace.records, trace.is_initial, strict=True) if not initial]


def test_beats_random_search_on_camelback(assert_beats_random_search):
    """With initial box = max_bounds = the six-hump camel's domain (so random search, on the same box, is a
    fair baseline), the simple regret after 30 evaluations is below random search's (one-sided
    Mann-Whitney over 10 fixed seeds, p < 0.05; measured p = 0.019, medians 0.28 vs 0.75)."""
    objective = objectives.get("camelback")
    assert_beats_random_search(
        lambda bounds, rng: small(bounds, rng=rng, max_bounds=bounds, n_cyc=1), objective, 30
    )


def test_queries_lie_in_the_search_space_in_force(bump_traces):
    """The 3D = 6 initial points lie in the initial box; every later x_t lies in its recorded search box."""
    for trace in bump_traces:
        assert trace.is_initial.sum() == 6
        init = trace.x[trace.is_initial]
        assert np.all(init >= 0.0) and np.all(init <= 1.0)
        for x, rec in zip(trace.x[~trace.is_initial], search_records(trace), strict=True):
            box = rec["search_box"]
            assert box.shape == (2, 2)
            assert np.all(x >= box[:, 0]) and np.all(x <= box[:, 1])


def test_search_space_only_grows_and_grows_when_triggered(bump_traces):
    """The first box is the initial one; each box contains the previous one; the box changes only after an
    iteration whose trigger fired (r_b <= eps or iteration 1): then it contains the Eq. (28) hypercube of
    D_t with radius d_eps > 0 and the local time restarts at 1; otherwise it is unchanged and the local time
    advances by 1. Every run expands at least twice and strictly grows at least once."""
    for trace in bump_traces:
        rows = np.flatnonzero(~trace.is_initial)
        recs = search_records(trace)
        assert np.array_equal(recs[0]["search_box"], np.array(INITIAL_BOX))
        grew = 0
        for row, prev, cur in zip(rows[:-1], recs[:-1], recs[1:], strict=True):
            old, new = prev["search_box"], cur["search_box"]
            assert np.all(new[:, 0] <= old[:, 0]) and np.all(new[:, 1] >= old[:, 1])
            assert prev["expanded"] == (prev["r_b"] <= 0.05 or prev["iteration"] == 1)
            if prev["expanded"]:
                cube = ubo_bounds.hypercube_eq28(X=trace.x[: row + 1], d_eps=prev["d_eps"])
                assert np.array_equal(new, prev["new_search_box"]) and prev["d_eps"] > 0
                assert np.all(new[:, 0] <= cube[:, 0]) and np.all(new[:, 1] >= cube[:, 1])
                assert cur["t_local"] == 1
                grew += bool(np.any(new[:, 0] < old[:, 0]) or np.any(new[:, 1] > old[:, 1]))
            else:
                assert np.array_equal(new, old) and cur["t_local"] == prev["t_local"] + 1
        assert sum(r["expanded"] for r in recs) >= 2 and grew >= 1


def test_expands_toward_an_optimum_outside_the_initial_box(bump_traces):
    """The bump's maximiser c = (1.8, 1.5) lies outside [0, 1]^2, where f <= 0.169. Check: the final search
    box contains c and the best observed value exceeds 0.9 (only reachable outside the initial box)."""
    for trace in bump_traces:
        last = search_records(trace)[-1]
        final = last.get("new_search_box", last["search_box"])
        assert np.all(final[:, 0] <= CENTRE) and np.all(final[:, 1] >= CENTRE)
        assert trace.y.max() > 0.9


def test_beta_is_thm51_in_local_time_scaled_by_one_fifth(bump_traces):
    """Each recorded β_t equals 0.2 × bounds.ubo.beta_t_thm51 with τ = t_local and r_k the largest side of
    the search box in force (so β restarts after each expansion)."""
    for trace in bump_traces:
        for beta, rec in zip(trace.beta[~trace.is_initial], search_records(trace), strict=True):
            side = float((rec["search_box"][:, 1] - rec["search_box"][:, 0]).max())
            expected = ubo_bounds.beta_t_thm51(
                t=rec["iteration"], T_prev=rec["iteration"] - rec["t_local"], d=2, delta=0.1, a=1.0, b=1.0,
                r=side,
            )
            assert beta == pytest.approx(0.2 * expected, rel=1e-12)


def test_trigger_is_the_bounds_formula_on_the_previous_posterior():
    """r_b recorded at ask() equals bounds.ubo.trigger_rb (Alg. 1 line 9) computed from the posterior on
    D_{t-1}: UCB at x_t minus the largest LCB over D_{t-1} ∪ {x_t}, plus 1/t_local^2."""
    opt = small(INITIAL_BOX, rng=5)
    checked = 0
    for _ in range(14):
        x = opt.ask()
        rec = opt._pending["records"]
        if rec:
            beta = opt._pending["beta"]
            ucb = float(Acquisition(opt.gp, "ucb", beta=beta)(x[None, :])[0])
            lcb = float(Acquisition(opt.gp, "lcb", beta=beta)(np.vstack([opt.X, x])).max())
            rb = ubo_bounds.trigger_rb(ucb_max=ucb, lcb_max=lcb, t=rec["iteration"], t_local=rec["t_local"])
            assert rec["r_b"] == pytest.approx(rb, rel=1e-10, abs=1e-12)
            checked += 1
        opt.tell(x, bump(x))
    assert checked == 14 - 6


def test_app_b_refinement_acceptance_rules(bump_traces):
    """App. B: a box maximum outside [α∞ - ε, α∞] is kept ("no"); a ball maximum is accepted when it is
    < α∞ - ε ("printed") or within ε of α∞ ("code"); the refinement ran at least once."""
    code = [small(INITIAL_BOX, rng=0, refinement="code").run(bump, 26, progress=False)]
    ran = 0
    for rule, traces in (("printed", bump_traces), ("code", code)):
        for trace in traces:
            expanded_before = False
            for rec in search_records(trace):
                value, far = rec["ucb_max"], rec["far_field"]
                if rec["refined"] == "no" and expanded_before:
                    assert value > far or value < far - 0.05
                if rec["refined"] == "accepted":
                    assert value < far - 0.05 if rule == "printed" else abs(value - far) <= 0.05
                ran += rec["refined"] != "no"
                expanded_before = expanded_before or rec["expanded"]
    assert ran > 0


def test_max_bounds_caps_the_search_space():
    """With max_bounds = [-0.5, 1.5]^2 every search box stays inside it (and the queries with it)."""
    outer = np.array([[-0.5, 1.5], [-0.5, 1.5]])
    trace = small(INITIAL_BOX, rng=2, max_bounds=outer).run(bump, 16, progress=False)
    for rec in search_records(trace):
        for key in ("search_box", "new_search_box"):
            if key in rec:
                assert np.all(rec[key][:, 0] >= outer[:, 0]) and np.all(rec[key][:, 1] <= outer[:, 1])
    assert np.all(trace.x >= -0.5) and np.all(trace.x <= 1.5)


def test_the_objective_box_is_never_a_silent_cap():
    """UBO does not know the objective's domain ([Ha2019, §1]): an objective that rejects points outside its
    box is refused with a ValueError that says what to do; built with enforce_bounds=False it is searched
    beyond its box; an explicit max_bounds caps the search on purpose."""
    with pytest.raises(ValueError, match="enforce_bounds=False"):
        small([[0.2, 0.4]] * 3, rng=0).run(objectives.get("hartmann3"), 2, progress=False)
    free = objectives.get("hartmann3", enforce_bounds=False)
    opt = small([[0.0, 0.2]] * 3, rng=0, n_cyc=1, acq_budget=100, epsilon=1.0)
    trace = opt.run(free, 14, progress=False)
    assert opt.n_expansions >= 1 and opt.max_bounds is None
    assert np.any(opt.domain[:, 0] < 0.0)
    capped = small([[0.0, 0.2]] * 3, rng=0, n_cyc=1, acq_budget=100, epsilon=1.0, max_bounds=[[0.0, 1.0]] * 3)
    trace = capped.run(objectives.get("hartmann3"), 14, progress=False)
    assert np.all(trace.x >= 0.0) and np.all(trace.x <= 1.0)


def test_tell_is_validated_against_the_current_space():
    """tell() rejects a point outside the initial box before any expansion, and accepts it once the box has
    expanded to contain it."""
    opt = small(INITIAL_BOX, rng=0, n_cyc=1)
    with pytest.raises(ValueError, match="outside its domain"):
        opt.tell([1.0 + 1e-3, 0.5], 0.0)
    for _ in range(7):  # 6 initial points, then iteration 1 always expands
        x = opt.ask()
        opt.tell(x, bump(x))
    box = opt.domain
    assert opt.n_expansions == 1 and box[0, 1] > 1.0
    with pytest.raises(ValueError, match="outside its domain"):
        opt.tell([box[0, 1] + 0.1, 0.5], 0.0)
    opt.tell([box[0, 1], 0.5], bump([box[0, 1], 0.5]))
    assert opt.n_observations == 8


def test_same_seed_same_trace():
    """The same seed gives an identical Trace (records included); another seed does not."""
    a = small(INITIAL_BOX, rng=11).run(bump, 10, progress=False)
    b = small(INITIAL_BOX, rng=11).run(bump, 10, progress=False)
    c = small(INITIAL_BOX, rng=12).run(bump, 10, progress=False)
    assert a.identical(b)
    assert not a.identical(c)


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"epsilon": 0.0}, "epsilon"),
        ({"epsilon": -0.1}, "epsilon"),
        ({"delta": 0.0}, "delta"),
        ({"delta": 1.0}, "delta"),
        ({"a": 0.0}, "a"),
        ({"a": 0.01, "delta": 0.5}, "a"),  # log(4 D a / delta) <= 0
        ({"b": 0.0}, "b"),
        ({"beta_scale": 0.0}, "beta_scale"),
        ({"kernel": "rbf"}, "kernel"),
        ({"kernel": SquaredExponential(lengthscale=[1.0, 1.0])}, "kernel"),
        ({"max_bounds": [[0.2, 1.0], [0.0, 1.0]]}, "max_bounds"),
        ({"max_bounds": [[1.0, 0.0], [0.0, 1.0]]}, "max_bounds"),
        ({"d_eps_reading": "C"}, "d_eps_reading"),
        ({"trigger_reading": "C"}, "trigger_reading"),
        ({"refinement": "always"}, "refinement"),
        ({"refine_max_balls": 0}, "refine_max_balls"),
        ({"n_cyc": 0}, "n_cyc"),
        ({"n_init": 0}, "n_init"),
    ],
)
def test_invalid_parameters_name_themselves(kwargs, name):
    """Out-of-domain parameters raise ValueError naming the parameter."""
    with pytest.raises(ValueError, match=rf"^{name}"):
        GPUCBUBO(INITIAL_BOX, rng=0, **kwargs)


def test_the_authors_code_readings_each_do_what_they_name():
    """The five readings of the authors' script ([Ha2019]'s public code): range scaling of y, b = θ/(√2ℓ)
    from the fit, the unit-amplitude noise-free Gram pseudo-inverse, the Eq. (28) box replacing the old one,
    and x_t re-chosen in the new box on a triggering iteration (local time restarting at 1)."""
    from regretlab.algorithms.ubo import CODE_READINGS

    code = {keyword: readings[1] for keyword, readings in CODE_READINGS.items()}
    opt = small(INITIAL_BOX, rng=3, n_cyc=1, epsilon=1.0, **code)
    trace = opt.run(bump, 12, progress=False)
    y = trace.y
    assert opt._y_scale == pytest.approx(np.ptp(y)) and opt._y_shift == pytest.approx(np.mean(y))
    theta, ell = math.sqrt(opt.kernel.variance), float(opt.kernel.lengthscale)
    assert opt._b_constant() == pytest.approx(theta / (math.sqrt(2.0) * ell))
    q = opt._gram_quantities()
    K = type(opt.kernel)(lengthscale=ell, variance=1.0)(opt.X)
    np.testing.assert_allclose(q.z, np.linalg.pinv(K) @ opt._normalised(y), rtol=1e-8, atol=1e-8)
    first = next(r for r in trace.records if r.get("expanded"))
    assert first["expanded_before_query"] and first["t_local"] >= 1
    i = trace.records.index(first)
    assert trace.records[i + 1]["t_local"] == 2  # the local clock restarted: t = 1 was the re-choice
    np.testing.assert_array_equal(first["new_search_box"], trace.records[i + 1]["search_box"])
    assert opt.params["space_update"] == "replace" and opt.params["expansion_query"] == "new_box"
    paper = small(INITIAL_BOX, rng=3, n_cyc=1, epsilon=1.0).run(bump, 12, progress=False)
    assert not any(r.get("expanded_before_query") for r in paper.records)


def test_a_negative_trigger_is_re_optimised():
    """r_b < 0 is impossible with an exact UCB maximiser; when a one-sample random "maximiser" produces it,
    the UCB is re-maximised from the data (record ``reoptimized``) and r_b is recomputed, never decreasing;
    the first r_b is recorded (``r_b_first``)."""
    opt = small(INITIAL_BOX, rng=1, n_cyc=1, acq_budget=1, acq_optimizer="random", epsilon=1e-3)
    trace = opt.run(bump, 20, progress=False)
    bo = [r for r, init in zip(trace.records, trace.is_initial, strict=True) if not init]
    redone = [r for r in bo if r["reoptimized"]]
    assert redone, "a one-sample maximiser should leave r_b < 0 at least once"
    assert all(r["r_b_first"] < 0.0 and r["r_b"] >= r["r_b_first"] for r in redone)
    assert all(r["r_b"] == r["r_b_first"] for r in bo if not r["reoptimized"])


def test_initial_search_box_is_a_fifth_of_the_largest_side_inside_the_domain():
    """[Ha2019, §6]: side 20 % of the domain's largest side, random centre, the cube inside the domain."""
    from regretlab.algorithms.ubo import initial_search_box

    domain = np.array([[-4.5, 4.5], [-2.0, 7.0], [0.0, 9.0]])
    boxes = [initial_search_box(domain, rng=seed) for seed in range(50)]
    for box in boxes:
        np.testing.assert_allclose(box[:, 1] - box[:, 0], 1.8)
        assert np.all(box[:, 0] >= domain[:, 0]) and np.all(box[:, 1] <= domain[:, 1])
    np.testing.assert_array_equal(initial_search_box(domain, rng=7), initial_search_box(domain, rng=7))
    assert len({tuple(b[:, 0]) for b in boxes}) == 50
    with pytest.raises(ValueError, match="fraction"):
        initial_search_box([[0.0, 1.0], [0.0, 0.1]], rng=0)


def test_code_reading_centres_the_balls_on_the_data_of_the_last_expansion_by_y():
    """ball_centres='expansion_y' (the authors' script: X_init_bound, Y_bound): the refinement searches
    boxes around the data held at the last expansion, best y first, unclipped, and keeps the box's maximiser
    when no ball is accepted; 'current_ucb' (App. B) orders the current data by UCB, clips to the box and
    falls back on the best ball. Checked on a stub whose maximiser is never accepted (every ball searched)."""
    from regretlab.algorithms.maximize import MaximizeResult
    from regretlab.algorithms.ubo import GPUCBUBO

    searched = []

    class Stub(GPUCBUBO):
        def maximize_acquisition(self, acquisition, bounds=None, *, budget=None, n_starts=None):
            searched.append(np.asarray(bounds, dtype=float).copy())
            centre = np.asarray(bounds, dtype=float).mean(axis=1)
            return MaximizeResult(centre, -1.0, 1, True, "stub")

    for rule in ("expansion_y", "current_ucb"):
        searched.clear()
        opt = Stub([[0.0, 1.0]], rng=0, n_init=3, ball_centres=rule, refinement="code", refine_max_balls=2)
        opt._d_eps = 0.4
        X_then, y_then = np.array([[0.1], [0.5], [0.9]]), np.array([3.0, 1.0, 2.0])
        opt._expansion_data = (X_then, y_then)
        ucb = lambda X: -np.asarray(X)[:, 0]  # noqa: E731 - current data ordered 0.1 first by UCB
        opt._history = [{"x": x, "y": 0.0, "f": 0.0} for x in X_then]
        x, value, _, outcome = opt._refine(ucb, np.array([0.7]), -0.01, 0, 0.0, np.array([[0.0, 1.0]]))
        assert outcome == "fallback"
        if rule == "expansion_y":   # y 3.0 (x = 0.1), then 2.0 (x = 0.9); unclipped; the box's point kept
            np.testing.assert_allclose(searched, [[[-0.3, 0.5]], [[0.5, 1.3]]])
            assert x.tolist() == [0.7] and value == -0.01
        else:                       # UCB order 0.1, 0.5; clipped to [0, 1]; the best ball's maximiser
            np.testing.assert_allclose(searched, [[[0.0, 0.5]], [[0.1, 0.9]]])
            assert x.tolist() == [0.25]


def test_code_reading_takes_the_absolute_value_of_a_negative_beta():
    """On a tiny box Thm 5.1's β_t is negative: the paper reading refuses it (ValueError naming beta_t),
    the code reading (b_n = sqrt(|nu tau_n|)) uses |β_t|."""
    from regretlab.algorithms.ubo import GPUCBUBO

    box = [[0.0, 1e-6], [0.0, 1e-6]]
    paper = GPUCBUBO(box, rng=0, n_init=2)
    code = GPUCBUBO(box, rng=0, n_init=2, beta_sign="absolute")
    raw = GPUCBUBO.__mro__[1].beta_t(paper, 3)
    assert raw < 0 and code.beta_t(3) == -raw
    with pytest.raises(ValueError, match="beta_t"):
        paper._checked_beta(3)
