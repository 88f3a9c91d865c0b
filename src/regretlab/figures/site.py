"""``regretlab report``: a static, self-contained HTML site of what was found, built from ``paper_figures/``.

An index (each paper, each item with its verdict, the overview figure), one page per exported item (its
figure, where it is in the paper, the claims quoted with their readings and setups, each comparison with n,
effect, interval, adjusted p and look, the printed numbers beside ours, the diagnosis, provenance and the
command that re-decides it) and, when a verification report is given, a page of its verdicts (statement,
outcome, vacuity, sensitivity k, counterexample and replay command).

Everything comes from the files the project commits (the decision records, the exports' provenance, the run
archives' manifests, a ``verification.json``), through the same functions that write ``COMPARISON.md`` and
``DECISIONS.md`` (:func:`regretlab.figures.comparison.comparison_rows`, :func:`regretlab.decisions.setups.
over_setups`, the one verdict over every setup): the site never decides anything itself. Pages are rendered
with Jinja2 (autoescaped; the templates ship in ``regretlab/figures/templates``), the figures copied beside
them, no script and no network at view time; formulas are shown as MathML (latex2mathml), which browsers
render. The same inputs give the same bytes (sorted, no time stamps).
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter, defaultdict
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from latex2mathml.converter import convert
from markupsafe import Markup, escape
from PIL import Image

from regretlab._io import EXPORT_ROOT, atomic_write_text
from regretlab.bounds.references import REFERENCES
from regretlab.campaign.archive import segments
from regretlab.decisions.setups import claim_groups, over_setups, setup_readings
from regretlab.experiments.spec import display_name
from regretlab.verify.report import bites_cell, fails_from_cell, k_cell

from .comparison import comparison_rows
from .decisions import headline, read_records, why_open

__all__ = ["build_site"]


def _environment():
    env = Environment(loader=PackageLoader("regretlab.figures", "templates"),
                      autoescape=select_autoescape(["html"]), undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["num"] = _number
    env.filters["code_spans"] = _code_spans
    env.filters["mathml"] = _mathml
    env.filters["fields"] = _fields
    return env


def _mathml(latex) -> str:
    """``latex`` as display MathML, which browsers render natively, offline (latex2mathml: no script, no
    CDN). LaTeX it cannot convert stays visible as code, marked ``unrendered`` (the site check flags it).

    >>> str(_mathml(r"R_T\\le\\sqrt{T}")).startswith('<math xmlns="http://www.w3.org/1998/Math/MathML"')
    True
    """

    try:
        return Markup(convert(str(latex), display="block"))
    except Exception:   # a third party's LaTeX latex2mathml does not parse: shown, never dropped
        return Markup(f'<code class="unrendered">{escape(latex)}</code>')


def _fields(record) -> list[tuple[str, str]]:
    """A counterexample (a dict of what the check recorded) as (name, value) rows for a table: numbers to 6
    significant digits, lists joined, the replay command left out (shown on its own).

    >>> _fields({"path": 50, "mu - f": 2.5955033441, "x": [0.54182861, 0.75], "replay": "..."})
    [('path', '50'), ('mu - f', '2.5955'), ('x', '0.541829, 0.75')]
    """
    def shown(value) -> str:
        if isinstance(value, bool) or value is None:
            return str(value).lower()
        if isinstance(value, int):
            return str(value)
        if isinstance(value, float):
            return f"{value:.6g}"
        if isinstance(value, list | tuple):
            return ", ".join(shown(v) for v in value)
        if isinstance(value, dict):
            return "; ".join(f"{k} = {shown(v)}" for k, v in value.items())
        return str(value)

    return [(str(name), shown(value)) for name, value in dict(record).items() if name != "replay"]


def _code_spans(text) -> str:
    """``text`` HTML-escaped, with its Markdown code spans (`...`) as <code> elements (the details and the
    'why not decided' texts are written for Markdown files and showed their backticks on the site).

    >>> str(_code_spans("run `regretlab decide` <now>"))
    'run <code>regretlab decide</code> &lt;now&gt;'
    """

    parts = re.split(r"`([^`]+)`", str(text))
    return Markup("".join(str(escape(p)) if i % 2 == 0 else f"<code>{escape(p)}</code>"
                          for i, p in enumerate(parts)))


def _number(x, digits: int = 3) -> str:
    """A number for a table: 3 significant digits, '—' for None."""
    if x is None:
        return "—"
    if isinstance(x, (int, float)):
        return f"{x:.{digits}g}"
    return str(x)


def _page_name(key: str) -> str:
    return f"items/{key}.html"


#: The widest figure the site shows, in pixels: the exports' PNGs are 300-dpi print rasters (TranThe2020
#: Fig. 1: 1998 px, 1.3 MB); a page needs no more than a wide screen's width (not from a paper; chosen as
#: 1.4 x a 1024-px page's figure width, sharp on a high-density screen).
SITE_WIDTH = 1400


def _copy(source: Path, target: Path) -> bool:
    """Copy a figure into the site: a PNG wider than :data:`SITE_WIDTH` downscaled to it and stored with a
    256-colour palette (Pillow, which matplotlib brings; TranThe2020 Fig. 1: 1.3 MB -> about 0.5 MB), the
    export itself untouched."""
    if not source.is_file():
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.suffix == ".png":
        with Image.open(source) as image:
            if image.width > SITE_WIDTH:
                height = round(image.height * SITE_WIDTH / image.width)
                smaller = image.convert("RGB").resize((SITE_WIDTH, height), Image.Resampling.LANCZOS)
                smaller.quantize(colors=256, method=Image.Quantize.MEDIANCUT,
                                 dither=Image.Dither.NONE).save(target, optimize=True)
                return True
    shutil.copyfile(source, target)
    return True


def _archive(root: Path, spec: str) -> dict | None:
    """The run archive of ``spec``: its segments' files, their total size and members, if archived."""

    parts = segments(spec, root)
    if not parts:
        return None
    return {"file": ", ".join(f"runs/{path.name[: -len('.json')]}.tar.xz" for path, _ in parts),
            "bytes": sum(m["archive_bytes"] for _, m in parts),
            "sha256": ", ".join(m["archive_sha256"] for _, m in parts),
            "members": sum(len(m["members"]) for _, m in parts),
            "shared": sum(len(m.get("shared", [])) for _, m in parts)}


