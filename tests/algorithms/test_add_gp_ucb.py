"""Add-GP-UCB ([Kandasamy2015], [Kandasamy2015, Alg. 1 and Alg. 2]) on the shared loop."""

import math

import numpy as np
import pytest
from scipy import stats

from regretlab import objectives
from regretlab.algorithms.add_gp_ucb import AddGPUCB
from regretlab.algorithms.gp_ucb import GPUCB
from regretlab.bounds import add_gp_ucb as add_bounds

#: A 4-D box with unequal sides, so sub-boxes and embeddings are exercised.
BOX4 = np.array([[-1.0, 2.0], [0.0, 1.0], [3.0, 5.0], [-2.0, -1.0]])
#: The true decomposition of `pair_additive` (deliberately not [[0, 1], [2, 3]]).
TRUE_GROUPS = [[0, 2], [1, 3]]


def pair_additive(x):
    """f(x) = 2 sin(2π a b) + 2 cos(2π c e) on [0,1]^4 with (a, b) = (x0, x2), (c, e) = (x1, x3): additive
    over TRUE_GROUPS, with a strong interaction inside each group (no other pairing can represent it)."""
    x = np.asarray(x, dtype=float)
    return 2.0 * math.sin(2 * math.pi * x[0] * x[2]) + 2.0 * math.cos(2 * math.pi * x[1] * x[3])


def box4_function(x):
    """A smooth function on BOX4 (used where only the mechanics matter)."""
    u = (np.asarray(x) - BOX4[:, 0]) / (BOX4[:, 1] - BOX4[:, 0])
    return -float(np.sum((u - 0.3) ** 2)) + 0.5 * math.sin(3 * u[0] * u[2])


def small(bounds, **kw):
    kw.setdefault("n_init", 5)
    kw.setdefault("acq_budget", 200)
    kw.setdefault("n_restarts", 0)
    return AddGPUCB(bounds, **kw)


def test_beats_random_search_on_camelback(assert_beats_random_search):
    """Add-GP-UCB with groups [[0], [1]] (Alg. 1, Thm 5 beta_t, [Kandasamy2015, §5]'s N_init = 10) has a
    smaller simple regret after 30 evaluations on the 2-D six-hump camel than random search (one-sided
    Mann-Whitney over 10 fixed seeds, p < 0.05)."""
    objective = objectives.get("camelback")

    def make(bounds, rng):
        return small(bounds, groups=[[0], [1]], rng=rng, n_init=10, beta="thm5", normalize_y=True)

    ours, rand, p = assert_beats_random_search(make, objective, 30)
    assert np.median(ours) < np.median(rand)


@pytest.mark.parametrize("decomposition", [{"groups": [[0, 1]]}, {"d": 2}])
def test_one_group_is_gp_ucb(decomposition):
    """With one group holding every coordinate (known, Alg. 1; or learned with d = D, Alg. 2, which
    [Kandasamy2015, §4.4] says "is the original GP-UCB") Add-GP-UCB makes exactly GP-UCB's queries: the Traces
    agree bit for bit in x, y, f, beta, acquisition evaluations and the refit records, for the same seed,
    kernel, β, DIRECT budget (budget_fraction=1) and several refits (n_cyc=4) with rank-one appends in
    between."""
    objective = objectives.get("camelback")
    for seed in (0, 7):
        common = dict(rng=seed, n_init=5, n_cyc=4, acq_budget=150, n_restarts=1, normalize_y=True,
                      beta="constant", beta_value=3.0)
        ref = GPUCB(objective.bounds, **common).run(objective, 16, progress=False)
        add = AddGPUCB(objective.bounds, budget_fraction=1.0, **decomposition, **common).run(
            objective, 16, progress=False
        )
        assert add.identical(ref, ignore=("seconds", "algorithm", "params", "records"))
        assert ["refit" in r for r in add.records] == ["refit" in r for r in ref.records]
        for ra, rb in zip(add.records, ref.records, strict=True):
            if "refit" in rb:
                assert ra["refit"]["log_marginal_likelihood"] == rb["refit"]["log_marginal_likelihood"]
                assert np.array_equal(ra["refit"]["theta"], rb["refit"]["theta"])
        proposed = [r for r, init in zip(add.records, add.is_initial, strict=True) if not init]
        assert all(r["decomposition"] == [[0, 1]] for r in proposed)


