"""Pictures of one run ([Ha2019, Fig. 2]): the UCB contours, the observations and the search boxes."""

from __future__ import annotations

import numpy as np

from regretlab import objectives
from regretlab.experiments.run_meta import RunMeta

from .. import plots
from . import Kind

__all__ = ["KIND"]


def _export_picture(spec, source, mode, results, provenance):
    """A picture of one run: the UCB contours, the observations and the search boxes."""

    (result,) = results.values()
    problem = spec.problem(RunMeta.of(result).problem)
    optimizers = np.asarray(objectives.get(problem.name, problem.dim).optimizers)
    fig, rows = plots.expansion_picture(result, optimizers=optimizers,
                                        title=f"{spec.reference}: {spec.title}")
    provenance["expansions"] = int(np.asarray(result.get("new_boxes", np.zeros((0, 2, 2)))).shape[0])
    return fig, ["item", "x1_low", "x1_high", "x2_low", "x2_high"], rows


def _describe(provenance: dict) -> str:
    """A picture is checked by what it shows: how many expansions it draws."""
    return f"one run; {provenance.get('expansions', 0)} expansion(s) drawn with the user's box"


KIND = Kind("picture", _export_picture, describe=_describe, decided=False)
