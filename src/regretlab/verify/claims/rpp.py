r"""RPP-GP-UCB [Li2016]: the δ-ratio constraint of Eq. (8) on the Ŵ that real runs choose.

Setting (not from the paper): :math:`[0,1]^4`, groups of size 2, an RFF sample path of a squared-exponential
GP (lengthscale 0.3), :class:`regretlab.algorithms.RPPGPUCB` with W learnt by marginal likelihood every two
observations and each reading of the constraint; δ = 0.1 as in [Li2016, §5].
"""

from __future__ import annotations

import functools
import warnings

import numpy as np

from regretlab.algorithms import RPPGPUCB
from regretlab.bounds.rpp import alpha_search, outer_box_ratio
from regretlab.bounds.rpp.model import constraint_ratio
from regretlab.gp import SquaredExponential
from regretlab.gp.sample_paths import RFFSamplePath

from ..registry import Context, claim, not_checked
from ..verdict import Tally, counterexample_verdict

BOX = np.array([[0.0, 1.0]] * 4)
KERNEL = SquaredExponential(lengthscale=0.3, variance=1.0)
DELTA = 0.1


@functools.lru_cache(maxsize=2)
def _runs(seed: int, paths: int, horizon: int, reading: str):
    out = []
    for rng in Context("shared", None, seed).generators(paths, f"rpp runs {reading}", shared=True):
        path = RFFSamplePath(KERNEL, BOX, n_features=512, rng=rng)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            opt = RPPGPUCB(BOX, d=2, delta=DELTA, ratio_reading=reading, n_init=4, n_cyc=2, rng=rng,
                           acq_budget=200)
            trace = opt.run(lambda x, p=path: float(p(x[None])[0]), horizon + 4, progress=False)
        out.append((opt, trace))
    return out


@claim(
    "RPP.alpha_search",
    reference="[Li2016, Eq. (8)]",
    event="the projection W_hat = (1 - alpha) I + alpha W that RPP-GP-UCB uses satisfies the delta-ratio "
          "constraint of its reading at every iteration",
    latex=r"\rho(\hat{\mathbf W})\le1+\delta,\quad\hat{\mathbf W}=(1-\alpha)\mathbf I+\alpha\mathbf W",
    bounds=(alpha_search, outer_box_ratio),
    readings=("A", "B", "C"),
    kind="certain",
    evidence="RPP-GP-UCB runs on RFF sample paths in [0, 1]^4, one set of runs per reading; every recorded "
             "W_hat",
    by_construction="the alpha search (regretlab.bounds.rpp.alpha_search) keeps only alphas whose W_hat "
                    "meets the reading's constraint, so every recorded W_hat meets it unless the code is "
                    "broken",
)
def delta_ratio(ctx: Context):
    p = ctx.profile
    paths = max(2, p.paths // 6)
    horizon = max(4, p.horizon // 2)
    verdicts = []
    for reading in ("A", "B", "C"):
        tally, alphas = Tally(), []
        for i, (opt, trace) in enumerate(_runs(ctx.seed, paths, horizon, reading)):
            for r in trace.records[opt.n_init:]:
                W_hat = np.asarray(r["W_hat"], dtype=float)
                ratio = float(constraint_ratio(W_hat, reading, groups=opt.groups))
                alphas.append(float(r["alpha"]))
                if tally.record(not ratio <= (1.0 + DELTA) * (1.0 + 1e-9)):
                    tally.counterexample = {"run": i, "ratio": ratio, "alpha": float(r["alpha"]),
                                            "replay": ctx.replay()}
        verdicts.append(counterexample_verdict(
            ctx.claim_id, reading, counterexamples=tally.violations, checks=tally.trials,
            counterexample=tally.counterexample,
            setting={"D": 4, "d": 2, "delta": DELTA, "runs": paths, "iterations": horizon,
                     "alpha chosen": f"median {np.median(alphas):.3g}, min {np.min(alphas):.3g}" if alphas
                     else "none"}))
    return verdicts


_RPP_CONSTANTS = ("the bound needs the model-bias constants C and epsilon of Assumption 6 (|f - g| "
                  "<= C t^-epsilon "
                  "for the projected-additive approximation g), which neither the paper nor its "
                  "experiments give "
                  "and which no sample path of a GP prior determines")
not_checked("RPP.thm7", _RPP_CONSTANTS)
not_checked("RPP.cor8", _RPP_CONSTANTS)
not_checked("RPP.lemma12", _RPP_CONSTANTS)
not_checked("RPP.lemma13", _RPP_CONSTANTS)
not_checked("RPP.lemma14", "deterministic given gamma_T (the SRINIVAS.C1 inequality, checked by the property "
                           "suite and by SRINIVAS.C1:regret)")
not_checked("RPP.lemma11", "the unbiased case of Lemma 12 (C = 0): the GP-UCB confidence bound, checked as "
                           "GP.ucb:confidence")
