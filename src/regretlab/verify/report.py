"""The verification report: a table on the terminal, ``verification.md``, ``verification.json`` and, per
regret-bound claim, a figure of the empirical R_T across sample paths (median and worst) against the bound.

Every file is written atomically (a temporary file in the same folder, then :func:`os.replace`), so a killed
run never leaves a half-written report.
"""

from __future__ import annotations

import json
import math
import os
import platform
import re
import shutil
from collections import Counter
from pathlib import Path

import numpy as np
import scipy

from regretlab._io import (
    atomic_savefig,
    atomic_write_bytes,
    blas_kernels,
    blas_threads,
    cpu_model,
    git_commit,
    utc_now,
)
from regretlab._validate import check_count

from .engine import Report
from .verdict import (
    K_INTERVAL,
    K_RESAMPLES,
    OPEN_MAJORITY,
    OUTCOMES,
    SENSITIVITY_LADDER,
    WEAK_ABOVE,
    Verdict,
    horizon_span,
    k_interval_text,
)

__all__ = ["table", "write_report", "errata_entry", "sensitivity_text", "k_cell", "bites_cell",
           "fails_from_cell", "provenance_markdown", "environment"]


def _fmt(x: float) -> str:
    return "-" if x is None or not math.isfinite(x) else f"{x:.3g}"


def _distinct_notes(report: Report) -> dict[tuple[str, str], str]:
    """(claim, reading) -> its reading's note without the words it shares at the start with the claim's other
    readings' notes ('as printed in Thm 4.1 ...' and 'as printed at the start of the proof ...' become
    '… in Thm 4.1 ...' and '… at the start of the proof ...'), so that a table cut to a few characters still
    tells the readings apart."""
    notes: dict[str, dict[str, str]] = {}
    for v in report.verdicts:
        if v.setting.get("reading"):
            notes.setdefault(v.claim, {})[v.reading] = str(v.setting["reading"])
    out = {}
    for claim, by_reading in notes.items():
        words = [note.split(" ") for note in by_reading.values()]
        shared = 0
        while len(words) > 1 and all(len(w) > shared for w in words) and len({w[shared] for w in words}) == 1:
            shared += 1
        for reading, note in by_reading.items():
            out[(claim, reading)] = ("… " if shared else "") + " ".join(note.split(" ")[shared:])
    return out


def _rows(report: Report) -> list[list[str]]:
    refs = {c.id: c.reference for c in report.claims}
    distinct = _distinct_notes(report)

    def reading(v):  # the letter, and what it is where the claim says so (printed, or the project's own)
        note = distinct.get((v.claim, v.reading))
        return f"{v.reading} ({note})" if note else v.reading

    return [[v.claim, refs.get(v.claim, ""), reading(v), v.outcome + (" (weak)" if v.weak else ""),
             sensitivity_text(v), bites_cell(v.power), fails_from_cell(v.power), v.statistic,
             f"{_fmt(v.slack_worst)} / {_fmt(v.slack_median)}", f"{v.seconds:.1f}"] for v in report.verdicts]


_HEADER = ["claim", "reference", "reading", "verdict", "k", "bites", "fails from T", "statistic",
           "slack worst / median", "s"]


def sensitivity_text(verdict: Verdict) -> str:
    """The verdict's sensitivity k for the table: the smallest factor of the ladder by which a bound too small
    is caught (e.g. "1.5"), ">10" when no rung is, "-" when the check measures none (a violated or certain
    verdict, an error); followed by its bootstrap interval over the trials where that is wider than one rung
    (e.g. "2 [1.5–3]"). :func:`k_cell` on the verdict's outcome and power audit."""
    return k_cell(verdict.outcome, verdict.power)


