"""The decisions of the papers' claims as a report: ``paper_figures/decisions/<item>.json`` (every number)
and ``paper_figures/DECISIONS.md`` (every decided item: its claims quoted, the statistic, n per method, the
effect with its interval, the adjusted p and the decision), rebuilt from the JSON files each time one is
written. ``paper_figures/COMPARISON.md`` links to it and counts its verdicts.
"""

from __future__ import annotations

import json
import math
import textwrap
from collections import Counter, defaultdict
from pathlib import Path

from regretlab._io import EXPORT_ROOT, atomic_write_text, stored_floats
from regretlab._text import mean_se
from regretlab._validate import check_integer
from regretlab.decisions.claims import NOT_TESTED, STATISTICS
from regretlab.decisions.decide import Comparison
from regretlab.decisions.decide import stored_number as _number
from regretlab.decisions.run_checks import commit_caveat, flagged_shares
from regretlab.decisions.setups import (
    claim_groups,
    claim_verdicts_by_setup,
    claims_over_setups,
    over_setups,
    setup_readings,
)
from regretlab.decisions.verdicts import PENDING, UNDERPOWERED, ItemDecision
from regretlab.experiments import registry
from regretlab.experiments.spec import display_name
from regretlab.objectives.registry import substitute_for

__all__ = ["decision_record", "read_records", "write_decision", "write_decisions_md", "RULES",
           "rules_block", "headline", "why_open",
           "substitutes", "record_text"]


def _claim_record(c) -> dict:
    """One claim reading's decision (the claim as data, its decision, its comparisons) as JSON."""
    return {
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
        "claim": c.claim.claim_key,
        "label": c.claim.reading_name,
        "justification": c.claim.justification,
        "setup": c.claim.setup,
        "untestable": c.claim.untestable,
        "decision": c.decision,
        "forecast": None if c.forecast is None else c.forecast.to_record(),
        "comparisons": [x.to_record() for x in c.comparisons],
    }


def decision_record(decision: ItemDecision, next_look=None) -> dict:
    """The JSON-able record of an item's decision (and, given, what its next look costs:
    :class:`regretlab.campaign.sequential.NextLook`)."""
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
        "reading_counts": decision.reading_counts(),
        "claim_verdicts": [{"claim": key, "verdict": verdict, "readings": [
            {"key": c.claim.key, "label": c.claim.reading_name, "decision": c.decision} for c in group],
            "forecast": (decision.claim_forecasts[key].to_record() if key in decision.claim_forecasts
                         else None)}
            for key, group, verdict in decision.readings()],
        "run_keys": list(decision.run_keys),
        "claims": [_claim_record(c) for c in decision.claims],
        "diagnosis": list(decision.diagnosis),
        "setups": _setups(decision.item),
        "printed": decision.printed,
        "next_look": None if next_look is None or next_look.look is None else {
            "look": next_look.look, "runs": next_look.runs, "core_hours": next_look.core_hours,
            "how": next_look.how},
    }


def _paper_records(export_root):
    """(record, its setup readings) of every paper-setup decision record under ``export_root``."""

    folder = Path(export_root) / "decisions"
    if not folder.is_dir():
        raise ValueError(f"export_root={str(export_root)!r} has no decisions/ folder: give the export folder "
                         "that `regretlab decide` wrote (paper_figures in a clone)")
    for path in sorted(folder.glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        spec = registry.SPECS.get(record["item"])
        if spec is not None and not spec.reading_of:
            yield record, setup_readings(record["item"], export_root)


def _words(counter) -> str:
    return ", ".join(f"{n} {k}" for k, n in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])))


