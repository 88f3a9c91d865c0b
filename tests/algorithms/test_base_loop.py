"""Tests of regretlab.algorithms.base: the ask/tell loop, initial design, refit schedule, budgets, Trace."""

import math
import warnings

import numpy as np
import pytest
from scipy import stats

from regretlab.algorithms.acquisition import Acquisition
from regretlab.algorithms.base import BayesianOptimizer, LoopDefaults, Proposal
from regretlab.algorithms.baselines import RandomSearch
from regretlab.algorithms.trace import Trace
from regretlab.gp import GP


class CountingPosterior:
    """Wraps a posterior and counts predicted rows independently of the code under test."""

    def __init__(self, posterior):
        self.posterior, self.rows = posterior, 0

    def predict(self, X, return_grad=False):
        self.rows += np.atleast_2d(X).shape[0]
        return self.posterior.predict(X, return_grad=return_grad)


class ToyUCB(BayesianOptimizer):
    """Minimal GP-UCB used to exercise the shared loop (the papers' algorithms live in other modules)."""

    name = "ToyUCB"
    defaults = LoopDefaults(n_init=4, n_cyc=3)

    def __init__(self, bounds, **kw):
        super().__init__(bounds, **kw)
        self.counted = []

    def beta_t(self, t):
        return 2.0 * math.log(t * t)

    def _propose(self, t, beta):
        post = CountingPosterior(self.model)
        result = self.maximize_acquisition(Acquisition(post, "ucb", beta=beta))
        self.counted.append(post.rows)
        return Proposal(result.x, result.n_evaluations, {"t": t, "box": self.domain.copy()})


def quadratic(x):
    """A plain callable objective (no evaluate, no optimum)."""
    return -float(np.sum((np.asarray(x) - 0.3) ** 2))


@pytest.fixture(scope="module")
def hartmann3():
    objectives = pytest.importorskip("regretlab.objectives")
    return objectives.get("hartmann3")


def small(bounds, **kw):
    kw.setdefault("acq_budget", 60)
    kw.setdefault("n_restarts", 0)
    return ToyUCB(bounds, **kw)


# ---- domain and budgets ------------------------------------------------------------------------------------
@pytest.mark.parametrize("acq_optimizer", ["direct", "lbfgsb", "random"])
@pytest.mark.parametrize("init_design", ["random", "lhs"])
def test_every_query_is_in_the_domain_and_budgets_hold(hartmann3, acq_optimizer, init_design):
    """All queries lie in the box; acquisition evaluations (counted independently) never exceed acq_budget."""
    opt = small(hartmann3.bounds, rng=5, acq_optimizer=acq_optimizer, init_design=init_design)
    trace = opt.run(hartmann3, 10, progress=False)
    assert trace.x.shape == (10, 3)
    assert np.all(trace.x >= hartmann3.bounds[:, 0]) and np.all(trace.x <= hartmann3.bounds[:, 1])
    bo = ~trace.is_initial
    assert np.all(trace.acq_evaluations[bo] <= 60) and np.all(trace.acq_evaluations[bo] >= 1)
    np.testing.assert_array_equal(trace.acq_evaluations[bo], opt.counted)
    assert np.all(trace.acq_evaluations[~bo] == 0)


def test_queries_in_an_asymmetric_box_with_plain_callable():
    """With a plain callable on a shifted, non-square box every query stays inside; f and regret are NaN."""
    bounds = np.array([[-5.0, -4.0], [100.0, 300.0]])
    trace = small(bounds, rng=1).run(lambda x: -float(np.sum(x)), 8, progress=False)
    assert np.all(trace.x >= bounds[:, 0]) and np.all(trace.x <= bounds[:, 1])
    assert np.all(np.isnan(trace.f)) and np.all(np.isnan(trace.simple_regret))
    assert math.isnan(trace.optimum_value)


# ---- reproducibility ---------------------------------------------------------------------------------------
def test_same_seed_gives_identical_trace(hartmann3):
    """Two runs with the same int seed give identical traces (all fields but wall-clock seconds)."""
    a = small(hartmann3.bounds, rng=11, acq_optimizer="lbfgsb").run(hartmann3, 9, progress=False)
    b = small(hartmann3.bounds, rng=11, acq_optimizer="lbfgsb").run(hartmann3, 9, progress=False)
    assert a.identical(b)
    c = small(hartmann3.bounds, rng=12, acq_optimizer="lbfgsb").run(hartmann3, 9, progress=False)
    assert not np.array_equal(a.x, c.x)


