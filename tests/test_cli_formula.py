"""`regretlab formula`: evaluate, describe and list the catalogue's formulas (issue 3; issue 8 §5).

Each test states what a reader relies on: the LaTeX printed is that of the reading evaluated, ids match
case-insensitively with a suggestion, ``t=1,2,3`` evaluates elementwise, a not-executable id is a failure,
and listing or describing never imports sympy.
"""

import subprocess
import sys

import numpy as np
import pytest

from regretlab.bounds import NOT_EXECUTABLE
from regretlab.bounds.ms_ucb import beta_t
from regretlab.bounds.symbolic import twin
from regretlab.cli import main

BETA = ["t=10", "D=100", "d=5", "delta=0.1", "a=1", "b=1"]


def _run(capsys, *args) -> tuple[int, str, str]:
    status = main(["formula", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_value_latex_twin_and_citation_of_the_default_reading(capsys):
    """Without reading=, the value, LaTeX and sympy twin are those of the default reading (A for beta_t)."""
    status, out, _ = _run(capsys, "MSUCB.beta_t", *BETA)
    assert status == 0
    assert f"MSUCB.beta_t = {float(beta_t(t=10, D=100, d=5, delta=0.1, a=1, b=1))!r}" in out
    assert "LaTeX (reading A: as printed in [TranThe2020-AAAI]" in out
    assert f"): {beta_t.latex_readings['A']}\n" in out
    assert f"sympy twin: {twin('MSUCB.beta_t', 'A').latex}\n" in out
    assert beta_t.citation in out


def test_latex_is_the_reading_evaluated(capsys):
    """reading=B prints reading B's printed LaTeX and twin, and not reading A's (the bug this issue fixes)."""
    status, out, _ = _run(capsys, "MSUCB.beta_t", *BETA, "reading=B")
    assert status == 0
    assert float(out.split(" = ")[1].split("\n")[0]) == float(beta_t(t=10, D=100, d=5, delta=0.1, a=1, b=1,
                                                                     reading="B"))
    assert beta_t.latex_readings["B"] in out and beta_t.latex_readings["A"] not in out
    assert twin("MSUCB.beta_t", "B").latex in out and twin("MSUCB.beta_t", "A").latex not in out


def test_ids_match_case_insensitively_and_a_typo_gets_a_suggestion(capsys):
    """`msucb.BETA_T` is MSUCB.beta_t; `MSUCB.beta_tt` exits 2 and suggests MSUCB.beta_t."""
    status, out, _ = _run(capsys, "msucb.BETA_T", *BETA)
    assert status == 0 and out.startswith("MSUCB.beta_t = ")
    status, _, err = _run(capsys, "MSUCB.beta_tt", *BETA)
    assert status == 2 and "did you mean MSUCB.beta_t" in err


def test_comma_separated_values_evaluate_elementwise(capsys):
    """t=1,2,3 gives one row per t whose value is the function at that t."""
    status, out, _ = _run(capsys, "MSUCB.beta_t", "t=1,2,3", "D=100", "d=5", "delta=0.1", "a=1", "b=1")
    assert status == 0
    rows = [line.split() for line in out.splitlines()[1:4]]
    assert [int(r[0]) for r in rows] == [1, 2, 3]
    expected = beta_t(t=np.array([1, 2, 3]), D=100, d=5, delta=0.1, a=1, b=1)
    assert np.array_equal([float(r[1]) for r in rows], expected)


def test_elementwise_readings_print_each_readings_latex(capsys):
    """reading=A,B evaluates both and prints both readings' LaTeX, each with where it comes from."""
    status, out, _ = _run(capsys, "MSUCB.l1ball_volume", "theta=0.5", "D=3", "d=1", "reading=A,B")
    assert status == 0
    assert "(reading A: as printed in [TranThe2020-ext, proof of Lemma 4]" in out
    assert "(reading B: this project's reading: not printed" in out


def test_elementwise_lengths_must_agree(capsys):
    """Two comma-separated keys of different lengths are a usage error naming both."""
    status, _, err = _run(capsys, "MSUCB.beta_t", "t=1,2,3", "d=1,2", "D=100", "delta=0.1", "a=1", "b=1")
    assert status == 2 and "different lengths" in err and "'t': 3" in err


def test_a_bracketed_value_is_one_list_argument(capsys):
    """f_values=[...] passes one list (the metric of [TranThe2020, §"Experiments"] over three queries)."""
    status, out, _ = _run(capsys, "MSUCB.metric", "f_star=1.0", "f_values=[0.9,0.0,0.99]", "reading=B")
    assert status == 0
    assert "MSUCB.metric = [-1., -1., -2.]" in out


def test_a_not_executable_id_exits_non_zero_with_its_reason(capsys):
    """An id without an executable function exits 1 and prints why on stderr."""
    formula_id, reason = next(iter(NOT_EXECUTABLE.items()))
    status, out, err = _run(capsys, formula_id)
    assert status == 1 and out == ""
    assert reason in err


def test_missing_and_unknown_parameters_are_usage_errors(capsys):
    """Leaving out a required parameter or naming one the formula lacks exits 2 and names it."""
    status, _, err = _run(capsys, "MSUCB.beta_t", "t=1")
    assert status == 2 and "missing parameter(s) d, D, a, b, delta" in err
    status, _, err = _run(capsys, "MSUCB.beta_t", *BETA, "gamma=1")
    assert status == 2 and "gamma: not a parameter of regretlab.bounds.ms_ucb.beta_t" in err


def test_help_of_an_id_shows_parameters_domains_readings_and_citation(capsys):
    """`formula UBO.d_eps --help` lists each parameter with its domain, both readings' LaTeX, the citation."""
    from regretlab.bounds.ubo import d_eps

    status, out, _ = _run(capsys, "UBO.d_eps", "--help")
    assert status == 0
    assert "cite: [Ha2019, Thm 4.1]" in out and "function: regretlab.bounds.ubo.d_eps" in out
    assert "  epsilon " in out and "in (0, 4 sqrt(beta_t) theta)" in out
    assert f"      {d_eps.latex_readings['A']}" in out and f"      {d_eps.latex_readings['B']}" in out
    assert "A — as printed in [Ha2019, Thm 4.1]" in out
    assert "B — second printed form in [Ha2019, App. A.3, Eq. (27)]" in out


def test_list_with_a_glob_lists_matching_ids_with_parameters(capsys):
    """`formula --list 'ubo.eq1*'` lists exactly the UBO.eq1x ids, each with its parameters' domains."""
    status, out, _ = _run(capsys, "--list", "ubo.eq1*")
    assert status == 0
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("UBO.")]
    assert listed == ["UBO.eq13", "UBO.eq15", "UBO.eq17", "UBO.eq18"]
    assert "  lambda_max  (float, > 0)" in out
    status, _, err = _run(capsys, "--list", "nothing.*")
    assert status == 2 and "no catalogue id matches" in err


def test_without_arguments_it_prints_its_usage(capsys):
    """`regretlab formula` alone prints how to evaluate, describe and list, and exits 0."""
    status, out, _ = _run(capsys)
    assert status == 0 and "--list [GLOB]" in out and "key=1,2,3" in out


@pytest.mark.parametrize(
    ("args", "twin_modules"),
    [
        (["--list"], []),
        (["UBO.d_eps", "--help"], []),
        (["UBO.C1", "noise_variance=0.5"], ["regretlab.bounds.symbolic.ubo"]),
    ],
)
def test_only_printing_a_twin_imports_sympy_and_only_its_module(args, twin_modules):
    """Listing and describing import no sympy; evaluating imports sympy and the one twin module it prints."""
    code = (
        "import sys; from regretlab.cli import main; main(['formula', *sys.argv[1:]]);"
        "print('SYMPY', 'sympy' in sys.modules,"
        " sorted(m for m in sys.modules if m.startswith('regretlab.bounds.symbolic.')"
        " and not m.endswith('._twin')))"
    )
    result = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True)
    last = result.stdout.strip().splitlines()[-1]
    assert last == f"SYMPY {bool(twin_modules)} {twin_modules}"


