"""The ``regretlab`` command line: one module per family of subcommands, each adding its parsers.

``verify`` and ``report`` (:mod:`.verify`); ``reproduce`` and ``export`` (:mod:`.runs`); ``decide``,
``preregister`` and ``archive`` (:mod:`.evidence`); ``list``, ``cite``, ``setups`` and ``demo``
(:mod:`.info`); ``formula`` (:mod:`regretlab._formula_command`). Arguments they share are in :mod:`._args`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from regretlab import _formula_command
from regretlab._version import __version__

from . import evidence, info, runs, verify

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="regretlab", description="Theory verification and reproducibility for high-dimensional BO."
    )
    parser.add_argument("--version", action="version", version=f"regretlab {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    # the order of `regretlab --help`: the main job, the experiments, the evidence, then the small ones
    verify.add_parsers(sub)
    runs.add_parsers(sub)
    evidence.add_parsers(sub)
    info.add_parsers(sub)
    _formula_command.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[2:] if argv is None else argv[1:])
    if args.command is None:
        parser.print_help()
        return 0
    try:
        status = args.handler(args)
        sys.stdout.flush()  # a closed pipe shows here, inside the try, not at interpreter exit
        return status
    except KeyboardInterrupt:
        # Ctrl-C: no traceback. Finished runs and results are files written atomically, so nothing done is
        # lost; say how to go on.
        print(f"\nregretlab {args.command}: interrupted. Finished work is kept; run the same command again "
              "to resume where it stopped.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `regretlab list | head`): not an error. Point stdout at devnull so
        # the interpreter's final flush does not raise again (Python docs, "Note on SIGPIPE").
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