def _comparisons(record: dict) -> list[dict]:
    rows = []
    for claim in record["claims"]:
        for x in claim["comparisons"]:
            effect = x.get("effect") or {}
            # the legend's names (Add-1/24), not the internal ids (Kandasamy2015/Add-d/M(d=1, M=24)), which
            # made 13 pages scroll sideways at 1024 px
            rows.append({"reading": claim["key"], "method": display_name(x["method"]),
                         "other": display_name(x["other"]),
                         "problem": x["problem"], "n": x.get("n") or [], "effect": effect,
                         "adjusted": x.get("adjusted") or [], "level": x.get("level"), "look": x.get("look"),
                         "decision": x["decision"], "runs_needed": x.get("runs_needed")})
    return rows


def _item(row, root: Path, records: dict, out: Path) -> dict:
    key, reference, mode, verdict, details, stem = row
    paper = stem.split("/")[0]
    # the PNG beside the page (the PDF and CSV stay in paper_figures/, named in the provenance)
    copied = _copy(root / f"{stem}.png", out / "figures" / f"{stem}.png")
    figure = f"../figures/{stem}.png" if copied else None
    record = records.get(key)
    item = {"key": key, "paper": paper, "reference": reference, "mode": mode, "verdict": verdict,
            "details": details, "figure": figure, "page": _page_name(key), "record": None}
    if record is not None:
        readings = setup_readings(key, root)
        item["record"] = {
            "verdict": record["verdict"],
            "over_setups": over_setups(record, readings) if readings else record["verdict"],
            "headline": headline(record, readings),
            "setups": record.get("setups") or [],
            "setup_readings": [{"setup": r["setup"], "key": r["key"],
                                "verdict": r["record"]["verdict"] if r["record"] else "pending"}
                               for r in readings],
            "claims": [dict(g, why=why_open(record, g)) for g in claim_groups(record)],
            "readings": record["claims"],
            "comparisons": _comparisons(record),
            "printed": record.get("printed"),
            "diagnosis": record.get("diagnosis") or [],
            "commits": record.get("commits") or [],
            "looks": record.get("looks"), "looks_taken": record.get("looks_taken"),
            "alpha": record.get("alpha"), "spending": record.get("spending"),
            "core_hours": record.get("core_hours"), "runs": record.get("runs") or {},
            "next_look": record.get("next_look"),
            "archive": _archive(root, key),
        }
    return item


