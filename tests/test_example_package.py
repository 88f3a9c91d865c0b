"""Issue 75.4: the worked example outside the library (examples/matern_gp_ucb: GP-UCB with a Matérn-5/2
kernel and [Srinivas2010, Thm 1]) installed as a user installs it — pip, from a copy of its folder,
no network — then used through the three public doors: ``regretlab verify --claims 'MATERNUCB.*'`` (the
entry-point group) reports both claims with k and vacuity, the right bound not violated and the
deliberately wrong one violated; the example's own pytest file (regretlab.testing strategies, the pytest
plugin's fixtures, no conftest of ours) passes; and the plugin's fixtures are what they say."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "matern_gp_ucb"


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The example pip-installed into a folder of its own; the environment that puts it on the path."""
    root = tmp_path_factory.mktemp("example")
    source, target = root / "source", root / "site"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("*.egg-info", "__pycache__", "build"))
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                           "--no-build-isolation", "--target", str(target), str(source)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (target / "matern_gp_ucb" / "claims.py").is_file()
    env = {**os.environ, "PYTHONPATH": str(target), "OPENBLAS_NUM_THREADS": "1", "MPLBACKEND": "Agg"}
    return source, env


def test_regretlab_verify_runs_the_examples_claims(installed, tmp_path):
    _, env = installed
    out = tmp_path / "report"
    command = [sys.executable, "-m", "regretlab", "verify", "--claims", "MATERNUCB.*", "--profile", "quick",
               "--out", str(out), "--quiet"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    verdicts = {v["claim"]: v for v in json.loads((out / "verification.json").read_text())["verdicts"]}
    assert set(verdicts) == {"MATERNUCB.srinivas_thm1", "MATERNUCB.srinivas_thm1_wrong"}
    right, wrong = verdicts["MATERNUCB.srinivas_thm1"], verdicts["MATERNUCB.srinivas_thm1_wrong"]
    assert wrong["outcome"] == "violated" and wrong["violations"] >= 40
    assert right["violations"] == 0 and right["outcome"] == "vacuous"   # Thm 1 bites only at T in the 1000s
    assert 2 <= right["power"]["sensitivity_k"] <= 10 and right["power"]["vacuous_trials"] == 60


def test_the_examples_own_pytest_file_passes_with_the_plugin_alone(installed):
    source, env = installed
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(source / "tests")]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=source, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "2 passed" in done.stdout


def test_the_plugins_fixtures_seed_by_node_id(regretlab_seed, regretlab_rng, request):
    """The plugin is loaded in this very session (its pytest11 entry point): regretlab_seed is seed_for(this
    test's node id), another node id gives another seed, and regretlab_rng draws from it."""
    from regretlab.pytest_plugin import seed_for

    assert regretlab_seed == seed_for(request.node.nodeid) and 0 <= regretlab_seed < 2**32
    assert seed_for(request.node.nodeid + "x") != regretlab_seed
    assert regretlab_rng.random() == np.random.default_rng(regretlab_seed).random()


def test_the_docs_property_example_runs_as_written():
    """docs/check-your-own-bound.md's property test, executed as written and then called: it passes; the same
    block with its bound cut to a tenth of what any rule reaches is caught by hypothesis."""
    page = EXAMPLE.parents[1] / "docs" / "check-your-own-bound.md"
    if not page.is_file():
        pytest.skip("docs/ is not beside the tests")
    text = page.read_text(encoding="utf-8")
    block = text.split("<!-- property example", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    namespace = {}
    exec(compile(block, str(page), "exec"), namespace)
    namespace["test_regret_is_at_most_what_any_rule_reaches"]()
    wrong = block.replace("<= 10 * gap", "<= 1 * gap")
    assert wrong != block
    namespace = {}
    exec(compile(wrong, str(page), "exec"), namespace)
    with pytest.raises(AssertionError):
        namespace["test_regret_is_at_most_what_any_rule_reaches"]()
