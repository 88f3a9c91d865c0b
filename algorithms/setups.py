r"""Named paper setups: every configuration the four papers' experiments ran, by name, each value sourced.

``get("Kandasamy2015/Add-d/M", bounds, d=3, M=4, rng=0)`` returns the optimiser as [Kandasamy2015, §5] ran
it; ``describe(name)`` gives the :class:`Setup` (its values and where each comes from); ``available()`` the
names; ``regretlab setups`` prints them. Experiments refer to configurations by these names only.

Every value carries its source, in one of three forms (checked when the setup is declared):

* a citation, ``"[Key, §n]: ..."``: the paper states it;
* ``"authors' code: ..."``: the authors' public code does it (the paper is silent or says otherwise);
* ``"not stated; chosen: ... because ..."``: neither says; the choice and its reason.

Where the paper and the authors' code differ and both matter for reproduction, both are setups
(``Ha2019/GPUCB-UBO`` and ``Ha2019/GPUCB-UBO-code``). A keyword passed to :func:`get` besides the sizes
overrides the setup's value; the optimiser records the setup's name and the overridden keywords in its
``params`` (hence in every Trace).

Departures that remain are listed on each setup (``departures``; RPP's are the largest).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from regretlab._validate import DIM_LIMIT, check_bounds, check_count, match_name
from regretlab.gp import Matern52, SquaredExponential

from .add_gp_ucb import AddGPUCB
from .base import BayesianOptimizer
from .baselines import (
    GPEI,
    REMBO,
    SRE,
    DIRECTSearch,
    DropoutUCB,
    FilteringBO,
    HeSBO,
    LineBO,
    RandomSearch,
    RegularizedEI,
    VolumeDoubling,
)
from .gp_ucb import GPUCB
from .ms_ucb import MSUCB
from .priors import default_kernel
from .rpp_gp_ucb import RPPGPUCB
from .ubo import CODE_READINGS, GPUCBUBO

__all__ = ["Setting", "Setup", "SETUPS", "available", "describe", "get", "SOURCE_FORMS"]

#: The three forms a source may take (see the module docstring).
SOURCE_FORMS = (r"^\[[A-Za-z]+\d{4}[^\]]*\]", r"^authors' code: ", r"^not stated; chosen: .+ because .+")


def _check_source(setup: str, keyword: str, source: str) -> str:
    if not any(re.match(form, source) for form in SOURCE_FORMS):
        raise ValueError(
            f"setup {setup!r}, keyword {keyword!r}: source={source!r} is none of the forms "
            "'[Key, loc]: ...', \"authors' code: ...\", 'not stated; chosen: ... because ...'"
        )
    return source


@dataclass(frozen=True)
class Setting:
    """One keyword of a setup: its value (or a rule ``value(dim) -> value``) and where it comes from.

    Attributes
    ----------
    value : object or callable
        The keyword's value (a kernel factory is a value), or with ``per_dimension`` the rule
        ``value(dim)`` for a value that depends on the dimension D.
    source : str
        Citation, authors' code or "not stated; chosen: ... because ..." (see the module docstring).
    shown : str, optional
        How the value is printed (a kernel factory, the rule of a per-dimension value).
    per_dimension : bool
        Whether ``value`` is a rule ``value(dim)``.
    """

    value: Any
    source: str
    shown: str = ""
    per_dimension: bool = False

    def resolve(self, dim: int) -> Any:
        """The value in dimension ``dim``."""
        return self.value(dim) if self.per_dimension else self.value

    def text(self, dim: int | None = None) -> str:
        """The value as printed: at ``dim`` for a rule when ``dim`` is given, else ``shown`` or the repr."""
        if self.per_dimension and dim is not None:
            return f"{self.value(dim)!r} ({self.shown})" if self.shown else repr(self.value(dim))
        return self.shown or repr(self.value)


@dataclass(frozen=True)
class Setup:
    """A named configuration of one algorithm, as a paper's experiment ran it.

    Attributes
    ----------
    name : str
        ``"Paper/Method"``, e.g. ``"Kandasamy2015/Add-d/M"``.
    algorithm : type
        The optimiser class of :mod:`regretlab.algorithms`.
    reference : str
        Where the experiment is described, e.g. ``"[Kandasamy2015, §5]"``.
    description : str
        One line: what the setup is.
    settings : mapping
        Keyword -> :class:`Setting` passed to ``algorithm``.
    sizes : tuple of str
        Keywords the caller gives with :func:`get` because the experiments vary them (``d``, ``M``,
        ``groups``); each is described in ``size_help``.
    size_help : str
        What the sizes mean and which values the paper used.
    objectives : tuple of str
        The paper's benchmarks for this setup (names of :mod:`regretlab.objectives`).
    objective_options : mapping
        Objective name -> keyword arguments of :func:`regretlab.objectives.get` that make it the paper's
        benchmark (e.g. the Hyper-Ellipsoid variant); ``objective_note`` says why.
    objective_note : str
    departures : tuple of str
        What this setup still does differently from the paper or the authors' code.
    """

    name: str
    algorithm: type[BayesianOptimizer]
    reference: str
    description: str
    settings: Mapping[str, Setting]
    sizes: tuple[str, ...] = ()
    size_help: str = ""
    objectives: tuple[str, ...] = ()
    departures: tuple[str, ...] = field(default_factory=tuple)
    objective_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    objective_note: str = ""

    def __post_init__(self):
        for keyword, setting in self.settings.items():
            _check_source(self.name, keyword, setting.source)

    def keywords(self, dim: int) -> dict[str, Any]:
        """The setup's keyword arguments for a D-dimensional problem."""
        dim = check_count("dim", dim, low=1, high=DIM_LIMIT)
        return {keyword: setting.resolve(dim) for keyword, setting in self.settings.items()}

    def build(self, bounds, *, rng=None, **given) -> BayesianOptimizer:
        """The optimiser on ``bounds`` with this setup's values; ``given`` holds the sizes and overrides."""
        box = check_bounds("bounds", bounds)
        dim = box.shape[0]
        keywords = self.keywords(dim)
        overridden = sorted(k for k in given if k in keywords and k not in self.sizes)
        keywords.update(given)
        optimizer = self.algorithm(box, rng=rng, **keywords)
        optimizer.params["setup"] = self.name
        optimizer.params["setup_overrides"] = overridden
        return optimizer

    def table(self, dim: int | None = None) -> list[dict[str, str]]:
        """Rows (keyword, value, source) for printing; values at ``dim`` when given."""
        if dim is not None:
            dim = check_count("dim", dim, low=1, high=DIM_LIMIT)
        return [
            {"keyword": keyword, "value": setting.text(dim), "source": setting.source}
            for keyword, setting in self.settings.items()
        ]


