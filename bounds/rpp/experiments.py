"""The experiments of [Li2016, §5]: the t-test behind Tables 3-4's win / tie / loss."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from regretlab._validate import check_bool, check_choice, check_integer, check_real

from .._registry import formula


# ---------------------------------------------------------------------------------------------------
# Tables 3-4: t-test win / tie / loss
# ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TTestResult:
    """Outcome of :func:`ttest`: label(s) ``"win"``/``"tie"``/``"loss"`` for method a, t, p-value."""

    label: object
    statistic: object
    pvalue: object


@formula(
    "RPP.ttest",
    latex={
        "A": r"t=\frac{\bar a-\bar b}{\sqrt{s_a^2/n+s_b^2/n}},\ s=\mathrm{SE}\sqrt n,\ \text{two-sided}",
        "B": r"t=\frac{\bar a-\bar b}{\sqrt{s_a^2/n+s_b^2/n}},\ s=\mathrm{SE}\sqrt n,\ \text{one-sided}",
    },
    cite="[Li2016, §5.1]",
)
def ttest(*, mean_a, se_a, mean_b, se_b, n=50, alpha=0.05, reading="A", equal_var=False) -> TTestResult:
    r"""Win / tie / loss of method a (lower regret is better) against b from means and standard errors.

    Welch's t-test (``equal_var=False``; Student's with ``True``) from summary statistics with
    :math:`s=\mathrm{SE}\sqrt n` (scipy.stats.ttest_ind_from_stats):

    .. math::

        t=\frac{\bar a-\bar b}{\sqrt{s_a^2/n+s_b^2/n}}

    Readings (the paper says only "t-test at 95% confidence level"):

    * ``"A"`` (default): two-sided; "win" if :math:`p<\alpha` and :math:`\bar a<\bar b`, "loss" if
      :math:`p<\alpha` and :math:`\bar a>\bar b`, else "tie".
    * ``"B"``: one-sided; "win" if the test of :math:`\bar a<\bar b` has :math:`p<\alpha`, "loss" if the
      test of :math:`\bar a>\bar b` does, else "tie".

    Parameters
    ----------
    mean_a, se_a, mean_b, se_b : float or array_like
        Means and standard errors (SE > 0) of the simple regrets ([Li2016, Tables 1-2]: a = RPP, b = ADD).
    n : int, >= 2
        Runs per method ([Li2016]: 50).
    alpha : float in (0, 1)
    reading : {"A", "B"}
    equal_var : bool

    Returns
    -------
    TTestResult
        ``label`` is a str for scalar input, else an ndarray of str; ``pvalue`` is the two-sided p (A) or
        the one-sided p of the direction of the observed difference (B).

    References
    ----------
    .. [1] [Li2016, Tables 1-4, §5.1].

    Examples
    --------
    >>> ttest(mean_a=30.2, se_a=1.7, mean_b=35.4, se_b=2.2).label
    'tie'
    >>> ttest(mean_a=30.2, se_a=1.7, mean_b=35.4, se_b=2.2, reading="B").label
    'win'
    """
    from scipy.stats import ttest_ind_from_stats  # here: scipy.stats doubles `import regretlab.bounds`

    check_choice("reading", reading, ("A", "B"))
    mean_a = check_real("mean_a", mean_a)
    mean_b = check_real("mean_b", mean_b)
    se_a = check_real("se_a", se_a, low=0.0, low_open=True)
    se_b = check_real("se_b", se_b, low=0.0, low_open=True)
    n = check_integer("n", n, low=2)
    alpha = check_real("alpha", alpha, low=0.0, high=1.0, low_open=True, high_open=True)
    sd_a, sd_b = np.asarray(se_a) * np.sqrt(n), np.asarray(se_b) * np.sqrt(n)
    equal_var = check_bool("equal_var", equal_var)
    kw = dict(mean1=mean_a, std1=sd_a, nobs1=n, mean2=mean_b, std2=sd_b, nobs2=n, equal_var=equal_var)
    if reading == "A":
        res = ttest_ind_from_stats(**kw)
        p = np.asarray(res.pvalue)
        sig = p < alpha
        below, above = sig & (np.asarray(mean_a) < mean_b), sig & (np.asarray(mean_a) > mean_b)
        label = np.where(below, "win", np.where(above, "loss", "tie"))
    else:
        less = ttest_ind_from_stats(alternative="less", **kw)
        greater = ttest_ind_from_stats(alternative="greater", **kw)
        res = less
        p = np.where(np.asarray(mean_a) <= mean_b, less.pvalue, greater.pvalue)
        win, loss = np.asarray(less.pvalue) < alpha, np.asarray(greater.pvalue) < alpha
        label = np.where(win, "win", np.where(loss, "loss", "tie"))
    stat = np.asarray(res.statistic)
    if label.ndim == 0:
        return TTestResult(str(label), float(stat), float(p))
    return TTestResult(label, stat, p)