def test_rng_none_records_a_seed_that_reproduces_the_run():
    """With rng=None a seed is drawn and recorded; re-running with that seed reproduces the trace."""
    first = small([[0.0, 1.0]] * 2, rng=None)
    trace = first.run(quadratic, 6, progress=False)
    assert isinstance(trace.seed, int)
    again = small([[0.0, 1.0]] * 2, rng=trace.seed).run(quadratic, 6, progress=False)
    assert trace.identical(again)
    assert small([[0.0, 1.0]], rng=np.random.default_rng(0)).seed is None


def test_manual_ask_tell_equals_run():
    """An explicit ask/evaluate/tell loop produces the same queries as run()."""
    ran = small([[0.0, 1.0]] * 2, rng=3).run(quadratic, 7, progress=False)
    manual = small([[0.0, 1.0]] * 2, rng=3)
    for _ in range(7):
        x = manual.ask()
        manual.tell(x, quadratic(x))
    np.testing.assert_array_equal(manual.trace().x, ran.x)
    np.testing.assert_array_equal(manual.trace().acq_evaluations, ran.acq_evaluations)


# ---- initial design and model updates ----------------------------------------------------------------------
def test_lhs_initial_design_is_a_latin_hypercube():
    """With init_design='lhs' the n_init points fill each of the n_init strata of every axis exactly once."""
    bounds = np.array([[-1.0, 1.0], [2.0, 6.0], [0.0, 0.5]])
    opt = small(bounds, rng=4, n_init=7, init_design="lhs")
    X = np.array([opt.ask() for _ in range(7)])
    strata = np.floor((X - bounds[:, 0]) / (bounds[:, 1] - bounds[:, 0]) * 7).astype(int)
    for j in range(3):
        assert sorted(strata[:, j]) == list(range(7))


def test_refit_schedule_and_rank_one_appends(hartmann3):
    """Refits at t = n_init and every n_cyc after; the appended posterior equals a fresh fit on all data."""
    opt = small(hartmann3.bounds, rng=2, n_init=4, n_cyc=3, normalize_y=True)
    trace = opt.run(hartmann3, 12, progress=False)
    refit_at = [i + 1 for i, r in enumerate(trace.records) if "refit" in r]
    assert refit_at == [4, 7, 10] and opt.n_refits == 3
    assert trace.is_initial.tolist() == [True] * 4 + [False] * 8
    assert opt.gp.n_obs == 12
    fresh = GP(opt.kernel, noise_variance=opt.noise_variance, mean=opt.gp.mean)
    fresh.fit(opt.X, (opt.y - opt._y_shift) / opt._y_scale)
    Xq = np.random.default_rng(0).uniform(size=(5, 3))
    for a, b in zip(opt.gp.predict(Xq), fresh.predict(Xq), strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-8, atol=1e-10)


def test_normalize_y_posterior_is_in_observation_units():
    """With normalize_y the posterior mean at observed points is close to y, even with a large offset."""
    def shifted(x):
        return 1000.0 + 5.0 * math.sin(6.0 * x[0])

    opt = small([[0.0, 1.0]], rng=0, n_init=6, normalize_y=True, noise_variance=1e-6, fit_noise=False)
    opt.run(shifted, 8, progress=False)
    mean, var = opt.model.predict(opt.X)
    np.testing.assert_allclose(mean, opt.y, atol=0.05)
    assert np.all(var >= 0)


def test_fixed_hyperparameters_are_never_refitted():
    """fit_hyperparameters=False keeps the given kernel and only appends after the first build."""
    gp_mod = pytest.importorskip("regretlab.gp")
    kernel = gp_mod.SquaredExponential(lengthscale=0.3)
    opt = small([[0.0, 1.0]] * 2, rng=0, kernel=kernel, fit_hyperparameters=False, n_cyc=2, n_init=3)
    trace = opt.run(quadratic, 9, progress=False)
    assert opt.n_refits == 1 and opt.kernel is kernel and opt.gp.n_obs == 9
    assert all("refit" not in r for r in trace.records)


