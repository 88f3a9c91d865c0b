"""[Ha2019, Eq. (6) = Eq. (28)]: the hypercube that encloses the expanded search space."""

from __future__ import annotations

import numpy as np

from regretlab._validate import (
    check_array,
    check_real,
)

from .._registry import formula


# ---------------------------------------------------------------------------------------------------
# Eq. (6) = Eq. (28): encompassing hypercube
# ---------------------------------------------------------------------------------------------------
@formula(
    "UBO.hypercube_eq28",
    latex=(
        r"\min_{x_i\in\mathcal D_{t-1}}x_i^k-d_\epsilon\le x^k"
        r"\le\max_{x_i\in\mathcal D_{t-1}}x_i^k+d_\epsilon"
    ),
    cite="[Ha2019, Eq. (6)]",
)
def hypercube_eq28(*, X, d_eps):
    r"""Hypercube encompassing the union of balls of radius :math:`d_\epsilon` around the data.

    .. math::

        \min_{x_i\in\mathcal D_{t-1}}x_i^k-d_\epsilon\le x^k\le\max_{x_i\in\mathcal D_{t-1}}x_i^k
        +d_\epsilon,\qquad k=1,\dots,d

    Parameters
    ----------
    X : array_like, shape (n, d)
        Observed inputs.
    d_eps : float, >= 0

    Returns
    -------
    ndarray, shape (d, 2)
        Rows ``[lower, upper]`` (the project's ``bounds`` layout).

    References
    ----------
    .. [1] [Ha2019, Eq. (6) (§4.1) = Eq. (28) (App. B)].

    Examples
    --------
    >>> hypercube_eq28(X=[[0.0, 1.0], [2.0, -1.0]], d_eps=0.5).tolist()
    [[-0.5, 2.5], [-1.5, 1.5]]
    """
    X = check_array("X", X, ndim=2)
    if X.shape[0] < 1 or X.shape[1] < 1:
        raise ValueError(f"X has shape {X.shape}; expected (n, d) with n >= 1 and d >= 1")
    d_eps = check_real("d_eps", d_eps, low=0.0)
    return np.column_stack([X.min(axis=0) - d_eps, X.max(axis=0) + d_eps])
