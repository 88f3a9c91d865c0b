"""t-test tables: a paper's win / tie / loss labels ([Li2016, Tables 3-4]) beside ours under both readings."""

from __future__ import annotations

import numpy as np

from regretlab.bounds.rpp import ttest
from regretlab.experiments import aggregate
from regretlab.experiments.spec import Spec, display_name

from .. import plots
from . import Kind

__all__ = ["KIND", "side_by_side_ttests"]


def side_by_side_ttests(spec: Spec, results: dict) -> tuple[list[str], list[tuple]]:
    """A paper's win / tie / loss t-tests ([Li2016, Tables 3-4]) on our runs: for each printed (problem, pair,
    T) the labels of :func:`regretlab.bounds.rpp.ttest` from our means and standard errors at
    :math:`\\min(T, \\text{budget})` in both of its readings (A two-sided, B one-sided), beside the printed
    one."""

    series = aggregate.metric_series(spec, results)
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


def _describe(provenance: dict) -> str:
    """How many printed win/tie/loss labels one of the t-test's readings gives again."""
    table = provenance["ttest_comparison"]
    match = table["match"]
    agree = match["both"] + match["A"] + match["B"]
    return (f"{agree} of {table['cells']} printed win/tie/loss labels given again by one of the t-test's "
            f"readings ({match['both']} by both, {match['neither']} by neither)")


KIND = Kind("ttest", _export_ttest, describe=_describe)
