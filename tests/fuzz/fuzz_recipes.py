"""Base calls for the public constructors and methods of ``regretlab.gp``, ``regretlab.objectives`` and
``regretlab.algorithms``: what the fuzzer starts from before it replaces one parameter by a bad value.

:func:`public_callables` finds every public name from the modules' ``__all__`` (classes: the constructor and
every public method with parameters). Each gets a base call here: written out in :data:`RECIPES`, or
generic for a family (every optimizer, every objective, every kernel), or a reason in :data:`EXEMPT`.
A test requires one of them for every name found, so a new public function is fuzzed or explained.

A constructor's base call comes with an ``after`` step that uses the object (an optimizer runs a few
iterations, an objective is evaluated, a GP predicts): a value accepted at construction and failing later
must fail clearly too.
"""

from __future__ import annotations

import fnmatch
import inspect
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
from fuzz_engine import Target

DIM = 6
BOX = np.array([[-1.0, 1.0]] * DIM)


def _quadratic(X):
    return -np.sum(np.asarray(X, dtype=float) ** 2, axis=-1)


def _data(n=8, dim=DIM):
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, (n, dim))
    return X, np.sin(X).sum(axis=1)


# ------------------------------------------------------------------------------------------- discovery

MODULES = ("regretlab.gp", "regretlab.objectives", "regretlab.algorithms", "regretlab.algorithms.baselines",
           "regretlab.algorithms.setups")


def _own_methods(cls) -> dict[str, Callable]:
    """Public methods of ``cls`` defined in regretlab (inherited ones too), by name."""
    found = {}
    for klass in reversed(cls.__mro__):
        if not klass.__module__.startswith("regretlab"):
            continue
        for name, member in vars(klass).items():
            if name.startswith("_"):
                continue
            if isinstance(member, staticmethod | classmethod):
                member = member.__func__
            if inspect.isfunction(member):
                found[name] = member
    return found


def _has_parameters(function, skip_first: bool) -> bool:
    parameters = list(inspect.signature(function).parameters.values())[1 if skip_first else 0:]
    return any(p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in parameters)


def constructor_defaults(cls) -> dict:
    """Named parameters of ``cls(...)`` with their defaults (``inspect.Parameter.empty`` if required),
    following ``**kwargs`` up the MRO to the base that takes them."""
    return {name: p.default for name, p in constructor_parameters(cls).items()}


def constructor_parameters(cls) -> dict[str, inspect.Parameter]:
    """Named parameters of ``cls(...)``, following ``**kwargs`` up the MRO to the base that takes them."""
    found = {}
    for klass in cls.__mro__:
        init = vars(klass).get("__init__")
        if init is None:
            continue
        if not inspect.isfunction(init):
            break
        passes_on = False
        for p in list(inspect.signature(init).parameters.values())[1:]:
            if p.kind is p.VAR_KEYWORD:
                passes_on = True
            elif p.kind is not p.VAR_POSITIONAL:
                found.setdefault(p.name, p)
        if not passes_on:
            break
    return found


def public_callables() -> dict[str, tuple[object, str | None]]:
    """``name -> (owner, method)``: ``owner`` a function or class; ``method`` None for the function or
    constructor itself, else the method's name. Exceptions, warnings and callables without parameters are
    left out (there is nothing to fuzz)."""
    import importlib

    found: dict[str, tuple[object, str | None]] = {}
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for attr in getattr(module, "__all__", ()):
            obj = getattr(module, attr)
            name = f"{module_name}.{attr}"
            if inspect.isclass(obj):
                if issubclass(obj, BaseException):
                    continue
                if constructor_defaults(obj):
                    found[name] = (obj, None)
                for method, function in _own_methods(obj).items():
                    if _has_parameters(function, skip_first=not isinstance(
                            inspect.getattr_static(obj, method), staticmethod)):
                        found[f"{name}.{method}"] = (obj, method)
            elif inspect.isfunction(obj) and _has_parameters(obj, skip_first=False):
                found[name] = (obj, None)
    return found


# ------------------------------------------------------------------------------------------------- gp


def _gp(kernel=None):
    from regretlab.gp import GP, SquaredExponential

    return GP(kernel if kernel is not None else SquaredExponential(0.5), noise_variance=1e-4)


