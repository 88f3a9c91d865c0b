"""Curves: the paper's statistic per method over iterations, mean ± error per problem ([Ha2019, Fig. 3]'s
form), with each method's final value and rank (the claims about them are decided by ``regretlab decide``)."""

from __future__ import annotations

import re

from regretlab.diagnoses.floors import item_floors
from regretlab.diagnoses.roles import is_ms_ucb
from regretlab.experiments import aggregate, registry
from regretlab.experiments.spec import Spec, display_name

from .. import plots
from . import Kind

__all__ = ["KIND", "final_values", "BANDS"]

#: What a curve's shaded band is, by the spec's summary (the papers' own: [Ha2019, Fig. 3] mean ± s.e.,
#: [TranThe2020, Fig. 1] mean ± one standard deviation).
BANDS = {"mean_se": "± one standard error of the mean over the runs",
         "mean_sd": "± one standard deviation of the runs"}


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


def x_axis(title: str) -> str:
    """The x axis a figure's title names ('S_T vs queries ...' -> 'queries'; 'iteration' when it names none):
    the paper's word, not ours ([Kandasamy2015, Figs 3-5] count queries).

    >>> x_axis("S_T vs queries on f_d'"), x_axis("a table")
    ('queries', 'iteration')
    """
    found = re.search(r"\bvs\.? (queries|iterations?|evaluations|steps)\b", title)
    return found.group(1) if found else "iteration"


def _export_curves(spec, source, mode, results, provenance):
    """Curves: mean ± error per method and problem, and the final values."""
    problems = list(source.problems_of(mode))
    ylabel = {"best_f": "best value found", "simple_regret": "simple regret $S_t$",
              "log10_regret": "$\\log_{10}(f(x^*) - f(x_t))$",
              "log10_simple_regret": "$\\log_{10} S_t$", "average_regret": "$R_t / t$"}[spec.metric]
    floors = _floors(spec, source, mode)
    if floors:
        provenance["ms_ucb_floor"] = {
            "what": "the best case of printed Alg. 1: the mean of log10 S_t when every subspace MS-UCB is "
                    "given is searched perfectly (regretlab.diagnoses.floors), after each evaluation "
                    "t = 1, ..., T; final: its mean and 95 % range at T",
            "floors": [{"problem": f.problem, "method": f.method, "d": f.d, "n_init": f.n_init,
                        "anchors": f.n_anchors,
                        "final": [round(f.mean, 4), round(f.low, 4), round(f.high, 4)],
                        "curve": [round(v, 4) for v in f.curve]} for f in floors]}
    fig, rows = plots.curve_panels(aggregate.curves(spec, results), problems, list(spec.methods),
                                   ylabel=ylabel, title=f"{spec.reference}: {spec.title}",
                                   log_y=spec.log_scale,
                                   references=[(f.problem, f.method, f.curve) for f in floors],
                                   band=BANDS[spec.summary], highlight=spec.highlight or None,
                                   xlabel=x_axis(spec.title))
    header = ["problem", "method", "iteration", "mean", "error", "n_runs"]
    final_header, final_rows = final_values(spec, results)
    provenance["final_values"] = [dict(zip(final_header, row, strict=True)) for row in final_rows]
    return fig, header, rows


def _floors(spec, source, mode) -> tuple:
    """The best case of printed Alg. 1 for the MS-UCB methods of a log10-regret figure (one registered spec's
    runs, :func:`regretlab.diagnoses.floors.item_floors`), else none."""
    logged = spec.metric in ("log10_regret", "log10_simple_regret")
    if not logged or not any(is_ms_ucb(m) for m in spec.methods):
        return ()

    if registry.SPECS.get(source.key) is not source:
        return ()
    return item_floors(source.key, mode)


def _describe(provenance: dict) -> str:
    """Which method ends best on each problem (the export's final values; no test)."""
    best = {}
    for row in provenance.get("final_values", ()):
        if row["rank"] == 1:
            best[row["problem"]] = row["method"]
    if not best:
        return "the curves and their data are exported"
    return "best final mean: " + ", ".join(f"{display_name(m)} on {p}" for p, m in best.items())


KIND = Kind("curves", _export_curves, describe=_describe)
