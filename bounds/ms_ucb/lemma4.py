"""Lemma 4 of [TranThe2020]: the L1-ball volume, the corner probability, the radius theta_t and v0."""

from __future__ import annotations

import numpy as np
import scipy.special

from regretlab._validate import (
    as_output,
    check_choice,
    check_integer,
    check_probability,
    check_real,
)

from .._registry import formula
from ._common import PI2, _ab, _alpha_constant, _n


@formula(
    "MSUCB.l1ball_volume",
    latex={
        "A": r"\mathrm{Vol}(V_1)=\frac{(4\theta)^{D-d}}{\Gamma(D-d+1)}",
        "B": r"\mathrm{Vol}(V_1)=\frac{(2\theta)^{D-d}}{\Gamma(D-d+1)}",
    },
    cite="[TranThe2020-ext, Lemma 4]",
)
def l1ball_volume(*, theta, D, d, reading="A"):
    r"""Volume of the :math:`L_1` ball of radius :math:`\theta` in :math:`\mathbb R^{D-d}` (Lemma 4 proof).

    .. math::
        \text{A (printed): }\mathrm{Vol}(V_1)=\frac{(4\theta)^{D-d}}{\Gamma(D-d+1)},\qquad
        \text{B (not printed): }\frac{(2\theta)^{D-d}}{\Gamma(D-d+1)}

    Reading B is the volume of :math:`\{\mathbf u:\|\mathbf u\|_1\le\theta\}` (:math:`2^n` orthant
    simplices of volume :math:`\theta^n/n!`). Monte Carlo refutes reading A (``bounds/ERRATA.md``).

    Parameters
    ----------
    theta : float or array_like
        Radius, :math:`\theta>0`.
    D, d : int
        :math:`1\le d\le D-1`; the ball lives in :math:`\mathbb R^{D-d}`.
    reading : {"A", "B"}
        ``"A"`` (default; [TranThe2020-ext, Lemma 4 proof], citing [Wang2005]). ``"B"``: see above.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Lemma 4]; proof of Thm 4 (with :math:`d_e`).
    .. [2] X. Wang. Volumes of generalized unit balls. Math. Mag. 78(5), 2005.

    Examples
    --------
    >>> l1ball_volume(theta=0.5, D=3, d=1, reading="A"), l1ball_volume(theta=0.5, D=3, d=1, reading="B")
    (2.0, 0.5)
    """
    check_choice("reading", reading, ["A", "B"])
    theta = check_real("theta", theta, low=0.0, low_open=True)
    n = _n(D, d).astype(float)
    scale = 4.0 if reading == "A" else 2.0
    return as_output((scale * theta) ** n / scipy.special.gamma(n + 1.0))


@formula(
    "MSUCB.corner_prob",
    latex={
        "A": r"\Pr[\|\mathbf z-\mathbf z^*\|_1\le\theta]\ge\frac{\theta^{D-d}}{\Gamma(D-d+1)}",
        "B": r"\Pr[\|\mathbf z-\mathbf z^*\|_1\le\theta]\ge\frac{(\theta/2)^{D-d}}{\Gamma(D-d+1)}",
    },
    cite="[TranThe2020-ext, Lemma 4]",
)
def corner_prob_bound(*, theta, D, d, reading="A"):
    r"""Lower bound on :math:`\Pr[\|\mathbf z-\mathbf z^*\|_1\le\theta]`, :math:`\mathbf z` uniform (Lemma 4).

    .. math::
        \text{A (printed): }\frac{\theta^{D-d}}{\Gamma(D-d+1)},\qquad
        \text{B (not printed): }\frac{(\theta/2)^{D-d}}{\Gamma(D-d+1)}

    The proof divides :math:`(2\theta)^n/\Gamma(n+1)` by :math:`\mathrm{Vol}(\mathcal Z)=2^n` but prints
    the denominator as :math:`\theta^n/\Gamma(n+1)`. Reading B divides by :math:`2^n` and the
    orthant volume :math:`\theta^n/n!` (what a corner :math:`\mathbf z^*` keeps); at a corner it is the
    exact probability for :math:`\theta\le2` (:func:`corner_prob_exact`), so reading A fails there.

    Parameters
    ----------
    theta : float or array_like
        :math:`\theta>0`.
    D, d : int
        :math:`1\le d\le D-1`.
    reading : {"A", "B"}
        ``"A"`` (default; printed) or ``"B"``.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Lemma 4 and proof of Thm 4].

    Examples
    --------
    >>> corner_prob_bound(theta=1.0, D=3, d=1), corner_prob_exact(theta=1.0, D=3, d=1)
    (0.5, 0.125)
    """
    check_choice("reading", reading, ["A", "B"])
    theta = check_real("theta", theta, low=0.0, low_open=True)
    n = _n(D, d).astype(float)
    radius = theta if reading == "A" else theta / 2.0
    return as_output(radius**n / scipy.special.gamma(n + 1.0))


