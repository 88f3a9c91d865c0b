"""Printed-number gaps, one factor at a time: what in a method's settings moves our number towards the one a
paper prints, measured on pilots (issue 78).

Where our mean of a cell lies far from the printed one under every setup reading (Li2016 Table 1, 'code'
form: ADD-5 17 against the printed 180 / 153, ADD-25 40 / 37 against 165 / 78), each candidate cause is one
change of one setting the paper does not state, applied to the methods of the gap and run as a small pilot
of its own (:class:`GapStudy`, its own runs and archive segment, never the item's). The pilot's numbers sit
beside the item's and the printed ones, with the printed check (:func:`regretlab.decisions.preregister
.printed_check`) re-run per candidate. A candidate is a diagnosis, never a decision: it becomes a setup
reading only through the pre-registration rule (registered, its baselines' pilot committed, before any run
of the paper's method under it).

Data only here and the text the diagnosis shows; running and archiving a study is
:mod:`regretlab.campaign.gaps` (the campaign's layer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

import numpy as np

from regretlab._validate import check_real
from regretlab.decisions.preregister import printed_check
from regretlab.experiments import registry
from regretlab.experiments.spec import Mode, Spec, display_name, parse_method
from regretlab.experiments.statistics import run_value

__all__ = ["Factor", "GapStudy", "GAP_STUDIES", "gap_spec", "gap_text", "tail_text"]


@dataclass(frozen=True)
class Factor:
    """One candidate cause: options added to each method of the study (``per_d``: options that depend on the
    method's group size d and the problem's dimension D, written as ``{option: "D/d"}``), and why it is a
    candidate (the paper's words or the setting's history)."""

    label: str
    options: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    per_d: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    why: str = ""

    def method(self, base: str, dim: int) -> str:
        """``base`` (``"Li2016/ADD(d=5)"``) with this factor's options added, spelled as a method."""
        name, overrides = parse_method(base)
        options = dict(overrides, **self.options)
        for key, rule in self.per_d.items():
            if rule != "D/d":
                raise ValueError(f"per_d[{key!r}]={rule!r}: the only rule is 'D/d'")
            options[key] = float(dim) / float(overrides["d"])
        inner = ", ".join(f"{k}={options[k]!r}" for k in sorted(options))
        return f"{name}({inner})"


@dataclass(frozen=True)
class GapStudy:
    """The pilots of one item's printed-number gap: ``methods`` (the item's methods whose printed cells
    disagree), each under every factor, ``repeats`` runs each at the item's budget on its problems."""

    item: str
    methods: tuple[str, ...]
    factors: tuple[Factor, ...]
    repeats: int
    why_repeats: str

    @property
    def key(self) -> str:
        return f"{self.item}.gap"


_LI_T1_WHY_REPEATS = ("3 runs a candidate (not 5, the project's pilot): the gap is a factor of 4-10 in the "
                      "mean, against a run-to-run s.e. of 2.7-4.8 over the item's 10 runs, so 3 runs show "
                      "whether a factor moves the number that far; 3 factors x 2 methods x 3 runs priced at "
                      "1.2 core-h from the item's own runs (383 s ADD-5, 93 s ADD-25)")

#: The studies, by item key.
GAP_STUDIES = MappingProxyType({
    "Li2016.table1_code": GapStudy(
        item="Li2016.table1_code",
        methods=("Li2016/ADD(d=5)", "Li2016/ADD(d=25)"),
        repeats=3, why_repeats=_LI_T1_WHY_REPEATS,
        factors=(
            Factor("no perturbation of repeated proposals", MappingProxyType({"perturb_repeats": False}),
                   why="the one setting taken from the authors' code rather than Li2016's text (runs "
                       "before 2026-11-27 had it off; on the paper form ADD-25's S_T was 3 times larger "
                       "without it)"),
            Factor("beta_t on D, not d", per_d=MappingProxyType({"beta_scale": "D/d"}),
                   why="0.2 D log 2t, the GP-UCB baseline's schedule, for every method ('for all "
                       "GPB/BO-based algorithms', [Li2016, §5], sets the other values once for all): "
                       "far more exploration for d = 5, the slow fall of the printed ADD-5 / ADD-25 "
                       "from T = 500 to 1000"),
            Factor("DiRect budget 10 D", MappingProxyType({"acq_budget": 500}),
                   why="'under limited budget with DiRect' ([Li2016, §5]) without a number; ours is "
                       "Kandasamy2015's min(5000, 100 D); the paper blames 'the imperfect optimization of "
                       "phi_t' for d = 25"),
        )),
})


