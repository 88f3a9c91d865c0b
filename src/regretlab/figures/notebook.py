"""What every notebook cell calls: run a spec in the notebook's mode, export it, show it.

The notebooks under ``notebooks/`` are thin: one ``show("Paper.item")`` per figure or table. Each cell
computes: the mode comes from ``REGRETLAB_MODE`` (``quick`` by default: a smoke run, no verdict), results go
to ``REGRETLAB_RESULTS``, the figure with its data to ``REGRETLAB_EXPORT``. Without those variables the
folders are the checkout's ``results/`` and a scratch export folder ``results/notebook_figures/`` when the
notebook runs inside a regretlab checkout (Jupyter starts a notebook in ``notebooks/``: finished runs are
reused from the root's ``results/``, not recomputed under ``notebooks/``), else the same under the working
folder. The committed ``paper_figures/`` is never written by a notebook; beside each new figure, the item's
committed verdict is read from it through the function ``COMPARISON.md`` and the site use
(:func:`regretlab.figures.comparison.item_row`).
"""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

from regretlab._io import EXPORT_ROOT

from .comparison import item_row
from .reproduce import FullExportProtected, Reproduction, reproduce

__all__ = ["show", "settings", "checkout_root"]


def checkout_root(start=None) -> Path | None:
    """The regretlab checkout that contains ``start`` (default: the working folder): the nearest folder at or
    above it with ``pyproject.toml``, ``notebooks/`` and ``paper_figures/``; None outside a checkout."""
    here = Path.cwd() if start is None else Path(start)
    for folder in (here.resolve(), *here.resolve().parents):
        if all((folder / name).exists() for name in ("pyproject.toml", "notebooks", EXPORT_ROOT)):
            return folder
    return None


def settings() -> tuple[str, str, str]:
    """``(mode, results folder, export folder)``: the environment's ``REGRETLAB_MODE``,
    ``REGRETLAB_RESULTS`` and ``REGRETLAB_EXPORT``, else quick mode, the checkout's (or the working
    folder's) ``results/`` and the scratch export folder ``results/notebook_figures/``."""
    root = checkout_root() or Path(".")
    return (os.environ.get("REGRETLAB_MODE", "quick"),
            os.environ.get("REGRETLAB_RESULTS", str(root / "results")),
            os.environ.get("REGRETLAB_EXPORT", str(root / "results" / "notebook_figures")))


def _verdict_line(export_root, provenance_path: Path, label: str) -> str:
    """``**label: verdict** — details`` of the item exported at ``provenance_path`` under ``export_root``,
    as COMPARISON.md and the site give it."""

    provenance = json.loads(Path(provenance_path).read_text(encoding="utf-8"))
    _, _, _, verdict, details, _ = item_row(export_root, provenance_path, provenance)
    return f"**{label}: {verdict}** — {details}"


def _committed_line(key: str) -> str | None:
    """The committed verdict of ``key`` (the checkout's ``paper_figures/``), or None outside a checkout or
    when the item has no committed export."""
    root = checkout_root()
    if root is None:
        return None
    paper, name = key.split(".", 1)
    provenance = root / EXPORT_ROOT / paper / f"{name}.json"
    if not provenance.is_file():
        return None
    return _verdict_line(root / EXPORT_ROOT, provenance, "committed (paper_figures/, full mode)")


def show(key: str, *, table: bool = False) -> Reproduction | None:
    """Reproduce ``key`` in the notebook's mode into the export folder, display its figure with this run's
    verdict (a quick-mode run is a smoke run: no verdict) and the item's committed verdict, and (with
    ``table``) print its CSV. Raises when a run failed, so that ``tox -e notebooks`` fails."""
    # lazy: IPython comes with the notebooks extra, optional
    from IPython.display import Image, Markdown, display

    mode, out, export = settings()
    try:
        result = reproduce(key, mode, out=out, export_root=export)
    except FullExportProtected as kept:   # the folder holds the paper's full-mode export: show that one
        print(f"{kept}; showing the full-mode export")
        paper, name = key.split(".", 1)
        png = Path(export) / paper / f"{name}.png"
        display(Image(filename=str(png)))
        display(Markdown(_verdict_line(export, png.with_suffix(".json"), "full-mode export")))
        return None
    print(result.report.summary())
    if not result.report.ok:
        raise RuntimeError(result.report.summary())
    png = next(p for p in result.paths if p.suffix == ".png")
    display(Image(filename=str(png)))
    provenance = next(p for p in result.paths if p.suffix == ".json" and p.stem != "MANIFEST")
    display(Markdown(_verdict_line(export, provenance, f"this run ({mode} mode)")))
    committed = _committed_line(key)
    if committed is not None:
        display(Markdown(committed))
    if table:
        with open(png.with_suffix(".csv"), encoding="utf-8") as handle:
            for row in csv.reader(handle):
                print("  ".join(row))
    return result
