"""Packaging: bounds/ and algorithms/ install as regretlab.bounds and regretlab.algorithms (issue 2 §1).

Run on a wheel install by ``tox -e py311`` and on an editable install by ``tox -e editable``.
"""

import importlib
import importlib.metadata
from pathlib import Path

import pytest

import regretlab


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


def test_bounds_modules_resolve_inside_mapped_package():
    """A module inside a mapped folder is reachable under the regretlab name (not only the folder)."""
    validate = importlib.import_module("regretlab.bounds._validate")
    assert validate.check_probability("delta", 0.5) == 0.5


def test_console_script_is_declared():
    """The distribution declares the `regretlab` console script pointing at regretlab.cli:main."""
    scripts = {ep.name: ep.value for ep in importlib.metadata.entry_points(group="console_scripts")}
    assert scripts.get("regretlab") == "regretlab.cli:main"
