"""Benchmark of the performance issue's prescreening: score 1000 candidates, then L-BFGS-B from the best 10.

GP-UCB's acquisition on a GP with t = 500 points in D = 100 (``--quick``: t = 200, D = 50). The same
``maximize_lbfgsb`` call twice, with the same seed and budget: candidates scored through ``value_and_grad``
(the gradients of every candidate computed and discarded: the former behaviour) and by value only
(``values=acquisition``). The two must return the same point and value before anything is timed. CPU
seconds (medians of ``--repeats`` interleaved repeats, one BLAS thread via threadpoolctl) and the peak of
Python-tracked memory (tracemalloc) of each. Prints a table; ``--json PATH`` writes it.

Run as ``python benchmarks/prescreen.py [--quick] [--repeats N] [--json PATH]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import tracemalloc

import numpy as np
from threadpoolctl import threadpool_limits

from regretlab.algorithms import Acquisition
from regretlab.algorithms.maximize import maximize_lbfgsb
from regretlab.gp import GP, SquaredExponential

N_CANDIDATES, N_STARTS, BUDGET = 1000, 10, 3000


def _setup(t: int, dim: int):
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(t, dim))
    gp = GP(SquaredExponential(lengthscale=0.5 * np.sqrt(dim)), noise_variance=1e-2).fit(X, np.sin(X.sum(1)))
    return Acquisition(gp, "ucb", beta=4.0), np.array([[-1.0, 1.0]] * dim)


def _run(acquisition, box, value_first: bool):
    return maximize_lbfgsb(acquisition.value_and_grad, box, n_starts=N_STARTS, max_evaluations=BUDGET, rng=1,
                           n_candidates=N_CANDIDATES, values=acquisition if value_first else None)


def _measure(fn):
    start = time.process_time()
    fn()
    return time.process_time() - start


def _peak(fn) -> float:
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json")
    args = parser.parse_args(argv)
    t, dim = (200, 50) if args.quick else (500, 100)
    with threadpool_limits(1):
        acquisition, box = _setup(t, dim)
        a, b = _run(acquisition, box, False), _run(acquisition, box, True)
        if not (np.array_equal(a.x, b.x) and a.value == b.value):
            raise SystemExit("the two prescreens disagree: not timing them")
        times = {"value_and_grad": [], "value_first": []}
        for _ in range(args.repeats):   # interleaved
            times["value_and_grad"].append(_measure(lambda: _run(acquisition, box, False)))
            times["value_first"].append(_measure(lambda: _run(acquisition, box, True)))
        peaks = {"value_and_grad": _peak(lambda: _run(acquisition, box, False)),
                 "value_first": _peak(lambda: _run(acquisition, box, True))}
    medians = {k: statistics.median(v) for k, v in times.items()}
    row = {"t": t, "D": dim, "n_candidates": N_CANDIDATES, "n_starts": N_STARTS, "budget": BUDGET,
           "cpu_seconds": medians, "peak_MiB": peaks,
           "speedup": medians["value_and_grad"] / medians["value_first"],
           "same_result": True, "best_value": float(b.value)}
    print(f"t={t} D={dim}: {N_CANDIDATES} candidates, L-BFGS-B from the best {N_STARTS}, budget {BUDGET}")
    for key in times:
        print(f"  {key:15s} {medians[key]:8.3f} CPU s   peak {peaks[key]:8.1f} MiB")
    print(f"  value-first is {row['speedup']:.2f}x faster, same point and value")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(row, handle, indent=1)
    return row


if __name__ == "__main__":
    main()
