"""The setting of [Ha2019]: epsilon-accuracy (Eq. (4)) and Assumption 4.2 on the kernel."""

from __future__ import annotations

import numpy as np

from regretlab._validate import (
    check_choice,
    check_real,
)

from .._registry import formula
from ._common import KERNELS


# ---------------------------------------------------------------------------------------------------
# Setting: Eq. (4), Assumption 4.2
# ---------------------------------------------------------------------------------------------------
@formula("UBO.eps_accuracy", latex=r"f(x_{max})-f(x_\epsilon)\le\epsilon", cite="[Ha2019, Eq. (4)]")
def eps_accuracy(*, f_max, f_x, epsilon):
    r"""Global :math:`\epsilon`-accuracy of a point (Eq. 4).

    .. math::

        f(x_{max})-f(x_\epsilon)\le\epsilon

    Parameters
    ----------
    f_max : float or array_like
        :math:`f(x_{max})`, the global maximum.
    f_x : float or array_like
        :math:`f(x_\epsilon)` of the suggested point(s).
    epsilon : float, > 0

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [Ha2019, Eq. (4), §3].

    Examples
    --------
    >>> eps_accuracy(f_max=1.0, f_x=0.96, epsilon=0.05)
    True
    """
    f_max = check_real("f_max", f_max)
    f_x = check_real("f_x", f_x)
    epsilon = check_real("epsilon", epsilon, low=0.0, low_open=True)
    ok = (np.asarray(f_max) - f_x) <= epsilon
    return bool(ok) if np.ndim(ok) == 0 else ok


@formula(
    "UBO.assumption42",
    latex=r"k(x,x')\xrightarrow{\|x-x'\|\to\infty}0,\quad k(x,x')\le1,\quad k(x,x)=\theta^2",
    cite="[Ha2019, Assumption 4.2]",
)
def assumption42(*, theta, kernel="SE"):
    r"""Whether a stationary kernel with amplitude :math:`\theta` satisfies Assumption 4.2.

    .. math::

        (1)\ k(x,x')\to0\ \text{as}\ \|x-x'\|_2\to\infty;\quad (2)\ k(x,x')\le1;\quad (3)\ k(x,x)=\theta^2 .

    For SE and Matérn kernels :math:`k=\theta^2 m(\|x-x'\|/l)` with :math:`m(0)=1`, :math:`m` decreasing
    to 0: (1) and (3) always hold and (2) holds iff :math:`\theta\le1`.

    Parameters
    ----------
    theta : float or array_like, > 0
    kernel : {"SE", "matern32", "matern52"}

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [Ha2019, Assumption 4.2, §4].

    Examples
    --------
    >>> assumption42(theta=0.8), assumption42(theta=1.5)
    (True, False)
    """
    check_choice("kernel", kernel, KERNELS)
    theta = check_real("theta", theta, low=0.0, low_open=True)
    ok = np.asarray(theta) ** 2 <= 1.0
    return bool(ok) if np.ndim(ok) == 0 else ok
