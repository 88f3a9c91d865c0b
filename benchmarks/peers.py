"""The same GP work in regretlab and in its peers (scikit-learn, GPy, BoTorch), for ``benchmarks/suite.py``.

Every system gets the same data and the same fixed hyperparameters: a squared-exponential kernel with
length scale ``lengthscale`` and signal variance 1, Gaussian noise variance ``noise``, zero prior mean, no
input or outcome transforms, float64. Each adapter offers what the suite times:

* ``append_and_predict(state, x, y, Xq)``: from the fitted state at t points (``copy_for_append()``, made
  before the clock starts) add one
  observation and predict the posterior mean and *latent* variance at ``Xq`` — with the peer's own way of
  adding a point (regretlab's rank-one append, BoTorch's ``condition_on_observations``, GPy's ``set_XY``,
  scikit-learn's refit, which has no other way);
* ``ucb(Z)``: GP-UCB :math:`\\mu + \\sqrt\\beta\\sigma` and its gradient at the rows of ``Z`` in one call
  (regretlab's :class:`~regretlab.algorithms.Acquisition`, BoTorch's model posterior at the q points with
  autograd (``stock_ucb``: its ``UpperConfidenceBound`` on a (q, 1, D) t-batch, as a user calls it), GPy's
  ``predict_noiseless`` and ``predictive_gradients``, scikit-learn's
  ``predict(return_std=True)`` with forward differences, since it has no predictive gradient);
* ``values(Z)``: the UCB alone (prescreening).

A peer that is not installed is reported by :func:`missing` with the import error, and the suite skips it.
"""

from __future__ import annotations

import copy
import math

import numpy as np

PEERS = ("scikit-learn", "GPy", "BoTorch")
GPY_JITTER = 1e-8


def missing(name: str) -> str | None:
    """Why peer ``name`` cannot run here (its import error), or None."""
    modules = {"scikit-learn": ("sklearn",), "GPy": ("GPy",), "BoTorch": ("torch", "gpytorch", "botorch")}
    for module in modules[name]:
        try:
            __import__(module)
        except Exception as error:  # noqa: BLE001 - any import failure is a reason to skip the peer
            return f"import {module} failed: {type(error).__name__}: {error}"
    return None


def versions() -> dict[str, str]:
    """The versions of numpy, scipy and every installed peer."""
    import scipy

    out = {"numpy": np.__version__, "scipy": scipy.__version__}
    for name, module in (
        ("scikit-learn", "sklearn"),
        ("GPy", "GPy"),
        ("torch", "torch"),
        ("gpytorch", "gpytorch"),
        ("BoTorch", "botorch"),
    ):
        try:
            out[name] = __import__(module).__version__
        except Exception:  # noqa: BLE001
            pass
    return out


class Regretlab:
    name = "regretlab"

    def __init__(self, X, y, *, lengthscale: float, noise: float, beta: float):
        from regretlab.algorithms import Acquisition
        from regretlab.gp import GP, SquaredExponential

        kernel = SquaredExponential(lengthscale=lengthscale, variance=1.0)
        self.gp = GP(kernel, noise_variance=noise).fit(X, y)
        self.acquisition = Acquisition(self.gp, "ucb", beta=beta)

    def copy_for_append(self):
        return copy.deepcopy(self.gp)

    @staticmethod
    def append_and_predict(gp, x, y, Xq):
        gp.append(x, y)
        return gp.predict(Xq)

    def ucb(self, Z):
        return self.acquisition.value_and_grad(Z)

    def values(self, Z):
        return self.acquisition(Z)


class ScikitLearn:
    name = "scikit-learn"
    #: forward-difference step of the UCB gradient (scikit-learn has no predictive gradient)
    step = 1e-7

    def __init__(self, X, y, *, lengthscale: float, noise: float, beta: float):
        from sklearn.gaussian_process import GaussianProcessRegressor
        from sklearn.gaussian_process.kernels import RBF, ConstantKernel

        kernel = ConstantKernel(1.0, "fixed") * RBF(lengthscale, "fixed")
        self.model = GaussianProcessRegressor(kernel, alpha=noise, optimizer=None, normalize_y=False)
        self.model.fit(X, y)
        self.X, self.y, self.root_beta = X, y, math.sqrt(beta)

    def copy_for_append(self):
        from sklearn.base import clone

        return clone(self.model)

    def append_and_predict(self, model, x, y, Xq):
        # no append in scikit-learn: a refit at fixed hyperparameters
        model.fit(np.vstack([self.X, x]), np.append(self.y, y))
        mean, std = model.predict(Xq, return_std=True)
        return mean, std**2

    def values(self, Z):
        mean, std = self.model.predict(Z, return_std=True)
        return mean + self.root_beta * std

    def ucb(self, Z):
        q, D = Z.shape
        shifted = np.repeat(Z[None, :, :], D + 1, axis=0)  # (D + 1, q, D): the point and D steps
        shifted[np.arange(1, D + 1), :, np.arange(D)] += self.step
        all_values = self.values(shifted.reshape(-1, D)).reshape(D + 1, q)
        return all_values[0], ((all_values[1:] - all_values[0]) / self.step).T


