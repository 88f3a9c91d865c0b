"""The performance suite (``tox -e bench``): regretlab against scikit-learn, GPy and BoTorch on the same BO
work, side by side in one run.

Sections (the performance issue's):

(a) **append + predict**: from a GP fitted to t points (D = 100), add one observation and predict the mean
    and latent variance at 10^4 points; t = 250, 500, 1000, 2000. The *floor* row times the dense algebra
    any exact method needs: the kernel matrix's product ``Xq @ X_tᵀ`` (GEMM) and one triangular solve with
    the 10^4 right-hand sides (TRSM).
(b) **one GP-UCB step**: D = 100, t = 500, L-BFGS-B from the same 1000 uniform starts, each start capped at
    the same number of evaluations. ``lockstep``: every start keeps its own scipy L-BFGS-B run and the
    starts that ask are evaluated in one call per round (regretlab's maximiser, with each system's
    acquisition plugged in); ``loop``: one start after another, one point per call (scipy.optimize.minimize).
    scikit-learn has no predictive gradient: its gradients are forward differences (D + 1 predictions per
    point) and it runs only in lockstep.
(c) **MS-UCB iteration** (regretlab alone): D = 100, t = 200, d = 2, 5, 10 and |Z_t| = 1, 10, 181 (the
    paper's count at t = 200), against one GP-UCB iteration at the same D and t.
(d) **per-step cost exponent**: one GP-UCB step (tell + ask, fixed kernel, D = 20, L-BFGS-B) at t = 250 …
    2000; the slope of log time against log t.
(e) **prescreening**: score 1000 uniform candidates by UCB value, then L-BFGS-B from the best 10 (t = 500,
    D = 100), every system on the same candidates.
(f) **DIRECT engines** (regretlab alone, :mod:`direct_engines`): one ask of each DIRECT-using paper setup at
    its paper's n (Li2016 ADD, RPP and GP-UCB at D = 50, n = 1000; Kandasamy2015 Add-6/4 at D = 24), with
    scipy's DIRECT (one point per call) and the batched DIRECT (one call per DIRECT iteration); both must
    return the same point, bit for bit.

Agreement is checked before anything is timed: posteriors (a) and UCB values and gradients (b, e) agree with
regretlab's to 1e-8 (scikit-learn's forward-difference gradients to 1e-5), and every (b)/(e) row must find
regretlab's best UCB to 1e-6 (relative): the suite stops with an error otherwise. Times are medians of
``--repeats`` interleaved repeats, CPU (process) and wall seconds, with every BLAS pool and torch pinned to
one thread; ratios are peer / regretlab (above 1: regretlab is faster). Peak memory is the growth of the
resident set during one call, in a fresh process. A peer that does not import is skipped, and the reason is
printed and stored.

Run as ``python benchmarks/suite.py [--quick] [--repeats N] [--sections a b c d e f] [--out DIR]
[--readme docs/performance.md]``; writes ``DIR/bench.json`` and ``DIR/bench.md`` (the printed tables)
and, with ``--readme``, puts the tables between that file's ``<!-- bench:start -->`` and
``<!-- bench:end -->``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import direct_engines  # noqa: E402
import measure  # noqa: E402
import peers  # noqa: E402

LENGTHSCALE_PER_ROOT_D, NOISE, BETA = 0.5, 1e-2, 4.0
SIZES = {
    "full": {
        "a_t": (250, 500, 1000, 2000),
        "a_dim": 100,
        "a_query": 10_000,
        "b_dim": 100,
        "b_t": 500,
        "b_starts": 1000,
        "b_cap": 50,
        "c_dim": 100,
        "c_t": 200,
        "c_d": (2, 5, 10),
        "c_z": (1, 10, 181),
        "c_budget": 1000,
        "d_dim": 20,
        "d_t": (250, 500, 1000, 2000),
        "e_dim": 100,
        "e_t": 500,
        "e_candidates": 1000,
        "e_starts": 10,
        "e_cap": 200,
    },
    "quick": {
        "a_t": (40, 80),
        "a_dim": 5,
        "a_query": 200,
        "b_dim": 4,
        "b_t": 30,
        "b_starts": 12,
        "b_cap": 15,
        "c_dim": 8,
        "c_t": 20,
        "c_d": (2,),
        "c_z": (1, 3),
        "c_budget": 60,
        "d_dim": 3,
        "d_t": (20, 40),
        "d_dim_starts": 5,
        "e_dim": 4,
        "e_t": 30,
        "e_candidates": 50,
        "e_starts": 3,
        "e_cap": 20,
    },
}


# ---- shared problem ----------------------------------------------------------------------------------------
def problem(t: int, dim: int, n_query: int = 0, seed: int = 0):
    """t + 1 observations of a smooth function on [-1, 1]^dim and ``n_query`` query points."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1.0, 1.0, size=(t + 1, dim))
    y = np.sin(X.sum(axis=1)) + 0.1 * np.cos(3.0 * X[:, 0])
    return X, y, rng.uniform(-1.0, 1.0, size=(n_query, dim))


