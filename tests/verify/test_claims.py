"""Every registered claim in the smoke profile (all together well under 3 minutes): a verdict per declared
reading, no errors, deterministic; the registry matches the catalogue; the engine's known findings."""

import re

import pytest

from regretlab.bounds import catalogue
from regretlab.verify import CLAIMS, NOT_CHECKED, OUTCOMES, run_claim, verify


@pytest.fixture(scope="module")
def smoke_report():
    return verify(profile="smoke", seed=0, progress=False)


def test_every_claim_gets_a_verdict_per_reading(smoke_report):
    got = {(v.claim, v.reading) for v in smoke_report.verdicts}
    want = {(c.id, r) for c in CLAIMS.values() for r in c.readings}
    assert got == want
    assert smoke_report.ok, smoke_report.errors
    assert all(v.outcome in OUTCOMES for v in smoke_report.verdicts)


def test_same_seed_same_verdicts(smoke_report):
    """Rerunning one claim (its cached evidence cleared by a fresh seed tree is not needed: same seed) gives
    identical statistics."""
    for claim_id in ("MSUCB.lemma4_radius", "UBO.d_eps:thm41", "ADD.eq14_erratum"):
        again = run_claim(claim_id, "smoke", 0)
        first = [v for v in smoke_report.verdicts if v.claim == claim_id]
        assert [(v.outcome, v.statistic, v.violations) for v in again] == \
               [(v.outcome, v.statistic, v.violations) for v in first]


def test_claims_name_catalogue_ids_references_and_formulas():
    ids = set(catalogue.CATALOGUE_IDS)
    for c in CLAIMS.values():
        assert c.catalogue_id in ids
        assert re.match(r"^\[[A-Z][A-Za-z]+[0-9]{4}(-[A-Za-z]+)?, ", c.reference), c.reference
        assert all(f.__module__.startswith("regretlab.bounds") for f in c.bounds), c.id
    assert set(NOT_CHECKED) <= ids


def test_every_probabilistic_catalogue_statement_is_checked_or_listed():
    """Each catalogue entry that states a probability ("w.p.", Pr, "probability") is a claim or listed as not
    checked with a reason."""
    covered = {c.catalogue_id for c in CLAIMS.values()} | set(NOT_CHECKED)
    for section in re.split(r"(?m)^(?=### )", catalogue.text()):
        if section.startswith("### ") and re.search(r"w\.p\.|\\Pr|probability", section):
            for id_ in catalogue.parse_ids(section.splitlines()[0]):
                assert id_ in covered, id_


def test_known_findings_show_in_the_smoke_profile(smoke_report):
    """Eq. (14) as printed fails on real Add-GP-UCB runs and the corrected chain shows no counterexample:
    a proven inequality evaluated on numbers, so its outcome is 'certain' (by construction, with the
    reason), never 'holds'; Lemma 4's radius as printed in the proof (reading A) misses the corner
    z* = (1, ..., 1) far more often than δ/2."""
    outcome = {(v.claim, v.reading): v.outcome for v in smoke_report.verdicts}
    assert outcome[("ADD.eq14_erratum", "A")] == "violated"
    corrected = next(v for v in smoke_report.verdicts if v.claim == "ADD.eq14_erratum" and v.reading == "B")
    assert corrected.outcome == "certain" and corrected.violations == 0
    assert "certain by construction" in corrected.statistic and "proven inequality" in corrected.statistic
    for claim, reading in (("RPP.alpha_search", "A"), ("UBO.prop41_limit", "-")):
        assert outcome[(claim, reading)] in ("certain", "violated"), (claim, outcome[(claim, reading)])
    assert not any(v.outcome == "holds" and (CLAIMS[v.claim].by_construction.get(v.reading)
                                            or CLAIMS[v.claim].by_construction.get("*"))
                   for v in smoke_report.verdicts)
    assert outcome[("MSUCB.lemma4_radius", "A")] == "violated"
    lemma4_a = next(v for v in smoke_report.verdicts if v.claim == "MSUCB.lemma4_radius" and v.reading == "A")
    assert lemma4_a.setting["worst position"] == "corner"
    assert lemma4_a.counterexample["replay"].startswith("regretlab verify --claims 'MSUCB.lemma4_radius'")


