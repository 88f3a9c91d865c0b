"""A fifth paper is as small as ARCHITECTURE.md says (issue 77.3): a toy paper (``fifth_paper.py`` beside
this file: one bound, one algorithm, one decided claim, one figure) is added to a copy of the repository by
following the doc's "A paper" recipe to the letter, the registry checks of the suite pass on the copy, and
the files the toy touches are exactly the files the recipe names."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import fifth_paper
import pytest

ROOT = Path(__file__).resolve().parents[2]

#: The suites that read a registry of papers, formulas, algorithms, setups, claims, specs or notebooks:
#: each fails when a paper is added without one of the files they read (a missing row, twin, recipe, cell).
REGISTRY_CHECKS = (
    "tests/bounds/test_papers.py",
    "tests/bounds/test_catalogue.py",
    "tests/bounds/test_registry.py",
    "tests/properties/test_symbolic_twins.py",
    "tests/test_citations.py",
    "tests/test_architecture.py",
    "tests/algorithms/test_setups.py",
    "tests/experiments/test_claims_registry.py",
    "tests/verify/test_claims.py::test_claims_name_catalogue_ids_references_and_formulas",
    "tests/verify/test_claims.py::test_every_probabilistic_catalogue_statement_is_checked_or_listed",
    "tests/fuzz/test_fuzz.py::test_every_formula_has_a_runnable_docstring_example",
    "tests/fuzz/test_fuzz.py::test_every_public_callable_has_a_recipe_or_a_stated_exemption",
    "tests/fuzz/test_fuzz.py::test_every_formula_refuses_every_value_of_the_fixed_list_clearly",
    "tests/experiments/test_engine.py::test_notebooks_are_committed_without_outputs_and_name_existing_specs",
    "tests/experiments/test_engine.py::test_every_spec_validates_without_running",
    # the toy's figure end to end: each method builds and steps on its problem, and the figure is fit to print
    "tests/experiments/test_engine.py::test_every_spec_runs_in_a_tiny_mode[Toy2026.fig1]",
    "tests/experiments/test_figures_fit_to_print.py::test_every_spec_figure_is_fit_to_print[Toy2026.fig1]",
)

#: What the copy leaves out: the run archives and exports (88 MB, read by no registry check), the history
#: and what a build or a test run leaves behind.
LEFT_OUT = shutil.ignore_patterns(".git", "paper_figures", "__pycache__", "*.egg-info", ".tox", "build",
                                  ".pytest_cache", ".hypothesis", ".ruff_cache")

pytestmark = pytest.mark.skipif(not (ROOT / "bounds").is_dir() or not (ROOT / "ARCHITECTURE.md").is_file(),
                                reason="needs the checkout's sources (an installed copy has no tree to copy)")


def recipe_paths() -> set[str]:
    """The paths the doc's "A paper" recipe names (backticked, with the toy's names for its placeholders)."""
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    recipe = re.search(r"(?ms)^- \*\*A paper\*\*.*?^  1\. (.*?)(?=^  A paper whose|^- \*\*|^## |\Z)", text)
    assert recipe, "ARCHITECTURE.md has no '- **A paper**' step with numbered steps"
    paths = set()
    for quoted in re.findall(r"`([^`]+)`", recipe.group(1)):
        for placeholder, name in fifth_paper.NAMES.items():
            quoted = quoted.replace(placeholder, name)
        if "/" in quoted and "." in quoted.rsplit("/", 1)[-1]:
            paths.add(quoted)
    return paths


def test_the_recipe_names_exactly_the_files_the_toy_paper_touches():
    """The doc's recipe and the toy paper agree file for file: no step the toy needed is missing from the
    doc, and no file the doc names is one a paper does not need."""
    assert recipe_paths() == fifth_paper.files_touched()
    names = "one two three four five six seven eight nine ten eleven twelve thirteen".split()
    words = {name: number for number, name in enumerate(names, start=1)}
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    count = re.search(r"\*\*A paper\*\*: (\w+) files, (\w+) of them new", text)
    assert count, "the recipe does not say how many files a paper takes"
    assert (words[count[1]], words[count[2]]) == (len(fifth_paper.files_touched()), len(fifth_paper.NEW))


@pytest.fixture(scope="module")
def copy_with_toy(tmp_path_factory):
    """The repository copied to a temporary tree, the toy paper written into it, and an interpreter setup
    that imports regretlab from the copy (``regretlab.bounds`` and ``regretlab.algorithms`` from its
    top-level folders, as the package's own mapping does)."""
    base = tmp_path_factory.mktemp("fifth_paper")
    root = base / "repo"
    shutil.copytree(ROOT, root, ignore=LEFT_OUT)
    fifth_paper.apply(root)
    site = base / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        "import regretlab\n"
        f"regretlab.__path__.append({str(root)!r})   # regretlab.bounds, regretlab.algorithms: the copy's\n",
        encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(root / "src")]),
           "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    return root, env


def test_the_copy_imports_the_toy_paper_from_its_own_tree(copy_with_toy):
    """The registries of the copy hold the toy's entries, read from the copy (not from this checkout)."""
    root, env = copy_with_toy
    code = ("import regretlab, regretlab.bounds as b, regretlab.algorithms as a\n"
            "from regretlab.bounds.papers import paper\n"
            "from regretlab.decisions.claims import CLAIMS\n"
            "from regretlab.experiments.registry import SPECS\n"
            "print(regretlab.__file__, b.__file__, a.__file__)\n"
            "print(paper('TOY').key, 'TOY.regret' in b.FORMULAS, 'ToyUCB' in a.__all__,\n"
            "      'Toy2026.fig1.c1' in CLAIMS, 'Toy2026.fig1' in SPECS)\n")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-3000:]
    files, found = out.stdout.strip().splitlines()
    assert all(path.startswith(str(root)) for path in files.split()), files
    assert found == "Toy2026 True True True True"


def test_the_registry_checks_pass_with_the_toy_paper(copy_with_toy):
    """Every registry check of the suite passes on the copy with the toy paper in it: following the recipe
    is enough (a missing file would fail one of them, as the test below shows)."""
    root, env = copy_with_toy
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                          *REGISTRY_CHECKS], env=env, cwd=root, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert " passed" in out.stdout.splitlines()[-1]


@pytest.mark.slow
@pytest.mark.parametrize("left_out", sorted(fifth_paper.files_touched()))
def test_a_paper_missing_any_file_of_the_recipe_fails_a_registry_check(left_out, tmp_path):
    """Each file of the recipe is needed: the toy paper with that one file left out (a new file not written,
    a shared file's edits not made) fails a registry check on its copy. Slow (a copy and a pytest run per
    file; ``tox -e verify``): it shows the positive test above can fail."""
    root = tmp_path / "repo"
    shutil.copytree(ROOT, root, ignore=LEFT_OUT)
    fifth_paper.apply(root, skip=left_out)
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(f"import regretlab\nregretlab.__path__.append({str(root)!r})\n",
                                           encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(root / "src")])}
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *REGISTRY_CHECKS]
    out = subprocess.run(command, env=env, cwd=root, capture_output=True, text=True)
    assert out.returncode != 0, f"nothing failed without {left_out}"
