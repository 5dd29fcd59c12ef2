"""`folio build --epub`: the EPUB of the guide, a right-to-left book, a vertical book, a Chinese
book and a book of images and tables passes epubcheck with no error and no warning, two builds
give the same bytes, and its pages, unzipped, show in Chromium at their size without overflowing."""
import json
import re
import shutil
import subprocess
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from conftest import FOLIO, ROOT, serving

BOOKS = {
    "content": ROOT / "content",
    "reader-rtl": ROOT / "Tests/Fixtures/reader-rtl/book",
    "reader-vertical": ROOT / "Tests/Fixtures/reader-vertical/book",
    "cjk-technical": ROOT / "Tests/Fixtures/cjk-technical/book",
    "every-construct": ROOT / "Tests/Fixtures/every-construct/book",
    "tables": ROOT / "Tests/Fixtures/tables/book",
}


def epubcheck_command():
    """epubcheck: Debian installs it as a jar, which runs as a command only where the system runs jars."""
    for jar in ("/usr/share/java/epubcheck.jar", "/usr/local/share/java/epubcheck.jar"):
        if Path(jar).exists() and shutil.which("java"):
            return ["java", "-jar", jar]
    found = shutil.which("epubcheck")
    if found is None:
        pytest.fail("epubcheck is missing: `apt-get install epubcheck` (make test does)")
    return [found]


def build_epub(book: Path, out: Path) -> Path:
    result = subprocess.run([str(FOLIO), "build", str(book), "-o", str(out), "--epub"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    (epub,) = out.glob("*.epub")
    return epub


@pytest.fixture(scope="module")
def epubs(tmp_path_factory):
    out = tmp_path_factory.mktemp("epubs")
    return {name: build_epub(book, out / name) for name, book in BOOKS.items()}


def test_epubcheck_finds_nothing(epubs):
    command = epubcheck_command()
    def check(epub):
        return epub, subprocess.run(command + [str(epub)], capture_output=True, text=True)
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(check, epubs.values()))
    for epub, result in results:
        report = result.stdout + result.stderr
        assert "0 fatals / 0 errors / 0 warnings" in report or "No errors or warnings detected" in report, f"{epub.parent.name}:\n{report}"
        assert result.returncode == 0, report


def test_two_builds_give_the_same_bytes(epubs, tmp_path):
    again = build_epub(BOOKS["content"], tmp_path / "again")
    assert again.name == epubs["content"].name == "the-folio-guide.epub"
    assert again.read_bytes() == epubs["content"].read_bytes()


def test_the_spine_is_the_sites_pages(epubs):
    """One content document per page of the site, in its order, on its side; `mimetype` first and stored."""
    for name, epub in epubs.items():
        manifest = json.loads((epub.parent / "manifest.json").read_text(encoding="utf-8"))
        with zipfile.ZipFile(epub) as archive:
            first = archive.infolist()[0]
            assert (first.filename, first.compress_type, archive.read(first)) == ("mimetype", zipfile.ZIP_STORED, b"application/epub+zip")
            package = archive.read("EPUB/package.opf").decode()
        items = dict(re.findall(r'<item id="([^"]+)" href="([^"]+)"', package))
        spine = re.findall(r'<itemref idref="([^"]+)" properties="([^"]+)"', package)
        pages = [(entry["href"], entry["properties"]["page"]) for entry in manifest["readingOrder"]]
        assert [(items[idref].replace(".xhtml", ".html"), side.split("-")[-1]) for idref, side in spine] == pages, name
        rtl = manifest["metadata"]["readingProgression"] == "rtl"
        assert ('page-progression-direction="rtl"' in package) == rtl, name


def test_a_vertical_book_says_how_its_epub_turns(tmp_path):
    result = subprocess.run([str(FOLIO), "build", str(BOOKS["reader-vertical"]), "-o", str(tmp_path / "site"), "--epub"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "EPUB readers turn pages sideways" in result.stderr


MEASURE = """() => {
    const box = document.querySelector('.page-body');
    const page = document.querySelector('.page').getBoundingClientRect();
    return {
        overflowY: box.scrollHeight - box.clientHeight,
        overflowX: box.scrollWidth - box.clientWidth,
        size: [page.width, page.height],
        viewport: document.querySelector('meta[name=viewport]').content,
    };
}"""


@pytest.mark.parametrize("name", ["content", "cjk-technical", "every-construct", "reader-rtl"])
def test_unzipped_pages_show_without_overflow(name, epubs, browser, tmp_path):
    with zipfile.ZipFile(epubs[name]) as archive:
        archive.extractall(tmp_path)
        package = archive.read("EPUB/package.opf").decode()
    documents = [href for idref, href in re.findall(r'<item id="(page-\d+)" href="([^"]+)"', package)]
    with serving(tmp_path / "EPUB") as address:
        first = None
        overflowing = []
        context = None
        for href in documents:
            if context is None:
                # Each document's viewport is the page's size.
                text = (tmp_path / "EPUB" / href).read_text(encoding="utf-8")
                width, height = map(int, re.search(r'content="width=(\d+), height=(\d+)"', text).groups())
                context = browser.new_context(viewport={"width": width, "height": height})
                tab = context.new_page()
            tab.goto(f"{address}/{href}")
            tab.evaluate("() => document.fonts.ready")
            page = tab.evaluate(MEASURE)
            first = first or page
            assert page["size"] == [width, height], (href, page["size"])
            if page["overflowY"] > 0.5 or page["overflowX"] > 0.5:
                overflowing.append(f"{href} (+{page['overflowY']}px down, +{page['overflowX']}px across)")
        context.close()
    assert documents and first["viewport"] == f"width={width}, height={height}"
    assert not overflowing, "pages overflow:\n" + "\n".join(overflowing)
