"""Benchmark test functions of the catalogue (``BENCH.*``, CATALOGUE.md §7): registered as not executable.

They are objectives, not bounds: each lives in ``regretlab.objectives.synthetic`` with its domain, optimum
value and optimizers, and is checked there by the objectives contract test.
"""

from __future__ import annotations

from ._registry import not_executable

_WHERE = "a benchmark objective, not a bound: implemented in regretlab.objectives.synthetic as {name!r} "
_WHERE += "({what})"

for _id, _name, _what in (
    ("BENCH.ackley", "ackley", "[-32.768, 32.768]^D, 0 at 0; used by [TranThe2020] and [Ha2019]"),
    ("BENCH.levy", "levy", "[-10, 10]^D, 0 at 1"),
    ("BENCH.hyperellipsoid", "hyperellipsoid", "rotated form sum_i sum_{j<=i} x_j^2 on [-65.536, 65.536]^D"),
    ("BENCH.camel6", "camel6", "six-hump camel on [-3, 3] x [-2, 2], -1.0316"),
    ("BENCH.beale", "beale", "[-4.5, 4.5]^2, 0 at (3, 0.5); [Ha2019, Fig. 2]"),
    ("BENCH.eggholder", "eggholder", "[-512, 512]^2, -959.6407 at (512, 404.2319)"),
    ("BENCH.hartmann3", "hartmann3", "[0, 1]^3, -3.86278"),
    ("BENCH.hartmann6", "hartmann6", "[0, 1]^6, -3.32237"),
):
    not_executable(_id, _WHERE.format(name=_name, what=_what))
