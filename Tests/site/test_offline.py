"""Reading offline (book.yml's `offline`): the guide, published under a sub-path, kept whole with
"Keep this book offline", then read with the network gone; a new build, once online, brings its
new pages and keeps the book whole again. And the web app manifest with its icon."""
import re
import shutil

import pytest

from conftest import ROOT, build, serving

WAIT = 60_000  # ms: an upper bound, never a measure of speed
MARK = "This sentence is new in the second build."


@pytest.fixture(scope="module")
def published(tmp_path_factory):
    """A copy of the guide, built into /shelf/guide/ of a folder a server serves: its book folder,
    site folder and address."""
    folder = tmp_path_factory.mktemp("offline")
    book = folder / "book"
    shutil.copytree(ROOT / "content", book, ignore=shutil.ignore_patterns("_site", ".folio-cache"))
    site = build(book, folder / "root/shelf/guide")
    with serving(folder / "root") as address:
        yield book, site, address + "/shelf/guide/"


def build_id(site):
    return re.search(r'build\s*=\s*"([0-9a-f]+)"', (site / "service-worker.js").read_text()).group(1)


def caches(tab):
    return tab.evaluate("caches.keys()")


def test_kept_offline_every_page_opens_and_turns_and_a_new_build_replaces_it(published, browser):
    book, site, address = published
    context = browser.new_context(viewport={"width": 1200, "height": 800})
    tab = context.new_page()
    tab.goto(address)
    tab.wait_for_selector("[data-folio=reader]")
    assert tab.evaluate("navigator.serviceWorker.ready.then((registration) => registration.scope)") == address
    tab.locator("button[data-folio=contents]").click()
    tab.get_by_role("button", name="Keep this book offline").click()
    tab.wait_for_function("document.querySelector('[data-folio=offline-status]')?.textContent == 'This book is kept offline'",
                          timeout=WAIT)
    progress = tab.evaluate("[...document.querySelectorAll('progress')].map((bar) => [bar.value, bar.max])")
    assert len(progress) == 1 and progress[0][0] == progress[0][1] > 250, progress
    assert caches(tab) == [f"folio {address} {build_id(site)}"]

    context.set_offline(True)
    # Every page's document, through the worker.
    pages = tab.evaluate("""async () => {
        const manifest = await (await fetch('manifest.json')).json(), missing = [];
        for (const { href } of manifest.readingOrder) {
            const response = await fetch(href);
            if (!response.ok || !(await response.text()).includes('data-page-content')) missing.push(href);
        }
        return { count: manifest.readingOrder.length, missing };
    }""")
    assert pages["count"] > 150 and pages["missing"] == [], pages
    # Opened afresh and turned, with the fonts, the search index and the images there too.
    tab.goto(address + "writing/1.html")
    tab.wait_for_selector("[data-folio=reader]")
    for _ in range(4):
        before = tab.evaluate("folio.page")
        tab.keyboard.press("ArrowRight")
        tab.wait_for_function(f"folio.page > {before}", timeout=WAIT)
    tab.wait_for_function("document.querySelectorAll('[data-folio=stage] [data-page-content]').length >= 2", timeout=WAIT)
    assert tab.locator("[data-folio=retry]").count() == 0
    tab.goto(address + "toc.html")
    tab.goto(address)
    tab.wait_for_selector("[data-folio=reader]")
    tab.keyboard.press("/")
    tab.wait_for_selector("[data-folio=search-panel] input")
    tab.keyboard.type("spine")
    tab.wait_for_selector("[data-folio=search-results] li .folio-snippet mark", timeout=WAIT)

    # A second build changes a chapter: online again, one reload shows it.
    chapter = book / "03-writing.md"
    first = chapter.read_text().split("\n\n", 2)
    chapter.write_text(f"{first[0]}\n\n{MARK}\n\n{first[1]}\n\n{first[2]}")
    old = build_id(site)
    build(book, site)
    assert build_id(site) != old
    tab.goto(address + "writing/1.html")
    tab.wait_for_selector("[data-folio=reader]")
    assert MARK not in tab.inner_text("main")
    context.set_offline(False)
    tab.reload()
    tab.wait_for_selector(f"text={MARK}", timeout=WAIT)
    # The new build's worker takes over, empties the old cache and keeps the book whole again.
    new = f"folio {address} {build_id(site)}"
    tab.wait_for_function("name => caches.keys().then((keys) => keys.length == 1 && keys[0] == name)", arg=new, timeout=WAIT)
    tab.wait_for_function("name => caches.open(name).then((cache) => cache.keys()).then((keys) => keys.length > 250)",
                          arg=new, timeout=WAIT)
    context.set_offline(True)
    tab.goto(address + "pages/2.html")
    tab.wait_for_selector("[data-folio=reader]")
    context.close()


def test_the_app_manifest_and_its_icon(published, browser):
    _, _, address = published
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(address + "introduction/1.html")
    manifest = tab.evaluate("""async () => {
        const link = document.querySelector('link[rel=manifest]');
        const manifest = await (await fetch(link.href)).json();
        const icon = new Image();
        icon.src = new URL(manifest.icons[0].src, link.href);
        await icon.decode();
        return { ...manifest, start: new URL(manifest.start_url, link.href).href, scopeURL: new URL(manifest.scope, link.href).href,
                 icon: [icon.naturalWidth, icon.naturalHeight] };
    }""")
    assert manifest["name"] == "The Folio Guide" and manifest["display"] == "standalone"
    assert manifest["start"] == address + "index.html" and manifest["scopeURL"] == address
    assert manifest["icon"] == [512, 512]
    # What Chromium itself makes of it.
    session = context.new_cdp_session(tab)
    parsed = session.send("Page.getAppManifest")
    assert parsed["errors"] == [], parsed["errors"]
    context.close()


def test_without_a_worker_keeping_offline_says_it_failed(published, browser):
    _, _, address = published
    context = browser.new_context(service_workers="block")
    tab = context.new_page()
    tab.goto(address)
    tab.wait_for_selector("[data-folio=reader]")
    tab.locator("button[data-folio=contents]").click()
    tab.get_by_role("button", name="Keep this book offline").click()
    tab.get_by_role("status").filter(has_text="could not be kept offline").wait_for(timeout=WAIT)
    assert tab.get_by_role("button", name="Keep this book offline").get_attribute("aria-disabled") == "false"
    context.close()