def test_every_violated_claim_has_an_errata_entry_from_the_engine(smoke_report):
    """bounds/ERRATA.md (as shipped) has an engine entry naming each claim and reading found violated (the
    entries are generated from the committed thorough report: regretlab.verify.errata)."""
    from importlib import resources

    errata = resources.files("regretlab.bounds").joinpath("ERRATA.md").read_text(encoding="utf-8")
    engine = errata.split("# Found by the verification engine", 1)[1]
    for v in smoke_report.verdicts:
        if v.outcome == "violated":
            headings = [line for line in engine.splitlines() if line.startswith(f"## {v.claim} reading ")]
            assert any(h.split(" — ")[0] == f"## {v.claim} reading {v.reading}" for h in headings), \
                (v.claim, v.reading, headings)
            assert f"regretlab verify --claims '{v.claim}'" in engine


def test_the_long_horizon_regret_check_can_fail(smoke_report):
    """[Srinivas2010, Thm 1] on the 1000-point grid at T = 1000 (reading A): its bound is below what the
    worst query rule reaches on some path (bound/ceiling < 1), and its negative control (the bound divided
    by 10) is caught even in the smoke profile: a 'holds' there is not vacuous."""
    v = next(v for v in smoke_report.verdicts if v.claim == "SRINIVAS.C1:regret_T1000" and v.reading == "A")
    assert v.power["smallest_bound_over_ceiling"] < 1.0
    assert v.power["control_caught"]
    assert "checked for t <= 1000" in v.statistic


def test_lemma3_on_its_grid_can_fail(smoke_report):
    """[TranThe2020, Lemma 3]'s confidence event on the proof's grid F_t: in the smoke profile (6 paths,
    t <= 6) its negative control (the width divided by 10) comes out violated in both readings, the event is
    checked for every t up to the horizon, and the level is the δ/2 the proof's union bound pays for."""
    for reading in ("A", "B"):
        v = next(v for v in smoke_report.verdicts
                 if v.claim == "MSUCB.beta_t1:lemma3_Ft" and v.reading == reading)
        assert v.power["control_caught"] and v.power["vacuous_trials"] == 0
        assert "checked for t <= 6" in v.statistic
        assert v.delta == 0.05


def test_prop51_trigger_check_can_fail(smoke_report):
    """[Ha2019, Prop. 5.1] on the 30 x 30 grid: the trigger fires within T = 1500 on enough smoke paths for
    the check to be able to fail (it does not fire on about 1 path in 15: 4 of 60 in the quick profile), and
    the negative control (the trigger with beta_t / 1000) comes out violated."""
    (v,) = [v for v in smoke_report.verdicts if v.claim == "UBO.trigger_rb:prop51_grid"]
    assert v.power["could_fail"] and v.power["vacuous_trials"] <= 1
    assert v.power["control_caught"], v.statistic
    assert "checked for t <= 1500" in v.statistic


def test_control_audit_rules():
    """control_audit: a "holds" whose control is not violated is inconclusive; one with too few open
    trials is vacuous; one with both is kept."""
    from regretlab.verify import rate_verdict
    from regretlab.verify.verdict import control_audit

    def audited(control_violations, open_trials):
        v = rate_verdict("X", "-", violations=0, trials=60, delta=0.1)
        return control_audit(v, control_violations=control_violations, open_trials=open_trials,
                             control="wrong").outcome

    assert audited(40, 60) == "holds"
    assert audited(2, 60) == "inconclusive"
    assert audited(40, 3) == "vacuous"


def test_grid_gp_ucb_is_finite_gp_ucb_by_rank_one_updates():
    """evidence.grid_gp_ucb (posterior carried by rank-one updates) makes the same queries as
    evidence.finite_gp_ucb (a GP refactorised at every step) with the same noise draws, and hands its
    observer the same posterior mean and s.d. (to 1e-7) before every query."""
    import numpy as np

    from regretlab.bounds.gp_ucb import beta_t_finite
    from regretlab.gp import SquaredExponential
    from regretlab.gp.sample_paths import FiniteSamplePath
    from regretlab.verify.evidence import finite_gp_ucb, grid_gp_ucb

    grid = np.linspace(0.0, 1.0, 150)[:, None]
    kernel = SquaredExponential(0.1, 1.0)
    path = FiniteSamplePath.draw(kernel, grid, rng=np.random.default_rng(3))
    beta = lambda t: beta_t_finite(t=t, n_points=150, delta=0.1)  # noqa: E731
    reference = finite_gp_ucb(kernel, grid, path.values, noise_variance=0.01, T=80,
                              rng=np.random.default_rng(4), beta=beta)
    seen = []
    run = grid_gp_ucb(kernel(grid, grid), path.values, noise_variance=0.01, T=80,
                      rng=np.random.default_rng(4), beta=beta,
                      observe=lambda t, m, s, b: seen.append((m.copy(), s.copy())))
    np.testing.assert_array_equal(run.index, reference.index)
    np.testing.assert_array_equal(run.y, reference.y)
    np.testing.assert_allclose([m for m, _ in seen], reference.mean[:-1], atol=1e-7)
    np.testing.assert_allclose([s for _, s in seen], reference.sd[:-1], atol=1e-7)