# ---- shared values ---------------------------------------------------------------------------------------
def _direct_budget(dim: int) -> int:
    return min(5000, 100 * dim)


_SE = Setting(lambda bounds: default_kernel(SquaredExponential, bounds), "", "SquaredExponential")
_STANDARDISED = Setting(
    True,
    "not stated; chosen: y standardised at every refit because ML-II on raw outputs pins the kernel to its "
    "bounds (scale-free fitting; [Ha2019, §6] states it for UBO)",
)


def _kernel(cls, source: str) -> Setting:
    return Setting(lambda bounds: default_kernel(cls, bounds), source,
                   f"{cls.__name__}, isotropic, lengthscale bounds relative to the box")


def _with_source(setting: Setting, source: str) -> Setting:
    return Setting(setting.value, source, setting.shown, setting.per_dimension)


# ---- [TranThe2020] ---------------------------------------------------------------------------------------
#: Measured by benchmarks/ms_ucb_setup_choice.py (Hyper-Ellipsoid instance 1, D = 20, 60 BO iterations, 5
#: seeds): with β_t as printed neither MS-UCB nor GP-UCB beat random search; with β_t / 5 MS-UCB (last d,
#: axis-parallel variant) is ahead of GP-UCB (one-sided Mann-Whitney p = 0.048), as Fig. 1 reports.
_MS_BETA_SCALE = Setting(
    0.2, "not stated; chosen: β_t / 5 (the scaling of [Srinivas2010] and [Ha2019, §6]) because with β_t as "
         "printed neither MS-UCB nor GP-UCB beats random search at D = 20 (benchmarks/ms_ucb_setup_choice.py)"
)
_MS_OBJECTIVES = {"hyperellipsoid": {"variant": "axis_parallel"}}
_MS_NOTE = ("Hyper-Ellipsoid: the axis-parallel variant Σ i x_i², whose last coordinates (the free ones of "
            "Lemma 1) carry the most weight; with the rotated variant the last d coordinates carry the least "
            "and MS-UCB (last d) is not ahead of GP-UCB (benchmarks/ms_ucb_setup_choice.py). The paper does "
            "not say which variant it used.")
_MS_COMMON = {
    "n_init": Setting(20, '[TranThe2020, §Experiments]: "randomly initialized with 20 points"'),
    "init_design": Setting("random", "[TranThe2020, §Experiments]: random initial points"),
    "acq_optimizer": Setting("lbfgsb", '[TranThe2020, §Experiments]: "LBFGS-B with 10 x D random starts"'),
    "n_starts": Setting(lambda D: 10 * D, '[TranThe2020, §Experiments]: "10 x D random starts"', "10 D",
                        per_dimension=True),
    "kernel": _kernel(Matern52, '[TranThe2020, §Experiments]: "Matern kernel"; ν not stated, 5/2 chosen as '
                                "the usual BO default"),
    "normalize_y": _STANDARDISED,
    "n_cyc": Setting(1, "not stated; chosen: refit every iteration because Alg. 1 updates the GP every "
                        "iteration and the hyperparameters are 'estimated automatically from data'"),
}

_MS_UCB = Setup(
    name="TranThe2020/MS-UCB",
    algorithm=MSUCB,
    reference="[TranThe2020, §Experiments]",
    description="MS-UCB on [-1, 1]^D, d = 5, (N0, α) = (1, 0), L-BFGS-B from 10·D starts per iteration",
    settings={
        **_MS_COMMON,
        "d": Setting(5, "[TranThe2020, §Experiments]: d = 5 for all methods except LineBO and GP-UCB"),
        "N0": Setting(1, "[TranThe2020, §Experiments, Fig. 1]: MS-UCB (N0, α) = (1, 0)"),
        "alpha": Setting(0.0, "[TranThe2020, §Experiments, Fig. 1]: MS-UCB (N0, α) = (1, 0)"),
        "starts": Setting("split", "not stated; chosen: the 10·D starts are shared by the iteration's "
                                   "subspaces because the paper gives one count per iteration"),
        "max_subspaces": Setting(lambda D: 10 * D, "not stated; chosen: at most 10·D subspaces an iteration, "
                                 "drawn at random from Z_t, because the paper gives 10·D starts an iteration "
                                 "('LBFGS-B with 10 x D random starts'; with 'split' each searched subspace "
                                 "gets one) and says α = 2 'demands more computational budget', a bounded "
                                 "budget; Alg. 1 as printed searches all of Z_t (|Z_t| = 7.3 million at "
                                 "t = 280 with α = 2). Below 10·D subspaces (α = 0 at D ≥ 30 and T = 300) it "
                                 "changes nothing", "10 D", per_dimension=True),
        "beta": Setting("theory", "[TranThe2020, Eq. (5)]: the β_t of the analysis"),
        "beta_scale": _MS_BETA_SCALE,
        "beta_time": Setting("global", "not stated; chosen: the loop's t because β_t increases in t, the "
                                       "conservative reading ('local' is the other)"),
        "active": Setting("last", "[TranThe2020, Lemma 1, Def. 1]: A = [0, I_d]^T, the last d coordinates"),
    },
    objectives=("ackley", "levy", "hyperellipsoid", "camelback_embedded"),
    objective_options=_MS_OBJECTIVES,
    objective_note=_MS_NOTE,
)