def build_system(name: str, X, y):
    dim = X.shape[1]
    return peers.SYSTEMS[name](
        X, y, lengthscale=LENGTHSCALE_PER_ROOT_D * math.sqrt(dim), noise=NOISE, beta=BETA
    )


def available(names) -> tuple[list[str], dict[str, str]]:
    """The systems that import here, and why each other one is skipped."""
    skipped = {name: why for name in names if name != "regretlab" and (why := peers.missing(name))}
    return [name for name in names if name not in skipped], skipped


def _close(name, what, got, want, tol):
    err = float(np.max(np.abs(np.asarray(got) - np.asarray(want)))) if np.size(want) else 0.0
    if not err <= tol:
        raise AssertionError(f"{name}: {what} differs from regretlab's by {err:.3g} (> {tol:g}); not timed")
    return err


# ---- (a) append + predict ----------------------------------------------------------------------------------
def build_append(name: str, t: int, dim: int, n_query: int):
    """A callable doing (a) once for system ``name`` (for the memory child)."""
    X, y, Xq = problem(t, dim, n_query)
    if name == "floor":
        return _floor_call(X[:t], Xq)
    system = build_system(name, X[:t], y[:t])
    state = system.copy_for_append()
    return lambda: system.append_and_predict(state, X[t], y[t], Xq)


def _floor_call(X, Xq):
    from scipy.linalg import cholesky, solve_triangular

    L = cholesky(np.eye(X.shape[0]) + X @ X.T / X.shape[1], lower=True)

    def floor():
        K = Xq @ X.T  # GEMM (q, D) x (D, t)
        return solve_triangular(L, K.T, lower=True, check_finite=False)  # TRSM (t, t) \ (t, q)

    return floor


def section_a(names, sizes, repeats):
    rows = []
    for t in sizes["a_t"]:
        X, y, Xq = problem(t, sizes["a_dim"], sizes["a_query"])
        systems = {name: build_system(name, X[:t], y[:t]) for name in names}
        ref = systems["regretlab"].append_and_predict(systems["regretlab"].copy_for_append(), X[t], y[t], Xq)
        agreement = {}
        for name, system in systems.items():
            mean, var = system.append_and_predict(system.copy_for_append(), X[t], y[t], Xq)
            agreement[name] = max(
                _close(name, "mean", mean, ref[0], 1e-8), _close(name, "variance", var, ref[1], 1e-8)
            )
        calls = {
            name: (lambda state, s=s, x=X[t], y_new=y[t], Xq=Xq: s.append_and_predict(state, x, y_new, Xq))
            for name, s in systems.items()
        }
        prepare = {name: s.copy_for_append for name, s in systems.items()}
        calls["floor"] = _floor_call(X[:t], Xq)
        times = measure.interleaved(calls, repeats, prepare)
        for name, tm in times.items():
            rows.append({"t": t, "system": name, **tm, "max_abs_diff": agreement.get(name)})
    return rows


