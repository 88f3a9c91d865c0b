r"""The verification engine: every probabilistic claim of the four papers, checked against GP sample paths.

``regretlab verify`` (:mod:`regretlab.verify.cli`) runs the registered :data:`CLAIMS` under a profile and
writes a report. Each claim (:class:`Claim`) names its catalogue id, its paper reference, the event it
asserts, the :mod:`regretlab.bounds` functions it evaluates and its readings; its check returns one
:class:`Verdict` per reading — *holds*, *violated* or *inconclusive*, with the statistic, the slack and the
counterexample behind it. :data:`NOT_CHECKED` lists the catalogue's probabilistic statements that no claim
checks, each with the reason. :func:`check_bound` judges a researcher's own algorithm and regret bound on
exact GP sample paths the same way (no registration needed).
"""

from . import claims as _claims  # noqa: F401  (registers the claims)
from .check import BOUND_INPUTS, Policy, check_bound
from .engine import Report, run_claim, verify
from .registry import (
    CLAIMS,
    ENTRY_POINT_GROUP,
    NOT_CHECKED,
    PLUGIN_ERRORS,
    PROFILES,
    Claim,
    Context,
    Profile,
    claim,
    load_plugins,
    not_checked,
    registered,
    select,
)
from .verdict import LEVEL, OUTCOMES, Verdict, clopper_pearson, counterexample_verdict, rate_verdict, slack

__all__ = ["check_bound", "Policy", "BOUND_INPUTS", "ENTRY_POINT_GROUP", "PLUGIN_ERRORS", "load_plugins",
           "registered", "CLAIMS", "NOT_CHECKED", "PROFILES", "LEVEL", "OUTCOMES",
           "Claim", "Context", "Profile", "Report",
           "Verdict", "claim", "not_checked", "select", "verify", "run_claim", "clopper_pearson",
           "counterexample_verdict", "rate_verdict", "slack"]

