"""The `regretlab` command line (issue 2 §1; layout: issue 8 §1); `formula` is in test_cli_formula.py."""

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from regretlab import __version__
from regretlab.cli import main


def test_version_flag(capsys):
    """`regretlab --version` prints the package version and exits 0."""
    try:
        main(["--version"])
    except SystemExit as exc:
        assert exc.code == 0
    assert __version__ in capsys.readouterr().out


def test_list_prints_every_registered_objective(capsys):
    """`regretlab list` prints one row per registered objective with dimension, domain and optimum."""
    from regretlab.objectives import describe

    assert main(["list"]) == 0
    out = capsys.readouterr().out
    rows = describe()
    assert len(rows) >= 10
    for row in rows:
        line = next(line for line in out.splitlines() if line.split() and line.split()[0] == row["name"])
        if row.get("substitute"):
            shown = "unknown (data-based substitute)"
        else:
            shown = "0" if abs(row["optimum"]) < 1e-12 else f"{row['optimum']:.10g}"
        assert str(row["dim"]) in line and line.endswith(shown)


ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("where", ["an empty folder", "the checkout root"])
def test_python_m_regretlab_runs_anywhere(where, tmp_path):
    """`python -m regretlab list` works from any folder, the checkout root included: nothing there is named
    regretlab, so the installed package (with the mapped regretlab.bounds) is what runs."""
    cwd = tmp_path if where == "an empty folder" else ROOT
    result = subprocess.run(
        [sys.executable, "-m", "regretlab", "list"], capture_output=True, text=True, timeout=120, cwd=cwd
    )
    assert result.returncode == 0, result.stderr
    assert "hartmann6" in result.stdout


def test_console_script_works_from_the_checkout_root():
    """The `regretlab` console script runs from the checkout's root folder."""
    script = Path(sys.executable).with_name("regretlab")
    if not script.exists():
        pytest.skip(f"no console script next to {sys.executable} (package not installed as a distribution)")
    result = subprocess.run([str(script), "list"], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "hartmann6" in result.stdout


#: The user's documents: the README, docs/ (the README links the rest from there) and ARCHITECTURE.md.
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "ARCHITECTURE.md"]


