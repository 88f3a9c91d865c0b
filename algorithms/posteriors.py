r"""Views of a fitted GP that the acquisitions read: in the units of the observations, and one additive
component at a time.

Both have ``predict(X, return_grad=False)`` like :class:`regretlab.gp.GP`, so an
:class:`~regretlab.algorithms.acquisition.Acquisition` can be built on any of them.
"""

from __future__ import annotations

import numpy as np

from regretlab._validate import check_integer
from regretlab.gp import GP

__all__ = ["ScaledPosterior", "ScaledSubspacePosterior", "ComponentPosterior"]


def _in_observation_units(out, shift: float, scale: float) -> tuple:
    r"""A prediction of the GP on normalised y, ``(mean, variance[, mean_grad, variance_grad])``, in the
    units of the observations: :math:`a + s\tilde\mu`, :math:`s^2\tilde\sigma^2`, gradients alike."""
    s, s2 = scale, scale**2
    if len(out) == 2:
        return shift + s * out[0], s2 * out[1]
    return shift + s * out[0], s2 * out[1], s * out[2], s2 * out[3]


class ScaledPosterior:
    r"""The GP posterior in the units of the observations when the GP is fitted to normalised y.

    With :math:`\tilde y = (y - a)/s`, a GP on :math:`\tilde y` gives :math:`\mu = a + s\tilde\mu` and
    :math:`\sigma^2 = s^2\tilde\sigma^2` (gradients scale the same way). With ``a = 0, s = 1`` it is the GP.
    """

    def __init__(self, gp, shift: float = 0.0, scale: float = 1.0):
        self.gp, self.shift, self.scale = gp, float(shift), float(scale)

    def predict(self, X, return_grad: bool = False, grad_columns=None):
        """Posterior mean and variance of f at the rows of X (and their gradients with ``return_grad``, along
        ``grad_columns`` only if given: :meth:`regretlab.gp.GP.predict`; a wrapped model without
        ``grad_columns`` gives its full gradients and the columns are taken from them)."""
        if grad_columns is None:
            out = self.gp.predict(X, return_grad=return_grad)
        elif isinstance(self.gp, GP):
            out = self.gp.predict(X, return_grad=return_grad, grad_columns=grad_columns)
        else:
            out = self.gp.predict(X, return_grad=return_grad)
            if return_grad:
                out = (out[0], out[1], out[2][:, grad_columns], out[3][:, grad_columns])
        return _in_observation_units(out, self.shift, self.scale)

    def predict_components(self, X):
        """Per-group posteriors ([Kandasamy2015, Eq. (5)]; [Li2016, Eq. (3)]) in observation units."""
        return [(self.scale * m, self.scale**2 * v) for m, v in self.gp.predict_components(X)]

    def subspace_posterior(self, anchors, free):
        """The posterior on the subspaces ``x[free] = z``, other coordinates ``anchors[s]``, in observation
        units (:meth:`regretlab.gp.GP.subspace_posterior`); None when the GP's kernel is not stationary."""
        inner = self.gp.subspace_posterior(anchors, free) if isinstance(self.gp, GP) else None
        return None if inner is None else ScaledSubspacePosterior(inner, self.shift, self.scale)


class ScaledSubspacePosterior:
    r""":class:`regretlab.gp.subspace.SubspacePosterior` in the units of the observations, as
    :class:`ScaledPosterior` is the GP's: :math:`\mu = a + s\tilde\mu`,
    :math:`\sigma^2 = s^2\tilde\sigma^2`."""

    def __init__(self, inner, shift: float, scale: float):
        self.inner, self.shift, self.scale = inner, float(shift), float(scale)

    def predict(self, subspace, Z, return_grad: bool = False):
        """Mean and variance at ``Z`` on the subspaces ``subspace`` (gradients along the free block)."""
        return _in_observation_units(self.inner.predict(subspace, Z, return_grad=return_grad), self.shift,
                                     self.scale)


class ComponentPosterior:
    r"""The posterior of one additive component :math:`f^{(j)}` as a function of full points.

    For an additive or projected-additive GP ([Kandasamy2015, Eq. (5)]; [Li2016, Eq. (3)]) the component
    posterior is evaluated at the features :math:`z^{(j)} = x_{\text{coordinates}} + c` of each row ``x``
    (``offset`` :math:`c`, default 0) with :meth:`regretlab.gp.GP.predict_component`, in observation units:

    .. math::

        \mu_j(x) = s\,\mu^{(j)}(z^{(j)})\ [+\ a + s\,m],\qquad \sigma_j^2(x) = s^2\sigma^{(j)2}(z^{(j)}),

    where :math:`a, s` are the normalisation of :class:`ScaledPosterior` and :math:`m` the GP's constant mean.
    The constant :math:`a + s\,m` belongs to no component; the one component with ``carries_constant=True``
    adds it, so that the sum over the groups is the posterior mean (a constant does not move a maximiser).

    Add-GP-UCB's groups read the columns of the group (the :class:`~regretlab.gp.Additive` features);
    RPP-GP-UCB searches the projected coordinates :math:`z=\hat W^\top u` directly, and ``offset`` is the
    shift between them and the features the GP saw.

    Parameters
    ----------
    posterior : ScaledPosterior
        The scaled posterior of a GP with an additive or projected-additive kernel.
    j : int
        The component.
    coordinates : array_like of int
        The columns of a full point that are the component's inputs (length :math:`d_j`).
    offset : array_like, shape (D,), optional
        Added to the full point before its ``coordinates`` are read.
    carries_constant : bool
        Whether this component's mean includes the constant :math:`a + s\,m`.
    """

    def __init__(self, posterior: ScaledPosterior, j: int, coordinates, *, offset=None,
                 carries_constant: bool = False):
        self.posterior = posterior
        kernel = getattr(posterior.gp, "kernel", None)
        components = len(kernel.kernels) if hasattr(kernel, "features") else None
        self.j = check_integer("j", j, low=0, high=None if components is None else components - 1)
        self.coordinates = np.asarray(coordinates, dtype=np.intp)
        self.offset = None if offset is None else np.asarray(offset, dtype=float)[self.coordinates]
        self.carries_constant = bool(carries_constant)

    def features(self, X) -> np.ndarray:
        """The component's inputs :math:`z^{(j)}` of the rows of ``X`` (shape (q, d_j))."""
        Z = np.atleast_2d(np.asarray(X, dtype=float))[:, self.coordinates]
        return Z if self.offset is None else Z + self.offset

    def predict(self, X, return_grad: bool = False):
        """Component mean and variance at the rows of ``X`` (and gradients w.r.t. the rows, shape (q, D))."""
        post, X = self.posterior, np.atleast_2d(np.asarray(X, dtype=float))
        if hasattr(post.gp.kernel, "features") and self.j < len(post.gp.kernel.kernels):
            # j is a component and the features a float array made here: the unchecked path (a per-group
            # maximiser calls this thousands of times a step)
            out = post.gp._predict_component(self.j, self.features(X), bool(return_grad))
        else:   # the public path says what is wrong
            out = post.gp.predict_component(self.j, self.features(X), return_grad=return_grad)
        mean, var = out[0], out[1]
        if self.carries_constant:
            mean = post.shift + post.scale * (post.gp.mean + mean)
        else:
            mean = post.scale * mean
        var = post.scale**2 * var
        if not return_grad:
            return mean, var
        dmean, dvar = np.zeros(X.shape), np.zeros(X.shape)
        dmean[:, self.coordinates] = post.scale * out[2]
        dvar[:, self.coordinates] = post.scale**2 * out[3]
        return mean, var, dmean, dvar
