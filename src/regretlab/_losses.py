"""Losses shared by a formula and an objective: a leaf (imports only numpy), so that ``regretlab.bounds``
(which states and validates them) and ``regretlab.objectives`` (which evaluates them in a hot loop) use one
body without an arrow between them. Inputs are trusted here: the public functions validate first."""

from __future__ import annotations

import numpy as np

__all__ = ["ramp"]


def ramp(u, s: float = 0.0) -> np.ndarray:
    r"""The ramp loss :math:`R_s(u)=H_1(u)-H_s(u)`, :math:`H_s(u)=\max(0,s-u)`, elementwise (no checks;
    :func:`regretlab.bounds.ms_ucb.ramp_loss` is the validated, cited form).

    >>> ramp(np.array([-2.0, 0.5, 3.0])).tolist()
    [1.0, 0.5, 0.0]
    """
    return np.maximum(0.0, 1.0 - u) - np.maximum(0.0, s - u)
