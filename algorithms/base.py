r"""The shared ask/tell loop: initial design, GP refits, acquisition budget, history, Trace.

Every algorithm of the four papers has the same outer loop ([Srinivas2010, Alg. 1]; [TranThe2020, Alg. 1];
[Li2016, Alg. 1]; [Kandasamy2015, Alg. 1]; [Ha2019, Alg. 1]):

1. query an initial design of ``n_init`` points (uniform random, or a Latin hypercube with
   :class:`scipy.stats.qmc.LatinHypercube`, as [Ha2019, §6] does);
2. at iteration t choose :math:`x_t` by maximising an acquisition of the GP posterior given
   :math:`D_{t-1}` with the exploration weight :math:`\beta_t`;
3. observe :math:`y_t = f(x_t) + \varepsilon_t` and update the posterior: hyperparameters are re-fitted
   by marginal likelihood every ``n_cyc`` observations ([Li2016, §5] and [Kandasamy2015, §5]:
   :math:`N_{cyc} = 25`), and between refits the Cholesky factor is extended by one row
   (:meth:`regretlab.gp.GP.append`).

Maximisation convention throughout. Subclasses implement :meth:`BayesianOptimizer._propose` and
:meth:`BayesianOptimizer.beta_t`.
"""

from __future__ import annotations

import inspect
import math
import sys
import time
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scipy.stats import qmc
from tqdm import tqdm

from regretlab._rng import seeded_generator
from regretlab._validate import (
    DIM_LIMIT,
    MAGNITUDE_LIMIT,
    check_array,
    check_bool,
    check_bounds,
    check_choice,
    check_count,
    check_number,
    check_scalar,
)
from regretlab._version import __version__
from regretlab.gp import GP, Kernel, SquaredExponential, fit_hyperparameters

from .acquisition import Acquisition
from .beta import BetaOptions, BetaSchedule
from .maximize import MaximizeResult, maximize_direct, maximize_lbfgsb, maximize_random
from .posteriors import ScaledPosterior
from .priors import (
    STUCK_REPEATS,
    FitAtBoundWarning,
    InitialDesignOnlyWarning,
    JitterWarning,
    OutputScaleWarning,
    RepeatedQueryWarning,
    default_kernel,
    spread,
)
from .trace import Trace

__all__ = ["BayesianOptimizer", "LoopDefaults", "Proposal", "BoundInputs", "INIT_DESIGNS", "ACQ_OPTIMIZERS"]

INIT_DESIGNS = ("random", "lhs")
ACQ_OPTIMIZERS = ("direct", "lbfgsb", "random")
# Tolerance (relative to the side length) for points on the boundary that round-off pushed just outside.
_BOX_TOL = 1e-9


@dataclass(frozen=True)
class BoundInputs:
    """What a regret bound needs from a finished GP run (:meth:`BayesianOptimizer.bound_inputs`): the GP's
    inputs in query order, its kernel and noise variance, the factor from the GP's y to the objective's
    (the standardisation's scale; 1 without one), and the algorithm's constants that its bounds name."""

    X: np.ndarray
    kernel: Kernel
    noise_variance: float
    y_scale: float
    constants: Mapping[str, float]


@dataclass(frozen=True)
class LoopDefaults:
    """One algorithm's defaults for the shared loop's keywords, each with where it comes from.

    An algorithm declares them in one place (its ``defaults`` class attribute); a keyword the user does not
    give takes the value here. ``sources`` says, per keyword, the paper section, the authors' code, or why the
    value was chosen when the paper is silent.

    Attributes
    ----------
    n_init : int or callable
        Initial design size, or ``n_init(D)`` (e.g. 3D in [Ha2019, §6]).
    n_cyc : int
        Observations between hyperparameter refits.
    init_design : {"random", "lhs"}
    acq_optimizer : {"direct", "lbfgsb", "random"}
    normalize_y : bool
        Standardise the outputs before fitting (default True: scale-free fitting, see
        :mod:`regretlab.algorithms.priors`).
    sources : mapping
        Keyword -> source of its default.
    """

    n_init: int | Callable[[int], int] = 10
    n_cyc: int = 25
    init_design: str = "random"
    acq_optimizer: str = "direct"
    normalize_y: bool = True
    sources: Mapping[str, str] = field(default_factory=dict)

    def n_init_for(self, dim: int) -> int:
        """The default initial design size in dimension ``dim``."""
        dim = check_count("dim", dim, low=1, high=DIM_LIMIT)
        return int(self.n_init(dim)) if callable(self.n_init) else int(self.n_init)


@dataclass
class Proposal:
    """What :meth:`BayesianOptimizer._propose` returns.

    Attributes
    ----------
    x : ndarray, shape (D,)
        The next query.
    n_evaluations : int
        Acquisition-function evaluations used to find it.
    records : dict
        Method records for this iteration (e.g. ``{"Z_size": 3}``); arrays, numbers, strings, lists.
    beta : float, optional
        The :math:`\beta_t` the query was finally chosen with, when the method changed it during the
        iteration (GPUCB-UBO re-optimising in an expanded box); None: the loop's :math:`\beta_t`.
    """

    x: np.ndarray
    n_evaluations: int = 0
    records: dict[str, Any] = field(default_factory=dict)
    beta: float | None = None


