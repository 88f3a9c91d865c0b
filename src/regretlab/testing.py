"""Hypothesis strategies for stating a regret bound as a property test in your own pytest suite (issue 75.2).

The strategies draw what the project's own suites draw: kernels with hyperparameters, GP sample paths with a
*certified* maximum (exact on a finite set; random Fourier features on a box, whose maximum comes with a
certificate; additive paths, the sum of their groups' certificates), and runs of an ask/tell optimiser on a
path. Every random draw inside a strategy comes from a seed that hypothesis draws, so a failing example
shrinks and replays like any other::

    from hypothesis import given
    from regretlab.testing import finite_paths, optimizer_runs
    from regretlab.verify import Policy

    def random_search(candidates, rng):
        return Policy(lambda X, y, c, r: int(r.integers(len(c))), candidates, rng)

    @given(optimizer_runs(random_search, finite_paths(), T=10))
    def test_regret_is_at_most_what_any_rule_reaches(run):
        assert run.regret[-1] <= 10 * (run.path.maximum().value - run.path.values.min())

Needs ``hypothesis`` (the ``test`` extra: ``pip install 'regretlab[test]'``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

try:
    from hypothesis import strategies as st
except ImportError as error:   # pragma: no cover - the test extra brings it
    raise ImportError("regretlab.testing needs hypothesis: pip install 'regretlab[test]' (or hypothesis)") \
        from error

from regretlab._validate import check_count, check_number
from regretlab.gp import Additive, Matern32, Matern52, SquaredExponential
from regretlab.gp.sample_paths import AdditiveSamplePath, FiniteSamplePath, RFFSamplePath

__all__ = [
    "kernels", "finite_paths", "rff_paths", "additive_paths", "optimizer_runs", "PathRun", "KERNEL_FAMILIES",
]

#: The kernel families :func:`kernels` draws from, by name.
KERNEL_FAMILIES = {"squared_exponential": SquaredExponential, "matern32": Matern32, "matern52": Matern52}
_SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def kernels(*, families=tuple(KERNEL_FAMILIES), lengthscale=(0.05, 1.0), variance=1.0):
    """Stationary kernels: a family of ``families`` (names of :data:`KERNEL_FAMILIES`), a lengthscale drawn in
    the closed interval ``lengthscale`` and the given ``variance`` (1 by default, the k(x, x) <= 1 that
    GP-UCB's theorems assume)."""
    unknown = [f for f in families if f not in KERNEL_FAMILIES]
    if unknown or not families:
        raise ValueError(f"families={families!r}: each must be one of {list(KERNEL_FAMILIES)}")
    low, high = lengthscale
    if not 0 < low <= high:
        raise ValueError(f"lengthscale={lengthscale!r} is not (low, high) with 0 < low <= high")
    return st.builds(lambda family, ell: KERNEL_FAMILIES[family](lengthscale=ell, variance=variance),
                     st.sampled_from(tuple(families)),
                     st.floats(min_value=low, max_value=high, allow_nan=False, allow_infinity=False))


def _kernel_strategy(kernel):
    """``kernel`` as a strategy: None -> :func:`kernels`; a strategy as it is; a kernel -> ``just`` it."""
    if kernel is None:
        return kernels()
    if isinstance(kernel, st.SearchStrategy):
        return kernel
    if not callable(kernel):
        raise ValueError(f"kernel={kernel!r} is not a kernel (a callable k(X, Z)), a strategy of kernels or "
                         "None")
    return st.just(kernel)


def _size_range(name: str, value, *, low: int) -> tuple[int, int]:
    """A (low, high) range of integers with ``low`` <= low <= high, or a clear error naming ``name``."""
    try:
        first, last = value
    except (TypeError, ValueError):
        raise ValueError(f"{name}={value!r} is not a (low, high) pair of integers") from None
    first, last = check_count(name, first, low=low), check_count(name, last, low=low)
    if first > last:
        raise ValueError(f"{name}={value!r}: low > high")
    return first, last


def finite_paths(kernel=None, *, n_points=(10, 60), dim: int = 1):
    """Exact GP sample paths on a random finite set of ``n_points`` (a (low, high) range) points of
    [0, 1]^``dim``: :class:`~regretlab.gp.sample_paths.FiniteSamplePath`, whose ``maximum()`` is exact.
    ``kernel``: a kernel, a strategy of kernels, or None for :func:`kernels`."""
    kernel_strategy = _kernel_strategy(kernel)
    n_points = _size_range("n_points", n_points, low=2)
    dim = check_count("dim", dim, low=1)

    def draw(k, n, seed):
        rng = np.random.default_rng(seed)
        points = np.unique(rng.uniform(0.0, 1.0, (n, dim)), axis=0)
        return FiniteSamplePath.draw(k, points, rng=rng)

    return st.builds(draw, kernel_strategy, st.integers(min_value=n_points[0], max_value=n_points[1]), _SEEDS)


def rff_paths(kernel=None, *, dim: int = 1, n_features: int = 256):
    """GP sample paths on the box [0, 1]^``dim`` by random Fourier features
    (:class:`~regretlab.gp.sample_paths.RFFSamplePath`: ``maximum()`` returns a certificate with a lower value
    and an upper bound). ``kernel`` as in :func:`finite_paths` (a stationary kernel)."""
    kernel_strategy = _kernel_strategy(kernel)
    dim = check_count("dim", dim, low=1)
    n_features = check_count("n_features", n_features, low=1)
    box = np.array([[0.0, 1.0]] * dim)
    return st.builds(lambda k, seed: RFFSamplePath(k, box, n_features=n_features, rng=seed),
                     kernel_strategy, _SEEDS)


def additive_paths(groups=((0,), (1,)), kernel=None, *, n_features: int = 256):
    r"""Additive GP sample paths on [0, 1]^D, :math:`f=\sum_j f^{(j)}(x^{(j)})` with independent group paths
    [Kandasamy2015, Eq. (4)] (:class:`~regretlab.gp.sample_paths.AdditiveSamplePath`: ``maximum()`` is the
    sum of the groups' certified maxima). ``groups``: disjoint non-empty tuples of coordinates (D is one more
    than the largest); ``kernel``: each group's kernel, drawn independently per group from a strategy (default
    :func:`kernels`), or one kernel for every group."""
    try:
        groups = [tuple(int(i) for i in g) for g in groups]
    except (TypeError, ValueError):
        raise ValueError(f"groups={groups!r} is not a sequence of tuples of coordinate indices") from None
    flat = [i for g in groups for i in g]
    if not groups or not all(groups) or min(flat) < 0 or len(set(flat)) != len(flat):
        raise ValueError(f"groups={groups!r}: give disjoint, non-empty groups of coordinates >= 0")
    n_features = check_count("n_features", n_features, low=1)
    dim = max(flat) + 1
    box = np.array([[0.0, 1.0]] * dim)
    per_group = st.lists(_kernel_strategy(kernel), min_size=len(groups), max_size=len(groups))
    return st.builds(lambda base, seed: AdditiveSamplePath(Additive(groups, base, dim=dim), box,
                                                           n_features=n_features, rng=seed),
                     per_group, _SEEDS)


@dataclass(frozen=True)
class PathRun:
    """A run of an optimiser on a finite path: its queries ``X``, the path's values ``f`` there, the noisy
    observations ``y`` and the cumulative regret ``regret`` (exact: the path's maximum is)."""

    path: FiniteSamplePath
    X: np.ndarray
    f: np.ndarray
    y: np.ndarray
    regret: np.ndarray


def optimizer_runs(optimizer, paths=None, *, T: int = 10, noise_variance: float = 0.01):
    """Runs of ``T`` evaluations of ``optimizer`` (a factory ``optimizer(candidates=..., rng=...)`` of an
    ask/tell object, as :func:`regretlab.verify.check_bound` takes) on paths drawn from ``paths`` (a strategy
    of :class:`FiniteSamplePath`; default :func:`finite_paths`), with Gaussian noise of ``noise_variance``:
    :class:`PathRun`."""
    if not callable(optimizer):
        raise ValueError(f"optimizer={optimizer!r} is not callable: give a factory optimizer(candidates=..., "
                         "rng=...) of an ask/tell object")
    T = check_count("T", T, low=1)
    noise_variance = check_number("noise_variance", noise_variance, low=0.0, low_open=True)
    if paths is not None and not isinstance(paths, st.SearchStrategy):
        raise ValueError(f"paths={paths!r} is not a hypothesis strategy (e.g. finite_paths(kernel))")

    def run(path, seed):
        rng = np.random.default_rng(seed)
        chooser = optimizer(candidates=path.X, rng=np.random.default_rng(rng.integers(2**63 - 1)))
        X, f, y = np.empty((T, path.dim)), np.empty(T), np.empty(T)
        for t in range(T):
            X[t] = np.asarray(chooser.ask(), dtype=float).ravel()
            f[t] = path(X[t][None])[0]
            y[t] = f[t] + np.sqrt(noise_variance) * rng.standard_normal()
            chooser.tell(X[t], y[t])
        return PathRun(path, X, f, y, np.cumsum(path.maximum().value - f))

    return st.builds(run, finite_paths() if paths is None else paths, _SEEDS)
