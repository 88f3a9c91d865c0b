"""The registered claims, one module per paper (importing this package registers them)."""

from . import add_gp_ucb, coverage, gp_ucb, gp_ucb_continuous, lipschitz, ms_ucb, rpp, ubo  # noqa: F401
