"""The report site in a real browser (`tox -e report`): headless Chromium (Debian's package) driven by
Selenium opens every page of the built site, fails on an image that does not load, a link to a missing
page or anchor, or an item page without its verdict and figure, and saves screenshots of the index and of
one item page. Deselected by default (marker ``browser``): the default suite checks the same site
structurally (tests/experiments/test_site.py) and needs no browser."""

import os
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

SITE = Path(os.environ.get("REGRETLAB_SITE", "site")).resolve()


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver")
    driver_path = shutil.which("chromedriver")
    if driver_path is None:
        pytest.fail("chromedriver not found: tox -e report installs Debian's chromium and chromium-driver")
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1600",
                 "--allow-file-access-from-files"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=webdriver.ChromeService(executable_path=driver_path), options=options)
    yield driver
    driver.quit()


def _pages():
    if not (SITE / "index.html").is_file():
        pytest.fail(f"no site at {SITE}: run `regretlab report --site {SITE}` first")
    return sorted(SITE.rglob("*.html"))


def test_every_page_loads_its_images_and_its_links_resolve(browser):
    from selenium.webdriver.common.by import By

    pages = _pages()
    for page in pages:
        browser.get(page.as_uri())
        for img in browser.find_elements(By.TAG_NAME, "img"):
            loaded = browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0",
                                            img)
            assert loaded, (page, img.get_attribute("src"))
        for link in browser.find_elements(By.TAG_NAME, "a"):
            href = link.get_attribute("href")
            parts = urlsplit(href)
            assert parts.scheme == "file", (page, href)
            target = Path(parts.path)
            assert target.is_file(), (page, href)
            if parts.fragment:
                assert f'id="{parts.fragment}"' in target.read_text(encoding="utf-8"), (page, href)


@pytest.mark.parametrize("width", [1024, 1400])
def test_no_page_scrolls_sideways_or_shows_raw_latex_or_backticks(browser, width):
    """Issue 76.6 / 76.4: at 1024 and 1400 px no page is wider than the window, and no page's visible text
    holds a LaTeX command or a backtick; the verification page's formulas are laid out as MathML (their
    boxes have width)."""
    import re

    from selenium.webdriver.common.by import By

    browser.set_window_size(width, 1200)
    wide, raw = [], []
    for page in _pages():
        browser.get(page.as_uri())
        scroll, client = browser.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        if scroll > client:
            wide.append(f"{page.relative_to(SITE)}: {scroll} > {client} px")
        text = browser.find_element(By.TAG_NAME, "body").text
        for pattern in (r"\\[A-Za-z]+", "`"):
            found = re.search(pattern, text)
            if found:
                raw.append(f"{page.relative_to(SITE)}: {text[max(0, found.start() - 40):found.end() + 40]!r}")
    assert not wide, wide
    assert not raw, raw[:10]
    if (SITE / "verification.html").is_file():
        browser.get((SITE / "verification.html").as_uri())
        widths = browser.execute_script(
            "return Array.from(document.querySelectorAll('math')).map(m => m.getBoundingClientRect().width)")
        assert widths and min(widths) > 10, widths[:5]


def test_item_pages_show_their_verdict_and_figure_and_screenshots_are_saved(browser):
    from selenium.webdriver.common.by import By

    shots = SITE / "screenshots"
    shots.mkdir(exist_ok=True)
    for page in sorted((SITE / "items").glob("*.html")):
        browser.get(page.as_uri())
        verdict = browser.find_element(By.ID, "verdict")
        assert verdict.is_displayed() and verdict.text.strip(), page
    browser.get((SITE / "index.html").as_uri())
    assert browser.save_screenshot(str(shots / "index.png"))
    browser.get((SITE / "items" / "Li2016.table1.html").as_uri())
    figure = browser.find_element(By.CSS_SELECTOR, "figure img")
    assert figure.is_displayed()
    assert browser.save_screenshot(str(shots / "Li2016.table1.png"))
    if (SITE / "verification.html").is_file():   # at a claim's section: its statement rendered as MathML
        browser.get((SITE / "verification.html").as_uri() + "#ADD_eq14_erratum-A")
        assert browser.find_element(By.TAG_NAME, "math").is_displayed()
        assert browser.save_screenshot(str(shots / "verification.png"))
