r"""The best case of printed Algorithm 1: the regret MS-UCB cannot go below, whatever its model does.

[TranThe2020, Alg. 1] queries only points of the subspaces
:math:`\mathcal S(\mathbf A,\mathbf z)=\{\mathbf A\mathbf y+\mathbf B\mathbf z:\mathbf y\in[-1,1]^d\}`,
:math:`\mathbf z\in Z_t`, after ``n_init`` uniform initial points; :math:`Z_t` holds
:math:`|Z_t|=\sum_{j\le t}N_0j^\alpha` uniform anchors ([TranThe2020, §"Proposed Algorithm"]). So after
:math:`T` evaluations (:math:`t=T-n_{init}` iterations) its simple regret is at least

.. math::

    S_T^{\min}=f^*-\max\Big(\max_{i\le n_{init}}f(\mathbf x_i),\ \max_{\mathbf z\in Z_t}
    \max_{\mathbf y\in[-1,1]^d}f(\mathbf A\mathbf y+\mathbf B\mathbf z)\Big),

the regret of an oracle that knows, on every subspace it is given, where the best point is. Its law depends
only on the objective, :math:`d`, ``n_init`` and :math:`|Z_t|`: :func:`ms_ucb_floor` estimates it from a pool
of ``pool`` uniform anchors (each subspace's maximum found by L-BFGS-B from uniform starts and from the
maximiser's own free coordinates, which is the subspace's maximiser for a separable objective, as Ackley,
Levy and the axis-parallel Hyper-Ellipsoid are along their coordinates) and of ``pool`` uniform points: the
maximum of :math:`|Z_t|` anchors and ``n_init`` points drawn from the pools has the distribution
:math:`F_g(v)^{|Z_t|}F_f(v)^{n_{init}}` with :math:`F_g, F_f` the pools' empirical distribution functions.
Where MS-UCB's runs sit on this floor, no better model or acquisition optimiser would have helped:
the regret is set by the algorithm's subspaces, not by its search in them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from regretlab._rng import as_generator, stream
from regretlab._validate import check_array, check_count, check_integer
from regretlab.algorithms import setups
from regretlab.algorithms.maximize import lbfgsb_from_starts
from regretlab.bounds.ms_ucb.algorithm import zt_size
from regretlab.experiments import registry
from regretlab.experiments.spec import parse_method, stored_method
from regretlab.experiments.statistics import REGRET_FLOOR

from .roles import is_ms_ucb

__all__ = ["Floor", "ms_ucb_floor", "subspace_maxima", "spec_floors", "item_floors", "POOL", "EmbeddingFloor",
           "embedding_floor"]

#: Anchors (and uniform points) in the pools of :func:`ms_ucb_floor`: well above the |Z_t| = 280 of
#: [TranThe2020]'s (N0, α) = (1, 0) at T = 300 (not stated by anyone; chosen so that the maximum of 280
#: draws is read from more than the pool's top few values).
POOL = 2000
#: Step of the central differences that give L-BFGS-B its gradient, as a share of a side of the box.
_STEP = 1e-6


@dataclass(frozen=True)
class Floor:
    r"""The law of :math:`\log_{10}S_T^{\min}` on one problem: its mean and a central 95 % range."""
    problem: str
    method: str
    d: int
    n_init: int
    n_anchors: int
    mean: float
    low: float
    high: float
    #: The mean after each evaluation t = 1, ..., T (evaluation t's floor bounds S_t and the regret of the
    #: point sampled at t alike: that point lies in a subspace of Z_t).
    curve: tuple[float, ...] = ()


def _central_differences(values_of, Y: np.ndarray, step: np.ndarray, low: np.ndarray, high: np.ndarray):
    """f at the rows of ``Y`` (shape (q, d)) and its central-difference gradient, steps ``step`` clipped to
    the box [low, high]: one batched call ``values_of(rows (q (2d + 1), d)) -> (q (2d + 1),)`` (written by
    hand: scipy's ``approx_fprime`` differentiates one point per call, and the lockstep driver asks for
    hundreds of points a round)."""
    q, d = Y.shape
    rows = np.repeat(Y, 2 * d + 1, axis=0).reshape(q, 2 * d + 1, d)
    for j in range(d):
        rows[:, 1 + 2 * j, j] += step[j]
        rows[:, 2 + 2 * j, j] -= step[j]
    rows = np.clip(rows, low, high)
    values = np.asarray(values_of(rows.reshape(-1, d)), dtype=float).reshape(q, 2 * d + 1)
    width = rows[:, 1::2, :].diagonal(axis1=1, axis2=2) - rows[:, 2::2, :].diagonal(axis1=1, axis2=2)
    return values[:, 0], (values[:, 1::2] - values[:, 2::2]) / width


def subspace_maxima(objective, anchors: np.ndarray, free: np.ndarray, *, rng, n_starts: int = 2,
                    max_evaluations: int = 60) -> np.ndarray:
    r""":math:`\max_{\mathbf y}f` on the subspace of each row of ``anchors`` (points of the box whose
    ``free`` coordinates are searched): the best of L-BFGS-B from ``n_starts`` uniform starts (central
    differences, ``max_evaluations`` each) and of the objective's maximiser's own free coordinates."""
    gen = as_generator(rng)
    anchors = check_array("anchors", anchors, ndim=2)
    free = np.asarray(free)
    if anchors.shape[1] != objective.dim:
        raise ValueError(f"anchors has shape {anchors.shape}; expected (n, {objective.dim})")
    if free.ndim != 1 or free.dtype.kind not in "iu" or np.unique(free).size != free.size or (
            free.size and (free.min() < 0 or free.max() >= objective.dim)):
        raise ValueError(f"free={free.tolist()} is outside its domain: distinct coordinate indices in "
                         f"[0, {objective.dim})")
    n_starts = check_count("n_starts", n_starts, low=1)
    max_evaluations = check_count("max_evaluations", max_evaluations, low=1)
    n, d = anchors.shape[0], free.size
    lower, upper = objective.bounds[free, 0], objective.bounds[free, 1]
    best = np.full(n, -np.inf)
    optimizers = np.atleast_2d(objective.optimizers) if objective.optimum_known else np.empty((0, 0))
    for x_star in optimizers:
        X = anchors.copy()
        X[:, free] = x_star[free]
        best = np.maximum(best, np.asarray(objective(X), dtype=float))
    if d == 0:
        return np.maximum(best, np.asarray(objective(anchors), dtype=float))
    starts = gen.uniform(lower, upper, size=(n * n_starts, d))
    owner = np.repeat(np.arange(n), n_starts)
    step = _STEP * (upper - lower)

    def evaluate(index, Y):   # row i of Y: the free block of start index[i]'s anchor
        def values_of(rows):
            X = np.repeat(anchors[owner[index]], 2 * d + 1, axis=0)
            X[:, free] = rows
            return objective(X)

        return _central_differences(values_of, Y, step, lower, upper)

    _, values, _ = lbfgsb_from_starts(evaluate, starts, lower, upper, max_evaluations=max_evaluations)
    found = np.full(n, -np.inf)
    np.maximum.at(found, owner, values)
    return np.maximum(best, found)


def _max_law(pools: list[tuple[np.ndarray, int]]) -> tuple[np.ndarray, np.ndarray]:
    """Support and probabilities of the maximum of ``count`` draws (with replacement) from each pool."""
    support = np.unique(np.concatenate([p for p, _ in pools]))
    cdf = np.ones(support.size)
    for pool, count in pools:
        cdf *= (np.searchsorted(np.sort(pool), support, side="right") / pool.size) ** count
    return support, np.diff(cdf, prepend=0.0)


def _log_law(optimum: float, pools) -> tuple[float, float, float]:
    r"""Mean and central 95 % range of :math:`\log_{10}(f^*-\max)` for the maximum of :func:`_max_law`."""
    support, prob = _max_law(pools)
    logs = np.log10(np.maximum(optimum - support, REGRET_FLOOR))
    order = np.argsort(logs)
    cumulative = np.cumsum(prob[order])
    low, high = (float(logs[order][min(np.searchsorted(cumulative, q), logs.size - 1)])
                 for q in (0.025, 0.975))
    return float(np.sum(prob * logs)), low, high


def ms_ucb_floor(objective, *, d: int, n_init: int, anchors_after, free=None, rng=None, pool: int = POOL,
                 problem: str = "", method: str = "") -> Floor:
    r"""The law of :math:`\log_{10}S_t^{\min}` (module docstring) on ``objective`` (its optimum known) with
    the ``d`` free coordinates ``free`` (default: the last d, [TranThe2020, Lemma 1]), ``n_init`` initial
    points, and ``anchors_after[k]`` anchors :math:`|Z_t|` after evaluation ``n_init + k + 1``: its mean after
    every evaluation (:attr:`Floor.curve`; the best of the first t initial points before the first anchor)
    and its mean and 95 % range after the last."""
    D = objective.dim
    d = check_integer("d", d, low=0, high=D)
    n_init = check_count("n_init", n_init, low=0)
    counts = [check_count("anchors_after", n, low=1) for n in np.atleast_1d(anchors_after)]
    pool = check_count("pool", pool, low=2)
    if not objective.optimum_known:
        raise ValueError(f"objective={objective.name!r} has no known optimum: the floor is a regret")
    free = np.arange(D - d, D) if free is None else np.asarray(free, dtype=int)
    gen = as_generator(rng)
    low, high = objective.bounds[:, 0], objective.bounds[:, 1]
    maxima = subspace_maxima(objective, gen.uniform(low, high, size=(pool, D)), free, rng=gen)
    points = np.asarray(objective(gen.uniform(low, high, size=(pool, D))), dtype=float)
    optimum = float(objective.optimum_value)
    laws = [_log_law(optimum, [(points, t)]) for t in range(1, n_init + 1)]
    laws += [_log_law(optimum, [(maxima, n), (points, n_init)]) for n in counts]
    return Floor(problem, method, d, n_init, counts[-1], *laws[-1], tuple(law[0] for law in laws))


def spec_floors(spec, mode: str = "full", *, seed: int = 0, pool: int = POOL) -> list[Floor]:
    r"""The floor of every MS-UCB method of ``spec`` at (N0, α) with :math:`|Z_T|\le` ``pool``/2 on every
    problem of ``mode`` whose optimum is known, up to the mode's budget T; one named random stream per
    problem and method (seed ``seed``)."""
    out = []
    budgets = dict(spec.modes[mode].budgets)
    for method in spec.methods:
        name, overrides = parse_method(stored_method(method))
        if not is_ms_ucb(name):
            continue
        for problem in (spec.problem(key) for key in spec.problems_of(mode)):
            objective = problem.objective()
            if not objective.optimum_known or problem.key not in budgets:
                continue
            settings = {**setups.describe(name).keywords(problem.dim), **overrides}
            if settings.get("active", "last") != "last":
                continue
            n_init = int(settings.get("n_init", 20))
            iterations = np.arange(1, budgets[problem.key] - n_init + 1)
            counts = np.asarray(zt_size(t=iterations, N0=settings["N0"], alpha=settings["alpha"],
                                        rounding=settings.get("rounding", "ceil")), dtype=int)
            if counts.size == 0 or counts[-1] > pool // 2:
                continue
            gen = np.random.default_rng(stream(seed, "ms_ucb_floor", problem.key, method))
            out.append(ms_ucb_floor(objective, d=int(settings["d"]), n_init=n_init, anchors_after=counts,
                                    rng=gen, pool=pool, problem=problem.key, method=method))
    return out


@functools.lru_cache(maxsize=16)
def item_floors(key: str, mode: str = "full") -> tuple[Floor, ...]:
    """:func:`spec_floors` of the registered spec ``key`` with pools of ``POOL // 2`` (a thousand anchors:
    about 10 s for TranThe2020 Fig. 1's twelve problems), computed once per process: the diagnosis and the
    figure read the same floors."""
    return tuple(spec_floors(registry.get(key), mode, pool=POOL // 2))


# ---- the best case inside a random embedding (REMBO, HeSBO) -----------------------------------------------
@dataclass(frozen=True)
class EmbeddingFloor:
    """The best regret reachable inside each of ``n`` embeddings of a method: their mean, smallest and
    largest (an embedding is drawn as the method draws it; its best point found by multistart L-BFGS-B)."""
    problem: str
    method: str
    d: int
    n: int
    mean: float
    low: float
    high: float


def embedding_floor(objective, method: str, *, n_embeddings: int = 10, n_starts: int = 8,
                    n_candidates: int = 4096, max_evaluations: int = 400, seed: int = 0,
                    problem: str = "") -> EmbeddingFloor:
    r"""The regret ``method`` (a REMBO or HeSBO setup) cannot go below on ``objective`` (its optimum known)
    whatever its model: :math:`f^*-\max_{y\in\mathcal Y}f(p_{\mathcal X}(\mathbf My))` for ``n_embeddings``
    embeddings :math:`\mathbf M` drawn by the method's own class (its ``embed`` and ``low_box``), each maximum
    found by L-BFGS-B from y = 0 and from the best ``n_starts`` of ``n_candidates`` uniform points of
    :math:`\mathcal Y` (central differences; the trimodal functions are flat far from their modes, where a
    uniform start alone would not move): a lower estimate of the maximum, so the floor is estimated from
    above. Li2016 App. A.1
    prints REMBO-D/4's simple regret 76.6 (D = 50) and 93.4 (D = 100) at T = 1000."""
    n_embeddings = check_count("n_embeddings", n_embeddings, low=1)
    if not objective.optimum_known:
        raise ValueError(f"objective={objective.name!r} has no known optimum: the floor is a regret")
    name, overrides = parse_method(stored_method(method))
    bests, d = [], 0
    for k in range(n_embeddings):
        gen = np.random.default_rng(stream(seed, "embedding_floor", problem, method, k))
        optimizer = setups.get(name, objective.bounds, rng=gen, **overrides)
        if not hasattr(optimizer, "embed") or not hasattr(optimizer, "low_box"):
            raise ValueError(f"method={method!r} does not search a random embedding (REMBO or HeSBO setups "
                             "do): it has no embedding floor")
        low, high = optimizer.low_box[:, 0], optimizer.low_box[:, 1]
        d = low.size
        step = _STEP * (high - low)

        def evaluate(index, Y, optimizer=optimizer, step=step, low=low, high=high):
            return _central_differences(lambda rows: objective(optimizer.embed(rows)), Y, step, low, high)

        candidates = gen.uniform(low, high, size=(n_candidates, d))
        scores = np.asarray(objective(optimizer.embed(candidates)), dtype=float)
        best = candidates[np.argsort(scores)[::-1][:n_starts]]
        starts = np.vstack([np.clip(np.zeros(d), low, high), best])
        _, values, _ = lbfgsb_from_starts(evaluate, starts, low, high, max_evaluations=max_evaluations)
        bests.append(float(objective.optimum_value - np.max(values)))
    return EmbeddingFloor(problem, method, d, n_embeddings, float(np.mean(bests)), min(bests), max(bests))
