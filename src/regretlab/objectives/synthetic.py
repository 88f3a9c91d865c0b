"""Standard benchmark functions used by MS-UCB ([TranThe2020, §Experiments]) and GPUCB-UBO
([Ha2019, §6, App. C]).

None of the papers prints these definitions; CATALOGUE.md §7 (BENCH.*) lists the customary forms from the
Virtual Library of Simulation Experiments (VLSE, Surjanovic & Bingham). All are **minimisation** benchmarks
in the textbook, so each class returns ``-f_textbook`` (maximisation convention, see
:mod:`regretlab.objectives.base`) and its ``optimum_value`` is ``-min f_textbook``.

Where the GPUCB-UBO authors' public code (github.com/HuongHa12/BO_unknown_searchspace, ``functions.py``)
uses a different form, it is provided next to the textbook one under a distinct name:

* :class:`LevyUBO` — the authors' Levy drops the ``+1`` inside ``sin^2(pi w_i + 1)`` and sums over
  ``i = 2..D`` instead of ``1..D-1``; the minimum stays 0 but ``x_1`` then only enters through
  ``sin^2(pi w_1)``, so the minimiser is no longer unique (five minimisers in ``[-10, 10]^D``).
* :class:`Hartmann6UBO` — the authors use the rescaled Hartmann-6 ``-(2.58 + sum_i alpha_i e_i)/1.94``
  (VLSE's "rescaled form", [Picheny2013]); same minimiser, minimum ``-(2.58 + 3.32237)/1.94 =
  -3.04246`` instead of ``-3.32237`` (their code still records ``fmin = -3.32237``, so regrets computed
  against it would be offset by 0.28).
"""

from __future__ import annotations

import numpy as np

from regretlab._validate import DIM_LIMIT, check_choice, check_count, check_label

from .base import Objective

__all__ = [
    "Ackley",
    "Levy",
    "LevyUBO",
    "HyperEllipsoid",
    "SixHumpCamel",
    "Beale",
    "Eggholder",
    "Hartmann3",
    "Hartmann6",
    "Hartmann6UBO",
]


class _VariableDim(Objective):
    """Objective whose dimension is a constructor argument; the box is ``[low, high]^D``."""

    default_dim: int = 20
    min_dim: int = 1
    side: tuple[float, float] = (0.0, 1.0)

    def __init__(self, dim: int | None = None, *, name: str | None = None, **kwargs):
        super().__init__(**kwargs)
        dim = self.default_dim if dim is None else dim
        self.dim = check_count("dim", dim, low=self.min_dim, high=DIM_LIMIT)
        if name is not None:
            self.name = check_label("name", name)
        self._set_domain(np.tile(self.side, (self.dim, 1)), self._make_optimizers(self.dim))

    def _make_optimizers(self, dim: int) -> np.ndarray:
        raise NotImplementedError


class Ackley(_VariableDim):
    r"""Ackley function (BENCH.ackley), negated; used by [TranThe2020, Figs 1-3] and by [Ha2019, App. C]
    (Ackley10).

    .. math:: f(x) = -20 e^{-0.2\sqrt{\frac1D\sum x_i^2}} - e^{\frac1D\sum\cos 2\pi x_i} + 20 + e

    on :math:`[-32.768, 32.768]^D`; minimum 0 at :math:`x = 0`. ``evaluate`` returns :math:`-f`.

    References
    ----------
    CATALOGUE.md §7 BENCH.ackley; [TranThe2020, §Experiments, Fig. 1]; [Ha2019, App. C].
    """

    name = "ackley"
    optimum_is_global = True  # its global maximum over R^D is the one in the box
    negated = True
    side = (-32.768, 32.768)
    reference_optimum = 0.0
    reference_decimals = 12

    def _make_optimizers(self, dim):
        return np.zeros((1, dim))

    def _evaluate(self, X):
        d = X.shape[1]
        term1 = -20.0 * np.exp(-0.2 * np.sqrt(np.sum(X**2, axis=1) / d))
        term2 = -np.exp(np.sum(np.cos(2.0 * np.pi * X), axis=1) / d)
        return -(term1 + term2 + 20.0 + np.e)


