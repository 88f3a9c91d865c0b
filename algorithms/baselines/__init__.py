"""The baselines the four papers compare against, one module per method, on the shared ask/tell loop.

- ``RandomSearch``: uniform random search ("RAND", [Kandasamy2015, §5]), the baseline of every comparison.
"""

from .random_search import RandomSearch

__all__ = ["RandomSearch"]