def _fitted(kernel=None):
    return _gp(kernel).fit(*_data())


def _additive_gp():
    from regretlab.gp import Additive, SquaredExponential

    return _fitted(Additive([(0, 1, 2), (3, 4, 5)], SquaredExponential(0.5)))


def _predict(gp):
    return gp.predict(_data(3)[0])


def _kernel_use(kernel):
    X = _data(4)[0]
    return kernel(X, X)


def _gp_recipes() -> dict[str, Callable]:
    from regretlab import gp

    X, y = _data()
    Xq = _data(3)[0]
    return {
        "regretlab.gp.GP": lambda: (gp.GP, {"kernel": gp.SquaredExponential(0.5), "noise_variance": 1e-4,
                                            "mean": 0.0}, lambda g: _predict(g.fit(X, y))),
        "regretlab.gp.GP.fit": lambda: (_gp().fit, {"X": X.copy(), "y": y.copy()}, _predict),
        "regretlab.gp.GP.append": lambda: (_fitted().append, {"x": Xq[0].copy(), "y": 0.3}, _predict),
        "regretlab.gp.GP.predict": lambda: (_fitted().predict, {"X": Xq.copy(), "return_grad": True,
                                                                "grad_columns": [0, 2]}, None),
        "regretlab.gp.GP.subspace_posterior": lambda: (
            _fitted().subspace_posterior, {"anchors": Xq.copy(), "free": [0, 2]},
            lambda post: post.predict(np.array([0, 2]), np.zeros((2, 2)), return_grad=True)),
        "regretlab.gp.GP.predict_component": lambda: (
            _additive_gp().predict_component, {"j": 1, "Z": Xq[:, :3].copy(), "return_grad": True}, None),
        "regretlab.gp.GP.predict_components": lambda: (_additive_gp().predict_components, {"X": Xq.copy()},
                                                       None),
        "regretlab.gp.fit_hyperparameters": lambda: (
            gp.fit_hyperparameters, {"kernel": gp.SquaredExponential(0.5), "X": X.copy(), "y": y.copy(),
                                     "noise_variance": 1e-4, "rng": 0, "n_restarts": 1, "fit_noise": True,
                                     "noise_bounds": (1e-6, 1.0), "mean": None, "fixed": None,
                                     "variance_unit": 1.0}, None),
        "regretlab.gp.log_marginal_likelihood": lambda: (
            gp.log_marginal_likelihood, {"kernel": gp.SquaredExponential(0.5), "X": X.copy(), "y": y.copy(),
                                         "noise_variance": 1e-4, "mean": 0.0, "eval_gradient": True}, None),
        "regretlab.gp.cholesky_with_jitter": lambda: (gp.cholesky_with_jitter, {"A": np.eye(3) * 2.0}, None),
        "regretlab.gp.check_groups": lambda: (gp.check_groups, {"groups": [(0, 1), (2,)], "n_columns": 3,
                                                                "cover": True}, None),
        "regretlab.gp.Additive": lambda: (gp.Additive, {"groups": [(0, 1, 2), (3, 4, 5)],
                                                        "base": gp.SquaredExponential(0.5), "dim": DIM},
                                          _kernel_use),
        "regretlab.gp.Additive.component": lambda: (
            gp.Additive([(0, 1, 2), (3, 4, 5)], gp.SquaredExponential(0.5)).component, {"j": 1}, None),
        "regretlab.gp.Additive.features": lambda: (
            gp.Additive([(0, 1, 2), (3, 4, 5)], gp.SquaredExponential(0.5)).features,
            {"X": Xq.copy(), "j": 1}, None),
        "regretlab.gp.ProjectedAdditive.features": lambda: (
            gp.ProjectedAdditive(np.eye(DIM)[:, :4], [(0, 1), (2, 3)], gp.SquaredExponential(0.5)).features,
            {"X": Xq.copy(), "j": 1}, None),
        "regretlab.gp.ProjectedAdditive": lambda: (
            gp.ProjectedAdditive, {"W": np.eye(DIM)[:, :4].copy(), "groups": [(0, 1), (2, 3)],
                                   "base": gp.SquaredExponential(0.5)}, _kernel_use),
        "regretlab.gp.ProjectedAdditive.component": lambda: (
            gp.ProjectedAdditive(np.eye(DIM)[:, :4], [(0, 1), (2, 3)], gp.SquaredExponential(0.5)).component,
            {"j": 1}, None),
        "regretlab.gp.Tied": lambda: (
            gp.Tied, {"base": gp.Additive([(0, 1, 2), (3, 4, 5)], gp.SquaredExponential(0.5))}, _kernel_use),
    }


