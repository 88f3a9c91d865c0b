"""The engine on synthetic claims whose truth is known: a true claim at level δ comes out holds (or
inconclusive), a false one violated, with fixed seeds; the same seed gives the same verdicts whatever the
order; a failing check is an "error" verdict, not a crash."""

import numpy as np
import pytest

from regretlab.bounds.gp_ucb import beta_t_finite
from regretlab.verify import CLAIMS, claim, rate_verdict, verify
from regretlab.verify.registry import Context


def _bernoulli_claim(rate):
    """A claim "P(violation) <= δ" whose true violation rate is ``rate``: N Bernoulli draws per reading."""

    def check(ctx: Context):
        n = 2000
        draws = np.array([g.random() for g in ctx.generators(n, "draws")])
        return [rate_verdict(ctx.claim_id, "-", violations=int((draws < rate).sum()), trials=n,
                             delta=ctx.profile.delta)]

    return check


@pytest.fixture
def synthetic_claims():
    added = []

    def add(name, check, readings=("-",)):
        claim(name, reference="[Srinivas2010, Thm 1]", event="synthetic", latex="x", bounds=(beta_t_finite,),
              readings=readings, evidence="Bernoulli draws")(check)
        added.append(name)

    yield add
    for name in added:
        CLAIMS.pop(name)


def test_true_claim_holds_and_false_claim_is_violated(synthetic_claims):
    synthetic_claims("GP.ucb:synthetic_true", _bernoulli_claim(0.05))  # delta = 0.1 in smoke
    synthetic_claims("GP.ucb:synthetic_false", _bernoulli_claim(0.2))
    report = verify("GP.ucb:synthetic_*", profile="smoke", seed=3, progress=False)
    outcome = {v.claim: v.outcome for v in report.verdicts}
    assert outcome == {"GP.ucb:synthetic_true": "holds", "GP.ucb:synthetic_false": "violated"}


def test_borderline_true_claim_is_never_violated(synthetic_claims):
    """A claim whose rate equals δ exactly is true: over 20 seeds it is never called violated."""
    synthetic_claims("GP.ucb:synthetic_edge", _bernoulli_claim(0.1))
    outcomes = {verify("GP.ucb:synthetic_edge", profile="smoke", seed=s, progress=False).verdicts[0].outcome
                for s in range(20)}
    assert "violated" not in outcomes


def test_same_seed_same_verdicts_in_any_order(synthetic_claims):
    synthetic_claims("GP.ucb:synthetic_a", _bernoulli_claim(0.05))
    synthetic_claims("GP.ucb:synthetic_b", _bernoulli_claim(0.08))

    def stats(report):
        return {(v.claim, v.reading): (v.outcome, v.statistic) for v in report.verdicts}

    one = verify(["GP.ucb:synthetic_a", "GP.ucb:synthetic_b"], profile="smoke", seed=7, progress=False)
    two = verify(["GP.ucb:synthetic_b"], profile="smoke", seed=7, progress=False)
    three = verify(["GP.ucb:synthetic_a", "GP.ucb:synthetic_b"], profile="smoke", seed=8, progress=False)
    assert stats(one)[("GP.ucb:synthetic_b", "-")] == stats(two)[("GP.ucb:synthetic_b", "-")]
    assert stats(one) != stats(three)


def test_a_failing_check_is_an_error_verdict(synthetic_claims):
    def broken(ctx):
        raise ZeroDivisionError("boom")

    synthetic_claims("GP.ucb:synthetic_broken", broken, readings=("A", "B"))
    report = verify("GP.ucb:synthetic_broken", profile="smoke", progress=False)
    assert [v.outcome for v in report.verdicts] == ["error", "error"]
    assert not report.ok and "ZeroDivisionError: boom" in report.errors[0]


def test_bad_arguments_are_clear_errors():
    with pytest.raises(ValueError, match="matches no registered claim"):
        verify("NOPE.*", profile="smoke")
    with pytest.raises(ValueError, match="profile"):
        verify(profile="huge")
    with pytest.raises(ValueError, match="catalogue id"):
        claim("NOT.an_id", reference="[Ha2019, Thm 4.1]", event="e", latex="x", bounds=(beta_t_finite,),
              evidence="e")


def test_the_costliest_groups_run_first_and_the_report_keeps_registration_order():
    """schedule(): groups ordered by the sum of their claims' cost, largest first, ties in registration
    order; the report still lists the verdicts in the claims' order, and each verdict is the one its claim
    gets when run alone (the order changes no result). A cost that is not a finite number
    > 0 is refused by name."""
    from regretlab.verify.engine import schedule

    for name, cost in (("GP.ucb:synthetic_cheap", 1.0), ("GP.ucb:synthetic_dear", 50.0),
                       ("GP.ucb:synthetic_tie", 1.0)):
        claim(name, reference="[Srinivas2010, Thm 1]", event="synthetic", latex="x", bounds=(beta_t_finite,),
              evidence="Bernoulli draws", cost=cost)(_bernoulli_claim(0.05))
    try:
        names = ("GP.ucb:synthetic_cheap", "GP.ucb:synthetic_dear", "GP.ucb:synthetic_tie")
        chosen = [CLAIMS[n] for n in names]
        assert list(schedule(chosen)) == ["GP.ucb:synthetic_dear", "GP.ucb:synthetic_cheap",
                                          "GP.ucb:synthetic_tie"]
        together = verify("GP.ucb:synthetic_*", profile="smoke", seed=5, progress=False, jobs=1)
        alone = [verify(n, profile="smoke", seed=5, progress=False, jobs=1).verdicts[0] for n in names]
        assert [v.claim for v in together.verdicts] == list(names)
        assert [v.statistic for v in together.verdicts] == [v.statistic for v in alone]
    finally:
        for name in ("GP.ucb:synthetic_cheap", "GP.ucb:synthetic_dear", "GP.ucb:synthetic_tie"):
            CLAIMS.pop(name, None)
    for bad in (0.0, -1.0, float("nan"), True, "5"):
        with pytest.raises(ValueError, match="cost=.* must be a finite number of seconds > 0"):
            claim("GP.ucb:synthetic_bad", reference="[Srinivas2010, Thm 1]", event="synthetic", latex="x",
                  bounds=(beta_t_finite,), evidence="Bernoulli draws", cost=bad)
