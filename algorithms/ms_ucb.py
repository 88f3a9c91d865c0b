r"""MS-UCB [TranThe2020, Alg. 1]: GP-UCB on random subspaces.

Split :math:`\mathbf x\in[-1,1]^D` as :math:`\mathbf x=\mathbf A\mathbf y+\mathbf B\mathbf z`
([TranThe2020, Lemma 1]) with the free block :math:`\mathbf y\in[-1,1]^d` (the **last** :math:`d` coordinates)
and the anchor :math:`\mathbf z\in[-1,1]^{D-d}` (the first :math:`D-d`). At iteration :math:`t` draw
:math:`N_t=N_0t^\alpha` new uniform anchors, :math:`Z_t=Z_{t-1}\cup\{\mathbf z_t^1,\dots,\mathbf z_t^{N_t}\}`,
and maximise the UCB on every subspace :math:`\mathcal S(\mathbf A,\mathbf z)`, :math:`\mathbf z\in Z_t`
([TranThe2020, Def. 1, Eq. (7)-(8)]):

.. math::

    \mathbf y_t,\mathbf z_t=\arg\max_{\mathbf y\in[-1,1]^d,\ \mathbf z\in Z_t}
    \mu_{t-1}(\mathbf A\mathbf y+\mathbf B\mathbf z)
    +\sqrt{\beta_t}\,\sigma_{t-1}(\mathbf A\mathbf y+\mathbf B\mathbf z).

:math:`\beta_t` comes from :mod:`regretlab.bounds.ms_ucb` (the formula that is tested is the one that runs).
"""

from __future__ import annotations

import math

import numpy as np

from regretlab._validate import (
    check_choice,
    check_count,
    check_integer,
    check_number,
    check_probability,
)
from regretlab.bounds import ms_ucb as ms_ucb_bounds
from regretlab.gp import Matern52

from .acquisition import Acquisition, Restricted
from .base import BayesianOptimizer, LoopDefaults, Proposal
from .beta import BetaFormula, BetaOptions
from .maximize import maximize_lbfgsb_many
from .priors import default_kernel

__all__ = ["MSUCB", "ROUNDINGS", "ACTIVE_COORDINATES", "START_RULES", "BETA_TIMES"]

#: How a non-integer N_0 t^α becomes a count (``rounding`` of :func:`regretlab.bounds.ms_ucb.n_t`).
ROUNDINGS = ("ceil", "none")
#: Which coordinates are the free block y: the paper's last d, or a fixed random d-subset.
ACTIVE_COORDINATES = ("last", "first", "random")
#: How ``n_starts`` is read: L-BFGS-B starts per subspace, or the iteration's starts split among subspaces.
START_RULES = ("per_subspace", "split")
#: Which t the β_t schedule reads: the loop's count of all observations, or Alg. 1's iteration counter.
BETA_TIMES = ("global", "local")
#: Rows per acquisition batch when the subspaces are points (d = 0).
_BATCH_ROWS = 4096


