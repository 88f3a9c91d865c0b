r"""What the additive algorithms share: a decomposition of the coordinates and the group-wise search.

Add-GP-UCB ([Kandasamy2015, Algs 1-2]) and RPP-GP-UCB ([Li2016, Alg. 3]) both model :math:`f` as a sum of
functions of disjoint groups of (possibly projected) coordinates, and both maximise the sum of per-group UCBs
group by group: the maximisers of the terms, put together, maximise the sum. :class:`AdditiveOptimizer`
takes the decomposition keywords ``groups``, ``d`` and ``M`` (read one way, by
:func:`regretlab.algorithms.groups.group_spec`) and runs the group-wise step (:meth:`~AdditiveOptimizer.
maximize_by_blocks`); each subclass decides how groups are chosen when only their size is given.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from regretlab._validate import check_number
from regretlab.gp import Stationary

from .base import BayesianOptimizer
from .groups import GroupSpec, group_spec
from .priors import LENGTHSCALE_RANGE

__all__ = ["AdditiveOptimizer", "perturb_repeated"]


def perturb_repeated(x: np.ndarray, past: np.ndarray, box: np.ndarray, ell: float,
                     rng: np.random.Generator) -> tuple[np.ndarray, int]:
    r"""Move a proposal off the earlier queries, as the Add-GP-UCB authors' ``addGPBO.m`` does: while
    :math:`\min_i\|x_i-x\|/\ell<10^{-10}`, :math:`x\leftarrow\mathrm{project}_{box}(x+0.1\,\ell\,
    \mathcal N(0,I))`.

    Parameters
    ----------
    x : ndarray (D,)
        The proposal.
    past : ndarray (n, D)
        The earlier queries (n may be 0), in the coordinates of ``x``.
    box : ndarray (D, 2)
        Where the moved point is projected (clipped).
    ell : float
        The current bandwidth ℓ > 0 in the same coordinates.
    rng : numpy.random.Generator
        Draws the moves (none is drawn when ``x`` is not a repeat).

    Returns
    -------
    x : ndarray (D,)
        The proposal, moved if it repeated a query.
    draws : int
        How many moves it took (0: not a repeat; stops at 1000, which only a box of zero width reaches).

    Raises
    ------
    ValueError
        ``ell`` not a positive finite number, or shapes that do not agree (``x`` (D,), ``past`` (n, D),
        ``box`` (D, 2)), named.

    Written by hand: the rule is the authors' code's, not a library's.
    """
    ell = check_number("ell", ell, low=0.0, low_open=True)
    x, past, box = np.asarray(x, dtype=float), np.asarray(past, dtype=float), np.asarray(box, dtype=float)
    if x.ndim != 1 or past.ndim != 2 or (past.size and past.shape[1] != x.size) or box.shape != (x.size, 2):
        raise ValueError(f"x, past, box have shapes {x.shape}, {past.shape}, {box.shape}: their domain is "
                         "(D,), (n, D) and (D, 2) with one D")
    draws = 0
    while past.size and np.min(np.sqrt(np.sum((past - x) ** 2, axis=1))) / ell < 1e-10:
        x = np.clip(x + 0.1 * ell * rng.standard_normal(x.shape[0]), box[:, 0], box[:, 1])
        draws += 1
        if draws >= 1000:  # a box of zero width: nothing to perturb (cannot happen on a real box)
            break
    return x, draws


class AdditiveOptimizer(BayesianOptimizer):
    r"""A :class:`~regretlab.algorithms.base.BayesianOptimizer` over a decomposition of the D coordinates.

    Parameters
    ----------
    bounds : array_like, shape (D, 2)
    groups : list of list of int, optional
        A known decomposition: disjoint, non-empty index lists, covering all D coordinates unless the
        algorithm allows coordinates to be left out (``groups_must_cover``).
    d : int, optional
        The largest group size, :math:`1\le d\le D` (default :math:`\lceil D/M\rceil`, or the algorithm's
        ``default_group_size``).
    M : int, optional
        The number of groups, :math:`\lceil D/d\rceil\le M\le D` (default :math:`\lceil D/d\rceil`).
    **kwargs
        The shared loop's options.

    Attributes
    ----------
    group_spec : GroupSpec
        The keywords as read: the given groups (or None) and the size :math:`(d, M)`.
    d, n_groups : int
        The largest group size and the number of groups.
    groups : list of list of int or None
        The current decomposition (None while a learned one has not been chosen yet).
    """

    #: The group size when none of groups, d, M is given, as a function of D (None: one of them is required).
    default_group_size: Callable[[int], int] | None = None
    #: Whether given groups must cover every coordinate (RPP's D x D projection does; Add-GP-UCB's need not).
    groups_must_cover: bool = True

    def __init__(self, bounds, *, groups=None, d: int | None = None, M: int | None = None, **kwargs):
        super().__init__(bounds, **kwargs)
        default = None if self.default_group_size is None else self.default_group_size(self.dim)
        self.group_spec: GroupSpec = group_spec(
            self.dim, groups=groups, d=d, M=M, default_d=default, cover=self.groups_must_cover
        )
        self.d, self.n_groups = self.group_spec.d, self.group_spec.M
        self.groups = self.choose_groups(self.group_spec)
        self._record_params("d", M=self.n_groups, groups=self.group_spec.groups)

    def _bandwidth(self, side: float) -> float:
        """The model's bandwidth ℓ, the smallest group lengthscale of the current kernel; before any fit the
        box floor of :mod:`regretlab.algorithms.priors` times ``side`` (the box's mean side in the model's
        coordinates)."""
        kernels = getattr(self.kernel, "kernels", None) or []
        scales = [np.min(k.lengthscale) for k in kernels if isinstance(k, Stationary)]
        return float(min(scales)) if scales else side * LENGTHSCALE_RANGE[0]

    def choose_groups(self, spec: GroupSpec) -> list[list[int]] | None:
        """The decomposition to start with: the given one (subclasses choose when only the size is given)."""
        return spec.groups

    def maximize_by_blocks(
        self, acquisitions, boxes, budgets, start
    ) -> tuple[np.ndarray, list[int], list[float]]:
        """Maximise restricted acquisitions one after the other, each on its box with its budget.

        Each maximiser is written into its coordinates of a copy of ``start``: the group-wise step of
        [Kandasamy2015, Alg. 1, steps 1-2] and [Li2016, Alg. 3, step 2], where the groups' maximisers
        together are the maximiser of the sum. Returns ``(point, evaluations per block, value per block)``.
        """
        point = np.array(start, dtype=float)
        evaluations, values = [], []
        for acquisition, box, budget in zip(acquisitions, boxes, budgets, strict=True):
            result = self.maximize_acquisition(acquisition, bounds=box, budget=budget)
            point[acquisition.coordinates] = result.x
            evaluations.append(int(result.n_evaluations))
            values.append(float(result.value))
        return point, evaluations, values
