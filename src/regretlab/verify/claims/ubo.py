r"""GPUCB-UBO [Ha2019]: the far-field limit (Prop. 4.1) and the expansion radius (Thm 4.1) on random
posteriors.

Both claims are certain given the posterior, so they are checked by counterexample search. A random
posterior: n ~ U{1, ..., 30} points uniform in [0, 1]², observations an exact GP draw there plus noise
(σ² = 0.01), multiplied by a scale from {0, 0.3, 1, 3} (large data make z large and d_ε small; y = 0
leaves the first term of d_ε's minimum active, where its readings differ),
squared-exponential kernel with amplitude θ and lengthscale ℓ drawn per posterior
(θ ∈ [0.5, 2], ℓ ∈ [0.05, 0.4]), β_t ∈ [0.5, 10], ε ∈ [0.01, 0.5]·√β_t θ. Not from the paper: ranges chosen
to cover its experiments' scales (θ = 1, ℓ from ML-II on [0, 1]-scaled boxes) and beyond.
"""

from __future__ import annotations

import numpy as np

from regretlab.bounds.ubo import d_eps, prop41_limit
from regretlab.bounds.ubo.thm41 import gram_quantities
from regretlab.gp import GP, SquaredExponential
from regretlab.gp.sample_paths import sample_on_points

from ..registry import Context, claim
from ..verdict import Tally, counterexample_verdict

NOISE_VARIANCE = 0.01


def _posterior(rng):
    theta = rng.uniform(0.5, 2.0)
    lengthscale = rng.uniform(0.05, 0.4)
    kernel = SquaredExponential(lengthscale=lengthscale, variance=theta**2)
    n = int(rng.integers(1, 31))
    X = rng.uniform(0.0, 1.0, (n, 2))
    scale = float(rng.choice([0.0, 0.3, 1.0, 3.0]))
    y = scale * (sample_on_points(kernel, X, rng=rng)[0] + np.sqrt(NOISE_VARIANCE) * rng.standard_normal(n))
    gp = GP(kernel, noise_variance=NOISE_VARIANCE).fit(X, y)
    beta = rng.uniform(0.5, 10.0)
    eps = rng.uniform(0.01, 0.5) * np.sqrt(beta) * theta
    return {"theta": theta, "lengthscale": lengthscale, "n": n, "X": X, "y": y, "scale": scale, "gp": gp,
            "beta": beta, "epsilon": eps}


def _ucb(post, points):
    mu, var = post["gp"].predict(points)
    return mu + np.sqrt(post["beta"]) * np.sqrt(np.maximum(var, 0.0))


def _directions(rng, n):
    v = rng.standard_normal((n, 2))
    return v / np.linalg.norm(v, axis=1, keepdims=True)