_TT_GP_UCB = Setup(
    name="TranThe2020/GP-UCB",
    algorithm=GPUCB,
    reference="[TranThe2020, §Experiments]",
    description="GP-UCB on the full box, as the MS-UCB experiments' baseline",
    settings={
        **_MS_COMMON,
        "acq_budget": Setting(lambda D: 500 * D, "not stated; chosen: 50 evaluations per L-BFGS-B start "
                                                 "because the 10·D starts must not be cut by the budget",
                              "500 D", per_dimension=True),
        "beta": Setting("srinivas_thm2", "not stated; chosen: [Srinivas2010, Thm 2] because MS-UCB's "
                                         "β_t reduces to it at d = D"),
        "beta_scale": _MS_BETA_SCALE,
    },
    objectives=_MS_UCB.objectives,
    objective_options=_MS_OBJECTIVES,
    objective_note=_MS_NOTE,
)

# ---- [Kandasamy2015] -------------------------------------------------------------------------------------
_ADD_COMMON = {
    "n_init": Setting(10, "[Kandasamy2015, §5]: N_init = 10"),
    "n_cyc": Setting(25, "[Kandasamy2015, §5]: N_cyc = 25"),
    "acq_optimizer": Setting("direct", "[Kandasamy2015, §5]: DiRect"),
    "acq_budget": Setting(_direct_budget, "[Kandasamy2015, §5]: min(5000, 100 D) DiRect evaluations",
                          "min(5000, 100 D)", per_dimension=True),
    "kernel": _with_source(_SE, "[Kandasamy2015, §5]: SE kernels"),
    "normalize_y": _STANDARDISED,
}

#: The authors' code reading of the model ([Kandasamy2015, §5] read through ``addGPBO.m`` and
#: ``boProcessParams.m``), used by the ``Kandasamy2015/*`` GP setups the reproduction runs; the printed
#: reading (a fixed 1e-5 bandwidth for 25 iterations) is the ``-printed`` setups'.
_ADD_CODE_MODEL = {
    "warmup_bandwidth": Setting(None, "authors' code: addGPBO.m fits the bandwidth in [1e-5, 5] from "
                                      "the first iteration (1e-5 is its lower bound, not a fixed warm-up "
                                      "value); the printed fixed 1e-5 for 25 iterations is the '-printed' "
                                      "setups'"),
    "lengthscale_floor": Setting("data", "not stated; chosen: at least half the median nearest-neighbour "
                                         "spacing of the observed inputs because a lengthscale below it is "
                                         "not identified by the likelihood and traps the run at the box "
                                         "centre (regretlab issue 30)"),
    "noise_rule": Setting("code", "authors' code: boProcessParams.m, commonNoise = 0.01 * std(initVals), "
                                  "fixed"),
    "perturb_repeats": Setting(True, "authors' code: addGPBO.m perturbs a proposal within 1e-10 bandwidths "
                                     "of an earlier query by 0.1 bandwidth N(0, I), projected on the box"),
}
_ADD_PRINTED_MODEL = {
    "warmup_bandwidth": Setting(1e-5, "[Kandasamy2015, §5]: bandwidth 1e-5 for the first 25 iterations, for "
                                      "all GPB/BO methods"),
    "warmup_iterations": Setting(25, "[Kandasamy2015, §5]: bandwidth 1e-5 for the first 25 iterations"),
}

_ADD_LEARNED = Setup(
    name="Kandasamy2015/Add-d/M",
    algorithm=AddGPUCB,
    reference="[Kandasamy2015, §4.4, §5]",
    description="Practical Add-GP-UCB (Alg. 2): M groups of at most d coordinates learned by marginal "
                "likelihood; the model as the authors' code fits it (bandwidth fitted from the start, "
                "noise 0.01 sd(y_init), repeated proposals perturbed)",
    settings={
        **_ADD_COMMON,
        "budget_fraction": Setting(0.9, "[Kandasamy2015, §5]: Add-GP-UCB gets 90 % of GP-UCB's budget"),
        "beta": Setting("practical", "[Kandasamy2015, §4.4]: β_t = 0.2 d log 2t"),
        "n_decompositions": Setting(lambda D: D, "[Kandasamy2015, §4.4]: O(D) random decompositions "
                                                 "(the authors' code uses 5)", "D", per_dimension=True),
        "tied": Setting(True, "[Kandasamy2015, §5]: SE kernels sharing one scale and one bandwidth"),
        "group_sizes": Setting("near_equal", "not stated; chosen: groups as equal as possible (3, 3, 2, 2 "
                                             "at D = 10, d = 3) because [Kandasamy2015, §4.4] names a "
                                             "decomposition by its largest group d and its M groups; the "
                                             "authors' code puts d in every group but the last (3, 3, 3, 1): "
                                             "the '-code' setup"),
        **_ADD_CODE_MODEL,
    },
    sizes=("d", "M"),
    size_help="d: largest group, M: number of groups (Fig. 3: Add-1/10, Add-3/4, Add-5/2 at D = 10, ...)",
    objectives=("additive_trimodal_code", "additive_trimodal"),
    departures=("the lengthscale floor relative to the data is this project's (see its source)",),
)


def _printed(setup: Setup, name: str) -> Setup:
    """The same setup under the printed warm-up reading ([Kandasamy2015, §5]) instead of the code's."""
    settings = {k: v for k, v in setup.settings.items() if k not in _ADD_CODE_MODEL}
    return Setup(name=name, algorithm=setup.algorithm, reference=setup.reference,
                 description=setup.description.split(";")[0] + "; the printed warm-up: bandwidth fixed at "
                             "1e-5 for the first 25 iterations, then fitted ([Kandasamy2015, §5])",
                 settings={**settings, **_ADD_PRINTED_MODEL}, sizes=setup.sizes, size_help=setup.size_help,
                 objectives=setup.objectives)


