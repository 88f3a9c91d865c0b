"""Issue 76.5: one vocabulary of verdict words. Every verdict the README's findings table, DECISIONS.md,
COMPARISON.md, the decision records and the site's item pages print — and each setup's own verdict inside a
headline over every setup — is a word of ``regretlab.decisions.verdicts.VOCABULARY``; the notebooks print
COMPARISON.md's row through the same function (tests/experiments/test_notebook_settings.py)."""

import json
import re
from pathlib import Path

import pytest

from regretlab.decisions.verdicts import CLAIM_VERDICTS, ITEM_VERDICTS, STATUS_WORDS, VOCABULARY

ROOT = Path(__file__).resolve().parents[2]
EXPORT = ROOT / "paper_figures"

pytestmark = pytest.mark.skipif(not (EXPORT / "DECISIONS.md").is_file(), reason="needs the checkout's files")


def words_of(cell: str) -> list[str]:
    """The verdict words of one printed cell: the headline's word and, in a headline over every setup, each
    setup's own ('paper setup: W', "'code': W", cut before ', next look' or a parenthesis)."""
    text = cell.strip()
    text = text[2:].split("**", 1)[0] if text.startswith("**") else text   # the bold verdict, no flag after
    text = text.removesuffix(", with its source")
    text = re.sub(r", on substitute data \(for [^)]*\)$", "", text)
    head, _, setups = text.partition(" over every setup (")
    head = re.split(r", next look", head)[0].strip()
    if head not in VOCABULARY:   # a word with its qualifier: 'refuted on every reading (1 of 1)'
        head = re.split(r" on every reading| \(", head)[0]
    found = [head]
    for part in setups.rstrip(")").split(" · ") if setups else ():
        word = part.split(": ", 1)[1]
        found.append(re.split(r", next look|, its |, registration| \(", word)[0].strip())
    return found


def test_words_of_reads_a_headline_over_every_setup():
    cell = ("**undecided over every setup (paper setup: not reproduced · 'code': undecided, next look n = 10 "
            "(35 runs, ~5.40 core-h)), with its source**")
    assert words_of(cell) == ["undecided", "not reproduced", "undecided"]
    assert words_of("**smoke run: no verdict**") == ["smoke run: no verdict"]
    assert words_of("**pending** ⚠ about a method flagged as possibly stuck") == ["pending"]
    assert words_of("undecided, next look n = 10 (30 runs, ~4.49 core-h)") == ["undecided"]
    assert words_of("**refuted on every reading (1 of 1)**") == ["refuted"]
    assert words_of("**reproduced (no runs: its own check)**") == ["reproduced (no runs: its own check)"]


def test_the_vocabulary_holds_the_status_words_and_every_decision_word():
    assert set(STATUS_WORDS) <= VOCABULARY and set(CLAIM_VERDICTS) <= VOCABULARY
    assert set(ITEM_VERDICTS) <= VOCABULARY and "not decided" not in VOCABULARY


def _table_column(path: Path, header: str, column: int) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    cells, inside = [], False
    for line in lines:
        if line.startswith(header):
            inside = True
            continue
        if inside and line.startswith("|---"):
            continue
        if inside and line.startswith("| "):
            cells.append(line.split(" | ")[column])
        else:
            inside = False
    return cells


def test_every_printed_verdict_is_a_word_of_the_vocabulary():
    found = {}
    for cell in _table_column(EXPORT / "COMPARISON.md", "| item |", 3):
        found.setdefault("COMPARISON.md", []).extend(words_of(cell))
    for cell in _table_column(EXPORT / "DECISIONS.md", "| claim | verdict |", 1):
        found.setdefault("DECISIONS.md claims", []).extend(words_of(cell))
    for heading in re.findall(r"^## \S+: (.*)$", (EXPORT / "DECISIONS.md").read_text(encoding="utf-8"), re.M):
        found.setdefault("DECISIONS.md items", []).extend(words_of(heading))
    for cell in _table_column(ROOT / "README.md", "| paper |", 1) + _table_column(ROOT / "README.md",
                                                                                   "| paper |", 2):
        found.setdefault("README", []).extend(re.sub(r"^\d+ ", "", w) for w in cell.split(", "))
    for record in sorted((EXPORT / "decisions").glob("*.json")):
        payload = json.loads(record.read_text(encoding="utf-8"))
        found.setdefault("records", []).append(payload["verdict"])
        found["records"].extend(c["decision"] for c in payload["claims"])
    assert all(found.values()) and len(found) == 5, {k: len(v) for k, v in found.items()}
    strange = {place: sorted(set(words) - VOCABULARY) for place, words in found.items()}
    assert not any(strange.values()), strange


def test_the_sites_item_verdicts_are_words_of_the_vocabulary(tmp_path):
    from regretlab.figures.site import build_site

    build_site(EXPORT, tmp_path / "site")
    pages = [p.read_text(encoding="utf-8") for p in (tmp_path / "site" / "items").glob("*.html")]
    verdicts = [html.split('id="verdict">', 1)[1].split("<", 1)[0].replace("&#39;", "'") for html in pages]
    assert len(verdicts) > 30
    strange = sorted({w for v in verdicts for w in words_of(v)} - VOCABULARY)
    assert not strange, strange