def test_the_continuous_domain_regret_check_can_fail(smoke_report):
    """[Srinivas2010, Thm 2] on [0, 1] at T_max = 2000: the bound (upper γ_T) is below what the worst query
    rule reaches on some smoke path, the negative control (bound / 10) is caught, and the verdict says up to
    which T it was checked."""
    (v,) = [v for v in smoke_report.verdicts if v.claim == "SRINIVAS.beta_t_thm2:regret"]
    assert v.power["smallest_bound_over_ceiling"] < 1.0
    assert v.power["control_caught"], v.statistic
    assert "checked for t <= 2000" in v.statistic


def test_a_by_construction_reason_must_name_a_checked_reading():
    """claim(..., by_construction=...) refuses a reading the claim does not check, or an empty reason."""
    from regretlab.bounds.ms_ucb import beta_t
    from regretlab.verify.registry import claim

    for given in ({"Z": "why"}, {"A": ""}):
        with pytest.raises(ValueError, match="by_construction"):
            claim("MSUCB.beta_t:test", reference="x", event="x", latex="x", bounds=(beta_t,),
                  readings=("A",), evidence="x", by_construction=given)(lambda ctx: [])


@pytest.mark.parametrize("width", [80, 110, 160])
def test_the_terminal_table_fits_the_width_it_is_given(smoke_report, width):
    """Every line of the printed table is at most `width` characters (it was 361 wide and wrapped into an
    unreadable block), every verdict keeps its row with its claim id and outcome whole; a width under 60 is
    refused by name."""
    from regretlab.verify.report import table

    lines = table(smoke_report, width=width).splitlines()
    assert max(len(line) for line in lines) <= width
    assert len(lines) == len(smoke_report.verdicts) + 2
    for line, v in zip(lines[2:], smoke_report.verdicts, strict=True):
        assert line.startswith(v.claim + " ") and f" {v.outcome}" in line   # the id and outcome whole
    with pytest.raises(ValueError, match="width=40"):
        table(smoke_report, width=40)


def test_off_a_terminal_the_table_fits_100_columns(smoke_report, monkeypatch):
    """Piped or logged (no terminal, no COLUMNS), the table is at most 100 characters wide (issue 63.4)."""
    import os

    from regretlab.verify.report import table

    monkeypatch.delenv("COLUMNS", raising=False)

    def no_terminal(*args):
        raise OSError("not a terminal")

    monkeypatch.setattr(os, "get_terminal_size", no_terminal)
    assert max(len(line) for line in table(smoke_report).splitlines()) <= 100


def test_the_report_says_the_counts_the_terminal_prints(smoke_report, tmp_path):
    """reports/verification.md's first paragraph carries the verdicts by outcome, the line the terminal
    prints after the table (it lacked it), and they add up to the verdicts."""
    import re

    from regretlab.verify.report import outcome_counts, write_report

    counts = outcome_counts(smoke_report)
    text = write_report(smoke_report, tmp_path).read_text()
    assert f"({counts})" in text
    # issue 74.3: every report has its PROVENANCE.md, generated from its JSON with the environment
    provenance = (tmp_path / "PROVENANCE.md").read_text()
    assert f"seed {smoke_report.seed}" in provenance and "Environment: Python" in provenance
    assert f"**{len(smoke_report.verdicts)} on {len(smoke_report.claims)} claims" in provenance
    assert sum(int(n) for n in re.findall(r"(\d+) (?!weak)[a-z]", counts)) == len(smoke_report.verdicts)


