r"""Acquisition maximisers with a hard evaluation budget: DIRECT, multistart L-BFGS-B, uniform random search.

Every maximiser maximises a batch function ``func(X: (q, D)) -> (q,)`` (for L-BFGS-B,
``func_and_grad(X) -> ((q,), (q, D))``) over a box and never evaluates it at more than ``max_evaluations``
points: every point passed to ``func`` counts as one evaluation. Each returns a :class:`MaximizeResult` with
the evaluations used, a status and a message. DIRECT is :func:`scipy.optimize.direct` and L-BFGS-B
:func:`scipy.optimize.minimize`; what is written here is only the budget they cannot enforce themselves (see
:class:`_BudgetedFunction`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy import optimize

from regretlab._rng import as_generator
from regretlab._validate import (
    MAGNITUDE_LIMIT,
    TERM_LIMIT,
    check_array,
    check_bool,
    check_bounds,
    check_choice,
    check_count,
    check_number,
)

from . import _lockstep
from ._direct import direct_batched

__all__ = ["MaximizeResult", "maximize_direct", "maximize_lbfgsb", "maximize_lbfgsb_many", "maximize_random",
           "lbfgsb_from_starts"]


@dataclass(frozen=True)
class MaximizeResult:
    """Outcome of an acquisition maximiser.

    Attributes
    ----------
    x : ndarray, shape (D,)
        Best point evaluated (inside the bounds).
    value : float
        Function value at ``x``.
    n_evaluations : int
        Points at which the function was evaluated (never more than the budget).
    status : str
        ``"budget_exhausted"``, ``"converged"`` or ``"completed"``.
    message : str
        Human-readable detail (e.g. the scipy message).
    """

    x: np.ndarray
    value: float
    n_evaluations: int
    status: str
    message: str


def _checked_values(values, n: int, name: str) -> np.ndarray:
    """``values`` as a float vector of the n points' values: a wrong count or a NaN is the caller's error."""
    values = np.asarray(values, dtype=float).reshape(-1)
    if values.shape[0] != n:
        raise ValueError(f"{name} returned {values.shape[0]} values for {n} points")
    if np.any(np.isnan(values)):
        raise ValueError(f"{name} returned NaN; an acquisition function must be finite or -inf")
    return values


class _BudgetExhausted(Exception):
    """Raised inside an optimiser's callback to stop it exactly at the evaluation budget."""


class _BudgetedFunction:
    """Counts evaluations of a batch function, tracks the best point, and stops at a hard budget.

    Written by hand because scipy's optimisers only *aim* at ``maxfun``: ``scipy.optimize.direct`` finishes
    its current iteration and can overshoot ``maxfun`` (by up to 2D evaluations per divided rectangle), and
    L-BFGS-B's line search may exceed ``maxfun`` too. When the budget is used up this wrapper raises
    :class:`_BudgetExhausted` *before* evaluating, the caller catches it and returns the best point so far.
    """

    def __init__(self, func, lower, upper, budget: int):
        self.func = func
        self.lower, self.upper = lower, upper
        self.budget = budget
        self.count = 0
        self.best_x: np.ndarray | None = None
        self.best_value = -np.inf

    @property
    def remaining(self) -> int:
        return self.budget - self.count

    def _record(self, X, values):
        values = _checked_values(values, X.shape[0], "func")
        i = int(np.argmax(values))
        if self.best_x is None or values[i] > self.best_value:
            self.best_x, self.best_value = X[i].copy(), float(values[i])
        return values

    def batch(self, X):
        """Evaluate a batch (clipped to the budget: only the first ``remaining`` rows are evaluated)."""
        X = np.clip(np.atleast_2d(X), self.lower, self.upper)[: self.remaining]
        if X.shape[0] == 0:
            raise _BudgetExhausted
        self.count += X.shape[0]
        return X, self._record(X, self.func(X))

    def negated(self, x):
        """One point, negated value (scipy minimises)."""
        if self.remaining <= 0:
            raise _BudgetExhausted
        X = np.clip(np.asarray(x, dtype=float)[None, :], self.lower, self.upper)
        self.count += 1
        return -float(self._record(X, self.func(X))[0])