def gap_spec(key: str) -> Spec:
    """The spec of the study of item ``key``: the factors' methods on the item's problems, full mode with the
    study's repeats at the item's budget (a spec of the study, not registered: it decides nothing)."""
    if key not in GAP_STUDIES:
        raise ValueError(f"key={key!r} has no gap study (studies: {sorted(GAP_STUDIES)})")
    study = GAP_STUDIES[key]
    item = registry.get(study.item)
    problems = item.problems
    dims = {p.dim for p in problems}
    if len(dims) != 1:
        raise ValueError(f"{key}: a gap study needs one dimension, the item has {sorted(dims)}")
    dim = dims.pop()
    methods = tuple(factor.method(m, dim) for factor in study.factors for m in study.methods)
    full = item.modes["full"]
    table = item.paper_values.get("table", {})
    printed = {problem: {factor.method(m, dim): cells[m]
                         for factor in study.factors for m in study.methods if m in cells}
               for problem, cells in table.items()}
    title = f"{item.title}: printed-number gap, one factor at a time"
    return Spec(key=study.key, paper=item.paper, title=title,
                reference=item.reference, kind=item.kind, methods=methods, problems=problems,
                modes={"full": Mode(study.repeats, full.budgets, note=study.why_repeats),
                       "quick": item.modes["quick"]},
                metric=item.metric, summary=item.summary,
                paper_values={**item.paper_values, "table": printed},
                seconds_per_evaluation=item.seconds_per_evaluation, notes=("a diagnosis: decides nothing",))


def _cells(check) -> dict:
    return {(c["method"], c["T"]): c for c in check["cells"]} if isinstance(check, dict) else {}


def gap_text(key: str, item_results: dict, study_results: dict) -> str:
    """The measured statement of item ``key``'s study: per factor and method our means at the printed T
    beside the item's and the printed ones, and the printed check's count per candidate; '' when the study
    has no finished run."""
    if key not in GAP_STUDIES or not study_results:
        return ""
    study, spec = GAP_STUDIES[key], gap_spec(key)
    item = registry.get(study.item)
    dim = item.problems[0].dim
    ours, theirs = _cells(printed_check(item, item_results)), _cells(printed_check(spec, study_results))
    parts = []
    for factor in study.factors:
        cells = []
        agree = total = 0
        for base in study.methods:
            variant = factor.method(base, dim)
            row = sorted((t, c) for (m, t), c in theirs.items() if m == variant)
            if not row:
                continue
            agree += sum(c["agrees"] for _, c in row)
            total += len(row)
            shown = " / ".join(f"{c['ours'][0]:.3g}" for _, c in row)
            printed = " / ".join(f"{c['printed'][0]:.4g}" for _, c in row)
            base_row = [ours.get((base, t)) for t, _ in row]
            item_shown = " / ".join(f"{c['ours'][0]:.3g}" if c else "-" for c in base_row)
            cells.append(f"{display_name(base)} {shown} (n = {row[0][1]['n']}; the item's {item_shown}, "
                         f"printed {printed})")
        if cells:
            parts.append(f"{factor.label}: " + ", ".join(cells)
                         + f", {agree} of {total} printed cells agree")
    if not parts:
        return ""
    ts = sorted({t for (_, t) in theirs})
    return (f"printed-number gap, one factor at a time (pilots of {study.repeats} runs a candidate, "
            f"simple regret at T = {' / '.join(map(str, ts))}; a diagnosis, not a setup reading): "
            + "; ".join(parts))


def tail_text(results: dict, printed_cells: list[dict], *, ratio: float = 2.0) -> str:
    """Where our mean of a printed cell is ``ratio`` times the printed one or more but our median is within
    the printed mean's factor ``ratio``: a heavy tail, not a shift (e.g. Li2016 Table 2's ADD-10, 'code'
    form: 2 of 5 runs stuck near S_500 = 750). '' when no cell is so."""
    ratio = check_real("ratio", ratio, low=1.0, low_open=True)
    out = []
    for cell in printed_cells:
        mean, printed = cell["ours"][0], cell["printed"][0]
        if printed <= 0 or mean < ratio * printed:
            continue
        runs = [r for (m, p, _), r in sorted(results.items()) if m == cell["method"] and p == cell["problem"]]
        regrets = np.array([-run_value(r, "final_simple_regret", cell["T"]) for r in runs
                            if len(r["f"]) >= cell["T"]])   # as printed_check reads a cell
        if regrets.size < 3:
            continue
        median = float(np.median(regrets))
        if median > ratio * printed:
            continue
        far = int(np.sum(regrets >= ratio * printed))
        out.append(f"{display_name(cell['method'])} at T = {cell['T']}: mean {mean:.3g} against the printed "
                   f"{printed:.4g}, median {median:.3g}; {far} of {regrets.size} runs at {ratio:g} times the "
                   f"printed mean or more (largest {float(regrets.max()):.3g})")
    if not out:
        return ""
    return ("heavy tails, not shifts (our mean far above the printed one, our median near it): "
            + "; ".join(out))