# ---- run() bookkeeping -------------------------------------------------------------------------------------
def test_trace_contents_with_a_known_objective(hartmann3):
    """f(x_t) is the noiseless value, beta_t the subclass's schedule, regrets consistent, records kept."""
    opt = small(hartmann3.bounds, rng=8)
    trace = opt.run(hartmann3, 8, progress=False)
    np.testing.assert_allclose(trace.f, [hartmann3.evaluate(x) for x in trace.x], rtol=1e-12)
    assert trace.optimum_value == hartmann3.optimum_value and trace.objective == "hartmann3"
    assert np.all(np.isnan(trace.beta[:4]))
    np.testing.assert_allclose(trace.beta[4:], [2.0 * math.log(t * t) for t in range(5, 9)])
    assert np.all(trace.simple_regret >= -1e-9) and np.all(np.diff(trace.simple_regret) <= 0)
    assert trace.record("t")[4:] == [5, 6, 7, 8]
    assert np.all(trace.seconds > 0) and trace.algorithm == "ToyUCB" and trace.params["n_cyc"] == 3


def test_run_continues_and_trace_round_trips(tmp_path):
    """A second run() call continues the history; the resulting trace saves and loads identically."""
    opt = small([[0.0, 1.0]] * 2, rng=6)
    opt.run(quadratic, 5, progress=False)
    trace = opt.run(quadratic, 3, progress=False)
    assert trace.n_iter == 8
    trace.save(tmp_path / "run")
    assert Trace.load(tmp_path / "run").identical(trace, ignore=())


def test_callback_sees_each_iteration_and_can_stop():
    """The callback is called once per iteration with the history row; returning True stops the run."""
    seen = []

    def callback(optimizer, entry):
        seen.append(entry["y"])
        return len(seen) == 5

    trace = small([[0.0, 1.0]], rng=0).run(quadratic, 20, callback=callback, progress=False)
    assert trace.n_iter == 5 and seen == trace.y.tolist()


def test_progress_bar_runs(capsys):
    """progress=True shows a tqdm bar (on stderr) without changing the result."""
    a = RandomSearch([[0.0, 1.0]], rng=0).run(quadratic, 3, progress=True)
    b = RandomSearch([[0.0, 1.0]], rng=0).run(quadratic, 3, progress=False)
    assert a.identical(b)
    out = capsys.readouterr()
    assert "RAND" in out.err or "RandomSearch" in out.err or "%" in out.err


def test_progress_default_is_silent_off_a_terminal(capsys):
    """progress=None (the default) draws no bar when stderr is not a terminal (pytest captures it), so logs
    and notebooks run off a terminal stay clean; a non-bool progress is refused by name."""
    RandomSearch([[0.0, 1.0]], rng=0).run(quadratic, 3)
    assert capsys.readouterr().err == ""
    with pytest.raises(ValueError, match="progress"):
        RandomSearch([[0.0, 1.0]], rng=0).run(quadratic, 3, progress="yes")


# ---- validation --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "kw, name",
    [
        ({"n_cyc": 0}, "n_cyc"),
        ({"n_init": 0}, "n_init"),
        ({"init_design": "sobol"}, "init_design"),
        ({"acq_optimizer": "cmaes"}, "acq_optimizer"),
        ({"acq_budget": 0}, "acq_budget"),
        ({"noise_variance": 0.0}, "noise_variance"),
        ({"rng": -1}, "rng"),
        ({"rng": "seed"}, "rng"),
        ({"normalize_y": "yes"}, "normalize_y"),
        ({"gp_mean": 1e308}, r"gp_mean=1e\+308 is outside its domain"),   # not at the first fit as 'mean'
    ],
)
def test_invalid_parameters_raise_naming_them(kw, name):
    """Invalid constructor parameters raise ValueError naming the parameter."""
    with pytest.raises(ValueError, match=name):
        ToyUCB([[0.0, 1.0]], **kw)


@pytest.mark.parametrize("bounds", [[[1.0, 0.0]], [0.0, 1.0], [[0.0, np.inf]]])
def test_invalid_bounds_raise(bounds):
    """Bounds that are not a finite (D, 2) box with lower < upper raise ValueError naming bounds."""
    with pytest.raises(ValueError, match="bounds"):
        ToyUCB(bounds)


@pytest.mark.parametrize(
    "x, y, name",
    [
        (np.zeros(3), 1.0, "x"),
        (np.zeros((1, 2)), 1.0, "x"),
        (np.array([0.5, np.nan]), 1.0, "x"),
        (np.array([0.5, 1.5]), 1.0, "x"),
        (np.array([0.5, 0.5]), np.nan, "y"),
        (np.array([0.5, 0.5]), np.inf, "y"),
        (np.array([0.5, 0.5]), [1.0, 2.0], "y"),
        (np.array([0.5, 0.5]), "a", "y"),
    ],
)
def test_tell_rejects_bad_observations(x, y, name):
    """tell() validates x (shape (D,), finite, in the box) and y (one finite number), naming the parameter."""
    opt = ToyUCB([[0.0, 1.0]] * 2, rng=0)
    with pytest.raises(ValueError, match=name):
        opt.tell(x, y)
    assert opt.n_observations == 0


