"""[Li2016]'s claims about its experiments (registered in :mod:`regretlab.decisions.claims`)."""

from __future__ import annotations

import math
from dataclasses import replace

from regretlab.experiments.specs.li2016 import METHODS as LI_TABLE_METHODS
from regretlab.experiments.specs.li2016 import TABLE_1 as LI_TABLE_1
from regretlab.experiments.specs.li2016 import TABLE_2 as LI_TABLE_2

from ._core import EQUIVALENCE_MARGIN, Claim
from ._core import SUMMARY_NOT_TESTED as _SUMMARY

_LI_GP = "Li2016/GP-UCB"


def _li(kind: str, d: int) -> str:
    return f"Li2016/{kind}(d={d})"


_LI_T = ("T is not stated; tested at T = 1000, the table's last row (as printed the claim fails at T = 500 "
         "for d = 25)")
_TABLE_QUOTE = "The simple regret results of the synthetic data with D = {D}."


def _li_ranking(item: str, table: str, D: int, printed: dict, T: int, first: int) -> tuple[Claim, Claim]:
    """The printed row at T (``{method: (mean, s.e.)}``) as a stated order, worst first by the printed
    mean, in two readings of one claim: as an ordered trend over all runs (Jonckheere–Terpstra), and
    as the pairs the row separates (``_pairs``, kind ``order``: every pair whose printed means differ by
    more than :data:`PRINTED_SEPARATION` combined s.e. holds in our runs)."""
    order = tuple(sorted(printed, key=lambda m: -printed[m][0]))
    pairs = tuple((worse, better) for i, worse in enumerate(order) for better in order[i + 1:]
                  if printed[worse][0] - printed[better][0]
                  > PRINTED_SEPARATION * math.hypot(printed[worse][1], printed[better][1]))
    key, quote = f"Li2016.{table}.c{first}-c{first + 6}", _TABLE_QUOTE.format(D=D)
    location = f"[Li2016, §5.1, {'Table 1' if D == 50 else 'Table 2'}]"
    row = ("the seven printed means at T = " + str(T) + " as a ranking (worst first: "
           + ", ".join(f"{m.split('/')[1]} {printed[m][0]} ± {printed[m][1]}" for m in order)
           + "); f's centres come from a seed, so the values differ from the paper's and the order is what "
           "is compared")
    named = "; ".join(f"{w.split('/')[1]} < {b.split('/')[1]}" for w, b in pairs)
    return (
        Claim(key, item, "trend", quote, location, order[0], order[1:], (f"D{D}",), "final_simple_regret",
              at=T, reading=row + ": tested as an ordered trend over all runs (Jonckheere–Terpstra), not "
              "cell by cell; the '_pairs' claim is the other reading"),
        Claim(key + "_pairs", item, "order", quote, location, order[0], order[1:], (f"D{D}",),
              "final_simple_regret", at=T, pairs=pairs,
              reading=row + f": read as the {len(pairs)} of its 21 pairs whose printed means differ by more "
              f"than {PRINTED_SEPARATION} combined s.e. (the pairs the table itself separates; worse < "
              f"better: {named}), every one to hold (an intersection–union test); the trend claim "
              "without '_pairs' is the other reading"),
    )


def _row(table: dict, T: int) -> dict:
    """A printed row of [Li2016, Tables 1-2] (the specs' values): {method: (mean, s.e.)} of the seven
    methods the table prints (REMBO is the text's, without an s.e.)."""
    return {m: table[m][T] for m in LI_TABLE_METHODS[:7]}


_T1_500, _T1_1000 = _row(LI_TABLE_1, 500), _row(LI_TABLE_1, 1000)
_T2_500, _T2_1000 = _row(LI_TABLE_2, 500), _row(LI_TABLE_2, 1000)
#: A pair of methods in a printed row of mean ± s.e. is read as ordered by the table when the two means
#: differ by more than this many combined standard errors, :math:`|m_a-m_b|>1.96\sqrt{s_a^2+s_b^2}`: the
#: two-sided 5 % z-test a reader applies to two printed cells. Not from the paper (it states no test for
#: Tables 1-2); chosen because a pair the table itself cannot tell apart (Table 1, T = 500: RPP-25 152.4 ±
#: 6.5 against RPP-5 151.1 ± 9.7) is no stated order.
PRINTED_SEPARATION = 1.96
_S51 = "[Li2016, §5.1]"
_C16_QUOTE = {
    50: "When we increase d to 10 and 25, both Add-GP-UCB and RPP-GP-UCB outperform GP-UCB.",
    100: "When D = 100, both Add-GP-UCB and RPP-GP-UCB perform better than GP-UCB for all values of d.",
}


