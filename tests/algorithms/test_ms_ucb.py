"""MS-UCB ([TranThe2020, Alg. 1]) on the shared loop: subspaces, Z_t, limits d = 0, d = D."""

import numpy as np
import pytest

from regretlab import objectives
from regretlab.algorithms.acquisition import Acquisition
from regretlab.algorithms.gp_ucb import GPUCB
from regretlab.algorithms.ms_ucb import MSUCB
from regretlab.bounds import ms_ucb as ms_ucb_bounds
from regretlab.gp import Matern52

BOX5 = [[-2.0, 3.0], [0.0, 1.0], [10.0, 12.0], [-1.0, 1.0], [0.5, 0.75]]


def small(bounds, **kw):
    kw.setdefault("n_init", 5)
    kw.setdefault("acq_budget", 100)
    kw.setdefault("n_restarts", 0)
    return MSUCB(bounds, **kw)


def quick(bounds, **kw):
    """A cheap configuration (fixed kernel, random acquisition search) for bookkeeping checks."""
    kw.setdefault("fit_hyperparameters", False)
    kw.setdefault("acq_optimizer", "random")
    return small(bounds, **kw)


def sphere(x):
    return -float(np.sum((np.asarray(x) - 0.1) ** 2))


class CountingPosterior:
    """Wraps a posterior and counts predicted rows independently of the code under test."""

    def __init__(self, posterior):
        self.posterior, self.rows = posterior, 0

    def predict(self, X, return_grad=False):
        self.rows += np.atleast_2d(X).shape[0]
        return self.posterior.predict(X, return_grad=return_grad)


class CountingMSUCB(MSUCB):
    """MS-UCB whose acquisition posterior counts every evaluated row (a row is one acquisition evaluation)."""

    def __init__(self, bounds, **kw):
        super().__init__(bounds, **kw)
        self.counted = []

    def _propose(self, t, beta):
        model, counter = self.model, CountingPosterior(self.model)
        self.model = counter
        try:
            proposal = super()._propose(t, beta)
        finally:
            self.model = model
        self.counted.append(counter.rows)
        return proposal


def test_beats_random_search_on_trimodal(assert_beats_random_search):
    """MS-UCB with d = 1 on the 2-D trimodal function: final simple regret after 20 evaluations is below
    random search's (one-sided Mann-Whitney over 10 fixed seeds, p < 0.05)."""
    objective = objectives.get("trimodal")

    def make(bounds, rng):
        return small(bounds, rng=rng, d=1, beta_scale=0.2, normalize_y=True, n_cyc=5, acq_optimizer="direct")

    assert_beats_random_search(make, objective, 20)


@pytest.mark.parametrize("lengthscale", [1.0, [1.0, 0.7]], ids=["isotropic", "ard"])
@pytest.mark.parametrize("optimizer", ["lbfgsb", "direct"])
def test_d_equal_D_reproduces_gpucb(optimizer, lengthscale):
    """With d = D the subspace is the whole box and MS-UCB is GP-UCB: same seed, same constant β, same kernel
    and budget give a bit-identical trace (x, y, f, β, acquisition evaluations), with an isotropic and an ARD
    kernel (MS-UCB evaluates on its subspace posterior, GP-UCB on the GP's: the same floating-point
    expression when no coordinate is fixed)."""
    objective = objectives.get("camelback")
    common = dict(
        rng=3, n_init=5, acq_budget=120, n_restarts=0, n_cyc=4, acq_optimizer=optimizer,
        beta="constant", beta_value=3.0, kernel=Matern52(lengthscale=lengthscale),
    )
    ours = MSUCB(objective.bounds, d=2, **common).run(objective, 11, progress=False)
    theirs = GPUCB(objective.bounds, **common).run(objective, 11, progress=False)
    assert ours.identical(theirs, ignore=("seconds", "records", "params", "algorithm"))
    assert all(r["Z_size"] == 1 and r["n_subspaces"] == 1 for r in ours.records[5:])


