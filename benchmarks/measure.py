"""How ``benchmarks/suite.py`` measures: CPU and wall time of interleaved repeats, peak memory in a fresh
process, the machine and its BLAS threads.

* **Time.** :func:`interleaved` runs every system's callable once per round, rounds one after another, so
  that a load on the machine falls on all systems alike; each system's CPU time (``time.process_time``, all
  threads of this process) and wall time (``time.perf_counter``) are the medians over the rounds. A
  ``prepare`` callable (e.g. copying a fitted GP before an append) runs before the clock starts.
* **Memory.** :func:`peak_memory_mib` runs one measured call in a fresh process (``multiprocessing`` spawn):
  the growth of the process's peak resident set (``VmHWM``) during the call, above what the set-up
  (imports, data, the fitted model) already reached. It counts numpy's and torch's allocations alike.
* **Threads.** :func:`pin_threads` limits every BLAS/OpenMP pool to one thread with threadpoolctl (and
  torch's intra-op pool, when torch is imported) and returns what it pinned, for the report.
"""

from __future__ import annotations

import datetime as _dt
import os
import platform
import resource
import statistics
import sys
import time
from collections.abc import Callable


def interleaved(
    calls: dict[str, Callable[[], object]],
    repeats: int,
    prepare: dict[str, Callable[[], object]] | None = None,
) -> dict[str, dict[str, float]]:
    """Median CPU and wall seconds of each callable over ``repeats`` interleaved rounds.

    ``calls[name]`` is called with no argument, or with what ``prepare[name]()`` returned (untimed).
    """
    prepare = prepare or {}
    cpu = {name: [] for name in calls}
    wall = {name: [] for name in calls}
    for _ in range(repeats):
        for name, call in calls.items():
            args = (prepare[name](),) if name in prepare else ()
            c0, w0 = time.process_time(), time.perf_counter()
            call(*args)
            wall[name].append(time.perf_counter() - w0)
            cpu[name].append(time.process_time() - c0)
    return {
        name: {"cpu_s": statistics.median(cpu[name]), "wall_s": statistics.median(wall[name])}
        for name in calls
    }


def _peak_rss_kib() -> float:
    """This process's peak resident set so far, KiB: Linux's ``VmHWM`` (per address space, so it starts
    afresh in a spawned process; ``ru_maxrss`` survives ``execve`` on Linux and would report the parent's
    peak), else ``ru_maxrss``."""
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return float(line.split()[1])
    except OSError:
        pass
    return float(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def _child(queue, build, args):
    """In a fresh process: set up with ``build(*args)`` (returns a callable), then measure one call."""
    call = build(*args)
    pin_threads()  # after the set-up has imported the system (and its BLAS/OpenMP or torch pools)
    before = _peak_rss_kib()
    call()
    queue.put((_peak_rss_kib() - before) / 1024.0)


def peak_memory_mib(build: Callable, *args) -> float | None:
    """Peak resident-memory growth (MiB) of one call of ``build(*args)()`` in a fresh process (None if the
    child fails). ``build`` must be a module-level function (it is pickled for the spawned process)."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    process = ctx.Process(target=_child, args=(queue, build, args))
    process.start()
    process.join()
    return queue.get() if process.exitcode == 0 and not queue.empty() else None


def pin_threads() -> list[dict]:
    """One thread for every BLAS/OpenMP pool (threadpoolctl) and for torch; the pools as pinned."""
    import scipy.linalg  # noqa: F401 - scipy's own OpenBLAS, loaded here so that it is pinned too
    from threadpoolctl import threadpool_info, threadpool_limits

    import regretlab.gp  # noqa: F401

    threadpool_limits(limits=1)
    if "torch" in sys.modules:  # torch's intra-op pool, if a peer imported it (threadpoolctl does not see it)
        sys.modules["torch"].set_num_threads(1)
    return [
        {key: pool.get(key) for key in ("user_api", "internal_api", "version", "num_threads")}
        for pool in threadpool_info()
    ]


def machine() -> dict:
    """What the numbers ran on: CPU model, cores, memory, OS, Python, date."""
    model = platform.processor() or ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory_gib = None
    try:
        memory_gib = round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1)
    except (ValueError, OSError, AttributeError):
        pass
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "memory_gib": memory_gib,
        "os": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "date": _dt.date.today().isoformat(),
    }
