"""Where a notebook's runs and exports go (the newcomer issue: started from ``notebooks/``, a notebook wrote
``notebooks/results/`` and an untracked ``notebooks/paper_figures/`` and recomputed finished runs)."""

from pathlib import Path

from regretlab.figures.notebook import checkout_root, settings


def _checkout(tmp_path: Path) -> Path:
    root = tmp_path / "clone"
    for folder in ("notebooks", "paper_figures"):
        (root / folder).mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'regretlab'\n", encoding="utf-8")
    return root


def test_a_notebook_started_in_notebooks_uses_the_checkouts_folders(tmp_path, monkeypatch):
    """From ``<clone>/notebooks`` (where Jupyter starts a notebook) the results and exports are the clone's
    ``results/`` and ``paper_figures/``, the folders ``regretlab reproduce`` uses from the root."""
    root = _checkout(tmp_path)
    for variable in ("REGRETLAB_MODE", "REGRETLAB_RESULTS", "REGRETLAB_EXPORT"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.chdir(root / "notebooks")
    mode, results, export = settings()
    assert mode == "quick"
    assert Path(results) == root.resolve() / "results" and Path(export) == root.resolve() / "paper_figures"
    assert checkout_root() == root.resolve()


def test_outside_a_checkout_and_with_the_environment(tmp_path, monkeypatch):
    """Outside a checkout: the working folder's ``results/`` and ``paper_figures/``; the environment's
    variables win everywhere."""
    for variable in ("REGRETLAB_MODE", "REGRETLAB_RESULTS", "REGRETLAB_EXPORT"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.chdir(tmp_path)
    assert checkout_root() is None
    assert settings() == ("quick", "results", "paper_figures")
    monkeypatch.setenv("REGRETLAB_MODE", "full")
    monkeypatch.setenv("REGRETLAB_RESULTS", str(tmp_path / "r"))
    monkeypatch.setenv("REGRETLAB_EXPORT", str(tmp_path / "e"))
    monkeypatch.chdir(_checkout(tmp_path) / "notebooks")
    assert settings() == ("full", str(tmp_path / "r"), str(tmp_path / "e"))
