"""The declarative :class:`Objective` base: domain, optimum, optimizers, one ``_evaluate``.

Design after BoTorch's ``botorch/test_functions/synthetic.py``: a problem is a class whose attributes declare
its box and its known optimizers, and which implements a single batched ``_evaluate``.

**Convention: maximisation.** Every objective here is to be *maximised*, as in all four papers
(MS-UCB, RPP-GP-UCB, Add-GP-UCB and GPUCB-UBO maximise ``f``; regret is ``f(x*) - f(x_t)``). Textbook
minimisation benchmarks (Ackley, Levy, Hartmann, ...) are therefore negated: ``evaluate(x) = -f_textbook(x)``
and ``optimum_value = -min f_textbook``.
"""

from __future__ import annotations

import numpy as np

from regretlab._rng import as_generator
from regretlab._validate import MAGNITUDE_LIMIT, check_array, check_bool, check_bounds, check_number

__all__ = ["Objective", "DOMAIN_TOLERANCE"]

#: Relative tolerance (fraction of each side length) by which a point may lie outside the box and still
#: be accepted; such points are clipped onto the box before evaluation.
DOMAIN_TOLERANCE = 1e-9


def _format_box(bounds: np.ndarray) -> str:
    """Render a box compactly: ``[-1, 1]^5`` when all sides agree, else ``[a, b] x [c, d] x ...``."""
    if np.all(bounds == bounds[0]):
        lo, hi = bounds[0]
        return f"[{lo:g}, {hi:g}]^{bounds.shape[0]}"
    if bounds.shape[0] <= 6:
        return " x ".join(f"[{lo:g}, {hi:g}]" for lo, hi in bounds)
    return f"a box in R^{bounds.shape[0]} with sides from {bounds[:, 0].min():g} to {bounds[:, 1].max():g}"


