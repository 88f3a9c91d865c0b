"""The Examples sections of every bounds module run as doctests (DESIGN convention 6)."""

import doctest
import importlib
import pkgutil

import pytest

import regretlab.bounds

MODULES = sorted(
    f"regretlab.bounds.{info.name}" for info in pkgutil.iter_modules(regretlab.bounds.__path__)
    if not info.name.startswith("_twins_")
)


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name):
    """Every doctest in the module passes (a module without examples contributes zero tests)."""
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