_ADD_CODE = Setup(
    name="Kandasamy2015/Add-d/M-code",
    algorithm=AddGPUCB,
    reference="[Kandasamy2015, §5]",
    description="Add-d/M as the authors' Matlab code runs it: per-group budget and β, 5 decompositions",
    settings={
        **_ADD_LEARNED.settings,
        "n_decompositions": Setting(5, "authors' code: decompOptPartial.m scores 5 random decompositions"),
        "group_budget_rule": Setting("code", "authors' code: ⌈min(5000, 100 D)/M⌉ per group (its 0.9 factor "
                                             "is overwritten)"),
        "group_beta": Setting("per_group", "authors' code: 0.2 d_j log 2t with each group's own size d_j"),
        "group_sizes": Setting("code", "authors' code: utils/getDecompForParams.m (addRemainingDims) makes "
                                       "ceil(D/d) groups, d coordinates each and the remainder in the last "
                                       "(3, 3, 3, 1 at D = 10, d = 3)"),
    },
    sizes=_ADD_LEARNED.sizes,
    size_help=_ADD_LEARNED.size_help,
    objectives=_ADD_LEARNED.objectives,
    departures=(
        *_ADD_LEARNED.departures,
        "the code's bandwidth cap is not reproduced: boAddGP.m, after 5 consecutive queries whose posterior "
        "s.d. is below optPtStdThreshold = 2e-3 (in the units of its raw values), refits with the "
        "bandwidth's upper bound lowered to max(1e-5, 0.9 x the current bandwidth); here the lengthscale "
        "bounds stay box-relative and no s.d. is tracked (not built yet)",
        "the acquisition's DIRECT is scipy.optimize.direct's DIRECT-L (locally_biased=True, SciPy's "
        "default) under a hard evaluation cap; the code's utils/diRect.m is the original DIRECT (Jones "
        "factor ep = 1e-4) whose maxevals is, in its own words, 'an approximate stopping condition' checked "
        "between iterations, so its last iteration can overshoot the budget",
    ),
)

_ADD_KNOWN = Setup(
    name="Kandasamy2015/Add-*",
    algorithm=AddGPUCB,
    reference="[Kandasamy2015, §5.1]",
    description="Add-GP-UCB (Alg. 1) with the true decomposition; the model as the authors' code fits it",
    settings={key: value for key, value in _ADD_LEARNED.settings.items() if key != "n_decompositions"},
    sizes=("groups",),
    size_help="groups: the true decomposition (disjoint index lists covering every coordinate)",
    objectives=_ADD_LEARNED.objectives,
)

_K_GP_UCB = Setup(
    name="Kandasamy2015/GP-UCB",
    algorithm=AddGPUCB,
    reference="[Kandasamy2015, §5]",
    description="GP-UCB baseline: β_t = 0.2 D log 2t, the full DiRect budget; Add-GP-UCB with one group of "
                "all D coordinates (the same algorithm, [Kandasamy2015, §3]), so it gets the same model "
                "readings as the Add setups",
    settings={**_ADD_COMMON,
              "M": Setting(1, "[Kandasamy2015, §5]: GP-UCB is the one-group (d = D) case"),
              "budget_fraction": Setting(1.0, "[Kandasamy2015, §5]: GP-UCB gets the full DiRect budget"),
              "beta": Setting("practical", "[Kandasamy2015, §5]: GP-UCB with β_t = 0.2 D log 2t"),
              "tied": Setting(True, "[Kandasamy2015, §5]: SE kernels sharing one scale and one bandwidth"),
              **_ADD_CODE_MODEL},
    objectives=_ADD_LEARNED.objectives,
)

_ADD_LEARNED_PRINTED = _printed(_ADD_LEARNED, "Kandasamy2015/Add-d/M-printed")
_ADD_KNOWN_PRINTED = _printed(_ADD_KNOWN, "Kandasamy2015/Add-*-printed")
_K_GP_UCB_PRINTED = _printed(_K_GP_UCB, "Kandasamy2015/GP-UCB-printed")

# ---- [Li2016] --------------------------------------------------------------------------------------------
_LI_COMMON = {
    "n_init": Setting(10, "[Li2016, §5]: N_init = 10"),
    "n_cyc": Setting(25, "[Li2016, §5]: N_cyc = 25"),
    "acq_optimizer": Setting("direct", "[Li2016, §5]: DiRect"),
    "acq_budget": Setting(_direct_budget, "not stated; chosen: min(5000, 100 D) because [Kandasamy2015, "
                                          "§5] (same authors' group) uses it", "min(5000, 100 D)",
                          per_dimension=True),
    "kernel": _with_source(_SE, "[Li2016, §5]: SE kernels"),
    "normalize_y": _STANDARDISED,
    "beta": Setting("practical", "not stated; chosen: 0.2 d log 2t because [Kandasamy2015, §4.4] uses it "
                                 "and [Li2016, Thm 2] asks only O(d log t)"),
}
_LI_TIED = Setting(True, "[Li2016, §5]: hyperparameters by marginal likelihood, shared across groups")
#: [Li2016, §5]: "we create the M combinations randomly and choose the one maximizing the marginal
#: likelihood, where M is the number of groups" (the clause after the line break was missed before
#: 2026-11-26, when RPP scored 10 random combinations and ADD D of them, Kandasamy2015's O(D); both remain
#: options: n_group_combinations=10, n_decompositions=D).
_LI_COMBINATIONS_SOURCE = ("[Li2016, §5]: 'we create the M combinations randomly and choose the one "
                           "maximizing the marginal likelihood, where M is the number of groups'")
