"""Bookmarks in the reader: `b` or the Bookmark button marks the current page, the contents panel
lists the bookmarks as links to their pages, they are kept per book in localStorage, and they go out
and come back as a small JSON file. On a desktop with keys and a mouse, and on a phone by touch."""
import json

import pytest

from test_reader import LANDSCAPE, PHONE, TURN, serious_violations

DEVICES = {"desktop": {"viewport": LANDSCAPE}, "phone": {"viewport": PHONE, "has_touch": True, "is_mobile": True}}


class Tab:
    """A tab on the guide, in a context of its own (its own localStorage), failing on any error."""

    def __init__(self, context, base, touch):
        self.base, self.touch, self.errors, self.loaded = base, touch, [], []
        self.tab = context.new_page()
        self.tab.set_default_timeout(2 * TURN)
        self.tab.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.tab.on("pageerror", lambda e: self.errors.append(str(e)))
        self.tab.on("request", lambda r: self.loaded.append(r.url.rsplit("/", 1)[-1]))

    def open(self, path):
        self.tab.goto(self.base + path)
        self.tab.wait_for_function("window.folio && document.documentElement.classList.contains('folio-reading')")
        return self

    def press(self, locator):
        """A tap on a phone, a click elsewhere, as a reader would."""
        locator.tap() if self.touch else locator.click()

    def go(self, page):
        self.tab.evaluate("page => folio.go(page, { animated: false })", page)
        self.tab.wait_for_function("page => folio.page == page", arg=page)

    @property
    def page(self):
        return self.tab.evaluate("folio.page")

    @property
    def button(self):
        return self.tab.locator("[data-folio=bookmark]")

    @property
    def bookmarks(self):
        return self.tab.locator("[data-folio=bookmarks] li a")

    def ribbon(self, page):
        """Whether the page has its ribbon."""
        return self.tab.evaluate("""page => getComputedStyle(
            document.querySelector(`[data-folio=stage] article.page[data-page="${page}"]`), '::after').content != 'none'""", page)

    def pressed(self):
        return self.button.get_attribute("aria-pressed")

    def wait_pressed(self, pressed):
        self.tab.wait_for_function("pressed => document.querySelector('[data-folio=bookmark]').ariaPressed == pressed", arg=pressed)

    def open_panel(self):
        self.press(self.tab.locator("button[data-folio=contents]"))
        self.tab.locator("[data-folio=contents-panel]").wait_for(state="visible")

    def close_panel(self):
        self.press(self.tab.locator("[data-folio=contents-panel] [data-folio=close]"))
        self.tab.locator("[data-folio=contents-panel]").wait_for(state="hidden")

    def listed(self):
        """The bookmarks the panel lists: (chapter, page number) as shown."""
        return [tuple(link.locator("span").all_inner_texts()) for link in self.bookmarks.all()]

    def kept(self):
        return self.tab.evaluate("key => JSON.parse(localStorage.getItem(key))", "folio-marks " + self.base + "manifest.json")

    def done(self):
        assert not self.errors, self.errors


@pytest.fixture
def device(browser, server, request):
    """New tabs on the guide on one device, each in a browser context of its own: another browser."""
    contexts = []

    def tab():
        contexts.append(context := browser.new_context(**DEVICES[request.param], accept_downloads=True, service_workers="block"))
        return Tab(context, f"{server}/content/", touch=request.param == "phone")

    yield tab
    for context in contexts:
        context.close()


def labels(sites):
    manifest = json.loads((sites["content"] / "manifest.json").read_text())
    return {n + 1: (item["title"], label["title"]) for n, (item, label) in
            enumerate(zip(manifest["readingOrder"], manifest["pageList"]))}


@pytest.mark.parametrize("device", DEVICES, indirect=True)
def test_a_page_bookmarked_is_listed_kept_and_taken_away(device, sites):
    pages = labels(sites)
    r = device().open("writing/2.html")
    marked = r.page
    assert r.pressed() == "false"
    assert "bookmarks.js" not in r.loaded  # nothing of bookmarks before the first one
    # Not while typing: a `b` in the search field is a letter.
    if not r.touch:
        r.tab.keyboard.press("/")
        r.tab.get_by_role("searchbox").fill("")
        r.tab.keyboard.press("b")
        assert r.tab.get_by_role("searchbox").input_value() == "b"
        r.tab.keyboard.press("Escape")
        assert r.pressed() == "false"
    # `b` on a desktop, the button on a phone.
    r.press(r.button) if r.touch else r.tab.keyboard.press("b")
    r.wait_pressed("true")
    assert r.ribbon(marked)
    assert r.tab.locator("[data-folio=announce]").inner_text() == f"Page {pages[marked][1]} bookmarked"

    r.go(marked + 30)
    assert r.pressed() == "false"
    assert not r.ribbon(marked + 30)
    r.open_panel()
    r.tab.locator("[data-folio=bookmarks] h2").wait_for()
    assert r.listed() == [pages[marked]]
    r.press(r.bookmarks.first)
    r.tab.wait_for_function("page => folio.page == page", arg=marked)
    assert r.tab.locator("[data-folio=contents-panel]").is_hidden()
    assert r.pressed() == "true"

    # Kept across a reload, on this device, for this book only.
    r.tab.reload()
    r.tab.wait_for_function("window.folio")
    assert r.pressed() == "true"
    assert r.kept() == [marked]
    r.open_panel()
    r.bookmarks.first.wait_for()
    assert r.listed() == [pages[marked]]
    r.close_panel()

    # Pressed again, the button takes the bookmark away, and the panel holds none.
    r.press(r.button)
    r.wait_pressed("false")
    assert r.kept() == []
    r.open_panel()
    assert r.tab.locator("[data-folio=bookmarks]").is_hidden()
    r.close_panel()

    # Taken away in the panel: focus moves to the next bookmark's Remove button, then to Import.
    for page in (marked, marked + 4):
        r.go(page)
        r.press(r.button)
        r.wait_pressed("true")
    r.open_panel()
    assert r.listed() == [pages[marked], pages[marked + 4]]
    r.press(r.tab.get_by_role("button", name=f"Remove the bookmark on page {pages[marked][1]}"))
    assert r.listed() == [pages[marked + 4]]
    assert r.tab.evaluate("document.activeElement.getAttribute('aria-label')") == f"Remove the bookmark on page {pages[marked + 4][1]}"
    r.tab.keyboard.press("Enter")
    r.tab.locator("[data-folio=bookmarks]").wait_for(state="hidden")
    assert r.tab.evaluate("document.activeElement.dataset.folio") == "bookmarks-import"
    assert r.kept() == [] and r.pressed() == "false"
    r.done()