# ---- (b) one GP-UCB step from the same starts --------------------------------------------------------------
def _step(mode, ucb, starts, cap):
    """(b) once: L-BFGS-B from ``starts`` on [-1, 1]^D, each start capped at ``cap`` evaluations, all starts
    in lockstep (``mode="lockstep"``) or one after another, one point per call (``"loop"``); returns the
    best UCB found and the evaluations used (the result of the UCB's own count)."""
    from regretlab.algorithms import _lockstep

    driver = _lockstep.lbfgsb_lockstep if mode == "lockstep" else _lockstep.lbfgsb_one_by_one
    count = [0]

    def evaluate(index, Z):
        count[0] += Z.shape[0]
        return ucb(Z)

    caps = np.full(starts.shape[0], cap)
    result = driver(evaluate, starts, -np.ones_like(starts), np.ones_like(starts), caps, ftol=1e-9, gtol=1e-9)
    return float(result.best_value.max()), count[0]


def _b_rows(names):
    rows = [("regretlab", "lockstep"), ("regretlab", "loop")]
    for name in names:
        if name in ("GPy", "BoTorch"):
            rows += [(name, "lockstep"), (name, "loop")]
        elif name == "scikit-learn":
            rows.append((name, "lockstep"))
    return rows


def _b_function(system, mode):
    """What (b) maximises: the batched UCB in lockstep; in the loop, the acquisition as a user calls it
    (BoTorch's stock ``UpperConfidenceBound``)."""
    return getattr(system, "stock_ucb", system.ucb) if mode == "loop" else system.ucb


def build_step(name: str, mode: str, t: int, dim: int, n_starts: int, cap: int):
    """A callable doing (b) once for (system, mode) (for the memory child)."""
    X, y, _ = problem(t, dim)
    system = build_system(name, X[:t], y[:t])
    starts = np.random.default_rng(1).uniform(-1.0, 1.0, size=(n_starts, dim))
    return lambda: _step(mode, _b_function(system, mode), starts, cap)


def _check_ucb(systems, Z):
    ref_v, ref_g = systems["regretlab"].ucb(Z)
    out = {}
    for name, system in systems.items():
        grad_tol = 1e-5 if name == "scikit-learn" else 1e-8
        errors = [_close(name, "UCB value-only", system.values(Z), ref_v, 1e-8)]
        for function in {system.ucb, getattr(system, "stock_ucb", system.ucb)}:
            values, grads = function(Z)
            errors += [
                _close(name, "UCB", values, ref_v, 1e-8),
                _close(name, "UCB gradient", grads, ref_g, grad_tol),
            ]
        out[name] = max(errors)
    return out


def _slow(name, mode):
    """The (b) rows that take minutes at the full sizes: one start at a time, and scikit-learn's forward
    differences (D + 1 predictions per point)."""
    return mode == "loop" or name == "scikit-learn"


def section_b(names, sizes, repeats, slow_repeats):
    """Rows: ``repeats`` interleaved rounds, the slow ones (:func:`_slow`) ``slow_repeats`` rounds. Each
    row's best UCB, from its first round, must be regretlab's."""
    dim, t = sizes["b_dim"], sizes["b_t"]
    X, y, Zq = problem(t, dim, 64)
    systems = {name: build_system(name, X[:t], y[:t]) for name in names}
    agreement = _check_ucb(systems, Zq)
    starts = np.random.default_rng(1).uniform(-1.0, 1.0, size=(sizes["b_starts"], dim))
    found, calls = {}, {"fast": {}, "slow": {}}
    for name, mode in _b_rows(names):
        function, key = _b_function(systems[name], mode), f"{name} {mode}"

        def call(key=key, mode=mode, function=function):
            found[key] = _step(mode, function, starts, sizes["b_cap"])  # (best UCB, evaluations)

        calls["slow" if _slow(name, mode) else "fast"][key] = call
    times = {
        **measure.interleaved(calls["fast"], repeats),
        **measure.interleaved(calls["slow"], slow_repeats),
    }
    ref = found["regretlab lockstep"][0]
    for key, (value, _) in found.items():
        if not abs(value - ref) <= 1e-6 * max(1.0, abs(ref)):
            raise AssertionError(f"{key} finds best UCB {value!r}, regretlab {ref!r}")
    rows = []
    for key, tm in times.items():
        name, mode = key.split(" ")
        value, evaluations = found[key]
        rows.append(
            {
                "system": name,
                "mode": mode,
                **tm,
                "repeats": slow_repeats if _slow(name, mode) else repeats,
                "evaluations": evaluations,
                "us_per_evaluation": 1e6 * tm["cpu_s"] / evaluations,
                "best_ucb": value,
                "max_abs_diff": agreement[name],
            }
        )
    return rows