def test_every_verdict_that_could_fail_says_how_wrong_a_bound_it_would_catch(smoke_report):
    """Every verdict that is neither violated, certain by construction nor an error carries its sensitivity
    k (issue 61: "no 'holds' lacks k"): a ladder whose counts never fall as the bound shrinks, never below
    the verdict's own definite violations, on the verdict's own trials; the table shows k, ">10" or a number,
    and a weak holds says so."""
    from regretlab.verify.report import sensitivity_text

    for v in smoke_report.verdicts:
        if v.outcome in ("violated", "certain", "error"):
            continue
        assert "sensitivity_k" in v.power, (v.claim, v.reading)
        counts = [n for _, n in sorted(v.ladder.items())]
        assert counts == sorted(counts) and counts[0] >= v.violations and counts[-1] <= v.trials, v.claim
        assert sensitivity_text(v) != "-"
        minority = v.power.get("open_fraction", 1.0) < 0.5
        assert v.weak == (v.outcome == "holds" and (v.power["sensitivity_k"] is None
                                                     or v.power["sensitivity_k"] > 3 or minority))


def test_no_two_readings_of_a_claim_say_the_same_thing():
    """Each reading's description (its note, else the origin of the formula reading it stands for) differs
    from its siblings': ADD.eq14_erratum's A and B both read "as printed in [Kandasamy2015, Eq. (14)]
    (withdrawn by the authors' erratum)", which told a reader nothing about B (the erratum's correction)."""
    from regretlab.verify.engine import _reading_origin

    for c in CLAIMS.values():
        origins = [_reading_origin(c, r) for r in c.readings]
        described = [o for o in origins if o]
        assert len(set(described)) == len(described), (c.id, origins)


def test_grid_gp_ucb_on_biased_samples_carries_the_difference_of_the_posterior_means():
    """With ``bias``, grid_gp_ucb observes g + b (+ noise) and hands its observer, before every query,
    mu~_{t-1} - mu_{t-1}: the biased posterior mean minus the one from the same observations with the bias
    taken out, both recomputed here by a direct solve ([Li2016, Assumption 6]'s quantity)."""
    import numpy as np

    from regretlab.bounds.gp_ucb import beta_t_finite
    from regretlab.gp import SquaredExponential
    from regretlab.gp.sample_paths import FiniteSamplePath
    from regretlab.verify.evidence import grid_gp_ucb

    grid = np.linspace(0.0, 1.0, 120)[:, None]
    kernel = SquaredExponential(0.1, 1.0)
    K = kernel(grid, grid)
    path = FiniteSamplePath.draw(kernel, grid, rng=np.random.default_rng(5))
    bias = 0.3 * np.sign(np.sin(12.0 * grid[:, 0]))
    seen = []
    run = grid_gp_ucb(K, path.values, noise_variance=0.01, T=30, rng=np.random.default_rng(6), bias=bias,
                      beta=lambda t: beta_t_finite(t=t, n_points=120, delta=0.1),
                      observe=lambda t, m, s, b, d: seen.append((m.copy(), d.copy())))
    np.testing.assert_array_equal(run.f, np.asarray(path.values)[run.index])   # f stays g, unbiased
    for t in (2, 10, 30):   # the posterior after t - 1 observations
        idx = run.index[:t - 1]
        weights = np.linalg.solve(K[np.ix_(idx, idx)] + 0.01 * np.eye(t - 1), K[idx])
        biased_mean, unbiased_mean = run.y[:t - 1] @ weights, (run.y[:t - 1] - bias[idx]) @ weights
        np.testing.assert_allclose(seen[t - 1][0], biased_mean, atol=1e-8)
        np.testing.assert_allclose(seen[t - 1][1], biased_mean - unbiased_mean, atol=1e-8)


