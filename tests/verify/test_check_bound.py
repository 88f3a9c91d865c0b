"""Issue 75.1: regretlab.verify.check_bound judges a user's algorithm and regret bound on exact GP sample
paths with the engine's rules — a wrong bound is violated, a bound that could not fail is vacuous (never
'holds'), a bound that holds with power says so with its control caught and its k — deterministically, and
bad arguments get clear errors naming them."""

import numpy as np
import pytest

from regretlab.bounds.gp_ucb import beta_t_finite, cumulative_regret_bound
from regretlab.gp import GP, SquaredExponential
from regretlab.verify import Policy, check_bound

KERNEL = SquaredExponential(lengthscale=0.1, variance=1.0)
GRID = np.linspace(0.0, 1.0, 40)[:, None]


def gp_ucb(candidates, rng, delta=0.05):
    """A user's GP-UCB on the finite domain, written against the public GP (not regretlab's algorithm)."""
    n = len(candidates)

    def choose(X, y, c, r):
        t = len(y) + 1
        if len(y) == 0:
            return int(r.integers(n))
        gp = GP(KERNEL, noise_variance=0.01).fit(X, y)
        mean, var = gp.predict(c)
        beta = beta_t_finite(t=t, n_points=n, delta=delta)
        return int(np.argmax(mean + np.sqrt(beta * np.maximum(var, 0.0))))

    return Policy(choose, candidates, rng)


def random_search(candidates, rng):
    return Policy(lambda X, y, c, r: int(r.integers(len(c))), candidates, rng)


def test_a_bound_far_too_small_is_violated_with_its_counterexample():
    verdict = check_bound(random_search, lambda T: 0.01 * T, kernel=KERNEL, candidates=GRID, T=20, paths=40)
    assert verdict.outcome == "violated" and verdict.violations > 30
    assert verdict.counterexample["replay"].startswith("regretlab.verify.check_bound(")


def test_srinivas_theorem_1_at_a_short_horizon_is_vacuous_not_holds():
    """sqrt(C1 T beta_T gamma_T) at T = 20 sits above T (f* - min f) on every path: no query rule could
    break it, so no violation makes it 'vacuous', not 'holds' (the engine found the same at T <= 40)."""
    def theorem_1(T, gamma_T, delta, n_points, sigma):
        return cumulative_regret_bound(T=T, beta_T=beta_t_finite(t=T, n_points=n_points, delta=delta),
                                       gamma_T=gamma_T, sigma=sigma)

    verdict = check_bound(gp_ucb, theorem_1, kernel=KERNEL, candidates=GRID, T=20, paths=60, delta=0.1)
    assert verdict.violations == 0 and verdict.outcome == "vacuous"
    assert verdict.power["vacuous_trials"] == 60


def test_a_bound_that_holds_with_power_reports_its_control_and_k():
    """A bound set at 1.5 times the largest R_T a user's GP-UCB reached at each T on these paths (so it
    holds there by the test's construction, and could fail: it is far below T (f* - min f)): 'holds' at
    δ = 0.1 on 60 paths (0/60: the 99 % interval's upper end 0.085), the control (the bound / 10) caught,
    k = 2 (a bound twice too small is caught); the same seed gives the same verdict, another seed other
    paths."""
    first = check_bound(gp_ucb, lambda T: 0.0 * T, kernel=KERNEL, candidates=GRID, T=30, paths=60, delta=0.1)
    envelope = first.series["empirical"].max(axis=0)
    bound = lambda T: 1.5 * envelope[T - 1]  # noqa: E731
    verdict = check_bound(gp_ucb, bound, kernel=KERNEL, candidates=GRID, T=30, paths=60, delta=0.1)
    assert verdict.outcome == "holds" and verdict.power["control_caught"]
    assert verdict.power["vacuous_trials"] == 0 and verdict.power["sensitivity_k"] == 2.0
    again = check_bound(gp_ucb, bound, kernel=KERNEL, candidates=GRID, T=30, paths=60, delta=0.1)
    assert again.statistic == verdict.statistic
    other = check_bound(gp_ucb, lambda T: 0.0 * T, kernel=KERNEL, candidates=GRID, T=30, paths=60, delta=0.1,
                        seed=1)
    assert not np.array_equal(other.series["empirical"], first.series["empirical"])