def _kernel_recipe(cls, method):
    """Every stationary kernel: its constructor (then K(X, X)) and its methods on small inputs."""
    X = _data(4)[0]
    if method is None:
        return lambda: (cls, {"lengthscale": 0.5, "variance": 1.0, "lengthscale_bounds": (1e-3, 1e3),
                              "variance_bounds": (1e-4, 1e4)}, _kernel_use)
    base = {"with_theta": {"theta": np.log([0.5, 1.0])}, "diag": {"X": X}, "gradient": {"X": X},
            "gradient_x": {"X": X, "Y": X[:2]}, "diag_gradient_x": {"X": X}, "iter_gradient": {"X": X},
            "spectral_frequencies": {"n_features": 5, "dim": DIM, "rng": 0}}.get(method)
    if base is None:
        return None
    after = list if method == "iter_gradient" else None
    return lambda: (getattr(cls(0.5), method), {k: np.array(v) if isinstance(v, np.ndarray) else v
                                                for k, v in base.items()}, after)


# ------------------------------------------------------------------------------------------ objectives


def _evaluate_at_centre(objective):
    box = np.asarray(objective.bounds, dtype=float)
    return objective(box.mean(axis=1))


def _objective_required(cls) -> dict | None:
    from regretlab import objectives as o

    name = cls.__name__
    if name == "Embedded":
        return {"base": o.get("hartmann3"), "dim": DIM}
    if name == "ProjectedAdditive":
        return {"dim": DIM}
    if name == "Translated":
        return {"base": o.get("ackley", 3), "instance": 1}
    if name == "Rescaled":
        return {"base": o.get("ackley", 3)}
    return {}


def _objective_recipe(cls, method):
    required = _objective_required(cls)
    defaults = constructor_defaults(cls)
    if any(v is inspect.Parameter.empty and k not in required for k, v in defaults.items()):
        return None
    base = {k: v for k, v in defaults.items() if v is not inspect.Parameter.empty}
    base.update(required)
    # the data-based substitutes at a small size: the fuzz is about their arguments, not their cost
    if cls.__name__ in ("DigitsNN",):
        base.update(dim=20, steps=2)
    if cls.__name__ in ("GisetteRamp",):
        base.update(dim=30)
    if method is None:
        return lambda: (cls, dict(base), _evaluate_at_centre)

    def receiver():
        return cls(**base)

    if method in ("evaluate", "contains"):
        return lambda: (getattr(receiver(), method), {"X": np.asarray(receiver().bounds).mean(axis=1)}, None)
    if method == "project":
        return lambda: (receiver().project, {"X": np.zeros((2, DIM))}, None)
    if method == "to_base":
        return lambda: (receiver().to_base, {"U": np.zeros(3)}, None)
    if method == "from_base":
        return lambda: (receiver().from_base, {"X": np.zeros(3)}, None)
    return None


def _objective_module_recipes() -> dict[str, Callable]:
    from regretlab import objectives as o

    return {
        "regretlab.objectives.get": lambda: (o.get, {"name": "ackley", "dim": 3, "instance": 0},
                                             _evaluate_at_centre),
        "regretlab.objectives.rescale": lambda: (
            o.rescale, {"objective": o.get("ackley", 3), "to": (-1.0, 1.0)}, _evaluate_at_centre),
        "regretlab.objectives.translate": lambda: (o.translate, {"base": o.get("ackley", 3), "instance": 1},
                                                   _evaluate_at_centre),
    }


# ------------------------------------------------------------------------------------------ algorithms

#: Extra constructor arguments an optimizer needs on the 6-dimensional box; n_init = 3 and run(5) give two
#: model iterations after the design, so every accepted value meets the loop.
_OPTIMIZER_BASE = {"AddGPUCB": {"d": 2}, "SRE": {"budget": 5}}
_RUN_ITERATIONS = 5


