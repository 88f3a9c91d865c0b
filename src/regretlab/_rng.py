"""The one RNG gate (ARCHITECTURE.md rule 6): ``rng`` accepts None, an int or a Generator.

A leaf module (imports only numpy and the standard library), so every part of the project may use it.
regretlab never touches numpy's global RNG state. Named streams (rule 6 too) come from one helper,
:func:`stream`: a seed and a tuple of labels give a :class:`numpy.random.SeedSequence`, the same on every
machine, Python and ``PYTHONHASHSEED``.
"""

from __future__ import annotations

import hashlib

import numpy as np

__all__ = ["as_generator", "check_seed", "seeded_generator", "stream", "label_word"]


def label_word(label) -> int:
    """A label as one 32-bit word of a spawn key: an int as it is (it must fit 32 bits), anything else by the
    first four bytes of the sha256 of its ``str`` (stable across processes, unlike ``hash()``).

    >>> label_word(3), label_word("box") == label_word("box"), label_word("box") == label_word("method")
    (3, True, False)
    """
    if isinstance(label, bool):
        raise ValueError(f"label={label!r} is a bool; a stream label is an int in [0, 2**32) or a string")
    if isinstance(label, int | np.integer):
        if not 0 <= int(label) < 2**32:
            raise ValueError(f"label={label!r} is outside its domain [0, 2**32) for an integer label")
        return int(label)
    return int.from_bytes(hashlib.sha256(str(label).encode("utf-8")).digest()[:4], "little")


def stream(seed, *labels) -> np.random.SeedSequence:
    """The named random stream ``labels`` of ``seed``: ``SeedSequence(seed, spawn_key=words(labels))``.

    Two streams with different labels are independent for every practical purpose (numpy's ``SeedSequence``
    hashing), and a stream does not depend on which other streams were drawn, nor on their order.

    >>> a = stream(7, "box", 0).generate_state(1)[0]
    >>> b, c = stream(7, "box", 0).generate_state(1)[0], stream(7, "box", 1).generate_state(1)[0]
    >>> bool(a == b), bool(a == c)
    (True, False)
    """
    seed = check_seed("seed", seed)
    return np.random.SeedSequence(seed, spawn_key=tuple(label_word(label) for label in labels))


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
