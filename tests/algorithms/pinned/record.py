"""Record the pinned traces of ``cases.py`` for this process's BLAS kernels (run by hand, never by the test
suite): ``OPENBLAS_CORETYPE=Haswell python tests/algorithms/pinned/record.py [NAME ...]``."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cases import CASES, FIELDS, path, run  # noqa: E402

if __name__ == "__main__":
    from threadpoolctl import threadpool_limits

    # one BLAS thread, as the test suite runs (tests/conftest.py), into the folder of this process's BLAS
    # kernels (OPENBLAS_CORETYPE selects them; see cases.py)
    threadpool_limits(limits=1)
    for name in sys.argv[1:] or CASES:
        trace = run(name)
        path(name).parent.mkdir(exist_ok=True)
        np.savez(path(name), **{field: np.asarray(getattr(trace, field)) for field in FIELDS})
        print(f"{name}: {len(trace.y)} evaluations, best y {np.max(trace.y):.6g} -> {path(name).name}")