def k_cell(outcome: str, power: dict) -> str:
    """:func:`sensitivity_text` from a verdict's ``outcome`` and ``power`` (also as read back from a
    ``verification.json``, for the site)."""
    if "sensitivity_k" not in power or outcome in ("violated", "certain", "error"):
        return "-"   # a violated bound needs no smaller one to be caught
    k = power["sensitivity_k"]
    top = max(float(x) for x in power["sensitivity_ladder"])
    text = f">{top:g}" if k is None else f"{k:g}"
    interval = power.get("sensitivity_interval")
    if interval is None or k_interval_text(interval, top) == text:
        return text
    return f"{text} [{k_interval_text(interval, top)}]"


def bites_cell(power: dict) -> str:
    """The trials on which the check could fail (the bound below what a query rule reaches at some checked
    T, or the implication's premise met), e.g. "58/60", from a verdict's ``power`` (also as read back from a
    ``verification.json``); "-" for a check without a power audit."""
    if "vacuous_trials" not in power or not power.get("trials"):
        return "-"
    return f"{power['trials'] - power['vacuous_trials']}/{power['trials']}"


def fails_from_cell(power: dict) -> str:
    """The T from which the check could first come out violated, followed far beyond the checked T
    (:func:`regretlab.verify.verdict.bite_summary`; at the two ends of the constants' brackets), e.g.
    "1126-2154", "never"; "-" where the claim is not followed beyond its T."""
    beyond = power.get("beyond")
    if not beyond:
        return "-"
    return horizon_span(beyond["could_fail_T"])


def table(report: Report, width: int | None = None) -> str:
    """The verdicts as a plain-text table (what ``regretlab verify`` prints), every line at most ``width``
    characters (default: the terminal's, at least 60; 100 when it is not a terminal) where the claim ids
    allow: the claim, the verdict and k are never cut; the statistic and the reading give up
    characters first (to 40 and 12), then the reference (at most 28; left out at 0), then the statistic and
    the reading again (to 15 and 6), then the seconds, the slack, "fails from T" and "bites" are left out;
    a cut cell ends in "…" (the report has every cell)."""
    if width is None:
        width = max(60, shutil.get_terminal_size((100, 24)).columns)
    width = check_count("width", width, low=60)
    rows = [_HEADER] + _rows(report)
    widths = [max(len(r[i]) for r in rows) for i in range(len(_HEADER))]
    widths[1], widths[2] = min(widths[1], 28), min(widths[2], 24)
    # narrower until it fits, in stages (each takes a character from its widest column above its floor):
    # the statistic to 40 and the reading to 12, then the reference (left out at 0: the report has it),
    # then the statistic to 15 and the reading to 6, then the seconds, the slack, "fails from T" and "bites";
    # the claim's id, the verdict and k are never cut
    for floors in ({7: 40, 2: 12}, {1: 0}, {7: 15, 2: 6}, {9: 0}, {8: 0}, {6: 0}, {5: 0}):
        while sum(w + 2 for w in widths if w) - 2 > width:
            shrinkable = [i for i in floors if widths[i] > floors[i]]
            if not shrinkable:
                break
            widest = max(shrinkable, key=lambda i: (widths[i] - floors[i], -i))
            widths[widest] -= 1
    rows = [[c for c, w in zip(row, widths, strict=True) if w] for row in rows]
    widths = [w for w in widths if w]

    def cut(text: str, w: int) -> str:
        return text if len(text) <= w else text[:w - 1] + "…"

    lines = []
    for k, row in enumerate(rows):
        cells = [cut(c, w) for c, w in zip(row, widths, strict=True)]
        lines.append("  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip())
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def outcome_counts(report: Report) -> str:
    """The verdicts by outcome in words, e.g. "20 holds, 3 violated, 10 inconclusive, 2 vacuous, 3 certain by
    construction" (what the terminal prints after the table and the report's first paragraph says)."""
    counts = {o: sum(v.outcome == o for v in report.verdicts) for o in (*OUTCOMES, "error")}
    weak = sum(v.outcome == "holds" and v.weak for v in report.verdicts)

    def words(o, n):
        extra = {"certain": " by construction", "holds": f" ({weak} weak)" if weak else ""}.get(o, "")
        return f"{n} {o}{extra}"

    shown = ("holds", "violated", "inconclusive")
    return ", ".join(words(o, n) for o, n in counts.items() if n or o in shown)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text)


