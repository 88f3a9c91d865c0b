"""Helpers shared by the modules of this package (validation of the paper's parameters)."""

from __future__ import annotations

import numpy as np

from regretlab._validate import (
    check_integer,
    check_real,
)

PI2 = np.pi**2


def _dims(D, d, *, d_low: int = 1, d_high_offset: int = 1):
    """Validate integer dimensions ``D >= 2`` and ``d_low <= d <= D - d_high_offset``."""
    D = check_integer("D", D, low=max(2, d_low + d_high_offset))
    d = check_integer("d", d, low=d_low)
    high = np.asarray(D) - d_high_offset
    if np.any(np.asarray(d) > high):
        bad = np.broadcast_arrays(np.asarray(d), high)
        i = np.argwhere(bad[0] > bad[1])[0]
        dv, hv = int(bad[0][tuple(i)]), int(bad[1][tuple(i)])
        upper = "D" if d_high_offset == 0 else f"D-{d_high_offset}"
        raise ValueError(f"d={dv} is outside its domain {{{d_low}, ..., {upper}}} = {{{d_low}, ..., {hv}}}")
    return D, d


def _ab(a, b):
    a = check_real("a", a, low=1.0)
    b = check_real("b", b, low=0.0, low_open=True)
    return a, b


def _alpha_constant(alpha, D, delta, factor: float):
    """Validate the symbol alpha where a reading prints it in place of a: log(factor D alpha / delta) > 0."""
    if alpha is None:
        raise ValueError("alpha=None: this reading prints the symbol alpha in place of a; pass alpha > 0")
    alpha = check_real("alpha", alpha, low=0.0, low_open=True)
    if np.any(factor * np.asarray(D) * alpha / delta <= 1.0):
        raise ValueError(
            f"alpha={alpha!r} makes log({factor:g} D alpha / delta) <= 0; its domain here is "
            f"alpha > delta / ({factor:g} D)"
        )
    return alpha


def _n(D, d):
    D, d = _dims(D, d)
    return np.asarray(D) - np.asarray(d)
