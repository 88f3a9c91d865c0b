r"""Objectives with random structure: trimodal additive (Add-GP-UCB), projected-additive (RPP), embeddings.

* :class:`Trimodal` — [Kandasamy2015, §5.1, Eq. (7)], the trimodal :math:`f_{d'}`
  (CATALOGUE.md ADD.synthetic_f); [Li2016, §5.1] uses the same function with a Gaussian pdf (RPP.synthetic_f).
* :class:`AdditiveTrimodal` — [Kandasamy2015, §5.1]: :math:`f(x)=\sum_{j=1}^{M'}f_{d'}(x^{(j)})` over
  :math:`M'` random disjoint groups of :math:`d'` coordinates; the other :math:`D-d'M'` coordinates are
  dummies.
* :class:`ProjectedAdditive` — [Li2016, §5.1]:
  :math:`f(x)=\sum_{i=1}^M f_{d'}(A_i^\top x)`, :math:`A=I+S`.
* :class:`Embedded` — a low-dimensional objective among irrelevant coordinates (MS-UCB's Camelback "with
  auxiliary dimensions", [TranThe2020, §Experiments, Fig. 1]).

Every random choice (groups, centres :math:`v_1,v_2,v_3`, matrix :math:`S`, active coordinates) is drawn
from an integer ``seed`` and recorded as an attribute. The observation noise has its own ``rng``.

Readings (the catalogue lists them without letters; they are lettered here in the catalogue's order, the
printed form first):

``sign_reading`` (ADD.synthetic_f, sign of the exponent of Eq. (7))
    ``"A"``: :math:`\exp(+\|x-v_i\|^2/2h^2)` as printed; ``"B"``: :math:`\exp(-\|x-v_i\|^2/2h^2)`.
    **Default "B"**: the text calls :math:`f_{d'}` trimodal with 3 modes per group, Fig. 2 shows three
    bumps, and [Li2016] (same group of authors) uses the Gaussian pdf. Under "A" the function is convex (a
    log-sum-exp of convex quadratics), so its maximum over the box is at a vertex, far from every
    :math:`v_i`.
``bandwidth_reading`` (ADD.synthetic_f / RPP.synthetic_f, cross-paper)
    ``"A"``: [Kandasamy2015, Eq. (7)]: :math:`h_{d'}=0.01d'^{0.1}` is a standard deviation, normaliser
    :math:`h^{-d'}`; ``"B"``: [Li2016, §5.1]: :math:`\sigma^2=0.01d'^{0.1}` is a variance, full
    ``mvnpdf`` normaliser :math:`(2\pi\sigma^2)^{-d'/2}`. **Default: each paper's own** — "A" for the
    Add-GP-UCB objectives, "B" for :class:`ProjectedAdditive`.
``S_reading`` (RPP.synthetic_f, distribution of :math:`S`)
    ``"A"``: as printed, ":math:`\mathrm{Unif}(-1/4,-1/4)`", i.e. :math:`S_{ij}=-s` for every entry;
    ``"B"``: :math:`S_{ij}\sim U(-s,s)`. **Default "B"**: the paper says each element is *sampled*, its own
    SDSS task prints :math:`U(-0.1,0.1)`, and equal end points are evidently a typo. The scale is
    :math:`s=1/4` at :math:`D=50` and :math:`1/8` at :math:`D=100`; for other :math:`D` it defaults to
    :math:`12.5/D`, which matches both printed cases.

Centres (unstated in both papers; CATALOGUE.md §6): :math:`v_1,v_2,v_3` are drawn uniformly from
:math:`[0,1]^{d'}`, rejecting draws closer pairwise than :math:`4\sigma_B`, where
:math:`\sigma_B=\sqrt{0.01d'^{0.1}}` is the larger of the two bandwidth readings (so the centres do not
depend on the reading). This separation is what certifies the optimum (see :func:`_trimodal_maximum`).
"""

from __future__ import annotations

import numpy as np
from scipy import linalg
from scipy.special import logsumexp

from regretlab._rng import check_seed
from regretlab._validate import (
    DIM_LIMIT,
    MAGNITUDE_LIMIT,
    check_array,
    check_bounds,
    check_choice,
    check_count,
    check_integer,
    check_label,
    check_number,
)

from .base import Objective

