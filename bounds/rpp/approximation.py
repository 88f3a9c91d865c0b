"""[Li2016, §6]: Assumption 3 and the Taylor approximations of Props 4, 5 and 9."""

from __future__ import annotations

import numpy as np
import scipy.linalg
import scipy.special

from regretlab._validate import as_output, check_array, check_real

from .._registry import formula
from ._common import _square_matrices


# ---------------------------------------------------------------------------------------------------
# §6: Assumption 3 and the Taylor approximations (Props 4, 5, 9)
# ---------------------------------------------------------------------------------------------------
@formula(
    "RPP.assumption3",
    latex=r"\tilde f(\mathbf z)=f(\sqrt D\mathbf z),\ \mathbf z\in[0,1/\sqrt D]^D,\ \|\mathbf z\|=\epsilon<1",
    cite="[Li2016, Assumption 3]",
)
def assumption3_rescale(*, x):
    r"""Rescaling of Assumption 3: :math:`\mathbf z=\mathbf x/\sqrt D` and :math:`\epsilon=\|\mathbf z\|_2`.

    .. math::

        \tilde f(\mathbf z)=f(\sqrt D\,\mathbf z),\qquad \mathcal Z=[0,1/\sqrt D]^D,\qquad
        \|\mathbf z\|=\epsilon,\ \epsilon<1 .

    On :math:`[0,1]^D`, :math:`\epsilon\le1` with equality at the corner :math:`\mathbf x=\mathbf 1`,
    so the printed strict :math:`\epsilon<1` fails there (see ``bounds/ERRATA.md``).

    Parameters
    ----------
    x : array_like, shape (D,) or (n, D), entries in [0, 1]

    Returns
    -------
    z : ndarray
        Same shape as ``x``.
    epsilon : float or ndarray
        :math:`\|\mathbf z\|_2` per point.

    References
    ----------
    .. [1] [Li2016, Assumption 3, §6].

    Examples
    --------
    >>> z, eps = assumption3_rescale(x=[1.0, 0.0, 0.0, 0.0])
    >>> z.tolist(), eps
    ([0.5, 0.0, 0.0, 0.0], 0.5)
    """
    x = check_array("x", x)
    if x.ndim not in (1, 2) or x.shape[-1] < 1:
        raise ValueError(f"x has shape {x.shape}; expected (D,) or (n, D)")
    check_real("x", x, low=0.0, high=1.0)
    z = x / np.sqrt(x.shape[-1])
    return z, as_output(np.linalg.norm(z, axis=-1))


def _point(name, value, D=None):
    arr = check_array(name, value)
    if arr.ndim not in (1, 2) or (D is not None and arr.shape[-1] != D):
        suffix = f" with D={D}" if D else ""
        raise ValueError(f"{name} has shape {arr.shape}; expected (D,) or (n, D){suffix}")
    return arr


@formula(
    "RPP.prop4",
    latex=(
        r"g(\mathbf z)=\tilde f(\mathbf 0)+\nabla\tilde f(\mathbf 0)^\top\mathbf z"
        r"+\tfrac12\sum_dH_{dd}z_d^2"
    ),
    cite="[Li2016, §6]",
)
def additive_approximation(*, f0, grad, hessian, z):
    r"""Additive (first-order) approximation of Proposition 4.

    .. math::

        g(\mathbf z)=\tilde f(\mathbf 0)+\nabla\tilde f(\mathbf 0)^\top\mathbf z
        +\tfrac12\sum_{d=1}^D H_{dd}\,z_d^2,\qquad
        \max_{\mathbf z}|\tilde f(\mathbf z)-g(\mathbf z)|=O(\epsilon^2).

    Readings of :math:`H` (App. B.2 uses the mean-value point :math:`H(\mathbf z')`, which depends on
    :math:`\mathbf z`): pass ``hessian`` evaluated where the chosen reading puts it; the catalogue's
    check uses :math:`H(\mathbf 0)`. App. B.2 also prints :math:`\nabla f(\mathbf z)` for
    :math:`\nabla\tilde f(\mathbf 0)`.

    Parameters
    ----------
    f0 : float
        :math:`\tilde f(\mathbf 0)`.
    grad : array_like, shape (D,)
    hessian : array_like, shape (D, D)
        Only the diagonal is used.
    z : array_like, shape (D,) or (n, D)

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Proposition 4 (§6) and App. B.2].

    Examples
    --------
    >>> H = [[2.0, 5.0], [5.0, 2.0]]
    >>> round(additive_approximation(f0=1.0, grad=[1.0, 0.0], hessian=H, z=[0.1, 0.2]), 12)
    1.15
    """
    f0 = check_real("f0", f0)
    grad = check_array("grad", grad, ndim=1, empty=False)
    hessian = check_array("hessian", hessian, shape=(grad.size, grad.size))
    zz = _point("z", z, grad.size)
    return as_output(f0 + zz @ grad + 0.5 * (zz**2) @ np.diag(hessian))


