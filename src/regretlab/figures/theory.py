r"""Two items none of the papers has, built from finished runs: MS-UCB's compute/regret trade-off, and each
paper's regret bound against the regret its algorithm actually incurs.

**Trade-off** (:func:`ms_ucb_tradeoff`). [TranThe2020]'s title claims a trade-off between regret and the
compute of maximising the acquisition, but no figure plots it. Here: for each method of the source spec
(MS-UCB at several :math:`(d,N_0,\alpha)`, GP-UCB as the reference), the final simple regret :math:`S_T`
and average regret :math:`R_T/T` against the acquisition compute per BO iteration, in acquisition-function
evaluations and in seconds (the run's ``ask`` + ``tell`` time).

**Bounds against runs** (:func:`bounds_against_runs`). A regret bound is :math:`R_T\le B(T,\beta_T,
\gamma_T,\dots)`. For each run of the paper's algorithm on its own benchmark: :math:`\beta_T` is the
paper's schedule at T (the run's β divided by the setup's ``beta_scale``); :math:`\gamma_T` is replaced by
the information gain :math:`I_T=\tfrac12\sum_t\log(1+\sigma^{-2}\sigma^2_{t-1}(x_t))` of the run's own
queries under its final GP (kernel scaled to :math:`k\le1`), which is *at most* :math:`\gamma_T`; so the
plotted bound is a lower estimate of the paper's, and the looseness shown is a lower estimate of the true
looseness. The bound is in the GP's units (f a sample with :math:`k\le1`); it is mapped to the objective's
units by the run's y scale times the kernel amplitude. A run whose empirical :math:`R_T` exceeds even this
lower estimate is a case where the bound (as applied to a benchmark that is not a GP sample) fails.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

from regretlab.bounds import gp_ucb, ms_ucb, rpp, ubo
from regretlab.experiments.record import unscaled_beta
from regretlab.experiments.registry import source
from regretlab.experiments.run_meta import RunMeta
from regretlab.experiments.spec import display_name
from regretlab.experiments.statistics import STATISTICS as RUN_STATISTICS
from regretlab.experiments.statistics import series as run_series

from . import plots
from .rendered import Rendered

__all__ = ["ms_ucb_tradeoff", "bounds_against_runs", "BOUND_FORMS"]


def _bo_iterations(result: dict) -> np.ndarray:
    return ~np.asarray(result["is_initial"], dtype=bool)


# ---------------------------------------------------------------------------------------------- trade-off
_TRADEOFF_HEADER = ["problem", "method", "n_runs", "final_simple_regret", "final_average_regret",
                    "acq_evaluations_per_iteration", "seconds_per_iteration", "seconds_ratio_to_gp_ucb",
                    "simple_regret_ratio_to_gp_ucb"]


def ms_ucb_tradeoff(spec, results, mode) -> Rendered:
    """Final :math:`S_T` and :math:`R_T/T` against acquisition evaluations and seconds per BO iteration,
    one point per method and problem (mean over repeats), GP-UCB as the reference."""
    rows, problems, methods, reference = _tradeoff_rows(spec, results)
    fig = _tradeoff_figure(spec, rows, problems, methods, reference)
    return Rendered(fig, list(_TRADEOFF_HEADER), rows, {"reference_method": reference},
                    ("new", "not in the paper; " + "; ".join(_tradeoff_details(rows, problems, reference))))


def _tradeoff_rows(spec, results) -> tuple[list, list, list, str | None]:
    """The trade-off's rows (:data:`_TRADEOFF_HEADER`, means over repeats), its problems and methods in the
    runs' spec's order, and the reference method (GP-UCB)."""

    by_key: dict[tuple[str, str], list[tuple[float, float, float, float]]] = {}
    for (method, problem, _repeat), result in sorted(results.items()):
        f = np.asarray(result["f"], dtype=float)
        bo = _bo_iterations(result)
        evaluations = np.asarray(result.get("acq_evaluations", np.full(f.size, np.nan)), dtype=float)
        by_key.setdefault((problem, method), []).append(
            (RUN_STATISTICS["final_simple_regret"].value(result),
             RUN_STATISTICS["final_average_regret"].value(result), float(np.mean(evaluations[bo])),
             RUN_STATISTICS["seconds_per_iteration"].value(result)))
    rows = []
    problems = list(dict.fromkeys(p for p, _ in by_key))
    methods = source(spec).methods      # the runs' spec (derived_from), in its order
    reference = next((m for m in methods if "GP-UCB" in m), None)
    for problem in problems:
        ref = np.mean(by_key.get((problem, reference), [(np.nan,) * 4]), axis=0)
        for method in methods:
            if (problem, method) not in by_key:
                continue
            mean = np.mean(by_key[(problem, method)], axis=0)
            rows.append((problem, method, len(by_key[(problem, method)]), *map(float, mean),
                         float(mean[3] / ref[3]), float(mean[0] / ref[0])))
    return rows, problems, methods, reference


def _tradeoff_figure(spec, rows, problems, methods, reference):
    """Two rows of panels (S_T, R_T/T) per problem against seconds per iteration, one marker per method."""

    with plots.style():

        fig, axes = plt.subplots(2, len(problems), figsize=(3.4 * len(problems), 5.6), squeeze=False,
                                 constrained_layout=True)
        # one colour and marker per method in every panel, named once in a legend below the panels:
        # labels written beside the points overlapped wherever two methods cost about the same
        colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
        shown = [m for m in methods if any(r[1] == m for r in rows)]
        style = {m: ({"marker": "*", "s": 70, "color": "k"} if m == reference else
                     {"marker": "os^Dv<>ph"[k % 9], "s": 24, "color": colours[k % len(colours)]})
                 for k, m in enumerate(shown)}

        def label(method):
            name = display_name(method)
            return "MS-UCB (d = 5, N₀ = 1, α = 0)" if name == "MS-UCB" else name

        for j, problem in enumerate(problems):
            mine = [r for r in rows if r[0] == problem]
            for i, (column, axis_label) in enumerate(((3, "final simple regret $S_T$"),
                                                      (4, "average regret $R_T/T$"))):
                ax = axes[i, j]
                for r in mine:
                    ax.scatter(r[6], r[column], zorder=3, label=label(r[1]), **style[r[1]])
                ax.set_xscale("log")
                ax.set_yscale("log")
                ax.margins(0.12)   # the largest marker (GP-UCB's star) whole inside the axes
                for axis in (ax.xaxis, ax.yaxis):
                    # ticks at 1, 2 and 5 per decade, labelled "%.2g": within a decade the default log
                    # labels either overlap (every minor tick) or vanish (none), both seen in exports
                    axis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
                    axis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:.2g}"))
                    axis.set_minor_formatter(NullFormatter())
                ax.set_xlabel("acquisition seconds per iteration")
                ax.set_ylabel(axis_label)   # the loop over points used to overwrite this with a point's name
                if i == 0:
                    ax.set_title(problem, fontsize=8)
        handles, labels = axes[0, 0].get_legend_handles_labels()
        for ax in axes.ravel()[1:]:
            for h, lab in zip(*ax.get_legend_handles_labels(), strict=True):
                if lab not in labels:
                    handles.append(h)
                    labels.append(lab)
        fig.legend(handles, labels, loc="outside lower center", ncol=2, fontsize=6, frameon=False)
        fig.suptitle(f"{spec.reference}", fontsize=7)
    return fig


def _tradeoff_details(rows, problems, reference) -> list[str]:
    """Per problem, the cheapest method other than the reference, its seconds and S_T ratios."""
    details = []
    for problem in problems:
        ms = [r for r in rows if r[0] == problem and r[1] != reference]
        if ms and reference:
            cheapest = min(ms, key=lambda r: r[6])
            details.append(f"{problem}: cheapest {display_name(cheapest[1])} at {cheapest[7]:.2g}x GP-UCB's "
                           "seconds "
                           f"per iteration with {cheapest[8]:.2g}x its S_T")
    return details


# ------------------------------------------------------------------------------------- bounds against runs
#: The bound each paper proves for its algorithm along one run, as a function of (T, β_T, γ_T, σ,
#: constants), with where it is proved; each is defined beside its paper's formulas in ``regretlab.bounds``.
BOUND_FORMS = {
    "ms_ucb": (ms_ucb.run_regret_bound, ms_ucb.RUN_REGRET_BOUND_SOURCE),
    "gp_ucb": (gp_ucb.run_regret_bound, gp_ucb.RUN_REGRET_BOUND_SOURCE),
    "rpp": (rpp.run_regret_bound, rpp.RUN_REGRET_BOUND_SOURCE),
    "ubo": (ubo.run_regret_bound, ubo.RUN_REGRET_BOUND_SOURCE),
}


def _bound_series(result: dict, form: str, n_points: int = 25) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(t, empirical R_t, bound at t) at up to ``n_points`` log-spaced t for one run."""
    meta = RunMeta.of(result)
    f = np.asarray(result["f"], dtype=float)
    regret = run_series(result, "cumulative_regret")
    variances = np.asarray(result["posterior_variance"], dtype=float)
    if meta.noise_ratio is None or meta.regret_unit is None:
        raise ValueError(f"the run of {meta.method!r} on {meta.problem!r} records no bound inputs "
                         "(noise_ratio, regret_unit): a bound against runs needs a GP run's")
    noise = meta.noise_ratio
    gains = 0.5 * np.cumsum(np.log1p(variances / noise))            # I_t of the run's queries
    constants = dict(meta.bound_constants or {})
    beta = unscaled_beta(result)    # the schedule's own β: the run's β over the setup's beta_scale
    beta = np.where(np.isfinite(beta), beta, np.nan)
    first = np.flatnonzero(np.isfinite(beta))
    if first.size == 0:
        raise ValueError("the run recorded no β")
    beta[: first[0]] = beta[first[0]]
    beta = np.fmax.accumulate(np.nan_to_num(beta, nan=beta[first[0]]))  # β_T non-decreasing in T
    T = f.size
    ts = np.unique(np.geomspace(1, T, n_points).round().astype(int))
    function = BOUND_FORMS[form][0]
    bound = np.array([function(int(t), float(beta[t - 1]), float(max(gains[t - 1], 1e-12)), np.sqrt(noise),
                               constants) for t in ts])
    return ts, regret[ts - 1], bound * meta.regret_unit