def _check_budget(name, value):
    return check_count(name, value, low=1)


def _result(counted: _BudgetedFunction, status: str, message: str) -> MaximizeResult:
    return MaximizeResult(counted.best_x, counted.best_value, counted.count, status, message)


def maximize_direct(
    func: Callable[[np.ndarray], np.ndarray],
    bounds,
    *,
    max_evaluations: int,
    locally_biased: bool = True,
    eps: float = 1e-4,
    vol_tol: float = 1e-16,
    len_tol: float = 1e-6,
    engine: str = "batched",
) -> MaximizeResult:
    """Maximise ``func`` on a box with DIRECT (``scipy.optimize.direct``), at most ``max_evaluations`` points.

    DIRECT [Jones1993] is the acquisition optimiser of Add-GP-UCB [Kandasamy2015, §5] and RPP-GP-UCB
    [Li2016, §5], with the budget given there as a number of function evaluations. scipy's ``maxfun`` is
    passed but is only checked between DIRECT iterations, so scipy alone overshoots it; the hard budget is
    enforced by a counting wrapper that stops DIRECT when the budget is used up and returns the best point
    evaluated.

    Parameters
    ----------
    func : callable
        Batch function ``X (q, D) -> (q,)`` to maximise.
    bounds : array_like, shape (D, 2)
    max_evaluations : int
        Hard budget (>= 1).
    locally_biased, eps, vol_tol, len_tol
        As for :func:`scipy.optimize.direct` (DIRECT-L by default, as scipy), with ``eps >= 0`` (Jones'
        update for a negative ε is not carried over).
    engine : {"batched", "scipy"}
        ``"batched"`` (default): :func:`regretlab.algorithms._direct.direct_batched`, scipy's DIRECT with each
        iteration's new points passed to ``func`` in one call; it visits exactly the points scipy visits
        given the same values (tested point by point). ``"scipy"``: :func:`scipy.optimize.direct` itself,
        ``func`` called with one point at a time (the reference path). ``func``'s values may differ in the
        last bits between a batch and single points (matrix-matrix against matrix-vector products), and
        DIRECT's choices can then part at an exact tie.

    Notes
    -----
    scipy's compiled DIRECT-L is not quite Gablonsky's as written: its potentially-optimal test drops a
    level's best rectangle that lies above the lower convex hull only when a log file is open
    (``DIRsubrout.c``: ``if (logfile) goto L60;``, the print between them commented out), and scipy passes
    none; only the dominance and ε tests remove rectangles. Both engines do what scipy does; the paper's
    authors' Matlab DIRECT (``utils/diRect.m``) is the original DIRECT (``locally_biased=False``).

    Returns
    -------
    MaximizeResult

    Examples
    --------
    >>> f = lambda X: -np.sum((X - 0.3) ** 2, axis=1)
    >>> res = maximize_direct(f, [[0, 1], [0, 1]], max_evaluations=200)
    >>> res.n_evaluations <= 200, bool(np.allclose(res.x, 0.3, atol=1e-2))
    (True, True)
    """
    box = check_bounds("bounds", bounds)
    budget = _check_budget("max_evaluations", max_evaluations)
    engine = check_choice("engine", engine, ("batched", "scipy"))
    locally_biased = check_bool("locally_biased", locally_biased)
    eps = check_number("eps", eps, low=0.0)
    vol_tol = check_number("vol_tol", vol_tol, low=0.0, high=1.0)
    len_tol = check_number("len_tol", len_tol, low=0.0, high=1.0)
    counted = _BudgetedFunction(func, box[:, 0], box[:, 1], budget)
    if engine == "batched":
        outcome = direct_batched(
            lambda X: -counted.batch(X)[1], box[:, 0], box[:, 1], maxfun=budget, maxiter=max(budget, 1),
            locally_biased=locally_biased, eps=eps, vol_tol=vol_tol, len_tol=len_tol, budget=budget,
        )
        if outcome.budget_stopped or counted.count >= budget:
            return _result(counted, "budget_exhausted", f"stopped at the budget of {budget} evaluations")
        return _result(counted, "converged", _direct_message(outcome.status, budget, vol_tol, len_tol))
    try:
        res = optimize.direct(
            counted.negated,
            optimize.Bounds(box[:, 0], box[:, 1]),
            maxfun=budget,
            maxiter=max(budget, 1),
            locally_biased=locally_biased,
            eps=eps,
            vol_tol=vol_tol,
            len_tol=len_tol,
        )
    except _BudgetExhausted:
        return _result(counted, "budget_exhausted", f"stopped at the budget of {budget} evaluations")
    status = "budget_exhausted" if counted.count >= budget else "converged"
    return _result(counted, status, str(res.message))


