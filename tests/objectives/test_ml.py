"""Contract of the data-based substitute objectives (catalogue §6): domain, deterministic, batched, finite,
labelled, plus one exact value each that would catch a wrong formula."""

from __future__ import annotations

import numpy as np
import pytest

from regretlab.objectives import DataObjective, get

CASES = [("digits_nn", 100, {}), ("digits_nn", 500, {}), ("gisette_ramp", 5001, {}),
         ("gisette_ramp", 5001, {"C": 5.0}), ("sdss_surrogate", 20, {}),
         ("sdss_surrogate", 40, {"mixing": True}), ("vj_surrogate", 22, {}), ("digits_elasticnet", 2, {}),
         ("digits_mlp", 3, {"hidden": 16, "epochs": 2})]
IDS = [f"{n}-{d}-{o}" for n, d, o in CASES]


def _points(f, n, seed):
    lo, hi = f.bounds[:, 0], f.bounds[:, 1]
    inside = lo + (hi - lo) * np.random.default_rng(seed).uniform(size=(n, f.dim))
    return np.vstack([inside, lo, hi])            # the two extreme corners too


@pytest.mark.parametrize(("name", "dim", "options"), CASES, ids=IDS)
def test_contract_domain_deterministic_batched_finite(name, dim, options):
    """A (D, 2) box; a point outside it is refused naming X; two objects built with the same seed give
    identical values; a batch equals its points one by one; every value on the box (corners included) is
    finite; the object says it is a substitute and that its optimum is unknown."""
    f = get(name, dim, **options)
    assert isinstance(f, DataObjective) and f.dim == dim and f.bounds.shape == (dim, 2)
    assert f.substitute and "substitute" in f.substitute.lower() and "substitute" in f.describe()
    assert not f.optimum_known and np.isnan(f.optimum_value) and np.isfinite(f.reference_value)
    X = _points(f, 4, seed=7)
    values = f.evaluate(X)
    assert values.shape == (X.shape[0],) and np.all(np.isfinite(values))
    np.testing.assert_array_equal(values, get(name, dim, **options).evaluate(X))
    np.testing.assert_array_equal(values, [f.evaluate(x) for x in X])
    outside = f.bounds[:, 1] + 0.1 * (f.bounds[:, 1] - f.bounds[:, 0])
    with pytest.raises(ValueError, match="X"):
        f.evaluate(outside)


def test_digits_nn_with_zero_output_weights_predicts_uniformly():
    """With W2 = 0 every image gets the logits b2, whatever Adam does to W1: the validation loss lies between
    the best constant predictor's (the class frequencies' entropy) and log 10 (b2 starts at 0)."""
    f = get("digits_nn", 100)
    loss = -float(f.evaluate(np.zeros(100)))
    counts = np.bincount(f._yva, minlength=10) / f._yva.size
    best_constant = -float(np.sum(counts * np.log(counts)))
    assert best_constant - 1e-9 <= loss <= np.log(10) + 1e-9


def test_digits_nn_seed_changes_the_split():
    """Another seed is another split and another W1 start: values differ by far more than round-off at a
    generic point (a constant x gives every class the same logit and the loss log 10 for every seed, so it
    cannot tell two seeds apart)."""
    x = np.random.default_rng(0).uniform(-1.0, 1.0, 100)
    a, b = (float(get("digits_nn", 100, seed=s).evaluate(x)) for s in (0, 1))
    assert abs(a - b) > 1e-3


@pytest.mark.parametrize("C", [1.0, 2.0, 10.0])
def test_gisette_ramp_at_the_origin_is_C_times_L(C):
    """At (w, b) = 0 every margin is 0 and R_0(0) = 1, so f = ½·0 + C·L: the value is -C·L
    [TranThe2020, §Experiments]."""
    f = get("gisette_ramp", 5001, C=C)
    L = f._labels.size
    assert float(f.evaluate(np.zeros(5001))) == pytest.approx(-C * L, rel=1e-12)
    assert set(np.unique(f._labels)) == {-1.0, 1.0}


def test_sdss_fiducial_point_beats_random_points():
    """The data were drawn at the fiducial parameters with 5 % noise, so their log-likelihood there is
    -½ Σ ε² ≈ -20 (40 wavenumbers), far above random parameters'."""
    f = get("sdss_surrogate", 20)
    fiducial = float(f.evaluate(f.optimizers[0]))
    assert -60.0 < fiducial < 0.0
    assert np.all(f.evaluate(_points(f, 200, seed=3)) < fiducial)


def test_sdss_dummies_do_not_matter_without_mixing_and_do_with_it():
    """Without mixing the value depends on the first nine coordinates only; with I + S mixing it depends on
    every coordinate ([Li2016, §5.2])."""
    plain, mixed = get("sdss_surrogate", 40), get("sdss_surrogate", 40, mixing=True)
    x = np.full(40, 0.5)
    y = x.copy()
    y[30] = 0.9
    assert plain.evaluate(x) == plain.evaluate(y)
    assert mixed.evaluate(x) != mixed.evaluate(y)