def bounds_against_runs(spec, results, mode) -> Rendered:
    """The paper's bound (``spec.paper_values["bound"]``, a key of :data:`BOUND_FORMS`) against the
    empirical cumulative regret of its algorithm (``spec.paper_values["algorithm"]``) on each problem of
    the source spec, log scale; the ratio bound / R_T at the final T per run."""

    form, algorithm = spec.paper_values["bound"], spec.paper_values["algorithm"]
    header = ["problem", "repeat", "t", "empirical_R_t", "bound_lower_estimate", "ratio"]
    rows, finals, per_problem = [], [], {}
    for (method, problem, repeat), result in sorted(results.items()):
        if method != algorithm or "posterior_variance" not in result:
            continue
        ts, empirical, bound = _bound_series(result, form)
        per_problem.setdefault(problem, []).append((ts, empirical, bound))
        for t, e, b in zip(ts, empirical, bound, strict=True):
            ratio = float(b / e) if e > 0 else float("inf")
            rows.append((problem, repeat, int(t), float(e), float(b), ratio))
        finals.append((problem, float(bound[-1]), float(empirical[-1])))
    with plots.style():

        problems = list(per_problem)
        cols = min(max(1, len(problems)), 3)
        grid_rows = -(-max(1, len(problems)) // cols)
        fig, axes = plt.subplots(grid_rows, cols, figsize=(2.6 * cols, 2.4 * grid_rows), squeeze=False,
                                 constrained_layout=True)
        for ax in axes.ravel()[len(problems):]:
            ax.axis("off")
        for ax, problem in zip(axes.ravel(), problems, strict=False):
            for k, (ts, empirical, bound) in enumerate(per_problem[problem]):
                ax.plot(ts, np.maximum(empirical, 1e-12), color="C0", lw=0.8,
                        label="empirical $R_t$" if k == 0 else None)
                ax.plot(ts, bound, color="C3", lw=0.8, ls="--",
                        label="bound (lower estimate)" if k == 0 else None)
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel("t")
            ax.set_title(problem, fontsize=8)
            ax.legend(fontsize=6)
        for row in axes:
            row[0].set_ylabel("cumulative regret")
        fig.suptitle(f"{display_name(algorithm)} against {BOUND_FORMS[form][1]}", fontsize=6)
    if not finals:
        return Rendered(fig, header, rows, {"bound": form}, ("new", "no run with a GP to compare"))
    ratios = np.array([b / e if e > 0 else np.inf for _, b, e in finals])
    holds = int(np.sum(ratios >= 1.0))
    details = (f"not in the papers; {BOUND_FORMS[form][1]} over {display_name(algorithm)}'s R_T at the final "
               "T: "
               f"median {np.median(ratios):.3g}x (range {ratios.min():.3g}-{ratios.max():.3g}); the bound's "
               f"lower estimate is above the empirical R_T in {holds} of {ratios.size} runs (γ_T replaced by "
               "the run's own information gain, a lower estimate)")
    return Rendered(fig, header, rows, {"bound": form, "bound_reference": BOUND_FORMS[form][1],
                                        "algorithm": algorithm, "final_ratios": ratios.tolist(),
                                        "runs_above": holds}, ("new", details))
