"""Every catalogue id has a function or a "not executable: reason" entry (issue 3, "Done when")."""

import re
from pathlib import Path

import pytest

from regretlab.bounds import FORMULAS, NOT_EXECUTABLE
from regretlab.bounds.catalogue import CATALOGUE_IDS

SHARED_CATALOGUE = Path(__file__).resolve().parents[3] / "shared" / "FORMULAS.md"
ID = re.compile(r"^[A-Z0-9]+\.[A-Za-z0-9_]+$")


def parse_catalogue_ids(text: str) -> set[str]:
    """Ids of FORMULAS.md: '### ' headings of §0–§4 (with their shorthands) and the §7 BENCH table rows.

    Shorthands expanded: ``A.x / A.y``, ``A.p_case1 / _case2``, ``A.lemma11–14``.
    """
    ids: set[str] = set()
    for line in text.splitlines():
        if line.startswith("### "):
            head = re.split(r" \(| —", line[4:], maxsplit=1)[0].strip()
            first = head.split(" / ")[0]
            if not ID.match(first.split("–")[0]):
                continue
            prefix = first.split(".")[0]
            base = first
            for part in head.split(" / "):
                part = part.strip()
                if part.startswith("_"):
                    part = re.sub(r"_[^_]*$", "", base) + part
                elif "." not in part:
                    part = f"{prefix}.{part}"
                span = re.match(r"^(.*?)(\d+)–(\d+)$", part)
                if span:
                    ids.update(f"{span[1]}{k}" for k in range(int(span[2]), int(span[3]) + 1))
                else:
                    ids.add(part)
        match = re.match(r"^\| (BENCH\.[a-z0-9]+)", line)
        if match:
            ids.add(match[1])
    return ids


def test_catalogue_ids_are_unique_and_well_formed():
    """The project's own id list has no duplicates and every id has the PAPER.name form."""
    assert len(set(CATALOGUE_IDS)) == len(CATALOGUE_IDS)
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
    """The FORMULAS.md parser expands '/ _case2' and 'lemma11–14' shorthands."""
    text = "### MSUCB.prop4_RT_case1 / _case2 (Prop. 4)\n### RPP.thm7 / RPP.cor8 / RPP.lemma11–12 (x)\n"
    assert parse_catalogue_ids(text) == {
        "MSUCB.prop4_RT_case1", "MSUCB.prop4_RT_case2", "RPP.thm7", "RPP.cor8", "RPP.lemma11", "RPP.lemma12",
    }


@pytest.mark.skipif(not SHARED_CATALOGUE.exists(), reason=f"{SHARED_CATALOGUE} is absent (a user's clone)")
def test_project_list_covers_the_shared_catalogue():
    """The project's id list (bounds/catalogue.py) has every id of ../shared/FORMULAS.md."""
    shared = parse_catalogue_ids(SHARED_CATALOGUE.read_text(encoding="utf-8"))
    missing = shared - set(CATALOGUE_IDS)
    assert not missing, f"ids of FORMULAS.md missing from bounds/catalogue.py: {sorted(missing)}"
    assert len(shared) > 100