def test_a_bound_with_a_constant_of_its_own_keeps_its_default():
    """A parameter outside BOUND_INPUTS with a default (a constant of the bound) is left at its default: the
    same bound written with B=0.01 as a default and as a literal gives the same verdict."""
    with_default = check_bound(random_search, lambda T, B=0.01: B * T, kernel=KERNEL, candidates=GRID, T=10,
                               paths=20)
    literal = check_bound(random_search, lambda T: 0.01 * T, kernel=KERNEL, candidates=GRID, T=10, paths=20)
    assert with_default.outcome == literal.outcome == "violated"
    assert with_default.statistic == literal.statistic


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match=r"bound asks for \['beta'\]"):
        check_bound(random_search, lambda T, beta: T, kernel=KERNEL, candidates=GRID, T=5, paths=2)
    with pytest.raises(ValueError, match="not a row of candidates"):
        check_bound(lambda candidates, rng: Policy(lambda X, y, c, r: np.array([0.5123]), candidates, rng),
                    lambda T: T, kernel=KERNEL, candidates=GRID, T=5, paths=2)
    with pytest.raises(ValueError, match="no ask"):
        check_bound(lambda candidates, rng: object(), lambda T: T, kernel=KERNEL, candidates=GRID, T=5)
    with pytest.raises(ValueError, match="at T = 1"):
        check_bound(random_search, lambda T: -T, kernel=KERNEL, candidates=GRID, T=5, paths=2)
    with pytest.raises(ValueError, match="delta"):
        check_bound(random_search, lambda T: T, kernel=KERNEL, candidates=GRID, T=5, delta=1.5)
    with pytest.raises(ValueError, match="candidates has shape"):
        check_bound(random_search, lambda T: T, kernel=KERNEL, candidates=np.zeros(3), T=5)


def test_the_docs_example_runs_as_written(capsys):
    """docs/check-your-own-bound.md's check_bound example, executed as written: random search breaks the
    example bound."""
    from pathlib import Path

    tour = Path(__file__).resolve().parents[2] / "docs" / "check-your-own-bound.md"
    if not tour.is_file():
        pytest.skip("docs/ is not beside the tests")
    text = tour.read_text(encoding="utf-8")
    block = text.split("<!-- check-bound example", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(block, str(tour), "exec"), {})
    assert capsys.readouterr().out.startswith("violated - ")


def test_the_tables_reading_column_tells_readings_apart():
    """Issue 79.3: two readings whose notes start alike ('as printed in Thm 4.1 ...', 'as printed at the
    start of the proof ...') were both cut to 'as print…' in the terminal table; the shared words are now
    dropped, so the first characters differ."""
    from regretlab.verify.engine import Report
    from regretlab.verify.report import _rows
    from regretlab.verify.verdict import Verdict

    notes = {"A": "as printed in Thm 4.1 (main text)", "B": "as printed at the start of the proof"}
    verdicts = [Verdict("UBO.d_eps:thm41", r, "holds", "-", setting={"reading": n}) for r, n in notes.items()]
    cells = [row[2] for row in _rows(Report(verdicts, [], {}, "quick", 0, 1.0))]
    assert cells == ["A (… in Thm 4.1 (main text))", "B (… at the start of the proof)"]
    single = [Verdict("X", "A", "holds", "-", setting={"reading": "as printed"})]
    assert _rows(Report(single, [], {}, "quick", 0, 1.0))[0][2] == "A (as printed)"


def test_where_a_bound_bites_beyond_the_checked_horizon():
    """Issue 79.1 for a user's bound: with ``horizon``, the first T at which the bound falls below
    T (f* - min f) is found per path beyond the checked T. A constant bound B bites on a path of range r at
    the first T > B / r: the reported median equals that computed from the paths' own ranges; the check
    could first fail once enough paths bite for a violation rate whose 99 % interval lies above δ = 0.1; a
    bound far above never bites."""
    from regretlab.verify import clopper_pearson

    verdict = check_bound(random_search, lambda T: np.full(np.shape(T), 40.0), kernel=KERNEL, candidates=GRID,
                          T=10, paths=20, delta=0.1, horizon=400)
    ranges = np.asarray(verdict.series["ceiling"])[:, 0]
    first = np.floor(40.0 / ranges) + 1
    beyond = verdict.power["beyond"]
    assert beyond["bites_median"] == [float(np.median(first))] * 2 and beyond["never"] == [0, 0]
    need = next(k for k in range(1, 21) if clopper_pearson(k, 20, verdict.level)[0] > 0.1)
    assert beyond["could_fail_T"] == [float(np.sort(first)[need - 1])] * 2
    assert "beyond the checked T (to T = 400" in verdict.statistic
    never = check_bound(random_search, lambda T: 1e6 * T, kernel=KERNEL, candidates=GRID, T=10, paths=5,
                        horizon=50)
    assert never.power["beyond"]["bites_median"] == [None, None] and never.power["beyond"]["never"] == [5, 5]
    with pytest.raises(ValueError, match="horizon"):
        check_bound(random_search, lambda T: T, kernel=KERNEL, candidates=GRID, T=10, paths=2, horizon=5)
