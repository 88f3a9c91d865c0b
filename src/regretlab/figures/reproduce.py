"""``reproduce``: run a spec and export it; ``export``: export a spec from its finished runs.

The exported item is ``<export_root>/<paper>/<item>.{pdf,png,csv,json}`` (``Ha2019.fig3`` →
``paper_figures/Ha2019/fig3.*``); quick-mode items say so in the figure itself and in their provenance.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from regretlab._io import git_commit
from regretlab.experiments import aggregate, compare, registry
from regretlab.experiments.runner import RunReport, run_spec
from regretlab.experiments.spec import Spec, display_name

from . import plots
from .comparison import write_comparison
from .export import export_item, write_manifest
from .renderers import renderer

__all__ = ["reproduce", "export", "Reproduction", "side_by_side_timing"]


@dataclass
class Reproduction:
    """What :func:`reproduce` did: the runner's report and the exported files."""

    report: RunReport
    paths: list[Path] = field(default_factory=list)


def substitute_labels(spec: Spec) -> list[str]:
    """What each data-based substitute among the spec's problems replaces (catalogue §6), one line each."""
    from regretlab import objectives

    labels = []
    for problem in spec.problems:
        objective = objectives.get(problem.name, problem.dim, **dict(problem.options))
        label = getattr(objective, "substitute", "")
        if label and label not in labels:
            labels.append(label)
    return labels


def reproduce(key: str, mode: str = "quick", *, out="results", export_root="paper_figures", jobs=None,
              scheduler=None, force: bool = False, progress=None) -> Reproduction:
    """Run spec ``key`` (or the spec it derives from) in ``mode`` and export it.

    Runs already finished are reused (``force`` recomputes them). A failed run is reported; the export is
    skipped when any run is missing.
    """
    spec = registry.get(key).validate()
    protect_full_export(spec.key, mode, export_root)   # before any run: refuse early, lose nothing
    report = run_spec(registry.source(spec), mode, out=out, jobs=jobs, scheduler=scheduler, force=force,
                      progress=progress)
    paths = export(key, mode, out=out, export_root=export_root) if report.ok else []
    return Reproduction(report, paths)


def _provenance(spec: Spec, source: Spec, mode: str, results: dict) -> dict:
    metas = [r["meta"] for r in results.values()]
    commits = sorted({str(m.get("commit")) for m in metas})
    return {
        "spec": spec.key, "reference": spec.reference, "title": spec.title, "mode": mode, "kind": spec.kind,
        "mode_note": spec.modes[mode].note, "spec_hash": source.hash(mode), "derived_from": spec.derived_from,
        "canonical": source.canonical(mode), "commits": commits,
        "seeds": {f"{m['method']}|{m['problem']}|{m['repeat']}": {
            "entropy": m["seed_entropy"], "box_spawn_key": m["box_spawn_key"],
            "method_spawn_key": m["method_spawn_key"]} for m in metas},
        "wall_seconds": float(sum(m["wall_seconds"] for m in metas)),
        "notes": list(spec.notes), "missing_methods": list(spec.missing), "export_commit": git_commit(),
        "runs": len(results),
    }


def _stamp_text(spec: Spec, mode: str, source: Spec | None = None) -> str:
    """The figure's own label when quick mode differs from the paper's (full) setup: that of the runs'
    spec (``source``; a figure drawn from another spec's runs, such as the trade-off, has no modes of its
    own and was left unstamped)."""
    quick, full = (source or spec).modes["quick"], (source or spec).modes["full"]
    differs = (quick.repeats, quick.budgets, quick.problems) != (full.repeats, full.budgets, full.problems)
    if mode == "quick" and differs:
        return f"regretlab {spec.key}, QUICK MODE ({quick.note}): not the paper's setup"
    return ""


