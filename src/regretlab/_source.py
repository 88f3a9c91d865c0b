"""The fingerprint of the code that computes: a checkpoint made by other code is not reused.

The package is three source folders in a checkout (``pyproject.toml``'s ``package-dir``: ``src/regretlab``,
and ``algorithms/`` and ``bounds/`` installed as ``regretlab.algorithms`` and ``regretlab.bounds``), one
folder in an installed wheel. :func:`source_files` lists the ``.py`` files of all of them, each once.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
from pathlib import Path

__all__ = ["source_files", "source_fingerprint"]

#: The packages whose folders hold the code (the subpackages that may live outside ``regretlab``'s folder).
_PACKAGES = ("regretlab", "regretlab.algorithms", "regretlab.bounds")


def source_files() -> list[tuple[str, Path]]:
    """``(name, path)`` of every ``.py`` file of the package's source folders, sorted by name; ``name`` is
    the path inside the package with the subpackage's dotted prefix (``regretlab.algorithms/base.py``), so
    a checkout and a wheel name a file alike."""

    seen: dict[Path, str] = {}
    for package in _PACKAGES:
        # the package's folder from its spec: found, not imported (this module sits below the packages)
        root = Path(importlib.util.find_spec(package).origin).resolve().parent
        for path in root.rglob("*.py"):
            resolved = path.resolve()
            name = f"{package}/{path.relative_to(root).as_posix()}"
            # a wheel nests regretlab/algorithms inside regretlab/: keep the most specific package's name
            if resolved not in seen or len(package) > len(seen[resolved].split("/")[0]):
                seen[resolved] = name
    return sorted(((name, path) for path, name in seen.items()), key=lambda item: item[0])


@functools.lru_cache(maxsize=1)
def source_fingerprint() -> str:
    """SHA-256 (first 16 hex digits) of every source file (:func:`source_files`), by name and content. Read
    once per process."""
    digest = hashlib.sha256()
    for name, path in source_files():
        digest.update(name.encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
