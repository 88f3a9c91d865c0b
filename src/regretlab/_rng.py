"""The one RNG gate (DESIGN convention 5): ``rng`` accepts None, an int or a Generator.

A leaf module (imports only numpy), so every part of the project may use it. regretlab never touches
numpy's global RNG state.
"""

from __future__ import annotations

import numpy as np

__all__ = ["as_generator", "check_seed", "seeded_generator"]


def check_seed(name: str, value) -> int:
    """Validate a seed: a non-negative Python or numpy integer (not a bool, not a float); return an int.

    >>> check_seed("seed", 3)
    3
    >>> check_seed("seed", -1)
    Traceback (most recent call last):
    ...
    ValueError: seed=-1 is outside its domain: a seed must be a non-negative int
    """
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise ValueError(f"{name}={value!r} is not a seed: its domain is the non-negative ints")
    if value < 0:
        raise ValueError(f"{name}={value!r} is outside its domain: a seed must be a non-negative int")
    return int(value)


def as_generator(rng=None) -> np.random.Generator:
    """Return a :class:`numpy.random.Generator` for ``rng``.

    ``None`` gives a freshly seeded generator, an int seeds a PCG64 generator, and a Generator is
    returned unchanged (so a caller's stream is shared, not copied).

    >>> bool(as_generator(0).integers(10) == as_generator(0).integers(10))
    True
    """
    if isinstance(rng, np.random.Generator):
        return rng
    if rng is None:
        return np.random.default_rng()
    if isinstance(rng, bool) or not isinstance(rng, int | np.integer):
        raise ValueError(f"rng={rng!r} is not None, an int seed or a numpy.random.Generator")
    return np.random.default_rng(check_seed("rng", rng))


def seeded_generator(rng=None) -> tuple[int | None, np.random.Generator]:
    """Return ``(seed, Generator)`` for ``rng``, so that a run can record how to repeat itself.

    With ``None`` a seed is drawn from OS entropy (not numpy's global state) and returned; an int is its own
    seed; a caller's Generator is used as it is and the seed is None (the caller knows its stream).

    >>> seed, gen = seeded_generator(7)
    >>> seed, bool(gen.integers(10**9) == as_generator(7).integers(10**9))
    (7, True)
    """
    if rng is None:
        seed = int(np.random.SeedSequence().entropy)  # fresh OS entropy, not numpy's global state
        return seed, np.random.default_rng(seed)
    gen = as_generator(rng)
    return (None if isinstance(rng, np.random.Generator) else int(rng)), gen
