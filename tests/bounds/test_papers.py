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