def side_by_side_timing(spec: Spec, results: dict) -> tuple[list[str], list[tuple]]:
    """Table 1's side-by-side: per (problem, method) our seconds and our ratio to GPUCB-UBO, the paper's
    seconds and ratio, and per problem whether the paper's ordering of the methods holds (Kendall τ of the
    two orderings and its one-sided p-value; 'holds' when τ > 0 at p < 0.05)."""
    ours = {(t.method, t.problem): t for t in aggregate.timings(results)}
    paper = spec.paper_values
    reference = "Ha2019/GPUCB-UBO"
    header = ["problem", "method", "ours_s", "ours_sd", "ours_ratio", "paper_s", "paper_sd", "paper_ratio",
              "ordering_tau", "ordering_p", "ordering"]
    rows = []
    for problem in [p.key for p in spec.problems]:
        methods = [m for m in spec.methods if (m, problem) in ours and m in paper]
        if not methods or (reference, problem) not in ours:
            continue
        ours_ratio = [ours[(m, problem)].mean / ours[(reference, problem)].mean for m in methods]
        paper_ratio = [paper[m][problem][0] / paper[reference][problem][0] for m in methods]
        tau, p_one = compare.kendall_p(ours_ratio, paper_ratio)
        verdict = "holds" if tau > 0 and p_one < 0.05 else "does not hold"
        for m, r_ours, r_paper in zip(methods, ours_ratio, paper_ratio, strict=True):
            t = ours[(m, problem)]
            rows.append((problem, m, round(t.mean, 4), round(t.sd, 4), round(r_ours, 3),
                         paper[m][problem][0], paper[m][problem][1], round(r_paper, 3), round(float(tau), 3),
                         round(float(p_one), 4), verdict))
    return header, rows


def final_values(spec: Spec, results: dict) -> tuple[list[str], list[tuple]]:
    """Per problem and method: the final value's mean ± s.e. and the method's rank (1 = best)."""
    header = ["problem", "method", "final_mean", "final_se", "n_runs", "rank"]
    rows = []
    by_problem: dict[str, list] = {}
    for curve in aggregate.curves(spec, results):
        by_problem.setdefault(curve.problem, []).append(curve)
    for problem in [p.key for p in spec.problems]:
        group = sorted(by_problem.get(problem, []), key=lambda c: -c.centre[-1])
        for rank, c in enumerate(group, start=1):
            rows.append((problem, c.method, float(c.centre[-1]), float(c.error[-1]), c.n_runs, rank))
    return header, rows


#: Level of the one-sided tests of a paper's stated ordering of methods.
ORDERING_LEVEL = 0.05


def claimed_pairs(spec: Spec) -> list[tuple[str, str]]:
    """The paper's stated comparisons as ``(better, worse)`` method pairs: ``paper_values["claimed_best"]``
    against every other method, or the explicit ``paper_values["claimed_pairs"]``."""
    best = spec.paper_values.get("claimed_best")
    if best:
        return [(best, rival) for rival in spec.methods if rival != best]
    return [tuple(pair) for pair in spec.paper_values.get("claimed_pairs", ())]


def claimed_ordering(spec: Spec, results: dict) -> tuple[list[str], list[tuple]]:
    """Where the paper states that one method beats another (:func:`claimed_pairs`): per problem and pair,
    the one-sided Mann-Whitney test that the claimed better method's final value is larger (smaller for a
    regret metric), at level :data:`ORDERING_LEVEL`; 'holds', 'not shown' (p above the level) or 'reversed'
    (the opposite one-sided test is below the level). With one run per method (quick mode) no test can
    reach the level and every comparison is 'not shown'."""
    header = ["problem", "claimed_best", "rival", "best_final_mean", "rival_final_mean", "p_value", "verdict"]
    pairs = claimed_pairs(spec)
    if not pairs:
        return header, []
    larger_is_better = spec.metric == "best_f"
    finals: dict[tuple[str, str], list[float]] = {}
    for (method, problem, _repeat), result in sorted(results.items()):
        finals.setdefault((method, problem), []).append(float(aggregate._metric(result, spec.metric)[-1]))
    rows = []
    for problem in sorted({p for _, p in finals}):
        for best, rival in pairs:
            if (best, problem) not in finals or (rival, problem) not in finals:
                continue
            ours, theirs = np.array(finals[(best, problem)]), np.array(finals[(rival, problem)])
            sign = 1.0 if larger_is_better else -1.0      # compare's convention: larger is better
            p = compare.one_sided_p(sign * ours, sign * theirs, paired=False)
            p_rev = compare.one_sided_p(sign * theirs, sign * ours, paired=False)
            verdict = ("holds" if p < ORDERING_LEVEL
                       else "reversed" if p_rev < ORDERING_LEVEL else "not shown")
            rows.append((problem, best, rival, float(ours.mean()), float(theirs.mean()), round(p, 4),
                         verdict))
    return header, rows


