"""Every page at its design size in Chromium with the default theme: nothing overflows its
content box, and text pages that are not the last of their chapter are well filled."""
import json
import re

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
    overflowing, fills = [], []
    for index, url in enumerate(urls):
        tab.goto(f"{server}/{name}/{url}")
        tab.wait_for_load_state("load")
        tab.evaluate("() => document.fonts.ready")
        page = tab.evaluate(MEASURE)
        assert page["count"] == 1, f"{url} has {page['count']} data-page-content elements"
        if page["overflowY"] > 0.5 or page["overflowX"] > 0.5:
            overflowing.append(f"{url} (+{page['overflowY']}px down, +{page['overflowX']}px across)")
        chapter = url.rsplit("/", 1)[0]
        last_of_chapter = index + 1 == len(urls) or urls[index + 1].rsplit("/", 1)[0] != chapter
        if not last_of_chapter and page["text"]:
            fills.append(page["fill"])
    context.close()
    mean = sum(fills) / len(fills) if fills else 1
    with capsys.disabled():
        print(f"\n{name}: {len(urls)} pages, {len(overflowing)} overflowing, "
              f"mean fill {mean:.1%} over {len(fills)} pages that are not the last of their chapter")
    assert not errors, errors
    assert not overflowing, "pages overflow:\n" + "\n".join(overflowing)
