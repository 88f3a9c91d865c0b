"""Plots in the papers' forms, in regretlab's style: mean ± error band over iterations, a timing table, and
one run's expansion picture. Each returns the figure and the rows it plotted (written beside it as CSV)."""

from __future__ import annotations

import math
import re
import textwrap
from contextlib import contextmanager
from importlib import resources

import matplotlib

matplotlib.use("Agg", force=False)
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from regretlab.experiments.run_meta import RunMeta  # noqa: E402
from regretlab.experiments.spec import display_name  # noqa: E402

__all__ = ["style", "SINGLE_COLUMN", "DOUBLE_COLUMN", "curve_panels", "timing_table", "expansion_picture",
           "stamp"]

#: Figure widths in inches of a two-column paper.
SINGLE_COLUMN = 3.25
DOUBLE_COLUMN = 6.75


@contextmanager
def style():
    """Matplotlib's rc parameters from ``regretlab.mplstyle`` for the duration of the block."""
    path = resources.files("regretlab.figures").joinpath("regretlab.mplstyle")
    with resources.as_file(path) as file, plt.style.context(str(file)):
        yield


def stamp(fig, text: str) -> None:
    """Write ``text`` in the figure itself (quick mode, substitute data): a figure cut out of its folder
    still says what it is."""
    if text:
        # below every text already under the axes (a table's note reaches below the figure's bottom when the
        # table is short: Ha2019 App. C's two rows), else at its usual place just under the figure
        lowest = -0.01
        if fig.texts:   # only a figure with texts of its own needs the drawing that places them
            fig.canvas.draw()
            renderer = fig.canvas.get_renderer()
            lowest = min([lowest] + [t.get_window_extent(renderer).y0 / fig.bbox.height - 0.01
                                     for t in fig.texts])
        fig.text(0.5, lowest, text, ha="center", va="top", fontsize=6, color="0.35", style="italic")


#: The legend's words for the dashed reference lines of :func:`curve_panels`.
REFERENCE_LABEL = "best case of printed Alg. 1 (dashed)"


def panel_grid(problems) -> list[list[str | None]]:
    """Where each problem's panel goes: rows of panel titles (None for an empty cell). Problems named
    ``<function>-<D>`` that form a full grid (at least two functions and two D) are laid out one function a
    row and one D a column, both in the order the problems first name them, so that a function is read
    across D as the papers compare it ([TranThe2020, Figs 1-3]); any other list runs row by row, three
    panels a row.

    >>> panel_grid(["Ackley-20", "Levy-20", "Ackley-50", "Levy-50"])
    [['Ackley-20', 'Ackley-50'], ['Levy-20', 'Levy-50']]
    >>> panel_grid(["HyperEllipsoid-100", "Ackley-100", "HyperEllipsoid-20", "Ackley-20"])
    [['HyperEllipsoid-100', 'HyperEllipsoid-20'], ['Ackley-100', 'Ackley-20']]
    >>> panel_grid(["Beale", "Levy", "Ackley", "Hartmann3"])
    [['Beale', 'Levy', 'Ackley'], ['Hartmann3', None, None]]
    """
    problems = list(problems)
    parts = [re.fullmatch(r"(.+)-(\d+)", p) for p in problems]
    if all(parts):
        functions = list(dict.fromkeys(m.group(1) for m in parts))
        dims = list(dict.fromkeys(int(m.group(2)) for m in parts))
        grid = {(m.group(1), int(m.group(2))) for m in parts}
        full = len(grid) == len(functions) * len(dims) == len(problems)
        if len(functions) >= 2 and len(dims) >= 2 and full:
            return [[f"{f}-{d}" for d in dims] for f in functions]
    cols = min(max(len(problems), 1), 3)
    padded = problems + [None] * (-len(problems) % cols)
    return [padded[i:i + cols] for i in range(0, len(padded), cols)]


