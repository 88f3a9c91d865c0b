"""Which reading of RPP's δ-ratio lets RPP-GP-UCB differ from Add-GP-UCB, as [Li2016, Tables 1-5] show?

[Li2016, Eq. (8)] bounds the outer-box ratio of the restricted projection Ŵ(α) = (1-α)W + αI by 1 + δ.
Read as printed (reading A) the ratio is a product over all D columns and at D = 50 only α = 1 (Ŵ = I,
i.e. Add-GP-UCB) passes it; readings B (per dimension) and C (per group block) admit α < 1
(:func:`regretlab.bounds.rpp.alpha_search`). This runs the ``Li2016/RPP`` setup under each reading and the
``Li2016/ADD`` setup on the synthetic projected-additive function at D = ``--dim`` with groups of ``--d``,
and prints per configuration the median simple regret, the share of BO iterations with α < 1, the mean α,
and the two-sided Mann-Whitney p-value of "RPP's regret differs from ADD's".

Run as ``python benchmarks/rpp_ratio_readings.py [--dim 50] [--d 5] [--seeds 5] [--n-eval 60] [--jobs 2]``.
"""

from __future__ import annotations

import argparse
import time
import warnings

import numpy as np
from joblib import Parallel, delayed
from scipy.stats import mannwhitneyu

from regretlab import objectives
from regretlab.algorithms import setups

READINGS = ("A", "B", "C")


def run(dim: int, d: int, seed: int, n_eval: int, reading: str | None) -> dict:
    """One run: ``reading`` None is Li2016/ADD, else Li2016/RPP with that δ-ratio reading."""
    objective = objectives.get("projected_additive", dim=dim)
    if reading is None:
        optimizer = setups.get("Li2016/ADD", objective.bounds, rng=seed, d=d)
    else:
        optimizer = setups.get("Li2016/RPP", objective.bounds, rng=seed, d=d, ratio_reading=reading)
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        trace = optimizer.run(objective, n_eval, progress=False)
    alphas = [r["alpha"] for r in trace.records if "alpha" in r]
    regret = float(objective.optimum_value - np.max(trace.f))
    return {"reading": reading or "ADD", "seed": seed, "regret": regret, "alphas": alphas,
            "seconds": time.perf_counter() - start}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dim", type=int, default=50)
    parser.add_argument("--d", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--n-eval", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    configs = [None, *READINGS]
    results = Parallel(n_jobs=args.jobs)(
        delayed(run)(args.dim, args.d, seed, args.n_eval, reading)
        for reading in configs for seed in range(args.seeds)
    )
    add = [r["regret"] for r in results if r["reading"] == "ADD"]
    print(f"projected_additive, D = {args.dim}, groups of {args.d}, {args.n_eval} evaluations, "
          f"{args.seeds} seeds, δ = 0.1")
    print(f"{'config':8s} {'median regret':>14s} {'α < 1 (share)':>14s} {'mean α':>8s} {'p(≠ ADD)':>9s} "
          f"{'s/run':>6s}")
    for config in ("ADD", *READINGS):
        rows = [r for r in results if r["reading"] == config]
        regrets = [r["regret"] for r in rows]
        alphas = np.concatenate([r["alphas"] for r in rows]) if config != "ADD" else np.array([])
        share = f"{np.mean(alphas < 1.0):.2f}" if alphas.size else "-"
        mean_alpha = f"{np.mean(alphas):.3f}" if alphas.size else "-"
        p = f"{mannwhitneyu(regrets, add, alternative='two-sided').pvalue:.3g}" if config != "ADD" else "-"
        print(f"{config:8s} {np.median(regrets):14.4g} {share:>14s} {mean_alpha:>8s} {p:>9s} "
              f"{np.mean([r['seconds'] for r in rows]):6.1f}")


if __name__ == "__main__":
    main()
