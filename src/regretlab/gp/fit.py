"""Type-II maximum likelihood: the log marginal likelihood, its analytic gradient, and L-BFGS-B restarts.

The gradient is [Rasmussen2006, Eq. (5.9), §5.4.1]:

.. math::
    \\frac{\\partial}{\\partial\\theta_k} \\log p(y|X,\\theta) =
    \\tfrac12 \\operatorname{tr}\\big((\\alpha\\alpha^\\top - \\Delta^{-1})
    \\partial\\Delta/\\partial\\theta_k\\big),

with :math:`\\Delta = K_\\theta + \\sigma^2 I` and :math:`\\alpha = \\Delta^{-1}(y - m)`; for the log noise
variance :math:`\\partial\\Delta/\\partial\\log\\sigma^2 = \\sigma^2 I`.

References
----------
.. [1] [Rasmussen2006, Eqs. (2.30), (5.9), Alg. 2.1].
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
from scipy.linalg import cho_solve, solve_triangular
from scipy.linalg.lapack import dpotri
from scipy.optimize import minimize

from regretlab._rng import as_generator
from regretlab._validate import (
    MAGNITUDE_LIMIT,
    check_array,
    check_bool,
    check_count,
    check_number,
    check_real,
)
from regretlab.gp.kernels import Kernel
from regretlab.gp.posterior import _mirror_lower, cholesky_with_jitter

__all__ = [
    "FitResult",
    "LikelihoodTerms",
    "likelihood_terms",
    "log_marginal_likelihood",
    "fit_hyperparameters",
    "NOISE_NAME",
    "BOUND_TOLERANCE",
]

#: Name of the noise hyperparameter in ``fixed`` and in gradient order (last entry).
NOISE_NAME = "noise_variance"

#: Value returned to the optimiser where Δ cannot be factorised (no finite likelihood there).
_PENALTY = 1e25

#: A fitted log-hyperparameter this close to a bound of its box (1 %: L-BFGS-B stops early where the
#: likelihood is flat, e.g. at a vanishing lengthscale) is reported in ``FitResult.at_bounds``.
BOUND_TOLERANCE = 1e-2


@dataclass(frozen=True)
class FitResult:
    """Outcome of :func:`fit_hyperparameters`.

    Attributes
    ----------
    kernel : Kernel
        Kernel with the fitted hyperparameters (same structure as the input kernel).
    noise_variance : float
        Fitted (or fixed) noise variance σ².
    mean : float
        Constant mean used: the fixed one, or the generalised-least-squares estimate at the optimum.
    log_marginal_likelihood : float
        :math:`\\log p(y | X)` at the returned hyperparameters.
    n_evaluations : int
        Number of likelihood-and-gradient evaluations over all restarts.
    success : bool
        Whether at least one L-BFGS-B run reported convergence.
    message : str
        The message of the run that produced the result.
    at_bounds : tuple of str
        The fitted hyperparameters that ended on a bound of the search box (within :data:`BOUND_TOLERANCE`
        in log space), each as ``"name=low"`` or ``"name=high"``; empty when the optimum is interior.
    """

    kernel: Kernel
    noise_variance: float
    mean: float
    log_marginal_likelihood: float
    n_evaluations: int
    success: bool = True
    message: str = field(default="")
    at_bounds: tuple[str, ...] = ()


def _check_data(kernel, X, y):
    if not isinstance(kernel, Kernel):
        raise ValueError(f"kernel={kernel!r} is not a regretlab.gp.kernels.Kernel")
    X = check_array("X", X, ndim=2)
    if X.shape[0] == 0:
        raise ValueError(f"X has shape {X.shape}; expected at least one row")
    y = check_array("y", y, ndim=None)
    if y.ndim == 2 and y.shape[1] == 1:
        y = y[:, 0]
    if y.shape != (X.shape[0],):
        raise ValueError(f"y has shape {y.shape}; expected ({X.shape[0]},) to match X")
    return X, y


@dataclass(frozen=True)
class LikelihoodTerms:
    r"""The Gaussian log likelihood of ``y`` under covariance :math:`\Delta` and a constant mean, with the
    pieces its gradients are built from.

    Attributes
    ----------
    value : float
        :math:`\log p(y) = -\tfrac12(y-m)^\top\Delta^{-1}(y-m)-\tfrac12\log|\Delta|-\tfrac n2\log2\pi`.
    mean : float
        The constant mean :math:`m` used (the given one, or the generalised-least-squares estimate).
    alpha : ndarray, shape (n,)
        :math:`\alpha=\Delta^{-1}(y-m)`.
    L : ndarray, shape (n, n)
        Lower Cholesky factor of :math:`\Delta` (plus the jitter it needed).
    """

    value: float
    mean: float
    alpha: np.ndarray
    L: np.ndarray

    def gradient_weights(self) -> np.ndarray:
        r""":math:`\alpha\alpha^\top-\Delta^{-1}`, so that :math:`\partial\log p/\partial\theta_k =
        \tfrac12\operatorname{tr}\big((\alpha\alpha^\top-\Delta^{-1})\,\partial\Delta/\partial\theta_k\big)`
        for any parameter of :math:`\Delta` ([Rasmussen2006, Eq. (5.9)])."""
        # Δ⁻¹ from the Cholesky factor by LAPACK's potri (L⁻¹, then L⁻ᵀL⁻¹: ~2n³/3 flops, a third of
        # cho_solve against the identity); it fills one triangle, mirrored here.
        inverse, info = dpotri(self.L, lower=1)
        if info != 0:  # not reachable for a factor cholesky_with_jitter returned (positive diagonal)
            raise ValueError(f"LAPACK potri failed (info={info}) on the likelihood's Cholesky factor")
        # potri leaves the strict upper triangle as it found it: L's, which is zero. So Δ⁻¹ = T + Tᵀ - diag(T)
        # for its output T: its lower triangle is mirrored onto the upper in place and subtracted once. The
        # diagonal is then written as ((a_i² - T_ii) - T_ii) + T_ii, the value of the former three passes
        # (aaᵀ - T - Tᵀ + diag T) to the bit, so that every fit takes the same steps as before.
        diagonal = np.diagonal(inverse).copy()
        _mirror_lower(inverse)
        out = np.outer(self.alpha, self.alpha)
        out -= inverse
        step = out.shape[0] + 1
        out.flat[::step] = (out.flat[::step] - diagonal) + diagonal
        return out


def likelihood_terms(delta: np.ndarray, y: np.ndarray, mean: float | None = None, *,
                     overwrite: bool = False) -> LikelihoodTerms:
    r"""Log likelihood of ``y`` under :math:`\mathcal N(m\mathbf 1, \Delta)` ([Rasmussen2006, Alg. 2.1]).

    The core of :func:`log_marginal_likelihood`, for callers that build :math:`\Delta=K+\sigma^2I` themselves
    (RPP-GP-UCB differentiates it in the projection ``W``). Unvalidated: ``delta`` is a symmetric (n, n)
    array, ``y`` finite (n,); a :math:`\Delta` that no jitter makes positive definite raises ``ValueError``.
    ``mean=None`` profiles the constant mean out with its generalised-least-squares estimate
    :math:`\hat m = \mathbf 1^\top\Delta^{-1}y/\mathbf 1^\top\Delta^{-1}\mathbf 1`, which maximises the
    likelihood over :math:`m`; by the envelope theorem a gradient of the profiled likelihood is the partial
    gradient at :math:`\hat m`. With ``overwrite`` the factor is computed in ``delta``'s memory (the caller
    gives it away: one (n, n) array fewer, the same bits).
    """
    n = y.shape[0]
    # [Rasmussen2006, Alg. 2.1, line 2]: L = cholesky(K + σ²I)
    L, _ = cholesky_with_jitter(delta, overwrite=overwrite)
    if mean is None:
        ones = np.ones(n)
        u = cho_solve((L, True), ones, check_finite=False)
        mean = float(u @ y / (u @ ones))
    # [Rasmussen2006, Alg. 2.1, line 3]: α = Lᵀ \ (L \ (y - m))
    v = solve_triangular(L, y - mean, lower=True, check_finite=False)
    alpha = solve_triangular(L, v, lower=True, trans="T", check_finite=False)
    # [Rasmussen2006, Alg. 2.1, line 7]: log p(y|X) = -½ (y-m)ᵀα - Σ log L_ii - n/2 log 2π
    lml = -0.5 * float(v @ v) - float(np.sum(np.log(np.diag(L)))) - 0.5 * n * math.log(2.0 * math.pi)
    return LikelihoodTerms(lml, float(mean), alpha, L)


def _lml(kernel: Kernel, X, y, noise_variance: float, mean, eval_gradient: bool, cache: dict | None = None):
    """Unvalidated core of :func:`log_marginal_likelihood`; returns (lml, grad or None, mean used).

    ``cache``: kept by one ML-II fit across its evaluations (the same ``X``, other θ); a sum kernel keeps
    its components' θ-free distances there (:meth:`~regretlab.gp.kernels.Kernel._gram_for_gradient`)."""
    if eval_gradient or (cache is not None and kernel._uses_fit_cache):
        # the kernel keeps what its gradient re-uses (distances, maybe K itself) of this evaluation: K is
        # ours to overwrite only when the kernel says it is not part of that state
        K, state = kernel._gram_for_gradient(X, cache)
        delta = K if kernel._gram_owned else K.copy()
    else:
        delta, state = kernel(X), None
    delta[np.diag_indices_from(delta)] += noise_variance
    terms = likelihood_terms(delta, y, mean, overwrite=True)  # delta is this function's own copy
    if not eval_gradient:
        return terms.value, None, terms.mean
    # [Rasmussen2006, Eq. (5.9)]: ∂/∂θ_k = ½ tr((ααᵀ - Δ⁻¹) ∂Δ/∂θ_k)
    inner = terms.gradient_weights()
    grad = np.empty(kernel.n_hyperparameters + 1)
    grad[:-1] = 0.5 * kernel._gradient_dot(X, inner, state)
    grad[-1] = 0.5 * noise_variance * float(np.trace(inner))  # ∂Δ/∂log σ² = σ² I
    return terms.value, grad, terms.mean


