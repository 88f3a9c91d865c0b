"""A measured diagnosis beside an item's verdict: why a claim may be refuted for reasons of the setup rather
than of the method, each statement computed from the item's spec, its objectives and its runs.

* **Printed numbers** (:func:`regretlab.decisions.preregister.printed_check`): where the paper prints the
  cells of a table, how many of ours agree by the declared rule, our means as a share of the printed ones,
  and Kendall's tau of the two orders: a problem whose numbers are 2-17 % of the paper's is not the paper's.
* **An optimum at the box centre** (:func:`centre_optima`): on which problems the maximiser is the centre
  of the box, which every REMBO and HeSBO embedding contains (x = A y at y = 0), so that an embedding
  method is handed the optimum: measured as f* - f(centre); elsewhere, the regret at the centre, which an
  embedding method reaches without leaving it (Li2016's REMBO printed 76.6 at D = 50: the code form's
  centre regret is 86.9, the paper form's 163).
* **The best case of printed Algorithm 1** (:mod:`regretlab.diagnoses.floors`): for MS-UCB's runs, the
  regret an oracle reaches on the subspaces Alg. 1 hands it (its d free coordinates optimal on each), beside
  the runs' own: where they meet, the regret is set by the subspaces, not by the model or the search in them.
* **The best case inside an embedding** (:func:`regretlab.diagnoses.floors.embedding_floor`): for REMBO's
  and HeSBO's runs on a problem whose optimum is not the centre, the regret reachable inside ten embeddings
  drawn as the method draws them, beside the runs' own (Li2016 D = 50: code form 70.8, paper form 102, against
  the printed REMBO 76.6 and our paper-form runs' 286-986).
* **The value at the box centre** on a problem whose optimum is not known (substitute data), where an
  embedding method is compared: f(centre) beside each method's mean best value (Gisette's ramp loss at the
  centre, w = 0, beats every method but HeSBO at C = 1, 2), and the best value at the centres of the box's
  2D faces (:func:`face_centre_best`), where REMBO's clipping onto the box and a method stuck on a face land.
* **The substitute's spread** (:func:`initial_values`): on substitute data under the 'domain' protocol,
  the objective's quantiles over its box from the runs' own initial designs (uniform on the box, no new
  evaluation) beside the spread of the methods' mean bests: how much of the box's range separates the
  methods (Kandasamy2015 Fig. 5b's VJ-surrogate: accuracies in steps of one image in 1000).
* **Heavy tails** (:func:`regretlab.diagnoses.gaps.tail_text`): a printed cell our mean misses while our
  median meets it; and **printed-number gaps, one factor at a time** (:mod:`regretlab.diagnoses.gaps`):
  the archived pilots of each candidate cause beside the item's and the printed numbers.
* **How additive a substitute is** (:func:`additive_share`), where additive models are compared: the share
  of the objective's variance its main effects explain (the sum of the first-order Sobol indices,
  ``scipy.stats.sobol_indices``), the part any additive model with groups of any size can represent.
* **Seconds per iteration** (a timing item, :func:`regretlab.experiments.aggregate.timings`): the first
  method's seconds per BO iteration beside the printed ones, and the slowest method's ratio to it per problem
  with the problem's dimension beside the printed ratio: how the cost grows with d here and in print.
* **Setup readings**: the specs registered as setup readings of the item, and whether each one's
  registration is committed (the proposed methods' runs wait for it).
* **Substitute data**: the item runs on a stand-in for the paper's data.
"""

from __future__ import annotations

import functools
from dataclasses import replace

import numpy as np
from scipy import stats

from regretlab import objectives
from regretlab._io import EXPORT_ROOT
from regretlab._validate import check_count
from regretlab.decisions.preregister import is_preregistered, printed_check
from regretlab.experiments import aggregate, registry
from regretlab.experiments.spec import display_name
from regretlab.experiments.statistics import STATISTICS

from .floors import embedding_floor, item_floors
from .gaps import gap_text, tail_text
from .roles import is_additive, is_embedding, is_ms_ucb

__all__ = ["diagnose", "centre_optima", "centre_regrets", "centre_values", "face_centre_best",
           "initial_values", "expected_best_of", "additive_share", "run_floors", "ON_THE_FLOOR",
           "SOBOL_POINTS", "SOBOL_REPEATS"]

