"""Run, archive and read back the pilots of a printed-number gap study
(:mod:`regretlab.diagnoses.gaps`): the study's runs are computed like an item's (one record per run, from a
committed tree), archived as segments of their own group ``<item>.gap`` (never rewritten) and restored from
the archive when the item is decided, so a fresh clone shows the same diagnosis.

    python -m regretlab.campaign.gaps run Li2016.table1_code --out results --jobs 1
    python -m regretlab.campaign.gaps archive Li2016.table1_code --out results
"""

from __future__ import annotations

import argparse

from regretlab._io import EXPORT_ROOT
from regretlab.diagnoses.gaps import GAP_STUDIES, gap_spec
from regretlab.experiments import runner
from regretlab.experiments.aggregate import load_results

from . import archive

__all__ = ["run_study", "archive_study", "study_results"]


def run_study(key: str, out="results", *, jobs: int = 1, progress: bool | None = None):
    """Compute the unfinished runs of item ``key``'s gap study into ``out`` (its archived runs restored
    first, so a finished run is not made twice); returns the runner's report."""
    spec = gap_spec(key)   # refuses a key without a study, by name
    archive.restore(out, EXPORT_ROOT, runs=spec.runs("full"))
    return runner.run_spec(spec, "full", out=out, jobs=jobs, progress=progress)


def archive_study(key: str, out="results", export_root=EXPORT_ROOT):
    """Archive the study's finished runs in ``out`` as a new segment of group ``<key>.gap``."""
    spec = gap_spec(key)   # refuses a key without a study, by name
    return archive.pack(spec.key, spec.runs("full"), out, export_root)


def study_results(key: str, out="results", export_root=EXPORT_ROOT) -> dict:
    """The study's archived runs (restored into ``out``, checksums checked): ``{(method, problem, repeat):
    result}``; empty when item ``key`` has no study."""
    if key not in GAP_STUDIES:
        return {}
    spec = gap_spec(key)
    archive.restore(out, export_root, runs=spec.runs("full"))
    return load_results(spec, "full", out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m regretlab.campaign.gaps",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("run", "archive"))
    parser.add_argument("key", help="the item whose gap study to run or archive")
    parser.add_argument("--out", default="results", help="results folder (default ./results)")
    parser.add_argument("--jobs", type=int, default=1, help="joblib processes (default 1)")
    args = parser.parse_args(argv)
    if args.action == "run":
        print(run_study(args.key, args.out, jobs=args.jobs, progress=True).summary())
    else:
        path, manifest = archive_study(args.key, args.out)
        print(f"{path}: {len(manifest['members'])} new runs" if path else "nothing new to archive")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