def _direct_message(status: int, budget: int, vol_tol: float, len_tol: float) -> str:
    """scipy's ``direct`` message for a return code (``scipy/optimize/_direct_py.py``), so both engines
    report the same text."""
    return {
        1: f"Number of function evaluations done is larger than maxfun={budget}",
        2: f"Number of iterations is larger than maxiter={max(budget, 1)}",
        4: f"The volume of the hyperrectangle containing the lowest function value found is below "
           f"vol_tol={vol_tol}",
        5: f"The side length measure of the hyperrectangle containing the lowest function value found is "
           f"below len_tol={len_tol}",
    }.get(status, "Maximum number of levels has been reached.")


def maximize_random(func, bounds, *, n_samples: int, rng=None, batch_size: int = 4096) -> MaximizeResult:
    """Maximise ``func`` by uniform random search: the best of ``n_samples`` uniform points in the box.

    Evaluates in batches of at most ``batch_size`` rows (one ``func`` call per batch).

    >>> res = maximize_random(lambda X: -np.abs(X[:, 0]), [[-1, 1]], n_samples=500, rng=0)
    >>> res.n_evaluations, abs(float(res.x[0])) < 0.02
    (500, True)
    """
    box = check_bounds("bounds", bounds)
    n_samples = check_count("n_samples", n_samples, low=1)
    batch_size = check_count("batch_size", batch_size, low=1)
    gen = as_generator(rng)
    counted = _BudgetedFunction(func, box[:, 0], box[:, 1], n_samples)
    while counted.remaining > 0:
        q = min(batch_size, counted.remaining)
        counted.batch(gen.uniform(box[:, 0], box[:, 1], size=(q, box.shape[0])))
    return _result(counted, "completed", f"best of {n_samples} uniform random points")


def _equal_caps(remaining: int, n_starts: int) -> np.ndarray:
    """Each start's hard cap: the evaluations left after prescreening, shared as equally as possible (the
    first ``remaining % n_starts`` starts get one more; with fewer evaluations than starts the last starts
    get none and are not run)."""
    share, extra = divmod(remaining, n_starts)
    return share + (np.arange(n_starts) < extra).astype(np.int64)


def _outcome(caps: np.ndarray, count: int, budget: int) -> tuple[str, str]:
    """Status and message of a multistart run with these caps, ``count`` evaluations of ``budget``."""
    if caps[-1] == 0:
        ran = int(np.count_nonzero(caps))
        return "budget_exhausted", f"budget of {budget} evaluations used after {ran} starts"
    if count >= budget:
        return "budget_exhausted", f"all {budget} evaluations used"
    return "completed", f"{caps.size} L-BFGS-B starts completed"


def _choose_starts(gen, lower, upper, n_starts: int, n_candidates: int, extra, counted) -> np.ndarray:
    """The L-BFGS-B starts of :func:`maximize_lbfgsb`, shape (k, D): the validated ``extra`` points (clipped
    to the box) first, then ``n_starts`` random ones: uniform, or the best of ``n_candidates`` uniform
    candidates scored in one batch through ``counted`` (their evaluations count against the budget)."""
    dim = lower.shape[0]
    starts = [] if extra is None else list(np.clip(extra, lower, upper))
    if n_candidates:
        cand = gen.uniform(lower, upper, size=(n_candidates, dim))
        _, scores = counted.batch(cand)
        order = np.argsort(-scores, kind="stable")[:n_starts]
        starts.extend(cand[order])
    else:
        starts.extend(gen.uniform(lower, upper, size=(n_starts, dim)))
    return np.asarray(starts, dtype=float).reshape(-1, dim)