class MSUCB(BayesianOptimizer):
    r"""MS-UCB, [TranThe2020, Alg. 1]: UCB maximised on random subspaces.

    .. math::

        \mathbf x_t=\arg\max_{\mathbf x\in\mathcal X_t}\mu_{t-1}(\mathbf x)
        +\sqrt{\beta_t}\,\sigma_{t-1}(\mathbf x),
        \qquad \mathcal X_t=\bigcup_{\mathbf z\in Z_t}\mathcal S(\mathbf A,\mathbf z),\qquad
        |Z_t|=\sum_{j=1}^tN_0j^\alpha.

    [TranThe2020-ext, Eq. (2)] prints the acquisition as
    :math:`\mu_{t-1}(\mathbf x)+\sqrt{\beta_t\sigma_{t-1}(\mathbf x)}`; that is a typo (its proofs use the
    GP-UCB rule of [Srinivas2010, Alg. 1], and [TranThe2020-AAAI, Eq. (2)] prints it). The UCB here is
    :math:`\mu+\sqrt{\beta}\,\sigma`.

    **Domain.** The paper works on :math:`\mathcal X=[-1,1]^D`. The user's box :math:`\prod_i[l_i,u_i]` is the
    image of :math:`[-1,1]^D` under the coordinate-wise affine map
    :math:`\varphi(\mathbf v)=\mathbf l+(\mathbf v+1)\odot(\mathbf u-\mathbf l)/2` (:meth:`from_unit`, inverse
    :meth:`to_unit`). The anchors :math:`Z_t` are drawn and stored in the paper's :math:`[-1,1]^{D-d}`
    (:attr:`Z`). Because :math:`\varphi` acts coordinate by coordinate,
    :math:`\varphi(\mathcal S(\mathbf A,\mathbf z))` is the box whose fixed coordinates are
    :math:`\varphi_{\bar A}(\mathbf z)` and whose free coordinates range over the free sides of ``bounds``;
    the free block is searched directly on those sides (DIRECT normalises its box, and L-BFGS-B's uniform
    starts are the images of uniform starts on :math:`[-1,1]^d`), which avoids a second round-off and makes
    ``d = D`` reproduce :class:`~regretlab.algorithms.gp_ucb.GPUCB` bit for bit. The GP sees the user's
    coordinates.

    **Subspace coordinates.** Lemma 1 / Def. 1 fix :math:`\mathbf A=[\mathbf 0,\mathbf I_d]^\top`: the free
    block is the *last* :math:`d` coordinates (``active="last"``, default); ``active="first"`` takes the first
    :math:`d` (a relabelling that matters for objectives whose coordinates are not exchangeable, such as the
    rotated Hyper-Ellipsoid, whose last coordinates carry the least variation). ``active="random"`` uses a
    fixed random :math:`d`-subset drawn once from ``rng`` at construction (none is drawn when ``d`` is 0
    or :math:`D`; a relabelling of the coordinates;
    the analysis is unchanged because :math:`\mathbf z` is uniform on a box).

    **Iteration counters.** :math:`N_t` uses Algorithm 1's counter :math:`t=1,2,\dots` of MS-UCB iterations
    after the ``n_init`` initial points (records ``iteration``); :math:`|Z_t|` always equals
    ``bounds.ms_ucb.zt_size(t=iteration, N0, alpha, rounding)``, also when ``ask`` is repeated.
    :math:`\beta_t` uses the shared loop's :math:`t` (counting every observation, as :class:`GPUCB`
    does); since :math:`\beta_t` increases in :math:`t` this is the conservative choice.

    **Limits.** ``d = 0``: each subspace is the point :math:`\varphi(\mathbf z)`,
    :math:`\mathbf z\in Z_t\subset[-1,1]^D`; the acquisition is evaluated on :math:`Z_t` in batches and
    :math:`\beta_t` is the Discussion's :math:`4\log(\pi^2t^2/2\delta)`
    (:func:`regretlab.bounds.ms_ucb.beta_t_d0`). ``d = D``: :math:`[-1,1]^0` has one point, so
    :math:`Z_t=\{()\}` (``Z_size`` is 1, no random draws) and the algorithm is GP-UCB on the whole box.

    **Budget.** Without ``acq_budget`` each searched subspace gets ``subspace_budget`` acquisition evaluations
    (default :math:`\min(5000,100d)`, the :math:`\min(5000,100D)` of [Kandasamy2015, §5] for a
    :math:`d`-dimensional box; one evaluation per point when ``d = 0``), all :math:`|Z_t|` subspaces are
    searched and the cost grows with :math:`|Z_t|` as in the paper. With ``acq_budget`` (a hard cap on the
    iteration's total) the subspaces searched get equal shares (the remainder one extra evaluation each for
    the first ones), capped by ``subspace_budget`` if that is given too. Each share is at least :math:`2d+1`
    (DIRECT's first sweep of a :math:`d`-box; 1 when ``d = 0``): when :math:`|Z_t|` shares do not fit, a
    uniformly random subset of :math:`\lfloor\text{acq\_budget}/(2d+1)\rfloor` subspaces is searched (records
    ``n_subspaces``). The iteration's acquisition evaluations are reported in the trace (``acq_evaluations``).
    With L-BFGS-B the starts of all searched subspaces run together, one acquisition call per round for all of
    them (``batch_subspaces``, default True): each subspace keeps its own starts, caps and L-BFGS-B runs, so
    the result is the one-subspace-after-another search's, at a fraction of the cost (one iteration with the
    paper's 181 subspaces at D = 100, d = 5: 2.0 s against 34 s, ``benchmarks/ms_ucb_iteration.py``).
    With a stationary kernel (the default Matérn-5/2) the UCB is evaluated on the GP's posterior on the
    searched subspaces (:meth:`regretlab.gp.GP.subspace_posterior`): each anchor's squared distances to the
    data over its D - d fixed coordinates are computed once an iteration, so a point costs O(t d) for its
    distances and gradient instead of O(t D), to the same values up to round-off (the two blocks' sums are
    added in another order). One iteration at D = 500, d = 10, t = 250 with 230 subspaces: 3.5 CPU s against
    10.5 before (D = 100: 0.93 against 1.21; D = 20: 0.35 against 0.39; ``benchmarks/ms_ucb_iteration.py``'s
    setup); a whole TranThe2020 Fig. 4 run (D = 500, 300 evaluations, α = 1): 703 CPU s against 2,173-2,937
    for the five made before (on another machine).

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
        The box; mapped affinely to the paper's :math:`[-1,1]^D` (see above).
    d : int
        Subspace dimension, :math:`0\le d\le D` (the paper's range is :math:`1\le d<D`; the ends are the
        Discussion's limits). Default :math:`\min(5, D)` ([TranThe2020, §Experiments] uses :math:`d=5`).
    N0 : int
        :math:`N_0\ge1` ([TranThe2020, Alg. 1, line 4]).
    alpha : float
        :math:`\alpha\ge0`, :math:`N_t=N_0t^\alpha`. Default :math:`(N_0,\alpha)=(1,0)` as in
        [TranThe2020, §Experiments] (scalability runs).
    rounding : {"ceil", "none"}
        How :math:`N_0t^\alpha` becomes a count, as in :func:`regretlab.bounds.ms_ucb.n_t`: ``"ceil"``
        (default) :math:`\lceil N_0t^\alpha\rceil`; ``"none"`` the paper's :math:`N_0t^\alpha` as printed,
        which needs an integer :math:`\alpha` (the paper's :math:`\alpha\in\mathbb N`). Both agree for
        integer :math:`\alpha`.
    active : {"last", "first", "random"}
        The free coordinates (see above).
    starts : {"per_subspace", "split"}
        How ``n_starts`` is read: ``"per_subspace"`` (default) L-BFGS-B starts on every searched subspace;
        ``"split"`` the iteration's starts, divided as evenly as possible among the searched subspaces (at
        least one each). [TranThe2020, §Experiments] prints "LBFGS-B with :math:`10\times D` random starts"
        and does not say how they are divided among the subspaces; ``"split"`` with ``n_starts=10*D`` keeps
        the iteration's cost at GP-UCB's.
    beta_time : {"global", "local"}
        The t of :math:`\beta_t`: ``"global"`` (default) counts every observation, as :class:`GPUCB` does;
        ``"local"`` is Alg. 1's iteration counter (t = 1 at the first BO step), the reading of the
        algorithm box. Both are named readings; the paper does not say which its experiments used.
    beta : {"theory", "constant"}
        The :math:`\beta_t` schedule (:mod:`regretlab.algorithms.beta`):

        * ``"theory"`` (default): :func:`regretlab.bounds.ms_ucb.beta_t` (reading A, the algorithm's:
          :math:`2\log\frac{\pi^2t^2}{\delta}+2d\log(2bd\sqrt{\log(6Da/\delta)}\,t^2)`), and for ``d = 0``
          :func:`regretlab.bounds.ms_ucb.beta_t_d0`;
        * ``"constant"``: :math:`\beta_t=` ``beta_value`` (with ``GPUCB(beta="constant")`` and ``d = D`` this
          reproduces GP-UCB's trace).
    beta_scale : float
        Multiplies the schedule, the constant included (> 0, default 1: the formula as printed). The
        theoretical :math:`\beta_t` over-explores; [Ha2019, §6] scale it down by a factor 5
        (``beta_scale=0.2``), following [Srinivas2010]; [Kandasamy2015, §5] use the small heuristic
        :math:`0.2d\log2t`. (The former ``beta="scaled"`` is ``beta="theory", beta_scale=0.2``.)
    beta_value : float
        :math:`\beta` of the ``"constant"`` schedule (> 0).
    delta : float
        Confidence :math:`\delta\in(0,1)` of the theoretical schedules.
    a, b : float
        Assumption 1 constants (:math:`\mathbb P[\sup|\partial f/\partial x_i|>L]\le ae^{-(L/b)^2}`),
        validated as in :mod:`regretlab.bounds.ms_ucb`: :math:`a\ge1`, :math:`b>0`.
    subspace_budget : int, optional
        Acquisition evaluations per subspace (see **Budget**).
    max_subspaces : int, optional
        At most this many subspaces searched per iteration, drawn uniformly at random without replacement
        from :math:`Z_t` when :math:`|Z_t|` is larger (recorded as ``n_subspaces``). Default ``None``: every
        subspace of :math:`Z_t` (within the **Budget** rule), as Alg. 1 prints it; with :math:`\alpha=2`
        that is :math:`\sum_jN_0j^2` subspaces (7.3 million at t = 280), each with its own L-BFGS-B run.
    **kwargs
        The shared loop's options (:class:`regretlab.algorithms.base.BayesianOptimizer`). Defaults follow
        [TranThe2020, §Experiments]: ``n_init=20`` uniform random points ("randomly initialized with 20
        points"); ``acq_optimizer="lbfgsb"`` with ``n_starts`` :math:`=10d` per subspace (the paper's "LBFGS-B
        with :math:`10\times D` random starts", applied to the :math:`d`-dimensional subspaces; without a user
        ``n_starts`` each subspace gets :math:`\max(1,\min(10d,\lfloor\text{share}/10\rfloor))` starts, the
        shared loop's rule applied to the subspace's share of the budget); a Matérn-5/2 kernel ("we used
        Matern kernel") whose hyperparameters are "estimated automatically from data": the paper gives no
        refit cycle, and Alg. 1 line 9 updates the GP every iteration, so ``n_cyc=1`` (refit every iteration).

    References
    ----------
    .. [1] [TranThe2020, Alg. 1, Lemma 1, Def. 1, Eq. (5)-(8), §Discussion, §Experiments].
    .. [2] [Srinivas2010, Alg. 1].
    .. [3] [Ha2019, §6] (β_t scaled down by 5); [Kandasamy2015, §5].

    Examples
    --------
    >>> import numpy as np
    >>> opt = MSUCB([[0.0, 1.0]] * 3, d=1, N0=2, rng=0, n_init=3, acq_budget=60, n_restarts=0)
    >>> trace = opt.run(lambda x: -float(np.sum((x - 0.3) ** 2)), 6, progress=False)
    >>> [r["Z_size"] for r in trace.records[3:]], int(trace.acq_evaluations.max()) <= 60
    ([2, 4, 6], True)
    """

    name = "MS-UCB"
    beta_advice = (
        "bounds/ERRATA.md: reading A is negative when 2 b d sqrt(log(6Da/delta)) t^2 < 1; "
        "use a larger b or beta='constant'"
    )
    defaults = LoopDefaults(
        n_init=20, n_cyc=1, acq_optimizer="lbfgsb",
        sources={"n_init": '[TranThe2020, §Experiments]: "randomly initialized with 20 points"',
                 "n_cyc": "not stated; [TranThe2020, Alg. 1, line 9] updates the GP every iteration and the "
                          "hyperparameters are 'estimated automatically from data': refitted each time",
                 "acq_optimizer": '[TranThe2020, §Experiments]: "LBFGS-B with 10 x D random starts"'},
    )
    beta_options = BetaOptions(
        formulas={
            "theory": BetaFormula(
                ms_ucb_bounds.beta_t,
                lambda opt, t: {"t": opt._beta_t_argument(t), "delta": opt.delta} if opt.d == 0 else
                {"t": opt._beta_t_argument(t), "d": opt.d, "D": opt.dim, "a": opt.a, "b": opt.b,
                 "delta": opt.delta},
                kind="theory",
                source='[TranThe2020, §"Proposed Algorithm"]; d = 0: [TranThe2020, §Discussion]',
                choose=lambda opt: ms_ucb_bounds.beta_t_d0 if opt.d == 0 else ms_ucb_bounds.beta_t,
            ),
        },
        default="theory",
        retired={"scaled": "write beta='theory', beta_scale=0.2 (beta_scale multiplies every schedule)"},
    )

    def __init__(
        self,
        bounds,
        *,
        d: int | None = None,
        N0: int = 1,
        alpha: float = 0.0,
        rounding: str = "ceil",
        active: str = "last",
        starts: str = "per_subspace",
        beta_time: str = "global",
        delta: float = 0.1,
        a: float = 1.0,
        b: float = 1.0,
        subspace_budget: int | None = None,
        max_subspaces: int | None = None,
        **kwargs,
    ):
        total = kwargs.get("acq_budget")
        super().__init__(bounds, **kwargs)
        D = self.dim
        self.d = check_integer("d", min(5, D) if d is None else d, low=0, high=D)
        self.N0 = check_count("N0", N0, low=1)
        self.alpha = check_number("alpha", alpha, low=0.0)
        self.rounding = check_choice("rounding", rounding, ROUNDINGS)
        if self.rounding == "none" and self.alpha != math.floor(self.alpha):
            raise ValueError(
                f"rounding='none' needs an integer alpha (Alg. 1: N0, alpha natural numbers), got "
                f"alpha={self.alpha!r}; its domain is {{'ceil', 'none'}} with 'none' for integer alpha only"
            )
        self.active_rule = check_choice("active", active, ACTIVE_COORDINATES)
        self.starts = check_choice("starts", starts, START_RULES)
        self.beta_time = check_choice("beta_time", beta_time, BETA_TIMES)
        self.delta = check_probability("delta", delta)
        self.a = check_number("a", a, low=1.0)
        self.b = check_number("b", b, low=0.0, low_open=True)
        self.total_budget = None if total is None else self.acq_budget
        if subspace_budget is not None:
            subspace_budget = check_count("subspace_budget", subspace_budget, low=1)
        self._subspace_budget_given = subspace_budget
        self.max_subspaces = None if max_subspaces is None else check_count("max_subspaces", max_subspaces,
                                                                             low=1)
        default_share = 1 if self.d == 0 else min(5000, 100 * self.d)
        self.subspace_budget = default_share if subspace_budget is None else subspace_budget
        self.active, self.inactive = self._choose_coordinates()
        self._n_starts_given = kwargs.get("n_starts") is not None
        if not self._n_starts_given:
            self.n_starts = self._default_starts(int(self._split_budget(self._first_z_size())[1].max()))
        self._z_buffer = np.empty((0, D - self.d))  # Z_t's rows and spare capacity (_append_anchors)
        self._Z = self._z_buffer[:0]
        self._z_iterations = 0  # Alg. 1 iterations whose anchors have been drawn
        self._record_params(
            "n_starts", "d", "N0", "alpha", "rounding", "delta", "a", "b", "subspace_budget", "starts",
            "beta_time", "max_subspaces",
            acq_budget=self.total_budget, active=self.active_rule, active_coordinates=self.active.tolist(),
        )

    # ---- the paper's domain -----------------------------------------------------------------------------
    def to_unit(self, x) -> np.ndarray:
        r"""Map points of ``bounds`` to the paper's :math:`[-1,1]^D`: :math:`2(x-l)/(u-l)-1` (clipped)."""
        low, high = self.bounds[:, 0], self.bounds[:, 1]
        return np.clip(2.0 * (np.asarray(x, dtype=float) - low) / (high - low) - 1.0, -1.0, 1.0)

    def from_unit(self, v) -> np.ndarray:
        r"""Map points of :math:`[-1,1]^D` to ``bounds``: :math:`l+(v+1)(u-l)/2` (clipped to the box)."""
        low, high = self.bounds[:, 0], self.bounds[:, 1]
        return np.clip(low + 0.5 * (np.asarray(v, dtype=float) + 1.0) * (high - low), low, high)

    @property
    def Z(self) -> np.ndarray:
        r"""The anchors :math:`Z_t` drawn so far, shape (|Z_t|, D - d), in :math:`[-1,1]^{D-d}`."""
        return self._Z.copy()

    def _choose_coordinates(self) -> tuple[np.ndarray, np.ndarray]:
        """Free (A) and fixed (B) coordinate indices: the last d (Lemma 1), or a fixed random d-subset."""
        D, d = self.dim, self.d
        if self.active_rule == "random" and 0 < d < D:
            active = np.sort(self.rng.choice(D, size=d, replace=False))
        elif self.active_rule == "first":
            active = np.arange(d)
        else:
            active = np.arange(D - d, D)
        inactive = np.setdiff1d(np.arange(D), active)
        return active, inactive

    # ---- subspaces --------------------------------------------------------------------------------------
    def n_new_subspaces(self, iteration: int) -> int:
        r""":math:`N_t=N_0t^\alpha` for Alg. 1 iteration t, rounded by ``rounding``."""
        value = ms_ucb_bounds.n_t(t=iteration, N0=self.N0, alpha=self.alpha, rounding=self.rounding)
        return int(round(value))

    def _first_z_size(self) -> int:
        return 1 if self.d == self.dim else self.n_new_subspaces(1)

    def _grow_Z(self, iteration: int) -> None:
        """Alg. 1 lines 4-5 for each iteration up to ``iteration`` not drawn yet: N_t uniform anchors."""
        if self.d == self.dim:  # [-1, 1]^0 = {()}: every draw is the same empty anchor
            self._z_iterations = max(self._z_iterations, iteration)
            return
        while self._z_iterations < iteration:
            self._z_iterations += 1
            count = self.n_new_subspaces(self._z_iterations)
            self._append_anchors(self.rng.uniform(-1.0, 1.0, size=(count, self.dim - self.d)))

    def _append_anchors(self, anchors: np.ndarray) -> None:
        """Append rows to Z_t in a buffer that doubles when full: ``_Z`` is a view of its filled rows.

        |Z_t| grows as N_0 t^(α+1)/(α+1): at N_0 = α = 1, t(t+1)/2, about 42 thousand rows of D - d = 490
        (165 MB) at t = 290 of a TranThe2020 Fig. 4 run. Concatenating every anchor afresh each step copied
        them all each time (2.7 s CPU over such a run; 0.5 s now, the draws themselves); doubling copies each
        row O(1) times on average."""
        n_z, count = self._Z.shape[0], anchors.shape[0]
        if self._z_buffer.shape[0] < n_z + count:
            grown = np.empty((max(2 * self._z_buffer.shape[0], n_z + count), anchors.shape[1]))
            grown[:n_z] = self._Z
            self._z_buffer = grown
        self._z_buffer[n_z : n_z + count] = anchors
        self._Z = self._z_buffer[: n_z + count]

    def _z_size(self) -> int:
        return 1 if self.d == self.dim else self._Z.shape[0]

    def _split_budget(self, n_z: int) -> tuple[int, np.ndarray]:
        """(subspaces to search, per-subspace budgets) for |Z_t| = n_z (see the class docstring, Budget), at
        most ``max_subspaces``."""
        if self.max_subspaces is not None:
            n_z = min(n_z, self.max_subspaces)
        if self.total_budget is None:
            return n_z, np.full(n_z, self.subspace_budget, dtype=int)
        minimum = 1 if self.d == 0 else 2 * self.d + 1
        n_search = min(n_z, max(1, self.total_budget // minimum))
        if self.d == 0:  # a point subspace costs one evaluation
            return n_search, np.ones(n_search, dtype=int)
        share, extra = divmod(self.total_budget, n_search)
        budgets = share + (np.arange(n_search) < extra).astype(int)
        if self._subspace_budget_given is not None:
            budgets = np.minimum(budgets, self._subspace_budget_given)
        return n_search, budgets

    def _default_starts(self, share: int) -> int:
        """L-BFGS-B starts for a subspace with ``share`` evaluations: 10 d ([TranThe2020, §Experiments]), at
        most share // 10."""
        return max(1, min(10 * max(self.d, 1), share // 10))

    #: With ``acq_optimizer="lbfgsb"``, run the L-BFGS-B starts of all searched subspaces together, one
    #: acquisition call per round for all of them
    #: (:func:`~regretlab.algorithms.maximize.maximize_lbfgsb_many`); False: one subspace after another.
    #: Each subspace gets the same starts, caps and L-BFGS-B runs either way
    #: (``tests/algorithms/test_ms_ucb.py`` compares the two); only the cost differs.
    batch_subspaces: bool = True

    def _maximize_on(self, restricted, box, budget: int, n_starts: int | None = None):
        """The shared maximiser on one subspace; without a user ``n_starts`` the starts follow the share."""
        return self.maximize_acquisition(restricted, bounds=box, budget=budget,
                                         n_starts=self._lbfgsb_starts(budget, n_starts))

    def _lbfgsb_starts(self, budget: int, n_starts: int | None) -> int:
        """The L-BFGS-B starts of a subspace with ``budget`` evaluations: ``n_starts`` if given (the "split"
        rule), else the user's ``n_starts``, else :meth:`_default_starts`; at most ``budget``."""
        if n_starts is None:
            n_starts = self.n_starts if self._n_starts_given else self._default_starts(budget)
        return min(int(n_starts), int(budget))

    def _maximize_on_all(self, acquisition, anchors, box, budgets, starts) -> list:
        """L-BFGS-B on every searched subspace at once (:func:`maximize_lbfgsb_many`): the starts, caps and
        runs of :meth:`_maximize_on` subspace after subspace, with one acquisition call per round for the
        starts of all subspaces (each row embedded in its own subspace's anchor)."""
        active = self.active
        on_anchors = self._subspace_posterior(acquisition, anchors)

        def on_subspaces(subspace, Z):
            if on_anchors is not None:
                # a stationary kernel: the anchors' distances to the data computed once, O(t d) a point
                return acquisition.from_prediction(*on_anchors.predict(subspace, Z, return_grad=True))
            X = anchors[subspace]  # a copy (fancy indexing): row i is the anchor of its subspace
            X[:, active] = Z
            return acquisition.value_and_grad(X, columns=active)   # the free block's gradient alone

        n_starts = [self._lbfgsb_starts(b, k) for b, k in zip(budgets, starts, strict=True)]
        boxes = np.broadcast_to(box, (len(anchors),) + box.shape)
        return maximize_lbfgsb_many(on_subspaces, boxes, n_starts=n_starts, max_evaluations=budgets,
                                    rng=self.rng)

    def _subspace_posterior(self, acquisition, anchors):
        """The model's posterior on the subspaces of ``anchors`` (:meth:`regretlab.gp.GP.subspace_posterior`:
        the anchors' distances to the data over the D - d fixed coordinates computed once), or None when the
        model has none (a kernel that is not stationary)."""
        make = getattr(acquisition.posterior, "subspace_posterior", None)
        return None if make is None else make(anchors, self.active)

    def _starts_per_subspace(self, n_search: int) -> np.ndarray | list[None]:
        """``starts="split"``: the iteration's ``n_starts`` shared by ``n_search`` subspaces (>= 1 each)."""
        if self.starts == "per_subspace":
            return [None] * n_search
        share, extra = divmod(self.n_starts, n_search)
        return np.maximum(1, share + (np.arange(n_search) < extra).astype(int))

    def _beta_t_argument(self, t: int) -> int:
        """The t passed to the β_t formula: the loop's t, or Alg. 1's iteration t - n_init (>= 1)."""
        return t if self.beta_time == "global" else max(1, t - self.n_init)

    def _anchor_points(self, searched) -> np.ndarray:
        """Row i: the point of ``bounds`` with fixed coordinates φ(z), z the ``searched[i]``-th anchor (free
        coordinates at the box centre), shape (len(searched), D); φ is elementwise, so each row is what
        mapping that anchor alone gives."""
        v = np.zeros((len(searched), self.dim))
        if self.d < self.dim:
            v[:, self.inactive] = self._Z[searched]
        return self.from_unit(v)

    # ---- the algorithm ----------------------------------------------------------------------------------
    def _propose(self, t: int, beta: float) -> Proposal:
        """Alg. 1 lines 4-6: grow Z_t, maximise the UCB on each searched subspace, keep the best."""
        iteration = max(1, t - self.n_init)
        self._grow_Z(iteration)
        n_z = self._z_size()
        n_search, budgets = self._split_budget(n_z)
        if n_search < n_z:
            searched = np.sort(self.rng.choice(n_z, size=n_search, replace=False))
        else:
            searched = np.arange(n_z)
        acquisition = Acquisition(self.model, "ucb", beta=beta)
        if self.d == 0:
            x, z_index, n_eval = self._best_point(acquisition, searched)
        else:
            x, z_index, n_eval = self._best_on_subspaces(acquisition, searched, budgets)
        records = {
            "iteration": int(iteration),
            "Z_size": int(n_z),
            "n_subspaces": int(n_search),
            "z_index": int(z_index),
            "subspace_budget": int(budgets.max()),
        }
        return Proposal(x, n_eval, records)

    def _best_on_subspaces(self, acquisition, searched, budgets) -> tuple[np.ndarray, int, int]:
        """Maximise the acquisition on S(A, z) for each searched z (Eq. (8)); best point over them."""
        box = self.bounds[self.active]
        best_value, best_x, best_index, n_eval = -np.inf, None, int(searched[0]), 0
        starts = [None if k is None else int(k) for k in self._starts_per_subspace(len(searched))]
        anchors = self._anchor_points(searched)
        if self.acq_optimizer == "lbfgsb" and self.batch_subspaces:
            # one pooled maximisation: no per-subspace Restricted (thousands a step, each validated)
            results = self._maximize_on_all(acquisition, anchors, box, budgets, starts)
        else:
            on_anchors = self._subspace_posterior(acquisition, anchors)
            searches = ((Restricted(acquisition, anchor, self.active) if on_anchors is None
                         else _OnSubspace(acquisition, on_anchors, s)) for s, anchor in enumerate(anchors))
            results = (self._maximize_on(search, box, int(budget), k)
                       for search, budget, k in zip(searches, budgets, starts, strict=True))
        for index, anchor, result in zip(searched, anchors, results, strict=True):
            n_eval += result.n_evaluations
            if best_x is None or result.value > best_value:
                best_x = anchor.copy()
                best_x[self.active] = result.x   # the point of S(A, z) (Restricted.embed)
                best_value, best_index = result.value, int(index)
        return best_x, best_index, n_eval

    def _best_point(self, acquisition, searched) -> tuple[np.ndarray, int, int]:
        """d = 0: each subspace is the point φ(z); evaluate the acquisition on them in batches."""
        best_value, best_index = -np.inf, int(searched[0])
        for start in range(0, searched.size, _BATCH_ROWS):
            chunk = searched[start : start + _BATCH_ROWS]
            values = acquisition(self.from_unit(self._Z[chunk]))
            i = int(np.argmax(values))
            if values[i] > best_value:
                best_value, best_index = float(values[i]), int(chunk[i])
        return self.from_unit(self._Z[best_index]), best_index, int(searched.size)

    def make_kernel(self):
        """The prior kernel: ``kernel=`` if given, else Matérn-5/2 ([TranThe2020, §Experiments]), base length
        scale."""
        if self._kernel_spec is not None:
            return super().make_kernel()
        return default_kernel(Matern52, self.bounds)


class _OnSubspace:
    """The acquisition on the ``index``-th subspace of a subspace posterior, as a function of the free block
    (:class:`~regretlab.algorithms.acquisition.Restricted`'s interface, for the one-subspace-after-another
    search): the same expression the pooled search evaluates."""

    def __init__(self, acquisition, on_anchors, index: int):
        self.acquisition, self.on_anchors, self.index = acquisition, on_anchors, int(index)

    def _rows(self, Z) -> tuple[np.ndarray, np.ndarray]:
        Z = np.atleast_2d(np.asarray(Z, dtype=float))
        return np.full(Z.shape[0], self.index), Z

    def __call__(self, Z) -> np.ndarray:
        return self.acquisition.from_prediction(*self.on_anchors.predict(*self._rows(Z)))

    def value_and_grad(self, Z) -> tuple[np.ndarray, np.ndarray]:
        return self.acquisition.from_prediction(*self.on_anchors.predict(*self._rows(Z), return_grad=True))
