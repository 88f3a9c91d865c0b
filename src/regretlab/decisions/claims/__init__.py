"""The papers' experimental claims as data: each quoted, located, typed, and tied to the runs and the
statistic it is decided on (the decisions are :mod:`regretlab.decisions.decide`'s).

A :class:`Claim` names the item whose runs it reads (a spec key), its kind (``better``, ``best``,
``similar``, ``no_worse``, ``ratio``, ``trend``, ``order``), the method it is about, the methods it is
compared with, the problems, and the statistic of one run it is tested on (:data:`STATISTICS`). It expands
into *comparisons* (one per compared method and problem); ``quantifier`` says how they combine: ``"all"``
(every one), ``"all_but_one"`` (every one but at most one: the papers' "almost all"),
``"all_but_one_none_reversed"`` (the same, and none significantly the other way: "almost all" read strictly),
``"most_problems"`` (for every compared method, a majority of the problems — the reading of the papers'
"for most test functions"), or ``"some_each_problem"`` (on every problem, at least one of its compared
methods: "not competitive with the Add-d/M for small d" read as *some* small-d Add-d/M beats Add-*).
``cells`` may list the (other, problem) comparisons explicitly where the compared methods differ by
problem (the Add-d/M with d < d' of each panel).

**Readings.** Where the words allow more than one reading (which statistic, which d is "small", a trend or
its pairs), each defensible reading is its own :class:`Claim` with one ``base`` (the paper's claim), a
``label`` and a ``justification``; all are registered before deciding, all are in the item's Holm family,
and the paper's claim is refuted only when every reading refutes it
(:func:`regretlab.decisions.verdicts.reading_verdict`). ``base`` groups readings within an item; a setup
reading of the item (another spec, :func:`claims_of`) adds the same readings again under that setup.
Keys and quotes follow the project's claims list (``Key.item.cN``); where a word needs a reading (⚠
"most", "similar", "2-3 times"), ``reading`` says which one is used and why.
"""

from __future__ import annotations

from dataclasses import replace

from regretlab._discovery import contributions

from ._core import (
    CLAIM_KINDS,
    EQUIVALENCE_MARGIN,
    EQUIVALENCE_PILOT,
    QUANTIFIERS,
    STATISTICS,
    TIE_SHARE,
    Claim,
)

__all__ = ["Claim", "CLAIMS", "STATISTICS", "CLAIM_KINDS", "QUANTIFIERS", "claims_of", "EQUIVALENCE_MARGIN",
           "EQUIVALENCE_PILOT", "TIE_SHARE", "NOT_TESTED", "covers", "is_not_tested"]

#: Each statistic's short name in a reading's label.
_STATISTIC_LABEL = {
    "final_best_f": "best value found",
    "final_simple_regret": "S_T",
    "final_average_regret": "R_T/T",
    "seconds_per_iteration": "wall-clock s/iteration",
    "cpu_seconds_per_iteration": "CPU s/iteration",
    "last10_log10_regret": "plotted metric, last 10 %",
    "final_log10_simple_regret": "log10 S_T",
}
#: The suffixes of registered readings (a claim keyed ``<base><suffix>`` is a reading of ``<base>``), each
#: with why the axis it varies is open, quoting the paper.
_READING_AXES = {
    "_RT": "which statistic: Figs 3-4 print S_T (rows 1 and 3) and R_T/T (rows 2 and 4) for every panel and "
    "[Kandasamy2015, §5.1]'s sentences name neither; §5.1 itself warns that R_T/T reflects exploration ('the "
    "cumulative regret is low for Add-d/M ... since they have already started exploiting')",
    "_best": "which statistic: 'log distance to the true optimum' of 'the function value sampled at "
    "iteration t' ([TranThe2020, §Experiments]) is, read literally, the plotted metric of the point sampled "
    "(here its "
    "last 10 %); read as BO usually plots it, the best so far, log10 S_T",
    "_cpu": "which clock: the paper's 'seconds per iteration' on its own machine; wall-clock seconds as "
    "printed, CPU seconds as the same cost free of other processes' load on a shared machine",
    "_T500": "which T: the sentences name none; the table prints T = 500 and T = 1000, and its cells at T = "
    "500 support the sentence as well as those at T = 1000",
    "_pairs": "which ranking: the printed order of a table's cells read as a trend along the whole order, or "
    "as each stated pair of neighbours (an intersection-union test)",
    "_adds": "which comparators: 'the rest' (Fig. 5a) and 'the best' (Fig. 5b) read as every method of the "
    "figure, or as the other Add-d/M instantiations the sentence weighs",
    "_each": "",
    "_some": "",
    "_strict": "which exception: 'almost all' read as every one but at most one, or, stricter, every one but "
    "at most one with none significantly the other way (added 2026-12-07 after an audit saw the first "
    "reading confirmed while one instantiation was significantly worse: a reading added after the data can "
    "only withhold a confirmation, never make a refutation, since a claim is refuted only under every "
    "reading)",
}


