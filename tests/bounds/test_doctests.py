"""The Examples sections of every bounds module run as doctests (DESIGN convention 6)."""

import doctest
import importlib
import pkgutil

import pytest

import regretlab.bounds

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(regretlab.bounds.__path__, prefix="regretlab.bounds.")
)


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name):
    """Every doctest in the module passes (a module without examples contributes zero tests)."""
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