def findings(export_root=EXPORT_ROOT) -> str:
    """One paragraph of what the committed decisions found (the README's "What was found", kept true by a
    test): the paper's claims by their verdict over their readings, under the paper setup and over every
    setup, and the experimental items the same two ways; the words are those of
    :data:`regretlab.decisions.verdicts.STATUS_WORDS`."""

    paper_claims, all_claims, paper_items, all_items, refuted = Counter(), Counter(), Counter(), Counter(), []
    for record, readings in _paper_records(export_root):
        paper_claims.update(g["verdict"] for g in claim_groups(record))
        all_claims.update(claims_over_setups(record, readings).values())
        paper_items[record["verdict"]] += 1
        verdict = over_setups(record, readings) if readings else record["verdict"]
        all_items[verdict] += 1
        if verdict == "not reproduced":
            refuted.append(record["item"])
    return (f"{sum(paper_claims.values())} claims about the papers' experiments, each over every reading its "
            f"words allow. Under the paper setup: {_words(paper_claims)}; over every setup (a claim refuted "
            f"only if refuted under every setup): {_words(all_claims)}. {sum(all_items.values())} "
            f"experimental items: under the paper setup {_words(paper_items)}; over every setup "
            f"{_words(all_items)}. Pending: not yet run (no planned look reached); undecided: looks left; "
            "underpowered: beyond what "
            "the paper's run count can show (no look left, or under a 10 % forecast chance of a decision by "
            "it); each with its next look, price and forecast, or its effect, runs needed and the paper's "
            "power, in DECISIONS.md."
            + (f" Not reproduced over every setup: {', '.join(refuted)}, each with its measured diagnosis in "
               "DECISIONS.md." if refuted else ""))


def findings_table(export_root=EXPORT_ROOT) -> str:
    """The README's table of what was found, per paper (generated, kept true by a test): its experimental
    items and its claims by their verdict over every setup, and its claims under the paper setup, from the
    same records and rules as :func:`findings`."""

    items, claims, paper_claims = defaultdict(Counter), defaultdict(Counter), defaultdict(Counter)
    for record, readings in _paper_records(export_root):
        paper = record["item"].split(".")[0]
        items[paper][over_setups(record, readings) if readings else record["verdict"]] += 1
        claims[paper].update(claims_over_setups(record, readings).values())
        paper_claims[paper].update(g["verdict"] for g in claim_groups(record))
    lines = ["| paper | experimental items (over every setup) | claims (over every setup) | claims (paper "
             "setup) |", "|---|---|---|---|"]
    lines += [f"| {paper} | {_words(items[paper])} | {_words(claims[paper])} | "
              f"{_words(paper_claims[paper])} |" for paper in sorted(items)]
    return "\n".join(lines)


def _printed_lines(printed: dict | None) -> list[str]:
    """The paper's printed numbers beside ours, cell by cell, with the declared agreement rule."""
    if not printed:
        return []
    tau = "—" if printed["kendall_tau"] is None else f"{printed['kendall_tau']:.2f}"
    lines = [f"**Printed numbers** ({printed['statistic']}; agreement: {printed['rule']}): "
             f"{printed['agree']} of {printed['of']} cells agree; Kendall's tau of the two orders {tau}.", "",
             "| problem | method | T | printed | ours | n | z | agrees |",
             "|---|---|---|---|---|---|---|---|"]
    for c in printed["cells"]:
        (mean, se), (ours, ours_se) = c["printed"], c["ours"]
        agrees = "yes" if c["agrees"] else "no"
        # both standard errors 0 (a printed value without its s.e. against runs that all end alike): the
        # record's z divides by printed_check's floor of 1e-12; shown as the infinity it stands for
        z = f"{c['z']:.1f}" if se or ours_se else ("+∞" if ours > mean else "−∞" if ours < mean else "0.0")
        lines.append(f"| {c['problem']} | {display_name(c['method'])} | {c['T']} | {mean_se(mean, se)} | "
                     f"{mean_se(ours, ours_se)} | {c['n']} | {z} | {agrees} |")
    return [*lines, ""]


def _setups(item: str) -> list[dict]:
    """:func:`regretlab.experiments.registry.setups_of` for a registered item, else none (a test's own)."""

    return registry.setups_of(item) if item in registry.SPECS else []


def record_text(decision: ItemDecision, key: str, next_look=None) -> str:
    """The text of ``decisions/<key>.json``: the record with every float at
    :data:`regretlab._io.STORED_DIGITS` significant digits (the file does not depend on the CPU's last
    bits), keys sorted."""
    record = stored_floats(dict(decision_record(decision, next_look), item=key))
    return json.dumps(record, indent=1, sort_keys=True) + "\n"


def write_decision(decision: ItemDecision, key: str, export_root=EXPORT_ROOT, next_look=None) -> Path:
    """Write ``decisions/<key>.json`` and rebuild ``DECISIONS.md``."""
    path = atomic_write_text(Path(export_root) / "decisions" / f"{key}.json",
                             record_text(decision, key, next_look))
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
    where = f"{display_name(check['method'])} on {check['problem']}, {STATISTICS[check['statistic']].text}"
    level = f"{100 * check['alpha']:g} %"
    verdict = (f"**the runs of different commits differ** at {level} (the evidence mixes them)"
               if check["effect"] else f"no commit effect at {level}")
    return (f" Commits: Kruskal–Wallis per method and problem across the commits with ≥ 3 of its runs, "
            f"{check['tests']} tests, smallest Holm p {check['smallest_holm_p']:.2g} ({where}): {verdict}.")


