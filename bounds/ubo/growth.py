"""[Ha2019, App. A.5]: lambda_max is bounded below (Eq. (26)), so gamma -> 0 and d_eps grows (Eq. (27))."""

from __future__ import annotations

import numpy as np

from regretlab._validate import (
    as_output,
    check_choice,
    check_real,
)

from .._registry import formula
from ._common import _GAMMA_FACTOR_LATEX, _d_eps_inputs, _gamma_first


# ---------------------------------------------------------------------------------------------------
# App. A.5: Eqs. (26)-(27)
# ---------------------------------------------------------------------------------------------------
@formula("UBO.eq26", latex=r"\lambda_{max}\ge\frac1{\theta^2+\sigma^2}", cite="[Ha2019, Eq. (26)]")
def eq26_lambda_max_lower(*, theta, noise_variance):
    r"""Lower bound on :math:`\lambda_{max}` from the trace argument of Eq. (26).

    .. math::

        n\lambda_{\min}(K+\sigma^2I)\le\mathrm{Tr}(K+\sigma^2I)=n(\theta^2+\sigma^2)
        \ \Rightarrow\ \lambda_{max}=\frac1{\lambda_{\min}(K+\sigma^2I)}\ge\frac1{\theta^2+\sigma^2}

    Parameters
    ----------
    theta : float, > 0
    noise_variance : float, > 0

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, App. A.5, Eq. (26)].

    Examples
    --------
    >>> eq26_lambda_max_lower(theta=1.0, noise_variance=1.0)
    0.5
    """
    theta = check_real("theta", theta, low=0.0, low_open=True)
    noise_variance = check_real("noise_variance", noise_variance, low=0.0, low_open=True)
    return as_output(1.0 / (np.asarray(theta) ** 2 + noise_variance))


@formula(
    "UBO.eq27",
    latex={
        reading: (
            r"\sqrt{(0.5\sqrt{\beta_t}\theta\epsilon-0.0625\epsilon^2)/(|\mathcal D_{t-1}|\lambda_{max})}\,"
            + c_R + r"\xrightarrow{t\to\infty}0"
        )
        for reading, c_R in _GAMMA_FACTOR_LATEX.items()
    },
    cite="[Ha2019, Eq. (27)]",
)
def eq27(*, beta_t, theta, epsilon, n, lambda_max, reading="B"):
    r"""First argument of the min in :math:`\gamma` (Eq. 27), which App. A.5 shows tends to 0.

    .. math::

        c_R\sqrt{\frac{0.5\sqrt{\beta_t}\theta\epsilon-0.0625\epsilon^2}{|\mathcal D_{t-1}|\lambda_{max}}}
        \xrightarrow{t\to\infty}0\quad(\beta_t=O(\log t),\ |\mathcal D_{t-1}|\ge t-1,\
        \lambda_{max}\ge1/(\theta^2+\sigma^2))

    * ``"B"`` (default here: Eq. 27 as printed): :math:`c_B=\theta`.
    * ``"A"`` (Thm 4.1): :math:`c_A=1/\sqrt{\beta_t}`.

    Hence :math:`\gamma\to0` and :math:`d_\epsilon\to\infty`.

    Parameters
    ----------
    beta_t, theta, epsilon, n, lambda_max
        As in :func:`d_eps_gamma`.
    reading : {"A", "B"}

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Ha2019, App. A.5, Eq. (27)].

    Examples
    --------
    >>> round(eq27(beta_t=4.0, theta=1.0, epsilon=0.5, n=1, lambda_max=1.0), 6)
    0.695971
    """
    check_choice("reading", reading, ("A", "B"))
    beta_t, theta, epsilon, n, lambda_max, _ = _d_eps_inputs(beta_t, theta, epsilon, n, lambda_max, 0.0)
    return as_output(_gamma_first(beta_t, theta, epsilon, n, lambda_max, reading))
