r"""What the algorithms maximise: UCB, LCB and EI on batches, the :class:`Acquisition` of a posterior, and its
:class:`Restricted` form on a subset of the coordinates.

Conventions (ARCHITECTURE.md rule 7):

* **Maximisation** everywhere: every acquisition is maximised, every maximiser maximises.
* **UCB is** :math:`\mu + \sqrt{\beta}\,\sigma`: β is the *variance* scale in every paper's algorithm
  (BoTorch ``acquisition/analytic.py``). The MS-UCB copy with the supplement prints
  :math:`\mu + \sqrt{\beta\sigma}` ([TranThe2020-ext, Eq. (2)] and its definition of :math:`a_t`), a typo: its
  own proofs and the proceedings copy ([TranThe2020-AAAI, Eq. (2)]) use the GP-UCB rule of
  [Srinivas2010, Thm 1]; it is *not* implemented.
* Functions take batches: a point set ``X`` of shape ``(q, D)``; acquisition values have shape ``(q,)`` and
  their gradients ``(q, D)``.

The maximisers with their hard evaluation budgets are in :mod:`regretlab.algorithms.maximize`.
"""

from __future__ import annotations

import inspect
import math

import numpy as np
from scipy import special

from regretlab._validate import check_array, check_choice, check_integer, check_number

__all__ = [
    "ucb",
    "ucb_grad",
    "lcb",
    "lcb_grad",
    "expected_improvement",
    "expected_improvement_grad",
    "Acquisition",
    "Restricted",
    "ACQUISITION_KINDS",
]

ACQUISITION_KINDS = ("ucb", "lcb", "ei")

_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)


# --------------------------------------------------------------------------------------------------------
# Pure acquisition functions
# --------------------------------------------------------------------------------------------------------
def _mean_std(mean, variance):
    """Validate a posterior (mean, variance) pair; clip negative variances to 0; return (mu, sigma)."""
    mu = check_array("mean", mean)
    var = check_array("variance", variance)
    if mu.shape != var.shape:
        raise ValueError(f"mean has shape {mu.shape} but variance has shape {var.shape}; they must agree")
    # Round-off can give tiny negative posterior variances: clip to 0 (scikit-learn _gpr.py does the same).
    return mu, np.sqrt(np.maximum(var, 0.0))


def _sigma_grad_of(sigma, dvar):
    """d sigma/dx = (d variance/dx) / (2 sigma) on validated arrays (the acquisition's inner loop); 0 where
    sigma == 0 (sigma is not differentiable there)."""
    safe = np.where(sigma > 0.0, sigma, 1.0)
    factor = np.where(sigma > 0.0, 0.5 / safe, 0.0)
    return factor[..., None] * dvar


def _check_grads(mu, mean_grad, variance_grad):
    dmu = check_array("mean_grad", mean_grad)
    dvar = check_array("variance_grad", variance_grad)
    if dmu.shape[:-1] != mu.shape or dmu.ndim != mu.ndim + 1:
        raise ValueError(f"mean_grad has shape {dmu.shape}; expected {mu.shape + ('D',)}")
    if dvar.shape != dmu.shape:
        raise ValueError(f"variance_grad has shape {dvar.shape}; expected {dmu.shape} (same as mean_grad)")
    return dmu, dvar


def ucb(mean, variance, beta):
    r"""Upper confidence bound :math:`\mu(x) + \sqrt{\beta}\,\sigma(x)`.

    GP-UCB of [Srinivas2010, Alg. 1], as used by all four papers: [TranThe2020-AAAI, Eq. (2)],
    [Li2016, Alg. 1], [Kandasamy2015, Eq. (6)] per group, [Ha2019, Eq. (4)].

    .. math:: \alpha_{UCB}(x) = \mu_{t-1}(x) + \sqrt{\beta_t}\,\sigma_{t-1}(x)

    Note: [TranThe2020-ext, Eq. (2)] prints :math:`\mu + \sqrt{\beta\sigma}`; this is a typo and the rule
    above (β scales the variance) is the one its proofs use.

    Parameters
    ----------
    mean, variance : array_like, shape (q,)
        Posterior mean and variance at q points (negative variances from round-off are clipped to 0).
    beta : float
        Exploration weight β_t >= 0.

    Returns
    -------
    ndarray, shape (q,)

    Examples
    --------
    >>> ucb([0.0, 1.0], [4.0, 0.0], beta=2.25)
    array([3., 1.])
    """
    beta = check_number("beta", beta, low=0.0)
    mu, sigma = _mean_std(mean, variance)
    return _ucb(mu, sigma, math.sqrt(beta))


