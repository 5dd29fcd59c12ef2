"""Printing: `folio build --pdf` prints the guide's print.html with Chromium into a PDF whose pages
are the site's pages (pdfinfo and pdftotext, from Debian's poppler-utils, read it), and the
reader's Print button loads print.html only when pressed.

Without Chromium or poppler-utils the PDF tests are skipped, or fail when FOLIO_REQUIRE_SHARED is
set (as CI sets it)."""
import json
import re
import shutil
import subprocess
import unicodedata
import xml.etree.ElementTree as ElementTree
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import FOLIO, FIXTURES, REQUIRE_SHARED, ROOT, serving


def tool(name: str, package: str) -> str:
    """A program the test needs: skipped without it, or failed when FOLIO_REQUIRE_SHARED is set."""
    path = shutil.which(name)
    if path is None:
        message = f"{name} is missing: `apt-get install {package}` (make test does)"
        if REQUIRE_SHARED:
            pytest.fail(f"{message}, and FOLIO_REQUIRE_SHARED is set", pytrace=False)
        pytest.skip(f"{message}; skipped (FOLIO_REQUIRE_SHARED=1 makes this a failure)")
    return path


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """The guide built with `--pdf`: its site, and the PDF beside it."""
    tool("chromium", "chromium")
    tool("pdfinfo", "poppler-utils")
    out = tmp_path_factory.mktemp("printed")
    result = subprocess.run([str(FOLIO), "build", str(ROOT / "content"), "-o", str(out / "site"), "--pdf"],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    pdfs = list(out.glob("*.pdf"))
    assert [pdf.name for pdf in pdfs] == ["the-folio-guide.pdf"], result.stderr
    assert f"into {pdfs[0]} in" in result.stderr, result.stderr
    # Chromium's own messages are not the user's concern when it succeeds.
    assert "ERROR" not in result.stderr, result.stderr
    return out / "site", pdfs[0]


def reading_order(site: Path) -> list:
    return [item["href"] for item in json.loads((site / "manifest.json").read_text())["readingOrder"]]


def test_the_pdf_has_the_sites_pages_at_the_page_size(printed):
    site, pdf = printed
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    manifest = json.loads((site / "manifest.json").read_text())
    pages = int(re.search(r"^Pages:\s+(\d+)$", info, re.M).group(1))
    assert pages == manifest["metadata"]["numberOfPages"] == len(manifest["readingOrder"])
    geometry = (site / "assets/geometry.css").read_text()
    width, height = (float(re.search(rf"--page-{side}: ([\d.]+)px", geometry).group(1)) for side in ("width", "height"))
    # CSS px are 3/4 of a PDF point, and every sheet is one size (pdfinfo -l gives each page's).
    # Chromium rounds a sheet up to its device units, 1/300 inch: the guide's pages are whole units.
    sizes = set(re.findall(r"^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", subprocess.run(
        ["pdfinfo", "-f", "1", "-l", str(pages), str(pdf)], capture_output=True, text=True, check=True).stdout, re.M))
    assert len(sizes) == 1
    sheet = [float(points) for points in sizes.pop()]
    assert all(0 <= found - px * 0.75 < 0.5 for found, px in zip(sheet, (width, height))), (sheet, width, height)


class PageText(HTMLParser):
    """What a page document shows of its page: the running head, the page's text with each item of
    an ordered list numbered (a marker is text in a PDF), and its number; not a formula's TeX, which
    MathML keeps out of sight. The SVG images it shows, whose text a PDF holds too, in `svgs`."""
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__()
        self.parts, self.svgs, self.open, self.numbers = [], [], [], []
        self.shown = self.hidden = 0

    def handle_starttag(self, tag, attributes):
        attributes = dict(attributes)
        classes = (attributes.get("class") or "").split()
        if tag in self.VOID:
            if tag == "img" and self.shown and attributes.get("src", "").endswith(".svg"):
                self.svgs.append(attributes["src"])
            return
        shows, hides = tag == "article" or "running-head" in classes, tag == "annotation"
        self.open.append((tag, shows, hides))
        self.shown += shows
        self.hidden += hides
        if tag in ("ol", "ul"):
            self.numbers.append(int(attributes.get("start") or 1) if tag == "ol" else None)
        elif tag == "li" and self.numbers and self.numbers[-1] is not None:
            # A list item continued from the page before has no marker, but counts.
            if "continued" not in classes:
                self.parts.append(f" {self.numbers[-1]}. ")
            self.numbers[-1] += 1

    def handle_endtag(self, tag):
        while self.open and tag not in self.VOID:
            opened, shows, hides = self.open.pop()
            self.shown -= shows
            self.hidden -= hides
            if opened in ("ol", "ul"):
                self.numbers.pop()
            if opened == tag:
                break

    def handle_data(self, data):
        if self.shown and not self.hidden:
            self.parts.append(data)


def svg_text(path: Path) -> str:
    shown = (e for e in ElementTree.parse(path).iter() if not e.tag.endswith(("}title", "}desc")))
    return " ".join(e.text or "" for e in shown)


def comparable(text: str, contents: bool) -> str:
    """The characters of a text as compared: without whitespace, soft hyphens (a PDF keeps them
    where the page broke no line), the hyphen the theme adds to a word that runs on to the next
    page, and, on the contents page, the dots of the leaders."""
    text = re.sub(r"[\s\u00ad\u2010]", "", unicodedata.normalize("NFKC", text))
    return text.replace(".", "") if contents else text


def test_each_page_of_the_pdf_holds_the_text_of_that_page_of_the_site(printed):
    site, pdf = printed
    # -layout reads lines as they are set: without it pdftotext joins a word broken at a hyphen.
    sheets = subprocess.run(["pdftotext", "-layout", "-enc", "UTF-8", str(pdf), "-"],
                            capture_output=True, text=True, check=True).stdout.split("\f")
    in_order = 0
    pages = reading_order(site)
    for number, href in enumerate(pages, start=1):
        document = site / href
        page = PageText()
        page.feed(document.read_text())
        contents = "page-contents" in document.read_text()
        expected = comparable("".join(page.parts), contents)
        found = comparable(sheets[number - 1], contents)
        images = comparable("".join(svg_text(document.parent / src) for src in page.svgs), contents)
        assert Counter(found) == Counter(expected + images), f"page {number} ({href}): {found!r} is not {expected!r}"
        in_order += found == expected
    # pdftotext may read the runs of a line in another order (a table's cells, a formula, a line
    # of several sizes), and the text of an image among the page's: most pages read as written.
    assert in_order >= 0.9 * len(pages), f"only {in_order} of {len(pages)} pages read in order"


def test_links_to_pages_stay_links_inside_the_pdf(printed):
    site, pdf = printed
    pages = reading_order(site)
    destinations = subprocess.run(["pdfinfo", "-dests", str(pdf)], capture_output=True, text=True, check=True).stdout
    named = {name: int(page) for page, name in re.findall(r'^\s*(\d+)\s+\[.*\]\s+"(.*)"$', destinations, re.M)}
    # Each page is a destination on its own sheet, and each heading one on the sheet of its page.
    for name, sheet in named.items():
        if name in pages:
            assert sheet == pages.index(name) + 1, name
    chapters = {href for href in pages if href.endswith("/1.html")} - {"title/1.html", "contents/1.html"}
    assert chapters <= named.keys()
    # The contents page links to every chapter's first page: internal links (/Dest), not addresses.
    links = {name.replace("#2F", "/") for name in re.findall(rb"/Dest /([^\s/>\]]+)", pdf.read_bytes()) for name in [name.decode()]}
    assert chapters <= links
    assert not [uri for uri in re.findall(rb"/URI \(([^)]*)\)", pdf.read_bytes()) if uri.startswith(b"file:")]


def test_the_print_button_loads_print_html_only_when_pressed_and_prints_it(browser, tmp_path):
    out = tmp_path / "site"
    result = subprocess.run([str(FOLIO), "build", str(FIXTURES / "long-text/book"), "-o", str(out), "--print"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    with serving(out) as address:
        page = browser.new_page()
        # In every frame: print() counted rather than a dialog opened.
        page.add_init_script("window.print = () => { window.top.__printed = (window.top.__printed || 0) + 1; };")
        requested = []
        page.on("request", lambda request: requested.append(request.url))
        page.goto(f"{address}/{reading_order(out)[2]}")
        button = page.locator("[data-folio=print]")
        button.wait_for()
        page.wait_for_timeout(300)
        assert not [url for url in requested if url.endswith("/print.html")]
        button.click()
        page.wait_for_function("window.__printed === 1", timeout=10000)
        assert [url for url in requested if url.endswith("/print.html")] == [f"{address}/print.html"]
        # Ctrl+P prints the book too, not the reader as it stands.
        page.keyboard.press("Control+p")
        page.wait_for_function("window.__printed === 2", timeout=10000)
        page.close()


def test_without_print_there_is_no_print_html_and_no_button(browser, sites, server):
    assert not (sites["long-text"] / "print.html").exists()
    page = browser.new_page()
    page.goto(f"{server}/long-text/{reading_order(sites['long-text'])[0]}")
    page.locator("[data-folio=reader]").wait_for()
    assert page.locator("[data-folio=print]").count() == 0
    page.close()