def _readme_formula_commands() -> list[str]:
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    lines = []
    for doc in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:   # the README and docs/
        if doc.exists():
            lines += doc.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.startswith("regretlab formula")]


@pytest.mark.parametrize("command", _readme_formula_commands())
def test_readme_formula_commands_work(command, capsys):
    """Each `regretlab formula ...` line of the README exits 0 and prints something."""
    import shlex

    status, out, err = _run(capsys, *shlex.split(command)[2:])
    assert status == 0, err
    assert out.strip()


def test_the_readme_shows_formula_commands():
    """The docs' formula examples exist (so the test above is not vacuous)."""
    assert len(_readme_formula_commands()) >= 3


def test_the_list_and_every_help_show_plain_text_not_latex(capsys):
    """``formula --list`` and ``formula ID --help`` of every executable id print domains as terminal text:
    no LaTeX command (``\\to``, ``\\mathbb``, ``\\{``) outside the LaTeX lines themselves."""
    import re

    from regretlab.bounds import FORMULAS

    status, out, _ = _run(capsys, "--list")
    assert status == 0
    leftovers = [line for line in out.splitlines() if re.search(r"\\[A-Za-z{}]", line)]
    assert leftovers == []
    for fid in sorted(FORMULAS):
        status, out, _ = _run(capsys, fid, "--help")
        head = out.split("\nreadings (")[0].split("\nLaTeX: ")[0]  # the parameters block, before the LaTeX
        assert not re.search(r"\\[A-Za-z{}]", head), (fid, head)