def curve_panels(curves, problems, methods, *, ylabel: str, log10: bool = False, log_y: bool = False,
                 title: str = "", references=(), band: str = "", highlight: str | None = None,
                 xlabel: str = "iteration"):
    """One panel per problem: for each method its mean and a band of ± error ([Ha2019, Fig. 3]'s form);
    ``log10`` plots :math:`\\log_{10}` of the values ([TranThe2020]'s regret plots). ``references`` are
    ``(problem, method, values)`` lines drawn dashed in the method's colour over iterations 1, 2, ...
    (the best case of printed Alg. 1 beside MS-UCB's curve). ``band`` says in the legend what the shaded
    band is (e.g. "± one s.d. of the runs"); ``highlight`` (the paper's claimed best method) is drawn on top
    of the others, thicker, so that no curve hides it; ``xlabel`` names the x axis as the paper does
    (queries, iterations). Panels are placed by :func:`panel_grid`. Returns the figure and the plotted rows
    (problem, method, iteration, centre, error, n_runs)."""
    grid = panel_grid(problems)
    rows_n, cols = len(grid), len(grid[0])
    place = {p: (r, c) for r, row in enumerate(grid) for c, p in enumerate(row) if p is not None}
    shown = [m for m in methods if any((m, p) in {(c.method, c.problem) for c in curves} for p in problems)]
    entries = len(shown) + bool(references) + bool(band)
    ncol = min(max(entries, 1), 4)
    legend_rows = math.ceil(max(entries, 1) / ncol)
    legend_inches = 0.17 * legend_rows + 0.08            # the legend's band above the panels
    height = 2.0 * rows_n + 0.3 + legend_inches
    fig, axes = plt.subplots(rows_n, cols, figsize=(DOUBLE_COLUMN, height), squeeze=False)
    rows = []
    by_key = {(c.method, c.problem): c for c in curves}
    for problem in problems:
        ax = axes[place[problem][0]][place[problem][1]]
        for j, method in enumerate(methods):
            curve = by_key.get((method, problem))
            if curve is None:
                continue
            centre, error = curve.centre, curve.error
            if log10:
                low = np.log10(np.maximum(centre - error, 1e-300))
                high = np.log10(np.maximum(centre + error, 1e-300))
                centre_plot = np.log10(np.maximum(centre, 1e-300))
            else:
                low, high, centre_plot = centre - error, centre + error, centre
            color = f"C{j % 10}"
            on_top = {"zorder": 3, "linewidth": 1.8} if method == highlight else {}
            ax.plot(curve.iterations, centre_plot, color=color, label=display_name(method), **on_top)
            ax.fill_between(curve.iterations, low, high, color=color, alpha=0.2, linewidth=0)
            rows += [(problem, method, int(i), float(c), float(e), curve.n_runs)
                     for i, c, e in zip(curve.iterations, centre, error, strict=True)]
        for line_problem, method, values in references:
            if line_problem == problem and method in methods:
                ax.plot(np.arange(1, len(values) + 1), values, color=f"C{methods.index(method) % 10}",
                        linestyle="--", linewidth=0.8)
        ax.set_title(problem)
        label = ylabel
        if log_y:
            ax.set_yscale("log")
        elif not log10:
            linthresh = _hidden_final_differences([by_key[(m, problem)] for m in methods
                                                   if (m, problem) in by_key])
            if linthresh is not None:
                ax.set_yscale("symlog", linthresh=linthresh)
                label = f"{ylabel} (symlog)"
        ax.set_xlabel(xlabel)
        ax.set_ylabel(label)
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell is None:
                axes[r][c].axis("off")
    handles, labels = axes[0][0].get_legend_handles_labels()
    if references:
        handles.append(plt.Line2D([], [], color="0.3", linestyle="--", linewidth=0.8))
        labels.append(REFERENCE_LABEL)
    if band:
        handles.append(plt.Rectangle((0, 0), 1, 1, color="0.3", alpha=0.2, linewidth=0))
        labels.append(f"band: {band}")
    top = 1.0 - legend_inches / height
    fig.tight_layout(rect=(0, 0.02, 1, top))
    fig.legend(handles, labels, loc="lower center", ncol=ncol, bbox_to_anchor=(0.5, top), frameon=False)
    if title:                                            # above the legend's band, never on it
        fig.suptitle(title, y=1.0, va="bottom", fontsize=8)
    return fig, rows


#: A panel whose values span more than this many times the spread of the curves' final values (their bands
#: included) hides the final differences on a linear axis: it is drawn on a symmetric log axis.
HIDDEN_FINAL_RATIO = 20.0


def _hidden_final_differences(curves) -> float | None:
    """The linear threshold of a symmetric log axis for a panel whose final differences a linear axis would
    hide ([Ha2019, Fig. 3]'s Beale: early values near -1500, final ones within a few units of 0), or None.

    Only for values of one sign (a symlog axis is read about 0) and a spread at the end that is not 0; the
    threshold is half the final spread, so the final values sit in the logarithmic part or at its edge."""
    if not curves:
        return None
    low = np.concatenate([np.asarray(c.centre - c.error, dtype=float) for c in curves])
    high = np.concatenate([np.asarray(c.centre + c.error, dtype=float) for c in curves])
    final_low = min(float(c.centre[-1] - c.error[-1]) for c in curves)
    final_high = max(float(c.centre[-1] + c.error[-1]) for c in curves)
    finite = np.isfinite(low) & np.isfinite(high)
    if not finite.any() or not (np.all(high[finite] <= 0.0) or np.all(low[finite] >= 0.0)):
        return None
    spread, final_spread = float(high[finite].max() - low[finite].min()), final_high - final_low
    if not final_spread > 0.0 or spread <= HIDDEN_FINAL_RATIO * final_spread:
        return None
    return 0.5 * final_spread