__all__ = ["Trimodal", "AdditiveTrimodal", "ProjectedAdditive", "Embedded", "TRIMODAL_WEIGHTS"]

#: Mixture weights (0.1, 0.1, 0.8) of [Kandasamy2015, Eq. (7)] and [Li2016, §5.1]; :math:`v_3` has 0.8.
TRIMODAL_WEIGHTS = np.array([0.1, 0.1, 0.8])
SIGN_READINGS = ("A", "B")
BANDWIDTH_READINGS = ("A", "B")
S_READINGS = ("A", "B")
#: Minimum pairwise distance of the centres, in units of the larger bandwidth :math:`\sigma_B`.
SEPARATION = 4.0
#: The two forms of f_{d'}: the papers' (drawn centres on [0, 1]^{d'}) and the authors' Matlab code's.
FORMS = ("paper", "code")
#: The authors' code floors log f_{d'} here (its ``max(log p, -700)``).
CODE_LOG_FLOOR = -700.0


def code_centres(d: int) -> tuple[np.ndarray, np.ndarray]:
    r"""The centres and weights of :math:`f_{d'}` in the Add-GP-UCB authors' public Matlab code.

    For :math:`d'\ge2`: :math:`v_1=(0.62,-0.38,-0.66,\dots,-0.66)`,
    :math:`v_2=(0.18,0.58,-0.19,\dots,-0.19)`, :math:`v_3=(-0.58,-0.56,0.62,\dots,0.62)` (the third entry
    repeated), weights (0.1, 0.8, 0.1) with 0.8 on :math:`v_2`; for :math:`d'=1` the two-mode
    :math:`0.15\,\mathcal N(-0.5,\cdot)+0.85\,\mathcal N(0.4,\cdot)`
    (a third centre with weight 0). Returned as (centres (3, d'), weights (3,)).
    """
    if d == 1:
        return np.array([[-0.5], [0.4], [0.4]]), np.array([0.15, 0.85, 0.0])
    rows = [(0.62, -0.38, -0.66), (0.18, 0.58, -0.19), (-0.58, -0.56, 0.62)]
    centres = np.array([[a, b] + [c] * (d - 2) for a, b, c in rows])[:, :d]
    return centres, np.array([0.1, 0.8, 0.1])


def trimodal_bandwidth(d: int, bandwidth_reading: str) -> float:
    r"""Standard deviation of each bump: :math:`0.01d^{0.1}` (reading A) or :math:`\sqrt{0.01d^{0.1}}` (B)."""
    base = 0.01 * d**0.1
    return base if bandwidth_reading == "A" else float(np.sqrt(base))


def _log_normaliser(d: int, bandwidth_reading: str) -> float:
    r"""Log of the factor before each bump: :math:`-d\log h` (A), :math:`-\frac d2\log(2\pi\sigma^2)` (B)."""
    s = trimodal_bandwidth(d, bandwidth_reading)
    return -d * np.log(s) if bandwidth_reading == "A" else -0.5 * d * np.log(2.0 * np.pi * s**2)


def draw_centres(rng: np.random.Generator, d: int, max_batches: int = 200) -> np.ndarray:
    """Draw :math:`v_1,v_2,v_3` uniformly in :math:`[0,1]^d`, pairwise >= ``SEPARATION`` * sigma_B apart.

    Rejection sampling in batches of 1000 triples; the first accepted triple (in draw order) is returned.
    """
    min_dist = SEPARATION * trimodal_bandwidth(d, "B")
    for _ in range(max_batches):
        triples = rng.uniform(0.0, 1.0, size=(1000, 3, d))
        gaps = [np.linalg.norm(triples[:, i] - triples[:, j], axis=1) for i, j in ((0, 1), (0, 2), (1, 2))]
        ok = np.flatnonzero(np.min(gaps, axis=0) >= min_dist)
        if ok.size:
            return triples[ok[0]]
    raise ValueError(f"could not draw 3 centres in [0,1]^{d} pairwise >= {min_dist:.3g} apart")


