"""Record the pinned traces of ``cases.py`` (run by hand, never by the test suite)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cases import CASES, FIELDS, path, run  # noqa: E402

if __name__ == "__main__":
    for name in sys.argv[1:] or CASES:
        trace = run(name)
        np.savez(path(name), **{field: np.asarray(getattr(trace, field)) for field in FIELDS})
        print(f"{name}: {len(trace.y)} evaluations, best y {np.max(trace.y):.6g} -> {path(name).name}")
