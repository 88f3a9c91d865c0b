"""``tests/scaffold`` is not a package (the suite runs with ``--import-mode=importlib``): the toy fifth paper
its test applies is in ``fifth_paper.py``, imported by name once this folder is on ``sys.path``."""

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
