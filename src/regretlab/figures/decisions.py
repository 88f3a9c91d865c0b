"""The decisions of the papers' claims as a report: ``paper_figures/decisions/<item>.json`` (every number)
and ``paper_figures/DECISIONS.md`` (every decided item: its claims quoted, the statistic, n per method, the
effect with its interval, the adjusted p and the decision), rebuilt from the JSON files each time one is
written. ``paper_figures/COMPARISON.md`` links to it and counts its verdicts.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from regretlab._io import atomic_write_text
from regretlab.experiments.claims import NOT_TESTED, STATISTICS
from regretlab.experiments.decide import ItemDecision, commit_caveat, flagged_shares
from regretlab.experiments.spec import display_name

__all__ = ["decision_record", "read_records", "write_decision", "write_decisions_md"]


def _number(x) -> float | None:
    return None if x is None or (isinstance(x, float) and not math.isfinite(x)) else float(x)


def decision_record(decision: ItemDecision, next_look=None) -> dict:
    """The JSON-able record of an item's decision (and, given, what its next look costs:
    :class:`regretlab.experiments.sequential.NextLook`)."""
    claims = []
    for c in decision.claims:
        comparisons = []
        for x in c.comparisons:
            e = x.effect
            comparisons.append(
                {
                    "method": x.method,
                    "other": x.other,
                    "order": list(x.order),
                    "strata": x.strata,
                    "pairs": [list(pair) for pair in x.pairs],
                    "weakest": None if x.weakest is None else list(x.weakest),
                    "problem": x.problem,
                    "decision": x.decision,
                    "look": x.look,
                    "n": list(x.n),
                    "used": list(x.used),
                    "paired": x.paired,
                    "p_confirm": _number(x.p_confirm),
                    "p_refute": _number(x.p_refute),
                    "adjusted": [_number(v) for v in x.adjusted],
                    "level": _number(x.level),
                    "margin": _number(x.margin),
                    "effect": None
                    if e is None
                    else {
                        "shift": e.shift,
                        "low": _number(e.low),
                        "high": _number(e.high),
                        "p_improvement": e.p_improvement,
                    },
                    "runs_needed": _number(x.runs_needed),
                }
            )
        claims.append(
            {
                "key": c.claim.key,
                "kind": c.claim.kind,
                "quote": c.claim.quote,
                "location": c.claim.location,
                "method": c.claim.method,
                "statistic": c.claim.statistic,
                "at": c.claim.at,
                "quantifier": c.claim.quantifier,
                # "at least low" as [low, null]: JSON has no infinity
                "interval": None if c.claim.interval is None else [
                    v if math.isfinite(v) else None for v in c.claim.interval],
                "reading": c.claim.reading,
                "decision": c.decision,
                "comparisons": comparisons,
            }
        )
    return {
        "item": decision.item,
        "mode": decision.mode,
        "verdict": decision.verdict,
        "looks": list(decision.looks),
        "looks_taken": list(decision.taken),
        "alpha": decision.alpha,
        "spending": decision.spending,
        "runs": decision.runs,
        "core_hours": decision.core_hours,
        "commits": decision.commits,
        "commit_check": decision.commit_check,
        "repeat_check": decision.repeat_check,
        "counts": decision.counts(),
        "claims": claims,
        "next_look": None if next_look is None or next_look.look is None else {
            "look": next_look.look, "runs": next_look.runs, "core_hours": next_look.core_hours,
            "how": next_look.how},
    }


def write_decision(decision: ItemDecision, key: str, export_root="paper_figures", next_look=None) -> Path:
    """Write ``decisions/<key>.json`` and rebuild ``DECISIONS.md``."""
    record = dict(decision_record(decision, next_look), item=key)
    path = atomic_write_text(
        Path(export_root) / "decisions" / f"{key}.json", json.dumps(record, indent=1, sort_keys=True) + "\n"
    )
    write_decisions_md(export_root)
    return path


def _next_look_text(record: dict) -> str:
    """' The next look (n = 5 per method) needs ...' from a record, or ''."""
    nl = record.get("next_look")
    if not nl:
        return ""
    return (f" Next look: n = {nl['look']} per method, {nl['runs']} more runs, ~{nl['core_hours']:.2f} "
            f"core-h ({nl['how']}).")


def _commit_check_text(check: dict | None) -> str:
    """' Commits: ...' — the Kruskal–Wallis check that runs of different commits do not differ, or ''."""
    if not check:
        return ""
    where = f"{display_name(check['method'])} on {check['problem']}, {STATISTICS[check['statistic']][0]}"
    level = f"{100 * check['alpha']:g} %"
    verdict = (f"**the runs of different commits differ** at {level} (the evidence mixes them)"
               if check["effect"] else f"no commit effect at {level}")
    return (f" Commits: Kruskal–Wallis per method and problem across the commits with ≥ 3 of its runs, "
            f"{check['tests']} tests, smallest Holm p {check['smallest_holm_p']:.2g} ({where}): {verdict}.")


def _repeat_check_text(check: dict | None) -> str:
    """' Repeated queries: ...' — the methods that re-query known points (:func:`~regretlab.experiments.
    decide.repeat_check`), or ''."""
    if not check or not check.get("median_share"):
        return ""
    shares, level = check["median_share"], f"{100 * check['level']:g} %"
    others = {m: v for m, v in shares.items() if m not in check["flagged"]}
    text = " Repeated queries (per method, the median share of a run's queries that repeat an earlier one): "
    if check["flagged"]:
        text += (f"⚠ **{flagged_shares(check, display_name)}**, at or above {level}: the model may be stuck, "
                 "a claim about them may be about that (unless its repeats are a face of a search box the "
                 "optimum lies beyond, or the best point re-evaluated on purpose)")
        if others:
            top = max(others, key=others.get)
            text += f"; the others at most {100 * others[top]:.1f} % ({display_name(top)})"
        return text + "."
    top = max(shares, key=shares.get)
    return text + f"every method below {level} (largest {100 * shares[top]:.1f} %, {display_name(top)})."


def _runs_text(x: dict) -> str:
    """'5, 5' (the runs the last look reached tested), followed by '(of 9, 10)' when the effect, its
    interval and the runs needed are read from more runs than that (a record from before 'used': n only)."""
    n, used = x["n"], x.get("used") or x["n"]
    tested = f"{n[0]}, {n[1]}"
    return tested if list(used) == list(n) or not any(used) else f"{tested} (of {used[0]}, {used[1]})"


def _exp(x):
    return None if x is None else math.exp(x)


def _fmt(x, digits=3) -> str:
    return "—" if x is None else f"{x:.{digits}g}"


def read_records(export_root="paper_figures") -> list[dict]:
    """Every ``decisions/*.json`` record under ``export_root``, in file-name order (none: an empty list)."""
    folder = Path(export_root) / "decisions"
    return [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))]


def write_decisions_md(export_root="paper_figures") -> Path:
    """``DECISIONS.md`` from every ``decisions/*.json``."""
    records = read_records(export_root)
    verdicts: dict[str, int] = {}
    claim_counts = {"confirmed": 0, "refuted": 0, "undecided": 0}
    for r in records:
        verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
        for k, v in r["counts"].items():
            claim_counts[k] = claim_counts.get(k, 0) + v
    lines = [
        "# Decisions: the papers' claims against runs at the paper's T and D",
        "",
        "Made by `regretlab decide ITEM` (`regretlab.experiments.decide`): each claim quoted, expanded into "
        "comparisons (method vs one other method on one problem), each decided *confirmed* / *refuted* / "
        "*undecided* by one-sided tests (Wilcoxon signed-rank when the methods of a repeat share its initial "
        "box, else Mann-Whitney, exact where the runs are untied and at most 100 a side; two one-sided "
        "tests for 'similar' and one of them for 'no_worse' "
        "(non-inferiority); the median log time ratio for 'ratio'; "
        "for 'trend', a stated order of several methods, Jonckheere-Terpstra in Kendall's form, stratified "
        "by commit on a timing statistic: only runs of one commit are compared; for 'order', stated pairs "
        "of methods that must all hold, the largest of the pairs' one-sided Mann-Whitney p to confirm and "
        "the smallest reversed-side p times the number of pairs to refute; two methods on a timing "
        "statistic: only pairs made at one commit, or runs of commits both have), "
        "Holm-adjusted over all hypotheses of the item, at planned looks with Pocock-type alpha spending "
        "(the levels of the looks sum to 0.05). Effects: the median (paired) difference with a 95 % "
        "bootstrap interval and the probability of improvement P(A > B) (for 'ratio' claims: of the log "
        "time ratio, against the log of the stated interval; for 'trend' claims: the ordered dominance, "
        "(concordant - discordant) / pairs of runs of two methods, in [-1, 1], and P(later > earlier) "
        "averaged over adjacent methods; for 'order' claims: the effect of the weakest pair, the one with "
        "the largest confirm-side p). Runs needed: per method, for 80 % power at the "
        "final look's Holm level at the observed effect (normal approximation), and never fewer than "
        "the test needs to reach that level at all, on perfectly separated runs. n tested: the runs per "
        "method the last look reached tested (a decision is that look's); '(of m, k)' after it: the runs the "
        "effect, its interval and the runs needed are read from, where a method has runs beyond the look. "
        "Holm p: of the side that decided it; for an undecided comparison the confirm side's, or the refute "
        "side's, marked '(to refute)', where that one is smaller. Beside the decisions, two "
        "diagnostics that are not decisions: whether runs of different commits differ (Kruskal–Wallis), and "
        "how much each method re-queries points it already evaluated (the median share of a run's queries; "
        "10 % or more is flagged: its model may be stuck, as Li2016's ADD and RPP were on Tables 1-2 before "
        "2026-11-27, a median 34-90 %; where the runs keep their queries, a flagged method's repeats are "
        "counted on the run's final search box's boundary, within 1 % of its width of a face, and at the "
        "best point observed before them). Quick-mode runs get no verdict.",
        "",
        *(["![Claims by decision per item, and every comparison's P(A > B)](DECISIONS.png) (the picture "
           "of this file: `DECISIONS.png` / `.pdf`, its data `DECISIONS.csv`, one row per comparison)", ""]
          if (Path(export_root) / "DECISIONS.png").is_file() else []),
        "Items by verdict: "
        + (", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())) or "none")
        + ". Claims: "
        + ", ".join(f"{k} {v}" for k, v in claim_counts.items())
        + ".",
        "",
    ]
    for r in records:
        per_method: dict[str, set] = {}
        for key, n in r["runs"].items():
            method, _, problem = key.partition(" @ ")
            per_method.setdefault(display_name(method), set()).add(n)
        runs = ", ".join(f"{m} {'/'.join(str(n) for n in sorted(ns))}"
                         for m, ns in sorted(per_method.items())) if any(r["runs"].values()) else ""
        commits = ", ".join(c[:12] for c in r["commits"])
        lines += [
            f"## {r['item']}: **{r['verdict']}**",
            "",
            f"Looks {r['looks']}"
            + (f", taken {r['looks_taken']} (a look no comparison could pass is not taken)"
               if r.get("looks_taken") and r["looks_taken"] != r["looks"] else "")
            + f" (alpha {r['alpha']}, {r['spending']} spending); runs per method and "
            "problem: "
            f"{runs or 'none yet'}; {r['core_hours']:.2f} core-hours; made from commit(s) {commits or '—'}."
            + _commit_check_text(r.get("commit_check"))
            + _repeat_check_text(r.get("repeat_check"))
            + _next_look_text(r),
            "",
            "| claim | kind | quote | statistic | decision | comparisons (confirmed / refuted / undecided) |",
            "|---|---|---|---|---|---|",
        ]
        for c in r["claims"]:
            states = [x["decision"] for x in c["comparisons"]]
            counts = " / ".join(str(states.count(s)) for s in ("confirmed", "refuted", "undecided"))
            reading = f" *Reading:* {c['reading']}" if c["reading"] else ""
            lines.append(
                f'| {c["key"]} | {c["kind"]} ({c["quantifier"]}) | "{c["quote"]}" {c["location"]}.'
                f"{reading} | {STATISTICS[c['statistic']][0]}"
                + (f" (of the first {c['at']} evaluations)" if c.get("at") else "")
                + f" | **{c['decision']}**"
                + (f" ⚠ {caveat}" if (caveat := commit_caveat(r.get("commit_check"), c["statistic"])) else "")
                + f" | {counts} |"
            )
        lines += [
            "",
            "| claim | method vs | problem | n tested (of runs) | effect [95 % CI] | P(A>B) | "
            "Holm p / look level | "
            "decision (at n) | runs needed |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        seen = set()
        for c in r["claims"]:
            for x in c["comparisons"]:
                kind = "better" if c["kind"] in ("better", "best", "worse") else c["kind"]
                method = x.get("method", c["method"])
                key = (display_name(method), x["other"], x["problem"], kind, c["statistic"], c.get("at"))
                if key in seen:
                    continue
                seen.add(key)
                e = x["effect"] or {}
                if e and c["kind"] == "ratio":  # the median log ratio, shown as a ratio
                    effect = (f"× {_fmt(math.exp(e['shift']))} [{_fmt(_exp(e.get('low')))}, "
                              f"{_fmt(_exp(e.get('high')))}]")
                else:
                    effect = (f"{_fmt(e.get('shift'))} [{_fmt(e.get('low'))}, {_fmt(e.get('high'))}]"
                              if e else "—")
                held = x["adjusted"][0] if x["decision"] != "refuted" else x["adjusted"][1]
                # undecided, nearer to refuted than to confirmed: that side's p, said so
                toward = ""
                if (x["decision"] == "undecided" and None not in x["adjusted"]
                        and x["adjusted"][1] < x["adjusted"][0]):
                    held, toward = x["adjusted"][1], " (to refute)"
                needed = (
                    ""
                    if x["runs_needed"] is None
                    else (
                        "∞ (no effect)" if math.isinf(x["runs_needed"]) else
                    "> 1000" if x["runs_needed"] > 1000 else f"{math.ceil(x['runs_needed'])}"
                    )
                )
                if x.get("pairs"):   # an order: its pairs, and the weakest, whose effect is shown
                    weakest = x.get("weakest")
                    compared = (f"{len(x['pairs'])} stated pairs of " + ", ".join(
                        display_name(m) for m in x["order"]) + (
                        f"; weakest: {display_name(weakest[1])} vs {display_name(weakest[0])}"
                        if weakest else ""))
                elif x.get("order"):
                    compared = "trend " + " < ".join(display_name(m) for m in x["order"])
                else:
                    compared = f"{display_name(method)} vs {display_name(x['other'])}"
                compared += f" (within {x['strata']} commits)" if x.get("strata", 0) > 1 else ""
                lines.append(
                    f"| {c['key']} | {compared} | "
                    f"{x['problem']} | {_runs_text(x)} | {effect} | "
                    f"{_fmt(e.get('p_improvement'), 2)} | {_fmt(held, 2)}{toward} / {_fmt(x['level'], 2)} | "
                    f"{x['decision']}" + (f" ({x['look']})" if x["look"] else "") + f" | {needed} |"
                )
        lines.append("")
    lines += [
        "## Claims listed from the papers and not tested",
        "",
        "Each entry of the claims list (the papers' claims, numbered by item) is a claim above or here, with "
        "why it is not decided from runs (`regretlab.experiments.claims.NOT_TESTED`; a test checks the list "
        "against the registry).",
        "",
        "| claims | why not tested |",
        "|---|---|",
        *(f"| {key} | {reason} |" for key, reason in NOT_TESTED.items()),
        "",
    ]
    return atomic_write_text(Path(export_root) / "DECISIONS.md", "\n".join(lines) + "\n")