def errata_entry(verdict: Verdict, claim) -> str:
    """An ``ERRATA.md`` entry for a violated verdict (claim, location, statistic, command)."""
    cx = verdict.counterexample or {}
    replay = cx.get("replay", f"regretlab verify --claims '{verdict.claim}'")
    detail = {k: v for k, v in cx.items() if k != "replay"}
    return (f"## {verdict.claim} reading {verdict.reading} — {claim.reference}\n"
            f"- **Claim**: {claim.event}.\n"
            f"- **Found by** `regretlab verify` (this entry was produced by the engine): "
            f"{verdict.statistic}.\n"
            f"- **Counterexample**: {json.dumps(detail, default=float)}\n"
            f"- **Reproduce**: `{replay}`\n")


def _figure(verdict: Verdict, claim, path: Path) -> None:
    import matplotlib  # lazy: the Agg backend is chosen before pyplot is first imported

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt  # lazy: after the backend, as above

    s = verdict.series
    T = np.asarray(s["T"], dtype=float)
    R = np.atleast_2d(np.asarray(s["empirical"], dtype=float))
    bound = np.atleast_2d(np.asarray(s["bound"], dtype=float))
    if "beyond" in s:
        fig, (ax, far_ax) = plt.subplots(1, 2, figsize=(10.0, 3.6), constrained_layout=True)
        _horizon_panel(far_ax, s["beyond"], verdict.power.get("beyond") or {}, checked=float(T[-1]))
    else:
        fig, ax = plt.subplots(figsize=(5.5, 3.6), constrained_layout=True)
    positive = np.where(R > 0, R, np.nan)
    what = s.get("label", "R_T")
    ax.plot(T, np.nanmedian(positive, axis=0), color="C0", label=f"empirical {what}, median path")
    ax.plot(T, np.nanmax(positive, axis=0), color="C0", ls="--", label=f"empirical {what}, worst path")
    ax.plot(T, np.median(bound, axis=0), color="C3", label="bound (median over paths)")
    if "bound_low" in s:
        ax.plot(T, np.atleast_2d(s["bound_low"]).min(axis=0), color="C3", ls=":", label="bound, strictest")
    ax.set_yscale("log")
    ax.set_xlabel("T")
    ax.set_ylabel(s.get("ylabel", "R_T"))
    ax.set_title(f"{verdict.claim} [{verdict.reading}]: {verdict.outcome}", fontsize=9)
    ax.legend(fontsize=7)
    fig.text(0.01, 0.005, f"{claim.reference}; {verdict.trials} sample paths", fontsize=6)
    try:
        atomic_savefig(fig, path, dpi=120)
    finally:
        plt.close(fig)


def _horizon_panel(ax, beyond: dict, summary: dict, *, checked: float) -> None:
    """Where the bound starts to bite: the bound divided by what any query rule reaches (the ceiling, e.g.
    T (f* - min f)) against T, at both ends of the constants' brackets (median over trials, and 10-90 % of
    the trials at the upper end); below 1 a run could break it. The checked T and the T from which the check
    could first fail are marked."""
    T = np.asarray(beyond["T"], dtype=float)
    ceiling = np.atleast_2d(np.asarray(beyond["ceiling"], dtype=float))
    for end, style in (("low", ":"), ("high", "-")):
        ratio = np.broadcast_to(np.asarray(beyond[end], dtype=float), ceiling.shape) / ceiling
        ax.plot(T, np.median(ratio, axis=0), color="C3", ls=style,
                label=f"γ-bracket {'lower' if end == 'low' else 'upper'} end (median)")
        if end == "high":
            ax.fill_between(T, np.quantile(ratio, 0.1, axis=0), np.quantile(ratio, 0.9, axis=0), color="C3",
                            alpha=0.15, lw=0, label="upper end, 10-90 % of trials")
    ax.axhline(1.0, color="C0", lw=1.0, label="= what any query rule reaches")
    ax.axvline(checked, color="0.4", ls="--", lw=0.8, label=f"checked T = {checked:g}")
    fails = [t for t in summary.get("could_fail_T", []) if t is not None]
    if fails:
        ax.axvspan(min(fails), max(fails) * 1.02, color="C2", alpha=0.2, lw=0,
                   label="the check could first fail")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("T")
    ax.set_ylabel("bound / ceiling")
    ax.set_title("where the bound starts to bite (below 1)", fontsize=9)
    ax.legend(fontsize=6)


