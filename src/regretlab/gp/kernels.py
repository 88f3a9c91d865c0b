"""Covariance functions: squared exponential, Matérn-3/2 and -5/2 (isotropic or ARD), and their sums.

Design after scikit-learn's ``sklearn/gaussian_process/kernels.py``: kernels are immutable objects, their
hyperparameters are exposed in log space as ``theta`` with matching ``hyperparameter_names`` and
``theta_bounds``, and ``with_theta`` returns a new kernel of the same structure. Gradients are analytic:
``gradient`` w.r.t. the log-hyperparameters (for the marginal likelihood) and ``gradient_x`` w.r.t. the
first input (for acquisition optimisation).

Stationary kernels are written as :math:`k(x, x') = s^2 g(r^2)` with the scaled squared distance
:math:`r^2 = \\sum_i (x_i - x'_i)^2 / \\ell_i^2`; each kernel supplies its profile :math:`g` and
:math:`dg/d(r^2)`, from which every gradient follows by the chain rule.

The sums are the structured kernels of the papers:

* :class:`Additive` — [Kandasamy2015, Eq. (4), §3]:
  :math:`k(x, x') = \\sum_j k^{(j)}(x^{(j)}, x'^{(j)})` over disjoint coordinate groups.
* :class:`ProjectedAdditive` — [Li2016, Eq. (6), §4]:
  :math:`k(x, x') = \\sum_j k_j(W_j^\\top x, W_j^\\top x')`.

References
----------
.. [1] [Rasmussen2006, §4.2 (Eqs. (4.9), (4.14), (4.17)), §5.4.1].
.. [2] [Rahimi2007].
.. [3] [Kandasamy2015, Eq. (4)].
.. [4] [Li2016, Eq. (6)].
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence

import numpy as np
from scipy.stats import multivariate_t

from regretlab._rng import as_generator
from regretlab._validate import (
    DIM_LIMIT,
    MAGNITUDE_LIMIT,
    check_array,
    check_bool,
    check_count,
    check_integer,
    check_number,
    check_real,
)

__all__ = [
    "Kernel",
    "Stationary",
    "SquaredExponential",
    "Matern32",
    "Matern52",
    "Additive",
    "ProjectedAdditive",
    "Tied",
    "check_groups",
]

#: Rows per block where an (n, m) sum is accumulated in place (a (block, m) temporary at most).
_ROW_BLOCK = 256


def _frozen(arr: np.ndarray) -> np.ndarray:
    arr = np.array(arr, dtype=float, copy=True)
    arr.setflags(write=False)
    return arr


def _check_log_bounds(name: str, value) -> tuple[float, float]:
    """Validate a positive ``(low, high)`` pair of hyperparameter bounds with ``low < high``."""
    arr = check_array(name, value, shape=(2,))
    check_real(name, arr, low=0.0, low_open=True)
    if not arr[0] < arr[1]:
        raise ValueError(f"{name}={arr.tolist()} is not an interval: low must be < high")
    return float(arr[0]), float(arr[1])


class Kernel(ABC):
    """Abstract covariance function :math:`k(x, x')` on :math:`\\mathbb{R}^D`.

    Subclasses implement evaluation, the diagonal, the log-hyperparameter vector ``theta`` and analytic
    gradients. Instances are immutable; change hyperparameters with :meth:`with_theta`.
    """

    # ---- hyperparameters -------------------------------------------------------------------------
    @property
    @abstractmethod
    def theta(self) -> np.ndarray:
        """1-D array of the log-hyperparameters (a copy)."""

    @property
    @abstractmethod
    def hyperparameter_names(self) -> tuple[str, ...]:
        """Names of the entries of :attr:`theta`, in order."""

    @property
    @abstractmethod
    def theta_bounds(self) -> np.ndarray:
        """Array (p, 2) of log-space bounds ``[log low, log high]`` for each entry of :attr:`theta`."""

    @abstractmethod
    def with_theta(self, theta) -> Kernel:
        """Return a new kernel of the same structure with log-hyperparameters ``theta``."""

    @property
    def n_hyperparameters(self) -> int:
        """Number p of entries of :attr:`theta`."""
        return len(self.hyperparameter_names)

    def _check_theta(self, theta) -> np.ndarray:
        return check_array("theta", theta, shape=(self.n_hyperparameters,))

    def _with_checked_theta(self, theta: np.ndarray) -> Kernel:
        """:meth:`with_theta` for a ``theta`` already checked (a slice of a composite's checked vector): a
        composite's inner loop checks its vector once, not once per component (validation at the public
        boundary, not in ML-II's evaluations). A kernel without a faster path checks again."""
        return self.with_theta(theta)

    # ---- evaluation ------------------------------------------------------------------------------
    @abstractmethod
    def __call__(self, X, Y=None) -> np.ndarray:
        """Kernel matrix ``K[i, j] = k(X[i], Y[j])`` of shape (n, m); ``Y=None`` means ``Y = X``."""

    @abstractmethod
    def diag(self, X) -> np.ndarray:
        """Diagonal ``k(X[i], X[i])`` of shape (n,), without forming the matrix."""

    @abstractmethod
    def gradient(self, X) -> np.ndarray:
        """Array (n, n, p): ``dK(X, X) / d theta_k`` with ``theta`` the log-hyperparameters."""

    @abstractmethod
    def gradient_x(self, X, Y=None) -> np.ndarray:
        """Array (n, m, D): ``d k(X[i], Y[j]) / d X[i]`` (the derivative in the first argument)."""

    # ---- internal fast paths of the posterior (inputs already checked by the GP) ------------------
    def _diag(self, X: np.ndarray) -> np.ndarray:
        """:meth:`diag` for checked ``X``: what the posterior's per-group maximisers call thousands of times a
        step (validation at the public boundary, not in the inner loop). This default checks again;
        :class:`Stationary` and the sums skip it."""
        return self.diag(X)

    def _cross(self, X: np.ndarray, Y: np.ndarray, gradient: bool = False):
        """``(k(X, Y), state)`` for checked inputs; with ``gradient``, ``state`` is what
        :meth:`_gradient_x_dot` can re-use of this evaluation (None here: the default re-evaluates)."""
        return self(X, Y), None

    def _gradient_x_dot(self, X: np.ndarray, Y: np.ndarray, weights, state=None,
                        columns=None) -> list[np.ndarray]:
        r"""For each ``W`` in ``weights`` (broadcastable to (n, m)): :math:`\sum_j W_{ij}\,\partial
        k(X_i, Y_j)/\partial X_i`, shape (n, D), or (n, k) with ``columns`` (k indices into the D
        coordinates: only those partial derivatives).

        The contraction of :meth:`gradient_x` that the posterior's gradients need (mean:
        :math:`W = \alpha^\top`, variance: :math:`W = (\Delta^{-1}k_*)^\top`). This default forms the
        (n, m, D) array and keeps ``columns`` of the result; kernels with a closed form override it with
        matrix products (a stationary kernel computes the ``columns`` alone).
        """
        dk = self.gradient_x(X, Y)
        shape = dk.shape[:2]
        out = [np.einsum("nmd,nm->nd", dk, np.broadcast_to(W, shape)) for W in weights]
        return out if columns is None else [part[:, columns] for part in out]

    def diag_gradient_x(self, X) -> np.ndarray:
        """Array (n, D): ``d k(x, x) / d x`` at each row of ``X``.

        Zero for every kernel in this module (all are stationary or sums of stationary kernels on linear
        maps of ``x``); a non-stationary subclass must override this.
        """
        X = self._check_X("X", X)
        return np.zeros_like(X)

    def iter_gradient(self, X) -> Iterator[tuple[slice, np.ndarray]]:
        """Yield ``(slice, dK)`` blocks of :meth:`gradient` (sums yield one block per component).

        Lets the marginal-likelihood gradient avoid holding the whole (n, n, p) array at once.
        """
        yield slice(0, self.n_hyperparameters), self.gradient(X)

    #: Whether the ``K`` that :meth:`_gram_for_gradient` returns is an array of its own, not part of its
    #: ``state`` (the caller may then overwrite it, e.g. factorise it in place, without a copy).
    _gram_owned = True
    #: Whether :meth:`_gram_for_gradient` uses its ``cache`` (sums of stationary components do).
    _uses_fit_cache = False

    def _gram_for_gradient(self, X: np.ndarray, cache: dict | None = None):
        """``(K(X, X), state)`` for checked ``X``: ``state`` is what :meth:`_gradient_dot` can re-use of this
        evaluation (None here: the default re-evaluates). Unless :attr:`_gram_owned`, ``K`` is part of
        ``state`` and the caller must not modify it. ``cache``: a dict a caller keeps across evaluations at
        the same ``X`` with other θ (one ML-II fit); sums keep their components' θ-free distances in it
        (:meth:`_SumOfMapped._gram_for_gradient`), other kernels ignore it."""
        return self(X), None

    def _gradient_dot(self, X: np.ndarray, W: np.ndarray, state=None) -> np.ndarray:
        r""":math:`\sum_{ij} W_{ij}\,\partial K(X, X)_{ij}/\partial\theta_k` for every log-hyperparameter,
        shape (p,), for checked ``X`` (n, D) and ``W`` (n, n); ``state`` from :meth:`_gram_for_gradient`.

        The contraction the marginal-likelihood gradient needs ([Rasmussen2006, Eq. (5.9)] with
        :math:`W=\alpha\alpha^\top-\Delta^{-1}`). This default contracts :meth:`iter_gradient`'s blocks;
        :class:`Stationary` overrides it with matrix products that never form the (n, n, p) array.
        """
        out = np.empty(self.n_hyperparameters)
        for block, dK in self.iter_gradient(X):
            out[block] = np.einsum("ij,ijk->k", W, dK)
        return out

    # ---- input validation ------------------------------------------------------------------------
    @property
    def input_dim(self) -> int | None:
        """Number of input columns required, or None when any number is accepted."""
        return None

    def _min_input_dim(self) -> int:
        return 1

    def _check_X(self, name: str, X) -> np.ndarray:
        X = check_array(name, X, ndim=2, finite=False)
        if not (np.abs(X) <= MAGNITUDE_LIMIT).all():   # one pass: non-finite, or squares would overflow
            check_array(name, X)   # names a NaN or inf entry
            big = tuple(int(i) for i in np.argwhere(np.abs(X) > MAGNITUDE_LIMIT)[0])
            raise ValueError(f"{name}[{big[0]}, {big[1]}]={float(X[big])!r} is beyond ±{MAGNITUDE_LIMIT:g}: "
                             "the kernel's squared distances would overflow (rescale the inputs)")
        need = self.input_dim
        if need is not None and X.shape[1] != need:
            raise ValueError(f"{name} has shape {X.shape}; expected (n, {need}) for {self!r}")
        if need is None and X.shape[1] < self._min_input_dim():
            raise ValueError(
                f"{name} has shape {X.shape}; expected at least {self._min_input_dim()} columns for {self!r}"
            )
        return X

    def _check_XY(self, X, Y) -> tuple[np.ndarray, np.ndarray | None]:
        X = self._check_X("X", X)
        if Y is None:
            return X, None
        Y = self._check_X("Y", Y)
        if Y.shape[1] != X.shape[1]:
            raise ValueError(f"Y has shape {Y.shape}; expected (m, {X.shape[1]}) to match X")
        return X, Y


def _midrange(Y: np.ndarray) -> np.ndarray:
    """The centre of the bounding box of the rows of ``Y``: the same bits whatever the rows' order or memory
    layout (a mean's summation order is not), so equal inputs give equal kernel matrices bit for bit.
    No rows: the origin (an empty batch gives an empty kernel matrix, not a reduction error)."""
    if Y.shape[0] == 0:
        return np.zeros(Y.shape[1])
    return 0.5 * (Y.min(axis=0) + Y.max(axis=0))


def _pair_spread(A: np.ndarray, Xs: np.ndarray) -> np.ndarray:
    r""":math:`\sum_{ij} A_{ij}(x_{ik}-x_{jk})^2` for every column k of ``Xs`` (n, D), shape (D,), by
    :math:`\sum_i x_{ik}^2 (A\mathbf 1)_i + \sum_j x_{jk}^2 (\mathbf 1^\top A)_j - 2x_k^\top A x_k`: one
    matrix product instead of D arrays of differences. The columns are centred first (differences are
    shift-free; centred, the three terms cancel less)."""
    Xc = Xs - _midrange(Xs)
    sq = Xc * Xc
    return A.sum(axis=1) @ sq + A.sum(axis=0) @ sq - 2.0 * np.einsum("ik,ik->k", Xc, A @ Xc)


def _sqdist(Xs: np.ndarray, Ys: np.ndarray | None, exact_symmetry: bool) -> np.ndarray:
    """Squared distances of already scaled inputs (see :meth:`Stationary._scaled_sqdist`)."""
    centre = _midrange(Xs if Ys is None else Ys)
    Xc = Xs - centre
    Yc = Xc if Ys is None else Ys - centre
    norms_x = np.einsum("ij,ij->i", Xc, Xc)
    norms_y = norms_x if Ys is None else np.einsum("ij,ij->i", Yc, Yc)
    r2 = Xc @ Yc.T  # numpy's SYRK when Ys is None: exactly symmetric
    r2 *= -2.0
    if Ys is None and exact_symmetry:
        # |x_i|² + |y_j|² in one sum, so symmetric for Y = X too; by blocks of rows, so the temporary is
        # (block, m) and not a second (n, m) array (the bits are those of one np.add.outer)
        for i0 in range(0, r2.shape[0], _ROW_BLOCK):
            r2[i0:i0 + _ROW_BLOCK] += np.add.outer(norms_x[i0:i0 + _ROW_BLOCK], norms_y)
    else:
        # added in place: an (n, m) temporary costs more than the sum (at n = 1000 a fresh 8 MB array's
        # page faults take ~10 times an in-place pass), but r2_ij and r2_ji may differ in the last bit
        r2 += norms_x[:, None]
        r2 += norms_y[None, :]
    np.maximum(r2, 0.0, out=r2)
    if Ys is None:
        np.fill_diagonal(r2, 0.0)
    return r2


class Stationary(Kernel):
    """Base of the radial kernels :math:`k(x, x') = s^2 g(r^2)`, :math:`r^2 = \\|(x - x') / \\ell\\|^2`.

    Parameters
    ----------
    lengthscale : float or array_like of shape (D,)
        :math:`\\ell > 0`; a scalar is isotropic, a 1-D array is ARD (then inputs need exactly D columns).
    variance : float
        Signal variance :math:`s^2 = k(x, x) > 0`.
    lengthscale_bounds, variance_bounds : (float, float)
        Bounds (original scale, positive) used by hyperparameter fitting.
    """

    #: Matérn smoothness ν (None for the squared exponential).
    nu: float | None = None

    def __init__(
        self,
        lengthscale=1.0,
        variance=1.0,
        *,
        lengthscale_bounds=(1e-3, 1e3),
        variance_bounds=(1e-4, 1e4),
    ):
        ls = check_real("lengthscale", lengthscale, low=0.0, low_open=True)
        ls = np.asarray(ls, dtype=float)
        if ls.ndim > 1 or ls.size == 0:
            raise ValueError(f"lengthscale has shape {ls.shape}; expected a scalar or a non-empty 1-D array")
        self._lengthscale = _frozen(ls)
        self._variance = check_number("variance", variance, low=0.0, low_open=True)
        self._lengthscale_bounds = _check_log_bounds("lengthscale_bounds", lengthscale_bounds)
        self._variance_bounds = _check_log_bounds("variance_bounds", variance_bounds)

    # ---- profile -----------------------------------------------------------------------------------
    @staticmethod
    @abstractmethod
    def _profile(r2: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Return ``g(r2)`` and ``dg/d(r2)`` elementwise (``g(0) = 1``)."""

    @classmethod
    def _value(cls, r2: np.ndarray) -> np.ndarray:
        """``g(r2)`` alone; may overwrite ``r2`` (callers pass a matrix they own)."""
        return cls._profile(r2)[0]

    # ---- attributes --------------------------------------------------------------------------------
    @property
    def lengthscale(self):
        """Lengthscale ℓ: float (isotropic) or read-only array (ARD)."""
        return float(self._lengthscale) if self._lengthscale.ndim == 0 else self._lengthscale

    @property
    def variance(self) -> float:
        """Signal variance s²."""
        return self._variance

    @property
    def ard(self) -> bool:
        """True when the lengthscale is a vector (one per input dimension)."""
        return self._lengthscale.ndim == 1

    @property
    def input_dim(self) -> int | None:
        return self._lengthscale.size if self.ard else None

    @property
    def theta(self) -> np.ndarray:
        return np.log(np.append(self._lengthscale.ravel(), self._variance))

    @property
    def hyperparameter_names(self) -> tuple[str, ...]:
        if self.ard:
            names = tuple(f"lengthscale_{i}" for i in range(self._lengthscale.size))
        else:
            names = ("lengthscale",)
        return names + ("variance",)

    @property
    def theta_bounds(self) -> np.ndarray:
        n_ls = self._lengthscale.size
        rows = [self._lengthscale_bounds] * n_ls + [self._variance_bounds]
        return np.log(np.array(rows, dtype=float))

    def with_theta(self, theta) -> Stationary:
        return self._with_checked_theta(self._check_theta(theta))

    def _with_checked_theta(self, theta: np.ndarray) -> Stationary:
        with np.errstate(over="ignore", under="ignore"):
            values = np.exp(theta)
        out = ~np.isfinite(values) | (values == 0.0)
        if np.any(out):              # name theta (log space), not the lengthscale it would overflow to
            i = int(np.flatnonzero(out)[0])
            raise ValueError(f"theta[{i}]={float(theta[i])!r} ({self.hyperparameter_names[i]} in log space) "
                             "makes exp(theta) overflow or underflow; its domain is about (-745, 709)")
        # exp of a finite theta that neither overflows nor underflows is finite and positive: the values
        # the constructor would check, and the bounds are this kernel's, already checked; so the new kernel
        # is built without the constructor's checks (ML-II builds one per group per likelihood evaluation)
        out = object.__new__(type(self))
        out._lengthscale = _frozen(np.asarray(values[:-1] if self.ard else values[0], dtype=float))
        out._variance = float(values[-1])
        out._lengthscale_bounds = self._lengthscale_bounds
        out._variance_bounds = self._variance_bounds
        return out

    def __repr__(self) -> str:
        ls = self.lengthscale
        ls_text = f"{ls:.6g}" if isinstance(ls, float) else np.array2string(ls, precision=4, separator=", ")
        return f"{type(self).__name__}(lengthscale={ls_text}, variance={self._variance:.6g})"

    def _on_columns(self, columns: np.ndarray) -> Stationary:
        """The same kernel on the coordinates ``columns`` of its inputs (checked indices): an ARD kernel keeps
        their length scales (copied, not round-tripped through log space); an isotropic kernel is itself."""
        if not self.ard:
            return self
        out = copy.copy(self)
        out._lengthscale = _frozen(self._lengthscale[columns])
        return out

    # ---- evaluation --------------------------------------------------------------------------------
    def _scaled_sqdist(self, X: np.ndarray, Y: np.ndarray | None, exact_symmetry: bool = True) -> np.ndarray:
        r"""Squared scaled distances :math:`\|(x - y)/\ell\|^2`, shape (n, m), by the expansion
        :math:`|x|^2 + |y|^2 - 2x^\top y`: one matrix product (GEMM), as scikit-learn's
        ``euclidean_distances`` and GPyTorch compute them, 4-6 times faster than ``scipy``'s ``cdist`` at
        D = 100. The inputs are first centred on the middle of ``Y``'s bounding box, which keeps the
        cancellation error at round-off of :math:`|x - c|^2`; negative round-off is clipped to 0, and the
        diagonal of :math:`k(X, X)` is exactly 0. For ``Y=None`` the result is exactly symmetric unless
        ``exact_symmetry=False`` (the likelihood's path, whose Cholesky reads one triangle), which saves an
        (n, n) temporary."""
        ls = self._lengthscale
        return _sqdist(X / ls, None if Y is None else Y / ls, exact_symmetry)

    def __call__(self, X, Y=None) -> np.ndarray:
        X, Y = self._check_XY(X, Y)
        K = self._value(self._scaled_sqdist(X, Y))
        K *= self._variance
        return K

    def diag(self, X) -> np.ndarray:
        return self._diag(self._check_X("X", X))

    def _diag(self, X: np.ndarray) -> np.ndarray:
        return np.full(X.shape[0], self._variance)

    def gradient(self, X) -> np.ndarray:
        X = self._check_X("X", X)
        r2 = self._scaled_sqdist(X, None)
        g, dg = self._profile(r2)
        out = np.empty(r2.shape + (self.n_hyperparameters,))
        # d r² / d log ℓ_i = -2 (x_i - x'_i)² / ℓ_i²  (isotropic: summed over i, = -2 r²)
        if self.ard:
            for i, ls_i in enumerate(self._lengthscale):
                diff = np.subtract.outer(X[:, i], X[:, i]) / ls_i
                out[:, :, i] = self._variance * dg * (-2.0 * diff * diff)
        else:
            out[:, :, 0] = self._variance * dg * (-2.0 * r2)
        out[:, :, -1] = self._variance * g  # d K / d log s² = K
        return out

    def _gram_for_gradient(self, X, cache=None):
        r2 = self._scaled_sqdist(X, None, exact_symmetry=False)
        g, dg = self._profile(r2)
        return self._variance * g, (r2, g, dg)

    def _cached_r2(self, X, store: dict) -> np.ndarray:
        r"""The scaled squared distances of ``X`` for an isotropic kernel from the unscaled ones kept in
        ``store``: :math:`r^2 = \|x - x'\|^2/\ell^2` (one pass instead of a GEMM per evaluation; the same
        values as :meth:`_scaled_sqdist` to round-off)."""
        if "sqdist" not in store:
            store["sqdist"] = _sqdist(X, None, exact_symmetry=False)
        return store["sqdist"] / self._lengthscale**2

    def _gram_for_gradient_cached(self, X, store: dict):
        """:meth:`_gram_for_gradient` of an isotropic kernel, its unscaled distances kept in ``store``."""
        r2 = self._cached_r2(X, store)
        g, dg = self._profile(r2)
        return self._variance * g, (r2, g, dg)

    def _gradient_dot(self, X, W, state=None):
        # dK/d log s² = K = s² g(r²); dK/d log ℓ_k = s² g'(r²) · d r²/d log ℓ_k with
        # d r²/d log ℓ_k = -2 (x_k - x'_k)²/ℓ_k² (isotropic: summed over k, = -2 r²). With A = W ∘ s² g'(r²):
        #   Σ_ij A_ij (a_i - a_j)² = Σ_i a_i² (A1)_i + Σ_j a_j² (1ᵀA)_j - 2 aᵀ A a,
        # one matrix product for all k instead of the (n, n, D) array of gradient().
        if state is None:
            r2 = self._scaled_sqdist(X, None)
            g, dg = self._profile(r2)
        else:
            r2, g, dg = state
        A = W * dg
        A *= self._variance
        out = np.empty(self.n_hyperparameters)
        if self.ard:
            out[:-1] = -2.0 * _pair_spread(A, X / self._lengthscale)
        else:
            out[0] = -2.0 * float(np.vdot(A, r2))
        out[-1] = self._variance * float(np.vdot(W, g))
        return out

    def _cross(self, X, Y, gradient=False):
        # One squared-distance matrix for the kernel matrix and, with ``gradient``, its gradient later
        # (state = dg/d(r²)); without, only g(r²), computed in place.
        r2 = self._scaled_sqdist(X, Y)
        if not gradient:
            K = self._value(r2)
            K *= self._variance
            return K, None
        g, dg = self._profile(r2)
        return self._variance * g, dg

    def _gradient_x_dot(self, X, Y, weights, state=None, columns=None):
        # Σ_j W_ij ∂k(x_i, y_j)/∂x_i = (2 s² / ℓ²) Σ_j W_ij g'(r²_ij) (x_i - y_j)
        #                           = (2 s² / ℓ²) (rowsum(A)_i x_i - (A Y)_i),  A = W ∘ g'(r²):
        # two matrix products instead of the (n, m, D) array of gradient_x.
        dg = self._profile(self._scaled_sqdist(X, Y))[1] if state is None else state
        scale = (2.0 * self._variance) / np.broadcast_to(self._lengthscale**2, (X.shape[1],))
        centre = _midrange(Y)  # x - y = (x - c) - (y - c): centred, the two products cancel less
        if columns is not None:
            # column k of the result reads column k of X, Y, scale and centre only: a search over a few
            # coordinates of D (MS-UCB's subspaces) computes those, not the (n, D) products
            X, Y, scale, centre = X[:, columns], Y[:, columns], scale[columns], centre[columns]
        Xc, Yc = X - centre, Y - centre
        out = []
        for W in weights:
            A = dg * W
            out.append(scale * (A.sum(axis=1)[:, None] * Xc - A @ Yc))
        return out

    def gradient_x(self, X, Y=None) -> np.ndarray:
        X, Y = self._check_XY(X, Y)
        Y_ = X if Y is None else Y
        _, dg = self._profile(self._scaled_sqdist(X, Y))
        ls2 = np.broadcast_to(self._lengthscale**2, (X.shape[1],))
        # d r² / d x_i = 2 (x_i - y_i) / ℓ_i²
        diff = (X[:, None, :] - Y_[None, :, :]) / ls2
        return (2.0 * self._variance) * dg[:, :, None] * diff

    # ---- random Fourier features ---------------------------------------------------------------------
    def spectral_frequencies(self, n_features, dim, rng=None) -> np.ndarray:
        """Sample ω from the kernel's normalised spectral density (Bochner's theorem).

        For random Fourier features ([Rahimi2007, Alg. 1]):
        :math:`k(x, x') \\approx \\frac{2 s^2}{M} \\sum_{m=1}^M \\cos(\\omega_m^\\top x + b_m)
        \\cos(\\omega_m^\\top x' + b_m)` with :math:`b_m \\sim U[0, 2\\pi]`.

        Parameters
        ----------
        n_features : int
            Number M of frequencies (>= 1).
        dim : int
            Input dimension D (must equal the ARD lengthscale's length, if ARD).
        rng : None, int or numpy.random.Generator

        Returns
        -------
        ndarray of shape (n_features, dim)
            SE: :math:`\\omega \\sim N(0, \\mathrm{diag}(\\ell^{-2}))`; Matérn-ν: multivariate Student-t with
            2ν degrees of freedom and scale :math:`\\mathrm{diag}(\\ell^{-2})` ([Rasmussen2006, Eq. (4.15)]).
        """
        n_features = check_count("n_features", n_features, low=1)
        dim = check_count("dim", dim, low=1, high=DIM_LIMIT)
        if self.ard and dim != self._lengthscale.size:
            raise ValueError(
                f"dim={dim} does not match the ARD lengthscale of length {self._lengthscale.size}"
            )
        gen = as_generator(rng)
        inv_ls = np.broadcast_to(1.0 / self._lengthscale, (dim,))
        if self.nu is None:
            return gen.standard_normal((n_features, dim)) * inv_ls
        dist = multivariate_t(loc=np.zeros(dim), shape=np.diag(inv_ls**2), df=2.0 * self.nu)
        return np.asarray(dist.rvs(size=n_features, random_state=gen), dtype=float).reshape(n_features, dim)


class SquaredExponential(Stationary):
    """Squared exponential kernel :math:`k(x, x') = s^2 \\exp(-r^2 / 2)` ([Rasmussen2006, Eq. (4.9)]).

    >>> k = SquaredExponential(lengthscale=2.0, variance=3.0)
    >>> bool(k([[0.0]], [[2.0]])[0, 0] == 3.0 * np.exp(-0.5))
    True
    """

    nu = None

    @staticmethod
    def _profile(r2):
        g = np.exp(-0.5 * r2)
        return g, -0.5 * g

    @staticmethod
    def _value(r2):
        r2 *= -0.5
        return np.exp(r2, out=r2)

    _gram_owned = False  # K is part of the state (r², K)

    def _gram_for_gradient_cached(self, X, store):
        return self._gram_from_r2(self._cached_r2(X, store))

    def _gram_from_r2(self, r2):
        K = np.multiply(r2, -0.5)
        np.exp(K, out=K)
        K *= self._variance
        return K, (r2, K)

    def _gram_for_gradient(self, X, cache=None):
        # State (r², K): for the SE kernel dK/d log ℓ_k = K ∘ (x_k - x'_k)²/ℓ_k² (isotropic: K ∘ r²) and
        # dK/d log s² = K, so the profile's g and g' need no arrays of their own.
        return self._gram_from_r2(self._scaled_sqdist(X, None, exact_symmetry=False))

    def _gradient_dot(self, X, W, state=None):
        r2, K = self._gram_for_gradient(X)[1] if state is None else state
        A = np.multiply(W, K)
        out = np.empty(self.n_hyperparameters)
        if self.ard:
            out[:-1] = _pair_spread(A, X / self._lengthscale)
        else:
            out[0] = float(np.vdot(A, r2))
        out[-1] = float(np.vdot(W, K))
        return out


class Matern32(Stationary):
    """Matérn-3/2 kernel :math:`s^2 (1 + \\sqrt{3} r) e^{-\\sqrt{3} r}` ([Rasmussen2006, Eq. (4.17)], ν =
    3/2).

    Here :math:`dg/d(r^2) = -\\tfrac32 e^{-\\sqrt3 r}`, finite at r = 0.
    """

    nu = 1.5

    @staticmethod
    def _profile(r2):
        s = np.sqrt(3.0 * np.maximum(r2, 0.0))
        e = np.exp(-s)
        return (1.0 + s) * e, -1.5 * e


class Matern52(Stationary):
    """Matérn-5/2 kernel :math:`s^2 (1 + \\sqrt5 r + \\tfrac53 r^2) e^{-\\sqrt5 r}`
    ([Rasmussen2006, Eq. (4.17)], ν = 5/2).

    Here :math:`dg/d(r^2) = -\\tfrac56 (1 + \\sqrt5 r) e^{-\\sqrt5 r}`.
    """

    nu = 2.5

    @staticmethod
    def _profile(r2):
        s = np.sqrt(5.0 * np.maximum(r2, 0.0))
        e = np.exp(-s)
        return (1.0 + s + s * s / 3.0) * e, -(5.0 / 6.0) * (1.0 + s) * e


# ---------------------------------------------------------------------------------------------------
# Sums of kernels on linear maps of the input
# ---------------------------------------------------------------------------------------------------


def check_groups(groups, *, n_columns: int | None, cover: bool) -> tuple[tuple[int, ...], ...]:
    """Validate a list of disjoint, non-empty lists of indices in ``[0, n_columns)``; return tuples.

    With ``cover`` the groups must partition ``range(n_columns)``. Used by the additive kernels and by the
    algorithms that take a decomposition (``groups=``).

    >>> check_groups([[0, 2], [1]], n_columns=3, cover=True)
    ((0, 2), (1,))
    """
    if n_columns is not None:
        n_columns = check_count("n_columns", n_columns, low=1, high=DIM_LIMIT)
    cover = check_bool("cover", cover)
    if isinstance(groups, np.ndarray):
        groups = groups.tolist()
    if not isinstance(groups, Sequence) or isinstance(groups, str) or len(groups) == 0:
        raise ValueError(f"groups={groups!r} must be a non-empty list of non-empty index lists")
    high = None if n_columns is None else n_columns - 1
    out = []
    seen: dict[int, int] = {}
    for j, group in enumerate(groups):
        idx = np.atleast_1d(check_integer(f"groups[{j}]", np.asarray(group), low=0, high=high))
        if idx.ndim != 1 or idx.size == 0:
            raise ValueError(f"groups[{j}]={group!r} must be a non-empty 1-D list of indices")
        for i in idx.tolist():
            if i in seen:
                raise ValueError(
                    f"groups={groups!r} are not disjoint: index {i} is in groups[{seen[i]}] and groups[{j}]"
                )
            seen[i] = j
        out.append(tuple(int(i) for i in idx))
    if cover and n_columns is not None and len(seen) != n_columns:
        missing = sorted(set(range(n_columns)) - set(seen))
        raise ValueError(f"groups={groups!r} must partition all {n_columns} columns; missing {missing}")
    return tuple(out)


def _component_kernels(base, groups) -> tuple[Kernel, ...]:
    if isinstance(base, Kernel):
        kernels = [base] * len(groups)  # immutable, so sharing is copying: each gets its own theta slot
    else:
        if isinstance(base, str) or not isinstance(base, Sequence):
            raise ValueError(f"base={base!r} must be a Kernel or a list of Kernels, one per group")
        kernels = list(base)
        if len(kernels) != len(groups):
            raise ValueError(f"base has {len(kernels)} kernels; expected one per group ({len(groups)})")
        for j, k in enumerate(kernels):
            if not isinstance(k, Kernel):
                raise ValueError(f"base[{j}]={k!r} is not a Kernel")
    for j, (k, g) in enumerate(zip(kernels, groups, strict=True)):
        if k.input_dim is not None and k.input_dim != len(g):
            raise ValueError(
                f"base kernel for group {j} needs {k.input_dim} input columns but the group has {len(g)}"
            )
    return tuple(kernels)


class _SumOfMapped(Kernel):
    """:math:`k(x, x') = \\sum_j k_j(P_j x, P_j x')` for linear maps :math:`P_j` (selection or projection)."""

    _kernels: tuple[Kernel, ...]
    _groups: tuple[tuple[int, ...], ...]

    @abstractmethod
    def _map(self, X: np.ndarray, j: int) -> np.ndarray:
        """Return :math:`P_j x` for every row of ``X``."""

    @abstractmethod
    def _map_back(self, G: np.ndarray, j: int, n_cols: int) -> np.ndarray:
        """Chain rule: turn ``d/dz`` (..., d_j) into ``d/dx`` (..., D) for ``z = P_j x``."""

    @abstractmethod
    def component(self, j: int) -> Kernel:
        """Kernel evaluating only the j-th summand on full-D inputs."""

    def _check_component_index(self, j) -> int:
        return check_integer("j", j, low=0, high=len(self._kernels) - 1)

    def features(self, X, j: int) -> np.ndarray:
        """The inputs of component j, :math:`P_j x` for every row of ``X`` (shape (q, d_j)).

        The group's coordinates (:class:`Additive`) or the projection :math:`x^\top W^{(j)}`
        (:class:`ProjectedAdditive`).
        """
        return self._map(self._check_X("X", X), self._check_component_index(j))

    @property
    def groups(self) -> tuple[tuple[int, ...], ...]:
        """The index groups (tuples of ints)."""
        return self._groups

    @property
    def kernels(self) -> tuple[Kernel, ...]:
        """The component kernels :math:`k^{(j)}`, one per group."""
        return self._kernels

    @property
    def n_components(self) -> int:
        return len(self._kernels)

    # ---- hyperparameters -----------------------------------------------------------------------------
    def _offsets(self) -> list[int]:
        return np.cumsum([0] + [k.n_hyperparameters for k in self._kernels]).tolist()

    @property
    def theta(self) -> np.ndarray:
        return np.concatenate([k.theta for k in self._kernels])

    @property
    def hyperparameter_names(self) -> tuple[str, ...]:
        return tuple(f"k{j}.{name}" for j, k in enumerate(self._kernels) for name in k.hyperparameter_names)

    @property
    def theta_bounds(self) -> np.ndarray:
        return np.vstack([k.theta_bounds for k in self._kernels])

    def with_theta(self, theta) -> _SumOfMapped:
        return self._with_checked_theta(self._check_theta(theta))

    def _with_checked_theta(self, theta: np.ndarray) -> _SumOfMapped:
        off = self._offsets()
        # same groups, maps and component types (each keeps its input dimension): the structure the
        # constructor checked is shared (frozen arrays, tuples), only the components are new
        out = copy.copy(self)
        out._kernels = tuple(k._with_checked_theta(theta[off[j] : off[j + 1]])
                             for j, k in enumerate(self._kernels))
        return out

    # ---- evaluation ----------------------------------------------------------------------------------
    def __call__(self, X, Y=None) -> np.ndarray:
        X, Y = self._check_XY(X, Y)
        out = np.zeros((X.shape[0], X.shape[0] if Y is None else Y.shape[0]))
        for j, k in enumerate(self._kernels):
            out += k(self._map(X, j), None if Y is None else self._map(Y, j))
        return out

    def diag(self, X) -> np.ndarray:
        return self._diag(self._check_X("X", X))

    def _diag(self, X: np.ndarray) -> np.ndarray:
        return sum(k._diag(self._map(X, j)) for j, k in enumerate(self._kernels))

    def iter_gradient(self, X):
        X = self._check_X("X", X)
        off = self._offsets()
        for j, k in enumerate(self._kernels):
            yield slice(off[j], off[j + 1]), k.gradient(self._map(X, j))

    def gradient(self, X) -> np.ndarray:
        return np.concatenate([block for _, block in self.iter_gradient(X)], axis=2)

    @property
    def _uses_fit_cache(self):
        return len(self._kernels) > 1

    def _features_of_fit(self, X, j: int, store: dict | None) -> np.ndarray:
        """:math:`P_j X`; with a fit's ``store`` (the same X, the maps fixed) computed at its first
        evaluation only, as the distances are (an (n, D) x (D, d_j) product per component and evaluation
        otherwise: ~5 % of a Li2016 RPP refit at D = 100, n = 500)."""
        if store is None:
            return self._map(X, j)
        features = store.get("features")
        if features is None:
            features = store["features"] = self._map(X, j)
        return features

    def _gram_for_gradient(self, X, cache=None):
        # The total is an array of its own (a component's K may be part of its state), summed in place;
        # a first component's K that is not part of its state is the total itself (the same sums). With a
        # ``cache`` (one ML-II fit: the same X, the maps fixed, other θ), each component's inputs P_j X are
        # mapped once per fit, and an isotropic stationary component scales its unscaled distances,
        # computed once per fit, instead of a GEMM per evaluation. A sum of one component is that component
        # (one-group Add-GP-UCB is GP-UCB bit for bit): no cache. The state keeps the mapped inputs for
        # _gradient_dot (the same arrays: no second map).
        total, states, features = None, [], []
        cache = cache if self._uses_fit_cache else None
        for j, k in enumerate(self._kernels):
            store = None if cache is None else cache.setdefault(j, {})
            X_j = self._features_of_fit(X, j, store)
            if store is not None and isinstance(k, Stationary) and not k.ard:
                K_j, state_j = k._gram_for_gradient_cached(X_j, store)
            else:
                K_j, state_j = k._gram_for_gradient(X_j)
            if total is None:
                total = K_j if k._gram_owned else K_j.copy()
            else:
                total += K_j
            states.append(state_j)
            features.append(X_j)
        return total, (features, states)

    def _gradient_dot(self, X, W, state=None):
        if state is None:
            n_components = len(self._kernels)
            features, states = [self._map(X, j) for j in range(n_components)], [None] * n_components
        else:
            features, states = state
        return np.concatenate([k._gradient_dot(features[j], W, states[j])
                               for j, k in enumerate(self._kernels)])

    def _cross(self, X, Y, gradient=False):
        # One evaluation per component; each component's state is kept for its gradient.
        total, states = None, []
        for j, k in enumerate(self._kernels):
            K_j, state_j = k._cross(self._map(X, j), self._map(Y, j), gradient)
            total = K_j if total is None else total + K_j
            states.append(state_j)
        return total, states

    def _gradient_x_dot(self, X, Y, weights, state=None, columns=None):
        out = [np.zeros_like(X) for _ in weights]
        for j, k in enumerate(self._kernels):
            parts = k._gradient_x_dot(self._map(X, j), self._map(Y, j), weights,
                                      None if state is None else state[j])
            for total, part in zip(out, parts, strict=True):
                total += self._map_back(part, j, X.shape[1])
        return out if columns is None else [total[:, columns] for total in out]

    def gradient_x(self, X, Y=None) -> np.ndarray:
        X, Y = self._check_XY(X, Y)
        m = X.shape[0] if Y is None else Y.shape[0]
        out = np.zeros((X.shape[0], m, X.shape[1]))
        for j, k in enumerate(self._kernels):
            G = k.gradient_x(self._map(X, j), None if Y is None else self._map(Y, j))
            out += self._map_back(G, j, X.shape[1])
        return out


class Additive(_SumOfMapped):
    """Additive kernel of [Kandasamy2015, Eq. (4), §3].

    .. math:: k(x, x') = \\sum_{j=1}^M k^{(j)}(x^{(j)}, x'^{(j)}),

    where :math:`x^{(j)}` are the coordinates of ``x`` listed in ``groups[j]``.

    Parameters
    ----------
    groups : list of list of int
        Disjoint, non-empty lists of column indices (0-based).
    base : Kernel or list of Kernel
        One kernel copied to every group (each copy has its own hyperparameters in ``theta``), or one
        kernel per group. An ARD kernel must have as many lengthscales as its group has indices.
    dim : int, optional
        Input dimension D. If given, indices must be < D and inputs must have exactly D columns;
        otherwise inputs need at least ``max(index) + 1`` columns (extra columns are ignored).

    >>> k = Additive([[0], [1, 2]], SquaredExponential())
    >>> k.hyperparameter_names
    ('k0.lengthscale', 'k0.variance', 'k1.lengthscale', 'k1.variance')
    """

    def __init__(self, groups, base, *, dim=None):
        if dim is not None:
            dim = check_count("dim", dim, low=1, high=DIM_LIMIT)
        self._dim = dim
        self._groups = check_groups(groups, n_columns=dim, cover=False)
        self._kernels = _component_kernels(base, self._groups)
        self._index = tuple(np.array(g, dtype=np.intp) for g in self._groups)

    @property
    def input_dim(self) -> int | None:
        return self._dim

    def _min_input_dim(self) -> int:
        return 1 + max(max(g) for g in self._groups)

    def _map(self, X, j):
        return X[:, self._index[j]]

    def _map_back(self, G, j, n_cols):
        out = np.zeros(G.shape[:-1] + (n_cols,))
        out[..., self._index[j]] = G
        return out

    def component(self, j) -> Additive:
        """The summand :math:`k^{(j)}(x^{(j)}, x'^{(j)})` as a kernel on full-D inputs."""
        j = self._check_component_index(j)
        return Additive([self._groups[j]], [self._kernels[j]], dim=self._dim)

    def __repr__(self) -> str:
        return f"Additive(groups={[list(g) for g in self._groups]}, kernels={list(self._kernels)!r})"


class ProjectedAdditive(_SumOfMapped):
    """Projected-additive kernel of [Li2016, Eq. (6), §4].

    .. math:: k(x, x') = \\sum_{j=1}^M k_j(W_j^\\top x, W_j^\\top x'),

    where :math:`W_j` are the columns of ``W`` listed in ``groups[j]``. ``W`` is fixed structure: it is not
    part of ``theta`` and hyperparameter fitting never changes it.

    Parameters
    ----------
    W : array_like of shape (D, p)
        Projection matrix (finite).
    groups : list of list of int
        A partition of ``range(p)`` into disjoint non-empty groups.
    base : Kernel or list of Kernel
        As for :class:`Additive`.
    """

    def __init__(self, W, groups, base):
        W = check_array("W", W, ndim=2)
        if W.shape[0] == 0 or W.shape[1] == 0:
            raise ValueError(f"W has shape {W.shape}; expected (D, p) with D, p >= 1")
        self._W = _frozen(W)
        self._groups = check_groups(groups, n_columns=W.shape[1], cover=True)
        self._kernels = _component_kernels(base, self._groups)
        self._W_blocks = tuple(self._W[:, list(g)] for g in self._groups)

    @property
    def W(self) -> np.ndarray:
        """The projection matrix (read-only)."""
        return self._W

    @property
    def input_dim(self) -> int:
        return self._W.shape[0]

    def _map(self, X, j):
        return X @ self._W_blocks[j]

    def _map_back(self, G, j, n_cols):
        return G @ self._W_blocks[j].T

    def component(self, j) -> ProjectedAdditive:
        """The summand :math:`k_j(W_j^\\top x, W_j^\\top x')` as a kernel on full-D inputs."""
        j = self._check_component_index(j)
        return ProjectedAdditive(self._W_blocks[j], [list(range(len(self._groups[j])))], [self._kernels[j]])

    def __repr__(self) -> str:
        return (
            f"ProjectedAdditive(W of shape {self._W.shape}, groups={[list(g) for g in self._groups]}, "
            f"kernels={list(self._kernels)!r})"
        )


class Tied(Kernel):
    r"""A sum kernel whose components share one hyperparameter vector.

    [Kandasamy2015, §5]: "SE kernels sharing one scale and one bandwidth" across the additive groups;
    [Li2016, §5] shares hyperparameters across groups likewise. ``Tied(base)`` exposes the hyperparameters
    of ``base``'s first component as its own ``theta`` (names ``tied.<name>``, bounds of the first
    component) and sets every component to them, so ML-II fits the shared values; the gradient in a shared
    entry is the sum of the components' gradients. Evaluation delegates to ``base``; :attr:`base` is the
    sum kernel with the tied values, which is what the posterior and the per-group acquisitions use.

    Parameters
    ----------
    base : Additive or ProjectedAdditive
        Its components must have the same hyperparameter names (e.g. all isotropic SE); they are set to the
        first component's values.
    """

    def __init__(self, base: _SumOfMapped):
        if not isinstance(base, _SumOfMapped):
            raise ValueError(f"base={base!r} is not an Additive or ProjectedAdditive kernel")
        names = base.kernels[0].hyperparameter_names
        for j, k in enumerate(base.kernels):
            if k.hyperparameter_names != names:
                raise ValueError(
                    f"base has components with different hyperparameters ({names} and, for component {j}, "
                    f"{k.hyperparameter_names}); tying needs the same ones in every component"
                )
        shared = base.kernels[0].theta
        self._base = base.with_theta(np.tile(shared, base.n_components))

    @property
    def base(self) -> _SumOfMapped:
        """The sum kernel with every component at the shared values."""
        return self._base

    @property
    def theta(self) -> np.ndarray:
        return self._base.kernels[0].theta

    @property
    def hyperparameter_names(self) -> tuple[str, ...]:
        return tuple(f"tied.{name}" for name in self._base.kernels[0].hyperparameter_names)

    @property
    def theta_bounds(self) -> np.ndarray:
        return self._base.kernels[0].theta_bounds

    def with_theta(self, theta) -> Tied:
        return self._with_checked_theta(self._check_theta(theta))

    def _with_checked_theta(self, theta: np.ndarray) -> Tied:
        # the state the constructor builds from the new base, without its checks (the components keep the
        # names it checked): every component at the first one's values read back as theta, log(exp(theta)),
        # which can differ from theta in the last bit; kept, so that fits and runs stay bit-identical
        base = self._base._with_checked_theta(np.tile(theta, self._base.n_components))
        out = object.__new__(Tied)
        out._base = base._with_checked_theta(np.tile(base.kernels[0].theta, base.n_components))
        return out

    @property
    def input_dim(self) -> int | None:
        return self._base.input_dim

    def _min_input_dim(self) -> int:
        return self._base._min_input_dim()

    def __call__(self, X, Y=None) -> np.ndarray:
        return self._base(X, Y)

    def diag(self, X) -> np.ndarray:
        return self._base.diag(X)

    def _diag(self, X: np.ndarray) -> np.ndarray:
        return self._base._diag(X)

    def iter_gradient(self, X):
        total = None
        for _, block in self._base.iter_gradient(X):
            total = block if total is None else total + block  # d/dθ_shared = Σ_j d/dθ_j
        yield slice(0, self.n_hyperparameters), total

    def gradient(self, X) -> np.ndarray:
        return next(self.iter_gradient(X))[1]

    @property
    def _gram_owned(self):
        return self._base._gram_owned

    @property
    def _uses_fit_cache(self):
        return self._base._uses_fit_cache

    def _gram_for_gradient(self, X, cache=None):
        return self._base._gram_for_gradient(X, cache)

    def _gradient_dot(self, X, W, state=None):
        # d/dθ_shared = Σ_j d/dθ_j, as in iter_gradient
        return self._base._gradient_dot(X, W, state).reshape(self._base.n_components, -1).sum(axis=0)

    def gradient_x(self, X, Y=None) -> np.ndarray:
        return self._base.gradient_x(X, Y)

    def _cross(self, X, Y, gradient=False):
        return self._base._cross(X, Y, gradient)

    def _gradient_x_dot(self, X, Y, weights, state=None, columns=None):
        return self._base._gradient_x_dot(X, Y, weights, state, columns)

    def __repr__(self) -> str:
        return f"Tied({self._base!r})"

