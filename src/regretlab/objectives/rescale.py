r"""Affine rescaling of an objective's box: :math:`[-1,1]^D` ([TranThe2020, §Experiments]) or :math:`[0,1]^D`
(Add-GP, RPP).

MS-UCB ([TranThe2020, §Experiments]) rescales every benchmark's search space to :math:`[-1,1]^D`; Add-GP-UCB
([Kandasamy2015, §3]) and RPP-GP-UCB ([Li2016, §2]) work on :math:`[0,1]^D`. Rescaling changes the coordinates
only: values, the optimum value and the set of maximisers (mapped) are unchanged.
"""

from __future__ import annotations

import numpy as np

from regretlab._validate import check_array, check_bounds

from .base import Objective

__all__ = ["rescale", "Rescaled"]


def _points(name: str, value, dim: int) -> np.ndarray:
    """Finite points of shape (..., dim)."""
    arr = check_array(name, value)
    if arr.ndim == 0 or arr.shape[-1] != dim:
        raise ValueError(f"{name} has shape {arr.shape}; expected (..., {dim})")
    return arr


class Rescaled(Objective):
    r"""``base`` seen through the affine map from the box ``[lo, hi]^D`` onto ``base.bounds``.

    .. math:: x_{\text{base}} = a + (u - lo)\,\frac{b - a}{hi - lo},\qquad u\in[lo, hi]^D

    coordinate-wise, where :math:`[a_j, b_j]` is the :math:`j`-th side of the base box. The noise has its own
    ``noise_std`` (default: the base's) and its own ``rng``.

    Attributes
    ----------
    base : Objective
    """

    def __init__(self, base: Objective, to=(-1.0, 1.0), *, noise_std: float | None = None, rng=None,
                 enforce_bounds: bool = True):
        if not isinstance(base, Objective):
            raise ValueError(f"base={base!r} is not an Objective")
        super().__init__(noise_std=base.noise_std if noise_std is None else noise_std, rng=rng,
                         enforce_bounds=enforce_bounds)
        lo, hi = check_bounds("to", [to])[0]
        self.base = base
        self.name = f"{base.name}@[{lo:g},{hi:g}]"
        self.negated = base.negated
        self.reference_optimum = base.reference_optimum
        self.reference_decimals = base.reference_decimals
        self._lo, self._hi = lo, hi
        self._scale = (base.bounds[:, 1] - base.bounds[:, 0]) / (hi - lo)
        self._set_domain(np.tile([lo, hi], (base.dim, 1)), self._from_base(base.optimizers))

    def to_base(self, U) -> np.ndarray:
        """Map points of the new box (shape (..., D), finite) to the base box."""
        return self._to_base(_points("U", U, self.dim))

    def from_base(self, X) -> np.ndarray:
        """Map points of the base box (shape (..., D), finite) to the new box."""
        return self._from_base(_points("X", X, self.dim))

    def _from_base(self, X: np.ndarray) -> np.ndarray:
        return self._lo + (X - self.base.bounds[:, 0]) / self._scale

    def _to_base(self, U: np.ndarray) -> np.ndarray:
        return self.base.bounds[:, 0] + (U - self._lo) * self._scale

    def _evaluate(self, U):
        X = np.clip(self._to_base(np.asarray(U, dtype=float)), self.base.bounds[:, 0], self.base.bounds[:, 1])
        return self.base._evaluate(X)


def rescale(objective: Objective, to=(-1.0, 1.0), **kwargs) -> Rescaled:
    """Return ``objective`` on the box ``[to[0], to[1]]^D`` with its optimizers mapped.

    Parameters
    ----------
    objective : Objective
    to : (float, float), default (-1, 1)
        ``(-1, 1)`` for MS-UCB, ``(0, 1)`` for Add-GP-UCB and RPP-GP-UCB.
    **kwargs
        ``noise_std``, ``rng``, ``enforce_bounds`` for the rescaled objective.

    Examples
    --------
    >>> from regretlab.objectives import get
    >>> f = rescale(get("beale"), to=(0, 1))
    >>> f.optimizers.tolist()
    [[0.8333333333333334, 0.5555555555555556]]
    >>> bool(abs(f.optimum_value) < 1e-12)
    True
    """
    if not isinstance(objective, Objective):
        raise ValueError(f"objective={objective!r} is not an Objective")
    return Rescaled(objective, to, **kwargs)
