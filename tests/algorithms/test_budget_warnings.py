"""Budgets that do nothing are said out loud, in every algorithm (issue 15, "defaults that do nothing").

A run whose evaluations all fall in the initial design takes no acquisition step: every model-based
optimizer — the five papers' algorithms and every baseline — warns with ``InitialDesignOnlyWarning``
naming ``n_init``, with its *default* design as with a given one; one evaluation beyond the design is not
warned about. The model-free baselines (random search, DIRECT) have no design to stay in.
"""

from __future__ import annotations

import inspect
import warnings

import numpy as np
import pytest

import regretlab.algorithms as algorithms
import regretlab.algorithms.baselines as baselines
from regretlab.algorithms import BayesianOptimizer
from regretlab.algorithms.priors import InitialDesignOnlyWarning

#: Keywords beyond bounds: group and subspace sizes that fit D = 4 (the defaults assume D >= 5), SRE's
#: budget.
_REQUIRED = {"AddGPUCB": {"d": 1}, "RPPGPUCB": {"d": 1}, "SRE": {"budget": 40, "d": 2},
             "DropoutUCB": {"d": 2}, "HeSBO": {"d": 2}, "REMBO": {"d": 2}}


def _optimizer_classes():
    found = {}
    for module in (algorithms, baselines):
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj) and issubclass(obj, BayesianOptimizer) and not inspect.isabstract(obj):
                found[obj.__name__] = obj
    return [found[name] for name in sorted(found)]


MODEL_BASED = [cls for cls in _optimizer_classes() if cls.uses_model]


def _quadratic(x):
    return -float(np.sum(np.asarray(x) ** 2))


def test_the_list_covers_the_papers_algorithms_and_baselines():
    names = {cls.__name__ for cls in MODEL_BASED}
    assert {"GPUCB", "MSUCB", "AddGPUCB", "RPPGPUCB", "GPUCBUBO", "GPEI", "REMBO", "HeSBO"} <= names
    assert len(MODEL_BASED) >= 13


@pytest.mark.parametrize("cls", MODEL_BASED, ids=lambda cls: cls.__name__)
def test_a_budget_inside_the_default_initial_design_is_warned_about(cls):
    """The default n_init (e.g. MS-UCB's 20 at any D) and a budget that does not exceed it: a warning
    naming n_init; one evaluation more: none."""
    bounds = [[-1.0, 1.0]] * 4
    optimizer = cls(bounds, rng=0, **_REQUIRED.get(cls.__name__, {}))
    n_init = optimizer.n_init
    with pytest.warns(InitialDesignOnlyWarning, match=f"n_init={n_init}"):
        optimizer.run(_quadratic, n_init, progress=False)
    fresh = cls(bounds, rng=0, acq_budget=30, **_REQUIRED.get(cls.__name__, {}))
    with warnings.catch_warnings():
        warnings.simplefilter("error", InitialDesignOnlyWarning)
        fresh.run(_quadratic, fresh.n_init + 1, progress=False)