def _optimizer_base(cls) -> dict:
    defaults = constructor_defaults(cls)
    base = {k: v for k, v in defaults.items() if v is not inspect.Parameter.empty}
    base.update(bounds=BOX.copy(), rng=0)
    if "n_init" in defaults:
        base["n_init"] = 3
    if "acq_budget" in defaults:
        base["acq_budget"] = 200
    base.update(_OPTIMIZER_BASE.get(cls.__name__, {}))
    return base


def _box_objective():
    """Hartmann-6 seen on the recipes' box [-1, 1]^6."""
    from regretlab.objectives import Rescaled, get

    # enforce_bounds=False: the expanding-space methods (UBO, FBO, EI-H/Q, Volx2) query beyond the box
    return Rescaled(get("hartmann6"), to=(-1.0, 1.0), enforce_bounds=False)


def _queries_of(run):
    """``run`` returning the trace's queries and values (x, y, f, regrets): the trace also holds NaN by
    contract (β during the initial design), which is not what the fuzzer looks for."""

    def queries(**arguments):
        trace = run(**arguments)
        return trace.x, trace.y, trace.f, trace.simple_regret

    queries.__signature__ = inspect.signature(run)
    return queries


def _tiny_run(optimizer):
    return optimizer.run(_quadratic, _RUN_ITERATIONS, progress=False).y


def _optimizer_recipe(cls, method):
    base = _optimizer_base(cls)
    if method is None:
        return lambda: (cls, dict(base), _tiny_run)

    def receiver():
        return cls(**base)

    if method == "run":   # an objective with a known optimum, so that the trace's regrets are finite
        return lambda: (_queries_of(receiver().run), {
            "objective": _box_objective(), "n_iter": _RUN_ITERATIONS, "callback": None, "progress": False},
            None)
    if method == "tell":
        def make():
            optimizer = receiver()
            x = optimizer.ask()
            return optimizer.tell, {"x": x, "y": 0.5}, lambda _: _tiny_run(optimizer)
        return make
    if method == "beta_t":
        return lambda: (receiver().beta_t, {"t": 3}, None)
    if method == "initial_design":
        return lambda: (receiver().initial_design, {"n": 4}, None)
    return None


def _trace():
    from regretlab.algorithms import GPUCB

    return GPUCB(BOX, rng=0, n_init=3).run(_box_objective(), 4, progress=False)


def _algorithm_module_recipes() -> dict[str, Callable]:
    from regretlab import algorithms as a
    from regretlab.algorithms import setups

    fitted = _fitted()
    directory = tempfile.mkdtemp(prefix="regretlab-fuzz-")
    return {
        "regretlab.algorithms.Acquisition": lambda: (
            a.Acquisition, {"posterior": fitted, "kind": "ucb", "beta": 4.0, "best": None, "xi": 0.0},
            lambda acq: acq.value_and_grad(_data(3)[0])),
        "regretlab.algorithms.Restricted": lambda: (
            a.Restricted, {"acquisition": a.Acquisition(fitted, "ucb", beta=4.0), "anchor": np.zeros(DIM),
                           "coordinates": [0, 2]},
            lambda acq: acq.value_and_grad(np.zeros((2, acq.coordinates.size)))),
        "regretlab.algorithms.Trace.record": lambda: (_trace().record, {"key": "beta"}, None),
        "regretlab.algorithms.Trace.identical": lambda: (_trace().identical, {"other": _trace(),
                                                                              "ignore": ("seconds",)}, None),
        "regretlab.algorithms.Trace.save": lambda: (
            _trace().save, {"path": str(Path(directory) / "run")}, None),
        "regretlab.algorithms.Trace.load": lambda: (a.Trace.load, {"path": str(_trace().save(
            Path(directory) / "saved")[0])}, None),
        "regretlab.algorithms.LoopDefaults.n_init_for": lambda: (
            a.LoopDefaults().n_init_for, {"dim": 4}, None),
        "regretlab.algorithms.setups.get": lambda: (
            setups.get, {"name": "TranThe2020/MS-UCB", "bounds": BOX.copy(), "rng": 0}, _tiny_run),
        "regretlab.algorithms.setups.describe": lambda: (
            setups.describe, {"name": "TranThe2020/MS-UCB"}, None),
        "regretlab.algorithms.setups.Setup.keywords": lambda: (setups.describe("TranThe2020/MS-UCB").keywords,
                                                               {"dim": 4}, None),
        "regretlab.algorithms.setups.Setup.build": lambda: (setups.describe("TranThe2020/MS-UCB").build,
                                                            {"bounds": BOX.copy(), "rng": 0}, _tiny_run),
        "regretlab.algorithms.setups.Setup.table": lambda: (setups.describe("TranThe2020/MS-UCB").table,
                                                            {"dim": 4}, None),
    }