def maximize_lbfgsb(
    func_and_grad,
    bounds,
    *,
    n_starts: int,
    max_evaluations: int,
    rng=None,
    n_candidates: int = 0,
    initial_points=None,
    tol: float = 1e-9,
    values=None,
    lockstep: bool = True,
) -> MaximizeResult:
    """Maximise a differentiable ``func_and_grad`` by multistart L-BFGS-B (``scipy.optimize.minimize``).

    The MS-UCB experiments [TranThe2020, §Experiments] optimise the acquisition with L-BFGS-B from 10·D random
    starts. Starts are ``initial_points`` (if given) followed by uniform random points; with
    ``n_candidates > 0``, that many uniform points are first scored in **one** batch call and the best
    ``n_starts`` become the random starts.
    The budget is a hard cap: candidate scoring and every function/gradient evaluation inside L-BFGS-B count.
    What is left after scoring is shared equally by the starts, fixed before they run (the first
    ``remaining % n_starts`` starts get one more); a start stops when its L-BFGS-B converges or at its cap.

    Each start runs its own L-BFGS-B (scipy's routine, its own memory, line search and stopping rule), as in
    the papers' multistart. With ``lockstep=True`` (default) the starts advance together and every round
    evaluates all the starts that ask in **one** ``func_and_grad`` call
    (:mod:`regretlab.algorithms._lockstep`);
    since no start's iterates depend on another's, each start's trajectory is the one it takes alone with
    ``lockstep=False`` (one start after another through :func:`scipy.optimize.minimize`), up to the round-off
    of evaluating a batch instead of one row. Until this version the starts ran one after another and each
    took an equal share of what the earlier ones had left, so a start's cap depended on how soon the
    earlier starts converged; now it does not.

    Parameters
    ----------
    func_and_grad : callable
        ``X (q, D) -> (values (q,), gradients (q, D))`` (analytic gradients, e.g.
        :meth:`Acquisition.value_and_grad`).
    bounds : array_like, shape (D, 2)
    n_starts : int
        Number of random starts (>= 1).
    max_evaluations : int
        Hard budget (>= 1).
    rng : None, int or Generator
    n_candidates : int, default 0
        Uniform candidates scored in one batch to choose the random starts (0: starts are uniform).
    initial_points : array_like, shape (k, D), optional
        Extra starts tried first (e.g. the best observed points).
    tol : float
        L-BFGS-B ``ftol``/``gtol``.
    values : callable, optional
        ``values(X) -> (n,)``, the same function without its gradient: the candidates are ranked by value
        only (a ranking needs no gradient; computing the (n, D) gradients of every candidate dominated the
        prescreen's time and memory). Default: the first output of ``func_and_grad``.
    lockstep : bool, default True
        Advance all starts together with batched evaluations (False: one after another; the same runs).

    Examples
    --------
    >>> fg = lambda X: (-np.sum((X - 0.3) ** 2, axis=1), -2 * (X - 0.3))
    >>> res = maximize_lbfgsb(fg, [[0, 1]] * 3, n_starts=2, max_evaluations=60, rng=0)
    >>> res.n_evaluations <= 60, bool(np.allclose(res.x, 0.3, atol=1e-6))
    (True, True)
    """
    box = check_bounds("bounds", bounds)
    dim = box.shape[0]
    n_starts = check_count("n_starts", n_starts, low=1)
    budget = _check_budget("max_evaluations", max_evaluations)
    n_candidates = check_count("n_candidates", n_candidates, low=0)
    if n_candidates >= budget:
        raise ValueError(
            f"n_candidates={n_candidates} is outside its domain: it must be < max_evaluations={budget}"
        )
    if n_candidates and n_candidates < n_starts:
        raise ValueError(f"n_candidates={n_candidates} is outside its domain: 0 or >= n_starts={n_starts}")
    tol = check_number("tol", tol, low=0.0, low_open=True)
    lockstep = check_bool("lockstep", lockstep)
    gen = as_generator(rng)
    lower, upper = box[:, 0], box[:, 1]
    extra = None
    if initial_points is not None:
        extra = check_array("initial_points", initial_points)
        extra = extra.reshape(1, -1) if extra.ndim == 1 else extra
        if extra.ndim != 2 or extra.shape[1] != dim:
            raise ValueError(f"initial_points has shape {extra.shape}; expected (k, {dim})")
    if values is not None and not callable(values):
        raise ValueError(f"values={values!r} is not callable: it maps X (n, D) to (n,) values")
    counted = _BudgetedFunction(values if values is not None else (lambda X: func_and_grad(X)[0]),
                                lower, upper, budget)
    starts = _choose_starts(gen, lower, upper, n_starts, n_candidates, extra, counted)
    caps = _equal_caps(counted.remaining, starts.shape[0])

    def evaluate(index, X):  # every start's evaluations go through `counted` (count, NaN check, best point)
        values, grads = func_and_grad(X)
        counted.count += X.shape[0]
        return counted._record(X, values), grads

    driver = _lockstep.lbfgsb_lockstep if lockstep else _lockstep.lbfgsb_one_by_one
    driver(evaluate, starts, np.broadcast_to(lower, starts.shape), np.broadcast_to(upper, starts.shape), caps,
           ftol=tol, gtol=tol)
    return _result(counted, *_outcome(caps, counted.count, budget))