#: Base sample of each Sobol estimate (scipy's n; the objective is evaluated n (D + 2) times) and the number
#: of independent estimates: not from a paper; chosen so that the VJ substitute (0.1 ms an evaluation) costs
#: about half a minute, and the spread of the estimates shows how far one can trust them (the SDSS
#: substitute's heavy tail makes them vary by about 0.1).
SOBOL_POINTS = 2**12
SOBOL_REPEATS = 3
#: MS-UCB's runs count as on the floor of printed Alg. 1 when their mean log10 S_T is within this many
#: log10 units of the floor's mean (not from a paper; chosen as a tenth of a decade, the width of the floor's
#: own 95 % range on most of TranThe2020 Fig. 1's problems).
ON_THE_FLOOR = 0.1


def centre_regrets(spec) -> list[tuple[str, float, bool]]:
    """``(problem key, f* - f(centre), whether the maximiser is the centre)`` for each problem of ``spec``
    with a known optimum: the regret at the centre of the box, a point every REMBO and HeSBO embedding
    contains, so the regret those methods can reach without leaving it (the maximiser counts as the centre
    within 1e-9 of the box's width on every coordinate)."""
    out = []
    for problem in spec.problems:
        objective = objectives.get(problem.name, problem.dim, **dict(problem.options))
        if not objective.optimum_known:
            continue
        centre = objective.bounds.mean(axis=1)
        width = objective.bounds[:, 1] - objective.bounds[:, 0]
        optimizers = np.atleast_2d(objective.optimizers)
        at_centre = any(np.all(np.abs(x - centre) <= 1e-9 * width) for x in optimizers)
        out.append((problem.key, float(objective.optimum_value - objective(centre[None, :])[0]), at_centre))
    return out


def centre_optima(spec) -> list[tuple[str, float]]:
    """``(problem key, f* - f(centre))`` for the problems of ``spec`` whose maximiser is the box centre."""
    return [(key, gap) for key, gap, at_centre in centre_regrets(spec) if at_centre]


def centre_values(spec, results: dict) -> list[tuple[str, float, dict]]:
    """``(problem key, f(centre), {method: mean best value})`` for each problem of ``spec`` whose optimum is
    not known, from the runs in ``results`` (the best value each run found, averaged per method)."""
    out = []
    for problem in spec.problems:
        objective = problem.objective()
        if objective.optimum_known:
            continue
        best = _mean_bests(results, problem.key)
        if best:
            centre = objective.bounds.mean(axis=1)
            out.append((problem.key, float(objective(centre[None, :])[0]), best))
    return out


def _mean_bests(results: dict, problem: str) -> dict[str, float]:
    """``{method: the mean over its runs of the best value each run found}`` on ``problem``."""
    best: dict = {}
    for (method, key, _), result in sorted(results.items()):
        if key == problem:
            best.setdefault(method, []).append(float(np.max(result["f"])))
    return {m: float(np.mean(v)) for m, v in best.items()}


@functools.lru_cache(maxsize=16)
def _face_centre_values(problem) -> tuple[float, ...]:
    objective = problem.objective()
    lo, hi = objective.bounds[:, 0], objective.bounds[:, 1]
    dim = lo.size
    points = np.repeat(((lo + hi) / 2.0)[None, :], 2 * dim, axis=0)
    points[2 * np.arange(dim), np.arange(dim)] = lo          # face k at its lower end ...
    points[2 * np.arange(dim) + 1, np.arange(dim)] = hi      # ... and at its upper end
    return tuple(float(v) for v in objective(points))


def face_centre_best(problem) -> float:
    """The largest value of ``problem``'s objective over the centres of its box's 2D faces (the centre with
    one coordinate at a bound): where an embedding's clipping (REMBO projects onto the box) or a method stuck
    on the box's faces lands, a face would be privileged if its centre beat the methods. Cached per
    problem."""
    return max(_face_centre_values(problem))


def initial_values(results: dict, problem: str) -> np.ndarray:
    """The objective's values at the initial designs of ``problem``'s runs in ``results`` (each run's
    ``is_initial`` evaluations, drawn on the whole box under the 'domain' protocol): a sample of the
    objective over its box at no cost. Empty when no run records its initial design."""
    values = [np.asarray(r["f"], dtype=float)[np.asarray(r["is_initial"], dtype=bool)]
              for (_, p, _), r in sorted(results.items()) if p == problem and "is_initial" in r]
    return np.concatenate(values) if values else np.empty(0)


def expected_best_of(sample, n: int) -> float:
    r"""The expected largest of ``n`` independent draws from the empirical law of ``sample`` (M values):
    :math:`\sum_i x_{(i)}[(i/M)^n - ((i-1)/M)^n]`, :math:`x_{(i)}` the sorted values; what random search
    with ``n`` evaluations reaches on average (the exact order-statistic formula: no simulation)."""
    x = np.sort(np.asarray(sample, dtype=float))
    n = check_count("n", n, low=1)
    if x.size == 0:
        raise ValueError("sample is empty: the law of no value has no largest draw")
    cdf = np.arange(x.size + 1, dtype=float) / x.size
    return float(np.sum(x * np.diff(cdf**n)))