def _repeat_check_text(check: dict | None) -> str:
    """' Repeated queries: ...' — the methods that re-query known points (:func:`~regretlab.decisions.
    run_checks.repeat_check`), or ''."""
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


def read_records(export_root=EXPORT_ROOT) -> list[dict]:
    """Every ``decisions/*.json`` record under ``export_root``, in file-name order (none: an empty list)."""
    folder = Path(export_root) / "decisions"
    return [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))]


#: The rules, in plain words, at the top of DECISIONS.md.
RULES = (
    "Made by `regretlab decide ITEM` (`regretlab.decisions.decide`). **How a claim is decided.** Each of "
    "the papers' claims is quoted and registered under every reading its words allow (which statistic, "
    "which d is 'small', a ranking as a trend or as its pairs), each reading with its justification, "
    "before any decision. A reading expands into comparisons (one method against another on one problem),"
    " each tested both ways: Wilcoxon signed-rank when the methods of a repeat share its initial box, "
    "else Mann-Whitney, exact (on tied values: exact given the ties); 'similar' by two one-sided tests "
    "and 'no_worse' by one (non-inferiority), against a margin fixed before the first test from a pilot "
    "of 5 runs a method that the test does not reuse (0.5 x the pooled robust scale, MAD / z(3/4), z(3/4)"
    " the normal quantile: about 1.4826 x MAD, scipy's scale='normal'), and refused (undecided, reason "
    "shown) when one value holds more than half of a method's tested runs; the median log time ratio for "
    "'ratio'; Jonckheere-Terpstra for a 'trend' (stratified by commit on a timing statistic); for an "
    "'order', every stated pair must hold (the largest pair p) and one reversed pair refutes (the "
    "smallest reversed p times the pairs). Every hypothesis of every reading of an item is Holm-adjusted "
    "together, at planned looks with Pocock-type alpha spending (the looks' levels sum to 0.05). **The "
    "verdict words.** A reading is confirmed or refuted when its comparisons meet or can no longer meet "
    "its quantifier. A claim is *refuted* only when every reading is refuted, *confirmed* only when every"
    " reading is confirmed, *reading-dependent* when one reading is confirmed and another refuted (the "
    "words, not the data, decide). A claim not decided says why: *pending* (not yet run: a comparison of "
    "a reading has reached no planned look), *undecided* (looks left: shown with the next look, its price"
    " and the forecast chance that it decides the claim, from the item's own runs bootstrapped through "
    "the same decision functions) or *underpowered* (beyond what the paper's run count can show: no look "
    "left, or under a 10 % forecast chance of a decision by it; shown with the effect it waits for, its "
    "interval, the runs needed and the power the paper's n would have had over that interval). An item is"
    " *not reproduced* only through a claim refuted under every reading; *reproduced* when every claim is"
    " confirmed; *reading-dependent* when a claim is; *partly* when some claim is confirmed; else "
    "pending, undecided or underpowered as its open claims are. A claim the runs here cannot test (a "
    "baseline whose costly step the paper blames was replaced) is *not testable*, with the reason, and "
    "outside its item's verdict. Quick-mode runs get no verdict. **Every setup.** Where the authors' code"
    " fixes what the text leaves open, or a benchmark's optimum sits at the box centre that every "
    "embedding contains, the item is run again under that setup reading and decided on the same claims; "
    "the reading's baselines' pilot and its check against the paper's printed numbers are committed "
    "(`regretlab preregister`) before any run of the paper's method under it. Over every setup "
    "(`setup_verdict`) a claim or item keeps the verdict every setup gives it, so it is *refuted* or *not"
    " reproduced* only when every setup's decision is; it is *setup-dependent* when one setup refutes and"
    " another supports, *pending* while a registered setup reading has no decision yet or is pending, "
    "else undecided or underpowered; its headline gives every setup's own verdict. The error rate is "
    "controlled per item: the words do not change a decision. **The numbers.** Effects: the median "
    "(paired) difference with a 95 % bootstrap interval and P(A > B) (for 'ratio': of the log time ratio;"
    " for 'trend': the ordered dominance in [-1, 1]; for 'order': the weakest pair). Runs needed: per "
    "method, for 80 % power of the rank test that is run (Noether's formula) at the final look's Holm "
    "level at the observed effect, never fewer than the test needs to reach that level at all (plus the "
    "pilot, for an equivalence). n tested: the runs the last look reached tested ('(of m, k)': the runs "
    "the effect is read from). Holm p: of the side that decided; for an undecided comparison the confirm "
    "side's, or the refute side's marked '(to refute)' where smaller. Beside the decisions, two "
    "diagnostics that are not decisions: whether runs of different commits differ (Kruskal-Wallis), and "
    "how much each method re-queries known points (a median share of 10 % or more is flagged: its model "
    "may be stuck)."
)