# ----------------------------------------------------------------------------------------- exemptions

#: Names (fnmatch patterns) that are not fuzzed, and why.
EXEMPT: dict[str, str] = {
    "regretlab.gp.Kernel.*": "abstract base of the kernels; the methods are fuzzed on every concrete kernel",
    "regretlab.gp.Stationary": "abstract base of SquaredExponential / Matern32 / Matern52, fuzzed each",
    "regretlab.gp.Stationary.*": "abstract base of SquaredExponential / Matern32 / Matern52, fuzzed each",
    "regretlab.gp.FitResult": "a result record the library builds (fit_hyperparameters is fuzzed)",
    "regretlab.gp.LikelihoodTerms": "a result record the library builds (log_marginal_likelihood is fuzzed)",
    "regretlab.gp.likelihood_terms": "documented as unvalidated: the core of log_marginal_likelihood "
    "(fuzzed) for callers that build the covariance themselves",
    "regretlab.gp.Tied.*": "the kernel methods, fuzzed on the stationary kernels; Tied is fuzzed at "
    "construction",
    "regretlab.gp.Additive.with_theta": "the kernel methods, fuzzed on the stationary kernels",
    "regretlab.gp.Additive.diag*": "the kernel methods, fuzzed on the stationary kernels",
    "regretlab.gp.Additive.*gradient*": "the kernel methods, fuzzed on the stationary kernels",
    "regretlab.gp.ProjectedAdditive.with_theta": "the kernel methods, fuzzed on the stationary kernels",
    "regretlab.gp.ProjectedAdditive.diag*": "the kernel methods, fuzzed on the stationary kernels",
    "regretlab.gp.ProjectedAdditive.*gradient*": "the kernel methods, fuzzed on the stationary kernels",
    "regretlab.objectives.Objective": "abstract base of the objectives; every concrete objective is fuzzed",
    "regretlab.objectives.Objective.*": "abstract base of the objectives; its methods are fuzzed on every "
    "concrete objective",
    "regretlab.objectives.DataObjective": "abstract base of the data-based substitutes, fuzzed each",
    "regretlab.objectives.DataObjective.*": "abstract base of the data-based substitutes, fuzzed each",
    "regretlab.objectives.register": "adds to the process-wide registry; its checks are tested in "
    "tests/objectives/test_objectives_contract.py",
    "regretlab.algorithms.BayesianOptimizer": "the base of the loop, fuzzed through every optimizer",
    "regretlab.algorithms.BayesianOptimizer.*": "the base of the loop, fuzzed through every optimizer",
    "regretlab.algorithms.BetaOptions": "a record each algorithm declares once (class attribute)",
    "regretlab.algorithms.BetaOptions.select": "called by the constructor with the validated beta keywords "
    "(fuzzed through every optimizer's beta, beta_scale, beta_value)",
    "regretlab.algorithms.BetaSchedule": "built by BetaOptions.select",
    "regretlab.algorithms.BetaSchedule.base": "a hook the loop calls with its own validated t",
    "regretlab.algorithms.LoopDefaults": "a record each algorithm declares once (class attribute)",
    "regretlab.algorithms.Trace": "built by the loop (Trace.load reads one back, fuzzed)",
    "regretlab.algorithms.Acquisition.value_and_grad": "the maximiser's inner loop: validated once at "
    "construction, not per evaluation (issue 14); fuzzed through the constructor's after-step",
    "regretlab.algorithms.Restricted.*": "the maximiser's inner loop, fuzzed through the constructor's "
    "after-step",
    "regretlab.algorithms.Acquisition.from_prediction": "the maximiser's inner loop on a posterior's own "
    "arrays (MS-UCB's subspace posterior); its values are checked finite as value_and_grad's are",
    "regretlab.algorithms.setups.Setting": "a record of the setups table",
    "regretlab.algorithms.setups.Setting.*": "resolves the setups table's own values",
    "regretlab.algorithms.setups.Setup": "a record of the setups table (Setup.build is fuzzed)",
}

