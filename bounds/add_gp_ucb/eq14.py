"""[Kandasamy2015, Eq. (14)] and its erratum: the sigma-log inequality and the chain on a query sequence."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.linalg
import scipy.special

from regretlab._validate import (
    check_array,
    check_choice,
    check_real,
)

from .._registry import formula
from ._common import _f


@formula(
    "ADD.sigma_log_ineq",
    latex=r"\sigma_t^2(x)\le\frac{\log(1+\eta^{-2}\sigma_t^2(x))}{\log(1+\eta^{-2})}",
    cite="[Kandasamy2015, Eq. (14)]",
)
def sigma_log_ineq(*, sigma2, eta):
    r"""Proof of [Kandasamy2015, Thm 5]: :math:`\sigma_t^2\le\log(1+\eta^{-2}\sigma_t^2)/\log(1+\eta^{-2})`,
    sigma_t^2 <= 1.

    .. math::
        \sigma_t^2(x)\le\frac{\log\big(1+\eta^{-2}\sigma^2_t(x)\big)}{\log(1+\eta^{-2})}

    via :math:`u^2\le v^2\log(1+u^2)/\log(1+v^2)` for :math:`0\le u\le v`. Returns the right-hand side.

    Parameters
    ----------
    sigma2 : float or array_like
        :math:`\sigma_t^2(x)\in[0,1]`.
    eta : float
        :math:`\eta>0`.

    References
    ----------
    .. [1] [Kandasamy2015, App. B.2.1 (before Eq. (14))].

    Examples
    --------
    >>> float(sigma_log_ineq(sigma2=1.0, eta=0.5))
    1.0
    """
    sigma2 = check_real("sigma2", sigma2, low=0.0, high=1.0)
    eta = check_real("eta", eta, low=0.0, low_open=True)
    return np.log1p(_f(sigma2) / eta**2) / np.log1p(eta**-2)


def _component_grams(K_components) -> np.ndarray:
    K_components = check_array("K_components", K_components, ndim=3)
    M, T, T_other = K_components.shape
    if T != T_other or M < 1 or T < 1:
        raise ValueError(f"K_components has shape {K_components.shape}; expected (M, T, T) with M, T >= 1")
    if not np.allclose(K_components, np.transpose(K_components, (0, 2, 1)), rtol=1e-10, atol=1e-12):
        raise ValueError("K_components is not symmetric; each K^(j) must be a Gram matrix")
    return K_components


@formula(latex=r"\big(\sigma^{(j)}_{t-1}(x_t^{(j)})\big)^2", cite="[Kandasamy2015, Eq. (5)]")
def component_posterior_variances(*, K_components, eta):
    r"""Per-group and joint posterior variances along a query sequence, for an additive kernel.

    .. math::
        \big(\sigma^{(j)}_{t-1}(x_t^{(j)})\big)^2=K^{(j)}_{tt}-\mathbf k^{(j)}_{<t}(x_t)^\top
        (\mathbf K_{<t}+\eta^2I)^{-1}\mathbf k^{(j)}_{<t}(x_t),\qquad \mathbf K=\sum_jK^{(j)}

    and :math:`\sigma^2_{t-1}(x_t)` for the sum :math:`f=\sum_jf^{(j)}` ([Kandasamy2015, Eq. (5)];
    observations are of the sum). With :math:`V^{(j)}=L^{-1}K^{(j)}` (:math:`L` the Cholesky factor of
    :math:`\mathbf K+\eta^2I`), the prefix property of triangular solves gives all :math:`t` at once:
    :math:`(\sigma^{(j)}_{t-1})^2=K^{(j)}_{tt}-\sum_{s<t}(V^{(j)}_{st})^2`. The identity
    :math:`\sigma^2=\sum_j(\sigma^{(j)})^2+2\sum_{j<k}\mathrm{Cov}_{post}(f^{(j)},f^{(k)})` holds.

    Parameters
    ----------
    K_components : array_like, shape (M, T, T)
        :math:`K^{(j)}=[\kappa^{(j)}(x_s^{(j)},x_t^{(j)})]` for the query sequence, in query order.
    eta : float
        Noise standard deviation :math:`\eta>0`.

    Returns
    -------
    component : ndarray, shape (T, M)
        :math:`(\sigma^{(j)}_{t-1}(x^{(j)}_t))^2`.
    joint : ndarray, shape (T,)
        :math:`\sigma^2_{t-1}(x_t)` of the sum.

    References
    ----------
    .. [1] [Kandasamy2015, Eq. (5) and App. B.2.1 (Eq. (14))]; RPP.eq3_component_posterior
           ([Li2016, Eq. (3)]).

    Examples
    --------
    >>> comp, joint = component_posterior_variances(K_components=[[[0.5, 0.5], [0.5, 0.5]]] * 2, eta=1.0)
    >>> comp.round(4).tolist(), joint.round(4).tolist()
    ([[0.5, 0.5], [0.375, 0.375]], [1.0, 0.5])
    """
    Kc = _component_grams(K_components)
    eta = check_real("eta", eta, low=0.0, low_open=True)
    K = Kc.sum(axis=0)
    T = K.shape[0]
    try:
        # [Rasmussen2006, Alg. 2.1, line 2]: L = cholesky(K + η²I)
        L = scipy.linalg.cholesky(K + eta**2 * np.eye(T), lower=True)
    except np.linalg.LinAlgError as exc:
        raise ValueError(
            "sum of K_components + eta**2 I is not positive definite: the K^(j) must be p.s.d."
        ) from exc
    strict_upper = np.triu(np.ones((T, T)), k=1)  # entries s < t of column t
    comp = np.empty((T, Kc.shape[0]))
    for j, Kj in enumerate(Kc):
        V = scipy.linalg.solve_triangular(L, Kj, lower=True)
        comp[:, j] = np.diag(Kj) - np.sum((V * strict_upper) ** 2, axis=0)
    V = scipy.linalg.solve_triangular(L, K, lower=True)
    joint = np.diag(K) - np.sum((V * strict_upper) ** 2, axis=0)
    return np.clip(comp, 0.0, None), np.clip(joint, 0.0, None)


@dataclass(frozen=True)
class Eq14Chain:
    r"""The links of Eq. (14) on one query sequence (see :func:`eq14_chain`).

    ``lhs <= jensen <= star <= gamma_link`` is the printed chain; ``holds`` says which links hold (each with
    relative tolerance 1e-12), ``step_star_holds`` the per-step inequality :math:`(\star)` for each :math:`t`.
    """

    lhs: float
    jensen: float
    star: float
    gamma_link: float
    information_gain: float
    holds: tuple
    step_star_holds: np.ndarray

    @property
    def all_hold(self) -> bool:
        return bool(all(self.holds))


@formula(
    "ADD.eq14_erratum",
    latex={
        "A": (
            r"\Big(\sum_{t}\sum_{j}\sigma^{(j)}_{t-1}(x_t^{(j)})\Big)^2"
            r"\le MT\sum_t\sum_j\sigma^{(j)}_{t-1}(x_t^{(j)})^2"
            r"\le C_1MT\sum_t\log\big(1+\eta^{-2}\sigma^2_{t-1}(x_t)\big)\le2C_1MT\gamma_T"
        ),
        "B": (
            r"\Big(\sum_{t}\sigma_{t-1}(x_t)\Big)^2"
            r"\le MT\sum_t\sigma^2_{t-1}(x_t)"
            r"\le C_1MT\sum_t\log\big(1+\eta^{-2}\sigma^2_{t-1}(x_t)\big)\le2C_1MT\gamma_T"
        ),
    },
    cite="[Kandasamy2015, Eq. (14)]",
)
def eq14_chain(*, K_components, eta, gamma_T=None, reading: str = "A") -> Eq14Chain:
    r"""[Kandasamy2015, Eq. (14)] on an actual query sequence, as printed (A) and in its corrected form (B).

    Reading ``"A"`` (as printed; withdrawn by the authors' erratum "equation 14, has an error"):

    .. math::
        \Big(\sum_{t=1}^T\sum_{j=1}^M\sigma^{(j)}_{t-1}(x_t^{(j)})\Big)^2\le MT\sum_t\sum_j
        \sigma^{(j)}_{t-1}(x_t^{(j)})^2\overset{(\star)}{\le}C_1MT\sum_t\log\big(1+\eta^{-2}\sigma^2_{t-1}(x_t)
        \big)\le2C_1MT\gamma_T

    Step :math:`(\star)` compares a sum of *component* variances with the variance :math:`\sigma^2_{t-1}`
    *of the sum*; since :math:`\sigma^2=\sum_j(\sigma^{(j)})^2+2\sum_{j<k}\mathrm{Cov}_{post}` and the
    posterior covariances are negative after observing sums, :math:`(\star)` can fail (e.g. one point
    queried repeatedly).

    Reading ``"B"`` (corrected, per the catalogue's identity): the same chain with
    :math:`\sum_j(\sigma^{(j)}_{t-1})^2` replaced by the variance of the sum,
    :math:`\sigma^2_{t-1}(x_t)=\sum_j(\sigma^{(j)})^2+2\sum_{j<k}\mathrm{Cov}`, and the left-hand side by
    :math:`(\sum_t\sigma_{t-1}(x_t))^2`; then :math:`(\star)` is ADD.sigma_log_ineq and the chain holds.
    It bounds :math:`\sum_t\sigma_{t-1}(x_t)\le\sum_t\sum_j\sigma^{(j)}_{t-1}(x_t^{(j)})`, i.e. it does
    **not** by itself repair Thm 5, whose regret decomposition needs the larger sum of component
    deviations.

    :math:`C_1=1/\log(1+\eta^{-2})` ([Kandasamy2015]). Hypothesis :math:`\kappa(x,x)=\sum_jK^{(j)}_{tt}\le1`
    is validated.

    Parameters
    ----------
    K_components : array_like, shape (M, T, T)
        Component Gram matrices of the query sequence (see :func:`component_posterior_variances`).
    eta : float
        Noise standard deviation :math:`\eta>0`.
    gamma_T : float or None
        :math:`\gamma_T` (or a rigorous upper bound, e.g. greedy :math:`/(1-1/e)`). ``None``: the realised
        information gain :math:`I=\tfrac12\sum_t\log(1+\eta^{-2}\sigma^2_{t-1}(x_t))\le\gamma_T` (then the
        last
        link is an equality).
    reading : {"A", "B"}

    Returns
    -------
    Eq14Chain

    References
    ----------
    .. [1] [Kandasamy2015, App. B.2.1, Eq. (14)], and the erratum in [Kandasamy2015]'s text; CATALOGUE.md
           ADD.eq14_erratum.

    Examples
    --------
    >>> K1 = [[0.5] * 3] * 3  # one point queried three times, two groups of prior variance 1/2
    >>> eq14_chain(K_components=[K1, K1], eta=0.1).holds
    (True, False, True)
    >>> eq14_chain(K_components=[K1, K1], eta=0.1, reading="B").holds
    (True, True, True)
    """
    check_choice("reading", reading, ("A", "B"))
    Kc = _component_grams(K_components)
    eta = check_real("eta", eta, low=0.0, low_open=True)
    with np.errstate(over="ignore"):
        prior = Kc.sum(axis=0).diagonal()
    if np.any(prior > 1.0 + 1e-9):
        i = int(np.argmax(prior))
        raise ValueError(
            f"K_components: the components' diagonals at t={i + 1} sum to "
            f"kappa(x_t, x_t)={float(prior[i])!r}, "
            "outside its domain [0, 1] "
            "([Kandasamy2015, §3] assumes kappa(x, x) = 1)"
        )
    comp, joint = component_posterior_variances(K_components=Kc, eta=eta)
    M, T = Kc.shape[0], Kc.shape[1]
    C1 = 1.0 / np.log1p(eta**-2)
    logs = np.log1p(joint / eta**2)
    info = 0.5 * float(np.sum(logs))
    gamma = info if gamma_T is None else check_real("gamma_T", gamma_T, low=0.0)
    if reading == "A":
        lhs = float(np.sum(np.sqrt(comp))) ** 2
        step_left = comp.sum(axis=1)
    else:
        lhs = float(np.sum(np.sqrt(joint))) ** 2
        step_left = joint
    jensen = M * T * float(np.sum(step_left))
    star = C1 * M * T * float(np.sum(logs))
    gamma_link = 2.0 * C1 * M * T * gamma
    tol = 1 + 1e-12
    holds = (lhs <= jensen * tol + 1e-300, jensen <= star * tol + 1e-300, star <= gamma_link * tol + 1e-300)
    return Eq14Chain(
        lhs=lhs,
        jensen=jensen,
        star=star,
        gamma_link=gamma_link,
        information_gain=info,
        holds=tuple(bool(h) for h in holds),
        step_star_holds=step_left <= C1 * logs * tol + 1e-300,
    )
