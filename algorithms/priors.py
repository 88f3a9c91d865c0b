r"""Default prior kernels whose hyperparameter bounds are relative to the box, and the warnings of the loop.

Scale-free fitting (the paper-setups issue): ML-II must not end on a bound because of the units of the
problem. Outputs are standardised by default (``normalize_y=True``; [Ha2019, §6] states it, and the Add-GP
authors' code sets its scale range from the data), the signal- and noise-variance bounds are multiples of
the variance of the fitted targets (``variance_unit`` of :func:`regretlab.gp.fit_hyperparameters`), and
the lengthscale bounds are multiples of the box's side:

.. math:: \ell\in[10^{-3}\,\bar s,\ 10^{2}\,\bar s\sqrt{D}],\qquad \ell_0=\tfrac14\bar s\sqrt{D},

with :math:`\bar s` the mean side of the (sub-)box and :math:`D` its dimension (the upper end is a hundred
box diagonals; the start is a quarter diagonal).
"""

from __future__ import annotations

import math

import numpy as np

from regretlab.gp import Stationary

__all__ = [
    "LENGTHSCALE_RANGE",
    "default_kernel",
    "lengthscale_bounds",
    "RegretlabWarning",
    "FitAtBoundWarning",
    "JitterWarning",
    "InitialDesignOnlyWarning",
    "RepeatedQueryWarning",
    "OutputScaleWarning",
    "STUCK_REPEATS",
    "data_lengthscale_floor",
    "DATA_FLOOR_FRACTION",
]

#: A run that queries the same point this many times in a row is warned about (RepeatedQueryWarning): more
#: than any proposal that meant to refine a point needs (an exact repeat adds only noise information).
STUCK_REPEATS = 5
#: The data-relative lengthscale floor is this fraction of the median nearest-neighbour distance of the
#: distinct observed inputs: at the floor a point and its nearest observed neighbour still correlate by
#: exp(-1 / (2 * 0.5**2)) = exp(-2) = 0.14, so the fitted model is never white noise at the data's own scale.
DATA_FLOOR_FRACTION = 0.5

#: Lengthscale bounds as multiples of (mean side, mean side × √D).
LENGTHSCALE_RANGE = (1e-3, 1e2)


class RegretlabWarning(UserWarning):
    """Base class of the warnings the optimisation loop emits."""


class FitAtBoundWarning(RegretlabWarning):
    """An ML-II fit ended on a hyperparameter bound (recorded in the trace as ``refit["at_bounds"]``)."""


class JitterWarning(RegretlabWarning):
    """The GP's Cholesky factorisation needed jitter on its diagonal (recorded in the trace as ``jitter``)."""


class OutputScaleWarning(RegretlabWarning):
    """The observations' variance is not representable in floating point (its square under- or overflows), so
    the variance bounds cannot be set relative to it: the fit sees them on the unit scale."""


def spread(y) -> tuple[float, float]:
    r"""Mean and standard deviation of ``y``, the standard deviation computed as
    :math:`p\cdot\mathrm{sd}((y-\bar y)/p)` with :math:`p=\max_i|y_i-\bar y|`, so that it does not underflow
    to 0 at scales where squares do (:func:`numpy.std` of values near 1e-200 squares them to 0: a run on
    :math:`10^{-200} f` then stopped being the run on f). Between 1e-150 and 1e150 it is :func:`numpy.std`'s
    value unchanged. NumPy has no scale-safe standard deviation, hence these lines.

    >>> spread([1e-300, 2e-300, 3e-300])[1] > 0.0
    True
    """
    y = np.asarray(y, dtype=float)
    mean, sd = float(np.mean(y)), float(np.std(y))
    if 1e-150 < sd < 1e150:  # squares well inside the normal range: numpy's value, bit for bit as before
        return mean, sd
    deviation = y - mean
    peak = float(np.max(np.abs(deviation))) if y.size else 0.0
    if peak == 0.0:
        return mean, 0.0
    return mean, peak * float(np.std(deviation / peak))


class RepeatedQueryWarning(RegretlabWarning):
    """A run queried the same point :data:`STUCK_REPEATS` times in a row (a model stuck at one point)."""


def data_lengthscale_floor(X, box) -> float:
    r"""The data-relative lengthscale floor: :math:`\max(10^{-3}\bar s,\ 0.5\,\mathrm{median}_i\,
    \min_{j\ne i}\lVert x_i-x_j\rVert)` over the distinct rows of ``X`` (the inputs in the kernel's own
    coordinates), ``box`` their (sub-)box.

    Why: below the spacing of the observed inputs the marginal likelihood cannot tell lengthscales apart
    (the kernel matrix is the identity either way), so a fit that ends there has learnt nothing from the
    data, yet it makes the model white noise, every acquisition flat away from the data and a run stuck
    ([Kandasamy2015]'s centre trap). The floor keeps the nearest observed neighbour correlated by at least
    :math:`e^{-2}`. Not in the papers: chosen (this project's), stated in every setup that uses it.

    >>> data_lengthscale_floor([[0.0], [0.5], [1.0]], [[0.0, 1.0]])
    0.25
    """
    box = np.asarray(box, dtype=float)
    side = float(np.mean(box[:, 1] - box[:, 0]))
    base = LENGTHSCALE_RANGE[0] * side
    points = np.unique(np.asarray(X, dtype=float), axis=0)
    if len(points) < 2:
        return base
    squared = np.sum((points[:, None, :] - points[None, :, :]) ** 2, axis=-1)
    np.fill_diagonal(squared, np.inf)
    nearest = np.sqrt(np.min(squared, axis=1))
    return max(base, DATA_FLOOR_FRACTION * float(np.median(nearest)))


class InitialDesignOnlyWarning(RegretlabWarning):
    """A run's budget does not go past the initial design: no acquisition step is taken."""


def lengthscale_bounds(bounds) -> tuple[float, float]:
    r""":math:`(10^{-3}\bar s,\ 10^2\bar s\sqrt D)` for a box ``bounds`` of shape (D, 2)."""
    box = np.asarray(bounds, dtype=float)
    side = float(np.mean(box[:, 1] - box[:, 0]))
    return LENGTHSCALE_RANGE[0] * side, LENGTHSCALE_RANGE[1] * side * math.sqrt(box.shape[0])


def default_kernel(cls: type[Stationary], bounds, variance: float = 1.0) -> Stationary:
    r"""An isotropic ``cls`` kernel for the box ``bounds``: :math:`\ell_0=\tfrac14\bar s\sqrt D`, signal
    variance ``variance``, lengthscale bounds :func:`lengthscale_bounds` (variance bounds: the kernel's,
    read as multiples of the data's variance by the fit)."""
    box = np.asarray(bounds, dtype=float)
    side = float(np.mean(box[:, 1] - box[:, 0]))
    return cls(
        lengthscale=0.25 * side * math.sqrt(box.shape[0]),
        variance=variance,
        lengthscale_bounds=lengthscale_bounds(box),
    )
