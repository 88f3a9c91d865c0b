"""Exact GP regression with a constant mean, O(t²) rank-one updates and per-group additive posteriors.

Implements [Rasmussen2006, Alg. 2.1, §2.2]; each linear-algebra line cites the algorithm's line. Failed
Cholesky factorisations retry with growing jitter, then raise with advice; negative predicted variances clip
to 0 (as scikit-learn's ``sklearn/gaussian_process/_gpr.py``).

Notation: :math:`K = k(X, X)`, :math:`\\Delta = K + \\sigma^2 I` ([Kandasamy2015, Eq. (5)]),
:math:`L = \\mathrm{chol}(\\Delta)`, :math:`\\alpha = \\Delta^{-1}(y - m)`.

References
----------
.. [1] [Rasmussen2006, Alg. 2.1, Eqs. (2.25)-(2.26)].
.. [2] [Kandasamy2015, Eq. (5), §3].
.. [3] [Li2016, Eq. (3), §3].
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
from scipy.linalg import LinAlgError, cholesky, solve_triangular
from scipy.linalg.lapack import dpotrf as _dpotrf

from regretlab._validate import MAGNITUDE_LIMIT, check_array, check_bool, check_integer, check_number
from regretlab.gp.kernels import Kernel, Stationary
from regretlab.gp.subspace import SubspacePosterior

__all__ = ["GP", "cholesky_with_jitter"]

#: Relative jitters (times the mean diagonal of Δ) tried after a plain Cholesky fails.
_JITTERS = tuple(10.0**e for e in range(-12, -3))


def cholesky_with_jitter(A: np.ndarray, *, overwrite: bool = False) -> tuple[np.ndarray, float]:
    """Lower Cholesky factor of ``A + jitter I`` with the smallest jitter that works.

    Tries ``jitter = 0``, then ``mean(diag(A)) * 10**e`` for e = -12, ..., -4. Reads the lower triangle of
    ``A`` only (LAPACK ``potrf``).

    Parameters
    ----------
    A : ndarray of shape (n, n)
    overwrite : bool
        Factorise in ``A``'s own memory (a C-contiguous, writeable float64 array the caller gives away):
        no (n, n) copy, so a factorisation needs one n×n array instead of two (:func:`_cholesky_in_place`).
        The factor has the same bits as without ``overwrite``.

    Returns
    -------
    L : ndarray
        Lower-triangular factor (Fortran-ordered; with ``overwrite`` a view of ``A``'s memory).
    jitter : float
        The jitter added to the diagonal (0.0 when none was needed).

    Raises
    ------
    ValueError
        When even the largest jitter fails, with advice on how to fix the model.
    """
    A = check_array("A", A, ndim=2)
    overwrite = check_bool("overwrite", overwrite)
    if A.shape[0] != A.shape[1]:
        raise ValueError(f"A has shape {A.shape}; expected a square matrix")
    scale = float(np.mean(np.diag(A))) if A.size else 1.0
    jitters = (0.0,) + tuple(scale * j for j in _JITTERS)
    if overwrite and A.size and A.flags.c_contiguous and A.flags.writeable and A.dtype == np.float64:
        found = _cholesky_in_place(A, jitters)
        if found is not None:
            return found
    else:
        for jitter in jitters:
            try:
                Aj = A if jitter == 0.0 else A + jitter * np.eye(A.shape[0])
                # [Rasmussen2006, Alg. 2.1, line 2]: L = cholesky(K + σ²I)
                return cholesky(Aj, lower=True, check_finite=False), jitter
            except LinAlgError:
                continue
    raise ValueError(
        "K + noise_variance*I is not numerically positive definite even with jitter "
        f"{scale * _JITTERS[-1]:.3g}; raise noise_variance or remove duplicate points from X"
    )


#: Rows per block of the in-place triangle copies (a (block, n) temporary at most).
_BLOCK = 256


@lru_cache(maxsize=4)
def _strict_upper_mask(k: int) -> np.ndarray:
    """Read-only boolean mask of the strict upper triangle of a (k, k) block (k <= :data:`_BLOCK`: a few
    blocks' masks, 64 KiB each at most, kept for every factorisation of a run)."""
    mask = np.triu(np.ones((k, k), dtype=bool), 1)
    mask.flags.writeable = False
    return mask


def _mirror_lower(A: np.ndarray) -> None:
    """Copy the strict lower triangle of the square ``A`` onto its strict upper one, in place, block by block
    (numpy has no in-place symmetrisation; ``A.T`` assigned to ``A`` would alias). The indices are logical:
    a Fortran-ordered ``A`` (potri's output in :meth:`LikelihoodTerms.gradient_weights`) gets the same values,
    only the memory walk differs.

    The diagonal blocks are copied with a boolean mask (``numpy.copyto(..., where=)``), not with
    ``triu_indices`` fancy indexing, which cost 5-10x more (0.9 ms against 0.08 at n = 375); the same
    values land in the same places."""
    n = A.shape[0]
    for j0 in range(0, n, _BLOCK):
        j1 = min(j0 + _BLOCK, n)
        A[j0:j1, j1:] = A[j1:, j0:j1].T
        block = A[j0:j1, j0:j1]
        np.copyto(block, block.T, where=_strict_upper_mask(j1 - j0))  # numpy buffers the overlap


def _zero_strict_lower(A: np.ndarray) -> None:
    """Set the strict lower triangle of the square ``A`` to 0, in place, block by block."""
    n = A.shape[0]
    for j0 in range(0, n, _BLOCK):
        j1 = min(j0 + _BLOCK, n)
        A[j1:, j0:j1] = 0.0
        np.copyto(A[j0:j1, j0:j1], 0.0, where=_strict_upper_mask(j1 - j0).T)


def _cholesky_in_place(A: np.ndarray, jitters) -> tuple[np.ndarray, float] | None:
    """:func:`cholesky_with_jitter` in ``A``'s memory; None when no jitter works.

    ``A.T`` is the Fortran-ordered view LAPACK factorises without a copy. For it to hold the matrix whose
    lower triangle is ``A``'s (what ``scipy.linalg.cholesky(A, lower=True)`` factorises), ``A``'s lower
    triangle is first mirrored onto its upper one; ``potrf`` then reads and overwrites the view's lower
    triangle (``A``'s upper memory) and never touches the other, so a failed attempt is undone by mirroring
    again and restoring the diagonal, and the next jitter tried on the same values as the copying path.
    """
    _mirror_lower(A)
    diagonal = np.diagonal(A).copy()
    view = A.T
    for jitter in jitters:
        if jitter:
            np.fill_diagonal(view, diagonal + jitter)  # the values of A + jitter I, as the copying path
        # [Rasmussen2006, Alg. 2.1, line 2]: L = cholesky(K + σ²I), clean=0: the other triangle is kept
        L, info = _dpotrf(view, lower=1, clean=0, overwrite_a=1)
        if info == 0:
            _zero_strict_lower(A)  # the view's strict upper triangle: 0 in a factor, as scipy's clean=1
            return L, jitter
        if info < 0:  # an illegal argument: not reachable for a square float64 array
            raise ValueError(f"LAPACK potrf failed with info={info}")
        _mirror_lower(A)
        np.fill_diagonal(view, diagonal)
    return None


#: Largest magnitude of an input, a target or the prior mean the GP accepts: squares of 1e150 stay finite
#: (1e300), so squared distances over thousands of dimensions and products y·α do not overflow to inf/NaN.
MAX_MAGNITUDE = MAGNITUDE_LIMIT


def _check_columns(columns, dim: int, name: str = "grad_columns") -> np.ndarray:
    """``columns`` as an index array: distinct integers in [0, dim), at least one."""
    cols = np.atleast_1d(check_integer(name, columns, low=0, high=dim - 1))
    if cols.ndim != 1 or cols.size == 0 or np.unique(cols).size != cols.size:
        raise ValueError(f"{name}={np.asarray(columns).tolist()} must be distinct indices in [0, {dim})")
    return cols.astype(np.intp)


def _check_magnitude(name: str, values: np.ndarray, why: str) -> None:
    """ValueError naming the first entry of ``values`` beyond :data:`MAX_MAGNITUDE` (finite inputs whose
    scale would make the GP's algebra overflow and return NaN silently)."""
    big = np.abs(values) > MAX_MAGNITUDE
    if np.any(big):
        index = tuple(int(i) for i in np.argwhere(big)[0])
        where = ", ".join(map(str, index))
        raise ValueError(f"{name}[{where}]={float(values[index])!r} exceeds the GP's magnitude limit "
                         f"{MAX_MAGNITUDE:g}: {why}")


class GP:
    """Exact Gaussian-process regression with a constant prior mean.

    Parameters
    ----------
    kernel : Kernel
        Prior covariance :math:`k`.
    noise_variance : float
        Observation noise variance :math:`\\sigma^2 > 0` (``y = f(x) + ε``, ``ε ~ N(0, σ²)``).
    mean : float
        Constant prior mean :math:`m`.

    Notes
    -----
    :meth:`predict` returns the posterior of the latent ``f`` (no noise added to the variance).
    :meth:`append` adds one observation in O(t²) by extending the Cholesky factor.

    Examples
    --------
    >>> from regretlab.gp import GP, SquaredExponential
    >>> gp = GP(SquaredExponential(), noise_variance=1e-2).fit([[0.0], [1.0]], [0.0, 1.0])
    >>> mu, var = gp.predict([[1.0]])
    >>> bool(abs(mu[0] - 1.0) < 0.05 and var[0] < 0.02)
    True
    """

    def __init__(self, kernel: Kernel, *, noise_variance, mean=0.0):
        if not isinstance(kernel, Kernel):
            raise ValueError(f"kernel={kernel!r} is not a regretlab.gp.kernels.Kernel")
        self.kernel = kernel
        self.noise_variance = check_number("noise_variance", noise_variance, low=0.0, low_open=True)
        self.mean = check_number("mean", mean, low=-MAX_MAGNITUDE, high=MAX_MAGNITUDE)
        self._t = 0
        self._dim: int | None = None
        self._jitter = 0.0
        # Buffers with spare capacity so `append` does not copy O(t²) data on every call. The factor
        # buffer holds L in its leading t×t block and the identity elsewhere, so triangular solves can
        # run on the whole contiguous buffer (see `_solve_L`) instead of copying a strided t×t view.
        self._X_buf = np.empty((0, 0))
        self._y_buf = np.empty(0)
        self._L_buf = np.empty((0, 0))
        self._v_buf = np.empty(0)  # v = L⁻¹ (y - m), kept so α needs one triangular solve per append
        self._alpha = np.empty(0)
        self._component_cache: dict[int, tuple[int, np.ndarray]] = {}  # j -> (t, training features of j)
        self._L_live: np.ndarray | None = None  # contiguous copy of L for predictions (see _live_factor)

    # ---- data access ---------------------------------------------------------------------------------
    @property
    def n_obs(self) -> int:
        """Number t of observations."""
        return self._t

    @property
    def X(self) -> np.ndarray:
        """Observed inputs, shape (t, D) (a copy)."""
        return self._X_buf[: self._t].copy()

    @property
    def y(self) -> np.ndarray:
        """Observed outputs, shape (t,) (a copy)."""
        return self._y_buf[: self._t].copy()

    @property
    def jitter(self) -> float:
        """Jitter added to the diagonal of Δ by the last factorisation (0.0 if none)."""
        return self._jitter

    @property
    def L(self) -> np.ndarray:
        """Lower Cholesky factor of :math:`K + (\\sigma^2 + \\text{jitter}) I`, shape (t, t) (a view)."""
        return self._L_buf[: self._t, : self._t] if self._L_buf.shape[0] else self._L_live

    @property
    def alpha(self) -> np.ndarray:
        """:math:`\\alpha = \\Delta^{-1}(y - m)`, shape (t,)."""
        return self._alpha

    # ---- validation ------------------------------------------------------------------------------------
    def _check_inputs(self, X, name="X") -> np.ndarray:
        X = check_array(name, X, ndim=2)
        if X.shape[1] == 0:
            raise ValueError(f"{name} has shape {X.shape}; expected at least one column")
        _check_magnitude(name, X, "the kernel's squared distances would overflow; rescale the inputs")
        if self._dim is not None and X.shape[1] != self._dim:
            raise ValueError(f"{name} has shape {X.shape}; expected (n, {self._dim}) like the fitted data")
        return X

    @staticmethod
    def _check_y(y, n: int) -> np.ndarray:
        y = check_array("y", y, ndim=None, finite=False)
        if y.ndim == 2 and y.shape[1] == 1:
            y = y[:, 0]
        if y.shape != (n,):
            raise ValueError(f"y has shape {y.shape}; expected ({n},) to match X")
        if not np.all(np.isfinite(y)):
            i = int(np.flatnonzero(~np.isfinite(y))[0])
            raise ValueError(
                f"y contains a non-finite value {y[i]!r} at index {i}; all entries must be finite"
            )
        _check_magnitude("y", y, "the posterior's products would overflow; standardise y first")
        return y

    # ---- fitting ---------------------------------------------------------------------------------------
    def _ensure_capacity(self, t_new: int, dim: int, headroom: int = 0, factor: bool = True) -> None:
        """Room for ``t_new`` observations (the buffers grow by half when full). Without ``factor`` (a fit,
        whose factorisation brings its own (t, t) factor) the factor buffer stays empty; the first append
        after a fit builds it from that factor with the fit's headroom, max(32, t/4)."""
        cap = self._L_buf.shape[0]
        if t_new <= cap and self._X_buf.shape[1] == dim:
            return
        t = self._t
        if t and cap == 0 and factor:  # the first append after a fit: the padded buffer a fit used to make
            new_cap = max(t_new, t + max(32, t // 4))
        else:
            new_cap = max(t_new + headroom, (3 * cap) // 2, 16)
        X_buf = np.empty((new_cap, dim))
        y_buf = np.empty(new_cap)
        v_buf = np.empty(new_cap)
        L_buf = np.eye(new_cap) if factor else np.empty((0, 0))
        if t:
            X_buf[:t] = self._X_buf[:t]
            y_buf[:t] = self._y_buf[:t]
            L_buf[:t, :t] = self._L_buf[:t, :t] if cap else self._L_live
            v_buf[:t] = self._v_buf[:t]
        self._X_buf, self._y_buf, self._L_buf, self._v_buf = X_buf, y_buf, L_buf, v_buf

    def fit(self, X, y) -> GP:
        """Condition on data ``(X, y)`` from scratch (replaces earlier data); returns ``self``.

        Parameters
        ----------
        X : array_like of shape (t, D)
        y : array_like of shape (t,)
        """
        self._dim = None
        X = self._check_inputs(X)
        if X.shape[0] == 0:
            raise ValueError(f"X has shape {X.shape}; fit needs at least one observation (an unfitted GP "
                             "is the prior: predict without fitting)")
        y = self._check_y(y, X.shape[0])
        t = X.shape[0]
        self._t = 0
        self._component_cache = {}
        self._X_buf = np.empty((0, X.shape[1]))
        self._L_buf = np.empty((0, 0))
        self._ensure_capacity(t, X.shape[1], headroom=max(32, t // 4), factor=False)
        self._dim = X.shape[1]
        self._X_buf[:t] = X
        self._y_buf[:t] = y
        self._t = t
        self._factorise()
        return self

    def _factorise(self) -> None:
        """Full O(t³) factorisation of Δ = K + σ²I from the stored data.

        One (t, t) array throughout: Δ is factorised in its own memory (:func:`cholesky_with_jitter` with
        ``overwrite``, the same bits as a copy) and that Fortran-ordered factor is kept as the live factor
        predictions solve with; the padded C-ordered buffer appends extend is built by the first append."""
        t = self._t
        X = self._X_buf[:t]
        delta = self.kernel(X)
        if not (delta.flags.c_contiguous and delta.flags.owndata and delta.dtype == np.float64):
            delta = np.array(delta, dtype=float, order="C")  # a kernel's cached or strided array is not ours
        delta[np.diag_indices_from(delta)] += self.noise_variance
        self._L_live = None
        self._L_buf = np.empty((0, 0))  # the old factor goes before the new one exists
        # [Rasmussen2006, Alg. 2.1, line 2]: L = cholesky(K + σ²I)  (with jitter escalation), in place
        L, self._jitter = cholesky_with_jitter(delta, overwrite=True)
        del delta
        self._L_live = L
        # [Rasmussen2006, Alg. 2.1, line 3] (first half): v = L \ (y - m)
        self._v_buf[:t] = solve_triangular(L, self._y_buf[:t] - self.mean, lower=True, check_finite=False)
        self._update_alpha()

    def _live_factor(self) -> np.ndarray:
        """``L`` as its own contiguous (t, t) array, copied once after each change of the factor and reused
        by every prediction until the next one (the BO loop predicts many times between appends)."""
        if self._L_live is None or self._L_live.shape[0] != self._t:
            self._L_live = np.asfortranarray(self._L_buf[: self._t, : self._t])
        return self._L_live

    def _solve_L(self, B: np.ndarray, trans: bool = False) -> np.ndarray:
        """``L \\ B`` (or ``Lᵀ \\ B``) for B of shape (t,) or (t, q).

        Several right-hand sides (predictions) solve against the live t×t factor (:meth:`_live_factor`):
        the O(t² q) solve then costs what the algebra needs, where the padded buffer would cost
        O(capacity² q), up to 2.25 times more. One right-hand side (an append) solves against the padded
        buffer ``[[L, 0], [0, I]]`` with B padded by zeros (solution ``[L⁻¹B; 0]``): no O(t²) copy of the
        strided view ``L_buf[:t, :t]`` for an O(t²) solve.
        """
        trans_flag = "T" if trans else "N"
        if B.ndim == 2 and B.shape[1] > 1:
            return solve_triangular(self._live_factor(), B, lower=True, trans=trans_flag, check_finite=False)
        t, cap = self._t, self._L_buf.shape[0]
        if cap == 0:  # just fitted: the factor is the live (Fortran-ordered) one
            return solve_triangular(self._live_factor(), B, lower=True, trans=trans_flag, check_finite=False)
        B_pad = np.zeros((cap,) + B.shape[1:])
        B_pad[:t] = B
        return solve_triangular(self._L_buf, B_pad, lower=True, trans=trans_flag, check_finite=False)[:t]

    def _update_alpha(self) -> None:
        # [Rasmussen2006, Alg. 2.1, line 3] (second half): α = Lᵀ \ v = Lᵀ \ (L \ (y - m))
        self._alpha = self._solve_L(self._v_buf[: self._t], trans=True)

    def append(self, x, y) -> GP:
        """Add one observation ``(x, y)`` in O(t²) by extending the Cholesky factor; returns ``self``.

        With :math:`\\Delta_{t+1} = [[\\Delta_t, k], [k^\\top, c]]`, :math:`k = k(X, x)`,
        :math:`c = k(x, x) + \\sigma^2`, the new factor is :math:`[[L, 0], [l^\\top, d]]` with
        :math:`l = L^{-1} k` and :math:`d = \\sqrt{c - l^\\top l}`. Written by hand because neither SciPy
        nor NumPy offers a Cholesky row append (``scipy.linalg`` only has QR updates). If :math:`d^2` is not
        safely positive the GP is refactorised from scratch (with jitter escalation).

        Parameters
        ----------
        x : array_like of shape (D,) or (1, D)
        y : float or array_like of shape (1,)
        """
        if self._dim is None:
            x0 = np.atleast_2d(check_array("x", x))
            if x0.shape[0] != 1:
                raise ValueError(f"x has shape {np.shape(x)}; append takes a single point of shape (D,) "
                                 "(use fit for a batch)")
            return self.fit(x0, np.atleast_1d(check_array("y", y, finite=False)))
        x = check_array("x", x)
        if x.ndim == 1:
            x = x[None, :]
        x = self._check_inputs(x, name="x")
        if x.shape[0] != 1:
            raise ValueError(f"x has shape {x.shape}; append takes a single point of shape ({self._dim},)")
        y_arr = self._check_y(np.atleast_1d(check_array("y", y, finite=False)).ravel(), 1)
        t = self._t
        self._ensure_capacity(t + 1, self._dim)
        self._X_buf[t] = x[0]
        self._y_buf[t] = y_arr[0]
        k_vec = self.kernel(self._X_buf[:t], x)[:, 0]
        c = float(self.kernel.diag(x)[0]) + self.noise_variance + self._jitter
        # Forward substitution, O(t²): l = L \ k  (the new bottom row of the factor)
        l_vec = self._solve_L(k_vec)
        d2 = c - float(l_vec @ l_vec)
        if not d2 > 1e-12 * c:
            self._t = t + 1
            self._factorise()  # lost positive definiteness: full refit with jitter escalation
            return self
        d = math.sqrt(d2)
        self._L_buf[t, :t] = l_vec
        self._L_buf[t, t] = d
        self._L_buf[:t, t] = 0.0
        self._L_live = None
        # v = L⁻¹(y - m) extends by one forward-substitution step
        self._v_buf[t] = (y_arr[0] - self.mean - float(l_vec @ self._v_buf[:t])) / d
        self._t = t + 1
        self._update_alpha()
        return self

    # ---- prediction ------------------------------------------------------------------------------------
    def predict(self, X, return_grad: bool = False, grad_columns=None):
        """Posterior mean and variance of the latent ``f`` at the rows of ``X``.

        Parameters
        ----------
        X : array_like of shape (q, D)
        return_grad : bool
            Also return the gradients of mean and variance w.r.t. each row of ``X``.
        grad_columns : array_like of int, shape (k,), optional
            With ``return_grad``: only the partial derivatives along these coordinates (distinct indices in
            ``[0, D)``), in this order: a search over k of the D coordinates (MS-UCB's subspaces) does not pay
            for the other D - k. Each is the value the full gradient has in that column.

        Returns
        -------
        mean, variance : ndarray of shape (q,)
        mean_grad, variance_grad : ndarray of shape (q, D), or (q, k) with ``grad_columns``
            Only if ``return_grad``.
        """
        X = self._check_inputs(X)
        return_grad = check_bool("return_grad", return_grad)
        if grad_columns is not None:
            grad_columns = _check_columns(grad_columns, X.shape[1])
        prior_var = self.kernel._diag(X)   # X checked above
        if self._t == 0:
            mean = np.full(X.shape[0], self.mean)
            if not return_grad:
                return mean, prior_var
            diag_grad = self.kernel.diag_gradient_x(X)
            if grad_columns is not None:
                diag_grad = diag_grad[:, grad_columns]
            return mean, prior_var, np.zeros_like(diag_grad), diag_grad
        Xt = self._X_buf[: self._t]
        # X is checked above and X_t was checked when it was told: the kernel's unchecked path, one distance
        # matrix for k* and its gradient.
        k_star, state = self.kernel._cross(X, Xt, return_grad)  # (q, t)
        # [Rasmussen2006, Alg. 2.1, line 4]: f̄* = k*ᵀ α  (+ constant mean)
        mean = self.mean + k_star @ self._alpha
        # [Rasmussen2006, Alg. 2.1, line 5]: v = L \ k*
        v = self._solve_L(k_star.T)
        # [Rasmussen2006, Alg. 2.1, line 6]: V[f*] = k(x*, x*) - vᵀv, clipped at 0
        var = np.maximum(prior_var - np.einsum("ij,ij->j", v, v), 0.0)
        if not return_grad:
            return mean, var
        # d mean/dx = Σ_i α_i d k(x, X_i)/dx;  d var/dx = d k(x,x)/dx - 2 Σ_i (Δ⁻¹ k*)_i d k(x, X_i)/dx,
        # Δ⁻¹ k* = Lᵀ \ v: contracted by the kernel with matrix products, no (q, t, D) array.
        w = self._solve_L(v, trans=True)  # (t, q)
        mean_grad, w_grad = self.kernel._gradient_x_dot(X, Xt, (self._alpha[None, :], w.T), state,
                                                        grad_columns)
        diag_grad = self.kernel.diag_gradient_x(X)
        var_grad = (diag_grad if grad_columns is None else diag_grad[:, grad_columns]) - 2.0 * w_grad
        var_grad[var <= 0.0] = 0.0
        return mean, var, mean_grad, var_grad

    def subspace_posterior(self, anchors, free):
        """The posterior on the subspaces ``x[free] = z``, other coordinates ``anchors[s]``
        (:class:`regretlab.gp.subspace.SubspacePosterior`): for many points on a few subspaces each point's
        distances cost O(t k) instead of O(t D), k = ``len(free)``. None when the kernel is not stationary
        (the distances do not split over coordinates); then use :meth:`predict` with ``grad_columns``.

        Parameters
        ----------
        anchors : array_like of shape (S, D)
            One point of each subspace (its ``free`` coordinates are not read).
        free : array_like of int, shape (k,)
            The subspaces' free coordinates, distinct indices in ``[0, D)``.
        """

        anchors = self._check_inputs(anchors, "anchors")
        free = _check_columns(free, anchors.shape[1], "free")
        if not isinstance(self.kernel, Stationary):
            return None
        return SubspacePosterior(self, anchors, free)

    def predict_component(self, j: int, Z, *, return_grad: bool = False):
        """Posterior of additive component :math:`f^{(j)}` at inputs ``Z`` given in the component's own space.

        Same formula as :meth:`predict_components` ([Kandasamy2015, Eq. (5)]; [Li2016, Eq. (3)]), but
        ``Z`` (shape (q, d_j)) holds component features :math:`P_j x` (``kernel.features(X, j)``), so a
        per-group acquisition maximiser evaluates only the j-th kernel on d_j columns. The training features
        are computed once per data set and cached. Written by hand: no library gives per-component
        posteriors of an additive GP.

        Returns
        -------
        mean, variance : ndarray of shape (q,)
            Without the constant prior mean (it belongs to no component).
        mean_grad, variance_grad : ndarray of shape (q, d_j)
            Gradients with respect to the rows of ``Z``, only if ``return_grad``.
        """
        if not hasattr(self.kernel, "features"):
            raise ValueError(
                f"predict_component needs an Additive or ProjectedAdditive kernel, not {self.kernel!r}"
            )
        j = self.kernel._check_component_index(j)
        Z = self.kernel.kernels[j]._check_X("Z", Z)
        return self._predict_component(j, Z, check_bool("return_grad", return_grad))

    def _predict_component(self, j: int, Z: np.ndarray, return_grad: bool = False):
        """:meth:`predict_component` without its checks: ``j`` a component index, ``Z`` a finite float
        array (q, d_j). For per-group maximisers, which call it thousands of times a step with points they
        made themselves (validation at the public boundary, not in the inner loop)."""
        kj = self.kernel.kernels[j]
        prior = kj._diag(Z)
        if self._t == 0:
            zeros = np.zeros(Z.shape[0])
            if not return_grad:
                return zeros, prior
            return zeros, prior, np.zeros_like(Z), kj.diag_gradient_x(Z)
        # fit() clears the cache; append() grows t, which the cached entry is checked against.
        if self._component_cache.get(j, (-1,))[0] != self._t:
            self._component_cache[j] = (self._t, self.kernel.features(self._X_buf[: self._t], j))
        F = self._component_cache[j][1]
        k_star, state = kj._cross(Z, F, return_grad)
        mean = k_star @ self._alpha
        v = self._solve_L(k_star.T)
        var = np.maximum(prior - np.einsum("ij,ij->j", v, v), 0.0)
        if not return_grad:
            return mean, var
        w = self._solve_L(v, trans=True)
        mean_grad, w_grad = kj._gradient_x_dot(Z, F, (self._alpha[None, :], w.T), state)
        var_grad = kj.diag_gradient_x(Z) - 2.0 * w_grad
        var_grad[var <= 0.0] = 0.0
        return mean, var, mean_grad, var_grad

    def predict_components(self, X) -> list[tuple[np.ndarray, np.ndarray]]:
        """Posterior of each additive component :math:`f^{(j)}` at the rows of ``X``.

        [Kandasamy2015, Eq. (5), §3]; [Li2016, Eq. (3), §3]:
        :math:`\\mu^{(j)}(x) = k^{(j)}(x, X) \\Delta^{-1} (y - m)` and
        :math:`\\sigma^{(j)2}(x) = k^{(j)}(x, x) - k^{(j)}(x, X) \\Delta^{-1} k^{(j)}(X, x)`.
        The constant prior mean ``m`` belongs to no component: :math:`m + \\sum_j \\mu^{(j)} = \\mu`.
        A kernel without components (not :class:`~regretlab.gp.kernels.Additive` or
        :class:`~regretlab.gp.kernels.ProjectedAdditive`) is one group: the result is ``[(μ - m, σ²)]``.

        Returns
        -------
        list of (mean_j, variance_j), each of shape (q,)
        """
        X = self._check_inputs(X)
        if hasattr(self.kernel, "features"):
            n_components = len(self.kernel.kernels)
            return [self.predict_component(j, self.kernel.features(X, j)) for j in range(n_components)]
        mean, var = self.predict(X)
        return [(mean - self.mean, var)]

    def log_marginal_likelihood(self) -> float:
        """:math:`\\log p(y | X)` of the current data and hyperparameters ([Rasmussen2006, Eq. (2.30)]).

        With jitter in use, the likelihood is that of ``K + (σ² + jitter) I``.
        """
        if self._t == 0:
            return 0.0
        v = self._v_buf[: self._t]
        # [Rasmussen2006, Alg. 2.1, line 7]: log p(y|X) = -½ yᵀα - Σ log L_ii - n/2 log 2π   (yᵀα = vᵀv)
        return float(-0.5 * v @ v - np.sum(np.log(np.diag(self.L))) - 0.5 * self._t * math.log(2.0 * math.pi))

    def __repr__(self) -> str:
        return (
            f"GP({self.kernel!r}, noise_variance={self.noise_variance:.6g}, mean={self.mean:.6g}, "
            f"n_obs={self._t})"
        )
