r"""GP-UCB [Srinivas2010, Algorithm 1] on a finite domain :math:`D`, with the exploration weight of
their Theorem 1 — the user's algorithm, as an ask/tell object built with ``regretlab.verify.Policy``.

Algorithm 1 (GP-UCB): for t = 1, 2, ...: choose
:math:`x_t=\arg\max_{x\in D}\ \mu_{t-1}(x)+\beta_t^{1/2}\sigma_{t-1}(x)`; sample :math:`y_t=f(x_t)+
\epsilon_t`; update the GP posterior (:math:`\mu_0=0`, :math:`\sigma_0^2=k(x,x)`, so the first choice is a
tie over :math:`D`: broken uniformly at random).
"""

import numpy as np

from regretlab.gp import GP, Matern52
from regretlab.verify import Policy

from .bound import beta_t

#: The kernel of the paths and of the algorithm's GP (k(x, x) = 1, as Theorem 1 assumes); the lengthscale is
#: not from the paper: chosen so a 50-point grid of [0, 1] holds a few local maxima.
KERNEL = Matern52(lengthscale=0.15, variance=1.0)


def gp_ucb(candidates, rng, *, delta: float = 0.1, noise_variance: float = 0.01, kernel=KERNEL):
    """A fresh GP-UCB for one path: ``ask()`` the next row of ``candidates``, ``tell(x, y)`` its
    observation (the factory ``regretlab.verify.check_bound`` and ``regretlab.testing.optimizer_runs``
    take)."""
    n_points = len(candidates)

    def choose(X, y, c, r):
        t = len(y) + 1
        if t == 1:
            return int(r.integers(n_points))                              # sigma_0 is constant: a tie
        mean, variance = GP(kernel, noise_variance=noise_variance).fit(X, y).predict(c)
        width = np.sqrt(beta_t(t, n_points, delta) * np.maximum(variance, 0.0))
        return int(np.argmax(mean + width))                               # Algorithm 1, line 3

    return Policy(choose, candidates, rng)