def _readme_blocks(language: str) -> list[str]:
    """The ```language blocks of the README and of docs/*.md."""
    blocks = []
    for path in DOCS:
        blocks += re.findall(rf"```{language}\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)
    return blocks


@pytest.mark.skipif(not (ROOT / "README.md").exists(), reason="README.md is not beside the tests")
def test_the_readme_is_short_and_links_every_doc():
    """The README is read in five minutes (at most 150 lines) and links every file of docs/."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    docs = sorted(p.name for p in (ROOT / "docs").glob("*.md"))
    assert docs, "no docs/"
    for name in docs:
        assert f"(docs/{name})" in text, name
    linked = re.findall(r"\]\(((?:docs|paper_figures)/[^)#]+)\)", text.replace("\n", " "))
    assert any(link.startswith("docs/screenshots/") for link in linked)
    missing = [link for link in linked if not (ROOT / link).is_file()]
    assert not missing, missing


#: A path the docs name: under one of the repository's top-level folders, or one of its top-level files.
_DOC_PATH = re.compile(r"`((?:bounds|algorithms|notebooks|tests|paper_figures|benchmarks|src|docs|\.ci)/"
                       r"[\w./<>*{}\[\]-]*|ARCHITECTURE\.md|CITATION\.cff|tox\.ini|pyproject\.toml)`")


@pytest.mark.skipif(not (ROOT / "README.md").exists(), reason="README.md is not beside the tests")
def test_every_path_and_command_the_docs_name_exists():
    """Each repository path a doc names in backticks exists (cut off at a placeholder: a `<...>`, a glob, or
    an upper-case part such as `SPEC.json`), and each `regretlab SUB` of a shell block is a subcommand of
    the CLI."""
    from regretlab.cli import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, __import__("argparse")._SubParsersAction))
    missing, unknown = [], []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for name in _DOC_PATH.findall(text):
            if (ROOT / name.rstrip(".")).exists():
                continue
            parts = []
            for part in re.split(r"[<*{\[]", name)[0].split("/"):
                if re.fullmatch(r"[A-Z_]+(\.\w+)?", part) and name not in ("ARCHITECTURE.md", "CITATION.cff"):
                    break
                parts.append(part)
            stem = "/".join(parts).rstrip(".")
            if stem and not (ROOT / stem).exists():
                missing.append(f"{path.name}: {name}")
        for block in re.findall(r"```bash\n(.*?)```", text, flags=re.S):
            for command in re.findall(r"^regretlab (\S+)", block, flags=re.M):
                if command not in sub.choices:
                    unknown.append(f"{path.name}: regretlab {command}")
    assert not missing, missing
    assert not unknown, unknown


@pytest.mark.skipif(not (ROOT / "CITATION.cff").exists(), reason="CITATION.cff is not beside the tests")
def test_citation_cff_and_regretlab_cite_agree(capsys):
    """`regretlab cite regretlab` prints the software's entry with CITATION.cff's title, authors, version and
    the year of its date-released."""
    from regretlab._version import __version__

    cff = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert main(["cite", "regretlab"]) == 0
    out = capsys.readouterr().out
    title = re.search(r'^title: "(.*)"$', cff, flags=re.M).group(1)
    author = re.search(r'^  - name: "(.*)"$', cff, flags=re.M).group(1)
    version = re.search(r'^version: "(.*)"$', cff, flags=re.M).group(1)
    assert version == __version__
    assert f"title = {{{title}}}" in out and f"author = {{{{{author}}}}}" in out
    assert f"version = {{{version}}}" in out
    released = re.search(r'^date-released: "(\d{4})-(\d{2})-\d{2}"$', cff, flags=re.M)
    assert f"year = {{{released.group(1)}}}" in out and f"month = {{{int(released.group(2))}}}" in out
    assert main(["cite"]) == 0 and capsys.readouterr().out.startswith("% regretlab itself")


def test_cite_with_an_unknown_key_lists_the_valid_keys(capsys):
    """A wrong key exits 2 and the message lists every valid key (regretlab and the papers'), not only close
    ones."""
    from regretlab.bounds.references import REFERENCES

    assert main(["cite", "nosuchkey"]) == 2
    err = capsys.readouterr().err
    assert "nosuchkey" in err and "valid keys" in err
    assert all(key in err for key in ["regretlab", *REFERENCES])


def test_list_prints_an_optimum_of_zero_as_zero(capsys):
    """Ackley's and Levy's optimum, 0 up to floating point (-4.4e-16, -1.5e-32 as computed), prints as 0;
    others keep 10 significant digits."""
    assert main(["list"]) == 0
    rows = {line.split()[0]: line for line in capsys.readouterr().out.splitlines() if line.strip()}
    assert rows["ackley"].split()[-1] == "0" and rows["levy"].split()[-1] == "0"
    assert rows["hartmann6"].split()[-1] == "3.322368011"
    assert "e-16" not in "".join(rows.values()) and "e-32" not in "".join(rows.values())


@pytest.mark.skipif(not (ROOT / "README.md").exists(), reason="README.md is not beside the tests")
def test_readme_commands_never_use_the_P_flag():
    """The README's commands run Python plainly: no `-P` trick is needed from the checkout root."""
    for block in _readme_blocks("bash"):
        assert not re.search(r"python3?\s+-P\b", block), block


@pytest.mark.skipif(not (ROOT / "README.md").exists(), reason="README.md is not beside the tests")
def test_readme_python_snippet_runs_from_the_checkout_root():
    """Every ```python block of the README runs as written from the checkout root and exits 0."""
    blocks = _readme_blocks("python")
    assert blocks, "the README has no Python example"
    for block in blocks:
        result = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True, timeout=600,
                                cwd=ROOT)
        assert result.returncode == 0, block + result.stderr


def test_demo_runs_and_its_checks_hold(capsys):
    """`regretlab demo` exits 0 and its rank-one-appended posterior equals a full refit to 1e-10."""
    from regretlab.demo import run_demo

    assert main(["demo"]) == 0
    assert "rank-one appends" in capsys.readouterr().out
    numbers = run_demo(seed=1, out=lambda line: None)
    assert numbers["append_vs_refit"] < 1e-10
    assert np.isfinite(numbers["rmse"]) and np.isfinite(numbers["path_max"])


def test_demo_with_a_negative_seed_is_a_usage_error(capsys):
    """`regretlab demo --seed -1` exits 2 with argparse's message naming the seed, not a traceback."""
    with pytest.raises(SystemExit) as exc:
        main(["demo", "--seed", "-1"])
    assert exc.value.code == 2
    assert "'-1' is not a seed" in capsys.readouterr().err


def test_list_into_a_closed_pipe_exits_cleanly(tmp_path):
    """`regretlab list | head -1` is not an error: writing into a pipe whose reader has gone exits 0 with
    nothing on stderr (no BrokenPipeError traceback)."""
    reader = subprocess.Popen([sys.executable, "-c", "pass"], stdin=subprocess.PIPE)
    reader.wait(timeout=60)  # the read end is closed from here on: every write raises EPIPE
    # Buffered stdout (the default): the failed write then surfaces at the final flush.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    writer = subprocess.run(
        [sys.executable, "-m", "regretlab", "list"], stdout=reader.stdin, stderr=subprocess.PIPE,
        cwd=tmp_path, timeout=120, env=env,
    )
    reader.stdin.close()
    assert writer.returncode == 0
    assert b"Traceback" not in writer.stderr


