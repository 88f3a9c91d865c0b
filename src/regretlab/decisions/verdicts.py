"""What a decision is (step 5 of :mod:`regretlab.decisions.decide`): a claim's comparisons combined by its
quantifier, a paper's claim over its registered readings, a claim or an item over its setup readings, an
item's verdict, and the records that carry them."""

from __future__ import annotations

from dataclasses import dataclass, field

from regretlab._validate import check_choice

from .claims import Claim
from .looks import ALPHA

__all__ = ["NOT_RUN", "ClaimDecision", "ItemDecision", "claim_decision", "reading_verdict", "setup_verdict",
           "item_verdict", "CLAIM_VERDICTS", "NOT_TESTABLE", "PENDING", "UNDERPOWERED", "STATUS_WORDS"]

#: The verdict of an item whose claims are registered but which has no full-mode run yet.
NOT_RUN = "not run yet"


#: A registered claim, reading or setup whose first look has not been reached: nothing about it was tested.
PENDING = "pending"
#: An undecided reading with no look left, or whose forecast chance of a decision by the paper's run count is
#: below :data:`regretlab.decisions.forecast.FUTILITY`: beyond what the paper's own n can show.
UNDERPOWERED = "underpowered"
#: The words a reading, claim or item that is not decided carries, and what each means (one vocabulary for
#: the records, DECISIONS.md, COMPARISON.md, the README, the site and the notebooks).
STATUS_WORDS = {
    PENDING: "not yet run: no planned look reached (next look, its price and the forecast chance it decides)",
    "undecided": "looks left: the next look's runs, price and forecast chance of a decision are shown",
    UNDERPOWERED: "beyond the paper's power: no look left, or under a 10 % forecast chance that the paper's "
                  "run count decides it; shown with its effect, interval, runs needed and the power the "
                  "paper's n would have had",
}


@dataclass
class ClaimDecision:
    """A claim reading, its comparisons (:class:`regretlab.decisions.decide.Comparison`) and its decision
    (confirmed, refuted, undecided, :data:`PENDING` or :data:`UNDERPOWERED`), with its forecast
    (:class:`regretlab.decisions.forecast.Forecast`, None when none was made)."""

    claim: Claim
    decision: str
    comparisons: list = field(default_factory=list)
    forecast: object | None = None


def claim_decision(claim: Claim, comparisons: list) -> str:
    """Combine a claim's comparisons (:class:`regretlab.decisions.decide.Comparison`, each decided) by its
    quantifier (see :mod:`regretlab.decisions.decide`'s docstring, step 5)."""
    if claim.quantifier == "all":
        if any(c.decision == "refuted" for c in comparisons):
            return "refuted"
        return "confirmed" if all(c.decision == "confirmed" for c in comparisons) else "undecided"
    if claim.quantifier == "all_but_one_none_reversed":   # "almost all", strictly: the exception may not
        need = max(1, len(comparisons) - 1)                 # be significantly the other way
        if any(c.decision == "refuted" for c in comparisons):
            return "refuted"
        return "confirmed" if sum(c.decision == "confirmed" for c in comparisons) >= need else "undecided"
    if claim.quantifier == "all_but_one":  # "almost all": one comparison may fail (none if it is alone)
        need = max(1, len(comparisons) - 1)
        refuted = sum(c.decision == "refuted" for c in comparisons)
        if refuted > len(comparisons) - need:
            return "refuted"
        return "confirmed" if sum(c.decision == "confirmed" for c in comparisons) >= need else "undecided"
    if claim.quantifier == "some_each_problem":   # on every problem, at least one compared method
        states = []
        for problem in claim.problems:
            mine = [c for c in comparisons if c.problem == problem]
            states.append("confirmed" if any(c.decision == "confirmed" for c in mine) else
                          "refuted" if mine and all(c.decision == "refuted" for c in mine) else "undecided")
        if "refuted" in states:
            return "refuted"
        return "confirmed" if all(s == "confirmed" for s in states) else "undecided"
    # most_problems: for every compared method a majority of the problems
    need = len(claim.problems) // 2 + 1
    states = []
    for other in claim.others:
        mine = [c for c in comparisons if other in (c.method, c.other)]  # a 'worse' claim swaps them
        confirmed = sum(c.decision == "confirmed" for c in mine)
        refuted = sum(c.decision == "refuted" for c in mine)
        states.append(
            "confirmed" if confirmed >= need else "refuted" if refuted > len(mine) - need else "undecided"
        )
    if "refuted" in states:
        return "refuted"
    return "confirmed" if all(s == "confirmed" for s in states) else "undecided"


