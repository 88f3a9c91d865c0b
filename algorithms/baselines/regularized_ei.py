r"""Regularised EI: EI under a GP prior mean that falls away from the user's box, so that its maximiser is
never at infinity ([Shahriari2016, §4]); "EI-H" (hinge-quadratic) and "EI-Q" (quadratic) of [Ha2019, §6].
"""

from __future__ import annotations

import math

import numpy as np

from regretlab._validate import MAGNITUDE_LIMIT, check_choice, check_number

from ..base import Proposal
from ..posteriors import ScaledPosterior
from ._common import HA2019_LOOP, ExpandingSpace, UCBBaseline

__all__ = ["RegularizedEI", "PRIORS"]

#: The two regularisers of [Shahriari2016, §4] that [Ha2019, §6] runs.
PRIORS = ("hinge", "quadratic")


class _PriorMeanPosterior:
    """A GP fitted to y − m(X) read as the GP with prior mean m: μ(x) = m(x) + μ_res(x), same variance."""

    def __init__(self, gp, prior, prior_grad):
        self.gp, self.prior, self.prior_grad = gp, prior, prior_grad

    def predict(self, X, return_grad: bool = False):
        X = np.atleast_2d(np.asarray(X, dtype=float))
        out = self.gp.predict(X, return_grad=return_grad)
        if not return_grad:
            return out[0] + self.prior(X), out[1]
        return out[0] + self.prior(X), out[1], out[2] + self.prior_grad(X), out[3]


class RegularizedEI(ExpandingSpace, UCBBaseline):
    r"""EI with a regularising prior mean ([Shahriari2016, §4]), maximised where the regulariser has not yet
    made EI vanish.

    The GP prior mean (in the units of the standardised y) is :math:`b + r(x)` with :math:`b` the fitted
    constant and, for maximisation,

    .. math::

        r_{\mathrm H}(x) = -\frac{(\lVert x-c\rVert_2 - R)^2}{2\beta^2R^2}\,\mathbb 1[\lVert x-c\rVert_2>R]
        \qquad\text{(hinge-quadratic; } R \text{ the circumradius of the user's box, } \beta = 1\text{)},

    .. math::

        r_{\mathrm Q}(x) = -\frac12\sum_i\Big(\frac{x_i-c_i}{w_i}\Big)^2
        \qquad\text{(quadratic; } w \text{ the widths of the user's box)},

    :math:`c` the centre of the user's box ([Ha2019, §6] gives R, β = 1 and w). EI over the best observation
    is maximised over the box where the regulariser is above :math:`-P` (``penalty_cap`` standard deviations
    of y, default 10): there and beyond, EI is below :math:`\varphi(P)\approx 10^{-22}` of its scale, and
    [Shahriari2016]'s unbounded search cannot go further in floating point anyway. That box (recorded as
    ``records["search_box"]``) is, per coordinate, :math:`c\pm R(1+\beta\sqrt{2P})` (hinge) or
    :math:`c\pm w\sqrt{2P}` (quadratic).

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
        The user's box.
    prior : {"hinge", "quadratic"}
        EI-H or EI-Q.
    beta_hinge : float
        The hinge's β > 0 (default 1: [Ha2019, §6]).
    penalty_cap : float
        P > 0 above (default 10).
    **kwargs
        :class:`~regretlab.algorithms.baselines._common.UCBBaseline` and loop options.

    Notes
    -----
    The factor 1/2 in both regularisers is this implementation's reading of [Shahriari2016] (its text was
    not available offline to check); it makes the quadratic prior the log-density of a Gaussian of widths w.

    Examples
    --------
    >>> opt = RegularizedEI([[0.0, 1.0]] * 2, prior="quadratic", rng=0, n_init=3, acq_budget=60, n_restarts=0)
    >>> np.round(opt.domain[0], 3).tolist()  # c ± w sqrt(2 P)
    [-3.972, 4.972]
    """

    name = "Regularized EI"
    acquisitions = ("ei",)
    defaults = HA2019_LOOP

    def __init__(self, bounds, *, prior: str = "hinge", beta_hinge: float = 1.0, penalty_cap: float = 10.0,
                 acquisition: str = "ei", **kwargs):
        super().__init__(bounds, acquisition=acquisition, **kwargs)
        self.prior = check_choice("prior", prior, PRIORS)
        self.beta_hinge = check_number("beta_hinge", beta_hinge, low=0.0, low_open=True)
        self.penalty_cap = check_number("penalty_cap", penalty_cap, low=0.0, low_open=True)
        self.centre = self.bounds.mean(axis=1)
        self.widths = self.bounds[:, 1] - self.bounds[:, 0]
        self.radius = 0.5 * float(np.linalg.norm(self.widths))  # circumradius of the user's box
        reach = math.sqrt(2.0 * self.penalty_cap)
        half = (np.full(self.dim, self.radius * (1.0 + self.beta_hinge * reach)) if self.prior == "hinge"
                else self.widths * reach)
        self._box = np.column_stack([self.centre - half, self.centre + half])
        if not np.all(np.abs(self._box) <= MAGNITUDE_LIMIT):   # check_bounds' limit: widths must not overflow
            raise ValueError(f"beta_hinge={self.beta_hinge!r} and penalty_cap={self.penalty_cap!r} make the "
                             f"search box reach {np.max(np.abs(self._box)):.3g}, beyond ±1e150; choose "
                             "smaller values")
        self.boxes = [(1, self._box.copy())]
        self.name = "EI-H" if self.prior == "hinge" else "EI-Q"
        self._record_params("prior", "beta_hinge", "penalty_cap", "radius", search_box=self._box.tolist())

    # ---- the regulariser ----------------------------------------------------------------------------------
    def regularizer(self, X) -> np.ndarray:
        """:math:`r(x)` at the rows of ``X`` (in standard deviations of y)."""
        Z = np.atleast_2d(np.asarray(X, dtype=float)) - self.centre
        if self.prior == "quadratic":
            return -0.5 * np.sum((Z / self.widths) ** 2, axis=1)
        excess = np.maximum(np.linalg.norm(Z, axis=1) - self.radius, 0.0)
        return -(excess**2) / (2.0 * self.beta_hinge**2 * self.radius**2)

    def regularizer_grad(self, X) -> np.ndarray:
        """:math:`\\nabla r` at the rows of ``X``, shape (q, D)."""
        Z = np.atleast_2d(np.asarray(X, dtype=float)) - self.centre
        if self.prior == "quadratic":
            return -Z / self.widths**2
        norm = np.linalg.norm(Z, axis=1)
        excess = np.maximum(norm - self.radius, 0.0)
        factor = np.where(norm > 0.0, excess / np.where(norm > 0.0, norm, 1.0), 0.0)
        return -(factor / (self.beta_hinge**2 * self.radius**2))[:, None] * Z

    # ---- the model with the prior mean ------------------------------------------------------------------
    def _fit_targets(self) -> np.ndarray:
        return super()._fit_targets() - self.regularizer(self.X)

    def _gp_target(self, x, y) -> float:
        return float(self._normalised(y) - self.regularizer(x)[0])

    def refit(self) -> None:
        super().refit()
        self.model = ScaledPosterior(_PriorMeanPosterior(self.gp, self.regularizer, self.regularizer_grad),
                                     self._y_shift, self._y_scale)

    def _propose(self, t: int, beta: float) -> Proposal:
        result = self.maximize_acquisition(self.make_acquisition(beta))
        return Proposal(result.x, result.n_evaluations, {"search_box": self.domain})
