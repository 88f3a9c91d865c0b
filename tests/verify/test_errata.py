"""The engine's section of bounds/ERRATA.md is generated from a committed verification report: every number
comes from the report (with its profile, seed and commit), the hand-written text around it is kept, and the
shipped file equals what the committed report generates."""

import json
from pathlib import Path

import pytest

from regretlab.verify.errata import BEGIN, END, main, rewrite, section

ROOT = Path(__file__).resolve().parents[2]
QUICK = ROOT / "paper_figures" / "verification" / "quick" / "verification.json"
#: The report the shipped errata come from: the thorough one (300 paths a rate claim), since 2026-12-07.
THOROUGH = ROOT / "paper_figures" / "verification" / "thorough" / "verification.json"


def _payload(outcome="violated"):
    return {"profile": "quick", "seed": 0, "commit": "abc1234",
            "claims": [{"id": "X.c", "reference": "[X2020, Lemma 1]", "event": "f <= g"}],
            "verdicts": [{"claim": "X.c", "reading": "A", "outcome": outcome, "statistic": "7/10 violations",
                          "setting": {"reading": "as printed"},
                          "counterexample": {"t": 3, "replay": "regretlab verify --claims 'X.c'"}}]}


def test_a_violated_verdict_becomes_an_entry_with_the_reports_numbers():
    text = section(_payload(), "r/verification.json")
    assert text.startswith(BEGIN.format(source="r/verification.json")) and text.rstrip().endswith(END)
    assert "## X.c reading A — [X2020, Lemma 1]" in text
    assert "(engine, profile quick, seed 0, commit abc1234): 7/10 violations." in text
    assert '{"t": 3}' in text and "`regretlab verify --claims 'X.c'`" in text
    assert "No verdict" in section(_payload("holds"), "r.json") and "## X.c" not in section(_payload("holds"),
                                                                                          "r.json")


def test_rewrite_replaces_only_the_generated_section(tmp_path):
    report = tmp_path / "verification.json"
    report.write_text(json.dumps(_payload()))
    errata = tmp_path / "ERRATA.md"
    errata.write_text(f"# Hand\n\ntext kept\n\n{BEGIN.format(source='old')}\nstale 1093 of 1260\n{END}\n"
                      "tail kept\n")
    assert rewrite(errata, report, check=True) and "stale" in errata.read_text()   # --check writes nothing
    assert rewrite(errata, report)
    text = errata.read_text()
    assert text.startswith("# Hand\n\ntext kept\n\n") and text.endswith(f"{END}\ntail kept\n")
    assert "stale" not in text and "7/10 violations" in text
    assert not rewrite(errata, report)                  # a second run changes nothing
    assert main([str(report), str(errata), "--check"]) == 0


def test_a_file_without_the_markers_is_refused_by_name(tmp_path):
    report = tmp_path / "verification.json"
    report.write_text(json.dumps(_payload()))
    errata = tmp_path / "ERRATA.md"
    errata.write_text("# no markers\n")
    with pytest.raises(ValueError, match="errata_path="):
        rewrite(errata, report)


def test_the_shipped_errata_are_what_the_committed_thorough_report_generates():
    """bounds/ERRATA.md's engine section equals the section generated from the committed thorough report (as
    the file names it; issue 79.3: the quick report's 60 paths were its source before):
    `python -m regretlab.verify.errata <report> bounds/ERRATA.md --check` passes."""
    if not THOROUGH.is_file():
        pytest.skip("needs the checkout's paper_figures/verification/thorough/")
    errata = ROOT / "bounds" / "ERRATA.md"
    text = errata.read_text(encoding="utf-8")
    source = "paper_figures/verification/thorough/verification.json"
    assert BEGIN.format(source=source) in text
    payload = json.loads(THOROUGH.read_text(encoding="utf-8"))
    assert section(payload, source) in text