def test_cite_prints_the_bibtex_of_a_key_case_insensitively(capsys):
    """`regretlab cite ha2019` prints the reference and its BibTeX entry under the canonical key."""
    assert main(["cite", "ha2019"]) == 0
    out = capsys.readouterr().out
    assert "@inproceedings{Ha2019," in out and "Bayesian Optimization with Unknown Search Space" in out


def test_cite_without_a_key_prints_every_entry(capsys):
    """`regretlab cite` prints regretlab's own entry, then one BibTeX entry per key of REFERENCES."""
    from regretlab.bounds import REFERENCES

    assert main(["cite"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n@") + out.startswith("@") == 1 + len(REFERENCES)
    assert out.count("@software{regretlab,") == 1
    for key in REFERENCES:
        assert "{" + key + "," in out


def test_cite_an_unknown_key_is_a_clear_error(capsys):
    """An unknown key exits 2 and names the close keys."""
    assert main(["cite", "TranThe20"]) == 2
    err = capsys.readouterr().err
    assert "TranThe20" in err and "TranThe2020-ext" in err


def test_setups_lists_and_shows_one_with_sources(capsys):
    """`regretlab setups` lists the named setups; `regretlab setups NAME --dim D` prints each value at D with
    its source; an unknown name is a usage error (exit 2) naming the known ones."""
    from regretlab.cli import main

    assert main(["setups"]) == 0
    out = capsys.readouterr().out
    assert "Kandasamy2015/Add-d/M" in out and "Ha2019/GPUCB-UBO-code" in out
    assert main(["setups", "TranThe2020/MS-UCB", "--dim", "20"]) == 0
    out = capsys.readouterr().out
    assert "200 (10 D)" in out and "[TranThe2020, §Experiments]" in out
    assert main(["setups", "nope"]) == 2
    assert "Li2016/RPP" in capsys.readouterr().err


def test_ctrl_c_prints_how_to_resume_instead_of_a_traceback(monkeypatch, capsys):
    """A KeyboardInterrupt inside a command ends with status 130 and one line saying that rerunning the
    same command resumes (no traceback)."""
    import regretlab.cli as cli
    from regretlab.cli import info

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(info, "_cmd_list", interrupted)
    assert cli.main(["list"]) == 130
    err = capsys.readouterr().err
    assert "interrupted" in err and "run the same command again to resume" in err and "Traceback" not in err


def test_list_works_without_scikit_learn(monkeypatch, capsys):
    """On the base install (no scikit-learn) `regretlab list` lists the substitutes with the install hint
    instead of ending in a traceback."""
    import sys

    import regretlab.cli as cli
    from regretlab.objectives import ml

    ml._digits.cache_clear()
    monkeypatch.setitem(sys.modules, "sklearn", None)   # `import sklearn` raises ImportError
    try:
        assert cli.main(["list"]) == 0
    finally:
        ml._digits.cache_clear()
    out = capsys.readouterr().out
    assert "digits_nn" in out and "regretlab[ml]" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["verify", "--jobs", "99999999999"], "too large for a number of jobs"),
    (["setups", "Li2016/RPP", "--dim", "99999999999999999999"], "too large for a dimension"),
])
def test_oversized_jobs_and_dimensions_are_one_line_errors(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2 and message in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["verify", "--profile", "smoke", "--out", "{file}"],
    ["reproduce", "Ha2019.fig3", "--export-dir", "{file}/sub"],
    ["export", "Ha2019.fig3", "--export-dir", "{file}"],
])
def test_bad_output_folders_are_refused_before_any_work(argv, tmp_path, capsys):
    """An output folder that is a file (or under one) is a one-line error with status 2, before any claim
    or run starts."""
    a_file = tmp_path / "a_file"
    a_file.write_text("x")
    assert main([arg.format(file=a_file) for arg in argv]) == 2
    err = capsys.readouterr().err
    assert "is a file, not a folder" in err and "Traceback" not in err


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs a procfs, where permissions say writable")
@pytest.mark.parametrize("argv", [
    ["reproduce", "Ha2019.fig3", "--out", "/proc/regretlab_out"],
    ["decide", "Ha2019.fig3", "--out", "/proc/regretlab_out"],
    ["preregister", "Kandasamy2015.fig3_D10_simple_code", "--out", "/proc/regretlab_out"],
])
def test_a_folder_that_cannot_be_made_is_refused_before_any_work(argv, capsys):
    """A folder on procfs passes a permission check (as root) but cannot be made: the command tries to make
    it and write in it first, and stops with one line naming the option and the reason, status 2 (it used to
    fail every run, or end in a traceback, after the work)."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    # as root: "cannot write there (...)"; as another user the permission check says "/proc is not writable"
    assert "--out /proc/regretlab_out: " in err and "Traceback" not in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(("argv", "message"), [
    (["reproduce", "--all", "--list"], "--list lists the specs and runs nothing"),
    (["reproduce", "Ha2019.fig2", "--list"], "--list lists the specs and runs nothing"),
    (["reproduce", "Ha2019.fig2", "--all"], "give a spec ('Ha2019.fig2') or --all, not both"),
])
def test_reproduce_refuses_conflicting_flags_before_any_run(tmp_path, capsys, argv, message):
    """`reproduce --all --list` and `reproduce SPEC --all` used to start reproducing every spec: now exit 2
    with the conflict named, and nothing written."""
    out = tmp_path / "results"
    assert main([*argv, "--out", str(out), "--export-dir", str(tmp_path / "pf")]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists() and not (tmp_path / "pf").exists()


def test_an_unreachable_scheduler_is_one_line_naming_its_address(tmp_path):
    """A dask scheduler nobody listens on: a ValueError naming the address (the CLI prints it as one
    line), not a traceback after distributed's 30 s default."""
    pytest.importorskip("distributed")
    from regretlab.experiments import registry
    from regretlab.experiments.runner import run_spec

    spec = registry.get("Ha2019.fig2")
    with pytest.raises(ValueError, match=r"scheduler='tcp://127\.0\.0\.1:1' is unreachable"):
        run_spec(spec, "quick", out=tmp_path, scheduler="tcp://127.0.0.1:1", progress=False)