class _TrimodalFunction:
    r"""The function :math:`f_{d'}` of [Kandasamy2015, Eq. (7)] / [Li2016, §5.1] on :math:`\mathbb R^{d'}`
    (not an Objective).

    .. math:: f_{d'}(z) = \log\sum_{i=1}^3 w_i\,C\,\exp\big(\pm\|z-v_i\|^2/(2s^2)\big)

    evaluated stably with :func:`scipy.special.logsumexp` (the exponents reach :math:`\pm10^4`).
    """

    def __init__(self, centres: np.ndarray, sign_reading: str, bandwidth_reading: str,
                 weights: np.ndarray = TRIMODAL_WEIGHTS, floor: float | None = None):
        self.centres = centres
        self.d = centres.shape[1]
        self.sign = 1.0 if sign_reading == "A" else -1.0
        self.bandwidth = trimodal_bandwidth(self.d, bandwidth_reading)
        self.log_c = _log_normaliser(self.d, bandwidth_reading)
        with np.errstate(divide="ignore"):  # a zero weight is a component that is not there
            self.log_w = np.log(np.asarray(weights, dtype=float))
        self.floor = floor

    def __call__(self, Z: np.ndarray) -> np.ndarray:
        sq = np.sum((Z[:, None, :] - self.centres[None, :, :]) ** 2, axis=2)  # (n, 3)
        value = self.log_c + logsumexp(self.log_w + self.sign * sq / (2.0 * self.bandwidth**2), axis=1)
        return value if self.floor is None else np.maximum(value, self.floor)


def _trimodal_maximum(fn: _TrimodalFunction) -> tuple[np.ndarray, float, str]:
    r"""Exact maximiser of :math:`f_{d'}` on :math:`[0,1]^{d'}` (centres in the box): (x, value, how).

    **Sign B (bumps).** Certification: with pairwise separation :math:`\Delta\ge4s` and weights
    (0.1, 0.1, 0.8), any point farther than :math:`\Delta/2` from :math:`v_3` has mixture mass at most
    :math:`0.1+0.9e^{-\Delta^2/8s^2}<0.8\le` the mass at :math:`v_3`, and the super-level set
    :math:`\{f\ge f(v_3)\}` lies within :math:`0.02s` of :math:`v_3`, where the 0.8 bump dominates and
    :math:`\log` of the mixture is strictly concave. The maximiser is the fixed point of the mean-shift
    iteration :math:`x\leftarrow\sum_i\pi_i(x)v_i` started at :math:`v_3` (monotone ascent for Gaussian
    mixtures, Carreira-Perpiñán 2007); it lies in the convex hull of the centres, hence in the box, so it
    is also the maximiser over :math:`\mathbb R^{d'}`. Written by hand: no allowed library finds
    Gaussian-mixture modes.

    **Sign A (printed).** :math:`f_{d'}` is convex, so the maximum is at a vertex. Certificate: with
    :math:`u_i` the vertex farthest from :math:`v_i` and :math:`B_i` the :math:`i`-th exponent there,
    :math:`\max f\le C'+\operatorname{lse}(B)`, while :math:`f(u_i)` is attained; if the gap exceeds
    1e-12 (relative) all :math:`2^{d'}` vertices are enumerated (:math:`d'\le20`).
    """
    v, d = fn.centres, fn.d
    if fn.sign < 0:
        x = v[int(np.argmax(fn.log_w))].copy()  # the heaviest centre (v3 in the papers' order)
        for _ in range(500):
            logits = fn.log_w - np.sum((x - v) ** 2, axis=1) / (2.0 * fn.bandwidth**2)
            resp = np.exp(logits - logsumexp(logits))
            x_new = resp @ v
            if np.max(np.abs(x_new - x)) <= 1e-16:
                x = x_new
                break
            x = x_new
        how = "mean-shift fixed point from the heaviest centre (separation certificate)"
        return x, float(fn(x[None, :])[0]), how
    far = (v < 0.5).astype(float)  # (3, d): vertex farthest from each centre
    values = fn(far)
    best = int(np.argmax(values))
    exps = fn.log_w + np.sum((far - v) ** 2, axis=1) / (2.0 * fn.bandwidth**2)
    gap = fn.log_c + logsumexp(exps) - values[best]
    if gap <= 1e-12 * max(1.0, abs(values[best])):
        return far[best], float(values[best]), f"farthest-vertex bound (gap {gap:.1e})"
    if d > 20:
        raise ValueError(
            f"sign_reading='A' with d'={d}: the vertex bound leaves a gap {gap:.3g} and 2^{d} vertices are "
            "too many to enumerate; the optimum cannot be certified"
        )
    best_val, best_x = -np.inf, None
    n_vertices = 2**d
    for start in range(0, n_vertices, 65536):
        codes = np.arange(start, min(start + 65536, n_vertices))
        verts = ((codes[:, None] >> np.arange(d)) & 1).astype(float)  # binary expansion = vertex
        vals = fn(verts)
        k = int(np.argmax(vals))
        if vals[k] > best_val:
            best_val, best_x = float(vals[k]), verts[k]
    return best_x, best_val, "enumeration of all vertices"