#: Not stated in [Li2016]. Without a rule Li2016's ADD and RPP runs on the synthetic function of Tables 1-2
#: (D = 50, 100) re-queried earlier points for a median 34-90 % of their 1000 queries per method (Table 2's
#: ADD-25 repeat 4: 989, all at the box centre, after the first fit ended at the lengthscale's lower bound);
#: on Figs 4a/4b's surrogates a median 0-6 %. Runs made before 2026-11-27 had it off (regretlab issue 31).
_LI_PERTURB = Setting(True, "not stated; chosen: the Add-GP-UCB authors' code (addGPBO.m) moves a proposal "
                            "within 1e-10 bandwidths of an earlier query by 0.1 bandwidth N(0, I), projected "
                            "on the box, because [Li2016]'s ADD is that Add-GP-UCB and shares an author; "
                            "without it the runs of Tables 1-2 re-queried earlier points for a median "
                            "34-90 % of their queries (up to all of them, at the box centre)")
_LI_COMBINATIONS = Setting("M", _LI_COMBINATIONS_SOURCE + "; the current groups are kept as one more "
                                "candidate (this project's warm start)")

_RPP = Setup(
    name="Li2016/RPP",
    algorithm=RPPGPUCB,
    reference="[Li2016, §5]",
    description="RPP-GP-UCB: restricted projection pursuit, δ = 0.1, groups of size d",
    settings={**_LI_COMMON, "tied": _LI_TIED,
              "delta": Setting(0.1, "[Li2016, §5.1]: δ = 0.1 for Tables 1-4"),
              "n_alpha_grid": Setting(21, "not stated; chosen: steps of 0.05 because [Li2016, §5] says only "
                                          "'grid search in the range feasible to the constraint'"),
              "ratio_reading": Setting("B", "not stated; chosen: reading B, the δ-ratio per dimension "
                                            "(ρ^(1/D) <= 1 + δ), because the printed Eq. (8) (reading A, the "
                                            "'Li2016/RPP-printed' setup) forces Ŵ = I at D = 50 and 100 "
                                            "(ERRATA.md), so RPP would be ADD; B keeps δ a per-coordinate "
                                            "enlargement whatever D, while C (per group block) ignores the "
                                            "coupling between groups that W exists to model"),
              "n_group_combinations": _LI_COMBINATIONS, "perturb_repeats": _LI_PERTURB},
    sizes=("d",),
    size_help="d: group size (Tables 1-5: 5, 10, 25)",
    objectives=("projected_additive",),
    departures=("W learnt by L-BFGS-B on the marginal likelihood, a substitute for Gilboa et al.'s EM",
                "the δ-ratio read per dimension (reading B): the printed one keeps α = 1 (Ŵ = I) at D = 50 "
                "(see ERRATA.md) and is the 'Li2016/RPP-printed' setup"),
)

_RPP_PRINTED = Setup(
    name="Li2016/RPP-printed",
    algorithm=RPPGPUCB,
    reference="[Li2016, §5, Eq. (8)]",
    description="RPP-GP-UCB with the δ-ratio of Eq. (8) as printed (reading A): at D = 50 and 100 it "
                "forces Ŵ = I, i.e. ADD with consecutive groups (ERRATA.md)",
    settings={**_RPP.settings,
              "ratio_reading": Setting("A", "[Li2016, Eq. (8)]: the δ-ratio as printed (see ERRATA.md for "
                                            "what it does at D = 50)")},
    sizes=_RPP.sizes, size_help=_RPP.size_help, objectives=_RPP.objectives,
    departures=(_RPP.departures[0],),
)

_LI_ADD = Setup(
    name="Li2016/ADD",
    algorithm=AddGPUCB,
    reference="[Li2016, §5]",
    description="Add-GP-UCB as Li2016's ADD-d baseline (groups of size d learned by marginal likelihood)",
    settings={**_LI_COMMON, "tied": _LI_TIED,
              "n_decompositions": Setting("M", _LI_COMBINATIONS_SOURCE), "perturb_repeats": _LI_PERTURB,
              "candidate_start": Setting(
                  "warm", "not stated; chosen: warm from the last fit with no restarts, the current groups "
                  "one more candidate ([Li2016, §5] and [Kandasamy2015, §4.4] do not say how a candidate is "
                  "fitted), because that is Li2016/RPP's group search, so both arms of Li2016's ADD-vs-RPP "
                  "comparisons choose their groups by one rule; on the same points it reached an equal or "
                  "higher best likelihood at a fifth of the CPU of fitting each candidate from the prior "
                  "with 2 restarts (benchmarks/refit_cost.py --parts add; 'prior' was the value before "
                  "2026-11-26)"),
              "budget_fraction": Setting(1.0, "not stated; chosen: the full budget because [Li2016] states "
                                              "no split")},
    sizes=("d",),
    size_help="d: group size (Tables 1-5: 5, 10, 25)",
    objectives=_RPP.objectives,
)

_LI_GP_UCB = Setup(
    name="Li2016/GP-UCB",
    algorithm=GPUCB,
    reference="[Li2016, §5]",
    description="GP-UCB baseline of Tables 1-2: β_t = 0.2 D log 2t",
    settings={**_LI_COMMON, "beta": Setting("practical", "[Kandasamy2015, §5]: the GP-UCB baseline's "
                                                         "0.2 D log 2t (Li2016 compares with it)")},
    objectives=_RPP.objectives,
)

# ---- [Ha2019] --------------------------------------------------------------------------------------------
_HA_COMMON = {
    "n_init": Setting(lambda D: 3 * D, "[Ha2019, §6]: 3d initial points", "3 D", per_dimension=True),
    "init_design": Setting("lhs", "[Ha2019, §6]: Latin hypercube initial points"),
    "kernel": Setting("SE", "[Ha2019, §6]: SE kernel"),
    "normalize_y": Setting(True, "[Ha2019, §6]: y normalised to N(0, 1)"),
    "n_cyc": Setting(1, "authors' code: ML-II refit after every observation"),
    "acq_optimizer": Setting("direct", "not stated; chosen: DiRect because the other three papers use it"),
    "beta_scale": Setting(0.2, '[Ha2019, §6]: "scale β_t down by a factor of 5"'),
}