def _ucb(mu, sigma, root_beta):
    return mu + root_beta * sigma


def _ucb_grad(sigma, dmu, dvar, root_beta):
    return dmu + root_beta * _sigma_grad_of(sigma, dvar)


def ucb_grad(mean, variance, beta, mean_grad, variance_grad):
    r"""Gradient of :func:`ucb` w.r.t. x: :math:`\nabla\mu + \sqrt{\beta}\,\nabla\sigma^2/(2\sigma)`.

    ``mean_grad`` and ``variance_grad`` have shape (q, D). Where σ = 0 the σ term is set to 0.
    """
    beta = check_number("beta", beta, low=0.0)
    mu, sigma = _mean_std(mean, variance)
    dmu, dvar = _check_grads(mu, mean_grad, variance_grad)
    return _ucb_grad(sigma, dmu, dvar, math.sqrt(beta))


def lcb(mean, variance, beta):
    r"""Lower confidence bound :math:`\mu(x) - \sqrt{\beta}\,\sigma(x)` (same β convention as :func:`ucb`).

    Used e.g. for conservative recommendations and by the UBO expansion test ([Ha2019, §4]).

    >>> lcb([0.0, 1.0], [4.0, 0.0], beta=2.25)
    array([-3.,  1.])
    """
    beta = check_number("beta", beta, low=0.0)
    mu, sigma = _mean_std(mean, variance)
    return _lcb(mu, sigma, math.sqrt(beta))


def _lcb(mu, sigma, root_beta):
    return mu - root_beta * sigma


def _lcb_grad(sigma, dmu, dvar, root_beta):
    return dmu - root_beta * _sigma_grad_of(sigma, dvar)


def lcb_grad(mean, variance, beta, mean_grad, variance_grad):
    """Gradient of :func:`lcb` w.r.t. x (shape (q, D)); the σ term is 0 where σ = 0."""
    beta = check_number("beta", beta, low=0.0)
    mu, sigma = _mean_std(mean, variance)
    dmu, dvar = _check_grads(mu, mean_grad, variance_grad)
    return _lcb_grad(sigma, dmu, dvar, math.sqrt(beta))


def _ei_parts(mu, sigma, best, xi):
    improvement = mu - best - xi
    safe = np.where(sigma > 0.0, sigma, 1.0)
    z = np.where(sigma > 0.0, improvement / safe, 0.0)
    cdf = special.ndtr(z)
    pdf = _INV_SQRT_2PI * np.exp(-0.5 * z * z)
    return improvement, z, cdf, pdf


def expected_improvement(mean, variance, best, xi=0.0):
    r"""Expected improvement over ``best`` (maximisation; [Jones1998], [Mockus1978]).

    .. math::

        EI(x) = (\mu - y^+ - \xi)\,\Phi(z) + \sigma\,\varphi(z), \qquad z = (\mu - y^+ - \xi)/\sigma,

    and :math:`\max(\mu - y^+ - \xi, 0)` where σ = 0. Φ is :func:`scipy.special.ndtr`.

    Parameters
    ----------
    mean, variance : array_like, shape (q,)
    best : float
        Incumbent value :math:`y^+` (e.g. the best observation so far).
    xi : float, default 0
        Exploration margin ξ >= 0.

    Examples
    --------
    >>> float(expected_improvement([0.0], [1.0], best=0.0)[0])  # sigma * phi(0) = 1/sqrt(2 pi)
    0.3989422804014327
    """
    best = check_number("best", best)
    xi = check_number("xi", xi, low=0.0)
    mu, sigma = _mean_std(mean, variance)
    return _ei(mu, sigma, best, xi)