@pytest.mark.parametrize("d", [0, 1])
def test_queries_in_domain_and_hard_budget_holds(d):
    """Every x_t lies in the box; the acquisition rows actually evaluated (counted independently) equal the
    reported evaluations and never exceed acq_budget, also when |Z_t| outgrows the budget and a random subset
    of floor(budget / (2d+1)) subspaces is searched (d = 0: one evaluation per point)."""
    opt = CountingMSUCB(BOX5, d=d, N0=3, alpha=1, rng=2, n_init=4, acq_budget=40, n_restarts=0,
                        fit_hyperparameters=False, acq_optimizer="lbfgsb")
    trace = opt.run(sphere, 10, progress=False)
    box = np.asarray(BOX5)
    assert np.all(trace.x >= box[:, 0]) and np.all(trace.x <= box[:, 1])
    new = ~trace.is_initial
    assert trace.acq_evaluations[new].tolist() == opt.counted
    assert np.all(trace.acq_evaluations <= 40) and np.all(trace.acq_evaluations[new] >= 1)
    searched = [r["n_subspaces"] for r in trace.records[4:]]
    sizes = [r["Z_size"] for r in trace.records[4:]]
    assert searched == [min(z, 40 // (2 * d + 1)) for z in sizes]
    assert sizes[-1] > searched[-1]  # the subset path was exercised


def test_same_seed_same_trace():
    """The same seed gives an identical Trace (random active coordinates, Z_t, starts); others differ."""
    def run(seed):
        opt = small(BOX5, d=2, N0=2, alpha=1, active="random", rng=seed, fit_hyperparameters=True, n_cyc=3,
                    acq_budget=60)
        return opt.run(sphere, 9, progress=False)

    a, b, c = run(7), run(7), run(8)
    assert a.identical(b)
    assert not a.identical(c)


@pytest.mark.parametrize(("N0", "alpha", "rounding"), [(1, 0.0, "ceil"), (2, 0.5, "ceil"), (1, 2, "none")])
def test_Z_size_is_the_cumulative_bounds_formula(N0, alpha, rounding):
    """Recorded |Z_t| equals bounds.ms_ucb.zt_size(t) with t the Alg. 1 iteration (t = 1 after the initial
    design); a repeated ask() without tell() does not draw new anchors."""
    opt = quick(BOX5, d=2, N0=N0, alpha=alpha, rounding=rounding, rng=0, n_init=3, acq_budget=30)
    trace = opt.run(sphere, 9, progress=False)
    for t, record in enumerate(trace.records[3:], start=1):
        assert record["iteration"] == t
        assert record["Z_size"] == ms_ucb_bounds.zt_size(t=t, N0=N0, alpha=alpha, rounding=rounding)
    size = opt.Z.shape[0]
    opt.ask()
    opt.ask()
    assert opt.Z.shape == (size + round(ms_ucb_bounds.n_t(t=7, N0=N0, alpha=alpha, rounding=rounding)), 3)
    assert np.all(np.abs(opt.Z) <= 1.0)


def test_Z_grown_in_its_buffer_is_every_draw_in_order():
    """Z_t lives in a buffer that doubles when full (MSUCB._append_anchors): after growths that fit and
    growths that do not, Z is exactly the N_t uniform draws of each iteration, in order, from the run's
    stream (drawn again here from the same seed after the constructor's draws)."""
    opt = MSUCB(BOX5, d=2, N0=3, alpha=1.0, rng=11, n_init=2)
    mirror = MSUCB(BOX5, d=2, N0=3, alpha=1.0, rng=11, n_init=2)   # the same stream, drawn by hand
    expected = []
    for iteration in (1, 2, 5, 6, 12):
        opt._grow_Z(iteration)
        while len(expected) < iteration:
            count = mirror.n_new_subspaces(len(expected) + 1)
            expected.append(mirror.rng.uniform(-1.0, 1.0, size=(count, 3)))
        np.testing.assert_array_equal(opt.Z, np.concatenate(expected))
    assert opt._z_buffer.shape[0] >= opt.Z.shape[0] == ms_ucb_bounds.zt_size(t=12, N0=3, alpha=1.0)


def test_queries_lie_on_the_chosen_subspace():
    """x_t = A y + B z (Lemma 1, Def. 1) in the paper's [-1,1]^D: its first D-d unit coordinates are the
    chosen anchor Z[z_index]; with active="random" the fixed coordinates are the complement of the recorded
    active ones."""
    opt = quick(BOX5, d=2, N0=2, rng=4)
    trace = opt.run(sphere, 8, progress=False)
    for x, record in zip(trace.x[5:], trace.records[5:], strict=True):
        y, z = ms_ucb_bounds.split_point(x=opt.to_unit(x), d=2)
        np.testing.assert_allclose(z, opt.Z[record["z_index"]], atol=1e-12)
    opt = quick(BOX5, d=2, N0=2, rng=4, active="random")
    trace = opt.run(sphere, 8, progress=False)
    fixed = np.setdiff1d(np.arange(5), trace.params["active_coordinates"])
    for x, record in zip(trace.x[5:], trace.records[5:], strict=True):
        np.testing.assert_allclose(opt.to_unit(x)[fixed], opt.Z[record["z_index"]], atol=1e-12)


def test_x_t_maximises_ucb_over_all_subspaces():
    """Eq. (8): on the 2-D trimodal function with d = 1 (subspaces are vertical lines), UCB(x_t) is at least
    the UCB at every point of a 101-point grid on every line of Z_t (up to DIRECT's accuracy, stated on the
    raw output scale: y is not standardised here)."""
    objective = objectives.get("trimodal")
    opt = small(objective.bounds, d=1, N0=2, rng=5, fit_hyperparameters=False, acq_optimizer="direct",
                acq_budget=400, beta="constant", beta_value=2.0, normalize_y=False)
    low, high = objective.bounds[1]
    gaps = []
    for _ in range(10):
        x = opt.ask()
        if opt.model is not None:
            acq = Acquisition(opt.model, "ucb", beta=2.0)
            lines = opt.from_unit(np.column_stack([opt.Z[:, 0], np.zeros(len(opt.Z))]))[:, 0]
            grid = np.array([[u, v] for u in lines for v in np.linspace(low, high, 101)])
            gaps.append(float(acq(x)[0] - acq(grid).max()))
        opt.tell(x, float(objective(x)))
    assert len(gaps) == 5 and min(gaps) > -1e-3


def test_d0_picks_x_t_among_Z_t_with_beta_d0():
    """d = 0: subspaces are points, so x_t = φ(z) for some z in Z_t, it maximises the UCB over all of Z_t
    (one evaluation per point), and β_t is bounds.ms_ucb.beta_t_d0."""
    opt = quick(BOX5, d=0, N0=4, alpha=1, rng=1, n_init=3, acq_budget=None)
    for _ in range(8):
        x = opt.ask()
        if opt.model is not None:
            t = opt.n_observations + 1
            beta = ms_ucb_bounds.beta_t_d0(t=t, delta=0.1)
            assert opt._pending["beta"] == pytest.approx(beta, rel=1e-12)
            points = opt.from_unit(opt.Z)
            values = Acquisition(opt.model, "ucb", beta=beta)(points)
            record = opt._pending["records"]
            np.testing.assert_array_equal(x, points[record["z_index"]])
            assert values[record["z_index"]] == values.max()
            assert opt._pending["acq_evaluations"] == len(points) == record["Z_size"]
        opt.tell(x, sphere(x))


def test_beta_schedules_are_the_bounds_formulas():
    """β_t is bounds.ms_ucb.beta_t (theory) or beta_value (constant), times beta_scale; the retired
    beta="scaled" is a clear error that says what to write instead."""
    for t in (1, 2, 30, 500):
        theory = ms_ucb_bounds.beta_t(t=t, d=2, D=5, a=1.5, b=2.0, delta=0.05)
        assert MSUCB(BOX5, d=2, a=1.5, b=2.0, delta=0.05).beta_t(t) == pytest.approx(theory, rel=1e-12)
        scaled = MSUCB(BOX5, d=2, a=1.5, b=2.0, delta=0.05, beta_scale=0.3).beta_t(t)
        assert scaled == pytest.approx(0.3 * theory, rel=1e-12)
        assert MSUCB(BOX5, d=2, beta="constant", beta_value=2.5).beta_t(t) == 2.5
        assert MSUCB(BOX5, d=0, delta=0.05).beta_t(t) == ms_ucb_bounds.beta_t_d0(t=t, delta=0.05)
    with pytest.raises(ValueError, match=r"beta='scaled' is no longer offered; write beta='theory'"):
        MSUCB(BOX5, d=2, beta="scaled")


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"d": -1}, "d"),
        ({"d": 6}, "d"),
        ({"alpha": -0.5}, "alpha"),
        ({"N0": 0}, "N0"),
        ({"delta": 0.0}, "delta"),
        ({"delta": 1.0}, "delta"),
        ({"a": 0.5}, "a"),
        ({"b": 0.0}, "b"),
        ({"beta": "ucb"}, "beta"),
        ({"beta_scale": 0.0}, "beta_scale"),
        ({"beta_value": -1.0}, "beta_value"),
        ({"rounding": "floor"}, "rounding"),
        ({"rounding": "none", "alpha": 0.5}, "rounding"),
        ({"active": "middle"}, "active"),
        ({"subspace_budget": 0}, "subspace_budget"),
        ({"acq_budget": 0}, "acq_budget"),
    ],
)
def test_invalid_parameters_name_themselves(kwargs, name):
    """Out-of-domain parameters raise ValueError whose message starts with the parameter's name."""
    with pytest.raises(ValueError, match=rf"^{name}="):
        MSUCB(BOX5, rng=0, **kwargs)


