"""The factorisation in the kernel matrix's own memory (issue 26, memory): the same bits as the copying path,
the input's lower triangle as the only input, a failed attempt undone before the next jitter, and a fit whose
traced peak is near one (n, n) array instead of about four. Memory is measured with tracemalloc, which sees
every numpy allocation: deterministic, no timing."""

import tracemalloc

import numpy as np
import pytest

from regretlab.gp.kernels import SquaredExponential
from regretlab.gp.posterior import GP, cholesky_with_jitter


def _spd(n, seed, noise=1e-3):
    rng = np.random.default_rng(seed)
    X = rng.uniform(size=(n, 3))
    return SquaredExponential(lengthscale=0.5)(X) + noise * np.eye(n)


@pytest.mark.parametrize(("n", "seed"), [(5, 0), (300, 1), (513, 2)])
def test_in_place_factor_has_the_copying_paths_bits(n, seed):
    """overwrite=True returns the factor scipy's copying path returns, bit for bit, from the lower triangle
    only: the upper triangle is perturbed in the last bits (as the likelihood's Gram is) and ignored."""
    A = _spd(n, seed)
    upper = np.triu_indices(n, 1)
    A[upper] *= 1.0 + 1e-15
    want, jitter_want = cholesky_with_jitter(A.copy())
    got, jitter_got = cholesky_with_jitter(A, overwrite=True)
    assert jitter_got == jitter_want == 0.0
    assert np.array_equal(got, want)
    assert np.shares_memory(got, A)


def test_a_failed_in_place_attempt_is_undone_before_the_next_jitter():
    """Duplicated points with noise 1e-16 need jitter: the in-place path tries the same jitters on the same
    values as the copying path and ends with the same factor and jitter."""
    rng = np.random.default_rng(3)
    X = rng.uniform(size=(120, 2))
    X[60:] = X[:60]
    A = SquaredExponential(lengthscale=5.0)(X) + 1e-16 * np.eye(120)
    want, jitter_want = cholesky_with_jitter(A.copy())
    got, jitter_got = cholesky_with_jitter(A, overwrite=True)
    assert jitter_want > 0.0 and jitter_got == jitter_want
    assert np.array_equal(got, want)


def test_no_jitter_works_is_still_a_clear_error():
    """A matrix no jitter rescues (negative definite) gets the advice, in place too."""
    with pytest.raises(ValueError, match="not numerically positive definite"):
        cholesky_with_jitter(-np.eye(4), overwrite=True)


def _traced_peak(call) -> int:
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        call()
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()


def test_a_fit_holds_about_one_kernel_matrix():
    """GP.fit at n = 1500, D = 20: the traced peak is below 1.5 (n, n) arrays (it was about 3.7 before the
    factor moved into the kernel matrix's memory), and a prediction after it too (the fitted factor is the
    one predictions solve with); the first append builds its padded buffer: below 3 arrays."""
    n, dim = 1500, 20
    rng = np.random.default_rng(4)
    X, y = rng.uniform(size=(n, dim)), rng.standard_normal(n)
    kernel_matrix = n * n * 8
    gp = GP(SquaredExponential(lengthscale=2.0), noise_variance=0.1)
    assert _traced_peak(lambda: gp.fit(X, y)) < 1.5 * kernel_matrix
    Q = rng.uniform(size=(10, dim))
    fresh = GP(SquaredExponential(lengthscale=2.0), noise_variance=0.1)
    assert _traced_peak(lambda: fresh.fit(X, y).predict(Q)) < 1.5 * kernel_matrix
    assert _traced_peak(lambda: fresh.append(Q[0], 0.0).predict(Q)) < 3.0 * kernel_matrix


def test_flags_are_checked():
    """overwrite (cholesky_with_jitter) and keep_results (run_spec) are bools: anything else is a ValueError
    naming the flag."""
    from regretlab.experiments import registry, run_spec

    with pytest.raises(ValueError, match="overwrite='yes'"):
        cholesky_with_jitter(np.eye(3), overwrite="yes")
    with pytest.raises(ValueError, match="keep_results=1"):
        run_spec(registry.get("Ha2019.fig2"), "quick", out="unused", keep_results=1)