_UBO = Setup(
    name="Ha2019/GPUCB-UBO",
    algorithm=GPUCBUBO,
    reference="[Ha2019, Alg. 1, §6]",
    description="GPUCB-UBO as the paper prints it: ε = 0.05, β_t (Thm 5.1) / 5, union of boxes",
    settings={
        **_HA_COMMON,
        "epsilon": Setting(0.05, "[Ha2019, §6]: ε = 0.05 for the synthetic functions"),
        "beta": Setting("theory", "[Ha2019, Thm 5.1]: β_t in local time"),
        "delta": Setting(0.1, "authors' code: δ = 0.1 (the paper does not state it)"),
        "refinement": Setting("printed", "[Ha2019, App. B]: the acceptance rule as printed"),
        **{keyword: Setting(paper, f"[Ha2019, Alg. 1, Thm 4.1, §6]: the paper's reading of {keyword}")
           for keyword, (paper, _code) in CODE_READINGS.items()},
    },
    objectives=("beale", "eggholder", "levy_ubo", "hartmann3", "hartmann6_ubo"),
    departures=("the initial box (20 % of the largest side, random centre) is the caller's: build it with "
                "regretlab.algorithms.ubo.initial_search_box and pass it as bounds",),
)

_UBO_CODE = Setup(
    name="Ha2019/GPUCB-UBO-code",
    algorithm=GPUCBUBO,
    reference="[Ha2019, §6]",
    description="GPUCB-UBO as the authors' public script runs it (the seven differences of CODE_READINGS)",
    settings={
        **_UBO.settings,
        "init_design": Setting("random", "authors' code: uniform random initial points (§6 says Latin "
                                         "hypercube)"),
        "refinement": Setting("code", "authors' code: accept a ball maximum within ε of the far field"),
        "refine_max_balls": Setting(5, "authors' code: at most 5 balls around the best observations"),
        "b_rule": Setting("code", "authors' code: b = θ/(√2 ℓ) from the current fit"),
        "y_scaling": Setting("range", "authors' code: y scaled by its range, (y - mean)/(max - min)"),
        "normalize_y": Setting(True, "authors' code: y is rescaled before every fit, by its range "
                                     "(y_scaling), not to N(0, 1)"),
        "gram": Setting("code", "authors' code: unit-amplitude, noise-free Gram matrix, pseudo-inverse"),
        "space_update": Setting("replace", "authors' code: the new search box is the Eq. (28) box itself"),
        "expansion_query": Setting("new_box", "authors' code: on an expansion x_t is re-chosen in the new "
                                              "box, local time restarting"),
        "ball_centres": Setting("expansion_y", "authors' code: BO_unknown_searchspace.py re-optimises in "
                                               "boxes X0 ± bound_len around X_init_bound (the data at the "
                                               "last expansion) in decreasing order of Y_bound, unclipped, "
                                               "and keeps x_max if none is accepted"),
        "beta_sign": Setting("absolute", "authors' code: b_n = np.sqrt(np.abs(nu*tau_n)), a negative β_t "
                                         "taken by its absolute value"),
        "gp_mean": Setting(0.0, "authors' code: a zero prior mean (no constant is fitted)"),
        "noise_variance": Setting(1e-10, "authors' code: noise variance fixed at 1e-10"),
        "fit_noise": Setting(False, "authors' code: the noise is not fitted"),
        "n_restarts": Setting(25, "authors' code: 25 restarts of the likelihood optimiser"),
        "acq_optimizer": Setting("lbfgsb", "authors' code: random points, then L-BFGS-B"),
        "acq_candidates": Setting(5000, "authors' code: 5000 random points scored first"),
        "n_starts": Setting(101, "authors' code: L-BFGS-B from 101 starts"),
        "acq_budget": Setting(5000 + 101 * 50, "not stated; chosen: the 5000 candidates plus 50 evaluations "
                                               "per start because the code runs scipy's L-BFGS-B without a "
                                               "cap, and its starts converge well within 50 (about 6 "
                                               "evaluations each on Beale)"),
    },
    objectives=_UBO.objectives,
    departures=_UBO.departures,
)

_HA_VANILLA = Setup(
    name="Ha2019/GPUCB-Vanilla",
    algorithm=GPUCB,
    reference="[Ha2019, §6]",
    description="GP-UCB on the user's initial box only (Ha2019's GPUCB-Vanilla)",
    settings={
        **_HA_COMMON,
        "beta": Setting("srinivas_thm2", "[Ha2019, Prop. 5.1]: [Srinivas2010, Thm 2]'s β_t on the fixed box"),
        "delta": Setting(0.1, "authors' code: δ = 0.1 (the paper does not state it)"),
        "kernel": _with_source(_SE, "[Ha2019, §6]: SE kernel"),
    },
    objectives=_UBO.objectives,
    departures=_UBO.departures,
)

# ---- the baselines -------------------------------------------------------------------------------------
_NO_BETA_GIVEN = ("not stated; chosen: the GP-UCB baseline's β_t ([Srinivas2010, Thm 2] on the searched "
                  "dimension) because the paper gives no β_t for its baselines")
_TT_BASELINE = {
    **_TT_GP_UCB.settings,
    "beta": Setting("srinivas_thm2", _NO_BETA_GIVEN),
    "d": Setting(5, "[TranThe2020, §Experiments]: d = 5 for all methods except LineBO and GP-UCB"),
}


def _tt_baseline(name: str, algorithm, description: str, **extra: Setting) -> Setup:
    return Setup(name=f"TranThe2020/{name}", algorithm=algorithm, reference="[TranThe2020, §Experiments]",
                 description=description, settings={**_TT_BASELINE, **extra}, objectives=_MS_UCB.objectives,
                 objective_options=_MS_OBJECTIVES, objective_note=_MS_NOTE,
                 departures=("a re-implementation from the method's paper ([TranThe2020] ran its own GPy "
                             "implementation or the authors' code, neither available here)",))