def log_marginal_likelihood(kernel: Kernel, X, y, *, noise_variance, mean: float | None = 0.0,
                            eval_gradient: bool = False):
    """Log marginal likelihood :math:`\\log p(y | X, \\theta, \\sigma^2)`
    ([Rasmussen2006, Eq. (2.30), Alg. 2.1, line 7]).

    Parameters
    ----------
    kernel : Kernel
    X : array_like (n, D)
    y : array_like (n,)
    noise_variance : float
        σ² > 0.
    mean : float or None
        Constant prior mean; None profiles it out with its generalised-least-squares estimate.
    eval_gradient : bool
        Also return the gradient w.r.t. ``(kernel.theta..., log σ²)``.

    Returns
    -------
    float, or (float, ndarray of shape (p + 1,))
    """
    X, y = _check_data(kernel, X, y)
    noise_variance = check_number("noise_variance", noise_variance, low=0.0, low_open=True)
    if mean is not None:
        mean = check_number("mean", mean, low=-MAGNITUDE_LIMIT, high=MAGNITUDE_LIMIT)
    eval_gradient = check_bool("eval_gradient", eval_gradient)
    lml, grad, _ = _lml(kernel, X, y, noise_variance, mean, eval_gradient)
    return (lml, grad) if eval_gradient else lml