class Levy(_VariableDim):
    r"""Levy function, textbook form (BENCH.levy), negated; [TranThe2020, Fig. 1], [Ha2019, Fig. 3] (Levy3)
    and [Ha2019, App. C].

    With :math:`w_i = 1 + (x_i - 1)/4`,

    .. math:: f(x) = \sin^2(\pi w_1) + \sum_{i=1}^{D-1}(w_i-1)^2[1+10\sin^2(\pi w_i+1)]
              + (w_D-1)^2[1+\sin^2(2\pi w_D)]

    on :math:`[-10, 10]^D`; minimum 0 at :math:`x = \mathbf 1` (unique: every :math:`w_i` must be 1).
    See :class:`LevyUBO` for the GPUCB-UBO authors' variant.
    """

    name = "levy"
    optimum_is_global = True  # its global maximum over R^D is the one in the box
    negated = True
    side = (-10.0, 10.0)
    reference_optimum = 0.0
    reference_decimals = 12

    def _make_optimizers(self, dim):
        return np.ones((1, dim))

    def _evaluate(self, X):
        w = 1.0 + (X - 1.0) / 4.0
        head = np.sin(np.pi * w[:, 0]) ** 2
        body = np.sum((w[:, :-1] - 1.0) ** 2 * (1.0 + 10.0 * np.sin(np.pi * w[:, :-1] + 1.0) ** 2), axis=1)
        tail = (w[:, -1] - 1.0) ** 2 * (1.0 + np.sin(2.0 * np.pi * w[:, -1]) ** 2)
        return -(head + body + tail)


class LevyUBO(_VariableDim):
    r"""Levy as coded by the GPUCB-UBO authors (``functions.Levy`` in their public repository), negated.

    .. math:: f(x) = \sin^2(\pi w_1) + \sum_{i=2}^{D}(w_i-1)^2[1+10\sin^2(\pi w_i)]
              + (w_D-1)^2[1+\sin^2(2\pi w_D)]

    Differences from :class:`Levy`: the middle sum runs over :math:`i=2..D` (not :math:`1..D-1`) and has
    :math:`\sin^2(\pi w_i)` (no :math:`+1`). **Effect on the optimum:** the minimum is still 0, but for
    :math:`D\ge2` the coordinate :math:`x_1` enters only through :math:`\sin^2(\pi w_1)`, which vanishes at
    every integer :math:`w_1`. On :math:`[-10,10]^D` there are therefore five minimisers,
    :math:`x_1\in\{-7,-3,1,5,9\}`, :math:`x_{2..D}=1` (and infinitely many on :math:`\mathbb R^D`, where
    GPUCB-UBO searches). All five are listed in ``optimizers``.
    """

    name = "levy_ubo"
    negated = True
    default_dim = 3
    side = (-10.0, 10.0)
    reference_optimum = 0.0
    reference_decimals = 12

    def _make_optimizers(self, dim):
        if dim == 1:
            return np.ones((1, 1))
        x1 = 1.0 + 4.0 * (np.arange(-1, 4) - 1.0)  # w_1 in {-1, 0, 1, 2, 3}
        opt = np.ones((x1.size, dim))
        opt[:, 0] = x1
        return opt

    def _evaluate(self, X):
        w = 1.0 + (X - 1.0) / 4.0
        head = np.sin(np.pi * w[:, 0]) ** 2
        body = np.sum((w[:, 1:] - 1.0) ** 2 * (1.0 + 10.0 * np.sin(np.pi * w[:, 1:]) ** 2), axis=1)
        tail = (w[:, -1] - 1.0) ** 2 * (1.0 + np.sin(2.0 * np.pi * w[:, -1]) ** 2)
        return -(head + body + tail)