#: What a paper's claim can be, decided over its registered readings (:func:`reading_verdict`).
CLAIM_VERDICTS = ("confirmed", "refuted", "reading-dependent", "undecided", PENDING, UNDERPOWERED,
                  "not testable")
#: The decision of a claim that cannot be tested with the runs here (``Claim.untestable``).
NOT_TESTABLE = "not testable"


def reading_verdict(decisions) -> str:
    """A paper's claim decided over its registered readings (each reading's decision, in any order):
    *confirmed* when every reading is confirmed, *refuted* when every reading is refuted,
    *reading-dependent* when one reading is confirmed and another refuted (the words decide, not the data),
    else *pending* while a reading is (its first look not reached), *undecided* while a reading has looks
    left, and *underpowered* when every reading still open is beyond the paper's power. A smoke run decides
    none.

    Refuting (confirming) only when every reading refutes (confirms) is an intersection–union test
    [Berger1982]: each reading's decision is made at the item's Holm level over *every* reading's
    hypotheses, so the claim's error is at most that of one reading, with no further correction.

    >>> reading_verdict(["refuted", "refuted"]), reading_verdict(["refuted", "undecided"])
    ('refuted', 'undecided')
    >>> reading_verdict(["refuted", "confirmed", "undecided"])
    'reading-dependent'
    >>> reading_verdict(["confirmed", "pending"]), reading_verdict(["underpowered", "undecided"])
    ('pending', 'undecided')
    >>> reading_verdict(["refuted", "underpowered"])
    'underpowered'
    """
    decisions = [check_choice("decisions", d, _READING_DECISIONS) for d in decisions]
    if not decisions:
        return "undecided"
    if all(d == NOT_TESTABLE for d in decisions):
        return NOT_TESTABLE
    decisions = [d for d in decisions if d != NOT_TESTABLE]
    if "smoke run" in decisions:
        return "smoke run"
    if all(d == "confirmed" for d in decisions):
        return "confirmed"
    if all(d == "refuted" for d in decisions):
        return "refuted"
    if {"confirmed", "refuted"} <= set(decisions):
        return "reading-dependent"
    return _open_verdict(decisions)


def _open_verdict(decisions) -> str:
    """The word of something not decided, from its parts' words: *pending* while a part is, else *undecided*
    while a part has looks left, else *underpowered*."""
    if PENDING in decisions:
        return PENDING
    if "undecided" in decisions:
        return "undecided"
    return UNDERPOWERED if UNDERPOWERED in decisions else "undecided"


#: What one reading of a claim can be decided (:func:`claim_decision`, a smoke run, or not testable).
_READING_DECISIONS = ("confirmed", "refuted", "undecided", PENDING, UNDERPOWERED, "smoke run", NOT_TESTABLE)


def setup_verdict(verdicts) -> str:
    """A claim's (or an item's) verdict over its setup readings, the paper's setup first (each verdict over
    that setup's readings; :data:`PENDING` for a setup reading with no decision yet): the common verdict when
    every setup gives the same; *setup-dependent* when one setup refutes (a claim *refuted*, an item *not
    reproduced*) and another supports (*confirmed*; *reproduced* or *partly*); else *pending* while a
    registered setup reading has no decision yet (or is pending itself), *undecided* while a setup has looks
    left, and *underpowered* when every setup still open is beyond the paper's power. The fair-verdicts rule
    on the second axis: "not reproduced" only where every setup reading refutes.

    >>> setup_verdict(["refuted", "refuted"]), setup_verdict(["refuted", "confirmed"])
    ('refuted', 'setup-dependent')
    >>> setup_verdict(["not reproduced", "pending"]), setup_verdict(["not reproduced", "undecided"])
    ('pending', 'undecided')
    >>> setup_verdict(["not reproduced", "underpowered"])
    'underpowered'
    """
    verdicts = list(verdicts)
    if verdicts and all(v == verdicts[0] for v in verdicts):
        return verdicts[0]
    refuting = any(v in ("refuted", "not reproduced") for v in verdicts)
    supporting = any(v in ("confirmed", "reproduced", "partly") for v in verdicts)
    if refuting and supporting:
        return "setup-dependent"
    return _open_verdict(verdicts)


