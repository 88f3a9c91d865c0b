r"""Check your own bound: :func:`check_bound` runs a researcher's GP-bandit algorithm on exact GP sample paths
and judges a cumulative-regret bound against them exactly as the engine judges the papers' (issue 75).

Nothing here is specific to the four papers. The setting is the one every finite-domain regret theorem
([Srinivas2010, Thm 1] and its descendants) assumes: :math:`f\sim\mathcal{GP}(0,k)` on a finite set
:math:`\mathcal X` (``candidates``), observed with Gaussian noise of variance
``noise_variance``. Each path is drawn exactly (a Cholesky factor of the Gram matrix), so :math:`f^*` is
exact; :math:`\gamma_T` is bracketed on :math:`\mathcal X` by the greedy information gain and the greedy gain
over :math:`1-1/e` (submodularity).

The verdict (:class:`regretlab.verify.Verdict`) is the engine's: a path *violates* the bound when
:math:`R_T` exceeds it at some :math:`T\le` ``T`` with :math:`\gamma_T` at its upper bracket (a definite
violation; at its lower bracket, a possible one); *holds* / *violated* / *inconclusive* by the 99 %
Clopper–Pearson interval of the violation rate against δ; *vacuous* where the bound sits above
:math:`T(f^*-\min f)`, what any query rule reaches, on too many paths for a violation to be possible; the
negative control (the bound divided by 10) must come out violated for a *holds*; and the sensitivity ``k``
says how much too small a bound the same paths would have caught. A bound that could not fail is never
reported as holding.
"""

from __future__ import annotations

import inspect
import math
import time

import numpy as np

from regretlab._rng import check_seed, stream
from regretlab._validate import check_count, check_probability
from regretlab.gp.sample_paths import FiniteSamplePath

from .evidence import gamma_bracket
from .verdict import (
    Verdict,
    beyond_text,
    bite_summary,
    power_audit,
    regret_rate_verdict,
    sensitivity_audit,
)

__all__ = ["check_bound", "bites_beyond", "BOUND_INPUTS", "Policy"]

#: What a bound may ask for, by the name of its parameter: the horizons ``T`` (1..T, an array), ``delta``,
#: ``gamma_T`` (the maximum information gain at each T: the bound is evaluated at both ends of its bracket),
#: ``n_points`` (|X|), ``noise_variance`` and ``sigma`` (its square root).
BOUND_INPUTS = ("T", "delta", "gamma_T", "n_points", "noise_variance", "sigma")


class Policy:
    """An ask/tell optimiser from a rule that picks the next point: ``choose(X, y, candidates, rng)`` returns
    a row of ``candidates`` (or its index) given the points ``X`` (t, D) and observations ``y`` (t,) so far.

    >>> import numpy as np
    >>> first = Policy(lambda X, y, c, rng: 0, np.array([[0.0], [1.0]]), np.random.default_rng(0))
    >>> first.ask()
    array([0.])
    """

    def __init__(self, choose, candidates, rng):
        self.choose, self.candidates, self.rng = choose, np.asarray(candidates, dtype=float), rng
        self.X, self.y = [], []

    def ask(self) -> np.ndarray:
        X = np.array(self.X).reshape(len(self.X), self.candidates.shape[1])
        pick = self.choose(X, np.array(self.y), self.candidates, self.rng)
        if isinstance(pick, int | np.integer):
            return self.candidates[int(pick)]
        return np.asarray(pick, dtype=float).ravel()

    def tell(self, x, y) -> None:
        self.X.append(np.asarray(x, dtype=float).ravel())
        self.y.append(float(y))