def test_non_positive_theoretical_beta_is_a_clear_error():
    """With a tiny Assumption-1 constant b, [TranThe2020-ext]'s β_t (reading A) is negative at small t
    (bounds/ERRATA.md): ask() raises a ValueError naming β_t and pointing at the erratum, instead of taking
    sqrt of a negative."""
    opt = MSUCB([[0.0, 1.0], [0.0, 1.0]], d=1, b=1e-4, delta=0.5, rng=0, n_init=1, acq_budget=50)
    opt.tell(opt.ask(), 0.0)
    with pytest.raises(ValueError, match=r"^beta_t\(2\)=-.*ERRATA"):
        opt.ask()


def test_first_coordinates_split_starts_and_local_beta_time():
    """active="first" frees coordinates 0..d-1; starts="split" divides the iteration's n_starts among the
    subspaces (so the evaluations of an iteration do not grow with |Z_t| as they do per subspace);
    beta_time="local" evaluates β_t at Alg. 1's iteration t - n_init, "global" at the loop's t."""
    opt = quick(BOX5, d=2, rng=0, active="first")
    assert opt.active.tolist() == [0, 1] and opt.inactive.tolist() == [2, 3, 4]
    kw = dict(d=2, N0=3, rng=1, n_init=4, fit_hyperparameters=False, acq_optimizer="lbfgsb")
    split = MSUCB(BOX5, starts="split", n_starts=3, **kw)
    per = MSUCB(BOX5, starts="per_subspace", n_starts=3, **kw)
    assert split._starts_per_subspace(6).tolist() == [1, 1, 1, 1, 1, 1]
    assert split._starts_per_subspace(2).tolist() == [2, 1]
    for opt in (split, per):
        opt.run(sphere, 7, progress=False)
    evaluations_split = [e for e, init in zip(split.trace().acq_evaluations, split.trace().is_initial,
                                              strict=True) if not init]
    evaluations_per = [e for e, init in zip(per.trace().acq_evaluations, per.trace().is_initial,
                                            strict=True) if not init]
    assert sum(evaluations_split) < sum(evaluations_per)
    local = MSUCB(BOX5, d=2, rng=0, n_init=4, beta_time="local")
    glob = MSUCB(BOX5, d=2, rng=0, n_init=4, beta_time="global")
    assert local.beta_t(7) == pytest.approx(ms_ucb_bounds.beta_t(t=3, d=2, D=5, a=1.0, b=1.0, delta=0.1))
    assert glob.beta_t(7) == pytest.approx(ms_ucb_bounds.beta_t(t=7, d=2, D=5, a=1.0, b=1.0, delta=0.1))
    with pytest.raises(ValueError, match="starts"):
        MSUCB(BOX5, starts="all")
    with pytest.raises(ValueError, match="beta_time"):
        MSUCB(BOX5, beta_time="later")