def _ei(mu, sigma, best, xi):
    improvement, _, cdf, pdf = _ei_parts(mu, sigma, best, xi)
    value = improvement * cdf + sigma * pdf
    return np.where(sigma > 0.0, np.maximum(value, 0.0), np.maximum(improvement, 0.0))


def _ei_grad(mu, sigma, dmu, dvar, best, xi):
    improvement, _, cdf, pdf = _ei_parts(mu, sigma, best, xi)
    grad = cdf[..., None] * dmu + pdf[..., None] * _sigma_grad_of(sigma, dvar)
    degenerate = (improvement > 0.0).astype(float)[..., None] * dmu
    return np.where((sigma > 0.0)[..., None], grad, degenerate)


def expected_improvement_grad(mean, variance, best, mean_grad, variance_grad, xi=0.0):
    r"""Gradient of :func:`expected_improvement` w.r.t. x: :math:`\Phi(z)\nabla\mu + \varphi(z)\nabla\sigma`.

    (Using ∂EI/∂μ = Φ(z) and ∂EI/∂σ = φ(z).) Where σ = 0 the gradient is :math:`\nabla\mu` if
    μ - y⁺ - ξ > 0 and 0 otherwise.
    """
    best = check_number("best", best)
    xi = check_number("xi", xi, low=0.0)
    mu, sigma = _mean_std(mean, variance)
    dmu, dvar = _check_grads(mu, mean_grad, variance_grad)
    return _ei_grad(mu, sigma, dmu, dvar, best, xi)


#: Each acquisition kind's (value, gradient) on validated arrays, given the Acquisition's parameters; the
#: public functions above validate and call the same code, so both agree bit for bit.
_KIND_TABLE = {
    "ucb": (lambda a, mu, sd: _ucb(mu, sd, a._root_beta),
            lambda a, mu, sd, dmu, dvar: _ucb_grad(sd, dmu, dvar, a._root_beta)),
    "lcb": (lambda a, mu, sd: _lcb(mu, sd, a._root_beta),
            lambda a, mu, sd, dmu, dvar: _lcb_grad(sd, dmu, dvar, a._root_beta)),
    "ei": (lambda a, mu, sd: _ei(mu, sd, a.best, a.xi),
           lambda a, mu, sd, dmu, dvar: _ei_grad(mu, sd, dmu, dvar, a.best, a.xi)),
}


# --------------------------------------------------------------------------------------------------------
# Posterior wrapper
# --------------------------------------------------------------------------------------------------------
def _has_parameter(function, name: str) -> bool:
    """Whether ``function`` takes a parameter ``name`` (False when its signature cannot be read)."""
    try:
        return name in inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False


