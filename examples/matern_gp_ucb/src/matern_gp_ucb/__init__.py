"""GP-UCB with a Matérn-5/2 kernel on a finite domain and its regret bound — a package that is *not*
regretlab, written against regretlab's public API only, to show how a researcher checks a bound of their
own (regretlab's docs: "Check your own bound")."""

from .algorithm import gp_ucb
from .bound import beta_t, srinivas_theorem_1, theorem_1_read_as_cumulative_average

__all__ = ["gp_ucb", "beta_t", "srinivas_theorem_1", "theorem_1_read_as_cumulative_average"]
