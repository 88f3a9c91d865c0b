"""A method's role for the diagnoses, read from the class of the algorithm its setup runs: declared by the
algorithm's place in :mod:`regretlab.algorithms`, never guessed from a substring of the method's name.

>>> is_embedding("TranThe2020/REMBO"), is_additive("Li2016/RPP(d=5)"), is_ms_ucb("TranThe2020/MS-UCB(d=1)")
(True, True, True)
>>> is_embedding("TranThe2020/SRE"), is_additive("TranThe2020/GP-UCB"), is_additive("Kandasamy2015/GP-UCB")
(False, False, False)
"""

from __future__ import annotations

from regretlab.algorithms import setups
from regretlab.algorithms.additive import AdditiveOptimizer
from regretlab.algorithms.baselines._embedded import EmbeddedBO
from regretlab.algorithms.ms_ucb import MSUCB
from regretlab.experiments.spec import parse_method

__all__ = ["algorithm_of", "is_embedding", "is_additive", "is_ms_ucb"]


def algorithm_of(method: str) -> type:
    """The optimiser class the setup of ``method`` (``"Setup/Name(options)"``) runs."""
    return setups.describe(parse_method(method)[0]).algorithm


def is_embedding(method: str) -> bool:
    """Searches a random linear embedding through the box centre (REMBO, HeSBO: ``EmbeddedBO``)."""
    return issubclass(algorithm_of(method), EmbeddedBO)


def is_additive(method: str) -> bool:
    """Fits an additive model of more than one group (Add-GP-UCB and its variants, RPP-GP-UCB:
    ``AdditiveOptimizer``); Kandasamy2015's GP-UCB, the one-group case (its setup declares M = 1), does
    not."""
    name, overrides = parse_method(method)
    setup = setups.describe(name)
    declared = setup.settings.get("M")
    groups = overrides.get("M", declared.value if declared is not None else None)
    return issubclass(setup.algorithm, AdditiveOptimizer) and groups != 1


def is_ms_ucb(method: str) -> bool:
    """Runs MS-UCB (``MSUCB``), whose best case of printed Alg. 1 the floors compute."""
    return issubclass(algorithm_of(method), MSUCB)