def test_export_and_reproduce_without_scikit_learn_skip_substitutes(monkeypatch, capsys, tmp_path):
    """On the base install `regretlab export` skips a substitute item with one line naming the extra and goes
    on to the next item (exit 2 because that item was asked for by name); `reproduce` of a substitute item
    is a one-line error. No traceback."""
    import sys

    import regretlab.cli as cli
    from regretlab.objectives import ml

    ml._digits.cache_clear()
    monkeypatch.setitem(sys.modules, "sklearn", None)   # `import sklearn` raises ImportError
    try:
        status = cli.main(["export", "Kandasamy2015.fig5b", "Kandasamy2015.fig2", "--out",
                           str(tmp_path / "r"), "--export-dir", str(tmp_path / "pf")])
        printed = capsys.readouterr()
        assert status == 2 and "Traceback" not in printed.err
        assert "skipped Kandasamy2015.fig5b: " in printed.out and "regretlab[ml]" in printed.out
        assert (tmp_path / "pf" / "Kandasamy2015" / "fig2.json").is_file()
        assert cli.main(["reproduce", "TranThe2020.fig5", "--out", str(tmp_path / "r"),
                         "--export-dir", str(tmp_path / "pf"), "--jobs", "1"]) == 2
        assert "regretlab[ml]" in capsys.readouterr().err
    finally:
        ml._digits.cache_clear()