def _resumed(report: Report) -> str:
    if not report.resumed:
        return ""
    return (f" (resumed: {len(report.resumed)} group(s) of claims came from the checkpoint of an interrupted "
            "run of the same code, profile and seed; the time counts this run only, each claim's own time is "
            "in its verdict)")


def _horizon_section(report: Report) -> list[str]:
    """The verdicts followed beyond their checked T as one table: where each bound starts to bite (issue 79's
    table, computed by the engine), at the two ends of its constants' brackets."""
    rows = [v for v in report.verdicts if v.power.get("beyond")]
    if not rows:
        return []

    out = ["", "## Where each bound starts to bite", "",
           "Each regret bound followed from T = 1 to 1e6 with its constants at the two ends of their "
           "brackets (γ_T's, or σ's for a per-step bound), against what any query rule reaches; no runs "
           "beyond the checked T. *Median*: the median over all trials of the first T at which the bound is "
           "below that ceiling (a trial where it never is counts as infinitely late); *fails from T*: the T "
           "by which enough trials are open for the check to come out violated.", "",
           "| claim | reading | checked T | verdict | median first T | never on | fails from T | "
           "held fixed |",
           "|---|---|---|---|---|---|---|---|"]
    for v in rows:
        beyond = v.power["beyond"]
        checked = v.power.get("checked_T") or v.setting.get("T") or "-"
        never = "-".join(dict.fromkeys(str(n) for n in beyond["never"])) + f" of {v.trials}"
        checked = checked if isinstance(checked, str) else f"{checked:g}"
        verdict = v.outcome + (" (weak)" if v.weak else "")
        out.append(f"| {v.claim} | {v.reading} | {checked} | {verdict} | "
                   f"{horizon_span(beyond['bites_median'])} | {never} | "
                   f"{horizon_span(beyond['could_fail_T'])} | {beyond.get('note', '-')} |")
    followed = {v.claim for v in rows}
    within = sorted({v.claim for v in report.verdicts if v.claim not in followed and v.outcome != "certain"})
    if within:
        out += ["", "Not followed beyond their checked T: " + ", ".join(within) + ". A confidence statement "
                "(a width at every t or point against the path's own deviation) or a constant's bound has no "
                "ceiling to fall under, so it has no T from which it starts to bite: it can fail at every "
                "checked t, and what it would catch is its k and its negative control."]
    return out


