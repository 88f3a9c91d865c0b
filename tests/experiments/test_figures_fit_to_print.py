"""Every exported figure is fit to print: each spec's figure is drawn on tiny fabricated runs (the plotting
path of `regretlab export`, not the runs) and checked for what a journal reviewer would reject — titles,
axis labels, legends and stamps overlapping one another, an axes with data but no axis labels, legend
entries that are internal names instead of the paper's, and a quick-mode or substitute figure without its
stamp. Deterministic (fixed seed), no runs computed."""

import importlib
import json
import re

import numpy as np
import pytest
from matplotlib.collections import PolyCollection

from regretlab import objectives
from regretlab.bounds.papers import PAPERS
from regretlab.experiments import registry, store
from regretlab.experiments.registry import source

#: the module (the package exports a function of the same name)
reproduce = importlib.import_module("regretlab.figures.reproduce")

#: Kinds drawn from fabricated runs here (a picture needs a real run's UCB grid; its check is the export
#: test's).
KINDS = ("curves", "timing", "table", "ttest", "rendered")
KEYS = [k for k in registry.available() if registry.get(k).kind in KINDS]
INTERNAL = ("@groups", "groups=", "n_starts", *(f"{paper.key}/" for paper in PAPERS))


def _fabricate(spec, out, rng):
    """A run record for every quick-mode run of ``spec``: plausible arrays of the run's budget and the
    problem's dimension, and the meta fields the plots read."""
    dims = {}
    for run in spec.runs("quick"):
        problem = spec.problem(run.problem)
        if run.problem not in dims:
            objective = objectives.get(problem.name, problem.dim, **dict(problem.options))
            dims[run.problem] = (objective.dim, float(objective.optimum_value))
        D, optimum = dims[run.problem]
        optimum = optimum if np.isfinite(optimum) else 0.0   # a substitute's maximum is unknown
        T = run.budget
        f = optimum - np.abs(rng.normal(size=T)) * 10.0 ** rng.uniform(-2, 1)
        arrays = {"x": rng.uniform(size=(T, D)), "y": f, "f": f, "seconds": rng.uniform(0.01, 0.1, T),
                  "is_initial": np.arange(T) < min(3, T - 1), "beta": np.full(T, 2.0),
                  "acq_evaluations": np.full(T, 100)}
        meta = {"optimum_value": optimum if np.isfinite(optimum) else 0.0, "method": run.method,
                "problem": run.problem, "repeat": run.repeat, "commit": "0" * 40, "dirty": False,
                "user_box": [[0.0, 1.0]] * D, "domain": [[0.0, 1.0]] * D, "final_box": [[0.0, 1.0]] * D,
                "spec": spec.key, "mode": "quick", "beta_scale": 1.0, "cpu_seconds": 1.0,
                "seed_entropy": 1, "box_spawn_key": [0], "method_spawn_key": [1], "version": "test",
                "wall_seconds": 1.0}
        store.write_result(out, run, arrays, meta)


def _texts(fig):
    """(what, text artist) of every title, axis label, legend, figure text and suptitle."""
    out = [("figure text", t) for t in fig.texts]
    if fig._suptitle is not None:
        out.append(("suptitle", fig._suptitle))
    for legend in fig.legends:
        out.append(("legend", legend))
    for ax in fig.axes:
        for name in ("title", "_left_title", "_right_title"):
            t = getattr(ax, name)
            out.append(("title", t))
        out += [("xlabel", ax.xaxis.label), ("ylabel", ax.yaxis.label)]
        if ax.get_legend() is not None:
            out.append(("legend", ax.get_legend()))
    return [(what, t) for what, t in out if t.get_visible() and (what == "legend" or t.get_text())]


def _legend_entries(fig) -> list[str]:
    legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend() is not None]
    return [t.get_text() for legend in legends for t in legend.get_texts()]