def side_by_side_table(spec: Spec, results: dict) -> tuple[list[str], list[tuple], list[dict]]:
    """A printed table beside ours: per (problem, T, method) the paper's mean ± s.e., ours at
    :math:`\\min(T, \\text{budget})`, and their difference in combined standard errors; per (problem, T)
    whether the paper's ranking of the methods holds (Kendall τ of the two orders of means, one-sided 5 %)."""
    table = spec.paper_values.get("table", {})
    header = ["problem", "T", "T_ours", "method", "paper_mean", "paper_se", "ours_mean", "ours_se", "n_runs",
              "difference_in_se"]
    series: dict[tuple[str, str], list[np.ndarray]] = {}
    for (method, problem, _repeat), result in sorted(results.items()):
        series.setdefault((method, problem), []).append(aggregate._metric(result, spec.metric))
    rows, rankings = [], []
    for problem, by_method in table.items():
        for T in spec.paper_values.get("at", ()):
            paper_means, our_means = [], []
            for method, printed in by_method.items():
                runs = series.get((method, problem))
                if not runs or T not in printed:
                    continue
                values = np.vstack(runs)
                t_ours = min(T, values.shape[1])
                final = values[:, t_ours - 1]
                se = float(final.std(ddof=1) / np.sqrt(final.size)) if final.size > 1 else float("nan")
                p_mean, p_se = printed[T]
                spread = float(np.hypot(se, p_se))
                z = (float(final.mean()) - p_mean) / spread if final.size > 1 else float("nan")
                rows.append((problem, T, t_ours, method, p_mean, p_se, float(final.mean()), se, final.size,
                             round(z, 2)))
                paper_means.append(p_mean)
                our_means.append(float(final.mean()))
            if len(paper_means) >= 3:
                tau, p_one = compare.kendall_p(our_means, paper_means)
                p_reversed = compare.kendall_p(our_means, [-m for m in paper_means])[1]
                rankings.append({"problem": problem, "T": T, "kendall_tau": round(float(tau), 3),
                                 "p_value": round(float(p_one), 4),
                                 "ranking": "holds" if tau > 0 and p_one < 0.05 else (
                                     "reversed" if tau < 0 and p_reversed < 0.05 else "not shown")})
    return header, rows, rankings


def side_by_side_ttests(spec: Spec, results: dict) -> tuple[list[str], list[tuple]]:
    """A paper's win / tie / loss t-tests ([Li2016, Tables 3-4]) on our runs: for each printed (problem, pair,
    T) the labels of :func:`regretlab.bounds.rpp.ttest` from our means and standard errors at
    :math:`\\min(T, \\text{budget})` in both of its readings (A two-sided, B one-sided), beside the printed
    one."""
    from regretlab.bounds.rpp import ttest

    series: dict[tuple[str, str], list[np.ndarray]] = {}
    for (method, problem, _repeat), result in sorted(results.items()):
        series.setdefault((method, problem), []).append(aggregate._metric(result, spec.metric))
    header = ["problem", "method_a", "method_b", "T", "T_ours", "n_runs", "ours_A", "ours_B", "paper",
              "match"]
    rows = []
    for (problem, method_a, method_b, T), printed in spec.paper_values.get("labels", {}).items():
        a, b = series.get((method_a, problem)), series.get((method_b, problem))
        if not a or not b:
            continue
        a, b = np.vstack(a), np.vstack(b)
        t_ours = min(T, a.shape[1])
        fa, fb = a[:, t_ours - 1], b[:, t_ours - 1]
        n = min(fa.size, fb.size)
        if n < 2:
            continue
        se_a = max(float(fa.std(ddof=1) / np.sqrt(fa.size)), 1e-300)
        se_b = max(float(fb.std(ddof=1) / np.sqrt(fb.size)), 1e-300)
        stats_ = dict(mean_a=float(fa.mean()), se_a=se_a, mean_b=float(fb.mean()), se_b=se_b, n=n)
        label_a = ttest(**stats_, reading="A").label
        label_b = ttest(**stats_, reading="B").label
        match = "both" if label_a == label_b == printed else ("A" if label_a == printed else (
            "B" if label_b == printed else "neither"))
        rows.append((problem, method_a, method_b, T, t_ours, n, label_a, label_b, printed, match))
    return header, rows


