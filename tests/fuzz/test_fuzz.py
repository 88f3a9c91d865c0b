"""Bad input gets a clear error, everywhere: every public callable of regretlab, fuzzed.

The claim (the brief's standard, issue 15): a parameter outside its domain raises a ``ValueError`` (or a
``TypeError``) naming the parameter and showing its value as given — never a deep traceback of another
type, never a silent NaN or inf, never a hang or a MemoryError, never a result for a value no domain holds
(NaN, None, a string, a bool, an empty array). ``fuzz_engine`` classifies one call; ``fuzz_recipes`` gives
every public constructor and method a valid base call (or a stated exemption); the formulas' base calls
are their own docstring examples.

- The registry tests fail when a formula has no runnable example or a public callable has neither recipe
  nor exemption, so a new public name is fuzzed from the day it lands.
- Every formula meets the whole fixed list of bad values here (a few seconds); the recipe targets (GP,
  kernels, objectives, optimizers, setups) meet values drawn by hypothesis, a few per target in the ``ci``
  profile and more in ``thorough``; the whole fixed list over every target is the slow census
  (``tox -e verify``, or ``python tests/fuzz/fuzz_engine.py`` for the printed table).
"""

from __future__ import annotations

import fnmatch
import math
import os

import numpy as np
import pytest
from fuzz_engine import BAD_VALUES, FINE, Bad, census, classify, formula_targets, tally
from fuzz_recipes import EXEMPT, public_callables, recipe_targets
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

FORMULA_TARGETS, FORMULAS_WITHOUT_EXAMPLE = formula_targets()
RECIPE_TARGETS, LACKING_RECIPE = recipe_targets()