def _spread_text(spec, results) -> str:
    """On substitute data (optimum not known, runs on the whole box): the objective's spread over its box
    from the runs' initial designs beside the spread of the methods' mean bests (module docstring)."""
    if spec.protocol != "domain":
        return ""
    cells = []
    for problem in spec.problems:
        if problem.objective().optimum_known:
            continue
        sample = initial_values(results, problem.key)
        means = _mean_bests(results, problem.key)
        if sample.size < 20 or len(means) < 2:
            continue
        q05, q50, q95 = np.quantile(sample, [0.05, 0.5, 0.95])
        budget = spec.modes["full"].budget(problem.key)
        n = min(budget, sample.size)
        random_best = expected_best_of(sample, n)
        below = [display_name(m) for m, v in means.items() if v < random_best]
        low, high = min(means.values()), max(means.values())
        cells.append(f"{problem.key} over {sample.size} initial-design points: 5 % / 50 % / 95 % "
                     f"{q05:.4g} / {q50:.4g} / {q95:.4g}; the best of {n} random points (a run's budget"
                     + ("" if n == budget else ", capped at the points at hand")
                     + f"; expected, from these points' law) {random_best:.4g}, above the mean best of "
                     + (", ".join(below) if below else "no method")
                     + f"; the methods' mean bests {low:.4g} to {high:.4g} (a spread of {high - low:.3g})")
    if not cells:
        return ""
    return ("the substitute's values over its box (the runs' initial designs, uniform on the box: what "
            "random points reach) beside the methods' results: " + "; ".join(cells))


@functools.lru_cache(maxsize=16)
def _additive_share(problem) -> tuple[float, float, float]:
    objective = problem.objective()
    dists = [stats.uniform(loc=low, scale=high - low) for low, high in objective.bounds]
    shares = [float(np.sum(stats.sobol_indices(
        func=lambda x: np.asarray(objective(x.T), dtype=float)[None, :], n=SOBOL_POINTS, dists=dists,
        rng=np.random.default_rng(seed)).first_order)) for seed in range(SOBOL_REPEATS)]
    return float(np.mean(shares)), min(shares), max(shares)


def additive_share(problem) -> tuple[float, float, float]:
    """The share of ``problem``'s variance (uniform on its box) that its main effects explain: the sum of
    the first-order Sobol indices (``scipy.stats.sobol_indices``, :data:`SOBOL_POINTS` base points), the
    mean of :data:`SOBOL_REPEATS` independent estimates (seeds 0, 1, 2) and their smallest and largest
    (scipy's BCa bootstrap needs a jackknife quadratic in n: minutes at these sizes). Cached per problem."""
    return _additive_share(problem)


def _centre_value_text(spec, results, names: str) -> str:
    rows = centre_values(spec, results)
    if not rows:
        return ""

    cells = []
    for key, value, best in rows:
        beaten = [m for m, v in best.items() if v < value]
        face = face_centre_best(spec.problem(key))
        by_face = [m for m, v in best.items() if v < face]
        cells.append(f"{key} f(centre) {value:.4g}, beating the mean best of "
                     + (", ".join(display_name(m) for m in beaten) if beaten else "no method")
                     + f"; best face centre {face:.4g}, beating "
                     + (", ".join(display_name(m) for m in by_face) if by_face else "no method"))
    return (f"value at the box centre, which every embedding of {names} contains, and the best value at the "
            "centres of the box's faces, where clipping onto the box lands (the optimum is not known): "
            + "; ".join(cells))


def _additive_text(spec) -> str:
    if not any(is_additive(m) for m in spec.methods):
        return ""
    if not any(note.startswith("substitute data") for note in spec.notes):
        return ""
    cells = []
    for problem in spec.problems:
        share, low, high = additive_share(problem)
        cells.append(f"{problem.key} {share:.2f} [{low:.2f}, {high:.2f}]")
    return ("share of the substitute's variance its main effects explain (sum of first-order Sobol indices, "
            f"mean [range] of {SOBOL_REPEATS} estimates; what an additive model can represent at least): "
            + ", ".join(cells))


@functools.lru_cache(maxsize=64)
def _embedding_floor(problem, method: str):
    return embedding_floor(problem.objective(), method, problem=problem.key)


