"""The decisions overview (regretlab.figures.decision_overview): DECISIONS.png / .pdf and DECISIONS.csv drawn
from the decision records, on constructed runs with a known answer."""

import csv
from types import SimpleNamespace

import numpy as np
import pytest

from regretlab.decisions.claims import Claim
from regretlab.decisions.decide import decide_item
from regretlab.figures.decision_overview import HEADER, overview_rows, write_decisions_overview
from regretlab.figures.decisions import write_decision, write_decisions_md


def _decided(tmp_path):
    """Item X.y: A's final values 10 above B's on problem p, 10 unpaired runs each (one look at 10), and two
    claims: 'A better than B' (confirmed) and 'B better than A' (refuted)."""
    spec = SimpleNamespace(key="X.y", modes={"full": SimpleNamespace(repeats=10)}, protocol="domain",
                           paired=False, methods=("A", "B"), problems_of=lambda mode: ("p",))
    results = {}
    for r in range(10):
        for method, level in (("A", 10.0), ("B", 0.0)):
            results[(method, "p", r)] = {"f": np.array([level - 5.0, level + 0.1 * r]),
                                         "meta": {"optimum_value": 20.0}}
    claims = [Claim("X.y.c1", "X.y", "better", "q1", "[X, §1]", "A", ("B",), ("p",), "final_best_f"),
              Claim("X.y.c2", "X.y", "better", "q2", "[X, §1]", "B", ("A",), ("p",), "final_best_f")]
    decision = decide_item(spec, claims, results, looks=(10,))
    write_decision(decision, "X.y", tmp_path)
    return decision


def test_the_overview_draws_every_record_and_writes_one_csv_row_per_comparison(tmp_path):
    """With one decided item of two claims: PNG and PDF are written (non-empty), DECISIONS.csv has the
    header and one row per comparison with its decision and P(A > B) (1 for the confirmed claim, 0 for the
    refuted one), and DECISIONS.md links the picture once it exists (not before). Drawn twice from the same
    records, the PDF's bytes are the same (no creation date) and so are the CSV's. An export folder without
    records gets nothing."""
    decision = _decided(tmp_path)
    assert [c.decision for c in decision.claims] == ["confirmed", "refuted"]
    assert "DECISIONS.png" not in (tmp_path / "DECISIONS.md").read_text()
    paths = write_decisions_overview(tmp_path)
    assert [p.name for p in paths] == ["DECISIONS.pdf", "DECISIONS.png", "DECISIONS.csv"]
    assert all(p.stat().st_size > 1000 for p in paths[:2])
    with open(tmp_path / "DECISIONS.csv", newline="") as handle:
        rows = list(csv.reader(handle))
    assert tuple(rows[0]) == HEADER and len(rows) == 3
    by_claim = {row[2]: dict(zip(HEADER, row, strict=True)) for row in rows[1:]}
    assert by_claim["X.y.c1"]["decision"] == "confirmed" and float(by_claim["X.y.c1"]["p_improvement"]) == 1.0
    assert by_claim["X.y.c2"]["decision"] == "refuted" and float(by_claim["X.y.c2"]["p_improvement"]) == 0.0
    assert by_claim["X.y.c1"]["n_method"] == "10" and by_claim["X.y.c1"]["verdict"] == "not reproduced"
    pdf, text = (tmp_path / "DECISIONS.pdf").read_bytes(), (tmp_path / "DECISIONS.csv").read_text()
    write_decisions_overview(tmp_path)
    assert (tmp_path / "DECISIONS.pdf").read_bytes() == pdf
    assert (tmp_path / "DECISIONS.csv").read_text() == text
    write_decisions_md(tmp_path)
    assert "](DECISIONS.png)" in (tmp_path / "DECISIONS.md").read_text()
    assert write_decisions_overview(tmp_path / "empty") == []
    assert overview_rows([]) == []


def test_the_label_beside_a_bar_is_the_verdict_over_every_setup():
    """The bar's label is the verdict DECISIONS.md heads the item with: an item whose paper setup and setup
    reading differ reads the verdict over every setup with the paper setup's in brackets (Kandasamy2015
    Fig. 4 D = 96: not reproduced under the paper setup, reading-dependent under 'code'; Li2016 Table 5
    read "pending (paper setup: undecided)" until its 'code' pilot was decided); one whose two setups agree
    reads their verdict alone (Kandasamy2015 Fig. 3 D = 40, reading-dependent under both; Li2016 Table 5,
    undecided under both since its 'code' pilot); an item without setup readings keeps its own verdict. (The
    pending-over-setups rule itself: :func:`regretlab.decisions.verdicts.setup_verdict`'s doctest.)"""
    from pathlib import Path

    from regretlab.figures.decision_overview import verdict_label
    from regretlab.figures.decisions import read_records

    root = Path(__file__).resolve().parents[2] / "paper_figures"
    if not (root / "decisions" / "Kandasamy2015.fig3_D40_simple_code.json").is_file():
        pytest.skip("needs the checkout's paper_figures/")
    records = {r["item"]: r for r in read_records(root)}
    table5 = records["Li2016.table5"]
    assert verdict_label(table5, root) == table5["verdict"] == "undecided"
    d96 = records["Kandasamy2015.fig4_D96_simple"]
    assert d96["verdict"] == "not reproduced"
    assert verdict_label(d96, root) == "undecided (paper setup: not reproduced)"
    d40 = records["Kandasamy2015.fig3_D40_simple"]
    assert verdict_label(d40, root) == d40["verdict"] == "reading-dependent"
    assert verdict_label(records["Ha2019.fig3"], root) == records["Ha2019.fig3"]["verdict"]


def test_the_overview_is_fit_to_print_and_names_a_and_b(tmp_path):
    """DECISIONS.png passes the exported figures' fit-to-print check (no overlaps, labelled axes, no internal
    names) and its caption lines say what A and B are (the method a claim says is better, and the other)
    and carry a title per panel."""
    import matplotlib.pyplot as plt

    from regretlab.figures.decision_overview import _draw
    from regretlab.figures.decisions import read_records

    from .test_figures_fit_to_print import check_fit_to_print

    _decided(tmp_path)
    fig = _draw(read_records(tmp_path), export_root=tmp_path)
    try:
        assert check_fit_to_print(fig, stamped=False) == []
        words = " ".join(ax.get_xlabel() for ax in fig.axes) + " ".join(t.get_text() for t in fig.texts)
        assert "(A)" in words and "(B)" in words
        assert all(ax.get_title() for ax in fig.axes)
    finally:
        plt.close(fig)