#: Draws per target: a twentieth of the profile's examples (3 in ``ci``, 100 in ``thorough``), or
#: ``REGRETLAB_FUZZ_DRAWS`` when set (a deeper search without the rest of the thorough profile).
DRAWS = int(os.environ.get("REGRETLAB_FUZZ_DRAWS", max(3, settings.default.max_examples // 20)))


@pytest.fixture(autouse=True, scope="module")
def _in_a_scratch_directory(tmp_path_factory):
    """A fuzzed ``Trace.save(path='abc')`` writes ``abc.npz`` where it runs: here, not in the caller's
    directory."""
    previous = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("fuzz"))
    yield
    os.chdir(previous)


def _failures(outcomes) -> str:
    bad = [str(o) for o in outcomes if o.kind not in FINE]
    return f"{len(bad)} of {len(outcomes)} calls mishandled:\n" + "\n".join(bad[:40])


# ---------------------------------------------------------------------------------------------- registry


def test_every_formula_has_a_runnable_docstring_example():
    """Each registered formula is fuzzed from the first call of it in its own examples: one must run."""
    assert FORMULAS_WITHOUT_EXAMPLE == []
    assert len(FORMULA_TARGETS) >= 100


def test_every_public_callable_has_a_recipe_or_a_stated_exemption():
    """Every public constructor and method of gp / objectives / algorithms / setups is fuzzed or exempt
    with a reason; a recipe that no longer builds is reported here too."""
    assert LACKING_RECIPE == []
    assert len(RECIPE_TARGETS) >= 150


def test_exemptions_are_current_and_give_reasons():
    """No exemption outlives the name it exempts, and each says why."""
    names = list(public_callables())
    for pattern, reason in EXEMPT.items():
        assert reason.strip(), pattern
        assert any(fnmatch.fnmatchcase(name, pattern) for name in names), f"stale exemption {pattern!r}"


# ----------------------------------------------------------------------------------------- the engine


def test_engine_tells_a_clear_error_from_a_silent_nan():
    """The classifier can fail: a function returning NaN for NaN, one raising an unnamed error, one
    accepting None and one overflowing are each flagged; a named ValueError is clear."""
    from fuzz_engine import CALLS, Target

    counted = CALLS.copy()   # these calls test the classifier, not the library: kept out of the count

    def silent(*, x):
        return x * 2.0

    def unnamed(*, x):
        raise ValueError("something is wrong")

    def named(*, x):
        raise ValueError(f"x={x!r} is outside its domain (0, 1)")

    def overflow(*, x):
        return math.exp(x)

    def target(f):
        return Target(f.__name__, lambda: (f, {"x": 0.5}, None), {"x": 0.5})

    nan = BAD_VALUES[0]
    none = next(b for b in BAD_VALUES if b.label == "None")
    big = Bad("1e308", lambda: 1e308, False)
    assert classify(target(silent), "x", nan).kind == "nonfinite"
    assert classify(target(unnamed), "x", nan).kind == "misleading"
    assert classify(target(named), "x", nan).kind == "clear"
    assert classify(target(lambda *, x: 1.0), "x", none).kind == "accepted"
    assert classify(target(overflow), "x", big).kind == "other-exception"
    CALLS.clear()
    CALLS.update(counted)


# ------------------------------------------------------------------------------------------- formulas


def test_the_formulas_whose_answer_may_be_nonfinite_are_declared_and_pinned():
    """Only two formulas may return NaN or inf, each saying what it means (``@formula(nonfinite=...)``):
    a singular W's outer-box ratio is inf ([Li2016, Eq. (8)]: its image has volume 0) and alpha_search marks
    the infeasible grid points' likelihoods NaN (not evaluated). Every other formula raises instead."""
    from regretlab.bounds import FORMULAS, rpp
    from regretlab.bounds._registry import public_path

    declared = {public_path(f) for f in set(FORMULAS.values()) if f.nonfinite}
    assert declared == {"regretlab.bounds.rpp.outer_box_ratio", "regretlab.bounds.rpp.alpha_search"}
    assert rpp.outer_box_ratio(W=[[1.0, 1.0], [1.0, 1.0]]) == math.inf
    W = np.array([[1.0, 0.8], [-0.6, 1.0]])
    res = rpp.alpha_search(W=W, delta=0.2, log_likelihood=lambda W_hat: -float(np.abs(W_hat - W).sum()))
    assert (~res.feasible).any() and np.isnan(res.log_likelihoods[~res.feasible]).all()


def test_every_formula_refuses_every_value_of_the_fixed_list_clearly():
    """Every formula, every parameter, every value of the fixed list (NaN, ±inf, 0, -1, 0.5, ±1e308, 10**9,
    2**70, strings, None, True, empty and NaN arrays): a clear error or a finite answer."""
    outcomes = census(FORMULA_TARGETS)
    assert all(o.kind in FINE for o in outcomes), _failures(outcomes)
    counts = tally(outcomes)
    assert counts["clear"] > counts["finite"]   # most of the list is outside most domains


# ---------------------------------------------------------------------------------- hypothesis values


def _bad(value, never_valid: bool) -> tuple[Bad, object]:
    return Bad(repr(value)[:40], lambda: value, never_valid), value


def bad_values():
    """The fixed list and what hypothesis draws beyond it: any float (NaN is never valid), integers far
    past int64, arrays of any small shape with any floats, short strings, ragged integer lists."""
    return st.one_of(
        st.sampled_from(BAD_VALUES).map(lambda bad: (bad, bad.make())),
        st.floats(width=64).map(lambda v: _bad(v, math.isnan(v))),
        st.integers(min_value=-(2**80), max_value=2**80).map(lambda v: _bad(v, False)),
        hnp.arrays(np.float64, hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4),
                   elements=st.floats(width=64)).map(lambda v: _bad(v, False)),
        st.text(max_size=4).map(lambda v: _bad(v, True)),
        st.lists(st.lists(st.integers(-3, 12), max_size=3), max_size=3).map(lambda v: _bad(v, False)),
    )


@pytest.mark.parametrize("target", RECIPE_TARGETS, ids=lambda t: t.name)
@settings(max_examples=DRAWS)
@given(data=st.data())
def test_public_callable_refuses_a_drawn_bad_value_clearly(target, data):
    """One parameter of a valid base call replaced by a drawn value: a clear error naming it or a finite
    result (and, for a constructor, a finite result from using the object)."""
    parameter = data.draw(st.sampled_from(target.parameters), label="parameter")
    bad, value = data.draw(bad_values(), label="value")
    outcome = classify(target, parameter, bad, value)
    assert outcome.kind in FINE, str(outcome)


@pytest.mark.parametrize("target", FORMULA_TARGETS, ids=lambda t: t.name)
@settings(max_examples=DRAWS)
@given(data=st.data())
def test_formula_refuses_a_drawn_bad_value_clearly(target, data):
    """As above for the formulas, with values beyond the fixed list."""
    parameter = data.draw(st.sampled_from(target.parameters), label="parameter")
    bad, value = data.draw(bad_values(), label="value")
    outcome = classify(target, parameter, bad, value)
    assert outcome.kind in FINE, str(outcome)


# ------------------------------------------------------------------------------------------- census


@pytest.mark.slow
def test_census_every_target_every_value_of_the_fixed_list():
    """The whole census (``python tests/fuzz/fuzz_engine.py`` prints it): every recipe target, every
    parameter, every value of the fixed list."""
    outcomes = census(RECIPE_TARGETS)
    assert all(o.kind in FINE for o in outcomes), _failures(outcomes)
