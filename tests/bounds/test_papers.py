"""The paper-names table (regretlab.bounds.papers) against what exists: every module, class, citation key,
catalogue prefix and setup prefix it names is there, and every catalogue id, verify claim and setup of a
paper uses its names."""

import importlib

import pytest

from regretlab.bounds import FORMULAS, NOT_EXECUTABLE, REFERENCES
from regretlab.bounds.papers import PAPERS, paper


@pytest.mark.parametrize("entry", PAPERS, ids=lambda p: p.key)
def test_every_name_in_the_table_exists(entry):
    assert entry.key in REFERENCES
    importlib.import_module(f"regretlab.bounds.{entry.bounds_module}")
    module = importlib.import_module(f"regretlab.algorithms.{entry.algorithm_module}")
    assert hasattr(module, entry.algorithm_class)
    algorithms = importlib.import_module("regretlab.algorithms")
    assert entry.algorithm_class in algorithms.__all__, f"{entry.algorithm_class} is not exported"
    ids = [i for i in list(FORMULAS) + list(NOT_EXECUTABLE) if i.startswith(entry.catalogue_prefix + ".")]
    assert ids, entry.catalogue_prefix
    for name in entry.names:
        assert paper(name) is entry and paper(name.lower() + ".") is entry


def test_every_claim_and_setup_uses_a_paper_of_the_table():
    """Verify claims' prefixes (but the GP-only ones) and setups' prefixes (but the shared baselines' papers)
    are names of the table."""
    from regretlab.algorithms import setups
    from regretlab.verify.registry import CLAIMS

    prefixes = {p.catalogue_prefix for p in PAPERS} | {"GP"}  # GP.*: the GP posterior, no paper's algorithm
    assert {claim.split(".")[0] for claim in CLAIMS} <= prefixes
    keys = {p.key for p in PAPERS}
    assert {name.split("/")[0] for name in setups.SETUPS} <= keys


def test_an_unknown_name_suggests_the_close_ones():
    with pytest.raises(ValueError, match="did you mean"):
        paper("MSUBC")


@pytest.mark.parametrize("entry", [p for p in PAPERS if p.subject], ids=lambda p: p.key)
def test_every_subject_paper_has_its_specs_claims_and_notebook(entry):
    """A paper regretlab reproduces has, under the names its row gives: a module of specs and a module of
    decided claims (each registering at least one entry of its own key), and its algorithm's notebook when
    the checkout has the notebooks; a paper they build on (subject=False) has none of them."""
    from pathlib import Path

    specs = importlib.import_module(f"regretlab.experiments.specs.{entry.key.lower()}")
    claims = importlib.import_module(f"regretlab.decisions.claims.{entry.key.lower()}")
    assert specs.SPECS and all(spec.paper == entry.key for spec in specs.SPECS)
    assert claims.CLAIMS and all(claim.key.startswith(entry.key + ".") for claim in claims.CLAIMS)
    notebooks = Path(__file__).resolve().parents[2] / "notebooks"
    if notebooks.is_dir():
        assert (notebooks / f"{entry.algorithm_module}.ipynb").is_file()


def test_the_registries_of_specs_and_claims_hold_the_subject_papers_only():
    """The modules of experiments/specs and decisions/claims are the subject papers' (lower-case keys):
    no module for a paper outside the table."""
    import pkgutil

    from regretlab.decisions import claims
    from regretlab.experiments import specs

    expected = {p.key.lower() for p in PAPERS if p.subject}
    for package in (specs, claims):
        found = {i.name for i in pkgutil.iter_modules(package.__path__) if not i.name.startswith("_")}
        assert found == expected, package.__name__
