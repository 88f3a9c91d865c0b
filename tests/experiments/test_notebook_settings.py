"""Where a notebook's runs and exports go (the newcomer issue: started from ``notebooks/``, a notebook wrote
``notebooks/results/`` and an untracked ``notebooks/paper_figures/`` and recomputed finished runs), and what
a cell shows (issue 76.1: it computes into a scratch folder, never the committed paper_figures/, and shows
this run's verdict beside the committed one, in the words COMPARISON.md uses)."""

import json
import sys
import types
from pathlib import Path

import pytest

from regretlab.figures.notebook import checkout_root, settings


def _checkout(tmp_path: Path) -> Path:
    root = tmp_path / "clone"
    for folder in ("notebooks", "paper_figures"):
        (root / folder).mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'regretlab'\n", encoding="utf-8")
    return root


def test_a_notebook_started_in_notebooks_uses_the_checkouts_folders(tmp_path, monkeypatch):
    """From ``<clone>/notebooks`` (where Jupyter starts a notebook) the results are the clone's ``results/``,
    the folder ``regretlab reproduce`` uses from the root, and the exports a scratch folder beside them (the
    committed paper_figures/ holds the full-mode evidence: a notebook never writes it)."""
    root = _checkout(tmp_path)
    for variable in ("REGRETLAB_MODE", "REGRETLAB_RESULTS", "REGRETLAB_EXPORT"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.chdir(root / "notebooks")
    mode, results, export = settings()
    assert mode == "quick"
    assert Path(results) == root.resolve() / "results"
    assert Path(export) == root.resolve() / "results" / "notebook_figures"
    assert checkout_root() == root.resolve()


def test_outside_a_checkout_and_with_the_environment(tmp_path, monkeypatch):
    """Outside a checkout: the working folder's ``results/`` and ``results/notebook_figures/``; the
    environment's variables win everywhere."""
    for variable in ("REGRETLAB_MODE", "REGRETLAB_RESULTS", "REGRETLAB_EXPORT"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.chdir(tmp_path)
    assert checkout_root() is None
    assert settings() == ("quick", "results", str(Path("results") / "notebook_figures"))
    monkeypatch.setenv("REGRETLAB_MODE", "full")
    monkeypatch.setenv("REGRETLAB_RESULTS", str(tmp_path / "r"))
    monkeypatch.setenv("REGRETLAB_EXPORT", str(tmp_path / "e"))
    monkeypatch.chdir(_checkout(tmp_path) / "notebooks")
    assert settings() == ("full", str(tmp_path / "r"), str(tmp_path / "e"))


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not (ROOT / "paper_figures" / "Ha2019" / "fig2.json").is_file(),
                    reason="needs the checkout's paper_figures/")
def test_a_cell_computes_its_figure_and_shows_this_runs_and_the_committed_verdict(tmp_path, monkeypatch):
    """show("Ha2019.fig2") from the checkout (IPython's display replaced by a recorder: the test extra has
    no Jupyter): the run is made into the scratch folder, its PNG displayed, then this run's verdict (quick
    mode: a smoke run, no verdict) and the committed one, equal to COMPARISON.md's row."""
    from regretlab.figures.comparison import comparison_rows
    from regretlab.figures.notebook import show

    shown = []
    display = types.ModuleType("IPython.display")
    display.display = shown.append
    display.Image = lambda filename: ("image", filename)
    display.Markdown = lambda text: ("markdown", text)
    ipython = types.ModuleType("IPython")
    ipython.version_info = (9, 0)   # matplotlib reads it when it makes a canvas
    monkeypatch.setitem(sys.modules, "IPython", ipython)
    monkeypatch.setitem(sys.modules, "IPython.display", display)
    monkeypatch.delenv("REGRETLAB_MODE", raising=False)
    monkeypatch.setenv("REGRETLAB_RESULTS", str(tmp_path / "results"))
    monkeypatch.setenv("REGRETLAB_EXPORT", str(tmp_path / "scratch"))
    monkeypatch.chdir(ROOT / "notebooks")
    before = (ROOT / "paper_figures" / "Ha2019" / "fig2.png").read_bytes()
    assert show("Ha2019.fig2") is not None
    image, this_run, committed = shown
    assert image == ("image", str(tmp_path / "scratch" / "Ha2019" / "fig2.png"))
    assert Path(image[1]).is_file() and json.loads((tmp_path / "scratch" / "Ha2019" / "fig2.json").read_text(
        encoding="utf-8"))["mode"] == "quick"
    assert this_run[1].startswith("**this run (quick mode): ")
    row = next(r for r in comparison_rows(ROOT / "paper_figures") if r[0] == "Ha2019.fig2")
    assert committed[1] == f"**committed (paper_figures/, full mode): {row[3]}** — {row[4]}"
    assert (ROOT / "paper_figures" / "Ha2019" / "fig2.png").read_bytes() == before
