"""Execute the project's notebooks with nbclient and fail on any cell error (``tox -e notebooks``).

``python -m regretlab.run_notebooks notebooks/`` runs every ``*.ipynb`` in the folder from the project root
(so relative paths in the notebooks resolve there); outputs are not written back: notebooks are committed
without outputs.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path


def run(folder) -> int:
    """Execute every notebook under ``folder``; return the number that failed."""
    import nbformat  # lazy: the notebooks extra, optional
    from nbclient import NotebookClient  # lazy: the notebooks extra, optional
    from nbclient.exceptions import CellExecutionError  # lazy: the notebooks extra, optional

    folder = Path(folder)
    failed = 0
    for path in sorted(folder.glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        start = time.perf_counter()
        client = NotebookClient(notebook, timeout=None, kernel_name="python3",
                                resources={"metadata": {"path": str(folder.parent.resolve())}})
        try:
            client.execute()
            print(f"ok     {path.name} ({time.perf_counter() - start:.0f} s)")
        except CellExecutionError as error:
            failed += 1
            print(f"FAILED {path.name}: {error}", file=sys.stderr)
    return failed


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m regretlab.run_notebooks FOLDER", file=sys.stderr)
        return 2
    return 1 if run(argv[0]) else 0


if __name__ == "__main__":
    raise SystemExit(main())