def _at_500(claim: Claim) -> Claim:
    """``claim`` (a text claim tested at T = 1000, the table's last row) read at T = 500, its first row."""
    return replace(claim, key=f"{claim.key}_T500", at=500, label="T = 500",
                   reading=claim.reading.replace("tested at T = 1000", "tested at T = 500, the table's first "
                                                 "row (the T = 1000 reading is the claim without '_T500')"))


def _li_tables(item: str, table: str, D: int, rows: tuple[dict, dict]) -> tuple[Claim, ...]:
    """One table's claims: its two printed rows as rankings, and the text's pairwise claims at T = 1000."""
    problems = (f"D{D}",)
    claims = [*_li_ranking(item, table, D, rows[0], 500, 1), *_li_ranking(item, table, D, rows[1], 1000, 8)]
    if D == 50:
        claims.append(Claim(
            "Li2016.tab1.c15", item, "better",
            "for D = 50, neither Add-GP-UCB nor RPP-GP-UCB are statistically expressive when we use d = 5.",
            _S51, _LI_GP, (_li("ADD", 5), _li("RPP", 5)), problems, "final_simple_regret", at=1000,
            reading="stated as an explanation; the outcome it implies (the claims list's reading, and what "
            "the table prints) is that GP-UCB beats both d = 5 variants; T is not stated: tested at "
            "T = 1000"))
        claims += [Claim(
            f"Li2016.tab1.c17_{kind}", item, "better",
            "Also, we could notice that d = 10 outperforms d = 25.",
            _S51, _li(kind, 10), (_li(kind, 25),), problems, "final_simple_regret", at=1000,
            reading=f"for {kind} (the claim is made for ADD and RPP, each its own claim); T is not stated: "
            "tested at T = 1000") for kind in ("ADD", "RPP")]
    else:
        # "similar observations" [Li2016, §5.1] names none: of the D = 50 paragraph's three, c16 is restated
        # for D = 100 in the next sentence (registered below, for every d), and c15 (the d = 5 variants not
        # expressive) is contradicted by it ("for all values of d"); what is left is c17, d = 10 over d = 25
        claims += [Claim(
            f"Li2016.tab2.c15_{kind}", item, "better",
            "In Table 2, we have similar observations for D = 100.",
            _S51, _li(kind, 10), (_li(kind, 25),), problems, "final_simple_regret", at=1000,
            reading="which observations carry over is not said: read as Table 1's c17 (d = 10 outperforms "
            f"d = 25), here for {kind}, the one D = 50 observation the next sentence neither restates (c16, "
            "registered for every d) nor contradicts (c15: 'for all values of d' includes d = 5); T is not "
            "stated: tested at T = 1000") for kind in ("ADD", "RPP")]
    # T is not stated: where the table's T = 500 row supports the sentence too, T = 500 is a second reading
    # (c16 is not read at T = 500: its printed d = 25 cells contradict it there)
    claims += [_at_500(c) for c in claims if c.at == 1000 and "_pairs" not in c.key and c.kind == "better"]
    ds = (10, 25) if D == 50 else (5, 10, 25)
    claims += [Claim(
        f"Li2016.{table}.c16_{kind}{d}", item, "better", _C16_QUOTE[D], _S51, _li(kind, d), (_LI_GP,),
        problems, "final_simple_regret", at=1000,
        reading=f"{kind}-{d} beats GP-UCB, one claim per variant the sentence names; " + _LI_T)
        for d in ds for kind in ("ADD", "RPP")]
    return tuple(claims)


