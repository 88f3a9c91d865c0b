"""Registry of objectives by name: :func:`get`, :func:`available`, :func:`describe`.

Names are lower-case with digits and underscores. Fixed-dimension names (``levy3``, ``hartmann6``, ...) reject
any other ``dim``; variable-dimension names take ``dim`` and have a default used by :func:`describe` (MS-UCB's
smallest :math:`D=20` for its benchmarks, [Kandasamy2015]'s (10, 3, 3) configuration for
``additive_trimodal``, [Li2016]'s :math:`D=50` for ``projected_additive``, [Ha2019]'s :math:`d=3` for
``levy_ubo``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from regretlab._validate import DIM_LIMIT, check_choice, check_count, check_integer

from .base import Objective
from .instances import Translated
from .ml import DigitsElasticNet, DigitsMLP, DigitsNN, GisetteRamp, SDSSSurrogate, VJSurrogate
from .structured import AdditiveTrimodal, Embedded, ProjectedAdditive, Trimodal
from .synthetic import (
    Ackley,
    Beale,
    Eggholder,
    Hartmann3,
    Hartmann6,
    Hartmann6UBO,
    HyperEllipsoid,
    Levy,
    LevyUBO,
    SixHumpCamel,
)

__all__ = ["get", "available", "describe", "dimension", "register"]


@dataclass(frozen=True)
class _Entry:
    factory: Callable[..., Objective]
    fixed_dim: int | None
    default_dim: int | None
    source: str


def _camelback_embedded(dim=None, *, seed=0, active=None, dummy_bounds=(-1.0, 1.0), **kwargs):
    return Embedded(SixHumpCamel(), 20 if dim is None else dim, seed=seed, active=active,
                    dummy_bounds=dummy_bounds, name="camelback_embedded", **kwargs)


def _named(objective: Objective, name: str) -> Objective:
    objective.name = name
    return objective


def _fixed(cls, dim, name):
    def factory(dim_=None, **kwargs):
        return cls(dim, name=name, **kwargs)

    return factory


_REGISTRY: dict[str, _Entry] = {}


def register(name: str, factory: Callable[..., Objective], *, fixed_dim: int | None = None,
             default_dim: int | None = None, source: str = "") -> None:
    """Add an objective factory ``factory(dim=None, **kwargs) -> Objective`` under ``name``."""
    if not name or not all(c.islower() or c.isdigit() or c == "_" for c in name):
        raise ValueError(f"name={name!r} must be lower-case letters, digits and underscores")
    _REGISTRY[name] = _Entry(factory, fixed_dim, default_dim, source)


register("ackley", Ackley, default_dim=20, source="[TranThe2020, Figs 1-3]")
register("ackley10", _fixed(Ackley, 10, "ackley10"), fixed_dim=10, source="[Ha2019, App. C]")
register("levy", Levy, default_dim=20, source="[TranThe2020, Fig. 1]")
register("levy3", _fixed(Levy, 3, "levy3"), fixed_dim=3, source="[Ha2019, §6, Fig. 3] (textbook form)")
register("levy10", _fixed(Levy, 10, "levy10"), fixed_dim=10, source="[Ha2019, App. C] (textbook form)")
register("levy_ubo", LevyUBO, default_dim=3, source="the form of Levy in the code of [Ha2019]'s authors")
register("hyperellipsoid", HyperEllipsoid, default_dim=20, source="[TranThe2020, Figs 1-3]")
register("camelback", lambda dim=None, **kw: SixHumpCamel(**kw), fixed_dim=2,
         source="[TranThe2020, §Experiments]")
register("camelback_embedded", _camelback_embedded, default_dim=20, source="[TranThe2020, Fig. 1]")
register("beale", lambda dim=None, **kw: Beale(**kw), fixed_dim=2, source="[Ha2019, §6, Figs 2-3]")
register("eggholder", lambda dim=None, **kw: Eggholder(**kw), fixed_dim=2, source="[Ha2019, §6, Fig. 3]")
register("hartmann3", lambda dim=None, **kw: Hartmann3(**kw), fixed_dim=3, source="[Ha2019, §6, Fig. 3]")
register("hartmann6", lambda dim=None, **kw: Hartmann6(**kw), fixed_dim=6,
         source="[Ha2019, §6] (textbook form)")
register("hartmann6_ubo", lambda dim=None, **kw: Hartmann6UBO(**kw), fixed_dim=6,
         source="[Ha2019, §6, Fig. 3] (the authors' rescaled form)")
register("trimodal", Trimodal, default_dim=2, source="[Kandasamy2015, Eq. (7), Fig. 2]")
register("additive_trimodal", AdditiveTrimodal, default_dim=10, source="[Kandasamy2015, §5.1, Figs 3-4]")
register("trimodal_code", lambda dim=None, **kw: _named(Trimodal(dim, form="code", **kw), "trimodal_code"),
         default_dim=3, source="[Kandasamy2015, Eq. (7)] as the authors' Matlab code evaluates it")
register("additive_trimodal_code",
         lambda dim=None, **kw: _named(AdditiveTrimodal(dim, form="code", **kw), "additive_trimodal_code"),
         default_dim=10, source="[Kandasamy2015, §5.1, Fig. 3] with the authors' code's f_d'")
register("projected_additive", ProjectedAdditive, default_dim=50, source="[Li2016, §5.1, Tables 1-5]")
register("projected_additive_code",
         lambda dim=None, **kw: _named(ProjectedAdditive(dim, form="code", **kw), "projected_additive_code"),
         default_dim=50, source="[Li2016, §5.1] with the Add-GP-UCB authors' code's f_d' (o = 0, [-1, 1]^D)")
# data-based substitutes (catalogue §6; scikit-learn needed when built)
register("digits_nn", DigitsNN, default_dim=100,
         source="[TranThe2020, Fig. 4] on scikit-learn's digits (substitute for MNIST)")
register("digits_elasticnet", lambda dim=None, **kw: DigitsElasticNet(dim, **kw), fixed_dim=2,
         source="[Ha2019, §6.3, Fig. 4] (elastic net) on scikit-learn's digits (substitute for MNIST)")
register("digits_mlp", lambda dim=None, **kw: DigitsMLP(dim, **kw), fixed_dim=3,
         source="[Ha2019, §6.3, Fig. 4] (MLP) on scikit-learn's digits (substitute for MNIST)")
register("gisette_ramp", GisetteRamp, default_dim=5001,
         source="[TranThe2020, Fig. 5] on a Gisette-like set (substitute for Gisette)")
register("sdss_surrogate", SDSSSurrogate, default_dim=20,
         source="[Kandasamy2015, Fig. 5a], [Li2016, Fig. 4a] (substitute for the SDSS likelihood)")
register("vj_surrogate", lambda dim=None, **kw: VJSurrogate(**kw), fixed_dim=22,
         source="[Kandasamy2015, Fig. 5b], [Li2016, Fig. 4b] (substitute for the Viola-Jones detector)")


def available() -> list[str]:
    """Sorted names of the registered objectives."""
    return sorted(_REGISTRY)


def substitute_for(name: str) -> str:
    """What the registered objective ``name`` stands in for, read from its source ('MNIST' from '...
    (substitute for MNIST)'), or '' for an objective that is the paper's own; the objective is not built (a
    substitute's data need not be at hand). An unknown name is a ValueError listing the registered ones."""
    if name not in _REGISTRY:
        raise ValueError(f"name={name!r} is not a registered objective; one of {available()}")
    source = _REGISTRY[name].source
    marker = "(substitute for "
    return source[source.index(marker) + len(marker):].split(")")[0] if marker in source else ""


def dimension(name: str) -> int | None:
    """The dimension ``get(name)`` builds, read from the registry without building the objective (a
    data-based objective trains a model to build): the fixed dimension, else the default, else None."""
    check_choice("name", name, available())
    entry = _REGISTRY[name]
    return entry.fixed_dim if entry.fixed_dim is not None else entry.default_dim


def get(name: str, dim: int | None = None, *, instance: int = 0, **kwargs) -> Objective:
    """Construct the objective registered as ``name``.

    Parameters
    ----------
    name : str
        One of :func:`available`.
    dim : int, optional
        Dimension; must equal the fixed dimension of fixed-dimension objectives.
    instance : int
        0 (default): the paper's function. :math:`k\\ge1`: the seeded translate :math:`f(x-s_k)` whose
        optimum is moved to a random point of the box's central 80 % (:mod:`regretlab.objectives.instances`);
        only for objectives whose optimum is global (``optimum_is_global``).
    **kwargs
        Passed to the constructor (``noise_std``, ``rng``, ``seed``, readings, ...).

    Examples
    --------
    >>> f = get("hartmann6")
    >>> f.dim, round(f.optimum_value, 5)
    (6, 3.32237)
    >>> g = get("ackley", dim=5, instance=1)
    >>> g.name, bool(g.evaluate(g.bounds.mean(axis=1)) < g.optimum_value)
    ('ackley_i1', True)
    """
    check_choice("name", name, available())
    entry = _REGISTRY[name]
    if dim is not None:
        dim = check_count("dim", dim, low=1, high=DIM_LIMIT)
        if entry.fixed_dim is not None and dim != entry.fixed_dim:
            raise ValueError(
                f"dim={dim} is not allowed for {name!r}, whose dimension is fixed at {entry.fixed_dim}"
            )
    instance = check_integer("instance", instance, low=0)
    if dim is None:
        dim = entry.default_dim   # the registered default (a factory's own may differ: trimodal_code's 2)
    if instance == 0:
        return entry.factory(dim, **kwargs)
    outer = {key: kwargs.pop(key) for key in ("noise_std", "rng", "enforce_bounds") if key in kwargs}
    base = entry.factory(dim, enforce_bounds=False, **kwargs)
    return Translated(base, instance, **outer)


def describe() -> list[dict]:
    """One dict per registered objective at its default dimension: name, dim, domain, optimum, source."""
    rows = []
    for name in available():
        try:
            info = get(name).describe()
        except ImportError as exc:  # a substitute without its optional dependency: listed, not built
            entry = _REGISTRY[name]
            info = {"dim": entry.fixed_dim or entry.default_dim, "domain": "—", "substitute": True,
                    "optimum": "unknown", "unavailable": str(exc)}
        info["name"] = name
        info["source"] = _REGISTRY[name].source
        rows.append(info)
    return rows