def _make_trimodal(d, seed, sign_reading, bandwidth_reading, centres):
    sign_reading = check_choice("sign_reading", sign_reading, SIGN_READINGS)
    bandwidth_reading = check_choice("bandwidth_reading", bandwidth_reading, BANDWIDTH_READINGS)
    if centres is None:
        centres = draw_centres(np.random.default_rng(seed), d)
    else:
        centres = check_array("centres", centres, shape=(3, d))
        if np.any((centres < 0) | (centres > 1)):
            raise ValueError(
                f"centres must lie in [0, 1]^{d}; got entries from {centres.min()} to {centres.max()}"
            )
        gaps = [np.linalg.norm(centres[i] - centres[j]) for i, j in ((0, 1), (0, 2), (1, 2))]
        need = SEPARATION * trimodal_bandwidth(d, "B")
        if sign_reading == "B" and min(gaps) < need:
            raise ValueError(
                f"centres are {min(gaps):.3g} apart; the optimum is certified only for a separation "
                f">= {need:.3g}"
            )
    return _TrimodalFunction(centres, sign_reading, bandwidth_reading)


def _make_code_form(d, sign_reading, bandwidth_reading, centres):
    """The authors' code's f_{d'}: Gaussian variance 0.01 d'^0.1 (bandwidth reading B), bumps (sign B), fixed
    centres and weights (:func:`code_centres`), log floored at -700; on [-1, 1]^{d'}."""
    for name, value in (("sign_reading", sign_reading), ("bandwidth_reading", bandwidth_reading)):
        if value not in (None, "B"):
            raise ValueError(f"{name}={value!r} is not available with form='code', whose domain is {{'B'}}: "
                             "the authors' code evaluates the Gaussian pdf with variance 0.01 d'^0.1")
    if centres is not None:
        raise ValueError("centres=... is not available with form='code': the authors' code fixes them")
    v, w = code_centres(d)
    used = v[w > 0]
    gaps = [np.linalg.norm(a - b) for i, a in enumerate(used) for b in used[i + 1:]]
    assert min(gaps) >= SEPARATION * trimodal_bandwidth(d, "B")  # the certificate of _trimodal_maximum
    return _TrimodalFunction(v, "B", "B", weights=w, floor=CODE_LOG_FLOOR)


def _form_and_function(d, form, seed, sign_reading, bandwidth_reading, centres, rng=None):
    """(function, box side) for ``form``: the papers' on [0, 1] (default readings sign B, bandwidth A) or the
    code's on [-1, 1]."""
    form = check_choice("form", form, FORMS)
    if form == "code":
        return _make_code_form(d, sign_reading, bandwidth_reading, centres), (-1.0, 1.0)
    sign_reading = "B" if sign_reading is None else sign_reading
    bandwidth_reading = "A" if bandwidth_reading is None else bandwidth_reading
    if centres is None and rng is not None:
        centres = draw_centres(rng, d)
    return _make_trimodal(d, seed, sign_reading, bandwidth_reading, centres), (0.0, 1.0)


def bandwidth_reading_of(fn: _TrimodalFunction) -> str:
    """Which bandwidth reading ``fn`` uses ("A": h is a standard deviation; "B": a variance)."""
    return "A" if np.isclose(fn.bandwidth, trimodal_bandwidth(fn.d, "A")) else "B"


