"""Tests of built sites: books built by the real `folio` binary; the browser tests serve
them over HTTP on loopback and open them in Debian's Chromium through Playwright."""
import contextlib
import functools
import http.server
import os
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
FOLIO = Path(os.environ.get("FOLIO_BIN", ROOT / ".build/debug/folio"))
FIXTURES = ROOT / "Tests/Fixtures"
# The shared reference material (the Readium schemas, the Mustache spec): ../shared beside the
# package, or $FOLIO_SHARED. CI sets FOLIO_REQUIRE_SHARED=1, so that a missing folder fails there.
SHARED = Path(os.environ.get("FOLIO_SHARED", ROOT.parent / "shared"))
REQUIRE_SHARED = bool(os.environ.get("FOLIO_REQUIRE_SHARED"))


def shared(name: str) -> Path:
    """A folder of the shared material. When it is missing, the test is skipped, or fails when
    FOLIO_REQUIRE_SHARED is set."""
    folder = SHARED / name
    if not folder.is_dir():
        if REQUIRE_SHARED:
            pytest.fail(f"FOLIO_REQUIRE_SHARED is set, but {folder} is missing", pytrace=False)
        pytest.skip(f"{folder} is missing; skipped (FOLIO_REQUIRE_SHARED=1 makes this a failure)")
    return folder


def good_fixtures():
    """Every fixture book that builds (its `expect` says exit 0)."""
    return sorted(p.name for p in FIXTURES.iterdir() if (p / "expect").exists()
                  and "exit 0" in (p / "expect").read_text().splitlines())


def build(book: Path, out: Path) -> Path:
    """Builds a book with the real binary; the site's folder."""
    result = subprocess.run([str(FOLIO), "build", str(book), "-o", str(out)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="session")
def sites(tmp_path_factory):
    """The books the page tests read: the guide, the long-text fixture, every construct, a
    right-to-left book, tables with footnotes, a book of long code listings, a Chinese technical book,
    a book of formulas, asides and definition lists split across pages, and contents of several
    pages."""
    if not FOLIO.exists():
        pytest.fail(f"{FOLIO} is missing: run `swift build` first (make test does)")
    out = tmp_path_factory.mktemp("sites")
    return {
        "content": build(ROOT / "content", out / "content"),
        "long-text": build(ROOT / "Tests/Fixtures/long-text/book", out / "long-text"),
        "every-construct": build(ROOT / "Tests/Fixtures/every-construct/book", out / "every-construct"),
        "reader-rtl": build(ROOT / "Tests/Fixtures/reader-rtl/book", out / "reader-rtl"),
        "tables": build(ROOT / "Tests/Fixtures/tables/book", out / "tables"),
        "code-heavy": build(ROOT / "Tests/Fixtures/code-heavy/book", out / "code-heavy"),
        "cjk-technical": build(ROOT / "Tests/Fixtures/cjk-technical/book", out / "cjk-technical"),
        "math": build(ROOT / "Tests/Fixtures/math/book", out / "math"),
        "split-asides": build(ROOT / "Tests/Fixtures/split-asides/book", out / "split-asides"),
        "contents-numbers": build(ROOT / "Tests/Fixtures/contents-numbers/book", out / "contents-numbers"),
    }


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serving(root: Path):
    """A static server on 127.0.0.1 for the folder; its address."""
    handler = functools.partial(QuietHandler, directory=str(root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()


@pytest.fixture(scope="session")
def server(sites):
    """One static server on 127.0.0.1 for every site: /<site-name>/…"""
    with serving(next(iter(sites.values())).parent) as address:
        yield address


@pytest.fixture(scope="session")
def browser():
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("Chromium is missing: `apt-get install chromium` (make test does)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        yield browser
        browser.close()


# The reader's books (Tests/site/test_reader.py, bench/reader_frames.py) -----------------------

READER_FIXTURES = ("reader-rtl", "reader-vertical", "reader-scroll")


def generate_book(folder: Path, chapters: int, pages_per_chapter: int, title: str = "Long") -> Path:
    """Writes a book of exactly `chapters × pages_per_chapter` pages: no title or contents page,
    chapters that open on any side, and an explicit page break between one short paragraph and
    the next, so the page count does not depend on fonts. The book's folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "book.yml").write_text(
        f"title: {title}\npage:\n  title-page: false\n  contents-page: false\n  chapter-start: any\n")
    breaks = "\n\n<!-- pagebreak -->\n\n"
    for c in range(1, chapters + 1):
        pages = (f"Page {p} of chapter {c}. A short paragraph, so that the page is real text."
                 for p in range(1, pages_per_chapter + 1))
        (folder / f"{c:04d}-chapter.md").write_text(f"# Chapter {c}\n\n" + breaks.join(pages) + "\n")
    return folder


@pytest.fixture(scope="session")
def reader_sites(sites):
    """The reader's fixture books, built next to `sites` so that `server` serves them too:
    /reader-rtl/…, /reader-vertical/…, /reader-scroll/…"""
    root = sites["content"].parent
    return {name: build(FIXTURES / name / "book", root / name) for name in READER_FIXTURES}


@pytest.fixture(scope="session")
def long_site(sites, tmp_path_factory):
    """A 2,000-page book (250 chapters of 8 pages), generated and built at test time: /long/…"""
    book = generate_book(tmp_path_factory.mktemp("long-book"), 250, 8)
    return build(book, sites["content"].parent / "long")


def guide_picture(tab, artifacts, name):
    """A screenshot for the guide, content/images/NAME: kept with the test's artifacts, and made
    again in the guide when it is missing or when FOLIO_GUIDE_PICTURES is set, as each run's bytes
    differ a little (and a picture of the reader may show the page that holds it)."""
    tab.screenshot(path=artifacts / name)
    picture = ROOT / "content/images" / name
    if os.environ.get("FOLIO_GUIDE_PICTURES") or not picture.exists():
        shutil.copyfile(artifacts / name, picture)


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory):
    """Where the browser tests leave their screenshots (pytest keeps its last few base temps)."""
    folder = tmp_path_factory.getbasetemp() / "artifacts"
    folder.mkdir(exist_ok=True)
    return folder