class Acquisition:
    """An acquisition function of a GP posterior, evaluated on batches, counting evaluations.

    One ``posterior.predict`` call per batch (the posterior does the matrix products), so evaluating
    q points costs one kernel matrix ``k(X, X_t)`` of shape (q, t).

    Parameters
    ----------
    posterior : object
        Anything with ``predict(X, return_grad=False) -> (mean, variance)`` and, with ``return_grad=True``,
        ``(mean, variance, mean_grad, variance_grad)`` (``regretlab.gp.GP`` has this signature).
    kind : {"ucb", "lcb", "ei"}
    beta : float, optional
        β_t for UCB/LCB (required for them).
    best : float, optional
        Incumbent for EI (required for it).
    xi : float, default 0
        EI margin.

    Attributes
    ----------
    n_evaluations : int
        Number of points evaluated so far (each row of a batch counts once).

    Examples
    --------
    >>> class Flat:
    ...     def predict(self, X, return_grad=False):
    ...         return np.zeros(len(X)), np.ones(len(X))
    >>> acq = Acquisition(Flat(), "ucb", beta=4.0)
    >>> acq(np.zeros((3, 2))), acq.n_evaluations
    (array([2., 2., 2.]), 3)
    """

    def __init__(self, posterior, kind: str = "ucb", *, beta=None, best=None, xi: float = 0.0):
        self.kind = check_choice("kind", kind, ACQUISITION_KINDS)
        if not hasattr(posterior, "predict"):
            raise ValueError(f"posterior={posterior!r} has no predict(X, return_grad=False) method")
        self.posterior = posterior
        if kind in ("ucb", "lcb"):
            if beta is None:
                raise ValueError(f"beta=None is not allowed for kind={kind!r}; its domain is [0, inf)")
            self.beta = check_number("beta", beta, low=0.0)
        else:
            self.beta = None if beta is None else check_number("beta", beta, low=0.0)
        if kind == "ei":
            if best is None:
                raise ValueError("best=None is not allowed for kind='ei': pass the incumbent value")
            self.best = check_number("best", best)
        else:
            self.best = None if best is None else check_number("best", best)
        self.xi = check_number("xi", xi, low=0.0)
        self._root_beta = None if self.beta is None else math.sqrt(self.beta)  # β checked once, here
        self._value_of, self._grad_of = _KIND_TABLE[self.kind]
        # read once: whether the posterior computes only some columns of its gradient (value_and_grad)
        self._takes_columns = _has_parameter(posterior.predict, "grad_columns")
        self.n_evaluations = 0

    @staticmethod
    def _as_batch(X) -> np.ndarray:
        X = np.asarray(X, dtype=float)
        return X[None, :] if X.ndim == 1 else X

    @staticmethod
    def _mean_std(mean, variance):
        """The posterior's (mean, sd): its arrays as they are (the posterior made them; no re-validation in
        the inner loop), negative round-off variances clipped to 0."""
        return mean, np.sqrt(np.maximum(variance, 0.0))

    def _values(self, mean, variance):
        return self._finite(self._value_of(self, *self._mean_std(mean, variance)))

    def _finite(self, values):
        """One scan of the q values instead of validating the posterior's four arrays on every call."""
        if not np.all(np.isfinite(values)):
            bad = int(np.sum(~np.isfinite(values)))
            raise ValueError(f"the posterior gave a non-finite {self.kind} value at {bad} of "
                             f"{np.size(values)} points (its mean or variance is not finite)")
        return values

    def __call__(self, X) -> np.ndarray:
        """Acquisition values at the rows of ``X`` (shape (q, D), or (D,) for one point) → shape (q,)."""
        X = self._as_batch(X)
        mean, variance = self.posterior.predict(X)
        self.n_evaluations += X.shape[0]
        return self._values(mean, variance)

    def value_and_grad(self, X, columns=None) -> tuple[np.ndarray, np.ndarray]:
        """Values (q,) and gradients (q, D) at the rows of ``X`` (one ``predict(X, return_grad=True)``).

        With ``columns`` (k coordinate indices) the gradients are those columns, shape (q, k): a posterior
        whose ``predict`` takes ``grad_columns`` (``regretlab.gp.GP``'s and ``ScaledPosterior``'s) computes
        those alone, any other gives its full gradient and the columns are taken from it."""
        X = self._as_batch(X)
        if columns is None:
            mean, variance, dmean, dvar = self.posterior.predict(X, return_grad=True)
        elif self._takes_columns:
            mean, variance, dmean, dvar = self.posterior.predict(X, return_grad=True, grad_columns=columns)
        else:
            mean, variance, dmean, dvar = self.posterior.predict(X, return_grad=True)
            dmean, dvar = dmean[:, columns], dvar[:, columns]
        self.n_evaluations += X.shape[0]
        mu, sigma = self._mean_std(mean, variance)
        return self._finite(self._value_of(self, mu, sigma)), self._grad_of(self, mu, sigma, dmean, dvar)


    def from_prediction(self, mean, variance, mean_grad=None, variance_grad=None):
        """The acquisition of a prediction the caller made (for instance on subspaces,
        :meth:`regretlab.gp.GP.subspace_posterior`): values (q,), and with the gradients of mean and variance
        (q, k) also the acquisition's gradients (q, k). The q points count as evaluated."""
        self.n_evaluations += np.shape(mean)[0]
        mu, sigma = self._mean_std(mean, variance)
        values = self._finite(self._value_of(self, mu, sigma))
        if mean_grad is None:
            return values
        return values, self._grad_of(self, mu, sigma, mean_grad, variance_grad)


