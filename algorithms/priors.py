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
    "InitialDesignOnlyWarning",
]

#: Lengthscale bounds as multiples of (mean side, mean side × √D).
LENGTHSCALE_RANGE = (1e-3, 1e2)


class RegretlabWarning(UserWarning):
    """Base class of the warnings the optimisation loop emits."""


class FitAtBoundWarning(RegretlabWarning):
    """An ML-II fit ended on a hyperparameter bound (recorded in the trace as ``refit["at_bounds"]``)."""


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