def test_li2016_lemma13_check_can_fail(smoke_report):
    """[Li2016, Lemma 13] with Assumption 6's C measured: open on every smoke path, caught at a bound 2x too
    small (reading A) and 1.5x (reading B); and the bias term is what the regret meets: without it (C = 0)
    the inequality is violated on 5 of the 6 paths (58 of the quick profile's 60), so the decoy bias and the
    measured C are doing the work."""
    import numpy as np

    from regretlab.bounds.rpp import lemma13_rt
    from regretlab.verify.claims.rpp import BIASED_T, _biased_runs

    for reading, k in (("A", 2.0), ("B", 1.5)):
        (v,) = [v for v in smoke_report.verdicts if v.claim == "RPP.lemma13" and v.reading == reading]
        assert v.power["vacuous_trials"] == 0 and v.power["control_caught"], v.statistic
        assert v.power["sensitivity_k"] == k, v.statistic
    t = np.arange(1, BIASED_T + 1)
    broken = 0
    for run in _biased_runs(0, 6, 0.1):
        without_bias = lemma13_rt(beta_t=run.beta, sigma=run.sd, C=0.0, epsilon=run.epsilon, t=t)
        broken += bool(np.any(run.regret > without_bias))
        assert run.shift_max.max() >= run.epsilon   # C >= 1: the bias's mean reaches the bias somewhere
    assert broken >= 5


def test_li2016_thm7_is_reported_vacuous_where_its_first_term_reaches_the_range_of_g(smoke_report):
    """[Li2016, Thm 7] and Cor. 8 on the same runs: up to T = 1000 (the runs' length before issue 79) the
    bound is at or above g* - min g on every smoke path and T, both readings, so no check that stopped there
    could fail; reading A (L_T as printed, which bites only from about T = 1.6e4) is still not 'holds' and
    could not fail at T = 2500."""
    import numpy as np

    for claim in ("RPP.thm7", "RPP.cor8"):
        for v in (v for v in smoke_report.verdicts if v.claim == claim):
            bound, ceiling = np.asarray(v.series["bound"]), np.asarray(v.series["ceiling"])
            assert np.all(bound[:, :1000] >= ceiling[:, :1000]), (claim, v.reading)
            if v.reading == "A":
                assert v.outcome != "holds" and not v.power["could_fail"], (claim, v.statistic)


def test_prop51_on_the_continuum_records_the_trigger_without_changing_the_runs_and_can_fail():
    """[Ha2019, Prop. 5.1] on [0, 1] with the paper's β_t: recording the trigger (with β_t and β_t / k) draws
    nothing (the regret check's queries are unchanged), a narrower band gives a smaller r_b at every t, and
    the negative control (the whole algorithm with β_t / 1000, stopped at its first firing) fires with a local
    simple regret above epsilon on 3 of five fixed paths: the check is able to fail."""
    import numpy as np

    from regretlab.verify.claims.gp_ucb_continuous import certified_extremes, continuous_gp_ucb
    from regretlab.verify.claims.ubo import PROP51_CONTINUUM_CONTROL, PROP51_EPSILON

    coef = np.random.default_rng(0).standard_normal(30)
    plain = continuous_gp_ucb(coef, np.random.default_rng(1), T=300, delta=0.1)
    traced = continuous_gp_ucb(coef, np.random.default_rng(1), T=300, delta=0.1, trigger=(1.0, 2.0, 10.0))
    np.testing.assert_array_equal(plain["x"], traced["x"])
    np.testing.assert_array_equal(plain["f"], traced["f"])
    assert np.all(np.diff(traced["r_b"], axis=0) < 0)
    broken = 0
    for seed in range(5):
        rng = np.random.default_rng(100 + seed)
        coef = rng.standard_normal(30)
        run = continuous_gp_ucb(coef, rng, T=2000, delta=0.1, trigger=(1.0,),
                                beta_divisor=PROP51_CONTINUUM_CONTROL, stop_below=PROP51_EPSILON)
        assert run["r_b"][0, -1] <= PROP51_EPSILON and len(run["x"]) < 50   # fires within a few steps
        broken += certified_extremes(coef)[0] - run["f"].max() > PROP51_EPSILON
    assert broken == 3


def test_kandasamy_thm5_is_checked_with_the_summed_and_the_per_group_L(smoke_report):
    """Issue 79.3: [Kandasamy2015, Thm 5]'s L as two readings: A, the additive kernel's (Assumption 2's
    words), is sqrt(M) = sqrt(3) times B, one group's (three equal groups); C2 grows with L, so B's bound
    is below A's on every path and T, and both readings say which L they used."""
    import math

    import numpy as np

    from regretlab.verify.claims.add_gp_ucb import M

    got = {v.reading: v for v in smoke_report.verdicts if v.claim == "ADD.regret_thm5"}
    assert set(got) == {"A", "B"}
    assert got["A"].setting["L"] / got["B"].setting["L"] == pytest.approx(math.sqrt(M), rel=1e-12)
    assert np.all(np.asarray(got["B"].series["bound"]) < np.asarray(got["A"].series["bound"]))
    assert "additive kernel" in got["A"].setting["reading"] and "one group" in got["B"].setting["reading"]


