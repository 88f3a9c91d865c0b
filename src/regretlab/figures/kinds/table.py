"""Tables of printed values: ours beside the paper's in combined standard errors, and the rankings per column
([Li2016, Tables 1-2, 5])."""

from __future__ import annotations

import numpy as np

from regretlab._text import mean_se
from regretlab.decisions import compare
from regretlab.experiments import aggregate
from regretlab.experiments.spec import Spec, display_name

from .. import plots
from . import Kind
from ._orders import ordering_words

__all__ = ["KIND", "side_by_side_table"]


def side_by_side_table(spec: Spec, results: dict) -> tuple[list[str], list[tuple], list[dict]]:
    """A printed table beside ours: per (problem, T, method) the paper's mean ± s.e., ours at
    :math:`\\min(T, \\text{budget})`, and their difference in combined standard errors (NaN where both are
    0); per (problem, T) Kendall's τ of the two orders of means with its one-sided p-values (each way) and τ
    in words (a description, not a verdict: the ranking claims are decided by ``regretlab decide``)."""
    table = spec.paper_values.get("table", {})
    header = ["problem", "T", "T_ours", "method", "paper_mean", "paper_se", "ours_mean", "ours_se", "n_runs",
              "difference_in_se"]
    series = aggregate.metric_series(spec, results)
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
                # no spread (equal runs, e.g. a quick smoke run, and a printed s.e. of 0): no scale to
                # measure the difference in, so none is given (it was a ZeroDivisionError)
                z = (float(final.mean()) - p_mean) / spread if final.size > 1 and spread > 0 else float("nan")
                rows.append((problem, T, t_ours, method, p_mean, p_se, float(final.mean()), se, final.size,
                             round(z, 2)))
                paper_means.append(p_mean)
                our_means.append(float(final.mean()))
            if len(paper_means) >= 3:
                tau, p_one = compare.kendall_p(our_means, paper_means)
                p_reversed = compare.kendall_p(our_means, [-m for m in paper_means])[1]
                rankings.append({"problem": problem, "T": T, "kendall_tau": round(float(tau), 3),
                                 "p_value": round(float(p_one), 4), "p_reversed": round(float(p_reversed), 4),
                                 "ranking": ordering_words(float(tau))})
    return header, rows, rankings


def _export_table(spec, source, mode, results, provenance):
    """A table of printed values: ours beside the paper's, in combined standard errors, and the rankings."""
    header, rows, rankings = side_by_side_table(spec, results)
    provenance["table_comparison"] = {"rankings": rankings,
                                      "cells_within_2se": sum(abs(r[9]) <= 2 for r in rows),
                                      "cells": len(rows)}
    shown = [[r[0], str(r[1]), display_name(r[3]), mean_se(r[4], r[5]), mean_se(r[6], r[7]), str(r[8]),
              str(r[9])] for r in rows]
    fig = plots.timing_table(shown, ["problem", "T", "method", "paper", "ours", "runs", "Δ / s.e."],
                             title=f"{spec.reference}: {spec.title}")
    return fig, header, rows


def _describe(provenance: dict) -> str:
    """How many printed cells ours is within 2 combined s.e. of, and each column's ranking against the
    paper's as Kendall's τ in words (a description: the ranking claims are decided by ``regretlab
    decide``)."""
    table = provenance["table_comparison"]
    columns = "; ".join(f"{r['problem']} T = {r['T']}: τ = {r['kendall_tau']:.2f} ({r['ranking']})"
                        for r in table["rankings"])
    return (f"{table['cells_within_2se']} of {table['cells']} printed cells within 2 combined s.e.; our "
            f"ranking of the methods against the paper's, per column: {columns or 'no column of 3 or more'}")


KIND = Kind("table", _export_table, describe=_describe)
