"""Tests of the posterior on axis-aligned subspaces (regretlab.gp.subspace) and of ``GP.predict``'s
``grad_columns``: both are the full posterior's values, computed on fewer coordinates, so each is checked
against ``GP.predict`` at the same full points (to round-off, 1e-10 relative: the block sums add in another
order), against finite differences of the mean and variance, and on bad input."""

import numpy as np
import pytest

from regretlab.gp import GP, Additive, Matern32, Matern52, SquaredExponential


def _fitted(kernel, n, dim, seed):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1.0, 1.0, size=(n, dim))
    y = np.sin(3.0 * X[:, :3]).sum(axis=1) + 0.05 * rng.standard_normal(n)
    return GP(kernel, noise_variance=1e-3, mean=0.4).fit(X, y), rng


def _kernels(dim):
    return [Matern52(0.3 * np.sqrt(dim), 1.3), SquaredExponential(np.linspace(0.5, 2.0, dim), 0.8),
            Matern32(0.9, 2.0)]


@pytest.mark.parametrize("dim, k", [(12, 1), (12, 3), (40, 10), (6, 6)])
@pytest.mark.parametrize("which", [0, 1, 2])
def test_subspace_posterior_is_the_posterior_at_the_embedded_points(dim, k, which):
    """Mean, variance and the free block's gradients at x[free] = z, x[fixed] = anchors[s] equal GP.predict's
    at those points (gradient: its free columns), 1e-10 relative; k = D (no fixed coordinate) included."""
    gp, rng = _fitted(_kernels(dim)[which], 30, dim, seed=dim + k)
    free = np.sort(rng.choice(dim, size=k, replace=False))
    anchors = rng.uniform(-1.0, 1.0, size=(7, dim))
    subspace = rng.integers(0, 7, size=50)
    Z = rng.uniform(-1.0, 1.0, size=(50, k))
    X = anchors[subspace]
    X[:, free] = Z
    want = gp.predict(X, return_grad=True)
    got = gp.subspace_posterior(anchors, free).predict(subspace, Z, return_grad=True)
    for g, w in zip(got, (want[0], want[1], want[2][:, free], want[3][:, free]), strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-10, atol=1e-12 * np.max(np.abs(w)))
    mean, var = gp.subspace_posterior(anchors, free).predict(subspace, Z)
    np.testing.assert_allclose(mean, want[0], rtol=1e-10)
    np.testing.assert_allclose(var, want[1], rtol=1e-10, atol=1e-14)


def test_subspace_gradients_are_the_finite_differences_of_mean_and_variance():
    """The free block's gradients match central differences of the subspace posterior itself (step 1e-6,
    1e-5 relative), so the split distances are differentiated correctly, not only copied."""
    gp, rng = _fitted(Matern52(0.8), 25, 8, seed=3)
    free = np.array([1, 5])
    anchors = rng.uniform(-1.0, 1.0, size=(3, 8))
    post = gp.subspace_posterior(anchors, free)
    subspace, Z = np.array([0, 2, 1]), rng.uniform(-1.0, 1.0, size=(3, 2))
    mean, var, dmean, dvar = post.predict(subspace, Z, return_grad=True)
    h = 1e-6
    for j in range(2):
        step = np.zeros(2)
        step[j] = h
        up, down = post.predict(subspace, Z + step), post.predict(subspace, Z - step)
        np.testing.assert_allclose(dmean[:, j], (up[0] - down[0]) / (2 * h), rtol=1e-5, atol=1e-8)
        np.testing.assert_allclose(dvar[:, j], (up[1] - down[1]) / (2 * h), rtol=1e-5, atol=1e-8)


def test_grad_columns_are_the_columns_of_the_full_gradient():
    """predict(..., grad_columns=c) returns the mean and variance unchanged (bit for bit) and the columns c of
    the full gradients (1e-12 relative), in the order given; for a stationary kernel, an additive sum and with
    no data (the prior)."""
    rng = np.random.default_rng(7)
    cols = np.array([4, 0, 9])
    for kernel in (Matern52(1.1), Additive([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]],
                                           [Matern52(0.7), SquaredExponential(0.5)])):
        gp, _ = _fitted(kernel, 20, 10, seed=1)
        X = rng.uniform(-1.0, 1.0, size=(9, 10))
        full = gp.predict(X, return_grad=True)
        part = gp.predict(X, return_grad=True, grad_columns=cols)
        np.testing.assert_array_equal(part[0], full[0])
        np.testing.assert_array_equal(part[1], full[1])
        np.testing.assert_allclose(part[2], full[2][:, cols], rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(part[3], full[3][:, cols], rtol=1e-12, atol=1e-15)
    prior = GP(Matern52(1.0), noise_variance=1e-3).predict(np.zeros((2, 10)), return_grad=True,
                                                            grad_columns=cols)
    assert prior[2].shape == prior[3].shape == (2, 3)


def test_subspace_posterior_needs_a_stationary_kernel_and_says_what_is_wrong():
    """A sum kernel gives None (its distances do not split over coordinates); bad free coordinates and anchors
    raise ValueError naming the parameter, as do bad grad_columns."""
    additive, _ = _fitted(Additive([[0, 1], [2, 3]], Matern52(0.7)), 10, 4, seed=2)
    assert additive.subspace_posterior(np.zeros((2, 4)), [1]) is None
    gp, _ = _fitted(Matern52(1.0), 10, 4, seed=2)
    with pytest.raises(ValueError, match="free"):
        gp.subspace_posterior(np.zeros((2, 4)), [4])
    with pytest.raises(ValueError, match="free"):
        gp.subspace_posterior(np.zeros((2, 4)), [1, 1])
    with pytest.raises(ValueError, match="anchors"):
        gp.subspace_posterior(np.zeros((2, 3)), [1])
    with pytest.raises(ValueError, match="grad_columns"):
        gp.predict(np.zeros((2, 4)), return_grad=True, grad_columns=[-1])