def _bound_inputs(bound) -> tuple[str, ...]:
    """The inputs ``bound`` asks for: its parameters named in :data:`BOUND_INPUTS`. Any other parameter must
    have a default (a constant of the bound, e.g. an RKHS norm ``B=1.0``), which the check leaves alone."""
    if not callable(bound):
        raise ValueError(f"bound={bound!r} is not callable: give a function of some of {BOUND_INPUTS}")
    try:
        parameters = inspect.signature(bound).parameters
    except (TypeError, ValueError) as error:
        raise ValueError(f"bound={bound!r}: its parameters cannot be read ({error}); give a Python "
                         f"function of some of {BOUND_INPUTS}") from error
    unknown = [n for n, p in parameters.items() if n not in BOUND_INPUTS and p.default is p.empty
               and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if unknown:
        raise ValueError(f"bound asks for {unknown}, which check_bound does not provide; its parameters must "
                         f"be among {BOUND_INPUTS}, or have a default")
    return tuple(n for n in parameters if n in BOUND_INPUTS)


def _evaluate(bound, names, inputs: dict, T: int) -> np.ndarray:
    """The bound at T = 1..``T`` as a finite, non-negative float array of shape (T,)."""
    value = np.asarray(bound(**{n: inputs[n] for n in names}), dtype=float)
    try:
        value = np.broadcast_to(value, (T,)).astype(float)
    except ValueError:
        raise ValueError(f"bound returned shape {value.shape}; it must give one value per T = 1..{T} "
                         f"(shape ({T},)) or a scalar") from None
    if not np.all(np.isfinite(value)) or np.any(value < 0):
        bad = int(np.flatnonzero(~np.isfinite(value) | (value < 0))[0])
        raise ValueError(f"bound returned {value[bad]!r} at T = {bad + 1}: a regret bound is a finite number "
                         ">= 0")
    return value


def _optimizer(factory, candidates, rng):
    made = factory(candidates=candidates, rng=rng)
    if not (callable(getattr(made, "ask", None)) and callable(getattr(made, "tell", None))):
        raise ValueError(f"optimizer returned {made!r}, which has no ask() and tell(x, y): give a factory "
                         "optimizer(candidates=..., rng=...) of an ask/tell object (regretlab.verify.Policy "
                         "wraps a rule choosing the next point)")
    return made


def bites_beyond(bound, *, names=None, inputs: dict, gram, sigma: float, ranges, horizon: int, delta: float,
                 level: float) -> dict:
    r"""Where a bound starts to bite beyond the checked horizon: per path, the first T <= ``horizon`` at which
    the bound falls below :math:`T(f^*-\min f)` (``ranges``: :math:`f^*-\min f` per path), what any query
    rule can reach; :math:`\gamma_T` at both ends of its greedy bracket on ``gram`` (the lower end gives the
    smaller bound, which bites first). Returns, per end (``"low"``, ``"high"`` γ), the median first T over
    the paths on which it bites, how many never do by ``horizon``, and the T from which the check could first
    come out *violated* (enough paths open for a violation rate significant against δ at ``level``).

    >>> import numpy as np
    >>> out = bites_beyond(lambda T: np.full(T.shape, 10.0), inputs={"T": None}, gram=np.eye(3), sigma=0.1,
    ...                    ranges=np.array([1.0, 2.0, 4.0]), horizon=50, delta=0.5, level=0.9)
    >>> out["bites_median"], out["never"]      # T r > 10 first at T = 11, 6, 3 on the three paths
    ([6.0, 6.0], [0, 0])
    """
    names = _bound_inputs(bound) if names is None else names
    horizon = check_count("horizon", horizon, low=1)
    ranges = np.asarray(ranges, dtype=float).ravel()
    gamma_low, gamma_high = gamma_bracket(gram, horizon, sigma)
    Ts = np.arange(1, horizon + 1)
    ends = {"low": _evaluate(bound, names, {**inputs, "T": Ts, "gamma_T": gamma_low}, horizon),
            "high": _evaluate(bound, names, {**inputs, "T": Ts, "gamma_T": gamma_high}, horizon)}
    return bite_summary({"T": Ts, "ceiling": Ts[None, :] * ranges[:, None], **ends}, delta=delta, level=level)


def check_bound(optimizer, bound, *, kernel, candidates, T: int, delta: float = 0.05, paths: int = 100,
                seed: int = 0, noise_variance: float = 0.01, name: str = "user.bound",
                horizon: int | None = None) -> Verdict:
    r"""Check "with probability at least 1 - δ, :math:`R_T\le` bound(T) for every T <= ``T``" for an
    algorithm on exact GP sample paths (module docstring): the engine's :class:`~regretlab.verify.Verdict`.

    Parameters
    ----------
    optimizer : callable
        ``optimizer(candidates=..., rng=...)`` returning a fresh ask/tell object for one path: ``ask()``
        gives the next point, a row of ``candidates``; ``tell(x, y)`` takes its noisy observation.
        :class:`Policy` wraps a rule ``choose(X, y, candidates, rng)``.
    bound : callable
        The cumulative-regret bound, a function of some of :data:`BOUND_INPUTS` named as its parameters
        (e.g. ``lambda T, gamma_T, delta, n_points: ...``), returning one value per T = 1..``T``; any other
        parameter needs a default (a constant of the bound), which is left as it is.
    kernel : regretlab.gp kernel
        The covariance of the paths (e.g. ``SquaredExponential(lengthscale=0.1, variance=1.0)``).
    candidates : array_like, shape (n, D)
        The finite domain :math:`\mathcal X` (n >= 2).
    T : int >= 1
        The horizon.
    delta : float in (0, 1)
        The bound's failure probability.
    paths : int >= 1
        Sample paths (trials): the violation rate is judged on them.
    seed : int >= 0
        Every draw (paths, noise, the optimizer's own ``rng``) comes from named streams of it: the same seed
        gives the same verdict.
    noise_variance : float > 0
        The observation noise.
    name : str
        The claim id the verdict carries.
    horizon : int >= T, optional
        Also compute where the bound starts to bite beyond ``T`` (:func:`bites_beyond`, up to ``horizon``;
        γ_T bracketed there, no further runs): ``power["beyond"]`` and a clause of the statistic. Costs the
        greedy γ_T to ``horizon`` (seconds at 10000 on 50 points).

    Returns
    -------
    Verdict
        ``outcome`` (holds, violated, inconclusive, vacuous), the violation rate with its interval, the
        power audit (vacuous trials, the control) in ``power``, the sensitivity k, the first counterexample
        with the call that replays it, and the per-path curves in ``series``.

    Examples
    --------
    >>> import numpy as np
    >>> from regretlab.gp import SquaredExponential
    >>> grid = np.linspace(0, 1, 30)[:, None]
    >>> def random_pick(candidates, rng):
    ...     return Policy(lambda X, y, c, r: int(r.integers(len(c))), candidates, rng)
    >>> v = check_bound(random_pick, lambda T: 0.01 * T, kernel=SquaredExponential(0.2, 1.0),
    ...                 candidates=grid, T=20, paths=30)
    >>> v.outcome   # random search against a bound of 0.01 T: far too small
    'violated'
    """
    start = time.perf_counter()
    names = _bound_inputs(bound)
    if not callable(optimizer):
        raise ValueError(f"optimizer={optimizer!r} is not callable: give a factory optimizer(candidates=..., "
                         "rng=...) of an ask/tell object")
    candidates = np.asarray(candidates, dtype=float)
    if candidates.ndim != 2 or candidates.shape[0] < 2 or not np.all(np.isfinite(candidates)):
        raise ValueError(f"candidates has shape {candidates.shape}; expected a finite (n, D) array with "
                         "n >= 2")
    T = check_count("T", T, low=1)
    if horizon is not None:
        horizon = check_count("horizon", horizon, low=T)
    delta = check_probability("delta", delta)
    paths = check_count("paths", paths, low=1)
    seed = check_seed("seed", seed)
    if not (isinstance(noise_variance, int | float) and math.isfinite(noise_variance) and noise_variance > 0):
        raise ValueError(f"noise_variance={noise_variance!r} is outside its domain: a finite number > 0")
    sigma = math.sqrt(noise_variance)
    gram = kernel(candidates, candidates)
    gamma_low, gamma_high = gamma_bracket(gram, T, sigma)
    horizons = np.arange(1, T + 1)
    inputs = {"T": horizons, "delta": delta, "n_points": candidates.shape[0],
              "noise_variance": noise_variance, "sigma": sigma}
    low = _evaluate(bound, names, {**inputs, "gamma_T": gamma_low}, T)
    high = _evaluate(bound, names, {**inputs, "gamma_T": gamma_high}, T)
    strict, lenient = np.minimum(low, high), np.maximum(low, high)
    regret, ceiling = np.empty((paths, T)), np.empty((paths, T))
    for i in range(paths):
        path_rng, noise_rng, method_rng = (np.random.Generator(np.random.PCG64(stream(seed, name, i, part)))
                                           for part in ("path", "noise", "optimizer"))
        path = FiniteSamplePath.draw(kernel, candidates, rng=path_rng)
        chooser = _optimizer(optimizer, candidates, method_rng)
        f = np.empty(T)
        for t in range(T):
            x = np.asarray(chooser.ask(), dtype=float).reshape(1, -1)
            try:
                f[t] = path(x)[0]
            except ValueError as error:
                raise ValueError(f"optimizer asked for {x.ravel().tolist()} at t = {t + 1} on path {i}, "
                                 "which is not a row of candidates (the paths are known there only)"
                                 ) from error
            chooser.tell(x.ravel(), f[t] + sigma * noise_rng.standard_normal())
        best, worst = float(path.values.max()), float(path.values.min())
        regret[i] = np.cumsum(best - f)
        ceiling[i] = horizons * (best - worst)
    replay = (f"regretlab.verify.check_bound(optimizer, bound, kernel={kernel!r}, candidates=<"
              f"{candidates.shape} array>, T={T}, delta={delta:g}, paths={paths}, seed={seed}, "
              f"noise_variance={noise_variance:g})")
    setting = {"kernel": repr(kernel), "n_points": int(candidates.shape[0]),
               "dim": int(candidates.shape[1]),
               "T": T, "paths": paths, "seed": seed, "noise_variance": noise_variance,
               "bound_inputs": list(names),
               "gamma_T": f"in [{gamma_low[-1]:.4g}, {gamma_high[-1]:.4g}] at T = {T} (greedy bracket)",
               "path": "exact joint draw on the candidates (FiniteSamplePath.draw)", "replay": replay}
    verdict = regret_rate_verdict(name, "-", (regret, regret), (strict, lenient), ceiling, delta=delta,
                                  replay=replay, setting=setting)
    power_audit(verdict)
    sensitivity_audit(verdict)
    if horizon is not None:
        beyond = bites_beyond(bound, names=names, inputs=inputs, gram=gram, sigma=sigma,
                              ranges=ceiling[:, 0], horizon=horizon, delta=delta, level=verdict.level)
        verdict.power["beyond"] = beyond
        verdict.statistic += beyond_text(beyond)
    verdict.seconds = time.perf_counter() - start
    return verdict