@pytest.mark.parametrize("setting", [
    dict(N0=4, alpha=0.5),                           # |Z_t| grows, default starts per subspace
    dict(N0=3, starts="split", n_starts=7),          # the iteration's starts split among the subspaces
    dict(N0=6, acq_budget=150),                      # a total budget shared by the subspaces
])
def test_subspaces_in_lockstep_are_the_subspaces_one_after_another(setting):
    """With L-BFGS-B the starts of all searched subspaces run together (batch_subspaces, the default): the
    same starts, caps and runs per subspace as one subspace after another, so the same proposals (to the
    round-off of evaluating a batch), the same subspace chosen and the same evaluations per iteration."""
    traces = []
    for batched in (True, False):
        opt = MSUCB(BOX5, d=2, rng=3, n_init=4, fit_hyperparameters=False, acq_optimizer="lbfgsb", **setting)
        opt.batch_subspaces = batched
        opt.run(sphere, 9, progress=False)
        traces.append(opt.trace())
    a, b = traces
    np.testing.assert_allclose(a.x, b.x, rtol=0, atol=1e-7)
    np.testing.assert_array_equal(a.acq_evaluations, b.acq_evaluations)
    assert [r.get("z_index") for r in a.records] == [r.get("z_index") for r in b.records]


def test_max_subspaces_caps_the_subspaces_searched_and_changes_nothing_below_the_cap():
    """α = 1 on a 4-D quadratic, 6 iterations (|Z_t| = 1, 3, 6, 10, 15, 21): with max_subspaces = 5 each
    iteration searches min(|Z_t|, 5) subspaces (recorded as n_subspaces) while Z_t still grows as Alg. 1
    says; with max_subspaces = 21 (never binding) the trace is bit-identical to the uncapped run."""
    def objective(x):
        return -float(np.sum((np.asarray(x) - 0.3) ** 2))

    bounds = [[-1.0, 1.0]] * 4

    def run(cap):
        opt = MSUCB(bounds, d=1, alpha=1.0, rng=5, n_init=3, n_restarts=0, n_cyc=3, subspace_budget=20,
                    max_subspaces=cap)
        for _ in range(9):
            x = opt.ask()
            opt.tell(x, objective(x))
        return opt

    capped, uncapped, wide = run(5), run(None), run(21)
    records = capped.trace().records[3:]
    assert [r["Z_size"] for r in records] == [1, 3, 6, 10, 15, 21]
    assert [r["n_subspaces"] for r in records] == [1, 3, 5, 5, 5, 5]
    assert [r["n_subspaces"] for r in uncapped.trace().records[3:]] == [1, 3, 6, 10, 15, 21]
    np.testing.assert_array_equal(wide.trace().x, uncapped.trace().x)
    with pytest.raises(ValueError, match="max_subspaces"):
        MSUCB(bounds, d=1, max_subspaces=0)
