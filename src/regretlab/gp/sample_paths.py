r"""Gaussian-process sample paths: exact on finite sets, random Fourier features on boxes, additive sums.

Three kinds of sample path f ~ GP(0, k), each able to report its own maximiser and maximum together with
*how* that maximum was certified (a :class:`Certificate`):

* :func:`sample_on_points` / :class:`FiniteSamplePath` — exact joint draws of (f(x_1), ..., f(x_n)) by a
  Cholesky factor of the kernel matrix; the maximum is exact ("exact-finite").
* :class:`RFFSamplePath` — a continuous path on the whole box from random Fourier features
  ([Rahimi2007]) for the stationary kernels (squared exponential, Matérn), with an analytic
  gradient; the maximum is found by a dense grid (or a scrambled Sobol' set in D >= 3) followed by
  L-BFGS-B polishing ("grid+polish"). On a tensor grid a rigorous upper bound on the true maximum over
  the box is reported too.
* :class:`AdditiveSamplePath` — f(x) = Σ_j f^(j)(x^(j)) with independent RFF paths per group, the
  additive model of [Kandasamy2015, Eq. (4), §3]; because the groups are disjoint its global
  maximum is the sum of the groups' maxima, found group by group ("per-group"), as Add-GP-UCB does for
  its acquisition function [Kandasamy2015, §4.2].

All randomness comes from the ``rng`` argument (None, int or :class:`numpy.random.Generator`) through
:func:`regretlab._rng.as_generator`.

References
----------
.. [1] [Rahimi2007].
.. [2] [Kandasamy2015, Eq. (4), §4.2].
.. [3] [Rasmussen2006, App. A.2] (sampling from a multivariate Gaussian).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import scipy.linalg
import scipy.optimize
from scipy.stats import qmc

from regretlab._rng import as_generator
from regretlab._validate import (
    check_array,
    check_bounds,
    check_choice,
    check_count,
    check_integer,
    check_number,
)

__all__ = [
    "Certificate",
    "sample_on_points",
    "FiniteSamplePath",
    "RFFSamplePath",
    "AdditiveSamplePath",
]

# Largest number of (point, feature) products held in memory at once when evaluating an RFF path.
_CHUNK_ENTRIES = 1 << 22


# ----------------------------------------------------------------------------------------------------
# Certificate
# ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)  # eq=False: ndarray fields make field-wise == ambiguous
class Certificate:
    """The maximiser and maximum of a sample path, and how they were obtained.

    Attributes
    ----------
    x : ndarray, shape (D,)
        The certified maximiser (read-only).
    value : float
        f(x), the certified maximum; always a value the path actually attains.
    method : {"exact-finite", "grid+polish", "per-group"}
        ``"exact-finite"``: argmax over a finite set (exact). ``"grid+polish"``: best point of a dense
        candidate set, improved by L-BFGS-B from the best separated candidates. ``"per-group"``: sum of the
        groups' certificates of an additive path (exact reduction, since groups are disjoint).
    upper_bound : float or None
        A guaranteed upper bound on the true maximum (``value <= max f <= upper_bound``) when one is
        available: equal to ``value`` for "exact-finite", a second-order grid bound for "grid+polish" on a
        tensor grid, the sum of the groups' bounds for "per-group"; None when no bound is available
        (Sobol' candidates).
    details : dict
        Method-specific facts (grid size, number of polishes, per-group certificates, ...).
    """

    x: np.ndarray
    value: float
    method: str
    upper_bound: float | None = None
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def gap(self) -> float | None:
        """``upper_bound - value``: how far the true maximum can lie above ``value`` (None if unknown)."""
        return None if self.upper_bound is None else self.upper_bound - self.value


def _readonly(x: np.ndarray) -> np.ndarray:
    x = np.array(x, dtype=float, copy=True)
    x.setflags(write=False)
    return x


# ----------------------------------------------------------------------------------------------------
# Exact draws on a finite set
# ----------------------------------------------------------------------------------------------------
def _check_points(name: str, X, dim: int | None = None) -> np.ndarray:
    X = check_array(name, X, ndim=2)
    if X.shape[0] < 1 or X.shape[1] < 1:
        raise ValueError(f"{name} has shape {X.shape}; expected (n, D) with n >= 1 and D >= 1")
    if dim is not None and X.shape[1] != dim:
        raise ValueError(f"{name} has shape {X.shape}; expected (n, {dim})")
    return X


def sample_on_points(kernel, X, *, n_samples: int = 1, rng=None, jitter: float = 1e-10, max_tries: int = 7):
    r"""Exact joint draws of a zero-mean GP at the rows of ``X``.

    Draws :math:`f = L z` with :math:`z \sim \mathcal N(0, I)` and :math:`L L^\top = K = k(X, X)`
    ([Rasmussen2006, App. A.2]). Duplicate rows of ``X`` are sampled once and receive identical
    values, as a sample *path* must give them.

    Parameters
    ----------
    kernel : callable
        ``kernel(X) -> (n, n)`` covariance matrix (a :mod:`regretlab.gp.kernels` kernel).
    X : array_like, shape (n, D)
        The points.
    n_samples : int, default 1
        Number of independent joint draws.
    rng : None, int or numpy.random.Generator
        Source of randomness.
    jitter : float, default 1e-10
        Initial diagonal jitter, *relative* to the mean of diag(K); multiplied by 10 on every failed
        Cholesky factorisation, at most ``max_tries`` times.
    max_tries : int, default 7
        Number of factorisation attempts before giving up.

    Returns
    -------
    ndarray, shape (n_samples, n)
        Row s is one joint draw of (f(x_1), ..., f(x_n)).

    Raises
    ------
    ValueError
        On invalid input, or if K + εI is not numerically positive definite even at the largest jitter.

    Notes
    -----
    Jitter ε changes the sampled covariance from K to K + εI: each draw equals an exact draw plus
    independent N(0, ε) noise at every point. With the default relative jitter 1e-10 (standard deviation
    1e-5 of the prior standard deviation) this is far below any statistical test's resolution; the jitter
    actually used is recorded by :meth:`FiniteSamplePath.draw` in ``details["jitter"]``.

    Examples
    --------
    >>> from regretlab.gp.kernels import SquaredExponential
    >>> F = sample_on_points(SquaredExponential(0.5), [[0.0], [0.1], [2.0]], n_samples=4, rng=0)
    >>> F.shape
    (4, 3)
    """
    values, _ = _sample_on_points(kernel, X, n_samples=n_samples, rng=rng, jitter=jitter, max_tries=max_tries)
    return values


def _sample_on_points(kernel, X, *, n_samples, rng, jitter, max_tries):
    X = _check_points("X", X)
    n_samples = check_count("n_samples", n_samples, low=1)
    jitter = check_number("jitter", jitter, low=0.0)
    max_tries = check_count("max_tries", max_tries, low=1)
    rng = as_generator(rng)
    unique, inverse = np.unique(X, axis=0, return_inverse=True)
    inverse = np.asarray(inverse).reshape(-1)
    K = np.asarray(kernel(unique), dtype=float)
    if K.shape != (unique.shape[0], unique.shape[0]) or not np.all(np.isfinite(K)):
        raise ValueError(f"kernel={kernel!r} returned a covariance of shape {K.shape} that is not finite")
    scale = float(np.mean(np.diag(K)))
    if not scale > 0:
        raise ValueError(f"kernel={kernel!r} has non-positive prior variance {scale!r} at X")
    L, used = None, 0.0
    for attempt in range(max_tries):
        # Jitter: the factorised matrix is K + used·I (see Notes); the first attempt uses `jitter` itself.
        used = jitter * scale * 10.0**attempt
        try:
            L = scipy.linalg.cholesky(K + used * np.eye(K.shape[0]), lower=True)
            break
        except np.linalg.LinAlgError:
            continue
    if L is None:
        raise ValueError(
            f"the kernel matrix at X is not numerically positive definite even with jitter={used:g}; "
            "remove near-duplicate points of X or raise jitter"
        )
    # [Rasmussen2006, App. A.2]: f = L z with z ~ N(0, I) has covariance L Lᵀ.
    Z = rng.standard_normal((unique.shape[0], n_samples))
    draws = (L @ Z).T
    return draws[:, inverse], used


class FiniteSamplePath:
    """A sample path known on a finite set of points: a lookup table from rows of ``X`` to values.

    Parameters
    ----------
    X : array_like, shape (n, D)
        The points (duplicate rows must carry equal values).
    values : array_like, shape (n,)
        f at each row of ``X``.
    details : dict, optional
        Provenance carried into the certificate (e.g. the jitter used by :meth:`draw`).

    Examples
    --------
    >>> path = FiniteSamplePath([[0.0], [1.0]], [0.3, -1.2])
    >>> path([[1.0]])
    array([-1.2])
    >>> path.maximum().method
    'exact-finite'
    """

    def __init__(self, X, values, *, details: dict | None = None):
        X = _check_points("X", X)
        values = check_array("values", values, ndim=1)
        if values.shape[0] != X.shape[0]:
            raise ValueError(f"values has shape {values.shape}; expected ({X.shape[0]},) to match X")
        self.X = _readonly(X)
        self.values = _readonly(values)
        self.dim = X.shape[1]
        self._details = dict(details or {})
        self._index: dict[bytes, int] = {}
        for i, row in enumerate(self.X):
            key = self._key(row)
            j = self._index.setdefault(key, i)
            if j != i and values[j] != values[i]:
                raise ValueError(
                    f"values[{i}]={values[i]!r} differs from values[{j}]={values[j]!r} at the same point "
                    f"X[{i}] = X[{j}] = {row.tolist()}; a sample path takes one value per point"
                )

    @staticmethod
    def _key(row: np.ndarray) -> bytes:
        # `+ 0.0` maps -0.0 to 0.0 so that both spellings of zero find the same row.
        return (np.asarray(row, dtype=float) + 0.0).tobytes()

    @classmethod
    def draw(cls, kernel, X, *, rng=None, jitter: float = 1e-10, max_tries: int = 7) -> FiniteSamplePath:
        """Draw one exact sample path of GP(0, ``kernel``) on the rows of ``X`` (:func:`sample_on_points`)."""
        values, used = _sample_on_points(kernel, X, n_samples=1, rng=rng, jitter=jitter, max_tries=max_tries)
        return cls(X, values[0], details={"jitter": used})

    def __call__(self, X) -> np.ndarray:
        """Values at the rows of ``X`` (n, D); every row must be one of the stored points."""
        X = _check_points("X", X, self.dim)
        out = np.empty(X.shape[0])
        for i, row in enumerate(X):
            j = self._index.get(self._key(row))
            if j is None:
                raise ValueError(f"X[{i}]={row.tolist()} is not one of the {len(self.X)} points of this path")
            out[i] = self.values[j]
        return out

    def maximum(self) -> Certificate:
        """Exact maximiser and maximum over the stored points (first index on ties)."""
        i = int(np.argmax(self.values))
        value = float(self.values[i])
        details = {"n_points": int(self.X.shape[0]), "index": i, **self._details}
        return Certificate(_readonly(self.X[i]), value, "exact-finite", upper_bound=value, details=details)


# ----------------------------------------------------------------------------------------------------
# Random Fourier features
# ----------------------------------------------------------------------------------------------------
class RFFSamplePath:
    r"""A continuous, differentiable approximate GP sample path on a box from random Fourier features.

    .. math::

        f(x) = \sqrt{2 s^2 / M} \sum_{i=1}^M w_i \cos(\omega_i^\top x + b_i),\qquad
        w_i \sim \mathcal N(0, 1),\ b_i \sim U[0, 2\pi),\ \omega_i \sim p(\omega)

    where s² is the kernel variance and p the kernel's normalised spectral density (Bochner's theorem;
    [Rahimi2007]): N(0, ℓ⁻² I) for the squared exponential, a Student-t with 2ν degrees of freedom
    scaled by 1/ℓ for Matérn-ν (``kernel.spectral_frequencies``).

    Parameters
    ----------
    kernel : stationary kernel
        Needs ``variance`` and ``spectral_frequencies(n_features, dim, rng)`` (``SquaredExponential``,
        ``Matern32``, ``Matern52``). For an ``Additive`` kernel use :class:`AdditiveSamplePath`.
    bounds : array_like, shape (D, 2)
        The box on which :meth:`maximum` searches. The path itself is defined on all of R^D.
    n_features : int, default 1024
        Number M of random features.
    rng : None, int or numpy.random.Generator
        Source of randomness: ω, then b, then w, then a seed reserved for :meth:`maximum`.

    Notes
    -----
    *Approximation error.* Conditional on (ω, b), f is a Gaussian process with covariance
    :math:`\tilde k(x, x') = (2 s^2/M) \sum_i \cos(\omega_i^\top x + b_i) \cos(\omega_i^\top x' + b_i)`,
    an unbiased estimate of k: :math:`E\,\tilde k(x, x') = k(x, x')`, so unconditionally f has exactly
    covariance k (but is not exactly Gaussian). With ρ = k/s² and Δ = x - x' each term of the sum has
    variance :math:`1 + \rho(2\Delta)/2 - \rho(\Delta)^2 \le 3/2`, hence

    .. math::

        \operatorname{Var} \tilde k(x, x')
        = \frac{s^4}{M}\Bigl(1 + \tfrac12\rho(2\Delta) - \rho(\Delta)^2\Bigr) \le \frac{3 s^4}{2M},

    i.e. an O(M^{-1/2}) error per pair ([Rahimi2007], Claim 1 gives the uniform version). The path is
    infinitely differentiable even for Matérn kernels: a smooth stand-in for a rougher process.
    """

    def __init__(self, kernel, bounds, *, n_features: int = 1024, rng=None):
        self.bounds = _readonly(check_bounds("bounds", bounds))
        self.dim = int(self.bounds.shape[0])
        self.n_features = check_count("n_features", n_features, low=1)
        if not callable(getattr(kernel, "spectral_frequencies", None)) or not hasattr(kernel, "variance"):
            raise ValueError(
                f"kernel={kernel!r} has no spectral density (spectral_frequencies and variance); random "
                "Fourier features need a stationary kernel — use AdditiveSamplePath for an Additive kernel"
            )
        self.kernel = kernel
        variance = check_number("kernel.variance", kernel.variance, low=0.0, low_open=True)
        rng = as_generator(rng)
        omega = np.asarray(kernel.spectral_frequencies(self.n_features, self.dim, rng), dtype=float)
        if omega.shape != (self.n_features, self.dim):
            raise ValueError(
                f"kernel.spectral_frequencies returned shape {omega.shape}; expected "
                f"({self.n_features}, {self.dim}) for bounds with D={self.dim} rows"
            )
        self.frequencies = _readonly(omega)
        self.phases = _readonly(rng.uniform(0.0, 2.0 * np.pi, self.n_features))
        self.weights = _readonly(rng.standard_normal(self.n_features))
        self.amplitude = math.sqrt(2.0 * variance / self.n_features)
        self._maximise_seed = int(rng.integers(2**63 - 1))
        self._cache: dict[tuple, Certificate] = {}

    # -- evaluation ------------------------------------------------------------------------------
    def _chunks(self, n: int):
        step = max(1, _CHUNK_ENTRIES // self.n_features)
        for start in range(0, n, step):
            yield slice(start, min(n, start + step))

    def features(self, X) -> np.ndarray:
        r"""Feature map φ(X), shape (n, M), with f(X) = φ(X) w and φ(X) φ(X')ᵀ = k̃(X, X') ≈ k(X, X')."""
        X = _check_points("X", X, self.dim)
        return self.amplitude * np.cos(X @ self.frequencies.T + self.phases)

    def _value(self, X: np.ndarray) -> np.ndarray:
        out = np.empty(X.shape[0])
        for s in self._chunks(X.shape[0]):
            out[s] = np.cos(X[s] @ self.frequencies.T + self.phases) @ self.weights
        return self.amplitude * out

    def _gradient(self, X: np.ndarray) -> np.ndarray:
        out = np.empty(X.shape)
        for s in self._chunks(X.shape[0]):
            # ∂/∂x cos(ωᵀx + b) = -sin(ωᵀx + b) ω
            out[s] = -(np.sin(X[s] @ self.frequencies.T + self.phases) * self.weights) @ self.frequencies
        return self.amplitude * out

    def __call__(self, X) -> np.ndarray:
        """f at the rows of ``X`` (n, D); returns shape (n,)."""
        return self._value(_check_points("X", X, self.dim))

    def gradient(self, X) -> np.ndarray:
        """∇f at the rows of ``X`` (n, D); returns shape (n, D)."""
        return self._gradient(_check_points("X", X, self.dim))

    def hessian_bound(self) -> float:
        r"""C₂ with :math:`|\delta^\top \nabla^2 f(x)\, \delta| \le C_2 \|\delta\|^2` for all x, δ.

        :math:`C_2 = \sqrt{2s^2/M} \sum_i |w_i| \|\omega_i\|^2`, since
        :math:`\nabla^2 f = -\sqrt{2s^2/M} \sum_i w_i \cos(\omega_i^\top x + b_i)\, \omega_i \omega_i^\top`.
        """
        return self.amplitude * float(np.abs(self.weights) @ np.sum(self.frequencies**2, axis=1))

    # -- maximisation ----------------------------------------------------------------------------
    def _lengthscale(self) -> np.ndarray:
        ell = getattr(self.kernel, "lengthscale", None)
        if ell is None:
            return (self.bounds[:, 1] - self.bounds[:, 0]) / 10.0
        return np.broadcast_to(np.asarray(ell, dtype=float), (self.dim,))

    def _candidates(self, grid: str, grid_size: int, rng) -> tuple[np.ndarray, dict]:
        lo, hi = self.bounds[:, 0], self.bounds[:, 1]
        if grid == "auto":
            grid = "tensor" if self.dim <= 2 else "sobol"
        if grid == "tensor":
            per_axis = max(2, int(round(grid_size ** (1.0 / self.dim))))
            if per_axis**self.dim > 50 * grid_size:
                raise ValueError(
                    f"grid='tensor' with grid_size={grid_size} needs {per_axis}^{self.dim} points in "
                    f"D={self.dim}; use grid='sobol' or a larger grid_size"
                )
            axes = [np.linspace(lo[k], hi[k], per_axis) for k in range(self.dim)]
            points = np.stack(np.meshgrid(*axes, indexing="ij"), axis=-1).reshape(-1, self.dim)
            spacing = (hi - lo) / (per_axis - 1)
            return points, {"grid": "tensor", "points_per_axis": per_axis, "spacing": spacing.tolist()}
        # scipy.stats.qmc: scrambled Sobol' points, a power of two, mapped to the box; plus the centre.
        m = max(1, math.ceil(math.log2(grid_size)))
        sobol = qmc.Sobol(d=self.dim, scramble=True, seed=rng).random_base2(m)
        points = np.vstack([qmc.scale(sobol, lo, hi), (lo + hi) / 2.0])
        return points, {"grid": "sobol"}

    def _starts(self, points: np.ndarray, values: np.ndarray, n_polish: int) -> np.ndarray:
        """Best candidates, greedily kept at scaled distance >= 1/2 from each other (distinct peaks)."""
        order = np.argsort(-values, kind="stable")
        scale = self._lengthscale()
        chosen: list[np.ndarray] = []
        for i in order:
            if len(chosen) == n_polish:
                break
            p = points[i]
            if all(np.sum(((p - q) / scale) ** 2) >= 0.25 for q in chosen):
                chosen.append(p)
        return np.array(chosen).reshape(-1, self.dim)

    def maximum(
        self, *, grid_size: int = 4096, n_polish: int = 10, grid: str = "auto", rng=None
    ) -> Certificate:
        r"""Certified maximiser and maximum of the path over the box: dense candidates plus local polish.

        Parameters
        ----------
        grid_size : int, default 4096
            Number of candidate points. A tensor grid (``grid="tensor"``, the default for D <= 2) has
            ``round(grid_size ** (1/D))`` points per axis including the box's faces; a Sobol' set
            (``grid="sobol"``, default for D >= 3) has 2^⌈log₂ grid_size⌉ scrambled points plus the centre.
        n_polish : int, default 10
            Number of L-BFGS-B runs (analytic gradient, box constraints), started from the best candidates
            that are at least half a lengthscale apart. 0 disables polishing.
        grid : {"auto", "tensor", "sobol"}
        rng : None, int or numpy.random.Generator
            Scrambling of the Sobol' set. None uses a seed drawn when the path was made, so the result is
            a deterministic property of the path (and is cached).

        Returns
        -------
        Certificate
            ``method="grid+polish"``; ``value >= `` the best candidate value; ``details`` holds the
            candidates' largest and smallest values (``grid_maximum``, ``grid_minimum``). On a tensor grid
            ``upper_bound = max_grid + C₂/2 · Σ_k (h_k/2)²`` (``h_k`` the grid spacing, C₂ from
            :meth:`hessian_bound`) bounds the true maximum: at a maximiser in the relative interior of a
            face of the box (the box itself included) the tangential gradient vanishes, the nearest grid
            point on that face differs only in tangential coordinates, each by at most h_k/2, and Taylor's
            theorem bounds the drop by C₂‖δ‖²/2. With Sobol' candidates ``upper_bound`` is None.
        """
        grid_size = check_count("grid_size", grid_size, low=2)
        n_polish = check_count("n_polish", n_polish, low=0)
        grid = check_choice("grid", grid, ("auto", "tensor", "sobol"))
        key = (grid_size, n_polish, grid)
        if rng is None and key in self._cache:
            return self._cache[key]
        generator = as_generator(self._maximise_seed if rng is None else rng)
        points, details = self._candidates(grid, grid_size, generator)
        values = self._value(points)
        i_best = int(np.argmax(values))
        grid_max = float(values[i_best])
        best_x, best_value = points[i_best].copy(), grid_max

        starts = self._starts(points, values, n_polish) if n_polish else np.empty((0, self.dim))

        def negative(x):
            x = x.reshape(1, -1)
            return -float(self._value(x)[0]), -self._gradient(x)[0]

        improved, converged = 0, 0
        for x0 in starts:
            res = scipy.optimize.minimize(negative, x0, jac=True, method="L-BFGS-B", bounds=self.bounds)
            x = np.clip(res.x, self.bounds[:, 0], self.bounds[:, 1])
            value = float(self._value(x.reshape(1, -1))[0])
            converged += bool(res.success)
            if value > best_value:
                improved += value > grid_max
                best_x, best_value = x, value

        upper = None
        hessian = self.hessian_bound()
        if details["grid"] == "tensor":
            half_spacing = np.asarray(details["spacing"]) / 2.0
            upper = max(best_value, grid_max + 0.5 * hessian * float(np.sum(half_spacing**2)))
        details.update(
            n_grid_points=int(points.shape[0]),
            grid_maximum=grid_max,
            grid_minimum=float(values.min()),
            n_polish=int(starts.shape[0]),
            n_polish_converged=converged,
            polish_improvement=best_value - grid_max,
            hessian_bound=hessian,
            n_features=self.n_features,
        )
        cert = Certificate(_readonly(best_x), best_value, "grid+polish", upper_bound=upper, details=details)
        if rng is None:
            self._cache[key] = cert
        return cert


# ----------------------------------------------------------------------------------------------------
# Additive sample paths
# ----------------------------------------------------------------------------------------------------
class AdditiveSamplePath:
    r"""A sample path of an additive GP: a sum of independent RFF paths on disjoint coordinate groups.

    .. math:: f(x) = \sum_{j=1}^M f^{(j)}(x^{(j)}), \qquad f^{(j)} \sim GP(0, k^{(j)}) \text{ independent},

    the additive model of [Kandasamy2015, Eq. (4), §3], each f^(j) an :class:`RFFSamplePath`
    of the group's kernel ``kernel.kernels[j]`` on the group's coordinates.

    Parameters
    ----------
    kernel : regretlab.gp.kernels.Additive
        Groups (disjoint coordinate index lists) and one stationary kernel per group.
    bounds : array_like, shape (D, 2)
        The box; every group index must be < D. Coordinates in no group do not affect f.
    n_features : int, default 1024
        Random features *per group*.
    rng : None, int or numpy.random.Generator
        Source of randomness; the groups' paths are drawn in group order from it.
    """

    def __init__(self, kernel, bounds, *, n_features: int = 1024, rng=None):
        from regretlab.gp.kernels import Additive  # local: kernels and sample paths are sibling modules

        if not isinstance(kernel, Additive):
            raise ValueError(
                f"kernel={kernel!r} is not an Additive kernel; use RFFSamplePath for a stationary kernel "
                "(a ProjectedAdditive path is not separable on the box)"
            )
        self.bounds = _readonly(check_bounds("bounds", bounds))
        self.dim = int(self.bounds.shape[0])
        n_features = check_count("n_features", n_features, low=1)
        if kernel.input_dim is not None and kernel.input_dim != self.dim:
            raise ValueError(
                f"bounds has D={self.dim} rows but kernel={kernel!r} was built for dim={kernel.input_dim}"
            )
        self.kernel = kernel
        self.groups = [np.asarray(g, dtype=int) for g in kernel.groups]
        for j, g in enumerate(self.groups):
            if g.size and int(g.max()) >= self.dim:
                raise ValueError(
                    f"kernel.groups[{j}]={g.tolist()} uses coordinate {int(g.max())} but bounds has "
                    f"D={self.dim} rows"
                )
        covered = np.concatenate(self.groups) if self.groups else np.empty(0, dtype=int)
        self.uncovered = np.setdiff1d(np.arange(self.dim), covered)
        rng = as_generator(rng)
        self.paths = [
            RFFSamplePath(k, self.bounds[g], n_features=n_features, rng=rng)
            for g, k in zip(self.groups, kernel.kernels, strict=True)
        ]

    def component(self, j: int) -> RFFSamplePath:
        """The group path f^(j), a function of the group's coordinates ``x[:, groups[j]]`` only."""
        j = check_integer("j", j, low=0, high=len(self.paths) - 1)
        return self.paths[j]

    def __call__(self, X) -> np.ndarray:
        """f at the rows of ``X`` (n, D); returns shape (n,)."""
        X = _check_points("X", X, self.dim)
        out = np.zeros(X.shape[0])
        for g, p in zip(self.groups, self.paths, strict=True):
            out += p._value(X[:, g])
        return out

    def gradient(self, X) -> np.ndarray:
        """∇f at the rows of ``X`` (n, D); zero in coordinates that belong to no group."""
        X = _check_points("X", X, self.dim)
        out = np.zeros(X.shape)
        for g, p in zip(self.groups, self.paths, strict=True):
            out[:, g] += p._gradient(X[:, g])
        return out

    def maximum(
        self, *, grid_size: int = 4096, n_polish: int = 10, grid: str = "auto", rng=None
    ) -> Certificate:
        """Global maximiser and maximum, group by group.

        Since the groups are disjoint and the box is a product, max_x Σ_j f^(j)(x^(j)) = Σ_j max f^(j):
        each group's path is maximised on its own coordinates by :meth:`RFFSamplePath.maximum` (same
        arguments; ``grid="auto"`` picks per group by the group's dimension) and the maximisers are
        concatenated — the reduction Add-GP-UCB uses for its acquisition ([Kandasamy2015], Sec. 4.2).
        Coordinates in no group are set to the box's centre. ``upper_bound`` is the sum of the groups'
        bounds (None if any group has none).
        """
        generator = None if rng is None else as_generator(rng)
        parts = [
            p.maximum(grid_size=grid_size, n_polish=n_polish, grid=grid, rng=generator) for p in self.paths
        ]
        x = self.bounds.mean(axis=1)
        for g, cert in zip(self.groups, parts, strict=True):
            x[g] = cert.x
        value = float(sum(c.value for c in parts))
        bounded = all(c.upper_bound is not None for c in parts)
        upper = float(sum(c.upper_bound for c in parts)) if bounded else None
        details = {
            "groups": [g.tolist() for g in self.groups],
            "group_certificates": parts,
            "uncovered_coordinates": self.uncovered.tolist(),
        }
        return Certificate(_readonly(x), value, "per-group", upper_bound=upper, details=details)
