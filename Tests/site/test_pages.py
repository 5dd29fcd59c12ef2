"""Every page at its design size in Chromium with the default theme: nothing overflows its
content box, and text pages that are not the last of their chapter's text are well filled."""
import json
import os
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

MEASURE = """() => {
    const box = document.querySelector('[data-page-content]');
    const top = box.getBoundingClientRect().top;
    let bottom = top;
    for (const child of box.children) bottom = Math.max(bottom, child.getBoundingClientRect().bottom);
    return {
        overflowY: box.scrollHeight - box.clientHeight,
        overflowX: box.scrollWidth - box.clientWidth,
        fill: (bottom - top) / box.clientHeight,
        text: box.closest('.page').classList.contains('page-text'),
        count: document.querySelectorAll('[data-page-content]').length,
    };
}"""


def page_urls(site):
    """Every page document, in reading order, from the manifest; the sitemap must list the
    same pages in the same order, as many as the manifest's `numberOfPages`."""
    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    urls = [entry["href"] for entry in manifest["readingOrder"]]
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert [u for u in re.findall(r"<loc>([^<]+)</loc>", sitemap) if re.search(r"/\d+\.html$", u)] == urls
    assert len(urls) == manifest["metadata"]["numberOfPages"]
    return urls


@pytest.mark.parametrize("name", ["content", "long-text", "every-construct", "reader-rtl", "tables", "code-heavy", "cjk-technical", "math",
                                  "split-asides", "contents-numbers"])
def test_no_page_overflows(name, sites, server, browser, capsys):
    site = sites[name]
    urls = page_urls(site)
    # The page documents as they are, without the reader, which would lay out pages of its own.
    context = browser.new_context(viewport={"width": 900, "height": 1000}, java_script_enabled=False)
    tab = context.new_page()
    errors = []
    tab.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    overflowing, measured = [], []
    for url in urls:
        tab.goto(f"{server}/{name}/{url}")
        tab.wait_for_load_state("load")
        tab.evaluate("() => document.fonts.ready")
        page = tab.evaluate(MEASURE)
        assert page["count"] == 1, f"{url} has {page['count']} data-page-content elements"
        if page["overflowY"] > 0.5 or page["overflowX"] > 0.5:
            overflowing.append(f"{url} (+{page['overflowY']}px down, +{page['overflowX']}px across)")
        measured.append((url.rsplit("/", 1)[0], page))
    context.close()
    # A chapter's last text page may be followed by a blank one, which starts the next on its side.
    fills = [page["fill"] for index, (chapter, page) in enumerate(measured)
             if page["text"] and any(later["text"] for then, later in measured[index + 1:] if then == chapter)]
    mean = sum(fills) / len(fills) if fills else 1
    with capsys.disabled():
        print(f"\n{name}: {len(urls)} pages, {len(overflowing)} overflowing, "
              f"mean fill {mean:.1%} over {len(fills)} pages that are not the last of their chapter")
    assert not errors, errors
    assert not overflowing, "pages overflow:\n" + "\n".join(overflowing)


class SoftHyphens(HTMLParser):
    """Counts a page's soft hyphens: in running text, and where none may be (code, headings,
    terms, table cells, attributes such as links' URLs)."""
    KEPT_WHOLE = {"code", "pre", "kbd", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "th", "td", "title", "script", "style"}
    VOID = {"meta", "link", "img", "br", "hr", "input", "col", "source", "wbr"}

    def __init__(self):
        super().__init__()
        self.open, self.in_prose, self.misplaced = [], 0, []

    def handle_starttag(self, tag, attrs):
        self.misplaced += [f"<{tag} {name}>" for name, value in attrs if value and "\u00ad" in value]
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag):
        if tag in self.open:
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag):]

    def handle_data(self, data):
        if "\u00ad" not in data:
            return
        whole = self.KEPT_WHOLE.intersection(self.open)
        if whole:
            self.misplaced.append(f"{sorted(whole)}: {data.strip()[:60]!r}")
        else:
            self.in_prose += data.count("\u00ad")


def test_soft_hyphens_only_in_running_text(sites):
    """The guide, justified in English, has soft hyphens in its prose and none in code, headings,
    terms, tables, links' URLs or its search index's texts."""
    site = sites["content"]
    in_prose, misplaced = 0, []
    for url in page_urls(site):
        parser = SoftHyphens()
        parser.feed((site / url).read_text(encoding="utf-8"))
        in_prose += parser.in_prose
        misplaced += [f"{url}: {where}" for where in parser.misplaced]
    assert in_prose > 1000, in_prose
    assert not misplaced, "\n".join(misplaced[:20])
    for chunk in (site / "search").rglob("*"):
        if chunk.is_file():
            assert b"\xc2\xad" not in chunk.read_bytes(), chunk


FONTS_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>{fonts}</dir>
  <cachedir>{cache}</cachedir>
  <include ignore_missing="yes">/etc/fonts/conf.d</include>
</fontconfig>
"""


def page_shots(browser, server, urls, env):
    """Screenshots of the page area of each page document, in a Chromium of its own started with `env`."""
    chromium = browser.browser_type.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"], env=env)
    tab = chromium.new_context(viewport={"width": 600, "height": 800}, java_script_enabled=False).new_page()
    shots = {}
    for url in urls:
        tab.goto(f"{server}/content/{url}")
        tab.wait_for_load_state("load")
        tab.evaluate("() => document.fonts.ready")
        shots[url] = tab.locator(".page").screenshot()
    chromium.close()
    return shots


def test_pages_look_the_same_without_the_systems_fonts(sites, server, browser, tmp_path):
    """The guide's pages are set in the theme's own faces: in a Chromium whose fontconfig has no
    font but DejaVu Sans (no serif, no monospace), a page looks exactly as it does with every
    font of the system. Pages with what the system's fonts draw by design are left out: characters
    the faces lack (Chinese), formulas, and SVG images with words in them; so is every page but each fourth."""
    site = sites["content"]
    urls = [url for url in page_urls(site)[::4]
            if not re.search("[\u3000-\u9fff\uff00-\uffef]|<math|<img [^>]*src=\"[^\"]*\\.svg\"", (site / url).read_text(encoding="utf-8"))]
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    sans = next(Path("/usr/share/fonts").rglob("DejaVuSans.ttf"))
    (fonts / sans.name).symlink_to(sans)
    conf = tmp_path / "fonts.conf"
    conf.write_text(FONTS_CONF.format(fonts=fonts, cache=tmp_path / "cache"))
    usual = page_shots(browser, server, urls, dict(os.environ))
    bare = page_shots(browser, server, urls, {**os.environ, "FONTCONFIG_FILE": str(conf)})
    differ = [url for url in urls if usual[url] != bare[url]]
    assert len(urls) > 30
    assert not differ, f"{len(differ)} of {len(urls)} pages look different without the system's fonts: {differ}"