class CountingAddGPUCB(AddGPUCB):
    """Counts, outside the algorithm, every acquisition point evaluated by each group maximisation."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.calls = []  # (points evaluated, budget passed, sub-box) per maximisation

    def maximize_acquisition(self, acquisition, bounds=None, *, budget=None):
        seen = {"points": 0}
        box = np.asarray(bounds, dtype=float)

        def counted(Z):
            Z = np.atleast_2d(Z)
            seen["points"] += Z.shape[0]
            assert np.all(Z >= box[:, 0]) and np.all(Z <= box[:, 1])
            return acquisition(Z)

        result = super().maximize_acquisition(counted, bounds=bounds, budget=budget)
        self.calls.append((seen["points"], budget, box.copy()))
        return result


def test_group_budgets_and_domain():
    """Each group's DIRECT search (counted independently of the algorithm's own bookkeeping) evaluates at most
    floor(0.9 acq_budget / M) points ([Kandasamy2015, §5]), on exactly that group's sub-box; the records
    report the same counts; x_t is assembled in the (non-unit) box; and the default budget is
    bounds.add_gp_ucb.budgets' 180 per group for D = 10, M = 5."""
    groups = [[0, 2], [3], [1]]
    opt = CountingAddGPUCB(BOX4, groups=groups, rng=4, n_init=4, acq_budget=100, n_restarts=0)
    trace = opt.run(box4_function, 12, progress=False)
    per_group = math.floor(0.9 * 100 / 3)
    assert opt.group_budget == per_group == 30
    assert len(opt.calls) == 3 * 8
    for k, (points, budget, box) in enumerate(opt.calls):
        assert budget == per_group and 1 <= points <= per_group
        assert np.array_equal(box, BOX4[groups[k % 3]])
    counts = [c[0] for c in opt.calls]
    proposed = [r for r, init in zip(trace.records, trace.is_initial, strict=True) if not init]
    assert [n for r in proposed for n in r["group_evaluations"]] == counts
    totals = [sum(r["group_evaluations"]) for r in proposed]
    assert np.array_equal(trace.acq_evaluations[~trace.is_initial], totals)
    assert np.all(trace.x >= BOX4[:, 0]) and np.all(trace.x <= BOX4[:, 1])
    default = AddGPUCB(np.tile([0.0, 1.0], (10, 1)), groups=[[2 * i, 2 * i + 1] for i in range(5)], rng=0)
    assert default.group_budget == add_bounds.budgets(D=10, M=5).add_per_group == 180


def test_acquisition_is_eq6_sum_of_group_ucbs():
    """The group posteriors are
    [Kandasamy2015, Eq. (5) (they equal GP.predict_components, scaled to observation units)], the constant
    mean plus the group means is the full posterior mean, and the recorded acquisition value at x_t is Eq.
    (6): mu(x_t) + sqrt(beta_t) * sum_j sigma^(j)(x_t^(j))."""
    opt = small(BOX4, groups=[[0, 2], [1, 3]], rng=2, normalize_y=True, acq_budget=120)
    for _ in range(8):
        x = opt.ask()
        opt.tell(x, box4_function(x))
    beta = opt.beta_t(opt.n_observations + 1)
    x = opt.ask()
    X = np.vstack([x, opt.rng.uniform(BOX4[:, 0], BOX4[:, 1], size=(5, 4))])
    reference = opt.model.predict_components(X)
    acqs = opt.group_acquisitions(beta)
    means = []
    for j, acq in enumerate(acqs):
        mean, var = acq.acquisition.posterior.predict(X)  # the component posterior the group UCB reads
        constant = opt.model.shift + opt.model.scale * opt.gp.mean if j == 0 else 0.0
        np.testing.assert_allclose(mean, reference[j][0] + constant, rtol=1e-10, atol=1e-10)
        np.testing.assert_allclose(var, reference[j][1], rtol=1e-10, atol=1e-12)
        means.append(mean)
    np.testing.assert_allclose(np.sum(means, axis=0), opt.model.predict(X)[0], rtol=1e-10, atol=1e-10)
    sigma_sum = sum(np.sqrt(acq.acquisition.posterior.predict(x[None, :])[1][0]) for acq in acqs)
    eq6 = opt.model.predict(x[None, :])[0][0] + math.sqrt(beta) * sigma_sum
    assert opt._pending["records"]["acquisition_value"] == pytest.approx(eq6, rel=1e-10)


