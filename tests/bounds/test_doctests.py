"""The Examples sections of every bounds module (paper packages' sections included) run as doctests
(every Examples section is a test)."""

import doctest
import importlib
import inspect
import pkgutil

import pytest

import regretlab.bounds

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(regretlab.bounds.__path__, prefix="regretlab.bounds.")
)


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name):
    """Every doctest in the module passes; a module that declares formulas has examples to run."""
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
    own = [f for f in vars(module).values() if inspect.isfunction(f) and f.__module__ == name]
    declares = any(hasattr(f, "citation") for f in own)
    assert result.attempted > 0 or not declares, f"{name} declares formulas but shows no example"
