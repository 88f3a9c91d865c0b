"""[Li2016, §6, App. B.5-B.6]: GP-UCB on biased samples, Thm 7, Cor. 8, Lemmas 11-14."""

from __future__ import annotations

import numpy as np
import scipy.linalg
import scipy.special

from regretlab._validate import as_output, check_choice, check_integer, check_real

from .._registry import formula
from ..gp_ucb import C1


# ---------------------------------------------------------------------------------------------------
# §6 / App. B.5-B.6: biased-data regret (Thm 7, Cor 8, Lemmas 11-14)
# ---------------------------------------------------------------------------------------------------
def _lemma11_12(g_xt, g_xstar, mu, sigma, beta_t, t, bias):
    g_xt = check_real("g_xt", g_xt)
    g_xstar = check_real("g_xstar", g_xstar)
    mu = check_real("mu", mu)
    sigma = check_real("sigma", sigma, low=0.0)
    beta_t = check_real("beta_t", beta_t, low=0.0)
    t = check_integer("t", t, low=1)
    width = np.sqrt(beta_t) * sigma + bias
    ok = (np.abs(g_xt - mu) <= width) & (g_xstar <= mu + width + 1.0 / np.asarray(t, dtype=float) ** 2)
    return bool(ok) if np.ndim(ok) == 0 else ok


@formula(
    "RPP.lemma11",
    latex=(
        r"|g(\mathbf x_t)-\mu_{t-1}(\mathbf x_t)|\le\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t),\ "
        r"g(\mathbf x_*)\le\mu_{t-1}(\mathbf x_t)+\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)+1/t^2"
    ),
    cite="[Li2016, Lemma 11]",
)
def lemma11_holds(*, g_xt, g_xstar, mu, sigma, beta_t, t):
    r"""Whether the two events of [Li2016, Lemma 11] (after [Srinivas2010]) hold at step :math:`t`.

    .. math::

        |g(\mathbf x_t)-\mu_{t-1}(\mathbf x_t)|\le\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)
        \quad\text{and}\quad
        g(\mathbf x_*)\le\mu_{t-1}(\mathbf x_t)+\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)+\frac1{t^2}.

    A checker on data (claimed w.h.p. for :math:`\beta_t=\tilde O(d\log t)`).

    Parameters
    ----------
    g_xt, g_xstar : float or array_like
        :math:`g(\mathbf x_t)` and :math:`g(\mathbf x_*)`.
    mu, sigma : float or array_like
        :math:`\mu_{t-1}(\mathbf x_t)`, :math:`\sigma_{t-1}(\mathbf x_t)\ge0`.
    beta_t : float, >= 0
    t : int, >= 1

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [Li2016, Lemma 11, App. B.5], from [Srinivas2010].

    Examples
    --------
    >>> lemma11_holds(g_xt=0.1, g_xstar=0.5, mu=0.0, sigma=0.2, beta_t=4.0, t=2)
    True
    """
    return _lemma11_12(g_xt, g_xstar, mu, sigma, beta_t, t, 0.0)


@formula(
    "RPP.lemma12",
    latex=(
        r"|g(\mathbf x_t)-\tilde\mu_{t-1}(\mathbf x_t)|\le\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)+C\epsilon,\ "
        r"g(\mathbf x_*)\le\tilde\mu_{t-1}(\mathbf x_t)+\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)"
        r"+C\epsilon+1/t^2"
    ),
    cite="[Li2016, Lemma 12]",
)
def lemma12_holds(*, g_xt, g_xstar, mu_tilde, sigma, beta_t, t, C, epsilon):
    r"""Whether the two events of Lemma 12 (biased posterior mean) hold at step :math:`t`.

    .. math::

        |g(\mathbf x_t)-\tilde\mu_{t-1}(\mathbf x_t)|\le\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)+C\epsilon,
        \quad g(\mathbf x_*)\le\tilde\mu_{t-1}(\mathbf x_t)+\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)
        +C\epsilon+\frac1{t^2}.

    The paper's proof says "Applying Lemma 12" (itself); the step uses Lemma 11 and Assumption 6.

    Parameters
    ----------
    g_xt, g_xstar, mu_tilde, sigma : float or array_like
    beta_t : float, >= 0
    t : int, >= 1
    C : float, >= 0
        Constant of Assumption 6.
    epsilon : float, >= 0
        Bias bound :math:`|f-g|\le\epsilon`.

    Returns
    -------
    bool or ndarray of bool

    References
    ----------
    .. [1] [Li2016, Lemma 12, Assumption 6, App. B.5, §6].

    Examples
    --------
    >>> lemma12_holds(g_xt=0.3, g_xstar=0.5, mu_tilde=0.0, sigma=0.1, beta_t=4.0, t=2, C=1.0, epsilon=0.1)
    True
    """
    C = check_real("C", C, low=0.0)
    epsilon = check_real("epsilon", epsilon, low=0.0)
    check_real("mu_tilde", mu_tilde)   # under the caller's name (the shared check calls it mu)
    return _lemma11_12(g_xt, g_xstar, mu_tilde, sigma, beta_t, t, np.asarray(C) * epsilon)


