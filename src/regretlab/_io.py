"""Atomic file writes and the provenance of a checkout: the one place the project writes files from.

Every file regretlab writes (traces, verification reports, experiment results, exported figures) goes through
:func:`atomic_write`: a temporary file in the target's folder, then :func:`os.replace`, so a killed process
leaves either the old file or the new one, never half of one. Temporary files start with a dot and end in
``.tmp`` (or the target's suffix), so readers that list a folder can skip them.
"""

from __future__ import annotations

import functools
import math
import os
import platform
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from threadpoolctl import threadpool_info

__all__ = ["atomic_write", "atomic_write_bytes", "atomic_write_text", "atomic_savefig", "git_commit",
           "EXPORT_ROOT", "STORED_DIGITS", "stored_floats", "blas_threads", "blas_kernels", "cpu_model",
           "utc_now"]

#: The export folder's name (figures, decisions, run archives, registrations), the default of every
#: ``export_root`` and ``--export-dir``: its one owner (a clone commits it at its root).
EXPORT_ROOT = "paper_figures"

#: Significant digits of every float a decision record stores. Two CPUs (AVX-512 and AVX2 kernels, numpy's
#: SIMD paths) can differ in a computed float's last one or two of its 17 digits (-0.304938406560446 vs
#: -0.30493840656044613): rounded to 10 digits they are the same number unless they straddle a rounding
#: boundary, which a difference of a few ulp does with a chance of about 1e-6 per number. No decision reads
#: a stored float back (they are for the reader), so nothing is lost that a decision needs.
STORED_DIGITS = 10


def stored_floats(value, digits: int = STORED_DIGITS):
    """``value`` (JSON-like: dicts, lists, tuples, numbers, strings) with every finite float rounded to
    ``digits`` significant digits (ints, bools, strings and non-finite floats untouched).

    >>> stored_floats({"a": [-0.30493840656044613, 2, True], "b": 1e-300})
    {'a': [-0.3049384066, 2, True], 'b': 1e-300}
    """
    if isinstance(value, float):
        return float(f"{value:.{digits}g}") if math.isfinite(value) else value
    if isinstance(value, dict):
        return {k: stored_floats(v, digits) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [stored_floats(v, digits) for v in value]
    return value


def _umask_mode() -> int:
    """The mode a plain ``open()`` would give a new file: 0o666 less the process umask (0o644 by default).
    ``tempfile.mkstemp`` creates files owner-only (0o600), which a group or a web server cannot read."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def atomic_write(target, write) -> Path:
    """Write through ``write(fileobj)`` (binary) to a temporary file beside ``target``, then rename it; the
    file gets the permissions the umask allows, as a plain ``open()`` would."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
        os.chmod(tmp, _umask_mode())
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return target


def atomic_write_bytes(target, data: bytes) -> Path:
    """:func:`atomic_write` of ``data``."""
    return atomic_write(target, lambda handle: handle.write(data))


def atomic_write_text(target, text: str) -> Path:
    """:func:`atomic_write` of ``text`` (UTF-8)."""
    return atomic_write_bytes(target, text.encode("utf-8"))


def atomic_savefig(fig, target, **kwargs) -> Path:
    """``fig.savefig`` to a temporary file with ``target``'s suffix (matplotlib picks the format from it),
    then rename it."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.stem}.", suffix=target.suffix)
    os.close(fd)
    try:
        fig.savefig(tmp, **kwargs)
        os.chmod(tmp, _umask_mode())
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return target


@functools.lru_cache(maxsize=8)
def git_commit(start=None) -> str | None:
    """The commit of the git checkout holding ``start`` (default: this package's source, else the working
    directory, where a wheel installed from a clone is used), with ``+dirty`` when it has uncommitted
    changes; None outside a checkout or without git.

    Read once per process (cached): a worker's results are labelled with the checkout as it was when the
    worker loaded the code, not as it is when a later run finishes."""
    if start is None:
        return _git_commit_at(Path(__file__)) or _git_commit_at(Path.cwd())
    return _git_commit_at(Path(start))


def _git_commit_at(folder: Path) -> str | None:
    folder = folder.resolve()
    folder = folder if folder.is_dir() else folder.parent
    try:
        head = subprocess.run(["git", "-C", str(folder), "rev-parse", "HEAD"], capture_output=True, text=True,
                              timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(folder), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return f"{head}+dirty" if dirty else head


# ---- the machine a result was made on (run records, reports) --------------------------------------------
def blas_threads() -> dict:
    """The BLAS/OpenMP pools and their thread counts as threadpoolctl sees them (recorded, never assumed)."""
    return {f"{p.get('internal_api')}:{p.get('user_api')}": int(p.get("num_threads", 0))
            for p in threadpool_info()}


def blas_kernels() -> dict:
    """The kernel set of each BLAS library loaded (threadpoolctl's ``architecture``: OpenBLAS picks AVX-512
    kernels, ``SkylakeX``, on an Intel machine and AVX2 ones, ``Haswell``, on an AMD EPYC; the environment
    variable ``OPENBLAS_CORETYPE`` chooses). The same seed and commit give the same bits only with the same
    kernels: their matrix products round differently, and a BO run carries round-off into its later queries.
    Libraries that report no kernel set are left out."""
    return {f"{p.get('internal_api')}:{p.get('user_api')}": str(p["architecture"])
            for p in threadpool_info() if p.get("architecture")}


@functools.lru_cache(maxsize=1)
def cpu_model() -> str:
    """The CPU's model name: Linux's ``/proc/cpuinfo`` 'model name' (``platform.processor()`` says only
    'x86_64' there), else ``platform.processor()``, else the machine type. With :func:`blas_kernels`, what
    tells two machines' records apart."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def utc_now() -> str:
    """The time now in UTC, ISO 8601 to the second (a run's ``started`` and ``finished``)."""

    return datetime.now(UTC).isoformat(timespec="seconds")
