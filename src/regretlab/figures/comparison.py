"""``paper_figures/COMPARISON.md``: one row per exported figure or table, the paper beside ours, a verdict.

Rebuilt from the provenance JSON of every exported item each time one is exported, so it always describes
what is in the folder. There is one road to an experimental item's verdict: its claims decided by
``regretlab decide`` (``<root>/decisions/<item>.json``, :mod:`regretlab.decisions.decide`: registered claims
over every reading and setup, sequential looks, Holm's correction), read here and never re-derived. The
figure kinds have no verdict rule (they describe what their export shows, :mod:`regretlab.figures.kinds`).
Without a decision record a row says so, in the one vocabulary of
:data:`regretlab.decisions.verdicts.VOCABULARY`:

* **smoke run: no verdict** — quick mode (one or two repeats);
* **partial runs: no verdict** — a full-mode export of part of the runs, not decided;
* **pending** — full-mode runs whose claims have no decision record yet (the decisions' word for it);
* **qualitative** — a picture, checked by what it shows (e.g. that an expansion happened), or a diagram;
* **reproduced (no runs: its own check)** / **not reproduced** — a formula rendered or a function drawn,
  checked by its renderer's own computation (:mod:`regretlab.figures.illustrations`), not an experiment;
* **substitute** — made on substitute data (catalogue §6);
* **new** — an item none of the papers has (MS-UCB's trade-off, the bounds against runs).
"""

from __future__ import annotations

import json
from pathlib import Path

from regretlab._io import atomic_write_text
from regretlab.decisions.run_checks import flagged_shares
from regretlab.decisions.setups import setup_readings
from regretlab.decisions.verdicts import PENDING
from regretlab.experiments import registry
from regretlab.experiments.spec import display_name

from .decisions import headline
from .kinds import KINDS

__all__ = ["verdict_of", "comparison_rows", "write_comparison", "NOT_APPLICABLE", "NOT_BUILT"]

#: Items of the papers that are not experiments: diagrams and pictures of data (nothing to rerun or decide).
NOT_APPLICABLE = (
    ("Li2016.fig3", "[Li2016, Fig. 3]", "sample faces and non-faces of the VJ data (a picture of data)"),
    ("Kandasamy2015.fig1", "[Kandasamy2015, Fig. 1]", "an illustration of the additive GP model"),
    ("Ha2019.fig1", "[Ha2019, Fig. 1]", "a diagram of the expanded region when the acquisition's argmax "
                                       "is at infinity or on the boundary"),
)
#: Folders of the export root that hold no export: cost calibrations, decisions, run archives, verify's
#: reports.
NOT_EXPORT_FOLDERS = frozenset({"calibration", "decisions", "runs", "verification"})
#: Experimental items with no spec yet, and why.
NOT_BUILT = (
    ("Ha2019.fig4 (CNN panel)", "[Ha2019, §6.3, Fig. 4]",
     "the elastic-net and MLP panels are built (Ha2019.fig4a, Ha2019.fig4b, on scikit-learn's digits). "
     "The CNN (two convolutional layers, TensorFlow's standard architecture, dropout after each pooling "
     "layer) needs a convolutional network trainer: no well-kept CPU library in the dependencies provides "
     "one (torch and tensorflow are not dependencies, scikit-learn has none) and a hand-written one would "
     "not be the paper's TensorFlow network: declared missing"),
)


def _repeat_flag(check: dict | None) -> str:
    """'; ⚠ repeated queries: ...' for the methods :func:`regretlab.decisions.run_checks.repeat_check` flagged
    (their model may be stuck), or ''."""
    shares = flagged_shares(check, display_name)
    return f"; ⚠ repeated queries (median share of a run's): {shares}" if shares else ""


def partial_text(counts: dict) -> str:
    """A partial export's run count in words (``'5-10 of 50 runs per method and problem'``), from its
    provenance's ``partial`` entry (:func:`regretlab.figures.reproduce.partial_counts`)."""
    low, high = counts["runs_per_method_problem"]
    each = f"{low}" if low == high else f"{low}-{high}"
    return f"{each} of {counts['planned_repeats']} runs per method and problem"