class FullExportProtected(ValueError):
    """A quick-mode export would replace a full-mode one."""


def protect_full_export(key: str, mode: str, export_root, overwrite_full: bool = False) -> None:
    """Raise :class:`FullExportProtected` when a quick-mode export of ``key`` would overwrite a full-mode
    export in ``export_root`` (a smoke run must not silently replace evidence)."""
    paper_key, item_name = key.split(".", 1)
    existing = Path(export_root) / paper_key / f"{item_name}.json"
    if mode != "quick" or overwrite_full or not existing.is_file():
        return
    try:
        previous = json.loads(existing.read_text(encoding="utf-8")).get("mode")
    except ValueError:
        previous = None
    if previous == "full":
        raise FullExportProtected(
            f"{key}: {existing} is a full-mode export; a quick-mode export would overwrite it (export "
            "elsewhere with --export-dir, or run --mode full)")


def _export_curves(spec, source, mode, results, provenance):
    """Curves: mean ± error per method and problem; the final values and the stated orderings."""
    problems = list(source.problems_of(mode))
    ylabel = {"best_f": "best value found", "simple_regret": "simple regret $S_t$",
              "log10_regret": "$\\log_{10}(f(x^*) - f(x_t))$",
              "log10_simple_regret": "$\\log_{10} S_t$", "average_regret": "$R_t / t$"}[spec.metric]
    fig, rows = plots.curve_panels(aggregate.curves(spec, results), problems, list(spec.methods),
                                   ylabel=ylabel, title=f"{spec.reference}: {spec.title}",
                                   log_y=spec.log_scale)
    header = ["problem", "method", "iteration", "mean", "error", "n_runs"]
    final_header, final_rows = final_values(spec, results)
    provenance["final_values"] = [dict(zip(final_header, row, strict=True)) for row in final_rows]
    order_header, order_rows = claimed_ordering(spec, results)
    if order_rows:
        provenance["claimed_ordering"] = {
            "claim": spec.paper_values.get("claim", ""), "level": ORDERING_LEVEL,
            "tests": [dict(zip(order_header, row, strict=True)) for row in order_rows]}
    return fig, header, rows


def _export_rendered(spec, source, mode, results, provenance):
    """A rendered item: its renderer (figures.renderers, by name) draws it and states its verdict."""
    rendered = renderer(spec.render)(spec, results, mode)
    provenance.update(rendered.provenance)
    if rendered.verdict is not None:
        provenance["verdict"] = list(rendered.verdict)
    return rendered.figure, rendered.header, rendered.rows


def _export_timing(spec, source, mode, results, provenance):
    """A timing table: seconds per iteration beside the paper's, the ordering per problem."""
    header, rows = side_by_side_timing(spec, results)
    provenance["timing_ordering"] = [
        {"problem": problem, "kendall_tau": tau, "p_value": p, "ordering": verdict}
        for problem, tau, p, verdict in sorted({(r[0], r[8], r[9], r[10]) for r in rows})]
    shown = [[row[0], display_name(row[1])]
             + [str(v) if not isinstance(v, float) else f"{v:.3g}" for v in row[2:8]] + [row[10]]
             for row in rows]
    # the CSV keeps the machine names (ours_s, ...); the figure says them in words
    words = ["problem", "method", "ours (s)", "ours s.d. (s)", "ours / UBO", "paper (s)", "paper s.d. (s)",
             "paper / UBO", "paper's ordering"]
    fig = plots.timing_table(shown, words,
                             title=f"{spec.reference}: seconds per iteration, ratios to GPUCB-UBO")
    return fig, header, rows


