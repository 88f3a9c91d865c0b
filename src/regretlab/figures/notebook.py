"""What every notebook cell calls: run a spec in the notebook's mode, export it, show it.

The notebooks under ``notebooks/`` are thin: one ``show("Paper.item")`` per figure or table. The mode comes
from ``REGRETLAB_MODE`` (``quick`` by default), results go to ``REGRETLAB_RESULTS`` (``results/``), exports to
``REGRETLAB_EXPORT`` (``paper_figures/``); a rerun reuses finished runs.
"""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

from .reproduce import Reproduction, reproduce

__all__ = ["show", "settings"]


def settings() -> tuple[str, str, str]:
    """``(mode, results folder, export folder)`` from the environment."""
    return (os.environ.get("REGRETLAB_MODE", "quick"), os.environ.get("REGRETLAB_RESULTS", "results"),
            os.environ.get("REGRETLAB_EXPORT", "paper_figures"))


def show(key: str, *, table: bool = False) -> Reproduction:
    """Reproduce ``key`` in the notebook's mode, display its figure and its COMPARISON.md verdict, and (with
    ``table``) print its CSV. Raises when a run failed, so that ``tox -e notebooks`` fails."""
    from IPython.display import Image, Markdown, display

    from .comparison import verdict_of
    from .reproduce import FullExportProtected

    mode, out, export = settings()
    try:
        result = reproduce(key, mode, out=out, export_root=export)
    except FullExportProtected as kept:   # the folder holds the paper's full-mode export: show that one
        print(f"{kept}; showing the full-mode export")
        paper, name = key.split(".", 1)
        png = Path(export) / paper / f"{name}.png"
        display(Image(filename=str(png)))
        verdict, details = verdict_of(json.loads(png.with_suffix(".json").read_text(encoding="utf-8")))
        display(Markdown(f"**{verdict}** — {details}"))
        return None
    print(result.report.summary())
    if not result.report.ok:
        raise RuntimeError(result.report.summary())
    png = next(p for p in result.paths if p.suffix == ".png")
    display(Image(filename=str(png)))
    provenance = next(p for p in result.paths if p.suffix == ".json" and p.stem != "MANIFEST")
    verdict, details = verdict_of(json.loads(provenance.read_text(encoding="utf-8")))
    display(Markdown(f"**{verdict}** — {details}"))
    if table:
        with open(png.with_suffix(".csv"), encoding="utf-8") as handle:
            for row in csv.reader(handle):
                print("  ".join(row))
    return result
