"""``tests/fuzz`` is not a package (the suite runs with ``--import-mode=importlib``): its two helper modules,
``fuzz_engine`` and ``fuzz_recipes``, import each other by name, so their directory goes on ``sys.path``
once, here, as it does when ``fuzz_engine.py`` runs as a script."""

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


def pytest_terminal_summary(terminalreporter):
    """Say how many (callable, parameter, bad value) calls the fuzz tests made and how each ended."""
    from fuzz_engine import CALLS, OUTCOMES

    if not CALLS:
        return
    counts = ", ".join(f"{kind} {CALLS[kind]}" for kind in OUTCOMES if CALLS[kind])
    terminalreporter.write_line(f"fuzz: {sum(CALLS.values())} calls with a bad value ({counts})")