def test_same_seed_same_trace_and_save_load(tmp_path):
    """The learned-decomposition variant (random decompositions drawn from rng) gives an identical Trace for
    the same seed (records included), a different one for another seed, and its Trace saves and loads."""
    def run(seed):
        opt = small(np.tile([0.0, 1.0], (4, 1)), d=2, rng=seed, n_init=6, n_cyc=3, acq_budget=80)
        return opt.run(pair_additive, 10, progress=False)

    a, b, c = run(5), run(5), run(6)
    assert a.identical(b)
    assert not a.identical(c)
    searches = [r["decomposition_search"] for r in a.records if "decomposition_search" in r]
    assert len(searches) == 2 and all(len(s["candidates"]) == 4 for s in searches)  # refits at t = 6, 9
    a.save(tmp_path / "run")
    assert type(a).load(tmp_path / "run").identical(a)


def test_learned_decomposition_recovers_true_groups():
    """On f = g(x0, x2) + h(x1, x3) with strong within-pair interactions, the decomposition chosen by marginal
    likelihood over D = 4 random pairings ([Kandasamy2015, §4.4]) after 20 uniform points is the true one in
    at least 7 of 10 seeds; a random choice among the 3 pairings succeeds with probability 1/3, and P(Bin(10,
    1/3) >= 7) is 0.02. The chosen candidate is the one with the largest log marginal likelihood."""
    hits = 0
    for seed in range(10):
        opt = AddGPUCB(np.tile([0.0, 1.0], (4, 1)), d=2, rng=seed, n_init=20, n_restarts=0)
        trace = opt.run(pair_additive, 20, progress=False)
        search = trace.records[-1]["decomposition_search"]
        assert search["chosen"] == int(np.argmax(search["log_marginal_likelihoods"]))
        assert opt.groups == search["candidates"][search["chosen"]]
        hits += opt.groups == TRUE_GROUPS
    assert hits >= 7
    assert stats.binomtest(hits, 10, 1 / 3, alternative="greater").pvalue < 0.05


@pytest.mark.parametrize(
    ("schedule", "expected"),
    [
        ("practical", lambda t: add_bounds.beta_t_practical(t=t, d=2)),
        ("thm5", lambda t: add_bounds.beta_t_thm5(t=t, M=3, d=2, D=4, delta=0.05)),
        ("constant", lambda t: 3.0),
    ],
)
def test_beta_schedule_is_the_bounds_formula_times_scale(schedule, expected):
    """β_t is the regretlab.bounds function with d = the largest group and M = the number of groups (the
    tested formula is the one that runs), times beta_scale."""
    opt = AddGPUCB(BOX4, groups=[[0, 2], [3], [1]], rng=0, beta=schedule, beta_scale=0.5, beta_value=3.0,
                   delta=0.05)
    for t in (1, 2, 17, 400):
        assert opt.beta_t(t) == pytest.approx(0.5 * float(expected(t)), rel=1e-12)


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"groups": [[0, 1], [1, 2, 3]]}, "groups"),
        ({"groups": [[0, 1], [-1]]}, "groups"),
        ({"groups": []}, "groups"),
        ({"groups": [[0, 1], [2, 4]]}, "groups"),
        ({"groups": [[0, 1], [2, 3]], "d": 2}, "groups"),
        ({}, "d"),
        ({"d": 0}, "d"),
        ({"d": 5}, "d"),
        ({"d": 2, "M": 1}, "M"),
        ({"d": 2, "M": 5}, "M"),
        ({"d": 2, "n_decompositions": 0}, "n_decompositions"),
        ({"d": 2, "beta": "thm6"}, "beta"),
        ({"d": 2, "beta_scale": 0.0}, "beta_scale"),
        ({"d": 2, "beta_value": -1.0}, "beta_value"),
        ({"d": 2, "delta": 1.0}, "delta"),
        ({"d": 2, "delta": 0.0}, "delta"),
        ({"d": 2, "budget_fraction": 0.0}, "budget_fraction"),
        ({"d": 2, "budget_fraction": 1.5}, "budget_fraction"),
        ({"d": 2, "acq_optimizer": "newton"}, "acq_optimizer"),
        ({"d": 2, "n_cyc": 0}, "n_cyc"),
        ({"d": 2, "n_init": 0}, "n_init"),
        ({"d": 2, "candidate_start": "cold"}, "candidate_start"),
    ],
)
def test_invalid_parameters_name_themselves(kwargs, name):
    """Out-of-domain parameters raise ValueError naming the parameter."""
    with pytest.raises(ValueError, match=rf"^{name}"):
        AddGPUCB(np.tile([0.0, 1.0], (4, 1)), rng=0, **kwargs)