class GPyPeer:
    name = "GPy"

    def __init__(self, X, y, *, lengthscale: float, noise: float, beta: float):
        import GPy

        kernel = GPy.kern.RBF(X.shape[1], variance=1.0, lengthscale=lengthscale)
        # GPy's exact inference adds 1e-8 to the noise variance (exact_gaussian_inference.py:
        # ``diag.add(Ky, variance + 1e-8)``): given noise - 1e-8 it factorises the same matrix as the others.
        self.model = GPy.models.GPRegression(X, y[:, None], kernel, noise_var=noise - GPY_JITTER)
        self.X, self.y, self.root_beta = X, y, math.sqrt(beta)

    def copy_for_append(self):
        return self.model.copy()

    def append_and_predict(self, model, x, y, Xq):
        model.set_XY(np.vstack([self.X, x]), np.append(self.y, y)[:, None])  # GPy recomputes its posterior
        mean, var = model.predict_noiseless(Xq)
        return mean[:, 0], var[:, 0]

    def values(self, Z):
        mean, var = self.model.predict_noiseless(Z)
        return mean[:, 0] + self.root_beta * np.sqrt(np.maximum(var[:, 0], 0.0))

    def ucb(self, Z):
        mean, var = self.model.predict_noiseless(Z)
        dmean, dvar = self.model.predictive_gradients(Z)
        sigma = np.sqrt(np.maximum(var[:, 0], 0.0))
        grad = dmean[:, :, 0] + self.root_beta * dvar / (2.0 * np.where(sigma > 0, sigma, 1.0))[:, None]
        return mean[:, 0] + self.root_beta * sigma, grad


class BoTorchPeer:
    name = "BoTorch"

    def __init__(self, X, y, *, lengthscale: float, noise: float, beta: float):
        import torch
        from botorch.acquisition import UpperConfidenceBound
        from botorch.models import SingleTaskGP
        from gpytorch.kernels import RBFKernel, ScaleKernel

        self.torch, self.noise = torch, noise
        Xt, yt = torch.as_tensor(X), torch.as_tensor(y)[:, None]
        model = SingleTaskGP(
            Xt,
            yt,
            train_Yvar=torch.full_like(yt, noise),
            covar_module=ScaleKernel(RBFKernel()),
            outcome_transform=None,
            input_transform=None,
        )
        # float64 tensors: a Python float goes through float32 in gpytorch's setter (the length scale came
        # out 1.6e-8 off, and the posterior mean 2e-8 off, at D = 5)
        model.covar_module.base_kernel.lengthscale = torch.tensor(lengthscale, dtype=torch.float64)
        model.covar_module.outputscale = torch.tensor(1.0, dtype=torch.float64)
        model.mean_module.constant = 0.0
        model.eval()
        self.model = model
        self.acquisition = UpperConfidenceBound(model, beta=beta)
        self._exact = self._settings()
        with self._exact[0], self._exact[1], self._exact[2], torch.no_grad():
            model.posterior(Xt[:2])  # builds the prediction caches that condition_on_observations needs

    @staticmethod
    def _settings():
        # Exact algebra: Cholesky at every size (gpytorch switches to CG above 800 points) and no LOVE.
        import gpytorch

        return (
            gpytorch.settings.max_cholesky_size(10**7),
            gpytorch.settings.fast_pred_var(False),
            gpytorch.settings.fast_computations(False, False, False),
        )

    def copy_for_append(self):
        return self.model

    def append_and_predict(self, model, x, y, Xq):
        torch = self.torch
        with self._exact[0], self._exact[1], self._exact[2], torch.no_grad():
            x_new = torch.as_tensor(np.atleast_2d(x))
            y_new = torch.tensor([[float(y)]], dtype=torch.float64)
            grown = model.condition_on_observations(x_new, y_new, noise=torch.full_like(y_new, self.noise))
            post = grown.posterior(torch.as_tensor(Xq))
            return post.mean[:, 0].numpy(), post.variance[:, 0].numpy()

    def _batched(self, Zt):
        # One posterior at the q points (a (q, D) input): the marginal variances are the diagonal of the
        # lazy joint covariance. BoTorch's own UpperConfidenceBound takes a (q, 1, D) t-batch instead, which
        # broadcasts the training covariance to every batch element: 11.6 ms per point at t = 500, D = 100.
        post = self.model.posterior(Zt)
        return (
            post.mean[:, 0]
            + math.sqrt(self.acquisition.beta.item()) * post.variance[:, 0].clamp_min(0).sqrt()
        )

    def values(self, Z):
        torch = self.torch
        with self._exact[0], self._exact[1], self._exact[2], torch.no_grad():
            return self._batched(torch.as_tensor(Z)).numpy()

    def ucb(self, Z):
        torch = self.torch
        with self._exact[0], self._exact[1], self._exact[2]:
            Zt = torch.as_tensor(Z).clone().requires_grad_(True)
            values = self._batched(Zt)
            values.sum().backward()  # each value depends on its own row only: the sum's gradient is theirs
            return values.detach().numpy(), Zt.grad.numpy()

    def stock_ucb(self, Z):
        """BoTorch's ``UpperConfidenceBound`` as a user calls it, on a (q, 1, D) t-batch."""
        torch = self.torch
        with self._exact[0], self._exact[1], self._exact[2]:
            Zt = torch.as_tensor(Z)[:, None, :].clone().requires_grad_(True)
            values = self.acquisition(Zt)
            values.sum().backward()
            return values.detach().numpy(), Zt.grad[:, 0, :].numpy()


SYSTEMS = {"regretlab": Regretlab, "scikit-learn": ScikitLearn, "GPy": GPyPeer, "BoTorch": BoTorchPeer}
