"""What a rendered spec's function returns (``Spec.render``): a figure, its data, and what to record.

A rendered item is drawn by a function of its own rather than by one of the engine's generic layouts: an
illustration computed from :mod:`regretlab.bounds` (no runs), a table rendered symbolically, or a figure
built from another spec's finished runs (the trade-off, the bounds against runs).
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Rendered"]


@dataclass
class Rendered:
    """A rendered item.

    Attributes
    ----------
    figure : matplotlib.figure.Figure
    header : list of str
        The CSV's columns.
    rows : list of tuple
        The CSV's rows: the numbers the figure shows.
    provenance : dict
        Added to the item's JSON (inputs, parameters, the checks made).
    verdict : tuple of (str, str), optional
        ``(verdict, details)`` for ``COMPARISON.md`` (see :mod:`regretlab.figures.comparison`).
    """

    figure: object
    header: list[str]
    rows: list[tuple]
    provenance: dict = field(default_factory=dict)
    verdict: tuple[str, str] | None = None
