"""``reproduce``: run a spec and export it; ``export``: export a spec from its finished runs.

The exported item is ``<export_root>/<paper>/<item>.{pdf,png,csv,json}`` (``Ha2019.fig3`` →
``paper_figures/Ha2019/fig3.*``); quick-mode items say so in the figure itself and in their provenance.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from regretlab._io import git_commit
from regretlab.experiments import aggregate, registry
from regretlab.experiments.runner import RunReport, run_spec
from regretlab.experiments.spec import Spec

from . import plots
from .comparison import write_comparison
from .export import export_item, write_manifest
from .kinds import kind
from .kinds.curves import ORDERING_LEVEL, claimed_ordering, claimed_pairs, final_values
from .kinds.table import side_by_side_table
from .kinds.timing import side_by_side_timing
from .kinds.ttest import side_by_side_ttests

# the kinds' comparisons, importable from here as before
__all__ = ["reproduce", "export", "Reproduction", "side_by_side_timing", "side_by_side_table",
           "side_by_side_ttests", "final_values", "claimed_pairs", "claimed_ordering", "ORDERING_LEVEL"]


@dataclass
class Reproduction:
    """What :func:`reproduce` did: the runner's report and the exported files."""

    report: RunReport
    paths: list[Path] = field(default_factory=list)


def substitute_labels(spec: Spec) -> list[str]:
    """What each data-based substitute among the spec's problems replaces (catalogue §6), one line each."""
    from regretlab import objectives

    labels = []
    for problem in spec.problems:
        objective = objectives.get(problem.name, problem.dim, **dict(problem.options))
        label = getattr(objective, "substitute", "")
        if label and label not in labels:
            labels.append(label)
    return labels


def reproduce(key: str, mode: str = "quick", *, out="results", export_root="paper_figures", jobs=None,
              scheduler=None, force: bool = False, progress=None) -> Reproduction:
    """Run spec ``key`` (or the spec it derives from) in ``mode`` and export it.

    Runs already finished are reused (``force`` recomputes them). A failed run is reported; the export is
    skipped when any run is missing.
    """
    spec = registry.get(key).validate()
    protect_full_export(spec.key, mode, export_root)   # before any run: refuse early, lose nothing
    source = registry.source(spec)
    substitute_labels(source)   # before any run: a substitute's missing extra is an ImportError naming it
    report = run_spec(source, mode, out=out, jobs=jobs, scheduler=scheduler, force=force,
                      progress=progress, keep_results=True)
    # the runner's records are exported as they are: the spec validated and each run file read once
    paths = _export_results(spec, source, mode, report.results, out, export_root) if report.ok else []
    return Reproduction(report, paths)


def _provenance(spec: Spec, source: Spec, mode: str, results: dict) -> dict:
    metas = [r["meta"] for r in results.values()]
    commits = sorted({str(m.get("commit")) for m in metas})
    return {
        "spec": spec.key, "reference": spec.reference, "title": spec.title, "mode": mode, "kind": spec.kind,
        "mode_note": spec.modes[mode].note, "spec_hash": source.hash(mode), "derived_from": spec.derived_from,
        "canonical": source.canonical(mode), "commits": commits,
        "seeds": {f"{m['method']}|{m['problem']}|{m['repeat']}": {
            "entropy": m["seed_entropy"], "box_spawn_key": m["box_spawn_key"],
            "method_spawn_key": m["method_spawn_key"]} for m in metas},
        "wall_seconds": float(sum(m["wall_seconds"] for m in metas)),
        "notes": list(spec.notes), "missing_methods": list(spec.missing), "export_commit": git_commit(),
        "runs": len(results),
    }


def _stamp_text(spec: Spec, mode: str, source: Spec | None = None) -> str:
    """The figure's own label when quick mode differs from the paper's (full) setup: that of the runs'
    spec (``source``; a figure drawn from another spec's runs, such as the trade-off, has no modes of its
    own and was left unstamped)."""
    quick, full = (source or spec).modes["quick"], (source or spec).modes["full"]
    differs = (quick.repeats, quick.budgets, quick.problems) != (full.repeats, full.budgets, full.problems)
    if mode == "quick" and differs:
        return f"regretlab {spec.key}, QUICK MODE ({quick.note}): not the paper's setup"
    return ""
















class FullExportProtected(ValueError):
    """A quick-mode export would replace a full-mode one."""


def protect_full_export(key: str, mode: str, export_root, overwrite_full: bool = False) -> None:
    """Raise :class:`FullExportProtected` when a quick-mode export of ``key`` would overwrite a full-mode
    export in ``export_root`` (a smoke run must not silently replace evidence)."""
    paper_key, item_name = key.split(".", 1)
    existing = Path(export_root) / paper_key / f"{item_name}.json"
    if mode != "quick" or overwrite_full or not existing.is_file():
        return
    try:
        previous = json.loads(existing.read_text(encoding="utf-8")).get("mode")
    except ValueError:
        previous = None
    if previous == "full":
        raise FullExportProtected(
            f"{key}: {existing} is a full-mode export; a quick-mode export would overwrite it (export "
            "elsewhere with --export-dir, or run --mode full)")
















def export(key: str, mode: str = "quick", *, out="results", export_root="paper_figures",
           overwrite_full: bool = False) -> list[Path]:
    """Export spec ``key`` from its finished runs (all of them must be finished).

    A quick-mode export never replaces a full-mode one already in ``export_root`` (a smoke run would
    silently overwrite evidence): it raises, naming the file, unless ``overwrite_full``."""
    spec = registry.get(key).validate()
    protect_full_export(spec.key, mode, export_root, overwrite_full)
    source = registry.source(spec)
    return _export_results(spec, source, mode, aggregate.load_results(source, mode, out), out, export_root)


def _export_results(spec: Spec, source: Spec, mode: str, results: dict, out, export_root) -> list[Path]:
    """:func:`export`'s work on the runs' records already read."""
    labels = substitute_labels(source)   # first: a substitute's missing extra is an ImportError naming it
    expected = len(source.runs(mode))
    if len(results) < expected:
        raise ValueError(f"{spec.key} [{mode}]: {expected - len(results)} of {expected} runs have no result "
                         f"in {out}; run `regretlab reproduce {spec.key} --mode {mode}` first")
    provenance = _provenance(spec, source, mode, results)
    if labels:
        provenance["substitute"] = "; ".join(labels)
    paper, name = spec.key.split(".", 1)
    with plots.style():
        fig, header, rows = kind(spec.kind).export(spec, source, mode, results, provenance)
        stamp = _stamp_text(spec, mode, source)
        if labels:
            stamp = (stamp + " | " if stamp else "") + "SUBSTITUTE DATA: " + "; ".join(
                label.split(":")[0] for label in labels)
        plots.stamp(fig, stamp)
        paths = export_item(fig, header, rows, provenance, export_root, paper, name)
    paths.append(write_comparison(export_root))
    paths.append(write_manifest(export_root))
    return paths
