"""Citation-ready export: ``<root>/<paper>/<name>.{pdf,png,csv,json}`` and ``<root>/MANIFEST.json``.

The PDF is vector with embedded fonts (:mod:`regretlab.figures.plots` style), the PNG a 300-dpi raster, the
CSV the plotted data (one header row), the JSON the provenance: spec key and hash, mode, git commit, package
versions, seeds, wall time, what the figure stands for and how it differs from the paper. MANIFEST.json
lists every exported file with its sha256 and size. Every file is written atomically.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import platform
from importlib import metadata
from pathlib import Path

import matplotlib.pyplot as plt

from regretlab._io import atomic_savefig, atomic_write_text

__all__ = ["export_item", "write_manifest", "package_versions"]

#: Also the libraries that shape an export's bytes: matplotlib with its bundled FreeType draws, Pillow
#: encodes the PNG, fontTools subsets the font embedded in the PDF (fontTools 4.69 keeps the font's whole
#: 'name' table: Ha2019 Fig. 4a's PDF grew from 30,069 to 34,140 bytes with the same figure).
_PACKAGES = ("regretlab", "numpy", "scipy", "matplotlib", "fonttools", "pillow", "joblib", "tqdm", "sympy")


def package_versions() -> dict[str, str]:
    """Installed versions of regretlab and the libraries its results depend on (and Python's)."""
    versions = {"python": platform.python_version()}
    for name in _PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


def _csv_text(header, rows) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def export_item(fig, header, rows, provenance: dict, root, paper: str, name: str) -> list[Path]:
    """Write the figure (PDF, PNG), its data (CSV) and provenance (JSON); close the figure; return the
    paths."""
    folder = Path(root) / paper
    paths = []
    try:
        # no creation date: the same figure gives the same PDF bytes (a fresh clone's export is checkable
        # against the committed one, and MANIFEST.json's digests change only with the content)
        paths.append(atomic_savefig(fig, folder / f"{name}.pdf", metadata={"CreationDate": None}))
        paths.append(atomic_savefig(fig, folder / f"{name}.png", dpi=300))
    finally:
        plt.close(fig)
    paths.append(atomic_write_text(folder / f"{name}.csv", _csv_text(header, rows)))
    provenance = {**provenance, "versions": package_versions(), "files": [p.name for p in paths]}
    paths.append(atomic_write_text(folder / f"{name}.json", json.dumps(provenance, indent=1, default=str)))
    return paths


def write_manifest(root) -> Path:
    """``<root>/MANIFEST.json``: every exported file under ``root`` with its sha256 and size."""
    root = Path(root)
    files = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.name != "MANIFEST.json" and not path.name.startswith("."):
            data = path.read_bytes()
            files[path.relative_to(root).as_posix()] = {"sha256": hashlib.sha256(data).hexdigest(),
                                                        "bytes": len(data)}
    return atomic_write_text(root / "MANIFEST.json", json.dumps({"files": files}, indent=1))