def _base_key(key: str) -> str:
    """The paper's claim a registered reading belongs to: ``key`` without its reading suffixes."""
    for suffix in ("_RT", "_best", "_cpu", "_T500"):
        key = key.removesuffix(suffix)
    for suffix in ("_pairs", "_each", "_some", "_adds", "_strict"):
        key = key.removesuffix(suffix)
    return key


def _registered_readings(claims) -> tuple[Claim, ...]:
    """Every claim with its ``base``, its reading's ``label`` (its own words' label, then the statistic) and
    a ``justification`` naming each axis on which its claim has more than one reading."""
    groups: dict[str, list[Claim]] = {}
    for c in claims:
        groups.setdefault(_base_key(c.key), []).append(c)
    out = []
    for c in claims:
        base = _base_key(c.key)
        twins = groups[base]
        paired = any(t.key.endswith("_pairs") for t in twins)
        at_500 = any(t.key.endswith("_T500") for t in twins)
        adds = any(t.key.endswith("_adds") for t in twins)
        words = c.label or ("trend along the printed order" if paired and c.kind == "trend"
                            else "each printed pair" if c.key.endswith("_pairs")
                            else "T = 1000" if at_500 and c.at == 1000
                            else "every method of the figure" if adds else "")
        label = "; ".join(x for x in (words, _STATISTIC_LABEL[c.statistic]) if x)
        axes = [why for suffix, why in _READING_AXES.items()
                if why and any(suffix in t.key[len(base):] for t in twins)]
        justification = " / ".join(x for x in (c.justification, *axes) if x)
        out.append(replace(c, base=base, label=label, justification=justification))
    return tuple(out)


#: Each paper's module and its claims (one module per paper, found by listing this package).
_PAPERS = contributions(__name__, __path__, "CLAIMS")
#: Every claim decided from runs, by key.
CLAIMS: dict[str, Claim] = {c.key: c for _, claims in _PAPERS for c in _registered_readings(claims)}


def claims_of(item: str) -> list[Claim]:
    """The claims decided from the runs of ``item`` (a spec key). A spec that is a setup reading of another
    (``Spec.reading_of``) is decided on that spec's claims again, each keyed ``<key>@<setup reading>`` and
    carrying its setup reading (:attr:`Claim.setup`)."""
    own = [c for c in CLAIMS.values() if c.item == item]
    if own:
        return own
    from regretlab.experiments.registry import (
        SPECS,  # claims are data about specs; the registry imports no claim
    )

    spec = SPECS.get(item)
    if spec is None or not spec.reading_of:
        return []
    return [replace(c, key=f"{c.key}@{spec.setup_reading}", item=item, setup=spec.setup_reading)
            for c in claims_of(spec.reading_of)]


#: The claims list's entries (``Key.item.cN``, numbered as the list numbers them; ``cA-cB`` a range) that no
#: registered claim tests, each with why. With the list beside the repository, a test fails on an entry that
#: is neither registered (its key, or its key with a suffix) nor here; DECISIONS.md prints this table.
NOT_TESTED: dict[str, str] = {
    key: reason for module, _ in _PAPERS for key, reason in module.NOT_TESTED.items()
}


def covers(listed: str, key: str) -> bool:
    """Whether a key written as ``Item.cN`` or a range ``Item.cA-cB`` (the claims list's numbering) names
    the entry ``key`` (``Item.cN``); a key with a suffix (``_cpu``, ``_D24``) names no number here."""
    item, _, number = key.rpartition(".c")
    head, _, span = listed.rpartition(".c")
    low, _, high = span.partition("-c")
    if head != item or not (number.isdigit() and low.isdigit() and (high or low).isdigit()):
        return False
    return int(low) <= int(number) <= int(high or low)


def is_not_tested(key: str) -> str | None:
    """The reason a claims-list entry is not registered (:data:`NOT_TESTED`), or None."""
    return next((reason for listed, reason in NOT_TESTED.items() if covers(listed, key)), None)