_TT_DROPOUT = _tt_baseline(
    "DropoutUCB", DropoutUCB, "Dropout-UCB, d = 5 kept coordinates, mix fill-in",
    fill_in=Setting("mix", "not stated; chosen: Dropout-Mix because [Li2017] recommends it"),
    p=Setting(0.1, "not stated; chosen: p = 0.1 because copying is the stronger fill-in in [Li2017]"),
)
_TT_LINEBO = Setup(
    name="TranThe2020/LineBO", algorithm=LineBO, reference="[TranThe2020, §Experiments]",
    description="LineBO (d = 1): random lines through the best point, GP-UCB on a 300-point grid per line",
    settings={**{k: v for k, v in _TT_BASELINE.items() if k not in ("d", "acq_optimizer", "n_starts",
                                                                     "acq_budget")},
              "direction": Setting("random", "not stated; chosen: RandomLineBO because it is the variant "
                                             "[Kirschner2019] recommends without gradient information"),
              "beta": Setting("constant", "authors' code: febo's confidence bounds μ ± 2σ, i.e. β = 4"),
              "beta_value": Setting(4.0, "authors' code: febo's ModelConfig.beta = 2 multiplies σ"),
              "beta_scale": Setting(1.0, "authors' code: the constant as it is")},
    objectives=_MS_UCB.objectives, objective_options=_MS_OBJECTIVES, objective_note=_MS_NOTE,
    departures=_TT_DROPOUT.departures,
)
_TT_SRE = _tt_baseline("SRE", SRE, "Sequential random embeddings, d = 5, m = 5 embeddings",
                       m=Setting(5, "[TranThe2020, §Experiments, Fig. 5]: SRE with m = 5 embeddings"))
_TT_REMBO = _tt_baseline("REMBO", REMBO, "REMBO, d = 5, Y = [-√d, √d]^d")
_TT_HESBO = _tt_baseline("HeSBO", HeSBO, "HeSBO, d = 5, count-sketch embedding")