#: The markers of the copy of :data:`RULES` in ``docs/decisions.md`` (kept equal by a test).
RULES_MARKERS = ("<!-- rules:start (generated from regretlab.figures.decisions.RULES) -->",
                 "<!-- rules:end -->")


def rules_block(width: int = 110) -> str:
    """:data:`RULES` between :data:`RULES_MARKERS`, wrapped at ``width`` columns, for ``docs/decisions.md``
    (the rules have one source: this constant, which ``DECISIONS.md`` prints too)."""

    width = check_integer("width", width, low=40)
    body = textwrap.fill(RULES, width=width, break_long_words=False, break_on_hyphens=False)
    return f"{RULES_MARKERS[0]}\n{body}\n{RULES_MARKERS[1]}"


def _look_text(record: dict) -> str:
    """'next look n = 10 (35 runs, ~0.46 core-h)' from a record's next look, or 'no look left'."""
    nl = record.get("next_look")
    if not nl:
        return "no look left"
    return f"next look n = {nl['look']} ({nl['runs']} runs, ~{nl['core_hours']:.2f} core-h)"


def _bottleneck(record: dict, claim: str) -> dict | None:
    """The undecided comparison of ``claim``'s readings that needs the most runs (the one its decision waits
    for), with the reading it belongs to; None when none has a runs-needed number."""
    open_ = [(x, c) for c in record["claims"] if c.get("claim", c["key"]) == claim
             for x in c["comparisons"] if x["decision"] == "undecided" and x.get("effect")]
    if not open_:
        return None
    # a stored null is an infinite number of runs (no effect at the observed P(A > B); JSON has no inf)
    x, c = max(open_, key=lambda xc: math.inf if xc[0].get("runs_needed") is None else xc[0]["runs_needed"])
    return {**x, "reading": c["key"], "kind": c["kind"], "method": x.get("method", c["method"])}


def why_open(record: dict, group: dict) -> str:
    """Why a claim (``group``, one of :func:`claim_groups`) is not decided, in the one vocabulary
    (:data:`regretlab.decisions.verdicts.STATUS_WORDS`): *pending* and *undecided* with the next look, its
    price and the forecast chance that it decides the claim; *underpowered* with the observed effect of the
    comparison it waits for, its interval, the runs it needs and the power the paper's run count would have
    had over that interval. '' for a decided claim."""
    verdict, forecast = group["verdict"], group.get("forecast")
    if verdict in (PENDING, "undecided"):
        text = _look_text(record)
        if forecast and record.get("next_look"):
            text += (f": decides it in {round(forecast['at_next'] * forecast['draws'])} of "
                     f"{forecast['draws']} forecast draws, by the paper's n = {forecast['final']} in "
                     f"{round(forecast['by_final'] * forecast['draws'])}")
        return text
    if verdict != UNDERPOWERED:
        return ""
    x = _bottleneck(record, group["claim"])
    if x is None:
        return "no look left"
    e = x.get("effect") or {}
    needed = ("no finite number of" if x.get("runs_needed") is None else
              "> 1000" if x["runs_needed"] > 1000 else f"{math.ceil(x['runs_needed'])}")
    paper_n = (record.get("looks") or [None])[-1]
    text = (f"waits for {display_name(x['method'])} vs {display_name(x['other'])} on {x['problem']}: "
            f"effect {_fmt(e.get('shift'))} [{_fmt(e.get('low'))}, {_fmt(e.get('high'))}], "
            f"{needed} runs a method needed (the paper's n: {paper_n})")
    power = x.get("paper_power")
    if power:
        low, high = min(power), max(power)
        text += (f"; at the paper's n its test has power {low:.2f}–{high:.2f} over that interval "
                 f"({power[1]:.2f} at the observed effect)")
    if forecast:
        text += (f"; the remaining looks decide it in {round(forecast['by_final'] * forecast['draws'])} of "
                 f"{forecast['draws']} forecast draws")
    return text


