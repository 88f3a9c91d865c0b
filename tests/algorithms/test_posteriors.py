"""Posterior views the acquisitions read: observation units and one additive component at a time."""

import numpy as np
import pytest

from regretlab.algorithms.posteriors import ComponentPosterior, ScaledPosterior
from regretlab.gp import GP, Additive, ProjectedAdditive, SquaredExponential


@pytest.fixture
def additive_posterior():
    rng = np.random.default_rng(1)
    X = rng.uniform(-1, 1, size=(15, 3))
    y = np.sin(2 * X[:, 0]) + X[:, 1] * X[:, 2]
    kernel = Additive([[0], [1, 2]], SquaredExponential(lengthscale=0.6, variance=0.8), dim=3)
    gp = GP(kernel, noise_variance=1e-3, mean=0.4).fit(X, (y - 0.2) / 1.5)
    return ScaledPosterior(gp, shift=0.2, scale=1.5), rng.uniform(-1, 1, size=(6, 3))


def test_components_are_the_scaled_eq5_posteriors_and_sum_to_the_mean(additive_posterior):
    """Each component is [Kandasamy2015, Eq. (5)] in observation units (GP.predict_components scaled); the one
    carrying the constant adds a + s m, so the means sum to the posterior mean."""
    post, X = additive_posterior
    reference = post.predict_components(X)
    groups = post.gp.kernel.groups
    means = []
    for j, g in enumerate(groups):
        mean, var = ComponentPosterior(post, j, g, carries_constant=j == 0).predict(X)
        constant = post.shift + post.scale * post.gp.mean if j == 0 else 0.0
        np.testing.assert_allclose(mean, reference[j][0] + constant, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(var, reference[j][1], rtol=1e-12, atol=1e-14)
        means.append(mean)
    np.testing.assert_allclose(np.sum(means, axis=0), post.predict(X)[0], rtol=1e-10, atol=1e-12)


def test_component_gradients_match_finite_differences_and_vanish_off_the_group(additive_posterior):
    """The gradient w.r.t. a full point is the component's own, zero in the other coordinates."""
    post, X = additive_posterior
    component = ComponentPosterior(post, 1, [1, 2])
    _, _, dmean, dvar = component.predict(X, return_grad=True)
    assert np.all(dmean[:, 0] == 0.0) and np.all(dvar[:, 0] == 0.0)
    h = 1e-6
    for i in (1, 2):
        step = np.zeros(3)
        step[i] = h
        up, down = component.predict(X + step), component.predict(X - step)
        np.testing.assert_allclose(dmean[:, i], (up[0] - down[0]) / (2 * h), rtol=1e-5, atol=1e-7)
        np.testing.assert_allclose(dvar[:, i], (up[1] - down[1]) / (2 * h), rtol=1e-5, atol=1e-7)


def test_offset_reads_projected_coordinates():
    """With a projected-additive GP, the component at z + c equals predict_components at the point x whose
    projection is z + c (RPP-GP-UCB searches z directly)."""
    rng = np.random.default_rng(2)
    W = np.eye(2) + 0.3 * rng.normal(size=(2, 2))
    kernel = ProjectedAdditive(W, [[0], [1]], SquaredExponential(lengthscale=0.5, variance=1.0))
    X = rng.uniform(size=(10, 2))
    gp = GP(kernel, noise_variance=1e-3).fit(X, np.cos(3 * X[:, 0]) + X[:, 1])
    post = ScaledPosterior(gp)
    Xq = rng.uniform(size=(4, 2))
    offset = np.array([0.25, -0.5])
    Z = Xq @ W - offset  # so that z + c is the projection of x
    for j in range(2):
        mean, var = ComponentPosterior(post, j, [j], offset=offset).predict(Z)
        ref_mean, ref_var = post.predict_components(Xq)[j]
        np.testing.assert_allclose(mean, ref_mean, rtol=1e-10, atol=1e-12)
        np.testing.assert_allclose(var, ref_var, rtol=1e-10, atol=1e-12)


def test_the_unchecked_component_path_gives_the_public_paths_bits(additive_posterior):
    """ComponentPosterior.predict reads GP._predict_component (no checks in the per-group maximisers' inner
    loop): values and gradients equal GP.predict_component's bit for bit. A component index outside the
    kernel's is refused at construction, naming j; a GP whose kernel has no components still gets the
    public path's message."""
    post, X = additive_posterior
    for j, g in enumerate(post.gp.kernel.groups):
        got = ComponentPosterior(post, j, g).predict(X, return_grad=True)
        public = post.gp.predict_component(j, X[:, g], return_grad=True)
        np.testing.assert_array_equal(got[0], post.scale * public[0])
        np.testing.assert_array_equal(got[1], post.scale**2 * public[1])
        np.testing.assert_array_equal(got[2][:, g], post.scale * public[2])
    with pytest.raises(ValueError, match="j=2"):
        ComponentPosterior(post, 2, [0])
    plain = ScaledPosterior(GP(SquaredExponential(0.6, 1.0), noise_variance=1e-3).fit(X, X[:, 0]))
    with pytest.raises(ValueError, match="Additive or ProjectedAdditive"):
        ComponentPosterior(plain, 0, [0]).predict(X)
