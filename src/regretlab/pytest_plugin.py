"""The pytest plugin (entry point ``pytest11``: ``regretlab``) giving a user's own suite the hypothesis
profiles and fixtures the project's suites use (issue 75.2).

Installed with regretlab, pytest loads it in every session; it changes nothing by itself. It offers:

- hypothesis profiles ``regretlab-ci`` (60 examples) and ``regretlab-thorough`` (2000), both derandomized
  (a failure found once is found every time) with no deadline (a GP fit's time depends on the machine):
  select one with hypothesis's own ``--hypothesis-profile regretlab-ci``;
- ``regretlab_seed``: an int seed that is a function of the test's node id only (the same in every session,
  on every machine, under ``-p xdist`` or not), and ``regretlab_rng``, a ``numpy.random.Generator`` of it;
- ``one_blas_thread``: holds every BLAS/OpenMP pool at one thread for the test (threadpoolctl), since a
  multi-threaded BLAS sums in an order that depends on the machine's core count, and a test pinned to a
  value must not.

Its names are prefixed (``regretlab-``, ``regretlab_``) or say what they do, so it shadows no fixture of the
user's own.
"""

from __future__ import annotations

import numpy as np
import pytest
from threadpoolctl import threadpool_limits

from regretlab._rng import stream

__all__ = ["PROFILES", "register_profiles", "seed_for", "regretlab_seed", "regretlab_rng", "one_blas_thread"]

#: The hypothesis settings of the project's profiles, by name; ``tests/conftest.py`` registers the same
#: settings as ``ci`` and ``thorough`` (one definition).
PROFILES = {
    "regretlab-ci": {"max_examples": 60, "deadline": None, "derandomize": True},
    "regretlab-thorough": {"max_examples": 2000, "deadline": None, "derandomize": True},
}


def register_profiles(prefix: str = "regretlab-") -> list[str]:
    """Register :data:`PROFILES` with hypothesis under ``prefix`` + their short name (``ci``, ``thorough``);
    returns the names registered ([] when hypothesis is not installed: the plugin then offers only the
    fixtures)."""
    try:
        # lazy: loaded in every pytest session; hypothesis (0.3 s) only when profiles register
        from hypothesis import HealthCheck, settings
    except ImportError:   # hypothesis is the test extra's; without it the seed and BLAS fixtures still work
        return []
    names = []
    for name, values in PROFILES.items():
        short = name.removeprefix("regretlab-")
        settings.register_profile(prefix + short, suppress_health_check=[HealthCheck.too_slow], **values)
        names.append(prefix + short)
    return names


def pytest_configure(config):
    """Register the profiles before hypothesis's own plugin reads ``--hypothesis-profile``."""
    register_profiles()


def seed_for(nodeid: str) -> int:
    """The seed of the test ``nodeid``: the project's named stream of seed 0 labelled by the id
    (:func:`regretlab._rng.stream` words a string label stably; Python's ``hash`` changes per process), as
    one int in [0, 2**32)."""
    if not isinstance(nodeid, str):
        raise ValueError(f"nodeid={nodeid!r} is not a str (a pytest node id)")
    return int(stream(0, "pytest", nodeid).generate_state(1, dtype=np.uint32)[0])


@pytest.fixture
def regretlab_seed(request) -> int:
    """A seed for this test, a function of its node id only (:func:`seed_for`)."""
    return seed_for(request.node.nodeid)


@pytest.fixture
def regretlab_rng(regretlab_seed) -> np.random.Generator:
    """A ``numpy.random.Generator`` seeded with :func:`regretlab_seed`: the same draws every session."""
    return np.random.default_rng(regretlab_seed)


@pytest.fixture
def one_blas_thread():
    """Every BLAS/OpenMP thread pool held at one thread for the test (threadpoolctl)."""
    with threadpool_limits(limits=1):
        yield
