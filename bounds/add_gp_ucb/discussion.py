"""[Kandasamy2015, Table 1, §4.4, App. A.2]: rates, the practical beta_t, decompositions, variants."""

from __future__ import annotations

import numpy as np
import scipy.linalg
import scipy.special

from regretlab._validate import (
    check_choice,
    check_integer,
    check_real,
)

from .._registry import formula
from ._common import _f, _t


@formula(
    "ADD.table1_rates",
    latex=(
        r"\begin{array}{lll}&\text{SE}&\text{Mat\'ern}\\"
        r"\text{GP-UCB}&\sqrt{D^{D+2}T(\log T)^{D+2}}"
        r"&2^D\sqrt D\,T^{\frac{\nu+D(D+1)}{2\nu+D(D+1)}}\log T\\"
        r"\text{Add-GP-UCB}&\sqrt{d^dD^2T(\log T)^{d+2}}"
        r"&2^dD\,T^{\frac{\nu+d(d+1)}{2\nu+d(d+1)}}\log T\end{array}"
    ),
    cite="[Kandasamy2015, Table 1]",
)
def table1_rate(*, T, D, d, kernel: str = "SE", algorithm: str = "Add-GP-UCB", nu=None):
    r"""[Kandasamy2015, Table 1]: cumulative-regret rates (values of the :math:`\mathcal O(\cdot)`
    expressions).

    .. math::
        \begin{array}{lll}
        & \text{SE} & \text{Matérn}\\
        \text{GP-UCB} & \sqrt{D^{D+2}T(\log T)^{D+2}} & 2^D\sqrt D\,T^{\frac{\nu+D(D+1)}{2\nu+D(D+1)}}\log T\\
        \text{Add-GP-UCB} & \sqrt{d^dD^2T(\log T)^{d+2}} & 2^dD\,T^{\frac{\nu+d(d+1)}{2\nu+d(d+1)}}\log T
        \end{array}

    The extraction flattens the Matérn exponents; the catalogue restores them as above. The Matérn
    coefficients are as printed (:math:`2^dD`, :math:`2^D\sqrt D`); combining Thm 4.2 with
    :math:`R_T\asymp\sqrt{D\gamma_TT\log T}` gives :math:`2^{d/2}D` and :math:`2^{D/2}D` (see the tests).

    Parameters
    ----------
    T : float or array_like
        :math:`T\ge1`.
    D : int
        :math:`D\ge1`.
    d : int
        :math:`1\le d\le D` (unused for GP-UCB).
    kernel : {"SE", "Matern"}
    algorithm : {"Add-GP-UCB", "GP-UCB"}
    nu : float, optional
        Matérn smoothness :math:`\nu>2` (required for ``kernel="Matern"``, refused for ``"SE"``).

    References
    ----------
    .. [1] [Kandasamy2015, §1, Table 1, §4.3, Thms 4-5].

    Examples
    --------
    >>> round(float(table1_rate(T=1000, D=10, d=2)), 2)
    30178.93
    """
    check_choice("kernel", kernel, ("SE", "Matern"))
    check_choice("algorithm", algorithm, ("Add-GP-UCB", "GP-UCB"))
    T = _f(check_real("T", T, low=1.0))
    D = check_integer("D", D, low=1)
    d = check_integer("d", d, low=1, high=D)
    if kernel == "Matern":
        if nu is None:
            raise ValueError("nu=None is outside its domain (2, inf); kernel='Matern' needs nu")
        nu = check_real("nu", nu, low=2.0, low_open=True)
    elif nu is not None:
        raise ValueError(f"nu={nu!r} is only used by kernel='Matern'; pass nu=None for kernel={kernel!r}")
    logT = np.log(T)
    if algorithm == "GP-UCB":
        if kernel == "SE":
            return np.sqrt(float(D) ** (D + 2) * T * logT ** (D + 2))
        e = D * (D + 1)
        return 2.0**D * np.sqrt(D) * T ** ((nu + e) / (2 * nu + e)) * logT
    if kernel == "SE":
        return np.sqrt(float(d) ** d * float(D) ** 2 * T * logT ** (d + 2))
    e = d * (d + 1)
    return 2.0**d * D * T ** ((nu + e) / (2 * nu + e)) * logT


