"""``paper_figures/DECISIONS.png`` (and ``.pdf``, with its data in ``DECISIONS.csv``): every decided item at
a glance, drawn from ``decisions/*.json`` (:mod:`regretlab.figures.decisions`).

Left: the item's claims by decision (confirmed / refuted / undecided), beside the bar its verdict over every
setup (the one DECISIONS.md heads the item with) and, where that differs, its paper setup's. Right:
each of its comparisons as one dot at its probability of improvement P(A > B) (the claimed-better method's
run beats the other's; 0.5: no difference), coloured by the comparison's decision, its marker the claim's
kind (:data:`KIND_MARKERS`). P(A > B) has no unit, so claims on simple regret, seconds or accuracy share one
axis; effects in their own units, with intervals and adjusted p, are in ``DECISIONS.md``.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg", force=False)
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from regretlab._io import EXPORT_ROOT, atomic_savefig, atomic_write_text  # noqa: E402
from regretlab.decisions.setups import over_setups, setup_readings
from regretlab.figures.decisions import read_records  # noqa: E402
from regretlab.figures.export import _csv_text  # noqa: E402
from regretlab.figures.plots import DOUBLE_COLUMN, style  # noqa: E402

__all__ = ["DECISION_COLOURS", "KIND_MARKERS", "overview_rows", "verdict_label", "write_decisions_overview"]

#: One colour per decision, from the Okabe–Ito palette (distinct under the common colour-vision deficiencies).
DECISION_COLOURS = {"confirmed": "#009E73", "refuted": "#D55E00", "undecided": "#999999"}
#: A claim's verdict over its readings adds colours: reading-dependent (Okabe–Ito's orange), not testable
#: (its sky blue), underpowered (its reddish purple: beyond the paper's power) and pending (a light grey:
#: not yet run), beside undecided's grey (looks left).
CLAIM_COLOURS = {"confirmed": "#009E73", "refuted": "#D55E00", "reading-dependent": "#E69F00",
                 "undecided": "#999999", "underpowered": "#CC79A7", "pending": "#DDDDDD",
                 "not testable": "#56B4E9"}

#: A marker per family of claim kinds: a direction (A beats B, an order, a trend), an equivalence (similar,
#: no worse: P(A > B) near 0.5 is what confirms it) and a ratio (tested on the size of a time ratio, so
#: P(A > B) near 1 may still refute it).
KIND_MARKERS = {"direction": "o", "equivalence": "D", "ratio": "^"}
_FAMILY = {"similar": "equivalence", "no_worse": "equivalence", "ratio": "ratio"}

#: The columns of ``DECISIONS.csv``: one row per comparison.
HEADER = ("item", "verdict", "claim", "kind", "claim_decision", "method", "other", "problem", "decision",
          "n_method", "n_other", "p_improvement", "effect", "effect_low", "effect_high")


def overview_rows(records) -> list[tuple]:
    """One row per comparison of every record (in :data:`HEADER`'s order); a comparison without an effect
    (no runs yet) has empty effect cells."""
    rows = []
    for r in records:
        for c in r["claims"]:
            for x in c["comparisons"]:
                e = x.get("effect") or {}
                n = list(x.get("n") or []) + [None, None]
                rows.append((r["item"], r["verdict"], c["key"], c["kind"], c["decision"], x["method"],
                             x["other"], x["problem"], x["decision"], n[0], n[1], e.get("p_improvement"),
                             e.get("shift"), e.get("low"), e.get("high")))
    return rows


def verdict_label(record: dict, export_root=EXPORT_ROOT) -> str:
    """The verdict written beside an item's bar: over every setup, with the paper setup's in brackets when it
    differs (e.g. "undecided (paper setup: reading-dependent)"), as DECISIONS.md heads the item."""

    readings = setup_readings(record["item"], export_root)
    overall = over_setups(record, readings) if readings else record["verdict"]
    return overall if overall == record["verdict"] else f"{overall} (paper setup: {record['verdict']})"


def _draw(records, export_root=EXPORT_ROOT):
    items = [r["item"] for r in records]
    height = 0.9 + 0.2 * max(len(items), 1)
    fig, (bars, dots) = plt.subplots(1, 2, figsize=(DOUBLE_COLUMN, height), sharey=True,
                                     gridspec_kw={"width_ratios": (1.5, 1.0), "wspace": 0.04})
    y = np.arange(len(items))[::-1]            # the first item on top
    jitter = np.random.default_rng(0)          # a fixed seed: the picture is the same at every rebuild
    for row, r in zip(y, records, strict=True):
        left = 0
        for decision, colour in CLAIM_COLOURS.items():
            count = r["counts"].get(decision, 0)
            if count:
                bars.barh(row, count, left=left, color=colour, height=0.7)
            left += count
        bars.text(left + 0.5, row, verdict_label(r, export_root), va="center", fontsize=6, color="0.25")
        for c in r["claims"]:
            for x in c["comparisons"]:
                effect = x.get("effect")
                if effect is None or effect.get("p_improvement") is None:
                    continue
                marker = KIND_MARKERS[_FAMILY.get(c["kind"], "direction")]
                dots.plot(effect["p_improvement"], row + jitter.uniform(-0.28, 0.28), marker, ms=2.2,
                          color=DECISION_COLOURS[x["decision"]], alpha=0.75, mec="none")
    bars.set_yticks(y, items)
    bars.set_xlabel("claims")
    bars.set_ylabel("item")
    bars.grid(axis="y", visible=False)
    # room for the longest verdict beside the longest bar ("not reproduced (paper setup: ...)")
    bars.set_xlim(0, max([sum(r["counts"].values()) for r in records] + [1]) * 2.9)
    dots.axvline(0.5, color="0.4", lw=0.6, ls="--")
    dots.set_xlim(-0.03, 1.03)
    dots.set_xlabel("P(A > B): the chance that a run of the method a claim\nsays is better (A) beats a "
                    "run of the other (B); 0.5: no difference", fontsize=6.5)
    bars.set_title("Each item's claims by decision (verdict over every setup)", fontsize=7)
    dots.set_title("Each comparison behind them", fontsize=7)
    dots.grid(axis="y", visible=False)
    handles = [plt.Line2D([], [], color=c, marker="s", ls="none", ms=5, label=d)
               for d, c in CLAIM_COLOURS.items()]
    handles += [plt.Line2D([], [], color="0.3", marker=m, ls="none", ms=4, label=f"{family} claim")
                for family, m in KIND_MARKERS.items()]
    fig.legend(handles=handles, loc="upper center", ncol=5, bbox_to_anchor=(0.5, 1.0), columnspacing=1.0)
    fig.subplots_adjust(top=1.0 - 0.72 / height)   # two legend rows above the panels' titles
    return fig


def write_decisions_overview(export_root=EXPORT_ROOT) -> list[Path]:
    """Draw ``DECISIONS.png`` / ``.pdf`` and write ``DECISIONS.csv`` from every ``decisions/*.json`` under
    ``export_root``; nothing is written when there is no record. Returns the paths written."""
    records = read_records(export_root)
    if not records:
        return []
    root = Path(export_root)
    with style():
        fig = _draw(records, export_root)
        try:
            # a PDF without its creation date: the same records give the same bytes (MANIFEST.json's sums)
            paths = [atomic_savefig(fig, root / "DECISIONS.pdf", metadata={"CreationDate": None}),
                     atomic_savefig(fig, root / "DECISIONS.png", dpi=200)]
        finally:
            plt.close(fig)
    paths.append(atomic_write_text(root / "DECISIONS.csv", _csv_text(HEADER, overview_rows(records))))
    return paths
