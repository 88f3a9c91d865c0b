"""``tests/experiments`` is not a package (the suite runs with ``--import-mode=importlib``): the helpers its
test modules share are in ``engine_fixtures.py``, imported by name once this folder is on ``sys.path``."""

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