# ---- (c) MS-UCB iteration ----------------------------------------------------------------------------------
def _ask_seconds(opt, X, y) -> tuple[float, float, int]:
    for x_i, y_i in zip(X, y, strict=True):
        opt.tell(x_i, float(y_i))
    c0, w0 = time.process_time(), time.perf_counter()
    opt.ask()
    return time.process_time() - c0, time.perf_counter() - w0, int(opt._pending["acq_evaluations"])


def _fixed_kernel(dim):
    from regretlab.gp import SquaredExponential

    return SquaredExponential(lengthscale=LENGTHSCALE_PER_ROOT_D * math.sqrt(dim), variance=1.0)


def section_c(sizes, repeats):
    from regretlab.algorithms import GPUCB, MSUCB

    dim, t = sizes["c_dim"], sizes["c_t"]
    X, y, _ = problem(t - 1, dim)
    common = dict(
        n_init=t,
        kernel=_fixed_kernel(dim),
        noise_variance=NOISE,
        fit_hyperparameters=False,
        acq_optimizer="lbfgsb",
    )
    rows = []

    def median_of(make):
        runs = [_ask_seconds(make(r), X, y) for r in range(repeats)]
        return (float(np.median([r[0] for r in runs])), float(np.median([r[1] for r in runs])), runs[0][2])

    box = [[-1.0, 1.0]] * dim
    cpu, wall, evaluations = median_of(
        lambda r: GPUCB(box, rng=r, n_starts=10 * dim, acq_budget=100 * dim, **common)
    )
    rows.append(
        {
            "algorithm": "GP-UCB",
            "d": dim,
            "Z_size": None,
            "cpu_s": cpu,
            "wall_s": wall,
            "evaluations": evaluations,
        }
    )
    for d in sizes["c_d"]:
        for z in sizes["c_z"]:
            cpu, wall, evaluations = median_of(
                lambda r, d=d, z=z: MSUCB(
                    box,
                    d=d,
                    N0=z,
                    alpha=0.0,
                    rng=r,
                    subspace_budget=sizes["c_budget"],
                    n_starts=10 * d,
                    beta="theory",
                    beta_scale=0.2,
                    **common,
                )
            )
            rows.append(
                {
                    "algorithm": "MS-UCB",
                    "d": d,
                    "Z_size": z,
                    "cpu_s": cpu,
                    "wall_s": wall,
                    "evaluations": evaluations,
                }
            )
    return rows


# ---- (d) per-step cost exponent ----------------------------------------------------------------------------
def section_d(sizes, repeats):
    from regretlab.algorithms import GPUCB

    dim = sizes["d_dim"]
    n_starts = sizes.get("d_dim_starts", 10 * dim)
    rows = []
    for t in sizes["d_t"]:
        X, y, _ = problem(t, dim)
        cpu_runs, wall_runs = [], []
        for r in range(repeats):
            opt = GPUCB(
                [[-1.0, 1.0]] * dim,
                rng=r,
                n_init=t,
                kernel=_fixed_kernel(dim),
                noise_variance=NOISE,
                fit_hyperparameters=False,
                acq_optimizer="lbfgsb",
                n_starts=n_starts,
                acq_budget=100 * dim,
            )
            for x_i, y_i in zip(X[:t], y[:t], strict=True):
                opt.tell(x_i, float(y_i))
            c0, w0 = time.process_time(), time.perf_counter()
            opt.ask()  # step t + 1: propose ...
            opt.tell(X[t], float(y[t]))  # ... and add the observation (rank-one append, no refit)
            cpu_runs.append(time.process_time() - c0)
            wall_runs.append(time.perf_counter() - w0)
        rows.append({"t": t, "cpu_s": float(np.median(cpu_runs)), "wall_s": float(np.median(wall_runs))})
    slope = float(np.polyfit(np.log([r["t"] for r in rows]), np.log([r["cpu_s"] for r in rows]), 1)[0])
    return rows, slope