def _markdown(report: Report, figures: dict[tuple[str, str], str]) -> str:
    claims = {c.id: c for c in report.claims}
    out = [f"# Verification report — profile `{report.profile}`, seed {report.seed}", "",
           f"regretlab {report.version} (commit {git_commit() or 'unknown'}); "
           f"{len(report.verdicts)} verdicts on {len(report.claims)} claims ({outcome_counts(report)}) in "
           f"{report.seconds:.0f} s"
           f"{_resumed(report)}. Command: `{report.command or 'regretlab verify'}`.",
           "",
           "Verdicts: *holds* / *violated* when the 99 % Clopper–Pearson interval of the violation rate lies "
           "below / above δ (for a claim certain given its inputs: no counterexample / a counterexample); "
           "*inconclusive* otherwise; *vacuous*: a bound no query rule could exceed; *certain*: a check true "
           "by construction (an enforced constraint, a proven inequality on numbers, a limit) that found no "
           "counterexample, which tests the code, not the paper, and is not counted as *holds*. "
           "k (sensitivity) = the smallest factor of the ladder "
           f"{', '.join(f'{x:g}' for x in SENSITIVITY_LADDER)} by which the bound, band or β must be made "
           "too small (the whole bound scaled down uniformly, at every T and on every trial) for the same "
           "trials, judged by the same rule, to come out *violated*: the check would "
           f"have caught a bound k× too small; in brackets the central {K_INTERVAL:.0%} of k over "
           f"{K_RESAMPLES} bootstrap resamples of the trials, where wider than one rung. *bites* = the "
           "trials on which the check could fail (the bound below what any query rule reaches at some "
           f"checked T). A *holds* with k above {WEAK_ABOVE:g} (or beyond the ladder), or whose bound bites "
           f"on fewer than {OPEN_MAJORITY:.0%} of its trials, is *weak*. "
           "Slack = bound / empirical at the worst trial and the median (> 1: room). Where a "
           "bound has a ceiling (what any query rule reaches), 'bites from T = ...' is the median first T "
           "at which it is below the ceiling, within the T checked; where the claim is followed beyond its "
           "T (to T = 1e6, with the constants' brackets and no runs: the second panel of its figure), the "
           "median first T over all trials (never on a trial counts as infinitely late) and *fails from T*, "
           "the T by which enough trials are open for the check to come out violated, at both ends of the "
           "bracket. Controls are judged at the verdict's own level.",
           "", "| " + " | ".join(_HEADER) + " |", "|" + "---|" * len(_HEADER)]
    out += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in _rows(report)]
    out += _horizon_section(report)
    out += ["", "## Claims", ""]
    for c in report.claims:
        out += [f"### {c.id} — {c.reference}", "", f"- **Event**: {c.event}.", f"- $${c.latex}$$",
                "- **Formulas that run**: " + ", ".join(f"`{f.__module__}.{f.__name__}`" for f in c.bounds),
                f"- **Evidence**: {c.evidence}."]
        for v in (v for v in report.verdicts if v.claim == c.id):
            meaning = f" ({v.setting['reading']})" if v.setting.get("reading") else ""
            weak = " (weak)" if v.weak else ""
            out.append(f"- **Reading {v.reading}**{meaning}: *{v.outcome}*{weak} — {v.statistic}; slack "
                       f"{_fmt(v.slack_worst)} (worst) / {_fmt(v.slack_median)} (median).")
            setting = {k: val for k, val in v.setting.items() if k != "traceback"}
            out.append(f"  Setting: {json.dumps(setting, default=str)}")
            if v.counterexample:
                out.append(f"  Counterexample: {json.dumps(v.counterexample, default=float)}")
            if (v.claim, v.reading) in figures:
                out.append(f"  ![{v.claim} {v.reading}]({figures[(v.claim, v.reading)]})")
        out.append("")
    violated = [v for v in report.verdicts if v.outcome == "violated"]
    if violated:
        out += ["## ERRATA entries for the violated claims", ""]
        out += [errata_entry(v, claims[v.claim]) for v in violated]
    out += ["## Not checked", "",
            "Probabilistic statements of the catalogue that no claim checks, and why:", ""]
    out += [f"- `{k}`: {reason}" for k, reason in sorted(report.not_checked.items())]
    if report.errors:
        out += ["", "## Errors", ""] + [f"- {e}" for e in report.errors]
    return "\n".join(out) + "\n"


def environment() -> dict:
    """What shaped the numbers besides the code and the seed: Python, numpy and scipy versions, the CPU's
    model, the BLAS kernel set and threads, and when the report was written (UTC)."""

    return {"python": platform.python_version(), "numpy": np.__version__, "scipy": scipy.__version__,
            "cpu_model": cpu_model(), "blas_kernels": blas_kernels(), "blas_threads": blas_threads(),
            "written": utc_now()}


