"""Test objectives of the four papers, in the **maximisation** convention (minimisation benchmarks negated).

``get(name, dim=...)`` returns an :class:`Objective` with ``bounds`` (D, 2), ``optimum_value``,
``optimizers`` (k, D), noiseless ``evaluate(X)`` on batches and noisy ``__call__(X)``;
``rescale(objective, to=(-1, 1))`` moves it to another box; ``get(name, dim, instance=k)`` is the k-th
seeded translate (instance 0 the paper's form). See ``available()`` and ``describe()``.
"""

from .base import Objective
from .instances import Translated, translate
from .ml import DataObjective, DigitsElasticNet, DigitsMLP, DigitsNN, GisetteRamp, SDSSSurrogate, VJSurrogate
from .registry import available, describe, get, register
from .rescale import Rescaled, rescale
from .structured import AdditiveTrimodal, Embedded, ProjectedAdditive, Trimodal
from .synthetic import (
    Ackley,
    Beale,
    Eggholder,
    Hartmann3,
    Hartmann6,
    Hartmann6UBO,
    HyperEllipsoid,
    Levy,
    LevyUBO,
    SixHumpCamel,
)

__all__ = [
    "Objective",
    "get",
    "available",
    "describe",
    "register",
    "rescale",
    "translate",
    "Translated",
    "Rescaled",
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
    "Trimodal",
    "AdditiveTrimodal",
    "ProjectedAdditive",
    "Embedded",
    "DataObjective",
    "DigitsElasticNet",
    "DigitsMLP",
    "DigitsNN",
    "GisetteRamp",
    "SDSSSurrogate",
    "VJSurrogate",
]