class Objective:
    """A test objective to be **maximised** on a box, with its known optimum.

    Subclasses set :attr:`name`, and either the class attributes ``_bounds`` and ``_optimizers`` (fixed
    dimension) or call :meth:`_set_domain` in ``__init__`` (variable dimension or random structure); they
    implement :meth:`_evaluate` on a validated ``(n, D)`` batch. ``optimum_value`` is *computed* by
    ``_evaluate`` at the declared optimizers (never typed in), so the declared optimizers and the formula
    cannot disagree silently; ``reference_optimum`` holds a literature value, when there is one, to the
    precision the literature prints.

    Parameters
    ----------
    noise_std : float, default 0
        Standard deviation of the Gaussian observation noise added by :meth:`__call__`.
    rng : None, int or numpy.random.Generator
        Source of the observation noise (its own stream; see :func:`regretlab._rng.as_generator`).
    enforce_bounds : bool, default True
        If True, points outside the box raise ``ValueError``. Set it to False for algorithms that search
        beyond the given box (GPUCB-UBO, [Ha2019]): the formula is then evaluated anywhere, while
        ``optimum_value`` and ``optimizers`` still refer to the box.

    Attributes
    ----------
    name : str
    dim : int
    bounds : ndarray of shape (D, 2)
    optimum_value : float
        ``max_{x in box} f(x)`` in the maximisation convention.
    optimizers : ndarray of shape (k, D)
        Known maximisers (all of them when finitely many and known; otherwise representatives).
    noise_std : float
    reference_optimum : float or None
        Literature value of ``optimum_value`` (already negated), printed to ``reference_decimals`` places.
    optimum_is_global : bool
        Whether the maximum over :math:`\\mathbb R^D` is the maximum over the box, so that translated
        instances keep the optimum value (:mod:`regretlab.objectives.instances`).
    """

    name: str = "objective"
    _bounds: list[tuple[float, float]] | None = None
    _optimizers: list[tuple[float, ...]] | None = None
    #: True when the textbook form is minimised and ``evaluate`` returns its negation.
    negated: bool = False
    reference_optimum: float | None = None
    reference_decimals: int | None = None
    optimum_is_global: bool = False
    #: False for the data-based substitutes (:mod:`regretlab.objectives.ml`): their maximum is not known,
    #: ``optimum_value`` is NaN and only the best value found can be plotted, never a regret.
    optimum_known: bool = True

    def __init__(self, *, noise_std: float = 0.0, rng=None, enforce_bounds: bool = True):
        # beyond 1e150 a noisy value can overflow to inf (and the GP refuses targets beyond 1e150 anyway)
        self.noise_std = check_number("noise_std", noise_std, low=0.0, high=MAGNITUDE_LIMIT)
        self.rng = as_generator(rng)
        self.enforce_bounds = check_bool("enforce_bounds", enforce_bounds)
        if self._bounds is not None and not hasattr(self, "bounds"):
            self._set_domain(self._bounds, self._optimizers)

    # ------------------------------------------------------------------ set-up
    def _set_domain(self, bounds, optimizers) -> None:
        """Fix the box and the optimizers, then compute ``optimum_value`` at the optimizers."""
        self.bounds = check_bounds("bounds", bounds)
        self.bounds.setflags(write=False)
        self.dim = int(self.bounds.shape[0])
        opt = check_array("optimizers", optimizers, ndim=2)
        if opt.shape[1] != self.dim or opt.shape[0] < 1:
            raise ValueError(f"optimizers has shape {opt.shape}; expected (k, {self.dim}) with k >= 1")
        self.optimizers = opt
        self.optimizers.setflags(write=False)
        values = self._evaluate(np.clip(opt, self.bounds[:, 0], self.bounds[:, 1]))
        self.optimum_value = float(np.max(values)) + 0.0  # + 0.0 turns -0.0 into 0.0

    # ------------------------------------------------------------------ evaluation
    def _evaluate(self, X: np.ndarray) -> np.ndarray:
        """Noiseless objective (maximisation convention) on a validated batch ``X`` of shape (n, D)."""
        raise NotImplementedError

    def _as_batch(self, X) -> tuple[np.ndarray, bool]:
        arr = check_array("X", X)  # numeric and finite, else ValueError naming X
        single = arr.ndim == 1
        batch = arr[None, :] if single else arr
        if batch.ndim != 2 or batch.shape[1] != self.dim:
            raise ValueError(
                f"X has shape {arr.shape}; {self.name} has dimension D={self.dim}, so X must have shape "
                f"({self.dim},) or (n, {self.dim})"
            )
        return batch, single

    def _check_domain(self, batch: np.ndarray) -> np.ndarray:
        if not self.enforce_bounds:
            return batch
        lo, hi = self.bounds[:, 0], self.bounds[:, 1]
        tol = DOMAIN_TOLERANCE * (hi - lo)
        outside = (batch < lo - tol) | (batch > hi + tol)
        if np.any(outside):
            i, j = (int(k) for k in np.argwhere(outside)[0])
            raise ValueError(
                f"X[{i}, {j}]={batch[i, j]!r} is outside the domain of {self.name}: coordinate {j} must lie "
                f"in [{lo[j]:g}, {hi[j]:g}] (domain {_format_box(self.bounds)})"
            )
        return np.clip(batch, lo, hi)

    def evaluate(self, X) -> np.ndarray:
        """Noiseless value(s) ``f(X)`` in the maximisation convention.

        Parameters
        ----------
        X : array_like of shape (D,) or (n, D)

        Returns
        -------
        ndarray of shape () for a single point, (n,) for a batch.

        Raises
        ------
        ValueError
            If ``X`` has the wrong shape, a non-finite entry, or (with ``enforce_bounds``) a coordinate
            outside the box by more than :data:`DOMAIN_TOLERANCE` times the side length.
        """
        batch, single = self._as_batch(X)
        values = np.asarray(self._evaluate(self._check_domain(batch)), dtype=float).reshape(batch.shape[0])
        return values.reshape(()) if single else values

    def __call__(self, X) -> np.ndarray:
        """Noisy observation ``f(X) + noise_std * N(0, 1)``, drawn from the objective's own generator."""
        values = self.evaluate(X)
        if self.noise_std == 0.0:
            return values
        return values + self.noise_std * self.rng.standard_normal(values.shape)

    def contains(self, X):
        """Whether the point(s) lie in the box (up to :data:`DOMAIN_TOLERANCE`); bool or bool array (n,)."""
        batch, single = self._as_batch(X)
        lo, hi = self.bounds[:, 0], self.bounds[:, 1]
        tol = DOMAIN_TOLERANCE * (hi - lo)
        inside = np.all((batch >= lo - tol) & (batch <= hi + tol), axis=1)
        return bool(inside[0]) if single else inside

    # ------------------------------------------------------------------ description
    @property
    def domain(self) -> str:
        """The box as a short string, e.g. ``[-32.768, 32.768]^20``."""
        return _format_box(self.bounds)

    def describe(self) -> dict:
        """Name, dimension, domain string and optimum (used by ``regretlab list``)."""
        return {"name": self.name, "dim": self.dim, "domain": self.domain, "optimum": self.optimum_value}

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(name={self.name!r}, dim={self.dim}, domain={self.domain}, "
            f"optimum_value={self.optimum_value:.6g}, noise_std={self.noise_std:g})"
        )
