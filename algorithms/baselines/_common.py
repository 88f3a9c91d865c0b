r"""What the model-based baselines share: the GP-UCB :math:`\beta_t` schedules on the dimension a method
actually searches, the EI incumbent, and the moving search box of the expanding-space methods.

* :class:`UCBBaseline`: the loop plus ``delta``, ``a``, ``b`` and the GP-UCB schedules of
  :mod:`regretlab.bounds` evaluated on ``search_dim`` (the dimension of the space the acquisition is
  maximised over: d for an embedding, 1 for a line, D for the whole box) and ``search_side`` (its largest
  side). An EI method has the same keywords so that every baseline takes the same options; its β is unused.
* :class:`ExpandingSpace`: a search box that differs from ``bounds`` (the user's initial box) and moves, is
  recorded at every iteration (``records["search_box"]``) and refuses an objective that rejects points
  outside its own box.
"""

from __future__ import annotations

import numpy as np

from regretlab._validate import check_choice, check_count, check_number, check_probability
from regretlab.bounds import add_gp_ucb as add_bounds
from regretlab.bounds import gp_ucb as gp_ucb_bounds
from regretlab.gp import GP, Kernel, fit_hyperparameters

from ..acquisition import Acquisition
from ..base import BayesianOptimizer, LoopDefaults
from ..beta import BetaFormula, BetaOptions
from ..posteriors import ScaledPosterior

__all__ = ["UCBBaseline", "ExpandingSpace", "search_beta_options", "fit_local_gp", "ACQUISITIONS",
           "DEFAULT_LOOP", "HA2019_LOOP"]

#: The acquisitions a baseline can maximise.
ACQUISITIONS = ("ucb", "ei")

#: Loop defaults of a baseline whose paper does not give them (DropoutUCB, LineBO, HeSBO, SRE).
DEFAULT_LOOP = LoopDefaults(n_init=10, n_cyc=25, sources={
    "n_init": "not stated; chosen: 10 because [Li2016, §5] and [Kandasamy2015, §5] give every GP method "
              "N_init = 10",
    "n_cyc": "not stated; chosen: 25 as [Li2016, §5]"})

#: Loop defaults of [Ha2019, §6]'s baselines (EI-Volx2, GPUCB-Volx2, EI-H, EI-Q, GPUCB-FBO).
HA2019_LOOP = LoopDefaults(n_init=lambda D: 3 * D, n_cyc=1, init_design="lhs", sources={
    "n_init": "[Ha2019, §6]: 3d Latin-hypercube initial points for every method",
    "n_cyc": "not stated; chosen: refit every iteration as the GPUCB-UBO authors' code does",
    "init_design": "[Ha2019, §6]: Latin hypercube"})


def search_beta_options(default: str = "practical") -> BetaOptions:
    r"""GP-UCB's :math:`\beta_t` schedules on the searched space (``opt.search_dim``, ``opt.search_side``):

    * ``"thm6"``: :math:`2\log(2t^2\pi^2/\delta)+2d\log(dt^3)` ([Kandasamy2015, App. A, Thm 6]);
    * ``"srinivas_thm2"``: [Srinivas2010, Thm 2] on :math:`[0,r]^d` (``a``, ``b``, ``delta``);
    * ``"practical"``: :math:`0.2\,d\log 2t` ([Kandasamy2015, §4.4]), with d the searched dimension.
    """
    return BetaOptions(
        formulas={
            "thm6": BetaFormula(
                gp_ucb_bounds.beta_t_gpucb_thm6,
                lambda opt, t: {"t": t, "D": opt.search_dim, "delta": opt.delta},
                kind="theory", source="[Kandasamy2015, App. A, Thm 6]",
            ),
            "srinivas_thm2": BetaFormula(
                gp_ucb_bounds.beta_t_srinivas_thm2,
                lambda opt, t: {"t": t, "d": opt.search_dim, "delta": opt.delta, "a": opt.a, "b": opt.b,
                                "r": opt.search_side},
                kind="theory", source="[Srinivas2010, Thm 2]",
            ),
            "practical": BetaFormula(
                add_bounds.beta_t_practical, lambda opt, t: {"t": t, "d": opt.search_dim}, kind="practical",
                source="[Kandasamy2015, §4.4]: 0.2 d log 2t on the searched dimension",
            ),
        },
        default=default,
    )


