"""Shared test configuration: hypothesis profiles (numpy-style), and every BLAS/OpenMP pool at one thread.

One thread, because a multi-threaded BLAS sums in an order that depends on the machine's core count and
load, and pinned results (traces recorded to 1e-7, maximisers, refits) must not depend on the machine
(threadpoolctl; the experiment runner holds the same limit for every run).

``ci`` (default) keeps the whole properties suite under two minutes; ``thorough`` is selected by tox
for verification runs (``HYPOTHESIS_PROFILE=thorough``). Both are derandomized so a run is
deterministic: a failure found once is found every time.
"""

import os

import numpy  # noqa: F401  (load the BLAS libraries before limiting them: threadpoolctl sees loaded ones)
import scipy.linalg  # noqa: F401
from hypothesis import settings
from threadpoolctl import threadpool_limits

from regretlab.pytest_plugin import register_profiles

#: Held for the whole session (the object must stay alive for the limit to last).
_ONE_BLAS_THREAD = threadpool_limits(limits=1)

# The profiles' settings are the pytest plugin's (regretlab.pytest_plugin, which a user's suite gets as
# regretlab-ci / regretlab-thorough): registered here under the short names tox selects.
register_profiles(prefix="")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