def _claims_over_readings(r: dict) -> list[str]:
    """The table of an item's claims, each with its verdict, every reading's decision and why it is not
    decided."""
    lines = ["| claim | verdict | readings (decision) | why not decided |", "|---|---|---|---|"]
    for g in claim_groups(r):
        states = [x["decision"] for x in g["readings"]]
        verdict = g["verdict"]
        if verdict == "refuted":
            verdict += f" on every reading ({len(states)} of {len(states)})"
        elif states.count("refuted"):
            verdict += f" (refuted on {states.count('refuted')} of {len(states)} readings)"
        readings = "; ".join(f"{x['label']}: {x['decision']}" for x in g["readings"])
        lines.append(f"| {g['claim']} | **{verdict}**{_stuck_note(r, g['claim'])} | {readings} | "
                     f"{why_open(r, g) or '—'} |")
    return lines


def _readings_table(r: dict) -> list[str]:
    """The table of an item's registered readings: quote, reading, statistic, decision."""
    lines = ["| reading | kind | quote | statistic | decision | comparisons (confirmed / refuted / "
             "undecided) |", "|---|---|---|---|---|---|"]
    for c in r["claims"]:
        states = [x["decision"] for x in c["comparisons"]]
        counts = " / ".join(str(states.count(s)) for s in ("confirmed", "refuted", "undecided"))
        reading = f" *Reading:* {c['reading']}" if c["reading"] else ""
        why = f" *Why this reading:* {c['justification']}" if c.get("justification") else ""
        why += f" **Not testable:** {c['untestable']}" if c.get("untestable") else ""
        caveat = commit_caveat(r.get("commit_check"), c["statistic"])
        lines.append(
            f'| {c["key"]} | {c["kind"]} ({c["quantifier"]}) | "{c["quote"]}" {c["location"]}.'
            f"{reading}{why} | {STATISTICS[c['statistic']].text}"
            + (f" (of the first {c['at']} evaluations)" if c.get("at") else "")
            + f" | **{c['decision']}**" + (f" ⚠ {caveat}" if caveat else "") + f" | {counts} |")
    return lines


def _comparison_row(c: dict, stored: dict) -> str:
    """One comparison's row, rendered from its fields (:meth:`Comparison.from_record` of the ``stored``
    record of claim ``c``): what is compared, n, effect, P(A>B), Holm p / level, decision, runs needed."""
    x = Comparison.from_record({"method": c["method"], **stored}, claim=c["key"], kind=c["kind"])
    e = x.effect
    if e is not None and x.kind == "ratio":  # the median log ratio, shown as a ratio
        effect = (f"× {_fmt(math.exp(e.shift))} [{_fmt(_exp(_number(e.low)))}, "
                  f"{_fmt(_exp(_number(e.high)))}]")
    else:
        effect = (f"{_fmt(e.shift)} [{_fmt(_number(e.low))}, {_fmt(_number(e.high))}]" if e is not None
                  else "—")
    confirm, refute = (_number(v) for v in x.adjusted)
    held = confirm if x.decision != "refuted" else refute
    toward = ""   # undecided, nearer to refuted than to confirmed: that side's p, said so
    if x.decision == "undecided" and None not in (confirm, refute) and refute < confirm:
        held, toward = refute, " (to refute)"
    needed = ("" if x.runs_needed is None else "∞ (no effect)" if math.isinf(x.runs_needed)
              else "> 1000" if x.runs_needed > 1000 else f"{math.ceil(x.runs_needed)}")
    if x.pairs:   # an order: its pairs, and the weakest, whose effect is shown
        compared = (f"{len(x.pairs)} stated pairs of " + ", ".join(display_name(m) for m in x.order)
                    + (f"; weakest: {display_name(x.weakest[1])} vs {display_name(x.weakest[0])}"
                       if x.weakest else ""))
    elif x.order:
        compared = "trend " + " < ".join(display_name(m) for m in x.order)
    else:
        compared = f"{display_name(x.method)} vs {display_name(x.other)}"
    compared += f" (within {x.strata} commits)" if x.strata > 1 else ""
    if x.pilot:   # an equivalence: its margin from the pilot, and a refusal
        compared += (f" (margin {_fmt(x.margin)} from a pilot of {x.pilot} a method, not tested"
                     + (f"; refused: {x.refusal}" if x.refusal else "") + ")")
    return (f"| {c['key']} | {compared} | {x.problem} | {_runs_text(stored)} | {effect} | "
            f"{_fmt(None if e is None else e.p_improvement, 2)} | {_fmt(held, 2)}{toward} / "
            f"{_fmt(_number(x.level), 2)} | {x.decision}" + (f" ({x.look})" if x.look else "")
            + f" | {needed} |")