_LI_REMBO = Setup(
    name="Li2016/REMBO", algorithm=REMBO, reference="[Li2016, §5.1, App. A.1]",
    description="REMBO-⌊D/4⌋, the random-embedding baseline of Li2016's text",
    settings={**_LI_COMMON,
              "d": Setting(lambda D: max(1, D // 4), "[Li2016, App. A.1]: REMBO with ⌊D/4⌋ dimensions",
                           "⌊D/4⌋", per_dimension=True)},
    objectives=_RPP.objectives,
)

_K_GP_EI = Setup(
    name="Kandasamy2015/GP-EI", algorithm=GPEI, reference="[Kandasamy2015, §5.2]",
    description="GP-EI, the full DiRect budget (real-data experiments)",
    settings={**_ADD_COMMON}, objectives=_ADD_LEARNED.objectives,
)
_K_REMBO = Setup(
    name="Kandasamy2015/REMBO", algorithm=REMBO, reference="[Kandasamy2015, §5.2]",
    description="REMBO with the real-data experiments' projection dimension (9 for SDSS, 5 for VJ)",
    settings={**_ADD_COMMON, "beta": Setting("practical", "[Kandasamy2015, §5]: 0.2 d log 2t as GP-UCB, "
                                                          "d the projection's dimension")},
    sizes=("d",), size_help="d: projection dimension (Fig. 5: 9 for SDSS, 5 for VJ)",
    objectives=_ADD_LEARNED.objectives,
)
_K_RAND = Setup(
    name="Kandasamy2015/RAND", algorithm=RandomSearch, reference="[Kandasamy2015, §5]",
    description="Uniform random search", settings={}, objectives=_ADD_LEARNED.objectives,
)
_K_DIRECT = Setup(
    name="Kandasamy2015/DiRect", algorithm=DIRECTSearch, reference="[Kandasamy2015, §5]",
    description="DIRECT on f, one query per evaluation (scipy.optimize.direct)",
    settings={"locally_biased": Setting(True, "not stated; chosen: DIRECT-L, SciPy's default, because the "
                                              "paper does not say which DIRECT it ran")},
    objectives=_ADD_LEARNED.objectives,
)

_HA_BASELINE = {**{k: v for k, v in _HA_COMMON.items() if k != "kernel"},
                "kernel": _with_source(_SE, "[Ha2019, §6]: SE kernel"),
                "delta": Setting(0.1, "authors' code: δ = 0.1 (the paper does not state it)")}
_HA_UCB_BETA = Setting("srinivas_thm2", "[Ha2019, Prop. 5.1]: [Srinivas2010, Thm 2]'s β_t on the current box")


def _ha_baseline(name: str, algorithm, description: str, **extra: Setting) -> Setup:
    return Setup(name=f"Ha2019/{name}", algorithm=algorithm, reference="[Ha2019, §6]",
                 description=description, settings={**_HA_BASELINE, **extra}, objectives=_UBO.objectives,
                 departures=(*_UBO.departures, "a re-implementation from the method's paper ([Ha2019] ran "
                                               "the baselines' authors' code)"))


_HA_EI_VANILLA = _ha_baseline("EI-Vanilla", GPEI, "EI on the user's initial box only")
_HA_EI_VOL = _ha_baseline(
    "EI-Volx2", VolumeDoubling, "EI, search-box volume doubled every 3d iterations",
    acquisition=Setting("ei", "[Ha2019, §6]: EI-Volx2"),
    period=Setting(lambda D: 3 * D, "[Ha2019, §6]: volume doubled every 3d iterations", "3 D",
                   per_dimension=True),
)
_HA_UCB_VOL = _ha_baseline(
    "GPUCB-Volx2", VolumeDoubling, "GP-UCB, search-box volume doubled every 3d iterations",
    acquisition=Setting("ucb", "[Ha2019, §6]: GPUCB-Volx2"), beta=_HA_UCB_BETA,
    period=_HA_EI_VOL.settings["period"],
)
_HA_EI_H = _ha_baseline(
    "EI-H", RegularizedEI, "Regularised EI, hinge-quadratic prior mean, R the initial box's circumradius",
    prior=Setting("hinge", "[Ha2019, §6]: hinge-quadratic prior mean"),
    beta_hinge=Setting(1.0, "[Ha2019, §6]: β = 1"),
)
_HA_EI_Q = _ha_baseline(
    "EI-Q", RegularizedEI, "Regularised EI, quadratic prior mean, w the initial box's widths",
    prior=Setting("quadratic", "[Ha2019, §6]: quadratic prior mean with w the widths of the initial box"),
)
_HA_FBO = _ha_baseline(
    "GPUCB-FBO", FilteringBO, "GP-UCB with filtering expansion towards 10× the initial box",
    beta=_HA_UCB_BETA,
    max_expansion=Setting(10.0, "not stated; chosen: 10 because the initial box is 20 % of the domain's "
                                "side ([Ha2019, §6]), so 10× it about any admissible centre covers the "
                                "domain"),
)
_HA_FBO_CODE = _ha_baseline(
    "GPUCB-FBO-code", FilteringBO,
    "GP-UCB with the filtering step of the FBO authors' script (multistart L-BFGS-B filtering)",
    beta=_HA_UCB_BETA,
    max_expansion=_HA_FBO.settings["max_expansion"],
    region=Setting("code", "[Nguyen2017, its authors' code github.com/ntienvu/ICDM2017_FBO, run_FBO]: the "
                           "current box widened per side by (T/N_t)^(1/d) - 1 of its width"),
    filtering=Setting("code", "[Nguyen2017, its authors' code, max_volume]: 5d multistart L-BFGS-B runs of "
                              "UCB from the best of 100d uniform points; every point with UCB >= max LCB "
                              "widens the box"),
    box_update=Setting("query", "[Nguyen2017, its authors' code, run_FBO]: the search box grows only to hold "
                                "the query"),
    filter_kappa=Setting(2.0, "[Nguyen2017, its authors' code, run_FBO]: kappa = 2 in the filtering step's "
                              "UCB and LCB"),
)

#: Every named setup, by name.
SETUPS: dict[str, Setup] = {
    s.name: s for s in (_MS_UCB, _TT_GP_UCB, _ADD_LEARNED, _ADD_CODE, _ADD_KNOWN, _K_GP_UCB,
                        _ADD_LEARNED_PRINTED, _ADD_KNOWN_PRINTED, _K_GP_UCB_PRINTED, _RPP,
                        _RPP_PRINTED, _LI_ADD, _LI_GP_UCB,
                        _UBO, _UBO_CODE, _HA_VANILLA,
                        _TT_DROPOUT, _TT_LINEBO, _TT_SRE, _TT_REMBO, _TT_HESBO, _LI_REMBO, _K_GP_EI, _K_REMBO,
                        _K_RAND, _K_DIRECT, _HA_EI_VANILLA, _HA_EI_VOL, _HA_UCB_VOL, _HA_EI_H, _HA_EI_Q,
                        _HA_FBO, _HA_FBO_CODE)
}


#: The suffixes of a setup's named twins: the authors' code reading and the printed reading.
TWIN_SUFFIXES = ("-code", "-printed")


def twins(name: str) -> list[str]:
    """The other readings of a setup: ``X`` for ``X-code`` / ``X-printed`` and the other way round.

    >>> twins("Ha2019/GPUCB-UBO"), twins("Kandasamy2015/Add-*-printed")
    (['Ha2019/GPUCB-UBO-code'], ['Kandasamy2015/Add-*'])
    """
    name = describe(name).name
    base = next((name[: -len(s)] for s in TWIN_SUFFIXES if name.endswith(s)), name)
    return [n for n in [base] + [base + s for s in TWIN_SUFFIXES] if n != name and n in SETUPS]


def differences(name: str, other: str, dim: int | None = None) -> list[dict[str, str]]:
    """Rows (keyword, value in ``name``, value in ``other``, ``other``'s source) where two setups differ:
    a keyword set in one only, or set to another value (at ``dim`` for per-dimension values)."""
    a, b = describe(name), describe(other)
    default = "(the algorithm's default)"
    rows = []
    for keyword in list(a.settings) + [k for k in b.settings if k not in a.settings]:
        mine = a.settings[keyword].text(dim) if keyword in a.settings else default
        theirs = b.settings[keyword].text(dim) if keyword in b.settings else default
        if mine != theirs:
            rows.append({"keyword": keyword, "value": mine, "other": theirs,
                         "source": b.settings[keyword].source if keyword in b.settings else default})
    return rows


def available() -> list[str]:
    """The setup names, sorted."""
    return sorted(SETUPS)


def describe(name: str) -> Setup:
    """The :class:`Setup` called ``name`` (case-insensitive; an unknown name lists the known ones)."""
    return SETUPS[_resolve(name)]


def _resolve(name) -> str:
    try:
        return match_name("name", name, available(), what="a known setup")
    except ValueError as exc:
        if "(known:" in str(exc):
            raise
        raise ValueError(f"{exc} (known: {', '.join(available())})") from None


def get(name: str, bounds, *, rng=None, **given) -> BayesianOptimizer:
    """The optimiser of setup ``name`` on ``bounds`` (shape (D, 2)).

    ``given`` holds the setup's sizes (``d``, ``M``, ``groups``; see ``describe(name).sizes``) and any
    keyword that overrides a setup value (recorded in ``params["setup_overrides"]``).

    >>> opt = get("Kandasamy2015/Add-d/M", [[0.0, 1.0]] * 10, d=3, M=4, rng=0)
    >>> opt.n_groups, opt.params["setup"], opt.acq_budget
    (4, 'Kandasamy2015/Add-d/M', 1000)
    """
    return describe(name).build(bounds, rng=rng, **given)