def timing_table(rows_text: list[list[str]], header: list[str], *, title: str = "", note: str = ""):
    """A table drawn as a figure (for the PDF beside the CSV); ``note`` is printed under it (what a column
    means)."""

    fig, ax = plt.subplots(figsize=(DOUBLE_COLUMN, 0.3 + 0.22 * (len(rows_text) + 1)))
    ax.axis("off")
    table = ax.table(cellText=rows_text, colLabels=header, loc="center", cellLoc="center")
    table.auto_set_font_size(False)
    table.set_fontsize(6.5)
    table.scale(1, 1.2)
    table.auto_set_column_width(list(range(len(header))))   # each column as wide as its longest entry
    if title:
        # the rows may be taller than the axes: put the title above the drawn table (not above the axes,
        # where it overprinted the header), wrapped to the figure's width; savefig's tight box keeps it
        fig.canvas.draw()
        top = table.get_window_extent(fig.canvas.get_renderer()).y1 / fig.bbox.height
        fig.suptitle(textwrap.fill(title, 120), y=top + 0.02, va="bottom", fontsize=8)
    if note:
        fig.canvas.draw()
        bottom = table.get_window_extent(fig.canvas.get_renderer()).y0 / fig.bbox.height
        fig.text(0.5, bottom - 0.01, textwrap.fill(note, 150), ha="center", va="top", fontsize=6)
    return fig


def expansion_picture(result: dict, *, optimizers=(), title: str = ""):
    """[Ha2019, Fig. 2]'s form from one run: UCB contours, observations (red), recommendation (cyan),
    the objective's ``optimizers`` (magenta), the user's box (black) and the Eq. (28) boxes (yellow)."""
    fig, ax = plt.subplots(figsize=(SINGLE_COLUMN, 1.2 * SINGLE_COLUMN))
    G0, G1 = np.meshgrid(result["grid_x0"], result["grid_x1"])
    contour = ax.contourf(G0, G1, result["grid_ucb"], levels=20, cmap="viridis")
    fig.colorbar(contour, ax=ax, shrink=0.8, label="UCB")
    x = np.asarray(result["x"])
    # clip_on=False: the observations on the grid's edge (an Eq. (28) box's side) are drawn whole
    ax.scatter(x[:, 0], x[:, 1], s=8, color="red", label="observations", zorder=3, clip_on=False)
    best = x[int(np.nanargmax(result["y"]))]
    ax.scatter(*best, s=40, color="cyan", marker="*", label="recommendation", zorder=4)
    for opt in np.asarray(optimizers, dtype=float).reshape(-1, 2):
        ax.scatter(opt[0], opt[1], s=40, color="magenta", marker="x", label="optimum", zorder=4)
    rows = []

    def box(b, color, label):
        b = np.asarray(b)
        ax.add_patch(plt.Rectangle((b[0, 0], b[1, 0]), b[0, 1] - b[0, 0], b[1, 1] - b[1, 0], fill=False,
                                   edgecolor=color, linewidth=1.2, label=label))
        rows.append((label, *b.ravel().tolist()))

    box(RunMeta.of(result).user_box, "black", "user box")
    for k, b in enumerate(np.asarray(result.get("new_boxes", np.zeros((0, 2, 2))))):
        box(b, "gold", "Eq. (28) box" if k == 0 else "_Eq. (28) box")
    handles, labels = ax.get_legend_handles_labels()
    unique = dict(zip(labels, handles, strict=True))
    # below the axes, so that it never hides an observation or a box
    ax.legend(unique.values(), unique.keys(), fontsize=5.5, loc="upper center", bbox_to_anchor=(0.5, -0.16),
              ncol=3, frameon=False)
    ax.set_xlabel("$x_1$")
    ax.set_ylabel("$x_2$")
    if title:

        # wrapped to the axes' width, never cut (the whole of the paper's caption, as every other figure)
        ax.set_title(textwrap.fill(title, 48), fontsize=9)
    return fig, rows
