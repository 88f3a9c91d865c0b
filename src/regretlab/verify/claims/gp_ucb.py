r"""GP-UCB [Srinivas2010, Thm 1] as the papers quote it: the control claims a sound engine must find holding.

Setting (the catalogue's "GP sample-path test", exact on a finite set): :math:`\mathcal X` a regular grid of
:data:`N_POINTS` points in [0, 1], :math:`f\sim\mathcal{GP}(0,k)` drawn exactly there (Cholesky),
:math:`k` squared exponential with variance 1 (so :math:`k(x,x)\le1`, Thm 1's hypothesis) and lengthscale
:data:`LENGTHSCALE`, noise variance :data:`NOISE_VARIANCE`, GP-UCB on the grid with the finite-domain
:math:`\beta_t=2\log(|\mathcal X|t^2\pi^2/(6\delta))`. Not from the papers: the grid, lengthscale and noise
are chosen so that the posterior moves within the profile's horizon; the noise variance is above 1, the side
on which the two printed constants :math:`C_1` can disagree about a violation (reading B's is the smaller
there; below 1 it is the larger).
"""

from __future__ import annotations

import functools

import numpy as np

from regretlab.bounds.gp_ucb import C1, beta_t_finite, cumulative_regret_bound, lcb, ucb
from regretlab.gp import SquaredExponential
from regretlab.gp.sample_paths import FiniteSamplePath

from ..evidence import finite_gp_ucb, gamma_bracket, gamma_bracket_far, grid_gp_ucb, horizon_grid
from ..registry import Context, claim
from ..verdict import Tally, ladder_violations, rate_verdict, regret_rate_verdict, trial_ratios

N_POINTS = 100
LENGTHSCALE = 0.1
NOISE_VARIANCE = 2.0
KERNEL = SquaredExponential(lengthscale=LENGTHSCALE, variance=1.0)
GRID = np.linspace(0.0, 1.0, N_POINTS)[:, None]

SETTING = {
    "domain": f"{N_POINTS}-point grid of [0, 1]", "kernel": repr(KERNEL), "noise_variance": NOISE_VARIANCE,
    "path": "exact joint draw on the grid (regretlab.gp.sample_paths.FiniteSamplePath.draw)",
    "algorithm": "GP-UCB on the grid, argmax of the UCB over the grid "
                 "(regretlab.verify.evidence.finite_gp_ucb)",
}


def _paths(profile) -> int:
    return 5 * profile.paths  # a run on a 100-point grid takes milliseconds: five times the profile's paths


@functools.lru_cache(maxsize=4)
def _runs(seed: int, paths: int, horizon: int, delta: float):
    """GP-UCB runs on exact sample paths, shared by the two control claims (same paths, same noise)."""
    ctx = Context("shared", None, seed)
    out = []
    for rng in ctx.generators(paths, "gp_ucb finite grid", shared=True):
        path = FiniteSamplePath.draw(KERNEL, GRID, rng=rng)
        run = finite_gp_ucb(KERNEL, GRID, path.values, noise_variance=NOISE_VARIANCE, T=horizon, rng=rng,
                            beta=lambda t: beta_t_finite(t=t, n_points=N_POINTS, delta=delta))
        out.append((path, run))
    return out