# ---- (e) prescreening --------------------------------------------------------------------------------------
def _prescreen(system, candidates, n_starts, cap):
    values = system.values(candidates)
    best = candidates[np.argsort(-values, kind="stable")[:n_starts]]
    value, evaluations = _step("lockstep", system.ucb, best, cap)
    return max(value, float(values.max())), evaluations + candidates.shape[0]


def build_prescreen(name: str, t: int, dim: int, n_candidates: int, n_starts: int, cap: int):
    """A callable doing (e) once for system ``name`` (for the memory child)."""
    X, y, _ = problem(t, dim)
    system = build_system(name, X[:t], y[:t])
    candidates = np.random.default_rng(2).uniform(-1.0, 1.0, size=(n_candidates, dim))
    return lambda: _prescreen(system, candidates, n_starts, cap)


def section_e(names, sizes, repeats):
    dim, t = sizes["e_dim"], sizes["e_t"]
    X, y, _ = problem(t, dim)
    systems = {name: build_system(name, X[:t], y[:t]) for name in names}
    candidates = np.random.default_rng(2).uniform(-1.0, 1.0, size=(sizes["e_candidates"], dim))
    args = (candidates, sizes["e_starts"], sizes["e_cap"])
    best = {name: _prescreen(s, *args) for name, s in systems.items()}
    ref = best["regretlab"][0]
    for name, (value, _) in best.items():
        if not abs(value - ref) <= 1e-6 * max(1.0, abs(ref)):
            raise AssertionError(f"{name} prescreen finds best UCB {value!r}, regretlab {ref!r}: not timed")
    times = measure.interleaved(
        {name: (lambda s=s: _prescreen(s, *args)) for name, s in systems.items()}, repeats
    )
    return [
        {"system": name, **tm, "evaluations": best[name][1], "best_ucb": best[name][0]}
        for name, tm in times.items()
    ]


# ---- report ------------------------------------------------------------------------------------------------
def _fmt(value, digits=3):
    return "—" if value is None else f"{value:.{digits}g}"