class HyperEllipsoid(_VariableDim):
    r"""Hyper-Ellipsoid (BENCH.hyperellipsoid), negated; [TranThe2020, Figs 1-3].

    ``variant="rotated"`` (default): :math:`f(x)=\sum_{i=1}^D\sum_{j=1}^i x_j^2` on
    :math:`[-65.536, 65.536]^D` (VLSE "rotated hyper-ellipsoid"). ``variant="axis_parallel"``:
    :math:`f(x)=\sum_i i\,x_i^2` on :math:`[-5.12, 5.12]^D`. Both have minimum 0 at 0. MS-UCB does not say
    which it used (CATALOGUE.md §7); the rotated one is the default because it is the form listed first in
    the catalogue, and the domain does not matter for MS-UCB, which rescales to :math:`[-1,1]^D`.
    """

    name = "hyperellipsoid"
    optimum_is_global = True  # its global maximum over R^D is the one in the box
    negated = True
    reference_optimum = 0.0
    reference_decimals = 12
    VARIANTS = ("rotated", "axis_parallel")

    def __init__(self, dim: int | None = None, *, variant: str = "rotated", **kwargs):
        self.variant = check_choice("variant", variant, self.VARIANTS)
        self.side = (-65.536, 65.536) if variant == "rotated" else (-5.12, 5.12)
        super().__init__(dim, **kwargs)

    def _make_optimizers(self, dim):
        return np.zeros((1, dim))

    def _evaluate(self, X):
        if self.variant == "rotated":
            # sum_i sum_{j<=i} x_j^2 = sum_j (D - j + 1) x_j^2 (1-based j)
            weights = np.arange(X.shape[1], 0, -1, dtype=float)
        else:
            weights = np.arange(1, X.shape[1] + 1, dtype=float)
        return -(X**2 @ weights)


class SixHumpCamel(Objective):
    r"""Six-hump Camelback (BENCH.camel6), negated; [TranThe2020, Fig. 1] (embedded: see
    ``camelback_embedded``).

    .. math:: f(x) = (4 - 2.1x_1^2 + x_1^4/3)x_1^2 + x_1x_2 + (-4 + 4x_2^2)x_2^2

    on :math:`[-3,3]\times[-2,2]`; minimum :math:`-1.0316` at :math:`\pm(0.0898, -0.7126)` (literature
    digits); the optimizers below were refined to machine precision with a local solver.
    """

    name = "camelback"
    optimum_is_global = True  # its global maximum over R^D is the one in the box
    negated = True
    _bounds = [(-3.0, 3.0), (-2.0, 2.0)]
    _optimizers = [(0.08984200893527233, -0.712656403019058), (-0.08984200893527233, 0.712656403019058)]
    reference_optimum = 1.0316
    reference_decimals = 4

    def _evaluate(self, X):
        x1, x2 = X[:, 0], X[:, 1]
        return -((4.0 - 2.1 * x1**2 + x1**4 / 3.0) * x1**2 + x1 * x2 + (-4.0 + 4.0 * x2**2) * x2**2)


class Beale(Objective):
    r"""Beale function (BENCH.beale), negated; [Ha2019, Figs 2-3].

    .. math:: f(x,y) = (1.5-x+xy)^2 + (2.25-x+xy^2)^2 + (2.625-x+xy^3)^2

    on :math:`[-4.5,4.5]^2`; minimum 0 at :math:`(3, 0.5)`.
    """

    name = "beale"
    optimum_is_global = True  # its global maximum over R^D is the one in the box
    negated = True
    _bounds = [(-4.5, 4.5), (-4.5, 4.5)]
    _optimizers = [(3.0, 0.5)]
    reference_optimum = 0.0
    reference_decimals = 12

    def _evaluate(self, X):
        x, y = X[:, 0], X[:, 1]
        return -((1.5 - x + x * y) ** 2 + (2.25 - x + x * y**2) ** 2 + (2.625 - x + x * y**3) ** 2)


class Eggholder(Objective):
    r"""Eggholder function (BENCH.eggholder), negated; [Ha2019, Fig. 3].

    .. math:: f(x) = -(x_2+47)\sin\sqrt{|x_2+x_1/2+47|} - x_1\sin\sqrt{|x_1-(x_2+47)|}

    on :math:`[-512,512]^2`; minimum :math:`-959.6407` at :math:`(512, 404.2319)` (literature digits; the
    minimiser lies on the face :math:`x_1=512`, and :math:`x_2` was refined to machine precision).
    """

    name = "eggholder"
    negated = True
    _bounds = [(-512.0, 512.0), (-512.0, 512.0)]
    _optimizers = [(512.0, 404.2318051008657)]
    reference_optimum = 959.6407
    reference_decimals = 4

    def _evaluate(self, X):
        x1, x2 = X[:, 0], X[:, 1]
        value = -(x2 + 47.0) * np.sin(np.sqrt(np.abs(x2 + x1 / 2.0 + 47.0))) - x1 * np.sin(
            np.sqrt(np.abs(x1 - (x2 + 47.0)))
        )
        return -value


_HARTMANN_ALPHA = np.array([1.0, 1.2, 3.0, 3.2])


