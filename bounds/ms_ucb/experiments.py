"""The experiments of [TranThe2020] (§"Experiments"): ramp-loss objective, plotted metric, network sizes."""

from __future__ import annotations

import numpy as np

from regretlab._losses import ramp
from regretlab._validate import (
    as_output,
    check_array,
    check_choice,
    check_integer,
    check_real,
    check_scalar,
)

from .._registry import formula


def ramp_loss(*, u, s=0.0):
    r"""Ramp loss :math:`R_s(u)=H_1(u)-H_s(u)`, :math:`H_s(u)=\max(0,s-u)` (after [Qian2016]).

    Parameters
    ----------
    u : float or array_like
        Margin :math:`y(\mathbf w^\top\mathbf v+b)`.
    s : float
        :math:`s<1` (the experiments use :math:`s=0`).

    Returns
    -------
    float or ndarray
        In :math:`[0,1-s]`.

    References
    ----------
    .. [1] [TranThe2020, §"Learning Classification Model with Ramp Loss"].

    Examples
    --------
    >>> ramp_loss(u=np.array([-2.0, 0.5, 3.0])).tolist()
    [1.0, 0.5, 0.0]
    """
    u = check_real("u", u)
    s = check_real("s", s, high=1.0, high_open=True)
    return as_output(ramp(u, s))


@formula(
    "MSUCB.ramp_loss",
    latex=r"f(\mathbf w,b)=\frac12\|\mathbf w\|_2^2+C\sum_{l=1}^LR_s(y_l(\mathbf w^\top\mathbf v_l+b))",
    cite='[TranThe2020, §"Learning Classification Model with Ramp Loss"]',
)
def ramp_objective(*, w, b, V, y, C, s=0.0):
    r"""The ramp-loss classification objective MS-UCB *minimises* in the experiments.

    .. math::
        f(\mathbf w,b)=\tfrac12\|\mathbf w\|_2^2+C\sum_{l=1}^LR_s\big(y_l(\mathbf w^\top\mathbf v_l+b)\big)

    Negate it for the maximisation framework. The text writes :math:`w_Tv_l` for
    :math:`\mathbf w^\top\mathbf v_l`.

    Parameters
    ----------
    w : array_like, shape (p,)
        Weights.
    b : float
        Bias (not the Assumption-1 constant).
    V : array_like, shape (L, p)
        Feature vectors :math:`\mathbf v_l`.
    y : array_like, shape (L,)
        Labels in :math:`\{-1,+1\}`.
    C : float
        :math:`C>0` (the experiments use 1, 2, 5, 10).
    s : float
        :math:`s<1` (the experiments use 0).

    Returns
    -------
    float

    References
    ----------
    .. [1] [TranThe2020, §"Learning Classification Model with Ramp Loss"]; [Qian2016].

    Examples
    --------
    >>> ramp_objective(w=[1.0, 0.0], b=0.0, V=[[2.0, 0.0], [-0.5, 1.0]], y=[1, 1], C=1.0)  # 0.5 + 0 + 1
    1.5
    """
    w = check_array("w", w, ndim=1, empty=False)
    V = check_array("V", V, ndim=2, empty=False)
    if V.shape[1] != w.shape[0]:
        raise ValueError(f"V has {V.shape[1]} columns (features) but w has {w.shape[0]} entries; one "
                         "weight per feature")
    y = check_array("y", y, ndim=1)
    if y.shape[0] != V.shape[0]:
        raise ValueError(f"y has {y.shape[0]} labels but V has {V.shape[0]} rows (samples); one label per "
                         "row")
    if not np.all(np.isin(y, [-1.0, 1.0])):
        raise ValueError("y has an entry outside {-1, +1}; labels must be -1 or +1")
    b = check_real("b", b)
    C = check_real("C", C, low=0.0, low_open=True)
    with np.errstate(over="ignore", invalid="ignore"):
        margins = y * (V @ w + b)
        half_norm = 0.5 * float(w @ w)
    if not (np.all(np.isfinite(margins)) and np.isfinite(half_norm)):
        raise ValueError(f"w: |w|^2 / 2 or the margins y (V w + b) overflow (largest |w| entry "
                         f"{float(np.max(np.abs(w)))!r}, |b| = {abs(b)!r}); the objective needs them finite")
    return float(half_norm + C * np.sum(ramp_loss(u=margins, s=s)))


@formula(
    "MSUCB.metric",
    latex={
        "A": r"\log_{10}\big(f(\mathbf x^*)-f(\mathbf x_t)\big)",
        "B": r"\log_{10}\big(f(\mathbf x^*)-\max_{s\le t}f(\mathbf x_s)\big)",
    },
    cite='[TranThe2020, §"Experiments"]',
)
def regret_metric(*, f_star, f_values, reading="A", floor=1e-12):
    r"""The plotted metric :math:`\log_{10}(f(\mathbf x^*)-f(\mathbf x_t))` of the experiments.

    .. math::

        m_t = \log_{10}\big(f(\mathbf x^*) - f(\mathbf x_t)\big)\quad\text{(A)},\qquad
        m_t = \log_{10}\big(f(\mathbf x^*) - \max_{s\le t} f(\mathbf x_s)\big)\quad\text{(B)}

    Parameters
    ----------
    f_star : float
        Optimum value :math:`f(\mathbf x^*)`.
    f_values : array_like, shape (T,)
        :math:`f(\mathbf x_t)`, :math:`t=1..T`, in query order.
    reading : {"A", "B"}
        ``"A"`` (default; as the text says, "the function value sampled at iteration :math:`t`"):
        instantaneous. ``"B"``: best value so far, :math:`\max_{s\le t}f(\mathbf x_s)`.
    floor : float
        Lower clip :math:`>0` for the regret (:math:`\log 0` is undefined).

    Returns
    -------
    ndarray, shape (T,)

    References
    ----------
    .. [1] [TranThe2020, §"Experiments"].

    Examples
    --------
    >>> regret_metric(f_star=1.0, f_values=[0.9, 0.0, 0.99], reading="B").round(6).tolist()
    [-1.0, -1.0, -2.0]
    """
    check_choice("reading", reading, ["A", "B"])
    f_star = check_scalar("f_star", f_star)
    f_values = check_array("f_values", f_values, ndim=1, empty=False)
    floor = check_real("floor", floor, low=0.0, low_open=True)
    if np.any(f_values > f_star + 1e-12 * max(1.0, abs(f_star))):
        raise ValueError("f_values has an entry above f_star; f(x_t) <= f(x*) for an optimum f_star")
    values = f_values if reading == "A" else np.maximum.accumulate(f_values)
    return np.log10(np.maximum(f_star - values, floor))


@formula(
    "MSUCB.nn_dims", latex=r"\dim W_2=h\times10", cite='[TranThe2020, §"Neural Network Parameter Search"]'
)
def nn_dims(*, h):
    r"""Dimension of the neural-network search space: :math:`\dim W_2=h\times10`.

    .. math::

        D = \dim W_2 = h \times 10

    Parameters
    ----------
    h : int
        Hidden units, :math:`h\ge1` (the experiments use 10 and 50, giving :math:`D\in\{100,500\}`).

    Returns
    -------
    int

    References
    ----------
    .. [1] [TranThe2020, §"Neural Network Parameter Search"].

    Examples
    --------
    >>> nn_dims(h=50)
    500
    """
    h = check_integer("h", h, low=1)
    return h * 10
