"""Affine rescaling of objectives (MS-UCB [-1,1]^D, Add-GP / RPP [0,1]^D) and registry errors."""

from __future__ import annotations

import numpy as np
import pytest

from regretlab.objectives import Beale, Eggholder, get, rescale


def test_rescale_maps_beale_optimizer_by_hand():
    """Beale's (3, 0.5) in [-4.5, 4.5]^2 maps to (7.5/9, 5/9) in [0,1]^2 and (2/3, 1/9) in [-1,1]^2."""
    np.testing.assert_allclose(rescale(Beale(), to=(0, 1)).optimizers, [[7.5 / 9, 5 / 9]], rtol=1e-14)
    np.testing.assert_allclose(rescale(Beale()).optimizers, [[2 / 3, 1 / 9]], rtol=1e-14)


def test_rescale_round_trip_and_corners():
    """to_base/from_base are inverse, and box corners map to box corners."""
    f = rescale(Eggholder(), to=(-1, 1))
    U = np.random.default_rng(0).uniform(-1, 1, size=(10, 2))
    np.testing.assert_allclose(f.from_base(f.to_base(U)), U, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(f.to_base([[-1, -1], [1, 1]]), [[-512, -512], [512, 512]])


def test_rescaled_noise_and_bounds_checks():
    """The rescaled objective inherits noise_std, uses its own rng, and rejects points outside the new box."""
    base = get("hartmann3", noise_std=0.2)
    f, g = rescale(base, to=(0, 1), rng=3), rescale(base, to=(0, 1), rng=3)
    assert f.noise_std == 0.2
    x = np.full((5, 3), 0.5)
    np.testing.assert_array_equal(f(x), g(x))
    with pytest.raises(ValueError, match="outside the domain"):
        rescale(get("hartmann3")).evaluate([0.0, 0.0, 1.5])


def test_rescale_rejects_bad_box_and_objects():
    """`to` must be an interval with lower < upper; the objective must be an Objective."""
    with pytest.raises(ValueError, match="to"):
        rescale(Beale(), to=(1, -1))
    with pytest.raises(ValueError, match="Objective"):
        rescale(lambda x: x)


def test_enforce_bounds_false_allows_evaluation_outside():
    """With enforce_bounds=False (for GPUCB-UBO's unknown search space) points outside are evaluated."""
    f = Beale(enforce_bounds=False)
    assert np.isfinite(f.evaluate([6.0, 0.5]))
    with pytest.raises(ValueError, match="outside"):
        Beale().evaluate([6.0, 0.5])


def test_registry_errors():
    """Unknown names, a dim that conflicts with a fixed dimension, and bad noise_std raise ValueError."""
    with pytest.raises(ValueError, match="name"):
        get("rosenbrock")
    with pytest.raises(ValueError, match="fixed"):
        get("hartmann6", dim=5)
    with pytest.raises(ValueError, match="noise_std"):
        get("beale", noise_std=-1.0)
    assert get("levy", dim=7).dim == 7 and get("hartmann6", dim=6).dim == 6