class _TrimodalAttributes:
    """Shared read-only views of the trimodal structure."""

    @property
    def v1(self) -> np.ndarray:
        return self.centres[0]

    @property
    def v2(self) -> np.ndarray:
        return self.centres[1]

    @property
    def v3(self) -> np.ndarray:
        """The centre with weight 0.8 (the global mode under sign reading B)."""
        return self.centres[2]

    @property
    def optimum_is_global(self) -> bool:
        """Under sign reading B the certified mode lies in the convex hull of the centres, so it is the
        maximum over R^D (see :func:`_trimodal_maximum`); under A the function is unbounded above."""
        return self.sign_reading == "B"


class Trimodal(_TrimodalAttributes, Objective):
    r"""The trimodal :math:`f_{d'}` of [Kandasamy2015, Eq. (7) (§5.1)], on :math:`[0,1]^{d'}`.

    .. math:: f_{d'}(x)=\log\sum_{i=1}^3 w_i\,h_{d'}^{-d'}\exp\Big(\mp\frac{\|x-v_i\|^2}{2h_{d'}^2}\Big),
              \quad w=(0.1,0.1,0.8),\ h_{d'}=0.01d'^{0.1}

    Parameters
    ----------
    dim : int, default 2 (the :math:`d'=2` of [Kandasamy2015, Fig. 2])
    seed : int, default 0
        Draws the centres (:func:`draw_centres`).
    sign_reading : {"B", "A"}, optional
    bandwidth_reading : {"A", "B"}, optional
        See the module docstring (defaults "B" and "A"; with ``form="code"`` both are "B").
    centres : array of shape (3, d'), optional
        Explicit :math:`v_1,v_2,v_3` instead of drawn ones.
    form : {"paper", "code"}
        ``"paper"`` (default): Eq. (7) on :math:`[0,1]^{d'}` with drawn centres. ``"code"``: as the authors'
        public Matlab code evaluates it: Gaussian pdf with *variance* :math:`0.01d'^{0.1}`, fixed centres
        and weights (:func:`code_centres`), :math:`\log` floored at -700, on :math:`[-1,1]^{d'}`.

    Attributes
    ----------
    centres, v1, v2, v3, bandwidth, seed, certificate (how the optimum was certified).
    """

    name = "trimodal"

    def __init__(self, dim: int | None = 2, *, seed: int = 0, sign_reading: str | None = None,
                 bandwidth_reading: str | None = None, centres=None, form: str = "paper", **kwargs):
        super().__init__(**kwargs)
        d = check_count("dim", 2 if dim is None else dim, low=1, high=DIM_LIMIT)
        self.seed = check_seed("seed", seed)
        self._fn, side = _form_and_function(d, form, self.seed, sign_reading, bandwidth_reading, centres,
                                            np.random.default_rng(self.seed))
        self.form = form
        self.sign_reading = "B" if self._fn.sign < 0 else "A"
        self.bandwidth_reading = bandwidth_reading_of(self._fn)
        self.centres, self.bandwidth = self._fn.centres, self._fn.bandwidth
        x_star, _, self.certificate = _trimodal_maximum(self._fn)
        self._set_domain(np.tile(side, (d, 1)), x_star[None, :])

    def _evaluate(self, X):
        return self._fn(X)