def test_tied_hyperparameters_are_one_scale_and_one_bandwidth_for_all_groups():
    """tied=True ([Kandasamy2015, §5]): after every refit all groups carry the same lengthscale and
    variance (a learned decomposition too), and the fit names the shared hyperparameters."""
    for kwargs in ({"groups": [[0, 1], [2, 3]]}, {"d": 2}):
        opt = small(BOX4, rng=2, n_init=6, n_cyc=3, tied=True, **kwargs)
        trace = opt.run(box4_function, 12, progress=False)
        thetas = [k.theta for k in opt.kernel.kernels]
        assert all(np.array_equal(thetas[0], theta) for theta in thetas[1:]), kwargs
        assert opt.last_fit.kernel.kernels[0].theta.tolist() == thetas[0].tolist()
        assert trace.params["tied"] is True


def test_the_warm_up_bandwidth_holds_for_the_first_iterations_then_the_fit_takes_over():
    """[Kandasamy2015, §5]: lengthscale 1e-5 in every group for the first 25 BO iterations (no fit), then
    ML-II: with n_init = 4 and n_cyc = 5 the refits at 4, 9, ..., 24 observations keep 1e-5 and the refit
    at 29 = n_init + 25 does not."""
    opt = small(BOX4, groups=[[0, 1], [2, 3]], rng=0, n_init=4, n_cyc=5, warmup_bandwidth=1e-5)
    trace = opt.run(box4_function, 30, progress=False)
    refits = {t + 1: r["refit"] for t, r in enumerate(trace.records) if "refit" in r}
    assert sorted(refits) == [4, 9, 14, 19, 24, 29]
    for t, refit in refits.items():
        lengthscales = np.exp(np.asarray(refit["theta"])[0::2])
        if t < 29:
            np.testing.assert_allclose(lengthscales, 1e-5)
        else:
            assert np.all(lengthscales > 1e-3)
    with pytest.raises(ValueError, match="warmup_bandwidth"):
        AddGPUCB(BOX4, d=2, warmup_bandwidth=0.0)


def test_the_authors_code_budget_and_per_group_beta():
    """The authors' code: each group gets ⌈min(5000, 100 D)/M⌉ DIRECT evaluations (not 90 % of it) and each
    group's UCB uses 0.2 d_j log 2t with its own size d_j (here groups of 3, 3 and 2 of D = 8)."""
    box = np.tile([0.0, 1.0], (8, 1))
    groups = [[0, 1, 2], [3, 4, 5], [6, 7]]
    paper = AddGPUCB(box, groups=groups, rng=0)
    code = AddGPUCB(box, groups=groups, rng=0, group_budget_rule="code", group_beta="per_group")
    assert (paper.group_budget, code.group_budget) == (240, 267)  # floor(0.9·800/3), ceil(800/3)
    beta = code.beta_t(20)
    assert beta == pytest.approx(add_bounds.beta_t_practical(t=20, d=3))
    np.testing.assert_allclose(code.group_betas(beta), [add_bounds.beta_t_practical(t=20, d=d_j)
                                                        for d_j in (3, 3, 2)])
    assert paper.group_betas(beta) == [beta] * 3
    with pytest.raises(ValueError, match="group_beta"):
        AddGPUCB(box, groups=groups, beta="thm5", group_beta="per_group")
    with pytest.raises(ValueError, match="group_budget_rule"):
        AddGPUCB(box, groups=groups, group_budget_rule="matlab")


def test_a_known_decomposition_may_leave_coordinates_out():
    """[Kandasamy2015, §5.1]: the true decomposition of (D, d', M') = (10, 3, 3) leaves one coordinate out.
    Add-* takes it: the left-out coordinate is not modelled and is queried at the box centre; RPP (whose
    D x D projection needs every coordinate) still refuses it."""
    from regretlab import objectives
    from regretlab.algorithms.rpp_gp_ucb import RPPGPUCB

    f = objectives.get("additive_trimodal_code", dim=10)
    groups = [list(g) for g in f.groups]
    opt = AddGPUCB(f.bounds, groups=groups, rng=0, n_init=5, acq_budget=200, n_restarts=0)
    trace = opt.run(f, 8, progress=False)
    left_out = int(f.dummies[0])
    np.testing.assert_array_equal(trace.x[5:, left_out], 0.0)  # the centre of [-1, 1]
    assert opt.kernel.groups == tuple(tuple(g) for g in groups)
    with pytest.raises(ValueError, match="partition"):
        RPPGPUCB(f.bounds, groups=groups)


