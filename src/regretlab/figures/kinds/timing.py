"""Timing tables: seconds per iteration beside the paper's ([Ha2019, Table 1]), the ordering per problem."""

from __future__ import annotations

from regretlab.decisions import compare
from regretlab.experiments import aggregate
from regretlab.experiments.spec import Spec, display_name

from .. import plots
from . import Kind
from ._orders import ordering_words

__all__ = ["KIND", "side_by_side_timing"]


def side_by_side_timing(spec: Spec, results: dict) -> tuple[list[str], list[tuple]]:
    """Table 1's side-by-side: per (problem, method) our seconds and our ratio to GPUCB-UBO, the paper's
    seconds and ratio, and per problem how far the two orderings of the methods agree (Kendall τ of the two
    orderings, its one-sided p-value, and τ in words: ``_orders.ordering_words``; a description, not a
    verdict: the timing claims are decided by ``regretlab decide``)."""
    ours = {(t.method, t.problem): t for t in aggregate.timings(results)}
    paper = spec.paper_values
    reference = "Ha2019/GPUCB-UBO"
    header = ["problem", "method", "ours_s", "ours_sd", "ours_ratio", "paper_s", "paper_sd", "paper_ratio",
              "ordering_tau", "ordering_p", "ordering"]
    rows = []
    for problem in [p.key for p in spec.problems]:
        methods = [m for m in spec.methods if (m, problem) in ours]
        if not methods or (reference, problem) not in ours:
            continue
        printed = {m: paper[m][problem] for m in methods if problem in paper.get(m, {})}
        ours_ratio = [ours[(m, problem)].mean / ours[(reference, problem)].mean for m in methods]
        if len(printed) >= 2 and reference in printed:   # the paper's order exists to compare with
            paper_ratio = [printed[m][0] / printed[reference][0] if m in printed else None for m in methods]
            pairs = [(a, b) for a, b in zip(ours_ratio, paper_ratio, strict=True) if b is not None]
            tau, p_one = (float(v) for v in compare.kendall_p(*zip(*pairs, strict=True)))
            tau, p_one, agreement = round(tau, 3), round(p_one, 4), ordering_words(tau)
        else:   # the paper prints no seconds here (Ha2019 App. C states only a ratio): ours alone
            paper_ratio, tau, p_one, agreement = [None] * len(methods), None, None, "no printed seconds"
        for m, r_ours, r_paper in zip(methods, ours_ratio, paper_ratio, strict=True):
            t = ours[(m, problem)]
            mean, sd = printed.get(m, (None, None))
            rows.append((problem, m, round(t.mean, 4), round(t.sd, 4), round(r_ours, 3), mean, sd,
                         None if r_paper is None else round(r_paper, 3), tau, p_one, agreement))
    return header, rows


def _export_timing(spec, source, mode, results, provenance):
    """A timing table: seconds per iteration beside the paper's, the ordering per problem."""
    header, rows = side_by_side_timing(spec, results)
    provenance["timing_ordering"] = [
        {"problem": problem, "kendall_tau": tau, "p_value": p, "ordering": words}
        for problem, tau, p, words in sorted({(r[0], r[8], r[9], r[10]) for r in rows}, key=lambda r: r[0])]
    shown = [[row[0], display_name(row[1])]
             + ["—" if v is None else f"{v:.3g}" if isinstance(v, float) else str(v) for v in row[2:8]]
             + [row[10] if row[8] is None else f"{row[10]} (τ = {row[8]:.2f})"] for row in rows]
    # the CSV keeps the machine names (ours_s, ...); the figure says them in words
    words = ["problem", "method", "ours (s)", "ours s.d. (s)", "ours / UBO", "paper (s)", "paper s.d. (s)",
             "paper / UBO", "paper's order by time"]
    note = ("paper's order by time, per problem: how far the methods ordered by their ratio to GPUCB-UBO "
            "(ours / UBO) agree with the paper's order (paper / UBO), as Kendall's τ of the two orders, in "
            "words (a description, not a test; the decision on Ha2019's timing claims is in DECISIONS.md)")
    fig = plots.timing_table(shown, words, note=note,
                             title=f"{spec.reference}: seconds per iteration, ratios to GPUCB-UBO")
    return fig, header, rows


def _describe(provenance: dict) -> str:
    """The paper's order of the methods by time against ours, per problem, as Kendall's τ (no verdict: the
    timing claims are decided by ``regretlab decide``)."""
    rows = provenance["timing_ordering"]
    cells = "; ".join(f"{r['problem']} " + (r["ordering"] if r["kendall_tau"] is None
                                             else f"τ = {r['kendall_tau']:.2f} ({r['ordering']})")
                      for r in rows)
    return (f"our order of the methods by time against the paper's, per problem: {cells or 'none'}; ratios "
            "to GPUCB-UBO beside the paper's in the CSV")


KIND = Kind("timing", _export_timing, describe=_describe)