def test_run_rejects_bad_arguments():
    """run() validates n_iter, the objective's dimension, the objective's output and the callback."""
    opt = ToyUCB([[0.0, 1.0]] * 2, rng=0)
    with pytest.raises(ValueError, match="n_iter"):
        opt.run(quadratic, 0, progress=False)
    with pytest.raises(ValueError, match="objective"):
        opt.run(lambda x: float("nan"), 1, progress=False)

    class WrongDim:
        bounds = np.array([[0.0, 1.0]] * 3)

        def __call__(self, x):
            return 0.0

    with pytest.raises(ValueError, match="objective"):
        opt.run(WrongDim(), 1, progress=False)
    with pytest.raises(ValueError, match="callback"):
        opt.run(quadratic, 1, callback=3, progress=False)


# ---- RandomSearch ------------------------------------------------------------------------------------------
def test_random_search_is_uniform_and_reproducible():
    """RandomSearch queries are uniform in the box (KS test), model-free (beta NaN, 0 evaluations), seeded."""
    bounds = np.array([[-2.0, 3.0], [10.0, 11.0]])
    trace = RandomSearch(bounds, rng=9).run(quadratic, 400, progress=False)
    for j in range(2):
        u = (trace.x[:, j] - bounds[j, 0]) / (bounds[j, 1] - bounds[j, 0])
        assert stats.kstest(u, "uniform").pvalue > 1e-3
    assert np.all(np.isnan(trace.beta)) and np.all(trace.acq_evaluations == 0)
    assert not np.any(trace.is_initial)
    assert trace.identical(RandomSearch(bounds, rng=9).run(quadratic, 400, progress=False))


def test_module_doctests():
    """The Examples in the base and trace modules run."""
    import doctest

    from regretlab.algorithms import base, trace

    for module in (base, trace):
        assert doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE).failed == 0


def test_a_run_that_stays_in_the_initial_design_is_warned_about():
    """n_iter <= n_init takes no acquisition step: the run says so (InitialDesignOnlyWarning) instead of
    silently returning the initial design; one step beyond it is not warned about."""
    from regretlab.algorithms.priors import InitialDesignOnlyWarning

    with pytest.warns(InitialDesignOnlyWarning, match="n_init=4"):
        trace = ToyUCB([[0.0, 1.0]], rng=0).run(lambda x: -float(x[0] ** 2), 4, progress=False)
    assert all(trace.is_initial)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error", InitialDesignOnlyWarning)
        ToyUCB([[0.0, 1.0]], rng=0).run(lambda x: -float(x[0] ** 2), 5, progress=False)


def test_the_fit_is_scale_free_and_a_fit_on_a_bound_is_recorded_and_warned_once():
    """Standardised y (the default) gives the same queries for f and 1e6·f + 3; a kernel whose lengthscale
    whose signal variance may not exceed 1 % of the (unit) variance of the standardised data ends on that
    bound, which is recorded in every refit and warned about once per run."""
    from regretlab.algorithms.priors import FitAtBoundWarning
    from regretlab.gp import SquaredExponential

    def f(x):
        return float(np.sin(3 * x[0]) + np.cos(2 * x[1]))

    a = ToyUCB([[0.0, 1.0]] * 2, rng=3, n_cyc=1).run(f, 9, progress=False)
    b = ToyUCB([[0.0, 1.0]] * 2, rng=3, n_cyc=1).run(lambda x: 1e6 * f(x) + 3.0, 9, progress=False)
    np.testing.assert_allclose(a.x, b.x, rtol=1e-6, atol=1e-9)
    tight = SquaredExponential(0.5, 1e-3, variance_bounds=(1e-4, 1e-2))
    with pytest.warns(FitAtBoundWarning) as caught:
        trace = ToyUCB([[0.0, 1.0]] * 2, rng=3, n_cyc=1, kernel=tight).run(f, 9, progress=False)
    assert len([w for w in caught if issubclass(w.category, FitAtBoundWarning)]) == 1
    refits = [r["refit"] for r in trace.records if "refit" in r]
    assert refits and all("variance=high" in r["at_bounds"] for r in refits)