@claim(
    "GP.ucb:confidence",
    reference="[Srinivas2010, Lemma 5.1]",
    event="with probability at least 1 - δ, for every t <= T and every x of the finite domain, "
          "f(x) lies between the LCB and the UCB of the posterior after t - 1 observations",
    latex=r"\Pr\big[\forall t\le T,\forall x\in\mathcal X:\ |f(x)-\mu_{t-1}(x)|\le\beta_t^{1/2}"
          r"\sigma_{t-1}(x)\big]\ge1-\delta,\quad \beta_t=2\log\frac{|\mathcal X|t^2\pi^2}{6\delta}",
    bounds=(ucb, lcb, beta_t_finite),
    readings=("A", "B"),
    evidence="exact GP sample paths on a 100-point grid; GP-UCB runs on them; every grid point at every t "
             "(the worst position of each path is its most violated point)",
    group="gp_ucb finite grid",
)
def gp_ucb_confidence(ctx: Context):
    p = ctx.profile
    runs = _runs(ctx.seed, _paths(p), p.horizon, p.delta)
    verdicts = []
    for reading in ("A", "B"):
        tally, ratios = Tally(), []
        for i, (path, run) in enumerate(ctx.bar(runs, what=f"reading {reading}")):
            upper = ucb(mu=run.mean[:-1], sigma=run.sd[:-1], beta=run.beta[:, None], reading=reading)
            lower = lcb(mu=run.mean[:-1], sigma=run.sd[:-1], beta=run.beta[:, None], reading=reading)
            outside = (path.values > upper) | (path.values < lower)
            # the band made k times too narrow is left where |f - mu| > half-width / k
            ratios.append(band_ratio(path.values, run.mean[:-1], upper))
            if tally.record(outside.any()):
                t, j = np.argwhere(outside)[0]
                tally.counterexample = {
                    "path": i, "t": int(t) + 1, "x": float(GRID[j, 0]), "f": float(path.values[j]),
                    "lcb": float(lower[t, j]), "ucb": float(upper[t, j]), "replay": ctx.replay()}
        verdict = rate_verdict(ctx.claim_id, reading, violations=tally.violations, trials=tally.trials,
                               delta=p.delta, counterexample=tally.counterexample,
                               setting={**SETTING, "T": p.horizon})
        verdict.ladder = ladder_violations(ratios)
        verdicts.append(verdict)
    return verdicts


def band_ratio(f, mean, upper) -> float:
    """The smallest half-width / |f - mean| over every t and x (``upper`` = mean + half-width): the factor
    by which the band must be made narrower for f to leave it somewhere (+inf where f equals the mean)."""
    f, mean = np.asarray(f, dtype=float), np.asarray(mean, dtype=float)
    half_width = np.asarray(upper, dtype=float) - mean
    deviation = np.abs(np.broadcast_to(f, half_width.shape) - mean)
    return float(trial_ratios(half_width.reshape(1, -1), deviation.reshape(1, -1))[0])


@claim(
    "SRINIVAS.C1:regret",
    reference="[Srinivas2010, Thm 1]",
    event="with probability at least 1 - δ, R_T <= sqrt(C1 T β_T γ_T) for every T <= horizon",
    latex=r"\Pr\big[\forall T:\ R_T\le\sqrt{C_1T\beta_T\gamma_T}\big]\ge1-\delta",
    bounds=(cumulative_regret_bound, C1, beta_t_finite),
    readings=("A", "B"),
    kind="regret",
    evidence="the GP-UCB runs of GP.ucb:confidence; f* exact on the grid; γ_T bracketed on the grid by the "
             "greedy information gain and greedy / (1 - 1/e)",
    group="gp_ucb finite grid",
)
def gp_ucb_regret(ctx: Context):
    p = ctx.profile
    runs = _runs(ctx.seed, _paths(p), p.horizon, p.delta)
    return _regret_verdicts(ctx, [(path.values, run.f) for path, run in runs], KERNEL(GRID, GRID),
                            horizon=p.horizon, noise_variance=NOISE_VARIANCE, setting=SETTING)


