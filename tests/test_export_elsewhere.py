"""Issue 74.2: `regretlab export ITEM --mode full --partial --export-dir DIR` with DIR outside the clone reads
the clone's archived runs (it failed: 'a partial export needs a finished run of every method and problem; 8
have none', the archives being looked up in DIR) and writes the committed CSV byte for byte, and the PNG
too where matplotlib and Pillow are the versions the committed export names (the PDF also depends on
fontTools' font subsetter: docs/reproducing.md)."""

import json
from importlib import metadata
from pathlib import Path

import pytest

from regretlab.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_an_export_elsewhere_reads_the_clones_archives(tmp_path, monkeypatch, capsys):
    committed = ROOT / "paper_figures" / "Ha2019"
    if not (ROOT / "paper_figures" / "runs" / "Ha2019.fig4a.tar.xz").is_file():
        pytest.skip("the repository's run archives are not in this checkout")
    monkeypatch.chdir(ROOT)
    argv = ["export", "Ha2019.fig4a", "--mode", "full", "--partial", "--out", str(tmp_path / "r"),
            "--export-dir", str(tmp_path / "figures")]
    assert main(argv) == 0, capsys.readouterr().err
    made = tmp_path / "figures" / "Ha2019"
    assert (made / "fig4a.csv").read_bytes() == (committed / "fig4a.csv").read_bytes()
    versions = json.loads((committed / "fig4a.json").read_text())["versions"]
    if all(versions.get(name) == metadata.version(name) for name in ("matplotlib", "pillow")
           if name in versions):
        assert (made / "fig4a.png").read_bytes() == (committed / "fig4a.png").read_bytes()
    # --archives names the folder explicitly, from anywhere
    monkeypatch.chdir(tmp_path)
    argv = ["export", "Ha2019.fig4a", "--mode", "full", "--partial", "--out", str(tmp_path / "r2"),
            "--export-dir", str(tmp_path / "again"), "--archives", str(ROOT / "paper_figures")]
    assert main(argv) == 0, capsys.readouterr().err
    again = tmp_path / "again" / "Ha2019" / "fig4a.csv"
    assert again.read_bytes() == (committed / "fig4a.csv").read_bytes()
