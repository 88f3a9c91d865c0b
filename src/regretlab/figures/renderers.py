"""The renderers of ``kind="rendered"`` specs, by the name a spec gives in ``render``: each takes
``(spec, results, mode)`` and returns a :class:`regretlab.figures.rendered.Rendered` (figure, plotted data,
provenance, verdict). A new rendered item is one function here and its name in a spec."""

from __future__ import annotations

from .illustrations import kandasamy_fig2, kandasamy_table1, li_fig1, li_fig2
from .theory import bounds_against_runs, ms_ucb_tradeoff

__all__ = ["RENDERERS", "renderer"]

#: name -> renderer.
RENDERERS = {f.__name__: f for f in (kandasamy_table1, kandasamy_fig2, li_fig1, li_fig2, bounds_against_runs,
                                     ms_ucb_tradeoff)}


def renderer(name: str):
    """The renderer ``name``; a ValueError lists the known names."""
    try:
        return RENDERERS[name]
    except KeyError:
        raise ValueError(f"render={name!r} is not a renderer (known: {sorted(RENDERERS)})") from None