def corner_prob_exact(*, theta, D, d):
    r"""Exact :math:`\Pr[\|\mathbf z-\mathbf z^*\|_1\le\theta]` for a corner :math:`\mathbf z^*` of the box.

    .. math::
        \Pr=F_{IH,n}(\theta/2)

    since :math:`|z_i-z^*_i|\sim U(0,2)` independently; :math:`F_{IH,n}` is the Irwin–Hall CDF
    (``scipy.stats.irwinhall``). The corner is the worst case the proof of Lemma 4 names.

    Parameters
    ----------
    theta : float or array_like
        :math:`\theta>0`.
    D, d : int
        :math:`1\le d\le D-1`, :math:`n=D-d`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Lemma 4 ("worst case ... at the boundary")].

    Examples
    --------
    >>> corner_prob_exact(theta=4.0, D=2, d=1)
    1.0
    """
    from scipy.stats import irwinhall  # here, not at the top: scipy.stats doubles `import regretlab.bounds`

    theta = check_real("theta", theta, low=0.0, low_open=True)
    n = _n(D, d)
    n_b, th_b = np.broadcast_arrays(np.asarray(n), np.asarray(theta, dtype=float))
    out = np.empty(n_b.shape, dtype=float)
    for index in np.ndindex(n_b.shape):
        out[index] = irwinhall(int(n_b[index])).cdf(th_b[index] / 2.0)
    return as_output(out)


@formula(
    "MSUCB.lemma4_radius",
    latex={
        "A": r"\theta_t=\Gamma(D-d+1)^{\frac1{D-d}}\Big(\frac{\log(2/\delta)}{|Z_t|}\Big)^{\frac1{D-d}}",
        "B": r"\theta_t=2\,\Gamma(D-d+1)^{\frac1{D-d}}\Big(\frac{\log(2/\delta)}{|Z_t|}\Big)^{\frac1{D-d}}",
        "C": (
            r"\theta_t=\Gamma(D-d+1)^{\frac1{D-d}}"
            r"\Big(\frac{\log(2\pi^2t^2/(6\delta))}{|Z_t|}\Big)^{\frac1{D-d}}"
        ),
    },
    cite="[TranThe2020-ext, Eq. (18)]",
)
def lemma4_radius(*, D, d, Zt_size, delta, reading="A", t=None):
    r"""Radius :math:`\theta_t` bounding :math:`\|\mathbf z^*_t-\mathbf z^*\|_1` w.p. 1-δ/2 (Lemma 4).

    .. math::
        \text{A: }\theta_t=\Gamma(n+1)^{1/n}\Big(\frac{\log(2/\delta)}{|Z_t|}\Big)^{1/n},\qquad
        \text{B: }2\,\Gamma(n+1)^{1/n}\Big(\frac{\log(2/\delta)}{|Z_t|}\Big)^{1/n},\qquad
        \text{C: }\Gamma(n+1)^{1/n}\Big(\frac{\log(2\pi^2t^2/(6\delta))}{|Z_t|}\Big)^{1/n}

    Parameters
    ----------
    D, d : int
        :math:`1\le d\le D-1`, :math:`n=D-d`.
    Zt_size : float or array_like
        :math:`|Z_t|\ge1`.
    delta : float
        :math:`\delta\in(0,1)`.
    reading : {"A", "B", "C"}
        ``"A"`` (default; [TranThe2020-ext, Lemma 4 proof, Eq. (18)]). ``"B"``
        ([TranThe2020, main-text Lemma 4], whose :math:`v_0` carries :math:`2b`). ``"C"`` (*not printed*;
        uniform in :math:`t` by a union bound over :math:`t`); needs ``t``.
    t : int, optional
        Iteration :math:`t\ge1`, reading ``"C"`` only.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020-ext, proof of Lemma 4, Eq. (18)]; [TranThe2020, Lemma 4 (Eq. (13))].

    Examples
    --------
    >>> round(lemma4_radius(D=2, d=1, Zt_size=100, delta=2 / np.e), 6)  # log(2/delta) = 1
    0.01
    """
    check_choice("reading", reading, ["A", "B", "C"])
    n = _n(D, d).astype(float)
    Zt_size = check_real("Zt_size", Zt_size, low=1.0)
    delta = check_probability("delta", delta)
    if reading == "C":
        if t is None:
            raise ValueError("t=None: reading 'C' (uniform in t) needs the iteration t >= 1")
        t = check_integer("t", t, low=1)
        level = np.log(2.0 * PI2 * np.asarray(t, dtype=float) ** 2 / (6.0 * delta))
    else:
        if t is not None:
            raise ValueError(f"t={t!r} is only used by reading 'C'; pass t=None for reading {reading!r}")
        level = np.log(2.0 / delta)
    # Gamma(n+1)^(1/n) via gammaln: finite for every n (Gamma itself overflows for n > 170).
    # Gamma(n+1)^(1/n) (log(2/delta) / |Z_t|)^(1/n), from Pr[miss] <= (1 - theta^n / Gamma(n+1))^|Z_t|
    # <= exp(-|Z_t| theta^n / Gamma(n+1)) = delta/2   [TranThe2020-ext, Eq. (18)]
    radius = np.exp(scipy.special.gammaln(n + 1.0) / n) * (level / Zt_size) ** (1.0 / n)
    # reading B: twice that, as main-text Lemma 4's 2b in v0 implies   [TranThe2020, Lemma 4]
    return as_output(2.0 * radius if reading == "B" else radius)


