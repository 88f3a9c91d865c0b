"""Every kernel written out in bounds/ equals the kernel that runs (issue 8 §4).

bounds/ may not import regretlab.gp, so the catalogue's kernel formulas ([Kandasamy2015, Eqs. (2)-(3)]) and
the Matérn profiles behind GPUCB-UBO's g_k ([Ha2019, Eq. (5)]) are written there again; these tests tie each
copy to regretlab.gp.kernels at the same hyperparameters, so the formula checked is the kernel used.
"""

import numpy as np
import pytest

from regretlab.bounds import add_gp_ucb
from regretlab.bounds.ubo.distance import _matern_profile
from regretlab.gp import Matern32, Matern52, SquaredExponential

R = np.array([0.0, 1e-3, 0.1, 0.5, 1.0, 2.3, 7.0])


def _k_of_distance(kernel, r):
    """k(0, r e_1) for each distance r, from a regretlab.gp kernel."""
    return kernel(np.zeros((1, 1)), np.asarray(r, dtype=float)[:, None])[0]


@pytest.mark.parametrize(("sigma", "h"), [(1.0, 1.0), (2.5, 0.3), (0.2, 4.0)])
def test_add_gp_eq2_se_kernel_is_the_gp_squared_exponential(sigma, h):
    """[Kandasamy2015, Eq. (2)]: sigma exp(-r^2 / 2h^2) is SquaredExponential(lengthscale=h, variance=sigma)
    (the paper's sigma is the variance, not squared)."""
    np.testing.assert_allclose(add_gp_ucb.kernel_SE(r=R, sigma=sigma, h=h),
                               _k_of_distance(SquaredExponential(lengthscale=h, variance=sigma), R),
                               rtol=1e-13, atol=1e-300)


@pytest.mark.parametrize(("nu", "cls"), [(1.5, Matern32), (2.5, Matern52)])
@pytest.mark.parametrize("h", [0.3, 1.0, 4.0])
def test_add_gp_eq3_matern_kernel_is_the_gp_matern(nu, cls, h):
    """[Kandasamy2015, Eq. (3)] at nu = 3/2, 5/2 (Bessel form) is regretlab.gp's closed-form Matérn kernel."""
    np.testing.assert_allclose(add_gp_ucb.kernel_matern(r=R, nu=nu, h=h),
                               _k_of_distance(cls(lengthscale=h, variance=1.0), R), rtol=1e-10, atol=1e-14)


@pytest.mark.parametrize(("name", "cls"), [("matern32", Matern32), ("matern52", Matern52)])
def test_ubo_matern_profiles_are_the_gp_kernels(name, cls):
    """The Matérn profiles m(s) that g_k inverts ([Ha2019, Eq. (5)]) are regretlab.gp's kernels at s = r /
    l."""
    s = R / 0.7
    np.testing.assert_allclose(_matern_profile(s, name), _k_of_distance(cls(lengthscale=0.7), R),
                               rtol=1e-13, atol=1e-15)