class ObjectiveError(ValueError):
    """The objective failed at one iteration of :meth:`BayesianOptimizer.run`: it raised, or returned
    something that is not one finite number. The message names the iteration, the point and the value."""


def _short_point(x: np.ndarray) -> str:
    shown = ", ".join(f"{v:.6g}" for v in x[:6])
    return f"[{shown}{', ...' if x.size > 6 else ''}] (D={x.size})"


def _objective_value(name: str, function, x: np.ndarray, iteration: int) -> float:
    """One finite number from ``function(x)`` at ``iteration``, or an :class:`ObjectiveError` saying
    why not."""
    where = f"at iteration {iteration}, x = {_short_point(x)}"
    try:
        value = function(x.copy())
    except Exception as exc:  # the objective is the user's code: report where it failed, keep its traceback
        raise ObjectiveError(f"{name} raised {type(exc).__name__} {where}: {exc}") from exc
    if value is None or isinstance(value, str | bytes | bool):
        raise ObjectiveError(f"{name} returned {value!r} {where}; it must return one finite number")
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise ObjectiveError(f"{name} returned {value!r} {where}; it must return one finite number") from None
    if arr.shape not in ((), (1,)):
        raise ObjectiveError(f"{name} returned an array of shape {arr.shape} {where}; it must return one "
                             "number per point (shape () or (1,))")
    number = float(arr.reshape(()))
    if not math.isfinite(number):
        raise ObjectiveError(f"{name} returned {number!r} {where}; it must return a finite number")
    if abs(number) > MAGNITUDE_LIMIT:
        raise ObjectiveError(f"{name} returned {number!r} {where}, beyond the GP's magnitude limit "
                             f"{MAGNITUDE_LIMIT:g}; rescale the objective")
    return number


#: BayesianOptimizer.__init__'s keywords that are not settings of their own: the box and the generator, and
#: the β schedule's (recorded by :class:`regretlab.algorithms.beta.BetaSchedule`).
_NOT_SETTINGS = ("self", "bounds", "rng", "beta", "beta_scale", "beta_value")


def _setting_names() -> tuple[str, ...]:
    """The base optimiser's settings, in signature order (each stored as an attribute of the same name)."""
    return tuple(name for name in inspect.signature(BayesianOptimizer.__init__).parameters
                 if name not in _NOT_SETTINGS)