def _regret_verdicts(ctx: Context, runs, gram, *, horizon: int, noise_variance: float, setting: dict):
    """[Srinivas2010, Thm 1]'s bound against the cumulative regrets of ``runs`` ((path values on the grid,
    f at the queries) pairs) for every T <= ``horizon``, per C1 reading: a definite violation exceeds the
    bound with γ_T's upper bracket, a possible one its lower; the ceiling T (f* - min f) of each path is the
    power audit's."""
    p = ctx.profile
    T = np.arange(1, horizon + 1)
    n_points = gram.shape[0]
    sigma = np.sqrt(noise_variance)
    gamma_low, gamma_high = gamma_bracket(gram, horizon, sigma)
    beta_T = beta_t_finite(t=T, n_points=n_points, delta=p.delta)
    regret = np.array([np.cumsum(values.max() - f) for values, f in runs])
    # what the worst query rule reaches: T (f* - min f), exact on the grid (the power audit's ceiling)
    ceiling = np.array([T * (values.max() - values.min()) for values, _ in runs])
    # beyond the checked T: the same bound with γ_T bracketed far out (no runs needed: the ceiling is linear)
    far = horizon_grid(horizon)
    far_low, far_high = gamma_bracket_far(gram, far, sigma)
    far_beta = beta_t_finite(t=far, n_points=n_points, delta=p.delta)
    far_ceiling = np.array([far * (values.max() - values.min()) for values, _ in runs])
    verdicts = []
    for reading in ("A", "B"):
        strict = cumulative_regret_bound(T=T, beta_T=beta_T, gamma_T=gamma_low, sigma=sigma, reading=reading)
        lenient = cumulative_regret_bound(T=T, beta_T=beta_T, gamma_T=gamma_high, sigma=sigma,
                                          reading=reading)
        verdict = bounded_regret_verdict(
            ctx, reading, (regret, regret), (strict, lenient), ceiling,
            setting={**setting, "T": horizon, "C1": float(C1(sigma=sigma, reading=reading)),
                     "gamma_T": f"in [{gamma_low[-1]:.4g}, {gamma_high[-1]:.4g}] at T = {horizon} (greedy)"})
        verdict.series["beyond"] = {
            "T": far, "ceiling": far_ceiling,
            "low": cumulative_regret_bound(T=far, beta_T=far_beta, gamma_T=far_low, sigma=sigma,
                                           reading=reading),
            "high": cumulative_regret_bound(T=far, beta_T=far_beta, gamma_T=far_high, sigma=sigma,
                                            reading=reading)}
        verdicts.append(verdict)
    return verdicts


#: [Srinivas2010, Thm 1] on the control grid where it bites (issue 79.2): followed beyond the profile's T,
#: reading B could first fail from T = 189-449 and reading A from 1126-2154 (quick profile, 300 paths; on
#: 60 paths reading A from 1906-3424: fewer paths need a larger share open), the two ends of γ_T's bracket,
#: so runs of T = 4000 give both readings room to fail. Rank-one updates
#: (regretlab.verify.evidence.grid_gp_ucb): about 0.4 s a path.
BITES_T = 4000


@functools.lru_cache(maxsize=2)
def _bites_runs(seed: int, paths: int, delta: float):
    """GP-UCB runs of T = BITES_T on exact sample paths of the control grid: (path values, f at queries)."""
    gram = KERNEL(GRID, GRID)
    out = []
    for rng in Context("shared", None, seed).generators(paths, "gp_ucb where thm 1 bites", shared=True):
        path = FiniteSamplePath.draw(KERNEL, GRID, rng=rng)
        run = grid_gp_ucb(gram, path.values, noise_variance=NOISE_VARIANCE, T=BITES_T, rng=rng,
                          beta=lambda t: beta_t_finite(t=t, n_points=N_POINTS, delta=delta))
        out.append((np.asarray(path.values), run.f))
    return out


