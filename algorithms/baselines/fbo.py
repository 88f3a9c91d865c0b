r"""GPUCB-FBO: GP-UCB with the filtering expansion of the search space ([Nguyen2017]); "GPUCB-FBO" of
[Ha2019, §6].

[Nguyen2017]'s text was not available offline. The module offers two readings, each a set of keywords
(:data:`CODE_READINGS`):

* ours (the defaults): the strategy as [Ha2019, §§1-2, 6] describe it — the search space grows from the
  user's box towards a bound set by the evaluation budget, and is filtered to where the maximum can still
  be — with its "extra step to numerically solve several optimization problems" replaced by a scan of
  Sobol points;
* ``code``: the filtering step of the FBO authors' public script (github.com/ntienvu/ICDM2017_FBO,
  ``prada_bayes_opt/bayesian_optimization_function_filtering.py``, ``run_FBO``/``max_volume``, read
  2026-12-07; the same group as [Ha2019]): a candidate region :math:`(T/N_t)^{1/D}` times the current box
  per side, the filtered box grown by every point that 5·D multistart L-BFGS-B runs of UCB (κ = 2, numerical
  gradients, from the best of 100·D uniform points) evaluate with UCB at least the largest LCB on the
  current box, and a persistent box grown only to hold each query.
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import minimize
from scipy.stats import qmc

from regretlab._validate import MAGNITUDE_LIMIT, check_choice, check_count, check_number

from ..acquisition import Acquisition
from ..base import Proposal
from ._common import HA2019_LOOP, ExpandingSpace, UCBBaseline

__all__ = ["FilteringBO", "CODE_READINGS"]

#: Where the FBO authors' script differs from the reading of [Ha2019]'s words: keyword -> (ours, code).
CODE_READINGS = {
    "region": ("budget", "code"),
    "filtering": ("sobol", "code"),
    "box_update": ("filtered", "query"),
}
#: The filtering step's UCB/LCB width in the FBO authors' script (``kappa=2`` in ``run_FBO``).
CODE_KAPPA = 2.0


class FilteringBO(ExpandingSpace, UCBBaseline):
    r"""GP-UCB with filtering expansion ([Nguyen2017], as [Ha2019, §6] runs it).

    At BO iteration :math:`t` of a budget of :math:`T`:

    1. the candidate region :math:`\mathcal R_t` is the user's box scaled about its centre by
       :math:`1 + (k-1)\,t/T` per side, :math:`k` = ``max_expansion``: it reaches :math:`k` times the user's
       box when the budget is spent (the budget-set bound of [Ha2019, §2]);
    2. filtering: keep the points of :math:`\mathcal R_t` whose UCB is at least the largest LCB over
       :math:`\mathcal R_t` (points that can still be the maximiser with the confidence of
       :math:`\beta_t`), and take as search space :math:`\mathcal S_t` their bounding box — per coordinate
       the smallest and largest value over the kept set (the "several optimization problems", 2D of them);
       here solved over ``n_candidates`` scrambled Sobol points of :math:`\mathcal R_t`
       (:class:`scipy.stats.qmc.Sobol`) together with the observations and the UCB maximiser, rather than
       with a constrained optimiser;
    3. :math:`x_t = \arg\max_{\mathcal S_t}\ \mathrm{UCB}`.

    Every proposal records :math:`\mathcal S_t` (``records["search_box"]``) and :math:`\mathcal R_t`
    (``records["candidate_region"]``); ``boxes`` lists each new search box with its query number.

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
        The user's initial box.
    max_expansion : float
        k > 1 above (default 10: not stated; chosen because [Ha2019, §6]'s initial box is 20 % of the
        domain's side, so scaled by 10 about any admissible centre it covers the whole domain).
    budget : int, optional
        T: the number of BO iterations (after the initial design) the region reaches ``max_expansion`` at.
        Default: from the first :meth:`run` call (its ``n_iter`` less the initial design).
    n_candidates : int
        Sobol points per filtering step (default 1024 = 2^10; ``filtering="sobol"`` only).
    region : {"budget", "code"}
        The candidate region: ``"budget"`` (step 1 above) or ``"code"``: the current search box widened on
        each side by its width times :math:`(T/N_t)^{1/D}-1` (at least 0), :math:`N_t` the observations so
        far, clipped to the user's box scaled by ``max_expansion`` (the script's limit box is the domain
        widened by 10 times its width; [Ha2019] states none).
    filtering : {"sobol", "code"}
        Step 2 above, or ``"code"``: :math:`5D` runs, each from the largest UCB of :math:`100D` uniform
        points of the region, of L-BFGS-B on the UCB over the region (finite-difference gradients, at
        most 1000 iterations, as ``scipy.optimize.minimize`` runs without a gradient in the script); every
        point evaluated, drawn or visited, whose UCB is at least the largest LCB over the current search
        box widens the filtered box, which starts as the current box.
    box_update : {"filtered", "query"}
        ``"filtered"``: the filtered box becomes the search box; ``"query"`` (the script): the query is
        chosen in the filtered box, and the search box grows only to the smallest box holding it and the
        query.
    filter_kappa : float, optional
        The filtering step's UCB/LCB width κ (UCB :math:`\mu+\kappa\sigma`); default ``None``: the
        acquisition's :math:`\beta_t^{1/2}`. The script: 2.
    **kwargs
        :class:`~regretlab.algorithms.baselines._common.UCBBaseline` and loop options.

    Examples
    --------
    >>> opt = FilteringBO([[0.0, 1.0]] * 2, rng=0, n_init=4, acq_budget=60, n_restarts=0, n_candidates=256)
    >>> trace = opt.run(lambda x: -float(np.sum((x - 2.0) ** 2)), 10, progress=False)
    >>> bool(np.all(trace.records[-1]["candidate_region"][:, 1] > 1.0))
    True
    """

    name = "GPUCB-FBO"
    acquisitions = ("ucb",)
    defaults = HA2019_LOOP

    def __init__(self, bounds, *, max_expansion: float = 10.0, budget: int | None = None,
                 n_candidates: int = 1024, region: str = "budget", filtering: str = "sobol",
                 box_update: str = "filtered", filter_kappa: float | None = None, **kwargs):
        super().__init__(bounds, **kwargs)
        self.region = check_choice("region", region, CODE_READINGS["region"])
        self.filtering = check_choice("filtering", filtering, CODE_READINGS["filtering"])
        self.box_update = check_choice("box_update", box_update, CODE_READINGS["box_update"])
        self.filter_kappa = (None if filter_kappa is None
                             else check_number("filter_kappa", filter_kappa, low=0.0, low_open=True))
        self.max_expansion = check_number("max_expansion", max_expansion, low=1.0, low_open=True)
        widths = self.bounds[:, 1] - self.bounds[:, 0]
        reach = np.abs(self.bounds.mean(axis=1)) + 0.5 * self.max_expansion * widths
        if not np.all(reach <= MAGNITUDE_LIMIT):   # check_bounds' limit: the widths must not overflow
            raise ValueError(f"max_expansion={self.max_expansion!r} grows the candidate region to "
                             f"{np.max(reach):.3g}, beyond ±1e150; choose a smaller max_expansion")
        self.budget = None if budget is None else check_count("budget", budget, low=1)
        self.n_candidates = check_count("n_candidates", n_candidates, low=2)
        self._box = self.bounds.copy()
        self.boxes: list[tuple[int, np.ndarray]] = [(1, self._box.copy())]
        self._record_params("max_expansion", "budget", "n_candidates", "region", "filtering", "box_update",
                            "filter_kappa")

    def run(self, objective, n_iter: int, *, callback=None, progress: bool | None = None):
        """:meth:`BayesianOptimizer.run`; without ``budget`` the first call sets it to its BO iterations."""
        if self.budget is None:
            total = check_count("n_iter", n_iter, low=1) + self.n_observations
            self.budget = max(1, total - self.n_init)
            self.params["budget"] = self.budget
        return super().run(objective, n_iter, callback=callback, progress=progress)

    def candidate_region(self, iteration: int) -> np.ndarray:
        """:math:`\\mathcal R_t`: the user's box scaled by :math:`1+(k-1)\\min(t/T, 1)` about its centre
        (``region="budget"``), or the current box widened per side by :math:`(T/N_t)^{1/D}-1` of its width
        and clipped to the user's box scaled by :math:`k` (``region="code"``)."""
        if self.budget is None:
            raise ValueError("FilteringBO needs budget=<BO iterations> (or run(objective, n_iter), which "
                             "sets it) to grow its candidate region with the budget")
        centre = self.bounds.mean(axis=1)[:, None]
        limit = centre + self.max_expansion * (self.bounds - centre)
        if self.region == "code":
            # run_FBO: extra_proportion = (MaxIter / len(Y))^(1/d), at least 1; each side moves out by
            # (extra_proportion - 1) widths of the current box; then max_bounds is clipped to the limit box
            extra = max(1.0, (self.budget / self.n_observations) ** (1.0 / self.dim))
            width = self._box[:, 1] - self._box[:, 0]
            grown = np.column_stack([self._box[:, 0] - width * (extra - 1.0),
                                     self._box[:, 1] + width * (extra - 1.0)])
            return np.column_stack([np.maximum(grown[:, 0], limit[:, 0]),
                                    np.minimum(grown[:, 1], limit[:, 1])])
        scale = 1.0 + (self.max_expansion - 1.0) * min(iteration / self.budget, 1.0)
        return centre + scale * (self.bounds - centre)

    def _filter_code(self, region: np.ndarray, ucb, threshold: float) -> tuple[np.ndarray, int]:
        """The script's ``max_volume``: the current box widened by every point of ``region`` that 5·D
        multistart L-BFGS-B runs on the UCB evaluate with UCB >= ``threshold``; (box, points kept).
        Written by hand: the widening is a side effect of each UCB evaluation inside scipy's optimiser."""
        low, high = self._box[:, 0].copy(), self._box[:, 1].copy()
        kept = 0

        def widen(X: np.ndarray, values: np.ndarray) -> None:
            nonlocal kept
            inside = values >= threshold
            if inside.any():
                kept += int(inside.sum())
                np.minimum(low, X[inside].min(axis=0), out=low)
                np.maximum(high, X[inside].max(axis=0), out=high)

        def negative_ucb(x: np.ndarray) -> float:
            value = ucb(x[None, :])
            widen(x[None, :], value)
            return -float(value[0])

        D = self.dim
        for _ in range(5 * D):
            tries = self.rng.uniform(region[:, 0], region[:, 1], size=(100 * D, D))
            values = ucb(tries)
            widen(tries, values)
            start = tries[int(np.argmax(values))]
            minimize(negative_ucb, start, method="L-BFGS-B", bounds=region, options={"maxiter": 1000})
        return np.column_stack([low, high]), kept

    def _propose(self, t: int, beta: float) -> Proposal:
        iteration = t - self.n_init
        region = self.candidate_region(iteration)
        ucb = Acquisition(self.model, "ucb", beta=beta)
        lcb = Acquisition(self.model, "lcb", beta=beta)
        if self.filter_kappa is not None or self.filtering == "code":
            width = (self.filter_kappa if self.filter_kappa is not None else float(np.sqrt(beta))) ** 2
            ucb_filter = Acquisition(self.model, "ucb", beta=width)
            lcb_filter = Acquisition(self.model, "lcb", beta=width)
        else:
            ucb_filter, lcb_filter = ucb, lcb
        if self.filtering == "code":
            # run_FBO: max LCB over the current box, then max_volume over the candidate region
            threshold = float(self.maximize_acquisition(lcb_filter, self._box).value)
            box, n_kept = self._filter_code(region, ucb_filter, threshold)
            return self._choose(t, ucb, box, region, n_kept, ucb_filter.n_evaluations
                                + lcb_filter.n_evaluations)
        seed = int(self.rng.integers(2**63 - 1))
        unit = qmc.Sobol(d=self.dim, scramble=True, rng=np.random.default_rng(seed)).random(self.n_candidates)
        best_ucb = self.maximize_acquisition(ucb, region)
        candidates = np.vstack([qmc.scale(unit, region[:, 0], region[:, 1]), self.X, best_ucb.x[None, :]])
        inside = np.all((candidates >= region[:, 0]) & (candidates <= region[:, 1]), axis=1)
        candidates = candidates[inside]
        threshold = float(np.max(lcb(candidates)))
        kept = candidates[ucb(candidates) >= threshold]
        if kept.shape[0] == 0:  # cannot happen (the LCB maximiser's UCB is above its LCB); kept for safety
            kept = best_ucb.x[None, :]
        box = np.column_stack([kept.min(axis=0), kept.max(axis=0)])
        flat = box[:, 1] - box[:, 0] <= 1e-12 * (region[:, 1] - region[:, 0])
        if np.any(flat):  # a degenerate side: widen it to 1 % of the region so the box stays a box
            pad = 0.005 * (region[flat, 1] - region[flat, 0])
            box[flat, 0] = np.maximum(box[flat, 0] - pad, region[flat, 0])
            box[flat, 1] = np.minimum(box[flat, 1] + pad, region[flat, 1])
        return self._choose(t, ucb, box, region, int(kept.shape[0]), lcb.n_evaluations)

    def _choose(self, t: int, ucb, box: np.ndarray, region: np.ndarray, n_kept: int,
                n_other: int) -> Proposal:
        """The UCB maximiser over the filtered ``box``; the search box becomes ``box`` (``"filtered"``) or
        grows to hold the query (``"query"``)."""
        result = self.maximize_acquisition(ucb, box)
        records = {"search_box": box.copy(), "candidate_region": region, "n_kept": n_kept}
        if self.box_update == "filtered":
            self._box = box
            self.boxes.append((t, box.copy()))
            return Proposal(result.x, ucb.n_evaluations + n_other, records)
        # run_FBO: outside the old box, the new bounds are the smallest box holding the old one and x_t
        grown = np.column_stack([np.minimum(self._box[:, 0], result.x),
                                 np.maximum(self._box[:, 1], result.x)])
        if not np.array_equal(grown, self._box):
            self._box = grown
            self.boxes.append((t, grown.copy()))
        records.update(search_box=grown.copy(), filtered_box=box.copy())
        return Proposal(result.x, ucb.n_evaluations + n_other, records)
