r"""The GP posterior on axis-aligned affine subspaces, for searches over a few coordinates of many.

MS-UCB ([TranThe2020, Def. 1, Eq. (8)]) maximises the UCB on subspaces
:math:`\mathcal S_s=\{\mathbf x:\mathbf x_{\bar A}=\mathbf a_s\}`: the free block
:math:`\mathbf x_A=\mathbf z` (k coordinates) varies, the other :math:`D-k` coordinates are the anchor
:math:`\mathbf a_s`. For a stationary kernel :math:`k(\mathbf x,\mathbf x')=s^2g(r^2)` the scaled squared
distance to a data point splits over the two blocks,

.. math::

    r^2(\mathbf x,\mathbf x_i)=\underbrace{\sum_{j\notin A}\frac{(a_{s,j}-x_{i,j})^2}{\ell_j^2}}_{c_{s,i}}
    +\sum_{j\in A}\frac{(z_j-x_{i,j})^2}{\ell_j^2},

so :math:`c_{s,i}` is computed once per anchor and data point (:math:`S\times t`) and each of the many points
an acquisition search evaluates costs :math:`\mathcal O(tk)` for its distances instead of
:math:`\mathcal O(tD)`. The gradient along the free block reads the free coordinates only. Mean, variance and
gradients are [Rasmussen2006, Alg. 2.1] as in :meth:`regretlab.gp.GP.predict`: the same values up to
round-off (the two blocks' sums are added in another order).

Written here because no GP library offers distances split over a fixed and a free block.
"""

from __future__ import annotations

import numpy as np

from regretlab.gp.kernels import Stationary, _sqdist

__all__ = ["SubspacePosterior"]


class SubspacePosterior:
    """The posterior of a fitted :class:`~regretlab.gp.GP` with a stationary kernel on the subspaces
    ``x[free] = z, x[fixed] = anchors[s]`` (see the module docstring).

    Made by :meth:`regretlab.gp.GP.subspace_posterior`, which checks its inputs; it reads the GP's data and
    factor as they are then (build a new one after the GP changes). :meth:`predict` is an inner loop and does
    not check its arguments.
    """

    def __init__(self, gp, anchors: np.ndarray, free: np.ndarray):
        kernel = gp.kernel
        if not isinstance(kernel, Stationary):  # pragma: no cover - GP.subspace_posterior says so first
            raise TypeError(f"kernel={kernel!r} is not stationary")
        dim = anchors.shape[1]
        fixed = np.setdiff1d(np.arange(dim), free)
        lengthscale = np.broadcast_to(kernel._lengthscale, (dim,))
        self._gp, self._free = gp, free
        self._t = gp.n_obs
        X = gp._X_buf[: self._t]
        # the free block's kernel: the same profile, variance and (ARD) length scales of the free coordinates
        self._kernel = kernel._on_columns(free)
        self._X_free = np.ascontiguousarray(X[:, free])
        if fixed.size and self._t:
            # c_{s,i}: the anchors' scaled squared distances to the data over the fixed coordinates, (S, t)
            scale = lengthscale[fixed]
            self._fixed_r2 = _sqdist(anchors[:, fixed] / scale, X[:, fixed] / scale, False)
        else:
            self._fixed_r2 = np.zeros((anchors.shape[0], self._t))

    @property
    def n_subspaces(self) -> int:
        """The number S of anchors."""
        return self._fixed_r2.shape[0]

    def predict(self, subspace: np.ndarray, Z: np.ndarray, return_grad: bool = False):
        """Mean and variance of the latent f at the points ``x[free] = Z[i], x[fixed] = anchors[subspace[i]]``
        (and, with ``return_grad``, their gradients along the free coordinates, shape (q, k)).

        ``subspace``: q anchor indices; ``Z``: (q, k) free-block values."""
        gp, kernel = self._gp, self._kernel
        q = Z.shape[0]
        prior_var = np.full(q, kernel.variance)
        if self._t == 0:
            mean = np.full(q, gp.mean)
            return (mean, prior_var) if not return_grad else (mean, prior_var, np.zeros_like(Z),
                                                              np.zeros_like(Z))
        r2 = kernel._scaled_sqdist(Z, self._X_free)      # the free block's part, (q, t)
        r2 += self._fixed_r2[subspace]                    # + c_{s,i} of each row's anchor
        g, dg = kernel._profile(r2)
        k_star = kernel.variance * g
        # [Rasmussen2006, Alg. 2.1, line 4]: f̄* = k*ᵀ α  (+ constant mean)
        mean = gp.mean + k_star @ gp._alpha
        # [Rasmussen2006, Alg. 2.1, lines 5-6]: v = L \ k*,  V[f*] = k(x*, x*) - vᵀv, clipped at 0
        v = gp._solve_L(k_star.T)
        var = np.maximum(prior_var - np.einsum("ij,ij->j", v, v), 0.0)
        if not return_grad:
            return mean, var
        # the free coordinates' partial derivatives (GP.predict's contraction, on the free block's columns)
        w = gp._solve_L(v, trans=True)
        mean_grad, w_grad = kernel._gradient_x_dot(Z, self._X_free, (gp._alpha[None, :], w.T), dg)
        var_grad = -2.0 * w_grad   # d k(x, x)/dx = 0 for a stationary kernel
        var_grad[var <= 0.0] = 0.0
        return mean, var, mean_grad, var_grad