#: The engine's regret claims followed beyond their T (Prop. 1's per-step bound with σ_{t-1}(x_t) between 0
#: and its prior value); MSUCB.beta_t1:lemma3_Ft and RPP.lemma13 stay within their T.
FOLLOWED = {"SRINIVAS.C1:regret", "SRINIVAS.C1:regret_T1000", "SRINIVAS.C1:regret_T4000",
            "SRINIVAS.beta_t_thm2:regret", "RPP.thm7",
            "RPP.cor8", "ADD.regret_thm5", "ADD.regret_thm5:grid_T4000", "MSUCB.prop1_rt",
            "MSUCB.prop4_RT_case2", "MSUCB.prop4_RT_case3"}


def test_the_engines_regret_claims_say_where_they_start_to_bite(smoke_report):
    """Issue 79.1: every claim of FOLLOWED (and no other) carries, per reading, a bite summary to T = 1e6,
    printed in the statistic and in the table's "fails from T" column; at the bracket's lower end (the
    smaller bound) it bites no later and on no fewer trials than at its upper end."""
    from regretlab.verify.evidence import BEYOND_T
    from regretlab.verify.report import fails_from_cell

    seen = set()
    for v in smoke_report.verdicts:
        beyond = v.power.get("beyond")
        if v.claim not in FOLLOWED or v.outcome == "error":
            assert beyond is None, v.claim
            continue
        assert beyond is not None, (v.claim, v.reading, v.statistic)
        seen.add(v.claim)
        assert beyond["searched_to"] == BEYOND_T and "beyond the checked T (to T = 1e6" in v.statistic
        low, high = beyond["bites_median"]
        assert high is None or (low is not None and low <= high), beyond
        assert beyond["never"][0] <= beyond["never"][1]
        assert fails_from_cell(v.power) != "-"
    assert seen == FOLLOWED


def test_the_main_statements_are_checked_where_they_could_fail():
    """Issue 79.2, quick profile: [Srinivas2010, Thm 1] B on runs of T = 4000, [Li2016, Thm 7] B on runs of
    T = 2500 and [Kandasamy2015, Thm 5] (both L readings) on product-grid runs of T = 4000 are checked at a
    T by which enough paths are open for a violation to be significant: their verdicts could fail
    (power['could_fail']), none is vacuous, and each says from which T."""
    from regretlab.verify import verify

    report = verify("SRINIVAS.C1:regret_T4000,RPP.thm7,ADD.regret_thm5:grid_T4000", profile="quick", seed=0,
                    progress=False)
    got = {(v.claim, v.reading): v for v in report.verdicts}
    for key in (("SRINIVAS.C1:regret_T4000", "B"), ("RPP.thm7", "B"), ("ADD.regret_thm5:grid_T4000", "A"),
                ("ADD.regret_thm5:grid_T4000", "B")):
        v = got[key]
        assert v.power["could_fail"] and v.outcome != "vacuous", (key, v.statistic)
        assert v.power["beyond"]["could_fail_T"][0] <= v.setting.get("T", v.setting.get("T_max")), key


def test_the_report_tables_where_each_followed_bound_starts_to_bite(smoke_report, tmp_path):
    """verification.md has the issue's table computed by the engine: one row per followed verdict, with its
    checked T, median first T, trials never bitten and the T from which it could fail."""
    from regretlab.verify.report import write_report

    text = write_report(smoke_report, tmp_path).read_text(encoding="utf-8")
    section = text.split("## Where each bound starts to bite", 1)[1].split("## Claims", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "---" not in line][1:]
    followed = [v for v in smoke_report.verdicts if v.power.get("beyond")]
    assert len(rows) == len(followed) > 0
    for row, v in zip(rows, followed, strict=True):
        assert row.startswith(f"| {v.claim} | {v.reading} | ") and f" of {v.trials} |" in row
    # the confidence statements are named as having no horizon, not silently left out
    within = section.split("Not followed beyond their checked T: ", 1)[1].split(". ", 1)[0].split(", ")
    assert "MSUCB.beta_t1:lemma3_Ft" in within and "RPP.lemma13" in within
    assert not set(within) & {v.claim for v in followed}