_V0_READINGS = {
    # reading: (leading factor, Gamma inside the root, uses alpha for a, log level)
    "A": (2.0, False, False, 2.0),  # [TranThe2020-AAAI, Lemma 4 (main text)]
    "B": (2.0, True, False, 2.0),  # [TranThe2020-ext, Lemma 4 (main text)]
    "C": (1.0, False, True, 2.0),  # [TranThe2020-ext, Lemma 4 proof, Eq. (19)]
    "D": (2.0, False, True, 2.0),  # [TranThe2020-ext, Prop. 1]
    "E": (1.0, True, False, 2.0),  # [TranThe2020-ext, Prop. 4]
    "F": (2.0, False, False, 6.0),  # not printed: reading A at the delta/3 split, log(6Da/delta)
}


#: The LaTeX of each v0 reading (the table of :func:`v0`'s docstring).
_V0_LATEX = {
    "A": r"v_0=2b\sqrt{\log\frac{2Da}{\delta}}\,\Gamma(D-d+1)^{\frac1{D-d}}",
    "B": r"v_0=2b\sqrt{\log\frac{2Da}{\delta}\,\Gamma(D-d+1)^{\frac1{D-d}}}",
    "C": r"v_0=b\sqrt{\log\frac{2D\alpha}{\delta}}\,\Gamma(D-d+1)^{\frac1{D-d}}",
    "D": r"v_0=2b\sqrt{\log\frac{2D\alpha}{\delta}}\,\Gamma(D-d+1)^{\frac1{D-d}}",
    "E": r"v_0=b\sqrt{\log\frac{2Da}{\delta}\,\Gamma(D-d+1)^{\frac1{D-d}}}",
    "F": r"v_0=2b\sqrt{\log\frac{6Da}{\delta}}\,\Gamma(D-d+1)^{\frac1{D-d}}",
}