@formula(
    "RPP.prop5",
    latex=(
        r"h(\mathbf z)=\tilde f(\mathbf 0)+\mathbf g^\top\tilde{\mathbf z}"
        r"+\tfrac12\sum_d\Sigma_{dd}\tilde z_d^2"
        r"+\tfrac16\sum_d\tilde T_{ddd}\tilde z_d^3,\ \tilde{\mathbf z}=U^\top\mathbf z"
    ),
    cite="[Li2016, §6]",
)
def projected_additive_approximation(*, f0, grad, hessian, z, third=None, center=None):
    r"""Projected-additive (second-order) approximation of Proposition 5.

    With the eigendecomposition :math:`H(\mathbf 0)=U\Sigma U^\top` (scipy.linalg.eigh),
    :math:`\tilde{\mathbf z}=U^\top\mathbf z`, :math:`\mathbf g=U^\top\nabla\tilde f(\mathbf 0)`:

    .. math::

        h(\mathbf z)=\tilde f(\mathbf 0)+\mathbf g^\top\tilde{\mathbf z}
        +\tfrac12\sum_d\Sigma_{dd}\tilde z_d^2+\tfrac16\sum_d\tilde T_{ddd}\tilde z_d^3,\qquad
        |\tilde f(\mathbf z)-h(\mathbf z)|=O(\epsilon^3),

    :math:`\tilde T=T\times_1U\times_2U\times_3U`. App. B.3 (titled "Proof of Proposition 4") is this
    proof; it evaluates :math:`T` at a mean-value point :math:`\mathbf z'`.

    Parameters
    ----------
    f0 : float
        :math:`\tilde f` at the expansion point.
    grad : array_like, shape (D,)
    hessian : array_like, shape (D, D), symmetric
    z : array_like, shape (D,) or (n, D)
    third : array_like, shape (D, D, D) or None
        Third-derivative tensor :math:`T`; None drops the cubic term (still :math:`O(\epsilon^3)`).
    center : array_like, shape (D,) or None
        Expansion point (default :math:`\mathbf 0`); :func:`prop9_approximation` uses
        :math:`\mathbf z_*`. ``z`` is the absolute point; :math:`\epsilon=\|\mathbf z-\text{center}\|`.

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Proposition 5 (§6) and App. B.3].

    Examples
    --------
    >>> round(projected_additive_approximation(f0=1.0, grad=[1.0, 0.0],
    ...       hessian=[[2.0, 1.0], [1.0, 2.0]], z=[0.1, 0.2]), 12)
    1.17
    """
    f0 = check_real("f0", f0)
    grad = check_array("grad", grad, ndim=1, empty=False)
    D = grad.size
    hessian = check_array("hessian", hessian, shape=(D, D))
    if not np.allclose(hessian, hessian.T, rtol=1e-10, atol=1e-12):
        raise ValueError("hessian is not symmetric; expected a symmetric (D, D) matrix")
    zz = _point("z", z, D)
    if center is not None:
        zz = zz - check_array("center", center, shape=(D,))
    sig, U = scipy.linalg.eigh(hessian)
    zt = zz @ U
    out = f0 + zt @ (U.T @ grad) + 0.5 * (zt**2) @ sig
    if third is not None:
        third = check_array("third", third, shape=(D, D, D))
        Tt = np.einsum("abc,ai,bj,ck->ijk", third, U, U, U)
        out = out + (zt**3) @ np.einsum("iii->i", Tt) / 6.0
    return as_output(out)


@formula(
    "RPP.prop9",
    latex=(
        r"h(\mathbf z)\ \text{of Prop. 5 about}\ \mathbf z_*,\ H_*=-QQ^\top,\ "
        r"|\tilde f(\mathbf z)-h(\mathbf z)|=O(\|\mathbf z-\mathbf z_*\|^3)"
    ),
    cite="[Li2016, §6.1]",
)
def prop9_approximation(*, f_star, Q, z, z_star, third=None):
    r"""Projected-additive approximation about the optimum (Proposition 9).

    If :math:`H_*=\nabla^2\tilde f(\mathbf z_*)=-QQ^\top` with :math:`Q` satisfying the
    :math:`\delta`-ratio constraint, the expansion of Prop. 5 about :math:`\mathbf z_*` (gradient 0)

    .. math::

        h(\mathbf z)=\tilde f(\mathbf z_*)+\tfrac12\sum_d\Sigma_{dd}\tilde z_d^2
        +\tfrac16\sum_d\tilde T_{ddd}\tilde z_d^3,\quad \tilde{\mathbf z}=U^\top(\mathbf z-\mathbf z_*),
        \quad -QQ^\top=U\Sigma U^\top

    satisfies :math:`|\tilde f-h|=O(\epsilon^3)`, :math:`\epsilon=\|\mathbf z-\mathbf z_*\|`. (The paper
    calls it both "Corollary 9" and "Proposition 9"; App. B.4.)

    Parameters
    ----------
    f_star : float
    Q : array_like, shape (D, D)
    z : array_like, shape (D,) or (n, D)
    z_star : array_like, shape (D,)
    third : array_like, shape (D, D, D) or None

    Returns
    -------
    float or ndarray

    References
    ----------
    .. [1] [Li2016, Proposition 9 (§6.1) and App. B.4].

    Examples
    --------
    >>> Q = [[1.0, 0.0], [0.0, 2.0]]
    >>> round(prop9_approximation(f_star=2.0, Q=Q, z=[0.1, 0.1], z_star=[0.0, 0.0]), 12)
    1.975
    """
    Q_arr = _square_matrices("Q", Q)
    if Q_arr.ndim != 2:
        raise ValueError(f"Q has shape {Q_arr.shape}; expected (D, D)")
    # validated here under the caller's names (the call below would name them f0, hessian and center)
    with np.errstate(over="ignore"):
        hessian = -Q_arr @ Q_arr.T
    if not np.all(np.isfinite(hessian)):
        raise ValueError(f"Q: -Q Q^T overflows (largest |Q| entry {float(np.max(np.abs(Q_arr)))!r}); the "
                         "Hessian H_* = -Q Q^T of [Li2016, Prop. 9] must be finite")
    f_star = check_real("f_star", f_star)
    z_star = check_array("z_star", z_star, shape=(Q_arr.shape[0],))
    return projected_additive_approximation(
        f0=f_star, grad=np.zeros(Q_arr.shape[0]), hessian=hessian, z=z, third=third, center=z_star
    )
