"""``bounds/readings.py``: every reading of every catalogue formula says where it comes from, in one of
the four kinds (``tests/test_cli_formula.py`` checks that ``regretlab formula`` prints it beside the
letter)."""

import pytest

from regretlab.bounds import FORMULAS
from regretlab.bounds.readings import ORIGIN_KINDS, READING_ORIGINS, reading_origin

WITH_READINGS = sorted(fid for fid, f in FORMULAS.items() if f.reading_parameter)


@pytest.mark.parametrize("fid", WITH_READINGS)
def test_every_reading_has_an_origin_of_one_of_the_four_kinds(fid):
    """The readings of the table are exactly the formula's; each origin starts with one of ORIGIN_KINDS, and
    one that cites a paper names it in the project's citation form [Key, loc]."""
    readings = set(FORMULAS[fid].latex_readings)
    assert set(READING_ORIGINS.get(fid, {})) == readings, fid
    for reading in readings:
        origin = reading_origin(fid, reading)
        assert origin.startswith(ORIGIN_KINDS), (fid, reading, origin)
        if origin.startswith(ORIGIN_KINDS[:2]):
            assert "[" in origin and "]" in origin, (fid, reading, origin)


def test_the_table_names_no_formula_the_catalogue_lacks():
    assert set(READING_ORIGINS) <= set(WITH_READINGS)

