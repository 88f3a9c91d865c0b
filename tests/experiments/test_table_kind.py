"""The printed-table kind: ours beside the paper's, in combined standard errors."""

import math
from types import SimpleNamespace

import numpy as np

from regretlab.figures.kinds import table


def test_a_difference_with_no_spread_is_not_a_division_by_zero(monkeypatch):
    """A fresh clone's quick run of notebooks/rpp_gp_ucb.ipynb stopped with ZeroDivisionError: three equal
    runs (s.e. 0) beside a printed value with s.e. 0 leave no scale for the difference. It is NaN there
    (and not counted within 2 s.e.), while a row with spread keeps its z: (2 - 1) / hypot(0.5, 0) = 2."""
    spec = SimpleNamespace(paper_values={"table": {"P": {"flat": {5: (1.0, 0.0)}, "spread": {5: (1.0, 0.0)},
                                                         "third": {5: (3.0, 0.1)}}}, "at": (5,)})
    series = {("flat", "P"): [np.full(5, 2.0)] * 3,
              ("spread", "P"): [np.full(5, v) for v in (2.0 - math.sqrt(3) / 2, 2.0, 2.0 + math.sqrt(3) / 2)],
              ("third", "P"): [np.full(5, 3.0)] * 3}
    monkeypatch.setattr(table.aggregate, "metric_series", lambda spec, results: series)
    _, rows, rankings = table.side_by_side_table(spec, {})
    z = {row[3]: row[9] for row in rows}
    assert math.isnan(z["flat"]) and z["spread"] == 2.0 and z["third"] == 0.0
    assert len(rankings) == 1
