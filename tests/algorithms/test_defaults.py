"""Each algorithm declares its loop defaults in one place, with their sources (issue 8 §4)."""

import dataclasses

import numpy as np
import pytest

from regretlab.algorithms import GPUCB, GPUCBUBO, MSUCB, RPPGPUCB, AddGPUCB, LoopDefaults

PAPER_ALGORITHMS = (GPUCB, MSUCB, AddGPUCB, RPPGPUCB, GPUCBUBO)
BOX = np.tile([0.0, 1.0], (4, 1))


@pytest.mark.parametrize("cls", PAPER_ALGORITHMS, ids=lambda c: c.__name__)
def test_every_default_that_differs_from_the_loop_says_where_it_comes_from(cls):
    """Each paper algorithm gives a source for n_init and n_cyc and for every other keyword it changes: a
    citation by key, or 'not stated' with the reason for the choice."""
    defaults, base = cls.defaults, LoopDefaults()
    changed = {f.name for f in dataclasses.fields(LoopDefaults) if f.name != "sources"
               and getattr(defaults, f.name) != getattr(base, f.name)}
    for keyword in changed | {"n_init", "n_cyc"}:
        source = defaults.sources.get(keyword, "")
        assert source.startswith("[") or source.startswith("not stated"), (cls.__name__, keyword, source)


def test_instances_take_the_declared_defaults_and_the_user_overrides_them():
    """The declared values reach the instances (GPUCB-UBO's 3D LHS points with normalised y, MS-UCB's L-BFGS-B
    refitted every step, every algorithm standardising y), and a keyword given by the user wins."""
    ubo = GPUCBUBO(BOX, rng=0)
    assert (ubo.n_init, ubo.init_design, ubo.normalize_y, ubo.n_cyc) == (12, "lhs", True, 1)
    ms = MSUCB(BOX, rng=0)
    assert (ms.n_init, ms.acq_optimizer, ms.n_cyc) == (20, "lbfgsb", 1)
    add = AddGPUCB(BOX, d=2, rng=0)
    assert (add.n_init, add.n_cyc, add.acq_optimizer, add.normalize_y) == (10, 25, "direct", True)
    custom = GPUCBUBO(BOX, rng=0, n_init=5, init_design="random", normalize_y=False, acq_optimizer="lbfgsb")
    assert (custom.n_init, custom.init_design, custom.normalize_y, custom.acq_optimizer) == (
        5, "random", False, "lbfgsb")
