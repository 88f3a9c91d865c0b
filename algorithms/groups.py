r"""Decompositions of the D coordinates into groups: the ``groups``, ``d`` and ``M`` keywords of the additive
algorithms, read one way for all of them.

Add-GP-UCB ([Kandasamy2015, §4.4]) and RPP-GP-UCB ([Li2016, §5]) both model :math:`f` as a sum over groups.
Both take either a known decomposition ``groups=`` (disjoint index lists covering every coordinate) or its
size: ``d`` the largest group and ``M`` the number of groups, with :math:`\lceil D/d\rceil\le M\le D`. A
missing one of the two follows from the other (:math:`M=\lceil D/d\rceil`, :math:`d=\lceil D/M\rceil`). What
each algorithm does with a size is its own: Add-GP-UCB learns the groups by marginal likelihood over random
decompositions of that size (:func:`random_decomposition`), RPP-GP-UCB uses consecutive blocks
(:func:`consecutive_groups`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from regretlab._validate import check_integer
from regretlab.gp import check_groups

__all__ = ["GroupSpec", "group_spec", "random_decomposition", "consecutive_groups", "canonical"]


@dataclass(frozen=True)
class GroupSpec:
    """A decomposition as asked for: the known groups, or only their size.

    Attributes
    ----------
    groups : list of list of int or None
        The known decomposition (``groups=``), or None when the algorithm chooses the groups.
    d : int
        The largest group size.
    M : int
        The number of groups.
    given : tuple of str
        Which of ``groups``, ``d``, ``M`` the user gave (the others are derived or defaults).
    """

    groups: list[list[int]] | None
    d: int
    M: int
    given: tuple[str, ...]


def group_spec(dim: int, *, groups=None, d=None, M=None, default_d: int | None = None,
               cover: bool = True) -> GroupSpec:
    """Validate the ``groups`` / ``d`` / ``M`` keywords of a ``dim``-dimensional additive algorithm.

    ``groups`` excludes ``d`` and ``M``; ``d`` and ``M`` may be given together. With none of them,
    ``default_d`` is the group size (and without a default one of them is required). ``cover=False`` lets
    given groups leave coordinates out (Add-GP-UCB's true decomposition of (D, d', M') = (10, 3, 3)).

    >>> group_spec(10, d=3)
    GroupSpec(groups=None, d=3, M=4, given=('d',))
    >>> group_spec(4, groups=[[0, 2], [1, 3]]).M
    2
    """
    given = tuple(name for name, value in (("groups", groups), ("d", d), ("M", M)) if value is not None)
    if groups is not None:
        if d is not None or M is not None:
            raise ValueError(
                f"groups={groups!r} was given with {' and '.join(given[1:])}: give either the decomposition "
                "groups= or its size d= / M=, not both"
            )
        checked = [list(g) for g in check_groups(groups, n_columns=dim, cover=cover)]
        return GroupSpec(checked, max(len(g) for g in checked), len(checked), given)
    if d is None and M is None:
        if default_d is None:
            raise ValueError(
                f"d=None is outside its domain {{1, ..., {dim}}}: give the decomposition groups= or its "
                "size, the largest group d and/or the number of groups M"
            )
        d = default_d
    if d is not None:
        d = check_integer("d", d, low=1, high=dim)
        low = -(-dim // d)
        M = low if M is None else check_integer("M", M, low=low, high=dim)
    else:
        M = check_integer("M", M, low=1, high=dim)
        d = -(-dim // M)
    return GroupSpec(None, int(d), int(M), given)


def canonical(groups) -> list[list[int]]:
    """Each group sorted, the groups ordered by their smallest index (equal decompositions compare equal)."""
    return sorted((sorted(int(i) for i in g) for g in groups), key=lambda g: g[0])


def random_decomposition(rng: np.random.Generator, dim: int, n_groups: int) -> list[list[int]]:
    """A uniformly random split of ``range(dim)`` into ``n_groups`` groups of sizes as equal as possible.

    The groups are consecutive chunks of ``rng.permutation(dim)`` (sizes differ by at most one, the larger
    first), in :func:`canonical` form.
    """
    return canonical(np.array_split(rng.permutation(dim), n_groups))


def consecutive_groups(dim: int, *, d: int | None = None, M: int | None = None) -> list[list[int]]:
    """Consecutive blocks of ``range(dim)``: of size ``d`` (the last may be smaller) or ``M`` near-equal ones.

    >>> consecutive_groups(6, d=5), consecutive_groups(6, M=4)
    ([[0, 1, 2, 3, 4], [5]], [[0, 1], [2, 3], [4], [5]])
    """
    if d is not None:
        return [list(range(i, min(i + d, dim))) for i in range(0, dim, d)]
    return [block.tolist() for block in np.array_split(np.arange(dim), M)]