#: Targets whose valid answer holds NaN by contract (their docstrings say where): a NaN in their result is not
#: a silent failure. Their bad inputs must still raise clearly.
DOCUMENTED_NONFINITE: dict[str, str] = {
    "regretlab.algorithms*.beta_t": "NaN for a method without a beta schedule (EI, random search, DIRECT)",
    "regretlab.algorithms.Trace.load": "a trace holds NaN where an iteration has no value (beta during the "
    "initial design)",
}

#: Hooks the loop calls with values it has validated: not user entry points (validating them again would
#: put checks inside the loop, issue 14). Each optimizer's public constructor, run and tell are fuzzed.
HOOKS = ("kernel_for", "maximize_acquisition", "group_kernel", "choose_groups", "group_betas",
         "group_acquisitions", "default_group_size", "to_unit", "from_unit", "n_new_subspaces",
         "candidate_region", "draw_embedding", "low_bounds", "regularizer", "regularizer_grad", "embed",
         "make_acquisition", "make_kernel", "maximize_by_blocks", "lift")


def exemption(name: str, owner, method) -> str | None:
    from regretlab.algorithms import BayesianOptimizer

    if inspect.isclass(owner) and issubclass(owner, BayesianOptimizer) and method in HOOKS:
        return "a hook the loop calls with values it has validated (not a user entry point)"
    for pattern, reason in EXEMPT.items():
        if fnmatch.fnmatchcase(name, pattern):
            return reason
    return None


def recipe_for(name: str, owner, method) -> Callable | None:
    from regretlab.algorithms import BayesianOptimizer
    from regretlab.gp import Stationary
    from regretlab.objectives import Objective

    explicit = {**_gp_recipes(), **_objective_module_recipes(), **_algorithm_module_recipes()}
    if name in explicit:
        return explicit[name]
    if inspect.isclass(owner) and issubclass(owner, Stationary) and owner is not Stationary:
        return _kernel_recipe(owner, method)
    if inspect.isclass(owner) and issubclass(owner, Objective):
        return _objective_recipe(owner, method)
    if inspect.isclass(owner) and issubclass(owner, BayesianOptimizer) and owner is not BayesianOptimizer:
        return _optimizer_recipe(owner, method)
    return None


def _parameters_of(function) -> dict[str, inspect.Parameter]:
    """Each named parameter (a constructor's keywords passed on up the MRO included)."""
    if inspect.isclass(function):
        return constructor_parameters(function)
    return {p.name: p for p in inspect.signature(function).parameters.values()
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}


def _annotation_text(parameter: inspect.Parameter) -> str:
    annotation = parameter.annotation
    if annotation is inspect.Parameter.empty:
        return ""
    return annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))


def recipe_targets() -> tuple[list[Target], list[str]]:
    """A target for every public callable with a recipe, and the names with neither recipe nor exemption."""
    targets, lacking = [], []
    for name, (owner, method) in public_callables().items():
        if exemption(name, owner, method) is not None:
            continue
        make = recipe_for(name, owner, method)
        if make is None:
            lacking.append(name)
            continue
        try:
            function, arguments, _ = make()
        except Exception as exc:  # noqa: BLE001 - a recipe that no longer builds is reported, not fuzzed
            lacking.append(f"{name} (its recipe fails: {type(exc).__name__}: {exc})")
            continue
        parameters = _parameters_of(function)
        # fuzz the parameters of the base call; a required one's "default" is the base call's value (its type
        # is what the parameter takes), and the annotation says which of None / bool / str it also takes
        defaults = {k: arguments[k] if k not in parameters or parameters[k].default is inspect.Parameter.empty
                    else parameters[k].default for k in arguments}
        annotations = {k: _annotation_text(parameters[k]) for k in arguments if k in parameters}
        documented = any(fnmatch.fnmatchcase(name, pattern) for pattern in DOCUMENTED_NONFINITE)
        targets.append(Target(name, make, defaults, documented_nonfinite=documented, annotations=annotations))
    return targets, lacking
