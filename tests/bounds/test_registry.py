"""The @formula decorator: one citation and one LaTeX per reading at every formula's def line (issue 8, §5).

``regretlab formula ID reading=B`` prints ``latex_of(func, reading="B")``; these tests make sure that is the
LaTeX of reading B and not reading A's, for every function of ``regretlab.bounds`` that has readings.
"""

import inspect
import re

import pytest

from regretlab.bounds import FORMULAS
from regretlab.bounds._registry import formula, latex_of, public_path
from regretlab.bounds.references import CITATION, REFERENCES

#: The modules that declare formulas: every module holding a catalogue function.
BOUND_MODULES = sorted({inspect.getmodule(func) for func in FORMULAS.values()}, key=lambda m: m.__name__)

#: ``reading : {"A", "B"}`` in a numpydoc Parameters section.
READING_CHOICES = re.compile(r"^\s*reading\s*:\s*\{([^}]*)\}", re.M)
#: ``t, d, D, a, b, delta, reading`` followed by "As in :func:`name`".
AS_IN = re.compile(r"[Aa]s in :func:`(\w+)`")


def _declared_functions():
    """Every function of the bound modules declared with @formula (catalogue id or not)."""
    out = []
    for module in BOUND_MODULES:
        for name, func in vars(module).items():
            if inspect.isfunction(func) and func.__module__ == module.__name__ and hasattr(func, "citation"):
                out.append(pytest.param(func, id=f"{module.__name__.rsplit('.', 1)[-1]}.{name}"))
    return out


def _documented_readings(func):
    """The reading values listed in func's Parameters section (following one "As in :func:`x`")."""
    doc = inspect.getdoc(func) or ""
    match = READING_CHOICES.search(doc)
    if match is None:
        target = AS_IN.search(doc)
        if target is None:
            return None
        return _documented_readings(getattr(inspect.getmodule(func), target.group(1)))
    return {choice.strip().strip("\"'") for choice in match.group(1).split(",")}


DECLARED = _declared_functions()


def test_every_catalogue_function_is_declared():
    """Every function in FORMULAS carries what @formula sets (ids, citation, LaTeX per reading)."""
    for formula_id, func in FORMULAS.items():
        assert formula_id in func.formula_ids, formula_id
        assert func.latex == latex_of(func), formula_id


@pytest.mark.parametrize("func", DECLARED)
def test_citation_is_one_resolvable_reference(func):
    """The citation has the project's one form, [Key, location], and its key resolves in REFERENCES."""
    match = re.fullmatch(CITATION, func.citation)
    assert match, func.citation
    assert match.group("key") in REFERENCES


@pytest.mark.parametrize("func", DECLARED)
def test_one_latex_per_documented_reading(func):
    """A function with readings has one LaTeX per documented reading, all different; others have one."""
    documented = _documented_readings(func)
    if func.reading_parameter is None:
        assert "reading" not in inspect.signature(func).parameters, "readings without per-reading LaTeX"
        assert list(func.latex_readings) == [None]
        return
    assert documented is not None, "a function with readings documents them as reading : {...}"
    assert set(func.latex_readings) == documented
    texts = list(func.latex_readings.values())
    assert len(set(texts)) == len(texts), "two readings share one LaTeX: the printed difference is lost"


@pytest.mark.parametrize("func", DECLARED)
def test_latex_of_follows_the_reading_evaluated(func):
    """latex_of(func, reading=R) is reading R's LaTeX; an unknown reading is a ValueError naming it."""
    if func.reading_parameter is None:
        assert latex_of(func) == func.latex
        return
    for reading, text in func.latex_readings.items():
        assert latex_of(func, **{func.reading_parameter: reading}) == text
    with pytest.raises(ValueError, match="reading='Z'"):
        latex_of(func, reading="Z")


def test_decorator_rejects_bad_declarations():
    """A malformed citation, a reading mapping without the default reading, and a duplicate id are errors."""
    with pytest.raises(ValueError, match="citation"):
        formula(latex="x", cite="Ha2019 Eq. 13")

    def f(*, reading="A"):
        return reading

    with pytest.raises(ValueError, match="default reading 'A'"):
        formula(latex={"B": "y"}, cite="[Ha2019, Eq. (99)]")(f)
    with pytest.raises(ValueError, match="registered twice"):
        formula("UBO.eq13", latex="x", cite="[Ha2019, Eq. (99)]")(lambda: None)


@pytest.mark.parametrize("formula_id", sorted(FORMULAS))
def test_public_path_names_the_function(formula_id):
    """regretlab.bounds.<paper>.<name> (what the CLI prints and Traces record) is the function itself,
    whichever section module of a paper package defines it."""
    import importlib

    func = FORMULAS[formula_id]
    package, _, name = public_path(func).rpartition(".")
    assert getattr(importlib.import_module(package), name) is func


def test_paper_packages_export_their_all():
    """Each paper whose formulas are a package (split along its sections) re-exports every name of its
    __all__ (the public paths from before the split)."""
    import importlib

    from regretlab.bounds.papers import PAPERS

    modules = [importlib.import_module(f"regretlab.bounds.{paper.bounds_module}") for paper in PAPERS]
    packages = [module for module in modules if hasattr(module, "__path__")]
    assert len(packages) >= 4
    for package in packages:
        assert package.__all__ and all(hasattr(package, name) for name in package.__all__), package.__name__
