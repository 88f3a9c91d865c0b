"""Translated instances (COCO-style): instance 0 is the paper's function; instance k moves the optimum to a
seeded point of the box's interior, keeping the optimum value, so the box centre is no longer optimal."""

import numpy as np
import pytest

from regretlab import objectives
from regretlab.objectives.instances import INTERIOR_FRACTION, Translated

TRANSLATABLE = [("ackley", 20), ("hyperellipsoid", 20), ("levy", 10), ("camelback_embedded", 20),
                ("beale", 2), ("camelback", 2), ("additive_trimodal", 10), ("trimodal", 2)]


@pytest.mark.parametrize(("name", "dim"), TRANSLATABLE)
def test_instance_zero_is_the_papers_function(name, dim):
    """get(name, instance=0) evaluates exactly like get(name) on random points and has the same optimum."""
    f, f0 = objectives.get(name, dim=dim), objectives.get(name, dim=dim, instance=0)
    X = np.random.default_rng(0).uniform(f.bounds[:, 0], f.bounds[:, 1], size=(50, f.dim))
    np.testing.assert_array_equal(f.evaluate(X), f0.evaluate(X))
    assert (f0.name, f0.optimum_value) == (f.name, f.optimum_value)


@pytest.mark.parametrize(("name", "dim"), TRANSLATABLE)
@pytest.mark.parametrize("k", [1, 2, 7])
def test_a_translated_instance_keeps_the_optimum_value_and_moves_the_optimum_inside(name, dim, k):
    """f_k(x) = f(x - s_k): the moved optimizer attains the same optimum value, lies in the central 80 % of
    the box, no random point beats it, and the box centre is not optimal (the DIRECT artefact is gone)."""
    f, fk = objectives.get(name, dim=dim), objectives.get(name, dim=dim, instance=k)
    assert fk.optimum_value == pytest.approx(f.optimum_value, abs=1e-9)
    np.testing.assert_allclose(fk.evaluate(fk.optimizers), fk.optimum_value, atol=1e-9)
    side = fk.bounds[:, 1] - fk.bounds[:, 0]
    x_star = fk.optimizers[0]
    assert np.all(x_star >= fk.bounds[:, 0] + INTERIOR_FRACTION * side - 1e-12)
    assert np.all(x_star <= fk.bounds[:, 1] - INTERIOR_FRACTION * side + 1e-12)
    X = np.random.default_rng(k).uniform(fk.bounds[:, 0], fk.bounds[:, 1], size=(2000, fk.dim))
    assert np.max(fk.evaluate(X)) <= fk.optimum_value + 1e-9
    assert fk.evaluate(fk.bounds.mean(axis=1)) < fk.optimum_value - 1e-6


def test_instances_are_deterministic_distinct_and_named():
    """The shift depends on (k, D, name) only: the same instance twice is the same function, two instances
    differ, and the name records k (a Trace records it)."""
    a, b = objectives.get("ackley", dim=5, instance=3), objectives.get("ackley", dim=5, instance=3)
    c = objectives.get("ackley", dim=5, instance=4)
    np.testing.assert_array_equal(a.shift, b.shift)
    assert not np.allclose(a.shift, c.shift)
    assert (a.name, a.instance) == ("ackley_i3", 3)


def test_noise_and_the_domain_check_apply_to_the_translated_function():
    """noise_std and rng reach the instance; a point outside its box is rejected, though the translated
    function itself is evaluated outside the base box."""
    f = objectives.get("hyperellipsoid", dim=3, instance=2, noise_std=0.5, rng=1)
    x = f.optimizers[0]
    assert f(x) != f.evaluate(x)
    with pytest.raises(ValueError, match="outside the domain"):
        f.evaluate(f.bounds[:, 1] + 1.0)


@pytest.mark.parametrize(("name", "instance", "match"), [
    ("eggholder", 1, "optimum_is_global"),
    ("hartmann6", 2, "optimum_is_global"),
    ("ackley", -1, "instance"),
    ("ackley", 1.5, "instance"),
])
def test_instances_that_cannot_exist_raise_naming_the_parameter(name, instance, match):
    with pytest.raises(ValueError, match=match):
        objectives.get(name, instance=instance)


def test_translated_rejects_a_non_objective():
    with pytest.raises(ValueError, match="base"):
        Translated(lambda x: 0.0, 1)


def test_an_objective_with_no_known_optimum_is_moved_by_its_reference_point():
    """Issue 78.2: the data-based substitutes (optimum_known = False) have instances too: f(x - s), s
    moving the reference point (GisetteRamp's box centre, w = 0) to a point in the box's central 80 %, drawn
    from the name and D alone (the same shift in two builds); the optimum stays unknown (NaN), the moved
    reference keeps its value, and the centre now shows another point's value. A known optimum that is not
    global (Eggholder) is still refused."""
    pytest.importorskip("sklearn")
    base = objectives.get("gisette_ramp", dim=41, enforce_bounds=False)
    moved = objectives.get("gisette_ramp", dim=41, instance=1)
    again = objectives.get("gisette_ramp", dim=41, instance=1)
    np.testing.assert_array_equal(moved.shift, again.shift)
    box = base.bounds
    margin = INTERIOR_FRACTION * (box[:, 1] - box[:, 0])
    point = base.optimizers[0] + moved.shift
    assert np.all(point >= box[:, 0] + margin - 1e-12) and np.all(point <= box[:, 1] - margin + 1e-12)
    assert not moved.optimum_known and np.isnan(moved.optimum_value) and not moved.optimum_is_global
    assert moved.reference_value == pytest.approx(base.reference_value)
    centre = box.mean(axis=1)
    assert float(moved(centre)) != pytest.approx(float(base(centre)))
    with pytest.raises(ValueError, match="eggholder"):
        objectives.get("eggholder", instance=1)