def test_vj_surrogate_counts_the_cascade_by_hand():
    """At the default thresholds the value is the fraction of images whose classification (face iff every
    stage score reaches its threshold) is right, counted here with a loop."""
    f = get("vj_surrogate", 22)
    theta = f.optimizers[0]
    right = sum((all(s >= t for s, t in zip(row, theta, strict=True))) == (label == 1)
                for row, label in zip(f._scores, f._labels, strict=True))
    assert float(f.evaluate(theta)) == pytest.approx(right / f._labels.size, abs=1e-15)
    values = f.evaluate(_points(f, 100, seed=5))
    assert np.all((values >= 0) & (values <= 1))


def test_digits_elastic_net_reads_log_alpha_and_the_l1_ratio():
    """x = (log10 alpha, l1 ratio): a weak penalty fits the digits (accuracy above 90 %), alpha = 0.1 with a
    pure L1 penalty zeroes every weight (one class predicted: 10.0 % on the stratified split, whose 540
    points hold 54 of each digit); beyond the box the L1 ratio is clipped to [0, 1] and log10 alpha to
    [-10, 4], so far points give the clipped point's value; dim is fixed at 2."""
    f = get("digits_elasticnet")
    strong, weak = f.evaluate(np.array([[-1.0, 1.0], [-3.0, 0.5]]))
    assert strong == pytest.approx(10.0) and weak > 90.0
    g = get("digits_elasticnet", enforce_bounds=False)
    far = g.evaluate(np.array([[1e300, 7.0], [-50.0, -3.0]]))
    np.testing.assert_array_equal(far, g.evaluate(np.array([[4.0, 1.0], [-10.0, 0.0]])))
    with pytest.raises(ValueError, match="dim=3"):
        get("digits_elasticnet", 3)


def test_digits_mlp_backpropagation_matches_central_differences():
    """The hand-written gradient of the MLP's penalised cross-entropy (float64, 12 images, hidden 6, both L2
    weights 0.05) agrees with central differences of the loss in every parameter to 1e-6 relative: catches
    a wrong sign, a missing 2 in the penalty's gradient or a ReLU mask on the wrong layer."""
    f = get("digits_mlp", hidden=6, epochs=1)
    rng = np.random.default_rng(11)
    sizes = (64, 6, 6, 10)
    params = [rng.normal(0.0, 0.5, (a, b)) for a, b in zip(sizes[:-1], sizes[1:], strict=True)]
    params += [rng.normal(0.0, 0.1, b) for b in sizes[1:]]
    X, Y = f._Xtr[:12].astype(float), f._Ytr[:12].astype(float)
    l2 = [0.05, 0.05, 0.0]
    _, grads = f._loss_and_gradients(params, X, Y, l2)
    h = 1e-6
    for p, g in zip(params, grads, strict=True):
        numeric = np.zeros_like(p)
        for index in np.ndindex(p.shape):
            saved = p[index]
            p[index] = saved + h
            up, _ = f._loss_and_gradients(params, X, Y, l2)
            p[index] = saved - h
            down, _ = f._loss_and_gradients(params, X, Y, l2)
            p[index] = saved
            numeric[index] = (up - down) / (2 * h)
        np.testing.assert_allclose(g, numeric, rtol=1e-6, atol=1e-8)


def test_digits_mlp_reads_the_learning_rate_and_the_penalties():
    """x = (log10 l, log10 l_r1, log10 l_r2) (hidden 32, 5 epochs): a learning rate of 1e-10 leaves the
    initial weights (the value equals the untrained network's accuracy); 1e-2 with weak penalties learns the
    digits (above 85 %); penalties of 10^3 on both layers keep it far below; beyond the box the exponents are
    clipped to [-10, 1] and [-12, 3], so far points give the clipped point's value; dim is fixed at 3."""
    f = get("digits_mlp", hidden=32, epochs=5, enforce_bounds=False)
    untrained, learnt, penalised = f.evaluate(np.array([[-10.0, -6.0, -6.0], [-2.0, -6.0, -6.0],
                                                        [-2.0, 3.0, 3.0]]))
    H = f._Xva
    for W in f._W0[:2]:
        H = np.maximum(H @ W, 0.0)
    assert untrained == pytest.approx(100.0 * np.mean(np.argmax(H @ f._W0[2], axis=1) == f._yva))
    assert learnt > 85.0 and penalised < learnt - 30.0
    far = f.evaluate(np.array([[-40.0, 9.0, -99.0], [5.0, -20.0, 4.0]]))
    np.testing.assert_array_equal(far, f.evaluate(np.array([[-10.0, 3.0, -12.0], [1.0, -12.0, 3.0]])))
    with pytest.raises(ValueError, match="dim=2"):
        get("digits_mlp", 2)
