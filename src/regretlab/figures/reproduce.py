"""``reproduce``: run a spec and export it; ``export``: export a spec from its finished runs.

The exported item is ``<export_root>/<paper>/<item>.{pdf,png,csv,json}`` (``Ha2019.fig3`` →
``paper_figures/Ha2019/fig3.*``); quick-mode items say so in the figure itself and in their provenance.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from regretlab import objectives
from regretlab._io import EXPORT_ROOT, git_commit
from regretlab.decisions.preregister import held_back, record_path
from regretlab.experiments import aggregate, registry
from regretlab.experiments.run_meta import RunMeta
from regretlab.experiments.runner import RunReport, run_spec
from regretlab.experiments.spec import Spec, display_name

from . import plots
from .comparison import partial_text, write_comparison
from .export import export_item, write_manifest
from .kinds import kind
from .kinds.curves import final_values
from .kinds.table import side_by_side_table
from .kinds.timing import side_by_side_timing
from .kinds.ttest import side_by_side_ttests

# the kinds' comparisons, importable from here as before
__all__ = ["reproduce", "export", "Reproduction", "side_by_side_timing", "side_by_side_table",
           "side_by_side_ttests", "final_values"]


@dataclass
class Reproduction:
    """What :func:`reproduce` did: the runner's report and the exported files."""

    report: RunReport
    paths: list[Path] = field(default_factory=list)


def substitute_labels(spec: Spec) -> list[str]:
    """What each data-based substitute among the spec's problems replaces (catalogue §6), one line each."""

    labels = []
    for problem in spec.problems:
        objective = objectives.get(problem.name, problem.dim, **dict(problem.options))
        label = getattr(objective, "substitute", "")
        if label and label not in labels:
            labels.append(label)
    return labels


def reproduce(key: str, mode: str = "quick", *, out="results", export_root=EXPORT_ROOT, jobs=None,
              scheduler=None, force: bool = False, progress=None) -> Reproduction:
    """Run spec ``key`` (or the spec it derives from) in ``mode`` and export it.

    Runs already finished are reused (``force`` recomputes them). A failed run is reported; the export is
    skipped when any run is missing.
    """
    spec = registry.get(key).validate()
    protect_full_export(spec.key, mode, export_root)   # before any run: refuse early, lose nothing
    source = registry.source(spec)
    waiting = held_back(source, export_root) if mode == "full" else frozenset()
    if waiting:   # a setup reading's proposed methods run only after its registration is committed
        raise ValueError(f"{source.key} is the setup reading {source.setup_reading!r} of "
                         f"{source.reading_of}: its proposed methods ({', '.join(sorted(waiting))}) wait "
                         "until "
                         f"{record_path(source.key, export_root)} is committed; `regretlab decide "
                         f"{source.key} --run` runs the baselines' pilot, `regretlab preregister "
                         f"{source.key}` writes the registration")
    substitute_labels(source)   # before any run: a substitute's missing extra is an ImportError naming it
    report = run_spec(source, mode, out=out, jobs=jobs, scheduler=scheduler, force=force,
                      progress=progress, keep_results=True)
    # the runner's records are exported as they are: the spec validated and each run file read once
    paths = _export_results(spec, source, mode, report.results, out, export_root) if report.ok else []
    return Reproduction(report, paths)


