"""Helpers shared by the modules of this package (validation of the paper's parameters)."""

from __future__ import annotations

import numpy as np

from regretlab._validate import (
    check_integer,
)


def _t(name, t):
    return check_integer(name, t, low=1)


def _f(x):
    return np.asarray(x, dtype=float)