def _embedding_text(spec, results: dict, embedded: list[str]) -> str:
    budgets = dict(spec.modes["full"].budgets)
    cells = []
    for method in embedded:
        for problem in spec.problems:
            f = [np.asarray(r["f"], dtype=float) for (m, p, _), r in sorted(results.items())
                 if m == method and p == problem.key and len(r["f"]) == budgets.get(p)]
            objective = problem.objective() if f else None
            if not f or not objective.optimum_known:
                continue
            centre = objective.bounds.mean(axis=1)
            if objective.optimum_value - float(objective(centre[None, :])[0]) <= 1e-9:
                continue   # the centre is the optimum: the floor is 0 (said above)
            floor = _embedding_floor(problem, method)
            ours = float(np.mean([objective.optimum_value - np.max(v) for v in f]))
            low, mean, high = (0.0 if abs(v) < 1e-12 else v for v in (floor.low, floor.mean, floor.high))
            cells.append(f"{display_name(method)} on {problem.key} {ours:.4g} / {mean:.4g} "
                         f"[{low:.4g}, {high:.4g}]")
    if not cells:
        return ""
    return ("best case inside an embedding (simple regret at T, the runs' mean / the best reachable inside "
            "10 embeddings drawn as the method draws them, mean [range]): " + ", ".join(cells))


def _floors(key: str) -> tuple:
    return item_floors(key, "full")


def run_floors(spec, results: dict) -> list[tuple]:
    """``(floor, mean log10 S_T of the runs, runs)`` for each MS-UCB method and problem of ``spec`` with runs
    at the full budget T in ``results`` and a floor (:func:`regretlab.diagnoses.floors.item_floors`)."""
    budgets = dict(spec.modes["full"].budgets)
    finals: dict = {}
    for (method, problem, _), result in results.items():
        f = np.asarray(result["f"], dtype=float)
        if is_ms_ucb(method) and f.size == budgets.get(problem, -1):
            finals.setdefault((method, problem), []).append(
                STATISTICS["final_log10_simple_regret"].value(result))
    if not finals:
        return []
    return [(floor, float(np.mean(finals[key])), len(finals[key]))
            for floor in _floors(spec.key) if (key := (floor.method, floor.problem)) in finals]


def _floor_text(spec, results) -> str:
    rows = run_floors(spec, results)
    if not rows:
        return ""

    methods = sorted({floor.method for floor, _, _ in rows})
    near = sum(abs(mean - floor.mean) <= ON_THE_FLOOR for floor, mean, _ in rows)
    cells = ", ".join((f"{floor.problem} " if len(methods) == 1
                       else f"{floor.problem} {display_name(floor.method)}: ")
                      + f"{mean:.2f} / {floor.mean:.2f} [{floor.low:.2f}, {floor.high:.2f}]"
                      for floor, mean, _ in rows)
    return ("best case of printed Alg. 1 (each subspace it is given searched perfectly; mean log10 S_T at "
            f"the last evaluation, MS-UCB's runs / the floor [95 % range of one run's]): {cells}; on {near} "
            f"of {len(rows)} the runs are within {ON_THE_FLOOR} of the floor, where the regret is set by the "
            "subspaces Alg. 1 draws, not by its model or its search in them")


def _printed_text(spec, results) -> str:
    check = printed_check(spec, results)
    if not isinstance(check, dict) or not check["cells"]:
        return ""
    ratios = [c["ratio"] for c in check["cells"] if c["ratio"] is not None]
    tau = "—" if check["kendall_tau"] is None else f"{check['kendall_tau']:.2f}"
    text = (f"printed numbers: {check['agree']} of {check['of']} printed cells agree with ours (within 2 "
            f"combined s.e.); our means are {100 * min(ratios):.0f}-{100 * max(ratios):.0f} % of the printed "
            f"ones; Kendall's tau of the two orders {tau}")
    tails = tail_text(results, check["cells"])
    return text + ("; " + tails if tails else "")


def _proposed_text(spec, results, export_root=EXPORT_ROOT) -> str:
    """Under a setup reading whose registration is committed: the proposed method's printed cells beside
    ours, which the printed check leaves out (it pilots the baselines before the registration, so that no
    reading is chosen after seeing the proposed method's numbers); '' before the registration or when the
    paper prints none of them."""
    if not spec.proposed or not spec.reading_of or not is_preregistered(spec, export_root):
        return ""
    check = printed_check(replace(spec, proposed=()), results)
    if not isinstance(check, dict):
        return ""
    cells = {}
    for c in check["cells"]:
        if c["method"] in spec.proposed:
            cells.setdefault((c["problem"], c["method"]), []).append(c)
    if not cells:
        return ""
    parts = [f"{display_name(method)} on {problem} "
             + " / ".join(f"{c['ours'][0]:.3g}" for c in row) + " (n = " + str(row[0]["n"]) + ") against "
             + " / ".join(f"{c['printed'][0]:.4g}" for c in row) + " at T = "
             + " / ".join(str(c["T"]) for c in row)
             for (problem, method), row in cells.items()]
    return ("the proposed method's printed cells (outside the printed check, which pilots the baselines "
            "before the registration): ours against printed, " + "; ".join(parts))


