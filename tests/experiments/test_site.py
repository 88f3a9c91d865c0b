"""`regretlab report`'s site, checked structurally (no browser needed): built from the committed
paper_figures/, every local link, image and anchor resolves, every item has a page showing its verdict and
its figure, nothing is loaded from the network, and the same inputs give the same bytes."""

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2] / "paper_figures"

pytestmark = pytest.mark.skipif(not (ROOT / "decisions").is_dir(),
                                reason="needs the checkout's paper_figures/")


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.sources, self.ids, self.scripts = [], [], set(), 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and "href" in attrs:
            self.links.append(attrs["href"])
        if tag in ("img", "script", "link", "iframe") and (attrs.get("src") or attrs.get("href")):
            self.sources.append(attrs.get("src") or attrs.get("href"))
        if tag == "script":
            self.scripts += 1


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from regretlab.figures.site import build_site

    out = tmp_path_factory.mktemp("site")
    build_site(ROOT, out)
    return out


def test_every_link_image_and_anchor_resolves_and_nothing_comes_from_the_network(site):
    pages = sorted(site.rglob("*.html"))
    parsed = {p: _parse(p) for p in pages}
    assert len(pages) > 30
    for page, found in parsed.items():
        assert found.scripts == 0, page
        for source in found.sources:
            assert not urlsplit(source).scheme, (page, source)       # no CDN, no network at view time
            assert (page.parent / source).resolve().is_file(), (page, source)
        for link in found.links:
            parts = urlsplit(link)
            assert not parts.scheme, (page, link)
            target = (page.parent / parts.path).resolve() if parts.path else page
            assert target.is_file(), (page, link)
            if parts.fragment:
                assert parts.fragment in parsed[target].ids, (page, link)


def test_every_item_has_a_page_with_its_verdict_and_its_figure(site):
    from regretlab.figures.comparison import comparison_rows

    index = (site / "index.html").read_text(encoding="utf-8")
    for key, _, _, verdict, _, stem in comparison_rows(ROOT):
        page = site / "items" / f"{key}.html"
        assert f'href="items/{key}.html"' in index
        text = page.read_text(encoding="utf-8")
        assert f'id="verdict">{verdict}<' in text.replace("&#39;", "'"), key
        if (ROOT / f"{stem}.png").is_file():
            assert f'src="../figures/{stem}.png"' in text, key
    decided = site / "items" / "Li2016.table1.html"
    text = decided.read_text(encoding="utf-8")
    for section in ('id="claims"', 'id="comparisons"', 'id="printed"', 'id="diagnosis"', 'id="provenance"',
                    "regretlab decide Li2016.table1", "why not decided"):
        assert section in text
    # issue 76.2: a reading's heading names it as a reading of its claim, so the claim's id never shows
    # beside a reading's decision as if it were the claim's verdict
    assert "Reading “" in text and not re.search(r"<h3[^>]*>Li2016\.tab1\.c\d+[^ ]*: <span", text)


def test_each_paper_has_a_page_listing_its_items_linked_both_ways(site):
    """Issue 76.8: 'an index per paper' was a section of the index: each paper now has a page with its
    citation, its items' verdicts counted and each item linked; the index and each item page link to it."""
    from regretlab.figures.comparison import comparison_rows

    index = (site / "index.html").read_text(encoding="utf-8")
    by_paper = {}
    for key, *_ in comparison_rows(ROOT):
        by_paper.setdefault(key.split(".")[0], []).append(key)
    from regretlab.bounds.papers import SUBJECTS

    assert set(by_paper) == {paper.key for paper in SUBJECTS}
    for paper, keys in by_paper.items():
        page = (site / "papers" / f"{paper}.html").read_text(encoding="utf-8")
        assert f'href="papers/{paper}.html"' in index
        assert f"{len(keys)} items: " in page and all(f'href="../items/{k}.html"' in page for k in keys)
        item = (site / "items" / f"{keys[0]}.html").read_text(encoding="utf-8")
        assert f'href="../papers/{paper}.html"' in item
    assert "Restricted Projection Pursuit" in (site / "papers" / "Li2016.html").read_text(encoding="utf-8")


