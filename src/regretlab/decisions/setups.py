"""An item's verdict over every setup: its setup readings read from the export folder's decision records,
and the one definition of a claim's and an item's verdict over them (issue 77.2: the figures and the site
render these, they do not assemble verdicts).

A setup reading (a spec whose ``reading_of`` is the item: the authors' code form, an optimum moved off the box
centre) counts once every proposed method has its pilot (:data:`~regretlab.decisions.preregister.PILOT_RUNS`
runs); before that it is :data:`~regretlab.decisions.verdicts.PENDING`. :func:`~regretlab.decisions.verdicts.
setup_verdict` combines the setups' verdicts.
"""

from __future__ import annotations

import json
from pathlib import Path

from regretlab._io import EXPORT_ROOT
from regretlab.experiments import registry
from regretlab.experiments.statistics import STATISTICS

from .claims import claims_of
from .preregister import PILOT_RUNS, is_preregistered
from .verdicts import PENDING, setup_verdict

__all__ = ["claim_groups", "setup_readings", "claim_verdicts_by_setup", "claims_over_setups", "over_setups"]


def claim_groups(record: dict) -> list[dict]:
    """A decision record's claims over their readings: ``{"claim", "verdict", "readings"}`` per claim
    (a record from before readings: every claim its own single reading)."""
    if record.get("claim_verdicts") is not None:
        return record["claim_verdicts"]
    return [{"claim": c["key"], "verdict": c["decision"], "readings": [
        {"key": c["key"], "label": STATISTICS[c["statistic"]].text, "decision": c["decision"]}]}
        for c in record["claims"]]


def setup_readings(item: str, export_root=EXPORT_ROOT) -> list[dict]:
    """The setup readings registered for ``item`` (specs whose ``reading_of`` is it and which carry claims),
    each ``{"key", "setup", "registered", "record"}``: whether its registration is committed, and its
    decision record once every proposed method has its pilot (``PILOT_RUNS`` runs on every problem; else None:
    pending)."""
    out = []
    for spec in registry.SPECS.values():
        if spec.reading_of != item or not claims_of(spec.key):
            continue
        path = Path(export_root) / "decisions" / f"{spec.key}.json"
        record = json.loads(path.read_text()) if path.is_file() else None
        source = registry.source(spec)
        if record is not None:
            proposed_runs = [n for k, n in record["runs"].items() if k.partition(" @ ")[0] in source.proposed]
            if not proposed_runs or min(proposed_runs) < PILOT_RUNS:
                # the baselines' pilot alone, or a proposed method short of its own pilot (a variant with no
                # run yet beside one whose runs another item shares), decides nothing about the paper's method
                record = None
        out.append({"key": spec.key, "setup": spec.setup_reading, "record": record,
                    "registered": is_preregistered(source, export_root)})
    return out


def claim_verdicts_by_setup(record: dict, readings: list[dict]) -> dict[str, list[str]]:
    """Each of the item's claims -> its verdict under the paper setup, then under each setup reading in
    order (a setup reading without a record, or without the claim: :data:`PENDING`)."""
    out = {}
    for g in claim_groups(record):
        per = [next((h["verdict"] for h in claim_groups(x["record"]) if h["claim"] == g["claim"]), PENDING)
               if x["record"] else PENDING for x in readings]
        out[g["claim"]] = [g["verdict"], *per]
    return out


def claims_over_setups(record: dict, readings: list[dict]) -> dict[str, str]:
    """Each of the item's paper's claims -> its verdict over every setup (:func:`setup_verdict` of its
    verdicts by setup, :func:`claim_verdicts_by_setup`)."""
    return {claim: setup_verdict(per) for claim, per in claim_verdicts_by_setup(record, readings).items()}


def over_setups(record: dict, readings: list[dict]) -> str:
    """An item's verdict over its paper setup and its setup readings (:func:`setup_verdict`): the one
    definition of the verdict over every setup that the records, DECISIONS.md, COMPARISON.md, the README
    and the site show."""
    return setup_verdict([record["verdict"], *(r["record"]["verdict"] if r["record"] else PENDING
                                               for r in readings)])
