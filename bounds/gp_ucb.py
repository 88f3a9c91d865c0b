r"""GP-UCB ([Srinivas2010]) as quoted by the four papers: UCB/LCB, :math:`\beta_t`, :math:`C_1`.

References
----------
.. [1] [Srinivas2010, Thm 1, Thm 2, Lemma 5.4].
.. [2] [TranThe2020-ext, Eq. (2), Prop. 4]; [TranThe2020-AAAI, Eq. (2)].
.. [3] [Kandasamy2015, Thm 5, Thm 6].
.. [4] [Ha2019, Prop. 5.1, Eq. (22)].
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from regretlab._validate import check_array, check_choice, check_integer, check_probability, check_real

from ._registry import formula, not_executable

__all__ = [
    "RUN_REGRET_BOUND_SOURCE",
    "run_regret_bound",
    "ucb",
    "lcb",
    "beta_t_finite",
    "beta_t_srinivas_thm2",
    "beta_t_gpucb_thm6",
    "C1",
    "cumulative_regret_bound",
    "C1Check",
    "c1_inequality",
    "c1_inequality_holds",
]

not_executable(
    "GP.posterior",
    "the posterior mean and variance are implemented as regretlab.gp.posterior.GP (Cholesky, rank-one "
    "append), "
    "not a closed-form bound; bounds/ works on Gram matrices and has only the sequential variances "
    "sigma^2_{t-1}(x_t) (regretlab.bounds.information_gain.sequential_posterior_variances)",
)


_READINGS_UCB = ("A", "B")


def _ucb_width(sigma, beta, reading):
    check_choice("reading", reading, _READINGS_UCB)
    sigma = check_real("sigma", sigma, low=0.0)
    beta = check_real("beta", beta, low=0.0)
    if reading == "A":
        return np.sqrt(beta * sigma)  # [TranThe2020-ext, Eq. (2)] as printed: sqrt(β_t σ_{t-1})
    return np.sqrt(beta) * sigma  # [TranThe2020-AAAI, Eq. (2)]: sqrt(β_t) σ_{t-1}


@formula(
    "GP.ucb",
    latex={"A": r"\alpha^{UCB}_t(x)=\mu_{t-1}(x)+\sqrt{\beta_t\,\sigma_{t-1}(x)}",
           "B": r"\alpha^{UCB}_t(x)=\mu_{t-1}(x)+\sqrt{\beta_t}\,\sigma_{t-1}(x)"},
    cite="[TranThe2020, Eq. (2)]",
)
def ucb(*, mu, sigma, beta, reading: str = "B"):
    r"""Upper confidence bound :math:`\mu_{t-1}(x)+\sqrt{\beta_t}\,\sigma_{t-1}(x)`.

    .. math::
        \alpha^{UCB}_t(x)=\mu_{t-1}(x)+\sqrt{\beta_t}\,\sigma_{t-1}(x)

    Parameters
    ----------
    mu : float or array_like
        Posterior mean :math:`\mu_{t-1}(x)`.
    sigma : float or array_like
        Posterior standard deviation :math:`\sigma_{t-1}(x)\ge0`.
    beta : float or array_like
        :math:`\beta_t\ge0` (a variance scale, as everywhere in regretlab).
    reading : {"B", "A"}
        ``"B"`` (default; [TranThe2020-AAAI, Eq. (2)], [TranThe2020-ext]'s proofs (Prop. 1), [Li2016],
        [Kandasamy2015, Eq. (6)], [Ha2019, Eq. (2)]): :math:`\mu+\sqrt{\beta}\,\sigma`. ``"A"``:
        [TranThe2020-ext, main text Eq. (2) as printed], :math:`\mu+\sqrt{\beta\,\sigma}` — a typo (the root
        covers :math:`\sigma`), kept so that the two can be compared; they differ whenever
        :math:`\sigma\notin\{0,1\}` and :math:`\beta>0`.

    References
    ----------
    .. [1] [TranThe2020, Eq. (2), §"Proposed Algorithm"]; [Ha2019, Eq. (2)]/(8); [Kandasamy2015, §4.2];
           [Li2016, §2].

    Examples
    --------
    >>> float(ucb(mu=0.0, sigma=0.5, beta=4.0))
    1.0
    >>> round(float(ucb(mu=0.0, sigma=0.5, beta=4.0, reading="A")), 6)
    1.414214
    """
    mu = check_real("mu", mu)
    return mu + _ucb_width(sigma, beta, reading)


@formula(
    "GP.lcb",
    latex={"A": r"\alpha^{LCB}_t(x)=\mu_{t-1}(x)-\sqrt{\beta_t\,\sigma_{t-1}(x)}",
           "B": r"\alpha^{LCB}_t(x)=\mu_{t-1}(x)-\sqrt{\beta_t}\,\sigma_{t-1}(x)"},
    cite="[TranThe2020, Eq. (2)]",
)
def lcb(*, mu, sigma, beta, reading: str = "B"):
    r"""Lower confidence bound :math:`\mu_{t-1}(x)-\sqrt{\beta_t}\,\sigma_{t-1}(x)`.

    .. math::
        \alpha^{LCB}_t(x)=\mu_{t-1}(x)-\sqrt{\beta_t}\,\sigma_{t-1}(x)

    Reading ``"A"`` is :math:`\mu-\sqrt{\beta\sigma}`, [TranThe2020-ext]'s printed root placement.

    Parameters
    ----------
    mu, sigma, beta, reading
        As in :func:`ucb`.

    References
    ----------
    .. [1] [TranThe2020, Eq. (2) and Lemma 2/3]; [Ha2019, Eq. (8)].

    Examples
    --------
    >>> float(lcb(mu=1.0, sigma=0.5, beta=4.0))
    0.0
    """
    mu = check_real("mu", mu)
    return mu - _ucb_width(sigma, beta, reading)


def _t(t):
    return check_integer("t", t, low=1)


@formula(latex=r"\beta_t=2\log\big(|\mathcal X|t^2\pi^2/(6\delta)\big)", cite="[Srinivas2010, Thm 1]")
def beta_t_finite(*, t, n_points, delta):
    r"""The finite-domain :math:`\beta_t=2\log(|\mathcal X|t^2\pi^2/(6\delta))` of [Srinivas2010, Thm 1].

    .. math::
        \beta_t = 2\log\Big(\frac{|\mathcal X|\,t^2\pi^2}{6\delta}\Big)

    Not a catalogue id of its own: CATALOGUE.md §"Conventions" uses it as the sharp stand-in on a
    finite grid :math:`\mathcal X_N` for the GP sample-path tests.

    Parameters
    ----------
    t : int or array_like
        Iteration, :math:`t\ge1`.
    n_points : int
        :math:`|\mathcal X|\ge1`.
    delta : float
        Confidence, :math:`\delta\in(0,1)`.

    References
    ----------
    .. [1] [Srinivas2010, Thm 1]; CATALOGUE.md (GP sample-path test).

    Examples
    --------
    >>> round(float(beta_t_finite(t=1, n_points=100, delta=0.1)), 6)
    14.810911
    """
    t = _t(t)
    n_points = check_integer("n_points", n_points, low=1)
    delta = check_probability("delta", delta)
    return 2.0 * np.log(n_points * np.asarray(t, dtype=float) ** 2 * np.pi**2 / (6.0 * delta))


@formula(
    "SRINIVAS.beta_t_thm2",
    latex=r"\beta_t=2\log\frac{2t^2\pi^2}{3\delta}+2d\log\Big(t^2dbr\sqrt{\log\frac{4da}{\delta}}\Big)",
    cite="[Srinivas2010, Thm 2]",
)
def beta_t_srinivas_thm2(*, t, d, delta, a, b, r):
    r"""[Srinivas2010, Thm 2] :math:`\beta_t` for a compact box :math:`[0,r]^d` (as quoted by
    [Ha2019, Prop. 5.1]).

    .. math::
        \beta_t=2\log\frac{2t^2\pi^2}{3\delta}+2d\log\Big(t^2dbr\sqrt{\log\frac{4da}{\delta}}\Big)

    Parameters
    ----------
    t : int or array_like
        :math:`t\ge1`.
    d : int
        Dimension of the box, :math:`d\ge1`.
    delta : float
        :math:`\delta\in(0,1)`.
    a : float
        Assumption constant :math:`a\ge1` (:math:`\Pr[\sup|\partial f/\partial x_i|>L]\le ae^{-(L/b)^2}`;
        :math:`L\to0` forces :math:`a\ge1`, CATALOGUE.md conventions).
    b : float
        Assumption constant :math:`b>0`.
    r : float
        Side length of the box, :math:`r>0`.

    References
    ----------
    .. [1] [Srinivas2010, Thm 2]; [Ha2019, Prop. 5.1]; CATALOGUE.md SRINIVAS.beta_t_thm2 (compare
           MSUCB.beta_t,
       which has :math:`r=2` and :math:`D` inside the log, and [Kandasamy2015, Thm 6],
       :func:`beta_t_gpucb_thm6`).

    Examples
    --------
    >>> round(float(beta_t_srinivas_thm2(t=1, d=1, delta=0.1, a=1.0, b=1.0, r=1.0)), 6)
    9.678482
    """
    t = _t(t)
    d = check_integer("d", d, low=1)
    delta = check_probability("delta", delta)
    a = check_real("a", a, low=1.0)
    b = check_real("b", b, low=0.0, low_open=True)
    r = check_real("r", r, low=0.0, low_open=True)
    t2 = np.asarray(t, dtype=float) ** 2
    return 2.0 * np.log(2.0 * t2 * np.pi**2 / (3.0 * delta)) + 2.0 * d * np.log(
        t2 * d * b * r * np.sqrt(np.log(4.0 * d * a / delta))
    )


@formula(
    "GPUCB.beta_t",
    latex=r"\beta_t=2\log\Big(\frac{2t^2\pi^2}{\delta}\Big)+2D\log(Dt^3)",
    cite="[Kandasamy2015, Thm 6]",
)
def beta_t_gpucb_thm6(*, t, D, delta):
    r"""[Kandasamy2015, Thm 6 (modification of [Srinivas2010, Thm 2])]: :math:`\beta_t` for GP-UCB on
    :math:`[0,1]^D`.

    .. math::
        \beta_t=2\log\Big(\frac{2t^2\pi^2}{\delta}\Big)+2D\log(Dt^3)\in\mathcal O(D\log t)

    Compared with :func:`regretlab.bounds.add_gp_ucb.beta_t_thm5` at :math:`M=1`, :math:`d=D` (the
    catalogue's check): the second terms agree; the first differ by a factor 4 inside the log
    (Thm 5 gives :math:`2\log(\pi^2t^2/(2\delta))`, Thm 6 prints :math:`2\log(2t^2\pi^2/\delta)`), so
    Thm 6's value is larger by :math:`2\log4` (see the tests).

    Parameters
    ----------
    t : int or array_like
        :math:`t\ge1`.
    D : int
        :math:`D\ge1`.
    delta : float
        :math:`\delta\in(0,1)`.

    References
    ----------
    .. [1] [Kandasamy2015, App. A (Thm 6)], "Modification of Theorem 2 in ([Srinivas2010])".

    Examples
    --------
    >>> round(float(beta_t_gpucb_thm6(t=1, D=1, delta=0.1)), 6)
    10.570384
    """
    t = np.asarray(_t(t), dtype=float)
    D = check_integer("D", D, low=1)
    delta = check_probability("delta", delta)
    return 2.0 * np.log(2.0 * t**2 * np.pi**2 / delta) + 2.0 * D * np.log(D * t**3)


@formula(
    "SRINIVAS.C1",
    latex={"A": r"C_1=\frac{8}{\log(1+\sigma^{-2})}", "B": r"C_1=\frac{8}{\log(1+\sigma^{2})}"},
    cite="[Ha2019, Eq. (22)]",
)
def C1(*, sigma, reading: str = "A"):
    r"""The constant :math:`C_1` of :math:`\sum_t4\beta_t\sigma^2_{t-1}(x_t)\le C_1\beta_T\gamma_T`.

    .. math::
        C_1=\frac{8}{\log(1+\sigma^{-2})}\ \text{(reading A)},\qquad
        C_1=\frac{8}{\log(1+\sigma^{2})}\ \text{(reading B)}

    Parameters
    ----------
    sigma : float or array_like
        Noise standard deviation :math:`\sigma>0` ([Kandasamy2015]: :math:`\eta`).
    reading : {"A", "B"}
        ``"A"`` (default; [Ha2019, Eq. (22)], [Srinivas2010, Lemma 5.4], and [Kandasamy2015, Thm 5/6], which
        write :math:`C_1=1/\log(1+\eta^{-2})` with the 8 outside): :math:`8/\log(1+\sigma^{-2})`. ``"B"``
        ([TranThe2020-ext, Prop. 4 as printed]): :math:`8/\log(1+\sigma^{2})`. The readings agree at
        :math:`\sigma=1`.

    References
    ----------
    .. [1] [Ha2019, Eq. (22)]; [TranThe2020-ext, Prop. 4]; [Kandasamy2015, Thm 5/6 and App. B.2.1];
           [Srinivas2010, Lemma 5.4].

    Examples
    --------
    >>> round(float(C1(sigma=1.0)), 6), round(float(C1(sigma=1.0, reading="B")), 6)
    (11.54156, 11.54156)
    """
    check_choice("reading", reading, ("A", "B"))
    sigma = check_real("sigma", sigma, low=0.0, low_open=True)
    sigma2 = np.asarray(sigma, dtype=float) ** 2
    if reading == "A":
        return 8.0 / np.log1p(1.0 / sigma2)  # [Ha2019, Eq. (22)]: 8 / log(1 + σ^{-2})
    return 8.0 / np.log1p(sigma2)  # [TranThe2020-ext, Prop. 4]: 8 / log(1 + σ^2)


@formula(
    latex={"A": r"R_T\le\sqrt{C_1T\beta_T\gamma_T},\quad C_1=\frac{8}{\log(1+\sigma^{-2})}",
           "B": r"R_T\le\sqrt{C_1T\beta_T\gamma_T},\quad C_1=\frac{8}{\log(1+\sigma^{2})}"},
    cite="[Srinivas2010, Thm 1]",
)
def cumulative_regret_bound(*, T, beta_T, gamma_T, sigma, reading: str = "A"):
    r"""The cumulative-regret bound :math:`R_T\le\sqrt{C_1T\beta_T\gamma_T}` of [Srinivas2010, Thms 1-2].

    .. math::
        R_T\le\sqrt{C_1\,T\,\beta_T\,\gamma_T}

    (Thm 1; Thm 2 adds :math:`+2`; the probability is :math:`\ge1-\delta` with :math:`\beta_T` from the
    matching theorem.) Not a catalogue id of its own: the shape shared by [Ha2019, Thm 5.1],
    [TranThe2020-ext, Prop. 4] and [Kandasamy2015, Thm 5/6].

    Parameters
    ----------
    T : int or array_like
        :math:`T\ge1`.
    beta_T : float or array_like
        :math:`\beta_T\ge0`.
    gamma_T : float or array_like
        :math:`\gamma_T\ge0` (or a realised information gain).
    sigma : float
        Noise standard deviation, :math:`\sigma>0`.
    reading : {"A", "B"}
        Reading of :math:`C_1` (see :func:`C1`).

    References
    ----------
    .. [1] [Srinivas2010, Thm 1 and Thm 2]; [Ha2019, Thm 5.1]; [TranThe2020-ext, Prop. 4].

    Examples
    --------
    >>> round(float(cumulative_regret_bound(T=100, beta_T=4.0, gamma_T=10.0, sigma=1.0)), 4)
    214.8633
    """
    T = check_integer("T", T, low=1)
    beta_T = check_real("beta_T", beta_T, low=0.0)
    gamma_T = check_real("gamma_T", gamma_T, low=0.0)
    return np.sqrt(C1(sigma=sigma, reading=reading) * np.asarray(T, dtype=float) * beta_T * gamma_T)


@dataclass(frozen=True)
class C1Check:
    """Both sides of :math:`\\sum_t4\\beta_t\\sigma^2_{t-1}(x_t)\\le C_1\\beta_T I_T` on one sequence."""

    lhs: float
    rhs: float
    information_gain: float
    holds: bool


_C1_INEQUALITY = {
    "A": r"\sum_{t=1}^T4\beta_t\sigma^2_{t-1}(x_t)\le\frac{8}{\log(1+\sigma^{-2})}\beta_T\gamma_T",
    "B": r"\sum_{t=1}^T4\beta_t\sigma^2_{t-1}(x_t)\le\frac{8}{\log(1+\sigma^{2})}\beta_T\gamma_T",
}


@formula(latex=_C1_INEQUALITY, cite="[Ha2019, Eq. (22)]")
def c1_inequality(*, beta, variances, sigma, reading: str = "A") -> C1Check:
    r"""Evaluate :math:`\sum_{t=1}^T4\beta_t\sigma^2_{t-1}(x_t)\le C_1\beta_T\gamma_T` on a realised sequence.

    .. math::
        \sum_{t=1}^T4\beta_t\sigma^2_{t-1}(x_t)\le C_1\beta_T\,
        \underbrace{\tfrac12\sum_{t=1}^T\log\big(1+\sigma^{-2}\sigma^2_{t-1}(x_t)\big)}_{I(\mathbf y_A;
        \mathbf f_A)\ \le\ \gamma_T}

    :math:`\gamma_T` is replaced by the realised information gain of the same sequence
    ([Kandasamy2015, Lemma 7]), which is :math:`\le\gamma_T`, so a violation here is a violation of the
    printed claim for that sequence. The claim is stated for every sequence with :math:`k(x,x)\le1` and
    non-decreasing :math:`\beta_t`; both hypotheses are validated.

    Parameters
    ----------
    beta : array_like, shape (T,)
        :math:`\beta_1,\dots,\beta_T`, non-negative and non-decreasing.
    variances : array_like, shape (T,)
        :math:`\sigma^2_{t-1}(x_t)\in[0,1]`, e.g. from
        :func:`regretlab.bounds.information_gain.sequential_posterior_variances`.
    sigma : float
        Noise standard deviation, :math:`\sigma>0`.
    reading : {"A", "B"}
        Reading of :math:`C_1` (:func:`C1`).

    Returns
    -------
    C1Check
        ``holds`` uses a relative tolerance of 1e-12.

    References
    ----------
    .. [1] [Ha2019, Eq. (22)] / Lemma 5.4; [TranThe2020-ext, Prop. 4]; [Srinivas2010, Lemma 5.4];
           [Kandasamy2015, App. B.2.1].

    Examples
    --------
    >>> c = c1_inequality(beta=[1.0, 1.0], variances=[1.0, 0.5], sigma=1.0)
    >>> round(c.lhs, 6), round(c.rhs, 6), c.holds
    (6.0, 6.33985, True)
    """
    beta = check_array("beta", beta, ndim=1)
    variances = check_array("variances", variances, ndim=1)
    if beta.shape != variances.shape or beta.size == 0:
        raise ValueError(
            f"beta has shape {beta.shape} and variances {variances.shape}; expected equal shapes (T,), T >= 1"
        )
    check_real("beta", beta, low=0.0)
    # k(x, x) <= 1 up to rounding (posterior variances computed in float64 can exceed 1 by an ulp)
    check_real("variances", variances, low=0.0, high=1.0 + 1e-9)
    variances = np.minimum(variances, 1.0)
    if np.any(np.diff(beta) < 0):
        i = int(np.flatnonzero(np.diff(beta) < 0)[0])
        raise ValueError(f"beta is not non-decreasing: beta[{i}]={beta[i]!r} > beta[{i + 1}]={beta[i + 1]!r}")
    sigma = check_real("sigma", sigma, low=0.0, low_open=True)
    info = float(0.5 * np.sum(np.log1p(variances / sigma**2)))
    lhs = float(np.sum(4.0 * beta * variances))
    rhs = float(C1(sigma=sigma, reading=reading) * beta[-1] * info)
    return C1Check(lhs=lhs, rhs=rhs, information_gain=info, holds=bool(lhs <= rhs * (1 + 1e-12)))


@formula(latex=_C1_INEQUALITY, cite="[Ha2019, Eq. (22)]")
def c1_inequality_holds(*, beta, variances, sigma, reading: str = "A") -> bool:
    """True if :func:`c1_inequality` holds on the realised sequence.

    Parameters and readings as in :func:`c1_inequality`.

    Examples
    --------
    >>> c1_inequality_holds(beta=[1.0], variances=[1.0], sigma=10.0, reading="B")
    False
    """
    return c1_inequality(beta=beta, variances=variances, sigma=sigma, reading=reading).holds


#: Where :func:`run_regret_bound`'s bound is proved.
RUN_REGRET_BOUND_SOURCE = "[Srinivas2010, Thms 1-2], the GP-UCB part of [Kandasamy2015, Thm 5]"


def run_regret_bound(T: int, beta_T: float, gamma_T: float, sigma: float, constants: dict) -> float:
    r"""GP-UCB's bound along one run: :math:`R_T\le\sqrt{C_1T\beta_T\gamma_T}` [Srinivas2010, Thms 1-2]
    (:func:`cumulative_regret_bound`, reading A of :math:`C_1`), with the run's own schedule β_T and its
    realised information gain γ_T (units of a kernel with :math:`k(x,x)\le1`). ``constants`` (the run's
    ``bound_constants``) are not needed here; the signature is the one every paper's run bound shares
    (:data:`regretlab.figures.theory.BOUND_FORMS`). Domains: :math:`T\ge1`, :math:`\beta_T,\gamma_T\ge0`,
    :math:`\sigma>0`."""
    return float(cumulative_regret_bound(T=T, beta_T=beta_T, gamma_T=gamma_T, sigma=sigma))
