"""A curves panel whose final differences a linear axis would hide is drawn on a symmetric log axis
([Ha2019, Fig. 3]'s Beale: early best values near -1500, final ones within tens of 0); the data rows are
the same either way. Constructed curves, deterministic."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from regretlab.experiments.aggregate import Curve  # noqa: E402
from regretlab.figures.plots import curve_panels  # noqa: E402

ITERATIONS = np.arange(1, 31)


def _curve(method, problem, start, end):
    centre = start + (end - start) * (1.0 - np.exp(-ITERATIONS / 3.0))
    return Curve(method, problem, ITERATIONS, centre, np.full(ITERATIONS.size, 0.5), 10)


def test_hidden_final_differences_get_a_symlog_axis_and_others_stay_linear():
    curves = [
        _curve("A", "hidden", -1500.0, -0.5), _curve("B", "hidden", -900.0, -30.0),   # 1500 vs ~31
        _curve("A", "visible", 1.0, 3.5), _curve("B", "visible", 1.2, 2.0),           # spread ~ final
        _curve("A", "signs", -1500.0, 0.5), _curve("B", "signs", -900.0, 30.0),       # crosses 0
    ]
    fig, rows = curve_panels(curves, ["hidden", "visible", "signs"], ["A", "B"], ylabel="best value found")
    axes = {ax.get_title(): ax for ax in fig.axes if ax.get_title()}
    assert axes["hidden"].get_yscale() == "symlog"
    assert axes["hidden"].get_ylabel() == "best value found (symlog)"
    assert axes["visible"].get_yscale() == "linear" and axes["signs"].get_yscale() == "linear"
    assert len(rows) == 6 * ITERATIONS.size       # the plotted data are unchanged by the axis
    plt.close(fig)


def test_the_legend_says_what_the_band_is_and_the_highlighted_method_is_drawn_on_top():
    """With a band text the legend carries it (the shaded bands were undefined); the highlighted method's
    line is above every other (z-order) and thicker, so no curve hides it (MS-UCB under six baselines);
    without either, nothing is added."""
    curves = [_curve("A", "p", 1.0, 3.0), _curve("B", "p", 1.0, 3.1)]
    fig, _ = curve_panels(curves, ["p"], ["A", "B"], ylabel="y", band="± one s.d. of the runs", highlight="A")
    labels = [t.get_text() for t in fig.legends[0].get_texts()]
    assert "band: ± one s.d. of the runs" in labels
    ax = next(a for a in fig.axes if a.get_title() == "p")
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert lines["A"].get_zorder() > lines["B"].get_zorder()
    assert lines["A"].get_linewidth() > lines["B"].get_linewidth()
    plt.close(fig)
    plain, _ = curve_panels(curves, ["p"], ["A", "B"], ylabel="y")
    assert not any(t.get_text().startswith("band:") for t in plain.legends[0].get_texts())
    plt.close(plain)


def test_a_function_by_dimension_figure_reads_each_function_across_d():
    """Issue 76.7: panels named '<function>-<D>' on a full grid go one function a row, one D a column
    ([TranThe2020, Fig. 1] compares a function across D; its panels ran row by row, mixing D in a row); the
    x axis is named as the caller says (Kandasamy2015's figures count queries)."""
    problems = [f"{f}-{d}" for d in (20, 50) for f in ("Ackley", "Levy", "Camelback")]
    curves = [_curve("A", p, 5.0, 1.0) for p in problems]
    fig, _ = curve_panels(curves, problems, ["A"], ylabel="regret", xlabel="queries")
    boxes = {ax.get_title(): ax.get_position() for ax in fig.axes if ax.get_title()}
    for f in ("Ackley", "Levy", "Camelback"):
        assert abs(boxes[f"{f}-20"].y0 - boxes[f"{f}-50"].y0) < 1e-9          # one row per function
        assert boxes[f"{f}-20"].x0 < boxes[f"{f}-50"].x0                       # D increases to the right
    assert boxes["Ackley-20"].y0 > boxes["Levy-20"].y0 > boxes["Camelback-20"].y0
    assert {ax.get_xlabel() for ax in fig.axes if ax.get_title()} == {"queries"}
    plt.close(fig)