def _citation(paper: str) -> str:
    """The paper's reference as the docs cite it (authors, title, venue, year), from the project's list."""

    ref = REFERENCES.get(paper)
    return str(ref) if ref is not None else paper


def latest_verification(export_root=EXPORT_ROOT, reports="reports") -> Path | None:
    """The verification report ``regretlab report`` shows: the user's latest ``regretlab verify`` report
    (``<reports>/verification.json``, verify's default folder) when there is one, else the export folder's
    committed quick report, else its thorough one, else None."""
    own = Path(reports) / "verification.json"
    if own.is_file():
        return own
    for profile in ("quick", "thorough"):
        candidate = Path(export_root) / "verification" / profile / "verification.json"
        if candidate.is_file():
            return candidate
    return None


def _verification(path: Path | None, export_root: Path) -> dict | None:
    if path is None or not Path(path).is_file():
        return None
    payload = json.loads(Path(path).read_text(encoding="utf-8"))
    claims = {c["id"]: c for c in payload["claims"]}
    verdicts = []
    for v in payload["verdicts"]:
        power = v.get("power") or {}
        verdicts.append({**v, "k": k_cell(v["outcome"], power), "bites": bites_cell(power),
                         "fails_from": fails_from_cell(power),
                         "weak": bool(power.get("weak")),
                         "anchor": f"{v['claim']}-{v['reading']}".replace(":", "_").replace(".", "_")})
    committed = Path(path).resolve().is_relative_to(Path(export_root).resolve())
    origin = ("the export folder's committed report" if committed else
              "a report written by regretlab verify, not the committed one")
    return {"profile": payload["profile"], "seed": payload["seed"], "commit": payload.get("commit"),
            "source": Path(path).as_posix(), "origin": origin, "claims": claims, "verdicts": verdicts,
            "not_checked": payload.get("not_checked", {})}


def build_site(export_root=EXPORT_ROOT, out="site", verification=None) -> Path:
    """Build the site from ``export_root`` into ``out`` (made if missing; its pages and figures replaced);
    ``verification``: a ``verification.json`` (default: ``<export_root>/verification/quick/verification.json``
    where it exists, else the thorough one, else no verification page). Returns the index's path."""
    root, out = Path(export_root), Path(out)
    if not (root / "decisions").is_dir():
        raise ValueError(f"export_root={str(root)!r} holds no decisions/ folder: build the site from an "
                         "export folder such as the clone's paper_figures/")
    if verification is None:
        for profile in ("quick", "thorough"):
            candidate = root / "verification" / profile / "verification.json"
            if candidate.is_file():
                verification = candidate
                break
    env = _environment()
    records = {r["item"]: r for r in read_records(root)}
    items = [_item(row, root, records, out) for row in sorted(comparison_rows(root))]
    by_paper: dict[str, list[dict]] = defaultdict(list)
    for item in items:
        by_paper[item["paper"]].append(item)
    overview = "DECISIONS.png" if _copy(root / "DECISIONS.png", out / "DECISIONS.png") else None
    report = _verification(verification, root)
    written = []
    for item in items:
        written.append(atomic_write_text(out / item["page"], env.get_template("item.html").render(
            item=item, report=report)))
    if report is not None:
        written.append(atomic_write_text(out / "verification.html",
                                         env.get_template("verification.html").render(report=report)))
    for paper, own in sorted(by_paper.items()):   # a page per paper: its items and their verdicts
        counts = sorted(Counter(item["verdict"].split(" over every setup")[0] for item in own).items(),
                        key=lambda kv: (-kv[1], kv[0]))
        page = env.get_template("paper.html").render(paper=paper, items=own, counts=counts,
                                                     citation=_citation(paper), report=report)
        written.append(atomic_write_text(out / "papers" / f"{paper}.html", page))
    index = atomic_write_text(out / "index.html", env.get_template("index.html").render(
        papers=sorted(by_paper.items()), overview=overview, report=report))
    return index