@formula(
    "RPP.lemma13",
    latex=r"r_t\le2\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)+2C\epsilon+1/t^2",
    cite="[Li2016, Lemma 13]",
)
def lemma13_rt(*, beta_t, sigma, C, epsilon, t):
    r"""Per-step regret bound of Lemma 13 under biased observations.

    .. math::

        r_t\le 2\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)+2C\epsilon+\frac1{t^2}

    Parameters
    ----------
    beta_t : float or array_like, >= 0
    sigma : float or array_like, >= 0
        :math:`\sigma_{t-1}(\mathbf x_t)`.
    C, epsilon : float, >= 0
    t : int or array_like, >= 1

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Lemma 13, App. B.5].

    Examples
    --------
    >>> round(lemma13_rt(beta_t=4.0, sigma=0.25, C=1.0, epsilon=0.1, t=2), 12)
    1.45
    """
    beta_t = check_real("beta_t", beta_t, low=0.0)
    sigma = check_real("sigma", sigma, low=0.0)
    C = check_real("C", C, low=0.0)
    epsilon = check_real("epsilon", epsilon, low=0.0)
    t = np.asarray(check_integer("t", t, low=1), dtype=float)
    return as_output(2.0 * np.sqrt(beta_t) * sigma + 2.0 * C * epsilon + 1.0 / t**2)


@formula(
    "RPP.lemma14",
    latex=r"\sum_{t=1}^T2\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)\le\sqrt{C_1T\beta_T\gamma_T}",
    cite="[Li2016, Lemma 14]",
)
def lemma14_bound(*, C1, T, beta_T, gamma_T):
    r"""Right-hand side of [Li2016, Lemma 14] ([Srinivas2010, Lemma 5.4] with Cauchy-Schwarz).

    .. math::

        \sum_{t=1}^T 2\beta_t^{1/2}\sigma_{t-1}(\mathbf x_t)\le\sqrt{C_1\,T\,\beta_T\,\gamma_T}

    Parameters
    ----------
    C1 : float, > 0
        Constant (:math:`8/\log(1+\eta^{-2})` in [Srinivas2010, Lemma 5.4]).
    T : int, >= 1
    beta_T : float, >= 0
    gamma_T : float, >= 0

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Lemma 14, App. B.5].

    Examples
    --------
    >>> lemma14_bound(C1=2.0, T=8, beta_T=1.0, gamma_T=4.0)
    8.0
    """
    C1 = check_real("C1", C1, low=0.0, low_open=True)
    T = np.asarray(check_integer("T", T, low=1), dtype=float)
    beta_T = check_real("beta_T", beta_T, low=0.0)
    gamma_T = check_real("gamma_T", gamma_T, low=0.0)
    return as_output(np.sqrt(C1 * T * beta_T * gamma_T))


def _sum_inv_squares(T):
    """:math:`\\sum_{t=1}^T t^{-2}=\\pi^2/6-\\psi_1(T+1)` (trigamma, scipy.special.polygamma)."""
    return np.pi**2 / 6.0 - scipy.special.polygamma(1, T + 1.0)


