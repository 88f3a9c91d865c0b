"""regretlab.bounds.lookup: what `regretlab formula --list / --help` shows comes from the docstrings.

A parameter a reader cannot find in the docstring is a defect: every keyword of every catalogue function is
documented in its numpydoc Parameters section (directly or by "As in :func:`f`").
"""

import inspect

import pytest

from regretlab.bounds import FORMULAS, NOT_EXECUTABLE
from regretlab.bounds.lookup import describe, matching_ids, parameters, plain, resolve_id
from regretlab.bounds.ms_ucb import ft_size, tau_t


@pytest.mark.parametrize("formula_id", sorted(FORMULAS))
def test_every_parameter_is_documented_with_a_type_or_domain(formula_id):
    """Each signature parameter appears in the Parameters section, with a type or a domain."""
    func = FORMULAS[formula_id]
    params = parameters(func)
    assert [p.name for p in params] == list(inspect.signature(func).parameters)
    for p in params:
        assert p.domain != "(not documented)", f"{formula_id}: {p.name} is not documented"
        assert p.kind or p.domain, f"{formula_id}: {p.name} has neither a type nor a domain"


def test_as_in_follows_the_referenced_function():
    """ft_size documents its parameters 'As in :func:`tau_t`': it gets tau_t's types and domains."""
    assert parameters(ft_size) == parameters(tau_t)


def test_ids_resolve_case_insensitively_and_misses_suggest():
    """Exact and case-folded ids resolve; a near miss names the close ids; a far miss names none."""
    assert resolve_id("MSUCB.v0") == "MSUCB.v0" and resolve_id("msucb.V0") == "MSUCB.v0"
    with pytest.raises(ValueError, match="did you mean UBO.eq13"):
        resolve_id("UBO.eqn13")
    with pytest.raises(ValueError, match=r"formula_id='zzz' is not a catalogue id$"):
        resolve_id("zzz")


def test_matching_ids_covers_executable_and_not_executable_ids():
    """The '*' glob lists every id once; globs are case-insensitive."""
    assert matching_ids() == sorted(set(FORMULAS) | set(NOT_EXECUTABLE))
    assert matching_ids("msucb.beta_t?") == ["MSUCB.beta_t0", "MSUCB.beta_t1"]
    with pytest.raises(ValueError, match="pattern=3 is not a shell-style glob"):
        matching_ids(3)


def test_describe_a_not_executable_id_gives_its_reason():
    """describe() of a not-executable id carries the reason and no function."""
    formula_id, reason = next(iter(NOT_EXECUTABLE.items()))
    info = describe(formula_id.lower())
    assert info.id == formula_id and info.function is None and info.not_executable == reason


def test_plain_text_of_docstring_markup():
    """:math: roles lose their markup and common commands become Unicode; :func: roles become calls."""
    assert plain(r":math:`1\le d\le D-1`, see :func:`tau_t`") == "1≤ d≤ D-1, see tau_t()"