class UCBBaseline(BayesianOptimizer):
    r"""A baseline with GP-UCB's confidence parameters (``delta``, ``a``, ``b``) and an acquisition choice.

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
    acquisition : {"ucb", "ei"}
        :math:`\mu+\sqrt{\beta_t}\sigma` ([Srinivas2010, Alg. 1]) or expected improvement over the best
        observation ([Mockus1978]; [Jones1998]); methods that only have one fix it.
    delta : float
        :math:`\delta\in(0,1)` of the theoretical schedules.
    a, b : float
        [Srinivas2010, Thm 2]'s constants (:math:`a\ge1`, :math:`b>0`) for ``beta="srinivas_thm2"``.
    xi : float
        EI's margin :math:`\xi\ge0` (default 0, as [Jones1998]).
    **kwargs
        The loop's options (:class:`~regretlab.algorithms.base.BayesianOptimizer`).
    """

    beta_options = search_beta_options()
    #: Acquisitions the method offers (a method built on one fixes it).
    acquisitions = ACQUISITIONS

    def __init__(self, bounds, *, acquisition: str = "ucb", delta: float = 0.1, a: float = 1.0,
                 b: float = 1.0, xi: float = 0.0, **kwargs):
        super().__init__(bounds, **kwargs)
        self.acquisition = check_choice("acquisition", acquisition, self.acquisitions)
        self.delta = check_probability("delta", delta)
        self.a = check_number("a", a, low=1.0)
        self.b = check_number("b", b, low=0.0, low_open=True)
        self.xi = check_number("xi", xi, low=0.0)
        self._record_params("acquisition", "delta", "a", "b", "xi")

    @property
    def uses_beta(self) -> bool:
        """UCB uses β_t; EI does not (its β_t is recorded as NaN)."""
        return self.acquisition == "ucb"

    def beta_t(self, t: int) -> float:
        """β_t of the schedule for UCB; NaN for EI, which has none."""
        t = check_count("t", t, low=1)
        return super().beta_t(t) if self.uses_beta else float("nan")

    @property
    def search_dim(self) -> int:
        """The dimension of the space the acquisition is maximised over (D unless a method says otherwise)."""
        return self.dim

    @property
    def search_side(self) -> float:
        """The largest side of the searched box (``r`` of [Srinivas2010, Thm 2])."""
        box = self.domain
        return float((box[:, 1] - box[:, 0]).max())

    def make_acquisition(self, beta: float, posterior=None) -> Acquisition:
        """UCB with β_t, or EI over the best observation, on ``posterior`` (default: the model)."""
        posterior = self.model if posterior is None else posterior
        if self.acquisition == "ucb":
            return Acquisition(posterior, "ucb", beta=beta)
        return Acquisition(posterior, "ei", best=float(np.max(self.y)), xi=self.xi)


class ExpandingSpace:
    """Mixin: a search box (``domain``) that starts at ``bounds`` and moves; every proposal records it.

    The class using it sets ``self._box`` and lists its boxes in ``self.boxes`` (one entry per change).
    """

    _box: np.ndarray

    @property
    def domain(self) -> np.ndarray:
        """The current search box (a copy), shape (D, 2)."""
        return self._box.copy()

    def run(self, objective, n_iter: int, *, callback=None, progress: bool | None = None):
        """:meth:`BayesianOptimizer.run`; an objective that rejects points outside its own box is refused,
        because the method searches beyond ``bounds`` by design."""
        if getattr(objective, "enforce_bounds", False) and getattr(objective, "bounds", None) is not None:
            raise ValueError(
                f"{self.name} searches beyond its initial box bounds={self.bounds.tolist()}, but the "
                f"objective rejects points outside its box {np.asarray(objective.bounds).tolist()} "
                "(enforce_bounds=True): build it with regretlab.objectives.get(name, enforce_bounds=False)"
            )
        return super().run(objective, n_iter, callback=callback, progress=progress)


def fit_local_gp(opt: BayesianOptimizer, X, y, kernel: Kernel, *, refit: bool = True):
    """A GP on data of the method's own (``X``, ``y``) — a subspace, a stage, a line — as the loop fits its
    model: y standardised, ML-II of ``kernel`` with the optimiser's restarts and noise options when
    ``refit`` (and ``fit_hyperparameters``), else the kernel as it is.

    Returns ``(posterior, kernel, noise_variance)``, the posterior in observation units
    (:class:`~regretlab.algorithms.posteriors.ScaledPosterior`).
    """
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    shift, scale = float(np.mean(y)), float(np.std(y))
    scale = scale if scale > 0.0 else 1.0
    y_n = (y - shift) / scale
    noise, mean = opt.noise_variance, 0.0
    if refit and opt.fit_hyperparameters:
        fit = fit_hyperparameters(kernel, X, y_n, noise_variance=opt.noise_variance, rng=opt.rng,
                                  n_restarts=opt.n_restarts, fit_noise=opt.fit_noise)
        kernel, noise, mean = fit.kernel, fit.noise_variance, fit.mean
    gp = GP(kernel, noise_variance=noise, mean=mean).fit(X, y_n)
    return ScaledPosterior(gp, shift, scale), kernel, noise