class AdditiveTrimodal(_TrimodalAttributes, Objective):
    r"""Add-GP-UCB's synthetic additive function ([Kandasamy2015, §5.1]):
    :math:`f(x)=\sum_{j=1}^{M'}f_{d'}(x^{(j)})`.

    The :math:`M'` groups of :math:`d'` coordinates are the first :math:`d'M'` entries of a random
    permutation of :math:`\{0,\dots,D-1\}` (drawn first from ``seed``), then the centres are drawn; the
    remaining :math:`D-d'M'` coordinates are dummies. All groups share one :math:`f_{d'}` (the paper uses
    the same fixed :math:`v_i`). The box is :math:`[0,1]^D`.

    **Optimum (exact):** the sum of the per-group maxima, :math:`M'\max f_{d'}`; the listed optimizer puts
    every group at the certified maximiser of :math:`f_{d'}` and the dummy coordinates at 0.5 (any value
    is optimal for them).

    Parameters
    ----------
    dim : int, default 10
        :math:`D` ([Kandasamy2015, Fig. 3] uses (D, d', M') = (10, 3, 3), (24, 6, 4), (24, 11, 2), (40, 5, 8),
        ...).
    group_dim : int, default 3
        :math:`d'`.
    n_groups : int, default 3
        :math:`M'`; requires :math:`d'M'\le D`.
    seed, sign_reading, bandwidth_reading, centres : as in :class:`Trimodal`.

    Attributes
    ----------
    groups : int ndarray (M', d'); dummies : int ndarray; centres, v1, v2, v3; seed; certificate.
    """

    name = "additive_trimodal"

    def __init__(self, dim: int | None = 10, *, group_dim: int = 3, n_groups: int = 3, seed: int = 0,
                 sign_reading: str | None = None, bandwidth_reading: str | None = None, centres=None,
                 form: str = "paper", **kwargs):
        super().__init__(**kwargs)
        D = check_count("dim", 10 if dim is None else dim, low=1, high=DIM_LIMIT)
        d = check_integer("group_dim", group_dim, low=1)
        m = check_count("n_groups", n_groups, low=1)
        if d * m > D:
            raise ValueError(f"dim={D} is too small for group_dim={d} x n_groups={m}: the disjoint groups "
                             f"need dim >= {d * m} (or pass a smaller group_dim / n_groups)")
        self.seed = check_seed("seed", seed)
        rng = np.random.default_rng(self.seed)
        perm = rng.permutation(D)
        self.groups = np.sort(perm[: d * m].reshape(m, d), axis=1)
        self.dummies = np.sort(perm[d * m:])
        self._fn, side = _form_and_function(d, form, self.seed, sign_reading, bandwidth_reading, centres, rng)
        self.form = form
        self.sign_reading = "B" if self._fn.sign < 0 else "A"
        self.bandwidth_reading = bandwidth_reading_of(self._fn)
        self.centres, self.bandwidth = self._fn.centres, self._fn.bandwidth
        x_group, _, self.certificate = _trimodal_maximum(self._fn)
        x_star = np.full(D, 0.5 * (side[0] + side[1]))  # dummy coordinates: any value is optimal
        for g in self.groups:
            x_star[g] = x_group
        self._set_domain(np.tile(side, (D, 1)), x_star[None, :])

    def _evaluate(self, X):
        return sum(self._fn(X[:, g]) for g in self.groups)