@claim(
    "UBO.d_eps:thm41",
    reference="[Ha2019, Thm 4.1]",
    event="every x at distance at least d_eps from every observed point has "
          "|alpha_UCB(x) - sqrt(beta_t) theta| < eps/2",
    latex=r"\forall x:\ \min_i\|x-x_i\|_2\ge d_\epsilon\ \Rightarrow\ |\alpha_{UCB}(x)-\sqrt{\beta_t}\theta|"
          r"<\epsilon/2",
    bounds=(d_eps, gram_quantities, prop41_limit),
    readings=("A", "B"),
    reading_notes={"A": "as printed in Thm 4.1 (main text) and at the end of App. A.3: factor 1/sqrt(beta_t)",
                   "B": "as printed at the start of the proof, App. A.3 (Eq. (27)): factor theta; a step of "
                        "the proof, not Thm 4.1's conclusion"},
    kind="certain",
    evidence="random posteriors (module docstring); per posterior 200 points at distance exactly "
             "d_eps (1 + 1e-9) from a random observed point in random directions (the hardest positions: "
             "just outside the union of balls; points inside another ball are dropped) and 200 at "
             "distances d_eps (1 + U[0, 2])",
)
def thm41(ctx: Context):
    p = ctx.profile
    posteriors = [_posterior(rng) for rng in ctx.generators(p.posteriors, "posteriors")]
    verdicts = []
    for reading in ("A", "B"):
        tally, worst_ratio = Tally(), np.inf
        for i, post in enumerate(posteriors):
            q = gram_quantities(L=post["gp"].L, z=post["gp"].alpha)
            radius = float(d_eps(beta_t=post["beta"], theta=post["theta"], epsilon=post["epsilon"], n=q.n,
                                 lambda_max=q.lambda_max, z_mass=q.z_mass, lengthscale=post["lengthscale"],
                                 reading=reading))
            rng = ctx.generators(1, f"positions {i} {reading}")[0]
            anchors = post["X"][rng.integers(0, post["n"], 400)]
            factor = np.concatenate([np.full(200, 1.0 + 1e-9), 1.0 + rng.uniform(0.0, 2.0, 200)])
            points = anchors + radius * factor[:, None] * _directions(rng, 400)
            distance = np.min(np.linalg.norm(points[:, None, :] - post["X"][None], axis=2), axis=1)
            points = points[distance >= radius]
            if not len(points):
                continue
            gap = np.abs(_ucb(post, points) - prop41_limit(beta_t=post["beta"], theta=post["theta"]))
            worst_ratio = min(worst_ratio, float(np.min(post["epsilon"] / 2 / np.maximum(gap, 1e-300))))
            if tally.record_each(gap >= post["epsilon"] / 2):
                j = int(np.argmax(gap))
                tally.counterexample = {
                    "posterior": i, "x": points[j].tolist(), "|ucb - sqrt(beta) theta|": float(gap[j]),
                    "eps/2": float(post["epsilon"] / 2), "d_eps": radius,
                    **{k: float(post[k]) for k in ("theta", "lengthscale", "beta", "epsilon", "scale")},
                    "n": post["n"], "replay": ctx.replay()}
        verdicts.append(counterexample_verdict(
            ctx.claim_id, reading, counterexamples=tally.violations, checks=tally.trials,
            counterexample=tally.counterexample,
            slack_worst=worst_ratio,
            setting={"posteriors": len(posteriors), "positions": "at d_eps (1 + 1e-9) and d_eps (1 "
                                                                 "+ U[0, 2])",
                     "slack": "(eps/2) / |alpha_UCB - sqrt(beta) theta| at the worst point"}))
    return verdicts


@claim(
    "UBO.prop41_limit",
    reference="[Ha2019, Prop. 4.1]",
    event="alpha_UCB(x) tends to sqrt(beta_t) theta as x moves away from the data",
    latex=r"\alpha_{UCB}(x)\xrightarrow{\|x\|\to\infty}\sqrt{\beta_t}\,\theta",
    bounds=(prop41_limit,),
    kind="certain",
    evidence="random posteriors; along 50 random rays from the data's centre, at 5, 10, 20 and 40 "
             "lengthscales beyond the farthest data point: a counterexample is a ray on which the "
             "gap does not "
             "shrink or is above 1e-9 sqrt(beta) theta at 40 lengthscales",
)
def prop41(ctx: Context):
    p = ctx.profile
    tally = Tally()
    for i, rng in enumerate(ctx.generators(p.posteriors, "posteriors")):
        post = _posterior(rng)
        centre = post["X"].mean(axis=0)
        reach = np.max(np.linalg.norm(post["X"] - centre, axis=1))
        limit = prop41_limit(beta_t=post["beta"], theta=post["theta"])
        for direction in _directions(rng, 50):
            steps = reach + post["lengthscale"] * np.array([5.0, 10.0, 20.0, 40.0])
            gaps = np.abs(_ucb(post, centre + steps[:, None] * direction) - limit)
            if tally.record(gaps[-1] > 1e-9 * limit or np.any(np.diff(gaps) > 1e-12 * limit)):
                tally.counterexample = {"posterior": i, "direction": direction.tolist(),
                                        "gaps": gaps.tolist(), "replay": ctx.replay()}
    return [counterexample_verdict(ctx.claim_id, "-", counterexamples=tally.violations, checks=tally.trials,
                                   counterexample=tally.counterexample,
                                   setting={"posteriors": p.posteriors, "rays per posterior": 50})]