def _matches(name: str, key: str) -> bool:
    return name == key or name.endswith("." + key)


def _check_settings(noise_variance, n_restarts, noise_bounds, mean, variance_unit) -> tuple:
    """:func:`fit_hyperparameters`'s numeric settings, validated (each error names its parameter)."""
    noise_variance = check_number("noise_variance", noise_variance, low=0.0, low_open=True)
    n_restarts = check_count("n_restarts", n_restarts, low=0)
    nb = check_array("noise_bounds", noise_bounds, shape=(2,))
    check_real("noise_bounds", nb, low=0.0, low_open=True)
    if not nb[0] < nb[1]:
        raise ValueError(f"noise_bounds={nb.tolist()} is not an interval: low must be < high")
    if mean is not None:
        mean = check_number("mean", mean, low=-MAGNITUDE_LIMIT, high=MAGNITUDE_LIMIT)
    variance_unit = check_number("variance_unit", variance_unit, low=0.0, low_open=True)
    return noise_variance, n_restarts, nb, mean, variance_unit


def _at_bounds(names: tuple, free: np.ndarray, bounds: np.ndarray, z: np.ndarray) -> tuple[str, ...]:
    """The free hyperparameters of ``z`` within :data:`BOUND_TOLERANCE` of a bound, as ``"name=low|high"``."""
    return tuple(
        f"{names[i]}={side}"
        for i in np.flatnonzero(free)
        for side, edge in (("low", bounds[i, 0]), ("high", bounds[i, 1]))
        if abs(z[i] - edge) <= BOUND_TOLERANCE
    )


