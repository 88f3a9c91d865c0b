"""The Examples of the core modules (src/regretlab: validation, RNG gate, CLI text, GP, objectives) run as
doctests; bounds/ and algorithms/ have their own walkers (every Examples section is a test)."""

import doctest
import importlib
import pkgutil

import pytest

import regretlab

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(regretlab.__path__, prefix="regretlab.")
    if not info.name.startswith(("regretlab.bounds", "regretlab.algorithms", "regretlab.__main__"))
)


@pytest.mark.parametrize("name", MODULES)
def test_core_module_doctests_pass(name):
    """Every doctest in the module passes."""
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"


def test_the_leaves_show_examples():
    """The validation leaf, the RNG gate and the table helper carry examples (so the walk is not vacuous)."""
    for name in ("regretlab._validate", "regretlab._rng", "regretlab._text"):
        assert doctest.testmod(importlib.import_module(name)).attempted > 0, name
