"""Which MS-UCB configuration behaves as [TranThe2020, Fig. 1] reports (MS-UCB ahead of GP-UCB)?

The paper leaves three things open that change MS-UCB's curves on Hyper-Ellipsoid: the variant (rotated
:math:`\\sum_i\\sum_{j\\le i}x_j^2`, whose last coordinates carry the least variation, or axis-parallel
:math:`\\sum_i ix_i^2`), which d coordinates are free (the last d of Lemma 1, or the first d), and the
scale of β_t (the analysis' β_t as printed, or divided by 5 as [Ha2019, §6] and [Srinivas2010] do). This
grid runs each combination of MS-UCB and GP-UCB (both by their ``TranThe2020/*`` setups) and random search
on the translated Hyper-Ellipsoid (instance 1) at D = ``--dim`` with ``--seeds`` seeds, and prints the
median simple regret per configuration and the one-sided Mann-Whitney p-value of "MS-UCB's regret is
smaller than GP-UCB's" for each (variant, β scale).

Run as ``python benchmarks/ms_ucb_setup_choice.py [--dim 20] [--seeds 5] [--n-eval 80] [--jobs 2]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
from pathlib import Path

import numpy as np
from joblib import Parallel, delayed
from scipy.stats import mannwhitneyu

_SPEC = importlib.util.spec_from_file_location("paper_setups", Path(__file__).with_name("paper_setups.py"))
paper_setups = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(paper_setups)

CASE = "ms-ucb/hyperellipsoid"
VARIANTS = ("rotated", "axis_parallel")
ACTIVE = ("last", "first")
SCALES = (1.0, 0.2)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dim", type=int, default=20)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--n-eval", type=int, default=80)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    paper_setups.CASES[CASE] = {**paper_setups.CASES[CASE], "dim": args.dim}
    jobs = []
    for variant, scale, seed in itertools.product(VARIANTS, SCALES, range(args.seeds)):
        options = {"variant": variant}
        for active in ACTIVE:
            jobs.append((("MS-UCB", variant, active, scale), "TranThe2020/MS-UCB", seed, options,
                         {"active": active, "beta_scale": scale}))
        jobs.append((("GP-UCB", variant, "-", scale), "TranThe2020/GP-UCB", seed, options,
                     {"beta_scale": scale}))
        if scale == SCALES[0]:
            jobs.append((("random", variant, "-", "-"), paper_setups.RANDOM, seed, options, {}))
    results = Parallel(n_jobs=args.jobs)(
        delayed(paper_setups.run_one)(CASE, method, seed, objective_options=options, n_eval=args.n_eval,
                                      **overrides)
        for _, method, seed, options, overrides in jobs
    )
    regrets: dict[tuple, list[float]] = {}
    for (key, *_), result in zip(jobs, results, strict=True):
        regrets.setdefault(key, []).append(result["regret"])
    print(f"Hyper-Ellipsoid instance 1, D = {args.dim}, {args.n_eval} evaluations, {args.seeds} seeds")
    print(f"{'method':8s} {'variant':14s} {'active':6s} {'β scale':>7s} {'median regret':>14s} "
          f"{'p(MS < GP)':>10s}")
    for key, values in regrets.items():
        method, variant, active, scale = key
        p = ""
        if method == "MS-UCB":
            gp = regrets[("GP-UCB", variant, "-", scale)]
            p = f"{mannwhitneyu(values, gp, alternative='less').pvalue:.3g}"
        print(f"{method:8s} {variant:14s} {active:6s} {scale!s:>7s} {np.median(values):14.4g} {p:>10s}")


if __name__ == "__main__":
    main()
