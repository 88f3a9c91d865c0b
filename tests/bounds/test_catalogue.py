"""The shipped catalogue (bounds/CATALOGUE.md) and the registry agree (issues 3 and 8).

Every catalogue id has a function or a "not executable: reason" entry; the shipped copy equals the team's
``../shared/FORMULAS.md`` where that exists (a user's clone has only the shipped copy).
"""

import re
from pathlib import Path

import pytest

from regretlab.bounds import FORMULAS, NOT_EXECUTABLE, catalogue
from regretlab.bounds.catalogue import CATALOGUE_IDS, parse_ids

SHARED_CATALOGUE = Path(__file__).resolve().parents[3] / "shared" / "FORMULAS.md"
ID = re.compile(r"^[A-Z0-9]+\.[A-Za-z0-9_]+$")


def test_catalogue_ids_are_unique_and_well_formed():
    """The catalogue defines over a hundred ids, each once, each of the PAPER.name form."""
    assert len(set(CATALOGUE_IDS)) == len(CATALOGUE_IDS) > 100
    assert all(ID.match(i) for i in CATALOGUE_IDS)


@pytest.mark.parametrize("formula_id", CATALOGUE_IDS)
def test_every_catalogue_id_is_executable_or_explained(formula_id):
    """Each id maps to a function in FORMULAS or to a non-empty reason in NOT_EXECUTABLE, never both."""
    assert (formula_id in FORMULAS) != (formula_id in NOT_EXECUTABLE), formula_id
    if formula_id in NOT_EXECUTABLE:
        assert len(NOT_EXECUTABLE[formula_id]) >= 20, "a reason must say why"
    else:
        assert callable(FORMULAS[formula_id])


def test_registry_has_no_ids_outside_the_catalogue():
    """Nothing is registered under an id the catalogue does not know (catches typos in @formula ids)."""
    unknown = (set(FORMULAS) | set(NOT_EXECUTABLE)) - set(CATALOGUE_IDS)
    assert not unknown


def test_registered_functions_cite_and_render():
    """Every executable formula has a docstring with a math block and a References section, and LaTeX."""
    for formula_id, func in FORMULAS.items():
        doc = func.__doc__ or ""
        assert ".. math::" in doc, formula_id
        assert "References" in doc, formula_id
        assert getattr(func, "latex", ""), formula_id


def test_parser_expands_shorthands():
    """The parser expands '/ _case2', '/ name' and 'lemma11–12' shorthands and reads the BENCH table."""
    text = ("### MSUCB.prop4_RT_case1 / _case2 (Prop. 4)\n### RPP.thm7 / RPP.cor8 / RPP.lemma11–12 (x)\n"
            "### UBO.g_k / g_k_SE\n| BENCH.levy | formula |\n")
    assert parse_ids(text) == (
        "MSUCB.prop4_RT_case1", "MSUCB.prop4_RT_case2", "RPP.thm7", "RPP.cor8", "RPP.lemma11", "RPP.lemma12",
        "UBO.g_k", "UBO.g_k_SE", "BENCH.levy",
    )


def test_catalogue_ships_with_the_package():
    """The installed package carries CATALOGUE.md (package data), with its sections and the paper keys."""
    body = catalogue.text()
    for heading in ("## 1. MS-UCB (TranThe2020)", "## 5. Figures and tables"):
        assert heading in body
    from regretlab.bounds.papers import SUBJECTS

    for key in (key for paper in SUBJECTS for key in paper.cited_as):
        assert key in body


_NO_MASTER = ("development check: compares the shipped catalogue with the team's master copy, which is not "
              "distributed (bounds/CATALOGUE.md is the catalogue)")


@pytest.mark.skipif(not SHARED_CATALOGUE.exists(), reason=_NO_MASTER)
def test_shipped_catalogue_is_the_shared_one_verbatim():
    """bounds/CATALOGUE.md is ../shared/FORMULAS.md, byte for byte (copy it again when the team's changes)."""
    assert catalogue.text() == SHARED_CATALOGUE.read_text(encoding="utf-8")