@formula(
    "RPP.thm7",
    latex={
        "A": (
            r"\frac1T\sum_{t=1}^Tr_t\le\sqrt{\frac{C_1\beta_T\gamma_T}{T}}+2C\epsilon"
            r"+\sum_{t=1}^T\frac1{t^2}"
        ),
        "B": (
            r"\frac1T\sum_{t=1}^Tr_t\le\sqrt{\frac{C_1\beta_T\gamma_T}{T}}+2C\epsilon"
            r"+\frac1T\sum_{t=1}^T\frac1{t^2}"
        ),
    },
    cite="[Li2016, Thm 7]",
)
def thm7_average_regret_bound(*, C1, T, beta_T, gamma_T, C, epsilon, reading="B"):
    r"""Average-regret bound of Theorem 7 (GP-UCB on biased samples), App. B.5.

    .. math::

        \frac1T\sum_{t=1}^T r_t\le\sqrt{\frac{C_1\beta_T\gamma_T}{T}}+2C\epsilon+L_T
        =\tilde O\Big(\sqrt{\tfrac{d\gamma_T}{T}}+\epsilon\Big)

    Readings of the last term :math:`L_T`:

    * ``"A"`` (as printed): :math:`L_T=\sum_{t=1}^T t^{-2}` (does not vanish; tends to
      :math:`\pi^2/6`, so the printed :math:`\tilde O` form does not follow from it).
    * ``"B"`` (default; what Lemmas 13-14 give after dividing by :math:`T`):
      :math:`L_T=\frac1T\sum_{t=1}^T t^{-2}`.

    :math:`\sum_{t\le T}t^{-2}` is computed as :math:`\pi^2/6-\psi_1(T+1)` (scipy trigamma).

    Parameters
    ----------
    C1 : float, > 0
    T : int, >= 1
    beta_T, gamma_T : float, >= 0
    C, epsilon : float, >= 0
        Assumption-6 constant and bias bound.
    reading : {"A", "B"}

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Thm 7 (§6) and its proof, App. B.5].

    Examples
    --------
    >>> round(thm7_average_regret_bound(C1=1.0, T=1, beta_T=1.0, gamma_T=1.0, C=0.0, epsilon=0.0), 12)
    2.0
    >>> kw = dict(C1=1.0, T=2, beta_T=2.0, gamma_T=1.0, C=0.0, epsilon=0.0)
    >>> round(thm7_average_regret_bound(**kw, reading="A"), 12)
    2.25
    """
    check_choice("reading", reading, ("A", "B"))
    first = lemma14_bound(C1=C1, T=T, beta_T=beta_T, gamma_T=gamma_T)
    T = np.asarray(check_integer("T", T, low=1), dtype=float)
    C = check_real("C", C, low=0.0)
    epsilon = check_real("epsilon", epsilon, low=0.0)
    # L_T = sum_{t<=T} t^-2 (A, as printed) or (1/T) sum_{t<=T} t^-2 (B: Lemmas 13-14 / T)   [Li2016, Thm 7]
    last = _sum_inv_squares(T)
    if reading == "B":
        last = last / T
    # sqrt(C1 beta_T gamma_T / T) (Lemma 14 over T) + 2 C epsilon (bias, Assumption 6) + L_T   [Li2016, Thm 7]
    return as_output(np.asarray(first) / T + 2.0 * C * epsilon + last)


@formula(
    "RPP.cor8",
    latex={
        reading: (
            r"\frac1T\sum_{t=1}^Tf(\mathbf u_*)-f(\mathbf x_t)\le2C\epsilon"
            r"+\sqrt{\frac{C_1\beta_T\gamma_T}{T}}+2C\epsilon+" + last
        )
        for reading, last in (("A", r"\sum_{t=1}^T\frac1{t^2}"), ("B", r"\frac1T\sum_{t=1}^T\frac1{t^2}"))
    },
    cite="[Li2016, Cor. 8]",
)
def cor8_bound(*, C1, T, beta_T, gamma_T, C, epsilon, reading="B"):
    r"""Average-regret bound on :math:`f` of Corollary 8 (App. B.6).

    .. math::

        \frac1T\sum_{t=1}^T f(\mathbf u_*)-f(\mathbf x_t)\le 2C\epsilon+\frac1T\sum_{t=1}^T
        g(\mathbf v_*)-g(\mathbf x_t)\le 2C\epsilon+\text{(Thm 7 bound)},

    i.e. :func:`thm7_average_regret_bound` plus :math:`2C\epsilon`. The proof writes both
    :math:`\epsilon` and :math:`C\epsilon` for the bias term; the printed :math:`2C\epsilon` is used.

    Parameters
    ----------
    C1, T, beta_T, gamma_T, C, epsilon, reading
        As in :func:`thm7_average_regret_bound` (``reading`` is the Thm 7 last-term reading).

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Corollary 8 (§6) and App. B.6].

    Examples
    --------
    >>> round(cor8_bound(C1=1.0, T=1, beta_T=1.0, gamma_T=1.0, C=1.0, epsilon=0.5), 12)
    4.0
    """
    base = thm7_average_regret_bound(C1=C1, T=T, beta_T=beta_T, gamma_T=gamma_T, C=C, epsilon=epsilon,
                                     reading=reading)
    return as_output(np.asarray(base) + 2.0 * np.asarray(C) * np.asarray(epsilon))


#: Where :func:`run_regret_bound`'s bound is proved.
RUN_REGRET_BOUND_SOURCE = "[Li2016, Lemma 14] (the unbiased part of Thm 7)"


def run_regret_bound(T: int, beta_T: float, gamma_T: float, sigma: float, constants: dict) -> float:
    r"""RPP-GP-UCB's bound along one run: [Li2016, Lemma 14] (:func:`lemma14_bound`, the part of Thm 7
    without the projection's bias) with :math:`C_1=8/\log(1+\sigma^{-2})` and the run's own β_T and realised
    γ_T. ``constants`` are not needed (the signature every paper's run bound shares)."""

    return float(lemma14_bound(C1=float(C1(sigma=sigma)), T=T, beta_T=beta_T, gamma_T=gamma_T))