@pytest.mark.parametrize(("D", "d", "sizes"), [(10, 3, [3, 3, 3, 1]), (24, 7, [7, 7, 7, 3]),
                                               (40, 18, [18, 18, 4])])
def test_code_setup_sizes_groups_as_the_authors_getDecompForParams(D, d, sizes):
    """Kandasamy2015/Add-d/M-code learns decompositions sized as utils/getDecompForParams.m makes them
    (ceil(D/d) groups: d coordinates each, the remainder last); the paper setup keeps near-equal groups
    (never above d). Checked on the candidates of the first decomposition search of a short run."""
    from regretlab.algorithms import setups
    from regretlab.algorithms.groups import group_sizes

    M = -(-D // d)
    code = setups.get("Kandasamy2015/Add-d/M-code", [[0.0, 1.0]] * D, rng=0, d=d, M=M, n_init=3)
    paper = setups.get("Kandasamy2015/Add-d/M", [[0.0, 1.0]] * D, rng=0, d=d, M=M, n_init=3)
    rng = np.random.default_rng(1)
    for opt, expected in ((code, sizes), (paper, group_sizes(D, M, d))):
        for _ in range(4):
            x = opt.ask()
            opt.tell(x, float(-np.sum((np.asarray(x) - 0.3) ** 2) + 0.01 * rng.normal()))
        assert sorted(map(len, opt.groups), reverse=True) == expected
        assert max(expected) <= d and sum(expected) == D
    with pytest.raises(ValueError, match=r"group_sizes='code' with d=3, M=5 at D=10"):
        setups.get("Kandasamy2015/Add-d/M-code", [[0.0, 1.0]] * 10, rng=0, d=3, M=5)


@pytest.mark.parametrize("start", ["prior", "warm"])
def test_candidate_decompositions_start_from_the_prior_or_warm_from_the_last_fit(start, monkeypatch):
    """candidate_start: every ML-II of a candidate decomposition is intercepted. 'prior' (the default): every
    refit fits its n_decompositions random candidates from the prior θ with the loop's restarts. 'warm'
    (RPP-GP-UCB's rule): the first refit is the prior's (no fit yet); at later ones the current groups are the
    first candidate and every candidate starts from the last fit's θ with no restarts — the chosen one is
    still the candidate of largest likelihood."""
    opt = small(BOX4, d=2, rng=5, n_init=6, n_cyc=3, n_restarts=2, n_decompositions=3, tied=True,
                candidate_start=start)
    calls = []
    fit = type(opt)._ml2

    def spy(self, kernel, X, y_n, **options):
        calls.append((self.n_observations, [list(g) for g in kernel.groups], kernel.theta.copy(), options))
        return fit(self, kernel, X, y_n, **options)

    monkeypatch.setattr(type(opt), "_ml2", spy)
    trace = opt.run(box4_function, 15, progress=False)
    searches = [(t, r["decomposition_search"]) for t, r in enumerate(trace.records, 1)
                if "decomposition_search" in r]
    assert len(searches) >= 3
    groups_before = None
    for t, search in searches:
        assert search["chosen"] == int(np.argmax(search["log_marginal_likelihoods"]))
        fits = [c for c in calls if c[0] == t][: len(search["candidates"])]
        assert [f[1] for f in fits] == search["candidates"]
        warm = start == "warm" and groups_before is not None
        assert len(search["candidates"]) == 3 + warm
        if warm:
            assert search["candidates"][0] == groups_before
        for _n_obs, groups, theta, options in fits:
            assert (options == {"n_restarts": 0}) == warm
            if not warm:
                np.testing.assert_array_equal(theta, opt.make_kernel(groups).theta)
        if warm:   # the current groups start from the last fit's θ, not their prior
            assert not np.array_equal(fits[0][2], opt.make_kernel(fits[0][1]).theta)
        groups_before = [list(g) for g in search["candidates"][search["chosen"]]]