class BayesianOptimizer(ABC):
    """Abstract ask/tell optimiser: bounds, RNG, history, initial design, GP refit schedule, β_t, budgets,
    Trace.

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
        The box :math:`\\mathcal X = \\prod_i [l_i, u_i]` (validated: finite, lower < upper).
    rng : None, int or numpy.random.Generator
        The one source of randomness (initial design, hyperparameter restarts, acquisition starts). An int is
        the seed; with None a seed is drawn from OS entropy and recorded, so every run can be repeated.
    beta : str, optional
        The :math:`\\beta_t` schedule: a name of the algorithm's ``beta_options`` (its paper's formulas of
        :mod:`regretlab.bounds`) or ``"constant"``. Default: the algorithm's.
    beta_scale : float, optional
        Multiplies the schedule, whichever it is (> 0): :math:`\\beta_t=` ``beta_scale`` :math:`\\times`
        (formula at t, or ``beta_value``), the same meaning for every algorithm
        (:mod:`regretlab.algorithms.beta`). Default: the algorithm's (1, or 0.2 where the paper divides by 5).
    beta_value : float
        The constant of ``beta="constant"`` (> 0).
    n_init : int, optional
        Size of the initial design. Default: the algorithm's ``defaults`` (10 for [Li2016, §5] and
        [Kandasamy2015, §5], 20 for [TranThe2020, §Experiments], 3D for [Ha2019, §6]). At least 1 for
        model-based methods.
    init_design : {"random", "lhs"}, optional
        Uniform random points ([TranThe2020], [Li2016], [Kandasamy2015]) or a Latin hypercube
        ([Ha2019, §6]), scaled to ``bounds``.
    n_cyc : int, optional
        Hyperparameters are re-fitted when the number of observations t satisfies t = n_init or
        (t - n_init) % n_cyc == 0; in between the GP gets a rank-one append. Default: the algorithm's
        ([Li2016, §5] and [Kandasamy2015, §5]: 25).
    kernel : Kernel or callable, optional
        Prior covariance, or a factory ``kernel(bounds) -> Kernel``. Default: isotropic squared exponential
        with variance 1 and lengthscale ``0.25 * mean side * sqrt(D)`` (only a starting value when
        ``fit_hyperparameters``), lengthscale bounds relative to the box
        (:func:`regretlab.algorithms.priors.default_kernel`).
    noise_variance : float
        Initial (or fixed, with ``fit_noise=False``) observation-noise variance σ² > 0.
    fit_hyperparameters : bool
        Fit θ (and σ²) by maximum marginal likelihood (ML-II) at each refit. False keeps the kernel and σ²
        fixed (e.g. for GP sample paths with a known prior) and the posterior is only ever appended to.
    fit_noise : bool
        Whether σ² is fitted.
    n_restarts : int
        Random restarts of the likelihood optimiser at each refit.
    gp_mean : float, optional
        A fixed constant prior mean of the GP (in the units of the fitted targets). Default None: the
        likelihood-maximising constant, fitted at each refit.
    normalize_y : bool, optional
        Fit the GP to :math:`(y - \\bar y)/\\mathrm{sd}(y)` ([Ha2019, §6]); the constants are frozen between
        refits. Default: the algorithm's (True for all five: scale-free fitting). Either way the variance
        bounds of the fit are relative to the variance of the fitted targets, so that ML-II does not end
        on a bound because of the problem's units; a fit that does end on a bound is recorded
        (``refit["at_bounds"]``) and warned about (:class:`~regretlab.algorithms.priors.FitAtBoundWarning`)
        once per run.
    acq_optimizer : {"direct", "lbfgsb", "random"}, optional
        Acquisition maximiser used by :meth:`maximize_acquisition`. Default: the algorithm's.
    acq_budget : int, optional
        Hard cap on acquisition evaluations per iteration. Default ``min(5000, 100 D)`` ([Kandasamy2015, §5]).
    n_starts : int, optional
        L-BFGS-B starts (default ``10 D`` as in [TranThe2020, §Experiments], capped at ``acq_budget // 10``).
    acq_candidates : int
        With ``acq_optimizer="lbfgsb"``: score this many uniform points first (one batch, counted in the
        budget) and start L-BFGS-B from the best ``n_starts`` of them (default 0: uniform starts).
    """

    #: Algorithm name used in traces and progress bars.
    name = "BayesianOptimizer"
    #: The loop's defaults for this algorithm, with their sources (subclasses declare their paper's).
    defaults = LoopDefaults()
    #: The β_t schedules the algorithm offers (None: a model-free method without β).
    beta_options: BetaOptions | None = None
    #: Whether the method uses a GP posterior (RandomSearch does not).
    uses_model = True
    #: The version of this class's computation: 1 for every class until a change makes a run from the same
    #: settings and seed come out differently (a cheaper search that is not bit-identical, say); then it is
    #: raised, the run gets an identity of its own (:meth:`regretlab.experiments.spec.Run.identity`), its
    #: record says which version made it (``meta["engine"]``), and a decision refuses to compare runs of one
    #: method made by two versions. Archived runs keep the version they were made with.
    ENGINE = 1
    #: What to do when a β_t schedule gives a value that is not positive (appended to the error message).
    beta_advice = "use beta='constant' or a larger t"

    def __init__(
        self,
        bounds,
        *,
        rng=None,
        beta: str | None = None,
        beta_scale: float | None = None,
        beta_value: float = 4.0,
        n_init: int | None = None,
        init_design: str | None = None,
        n_cyc: int | None = None,
        kernel=None,
        noise_variance: float = 1e-4,
        fit_hyperparameters: bool = True,
        fit_noise: bool = True,
        n_restarts: int = 2,
        gp_mean: float | None = None,
        normalize_y: bool | None = None,
        acq_optimizer: str | None = None,
        acq_budget: int | None = None,
        n_starts: int | None = None,
        acq_candidates: int = 0,
    ):
        self.bounds = check_bounds("bounds", bounds)
        self.dim = self.bounds.shape[0]
        self.seed, self.rng = seeded_generator(rng)
        defaults = self.defaults
        low = 1 if self.uses_model else 0
        n_init = defaults.n_init_for(self.dim) if n_init is None else n_init
        self.n_init = check_count("n_init", n_init, low=low)
        self.init_design = check_choice(
            "init_design", defaults.init_design if init_design is None else init_design, INIT_DESIGNS
        )
        self.n_cyc = check_count(
            "n_cyc", defaults.n_cyc if n_cyc is None else n_cyc, low=1
        )
        self.noise_variance = check_number("noise_variance", noise_variance, low=0.0, low_open=True)
        self.fit_hyperparameters = check_bool("fit_hyperparameters", fit_hyperparameters)
        self.fit_noise = check_bool("fit_noise", fit_noise)
        self.n_restarts = check_count("n_restarts", n_restarts, low=0)
        self.gp_mean = None if gp_mean is None else check_number("gp_mean", gp_mean, low=-MAGNITUDE_LIMIT,
                                                                 high=MAGNITUDE_LIMIT)
        self.acq_candidates = check_count("acq_candidates", acq_candidates, low=0)
        normalize_y = defaults.normalize_y if normalize_y is None else normalize_y
        self.normalize_y = check_bool("normalize_y", normalize_y)
        acq_optimizer = defaults.acq_optimizer if acq_optimizer is None else acq_optimizer
        self.acq_optimizer = check_choice("acq_optimizer", acq_optimizer, ACQ_OPTIMIZERS)
        default_budget = min(5000, 100 * self.dim)
        self.acq_budget = check_count(
            "acq_budget", default_budget if acq_budget is None else acq_budget, low=1
        )
        default_starts = max(1, min(10 * self.dim, self.acq_budget // 10))
        self.n_starts = check_count(
            "n_starts", default_starts if n_starts is None else n_starts, low=1
        )
        if kernel is not None and not callable(kernel):
            raise ValueError(f"kernel={kernel!r} is not a Kernel or a factory kernel(bounds) -> Kernel")
        self._kernel_spec = kernel
        self.beta_schedule: BetaSchedule | None = None
        if self.beta_options is not None:
            self.beta_schedule = self.beta_options.select(beta, beta_scale, beta_value)
        elif beta is not None or beta_scale is not None:
            raise ValueError(f"{self.name} has no β_t: beta={beta!r}, beta_scale={beta_scale!r} must be None")
        self._start_state()
        # the settings a Trace records: every keyword of this signature (its validated value), read from the
        # signature as scikit-learn's BaseEstimator._get_param_names does, so a new keyword needs no third
        # list; the β schedule records its own (beta, beta_scale, beta_value), the kernel as its repr
        self.params: dict[str, Any] = {
            **({} if self.beta_schedule is None else self.beta_schedule.params),
            **{name: getattr(self, name) if name != "kernel" else None if kernel is None else repr(kernel)
               for name in _setting_names()},
        }

    def _start_state(self) -> None:
        """The state of an optimiser before its first observation: no model, no design drawn, no history,
        every one-time warning still to give."""
        self.kernel = None  # current kernel (with fitted hyperparameters once fitted)
        self.gp = None
        self.model: ScaledPosterior | None = None
        self.last_fit = None
        self.n_refits = 0
        self._y_shift, self._y_scale = 0.0, 1.0
        self._variance_unit = 1.0
        self._bound_warning_pending = True
        self._stuck_warning_pending = True
        self._jitter_warning_pending = True
        self._scale_warning_pending = True
        self._design: np.ndarray | None = None
        self._design_used = 0
        self._pending: dict | None = None
        self._history: list[dict[str, Any]] = []
        self._objective_name: str | None = None
        self._optimum_value = math.nan

    def _record_params(self, *names: str, **values) -> None:
        """Add the attributes ``names`` (arrays as lists) and ``values`` to the parameters a Trace records."""
        for name in names:
            value = getattr(self, name)
            self.params[name] = value.tolist() if isinstance(value, np.ndarray) else value
        self.params.update(values)

    # ---- β_t and the proposal ------------------------------------------------------------------------
    @property
    def uses_beta(self) -> bool:
        """Whether the proposals use :math:`\beta_t` (False for a model-free method and for EI)."""
        return self.beta_schedule is not None

    @property
    def beta_scale(self) -> float:
        """The factor of the β_t schedule (``beta_scale``)."""
        return self.beta_schedule.scale if self.beta_schedule is not None else math.nan

    def beta_t(self, t: int) -> float:
        r""":math:`\\beta_t` for query number t (1-based, counting every observation): ``beta_scale`` times
        the chosen formula of :mod:`regretlab.bounds` at t, or times ``beta_value``
        (:mod:`regretlab.algorithms.beta`). NaN for a model-free method."""
        t = check_count("t", t, low=1)
        if self.beta_schedule is None:
            return math.nan
        return self.beta_schedule(self, t)

    @abstractmethod
    def _propose(self, t: int, beta: float) -> Proposal | np.ndarray:
        """Choose query number t (1-based) after the initial design, given :math:`\\beta_t`.

        The posterior of the observations so far is ``self.model`` (None for model-free methods).
        Return a :class:`Proposal` (or just the point, then 0 acquisition evaluations are recorded).
        """

    # ---- data -------------------------------------------------------------------------------------------
    @property
    def n_observations(self) -> int:
        """Number of observations told so far."""
        return len(self._history)

    @property
    def X(self) -> np.ndarray:
        """Observed inputs, shape (n, D)."""
        return np.array([h["x"] for h in self._history]).reshape(-1, self.dim)

    @property
    def y(self) -> np.ndarray:
        """Observations, shape (n,)."""
        return np.array([h["y"] for h in self._history], dtype=float)

    @property
    def domain(self) -> np.ndarray:
        """The box every query must lie in (``bounds``; a method with a moving search space overrides it)."""
        return self.bounds

    def best(self) -> tuple[np.ndarray, float]:
        """The best observation so far ``(x, y)`` (maximisation)."""
        if not self._history:
            raise ValueError("best() needs at least one observation; call tell(x, y) first")
        i = int(np.argmax(self.y))
        return self._history[i]["x"].copy(), self._history[i]["y"]

    # ---- initial design ---------------------------------------------------------------------------------
    def initial_design(self, n: int) -> np.ndarray:
        """``n`` points in ``bounds``: uniform, or a Latin hypercube (scipy.stats.qmc) seeded from ``rng``."""
        n = check_count("n", n, low=1)
        low, high = self.bounds[:, 0], self.bounds[:, 1]
        if self.init_design == "lhs":
            seed = int(self.rng.integers(2**63 - 1))
            unit = qmc.LatinHypercube(d=self.dim, rng=np.random.default_rng(seed)).random(n)
            return qmc.scale(unit, low, high)
        return self.rng.uniform(low, high, size=(n, self.dim))

    def _next_design_point(self) -> np.ndarray:
        if self._design is None:
            self._design = self.initial_design(self.n_init)
        if self._design_used < self._design.shape[0]:
            x = self._design[self._design_used]
        else:  # asked more often than told during the initial phase: fall back to uniform points
            x = self.rng.uniform(self.bounds[:, 0], self.bounds[:, 1])
        self._design_used += 1
        return np.array(x, dtype=float)

    # ---- the model --------------------------------------------------------------------------------------
    def make_kernel(self) -> Kernel:
        """The prior kernel before the first fit (from ``kernel=`` or the default SE kernel)."""
        return self.kernel_for(self.bounds)

    def kernel_for(self, box) -> Kernel:
        """The prior kernel for a (sub-)box: ``kernel=`` (a Kernel, or its factory called with ``box``), or
        the default SE kernel with bounds relative to ``box``."""
        if self._kernel_spec is None:
            return default_kernel(SquaredExponential, box)
        return self._kernel_from_spec(self._kernel_spec, box)

    @staticmethod
    def _kernel_from_spec(spec, bounds) -> Kernel:
        """``kernel=`` as given: a Kernel, or a factory called with (a copy of) ``bounds``."""
        if isinstance(spec, Kernel):
            return spec
        kernel = spec(np.array(bounds, dtype=float))
        if not isinstance(kernel, Kernel):
            raise ValueError(f"kernel factory returned {kernel!r}, not a regretlab.gp.kernels.Kernel")
        return kernel

    def fit_options(self) -> dict[str, Any]:
        """Keyword arguments for :func:`regretlab.gp.fit_hyperparameters` (subclasses add e.g. ``fixed``):
        restarts, whether σ² is fitted, and the variance unit of the bounds (the variance of the targets
        of the last :meth:`_fit_targets`, 1 when they are standardised)."""
        return {
            "n_restarts": self.n_restarts, "fit_noise": self.fit_noise, "variance_unit": self._variance_unit,
            "mean": self.gp_mean,
        }

    def _normalised(self, y):
        return (np.asarray(y, dtype=float) - self._y_shift) / self._y_scale

    def _fit_targets(self) -> np.ndarray:
        """The observations as the GP sees them: with ``normalize_y``, set the shift (mean) and scale
        (standard deviation, 1 if it is 0) frozen until the next refit, and return :math:`(y - a)/s`."""
        y = self.y
        shift, scale = spread(y)  # scale-safe: np.std underflows to 0 for values near 1e-200
        if self.normalize_y:
            self._y_shift, self._y_scale = shift, (scale if scale > 0.0 else 1.0)
            self._variance_unit = 1.0
        else:
            variance = scale * scale
            if scale > 0.0 and not 0.0 < variance < math.inf and self._scale_warning_pending:
                self._scale_warning_pending = False
                warnings.warn(
                    f"{self.name}: the observations' standard deviation {scale:.3g} has a square outside the "
                    "floating-point range, so the variance bounds stay on the unit scale and the fit will "
                    "end on a bound; rescale the objective or use normalize_y=True (warned once per run)",
                    OutputScaleWarning, stacklevel=5,
                )
            self._variance_unit = variance if 0.0 < variance < math.inf else 1.0
        return self._normalised(y)

    def _fit_model(self, X: np.ndarray, y_n: np.ndarray) -> tuple[Kernel, float, float]:
        """The refit's model on data ``(X, y_n)``: ``(kernel, noise_variance, constant mean)``.

        ML-II of the current kernel's hyperparameters (:func:`regretlab.gp.fit_hyperparameters`, recorded in
        ``last_fit``; the prior of :meth:`make_kernel` at the first refit), or the kernel as it is with
        ``fit_hyperparameters=False``. Subclasses with a structure to
        learn first (Add-GP-UCB's decomposition, RPP-GP-UCB's projection) override this.
        """
        kernel = self.make_kernel() if self.kernel is None else self.kernel
        if not self.fit_hyperparameters:
            return kernel, self.noise_variance, 0.0
        fit = fit_hyperparameters(
            kernel, X, y_n, noise_variance=self.noise_variance, rng=self.rng, **self.fit_options()
        )
        self.last_fit = fit
        return fit.kernel, fit.noise_variance, fit.mean

    #: The constants of the algorithm that its papers' bounds name (attributes of the optimiser; those it has
    #: as numbers are recorded with every run, :meth:`bound_inputs`). β's scale is in ``params``, not here.
    BOUND_CONSTANTS: tuple[str, ...] = ("a", "b", "delta", "d", "N0", "alpha", "dim", "n_groups")

    def bound_inputs(self) -> BoundInputs | None:
        """What a regret bound needs from this run, or None before the GP has two observations (and for a
        model-free method, which has no ``gp``): the GP's inputs (:meth:`_model_inputs`), its kernel and
        noise variance, the y scale and the numeric :data:`BOUND_CONSTANTS` this optimiser has."""
        gp = getattr(self, "gp", None)
        if gp is None or gp.n_obs < 2:
            return None
        constants = {}
        for name in self.BOUND_CONSTANTS:
            value = getattr(self, name, None)
            if isinstance(value, int | float | np.integer | np.floating) and not isinstance(value, bool):
                constants[name] = float(value)
        return BoundInputs(self._model_inputs(), gp.kernel, float(gp.noise_variance), float(self._y_scale),
                           constants)

    def _model_inputs(self) -> np.ndarray:
        """The inputs the GP is fitted on, one row per observation: the observed x (an embedding method
        returns the low-dimensional coordinates its GP lives on)."""
        return self.X

    def _model_input(self, x: np.ndarray) -> np.ndarray:
        """The GP input of the observation just told at ``x`` (the last row of :meth:`_model_inputs`)."""
        return x

    def _gp_target(self, x: np.ndarray, y: float) -> float:
        """The GP's target for the observation ``y`` at ``x`` between refits (the normalised y; a method
        with a non-constant prior mean subtracts it)."""
        return float(self._normalised(y))

    def refit(self) -> None:
        """Re-fit the model on all data and rebuild the posterior ([Rasmussen2006, Alg. 2.1], all t points):
        :meth:`_fit_targets`, then :meth:`_fit_model`, then the exact GP on the result."""
        X, y_n = self._model_inputs(), self._fit_targets()
        self.kernel, self.noise_variance, mean = self._fit_model(X, y_n)
        self.gp = GP(self.kernel, noise_variance=self.noise_variance, mean=mean).fit(X, y_n)
        self.model = ScaledPosterior(self.gp, self._y_shift, self._y_scale)
        self.n_refits += 1

    def _update_model(self, x, y) -> dict[str, Any]:
        """Refit or append after an observation, following the n_cyc schedule; returns records to add."""
        t = self.n_observations
        if not self.uses_model or t < self.n_init:
            return {}
        scheduled = (t - self.n_init) % self.n_cyc == 0
        if self.gp is None or (scheduled and self.fit_hyperparameters):
            self.refit()
            if not self.fit_hyperparameters:
                return self._jitter_record(t)
            at_bounds = list(self.last_fit.at_bounds)
            # σ² on its floor is what noiseless data gives: recorded, not warned about.
            suspicious = [name for name in at_bounds if name != "noise_variance=low"]
            if suspicious and self._bound_warning_pending:
                self._bound_warning_pending = False
                warnings.warn(
                    f"{self.name}: the ML-II fit after {t} observations ended on the bound(s) {suspicious} "
                    "(recorded in the trace as refit['at_bounds']; warned once per run)",
                    FitAtBoundWarning,
                    stacklevel=4,
                )
            return {
                "refit": {
                    "theta": np.asarray(self.kernel.theta, dtype=float).copy(),
                    "noise_variance": float(self.noise_variance),
                    "mean": float(self.gp.mean),
                    "log_marginal_likelihood": float(self.last_fit.log_marginal_likelihood),
                    "at_bounds": at_bounds,
                },
                **self._jitter_record(t),
            }
        self.gp.append(self._model_input(x), self._gp_target(x, y))
        return self._jitter_record(t)

    def _jitter_record(self, t: int) -> dict[str, Any]:
        """``{"jitter": value}`` when the GP's Cholesky needed jitter on its diagonal (near-duplicate or
        conflicting observations with a near-zero noise variance), warned about once per run
        (:class:`~regretlab.algorithms.priors.JitterWarning`); else ``{}``."""
        jitter = float(getattr(self.gp, "jitter", 0.0) or 0.0)
        if jitter <= 0.0:
            return {}
        if self._jitter_warning_pending:
            self._jitter_warning_pending = False
            warnings.warn(
                f"{self.name}: the GP after {t} observations needed a jitter of {jitter:.3g} on the "
                f"diagonal of K + {self.noise_variance:.3g} I (near-duplicate or conflicting observations "
                "with a near-zero noise variance); recorded in the trace as 'jitter', warned once per run",
                JitterWarning,
                stacklevel=4,
            )
        return {"jitter": jitter}

    # ---- acquisition maximisation -----------------------------------------------------------------------
    def maximize_acquisition(
        self, acquisition: Acquisition, bounds=None, *, budget=None, n_starts=None
    ) -> MaximizeResult:
        """Maximise ``acquisition`` over ``bounds`` (default: the domain) with ``acq_optimizer``.

        At most ``budget`` (default ``acq_budget``) evaluations are used; the result reports how many.
        ``n_starts`` (default the optimiser's ``n_starts``) sets the L-BFGS-B starts of this call.
        """
        box = self.domain if bounds is None else check_bounds("bounds", bounds)
        if budget is not None:
            budget = check_count("budget", budget, low=1)
        budget = self.acq_budget if budget is None else budget
        if self.acq_optimizer == "direct":
            return maximize_direct(acquisition, box, max_evaluations=budget)
        if self.acq_optimizer == "lbfgsb":
            starts = (self.n_starts if n_starts is None
                      else check_count("n_starts", n_starts, low=1))
            n_starts = min(starts, budget)
            return maximize_lbfgsb(
                acquisition.value_and_grad, box, n_starts=n_starts, max_evaluations=budget, rng=self.rng,
                **({"n_candidates": self.acq_candidates, "values": acquisition}
                   if self.acq_candidates else {}),
            )
        return maximize_random(acquisition, box, n_samples=budget, rng=self.rng)

    # ---- ask / tell -------------------------------------------------------------------------------------
    def ask(self) -> np.ndarray:
        """The next query :math:`x_t`, shape (D,): an initial-design point, then ``_propose``."""
        start = time.perf_counter()
        t = self.n_observations + 1
        if self.n_observations < self.n_init:
            x, beta, n_eval, records, initial = self._next_design_point(), math.nan, 0, {}, True
        else:
            beta = self._checked_beta(t)
            proposal = self._propose(t, beta)
            if not isinstance(proposal, Proposal):
                proposal = Proposal(np.asarray(proposal, dtype=float))
            x, n_eval, records, initial = proposal.x, int(proposal.n_evaluations), proposal.records, False
            beta = beta if proposal.beta is None else float(proposal.beta)
        x = self._inside_domain(x)
        self._warn_if_stuck(x)
        self._pending = {
            "x": x.copy(),
            "beta": beta,
            "acq_evaluations": n_eval,
            "records": dict(records),
            "is_initial": initial,
            "seconds": time.perf_counter() - start,
        }
        return x.copy()

    def _warn_if_stuck(self, x: np.ndarray) -> None:
        """Warn once per run (RepeatedQueryWarning) when ``x`` would be the :data:`~.priors.STUCK_REPEATS`-th
        query in a row at one point; the run record counts every repeated query."""
        k = STUCK_REPEATS - 1
        if self._stuck_warning_pending and len(self._history) >= k and all(
                np.array_equal(entry["x"], x) for entry in self._history[-k:]):
            self._stuck_warning_pending = False
            warnings.warn(f"{self.name}: x={x.tolist()} is queried {STUCK_REPEATS} times in a row (the model "
                          "may be stuck; warned once per run)", RepeatedQueryWarning, stacklevel=3)

    def _checked_beta(self, t: int) -> float:
        """:meth:`beta_t` as a float; a ValueError when a model's schedule gives a non-positive β.

        A model-free method has no β (NaN), which passes unchecked.
        """
        beta = float(self.beta_t(t))
        if self.uses_model and self.uses_beta and (not math.isfinite(beta) or beta <= 0.0):
            params = {k: self.params[k] for k in ("beta", "beta_scale") if k in self.params}
            raise ValueError(
                f"beta_t({t})={beta!r} of {self.name} ({params}) is not a positive number; {self.beta_advice}"
            )
        return beta

    def _inside_domain(self, x) -> np.ndarray:
        """Check a proposal lies in the domain (up to round-off, which is clipped); a miss is a bug."""
        x = np.asarray(x, dtype=float).reshape(-1)
        if x.shape != (self.dim,) or not np.all(np.isfinite(x)):
            raise RuntimeError(f"{self.name} proposed x={x!r}; expected finite values, shape ({self.dim},)")
        box = self.domain
        tol = _BOX_TOL * (box[:, 1] - box[:, 0])
        if np.any(x < box[:, 0] - tol) or np.any(x > box[:, 1] + tol):
            raise RuntimeError(f"{self.name} proposed x={x.tolist()} outside its domain {box.tolist()}")
        return np.clip(x, box[:, 0], box[:, 1])

    def tell(self, x, y) -> None:
        """Record the observation ``y`` at ``x`` (shape (D,), inside the domain; ``y`` a finite number)."""
        x = check_array("x", x, shape=(self.dim,))
        box = self.domain
        tol = _BOX_TOL * (box[:, 1] - box[:, 0])
        outside = np.flatnonzero((x < box[:, 0] - tol) | (x > box[:, 1] + tol))
        if outside.size:
            i = int(outside[0])
            raise ValueError(f"x[{i}]={x[i]!r} is outside its domain [{box[i, 0]:g}, {box[i, 1]:g}]")
        y = check_scalar("y", y)
        if abs(y) > MAGNITUDE_LIMIT:
            raise ValueError(f"y={y!r} exceeds the GP's magnitude limit {MAGNITUDE_LIMIT:g}; rescale the "
                             "objective")
        self._tell(np.clip(x, box[:, 0], box[:, 1]), y, math.nan)

    def _tell(self, x: np.ndarray, y: float, f: float) -> None:
        start = time.perf_counter()
        pending, self._pending = self._pending, None
        if pending is None or not np.array_equal(pending["x"], x):
            # Told a point that was not the last one asked (e.g. a warm start): no proposal information.
            pending = {"beta": math.nan, "acq_evaluations": 0, "records": {}, "is_initial": False}
            pending["seconds"] = 0.0
        entry = {
            "x": x.copy(),
            "y": y,
            "f": f,
            "beta": pending["beta"],
            "acq_evaluations": pending["acq_evaluations"],
            "records": pending["records"],
            "is_initial": pending["is_initial"],
        }
        self._history.append(entry)
        entry["records"].update(self._update_model(x, y))
        entry["seconds"] = pending["seconds"] + time.perf_counter() - start

    # ---- run --------------------------------------------------------------------------------------------
    def run(self, objective, n_iter: int, *, callback=None, progress: bool | None = None) -> Trace:
        """Run ``n_iter`` ask/evaluate/tell iterations on ``objective`` and return the :class:`Trace`.

        Parameters
        ----------
        objective : Objective or callable
            A ``regretlab.objectives`` objective (noisy ``__call__``, noiseless ``evaluate``,
            ``optimum_value``) or any callable ``f(x) -> float`` on points of shape (D,); for a plain
            callable f(x_t) and the regrets are recorded as NaN (unknown).
        n_iter : int
            Objective evaluations in this call, initial-design points included (>= 1). Calling ``run``
            again continues the same history.
        callback : callable, optional
            ``callback(optimizer, entry)`` after each iteration, ``entry`` the history row (dict with
            x, y, f, beta, acq_evaluations, seconds, records); returning True stops the run early.
        progress : bool or None
            Show a tqdm progress bar; None (default) shows it only when standard error is a terminal, so
            logs and captured output stay clean.

        Raises
        ------
        ObjectiveError
            When the objective raises (chained with ``from``), returns something that is not one finite
            number (None, NaN, inf, a string) or returns more than one number for a point; the message
            names the iteration, the point and the value. The history up to the failing iteration is kept:
            :meth:`trace` returns it, and ``run`` can be called again to continue.
        """
        n_iter = check_count("n_iter", n_iter, low=1)
        progress = sys.stderr.isatty() if progress is None else check_bool("progress", progress)
        if not callable(objective):
            raise ValueError(f"objective={objective!r} is not callable")
        obj_bounds = getattr(objective, "bounds", None)
        if obj_bounds is not None and np.shape(obj_bounds) != (self.dim, 2):
            raise ValueError(
                f"objective has bounds of shape {np.shape(obj_bounds)}; the optimizer works in D={self.dim}"
            )
        if callback is not None and not callable(callback):
            raise ValueError(f"callback={callback!r} is not callable")
        evaluate = getattr(objective, "evaluate", None)
        optimum = getattr(objective, "optimum_value", None)
        self._optimum_value = math.nan if optimum is None else float(optimum)
        name = getattr(objective, "name", None) or getattr(objective, "__name__", None)
        self._objective_name = None if name is None else str(name)
        self._bound_warning_pending = True
        self._stuck_warning_pending = True
        self._jitter_warning_pending = True
        self._scale_warning_pending = True
        if self.uses_model and self.n_observations + n_iter <= self.n_init:
            warnings.warn(
                f"{self.name}.run(n_iter={n_iter}) after {self.n_observations} observations stays within the "
                f"initial design of n_init={self.n_init} points: no acquisition step is taken; pass "
                f"n_iter > {self.n_init - self.n_observations} or a smaller n_init",
                InitialDesignOnlyWarning,
                stacklevel=2,
            )
        for _ in tqdm(range(n_iter), desc=self.name, disable=not progress, leave=False):
            x = self.ask()
            y = _objective_value("objective(x)", objective, x, self.n_observations + 1)
            f = (_objective_value("objective.evaluate(x)", evaluate, x, self.n_observations + 1)
                 if callable(evaluate) else math.nan)
            self._tell(x, y, f)
            if callback is not None and callback(self, self._history[-1]) is True:
                break
        return self.trace()

    def trace(self) -> Trace:
        """The :class:`Trace` of the history so far."""
        h = self._history
        return Trace(
            x=self.X,
            y=self.y,
            f=[e["f"] for e in h],
            beta=[e["beta"] for e in h],
            acq_evaluations=[e["acq_evaluations"] for e in h],
            seconds=[e["seconds"] for e in h],
            is_initial=[e["is_initial"] for e in h],
            records=[dict(e["records"]) for e in h],
            bounds=self.bounds.copy(),
            optimum_value=self._optimum_value,
            algorithm=self.name,
            params=dict(self.params),
            seed=self.seed,
            objective=self._objective_name,
            version=__version__,
        )