def _export_ttest(spec, source, mode, results, provenance):
    """A t-test table: our labels under both readings beside the printed ones."""
    header, rows = side_by_side_ttests(spec, results)
    provenance["ttest_comparison"] = {"cells": len(rows),
                                      "match": {k: sum(r[9] == k for r in rows)
                                                for k in ("both", "A", "B", "neither")}}
    shown = [[r[0], display_name(r[1]), display_name(r[2]), str(r[3]), r[6], r[7], r[8], r[9]] for r in rows]
    columns = ["problem", "a", "b", "T", "ours (A)", "ours (B)", "paper", "match"]
    fig = plots.timing_table(shown, columns, title=f"{spec.reference}: {spec.title}")
    return fig, header, rows


def _export_table(spec, source, mode, results, provenance):
    """A table of printed values: ours beside the paper's, in combined standard errors, and the rankings."""
    header, rows, rankings = side_by_side_table(spec, results)
    provenance["table_comparison"] = {"rankings": rankings,
                                      "cells_within_2se": sum(abs(r[9]) <= 2 for r in rows),
                                      "cells": len(rows)}
    shown = [[r[0], str(r[1]), display_name(r[3]), f"{r[4]:.4g} ± {r[5]:.2g}",
              f"{r[6]:.4g} ± {r[7]:.2g}", str(r[9])] for r in rows]
    fig = plots.timing_table(shown, ["problem", "T", "method", "paper", "ours", "Δ / s.e."],
                             title=f"{spec.reference}: {spec.title}")
    return fig, header, rows


def _export_picture(spec, source, mode, results, provenance):
    """A picture of one run: the UCB contours, the observations and the search boxes."""
    from regretlab import objectives

    (result,) = results.values()
    problem = spec.problem(result["meta"]["problem"])
    result["meta"]["optimizers"] = np.asarray(objectives.get(problem.name, problem.dim).optimizers).tolist()
    fig, rows = plots.expansion_picture(result, title=f"{spec.reference}: {spec.title}")
    provenance["expansions"] = int(np.asarray(result.get("new_boxes", np.zeros((0, 2, 2)))).shape[0])
    return fig, ["item", "x1_low", "x1_high", "x2_low", "x2_high"], rows


#: One exporter per kind of spec: ``(spec, source, mode, results, provenance) -> (figure, CSV header, CSV
#: rows)``, each adding its comparison to ``provenance`` under the key comparison.VERDICT_RULES reads.
_KIND_EXPORTS = {
    "curves": _export_curves,
    "rendered": _export_rendered,
    "timing": _export_timing,
    "ttest": _export_ttest,
    "table": _export_table,
    "picture": _export_picture,
}


def export(key: str, mode: str = "quick", *, out="results", export_root="paper_figures",
           overwrite_full: bool = False) -> list[Path]:
    """Export spec ``key`` from its finished runs (all of them must be finished).

    A quick-mode export never replaces a full-mode one already in ``export_root`` (a smoke run would
    silently overwrite evidence): it raises, naming the file, unless ``overwrite_full``."""
    spec = registry.get(key).validate()
    protect_full_export(spec.key, mode, export_root, overwrite_full)
    source = registry.source(spec)
    results = aggregate.load_results(source, mode, out)
    expected = len(source.runs(mode))
    if len(results) < expected:
        raise ValueError(f"{key} [{mode}]: {expected - len(results)} of {expected} runs have no result in "
                         f"{out}; run `regretlab reproduce {key} --mode {mode}` first")
    provenance = _provenance(spec, source, mode, results)
    labels = substitute_labels(source)
    if labels:
        provenance["substitute"] = "; ".join(labels)
    paper, name = spec.key.split(".", 1)
    with plots.style():
        fig, header, rows = _KIND_EXPORTS[spec.kind](spec, source, mode, results, provenance)
        stamp = _stamp_text(spec, mode, source)
        if labels:
            stamp = (stamp + " | " if stamp else "") + "SUBSTITUTE DATA: " + "; ".join(
                label.split(":")[0] for label in labels)
        plots.stamp(fig, stamp)
        paths = export_item(fig, header, rows, provenance, export_root, paper, name)
    paths.append(write_comparison(export_root))
    paths.append(write_manifest(export_root))
    return paths