def check_fit_to_print(fig, *, stamped: bool) -> list[str]:
    """The problems a reviewer would see in ``fig`` (empty: fit to print)."""
    problems = []
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    boxes = [(what, artist, artist.get_window_extent(renderer)) for what, artist in _texts(fig)]
    for ax in fig.axes:
        for table in ax.tables:
            boxes.append(("table", table, table.get_window_extent(renderer)))
            for (row, column), cell in table.get_celld().items():
                text = cell.get_text()
                if any(word in text.get_text() for word in INTERNAL):
                    problems.append(f"table cell ({row}, {column}) {text.get_text()!r} is an internal name")
                if row == 0 and re.fullmatch(r"[a-z]+(?:_[a-z]+)+", text.get_text()):
                    problems.append(f"table header {text.get_text()!r} is a CSV column name, not words")
                width = cell.get_window_extent(renderer).width
                if text.get_text() and text.get_window_extent(renderer).width > width + 1.0:
                    problems.append(f"table cell ({row}, {column}) {text.get_text()!r} is wider than its "
                                    "cell")
    for i, (what_a, a, box_a) in enumerate(boxes):
        for what_b, b, box_b in boxes[i + 1:]:
            if a is b or box_a.width * box_a.height == 0 or box_b.width * box_b.height == 0:
                continue
            if box_a.overlaps(box_b) and not (what_a == what_b == "figure text") and "table" not in (
                    what_a, what_b) or (box_a.overlaps(box_b) and {what_a, what_b} & {"title", "suptitle"}
                                        and "table" in (what_a, what_b)):
                label_a = a.get_text() if hasattr(a, "get_text") else what_a
                label_b = b.get_text() if hasattr(b, "get_text") else what_b
                problems.append(f"{what_a} {label_a!r} overlaps {what_b} {label_b!r}")
    for ax in fig.axes:
        has_data = bool(ax.lines or ax.collections or ax.images) and ax.axison
        if has_data and not (ax.get_xlabel() and ax.get_ylabel()):
            shares = [other for other in fig.axes if other is not ax and other.get_ylabel()]
            if not ax.get_xlabel() or not (ax.get_ylabel() or shares):
                problems.append(f"axes {ax.get_title()!r} has data but no axis label "
                                f"(x {ax.get_xlabel()!r}, y {ax.get_ylabel()!r})")
    for ax in fig.axes:
        if not (ax.axison and (ax.lines or ax.collections)):
            continue
        for name, axis in (("x", ax.xaxis), ("y", ax.yaxis)):
            low, high = sorted(axis.get_view_interval())
            position = 0 if name == "x" else 1
            shown = [t for t in axis.get_majorticklabels() + axis.get_minorticklabels()
                     if t.get_visible() and t.get_text() and low <= t.get_position()[position] <= high]
            shared = (ax.get_shared_y_axes() if name == "y" else ax.get_shared_x_axes()).get_siblings(ax)
            if len(shown) < 2 and len(shared) > 1:   # a shared axis is labelled once, on its sibling
                continue
            if len(shown) < 2:
                problems.append(f"axes {ax.get_title()!r}: the {name} axis shows {len(shown)} tick labels")
    for entry in _legend_entries(fig):
        if any(word in entry for word in INTERNAL):
            problems.append(f"legend entry {entry!r} is an internal name, not the paper's")
    captions = _legend_entries(fig) + [t.get_text() for t in fig.texts]
    banded = any(isinstance(c, PolyCollection) for ax in fig.axes for c in ax.collections)   # fill_between
    if banded and not any("band" in text for text in captions):
        problems.append("shaded bands without a legend entry or caption line that says what they are")
    if stamped and not any(("QUICK" in t.get_text() or "SUBSTITUTE" in t.get_text()) for t in fig.texts):
        problems.append("a quick-mode or substitute figure without its stamp")
    return problems


@pytest.mark.parametrize("key", KEYS)
def test_every_spec_figure_is_fit_to_print(key, tmp_path, monkeypatch):
    spec = registry.get(key)
    src = source(spec)
    rng = np.random.default_rng(0)
    if src.runs("quick"):
        _fabricate(src, tmp_path / "results", rng)
    captured = {}

    def capture(fig, header, rows, provenance, root, paper, name):
        captured["problems"] = check_fit_to_print(
            fig, stamped=bool(provenance.get("substitute")) or (
                provenance.get("mode") == "quick" and bool(src.runs("quick"))
                and reproduce._stamp_text(spec, "quick", src) != ""))
        captured["provenance"] = json.loads(json.dumps(provenance, default=str))
        import matplotlib.pyplot as plt

        plt.close(fig)
        return []

    monkeypatch.setattr(reproduce, "export_item", capture)
    monkeypatch.setattr(reproduce, "write_comparison", lambda root: tmp_path / "c.md")
    monkeypatch.setattr(reproduce, "write_manifest", lambda root: tmp_path / "m.json")
    reproduce.export(key, "quick", out=tmp_path / "results", export_root=tmp_path / "pf")
    assert captured["problems"] == [], captured["problems"]


def test_the_check_can_fail():
    """An overlapping title, an unlabelled data axes, an internal legend name, a missing stamp and a shaded
    band nobody defines are each reported."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(2, 2))
    ax.plot([0, 1], [0, 1], label="Kandasamy2015/Add-*(groups='@groups')")
    ax.fill_between([0, 1], [0, 0.5], [0.5, 1], alpha=0.2)
    ax.legend()
    ax.set_title("a long title that runs into the suptitle " * 2)
    fig.suptitle("a suptitle", y=0.97)
    from matplotlib.ticker import NullFormatter

    ax.set_yscale("log")
    ax.set_ylim(2.0, 3.0)                     # within one decade: no major tick, minor labels removed
    ax.yaxis.set_minor_formatter(NullFormatter())
    problems = check_fit_to_print(fig, stamped=True)
    plt.close(fig)
    text = "\n".join(problems)
    assert "overlaps" in text and "no axis label" in text and "internal name" in text and "stamp" in text
    assert "the y axis shows 0 tick labels" in text
    assert "shaded bands without" in text


def test_an_export_is_the_same_bytes_twice(tmp_path):
    """The PDF carries no creation date (nor does the PNG): exporting one figure twice, a second apart,
    gives the same bytes, so a fresh clone's export is checkable against the committed one."""
    import time

    import matplotlib.pyplot as plt

    from regretlab.figures.export import export_item

    digests = []
    for k in range(2):
        fig, ax = plt.subplots(figsize=(2, 2))
        ax.plot([0, 1], [1, 0])
        paths = export_item(fig, ["x"], [(1,)], {"item": "t"}, tmp_path / str(k), "P", "fig")
        digests.append({p.suffix: p.read_bytes() for p in paths})
        time.sleep(1.1)   # PDF dates have a resolution of one second
    assert digests[0][".pdf"] == digests[1][".pdf"] and digests[0][".png"] == digests[1][".png"]