def _timing_text(spec, results) -> str:
    """A timing item's seconds per iteration against the printed ones (module docstring)."""
    if spec.kind != "timing" or not results:
        return ""
    mean = {(t.method, t.problem): t.mean for t in aggregate.timings(results)}
    first = spec.methods[0]
    printed = spec.paper_values
    cells, ours_first, paper_first = [], [], []
    for problem in spec.problems_of("full"):
        if (first, problem) not in mean:
            continue
        ratios = {m: mean[(m, problem)] / mean[(first, problem)]
                  for m in spec.methods if (m, problem) in mean}
        slowest = max(ratios, key=ratios.get)
        ours_first.append(mean[(first, problem)])
        paper = printed.get(slowest, {}).get(problem), printed.get(first, {}).get(problem)
        if paper[1] is not None:
            paper_first.append(paper[1][0])
        in_print = (f", printed {paper[0][0] / paper[1][0]:.1f}" if None not in paper else "")
        definition = spec.problem(problem)
        d = definition.dim or objectives.registry.dimension(definition.name)
        cells.append(f"{problem} (d = {d}) {display_name(slowest)} {ratios[slowest]:.1f}{in_print}")
    if not cells:
        return ""
    text = f"seconds per iteration: {display_name(first)} {min(ours_first):.3g}-{max(ours_first):.3g} s here"
    if paper_first:
        text += (f", {min(paper_first):.3g}-{max(paper_first):.3g} s printed (a factor "
                 f"{np.median(paper_first) / np.median(ours_first):.0f} in the medians: machine and code)")
    return text + "; the slowest method over it, per problem: " + "; ".join(cells)


def diagnose(spec, results: dict, export_root=EXPORT_ROOT, gap_results: dict | None = None) -> list[str]:
    """The measured statements of the module docstring that apply to ``spec`` (its runs ``results``;
    ``gap_results``: the archived pilots of its printed-number gap study, :mod:`regretlab.diagnoses.gaps`)."""
    out = []
    printed = _printed_text(spec, results)
    if printed:
        out.append(printed)
    gap = gap_text(spec.key, results, gap_results or {})
    if gap:
        out.append(gap)
    proposed = _proposed_text(spec, results, export_root)
    if proposed:
        out.append(proposed)
    floor = _floor_text(spec, results)
    if floor:
        out.append(floor)
    embedded = [m for m in spec.methods if is_embedding(m)]
    regrets = centre_regrets(spec) if embedded else []
    names = ", ".join(m.split("/", 1)[1] for m in embedded)
    centred = [(key, gap) for key, gap, at_centre in regrets if at_centre]
    if centred:
        out.append("optimum at the box centre on " + ", ".join(f"{key} (f* - f(centre) = {gap:.3g})"
                                                              for key, gap in centred)
                   + f": every embedding of {names} contains the centre, so those methods can reach the "
                   "optimum there by construction")
    off = [(key, gap) for key, gap, at_centre in regrets if not at_centre]
    if off:
        out.append("regret at the box centre, which every embedding of " + names + " contains: "
                   + ", ".join(f"{key} {gap:.4g}" for key, gap in off))
    inside = _embedding_text(spec, results, embedded) if embedded else ""
    if inside:
        out.append(inside)
    centre = _centre_value_text(spec, results, names) if embedded else ""
    if centre:
        out.append(centre)
    spread = _spread_text(spec, results)
    if spread:
        out.append(spread)
    additive = _additive_text(spec)
    if additive:
        out.append(additive)
    timing = _timing_text(spec, results)
    if timing:
        out.append(timing)
    readings = [s for s in registry.SPECS.values() if s.reading_of == spec.key and not s.derived_from]
    if readings:
        out.append("setup readings registered: " + "; ".join(
            f"{s.key} ('{s.setup_reading}', " + ("registration committed" if is_preregistered(s, export_root)
                                                 else "its baselines' pilot and registration pending") + ")"
            for s in readings))
    if any(note.startswith("substitute data") for note in spec.notes):
        out.append("decided on substitute data (the spec's stand-in for the paper's data)")
    return out
