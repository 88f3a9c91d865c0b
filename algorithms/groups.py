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

from regretlab._validate import check_count, check_integer
from regretlab.gp import check_groups

__all__ = ["GroupSpec", "group_spec", "random_decomposition", "consecutive_groups", "canonical",
           "candidate_count", "PER_GROUP"]

#: A count of candidate decompositions given as "the number of groups M" ([Li2016, §5]: "we create the M
#: combinations randomly and choose the one maximizing the marginal likelihood, where M is the number of
#: groups").
PER_GROUP = "M"


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


#: How a decomposition of D coordinates into M groups of at most d is sized.
GROUP_SIZE_RULES = ("near_equal", "code")


def group_sizes(dim: int, n_groups: int, d: int, rule: str = "near_equal") -> list[int]:
    r"""The sizes of the ``n_groups`` groups of a ``dim``-coordinate decomposition with largest group ``d``.

    ``"near_equal"``: sizes differing by at most one, the larger first (``numpy.array_split``).
    ``"code"``: [Kandasamy2015]'s authors' code (``utils/getDecompForParams.m`` with ``addRemainingDims``):
    :math:`\lceil D/d\rceil` groups, ``d`` coordinates each and the remainder in the last, which needs
    ``n_groups`` :math:`=\lceil D/d\rceil`.

    >>> group_sizes(10, 4, 3), group_sizes(10, 4, 3, "code"), group_sizes(24, 4, 7, "code")
    ([3, 3, 2, 2], [3, 3, 3, 1], [7, 7, 7, 3])
    """
    dim = check_integer("dim", dim, low=1)
    n_groups = check_integer("n_groups", n_groups, low=1, high=dim)
    d = check_integer("d", d, low=1, high=dim)
    if rule == "near_equal":
        return [len(chunk) for chunk in np.array_split(np.arange(dim), n_groups)]
    if rule != "code":
        raise ValueError(f"rule={rule!r} is not one of {GROUP_SIZE_RULES}")
    if n_groups != -(-dim // d):
        raise ValueError(
            f"group_sizes='code' with d={d}, M={n_groups} at D={dim}: the authors' code makes ceil(D/d) = "
            f"{-(-dim // d)} groups; give M={-(-dim // d)} or use 'near_equal'"
        )
    return [d] * (n_groups - 1) + [dim - d * (n_groups - 1)]


def candidate_count(name: str, value, n_groups: int, *, low: int) -> int:
    """A count of candidate decompositions: ``value`` (an integer >= ``low``), or :data:`PER_GROUP` (``"M"``)
    for ``n_groups``.

    >>> candidate_count("n_decompositions", "M", 5, low=1), candidate_count("n_decompositions", 7, 5, low=1)
    (5, 7)
    """
    if isinstance(value, str):
        if value != PER_GROUP:
            raise ValueError(f"{name}={value!r} is outside its domain: an integer >= {low} or {PER_GROUP!r} "
                             "(the number of groups)")
        return int(n_groups)
    return check_count(name, value, low=low)


def random_decomposition(rng: np.random.Generator, dim: int, n_groups: int,
                         sizes: list[int] | None = None) -> list[list[int]]:
    """A uniformly random split of ``range(dim)`` into ``n_groups`` groups: consecutive chunks of
    ``rng.permutation(dim)`` with the given ``sizes`` (default: as equal as possible, the larger first), in
    :func:`canonical` form."""
    perm = rng.permutation(dim)
    if sizes is None:
        return canonical(np.array_split(perm, n_groups))
    return canonical(np.split(perm, np.cumsum(sizes)[:-1]))


def consecutive_groups(dim: int, *, d: int | None = None, M: int | None = None) -> list[list[int]]:
    """Consecutive blocks of ``range(dim)``: of size ``d`` (the last may be smaller) or ``M`` near-equal ones.

    >>> consecutive_groups(6, d=5), consecutive_groups(6, M=4)
    ([[0, 1, 2, 3, 4], [5]], [[0, 1], [2, 3], [4], [5]])
    """
    if d is not None:
        return [list(range(i, min(i + d, dim))) for i in range(0, dim, d)]
    return [block.tolist() for block in np.array_split(np.arange(dim), M)]
