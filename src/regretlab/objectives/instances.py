r"""Translated instances of an objective (COCO-style), so that no optimiser finds the optimum by accident.

DIRECT's first sample is the centre of the box, and L-BFGS-B starts often are: Ackley's and
Hyper-Ellipsoid's optimum is exactly there, so an untranslated comparison rewards the sampling pattern, not
the model. Instance :math:`k\ge1` of an objective :math:`f` is

.. math:: f_k(x) = f(x - s_k),

with the shift :math:`s_k` chosen so that the moved optimum :math:`x^\star + s_k` is uniform in the central
80 % of the box (each side shrunk by 10 % at both ends, as COCO draws :math:`x_{opt}\in[-4,4]^D` in
:math:`[-5,5]^D`). The shift is drawn from a generator seeded by ``(k, D, name)`` only, so instance k of an
objective is the same function in every run, process and machine; it is recorded on the objective
(``instance``, ``shift``) and in its name (``ackley_i3``), which a Trace records. Instance 0 is the
paper's form, returned unchanged.

Objectives whose maximum over :math:`\mathbb R^D` is their maximum over the box (``optimum_is_global``) can
be translated: then :math:`\max_{\text{box}}f_k=\max f` and the optimum value is unchanged. So can an
objective whose optimum is not known at all (the data-based substitutes, ``optimum_known = False``): there the
point moved is its reference point (the box centre, which every REMBO and HeSBO embedding contains), so that
no point is privileged by its place in the box; the instance's optimum stays unknown. Eggholder (optimum on
the boundary) or the Hartmann functions (maxima certified on the box only) are refused with a ValueError.
"""

from __future__ import annotations

import numpy as np

from regretlab._rng import stream
from regretlab._validate import check_integer

from .base import Objective

__all__ = ["Translated", "translate", "INTERIOR_FRACTION"]

#: The moved optimum is uniform in the box shrunk by this fraction of each side at both ends.
INTERIOR_FRACTION = 0.1


def _instance_generator(instance: int, dim: int, name: str) -> np.random.Generator:
    """The shift's generator: the named stream ("instance", D, name) of seed ``instance``
    (:func:`regretlab._rng.stream`, stable across processes and ``PYTHONHASHSEED``)."""
    return np.random.default_rng(stream(instance, "instance", dim, name))


class Translated(Objective):
    r"""Instance ``instance`` of ``base``: :math:`f_k(x)=f(x-s_k)` on the same box (see the module docstring).

    Parameters
    ----------
    base : Objective
        The objective to translate; it must have ``optimum_is_global`` and is evaluated outside its box, so
        it should be built with ``enforce_bounds=False`` (its own checks are bypassed either way).
    instance : int
        :math:`k\ge1`.
    noise_std, rng, enforce_bounds
        As for every :class:`Objective`; the domain check is on the translated function's box.

    Attributes
    ----------
    base, instance, shift : the translated objective, k, and :math:`s_k` (shape (D,)).
    """

    def __init__(self, base: Objective, instance: int, **kwargs):
        if not isinstance(base, Objective):
            raise ValueError(f"base={base!r} is not a regretlab Objective")
        self.instance = check_integer("instance", instance, low=1)
        if not base.optimum_is_global and base.optimum_known:
            raise ValueError(
                f"instance={instance} is outside its domain {{0}} for {base.name!r}: translated instances "
                "need an objective whose maximum over R^D is its maximum over the box (optimum_is_global), "
                f"which {base.name!r} does not declare, or one whose optimum is not known"
            )
        super().__init__(**kwargs)
        self.base = base
        self.name = f"{base.name}_i{self.instance}"
        box = base.bounds
        margin = INTERIOR_FRACTION * (box[:, 1] - box[:, 0])
        target = _instance_generator(self.instance, base.dim, base.name).uniform(
            box[:, 0] + margin, box[:, 1] - margin
        )
        self.shift = target - base.optimizers[0]
        self.shift.setflags(write=False)
        moved = base.optimizers + self.shift
        inside = np.all((moved >= box[:, 0]) & (moved <= box[:, 1]), axis=1)
        self._set_domain(box, moved[inside])
        if not base.optimum_known:   # the moved reference point, as the substitutes record theirs
            self.optimum_known = False
            self.reference_value = self.optimum_value
            self.optimum_value = float("nan")

    @property
    def optimum_is_global(self) -> bool:  # the translate of a global optimum is global
        return self.base.optimum_is_global

    def _evaluate(self, X):
        return self.base._evaluate(X - self.shift)


def translate(base: Objective, instance: int, **kwargs) -> Objective:
    """Instance ``instance`` of ``base``: ``base`` itself for 0, else :class:`Translated`."""
    instance = check_integer("instance", instance, low=0)
    return base if instance == 0 else Translated(base, instance, **kwargs)