@formula("ADD.beta_t_practical", latex=r"\beta_t=0.2\,d\log(2t)", cite="[Kandasamy2015, Alg. 2]")
def beta_t_practical(*, t, d):
    r"""[Kandasamy2015, §4.4, Alg. 2]: the practical schedule :math:`\beta_t=0.2\,d\log(2t)`.

    .. math:: \beta_t=0.2\,d\log(2t)

    Alg. 2 prints ":math:`0.2d\log 2t`"; §5.1 quotes :math:`2\log(2t)` (:math:`d=D=10`) and
    :math:`0.4\log(2t)` (Add-2/5), i.e. :math:`\log(2t)`, not :math:`2\log t`. This is the schedule the
    Add-GP-UCB experiments run.

    Parameters
    ----------
    t : int or array_like
        :math:`t\ge1`.
    d : int
        Group dimension :math:`d\ge1`.

    References
    ----------
    .. [1] [Kandasamy2015, §4.4 ("Choice of β_t"), Alg. 2 step 2, §5.1].

    Examples
    --------
    >>> round(float(beta_t_practical(t=1, d=10)), 6)  # 2 log 2
    1.386294
    """
    t = _f(_t("t", t))
    d = check_integer("d", d, low=1)
    return 0.2 * d * np.log(2.0 * t)


@formula(
    "ADD.decomposition_count",
    latex={"A": r"\frac{D!}{d!\,M!}", "B": r"\frac{D!}{(d!)^M\,M!}"},
    cite="[Kandasamy2015, §4.4]",
)
def decomposition_count(*, d, M, D=None, reading: str = "A"):
    r"""[Kandasamy2015, §4.4]: the number of ways to split :math:`D=Md` coordinates into :math:`M` groups of
    size d.

    .. math::
        \frac{D!}{d!\,M!}\ \text{(A, as printed "}D!/d!M!\text{")},\qquad
        \frac{D!}{(d!)^M\,M!}\ \text{(B, not printed: unlabelled groups)}

    Parameters
    ----------
    d, M : int
        Group size :math:`d\ge1` and number of groups :math:`M\ge1`.
    D : int, optional
        :math:`D=Md` (the default); if given it must equal :math:`Md`.
    reading : {"A", "B"}
        ``"A"`` (default; [Kandasamy2015, §4.4 as printed], the only printed form); ``"B"``: the count of set
        partitions into :math:`M` unlabelled blocks of size :math:`d` (the catalogue's alternative).

    Returns
    -------
    float
        Computed with ``scipy.special.factorial`` (exact integers up to float precision).

    References
    ----------
    .. [1] [Kandasamy2015, §4.4 ("Decomposition & Non-additive functions")].

    Examples
    --------
    >>> float(decomposition_count(D=4, d=2, M=2)), float(decomposition_count(D=4, d=2, M=2, reading="B"))
    (6.0, 3.0)
    """
    check_choice("reading", reading, ("A", "B"))
    d = check_integer("d", d, low=1)
    M = check_integer("M", M, low=1)
    D = np.asarray(M) * np.asarray(d) if D is None else check_integer("D", D, low=1)
    if np.any(np.asarray(D) != np.asarray(M) * np.asarray(d)):
        raise ValueError(f"D={D!r} is outside its domain {{M*d}} = {np.asarray(M) * np.asarray(d)!r}")
    fact = scipy.special.factorial
    if reading == "A":
        return fact(D) / (fact(d) * fact(M))
    return fact(D) / (fact(d) ** M * fact(M))


@formula(
    "ADD.seq_buggy_rate",
    latex=r"R_T\in\mathcal O\big(M\sqrt{D\gamma_TT\log T}\big)",
    cite="[Kandasamy2015, App. A.2.2]",
)
def seq_buggy_rate(*, T, M, D, gamma_T):
    r"""[Kandasamy2015, App. A.2.2]: the one-group-per-query variant's rate
    :math:`\mathcal O(M\sqrt{D\gamma_TT\log T})`.

    .. math:: R_T\in\mathcal O\big(M\sqrt{D\gamma_TT\log T}\big)

    Stated without proof in [Kandasamy2015]; returned without a hidden constant.

    Parameters
    ----------
    T : float or array_like
        :math:`T\ge1`.
    M, D : int
        :math:`M\ge1`, :math:`D\ge1`.
    gamma_T : float or array_like
        :math:`\gamma_T\ge0`.

    References
    ----------
    .. [1] [Kandasamy2015, App. A.2.2].

    Examples
    --------
    >>> round(float(seq_buggy_rate(T=100, M=2, D=4, gamma_T=1.0)), 4)
    85.8386
    """
    T = _f(check_real("T", T, low=1.0))
    M = check_integer("M", M, low=1)
    D = check_integer("D", D, low=1)
    gamma_T = check_real("gamma_T", gamma_T, low=0.0)
    return M * np.sqrt(D * gamma_T * T * np.log(T))
