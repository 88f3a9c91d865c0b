"""Issue 75.3: another package's claims, registered through the ``regretlab.claims`` entry-point group, run
under ``regretlab verify --claims 'PKG.*'`` exactly as the project's own: a fake distribution on the path
(its dist-info names the entry point; its module registers two claims with check_bound), verified in a
fresh interpreter — the right bound is not violated, the wrong one is, each with k and the power audit in
the report; a plugin that fails to import is reported and the project's claims still load."""

import json
import os
import subprocess
import sys
import textwrap

PLUGIN = textwrap.dedent('''
    import numpy as np
    from regretlab.gp import SquaredExponential
    from regretlab.verify import Policy, check_bound, claim

    GRID = np.linspace(0.0, 1.0, 30)[:, None]
    KERNEL = SquaredExponential(lengthscale=0.1, variance=1.0)

    def random_search(candidates, rng):
        return Policy(lambda X, y, c, r: int(r.integers(len(c))), candidates, rng)

    def ceiling(T):            # T (f* - min f) can be no more than 12 T on these paths (|f| < 6 a.s.)
        return 12.0 * T

    def too_small(T):
        return 0.01 * T

    for name, bound in (("right", ceiling), ("wrong", too_small)):
        def check(ctx, bound=bound):
            return [check_bound(random_search, bound, kernel=KERNEL, candidates=GRID, T=10,
                                delta=0.1, paths=5 * ctx.profile.paths, seed=ctx.seed, name=ctx.claim_id)]
        claim(f"MYPKG.random_search_{name}", reference="[MyPaper, Thm 1]",
              event=f"with probability at least 1 - δ, R_T <= {name} bound for every T",
              latex="R_T\\\\le B_T",
              bounds=(bound,), kind="regret", evidence="exact GP paths on a 30-point grid",
              catalogue=False)(check)
''')


def _install(tmp_path, module: str, body: str) -> dict:
    (tmp_path / f"{module}.py").write_text(body)
    info = tmp_path / f"{module}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[regretlab.claims]\n{module} = {module}\n")
    return {**os.environ, "PYTHONPATH": str(tmp_path), "OPENBLAS_NUM_THREADS": "1", "MPLBACKEND": "Agg"}


def test_a_third_partys_claims_run_under_regretlab_verify(tmp_path):
    env = _install(tmp_path, "mypkg_claims", PLUGIN)
    out = tmp_path / "report"
    done = subprocess.run([sys.executable, "-m", "regretlab", "verify", "--claims", "MYPKG.*", "--profile",
                           "smoke", "--out", str(out), "--quiet"], capture_output=True, text=True, env=env,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads((out / "verification.json").read_text())
    outcomes = {v["claim"]: v for v in report["verdicts"]}
    assert set(outcomes) == {"MYPKG.random_search_right", "MYPKG.random_search_wrong"}
    assert outcomes["MYPKG.random_search_wrong"]["outcome"] == "violated"
    right = outcomes["MYPKG.random_search_right"]
    assert right["outcome"] in ("vacuous", "inconclusive") and right["violations"] == 0
    assert "vacuous_trials" in right["power"] and (out / "PROVENANCE.md").is_file()


def test_a_plugin_that_fails_is_reported_and_the_projects_claims_still_load(tmp_path):
    """Plugins load when claims are selected (not at import: see the next test); the broken one is
    recorded with its error and the project's claims are all there."""
    env = _install(tmp_path, "broken_claims", "raise RuntimeError('no data here')\n")
    code = ("import warnings; warnings.simplefilter('ignore'); import regretlab.verify as v; "
            "assert not v.PLUGIN_ERRORS; v.select('MSUCB.*'); print(len(v.CLAIMS), v.PLUGIN_ERRORS)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    count, errors = done.stdout.split(" ", 1)
    assert int(count) >= 20 and "broken_claims" in errors and "no data here" in errors


CIRCULAR = textwrap.dedent('''
    from .algorithm import NAME   # the package's own module first, as a user's __init__ does
''')


def test_a_plugin_package_that_imports_regretlab_verify_first_loads_without_a_cycle(tmp_path):
    """A plugin package whose __init__ imports its own module, which imports regretlab.verify, which (at
    import, as before) loaded the entry points, which imported the half-initialised package: ImportError.
    Entry points now load at select(), after every import finished."""
    package = tmp_path / "cyclepkg"
    package.mkdir()
    (package / "__init__.py").write_text("from .algorithm import NAME\n")
    (package / "algorithm.py").write_text("import regretlab.verify\nNAME = 'x'\n")
    (package / "claims.py").write_text(PLUGIN.replace("MYPKG", "CYCLEPKG") + "from .algorithm import NAME\n")
    info = tmp_path / "cyclepkg-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cyclepkg\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[regretlab.claims]\ncyclepkg = cyclepkg.claims\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "OPENBLAS_NUM_THREADS": "1", "MPLBACKEND": "Agg"}
    code = ("import warnings; warnings.simplefilter('error'); import cyclepkg; import regretlab.verify as v; "
            "print(sorted(c.id for c in v.select('CYCLEPKG.*')), v.PLUGIN_ERRORS)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "CYCLEPKG.random_search_right" in done.stdout and done.stdout.strip().endswith("{}")


def test_a_check_bound_verdict_is_audited_once_by_the_engine():
    """check_bound audits its verdict (power, k, and with a horizon where it bites beyond T); the engine
    audits every verdict a claim returns: the second audit leaves an audited one as it is (its statistic
    said 'power: ...' twice and the engine's recomputed power lost the 'beyond' entry)."""
    import numpy as np

    from regretlab.gp import SquaredExponential
    from regretlab.verify import Policy, check_bound
    from regretlab.verify.verdict import power_audit, sensitivity_audit

    def random_search(candidates, rng):
        return Policy(lambda X, y, c, r: int(r.integers(len(c))), candidates, rng)

    v = check_bound(random_search, lambda T: 0.5 * T, kernel=SquaredExponential(0.2, 1.0),
                    candidates=np.linspace(0, 1, 20)[:, None], T=8, paths=10, horizon=50)
    before, statistic = dict(v.power), v.statistic
    sensitivity_audit(power_audit(v))
    assert v.power == before and v.statistic == statistic and "beyond" in v.power
    assert statistic.count("power: ") == 1
