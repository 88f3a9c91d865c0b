r"""A figure or a table as data: problems, methods by setup name, budgets, repeats, metric, layout, per mode.

A :class:`Spec` holds no code, only values (so it pickles to any worker, hashes stably and prints): what the
paper ran in ``full`` mode (its catalogue §5 setup) and a ``quick`` mode that fits a laptop. A spec validates
without running (:meth:`Spec.validate`: the setups and objectives exist, budgets are positive), and each of
its runs gets its seeds from what the run is (:class:`Run`), whatever spec asks for it and whatever order the
runs execute in.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace

import numpy as np

from regretlab._rng import stream
from regretlab._validate import check_choice, check_integer

__all__ = ["Problem", "Mode", "Spec", "Run", "MODES", "ITEM_KINDS", "PROTOCOLS", "PAIRED_PROTOCOLS",
           "SUMMARIES", "METRICS",
           "parse_method", "short_method", "display_name", "OBJECTIVE_GROUPS", "REGRET_METRICS",
           "RENDER_NAME", "rendered_spec", "RUN_ENTROPY", "canonical_method", "run_dimension",
           "SAME_RUNS_AS", "stored_method", "as_setup_reading", "engine_version"]

#: The two modes every spec has.
MODES = ("quick", "full")
#: What a spec produces: curves over iterations, a table of per-iteration times, one run's picture, a table
#: of the metric at given iterations beside the paper's printed numbers, a paper's win/tie/loss t-tests, or
#: an item drawn by a function of its own (``render``: an illustration computed from ``regretlab.bounds``, a
#: rendered table, or a figure built from another spec's runs).
ITEM_KINDS = ("curves", "timing", "picture", "table", "ttest", "rendered")
#: Metrics that need the objective's maximum.
REGRET_METRICS = ("simple_regret", "log10_regret", "log10_simple_regret", "average_regret")
#: How a run's search box is made: the objective's domain, or [Ha2019, §6]'s random initial box.
PROTOCOLS = ("domain", "ha2019_initial_box")
#: Whether the methods of one repeat start from a shared random state that matters to the comparison, so
#: that their runs are paired by repeat: under [Ha2019, §6]'s protocol every method of a repeat gets the same
#: random initial box (:meth:`Run.streams`); on the domain there is nothing shared to pair on.
PAIRED_PROTOCOLS = {"domain": False, "ha2019_initial_box": True}
#: The papers' summary statistics.
SUMMARIES = ("mean_se", "mean_sd")
#: What a curve plots: the best value found, the simple regret S_t, log10 of the regret of the point sampled
#: at t ([TranThe2020, §Experiments]), log10 S_t, or the average regret R_t / t ([Kandasamy2015, Fig. 3]).
METRICS = ("best_f", "simple_regret", "log10_regret", "log10_simple_regret", "average_regret")
#: A method keyword value that stands for the objective's own groups (Add-* runs with the true decomposition).
OBJECTIVE_GROUPS = "@groups"


#: A rendered spec's ``render``: the name of a renderer of :mod:`regretlab.figures.renderers` (a word, not a
#: module path: experiments name figures, they do not import them).
RENDER_NAME = re.compile(r"[a-z][a-z0-9_]*")


def short_method(method: str) -> str:
    """A method's name without its paper, for legends and tables: ``"Kandasamy2015/Add-d/M(d=5, M=4)"`` ->
    ``"Add-d/M(d=5, M=4)"`` (only the first slash separates the paper)."""
    return str(method).split("/", 1)[-1]


#: Options that are implementation details, not part of a method's name in the papers.
_HIDDEN_OPTIONS = ("n_starts",)


def display_name(method: str) -> str:
    """A method's name as its paper prints it, for legends and tables.

    The paper key is dropped; an option whose value is the objective's own groups (``'@groups'``) and
    implementation options (``n_starts``) are not shown; [Kandasamy2015]'s ``Add-d/M(d=3, M=4)`` is
    ``Add-3/4``; [Li2016]'s ``RPP(d=5)`` / ``ADD(d=5)`` are ``RPP-5`` / ``ADD-5``; other options follow the
    name in parentheses, with α and N₀ as the papers write them.

    >>> display_name("Kandasamy2015/Add-*(groups='@groups')")
    'Add-*'
    >>> display_name("Kandasamy2015/Add-d/M(d=3, M=4)"), display_name("Li2016/RPP(d=5, delta=0.05)")
    ('Add-3/4', 'RPP-5 (δ = 0.05)')
    >>> display_name("TranThe2020/MS-UCB(d=10, N0=1, alpha=1.0, n_starts=100)")
    'MS-UCB (d = 10, N₀ = 1, α = 1)'

    """
    name, options = parse_method(method)
    short = name.split("/", 1)[-1]
    options = {k: v for k, v in options.items() if v != OBJECTIVE_GROUPS and k not in _HIDDEN_OPTIONS}
    if short == "Add-d/M" and {"d", "M"} <= set(options):
        short = f"Add-{options.pop('d')}/{options.pop('M')}"
    elif short in ("RPP", "ADD", "RPP-printed") and "d" in options:
        suffix = " (printed δ-ratio)" if "printed" in short else ""
        short = f"{short.split('-')[0]}-{options.pop('d')}{suffix}"
    if not options:
        return short
    symbols = {"alpha": "α", "N0": "N₀", "delta": "δ", "beta": "β"}

    def shown(value):
        return f"{value:g}" if isinstance(value, float) else str(value)

    inner = ", ".join(f"{symbols.get(k, k)} = {shown(v)}" for k, v in options.items())
    return f"{short} ({inner})"


def parse_method(text: str) -> tuple[str, dict]:
    """``"Setup/Name"`` or ``"Setup/Name(d=1, N0=10)"`` -> ``(setup name, overrides)``; values are Python
    literals, or ``"@groups"`` for the objective's own groups.

    >>> parse_method("TranThe2020/MS-UCB(d=1, alpha=1.0)")
    ('TranThe2020/MS-UCB', {'d': 1, 'alpha': 1.0})
    """
    match = re.fullmatch(r"\s*([^()]+?)\s*(?:\((.*)\))?\s*", str(text))
    if match is None:
        raise ValueError(f"method={text!r} is not 'Setup/Name' or 'Setup/Name(key=value, ...)'")
    name, arguments = match.group(1), match.group(2)
    if not arguments:
        return name, {}
    try:
        call = ast.parse(f"f({arguments})", mode="eval").body
        overrides = {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords}
    except (SyntaxError, ValueError) as exc:
        raise ValueError(f"method={text!r}: its options must be key=literal pairs ({exc})") from None
    if call.args or any(k is None for k in overrides):
        raise ValueError(f"method={text!r}: its options must be key=literal pairs")
    return name, overrides


def canonical_method(text: str) -> str:
    """One spelling per method: its setup name and its options sorted, as JSON (``"Li2016/RPP(delta=0)"`` and
    ``"Li2016/RPP(delta=0.0)"`` are one method, one run).

    >>> canonical_method("Li2016/RPP(d=5, delta=0.0)") == canonical_method("Li2016/RPP(delta=0, d=5)")
    True
    """
    name, overrides = parse_method(text)

    def number_as_float(value):  # 0 and 0.0 are one option value (a setup that wants an int refuses 5.0)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, list | tuple):
            return [number_as_float(v) for v in value]
        return value

    return json.dumps([name, {k: number_as_float(overrides[k]) for k in sorted(overrides)}], default=str)


#: Spellings of one configuration that specs ask for under different names, and the one spelling its runs are
#: made, seeded and stored under, so that one configuration is computed once. [TranThe2020]'s Figs 1-3 all
#: run MS-UCB at the setup's defaults (d = 5, N0 = 1, α = 0) on Hyper-Ellipsoid and Ackley at D = 100, T =
#: 300: Fig. 1 names it ``MS-UCB``, Fig. 2 ``MS-UCB(N0=1, alpha=0.0)`` and Fig. 3 ``MS-UCB(d=5)`` (its name in
#: each figure's sweep); before this table each spelling was its own run, 180 runs where 60 do.
#:
#: Explicit, not derived by dropping options equal to the setup's defaults: a run's seeds and key are made
#: from its spelling (:meth:`Run.seed_sequences`), so that rule would re-key every archived run whose name
#: repeats a default (all of Fig. 2's, Figs 4-5's ``N0=1``) and make it unreproducible under its new key.
#: The stored spelling is Fig. 3's, the one with the most archived runs (30 a problem). Each entry is checked
#: to be the same configuration (the setup's values with the options applied, at every D a spec runs it), and
#: no two stored spellings of the registry's runs may be one configuration (``tests/experiments``).
SAME_RUNS_AS = {
    "TranThe2020/MS-UCB": "TranThe2020/MS-UCB(d=5)",
    "TranThe2020/MS-UCB(N0=1, alpha=0.0)": "TranThe2020/MS-UCB(d=5)",
}


def engine_version(method: str) -> int:
    """The engine version (:attr:`regretlab.algorithms.base.BayesianOptimizer.ENGINE`) of the class that
    runs ``method`` (a setup name with its options)."""
    return int(getattr(_algorithm_of(method), "ENGINE", 1))


@functools.lru_cache(maxsize=1024)
def _algorithm_of(method: str):
    """The class that runs ``method`` (cached: a run's key is computed for thousands of runs when pricing;
    the version is read from the class each time)."""
    # lazy: a spec is data: its module imports in 0.2 s, not 0.8 s with the algorithms
    from regretlab.algorithms import setups

    name, _ = parse_method(stored_method(method))
    return setups.describe(name).algorithm


def stored_method(method: str) -> str:
    """The spelling ``method``'s runs are made, seeded and stored under: :data:`SAME_RUNS_AS`'s target for
    a spelling it lists (in any order of options), else ``method`` itself.

    >>> stored_method("TranThe2020/MS-UCB(alpha=0.0, N0=1)"), stored_method("TranThe2020/MS-UCB(d=10)")
    ('TranThe2020/MS-UCB(d=5)', 'TranThe2020/MS-UCB(d=10)')
    """
    return _SAME_RUNS_CANONICAL.get(canonical_method(method), method)


_SAME_RUNS_CANONICAL = {canonical_method(k): v for k, v in SAME_RUNS_AS.items()}


@dataclass(frozen=True)
class Problem:
    """One benchmark: a :mod:`regretlab.objectives` name, its dimension and the options that make it the
    paper's (``options`` as sorted ``(key, value)`` pairs, so the problem hashes and pickles); ``rescale_to``
    maps its box onto ``[lo, hi]^D`` ([TranThe2020]: ``(-1, 1)``)."""

    name: str
    dim: int | None = None
    label: str = ""
    options: tuple[tuple[str, object], ...] = ()
    rescale_to: tuple[float, float] | None = None

    @property
    def key(self) -> str:
        """The label the paper uses, or ``name`` (with ``dim`` when given)."""
        return self.label or (self.name if self.dim is None else f"{self.name}{self.dim}")

    def objective(self, **extra):
        """The benchmark as a :class:`regretlab.objectives.Objective`: ``objectives.get(name, dim, **options,
        **extra)``, rescaled onto ``rescale_to`` when that is set (the one place a problem becomes a
        function, shared by the runner and the diagnoses)."""
        from regretlab import objectives  # lazy: building a problem only (see validate)
        from regretlab.objectives.rescale import rescale  # lazy: as above

        objective = objectives.get(self.name, self.dim, **extra, **dict(self.options))
        return rescale(objective, to=tuple(self.rescale_to)) if self.rescale_to is not None else objective


#: Problem fields added after results were first stored, with their defaults: a field at its default is left
#: out of the hash, so adding a field does not orphan earlier results.
_LATER_PROBLEM_FIELDS = {"rescale_to": None}


def _canonical_problem(problem: Problem) -> dict:
    fields = asdict(problem)
    return {k: v for k, v in fields.items()
            if not (k in _LATER_PROBLEM_FIELDS and v == _LATER_PROBLEM_FIELDS[k])}


@dataclass(frozen=True)
class Mode:
    """One mode of a spec: repeats, evaluation budgets per problem key (initial design included), and the
    problems it covers (default: all)."""

    repeats: int
    budgets: tuple[tuple[str, int], ...]
    problems: tuple[str, ...] = ()
    note: str = ""

    def budget(self, problem: str) -> int:
        """The evaluation budget of ``problem`` (its key)."""
        return dict(self.budgets)[problem]


#: The entropy of every experiment run's random streams (a fixed project constant, so that a run's seeds
#: depend on what the run is, not on the spec that asks for it: two specs that need the same run share it).
RUN_ENTROPY = 20260425


@dataclass(frozen=True)
class Run:
    """One (method, problem, budget, repeat) under a protocol: what a worker needs and what identifies it.

    A run's identity (:attr:`key`) and its seeds (:meth:`seed_sequences`) are made from the method (setup
    with its options, as :func:`stored_method` spells it: one spelling per configuration), the problem's
    defining content (name, dimension, options, rescaling; not its label), the protocol, the budget and the
    repeat, and **not** from the spec that asks for it, so Li2016 Table 5's δ columns and Table 1's runs, or
    Ha2019 Table 1 and Fig. 3, are one computation. ``spec``, ``spec_hash``, ``mode``, ``method`` and
    ``problem`` (the spec's spellings) say who asked and how to show it."""

    spec: str
    spec_hash: str
    mode: str
    method: str
    problem: str
    repeat: int
    budget: int
    problem_content: str = ""
    protocol: str = "domain"
    picture: bool = False
    #: The item that makes this run for itself (:attr:`Spec.own_runs`): part of the identity, so the run is
    #: not shared with another item's, and not of the seeds, so it takes the shared run's queries ('' for
    #: every run of a spec without own_runs: its key unchanged).
    timed_by: str = ""

    def identity(self) -> dict:
        """What defines the run's result: method, problem content, protocol, budget, repeat (and whether the
        final acquisition is recorded on a grid, for a picture), and the method's engine version when it is
        not 1 (:func:`engine_version`; absent at 1, so every run made before versions existed keeps its
        key)."""
        problem = json.loads(self.problem_content or "{}") or self.problem
        identity = {"method": canonical_method(stored_method(self.method)), "problem": problem,
                    "protocol": self.protocol, "budget": self.budget, "repeat": self.repeat,
                    "picture": self.picture}
        if self.timed_by:
            identity["timed_by"] = self.timed_by
        engine = engine_version(self.method)
        return identity if engine == 1 else {**identity, "engine": engine}

    @property
    def key(self) -> str:
        """sha256 of :meth:`identity` as sorted JSON: the run's name in the store, on every machine."""
        text = json.dumps(self.identity(), sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    @property
    def run_id(self) -> str:
        """File-name-safe id, e.g. ``Ha2019-GPUCB-UBO__Beale__003``."""
        method = re.sub(r"[^A-Za-z0-9_.+-]+", "-", self.method).strip("-")
        return f"{method}__{self.problem}__{self.repeat:03d}"

    @property
    def file_stem(self) -> str:
        """The result file's stem: method, problem (by content: name and dimension, not the spec's label),
        repeat and the first 16 hex digits of :attr:`key`."""
        method = re.sub(r"[^A-Za-z0-9_.+-]+", "-", stored_method(self.method)).strip("-")
        content = json.loads(self.problem_content or "{}")
        problem = re.sub(r"[^A-Za-z0-9_.+-]+", "-", f"{content.get('name', self.problem)}"
                         f"{'' if content.get('dim') is None else content['dim']}")
        return f"{method}__{problem}__{self.repeat:03d}__{self.key[:16]}"

    def seed_sequences(self) -> tuple[np.random.SeedSequence, np.random.SeedSequence]:
        """(box, method) seed sequences, named streams of :data:`RUN_ENTROPY` (:func:`regretlab._rng.stream`):
        the box depends on (protocol, problem, repeat) only, so every method of a repeat starts from the same
        user box (common random numbers, what the paired tests use); the method's stream adds the method.
        Neither depends on the spec, the budget (a longer run extends a shorter one), or the order of
        execution."""
        problem = self.problem_content or self.problem
        box = stream(RUN_ENTROPY, "box", self.protocol, problem, self.repeat)
        method = stream(RUN_ENTROPY, "method", self.protocol, problem, self.repeat,
                        canonical_method(stored_method(self.method)))
        return box, method


@dataclass(frozen=True)
class Spec:
    """A paper's figure or table as data.

    Attributes
    ----------
    key : str
        ``"<paper>.<item>"``, e.g. ``"Ha2019.fig3"``.
    paper : str
        The citation key of the paper.
    title : str
        What the figure shows, one line.
    reference : str
        Where it is in the paper, e.g. ``"[Ha2019, §6, Fig. 3]"``.
    kind : {"curves", "timing", "picture"}
    methods : tuple of str
        Setup names of :mod:`regretlab.algorithms.setups`.
    problems : tuple of Problem
    modes : mapping
        ``"quick"`` and ``"full"`` -> :class:`Mode`.
    protocol : {"domain", "ha2019_initial_box"}
        How a run's box is made.
    metric : str
        What is plotted (:data:`METRICS`): ``"best_f"`` (best noiseless value so far, [Ha2019]'s plots),
        ``"simple_regret"``, ``"log10_regret"`` (of the point sampled at t, [TranThe2020]'s plots),
        ``"log10_simple_regret"`` or ``"average_regret"`` (:math:`R_t/t`).
    log_scale : bool
        Plot the y axis on a log scale.
    summary : {"mean_se", "mean_sd"}
        The paper's statistic.
    derived_from : str, optional
        The key of the spec whose runs this one reads (Table 1 reads Fig. 3's runs).
    missing : tuple of str
        Methods of the paper that regretlab does not have (named, never silently dropped).
    paper_values : mapping, optional
        Numbers the paper prints (for the side-by-side tables; [Li2016, Tables 1-5], [Ha2019, Table 1]) or
        what a bound figure draws. Never a claim: the claims are
        :mod:`regretlab.decisions.claims`, decided by ``regretlab decide`` (one road to a verdict).
    highlight : str
        The paper's own method, drawn on top of the others (a drawing choice, not a claim); ``""``: none.
    seconds_per_evaluation : float
        Measured core-seconds per objective evaluation in quick mode (for ``reproduce --list``).
    render : str
        For ``kind="rendered"``: the name of a renderer (:data:`RENDER_NAME`), called as
        ``function(spec, results, mode)`` with the finished runs of the spec (or of ``derived_from``; empty
        for a pure illustration) and returning a
        :class:`regretlab.figures.rendered.Rendered`.
    notes : tuple of str
        What differs from the paper.
    setup_reading : str
        The setup reading this spec runs: ``""`` for the spec of the paper's own setup (as the spec's notes
        describe it); else a short name (``"code"``: the authors' public code's form of the problem).
    reading_of : str, optional
        The key of the paper-setup spec this spec is a setup reading of: its claims are that spec's,
        decided here again on this spec's runs (:func:`regretlab.decisions.claims.claims_of`).
    setup_source : str
        Where the setup reading comes from (the authors' code file, a sensitivity's rationale).
    proposed : tuple of str
        Under a setup reading, the paper's proposed methods: their runs wait until the baselines' pilot and
        the check against the paper's printed numbers are committed
        (:mod:`regretlab.decisions.preregister`), so that a reading is never chosen after seeing the
        result it decides.
    """

    key: str
    paper: str
    title: str
    reference: str
    kind: str
    methods: tuple[str, ...]
    problems: tuple[Problem, ...]
    modes: Mapping[str, Mode]
    protocol: str = "domain"
    metric: str = "best_f"
    log_scale: bool = False
    summary: str = "mean_se"
    derived_from: str | None = None
    missing: tuple[str, ...] = ()
    paper_values: Mapping[str, object] = field(default_factory=dict)
    highlight: str = ""
    seconds_per_evaluation: float = 0.1
    notes: tuple[str, ...] = ()
    render: str = ""
    setup_reading: str = ""
    reading_of: str | None = None
    setup_source: str = ""
    proposed: tuple[str, ...] = ()
    #: Whether the item makes every run itself rather than sharing runs of the same method, problem and repeat
    #: with other items: for a timing item whose ratios pair only runs made at one commit (a shared run made
    #: in an earlier session has no partner at the new method's commit). The runs take the shared runs'
    #: seeds, hence their queries; only their seconds are new.
    own_runs: bool = False

    # ---- validation ----------------------------------------------------------------------------------------
    def validate(self) -> Spec:
        """Check without running: kind, protocol, summary and modes are known; every method is a setup;
        every problem an objective that builds; every budget a positive integer; every mode's problems are
        the spec's. Returns the spec; raises ValueError naming what is wrong. The checks run once per spec
        object (a spec is frozen; ``dataclasses.replace`` makes a new one, checked again)."""
        if self.__dict__.get("_validated"):
            return self
        self._check()
        object.__setattr__(self, "_validated", True)  # frozen: the flag is not a field (no eq, no hash)
        return self

    def _check(self) -> None:
        from regretlab import objectives  # lazy: validation only, as the setups import above

        # lazy: a spec is data: its module imports in 0.2 s, not 0.8 s with the algorithms
        from regretlab.algorithms import setups

        check_choice("kind", self.kind, ITEM_KINDS)
        if not isinstance(self.own_runs, bool):
            raise ValueError(f"spec {self.key}: own_runs={self.own_runs!r} is not True or False")
        check_choice("protocol", self.protocol, PROTOCOLS)
        check_choice("summary", self.summary, SUMMARIES)
        check_choice("metric", self.metric, METRICS)
        if set(self.modes) != set(MODES):
            raise ValueError(f"spec {self.key}: modes={sorted(self.modes)} must be exactly {list(MODES)}")
        if (self.kind == "rendered") != bool(self.render):
            raise ValueError(f"spec {self.key}: kind={self.kind!r} with render={self.render!r}; a render "
                             "function is given exactly for kind 'rendered'")
        if self.render and not RENDER_NAME.fullmatch(self.render):
            raise ValueError(f"spec {self.key}: render={self.render!r} is not a renderer name (a lowercase "
                             "word naming a function of regretlab.figures.renderers.RENDERERS)")
        known = set(setups.available())
        for method in self.methods:
            name, _ = parse_method(method)
            if name not in known:
                raise ValueError(f"spec {self.key}: method {method!r} is not a setup "
                                 f"(known: {sorted(known)})")
        if bool(self.reading_of) != bool(self.setup_reading) or (self.reading_of and not self.setup_source):
            raise ValueError(f"spec {self.key}: a setup reading names reading_of, setup_reading and "
                             f"setup_source together (got reading_of={self.reading_of!r}, setup_reading="
                             f"{self.setup_reading!r}, setup_source={self.setup_source!r})")
        if self.highlight and self.highlight not in self.methods:
            raise ValueError(f"spec {self.key}: highlight={self.highlight!r} is not a method of the spec")
        unknown = [m for m in self.proposed if m not in self.methods]
        if unknown:
            raise ValueError(f"spec {self.key}: proposed={unknown!r} are not methods of the spec")
        keys = [p.key for p in self.problems]
        for problem in self.problems:
            objective = objectives.get(problem.name, problem.dim, **dict(problem.options))
            if self.metric in REGRET_METRICS and not objective.optimum_known:
                raise ValueError(f"spec {self.key}: metric={self.metric!r} needs the maximum of "
                                 f"{problem.key}, which is not known (a data-based substitute); use "
                                 "metric='best_f'")
        for name, mode in self.modes.items():
            check_integer(f"{self.key} {name} repeats", mode.repeats, low=1)
            for key in self.problems_of(name):
                if key not in keys:
                    raise ValueError(f"spec {self.key}, mode {name}: problem {key!r} is not one of {keys}")
                if key not in dict(mode.budgets):
                    raise ValueError(f"spec {self.key}, mode {name}: no budget for problem {key!r}")
                check_integer(f"{self.key} {name} budget of {key}", mode.budget(key), low=1)

    @property
    def paired(self) -> bool:
        """Whether its methods' runs are paired by repeat (declared per protocol: :data:`PAIRED_PROTOCOLS`);
        the decisions test paired data with Wilcoxon's signed-rank test, others with Mann-Whitney."""
        return PAIRED_PROTOCOLS[self.protocol]

    def problems_of(self, mode: str) -> tuple[str, ...]:
        """The problem keys run in ``mode``."""
        chosen = self.modes[check_choice("mode", mode, MODES)].problems
        return chosen or tuple(p.key for p in self.problems)

    def problem(self, key: str) -> Problem:
        """The :class:`Problem` with ``key``."""
        for p in self.problems:
            if p.key == key:
                return p
        raise ValueError(f"spec {self.key}: no problem {key!r} (known: {[p.key for p in self.problems]})")

    # ---- identity ------------------------------------------------------------------------------------------
    def canonical(self, mode: str) -> dict:
        """What defines the runs of ``mode`` (their methods, problems, budgets, repeats, protocol): the hashed
        content. Titles, notes and paper values are not part of it, so editing them keeps the results."""
        m = self.modes[check_choice("mode", mode, MODES)]
        return {"key": self.key, "mode": mode, "methods": list(self.methods),
                "problems": [_canonical_problem(self.problem(k)) for k in self.problems_of(mode)],
                "repeats": m.repeats, "budgets": {k: m.budget(k) for k in self.problems_of(mode)},
                "protocol": self.protocol, "kind": self.kind, **({"own_runs": True} if self.own_runs else {})}

    def hash(self, mode: str) -> str:
        """sha256 of :meth:`canonical` as sorted JSON: stable across processes, machines and versions."""
        text = json.dumps(self.canonical(mode), sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    def runs(self, mode: str) -> list[Run]:
        """Every run of ``mode``: methods × problems × repeats."""
        digest = self.hash(mode)
        m = self.modes[mode]
        content = {key: json.dumps({k: v for k, v in _canonical_problem(self.problem(key)).items()
                                    if k != "label"}, sort_keys=True, default=str)
                   for key in self.problems_of(mode)}
        return [Run(self.key, digest, mode, method, problem, repeat, m.budget(problem),
                    problem_content=content[problem], protocol=self.protocol, picture=self.kind == "picture",
                    timed_by=self.key if self.own_runs else "")
                for problem in self.problems_of(mode) for method in self.methods
                for repeat in range(m.repeats)]

    def cost_core_hours(self, mode: str) -> float:
        """Estimated core-hours: evaluations of every run times :attr:`seconds_per_evaluation`."""
        evaluations = sum(run.budget for run in self.runs(mode))
        return evaluations * self.seconds_per_evaluation / 3600.0


def as_setup_reading(spec: Spec, name: str, source: str, *, problems, proposed=(), title: str | None = None,
                     note: str | None = None) -> Spec:
    """``spec`` under the setup reading ``name`` (its source ``source``): key ``<key>_<name>``, the same
    methods, budgets and problem labels (so the same claims read it) with ``problems`` in place of its own,
    ``proposed`` held back until the reading's registration, a derived spec reading its source's reading, and
    ``note`` (default: the source) in place of the last of ``spec``'s notes where given, else added."""
    notes = (*spec.notes, f"setup reading '{name}': {source}") if note is None else (*spec.notes[:-1], note)
    return replace(spec, key=f"{spec.key}_{name}", problems=tuple(problems), title=title or spec.title,
                   notes=notes, setup_reading=name, reading_of=spec.key, setup_source=source,
                   proposed=tuple(proposed),
                   derived_from=f"{spec.derived_from}_{name}" if spec.derived_from else None)


def rendered_spec(key: str, reference: str, title: str, render: str, *, derived_from: str | None = None,
                  notes: tuple[str, ...] = (), metric: str = "best_f", paper_values=None) -> Spec:
    """A ``kind="rendered"`` spec: no runs of its own (an illustration, a rendered table, or a figure built
    from the runs of ``derived_from``), drawn by the renderer named ``render``."""
    empty = {name: Mode(1, (), note="no runs of its own") for name in MODES}
    return Spec(key=key, paper=key.split(".", 1)[0], title=title, reference=reference, kind="rendered",
                methods=(), problems=(), modes=empty, derived_from=derived_from, notes=notes, render=render,
                metric=metric, paper_values=dict(paper_values or {}))


def run_dimension(run) -> int | None:
    """The dimension D of ``run``'s problem: its content's ``dim``, else the registry's (not built: pricing
    thousands of runs must not train a data-based objective for each)."""
    content = json.loads(run.problem_content or "{}")
    if content.get("dim") is not None:
        return int(content["dim"])
    from regretlab.objectives import registry  # lazy: as the setups import above

    try:
        return registry.dimension(content.get("name", run.problem))
    except ValueError:
        return None