def verdict_of(provenance: dict) -> tuple[str, str]:
    """``(verdict, details)`` of one exported item from its provenance alone, before its decision record is
    read (:func:`comparison_rows`): a label for what the export is and, in words, what it shows."""
    has_runs = provenance.get("runs", 1) > 0        # an illustration is the same in both modes
    prefix = "quick mode: " if provenance.get("mode") == "quick" and has_runs else ""
    entry = KINDS.get(provenance.get("kind", ""))
    shows = entry.describe(provenance) if entry is not None and entry.describe is not None else ""
    if provenance.get("substitute"):
        on_it = f"; on it: {shows}" if shows else ""
        return "substitute", prefix + str(provenance["substitute"]) + on_it
    if "verdict" in provenance:     # a rendered item's own check (a formula or a function, no experiment)
        verdict, details = provenance["verdict"]
        return verdict, prefix + details
    if "(new" in str(provenance.get("reference", "")):
        return "new", prefix + "not in the paper; the figure and its data are exported"
    if not has_runs or entry is None or not entry.decided:
        return "qualitative", prefix + (shows or "no stated comparison to test; the figure and its data are "
                                                 "exported")
    return PENDING, prefix + (shows or "the figure and its data are exported")


def _claims_decided_with_source(root: Path, provenance: dict):
    """``(source, claims, the source's verdict)`` for an item drawn from another item's runs
    (``derived_from``: Kandasamy2015's R_T/T rows from the simple-regret items' runs) whose claims on this
    item's statistic are registered and decided with that item (``decisions/<source>.json``, claims whose
    statistic is ``final_<metric>``); None when there are none."""
    source = provenance.get("derived_from")
    record_path = root / "decisions" / f"{source}.json"
    if not source or not record_path.is_file():
        return None

    try:
        metric = registry.get(provenance["spec"]).metric
    except ValueError:                    # a spec this version does not know: no claims to point to
        return None
    record = json.loads(record_path.read_text(encoding="utf-8"))
    claims = [c for c in record["claims"] if c["statistic"] == f"final_{metric}"]
    verdict = record["verdict"]
    readings = setup_readings(source, root)
    if readings:   # the source's verdict over every setup, as its own row shows it
        verdict = headline(record, readings)
    return (source, claims, verdict) if claims else None


def _counts_text(counts: dict) -> str:
    """'confirmed 3, refuted 1, reading-dependent 2, undecided 4' (a record from before readings has no
    reading-dependent count)."""
    return ", ".join(f"{k} {counts[k]}" for k in ("confirmed", "refuted", "reading-dependent", "undecided",
                                                  "pending", "underpowered", "not testable") if counts.get(k))


def comparison_rows(root) -> list[tuple[str, str, str, str, str, str]]:
    """One row per exported item under ``root``: (spec key, where in the paper, mode, verdict, details,
    ``<paper>/<item>``), as ``COMPARISON.md``, the report site and the notebooks show them (one source)."""
    root = Path(root)
    rows = []
    for path in sorted(root.glob("*/*.json")):
        try:
            provenance = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        # an export's provenance names its spec and its kind; the calibrations beside the exports name a spec
        # too, and each became a row (with the counts) until 2026-11-26
        if path.parent.name in NOT_EXPORT_FOLDERS or "spec" not in provenance or "kind" not in provenance:
            continue
        rows.append(item_row(root, path, provenance))
    return rows


