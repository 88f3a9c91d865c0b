"""Shared test configuration: hypothesis profiles (numpy-style).

``ci`` (default) keeps the whole properties suite under two minutes; ``thorough`` is selected by tox
for verification runs (``HYPOTHESIS_PROFILE=thorough``). Both are derandomized so a run is
deterministic: a failure found once is found every time.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough",
    max_examples=2000,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