def _hartmann_sum(X: np.ndarray, A: np.ndarray, P: np.ndarray) -> np.ndarray:
    """:math:`\\sum_{i=1}^4 \\alpha_i \\exp(-\\sum_j A_{ij}(x_j-P_{ij})^2)` for a batch ``X`` (n, d)."""
    sq = np.sum(A[None, :, :] * (X[:, None, :] - P[None, :, :]) ** 2, axis=2)
    return np.exp(-sq) @ _HARTMANN_ALPHA


class Hartmann3(Objective):
    r"""Hartmann-3 (BENCH.hartmann3), negated; [Ha2019, Fig. 3].

    :math:`f(x) = -\sum_{i=1}^4\alpha_i\exp(-\sum_{j=1}^3A_{ij}(x_j-P_{ij})^2)` on :math:`[0,1]^3`;
    minimum :math:`-3.86278` at :math:`(0.114614, 0.555649, 0.852547)` (literature digits; refined below).
    """

    name = "hartmann3"
    negated = True
    A = np.array([[3.0, 10, 30], [0.1, 10, 35], [3.0, 10, 30], [0.1, 10, 35]])
    P = 1e-4 * np.array([[3689, 1170, 2673], [4699, 4387, 7470], [1091, 8732, 5547], [381, 5743, 8828]])
    _bounds = [(0.0, 1.0)] * 3
    _optimizers = [(0.11458887665749713, 0.5556488946176636, 0.8525469846855153)]
    reference_optimum = 3.86278
    reference_decimals = 5

    def _evaluate(self, X):
        return _hartmann_sum(X, self.A, self.P)


class Hartmann6(Objective):
    r"""Hartmann-6, textbook form (BENCH.hartmann6), negated; [Ha2019, Fig. 3] uses :class:`Hartmann6UBO`.

    :math:`f(x) = -\sum_{i=1}^4\alpha_i\exp(-\sum_{j=1}^6A_{ij}(x_j-P_{ij})^2)` on :math:`[0,1]^6`;
    minimum :math:`-3.32237` at :math:`(0.20169, 0.150011, 0.476874, 0.275332, 0.311652, 0.6573)`
    (literature digits; refined below).
    """

    name = "hartmann6"
    negated = True
    A = np.array(
        [
            [10, 3, 17, 3.5, 1.7, 8],
            [0.05, 10, 17, 0.1, 8, 14],
            [3, 3.5, 1.7, 10, 17, 8],
            [17, 8, 0.05, 10, 0.1, 14],
        ]
    )
    P = 1e-4 * np.array(
        [
            [1312, 1696, 5569, 124, 8283, 5886],
            [2329, 4135, 8307, 3736, 1004, 9991],
            [2348, 1451, 3522, 2883, 3047, 6650],
            [4047, 8828, 8732, 5743, 1091, 381],
        ]
    )
    _bounds = [(0.0, 1.0)] * 6
    _optimizers = [
        (0.20168951111050587, 0.1500106917325482, 0.4768739739111425, 0.2753324305141201,
         0.31165161659384755, 0.6573005340676887)
    ]
    reference_optimum = 3.32237
    reference_decimals = 5

    def _evaluate(self, X):
        return _hartmann_sum(X, self.A, self.P)


class Hartmann6UBO(Hartmann6):
    r"""Rescaled Hartmann-6 as coded by the GPUCB-UBO authors, negated.

    .. math:: f(x) = -\frac{1}{1.94}\Big(2.58 + \sum_{i=1}^4\alpha_i e^{-\sum_j A_{ij}(x_j-P_{ij})^2}\Big)

    (VLSE's rescaled form, mean about 0 and variance about 1 under uniform inputs.) **Effect on the
    optimum:** a decreasing affine map of the textbook form, so the same minimiser; the minimum becomes
    :math:`-(2.58 + 3.32237)/1.94 = -3.04246` (maximisation: ``optimum_value`` = 3.04246), and every gap
    :math:`f(x^*) - f(x)` is divided by 1.94 relative to :class:`Hartmann6`.
    """

    name = "hartmann6_ubo"
    reference_optimum = (2.58 + 3.32237) / 1.94
    reference_decimals = 5

    def _evaluate(self, X):
        return (2.58 + _hartmann_sum(X, self.A, self.P)) / 1.94
