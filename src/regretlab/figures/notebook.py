"""What every notebook cell calls: run a spec in the notebook's mode, export it, show it.

The notebooks under ``notebooks/`` are thin: one ``show("Paper.item")`` per figure or table. The mode comes
from ``REGRETLAB_MODE`` (``quick`` by default), results go to ``REGRETLAB_RESULTS``, exports to
``REGRETLAB_EXPORT``. Without those variables the folders are the checkout's own ``results/`` and
``paper_figures/`` when the notebook runs inside a regretlab checkout (Jupyter starts a notebook in
``notebooks/``: the folders are then the ones ``regretlab reproduce`` uses from the root, and finished runs
are reused, not recomputed under ``notebooks/``), else ``results/`` and ``paper_figures/`` of the working
folder.
"""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

from .reproduce import Reproduction, reproduce

__all__ = ["show", "settings", "checkout_root"]


def checkout_root(start=None) -> Path | None:
    """The regretlab checkout that contains ``start`` (default: the working folder): the nearest folder at or
    above it with ``pyproject.toml``, ``notebooks/`` and ``paper_figures/``; None outside a checkout."""
    here = Path.cwd() if start is None else Path(start)
    for folder in (here.resolve(), *here.resolve().parents):
        if all((folder / name).exists() for name in ("pyproject.toml", "notebooks", "paper_figures")):
            return folder
    return None


def settings() -> tuple[str, str, str]:
    """``(mode, results folder, export folder)``: the environment's ``REGRETLAB_MODE``,
    ``REGRETLAB_RESULTS`` and ``REGRETLAB_EXPORT``, else quick mode and the checkout's (or the working
    folder's) ``results/`` and ``paper_figures/``."""
    root = checkout_root() or Path(".")
    return (os.environ.get("REGRETLAB_MODE", "quick"),
            os.environ.get("REGRETLAB_RESULTS", str(root / "results")),
            os.environ.get("REGRETLAB_EXPORT", str(root / "paper_figures")))


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
