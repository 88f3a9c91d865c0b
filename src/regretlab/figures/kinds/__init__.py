"""The kinds of exported item, one module each: a new kind is one file here.

A kind's module defines ``KIND = Kind(name, export, describe=…, decided=…)``:

* ``export(spec, source, mode, results, provenance) -> (figure, CSV header, CSV rows)`` draws the item from
  its runs and writes what it shows (the paper's printed numbers beside ours, …) into ``provenance``;
* ``describe(provenance) -> str`` says in words what the export shows, for ``COMPARISON.md``'s details
  (:func:`regretlab.figures.comparison.verdict_of`). It is a description, never a verdict: the only road to
  a verdict is ``regretlab decide`` (:mod:`regretlab.decisions.decide`: registered claims, sequential looks,
  Holm's correction), whose records ``COMPARISON.md`` reads;
* ``decided``: whether items of the kind are experiments whose claims are decided (False for a picture of
  one run, which is shown, not decided).

The modules are found by listing this package (:func:`regretlab._discovery.contributions`, the project's one
registry idiom), so adding a file is all a new
kind takes here; the spec layer (:data:`regretlab.experiments.spec.ITEM_KINDS`, which cannot import figures)
lists the names it accepts, and a test ties the two lists together.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from regretlab._discovery import contributions

__all__ = ["Kind", "KINDS", "kind"]


@dataclass(frozen=True)
class Kind:
    """One kind of exported item: its exporter, and what its export shows in words (no verdict rule)."""

    name: str
    export: Callable
    describe: Callable | None = None
    decided: bool = True


def _discover() -> dict[str, Kind]:
    found = {}
    for module, entry in contributions(__name__, __path__, "KIND"):
        if not isinstance(entry, Kind):
            raise TypeError(f"{module.__name__} defines no KIND = Kind(...)")
        if entry.name in found:
            raise ValueError(f"kind {entry.name!r} is defined twice ({module.__name__})")
        found[entry.name] = entry
    return found


#: Every kind, by name (the modules of this package, in name order).
KINDS: dict[str, Kind] = _discover()


def kind(name: str) -> Kind:
    """The kind called ``name``; a ValueError naming the known ones otherwise."""
    try:
        return KINDS[name]
    except KeyError:
        raise ValueError(f"kind={name!r} is not one of {sorted(KINDS)}") from None