def test_jitter_on_a_near_singular_gp_is_warned_once_and_recorded():
    """The same x told three times with different y and a noise variance of 1e-300: the Cholesky needs a
    jitter (1e-12 times the mean diagonal); the loop warns once (JitterWarning) and records 'jitter' in every
    step's records while it is in use."""
    import warnings

    from regretlab.algorithms import JitterWarning
    from regretlab.algorithms.gp_ucb import GPUCB

    opt = GPUCB([[0.0, 1.0]], rng=0, n_init=2, noise_variance=1e-300, fit_hyperparameters=False, n_restarts=0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for x, y in ((0.5, 1.0), (0.5, 2.0), (0.5, 1.5), (0.2, 0.0)):
            opt.tell(np.array([x]), y)
    assert [type(w.message) for w in caught] == [JitterWarning]
    assert "needed a jitter of 1e-12" in str(caught[0].message)
    assert [r.get("jitter") for r in opt.trace().records] == [None, 1e-12, 1e-12, 1e-12]


@pytest.mark.parametrize("scale", [1e-200, 1e-300, 1e100])
def test_the_fit_does_not_depend_on_the_output_scale(scale):
    """With normalize_y (the default), the first refit of GP-UCB on ``scale * f`` fits the same θ and σ² as
    on f (rtol 1e-8): the standardisation's standard deviation is computed scale-safely (np.std of values
    near 1e-200 squares them to 0, and the fit then ended on its variance bound), and no fit-at-bound
    warning is given. The maximiser's tolerances are absolute, so later queries may still differ."""
    from regretlab import objectives
    from regretlab.algorithms.gp_ucb import GPUCB
    from regretlab.algorithms.priors import FitAtBoundWarning

    f = objectives.get("hartmann3")
    fits = []
    for s in (1.0, scale):
        opt = GPUCB(f.bounds, rng=0, n_init=10)
        with warnings.catch_warnings():
            warnings.simplefilter("error", FitAtBoundWarning)
            trace = opt.run(lambda x, s=s: s * f(x), 11, progress=False)
        fits.append(next(r["refit"] for r in trace.records if "refit" in r))
    np.testing.assert_allclose(fits[1]["theta"], fits[0]["theta"], rtol=1e-8)
    np.testing.assert_allclose(fits[1]["noise_variance"], fits[0]["noise_variance"], rtol=1e-8)


def test_an_unrepresentable_output_variance_is_warned_about_once():
    """normalize_y=False at ×1e-200: the variance of the observations underflows, the variance bounds
    cannot follow it, and one OutputScaleWarning says so and what to do."""
    from regretlab import objectives
    from regretlab.algorithms.gp_ucb import GPUCB
    from regretlab.algorithms.priors import OutputScaleWarning

    f = objectives.get("hartmann3")
    opt = GPUCB(f.bounds, rng=0, n_init=10, n_cyc=2, normalize_y=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        opt.run(lambda x: 1e-200 * f(x), 14, progress=False)
    scale_warnings = [w for w in caught if issubclass(w.category, OutputScaleWarning)]
    assert len(scale_warnings) == 1 and "normalize_y=True" in str(scale_warnings[0].message)


def test_bound_inputs_are_the_gps_and_the_declared_constants():
    """bound_inputs(): None before two observations; then the GP's inputs, kernel and noise variance, the y
    scale, and exactly the numeric BOUND_CONSTANTS the optimiser has (beta_scale is not one: it is
    recorded once, in the run's params)."""
    from regretlab.algorithms import GPUCB
    from regretlab.algorithms.base import BoundInputs

    opt = GPUCB([[0.0, 1.0], [0.0, 1.0]], rng=0, n_init=2, acq_budget=30, n_restarts=0, beta_scale=0.5)
    assert opt.bound_inputs() is None
    opt.run(lambda x: -float(np.sum((x - 0.3) ** 2)), 4, progress=False)
    bound = opt.bound_inputs()
    assert isinstance(bound, BoundInputs)
    np.testing.assert_array_equal(bound.X, opt.X)
    assert bound.kernel is opt.gp.kernel and bound.noise_variance == float(opt.gp.noise_variance)
    assert bound.y_scale == float(opt._y_scale)
    numeric = {n for n in opt.BOUND_CONSTANTS
               if isinstance(getattr(opt, n, None), int | float) and not isinstance(getattr(opt, n), bool)}
    assert set(bound.constants) == numeric and numeric
    assert "beta_scale" not in bound.constants and bound.constants["dim"] == 2.0
