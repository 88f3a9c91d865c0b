"""The experiments of [Ha2019, §6]: budgets, epsilon, beta divisor, repeats."""

from __future__ import annotations

from dataclasses import dataclass

from regretlab._validate import (
    check_choice,
    check_integer,
)

from .._registry import formula


@dataclass(frozen=True)
class ExperimentConstants:
    """The experimental settings of [Ha2019, §6] for one problem.

    Attributes
    ----------
    d : int
        Input dimension.
    n_init : int
        :math:`3d` Latin-hypercube initial points.
    budget : int
        :math:`10d` evaluations after the initial design.
    epsilon : float
        0.05 (synthetic) or 0.02 (ML tuning).
    beta_divisor : float
        :math:`\\beta_t` is divided by 5.
    repeats : int
        30 (synthetic) or 20 (ML).
    init_box_fraction : float
        Initial box side = 20% of the domain side, random centre.
    volume_doubling_every : int
        EI-Volx2 / GPUCB-Volx2 double the volume every :math:`3d` iterations.
    kernel : str
        "SE", ML-II fitted; outputs normalised to :math:`\\mathcal N(0,1)`.
    """

    d: int
    n_init: int
    budget: int
    epsilon: float
    beta_divisor: float
    repeats: int
    init_box_fraction: float
    volume_doubling_every: int
    kernel: str


@formula(
    "UBO.experiment_constants",
    latex=r"n_{init}=3d,\ T=10d,\ \epsilon\in\{0.05,0.02\},\ \beta_t/5",
    cite="[Ha2019, §6]",
)
def experiment_constants(*, d, task="synthetic") -> ExperimentConstants:
    r"""The §6 constants for a problem of dimension :math:`d`.

    .. math::

        n_{init}=3d,\quad T=10d,\quad \epsilon=0.05\ (\text{synthetic})\ /\ 0.02\ (\text{ML}),\quad
        \beta_t\to\beta_t/5

    Parameters
    ----------
    d : int, >= 1
    task : {"synthetic", "ml"}

    Returns
    -------
    ExperimentConstants

    References
    ----------
    .. [1] [Ha2019, §6 "Experimental Evaluation"].

    Examples
    --------
    >>> c = experiment_constants(d=2)
    >>> c.n_init, c.budget, c.epsilon, c.beta_divisor
    (6, 20, 0.05, 5.0)
    """
    d = check_integer("d", d, low=1)
    check_choice("task", task, ("synthetic", "ml"))
    synthetic = task == "synthetic"
    return ExperimentConstants(
        d=d, n_init=3 * d, budget=10 * d, epsilon=0.05 if synthetic else 0.02, beta_divisor=5.0,
        repeats=30 if synthetic else 20, init_box_fraction=0.2, volume_doubling_every=3 * d, kernel="SE",
    )