def _li_ttest(item: str, table: str, D: int, labels: dict) -> tuple[Claim, ...]:
    """A t-test table's cells: 'win' as RPP-d better than ADD-d, 'tie' as equivalent (the paper's 'tie' is
    read as 'not significantly different' and tested as equivalence, the only way it can be confirmed)."""
    out = []
    for (T, d), (label, number) in labels.items():
        kind = "better" if label == "win" else "similar"
        out.append(Claim(
            f"Li2016.{table}.c{number}", item, kind,
            "RPP-GP-UCB versus Add-GP-UCB based on t-test at 95% confidence level when D = " + str(D),
            f"[Li2016, §5.1, Table {3 if D == 50 else 4}]", _li("RPP", d), (_li("ADD", d),), (f"D{D}",),
            "final_simple_regret", at=T,
            reading=f"the cell (T = {T}, d = {d}) prints '{label}'; "
            + ("'win' = RPP-d better than ADD-d (a one-sided rank test in place of the unstated t-test)"
               if label == "win" else
               f"'tie' is not defined: read as equivalent within {EQUIVALENCE_MARGIN} pooled standard "
               "deviations (two one-sided tests); a 'tie' that only means 'not significant' cannot be "
               "confirmed by any number of runs")))
    return tuple(out)


_TAB3 = {(500, 5): ("win", 1), (500, 10): ("win", 2), (500, 25): ("tie", 3),
         (1000, 5): ("win", 4), (1000, 10): ("win", 5), (1000, 25): ("tie", 6)}
_TAB4 = {(500, 5): ("tie", 1), (500, 10): ("win", 2), (500, 25): ("win", 3),
         (1000, 5): ("tie", 4), (1000, 10): ("win", 5), (1000, 25): ("tie", 6)}
_S511 = "[Li2016, §5.1.1]"
_S52 = "[Li2016, §5.2]"
_LI_SUBSTITUTE = ("substitute data (the spec's SDSS-surrogate with correlated dummies, the VJ-surrogate): "
                  "labelled substitute")
_FIG4_T = "T is not stated: the best value found by the spec's last evaluation"


def _li_rpp(d: int, delta: float | None = 0.05) -> str:
    return f"Li2016/RPP(d={d})" if delta is None else f"Li2016/RPP(d={d}, delta={delta})"


def _li_table5() -> tuple[Claim, ...]:
    """Table 5's sentences ([Li2016, §5.1.1]): δ = 0 is ADD-d, δ = 0.1 is Table 1's RPP-d (the same runs),
    δ = 0.05 its own column. The printed cells (c1-c9) are values from a seeded f the paper does not give:
    compared as the text's orderings, not cell by cell."""
    problems, T = ("D50",), 1000
    out = [Claim(f"Li2016.tab5.c10_d{d}", "Li2016.table5", "trend",
                 "In Table 5, larger δ results in better performance because it is more statistically "
                 "expressive.", _S511, _li("ADD", d), (_li_rpp(d), _li_rpp(d, None)), problems,
                 "final_simple_regret", at=T,
                 reading=f"for d = {d}: the simple regret at T = {T} falls along δ = 0 (ADD), 0.05, 0.1 (an "
                 "ordered trend, not every adjacent pair); as printed it holds for d = 5 and 10 and not for "
                 "d = 25, which c11 qualifies") for d in (5, 10, 25)]
    out.append(Claim("Li2016.tab5.c11", "Li2016.table5", "similar",
                     "When d is large enough, such as d = 25, even the small δ could be statistically "
                     "expressive.", _S511, _li_rpp(25), (_li_rpp(25, None),), problems,
                     "final_simple_regret", at=T,
                     reading="read as δ = 0.05 and δ = 0.1 equivalent at d = 25 (within the equivalence "
                     "margin), the sense in which a larger δ is then 'less efficient'"))
    out += [Claim(f"Li2016.tab5.c12_d{d}", "Li2016.table5", "better",
                  "Note that RPP-GP-UCB is still better than Add-GP-UCB even though we use smaller δ.", _S511,
                  _li_rpp(d), (_li("ADD", d),), problems, "final_simple_regret", at=T,
                  reading=f"RPP-{d} with δ = 0.05 beats ADD-{d} at T = {T}, one claim per d (as printed "
                  "it fails at d = 5 unless the ADD-5 cell, 53.4, is Table 1's 153.4; c13 restates it in "
                  "§6.1 and is not registered twice)") for d in (5, 10, 25)]
    return tuple(out)


