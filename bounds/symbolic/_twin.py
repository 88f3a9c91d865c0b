"""The record of a formula's sympy twin (see :mod:`regretlab.bounds.symbolic`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import sympy

#: The start of a NO_TWIN reason for a formula whose value is an array or a record, not one expression.
ARRAY = "not a scalar closed form: "


@dataclass(frozen=True)
class Twin:
    """A sympy expression that must equal a numpy bound function.

    Parameters
    ----------
    id : str
        Catalogue id (``bounds/CATALOGUE.md``), e.g. ``"MSUCB.beta_t"``.
    func : callable
        The numpy function it twins (called with keyword arguments).
    params : tuple of str
        Keyword names of ``func`` that are symbols of ``expr`` (sympy symbols with the same names).
    expr : sympy.Expr
        The formula, in terms of ``sympy.Symbol(name)`` for each name in ``params``.
    fixed : mapping
        Extra keyword arguments passed to ``func`` unchanged (e.g. ``{"reading": "A"}``).
    strategies : mapping
        For each parameter, ``(low, high, kind)`` with kind ``"real"`` or ``"int"``: the domain the
        hypothesis test draws from (the paper's domain, possibly truncated to keep values finite).
    constraint : callable or None
        Optional ``constraint(**params) -> bool`` for joint domains (e.g. ``d < D``).
    """

    id: str
    func: Callable
    params: tuple[str, ...]
    expr: sympy.Expr
    fixed: Mapping[str, object] = field(default_factory=dict)
    strategies: Mapping[str, tuple] = field(default_factory=dict)
    constraint: Callable | None = None

    @property
    def reading(self) -> str | None:
        return self.fixed.get("reading")  # type: ignore[return-value]

    @property
    def key(self) -> str:
        return self.id if self.reading is None else f"{self.id}[{self.reading}]"

    @property
    def latex(self) -> str:
        return sympy.latex(self.expr)

    def lambdified(self) -> Callable:
        """The sympy expression as a numpy function of the keyword parameters."""
        symbols = [sympy.Symbol(p) for p in self.params]
        f = sympy.lambdify(symbols, self.expr, modules=["scipy", "numpy"])

        def call(**kwargs):
            return f(*(kwargs[p] for p in self.params))

        return call