def _comparisons_table(r: dict) -> list[str]:
    """The table of an item's comparisons, each once (readings share them)."""
    lines = ["| reading | method vs | problem | n tested (of runs) | effect [95 % CI] | P(A>B) | "
             "Holm p / look level | decision (at n) | runs needed |", "|---|---|---|---|---|---|---|---|---|"]
    seen = set()
    for c in r["claims"]:
        for x in c["comparisons"]:
            kind = "better" if c["kind"] in ("better", "best", "worse") else c["kind"]
            key = (display_name(x.get("method", c["method"])), x["other"], x["problem"], kind, c["statistic"],
                   c.get("at"), tuple(x.get("order", ())))
            if key not in seen:
                seen.add(key)
                lines.append(_comparison_row(c, x))
    return lines


def _setup_status(reading: dict) -> str:
    """'pending (registration committed)' or the reading's item verdict."""
    if reading["record"] is not None:
        return reading["record"]["verdict"]
    return PENDING + (" (registration committed; its proposed methods' pilot is not complete yet)"
                      if reading["registered"] else " (its baselines' pilot and registration to come)")


def substitutes(item: str) -> list[str]:
    """What the data-based substitutes among a registered item's problems stand in for ('MNIST'), in
    order; none for an item on the paper's own problems (or one the registry does not know)."""

    spec = registry.SPECS.get(item)
    if spec is None:
        return []
    return list(dict.fromkeys(x for x in (substitute_for(p.name) for p in spec.problems) if x))


def _stuck_note(record: dict, claim: str) -> str:
    """' ⚠ about a method flagged as possibly stuck (LineBO 52 %)' when a method the claim's readings compare
    is flagged by the repeat check (a median share of repeated queries at or above its level), else ''."""
    check = record.get("repeat_check") or {}
    flagged = set(check.get("flagged") or ())
    methods = {m for c in record["claims"] if c.get("claim", c["key"]) == claim for x in c["comparisons"]
               for m in (x.get("method", c["method"]), x["other"], *x.get("order", ()))}
    hit = sorted(flagged & methods)
    if not hit:
        return ""
    shares = ", ".join(f"{display_name(m)} {100 * check['median_share'][m]:.0f} %" for m in hit)
    return f" ⚠ about a method flagged as possibly stuck ({shares} of its queries repeat)"


def headline(record: dict, readings: list[dict]) -> str:
    """An item's verdict over every setup, with each setup's own: 'pending over every setup (paper setup:
    not reproduced · 'code': pending, next look n = 10 (30 runs, ~1.38 core-h))', so a pending setup never
    hides what another setup found. An item without setup readings: its verdict, with its next look when it
    is pending or undecided."""
    def own(r: dict | None, registered: bool = True) -> str:
        if r is None:
            return PENDING + (", its proposed methods' pilot to come" if registered
                              else ", its baselines' pilot and registration to come")
        return r["verdict"] + (f", {_look_text(r)}" if r["verdict"] in (PENDING, "undecided")
                               and r.get("next_look") else "")

    stand_ins = substitutes(record.get("item", ""))
    on = f", on substitute data (for {', '.join(stand_ins)})" if stand_ins else ""
    if not readings:
        return own(record) + on
    parts = [f"paper setup: {own(record)}"] + [f"'{x['setup']}': {own(x['record'], x['registered'])}"
                                               for x in readings]
    return f"{over_setups(record, readings)} over every setup ({' · '.join(parts)}){on}"