def test_export_partial_goes_with_full_mode_only(tmp_path, capsys):
    """`regretlab export ITEM --partial` in quick mode (the default) is a one-line error naming both options,
    exit 2, nothing written; `--mode full --partial` of an item with no finished run names the first
    (method, problem) that has none."""
    from regretlab.cli import main

    folders = ["--out", str(tmp_path / "r"), "--export-dir", str(tmp_path / "pf")]
    assert main(["export", "Li2016.table2", "--partial", *folders]) == 2
    err = capsys.readouterr().err
    assert "--partial goes with --mode full (got --mode quick)" in err and "Traceback" not in err
    assert not (tmp_path / "pf" / "Li2016").exists()
    # no archives to read (--archives names an empty folder; by default the clone's paper_figures is read)
    nothing = ["--archives", str(tmp_path / "no_archives")]
    assert main(["export", "Li2016.table2", "--mode", "full", "--partial", *folders, *nothing]) == 2
    assert "a partial export needs a finished run of every method and problem" in capsys.readouterr().err


def test_decide_from_the_repository_archives_prints_decisions_and_the_commit_check(tmp_path, capsys):
    """`regretlab decide Ha2019.appC --no-write` in an empty results folder decides from the runs archived in
    paper_figures/runs alone (restored and checksum-checked): it prints the item's verdict, each claim's
    verdict over its readings (and, for a claim with several, each reading's decision) and the commit
    check over the commits that made its runs, and writes nothing."""
    root = Path(__file__).resolve().parents[1] / "paper_figures"
    if not (root / "runs" / "Ha2019.appC.tar.xz").is_file():
        pytest.skip("the repository's run archives are not in this checkout")
    before = sorted(p.name for p in (root / "decisions").iterdir())
    argv = ["decide", "Ha2019.appC", "--no-write", "--out", str(tmp_path), "--export-dir", str(root)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    verdicts = "undecided|underpowered|pending|partly|reading-dependent|reproduced|not reproduced"
    assert re.search(rf"^Ha2019\.appC: ({verdicts}) \(claims over their readings: confirmed", out, re.M)
    assert re.search(r"^  Ha2019\.fig5\.c1 +(confirmed|refuted|reading-dependent|undecided|underpowered)$",
                     out, re.M)
    # a claim with two readings (wall-clock and CPU seconds) lists each reading's decision under it; our
    # FBO cannot test this timing claim (its filtering step is a Sobol scan): not testable, on both
    assert re.search(r"^  Ha2019\.fig5\.c3 +not testable\n    wall-clock s/iteration +not testable", out,
                     re.M)
    assert re.search(r"^  commits: \d+ Kruskal-Wallis tests .* Holm p ", out, re.M)
    assert "wrote" not in out and sorted(p.name for p in (root / "decisions").iterdir()) == before


def test_decide_run_starts_nothing_when_one_item_is_unknown(tmp_path, capsys):
    """`regretlab decide A B --run` with B misspelled (or B an item without claims) exits 2 before any run
    starts, naming B and the refusal: a typo must not shrink an hours-long pool to the items spelled right.
    Without --run the valid items are still decided (exit 2 for the bad one)."""
    folders = ["--out", str(tmp_path / "r"), "--export-dir", str(tmp_path / "pf")]
    for bad in ("Kandasamy2015.fig4_D96", "Kandasamy2015.fig4_D96_average"):
        assert main(["decide", "Ha2019.appC", bad, "--run", "--jobs", "1", *folders]) == 2
        err = capsys.readouterr().err
        assert bad in err and "--run starts nothing until every ITEM" in err and "Traceback" not in err
        assert not (tmp_path / "r").exists() and not (tmp_path / "pf").exists()


def test_decide_writes_the_record_the_report_and_the_overview_once(tmp_path, capsys):
    """`regretlab decide Ha2019.appC` with an export folder holding only that item's run archive (copied
    from the repository): it writes decisions/Ha2019.appC.json, DECISIONS.md linking the overview, and the
    overview DECISIONS.png / .pdf / .csv once, after the record (one CSV row per comparison of the record),
    then refreshes COMPARISON.md and MANIFEST.json (issue 62: they followed only an export)."""
    import csv
    import json
    import shutil

    root = Path(__file__).resolve().parents[1] / "paper_figures" / "runs"
    if not (root / "Ha2019.appC.tar.xz").is_file():
        pytest.skip("the repository's run archives are not in this checkout")
    export = tmp_path / "pf"
    (export / "runs").mkdir(parents=True)
    for name in ("Ha2019.appC.tar.xz", "Ha2019.appC.json"):
        shutil.copy(root / name, export / "runs" / name)
    argv = ["decide", "Ha2019.appC", "--out", str(tmp_path / "r"), "--export-dir", str(export)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    wrote = [line.removeprefix("wrote ") for line in out.splitlines() if line.startswith("wrote ")]
    assert [Path(p).name for p in wrote] == ["Ha2019.appC.json", "DECISIONS.pdf", "DECISIONS.png",
                                             "DECISIONS.csv", "COMPARISON.md", "MANIFEST.json"]
    manifest = json.loads((export / "MANIFEST.json").read_text())
    assert "decisions/Ha2019.appC.json" in json.dumps(manifest)
    record = json.loads((export / "decisions" / "Ha2019.appC.json").read_text())
    with open(export / "DECISIONS.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == sum(len(c["comparisons"]) for c in record["claims"]) > 0
    assert {row["item"] for row in rows} == {"Ha2019.appC"}
    assert "](DECISIONS.png)" in (export / "DECISIONS.md").read_text()


def test_list_outside_a_clone_says_no_archive_was_found_and_where_it_looked(tmp_path, capsys):
    """`reproduce --list` with an export folder that holds no archived runs (a user's folder outside the
    clone) says so first, naming the folder it looked in, instead of silently pricing every run as still to
    run; inside the clone's paper_figures it does not."""
    assert main(["reproduce", "--list", "--export-dir", str(tmp_path / "elsewhere")]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"No archived runs found in {(tmp_path / 'elsewhere').resolve() / 'runs'}")
    clone = Path(__file__).resolve().parents[1] / "paper_figures"
    assert main(["reproduce", "--list", "--export-dir", str(clone)]) == 0
    assert "No archived runs found" not in capsys.readouterr().out


@pytest.mark.skipif(not (ROOT / "README.md").exists() or not (ROOT / "paper_figures" / "decisions").is_dir(),
                    reason="README.md and paper_figures/ are not beside the tests")
def test_the_readmes_findings_are_what_the_committed_decisions_say():
    """The README's "What was found" paragraph and its table per paper are, word for word, findings() and
    findings_table() of the committed decisions: a decision that moves without the README following fails
    here."""
    from regretlab.figures.decisions import findings, findings_table

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## What was found", 1)[1].split("\n## ", 1)[0]
    paragraphs = section.strip().split("\n\n")
    assert " ".join(paragraphs[1].split()) == findings(ROOT / "paper_figures")
    assert paragraphs[2] == findings_table(ROOT / "paper_figures")
    with pytest.raises(ValueError, match="has no decisions/ folder"):
        findings(ROOT / "no_such_folder")


@pytest.mark.skipif(not (ROOT / "docs" / "decisions.md").exists(), reason="docs/ is not beside the tests")
def test_the_rules_have_one_source():
    """docs/decisions.md carries the decision rules as DECISIONS.md prints them: the block between its
    markers is regretlab.figures.decisions.rules_block() (RULES), word for word."""
    from regretlab.figures.decisions import RULES_MARKERS, rules_block

    text = (ROOT / "docs" / "decisions.md").read_text(encoding="utf-8")
    start, end = text.index(RULES_MARKERS[0]), text.index(RULES_MARKERS[1]) + len(RULES_MARKERS[1])
    assert text[start:end] == rules_block(), "refresh it from regretlab.figures.decisions.rules_block()"
