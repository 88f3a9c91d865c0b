r"""Many independent L-BFGS-B runs advanced together, their function evaluations batched into one call.

Multistart L-BFGS-B ([TranThe2020, §Experiments]: "LBFGS-B with 10×D random starts") runs one L-BFGS-B per
start. One start at a time, every acquisition evaluation is a single point: a matrix-*vector* product with
the GP's factor and a Python round trip through ``scipy.optimize.minimize`` per point. Here every start keeps
**its own** L-BFGS-B — scipy's compiled routine ``setulb``, its own memory, line search, stopping rule and
evaluation cap — and only the evaluations are pooled: each round, every start that asks for
:math:`(f, \nabla f)` at its current point gets it from **one** batched call over all of them
(matrix-*matrix* products). No start's iterates depend on another's, so each start's trajectory is the one
``scipy.optimize.minimize(method="L-BFGS-B")`` takes alone (``tests/algorithms/test_lockstep.py`` checks
this bit for bit against scipy's public function).

Written by hand: the loop below is the reverse-communication driver that scipy's own ``_minimize_lbfgsb``
(``scipy/optimize/_lbfgsb_py.py``, scipy >= 1.15) wraps around ``setulb`` for *one* run; no library drives
many runs of it side by side. ``setulb`` is a private scipy function: where its signature is not the one
this driver knows (another scipy version), :data:`AVAILABLE` is False and :func:`lbfgsb_lockstep` runs the
starts one after another through the public ``scipy.optimize.minimize`` with the same caps
(:func:`lbfgsb_one_by_one`: same results, slower).

Conventions as scipy's: ``factr = ftol / eps``, ``pgtol = gtol``, ``m = 10`` corrections, ``maxls = 20``,
``maxiter = 15000``; a start stops when L-BFGS-B converges or stops, when its iterations reach ``maxiter``,
or when it asks for an evaluation beyond its cap (the hard budget of :mod:`regretlab.algorithms.maximize`).
As scipy's ``ScalarFunction`` does, a request at the point evaluated last is answered from memory and not
counted again.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import optimize

__all__ = ["AVAILABLE", "LockstepResult", "lbfgsb_lockstep", "lbfgsb_one_by_one"]

try:  # scipy >= 1.15: the C translation of L-BFGS-B with an integer task array.
    from scipy.optimize import _lbfgsb

    AVAILABLE = "ln_task" in (getattr(_lbfgsb.setulb, "__doc__", "") or "")
except ImportError:  # pragma: no cover - depends on the installed scipy
    _lbfgsb, AVAILABLE = None, False

#: setulb's task codes (scipy/optimize/_lbfgsb_py.py): 3 = evaluate f and g at x, 1 = a new iterate.
_TASK_FG, _TASK_NEW_X, _TASK_STOP = 3, 1, 5
_MAXCOR, _MAXLS, _MAXITER = 10, 20, 15000
#: L-BFGS-B cannot take an infinite value; a start that meets -inf (maximisation) sees this instead, with a
#: zero gradient, which keeps its line search away.
_BAD_VALUE = 1e300


@dataclass(frozen=True)
class LockstepResult:
    """Per start: the best point evaluated, its (maximised) value and the evaluations used.

    ``best_x`` has shape (S, n); a start that was never evaluated has value ``-inf`` and its start point.
    """

    best_x: np.ndarray
    best_value: np.ndarray
    n_evaluations: np.ndarray


class _States:
    """The arrays scipy's driver allocates for one run, for S runs at once: row k is run k's (each row is
    contiguous, as ``setulb`` needs, and is updated in place by it)."""

    def __init__(self, starts: np.ndarray, lower: np.ndarray, upper: np.ndarray):
        S, n = starts.shape
        m = _MAXCOR
        self.lower = np.ascontiguousarray(lower, dtype=np.float64)
        self.upper = np.ascontiguousarray(upper, dtype=np.float64)
        self.x = np.array(starts, dtype=np.float64)
        self.f = np.zeros((S, 1), dtype=np.float64)
        self.g = np.zeros((S, n), dtype=np.float64)
        self.wa = np.zeros((S, 2 * m * n + 5 * n + 11 * m * m + 8 * m), np.float64)
        self.iwa = np.zeros((S, 3 * n), dtype=np.int32)
        self.task = np.zeros((S, 2), dtype=np.int32)
        self.ln_task = np.zeros((S, 2), dtype=np.int32)
        self.lsave = np.zeros((S, 4), dtype=np.int32)
        self.isave = np.zeros((S, 44), dtype=np.int32)
        self.dsave = np.zeros((S, 29), dtype=np.float64)
        self.iterations = [0] * S
        # the last point evaluated for each run and the (negated) answer it got
        self.last_x = np.full((S, n), np.nan)
        self.last_f = np.zeros(S)
        self.last_g = np.zeros((S, n))
        # Each run's row views, made once: the driver calls setulb ~10^6 times a maximisation at D = 100,
        # and slicing 13 rows per call was about a fifth of the driver's own time (1000 starts, n = 5). The
        # views share the arrays' memory, so setulb's in-place updates land in the arrays above. f is a 0-d
        # view: setulb reads and writes it in place, as scipy's driver's f array.
        self.rows = [(self.x[k], self.lower[k], self.upper[k], self.f[k].reshape(()), self.g[k], self.wa[k],
                      self.iwa[k], self.task[k], self.lsave[k], self.isave[k], self.dsave[k], self.ln_task[k])
                     for k in range(S)]

    def step(self, k: int, nbd, factr: float, pgtol: float) -> int:
        """Call ``setulb`` for run k until it asks for f and g or stops; return its task code."""
        x, lower, upper, f, g, wa, iwa, task, lsave, isave, dsave, ln_task = self.rows[k]
        setulb = _lbfgsb.setulb
        while True:
            setulb(_MAXCOR, x, lower, upper, nbd, f, g, factr, pgtol, wa, iwa, task, lsave, isave, dsave,
                   _MAXLS, ln_task)
            code = int(task[0])
            if code != _TASK_NEW_X:
                return code
            self.iterations[k] += 1
            if self.iterations[k] >= _MAXITER:
                task[0], task[1] = _TASK_STOP, 504


def lbfgsb_lockstep(evaluate, starts, lower, upper, caps, *, ftol: float, gtol: float) -> LockstepResult:
    r"""Maximise with one L-BFGS-B run per start, all runs advanced together, evaluations batched.

    Internal (validated by the callers in :mod:`regretlab.algorithms.maximize`).

    Parameters
    ----------
    evaluate : callable
        ``evaluate(index, X) -> (values (q,), gradients (q, n))``: the function to *maximise* and its gradient
        at the rows of ``X``, where row ``i`` belongs to start ``index[i]`` (so that starts may belong to
        different problems, e.g. MS-UCB's subspaces). Called once per round with every start that asks.
    starts : ndarray, shape (S, n)
        Start points, inside their boxes.
    lower, upper : ndarray, shape (S, n)
        Each start's box (finite).
    caps : ndarray of int, shape (S,)
        Each start's hard evaluation cap (0: the start is not run).
    ftol, gtol : float
        L-BFGS-B's tolerances (``factr = ftol / eps``).

    Returns
    -------
    LockstepResult
    """
    if not AVAILABLE:  # another scipy: the public path, one start at a time (same runs)
        return lbfgsb_one_by_one(evaluate, starts, lower, upper, caps, ftol=ftol, gtol=gtol)
    n_starts, n = starts.shape
    factr = ftol / np.finfo(float).eps
    nbd = np.full(n, 2, dtype=np.int32)  # both bounds finite (scipy's bounds_map[(1, 1)])
    best_x = np.array(starts, dtype=float)
    best_value = np.full(n_starts, -np.inf)
    used = np.zeros(n_starts, dtype=np.int64)
    state = _States(starts, lower, upper)
    caps = np.asarray(caps)
    running = np.flatnonzero(caps > 0)
    answered = np.zeros(n_starts, dtype=bool)  # an answer is waiting for the run's next setulb call
    # The runs' rows are independent, so each round is done array-wise where it can be (hand the waiting
    # answers over, find repeats and used-up caps) and only setulb is called run by run, in index order.
    while running.size:
        waiting = running[answered[running]]
        state.f[waiting, 0] = state.last_f[waiting]
        state.g[waiting] = state.last_g[waiting]
        codes = np.array([state.step(k, nbd, factr, gtol) for k in running.tolist()])
        still = running[codes == _TASK_FG]  # the others converged, or were stopped by L-BFGS-B
        # the point just evaluated, bit for bit (scipy's ScalarFunction answers from memory too)
        repeat = answered[still] & np.all(state.x[still].view(np.uint64)
                                          == state.last_x[still].view(np.uint64), axis=1)
        # a cap used up: stopped before evaluating, as the hard budget requires
        capped = ~repeat & (used[still] >= caps[still])
        running = still[~capped]
        index = still[~repeat & ~capped]
        if not index.size:  # only answers from memory this round: no evaluation
            continue
        X = np.clip(state.x[index], lower[index], upper[index])
        values, grads = evaluate(index, X)
        values = np.asarray(values, dtype=float).reshape(-1)
        grads = np.asarray(grads, dtype=float).reshape(X.shape)
        used[index] += 1
        better = values > best_value[index]
        best_value[index[better]] = values[better]
        best_x[index[better]] = X[better]
        finite = np.isfinite(values)
        state.last_x[index] = state.x[index]
        state.last_f[index] = np.where(finite, -values, _BAD_VALUE)
        state.last_g[index] = np.where(finite[:, None], -grads, 0.0)
        answered[index] = True
    return LockstepResult(best_x, best_value, used)


class _CapReached(Exception):
    """Raised inside a start's function when its cap is used up, to stop ``scipy.optimize.minimize`` there."""


def lbfgsb_one_by_one(evaluate, starts, lower, upper, caps, *, ftol: float, gtol: float) -> LockstepResult:
    """The same runs one start after another through the public ``scipy.optimize.minimize``, one point per
    ``evaluate`` call: the reference :func:`lbfgsb_lockstep` is tested against, and its fallback.

    Same arguments and result as :func:`lbfgsb_lockstep`. ``maxfun`` is only a hint to L-BFGS-B (its line
    search can exceed it), so each start's cap is enforced by raising before an evaluation beyond it.
    """
    n_starts, n = starts.shape
    best_x = np.array(starts, dtype=float)
    best_value = np.full(n_starts, -np.inf)
    used = np.zeros(n_starts, dtype=np.int64)
    for k in range(n_starts):
        if caps[k] < 1:
            continue
        index = np.array([k], dtype=np.intp)

        def negated(x, k=k, index=index):
            if used[k] >= caps[k]:
                raise _CapReached
            X = np.clip(np.asarray(x, dtype=float)[None, :], lower[k], upper[k])
            values, grads = evaluate(index, X)
            value = float(np.asarray(values, dtype=float).reshape(-1)[0])
            used[k] += 1
            if value > best_value[k]:
                best_value[k], best_x[k] = value, X[0]
            if not np.isfinite(value):
                return _BAD_VALUE, np.zeros(n)
            return -value, -np.asarray(grads, dtype=float).reshape(1, n)[0]

        try:
            optimize.minimize(negated, starts[k], jac=True, method="L-BFGS-B",
                              bounds=optimize.Bounds(lower[k], upper[k]),
                              options={"maxfun": int(caps[k]), "ftol": ftol, "gtol": gtol})
        except _CapReached:
            pass
    return LockstepResult(best_x, best_value, used)