class ProjectedAdditive(_TrimodalAttributes, Objective):
    r"""RPP-GP-UCB's synthetic projected-additive function ([Li2016, §5.1]), on :math:`[0,1]^D`.

    .. math:: f(x)=\sum_{i=1}^M f_{d'}\big(A_i^\top(x-o)\big),\quad A=I+S=[A_1,\dots,A_M],\ D=Md'

    with :math:`f_{d'}` the Gaussian-pdf trimodal function ([Li2016] prints ``mvnpdf``, so the sign is fixed
    to the bump reading) and :math:`\sigma^2=0.01d'^{0.1}`.

    **The offset o (a documented choice).** [Li2016] prints :math:`o=0`. How :math:`[0,1]^D` maps to the
    argument of :math:`f_{d'}` is unstated (RPP.synthetic_f issues), and with :math:`o=0` the unconstrained
    maximiser :math:`A^{-\top}z^*` is generally outside the box: for the printed :math:`S` reading
    (:math:`A=I-s\mathbf 1\mathbf 1^\top`) the image :math:`A^\top[0,1]^D` has coordinates near
    :math:`-5.75`, far from centres in :math:`[0,1]^{d'}`, and for the symmetric reading the set of mode
    locations whose preimage is in the box is tiny or empty. The box maximum would then be a non-convex
    constrained problem in 50-100 dimensions that cannot be certified. Instead a target
    :math:`x^*\sim U[0.1,0.9]^D` is drawn from the seed and :math:`o=x^*-A^{-\top}z^*`, where
    :math:`z^*=(m,\dots,m)` stacks the certified maximiser :math:`m` of :math:`f_{d'}`.

    **Optimum (exact):** :math:`g(z)=\sum_i f_{d'}(z^{(i)})` is maximised over :math:`\mathbb R^D` exactly
    at :math:`z^*`, and :math:`A^\top(x^*-o)=z^*` with :math:`x^*` inside the box, so
    ``optimum_value`` :math:`=M\max f_{d'}` and ``optimizers`` :math:`=x^*` (unique, as :math:`A` is
    invertible).

    Parameters
    ----------
    dim : int, default 50
        :math:`D` ([Li2016] uses 50 and 100).
    n_groups : int, default 2
        :math:`M`; :math:`d'=D/M` must be an integer ([Li2016]: :math:`d'=D/2`).
    S_reading : {"B", "A"}; S_scale : float, optional (default :math:`12.5/D`)
    bandwidth_reading : {"B", "A"}
    seed : int, default 0
        Draws, in order, :math:`S` (reading B), the centres, and :math:`x^*`.
    form : {"paper", "code"}
        ``"paper"`` (default): as above, on :math:`[0,1]^D` with drawn centres and the offset. ``"code"``:
        :math:`f_{d'}` as the Add-GP-UCB authors' public Matlab code evaluates it (Kandasamy is Li2016's
        second author; the printed function is that code's token for token: ``mvnpdf`` with variance
        :math:`0.01d'^{0.1}`, the centres and weights of :func:`code_centres`, :math:`\log` floored at
        -700), :math:`o=0` as printed, on :math:`[-1,1]^D`. **Its optimum is certified, not assumed:** the
        maximiser over :math:`\mathbb R^D` is :math:`x^*=A^{-\top}z^*`; when it lies in the box the box
        maximum is :math:`M\max f_{d'}` exactly (seed 0 at :math:`D=50`: :math:`\max|x^*_j|=0.74`; at
        :math:`D=100`: 0.80), and a seed whose :math:`x^*` leaves the box is refused (its box maximum would
        be a non-convex constrained problem in 50-100 dimensions, bounded but not certified).

    Attributes
    ----------
    S, A (the matrix :math:`\mathbf A`), W (alias of A, the projection of RPP.pp_model), groups (column
    blocks of A), offset (o), centres, v1, v2, v3, seed, certificate, condition_number, form.
    """

    name = "projected_additive"

    def __init__(self, dim: int | None = 50, *, n_groups: int = 2, S_reading: str = "B",
                 S_scale: float | None = None, bandwidth_reading: str = "B", seed: int = 0, centres=None,
                 form: str = "paper", **kwargs):
        super().__init__(**kwargs)
        D = check_count("dim", 50 if dim is None else dim, low=1, high=DIM_LIMIT)
        M = check_integer("n_groups", n_groups, low=1, high=D)
        if D % M:
            raise ValueError(f"dim={D} is not a multiple of n_groups={M}; [Li2016] requires D = M d'")
        d = D // M
        self.S_reading = check_choice("S_reading", S_reading, S_READINGS)
        # beyond 1e150 the uniform draw's width overflows (and S's entries square to inf)
        self.S_scale = check_number("S_scale", 12.5 / D if S_scale is None else S_scale, low=0.0,
                                    high=MAGNITUDE_LIMIT)
        self.bandwidth_reading = bandwidth_reading
        self.sign_reading = "B"
        self.seed = check_seed("seed", seed)
        rng = np.random.default_rng(self.seed)
        if self.S_reading == "A":
            self.S = np.full((D, D), -self.S_scale)
        else:
            self.S = rng.uniform(-self.S_scale, self.S_scale, size=(D, D))
        self.A = np.eye(D) + self.S
        self.W = self.A
        self.condition_number = float(np.linalg.cond(self.A))
        if not np.isfinite(self.condition_number) or self.condition_number > 1e10:
            raise ValueError(
                f"A = I + S is numerically singular (condition number {self.condition_number:.3g}) for "
                f"dim={D}, S_reading={S_reading!r}, S_scale={self.S_scale:g}; choose another seed or scale"
            )
        self.groups = np.arange(D).reshape(M, d)
        self.form = check_choice("form", form, FORMS)
        if self.form == "code":
            self._code_form(D, M, d, bandwidth_reading, centres)
            return
        if centres is None:
            centres = draw_centres(rng, d)
        self._fn = _make_trimodal(d, self.seed, "B", bandwidth_reading, centres)
        self.centres, self.bandwidth = self._fn.centres, self._fn.bandwidth
        m_star, _, self.certificate = _trimodal_maximum(self._fn)
        x_star = rng.uniform(0.1, 0.9, size=D)
        # o = x* - A^{-T} z*  (scipy.linalg.solve with A^T)
        self.offset = x_star - linalg.solve(self.A.T, np.tile(m_star, M))
        self._set_domain(np.tile([0.0, 1.0], (D, 1)), x_star[None, :])

    def _code_form(self, D: int, M: int, d: int, bandwidth_reading: str, centres) -> None:
        """``form="code"``: the code's f_{d'}, o = 0, [-1, 1]^D, the optimum certified (class docstring)."""
        self._fn = _make_code_form(d, None, bandwidth_reading, centres)
        self.centres, self.bandwidth = self._fn.centres, self._fn.bandwidth
        m_star, _, certificate = _trimodal_maximum(self._fn)
        self.offset = np.zeros(D)
        # x* = A^{-T} z*: g(A^T x) = sum_i f_{d'}((A^T x)^{(i)}) is largest exactly where A^T x = z*
        x_star = linalg.solve(self.A.T, np.tile(m_star, M))
        reach = float(np.max(np.abs(x_star)))
        if reach > 1.0:
            raise ValueError(f"seed={self.seed!r}: with form='code' the maximiser A^-T z* of dim={D} lies "
                             f"outside [-1, 1]^D (max |x*_j| = {reach:.3g}), so the box maximum cannot be "
                             "certified; "
                             "choose a seed whose maximiser is inside the box")
        self.certificate = (f"{certificate}; the maximiser over R^D, A^-T z*, lies in [-1, 1]^D (max |x*_j| "
                            f"= {reach:.3f}), so it is the box maximum")
        self._set_domain(np.tile([-1.0, 1.0], (D, 1)), x_star[None, :])

    def project(self, X: np.ndarray) -> np.ndarray:
        r"""The projected coordinates :math:`z=A^\top(x-o)` for a batch (n, D) of finite points."""
        return self._project(check_array("X", X, shape=(None, self.dim)))

    def _project(self, X: np.ndarray) -> np.ndarray:
        return (X - self.offset) @ self.A

    def _evaluate(self, X):
        Z = self._project(X)
        return sum(self._fn(Z[:, g]) for g in self.groups)


