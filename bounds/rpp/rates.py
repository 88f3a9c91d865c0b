"""[Li2016, §4, Thm 2]: information gain and simple-regret rates (constants dropped)."""

from __future__ import annotations

import numpy as np

from regretlab._validate import as_output, check_choice, check_integer

from .._registry import formula


# ---------------------------------------------------------------------------------------------------
# §4 / Thm 2: information gain and simple-regret rates (constants dropped)
# ---------------------------------------------------------------------------------------------------
def _T_D_d(T, D, d):
    T = check_integer("T", T, low=1)
    D = check_integer("D", D, low=1)
    d = check_integer("d", d, low=1)
    if np.any(np.asarray(d) > np.asarray(D)):
        bad = np.broadcast_arrays(np.asarray(d), np.asarray(D))
        i = np.argmax(bad[0] > bad[1])
        d_bad, D_bad = int(bad[0].flat[i]), int(bad[1].flat[i])
        raise ValueError(f"d={d_bad!r} is outside its domain 1 <= d <= D (D={D_bad})")
    return np.asarray(T, dtype=float), np.asarray(D, dtype=float), np.asarray(d, dtype=float)


@formula(
    "RPP.gamma_T",
    latex={
        "A": r"\gamma_T=O\big(Dd^d(\log T)^{D+1}\big)",
        "B": r"\gamma_T=O\big(Dd^d(\log T)^{d+1}\big)",
    },
    cite="[Li2016, Thm 2]",
)
def gamma_T(*, T, D, d, reading="B"):
    r"""Maximum-information-gain rate for a sum of SE kernels (constant set to 1).

    * ``"A"`` ([Li2016, §4], text: "Kandasamy et al. show it improves to"): :math:`Dd^d(\log T)^{D+1}`.
    * ``"B"`` (default; [Li2016, Thm 2] and [Kandasamy2015, Thm 4]): :math:`Dd^d(\log T)^{d+1}`.

    .. math::

        \gamma_T \asymp D\,d^d(\log T)^{d+1}\quad(\text{B}),\qquad D\,d^d(\log T)^{D+1}\quad(\text{A})

    Parameters
    ----------
    T : int, >= 1
    D : int, >= 1
    d : int, 1 <= d <= D
        Group dimension.
    reading : {"A", "B"}

    Returns
    -------
    float or ndarray
        The rate without its (unstated) constant; 0 at :math:`T=1`.

    References
    ----------
    .. [1] [Li2016, §4 (text after Definition 1) and Theorem 2].

    Examples
    --------
    >>> round(gamma_T(T=100, D=10, d=2), 6)
    3906.582897
    >>> gamma_T(T=100, D=10, d=2, reading="A") > gamma_T(T=100, D=10, d=2)
    True
    """
    check_choice("reading", reading, ("A", "B"))
    T, D, d = _T_D_d(T, D, d)
    power = D + 1 if reading == "A" else d + 1
    return as_output(D * d**d * np.log(T) ** power)


@formula(
    "RPP.thm2",
    latex={
        "A": r"S_T\in\tilde O\Big(\sqrt{D\gamma_T\log T/T}\Big),\ \gamma_T=Dd^d(\log T)^{D+1}",
        "B": r"S_T\in\tilde O\Big(\sqrt{D\gamma_T\log T/T}\Big),\ \gamma_T=Dd^d(\log T)^{d+1}",
    },
    cite="[Li2016, Thm 2]",
)
def thm2_simple_regret_rate(*, T, D, d, reading="B"):
    r"""Simple-regret rate of PP-GP-UCB (Thm 2), constants dropped.

    .. math::

        S_T \asymp \sqrt{\frac{D\,\gamma_T\log T}{T}},\qquad \gamma_T\ \text{from}\ :func:`gamma_T`
        \ (\text{reading } A \text{ or } B).

    Holds with high probability for :math:`\beta_t=\tilde O(d\log t)` and the acquisition maximised to
    :math:`\tilde O(t^{-1/2})`. The proof passes through [Kandasamy2015, Thm 5] and its Eq. (14), which the
    [Kandasamy2015] authors' erratum names (ADD.eq14_erratum).

    Parameters
    ----------
    T : int, >= 1
    D : int, >= 1
    d : int, 1 <= d <= D
    reading : {"A", "B"}
        Reading of :math:`\gamma_T` (see :func:`gamma_T`).

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Thm 2 (§4) = Thm 10 (App. B.1)]; [Kandasamy2015, Thm 5].

    Examples
    --------
    >>> round(thm2_simple_regret_rate(T=100, D=10, d=2), 6)
    42.415185
    """
    g = gamma_T(T=T, D=D, d=d, reading=reading)
    T_, D_, _ = _T_D_d(T, D, d)
    return as_output(np.sqrt(D_ * np.asarray(g) * np.log(T_) / T_))