def _setups_lines(r: dict, readings: list[dict]) -> list[str]:
    """An item's claims under each setup reading, and over them."""
    names = [x["setup"] for x in readings]
    lines = [f"**Setup readings** (a claim is refuted only if refuted under every setup): paper setup "
             f"**{r['verdict']}**; " + "; ".join(f"'{x['setup']}': {_setup_status(x)}" for x in readings)
             + f"; over every setup: **{over_setups(r, readings)}**.", "",
             "| claim | paper setup | " + " | ".join(f"'{n}'" for n in names) + " | over every setup |",
             "|---|---|" + "---|" * len(names) + "---|"]
    over = claims_over_setups(r, readings)
    for claim, per in claim_verdicts_by_setup(r, readings).items():
        lines.append(f"| {claim} | " + " | ".join(per) + f" | {over[claim]} |")
    return [*lines, ""]


def _item_lines(r: dict, export_root=EXPORT_ROOT) -> list[str]:
    """An item's section: its verdict, looks and runs, diagnostics, claims, readings, comparisons."""
    per_method: dict[str, set] = {}
    for key, n in r["runs"].items():
        method, _, _problem = key.partition(" @ ")
        per_method.setdefault(display_name(method), set()).add(n)
    runs = ", ".join(f"{m} {'/'.join(str(n) for n in sorted(ns))}"
                     for m, ns in sorted(per_method.items())) if any(r["runs"].values()) else ""
    commits = ", ".join(c[:12] for c in r["commits"])
    counts = r["counts"]
    readings = setup_readings(r["item"], export_root)
    return [
        f"## {r['item']}: {headline(r, readings)}",
        "",
        "Claims: " + (", ".join(f"{k} {v}" for k, v in counts.items() if v) or "none")
        + (f" (over {len(r['claims'])} registered readings)" if r.get("reading_counts") else "") + ". "
        f"Looks {r['looks']}"
        + (f", taken {r['looks_taken']} (a look no comparison could pass is not taken)"
           if r.get("looks_taken") and r["looks_taken"] != r["looks"] else "")
        + f" (alpha {r['alpha']}, {r['spending']} spending); runs per method and problem: "
        f"{runs or 'none yet'}; {r['core_hours']:.2f} core-hours; made from commit(s) {commits or '—'}."
        + _commit_check_text(r.get("commit_check"))
        + _repeat_check_text(r.get("repeat_check"))
        + _next_look_text(r),
        "",
        *(["**Diagnosis (measured):** " + "; ".join(r["diagnosis"]) + ".", ""] if r.get("diagnosis") else []),
        *_printed_lines(r.get("printed")),
        *(["**Setups and their sources:** " + "; ".join(
            (f"{x['setup']} setup" if x["setup"] == "paper" else f"'{x['setup']}' (`{x['spec']}`)")
            + f": {x['source']}" for x in r["setups"]) + ".", ""] if r.get("setups") else []),
        *(_setups_lines(r, readings) if readings else []),
        *_claims_over_readings(r),
        "",
        *_readings_table(r),
        "",
        *_comparisons_table(r),
        "",
    ]


def write_decisions_md(export_root=EXPORT_ROOT) -> Path:
    """``DECISIONS.md`` from every ``decisions/*.json``."""
    records = read_records(export_root)
    verdicts: dict[str, int] = {}
    claim_counts: dict[str, int] = {}
    for r in records:
        verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
        for g in claim_groups(r):
            claim_counts[g["verdict"]] = claim_counts.get(g["verdict"], 0) + 1
    lines = [
        "# Decisions: the papers' claims against runs at the paper's T and D",
        "",
        RULES,
        "",
        *(["![Claims by decision per item, and every comparison's P(A > B)](DECISIONS.png) (the picture "
           "of this file: `DECISIONS.png` / `.pdf`, its data `DECISIONS.csv`, one row per comparison)", ""]
          if (Path(export_root) / "DECISIONS.png").is_file() else []),
        "Items by verdict: "
        + (", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())) or "none")
        + ". Claims (over their readings): "
        + ", ".join(f"{k} {v}" for k, v in sorted(claim_counts.items()))
        + ".",
        "",
    ]
    for r in records:
        lines += _item_lines(r, export_root)
    lines += [
        "## Claims listed from the papers and not tested",
        "",
        "Each entry of the claims list (the papers' claims, numbered by item) is a claim above or here, with "
        "why it is not decided from runs (`regretlab.decisions.claims.NOT_TESTED`; a test checks the list "
        "against the registry).",
        "",
        "| claims | why not tested |",
        "|---|---|",
        *(f"| {key} | {reason} |" for key, reason in NOT_TESTED.items()),
        "",
    ]
    return atomic_write_text(Path(export_root) / "DECISIONS.md", "\n".join(lines) + "\n")