def provenance_markdown(payload: dict) -> str:
    """``PROVENANCE.md`` of a report, from its ``verification.json`` payload: the command, the commit (and
    whether the tree was clean), the profile and seed, the time, the environment (where the payload records
    it: reports written since 2026-12-07) and the verdicts by outcome."""

    commit = payload.get("commit") or "unknown"
    clean = "a tree with uncommitted changes: not evidence" if commit.endswith("+dirty") else "a clean tree"
    outcomes = Counter(v["outcome"] for v in payload.get("verdicts", []))
    weak = sum(1 for v in payload.get("verdicts", [])
               if v["outcome"] == "holds" and (v.get("power") or {}).get("weak"))
    env = payload.get("environment")
    lines = [f"# Provenance of the {payload.get('profile', '?')} verification report", "",
             "`verification.md`, `verification.json` and `figures/` here are the report of", "",
             f"    {payload.get('command') or 'regretlab verify'}", "",
             f"made by regretlab {payload.get('version', '?')} at commit **{commit[:12]}** ({clean}), "
             f"profile `{payload.get('profile')}`, seed {payload.get('seed')}, in "
             f"{payload.get('seconds', 0):,.0f} s of wall time"
             + (f", {len(payload['resumed'])} group(s) of claims resumed from a checkpoint"
                if payload.get("resumed") else ", nothing resumed from a checkpoint") + ".", ""]
    if env:
        kernels = ", ".join(f"{k} {v}" for k, v in sorted(env.get("blas_kernels", {}).items())) or "none"
        threads = ", ".join(f"{k} {v}" for k, v in sorted(env.get("blas_threads", {}).items())) or "none"
        lines += [f"Environment: Python {env['python']}, numpy {env['numpy']}, scipy {env['scipy']}; CPU "
                  f"{env['cpu_model']}; BLAS kernels {kernels}; BLAS threads while loaded {threads} (each "
                  f"claim computes with BLAS held at one thread); written {env['written']}.", ""]
    else:
        lines += ["Environment: not recorded in this report's JSON (written before reports recorded it, "
                  "2026-12-07).", ""]
    lines += [f"Verdicts: **{len(payload.get('verdicts', []))} on {len(payload.get('claims', []))} claims — "
              + ", ".join(f"{n} {o}" + (f" ({weak} weak)" if o == "holds" and weak else "")
                          for o, n in sorted(outcomes.items(), key=lambda kv: (-kv[1], kv[0])))
              + "**. This file is generated from `verification.json` (`regretlab.verify.report."
              "provenance_markdown`).", ""]
    return "\n".join(lines)


def write_report(report: Report, out: str | os.PathLike = "reports") -> Path:
    """Write ``verification.md``, ``verification.json``, ``PROVENANCE.md`` and ``figures/*.png`` under
    ``out``; return the md path."""
    out = Path(out)
    figures: dict[tuple[str, str], str] = {}
    claims = {c.id: c for c in report.claims}
    for v in report.verdicts:
        if v.series and v.outcome != "error":
            name = f"figures/{_slug(v.claim)}_{_slug(v.reading)}.png"
            (out / "figures").mkdir(parents=True, exist_ok=True)
            _figure(v, claims[v.claim], out / name)
            figures[(v.claim, v.reading)] = name
    payload = {
        "profile": report.profile, "seed": report.seed, "version": report.version, "commit": git_commit(),
        "seconds": report.seconds,
        "command": report.command, "ok": report.ok, "resumed": list(report.resumed),
        "claims": [{"id": c.id, "reference": c.reference, "event": c.event, "latex": c.latex,
                    "bounds": [f"{f.__module__}.{f.__name__}" for f in c.bounds],
                    "readings": list(c.readings),
                    "kind": c.kind, "evidence": c.evidence} for c in report.claims],
        "verdicts": [v.as_dict() for v in report.verdicts],
        "not_checked": report.not_checked,
        "figures": {f"{k[0]} [{k[1]}]": p for k, p in figures.items()},
        "environment": environment(),
    }
    atomic_write_bytes(out / "verification.json", json.dumps(payload, indent=1, sort_keys=False).encode())
    atomic_write_bytes(out / "PROVENANCE.md", provenance_markdown(payload).encode())
    md = out / "verification.md"
    atomic_write_bytes(md, _markdown(report, figures).encode())
    return md