def _table(title: str, header: list[str], rows: list[list]) -> list[str]:
    """A titled markdown table; numeric columns right-aligned."""

    def numeric(cell):
        try:
            float(cell)
        except ValueError:
            return cell == "—"
        return True

    align = ["---:" if numeric(cell) else "---" for cell in rows[0]]
    lines = ["", title, "", "| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    return lines + ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]


def tables(report) -> str:
    """The report as text: the machine, then one markdown table per section."""
    m, s, mem = report["machine"], report["sizes"], report.get("memory_mib", {})
    pools = ", ".join(sorted({p["internal_api"] for p in report["threads"]}))
    versions = ", ".join(f"{k} {v}" for k, v in report["versions"].items())
    out = [
        f"Machine: {m['cpu']}, {m['cores']} cores, {m['memory_gib']} GiB, {m['os']}, Python {m['python']}; "
        f"{m['date']}; one BLAS thread ({pools}); {versions}."
    ]
    out += [f"Skipped {name}: {why}" for name, why in report["skipped"].items()]
    if "a" in report:
        rows = report["a"]
        ref = {r["t"]: r["cpu_s"] for r in rows if r["system"] == "regretlab"}
        out += _table(
            f"(a) add one point, then predict mean and variance at {s['a_query']} points (D = {s['a_dim']}); "
            "ratio = CPU time / regretlab's; floor = the GEMM and TRSM of the same sizes",
            ["t", "system", "CPU s", "wall s", "ratio", "max abs diff", "peak MiB"],
            [
                [
                    r["t"],
                    r["system"],
                    f"{r['cpu_s']:.4f}",
                    f"{r['wall_s']:.4f}",
                    f"{r['cpu_s'] / ref[r['t']]:.2f}",
                    _fmt(r["max_abs_diff"], 2),
                    _fmt(mem.get(f"a {r['system']} {r['t']}")),
                ]
                for r in rows
            ],
        )
    if "b" in report:
        rows = report["b"]
        ref = next(r["cpu_s"] for r in rows if (r["system"], r["mode"]) == ("regretlab", "lockstep"))
        out += _table(
            f"(b) one GP-UCB step: D = {s['b_dim']}, t = {s['b_t']}, L-BFGS-B from the same {s['b_starts']} "
            f"starts, at most {s['b_cap']} evaluations each; ratio = CPU time / regretlab lockstep's",
            [
                "system",
                "mode",
                "repeats",
                "CPU s",
                "wall s",
                "ratio",
                "evaluations",
                "µs / evaluation",
                "best UCB",
                "peak MiB",
            ],
            [
                [
                    r["system"],
                    r["mode"],
                    r["repeats"],
                    f"{r['cpu_s']:.3f}",
                    f"{r['wall_s']:.3f}",
                    f"{r['cpu_s'] / ref:.2f}",
                    r["evaluations"],
                    f"{r['us_per_evaluation']:.1f}",
                    f"{r['best_ucb']:.10g}",
                    _fmt(mem.get(f"b {r['system']} {r['mode']}")),
                ]
                for r in rows
            ],
        )
    if "c" in report:
        out += _table(
            f"(c) one iteration (ask) at D = {s['c_dim']}, t = {s['c_t']}: MS-UCB with 10·d starts and "
            f"{s['c_budget']} evaluations per subspace, GP-UCB with 10·D starts",
            ["algorithm", "d", "\\|Z_t\\|", "CPU s", "wall s", "evaluations"],
            [
                [
                    r["algorithm"],
                    r["d"],
                    _fmt(r["Z_size"]),
                    f"{r['cpu_s']:.3f}",
                    f"{r['wall_s']:.3f}",
                    r["evaluations"],
                ]
                for r in report["c"]
            ],
        )
    if "d" in report:
        out += _table(
            f"(d) one GP-UCB step (ask + tell, no refit) at D = {s['d_dim']}: CPU s against t; "
            "fitted exponent "
            f"{report['d_exponent']:.2f}",
            ["t", "CPU s", "wall s"],
            [[r["t"], f"{r['cpu_s']:.4f}", f"{r['wall_s']:.4f}"] for r in report["d"]],
        )
    if "e" in report:
        rows = report["e"]
        ref = next(r["cpu_s"] for r in rows if r["system"] == "regretlab")
        out += _table(
            f"(e) prescreening: UCB of {s['e_candidates']} candidates, L-BFGS-B from the best "
            f"{s['e_starts']} "
            f"(t = {s['e_t']}, D = {s['e_dim']}); ratio = CPU time / regretlab's",
            ["system", "CPU s", "wall s", "ratio", "evaluations", "best UCB", "peak MiB"],
            [
                [
                    r["system"],
                    f"{r['cpu_s']:.4f}",
                    f"{r['wall_s']:.4f}",
                    f"{r['cpu_s'] / ref:.2f}",
                    r["evaluations"],
                    f"{r['best_ucb']:.10g}",
                    _fmt(mem.get(f"e {r['system']}")),
                ]
                for r in rows
            ],
        )
    if "f" in report:
        out += _table(
            "(f) one ask of each DIRECT-using paper setup at its paper's n: scipy's DIRECT (one point per "
            "call) against the batched DIRECT (one call per iteration), the same point checked first; "
            "ratio = scipy / batched",
            ["case", "D", "n", "DIRECT budget", "scipy CPU s", "batched CPU s", "ratio"],
            [[r["case"], r["D"], r["n"], r["budget"], f"{r['scipy_cpu_s']:.3f}", f"{r['batched_cpu_s']:.3f}",
              f"{r['ratio']:.1f}"] for r in report["f"]],
        )
    return "\n".join(out) + "\n"


def memory(report, names, sizes):
    """Peak memory of one call per (section, system), each in a fresh process."""
    out = {}
    if "a" in report:
        t = max(sizes["a_t"])
        for name in [*names, "floor"]:
            out[f"a {name} {t}"] = measure.peak_memory_mib(
                build_append, name, t, sizes["a_dim"], sizes["a_query"]
            )
    if "b" in report:
        for name, mode in _b_rows(names):
            if not _slow(name, mode):
                out[f"b {name} {mode}"] = measure.peak_memory_mib(
                    build_step, name, mode, sizes["b_t"], sizes["b_dim"], sizes["b_starts"], sizes["b_cap"]
                )
    if "e" in report:
        for name in names:
            out[f"e {name}"] = measure.peak_memory_mib(
                build_prescreen,
                name,
                sizes["e_t"],
                sizes["e_dim"],
                sizes["e_candidates"],
                sizes["e_starts"],
                sizes["e_cap"],
            )
    return out


def write_readme(path: Path, text: str) -> None:
    start, end = "<!-- bench:start -->", "<!-- bench:end -->"
    readme = path.read_text(encoding="utf-8")
    if start not in readme or end not in readme:
        raise SystemExit(f"{path} has no {start} … {end} block to fill")
    head, rest = readme.split(start, 1)
    tail = rest.split(end, 1)[1]
    tmp = path.with_suffix(".tmp")
    tmp.write_text(f"{head}{start}\n{text}{end}{tail}", encoding="utf-8")
    os.replace(tmp, path)


def run(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes (a smoke run, seconds)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--slow-repeats",
        type=int,
        default=1,
        help="repeats of (b)'s rows that take minutes (one start at a time; finite differences)",
    )
    parser.add_argument("--sections", nargs="+", default=list("abcdef"), choices=list("abcdef"))
    parser.add_argument("--peers", nargs="+", default=list(peers.PEERS), choices=list(peers.PEERS))
    parser.add_argument("--no-memory", action="store_true", help="skip the fresh-process memory runs")
    parser.add_argument("--out", type=Path, help="folder for bench.json and bench.md")
    parser.add_argument("--readme", type=Path, help="README to fill between the bench markers")
    args = parser.parse_args(argv)
    sizes = SIZES["quick" if args.quick else "full"]
    names, skipped = available(["regretlab", *args.peers])  # imports the peers (and their BLAS/OpenMP)
    threads = measure.pin_threads()  # after every import: a library loaded later would bring its own pool
    report = {
        "machine": measure.machine(),
        "versions": peers.versions(),
        "threads": threads,
        "repeats": args.repeats,
        "sizes": sizes,
        "skipped": skipped,
    }
    for why in skipped.values():
        print(f"skipped: {why}", flush=True)
    progress = _progress(len(args.sections))
    if "a" in args.sections:
        report["a"] = section_a(names, sizes, args.repeats)
        progress("a")
    if "b" in args.sections:
        report["b"] = section_b(names, sizes, args.repeats, args.slow_repeats)
        progress("b")
    if "c" in args.sections:
        report["c"] = section_c(sizes, args.repeats)
        progress("c")
    if "d" in args.sections:
        report["d"], report["d_exponent"] = section_d(sizes, args.repeats)
        progress("d")
    if "e" in args.sections:
        report["e"] = section_e(names, sizes, args.repeats)
        progress("e")
    if "f" in args.sections:
        report["f"] = direct_engines.section_f("quick" if args.quick else "full", args.repeats)
        progress("f")
    if not args.no_memory:
        report["memory_mib"] = memory(report, names, sizes)
    text = tables(report)
    print(text)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        for name, content in (("bench.json", json.dumps(report, indent=1, default=str)), ("bench.md", text)):
            tmp = args.out / f".{name}.tmp"
            tmp.write_text(content, encoding="utf-8")
            os.replace(tmp, args.out / name)
    if args.readme:
        write_readme(args.readme, text)
    return report


def _progress(total):
    """A tqdm bar over the sections, drawn only on a terminal."""
    from tqdm import tqdm

    bar = tqdm(total=total, desc="bench", disable=not sys.stderr.isatty())

    def step(section):
        bar.set_postfix_str(f"section {section} done")
        bar.update(1)
        if bar.n == total:
            bar.close()

    return step


if __name__ == "__main__":
    run()
