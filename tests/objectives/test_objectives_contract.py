"""Contract test over every registered objective (one contract for every problem), plus its rescaled twins."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from scipy.optimize import minimize

from regretlab.objectives import Objective, available, describe, get, registry, rescale

#: Objectives with a known maximum (the data-based substitutes have their own contract: tests/objectives/
#: test_ml.py).
NAMES = [name for name in available() if get(name).optimum_known]


@functools.cache
def _objective(name: str) -> Objective:
    return get(name)


def _tol(value: float) -> float:
    return 1e-6 * max(1.0, abs(value))


def _uniform(obj: Objective, n: int, seed: int) -> np.ndarray:
    lo, hi = obj.bounds[:, 0], obj.bounds[:, 1]
    return lo + (hi - lo) * np.random.default_rng(seed).uniform(size=(n, obj.dim))


def test_registry_lists_the_issue_names():
    """Every name the issue asks for is registered, describe() reports name/dim/domain/optimum, and
    registry.dimension (read without building, as run pricing does) is the dimension get() builds."""
    required = {"ackley", "levy", "levy3", "levy10", "ackley10", "hyperellipsoid", "camelback",
                "camelback_embedded", "beale", "eggholder", "hartmann3", "hartmann6", "hartmann6_ubo",
                "levy_ubo", "additive_trimodal", "trimodal", "projected_additive"}
    assert required <= set(NAMES)
    rows = {row["name"]: row for row in describe()}
    assert set(NAMES) <= set(rows) and set(rows) == set(available())
    for name, row in rows.items():
        obj = _objective(name)
        assert row["dim"] == obj.dim == registry.dimension(name)
        assert row["optimum"] == obj.optimum_value or not obj.optimum_known and np.isnan(row["optimum"])
        assert isinstance(row["domain"], str) and row["domain"]


@pytest.mark.parametrize("name", NAMES)
def test_declared_shapes(name):
    """bounds is (D, 2) with lower < upper, optimizers is (k, D) and lies inside the box."""
    obj = _objective(name)
    assert obj.bounds.shape == (obj.dim, 2) and np.all(obj.bounds[:, 0] < obj.bounds[:, 1])
    assert obj.optimizers.ndim == 2 and obj.optimizers.shape[1] == obj.dim
    assert np.all(obj.contains(obj.optimizers))


@pytest.mark.parametrize("name", NAMES)
def test_value_at_every_optimizer_equals_optimum(name):
    """evaluate() at each listed optimizer equals optimum_value (relative 1e-6)."""
    obj = _objective(name)
    values = obj.evaluate(obj.optimizers)
    np.testing.assert_allclose(values, obj.optimum_value, rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("name", NAMES)
def test_no_random_point_beats_the_optimum(name):
    """No point among 10^4 uniform points of the box (seed 2024) exceeds optimum_value."""
    obj = _objective(name)
    values = obj.evaluate(_uniform(obj, 10_000, 2024))
    assert values.shape == (10_000,)
    assert np.max(values) <= obj.optimum_value + _tol(obj.optimum_value)


@pytest.mark.parametrize("name", NAMES)
def test_local_search_from_optimizers_does_not_improve(name):
    """L-BFGS-B started at each optimizer (within the box) gains at most 1e-6: catches wrong optimizers."""
    obj = _objective(name)
    for x0 in obj.optimizers:
        res = minimize(lambda x: -float(obj.evaluate(x)), x0, method="L-BFGS-B", bounds=obj.bounds)
        assert -res.fun <= obj.optimum_value + _tol(obj.optimum_value), (x0, res.x)


@pytest.mark.parametrize("name", NAMES)
def test_batch_and_single_evaluation_agree(name):
    """A (D,) point gives a shape-() result equal to the same row of a batch evaluation."""
    obj = _objective(name)
    X = _uniform(obj, 5, 7)
    batch = obj.evaluate(X)
    singles = [obj.evaluate(x) for x in X]
    assert all(np.shape(s) == () for s in singles)
    np.testing.assert_allclose(batch, singles, rtol=1e-12, atol=0.0)
    assert obj.evaluate(list(X[0])).shape == ()


@pytest.mark.parametrize("name", NAMES)
def test_noise_repeats_with_seed_and_has_stated_std(name):
    """Noisy calls with the same rng seed repeat; noise has mean 0 and the stated std (4000 draws)."""
    a, b = get(name, noise_std=0.3, rng=11), get(name, noise_std=0.3, rng=11)
    x = np.repeat(a.optimizers[:1], 4000, axis=0)
    ya, yb = a(x), b(x)
    np.testing.assert_array_equal(ya, yb)
    residual = ya - a.optimum_value
    assert abs(residual.mean()) < 5 * 0.3 / np.sqrt(4000)
    assert abs(residual.std(ddof=1) / 0.3 - 1.0) < 0.06
    assert not np.array_equal(a(x[:10]), get(name, noise_std=0.3, rng=12)(x[:10]))
    np.testing.assert_array_equal(get(name)(x[:3]), get(name).evaluate(x[:3]))  # noise_std 0: noiseless


@pytest.mark.parametrize("name", NAMES)
def test_bad_inputs_raise_value_error(name):
    """Wrong dimension, a point outside the box, or a non-finite entry raise ValueError naming X."""
    obj = _objective(name)
    x = obj.optimizers[0].copy()
    with pytest.raises(ValueError, match="X"):
        obj.evaluate(np.append(x, 0.0))
    with pytest.raises(ValueError, match="X"):
        obj.evaluate(x[None, None, :])
    outside = x.copy()
    outside[-1] = obj.bounds[-1, 1] + 0.01 * (obj.bounds[-1, 1] - obj.bounds[-1, 0])
    with pytest.raises(ValueError, match=r"X\[0, .*outside the domain"):
        obj.evaluate(outside)
    assert not obj.contains(outside)
    bad = x.copy()
    bad[0] = np.nan
    with pytest.raises(ValueError, match="X.*non-finite"):
        obj.evaluate(bad)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("box", [(-1.0, 1.0), (0.0, 1.0)])
def test_rescaled_objective_keeps_values_and_maps_optimizers(name, box):
    """rescale(): same values at affinely mapped points, optimizers mapped, same optimum value."""
    obj = _objective(name)
    res = rescale(obj, to=box)
    assert np.all(res.bounds == np.array(box))
    U = _uniform(res, 50, 3)
    X = obj.bounds[:, 0] + (U - box[0]) / (box[1] - box[0]) * (obj.bounds[:, 1] - obj.bounds[:, 0])
    np.testing.assert_allclose(res.evaluate(U), obj.evaluate(X), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(res.to_base(res.optimizers), obj.optimizers, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(res.optimum_value, obj.optimum_value, rtol=1e-12, atol=1e-15)