def item_row(root, path, provenance: dict) -> tuple[str, str, str, str, str, str]:
    """The row of one exported item (its provenance ``path``, read as ``provenance``): see
    :func:`comparison_rows`."""
    root, path = Path(root), Path(path)
    verdict, details = verdict_of(provenance)
    mode = provenance.get("mode", "") if provenance.get("runs", 1) else "— (no runs)"
    if provenance.get("partial"):
        mode = f"{mode} (partial: {partial_text(provenance['partial'])})"
    decided = root / "decisions" / f"{provenance['spec']}.json"
    if decided.is_file():
        record = json.loads(decided.read_text(encoding="utf-8"))
        counts_ = record["counts"]
        nl = record.get("next_look")
        next_text = (f"; next look n = {nl['look']} per method: {nl['runs']} runs, "
                     f"~{nl['core_hours']:.2f} core-h ({nl['how']})" if nl else "")
        if any(record["runs"].values()):   # (method, problem) with no run yet are listed as 0
            verdict = record["verdict"]
            on = "on substitute data, " if provenance.get("substitute") else ""   # labelled, as decided
            details = (f"{on}decided from full-mode runs (`regretlab decide`): claims "
                       + _counts_text(counts_) + "; "
                       f"runs per method and problem {sorted(set(record['runs'].values()))}"
                       f"{next_text}{_repeat_flag(record.get('repeat_check'))}"
                       + (f"; diagnosis (measured): {'; '.join(record['diagnosis'])}"
                          if record.get("diagnosis") and verdict == "not reproduced" else "")
                       + "; see DECISIONS.md")
            mode = f"{mode} export; decided on full-mode runs"
            readings = setup_readings(provenance["spec"], root)
            if readings:   # the verdict over every setup; the paper setup's stays in the details
                details += ("; setup readings: " + "; ".join(
                    f"'{x['setup']}' ({x['key']}): "
                    + (x["record"]["verdict"] if x["record"] else "pending" + (
                        ", registration committed" if x["registered"] else ", pilot to come"))
                    for x in readings) + f"; the paper setup: {verdict}")
                verdict = headline(record, readings)
        else:
            verdict = "smoke run: no verdict" if provenance.get("mode") == "quick" else record["verdict"]
            details = (f"{len(record['claims'])} claims registered (DECISIONS.md), no full-mode run "
                       f"yet{next_text}; the export: " + details.removeprefix("quick mode: "))
    elif verdict not in ("new", "qualitative") and (
            decided_with := _claims_decided_with_source(root, provenance)) is not None:
        source, claims, source_verdict = decided_with
        counts_ = {d: sum(c["decision"] == d for c in claims) for d in ("confirmed", "refuted",
                                                                           "undecided")}
        verdict = f"{source_verdict}, with its source"
        details = (f"this statistic's readings ({', '.join(c['key'] for c in claims)}) are decided with "
                   f"{source} on the same runs, each a reading of a claim decided over all its readings "
                   f"there (`regretlab decide`): these readings confirmed {counts_['confirmed']}, "
                   f"refuted {counts_['refuted']}, undecided {counts_['undecided']}; see DECISIONS.md; "
                   "the export: " + details.removeprefix("quick mode: "))
    elif provenance.get("mode") == "quick" and provenance.get("runs", 1) and verdict not in (
            "new", "qualitative"):
        verdict = "smoke run: no verdict"
        details = details.removeprefix("quick mode: ")
    elif provenance.get("partial") and verdict not in ("new", "qualitative"):
        verdict = "partial runs: no verdict"      # only `decide`'s decisions are verdicts
    elif not provenance.get("runs", 1) and verdict == "reproduced":
        # a formula rendered or a function drawn, checked by its own computation: not an experiment
        # reproduced, and not counted with them
        verdict = "reproduced (no runs: its own check)"
    elif verdict == PENDING:
        details = "no decision record yet (`regretlab decide`); the export shows: " + details
    return (provenance["spec"], provenance.get("reference", ""), mode, verdict, details,
            f"{path.parent.name}/{path.stem}")


def write_comparison(root) -> Path:
    """Rebuild ``<root>/COMPARISON.md`` from every ``<root>/<paper>/<item>.json`` (an export's provenance:
    it names a spec and a kind; the folders of :data:`NOT_EXPORT_FOLDERS` are not read)."""
    root = Path(root)
    rows = comparison_rows(root)
    counts = {}
    for row in rows:
        counts[row[3]] = counts.get(row[3], 0) + 1
    lines = ["# Paper vs regretlab", "",
             "One row per exported figure or table (rebuilt at every export from the items' provenance). "
             "An experimental item's verdict (reproduced / partly / reading-dependent / not reproduced / "
             "undecided) comes only from its claims decided on full-mode runs at the paper's T and D by "
             "`regretlab decide`, each claim over every reading its words allow: *not reproduced* only "
             "through a claim refuted under every reading, *reading-dependent* where one reading confirms "
             "what another refutes "
             "(claims quoted, statistics, n, effects with intervals, adjusted p: "
             "[DECISIONS.md](DECISIONS.md)). "
             "No figure has a verdict rule of its own: without a decision record a row says what its "
             "export shows, as description only ('pending': no decision record yet). "
             "Quick-mode items are smoke runs and get no verdict; a partial export (mode 'full (partial: "
             "…)') is drawn at the paper's "
             "T and D from the runs a sequential decision has made so far, fewer repeats than the paper's. "
             "An item drawn from another item's runs on another statistic (Kandasamy2015's R_T/T rows) "
             "takes its verdict from its own claims, decided with that item ('…, with its source'). "
             "Items with no runs (a formula rendered, a function drawn): qualitative / 'reproduced (no runs: "
             "its own check)'; "
             "substitute and new items as labelled; see `regretlab.figures.comparison`.", "",
             "Counts: " + (", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "none yet"), "",
             "| item | where in the paper | mode | verdict | details | files |", "|---|---|---|---|---|---|"]
    lines += [f"| {a} | {b} | {c} | **{d}** | {e} | `{f}.*` |" for a, b, c, d, e, f in rows]
    lines += ["", "Not experiments (nothing to rerun or decide):", ""]
    lines += [f"- {key} {where}: {what}." for key, where, what in NOT_APPLICABLE]
    lines += ["", "Experimental items not built yet:", ""]
    lines += [f"- {key} {where}: {what}." for key, where, what in NOT_BUILT]
    return atomic_write_text(root / "COMPARISON.md", "\n".join(lines) + "\n")
