"""The `regretlab` command line (issue 2 §1; `formula` from issue 3)."""

import subprocess
import sys

from regretlab import __version__
from regretlab.cli import main


def test_version_flag(capsys):
    """`regretlab --version` prints the package version and exits 0."""
    try:
        main(["--version"])
    except SystemExit as exc:
        assert exc.code == 0
    assert __version__ in capsys.readouterr().out


def test_list_prints_every_registered_objective(capsys):
    """`regretlab list` prints one row per registered objective with dimension, domain and optimum."""
    from regretlab.objectives import describe

    assert main(["list"]) == 0
    out = capsys.readouterr().out
    rows = describe()
    assert len(rows) >= 10
    for row in rows:
        line = next(line for line in out.splitlines() if line.split() and line.split()[0] == row["name"])
        assert str(row["dim"]) in line and str(row["optimum"]) in line


def test_console_entry_point_runs_as_module():
    """`python -m regretlab list` works in a subprocess (the installed entry point's module)."""
    result = subprocess.run(
        [sys.executable, "-m", "regretlab", "list"], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "hartmann6" in result.stdout
