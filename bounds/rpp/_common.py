"""Helpers shared by the modules of this package (validation of the paper's parameters)."""

from __future__ import annotations

import numpy as np

from regretlab._validate import check_array


def _square_matrices(name: str, value) -> np.ndarray:
    """Validate a (..., D, D) stack of square matrices."""
    arr = check_array(name, value)
    if arr.ndim < 2 or arr.shape[-1] != arr.shape[-2] or arr.shape[-1] < 1:
        raise ValueError(f"{name} has shape {arr.shape}; expected (D, D) or a stack (..., D, D)")
    return arr
