"""Where every reading of every catalogue formula comes from: one table, printed wherever a letter is.

A formula the papers print in more than one way is implemented once per form, each a *reading* selected by
a letter (``reading="A"``). A letter alone says nothing, so every place that prints one (``regretlab
formula ID --help`` and its results, ``regretlab verify``'s table and report) prints its origin from this
table, which says of each reading one of four things:

* **as printed** in a paper, at a place (the form the formula's main statement prints);
* a **second printed form**: the same quantity printed differently elsewhere (another copy, a proof, an
  appendix, an algorithm box);
* the **authors' code** (none of the formulas so far: the code readings are setups, ``regretlab setups``);
* **this project's reading**: not printed anywhere; what the project derived or chose, and why.

The details (what each form is, which one a test shows to hold) are in the formulas' docstrings and
``bounds/ERRATA.md``; ``tests/bounds/test_readings.py`` checks that every reading of every formula has an
origin here and that each origin is one of the four kinds.
"""

from __future__ import annotations

__all__ = ["ORIGIN_KINDS", "READING_ORIGINS", "reading_origin"]

PRINTED, SECOND = "as printed in", "second printed form in"
CODE, PROJECT = "authors' code:", "this project's reading:"
#: The four kinds of origin, as the text of an origin starts.
ORIGIN_KINDS = (PRINTED, SECOND, CODE, PROJECT)

_V0 = {
    "A": f"{PRINTED} [TranThe2020-AAAI, Lemma 4]",
    "B": f"{SECOND} [TranThe2020-ext, Lemma 4] (Γ inside the root)",
    "C": f"{SECOND} [TranThe2020-ext, Eq. (19)] (factor b, symbol α)",
    "D": f"{SECOND} [TranThe2020-ext, Prop. 1] (symbol α)",
    "E": f"{SECOND} [TranThe2020-ext, Prop. 4] (factor b, Γ inside the root)",
    "F": f"{PROJECT} not printed; the δ/3 split the union bound of Prop. 1 needs",
}
_PROP4 = {
    "A": f"{PRINTED} [TranThe2020-ext, Prop. 4] (statement: log(6/δ))",
    "B": f"{SECOND} [TranThe2020-ext, proof of Prop. 4] (log(1/δ))",
}
_TAU = {
    "A": f"{PRINTED} [TranThe2020-AAAI] and [TranThe2020-ext, main text] (t² outside the root)",
    "B": f"{SECOND} [TranThe2020-ext, Lemma 3 statement and proof, Prop. 4] (t² inside the root)",
}
_RATE = {
    "A": f"{PRINTED} [TranThe2020-AAAI] and [TranThe2020-ext, abstract] (√(dTγ_T))",
    "B": f"{SECOND} [TranThe2020-ext, §Discussion and supplement] (√(dT)·γ_T)",
}
_THM7 = {
    "A": f"{PRINTED} [Li2016, Thm 7] (last term Σ t⁻², which does not vanish)",
    "B": f"{PROJECT} what Lemmas 13-14 give after dividing by T (the printed Õ form follows from it)",
}
_GAMMA = {
    "A": f"{SECOND} [Li2016, §4, text after Definition 1] ((log T)^(D+1))",
    "B": f"{PRINTED} [Li2016, Thm 2] and [Kandasamy2015, Thm 4] ((log T)^(d+1))",
}
_UCB = {
    "B": f"{PRINTED} [TranThe2020-AAAI, Eq. (2)], [Kandasamy2015, Eq. (6)], [Ha2019, Eq. (2)], [Li2016]",
    "A": f"{SECOND} [TranThe2020-ext, main text Eq. (2)] (root over βσ: a typo its proofs do not use)",
}