def lbfgsb_from_starts(func_and_grad, starts, lower, upper, *, max_evaluations: int, tol: float = 1e-9):
    r"""One L-BFGS-B run per row of ``starts``, each in its own box, advanced together with batched
    evaluations (:mod:`regretlab.algorithms._lockstep`): the runs of :func:`maximize_lbfgsb_many` from given
    starts instead of uniform ones (e.g. one subspace per start).

    Parameters
    ----------
    func_and_grad : callable
        ``func_and_grad(index, X) -> (values (q,), gradients (q, n))``, row i of X a point of start
        ``index[i]``; the function is maximised.
    starts, lower, upper : array_like, shape (S, n)
        The starts and each one's box (starts inside their boxes).
    max_evaluations : int
        Each run's hard cap (>= 1).
    tol : float
        L-BFGS-B ``ftol``/``gtol``.

    Returns
    -------
    best_x (S, n), best_value (S,), n_evaluations (S,)
    """
    if not callable(func_and_grad):
        raise ValueError(f"func_and_grad={func_and_grad!r} is not callable: it maps (index, X) to "
                         "(values, gradients)")
    starts = check_array("starts", starts, ndim=2, empty=False)
    lower = np.broadcast_to(check_array("lower", lower), starts.shape)
    upper = np.broadcast_to(check_array("upper", upper), starts.shape)
    if np.any(starts < lower) or np.any(starts > upper) or np.any(lower >= upper):
        raise ValueError("starts must lie in their boxes [lower, upper], lower < upper on every coordinate")
    cap = _check_budget("max_evaluations", max_evaluations)
    tol = check_number("tol", tol, low=0.0, low_open=True)
    run = _lockstep.lbfgsb_lockstep(func_and_grad, starts, lower, upper, np.full(starts.shape[0], cap),
                                    ftol=tol, gtol=tol)
    return run.best_x, run.best_value, run.n_evaluations


def _check_boxes(raw: np.ndarray) -> np.ndarray:
    """``check_bounds`` on every box of ``raw`` (P, n, 2) at once; the first bad box raises its message.
    One vectorised pass instead of a call per problem (MS-UCB passes thousands of subspaces an iteration)."""
    low, high = raw[..., 0], raw[..., 1]
    with np.errstate(over="ignore", invalid="ignore"):
        good = (low < high) & np.isfinite(high - low) & (np.abs(raw) <= MAGNITUDE_LIMIT).all(axis=-1)
    bad = np.flatnonzero(~good.all(axis=1))
    if bad.size:
        check_bounds(f"bounds[{int(bad[0])}]", raw[int(bad[0])])   # raises that box's own message
    return raw


def _check_counts(name: str, values, n: int) -> list[int]:
    """Each of the n problems' count (>= 1), broadcast from ``values``; integer arrays in range are read in
    one pass, anything else element by element with :func:`check_count`'s messages."""
    arr = np.broadcast_to(values, (n,))
    if arr.dtype.kind in "iu" and arr.size and arr.min() >= 1 and arr.max() <= TERM_LIMIT:
        return [int(v) for v in arr]
    return [check_count(name, v, low=1) for v in arr]


