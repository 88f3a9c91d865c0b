"""What every subcommand's arguments share: argparse types that refuse a bad value with a usage error (not a
traceback), and the output folders, checked before any work starts."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from regretlab._io import EXPORT_ROOT
from regretlab._rng import check_seed
from regretlab._validate import DIM_LIMIT


def positive_int(what: str, high: int | None = None):
    """An argparse type: a positive integer (at most ``high``), or an error naming what the argument is."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = 0
        if value < 1:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}: a positive integer")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"{text!r} is too large for {what}: at most {high}")
        return value

    return parse


dim = positive_int("a dimension", high=DIM_LIMIT)


def seed(text: str) -> int:
    """argparse type of a seed: a non-negative int (a bad one is a usage error, not a traceback)."""
    try:
        return check_seed("--seed", int(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a seed: a non-negative integer") from None


#: More processes than this is a typo, not a machine (and joblib overflows on 10**11).
JOBS_LIMIT = 1024
jobs = positive_int("a number of jobs", high=JOBS_LIMIT)


def unwritable(option: str, folder) -> str | None:
    """Why ``folder`` (given as ``option``) cannot hold this command's output, or None: checked before any
    work starts, so a bad path costs nothing (it used to fail with a traceback after the work)."""
    path = Path(folder)
    existing = next((p for p in (path, *path.parents) if p.exists()), None)
    if path.exists() and not path.is_dir():
        return f"{option} {folder}: is a file, not a folder"
    if existing is not None and not existing.is_dir():
        return f"{option} {folder}: {existing} is a file, not a folder"
    if existing is not None and not os.access(existing, os.W_OK | os.X_OK):
        return f"{option} {folder}: {existing} is not writable"
    # permissions do not tell all (procfs, a read-only mount, root): make the folder, write in it, and take
    # away again what this made (a refused command leaves nothing behind)
    made = [p for p in (path, *path.parents) if not p.exists()]
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as error:
        return f"{option} {folder}: cannot write there ({error.strerror or error})"
    finally:
        for p in made:   # deepest first
            try:
                p.rmdir()
            except OSError:
                pass
    return None


def check_folders(command: str, args: argparse.Namespace, options=("out", "export_dir")) -> bool:
    """Print one line per unusable output folder of ``args``; True when all can be written."""
    problems = [unwritable("--" + name.replace("_", "-"), getattr(args, name)) for name in options
                if getattr(args, name, None) is not None]
    for problem in filter(None, problems):
        print(f"regretlab {command}: {problem}", file=sys.stderr)
    return not any(problems)


def add_folders(parser: argparse.ArgumentParser) -> None:
    """The results folder and the export folder (runs, decisions, archives), as every such command has."""
    parser.add_argument("--out", default="results", metavar="DIR", help="results folder (default ./results)")
    parser.add_argument("--export-dir", default=EXPORT_ROOT, metavar="DIR",
                        help="export folder: figures, decisions, run archives (default ./paper_figures)")