@pytest.mark.parametrize("device", DEVICES, indirect=True)
def test_bookmarks_go_out_as_a_file_and_come_back_in_another_browser(device, sites, tmp_path):
    pages = labels(sites)
    r = device().open("writing/2.html")
    for page in (12, 40):
        r.go(page)
        r.press(r.button)
        r.wait_pressed("true")
    r.open_panel()
    with r.tab.expect_download() as download:
        r.press(r.tab.get_by_role("button", name="Export bookmarks"))
    assert download.value.suggested_filename == "the-folio-guide-bookmarks.json"
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    file = json.loads(exported.read_text())
    assert file["title"] == "The Folio Guide" and file["book"]
    assert file["marks"] == [{"page": p, "label": pages[p][1], "chapter": pages[p][0]} for p in (12, 40)]
    r.done()

    # Another browser, no bookmarks: Import is in the panel all the same.
    other = device().open("index.html")
    other.open_panel()
    assert other.tab.locator("[data-folio=bookmarks]").count() == 0 and "bookmarks.js" not in other.loaded
    with other.tab.expect_file_chooser() as chooser:
        other.press(other.tab.get_by_role("button", name="Import bookmarks"))
    chooser.value.set_files(exported)
    other.tab.get_by_role("status").get_by_text("Bookmarks imported: 2").wait_for()
    assert other.listed() == [pages[12], pages[40]]
    assert other.kept() == [12, 40]

    # A file that is not one, or another book's, changes nothing and says why.
    not_bookmarks = tmp_path / "notes.json"
    not_bookmarks.write_text('{"notes": ["page 7"]}')
    another_book = tmp_path / "another-bookmarks.json"
    another_book.write_text(json.dumps({**file, "book": "urn:isbn:9780000000000", "title": "Another Book", "marks": [{"page": 3}]}))
    for bad, message in ((not_bookmarks, "This file is not a Folio bookmarks file."),
                         (another_book, "These bookmarks are for another book: Another Book.")):
        with other.tab.expect_file_chooser() as chooser:
            other.press(other.tab.get_by_role("button", name="Import bookmarks"))
        chooser.value.set_files(bad)
        other.tab.get_by_role("status").get_by_text(message).wait_for()
        assert other.listed() == [pages[12], pages[40]]
        assert other.kept() == [12, 40]
    other.close_panel()
    other.go(40)
    assert other.pressed() == "true"
    other.done()


@pytest.mark.parametrize("device", ["desktop"], indirect=True)
def test_bookmarks_past_the_last_page_are_left_out_kept_or_imported(device, tmp_path):
    r = device().open("index.html")
    pages = r.tab.evaluate("folio.pages")
    # Kept while the book was longer: the page it no longer has goes.
    r.tab.evaluate("([key, pages]) => localStorage.setItem(key, JSON.stringify(pages))",
                   ["folio-marks " + r.base + "manifest.json", [5, pages + 3]])
    r.tab.reload()
    r.tab.wait_for_function("window.folio")
    r.open_panel()
    r.bookmarks.first.wait_for()
    assert r.bookmarks.count() == 1 and r.kept() == [5]

    book = r.tab.evaluate("fetch('manifest.json').then(r => r.json()).then(m => m.metadata.identifier)")
    file = tmp_path / "bookmarks.json"
    file.write_text(json.dumps({"book": book, "marks": [{"page": 3}, {"page": pages}, {"page": pages + 1}]}))
    with r.tab.expect_file_chooser() as chooser:
        r.press(r.tab.get_by_role("button", name="Import bookmarks"))
    chooser.value.set_files(file)
    r.tab.get_by_role("status").get_by_text("Bookmarks imported: 2").wait_for()
    assert r.kept() == [3, 5, pages]
    r.done()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("device", DEVICES, indirect=True)
def test_the_panel_with_bookmarks_is_axe_clean(device, theme):
    r = device().open("writing/2.html")
    for page in (r.page, r.page + 10):
        r.go(page)
        r.tab.keyboard.press("b")
        r.wait_pressed("true")
    r.tab.evaluate("theme => document.documentElement.dataset.theme = theme", theme)
    r.open_panel()
    r.bookmarks.nth(1).wait_for()
    violations = serious_violations(r.tab)
    assert not violations, "\n".join(violations)
    r.done()