def _free_mask(names: tuple, fit_noise: bool, fixed) -> np.ndarray:
    """Which of ``names`` (the kernel's hyperparameters, then σ²) the fit moves: all but σ² when
    ``fit_noise`` is false and those ``fixed`` names (:func:`_matches`)."""
    free = np.ones(len(names), dtype=bool)
    free[-1] = fit_noise
    if fixed is not None:
        if isinstance(fixed, str | np.ndarray) or not isinstance(fixed, Iterable):
            raise ValueError(f"fixed={fixed!r} must be a list of hyperparameter names from {list(names)}")
        for key in fixed:
            hits = [i for i, name in enumerate(names) if _matches(name, str(key))]
            if not hits:
                raise ValueError(f"fixed contains {key!r}, not one of the hyperparameters {list(names)}")
            free[hits] = False
    return free


def _search_box(kernel: Kernel, names: tuple, noise_bounds: np.ndarray, variance_unit: float) -> np.ndarray:
    """The log-space bounds of (θ, log σ²): the kernel's ``theta_bounds`` and log ``noise_bounds``, every
    variance bound (signal and noise) moved by log ``variance_unit``."""
    bounds = np.vstack([kernel.theta_bounds, np.log(noise_bounds)[None, :]])
    if variance_unit != 1.0:
        scaled = [i for i, name in enumerate(names) if _matches(name, "variance") or name == NOISE_NAME]
        bounds[scaled] += math.log(variance_unit)
    return bounds


def _maximise(evaluate, z0: np.ndarray, free: np.ndarray, bounds: np.ndarray, n_restarts: int,
              gen: np.random.Generator) -> tuple[np.ndarray, bool, str, int]:
    """L-BFGS-B on the negative log marginal likelihood over the ``free`` coordinates of z = (θ, log σ²):
    from z0 clipped into ``bounds``, then ``n_restarts`` uniform starts drawn from ``gen``; returns the best
    z (z0 clipped if no run improves on it), whether a run converged, the message and the evaluations."""
    n_evals = 0

    def unpack(z_free):
        z = z0.copy()
        z[free] = z_free
        return z

    def objective(z_free):
        nonlocal n_evals
        n_evals += 1
        try:
            lml, grad, _ = evaluate(unpack(z_free), True)
        except ValueError:  # Δ not factorisable here even with jitter
            return _PENALTY, np.zeros(z_free.shape)
        return -lml, -grad[free]

    start_z = z0.copy()
    start_z[free] = np.clip(z0[free], bounds[free, 0], bounds[free, 1])
    try:
        start_lml = evaluate(start_z, False)[0]
    except ValueError:
        start_lml = -math.inf
    best_z, best_lml = start_z, start_lml
    if not np.any(free):
        return best_z, True, "no free hyperparameters: nothing to optimise", n_evals
    success, message = False, "no free hyperparameters: nothing to optimise"
    starts = [start_z[free]]
    for _ in range(n_restarts):
        starts.append(gen.uniform(bounds[free, 0], bounds[free, 1]))
    messages = []
    for s in starts:
        res = minimize(objective, s, jac=True, method="L-BFGS-B", bounds=bounds[free])
        messages.append(str(res.message))
        success = success or bool(res.success)
        if res.fun < _PENALTY and -res.fun > best_lml:
            best_z, best_lml = unpack(res.x), float(-res.fun)
            message = str(res.message)
    if best_z is start_z:
        message = "no run improved on the starting point; " + "; ".join(sorted(set(messages)))
    return best_z, success, message, n_evals