def maximize_lbfgsb_many(func_and_grad, bounds, *, n_starts, max_evaluations, rng=None,
                         tol: float = 1e-9) -> list[MaximizeResult]:
    r"""Maximise P problems of the same dimension at once by multistart L-BFGS-B, every start in lockstep.

    Problem p is what :func:`maximize_lbfgsb` (no candidates, no initial points) does with ``bounds[p]``,
    ``n_starts[p]`` and ``max_evaluations[p]``: the same uniform starts, drawn from ``rng`` problem after
    problem in the same order, the same equal caps, the same L-BFGS-B run per start. Only the evaluations are
    pooled: each round, one ``func_and_grad`` call serves every start of every problem that asks. MS-UCB
    maximises its acquisition on each of the :math:`|Z_t|` subspaces :math:`\mathcal S(\mathbf A, \mathbf z)`
    ([TranThe2020, Alg. 1, lines 4-6]), which are such problems.

    Parameters
    ----------
    func_and_grad : callable
        ``func_and_grad(problem, Z) -> (values (q,), gradients (q, n))`` at the rows of ``Z``, row i a point
        of problem ``problem[i]`` (an int array of shape (q,)).
    bounds : array_like, shape (P, n, 2)
        Each problem's box.
    n_starts, max_evaluations : array_like of int, shape (P,)
        Each problem's starts (>= 1) and hard budget (>= 1).
    rng : None, int or Generator
    tol : float
        L-BFGS-B ``ftol``/``gtol``.

    Returns
    -------
    list of MaximizeResult, one per problem

    Examples
    --------
    >>> centres = np.array([[0.2, 0.2], [0.7, 0.5]])
    >>> fg = lambda p, Z: (-np.sum((Z - centres[p]) ** 2, axis=1), -2 * (Z - centres[p]))
    >>> res = maximize_lbfgsb_many(fg, [[[0, 1]] * 2] * 2, n_starts=[2, 3], max_evaluations=[40, 60], rng=0)
    >>> [bool(np.allclose(r.x, c, atol=1e-6)) for r, c in zip(res, centres)], res[1].n_evaluations <= 60
    ([True, True], True)
    """
    if not callable(func_and_grad):
        raise ValueError(f"func_and_grad={func_and_grad!r} is not callable: it maps (problem, Z) to "
                         "(values, gradients)")
    raw = check_array("bounds", bounds, ndim=3, empty=False)
    if raw.shape[2] != 2:
        raise ValueError(f"bounds has shape {raw.shape}; expected (P, n, 2): a box per problem")
    boxes = _check_boxes(raw)
    n_problems = boxes.shape[0]
    starts_per = _check_counts("n_starts", n_starts, n_problems)
    budgets = _check_counts("max_evaluations", max_evaluations, n_problems)
    tol = check_number("tol", tol, low=0.0, low_open=True)
    gen = as_generator(rng)

    owner = np.repeat(np.arange(n_problems), starts_per)
    caps = np.concatenate([_equal_caps(b, k) for b, k in zip(budgets, starts_per, strict=True)])
    lower, upper = boxes[owner, :, 0], boxes[owner, :, 1]
    # problem after problem, start after start: one draw with each row's own box consumes the stream in the
    # order (and with the arithmetic, low + (high - low) u) of a call per problem
    starts = gen.uniform(lower, upper)

    def evaluate(index, Z):
        values, grads = func_and_grad(owner[index], Z)
        return _checked_values(values, Z.shape[0], "func_and_grad"), grads

    run = _lockstep.lbfgsb_lockstep(evaluate, starts, lower, upper, caps, ftol=tol, gtol=tol)
    results = []
    offsets = np.concatenate([[0], np.cumsum(starts_per)])   # problem p's starts are one block of owner
    for p in range(n_problems):
        mine = np.arange(offsets[p], offsets[p + 1])
        k = mine[int(np.argmax(run.best_value[mine]))]
        count = int(run.n_evaluations[mine].sum())
        results.append(MaximizeResult(run.best_x[k].copy(), float(run.best_value[k]), count,
                                      *_outcome(caps[mine], count, budgets[p])))
    return results
