"""Every numpy bound function equals its lambdified sympy twin (issue 3, "Symbolic twins").

Claim checked: for hypothesis-drawn parameters inside each twin's stated domain, the numpy function and
``sympy.lambdify`` of the twin's expression agree to relative 1e-10 (absolute 1e-12 near zero).
"""

import pkgutil
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from regretlab.bounds import FORMULAS
from regretlab.bounds import symbolic as symbolic_package
from regretlab.bounds._registry import paper_module
from regretlab.bounds.symbolic import NO_TWIN, PAPER_MODULES, TWINS


def _strategy(low, high, kind):
    if kind == "int":
        return st.integers(min_value=int(low), max_value=int(high))
    return st.floats(min_value=low, max_value=high, allow_nan=False, allow_infinity=False)


def test_there_are_twins_for_the_registered_formulas():
    """Twins exist, each twins a registered function, and each function's id is among the twin's ids."""
    assert len(TWINS) >= 1
    registered = set(map(id, FORMULAS.values()))
    for key, twin in TWINS.items():
        assert id(twin.func) in registered, key
        assert twin.id in twin.func.formula_ids, key
        assert set(twin.params) == set(twin.strategies), f"{key}: every parameter needs a strategy"


def test_every_twin_module_twins_its_namesake_formula_module():
    """PAPER_MODULES is every public module of bounds/symbolic/, each named like a formula module of
    regretlab.bounds (FORMULA_MODULES, derived from PAPERS), and twins only its namesake's formulas."""
    from regretlab.bounds.papers import FORMULA_MODULES

    found = pkgutil.iter_modules(symbolic_package.__path__)
    assert {info.name for info in found if not info.name.startswith("_")} == set(PAPER_MODULES)
    assert set(PAPER_MODULES) <= set(FORMULA_MODULES)
    for name in PAPER_MODULES:
        module = symbolic_package.module_for(name)
        ids = [twin.id for twin in module.TWINS] + list(module.NO_TWIN)
        assert {paper_module(FORMULAS[id_]) for id_ in ids} <= {name}, name


def test_twin_imports_only_the_module_asked_for():
    """twin(ID) in a fresh interpreter imports the twin module of ID's paper and no other."""
    code = (
        "import sys; from regretlab.bounds.symbolic import twin; twin('UBO.C1');"
        "print(sorted(m for m in sys.modules if m.startswith('regretlab.bounds.symbolic.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['regretlab.bounds.symbolic._twin', 'regretlab.bounds.symbolic.ubo']"


def test_twin_readings_are_readings_of_the_function():
    """A twin of reading R twins a function that has reading R (and its LaTeX for R)."""
    for key, twin in TWINS.items():
        if twin.reading is not None:
            assert twin.reading in twin.func.latex_readings, key


def test_every_formula_has_a_twin_or_a_reason():
    """Each executable catalogue id has a sympy twin or a NO_TWIN reason, never both, never neither."""
    twinned = {twin.id for twin in TWINS.values()}
    for formula_id in FORMULAS:
        assert (formula_id in twinned) != (formula_id in NO_TWIN), formula_id
    assert set(NO_TWIN) <= set(FORMULAS)
    assert all(reason.strip() for reason in NO_TWIN.values())


@pytest.mark.parametrize("key", sorted(TWINS))
@given(data=st.data())
def test_numpy_function_equals_sympy_twin(key, data):
    """numpy value == lambdified sympy value (rel 1e-10) on drawn parameters in the formula's domain."""
    twin = TWINS[key]
    params = {name: data.draw(_strategy(*twin.strategies[name]), label=name) for name in twin.params}
    if twin.constraint is not None and not twin.constraint(**params):
        return
    numeric = np.asarray(twin.func(**params, **twin.fixed), dtype=float)
    symbolic = np.asarray(twin.lambdified()(**params), dtype=float)
    assert np.all(np.isfinite(numeric)), (key, params)
    assert np.allclose(numeric, symbolic, rtol=1e-10, atol=1e-12), (key, params, numeric, symbolic)


def test_latex_renders_for_every_twin():
    """Each twin renders to non-empty LaTeX (what `regretlab formula` prints)."""
    for key, twin in TWINS.items():
        assert twin.latex.strip(), key