def item_verdict(decisions: list[str]) -> str:
    """An item's verdict from its claims' verdicts over their readings (:func:`reading_verdict`): *not
    reproduced* only through a claim refuted under every reading, *reproduced* when every claim is
    confirmed under every reading, *reading-dependent* when a claim is and none is refuted, *partly* when
    some claim is confirmed, else *pending* while a claim is, *undecided* while a claim has looks left, and
    *underpowered* when every open claim is beyond the paper's power. A claim that is not testable here
    counts for none of these
    (an item whose every claim is not testable is *not testable*)."""
    decisions = [check_choice("decisions", d, (*CLAIM_VERDICTS, "smoke run")) for d in decisions]
    if decisions and all(d == NOT_TESTABLE for d in decisions):
        return NOT_TESTABLE
    decisions = [d for d in decisions if d != NOT_TESTABLE]
    if not decisions:
        return "undecided"
    if "refuted" in decisions:
        return "not reproduced"
    if all(d == "confirmed" for d in decisions):
        return "reproduced"
    if "reading-dependent" in decisions:
        return "reading-dependent"
    return "partly" if "confirmed" in decisions else _open_verdict(decisions)


#: What an item can be decided (:func:`item_verdict`, and :func:`setup_verdict` over its setups).
ITEM_VERDICTS = ("reproduced", "partly", "reading-dependent", "not reproduced", "setup-dependent",
                 "undecided", PENDING, UNDERPOWERED, NOT_TESTABLE)
#: What a row of COMPARISON.md, the site or a notebook says where there is no decision to give, and why.
NO_VERDICT_LABELS = {
    "smoke run: no verdict": "quick-mode runs: few repeats, short budgets; never evidence",
    "partial runs: no verdict": "a full-mode export of part of the runs, drawn while a decision is under "
                                "way",
    "qualitative": "no stated comparison to test: the figure and its data are exported",
    "new": "not in the paper: the figure and its data are exported",
    "substitute": "the paper's data are not available offline: a labelled substitute",
    "reproduced (no runs: its own check)": "a formula rendered or a function drawn, checked by its own "
                                           "computation, not an experiment",
}
#: Every word a verdict cell anywhere (records, DECISIONS.md, COMPARISON.md, the README, the site, the
#: notebooks) may start with: one vocabulary (a test reads every one of those places against it).
VOCABULARY = frozenset((*CLAIM_VERDICTS, *ITEM_VERDICTS, *NO_VERDICT_LABELS))


@dataclass
class ItemDecision:
    """The decisions of one item: its claims, the looks, the runs used and the verdict."""

    item: str
    mode: str
    verdict: str
    looks: tuple[int, ...]
    claims: list[ClaimDecision]
    runs: dict[str, int]
    core_hours: float
    commits: list[str]
    alpha: float = ALPHA
    spending: str = "pocock"
    taken: tuple[int, ...] = ()  # the planned looks at which a decision was possible (looks_taken)
    commit_check: dict | None = None  # commit_check(): do the runs of different commits differ?
    repeat_check: dict | None = None  # repeat_check(): does a method re-query known points?
    #: measured statements on the item's setup (:func:`regretlab.diagnoses.diagnosis.diagnose`)
    diagnosis: list[str] = field(default_factory=list)
    #: the paper's printed numbers beside ours (:func:`regretlab.decisions.preregister.printed_check`),
    #: where the paper prints numbers about the item
    printed: dict | None = None
    #: each paper's claim's forecast over its readings (:class:`regretlab.decisions.forecast.Forecast`), when
    #: one was made
    claim_forecasts: dict = field(default_factory=dict)
    #: the run keys of every run the decision read, sorted (a run kept in another item's archive under
    #: another name is named by its key, so a re-decision can check it reads the same runs)
    run_keys: tuple[str, ...] = ()

    def readings(self) -> list[tuple[str, list[ClaimDecision], str]]:
        """The paper's claims in registration order: (claim key, its readings' decisions, its verdict over
        them, :func:`reading_verdict`)."""
        groups: dict[str, list[ClaimDecision]] = {}
        for c in self.claims:
            groups.setdefault(c.claim.claim_key, []).append(c)
        return [(key, group, reading_verdict(c.decision for c in group)) for key, group in groups.items()]

    def counts(self) -> dict[str, int]:
        """The paper's claims by their verdict over their readings (:data:`CLAIM_VERDICTS`)."""
        verdicts = [verdict for _, _, verdict in self.readings()]
        return {d: verdicts.count(d) for d in CLAIM_VERDICTS}

    def reading_counts(self) -> dict[str, int]:
        """The registered readings by their own decision."""
        return {d: sum(c.decision == d for c in self.claims) for d in ("confirmed", "refuted", "undecided")}
