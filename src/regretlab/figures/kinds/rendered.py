"""Rendered items: a renderer (:mod:`regretlab.figures.renderers`, by name) draws the item from its own
computation or another spec's runs and states its verdict (under the provenance key ``verdict``)."""

from __future__ import annotations

from ..renderers import renderer
from . import Kind

__all__ = ["KIND"]


def _export_rendered(spec, source, mode, results, provenance):
    """A rendered item: its renderer (figures.renderers, by name) draws it and states its verdict."""
    rendered = renderer(spec.render)(spec, results, mode)
    provenance.update(rendered.provenance)
    if rendered.verdict is not None:
        provenance["verdict"] = list(rendered.verdict)
    return rendered.figure, rendered.header, rendered.rows


KIND = Kind("rendered", _export_rendered)
