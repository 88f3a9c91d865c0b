"""Packaging: the src layout, the mapped folders, and an editable install (issue 8 §1).

``bounds/`` and ``algorithms/`` install as ``regretlab.bounds`` and ``regretlab.algorithms``; the rest of the
library lives in ``src/regretlab``. Nothing at the checkout root is called ``regretlab``, so nothing there
shadows the installed package.
"""

import importlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

import regretlab

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
#: Where each installed package's sources live in the checkout.
MAPPED = {"regretlab": "src/regretlab", "regretlab.bounds": "bounds", "regretlab.algorithms": "algorithms"}


def test_version_matches_distribution_metadata():
    """The package version is the installed distribution's version."""
    assert regretlab.__version__ == importlib.metadata.version("regretlab")


@pytest.mark.parametrize(
    ("module", "folder"),
    [("regretlab.bounds", "bounds"), ("regretlab.algorithms", "algorithms"), ("regretlab.gp", "gp"),
     ("regretlab.objectives", "objectives")],
)
def test_mapped_packages_import_from_their_folders(module, folder):
    """Each sub-package imports, from a folder of its own name (the top-level folders are mapped)."""
    mod = importlib.import_module(module)
    assert Path(mod.__file__).parent.name == folder


def test_nothing_at_the_root_is_named_regretlab():
    """No file or folder at the checkout root can shadow the installed package on ``python -m``."""
    assert not (ROOT / "regretlab").exists() and not (ROOT / "regretlab.py").exists()


def _source_packages() -> set[str]:
    """Every package folder (with __init__.py) under the mapped roots, as its installed dotted name."""
    names = set()
    for package, folder in MAPPED.items():
        base = ROOT / folder
        for init in base.rglob("__init__.py"):
            rel = init.parent.relative_to(base).parts
            names.add(".".join((package, *rel)))
    return names


@pytest.mark.skipif(not PYPROJECT.exists(), reason="pyproject.toml is not beside the tests")
def test_every_source_package_is_listed_in_pyproject():
    """pyproject.toml lists each package folder (a missing one would be absent from the wheel)."""
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert config["package-dir"] == MAPPED
    assert set(config["packages"]) == _source_packages()


def test_console_script_is_declared():
    """The distribution declares the `regretlab` console script pointing at regretlab.cli:main."""
    scripts = {ep.name: ep.value for ep in importlib.metadata.entry_points(group="console_scripts")}
    assert scripts.get("regretlab") == "regretlab.cli:main"


def _copy_checkout(target: Path) -> Path:
    """The checkout's sources (no .git, .tox, build output) copied to ``target``."""
    ignore = shutil.ignore_patterns(".git", ".tox", ".venv", "build", "dist", "*.egg-info", "__pycache__",
                                    ".pytest_cache", ".hypothesis", "paper_figures", "notebooks")
    shutil.copytree(ROOT, target, ignore=ignore)
    return target


def _dependencies_without_regretlab(target: Path) -> Path:
    """A folder of links to this environment's installed packages, minus regretlab itself.

    The editable install below gets its dependencies (numpy, scipy, ...) from here instead of the network,
    without the wheel-installed regretlab of this environment, which would shadow the editable one.
    """
    target.mkdir()
    site = Path(sysconfig.get_paths()["purelib"])
    for entry in site.iterdir():
        if entry.name.startswith(("regretlab", "__editable__", "_regretlab")) or entry.suffix == ".pth":
            continue
        (target / entry.name).symlink_to(entry)
    return target


@pytest.mark.skipif(not (ROOT / "pyproject.toml").exists(), reason="needs the checkout's pyproject.toml")
def test_editable_install_imports_the_three_mapped_packages(tmp_path):
    """`pip install -e` of the checkout maps regretlab, regretlab.bounds and regretlab.algorithms onto
    src/regretlab, bounds/ and algorithms/: each imports from its folder, from outside the checkout and from
    its root (where nothing named regretlab shadows it)."""
    checkout = _copy_checkout(tmp_path / "checkout")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    venv_site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True, timeout=60,
    ).stdout.strip()
    deps = _dependencies_without_regretlab(tmp_path / "deps")
    Path(venv_site, "zz_regretlab_test_dependencies.pth").write_text(f"{deps}\n", encoding="utf-8")
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--disable-pip-version-check", "-e",
         str(checkout)], capture_output=True, text=True, timeout=600,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    probe = (
        "import regretlab, regretlab.bounds, regretlab.algorithms, regretlab.gp\n"
        "print(regretlab.__file__); print(regretlab.bounds.__file__); print(regretlab.algorithms.__file__)\n"
        "print(regretlab.gp.__file__)\n"
    )
    expected = [checkout / "src/regretlab", checkout / "bounds", checkout / "algorithms",
                checkout / "src/regretlab/gp"]
    for cwd in (tmp_path, checkout):
        result = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, timeout=120,
                                cwd=cwd)
        assert result.returncode == 0, result.stderr
        folders = [Path(line).resolve().parent for line in result.stdout.split()]
        assert folders == [p.resolve() for p in expected], (cwd, result.stdout)