#: formula id -> reading -> origin (starting with one of :data:`ORIGIN_KINDS`).
READING_ORIGINS: dict[str, dict[str, str]] = {
    "ADD.decomposition_count": {
        "A": f"{PRINTED} [Kandasamy2015, §4.4] (D!/(d!M!))",
        "B": f"{PROJECT} not printed; the count of partitions into M unlabelled groups of size d",
    },
    "ADD.eq14_erratum": {
        "A": f"{PRINTED} [Kandasamy2015, Eq. (14)] (withdrawn by the authors' erratum)",
        "B": f"{PROJECT} the corrected chain, with the variance of the sum in place of the sum of variances",
    },
    "ADD.discretisation": {
        "B": f"{PRINTED} [Kandasamy2015, the text and Eq. (13)] (1/t³)",
        "A": f"{SECOND} [Kandasamy2015, Eq. (11)] (1/t²)",
    },
    "GP.ucb": _UCB,
    "GP.lcb": _UCB,
    "SRINIVAS.C1": {
        "A": f"{PRINTED} [Ha2019, Eq. (22)] and [Srinivas2010, Lemma 5.4] (8/log(1+σ⁻²))",
        "B": f"{SECOND} [TranThe2020-ext, Prop. 4] (8/log(1+σ²))",
    },
    "CHLEBUS.sum_upper": {
        "A": f"{PRINTED} [TranThe2020, §Discussion] (\"can be bounded by\", without the factor N0)",
        "B": f"{SECOND} [TranThe2020, §Discussion], same paragraph (N0(T+1)^(α+1)/(α+1))",
        "C": f"{PROJECT} not printed; reading A with the factor N0 that |Z_t| carries",
    },
    "MSUCB.tau_t": _TAU,
    "MSUCB.Ft": _TAU,
    "MSUCB.beta_t1": {
        "A": f"{PRINTED} [TranThe2020-AAAI, Lemma 3] (t² outside the root)",
        "B": f"{SECOND} [TranThe2020-ext, Lemma 3] (t² inside the root)",
    },
    "MSUCB.beta_t": {
        "A": f"{PRINTED} [TranThe2020-AAAI] and [TranThe2020-ext, main text] (the one MS-UCB uses)",
        "B": f"{SECOND} [TranThe2020-ext, Prop. 4]",
        "C": f"{SECOND} [TranThe2020-ext, proof of Thm 3]",
        "D": f"{SECOND} [TranThe2020-ext, Prop. 1] (reading A with the symbol α)",
    },
    "MSUCB.beta_t_d0": {
        "A": f"{PRINTED} [TranThe2020-ext, §Discussion and proof of Thm 5]",
        "B": f"{PROJECT} not printed; d = 0 (|F_t| = 1) and δ/3 substituted into Lemma 2",
    },
    "MSUCB.metric": {
        "A": f"{PRINTED} [TranThe2020, §Experiments] (\"the function value sampled at iteration t\")",
        "B": f"{PROJECT} not printed; the best value so far, the usual convention of regret plots",
    },
    "MSUCB.l1ball_volume": {
        "A": f"{PRINTED} [TranThe2020-ext, proof of Lemma 4] ((4θ)^n/Γ(n+1))",
        "B": f"{PROJECT} not printed; the volume of the ℓ1 ball of radius θ ((2θ)^n/Γ(n+1))",
    },
    "MSUCB.corner_prob": {
        "A": f"{PRINTED} [TranThe2020-ext, proof of Lemma 4]",
        "B": f"{PROJECT} not printed; the orthant volume a corner keeps, divided by 2^n",
    },
    "MSUCB.lemma4_radius": {
        "A": f"{PRINTED} [TranThe2020-ext, proof of Lemma 4, Eq. (18)]",
        "B": f"{SECOND} [TranThe2020, main-text Lemma 4] (v0 with 2b)",
        "C": f"{PROJECT} not printed; uniform in t by a union bound over t <= T",
    },
    "MSUCB.v0": _V0,
    "MSUCB.lemma4_term1": _V0,
    "MSUCB.prop4_RT_case1": _PROP4,
    "MSUCB.prop4_RT_case2": _PROP4,
    "MSUCB.prop4_RT_case3": _PROP4,
    "MSUCB.thm1_rate": _RATE,
    "MSUCB.thm2_rate": _RATE,
    "MSUCB.thm5_d0": {
        "A": f"{PRINTED} [TranThe2020-ext, Thm 5] (√(dT)γ_T at d = 0, i.e. 0)",
        "B": f"{PROJECT} not printed; √(Tγ_T), as in the theorem's first case",
    },
    "RPP.thm7": _THM7,
    "RPP.cor8": _THM7,
    "RPP.ttest": {
        "A": f"{PROJECT} two-sided (the paper says only \"t-test at 95% confidence level\", [Li2016, §5.1])",
        "B": f"{PROJECT} one-sided in the direction of the observed difference (same sentence)",
    },
    "RPP.outer_box_ratio": {
        "A": f"{PRINTED} [Li2016, Eq. (8)], its |W| read as the signed det W",
        "B": f"{PROJECT} the printed |W| read as |det W|, a volume (then ρ >= 1)",
    },
    "RPP.alpha_search": {
        "A": f"{PRINTED} [Li2016, Eq. (8)] (ρ <= 1 + δ: forces Ŵ = I at D = 50)",
        "B": f"{PROJECT} per dimension, ρ^(1/D) <= 1 + δ (the Li2016/RPP setup)",
        "C": f"{PROJECT} per group block, max_j ρ(Ŵ_jj) <= 1 + δ",
    },
    "RPP.gamma_T": _GAMMA,
    "RPP.thm2": _GAMMA,
    "UBO.trigger_rb": {
        "B": f"{PRINTED} [Ha2019, Alg. 1, line 9] (τ = the local time t - t_k)",
        "A": f"{SECOND} [Ha2019, §4.1 \"Triggering the next expansion\"] (τ = t)",
    },
    "UBO.eq27": {
        "B": f"{PRINTED} [Ha2019, App. A.5, Eq. (27)] (factor θ)",
        "A": f"{SECOND} [Ha2019, Thm 4.1] (factor 1/√β_t)",
    },
    "UBO.d_eps": {
        "A": f"{PRINTED} [Ha2019, Thm 4.1] and the end of App. A.3 (factor 1/√β_t)",
        "B": f"{SECOND} [Ha2019, App. A.3, Eq. (27)] (factor θ: a step of the proof)",
    },
}


def reading_origin(formula_id: str, reading: str) -> str:
    """Where reading ``reading`` of catalogue formula ``formula_id`` comes from (see the module docstring);
    an empty string for a formula without readings.

    >>> reading_origin("UBO.d_eps", "B")
    'second printed form in [Ha2019, App. A.3, Eq. (27)] (factor θ: a step of the proof)'
    """
    return READING_ORIGINS.get(formula_id, {}).get(reading, "")
