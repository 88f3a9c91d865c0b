"""The one RNG entry point (DESIGN convention 5): ``rng`` accepts None, an int or a Generator.

A leaf module (imports only numpy), so every part of the project may use it. regretlab never touches
numpy's global RNG state.
"""

from __future__ import annotations

import numpy as np

__all__ = ["as_generator"]


def as_generator(rng=None) -> np.random.Generator:
    """Return a :class:`numpy.random.Generator` for ``rng``.

    ``None`` gives a freshly seeded generator, an int seeds a PCG64 generator, and a Generator is
    returned unchanged (so a caller's stream is shared, not copied).

    >>> as_generator(0).integers(10) == as_generator(0).integers(10)
    True
    """
    if isinstance(rng, np.random.Generator):
        return rng
    if rng is None:
        return np.random.default_rng()
    if isinstance(rng, bool) or not isinstance(rng, int | np.integer):
        raise ValueError(f"rng={rng!r} is not None, an int seed or a numpy.random.Generator")
    if rng < 0:
        raise ValueError(f"rng={rng!r} is outside its domain: a seed must be a non-negative int")
    return np.random.default_rng(int(rng))
