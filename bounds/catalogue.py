"""The formula catalogue shipped with the package: ``bounds/CATALOGUE.md`` and its ids.

``CATALOGUE.md`` is the project's formula catalogue, verbatim: every formula of the four papers with its id,
source, domains, the checks that could falsify it and the places where the papers print different things
(its §5 lists every figure's setup, §6 the offline substitutes). It ships as package data, so a user's clone
and an installed wheel can read it (``regretlab.bounds.catalogue.text()``); a test keeps it equal to the
team's copy where that copy is present.

``CATALOGUE_IDS`` are the ids it defines, in order: the ``###`` headings of §0-§4 (with their shorthands
``A.x / A.y``, ``A.p_case1 / _case2``, ``A.lemma11–14``) and the ``BENCH`` rows of §7. Every id has a function
in ``regretlab.bounds.FORMULAS`` or a reason in ``regretlab.bounds.NOT_EXECUTABLE`` (a test).
"""

from __future__ import annotations

import re
from importlib import resources

__all__ = ["CATALOGUE_IDS", "parse_ids", "text"]

_ID = re.compile(r"^[A-Z0-9]+\.[A-Za-z0-9_]+$")


def text() -> str:
    """The catalogue, ``bounds/CATALOGUE.md``, as shipped."""
    return resources.files(__package__).joinpath("CATALOGUE.md").read_text(encoding="utf-8")


def _heading_ids(head: str) -> list[str]:
    """Ids of one ``###`` heading: ``A.x / A.y``, ``A.p_case1 / _case2``, ``A.lemma11–14`` expanded."""
    first = head.split(" / ")[0]
    if not _ID.match(first.split("–")[0]):
        return []
    prefix = first.split(".")[0]
    ids = []
    for part in (p.strip() for p in head.split(" / ")):
        if part.startswith("_"):  # "_case2" continues the previous id's stem
            part = re.sub(r"_[^_]*$", "", first) + part
        elif "." not in part:  # "gamma_T" inherits the paper prefix
            part = f"{prefix}.{part}"
        span = re.match(r"^(.*?)(\d+)–(\d+)$", part)
        if span:
            ids.extend(f"{span[1]}{k}" for k in range(int(span[2]), int(span[3]) + 1))
        else:
            ids.append(part)
    return ids


def parse_ids(catalogue: str) -> tuple[str, ...]:
    """The ids a catalogue text defines, in order of appearance, each once.

    >>> parse_ids("### MSUCB.prop4_RT_case1 / _case2 (Prop. 4)\\n| BENCH.beale | x |")
    ('MSUCB.prop4_RT_case1', 'MSUCB.prop4_RT_case2', 'BENCH.beale')
    """
    ids: dict[str, None] = {}
    for line in catalogue.splitlines():
        if line.startswith("### "):
            head = re.split(r" \(| —", line[4:], maxsplit=1)[0].strip()
            ids.update(dict.fromkeys(_heading_ids(head)))
        bench = re.match(r"^\| (BENCH\.[a-z0-9]+)", line)
        if bench:
            ids[bench[1]] = None
    return tuple(ids)


#: Every id of ``CATALOGUE.md``, in order.
CATALOGUE_IDS: tuple[str, ...] = parse_ids(text())
