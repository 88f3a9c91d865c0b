"""[Ha2019, Prop. 4.1]: far from the data the UCB tends to sqrt(beta_t) theta; the sets A and S."""

from __future__ import annotations

import numpy as np

from regretlab._validate import (
    as_output,
    check_real,
)

from .._registry import formula


# ---------------------------------------------------------------------------------------------------
# Prop. 4.1, the set A
# ---------------------------------------------------------------------------------------------------
@formula(
    "UBO.prop41_limit",
    latex=r"\alpha_{UCB}(x;\mathcal D_{t-1})\xrightarrow{\|x\|\to\infty}\sqrt{\beta_t}\,\theta",
    cite="[Ha2019, Eqs. (11)-(12)]",
)
def prop41_limit(*, beta_t, theta):
    r"""Far-field limit of the GP-UCB acquisition (Proposition 4.1).

    .. math::

        \alpha_{UCB}(x;\mathcal D_{t-1})=\mu_{t-1}(x)+\sqrt{\beta_t}\sigma_{t-1}(x)
        \xrightarrow{\|x\|\to\infty}\sqrt{\beta_t}\,\theta

    (zero prior mean, Assumption 4.1; :math:`\mathbf k(x)\to0` and :math:`k(x,x)=\theta^2`, Eq. 12).

    Parameters
    ----------
    beta_t : float or array_like, >= 0
    theta : float or array_like, > 0

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, Proposition 4.1 (§4.1) and App. A.2, Eqs. (11)-(12)].

    Examples
    --------
    >>> round(prop41_limit(beta_t=4.0, theta=0.8), 12)
    1.6
    """
    beta_t = check_real("beta_t", beta_t, low=0.0)
    theta = check_real("theta", theta, low=0.0, low_open=True)
    return as_output(np.sqrt(beta_t) * theta)


@formula(
    "UBO.set_A_and_S",
    latex=(
        r"\mathcal A=\{x:|\alpha_{UCB}(x;\mathcal D_{t-1})-\sqrt{\beta_t}\theta|<\epsilon/2\},"
        r"\ \mathcal S=\mathbb R^d\setminus\mathcal A"
    ),
    cite="[Ha2019, §4.1]",
)
def set_A_and_S(*, ucb, beta_t, theta, epsilon):
    r"""Membership of the set :math:`\mathcal A` (points whose UCB is near its far-field value).

    .. math::

        \mathcal A=\{x\in\mathbb R^d:|\alpha_{UCB}(x;\mathcal D_{t-1})-\sqrt{\beta_t}\theta|<\epsilon/2\},
        \qquad \mathcal S=\mathbb R^d\setminus\mathcal A .

    The claim (three cases, §4.1): if :math:`\epsilon<|\sqrt{\beta_t}\theta-\min_x\alpha_{UCB}(x)|`, some
    :math:`x_u\in\mathcal S` has :math:`|\alpha_{UCB}(x_u)-\max\alpha_{UCB}|\le\epsilon`.

    Parameters
    ----------
    ucb : float or array_like
        :math:`\alpha_{UCB}(x;\mathcal D_{t-1})` at the points of interest.
    beta_t : float, >= 0
    theta : float, > 0
    epsilon : float, > 0

    Returns
    -------
    bool or ndarray of bool
        True where the point is in :math:`\mathcal A` (False: in :math:`\mathcal S`).

    References
    ----------
    .. [1] [Ha2019, §4.1 "Derivation of the expansion search space", App. A.3].

    Examples
    --------
    >>> set_A_and_S(ucb=[1.59, 1.0], beta_t=4.0, theta=0.8, epsilon=0.05).tolist()
    [True, False]
    """
    ucb = check_real("ucb", ucb)
    lim = prop41_limit(beta_t=beta_t, theta=theta)
    epsilon = check_real("epsilon", epsilon, low=0.0, low_open=True)
    inside = np.abs(np.asarray(ucb) - lim) < epsilon / 2.0
    return bool(inside) if np.ndim(inside) == 0 else inside