def test_the_same_inputs_give_the_same_bytes(site, tmp_path):
    from regretlab.figures.site import build_site

    build_site(ROOT, tmp_path / "again")
    first = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    again = {p.relative_to(tmp_path / "again"): p.read_bytes() for p in (tmp_path / "again").rglob("*")
             if p.is_file()}
    assert first == again


def test_a_folder_without_decisions_is_refused_by_name(tmp_path):
    from regretlab.figures.site import build_site

    with pytest.raises(ValueError, match="export_root="):
        build_site(tmp_path / "nothing", tmp_path / "out")


def test_the_verification_page_renders_math_and_counterexamples_as_tables(site):
    """Issue 76.4: every claim's LaTeX is MathML (no backslash command left in the visible text, none marked
    unrendered) and every counterexample a table of its fields (no JSON, no \\u0027 escapes)."""
    html = (site / "verification.html").read_text(encoding="utf-8")
    visible = re.sub(r"<math.*?</math>", "", html, flags=re.S)
    visible = re.sub(r"<code>regretlab verify[^<]*</code>", "", visible)
    assert html.count("<math ") >= 20 and 'class="unrendered"' not in html
    assert not re.search(r"\\(le|Pr|sum|frac|sqrt|big|Big|mathbf)\b", visible)
    assert "\\u0027" not in html and '{"' not in html and "&#34;" not in html
    assert html.count('class="small fields"') >= 3 and "<th>mu - f</th>" in html
    assert "the export folder&#39;s committed report" in html.replace("'", "&#39;")


def test_report_shows_the_users_latest_verify_report_and_says_so(tmp_path, monkeypatch, capsys):
    """Issue 76.4: with ./reports/verification.json present (what `regretlab verify` writes by default),
    `regretlab report` shows it, prints which, and the page says it is not the committed report; without
    it, the export folder's committed quick report."""
    import json

    from regretlab.cli import main
    from regretlab.figures.site import latest_verification

    monkeypatch.chdir(tmp_path)
    assert latest_verification(ROOT) == ROOT / "verification" / "quick" / "verification.json"
    (tmp_path / "reports").mkdir()
    mine = json.loads((ROOT / "verification" / "quick" / "verification.json").read_text(encoding="utf-8"))
    mine["seed"] = 12345
    (tmp_path / "reports" / "verification.json").write_text(json.dumps(mine), encoding="utf-8")
    assert latest_verification(ROOT) == Path("reports") / "verification.json"
    assert main(["report", "--export-dir", str(ROOT), "--site", str(tmp_path / "site")]) == 0
    out = capsys.readouterr().out
    assert "verification page: reports/verification.json (your latest regretlab verify" in out
    page = (tmp_path / "site" / "verification.html").read_text(encoding="utf-8")
    assert "seed 12345" in page and "not the committed one" in page


def test_no_committed_export_was_made_from_a_dirty_tree():
    """An export from a dirty tree is not evidence: every committed export's provenance names a clean commit
    (three carried '+dirty' after a second export process ran beside the first's written files)."""
    import json

    exports = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(ROOT.glob("*/*.json"))]
    commits = {e["spec"]: e.get("export_commit") for e in exports if "spec" in e and "kind" in e}
    assert len(commits) > 30
    dirty = sorted(k for k, c in commits.items() if c is None or c.endswith("+dirty"))
    assert not dirty, dirty


def test_the_site_shows_print_rasters_at_screen_size(site):
    """Issue 76.7: the exports' 300-dpi PNGs (TranThe2020 Fig. 1: 1998 px, 1.3 MB) are copied into the site
    at most SITE_WIDTH wide with a palette; the export in paper_figures/ is left as it is."""
    from PIL import Image

    from regretlab.figures.site import SITE_WIDTH

    shown, export = site / "figures" / "TranThe2020" / "fig1.png", ROOT / "TranThe2020" / "fig1.png"
    with Image.open(shown) as small, Image.open(export) as big:
        assert small.width == SITE_WIDTH < big.width
        assert abs(small.height / small.width - big.height / big.width) < 0.01
    assert shown.stat().st_size < 0.6 * export.stat().st_size
