"""Every figure and table spec, by key (``"Ha2019.fig3"``); a paper adds a module under ``specs/`` defining
``SPECS`` (found by listing the package, :func:`regretlab._discovery.contributions`)."""

from __future__ import annotations

from regretlab._discovery import contributions
from regretlab._validate import match_name

from . import specs as _specs
from .spec import Spec

__all__ = ["SPECS", "available", "get", "source", "setups_of"]

#: key -> Spec.
SPECS: dict[str, Spec] = {
    spec.key: spec for _, specs in contributions(_specs.__name__, _specs.__path__, "SPECS") for spec in specs
}


def available() -> list[str]:
    """The spec keys, sorted."""
    return sorted(SPECS)


def get(key: str) -> Spec:
    """The spec ``key`` (case-insensitive); an unknown key lists the known ones."""
    try:
        return SPECS[match_name("spec", key, available(), what="a known spec")]
    except ValueError as exc:
        if "(known:" in str(exc):
            raise
        raise ValueError(f"{exc} (known: {', '.join(available())})") from None


def source(spec) -> Spec:
    """The spec whose runs ``spec`` (a Spec or a key) reads: itself, or its ``derived_from``."""
    spec = get(spec) if isinstance(spec, str) else spec
    return get(spec.derived_from) if spec.derived_from else spec


def setups_of(key: str) -> list[dict]:
    """The setups an item's claims are decided under, each ``{"setup", "spec", "source"}``: the paper's own
    (``"paper"``, sourced by the spec's reference; what differs from the paper is in its notes) and every
    setup reading registered for it (its name and source); for a setup reading itself, that reading."""
    spec = get(key)
    if spec.reading_of:
        return [{"setup": spec.setup_reading, "spec": spec.key, "source": spec.setup_source}]
    differs = " (what differs from the paper: the spec's notes)" if spec.notes else ""
    out = [{"setup": "paper", "spec": spec.key, "source": spec.reference + differs}]
    out += [{"setup": s.setup_reading, "spec": s.key, "source": s.setup_source}
            for s in SPECS.values() if s.reading_of == spec.key and not s.derived_from]
    return out