def _li_fig4(item: str, problem: str) -> tuple[Claim, ...]:
    """Fig. 4's sentences ([Li2016, §5.2]) on one panel; §6's restatement of c1 (c4) is not registered
    twice."""
    rpp1, rpp5, add1, add5 = _li_rpp(1), _li_rpp(5), _li("ADD", 1), _li("ADD", 5)
    tag = problem.split("-")[0]
    return (
        *(Claim(f"Li2016.fig4.c1_{tag}_d{d}", item, "better",
                "we could observe RPP-GP-UCB with small δ significantly outperforms Add-GP-UCB when they use "
                "the same d.", _S52, rpp, (add,), (problem,), "final_best_f",
                reading=f"d = {d}, δ = 0.05; 'significantly' is read as the test's decision; {_FIG4_T}; "
                + _LI_SUBSTITUTE) for d, rpp, add in ((1, rpp1, add1), (5, rpp5, add5))),
        Claim(f"Li2016.fig4.c2_{tag}", item, "no_worse",
              "Even when we use d = 1 for RPP-GP-UCB, it could result in competitive or better performance "
              "than Add-GP-UCB with larger d", _S52, rpp1, (add5,), (problem,), "final_best_f",
              reading="'competitive or better' read as not worse than ADD-5 (the spec's larger d) by more "
              "than the equivalence margin (non-inferiority); 'could' names no task: read as on each panel; "
              f"{_FIG4_T}; " + _LI_SUBSTITUTE),
        Claim(f"Li2016.fig4.c3_{tag}", item, "worse", "On the other hand, REMBO does not have satisfactory "
              "performance.", _S52, "Li2016/REMBO", (rpp1, add1, rpp5, add5), (problem,), "final_best_f",
              reading="'not satisfactory' names no comparator: read as worse than each RPP and ADD variant "
              f"of the figure; {_FIG4_T}; " + _LI_SUBSTITUTE),
    )


#: The paper's claims decided from runs (collected by the package's listing).
CLAIMS = (
    *_li_tables("Li2016.table1", "tab1", 50, (_T1_500, _T1_1000)),
    *_li_tables("Li2016.table2", "tab2", 100, (_T2_500, _T2_1000)),
    *_li_ttest("Li2016.table3", "tab3", 50, _TAB3),
    *_li_ttest("Li2016.table4", "tab4", 100, _TAB4),
    *_li_table5(),
    *_li_fig4("Li2016.fig4a", "SDSS-surrogate-mixed"),
    *_li_fig4("Li2016.fig4b", "VJ-surrogate"),
)

#: The paper's claims-list entries no registered claim tests, each with why (see
#: :data:`regretlab.decisions.claims.NOT_TESTED`).
NOT_TESTED: dict[str, str] = {
    "Li2016.appA1.c1-c3": "REMBO's printed simple regrets: the synthetic f's centres come from a seed the"
    " paper does not give, so values differ by construction (the tables' cells are compared as orderings "
    "for the same reason); REMBO with D/4 is run in Tables 1-2",
    "Li2016.appA1.c4": "REMBO with 25 low dimensions is not a spec column (only D/4 is run)",
    "Li2016.appA1.c5": "a trend of one method across D = 50 and 100, two items: the claim kinds here are "
    "per-problem tests",
    "Li2016.appA1.c6-c8": "SMAC is not implemented (the specs of Tables 1-2 declare it missing, with its "
    "printed 130.5 and 460.1)",
    "Li2016.s51text.c1": "δ = ∞ (the unrestricted projection) is not a spec column",
    "Li2016.tab3.c7": "the text's summary of the d = 25 'tie' cells, which are registered as printed "
    "(tab3.c3, tab3.c6, tab4.c6, as equivalence); its conflict with tab4.c3's printed 'win' stays visible"
    " there",
    "Li2016.tab3.c8": "a statement on means that concedes the difference is not significant: the cells it"
    " points at are registered as the tables print them",
    "Li2016.tab5.c1-c9": "printed values from a seeded f the paper does not give: compared as the text's "
    "orderings (c10-c12), not cell by cell; c1 (53.4, Table 1 prints 153.4) is noted in c12's reading",
    "Li2016.tab5.c13": "restates c12 in §6.1: not registered twice",
    "Li2016.fig4.c4": "restates c1 in §6: not registered twice",
    "Li2016.paper.c1": _SUMMARY,
    "Li2016.paper.c2": "names no comparator",
    "Li2016.paper.c3-c7": _SUMMARY,
    "Li2016.paper.c8": "no item is shown (a better fit of W giving better BO)",
    "Li2016.paper.c9": _SUMMARY,
}
