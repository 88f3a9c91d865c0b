"""One citation form, readable in a clone: ``[Key, location]`` with every key in REFERENCES (issue 8 §2).

Checks the sources (library, tests, README, benchmarks, ERRATA and the shipped catalogue): no paper is cited
by the catalogue's three-digit file tags (zero, zero, then 0 to 4) or by "Author et al. (year)", every
``[Key]`` or ``[Key, location]`` resolves in :data:`regretlab.bounds.REFERENCES`, and every registered formula
cites its paper by key with a location.
"""

import re
from pathlib import Path

import pytest

from regretlab.bounds import FORMULAS, REFERENCES
from regretlab.bounds.references import CITATION

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("bounds", "algorithms", "src", "tests", "benchmarks", "docs")
TAG = re.compile(r"\b00[0-4]\b")
AUTHOR_YEAR = re.compile(r"\bet al\.?,? \(?(?:19|20)\d\d\b")


def _sources() -> list[Path]:
    files = [ROOT / "README.md"]
    for folder in FOLDERS:
        files += sorted(p for p in (ROOT / folder).rglob("*") if p.suffix in {".py", ".md"} and p.is_file())
    return [p for p in files if p.exists() and "__pycache__" not in p.parts]


SOURCES = _sources()
pytestmark = pytest.mark.skipif(not (ROOT / "bounds").is_dir(), reason="needs the checkout's sources")


def _hits(pattern: re.Pattern, skip=()) -> list[str]:
    hits = []
    for path in SOURCES:
        if path.name in skip:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                hits.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    return hits


def test_no_paper_is_cited_by_a_file_tag():
    """`grep -rnE "\\b00[0-4]\\b"` over the sources finds no paper tag: papers are cited by key.

    The shipped catalogue is the team's file verbatim; its only matches are thousands in numbers of samples.
    """
    assert not _hits(TAG, skip={"CATALOGUE.md"})


def test_no_author_year_citations_outside_the_references():
    """Works are cited by key, never as 'Author et al. (year)' (REFERENCES holds the full reference)."""
    assert not _hits(AUTHOR_YEAR, skip={"references.py", "CATALOGUE.md"})


CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")


def test_no_control_characters_in_the_sources():
    """No tab, bell or other control character (newlines only; read over the whole text, since splitting
    into lines would swallow form feeds): a LaTeX docstring written through a non-raw string turns
    ``\\alpha`` into a bell and ``\\times`` into a tab, and the rendered docs lose the symbol (found in the
    digits elastic net's docstring)."""
    hits = []
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        hits += [f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}: {m[0]!r}"
                 for m in CONTROL.finditer(text)]
    assert not hits


def test_every_cited_key_resolves():
    """Every [Key] and [Key, location] in the sources names a key of REFERENCES (no typo, no missing work)."""
    cited: dict[str, str] = {}
    for path in SOURCES:
        if path == ROOT / "tests" / "scaffold" / "fifth_paper.py":
            continue   # the toy fifth paper: its key joins REFERENCES in the scaffold's copy only
        for match in re.finditer(CITATION, path.read_text(encoding="utf-8")):
            cited.setdefault(match["key"], str(path.relative_to(ROOT)))
    unknown = {key: where for key, where in cited.items() if key not in REFERENCES}
    assert not unknown, f"keys cited but not in REFERENCES: {unknown}"
    from regretlab.bounds.papers import PAPERS

    assert {key for paper in PAPERS for key in paper.cited_as} <= set(cited)


@pytest.mark.parametrize("formula_id", sorted(FORMULAS))
def test_every_formula_cites_its_paper_with_a_location(formula_id):
    """The docstring of each registered formula cites a key with a location, e.g. [Li2016, Eq. (8)]."""
    doc = FORMULAS[formula_id].__doc__ or ""
    located = [m for m in re.finditer(CITATION, doc) if "," in m[0]]
    assert located, f"{formula_id}: no [Key, location] citation in its docstring"
    assert all(m["key"] in REFERENCES for m in located)


def test_citation_pattern_reads_the_documented_forms():
    """The pattern takes [Key] and [Key, location] and leaves numbered footnotes and arrays alone."""
    text = "[Ha2019, Eq. (99)] [TranThe2020-ext, Lemma 9] [Srinivas2010] .. [1] x[0] [-1, 1]"
    assert [m["key"] for m in re.finditer(CITATION, text)] == ["Ha2019", "TranThe2020-ext", "Srinivas2010"]
