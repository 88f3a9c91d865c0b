"""`regretlab verify`: the table, the report files (markdown, JSON, a figure per regret claim), exit codes."""

import json

from regretlab.cli import main


def test_verify_writes_report_json_and_figures(tmp_path, capsys):
    out = tmp_path / "rep"
    status = main(["verify", "--profile", "smoke", "--claims", "SRINIVAS.C1:regret,UBO.[dp]*", "--out",
                   str(out), "--quiet"])
    printed = capsys.readouterr().out
    assert status == 0
    assert "SRINIVAS.C1:regret" in printed and "Report:" in printed
    data = json.loads((out / "verification.json").read_text())
    assert {v["claim"] for v in data["verdicts"]} == {"SRINIVAS.C1:regret", "UBO.d_eps:thm41",
                                                     "UBO.prop41_limit"}
    assert data["not_checked"] and data["ok"] is True
    assert "commit" in data    # the checkout the report was made from (None outside a git checkout)
    assert (out / "figures" / "SRINIVAS.C1_regret_A.png").stat().st_size > 1000
    md = (out / "verification.md").read_text()
    assert "## Not checked" in md and "SRINIVAS.C1_regret_A.png" in md


def test_verify_unknown_claims_is_exit_2(tmp_path, capsys):
    assert main(["verify", "--profile", "smoke", "--claims", "NOPE*", "--out", str(tmp_path)]) == 2
    assert "matches no registered claim" in capsys.readouterr().err


def test_verify_with_an_empty_claims_pattern_is_exit_2(tmp_path, capsys):
    """`--claims ''` selected nothing and used to exit 0 with an empty report: now an error naming it."""
    assert main(["verify", "--profile", "smoke", "--claims", "", "--out", str(tmp_path / "r")]) == 2
    assert "claims='' selects nothing" in capsys.readouterr().err
    assert not (tmp_path / "r" / "verification.json").exists()


def test_claim_patterns_and_the_profile_ignore_case(tmp_path, capsys):
    """`--claims 'ubo.prop41*' --profile SMOKE` selects UBO.prop41_limit in the smoke profile, as spec and
    formula ids ignore case."""
    out = tmp_path / "r"
    argv = ["verify", "--profile", "SMOKE", "--claims", "ubo.prop41*", "--out", str(out), "--quiet"]
    assert main(argv) == 0
    data = json.loads((out / "verification.json").read_text())
    assert [v["claim"] for v in data["verdicts"]] == ["UBO.prop41_limit"] and data["profile"] == "smoke"