@claim(
    "SRINIVAS.C1:regret_T4000", cost=22,
    reference="[Srinivas2010, Thm 1]",
    event=f"with probability at least 1 - δ, R_T <= sqrt(C1 T β_T γ_T) for every T <= {BITES_T}",
    latex=r"\Pr\big[\forall T\le4000:\ R_T\le\sqrt{C_1T\beta_T\gamma_T}\big]\ge1-\delta",
    bounds=(cumulative_regret_bound, C1, beta_t_finite),
    readings=("A", "B"),
    kind="regret",
    evidence=f"GP-UCB runs of T = {BITES_T} on exact sample paths of the control claims' {N_POINTS}-point "
             f"grid (σ² = {NOISE_VARIANCE:g}), where the bound bites; f* exact on the grid; γ_T bracketed on "
             "the grid by the greedy information gain and greedy / (1 - 1/e)",
    group="gp_ucb where thm 1 bites",
)
def gp_ucb_regret_bites(ctx: Context):
    p = ctx.profile
    return _regret_verdicts(ctx, _bites_runs(ctx.seed, p.paths, p.delta), KERNEL(GRID, GRID),
                            horizon=BITES_T, noise_variance=NOISE_VARIANCE,
                            setting={**SETTING, "T_max": BITES_T})


def bounded_regret_verdict(ctx: Context, reading: str, regret, bound, ceiling, *, setting: dict):
    """:func:`regretlab.verify.verdict.regret_rate_verdict` for a registered claim: its id, the profile's δ
    and its replay command."""
    return regret_rate_verdict(ctx.claim_id, reading, regret, bound, ceiling, delta=ctx.profile.delta,
                               replay=ctx.replay(), setting=setting)


# ---- the long horizon: Thm 1 where its bound is below what a query rule can reach ------------------------
#: Not from the papers; chosen so that [Srinivas2010, Thm 1]'s bound is not vacuous: on this grid, at
#: T = 1000, sqrt(C1 T β_T γ_T) / T is about 2.7 (reading A, γ_T from the greedy bracket's upper end),
#: below the range f* - min f of most paths (about 2-5), so a rule that queried the worst point would break
#: it there (measured, quick profile: open on 35 of 60 paths; at T = 500, 13 of 60, too few for the check to
#: be able to fail; T = 2000 opens 53 of 60 at twice the cost). At the control claims' 100-point grid,
#: σ² = 2 and T <= 40, the bound is above every query rule (vacuous).
LONG_POINTS, LONG_LENGTHSCALE, LONG_NOISE_VARIANCE, LONG_T = 1000, 0.1, 0.01, 1000
LONG_KERNEL = SquaredExponential(lengthscale=LONG_LENGTHSCALE, variance=1.0)
LONG_GRID = np.linspace(0.0, 1.0, LONG_POINTS)[:, None]
LONG_SETTING = {
    "domain": f"{LONG_POINTS}-point grid of [0, 1]", "kernel": repr(LONG_KERNEL),
    "noise_variance": LONG_NOISE_VARIANCE, "T_max": LONG_T,
    "path": "exact joint draw on the grid (regretlab.gp.sample_paths.FiniteSamplePath.draw)",
    "algorithm": "GP-UCB on the grid, argmax of the UCB over the grid, posterior by rank-one updates "
                 "(regretlab.verify.evidence.grid_gp_ucb)",
}


@functools.lru_cache(maxsize=2)
def _long_runs(seed: int, paths: int, delta: float):
    """GP-UCB runs of T = 1000 on exact sample paths of the 1000-point grid, with the first violation of
    the confidence event (each UCB reading) found during the run: (path, run, first violation by reading)."""
    ctx = Context("shared", None, seed)
    gram = LONG_KERNEL(LONG_GRID, LONG_GRID)
    out = []
    for rng in ctx.generators(paths, "gp_ucb long horizon", shared=True):
        path = FiniteSamplePath.draw(LONG_KERNEL, LONG_GRID, rng=rng)
        first: dict = {"A": None, "B": None}
        ratio = {"A": np.inf, "B": np.inf}   # each reading's band_ratio over the whole run

        def observe(t, mean, sd, beta, path=path, first=first, ratio=ratio):
            for reading in ("A", "B"):
                upper = ucb(mu=mean, sigma=sd, beta=beta, reading=reading)
                ratio[reading] = min(ratio[reading], band_ratio(path.values, mean, upper))
                if first[reading] is not None:
                    continue
                lower = lcb(mu=mean, sigma=sd, beta=beta, reading=reading)
                outside = np.flatnonzero((path.values > upper) | (path.values < lower))
                if outside.size:
                    j = int(outside[0])
                    first[reading] = {"t": t, "x": float(LONG_GRID[j, 0]), "f": float(path.values[j]),
                                      "lcb": float(lower[j]), "ucb": float(upper[j])}

        run = grid_gp_ucb(gram, path.values, noise_variance=LONG_NOISE_VARIANCE, T=LONG_T, rng=rng,
                          beta=lambda t: beta_t_finite(t=t, n_points=LONG_POINTS, delta=delta),
                          observe=observe)
        out.append((path, run, first, ratio))
    return out


