"""The experiments of [Kandasamy2015, §5]: DiRect evaluation budgets."""

from __future__ import annotations

from dataclasses import dataclass

from regretlab._validate import (
    check_integer,
)

from .._registry import formula


@dataclass(frozen=True)
class Budgets:
    """DiRect budgets of [Kandasamy2015, §5]: GP-UCB's, Add-GP-UCB's total (90%), and per group."""

    gp_ucb: float
    add_total: float
    add_per_group: float


@formula("ADD.budgets", latex=r"\min(5000,100D)", cite="[Kandasamy2015, §5]")
def budgets(*, D, M) -> Budgets:
    r"""[Kandasamy2015, §5]: DiRect evaluation budgets, :math:`\min(5000,100D)` for GP-UCB, 90% of it for
    Add-:math:`d/M`.

    .. math::
        n_{GP}=\min(5000,100D),\qquad n_{Add}=0.9\,n_{GP},\qquad n_{Add}^{(j)}=0.9\,n_{GP}/M

    Parameters
    ----------
    D : int
        :math:`D\ge1`.
    M : int
        :math:`M\ge1`.

    References
    ----------
    .. [1] [Kandasamy2015, §5] (experiments: "GP-UCB ... min(5000, 100D)"; Add-2/5 at D=10: 180 per group).

    Examples
    --------
    >>> budgets(D=10, M=5)
    Budgets(gp_ucb=1000.0, add_total=900.0, add_per_group=180.0)
    """
    D = check_integer("D", D, low=1)
    M = check_integer("M", M, low=1)
    gp = float(min(5000, 100 * D))
    return Budgets(gp_ucb=gp, add_total=0.9 * gp, add_per_group=0.9 * gp / M)
