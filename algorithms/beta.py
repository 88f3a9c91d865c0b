r"""The exploration weight :math:`\beta_t`: one schedule object, declared by each algorithm in one place.

Every algorithm of the four papers maximises :math:`\mu_{t-1}+\sqrt{\beta_t}\,\sigma_{t-1}`, and every one
takes its :math:`\beta_t` from the same three keywords, with one meaning for all:

.. math:: \beta_t = \texttt{beta\_scale}\times b_t,\qquad
    b_t = \begin{cases} f(t) & \texttt{beta} \text{ names a formula } f \text{ of }
    \texttt{regretlab.bounds}\\ \texttt{beta\_value} & \texttt{beta = "constant"} \end{cases}

``beta_scale`` multiplies whatever schedule is chosen, the constant included, so
``Alg(beta="constant", beta_value=4, beta_scale=0.5)`` runs with :math:`\beta_t = 2` for every algorithm.
Each algorithm declares the formulas it offers as :class:`BetaFormula` records in a :class:`BetaOptions` (the
theoretical schedule of its paper, a practical one where the paper gives it); the formula that runs is the
:mod:`regretlab.bounds` function that the property suites test.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from regretlab._validate import check_choice, check_number
from regretlab.bounds import public_path

__all__ = ["BetaFormula", "BetaOptions", "BetaSchedule", "CONSTANT", "BETA_KINDS"]

#: The name of the constant schedule every algorithm offers.
CONSTANT = "constant"
#: What a formula is: a paper's theorem, or a paper's practical choice.
BETA_KINDS = ("theory", "practical")


@dataclass(frozen=True)
class BetaFormula:
    r"""A :math:`\beta_t` formula an algorithm offers, evaluated with the algorithm's own quantities.

    Attributes
    ----------
    formula : callable
        The :mod:`regretlab.bounds` function (keyword-only parameters).
    arguments : callable
        ``arguments(optimizer, t) -> dict``: the keyword arguments of ``formula`` at query number ``t``
        (dimension, δ, Assumption-1 constants, box side, local time, ...).
    kind : {"theory", "practical"}
        A theorem's :math:`\beta_t`, or a practical schedule the paper recommends.
    source : str
        Where it is printed, as a citation (e.g. ``"[Kandasamy2015, §4.4]"``).
    choose : callable, optional
        ``choose(optimizer) -> callable``: for an algorithm whose formula depends on its configuration
        (MS-UCB's :math:`d=0` limit has a formula of its own); by default always ``formula``.
    """

    formula: Callable[..., Any]
    arguments: Callable[[Any, int], dict]
    kind: str
    source: str
    choose: Callable[[Any], Callable[..., Any]] | None = None

    def __post_init__(self):
        check_choice("kind", self.kind, BETA_KINDS)

    def __call__(self, optimizer, t: int) -> float:
        func = self.formula if self.choose is None else self.choose(optimizer)
        return float(func(**self.arguments(optimizer, t)))


@dataclass(frozen=True)
class BetaOptions:
    r"""The :math:`\beta_t` schedules an algorithm offers, its default choice and its default scale.

    Attributes
    ----------
    formulas : mapping
        Schedule name -> :class:`BetaFormula`. ``"constant"`` is always offered besides these.
    default : str
        The schedule used when ``beta`` is not given.
    default_scale : float
        ``beta_scale`` when not given (1: the formula as printed; 0.2 where the paper divides by 5).
    scale_source : str
        Where the default scale comes from.
    retired : mapping
        Names no longer offered -> what to write instead (a clear error rather than a silent change).
    """

    formulas: Mapping[str, BetaFormula]
    default: str
    default_scale: float = 1.0
    scale_source: str = "1: the schedule as printed"
    retired: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self):
        if CONSTANT in self.formulas:
            raise ValueError(f"{CONSTANT!r} is offered by every algorithm; it cannot be a formula name")
        check_choice("default", self.default, self.names)

    @property
    def names(self) -> tuple[str, ...]:
        """The schedule names a user can pass as ``beta``."""
        return (*self.formulas, CONSTANT)

    def select(self, beta=None, beta_scale=None, beta_value: float = 4.0) -> BetaSchedule:
        """Validate the three keywords and return the schedule they name."""
        name = self.default if beta is None else beta
        check_choice("beta", name, (*self.names, *self.retired))
        if name in self.retired:
            raise ValueError(f"beta={name!r} is no longer offered; {self.retired[name]}")
        check_choice("beta", name, self.names)
        scale = self.default_scale if beta_scale is None else beta_scale
        scale = check_number("beta_scale", scale, low=0.0, low_open=True)
        value = check_number("beta_value", beta_value, low=0.0, low_open=True)
        return BetaSchedule(name, scale, value, None if name == CONSTANT else self.formulas[name])


@dataclass(frozen=True)
class BetaSchedule:
    r""":math:`\beta_t=\texttt{scale}\times b_t` with :math:`b_t` a formula at ``t`` or the constant
    ``value``.

    Examples
    --------
    >>> BetaSchedule("constant", scale=0.5, value=4.0)(None, t=7)
    2.0
    """

    name: str
    scale: float
    value: float
    formula: BetaFormula | None = None

    def base(self, optimizer, t: int) -> float:
        r""":math:`b_t`: the formula at ``t``, or the constant."""
        return self.value if self.formula is None else self.formula(optimizer, t)

    def __call__(self, optimizer, t: int) -> float:
        return self.scale * self.base(optimizer, t)

    @property
    def params(self) -> dict[str, Any]:
        """What a Trace records: the schedule, its scale, its constant and the formula's qualified name."""
        formula = None if self.formula is None else self.formula.formula
        return {
            "beta": self.name,
            "beta_scale": self.scale,
            "beta_value": self.value,
            "beta_formula": None if formula is None else public_path(formula),
            "beta_source": None if self.formula is None else self.formula.source,
        }

    def __repr__(self) -> str:
        return f"BetaSchedule(beta={self.name!r}, beta_scale={self.scale:g}, beta_value={self.value:g})"