def fit_hyperparameters(
    kernel: Kernel,
    X,
    y,
    *,
    noise_variance,
    rng: int | np.random.Generator | None,
    n_restarts=5,
    fit_noise=True,
    noise_bounds=(1e-6, 1.0),
    mean=None,
    fixed=None,
    variance_unit=1.0,
) -> FitResult:
    """Maximise the log marginal likelihood over the kernel's θ and (optionally) log σ², by L-BFGS-B.

    The first run starts from the current hyperparameters (clipped into the bounds); ``n_restarts``
    further runs start uniformly in the log bounds, drawn from ``rng``. The structure (additive groups,
    projection ``W``) is always kept; only ``theta`` changes.

    Parameters
    ----------
    kernel : Kernel
        Initial kernel; its ``theta_bounds`` are the search box.
    X, y : array_like
        Data, shapes (n, D) and (n,).
    noise_variance : float
        Initial (``fit_noise=True``) or fixed (``fit_noise=False``) noise variance σ² > 0.
    rng : None, int or numpy.random.Generator
        Source of the restart points.
    n_restarts : int
        Number of random restarts (>= 0) after the run from the current values.
    fit_noise : bool
        Whether σ² is optimised.
    noise_bounds : (float, float)
        Bounds of σ² (original scale).
    mean : float or None
        Fixed constant mean, or None for the likelihood-maximising (GLS) constant.
    fixed : iterable of str, optional
        Hyperparameter names kept at their current values. A name matches itself and, for sums, every
        ``"k<j>.<name>"`` (so ``fixed=["variance"]`` fixes every component's variance); ``"noise_variance"``
        fixes σ² like ``fit_noise=False``.
    variance_unit : float
        The unit of the variance bounds (> 0): every signal-variance bound of the kernel (hyperparameters
        named ``variance`` or ``*.variance``) and ``noise_bounds`` are multiplied by it, so that bounds given
        for unit-variance data hold relative to the data (pass ``var(y)``). Default 1: bounds as given.

    Returns
    -------
    FitResult
    """
    X, y = _check_data(kernel, X, y)
    noise_variance, n_restarts, nb, mean, variance_unit = _check_settings(
        noise_variance, n_restarts, noise_bounds, mean, variance_unit)
    gen = as_generator(rng)

    names = kernel.hyperparameter_names + (NOISE_NAME,)
    free = _free_mask(names, check_bool("fit_noise", fit_noise), fixed)
    bounds = _search_box(kernel, names, nb, variance_unit)
    z0 = np.append(kernel.theta, math.log(noise_variance))
    cache: dict = {}  # the same X in every evaluation: sums keep their components' distances here

    def evaluate(z, gradient, cache=cache):
        return _lml(kernel.with_theta(z[:-1]), X, y, math.exp(z[-1]), mean, gradient, cache)

    best_z, success, message, n_evals = _maximise(evaluate, z0, free, bounds, n_restarts, gen)
    best_lml, _, mean_used = evaluate(best_z, False, None)  # reported as log_marginal_likelihood computes it
    return FitResult(
        kernel=kernel.with_theta(best_z[:-1]),
        noise_variance=float(math.exp(best_z[-1])),
        mean=float(mean_used),
        log_marginal_likelihood=float(best_lml),
        n_evaluations=int(n_evals),
        success=success,
        message=message,
        at_bounds=_at_bounds(names, free, bounds, best_z),
    )
