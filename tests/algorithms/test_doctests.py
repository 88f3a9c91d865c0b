"""The Examples sections of every algorithms module run as doctests (every Examples section is a test)."""

import doctest
import importlib
import pkgutil

import pytest

import regretlab.algorithms

MODULES = sorted(
    f"regretlab.algorithms.{info.name}" for info in pkgutil.iter_modules(regretlab.algorithms.__path__)
)


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name):
    """Every doctest in the module passes (a module without examples contributes zero tests)."""
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"


def test_every_algorithm_class_has_an_example_and_cites_its_algorithm_box():
    """Each exported algorithm's docstring has a doctest example and names its paper's algorithm box."""
    for name in ("GPUCB", "MSUCB", "AddGPUCB", "RPPGPUCB", "GPUCBUBO"):
        doc = getattr(regretlab.algorithms, name).__doc__ or ""
        assert ">>>" in doc, name
        assert "Algorithm" in doc or "Alg." in doc, name
        assert "References" in doc, name