@claim(
    "GP.ucb:confidence_T1000", cost=21,
    reference="[Srinivas2010, Lemma 5.1]",
    event="with probability at least 1 - δ, for every t <= 1000 and every x of the finite domain, f(x) lies "
          "between the LCB and the UCB of the posterior after t - 1 observations",
    latex=r"\Pr\big[\forall t\le1000,\forall x\in\mathcal X:\ |f(x)-\mu_{t-1}(x)|\le\beta_t^{1/2}"
          r"\sigma_{t-1}(x)\big]\ge1-\delta,\quad \beta_t=2\log\frac{|\mathcal X|t^2\pi^2}{6\delta}",
    bounds=(ucb, lcb, beta_t_finite),
    readings=("A", "B"),
    evidence="exact GP sample paths on a 1000-point grid, σ² = 0.01; GP-UCB runs of T = 1000 on them; every "
             "grid point at every t <= 1000",
    group="gp_ucb long horizon",
)
def gp_ucb_confidence_long(ctx: Context):
    p = ctx.profile
    runs = _long_runs(ctx.seed, p.paths, p.delta)
    verdicts = []
    for reading in ("A", "B"):
        tally = Tally()
        for i, (_, _, first, _) in enumerate(runs):
            if tally.record(first[reading] is not None):
                tally.counterexample = {"path": i, **first[reading], "replay": ctx.replay()}
        verdict = rate_verdict(ctx.claim_id, reading, violations=tally.violations, trials=tally.trials,
                               delta=p.delta, counterexample=tally.counterexample,
                               setting={**LONG_SETTING, "T": LONG_T})
        verdict.ladder = ladder_violations([ratio[reading] for *_, ratio in runs])
        verdicts.append(verdict)
    return verdicts


@claim(
    "SRINIVAS.C1:regret_T1000",
    reference="[Srinivas2010, Thm 1]",
    event="with probability at least 1 - δ, R_T <= sqrt(C1 T β_T γ_T) for every T <= 1000",
    latex=r"\Pr\big[\forall T\le1000:\ R_T\le\sqrt{C_1T\beta_T\gamma_T}\big]\ge1-\delta",
    bounds=(cumulative_regret_bound, C1, beta_t_finite),
    readings=("A", "B"),
    kind="regret",
    evidence="the GP-UCB runs of GP.ucb:confidence_T1000; f* exact on the grid; γ_T bracketed on the grid by "
             "the greedy information gain and greedy / (1 - 1/e); the bound's ratio to T (f* - min f), what "
             "the worst query rule reaches, is reported per path (power audit)",
    group="gp_ucb long horizon",
)
def gp_ucb_regret_long(ctx: Context):
    p = ctx.profile
    runs = _long_runs(ctx.seed, p.paths, p.delta)
    return _regret_verdicts(ctx, [(path.values, run.f) for path, run, *_ in runs],
                            LONG_KERNEL(LONG_GRID, LONG_GRID), horizon=LONG_T,
                            noise_variance=LONG_NOISE_VARIANCE, setting=LONG_SETTING)
