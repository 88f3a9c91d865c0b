"""Issue 30's check: Add-* against GP-UCB (the Kandasamy2015 setups the reproduction uses) at (D, d', M') =
(24, 6, 4) and (10, 3, 3), T = 200, seeds 0-9, every run through the experiment engine (one run record each,
BLAS at one thread, resumable). Prints the per-seed table, whether any Add-* run is stuck (its last 50
queries all one point) and the one-sided Mann-Whitney p of Add-*'s S_T below GP-UCB's.

    python benchmarks/centre_trap.py [--out results] [--jobs 1]
"""

from __future__ import annotations

import argparse

import numpy as np
from scipy import stats

from regretlab.experiments import Mode, Problem, Spec, run_spec
from regretlab.experiments.aggregate import load_results
from regretlab.experiments.run_meta import RunMeta

STAR, GP = "Kandasamy2015/Add-*(groups='@groups')", "Kandasamy2015/GP-UCB"
PROBLEMS = (Problem("additive_trimodal", 24, "D24-d6-M4", (("group_dim", 6), ("n_groups", 4))),
            Problem("additive_trimodal", 10, "D10-d3-M3", (("group_dim", 3), ("n_groups", 3))))
SPEC = Spec(key="Kandasamy2015.centre_trap", paper="Kandasamy2015", reference="[Kandasamy2015, §5.1]",
            title="Add-* vs GP-UCB, T = 200, 10 seeds (issue 30)", kind="curves", methods=(STAR, GP),
            problems=PROBLEMS, metric="simple_regret",
            modes={m: Mode(10, tuple((p.key, 200) for p in PROBLEMS)) for m in ("quick", "full")})


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="results")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    print(run_spec(SPEC, "full", out=args.out, jobs=args.jobs, progress=True).summary())
    results = load_results(SPEC, "full", args.out)
    for problem in (p.key for p in PROBLEMS):
        print(f"\n{problem}: seed, S_T GP-UCB, S_T Add-*, Add-* stuck (last 50 queries one point)")
        regrets = {STAR: [], GP: []}
        for seed in range(10):
            row = []
            for method in (GP, STAR):
                result = results.get((method, problem, seed))
                if result is None:
                    row.append(float("nan"))
                    continue
                s_t = float(RunMeta.of(result).optimum_value - np.max(result["f"]))
                regrets[method].append(s_t)
                row.append(s_t)
            star = results.get((STAR, problem, seed))
            stuck = star is not None and len(np.unique(star["x"][-50:], axis=0)) == 1
            print(f"  {seed}  {row[0]:10.1f}  {row[1]:10.1f}  {stuck}")
        if regrets[STAR] and regrets[GP]:
            p = stats.mannwhitneyu(regrets[STAR], regrets[GP], alternative="less", method="exact").pvalue
            print(f"  median S_T GP-UCB {np.median(regrets[GP]):.1f}, Add-* {np.median(regrets[STAR]):.1f}; "
                  f"one-sided exact Mann-Whitney p (Add-* < GP-UCB) = {p:.2g}, n = {len(regrets[STAR])}, "
                  f"{len(regrets[GP])}")


if __name__ == "__main__":
    main()
