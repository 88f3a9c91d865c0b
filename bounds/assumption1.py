r"""Assumption 1 (MS-UCB, after [Ghosal2006]) and a Monte Carlo estimator of its constants (a, b).

Assumption 1 of [TranThe2020]: :math:`\Pr[\sup_{\mathbf x}|\partial f/\partial x_i|>L]\le ae^{-(L/b)^2}`. No
paper gives numbers for :math:`(a,b)`. The estimator here is **NOT from the papers**: it is the convention
suggested in the catalogue (``bounds/CATALOGUE.md``, "Conventions"): for an SE kernel with lengthscale
:math:`\ell` and variance :math:`s_f^2`, :math:`\partial_if` is a GP with variance :math:`s_f^2/\ell^2`, and
Borell–TIS with :math:`(L-m)^2\ge L^2/2-m^2` gives

.. math::
    a=4\exp\Big(\frac{m^2\ell^2}{2s_f^2}\Big),\qquad b=\frac{2s_f}{\ell},\qquad
    m=\mathbb E\sup_{\mathbf x}|\partial_if(\mathbf x)|,

with :math:`m` estimated by Monte Carlo on a grid (which slightly underestimates the supremum).

References
----------
.. [1] [TranThe2020, Assumption 1].
.. [2] [Ghosal2006].
.. [3] [Adler2007, Thm 2.1.1] (Borell–TIS).
"""

from __future__ import annotations

import numpy as np
import scipy.linalg

from regretlab._rng import as_generator
from regretlab._validate import check_bounds, check_integer, check_real

from ._registry import formula

__all__ = ["assumption1_tail", "se_derivative_sup_samples", "assumption1_constants"]


@formula(
    "MSUCB.assumption1",
    latex=(
        r"\Pr\Big[\sup_{\mathbf x\in\mathcal X}\Big|\frac{\partial f}{\partial x_i}\Big|>L\Big]"
        r"\le ae^{-(L/b)^2}"
    ),
    cite="[TranThe2020, Assumption 1]",
)
def assumption1_tail(*, L, a, b):
    r"""The tail bound of Assumption 1 on the partial derivatives of :math:`f`.

    .. math::
        \Pr\Big[\sup_{\mathbf x\in\mathcal X}\Big|\frac{\partial f}{\partial x_i}\Big|>L\Big]\le ae^{-(L/b)^2}
        \qquad(L>0,\ i=1..D)

    Parameters
    ----------
    L : float or array_like
        Threshold, :math:`L\ge0`.
    a : float
        :math:`a\ge1` (:math:`L\to0` forces :math:`a\ge1` for a non-degenerate GP).
    b : float
        :math:`b>0`.

    Returns
    -------
    float or ndarray
        :math:`ae^{-(L/b)^2}`.

    References
    ----------
    .. [1] [TranThe2020, Assumption 1 (§"Theoretical Analysis")].

    Examples
    --------
    >>> round(assumption1_tail(L=2.0, a=1.0, b=2.0), 6)  # e^-1
    0.367879
    """
    L = check_real("L", L, low=0.0)
    a = check_real("a", a, low=1.0)
    b = check_real("b", b, low=0.0, low_open=True)
    value = a * np.exp(-((np.asarray(L) / b) ** 2))
    return float(value) if np.ndim(value) == 0 else value


