"""regretlab: theory verification and reproducibility for high-dimensional Bayesian optimisation.

Sub-packages
------------
regretlab.bounds       executable regret-bound formulas of the four papers (folder ``bounds/``)
regretlab.algorithms   the papers' algorithms with ask/tell loops (folder ``algorithms/``)
regretlab.gp           GP kernels, posteriors, hyperparameter fitting and sample paths
regretlab.objectives   test functions of the papers (maximisation convention)
"""

from regretlab._version import __version__

__all__ = ["__version__"]