class Restricted:
    r"""An acquisition restricted to some coordinates of an anchor point: a batch function of those only.

    .. math:: \varphi(z) = a(x(z)),\qquad x(z)_i = z_k \text{ for } i = \text{coordinates}_k,\quad
        x(z)_i = \text{anchor}_i \text{ otherwise}.

    Rows ``Z`` of shape (q, k) are written into the ``coordinates`` of copies of ``anchor`` (shape (D,)) and
    ``acquisition`` is evaluated on the q full points in one batch; gradients are the ``coordinates`` columns
    of the full gradient (the other coordinates are fixed). One class serves every restricted search of the
    papers:

    * MS-UCB's subspaces :math:`\mathcal S(\mathbf A,\mathbf z)`: the free block of the point with anchor
      block :math:`\mathbf z` ([TranThe2020, Def. 1, Eq. (8)]);
    * Add-GP-UCB's groups: the group-:math:`j` UCB on :math:`\mathcal X^{(j)}`
      ([Kandasamy2015, Alg. 1, step 1]), ``acquisition`` reading a
      :class:`~regretlab.algorithms.posteriors.ComponentPosterior`;
    * RPP-GP-UCB's projected groups on the outer box ([Li2016, Eq. (5)]), in the same way.

    Parameters
    ----------
    acquisition : Acquisition or callable
        A batch function ``X (q, D) -> (q,)``; for :meth:`value_and_grad` it needs its own
        ``value_and_grad(X) -> ((q,), (q, D))`` (as :class:`Acquisition` has).
    anchor : array_like, shape (D,)
        The fixed coordinates (finite).
    coordinates : array_like of int, shape (k,)
        The free coordinates, distinct indices in ``[0, D)``.

    Examples
    --------
    >>> restricted = Restricted(lambda X: -np.sum(X**2, axis=1), [1.0, 2.0, 3.0], coordinates=[0, 2])
    >>> restricted.embed([[0.0, 0.0]]).tolist(), restricted([[0.0, 0.0]]).tolist()
    ([[0.0, 2.0, 0.0]], [-4.0])
    """

    def __init__(self, acquisition, anchor, coordinates):
        if not callable(acquisition):
            raise ValueError(f"acquisition={acquisition!r} is not callable: it maps X (q, D) to (q,) values")
        self.acquisition = acquisition
        self.anchor = check_array("anchor", anchor, ndim=1, empty=False).copy()
        dim = self.anchor.shape[0]
        coords = np.atleast_1d(check_integer("coordinates", coordinates, low=0, high=dim - 1))
        if coords.ndim != 1 or coords.size == 0 or np.unique(coords).size != coords.size:
            shown = np.asarray(coordinates).tolist()
            raise ValueError(f"coordinates={shown} must be distinct indices in [0, {dim})")
        self.coordinates = coords.astype(np.intp)

    @property
    def n_evaluations(self) -> int:
        """Points evaluated so far by the underlying acquisition (0 if it does not count)."""
        return int(getattr(self.acquisition, "n_evaluations", 0))

    def embed(self, Z) -> np.ndarray:
        """The full points of the rows of ``Z`` (shape (q, k) or (k,)) → shape (q, D)."""
        Z = np.atleast_2d(np.asarray(Z, dtype=float))
        X = np.repeat(self.anchor[None, :], Z.shape[0], axis=0)
        X[:, self.coordinates] = Z
        return X

    def __call__(self, Z) -> np.ndarray:
        """Acquisition values at the full points of the rows of ``Z`` → shape (q,)."""
        return self.acquisition(self.embed(Z))

    def value_and_grad(self, Z) -> tuple[np.ndarray, np.ndarray]:
        """Values (q,) and gradients (q, k) with respect to the free coordinates (an :class:`Acquisition`
        computes those columns alone)."""
        if isinstance(self.acquisition, Acquisition):
            return self.acquisition.value_and_grad(self.embed(Z), columns=self.coordinates)
        values, grads = self.acquisition.value_and_grad(self.embed(Z))
        return values, grads[:, self.coordinates]