def se_derivative_sup_samples(*, lengthscale, variance, bounds, n_grid, n_samples, rng):
    r"""Monte Carlo draws of :math:`\sup_{\mathbf x}|\partial_1f(\mathbf x)|` for an SE GP :math:`f`.

    :math:`\partial_1f` is a GP with covariance (hand-written: no library gives this kernel)

    .. math::
        \frac{\partial^2k}{\partial x_1\partial x_1'}=\frac{s_f^2}{\ell^2}
        \Big(1-\frac{(x_1-x_1')^2}{\ell^2}\Big)\exp\Big(-\frac{\|\mathbf x-\mathbf x'\|^2}{2\ell^2}\Big).

    It is drawn on a regular grid of ``n_grid`` points per axis of ``bounds`` (Cholesky with jitter,
    ``scipy.linalg.cholesky``); by isotropy every coordinate :math:`i` has the same law. NOT from
    the papers (see the module docstring).

    Parameters
    ----------
    lengthscale : float
        :math:`\ell>0`.
    variance : float
        :math:`s_f^2>0`.
    bounds : array_like, shape (D, 2)
        The box :math:`\mathcal X`.
    n_grid : int
        Grid points per axis, :math:`2\le` ``n_grid`` and ``n_grid**D`` :math:`\le2000`.
    n_samples : int
        Number of sample paths, :math:`\ge1`.
    rng : numpy.random.Generator or int
        Random source (never numpy's global RNG).

    Returns
    -------
    ndarray, shape (n_samples,)

    References
    ----------
    .. [1] C. E. Rasmussen, C. K. I. Williams. Gaussian Processes for Machine Learning, §9.4
       (derivative observations).

    Examples
    --------
    >>> s = se_derivative_sup_samples(lengthscale=0.5, variance=1.0, bounds=[[-1.0, 1.0]], n_grid=30,
    ...                               n_samples=50, rng=0)
    >>> s.shape, bool(s.min() > 0)
    ((50,), True)
    """
    lengthscale = check_real("lengthscale", lengthscale, low=0.0, low_open=True)
    variance = check_real("variance", variance, low=0.0, low_open=True)
    bounds = check_bounds("bounds", bounds)
    n_grid = check_integer("n_grid", n_grid, low=2)
    n_samples = check_integer("n_samples", n_samples, low=1)
    if n_grid ** bounds.shape[0] > 2000:
        raise ValueError(f"n_grid={n_grid} gives n_grid**D={n_grid ** bounds.shape[0]} points; at most 2000")
    rng = as_generator(rng)
    axes = [np.linspace(lo, hi, n_grid) for lo, hi in bounds]
    X = np.stack(np.meshgrid(*axes, indexing="ij"), axis=-1).reshape(-1, bounds.shape[0])
    diff = X[:, None, :] - X[None, :, :]
    sq = np.sum(diff**2, axis=-1)
    # Cov(d1 f(x), d1 f(x')) = s_f^2 / l^2 (1 - (x_1 - x_1')^2 / l^2) exp(-|x - x'|^2 / (2 l^2))   [R&W, §9.4]
    ell2 = lengthscale**2
    K = variance / ell2 * (1.0 - diff[..., 0] ** 2 / ell2) * np.exp(-sq / (2.0 * ell2))
    jitter = 1e-10 * variance / lengthscale**2
    for _ in range(8):
        try:
            chol = scipy.linalg.cholesky(K + jitter * np.eye(len(X)), lower=True)
            break
        except np.linalg.LinAlgError:
            jitter *= 10.0
    else:  # pragma: no cover - the derivative kernel is p.s.d.; growing jitter always succeeds
        raise ValueError("Cholesky of the derivative kernel failed; use a coarser grid (smaller n_grid)")
    paths = chol @ rng.standard_normal((len(X), n_samples))
    return np.max(np.abs(paths), axis=0)


def assumption1_constants(*, lengthscale, variance, m):
    r"""The catalogue's Borell–TIS constants :math:`(a,b)` of Assumption 1 for an SE GP (NOT from the papers).

    .. math::
        a=4\exp\Big(\frac{m^2\ell^2}{2s_f^2}\Big),\qquad b=\frac{2s_f}{\ell}

    Parameters
    ----------
    lengthscale : float
        :math:`\ell>0`.
    variance : float
        :math:`s_f^2>0`.
    m : float
        :math:`m=\mathbb E\sup|\partial_if|\ge0`, e.g. the mean of :func:`se_derivative_sup_samples`.

    Returns
    -------
    (float, float)
        ``(a, b)``.

    References
    ----------
    .. [1] ``bounds/CATALOGUE.md``, "Conventions" (Assumption-1 constants); [Adler2007, Thm 2.1.1].

    Examples
    --------
    >>> assumption1_constants(lengthscale=1.0, variance=1.0, m=0.0)
    (4.0, 2.0)
    """
    lengthscale = check_real("lengthscale", lengthscale, low=0.0, low_open=True)
    variance = check_real("variance", variance, low=0.0, low_open=True)
    m = check_real("m", m, low=0.0)
    s_f = np.sqrt(variance)
    return float(4.0 * np.exp(m**2 * lengthscale**2 / (2.0 * variance))), float(2.0 * s_f / lengthscale)