class Embedded(Objective):
    """A base objective on ``len(active)`` coordinates of a D-dimensional box; the rest are irrelevant.

    MS-UCB ([TranThe2020, §Experiments, Fig. 1]) embeds the 2-D Camelback in :math:`D\\in\\{20,50,100\\}`
    "with auxiliary dimensions" without saying which coordinates are active: here they are drawn from ``seed``
    unless ``active`` is given. Active coordinates keep the base box; dummies get ``dummy_bounds``.

    **Optimum (exact):** that of the base; each base optimizer is listed with the dummies at the centre
    of their interval (any dummy value is optimal).

    Attributes
    ----------
    base, active (int ndarray, in base-coordinate order), dummies, seed.
    """

    def __init__(self, base: Objective, dim: int, *, active=None, seed: int = 0,
                 dummy_bounds: tuple[float, float] = (-1.0, 1.0), name: str | None = None, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(base, Objective):
            raise ValueError(f"base={base!r} is not an Objective")
        D = check_count("dim", dim, low=base.dim, high=DIM_LIMIT)
        self.base, self.seed = base, check_seed("seed", seed)
        self.name = f"{base.name}_embedded" if name is None else check_label("name", name)
        if active is None:
            active = np.sort(np.random.default_rng(self.seed).choice(D, size=base.dim, replace=False))
        active = check_integer("active", np.asarray(active), low=0, high=D - 1)
        active = np.atleast_1d(active)
        if active.shape != (base.dim,) or np.unique(active).size != base.dim:
            raise ValueError(f"active={active.tolist()} must be {base.dim} distinct indices in [0, {D - 1}]")
        self.active = active
        self.dummies = np.setdiff1d(np.arange(D), active)
        lo, hi = check_bounds("dummy_bounds", [dummy_bounds])[0]
        bounds = np.tile([lo, hi], (D, 1))
        bounds[active] = base.bounds
        opt = np.full((base.optimizers.shape[0], D), 0.5 * (lo + hi))
        opt[:, active] = base.optimizers
        self.negated = base.negated
        self._set_domain(bounds, opt)

    @property
    def optimum_is_global(self) -> bool:
        """The dummy coordinates do not matter: global exactly when the embedded objective's is."""
        return self.base.optimum_is_global

    def _evaluate(self, X):
        return self.base._evaluate(X[:, self.active])
