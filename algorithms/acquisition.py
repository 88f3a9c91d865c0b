r"""Acquisition functions on batches and acquisition maximisers with a hard evaluation budget.

Conventions (DESIGN.md "Conventions" 2 and 4):

* **Maximisation** everywhere: every acquisition is maximised, every maximiser maximises.
* **UCB is** :math:`\mu + \sqrt{\beta}\,\sigma`: β is the *variance* scale in every paper's algorithm
  (BoTorch ``acquisition/analytic.py``). The MS-UCB copy with the supplement prints
  :math:`\mu + \sqrt{\beta\sigma}` ([TranThe2020-ext, Eq. (2)] and its definition of :math:`a_t`), a typo: its
  own proofs and the proceedings copy ([TranThe2020-AAAI, Eq. (2)]) use the GP-UCB rule of
  [Srinivas2010, Thm 1]; it is *not* implemented.
* Functions take batches: a point set ``X`` of shape ``(q, D)``; acquisition values have shape ``(q,)`` and
  their gradients ``(q, D)``.
* Maximisers take a batch function ``func(X: (q, D)) -> (q,)`` (or, for L-BFGS-B, ``func_and_grad(X) ->
  ((q,), (q, D))``) and never evaluate it at more than ``max_evaluations`` points: every point passed to
  ``func`` counts as one evaluation. Each returns a :class:`MaximizeResult` with the evaluations used.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy import optimize, special

from regretlab._rng import as_generator
from regretlab._validate import check_array, check_bounds, check_choice, check_integer, check_real

__all__ = [
    "ucb",
    "ucb_grad",
    "lcb",
    "lcb_grad",
    "expected_improvement",
    "expected_improvement_grad",
    "Acquisition",
    "MaximizeResult",
    "maximize_direct",
    "maximize_lbfgsb",
    "maximize_random",
    "ACQUISITION_KINDS",
]

ACQUISITION_KINDS = ("ucb", "lcb", "ei")

_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)


# --------------------------------------------------------------------------------------------------------
# Pure acquisition functions
# --------------------------------------------------------------------------------------------------------
def _mean_std(mean, variance):
    """Validate a posterior (mean, variance) pair; clip negative variances to 0; return (mu, sigma)."""
    mu = check_array("mean", mean)
    var = check_array("variance", variance)
    if mu.shape != var.shape:
        raise ValueError(f"mean has shape {mu.shape} but variance has shape {var.shape}; they must agree")
    # Round-off can give tiny negative posterior variances: clip to 0 (scikit-learn _gpr.py does the same).
    return mu, np.sqrt(np.maximum(var, 0.0))


def _sigma_grad(sigma, variance_grad):
    """d sigma/dx = (d variance/dx) / (2 sigma); 0 where sigma == 0 (sigma is not differentiable there)."""
    dvar = check_array("variance_grad", variance_grad)
    safe = np.where(sigma > 0.0, sigma, 1.0)
    factor = np.where(sigma > 0.0, 0.5 / safe, 0.0)
    return factor[..., None] * dvar


def _check_grads(mu, mean_grad, variance_grad):
    dmu = check_array("mean_grad", mean_grad)
    dvar = check_array("variance_grad", variance_grad)
    if dmu.shape[:-1] != mu.shape or dmu.ndim != mu.ndim + 1:
        raise ValueError(f"mean_grad has shape {dmu.shape}; expected {mu.shape + ('D',)}")
    if dvar.shape != dmu.shape:
        raise ValueError(f"variance_grad has shape {dvar.shape}; expected {dmu.shape} (same as mean_grad)")
    return dmu, dvar


def ucb(mean, variance, beta):
    r"""Upper confidence bound :math:`\mu(x) + \sqrt{\beta}\,\sigma(x)`.

    GP-UCB of [Srinivas2010, Alg. 1], as used by all four papers: [TranThe2020-AAAI, Eq. (2)],
    [Li2016, Alg. 1], [Kandasamy2015, Eq. (6)] per group, [Ha2019, Eq. (4)].

    .. math:: \alpha_{UCB}(x) = \mu_{t-1}(x) + \sqrt{\beta_t}\,\sigma_{t-1}(x)

    Note: [TranThe2020-ext, Eq. (2)] prints :math:`\mu + \sqrt{\beta\sigma}`; this is a typo and the rule
    above (β scales the variance) is the one its proofs use.

    Parameters
    ----------
    mean, variance : array_like, shape (q,)
        Posterior mean and variance at q points (negative variances from round-off are clipped to 0).
    beta : float
        Exploration weight β_t >= 0.

    Returns
    -------
    ndarray, shape (q,)

    Examples
    --------
    >>> ucb([0.0, 1.0], [4.0, 0.0], beta=2.25)
    array([3., 1.])
    """
    beta = check_real("beta", beta, low=0.0)
    mu, sigma = _mean_std(mean, variance)
    return mu + math.sqrt(beta) * sigma


def ucb_grad(mean, variance, beta, mean_grad, variance_grad):
    r"""Gradient of :func:`ucb` w.r.t. x: :math:`\nabla\mu + \sqrt{\beta}\,\nabla\sigma^2/(2\sigma)`.

    ``mean_grad`` and ``variance_grad`` have shape (q, D). Where σ = 0 the σ term is set to 0.
    """
    beta = check_real("beta", beta, low=0.0)
    mu, sigma = _mean_std(mean, variance)
    dmu, dvar = _check_grads(mu, mean_grad, variance_grad)
    return dmu + math.sqrt(beta) * _sigma_grad(sigma, dvar)


def lcb(mean, variance, beta):
    r"""Lower confidence bound :math:`\mu(x) - \sqrt{\beta}\,\sigma(x)` (same β convention as :func:`ucb`).

    Used e.g. for conservative recommendations and by the UBO expansion test ([Ha2019, §4]).

    >>> lcb([0.0, 1.0], [4.0, 0.0], beta=2.25)
    array([-3.,  1.])
    """
    beta = check_real("beta", beta, low=0.0)
    mu, sigma = _mean_std(mean, variance)
    return mu - math.sqrt(beta) * sigma


def lcb_grad(mean, variance, beta, mean_grad, variance_grad):
    """Gradient of :func:`lcb` w.r.t. x (shape (q, D)); the σ term is 0 where σ = 0."""
    beta = check_real("beta", beta, low=0.0)
    mu, sigma = _mean_std(mean, variance)
    dmu, dvar = _check_grads(mu, mean_grad, variance_grad)
    return dmu - math.sqrt(beta) * _sigma_grad(sigma, dvar)


def _ei_parts(mu, sigma, best, xi):
    improvement = mu - best - xi
    safe = np.where(sigma > 0.0, sigma, 1.0)
    z = np.where(sigma > 0.0, improvement / safe, 0.0)
    cdf = special.ndtr(z)
    pdf = _INV_SQRT_2PI * np.exp(-0.5 * z * z)
    return improvement, z, cdf, pdf


def expected_improvement(mean, variance, best, xi=0.0):
    r"""Expected improvement over ``best`` (maximisation; [Jones1998], [Mockus1978]).

    .. math::

        EI(x) = (\mu - y^+ - \xi)\,\Phi(z) + \sigma\,\varphi(z), \qquad z = (\mu - y^+ - \xi)/\sigma,

    and :math:`\max(\mu - y^+ - \xi, 0)` where σ = 0. Φ is :func:`scipy.special.ndtr`.

    Parameters
    ----------
    mean, variance : array_like, shape (q,)
    best : float
        Incumbent value :math:`y^+` (e.g. the best observation so far).
    xi : float, default 0
        Exploration margin ξ >= 0.

    Examples
    --------
    >>> float(expected_improvement([0.0], [1.0], best=0.0)[0])  # sigma * phi(0) = 1/sqrt(2 pi)
    0.3989422804014327
    """
    best = check_real("best", best)
    xi = check_real("xi", xi, low=0.0)
    mu, sigma = _mean_std(mean, variance)
    improvement, _, cdf, pdf = _ei_parts(mu, sigma, best, xi)
    value = improvement * cdf + sigma * pdf
    return np.where(sigma > 0.0, np.maximum(value, 0.0), np.maximum(improvement, 0.0))


def expected_improvement_grad(mean, variance, best, mean_grad, variance_grad, xi=0.0):
    r"""Gradient of :func:`expected_improvement` w.r.t. x: :math:`\Phi(z)\nabla\mu + \varphi(z)\nabla\sigma`.

    (Using ∂EI/∂μ = Φ(z) and ∂EI/∂σ = φ(z).) Where σ = 0 the gradient is :math:`\nabla\mu` if
    μ - y⁺ - ξ > 0 and 0 otherwise.
    """
    best = check_real("best", best)
    xi = check_real("xi", xi, low=0.0)
    mu, sigma = _mean_std(mean, variance)
    dmu, dvar = _check_grads(mu, mean_grad, variance_grad)
    improvement, _, cdf, pdf = _ei_parts(mu, sigma, best, xi)
    grad = cdf[..., None] * dmu + pdf[..., None] * _sigma_grad(sigma, dvar)
    degenerate = (improvement > 0.0).astype(float)[..., None] * dmu
    return np.where((sigma > 0.0)[..., None], grad, degenerate)


# --------------------------------------------------------------------------------------------------------
# Posterior wrapper
# --------------------------------------------------------------------------------------------------------
class Acquisition:
    """An acquisition function of a GP posterior, evaluated on batches, counting evaluations.

    One ``posterior.predict`` call per batch (the posterior does the matrix products), so evaluating
    q points costs one kernel matrix ``k(X, X_t)`` of shape (q, t).

    Parameters
    ----------
    posterior : object
        Anything with ``predict(X, return_grad=False) -> (mean, variance)`` and, with ``return_grad=True``,
        ``(mean, variance, mean_grad, variance_grad)`` (``regretlab.gp.GP`` has this signature).
    kind : {"ucb", "lcb", "ei"}
    beta : float, optional
        β_t for UCB/LCB (required for them).
    best : float, optional
        Incumbent for EI (required for it).
    xi : float, default 0
        EI margin.

    Attributes
    ----------
    n_evaluations : int
        Number of points evaluated so far (each row of a batch counts once).

    Examples
    --------
    >>> class Flat:
    ...     def predict(self, X, return_grad=False):
    ...         return np.zeros(len(X)), np.ones(len(X))
    >>> acq = Acquisition(Flat(), "ucb", beta=4.0)
    >>> acq(np.zeros((3, 2))), acq.n_evaluations
    (array([2., 2., 2.]), 3)
    """

    def __init__(self, posterior, kind: str = "ucb", *, beta=None, best=None, xi: float = 0.0):
        self.kind = check_choice("kind", kind, ACQUISITION_KINDS)
        if not hasattr(posterior, "predict"):
            raise ValueError(f"posterior={posterior!r} has no predict(X, return_grad=False) method")
        self.posterior = posterior
        if kind in ("ucb", "lcb"):
            if beta is None:
                raise ValueError(f"beta=None is not allowed for kind={kind!r}; its domain is [0, inf)")
            self.beta = check_real("beta", beta, low=0.0)
        else:
            self.beta = None if beta is None else check_real("beta", beta, low=0.0)
        if kind == "ei":
            if best is None:
                raise ValueError("best=None is not allowed for kind='ei': pass the incumbent value")
            self.best = check_real("best", best)
        else:
            self.best = None if best is None else check_real("best", best)
        self.xi = check_real("xi", xi, low=0.0)
        self.n_evaluations = 0

    @staticmethod
    def _as_batch(X) -> np.ndarray:
        X = np.asarray(X, dtype=float)
        return X[None, :] if X.ndim == 1 else X

    def _values(self, mean, variance):
        if self.kind == "ucb":
            return ucb(mean, variance, self.beta)
        if self.kind == "lcb":
            return lcb(mean, variance, self.beta)
        return expected_improvement(mean, variance, self.best, self.xi)

    def __call__(self, X) -> np.ndarray:
        """Acquisition values at the rows of ``X`` (shape (q, D), or (D,) for one point) → shape (q,)."""
        X = self._as_batch(X)
        mean, variance = self.posterior.predict(X)
        self.n_evaluations += X.shape[0]
        return self._values(mean, variance)

    def value_and_grad(self, X) -> tuple[np.ndarray, np.ndarray]:
        """Values (q,) and gradients (q, D) at the rows of ``X`` (one ``predict(X, return_grad=True)``)."""
        X = self._as_batch(X)
        mean, variance, dmean, dvar = self.posterior.predict(X, return_grad=True)
        self.n_evaluations += X.shape[0]
        values = self._values(mean, variance)
        if self.kind == "ucb":
            grads = ucb_grad(mean, variance, self.beta, dmean, dvar)
        elif self.kind == "lcb":
            grads = lcb_grad(mean, variance, self.beta, dmean, dvar)
        else:
            grads = expected_improvement_grad(mean, variance, self.best, dmean, dvar, self.xi)
        return values, grads


# --------------------------------------------------------------------------------------------------------
# Maximisers
# --------------------------------------------------------------------------------------------------------
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
        values = np.asarray(values, dtype=float).reshape(-1)
        if values.shape[0] != X.shape[0]:
            raise ValueError(f"func returned {values.shape[0]} values for {X.shape[0]} points")
        if np.any(np.isnan(values)):
            raise ValueError("func returned NaN; an acquisition function must be finite or -inf")
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

    def negated_with_grad(self, x):
        """One point, negated value and gradient (for L-BFGS-B with ``jac=True``)."""
        if self.remaining <= 0:
            raise _BudgetExhausted
        X = np.clip(np.asarray(x, dtype=float)[None, :], self.lower, self.upper)
        self.count += 1
        values, grads = self.func(X)
        value = float(self._record(X, values)[0])
        grad = np.asarray(grads, dtype=float).reshape(X.shape)[0]
        if not np.isfinite(value):
            # L-BFGS-B cannot handle inf; a very bad finite value keeps it away from here.
            return 1e300, np.zeros_like(grad)
        return -value, -grad


def _check_budget(name, value):
    return check_integer(name, value, low=1)


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
        Batch function ``X (q, D) -> (q,)`` to maximise; called here with q = 1.
    bounds : array_like, shape (D, 2)
    max_evaluations : int
        Hard budget (>= 1).
    locally_biased, eps, vol_tol, len_tol
        Passed to :func:`scipy.optimize.direct` (DIRECT-L by default, as scipy).

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
    counted = _BudgetedFunction(func, box[:, 0], box[:, 1], budget)
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


def maximize_random(func, bounds, *, n_samples: int, rng=None, batch_size: int = 4096) -> MaximizeResult:
    """Maximise ``func`` by uniform random search: the best of ``n_samples`` uniform points in the box.

    Evaluates in batches of at most ``batch_size`` rows (one ``func`` call per batch).

    >>> res = maximize_random(lambda X: -np.abs(X[:, 0]), [[-1, 1]], n_samples=500, rng=0)
    >>> res.n_evaluations, abs(float(res.x[0])) < 0.02
    (500, True)
    """
    box = check_bounds("bounds", bounds)
    n_samples = check_integer("n_samples", n_samples, low=1)
    batch_size = check_integer("batch_size", batch_size, low=1)
    gen = as_generator(rng)
    counted = _BudgetedFunction(func, box[:, 0], box[:, 1], n_samples)
    while counted.remaining > 0:
        q = min(batch_size, counted.remaining)
        counted.batch(gen.uniform(box[:, 0], box[:, 1], size=(q, box.shape[0])))
    return _result(counted, "completed", f"best of {n_samples} uniform random points")


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
) -> MaximizeResult:
    """Maximise a differentiable ``func_and_grad`` by multistart L-BFGS-B (``scipy.optimize.minimize``).

    The MS-UCB experiments [TranThe2020, §Experiments] optimise the acquisition with L-BFGS-B from 10·D random
    starts. Starts are ``initial_points`` (if given) followed by uniform random points; with
    ``n_candidates > 0``, that many uniform points are first scored in **one** batch call and the best
    ``n_starts`` become the random starts.
    The budget is shared across starts (each start may use an equal share of what is left) and is a hard cap:
    candidate scoring and every function/gradient evaluation inside L-BFGS-B count.

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

    Examples
    --------
    >>> fg = lambda X: (-np.sum((X - 0.3) ** 2, axis=1), -2 * (X - 0.3))
    >>> res = maximize_lbfgsb(fg, [[0, 1]] * 3, n_starts=2, max_evaluations=60, rng=0)
    >>> res.n_evaluations <= 60, bool(np.allclose(res.x, 0.3, atol=1e-6))
    (True, True)
    """
    box = check_bounds("bounds", bounds)
    dim = box.shape[0]
    n_starts = check_integer("n_starts", n_starts, low=1)
    budget = _check_budget("max_evaluations", max_evaluations)
    n_candidates = check_integer("n_candidates", n_candidates, low=0)
    if n_candidates >= budget:
        raise ValueError(
            f"n_candidates={n_candidates} is outside its domain: it must be < max_evaluations={budget}"
        )
    if n_candidates and n_candidates < n_starts:
        raise ValueError(f"n_candidates={n_candidates} is outside its domain: 0 or >= n_starts={n_starts}")
    tol = check_real("tol", tol, low=0.0, low_open=True)
    gen = as_generator(rng)
    lower, upper = box[:, 0], box[:, 1]

    starts = []
    if initial_points is not None:
        extra = check_array("initial_points", initial_points)
        extra = extra.reshape(1, -1) if extra.ndim == 1 else extra
        if extra.ndim != 2 or extra.shape[1] != dim:
            raise ValueError(f"initial_points has shape {extra.shape}; expected (k, {dim})")
        starts.extend(np.clip(extra, lower, upper))

    counted = _BudgetedFunction(lambda X: func_and_grad(X)[0], lower, upper, budget)
    if n_candidates:
        cand = gen.uniform(lower, upper, size=(n_candidates, dim))
        _, values = counted.batch(cand)
        order = np.argsort(-values, kind="stable")[:n_starts]
        starts.extend(cand[order])
    else:
        starts.extend(gen.uniform(lower, upper, size=(n_starts, dim)))

    status, message = "completed", f"{len(starts)} L-BFGS-B starts completed"
    for k, x0 in enumerate(starts):
        share = counted.remaining // (len(starts) - k)
        if share < 1:
            status, message = "budget_exhausted", f"budget of {budget} evaluations used after {k} starts"
            break
        # maxfun is only a hint to L-BFGS-B (its line search can exceed it); `local` enforces the share.
        local = _BudgetedFunction(func_and_grad, lower, upper, share)
        local.best_x, local.best_value = counted.best_x, counted.best_value
        try:
            optimize.minimize(
                local.negated_with_grad,
                x0,
                jac=True,
                method="L-BFGS-B",
                bounds=optimize.Bounds(lower, upper),
                options={"maxfun": share, "ftol": tol, "gtol": tol},
            )
        except _BudgetExhausted:
            pass
        counted.count += local.count
        counted.best_x, counted.best_value = local.best_x, local.best_value
    if counted.count >= budget and status == "completed":
        status, message = "budget_exhausted", f"all {budget} evaluations used"
    return _result(counted, status, message)