@formula(
    "MSUCB.v0",
    latex=_V0_LATEX,
    cite="[TranThe2020, Lemma 4]",
)
def v0(*, D, d, a, b, delta, reading="A", alpha=None):
    r"""The constant :math:`v_0` of Lemma 4 — every printed variant.

    .. math::
        \text{A: }v_0=2b\sqrt{\log\tfrac{2Da}{\delta}}\,\Gamma(D-d+1)^{\frac1{D-d}}

    =======  ==================================================================  ============================
    reading  printed :math:`v_0`                                                 where
    =======  ==================================================================  ============================
    ``"A"``  :math:`2b\sqrt{\log(2Da/\delta)}\,\Gamma(n+1)^{1/n}`                [TranThe2020-AAAI, Lemma 4]
    ``"B"``  :math:`2b\sqrt{\log(2Da/\delta)\,\Gamma(n+1)^{1/n}}` (Γ inside)     [TranThe2020-ext, Lemma 4]
    ``"C"``  :math:`b\sqrt{\log(2D\alpha/\delta)}\,\Gamma(n+1)^{1/n}`            [TranThe2020-ext, Eq. (19)]
    ``"D"``  :math:`2b\sqrt{\log(2D\alpha/\delta)}\,\Gamma(n+1)^{1/n}`           [TranThe2020-ext, Prop. 1]
    ``"E"``  :math:`b\sqrt{\log(2Da/\delta)\,\Gamma(n+1)^{1/n}}` (Γ inside)      [TranThe2020-ext, Prop. 4]
    ``"F"``  :math:`2b\sqrt{\log(6Da/\delta)}\,\Gamma(n+1)^{1/n}` (*not printed*)  δ/3 split
    =======  ==================================================================  ============================

    Γ is :func:`scipy.special.gamma`, :math:`\Gamma(n+1)=n!`; Prop. 1 and Prop. 4 print the false
    identity ":math:`\Gamma(D-d+1)=(D-d+1)!`" next to their :math:`v_0`. Thm 4's :math:`v_d` is
    :func:`thm2_vd`.

    Parameters
    ----------
    D, d : int
        :math:`1\le d\le D-1`, :math:`n=D-d`.
    a, b : float
        Assumption-1 constants, :math:`a\ge1`, :math:`b>0`.
    delta : float
        :math:`\delta\in(0,1)`.
    reading : {"A", "B", "C", "D", "E", "F"}
        Default ``"A"`` ([TranThe2020-AAAI, main-text Lemma 4]).
    alpha : float, optional
        Readings ``"C"`` and ``"D"`` only: the printed symbol :math:`\alpha>\delta/(2D)`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, Lemma 4]; [TranThe2020-ext, Eq. (19), Prop. 1, Prop. 4].

    Examples
    --------
    >>> round(v0(D=3, d=1, a=1.0, b=1.0, delta=0.1), 6)  # 2 sqrt(log 60) sqrt(2)
    5.723177
    >>> round(v0(D=3, d=1, a=1.0, b=1.0, delta=0.1, reading="B"), 6)  # 2 sqrt(log 60 sqrt(2))
    4.812599
    """
    check_choice("reading", reading, list(_V0_READINGS))
    factor, inside, uses_alpha, level = _V0_READINGS[reading]
    n = _n(D, d).astype(float)
    a, b = _ab(a, b)
    delta = check_probability("delta", delta)
    if uses_alpha:
        a = _alpha_constant(alpha, D, delta, 2.0)
    elif alpha is not None:
        raise ValueError(f"alpha={alpha!r} is only used by readings 'C' and 'D'; pass alpha=None")
    # log(2Da/delta) (log(6Da/delta) in reading F): the Lipschitz event   [TranThe2020-ext, Eq. (14)]
    log_term = np.log(level * np.asarray(D, dtype=float) * a / delta)
    # Gamma(D-d+1)^(1/(D-d)): from the radius theta_t   [TranThe2020-ext, Eq. (18)]; finite for every n
    gamma_root = np.exp(scipy.special.gammaln(n + 1.0) / n)
    if inside:
        return as_output(factor * b * np.sqrt(log_term * gamma_root))
    return as_output(factor * b * np.sqrt(log_term) * gamma_root)


@formula(
    "MSUCB.lemma4_term1",
    latex={
        reading: (
            r"f(\mathbf x^*)-f^{max}_{\mathcal S^0_t}\le "
            r"v_0\Big(\frac{1}{|Z_t|}\log\frac2\delta\Big)^{\frac1{D-d}},\ " + v0_latex
        )
        for reading, v0_latex in _V0_LATEX.items()
    },
    cite="[TranThe2020, Eq. (13)]",
)
def lemma4_term1(*, D, d, a, b, delta, Zt_size, reading="A", alpha=None):
    r"""Lemma 4's bound on Term 1, :math:`f(\mathbf x^*)-f^{max}_{\mathcal S^0_t}` (Eq. (13)).

    .. math::
        f(\mathbf x^*)-f^{max}_{\mathcal S^0_t}\le v_0\Big(\frac1{|Z_t|}\log\frac2\delta\Big)^{\frac1{D-d}}
        \quad\text{w.p.}\ge1-\delta

    Parameters
    ----------
    D, d, a, b, delta, reading, alpha
        As in :func:`v0` (``reading`` selects the :math:`v_0` variant).
    Zt_size : float or array_like
        :math:`|Z_t|\ge1`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [TranThe2020, Lemma 4, Eq. (13)]; [TranThe2020-ext, proof of Lemma 4].

    Examples
    --------
    >>> round(lemma4_term1(D=2, d=1, a=1.0, b=1.0, delta=0.1, Zt_size=10), 6)  # 2 sqrt(log 40) log(20) / 10
    1.150748
    """
    value = v0(D=D, d=d, a=a, b=b, delta=delta, reading=reading, alpha=alpha)
    n = _n(D, d).astype(float)
    Zt_size = check_real("Zt_size", Zt_size, low=1.0)
    return as_output(value * (np.log(2.0 / delta) / Zt_size) ** (1.0 / n))
