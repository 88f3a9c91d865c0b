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


def test_a_timing_item_with_no_printed_seconds_shows_ours_alone():
    """side_by_side_timing on Ha2019 App. C's timing item (the paper states a ratio, prints no seconds):
    our seconds per BO iteration and ratio to GPUCB-UBO, the paper's columns empty and no ordering; on
    Table 1, which prints them, the paper's seconds, ratio and Kendall's tau are filled in."""
    import numpy as np

    from regretlab.experiments import registry
    from regretlab.figures.kinds.timing import side_by_side_timing

    def run(seconds):
        return {"is_initial": np.array([True, False, False]), "seconds": np.array([9.0, seconds, seconds])}

    appc = registry.get("Ha2019.appC_fbocode")
    results = {("Ha2019/GPUCB-UBO", "Ackley10", 0): run(0.5),
               ("Ha2019/GPUCB-FBO-code", "Ackley10", 0): run(5.0)}
    header, rows = side_by_side_timing(appc, results)
    assert [(r[1], r[2], r[4], r[5], r[7], r[8], r[10]) for r in rows] == [
        ("Ha2019/GPUCB-UBO", 0.5, 1.0, None, None, None, "no printed seconds"),
        ("Ha2019/GPUCB-FBO-code", 5.0, 10.0, None, None, None, "no printed seconds")]
    table1 = registry.get("Ha2019.table1")
    results = {(m, "Beale", 0): run(1.0 + i) for i, m in enumerate(table1.methods)}
    _, rows = side_by_side_timing(table1, results)
    ubo = next(r for r in rows if r[1] == "Ha2019/GPUCB-UBO")
    assert ubo[5] == 2.8 and ubo[7] == 1.0 and ubo[8] is not None and ubo[10] != "no printed seconds"
