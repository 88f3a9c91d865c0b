"""Curves: the paper's statistic per method over iterations, mean ± error per problem ([Ha2019, Fig. 3]'s
form), with the final values and the paper's stated orderings tested at the final iteration."""

from __future__ import annotations

import numpy as np

from regretlab.decisions import compare
from regretlab.experiments import aggregate
from regretlab.experiments.spec import Spec, display_name

from .. import plots
from . import Kind

__all__ = ["KIND", "final_values", "claimed_pairs", "claimed_ordering", "ORDERING_LEVEL", "BANDS"]

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
    finals = {key: [float(values[-1]) for values in series]
              for key, series in aggregate.metric_series(spec, results).items()}
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


def _export_curves(spec, source, mode, results, provenance):
    """Curves: mean ± error per method and problem; the final values and the stated orderings."""
    problems = list(source.problems_of(mode))
    ylabel = {"best_f": "best value found", "simple_regret": "simple regret $S_t$",
              "log10_regret": "$\\log_{10}(f(x^*) - f(x_t))$",
              "log10_simple_regret": "$\\log_{10} S_t$", "average_regret": "$R_t / t$"}[spec.metric]
    floors = _floors(spec, source, mode)
    if floors:
        provenance["ms_ucb_floor"] = {
            "what": "the best case of printed Alg. 1: the mean of log10 S_t when every subspace MS-UCB is "
                    "given is searched perfectly (regretlab.decisions.floors), after each evaluation "
                    "t = 1, ..., T; final: its mean and 95 % range at T",
            "floors": [{"problem": f.problem, "method": f.method, "d": f.d, "n_init": f.n_init,
                        "anchors": f.n_anchors,
                        "final": [round(f.mean, 4), round(f.low, 4), round(f.high, 4)],
                        "curve": [round(v, 4) for v in f.curve]} for f in floors]}
    fig, rows = plots.curve_panels(aggregate.curves(spec, results), problems, list(spec.methods),
                                   ylabel=ylabel, title=f"{spec.reference}: {spec.title}",
                                   log_y=spec.log_scale,
                                   references=[(f.problem, f.method, f.curve) for f in floors],
                                   band=BANDS[spec.summary], highlight=spec.paper_values.get("claimed_best"))
    header = ["problem", "method", "iteration", "mean", "error", "n_runs"]
    final_header, final_rows = final_values(spec, results)
    provenance["final_values"] = [dict(zip(final_header, row, strict=True)) for row in final_rows]
    order_header, order_rows = claimed_ordering(spec, results)
    if order_rows:
        provenance["claimed_ordering"] = {
            "claim": spec.paper_values.get("claim", ""), "level": ORDERING_LEVEL,
            "tests": [dict(zip(order_header, row, strict=True)) for row in order_rows]}
    return fig, header, rows


def _floors(spec, source, mode) -> tuple:
    """The best case of printed Alg. 1 for the MS-UCB methods of a log10-regret figure (one registered spec's
    runs, :func:`regretlab.decisions.floors.item_floors`), else none."""
    logged = spec.metric in ("log10_regret", "log10_simple_regret")
    if not logged or not any("MS-UCB" in m for m in spec.methods):
        return ()
    from regretlab.decisions.floors import item_floors
    from regretlab.experiments import registry

    if registry.SPECS.get(source.key) is not source:
        return ()
    return item_floors(source.key, mode)


def _claimed_ordering(provenance: dict, prefix: str) -> tuple[str, str]:
    """A curves item's stated orderings (quick-mode smoke tests, final iteration)."""
    tests = provenance["claimed_ordering"]["tests"]
    counts = {v: sum(t["verdict"] == v for t in tests) for v in ("holds", "not shown", "reversed")}
    reversed_ = [f"{display_name(t['rival'])} on {t['problem']}" for t in tests if t["verdict"] == "reversed"]
    pairs = list(dict.fromkeys((display_name(t["claimed_best"]), display_name(t["rival"])) for t in tests))
    bests = {best for best, _ in pairs}
    claim = (f"claimed best {pairs[0][0]}" if len(bests) == 1 else
             "claimed " + ", ".join(f"{a} > {b}" for a, b in pairs))
    details = (f"{prefix}{claim}: holds in {counts['holds']}, not shown in "
               f"{counts['not shown']}, reversed in {counts['reversed']} of {len(tests)} comparisons "
               "(final iteration, one-sided Mann-Whitney at 5 %)")
    if reversed_:
        return "not reproduced", details + "; reversed against " + ", ".join(reversed_)
    if counts["holds"] == len(tests):
        return "reproduced", details
    if counts["holds"] == 0:             # nothing shown either way: too few runs to tell
        return "inconclusive", details
    return "partly", details


KIND = Kind("curves", _export_curves, provenance_key="claimed_ordering", verdict=_claimed_ordering)