def _provenance(spec: Spec, source: Spec, mode: str, results: dict) -> dict:
    metas = [RunMeta.of(r) for r in results.values()]
    commits = sorted({str(m.commit) for m in metas})
    return {
        "spec": spec.key, "reference": spec.reference, "title": spec.title, "mode": mode, "kind": spec.kind,
        "mode_note": spec.modes[mode].note, "spec_hash": source.hash(mode), "derived_from": spec.derived_from,
        "canonical": source.canonical(mode), "commits": commits,
        "seeds": {f"{m.method}|{m.problem}|{m.repeat}": {
            "entropy": m.seed_entropy, "box_spawn_key": list(m.box_spawn_key),
            "method_spawn_key": list(m.method_spawn_key)} for m in metas},
        "wall_seconds": float(sum(m.wall_seconds for m in metas)),
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
    """An export would replace a full-mode one with less: a quick-mode one, or one from fewer runs."""


def protect_full_export(key: str, mode: str, export_root, overwrite_full: bool = False,
                        runs: int | None = None) -> None:
    """Raise :class:`FullExportProtected` when an export of ``key`` would overwrite a full-mode export in
    ``export_root`` with less: a quick-mode export (a smoke run must not silently replace evidence), or a
    full-mode export from fewer runs (``runs``, a partial export: a results folder that holds fewer of the
    runs must not shrink the evidence)."""
    paper_key, item_name = key.split(".", 1)
    existing = Path(export_root) / paper_key / f"{item_name}.json"
    if overwrite_full or not existing.is_file():
        return
    try:
        previous = json.loads(existing.read_text(encoding="utf-8"))
    except ValueError:
        previous = {}
    if previous.get("mode") != "full":
        return
    if mode == "quick":
        raise FullExportProtected(
            f"{key}: {existing} is a full-mode export; a quick-mode export would overwrite it (export "
            "elsewhere with --export-dir, or run --mode full)")
    before = int(previous.get("runs", 0))
    if runs is not None and runs < before:
        raise FullExportProtected(
            f"{key}: {existing} is a full-mode export from {before} runs; this one has {runs} (a results "
            "folder with fewer of the runs: restore the archives into it, or export elsewhere)")


def export(key: str, mode: str = "quick", *, out="results", export_root=EXPORT_ROOT,
           overwrite_full: bool = False, partial: bool = False) -> list[Path]:
    """Export spec ``key`` from its finished runs (all of them must be finished, unless ``partial``).

    ``partial`` (full mode only): export from the runs finished so far, at least one per method and
    problem — the paper's T and D with fewer repeats than it ran, as a sequential decision leaves them. The
    figure, its provenance (``partial``) and ``COMPARISON.md`` say how many of the planned runs it holds.

    An export never replaces a full-mode one already in ``export_root`` with less
    (:func:`protect_full_export`: a quick-mode one, or a full-mode one from fewer runs): it raises, naming
    the file, unless ``overwrite_full``."""
    if partial and mode != "full":
        raise ValueError(f"partial=True needs mode='full' (got mode={mode!r}): a quick run is a smoke run "
                         "whatever its count")
    spec = registry.get(key).validate()
    source = registry.source(spec)
    results = aggregate.load_results(source, mode, out)
    protect_full_export(spec.key, mode, export_root, overwrite_full, runs=len(results))
    return _export_results(spec, source, mode, results, out, export_root, partial=partial)


def partial_counts(source: Spec, mode: str, results: dict) -> dict:
    """How much of ``mode``'s plan ``results`` holds: finished and planned runs, the planned repeats, and
    the fewest and most finished runs of a (method, problem) — what a partial export says it is. A
    ValueError names the (method, problem) pairs with no finished run (a figure would silently drop
    them)."""
    per_group = {(run.method, run.problem): 0 for run in source.runs(mode)}
    for method, problem, _ in results:
        if (method, problem) in per_group:
            per_group[method, problem] += 1
    empty = [f"{display_name(m)} on {p}" for (m, p), n in per_group.items() if n == 0]
    if empty:
        shown = ", ".join(empty[:5]) + (f" and {len(empty) - 5} more" if len(empty) > 5 else "")
        raise ValueError(f"{source.key} [{mode}]: a partial export needs a finished run of every method "
                         f"and problem; {len(empty)} have none: {shown}")
    return {"runs": len(results), "planned_runs": len(source.runs(mode)),
            "planned_repeats": source.modes[mode].repeats,
            "runs_per_method_problem": [min(per_group.values()), max(per_group.values())]}


def _export_results(spec: Spec, source: Spec, mode: str, results: dict, out, export_root, *,
                    partial: bool = False) -> list[Path]:
    """:func:`export`'s work on the runs' records already read."""
    labels = substitute_labels(source)   # first: a substitute's missing extra is an ImportError naming it
    expected = len(source.runs(mode))
    counts = None
    if len(results) < expected:
        if not partial:
            raise ValueError(f"{spec.key} [{mode}]: {expected - len(results)} of {expected} runs have no "
                             f"result in {out}; run `regretlab reproduce {spec.key} --mode {mode}` first"
                             + (" (or export the finished ones with --partial)" if mode == "full" else ""))
        counts = partial_counts(source, mode, results)
    provenance = _provenance(spec, source, mode, results)
    if counts is not None:
        provenance["partial"] = counts
    if labels:
        provenance["substitute"] = "; ".join(labels)
    paper, name = spec.key.split(".", 1)
    with plots.style():
        fig, header, rows = kind(spec.kind).export(spec, source, mode, results, provenance)
        stamp = _stamp_text(spec, mode, source)
        if counts is not None:
            stamp = (f"regretlab {spec.key}, PARTIAL: {partial_text(counts)} (the paper's T and D; "
                     "decisions in DECISIONS.md)")
        if labels:
            stamp = (stamp + " | " if stamp else "") + "SUBSTITUTE DATA: " + "; ".join(
                label.split(":")[0] for label in labels)
        plots.stamp(fig, stamp)
        paths = export_item(fig, header, rows, provenance, export_root, paper, name)
    paths.append(write_comparison(export_root))
    paths.append(write_manifest(export_root))
    return paths
