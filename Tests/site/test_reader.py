"""The page-curl reader (Templates/assets/reader.js, the modules it imports and its rules in folio.css) in Chromium, against the
hooks of its contract: boot, keyboard, pointer (click, drag, spring back, flick, links), URL,
title and indicator, history, layout on resize, the scroll transition, reduced motion, a bounded
DOM in a 2,000-page book (contents panel open, every chapter reachable by keyboard), the API, a failed fetch, idleness, focus, screenshots and accessibility
(axe-core, Tab).

Every test fails on a console error or an uncaught exception in the page. Screenshots go to
<pytest's base temp>/artifacts (printed)."""
import json
import re
import time
from urllib.parse import unquote

import pytest

LANDSCAPE = {"width": 1400, "height": 900}
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}  # with touch where a test taps
PORTRAIT = {"width": 600, "height": 900}
TURN = 5000  # ms: the longest a turn (animation included) may take in these tests
PAGE_DOCUMENT = re.compile(r"/\d+\.html$")

# The state of the reader, read through the contract's hooks only.
STATE = """() => {
    const reader = document.querySelector('[data-folio="reader"]');
    const leaves = reader ? [...reader.querySelectorAll('[data-folio="stage"] article.page')] : [];
    const visible = leaves.filter(a => a.getAttribute('aria-hidden') !== 'true')
        .map(a => Number(a.dataset.page)).sort((a, b) => a - b);
    const text = selector => { const e = document.querySelector(selector); return e ? e.textContent.trim() : null; };
    return {
        page: window.folio ? window.folio.page : null,
        pages: window.folio ? window.folio.pages : null,
        indicator: text('[data-folio="indicator"]'),
        announce: text('[data-folio="announce"]'),
        path: decodeURIComponent(location.pathname),
        title: document.title,
        visible,
        leaves: leaves.length,
        articles: document.querySelectorAll('article.page').length,
        nodes: document.getElementsByTagName('*').length,
    };
}"""

# Runs in every document before its own scripts: a log of folio:turn events and key presses.
RECORDER = """
window.__turns = [];
document.addEventListener('keydown', () => { window.__lastKey = performance.now(); }, true);
document.addEventListener('folio:turn', event => {
    const turn = {from: event.detail.from, to: event.detail.to, t: performance.now(),
                  root: event.target instanceof Element && event.target.matches('[data-folio="reader"]')};
    window.__turns.push(turn);
    if (window.__folioTurn) window.__folioTurn(turn);
}, true);
"""


def manifest(site):
    return json.loads((site / "manifest.json").read_text())


def page_of(site, href):
    """The page number of a page document (its href relative to the site root)."""
    hrefs = [unquote(item["href"]) for item in manifest(site)["readingOrder"]]
    return hrefs.index(href) + 1


def href_of(site, number):
    return unquote(manifest(site)["readingOrder"][number - 1]["href"])


class Reader:
    """One browser tab on one book, with its console errors and its folio:turn events."""

    def __init__(self, browser, server, name, viewport, reduced_motion=None, **device):
        self.name = name
        # No service worker: it would answer the pages' requests where a tab's routes cannot see
        # them (reading offline has tests of its own, test_offline.py). `device`: more of the
        # context's options, such as has_touch and is_mobile for a phone.
        self.context = browser.new_context(viewport=viewport, reduced_motion=reduced_motion or "no-preference",
                                           service_workers="block", **device)
        self.tab = self.context.new_page()
        self.tab.set_default_timeout(2 * TURN)
        self.errors, self.turns, self.requests = [], [], []
        self.tab.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)
        self.tab.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        self.tab.on("request", lambda r: self.requests.append(r.url) if PAGE_DOCUMENT.search(r.url.split("?")[0]) else None)
        self.tab.expose_function("__folioTurn", lambda turn: self.turns.append(turn))
        self.tab.add_init_script(RECORDER)
        self.base = f"{server}/{name}/"

    def open(self, path="index.html"):
        self.tab.goto(self.base + path)
        try:
            self.tab.wait_for_function(
                """() => window.folio && document.documentElement.classList.contains('folio-reading')
                         && document.querySelector('[data-folio="reader"] [data-folio="stage"] article.page')""",
                timeout=TURN)
        except Exception:
            found = self.tab.evaluate("""() => ({folio: typeof window.folio, reading: document.documentElement.className,
                reader: !!document.querySelector('[data-folio="reader"]'),
                leaves: document.querySelectorAll('[data-folio="stage"] article.page').length})""")
            raise AssertionError(f"the reader did not start on {path} within {TURN} ms: {found}; errors: {self.errors}") from None
        self.settle()
        return self.state()

    def state(self):
        return self.tab.evaluate(STATE)

    def settle(self, page=None, timeout=TURN):
        """Waits until the reader shows `page` (or its current page) with the indicator agreeing."""
        self.tab.wait_for_function(
            """page => {
                const f = window.folio; if (!f) return false;
                const want = page == null ? f.page : page;
                const ind = document.querySelector('[data-folio="indicator"]');
                const leaf = document.querySelector(`[data-folio="stage"] article.page[data-page="${want}"]`);
                return f.page === want && ind && ind.textContent.trim() === `${want} / ${f.pages}`
                    && leaf && leaf.getAttribute('aria-hidden') !== 'true';
            }""", arg=page, timeout=timeout)
        self.tab.wait_for_timeout(50)
        return self.state()

    def wait_visible(self, number, timeout=TURN):
        """Waits until page `number` is one of the visible pages (a spread's other page may be current)."""
        self.tab.wait_for_function(
            """n => { const leaf = document.querySelector(`[data-folio="stage"] article.page[data-page="${n}"]`);
                      const ind = document.querySelector('[data-folio="indicator"]');
                      return window.folio && leaf && leaf.getAttribute('aria-hidden') !== 'true'
                          && ind && ind.textContent.trim() === `${window.folio.page} / ${window.folio.pages}`; }""",
            arg=number, timeout=timeout)
        self.tab.wait_for_timeout(50)
        return self.state()

    def wait_moved(self, before, timeout=TURN):
        """Waits until the current page is no longer `before`, then until the reader settles."""
        self.tab.wait_for_function("b => window.folio && window.folio.page !== b", arg=before, timeout=timeout)
        return self.settle()

    def rect(self, number):
        return self.tab.evaluate(
            """n => { const r = document.querySelector(`[data-folio="stage"] article.page[data-page="${n}"]`).getBoundingClientRect();
                      return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height}; }""",
            number)

    def close(self):
        if self.context is not None:
            self.context.close()
            self.context = None

    def done(self):
        """Every test ends here: no console error, no uncaught exception."""
        self.tab.wait_for_timeout(100)
        errors = list(self.errors)
        self.close()
        assert not errors, "errors in the page:\n" + "\n".join(errors)


@pytest.fixture
def reader(browser, server, sites, reader_sites):
    """Opens readers: reader(name, viewport, reduced_motion=None, **device); closed at the end of the test."""
    opened = []

    def open_reader(name, viewport=LANDSCAPE, reduced_motion=None, **device):
        r = Reader(browser, server, name, viewport, reduced_motion, **device)
        opened.append(r)
        return r

    yield open_reader
    for r in opened:
        r.close()


def site_of(name, sites, reader_sites):
    return sites.get(name) or reader_sites[name]


def next_of(state):
    """The page a turn forward makes current: the one after the last visible page."""
    return state["visible"][-1] + 1


# Boot ----------------------------------------------------------------------------------------

def test_boots_at_index_on_page_one(reader, sites):
    r = reader("content")
    state = r.open("index.html")
    total = manifest(sites["content"])["metadata"]["numberOfPages"]
    assert state["page"] == 1 and state["pages"] == total
    assert state["indicator"] == f"1 / {total}"
    assert 1 in state["visible"]
    assert r.tab.evaluate("() => document.querySelector('main#content [data-folio=\"reader\"]') !== null")
    r.done()


@pytest.mark.parametrize("viewport,href", [(LANDSCAPE, "reading/6.html"), (PORTRAIT, "reading/5.html")],
                         ids=["spread", "single"])
def test_boots_at_a_deep_page(reader, sites, viewport, href):
    site = sites["content"]
    number, total = page_of(site, href), manifest(site)["metadata"]["numberOfPages"]
    r = reader("content", viewport)
    state = r.open(href)
    # reading/6.html is a left page (it opens its spread); reading/5.html a right one, alone in portrait.
    assert state["page"] == number, state
    assert state["indicator"] == f"{number} / {total}"
    assert number in state["visible"]
    assert state["path"].endswith("/content/" + href)
    assert len(state["visible"]) == (2 if viewport is LANDSCAPE else 1), state["visible"]
    r.done()


# Keyboard ------------------------------------------------------------------------------------

def test_keyboard_ltr(reader, sites):
    site = sites["content"]
    total = manifest(site)["metadata"]["numberOfPages"]
    r = reader("content")
    state = r.open("introduction/2.html")
    start = state["page"]
    for key in ["ArrowRight", "PageDown", "Space"]:
        expected = next_of(state)
        r.tab.keyboard.press(key)
        state = r.wait_moved(state["page"])
        assert state["page"] == expected, (key, state)
    for key in ["ArrowLeft", "PageUp", "Shift+Space"]:
        before = state["page"]
        r.tab.keyboard.press(key)
        state = r.wait_moved(before)
        assert state["page"] < before and before - 1 in state["visible"], (key, state)
    assert state["page"] == start
    r.tab.keyboard.press("End")
    state = r.wait_visible(total)
    assert state["indicator"] == f"{state['page']} / {total}"
    r.tab.keyboard.press("Home")
    state = r.settle(1)
    assert state["visible"] == [1]
    r.done()


def test_keyboard_rtl(reader, reader_sites):
    site = reader_sites["reader-rtl"]
    assert manifest(site)["metadata"]["readingProgression"] == "rtl"
    r = reader("reader-rtl")
    state = r.open(href_of(site, 6))
    assert len(state["visible"]) == 2, state
    expected = next_of(state)
    r.tab.keyboard.press("ArrowLeft")
    state = r.wait_moved(state["page"])
    assert state["page"] == expected, state
    before = state["page"]
    r.tab.keyboard.press("ArrowRight")
    state = r.wait_moved(before)
    assert state["page"] < before, state
    r.done()


def test_keyboard_vertical(reader, reader_sites):
    site = reader_sites["reader-vertical"]
    assert manifest(site)["metadata"]["urn:folio:direction"] == "ttb"
    r = reader("reader-vertical", {"width": 900, "height": 1000})
    state = r.open(href_of(site, 4))
    assert state["visible"] == [4], state
    r.tab.keyboard.press("ArrowDown")
    state = r.wait_moved(4)
    assert state["page"] == 5 and state["visible"] == [5], state
    assert state["path"].endswith("/reader-vertical/" + href_of(site, 5)), state
    r.tab.keyboard.press("ArrowUp")
    state = r.wait_moved(5)
    assert state["page"] == 4 and state["visible"] == [4], state
    assert [(t["from"], t["to"]) for t in r.turns] == [(4, 5), (5, 4)], r.turns
    r.done()



def page_at(tab, x, y):
    """The page number of the leaf the reader sees at viewport point (x, y); None for none (the
    background, or the blank back of a single page)."""
    return tab.evaluate("""([x, y]) => { const a = document.elementFromPoint(x, y)?.closest('article.page[data-page]');
                                        return a ? Number(a.dataset.page) : null; }""", [x, y])


def test_vertical_book_curls_about_the_top_edge(reader, reader_sites):
    site = reader_sites["reader-vertical"]
    r = reader("reader-vertical", {"width": 900, "height": 1000})
    state = r.open(href_of(site, 4))
    assert state["visible"] == [4], state  # one page at a time, no spreads
    # Left and right arrows do nothing in a book that turns upward.
    for key in ("ArrowRight", "ArrowLeft"):
        r.tab.keyboard.press(key)
    r.tab.wait_for_timeout(800)
    assert r.state()["page"] == 4 and not r.turns, r.turns
    # A drag from the bottom corner upward folds the bottom of the page; its top edge stays.
    box = r.rect(4)
    start = (box["right"] - 0.02 * box["width"], box["bottom"] - 0.02 * box["height"])
    r.tab.mouse.move(*start)
    r.tab.mouse.down()
    r.tab.mouse.move(start[0], box["top"] + 0.55 * box["height"], steps=12)
    r.tab.wait_for_timeout(100)
    inset = lambda fx, fy: (box["left"] + fx * box["width"], box["top"] + fy * box["height"])  # noqa: E731
    assert page_at(r.tab, *inset(0.03, 0.03)) == 4 and page_at(r.tab, *inset(0.97, 0.03)) == 4, "the top edge is folded"
    assert page_at(r.tab, *inset(0.03, 0.97)) != 4 and page_at(r.tab, *inset(0.97, 0.97)) != 4, "the bottom is not folded"
    assert r.tab.evaluate("() => window.folio.page") == 4, "the page turned while the mouse was still down"
    # Carried on past the top edge and released, the page turns over upward to the next one.
    r.tab.mouse.move(start[0], box["top"] - 0.4 * box["height"], steps=12)
    r.tab.mouse.up()
    state = r.wait_moved(4)
    assert state["page"] == 5 and state["visible"] == [5], state
    assert [(t["from"], t["to"]) for t in r.turns] == [(4, 5)], r.turns
    box = r.rect(5)
    assert all(page_at(r.tab, box["left"] + fx * box["width"], box["top"] + fy * box["height"]) == 5
               for fx in (0.03, 0.97) for fy in (0.03, 0.97)), "a settled page stays folded"
    r.done()

# Pointer -------------------------------------------------------------------------------------

def test_click_on_outer_part_turns(reader):
    r = reader("content")
    state = r.open("introduction/2.html")
    left, right = state["visible"]
    box = r.rect(right)
    r.tab.mouse.click(box["right"] - 0.1 * box["width"], box["top"] + 0.5 * box["height"])
    state = r.wait_moved(left)
    assert state["page"] == right + 1, state
    box = r.rect(state["visible"][0])
    r.tab.mouse.click(box["left"] + 0.1 * box["width"], box["top"] + 0.5 * box["height"])
    state = r.wait_moved(right + 1)
    assert state["page"] == left, state
    r.done()


def test_link_inside_a_page_navigates_without_a_turn(reader, sites):
    site = sites["content"]
    target = page_of(site, "writing/1.html")
    contents = page_of(site, "contents/1.html")
    r = reader("content", PORTRAIT)
    state = r.open("contents/1.html")
    assert state["page"] == contents
    link = r.tab.locator(f'[data-folio="stage"] article.page[data-page="{contents}"] a[href$="writing/1.html"]')
    box = link.bounding_box()
    assert box, "the contents page has no link to writing/1.html"
    r.tab.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    r.tab.mouse.down()
    r.tab.wait_for_timeout(150)
    assert r.tab.evaluate("() => window.folio ? window.folio.page : null") in (contents, None)
    assert all(t["to"] == target for t in r.turns), f"a press on a link started a turn: {r.turns}"
    r.tab.mouse.up()
    r.tab.wait_for_function("() => decodeURIComponent(location.pathname).endsWith('/writing/1.html')", timeout=TURN)
    r.tab.wait_for_function("() => window.folio && document.querySelector('[data-folio=\"indicator\"]')", timeout=TURN)
    state = r.settle(target)
    assert state["path"].endswith("/content/writing/1.html")
    # The click may be a jump (one folio:turn to the target) or a page load; never a turn to the next page.
    assert all(t["to"] == target for t in r.turns), f"the click turned a page: {r.turns}"
    r.done()


def corner(box, side):
    """A point just inside a page's bottom outer corner."""
    x = box["right"] - 0.02 * box["width"] if side == "right" else box["left"] + 0.02 * box["width"]
    return x, box["bottom"] - 0.02 * box["height"]


def drag(tab, start, end, steps, delay=0, hold=0):
    tab.mouse.move(*start)
    tab.mouse.down()
    for i in range(1, steps + 1):
        tab.mouse.move(start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
        if delay:
            tab.wait_for_timeout(delay)
    if hold:
        tab.wait_for_timeout(hold)
    tab.mouse.up()


def test_drag_from_corner_past_spine_turns(reader):
    r = reader("content")
    state = r.open("introduction/2.html")
    left, right = state["visible"]
    box = r.rect(right)
    spine = box["left"]
    drag(r.tab, corner(box, "right"), (spine - 0.3 * box["width"], box["bottom"] - 0.1 * box["height"]), 20, delay=16)
    state = r.wait_moved(left)
    assert state["page"] == right + 1, state
    # And back: from the left page's outer corner past the spine.
    box = r.rect(state["visible"][0])
    spine = box["right"]
    drag(r.tab, corner(box, "left"), (spine + 0.3 * box["width"], box["bottom"] - 0.1 * box["height"]), 20, delay=16)
    state = r.wait_moved(right + 1)
    assert state["page"] == left, state
    r.done()


def test_early_release_springs_back(reader):
    r = reader("content")
    state = r.open("introduction/2.html")
    left, right = state["visible"]
    box = r.rect(right)
    start = corner(box, "right")
    drag(r.tab, start, (start[0] - 0.15 * box["width"], start[1] - 0.05 * box["height"]), 15, delay=20, hold=300)
    r.tab.wait_for_timeout(1500)
    state = r.settle(left)
    assert state["visible"] == [left, right], state
    assert not r.turns, f"an early release turned the page: {r.turns}"
    r.done()


def flick(tab, start, end, steps=3, ms=10):
    """A drag whose mouse events carry their own timestamps, `ms` apart (the DevTools protocol's
    Input.dispatchMouseEvent), each move delivered before the next is sent: the speed the reader
    measures is the same however busy the machine is."""
    cdp = tab.context.new_cdp_session(tab)
    tab.evaluate("() => { window.__moves = 0; addEventListener('pointermove', () => window.__moves++, true); }")
    t0 = time.time()

    def send(kind, i, x, y):
        cdp.send("Input.dispatchMouseEvent", {
            "type": kind, "x": x, "y": y, "button": "left", "buttons": 0 if kind == "mouseReleased" else 1,
            "clickCount": 0 if kind == "mouseMoved" else 1, "timestamp": t0 + i * ms / 1000})

    send("mousePressed", 0, *start)
    for i in range(1, steps + 1):
        send("mouseMoved", i, start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
        tab.wait_for_function("n => window.__moves >= n", arg=i)
    send("mouseReleased", steps + 1, *end)
    cdp.detach()


def test_fast_flick_turns(reader):
    r = reader("content")
    state = r.open("introduction/2.html")
    left, right = state["visible"]
    box = r.rect(right)
    start = corner(box, "right")
    # A quarter of the page in 30 ms: far from the spine, so only the speed can complete the turn.
    flick(r.tab, start, (start[0] - 0.25 * box["width"], start[1] - 0.02 * box["height"]))
    state = r.wait_moved(left)
    assert state["page"] == right + 1, state
    turns = r.tab.evaluate("() => window.__turns.map(t => [t.from, t.to])")
    assert turns == [[left, right + 1]], turns
    r.done()


# URL, title, indicator, history ----------------------------------------------------------------

def test_url_title_and_indicator_follow_turns(reader, sites):
    site = sites["content"]
    book = manifest(site)
    total, order = book["metadata"]["numberOfPages"], book["readingOrder"]
    r = reader("content", PORTRAIT)
    state = r.open("introduction/5.html")
    entries = r.tab.evaluate("() => history.length")
    for _ in range(4):
        before = state["page"]
        r.tab.keyboard.press("ArrowRight")
        state = r.wait_moved(before)
        item = order[state["page"] - 1]
        assert state["page"] == before + 1
        assert state["path"].endswith("/content/" + unquote(item["href"])), state
        assert state["title"] == f"{item['title']} · {book['metadata']['title']}", state
        assert state["indicator"] == f"{state['page']} / {total}"
        r.tab.wait_for_function("p => (document.querySelector('[data-folio=\"announce\"]') || {}).textContent?.includes(`${p}`)",
                                arg=state["page"], timeout=TURN)
    assert r.tab.evaluate("() => history.length") == entries, "turns must replace the history entry, not push"
    # The chapter bar marks the current chapter.
    current = r.tab.evaluate("""() => [...document.querySelectorAll('nav[data-folio="chapters"] a[aria-current="true"]')]
                                        .map(a => Number(a.dataset.page))""")
    assert len(current) == 1 and current[0] <= state["page"], current
    r.done()


def test_contents_jump_then_back(reader, sites):
    site = sites["content"]
    r = reader("content", PORTRAIT)
    state = r.open("introduction/3.html")
    before = state["page"]
    button = r.tab.locator('button[data-folio="contents"]')
    button.click()
    panel = r.tab.locator('[data-folio="contents-panel"]')
    panel.wait_for(state="visible", timeout=TURN)
    assert r.tab.evaluate("() => !!document.activeElement.closest('[data-folio=\"contents-panel\"]')"), "focus did not move into the panel"
    targets = [int(p) for p in panel.locator("a[data-page]").evaluate_all("links => links.map(a => a.dataset.page)")]
    assert targets, "the contents panel has no chapter links"
    target = max(targets)
    assert target > before + 2, targets
    panel.locator(f'a[data-page="{target}"]').first.click()
    state = r.settle(target)
    assert state["path"].endswith("/content/" + href_of(site, target)), state
    r.tab.go_back()
    state = r.settle(before)
    assert state["path"].endswith("/content/introduction/3.html"), state
    # The slider jumps too, and Back returns from it.
    r.tab.evaluate("""n => { const s = document.querySelector('input[type=range][data-folio="slider"]');
                             s.value = String(n); s.dispatchEvent(new Event('input', {bubbles: true}));
                             s.dispatchEvent(new Event('change', {bubbles: true})); }""", 50)
    state = r.settle(50)
    r.tab.go_back()
    state = r.settle(before)
    r.done()


def test_contents_panel_numbers_are_the_contents_pages(reader, sites):
    """Each row of the panel ends with the number of the page it leads to, as the contents page
    and the page itself show it."""
    site = sites["contents-numbers"]
    labels = [entry["title"] for entry in manifest(site)["pageList"]]
    on_contents_page = {}
    for path in sorted(site.glob("contents/*.html")):
        html = path.read_text(encoding="utf-8")
        for href, number in re.findall(r'<a href="\.\./([^"]+)">.*?<span class="contents-page">([^<]*)</span>', html):
            on_contents_page[href] = number
    r = reader("contents-numbers", LANDSCAPE)
    r.open(href_of(site, 40))
    r.tab.locator('button[data-folio="contents"]').click()
    panel = r.tab.locator('[data-folio="contents-panel"]')
    panel.wait_for(state="visible", timeout=TURN)
    rows = panel.locator("a[data-page]").evaluate_all("""links => links.map(a => ({
        page: Number(a.dataset.page), href: a.getAttribute('href'), number: a.querySelector('.page-number').textContent,
        end: a.getBoundingClientRect().right - a.querySelector('.page-number').getBoundingClientRect().right}))""")
    assert len(rows) > 10, rows
    for row in rows:
        assert row["number"] == labels[row["page"] - 1], row
        assert row["number"] == on_contents_page[href_of(site, row["page"])], row
    # Right-aligned, the padding of the row aside.
    assert len({round(row["end"]) for row in rows}) == 1, rows
    target = max(rows, key=lambda row: row["page"])
    page, number = target["page"], target["number"]
    panel.locator(f'a[data-page="{page}"]').first.click()
    r.wait_visible(page)
    shown = r.tab.locator(f'[data-folio="stage"] article.page[data-page="{page}"] .folio').text_content()
    assert shown == number, (target, shown)
    r.done()


def test_contents_panel_escape_returns_focus(reader):
    r = reader("content", PORTRAIT)
    r.open("introduction/3.html")
    r.tab.locator('button[data-folio="contents"]').focus()
    r.tab.keyboard.press("Enter")
    panel = r.tab.locator('[data-folio="contents-panel"]')
    panel.wait_for(state="visible", timeout=TURN)
    assert panel.locator("a[data-page]").count() > 0
    assert r.tab.evaluate("() => !!document.activeElement.closest('[data-folio=\"contents-panel\"]')")
    r.tab.keyboard.press("Escape")
    panel.wait_for(state="hidden", timeout=TURN)
    assert r.tab.evaluate("() => document.activeElement.matches('button[data-folio=\"contents\"]')")
    r.done()


# Layout ----------------------------------------------------------------------------------------

def test_resize_switches_spread_to_single_keeping_the_page(reader):
    r = reader("content", LANDSCAPE)
    state = r.open("introduction/2.html")
    assert len(state["visible"]) == 2, state
    current = state["page"]
    r.tab.set_viewport_size(PORTRAIT)
    r.tab.wait_for_function("""() => [...document.querySelectorAll('[data-folio="stage"] article.page')]
                                     .filter(a => a.getAttribute('aria-hidden') !== 'true').length === 1""", timeout=TURN)
    state = r.settle()
    assert state["visible"] == [current] and state["page"] == current, state
    box, view = r.rect(current), PORTRAIT
    assert box["left"] >= -1 and box["right"] <= view["width"] + 1 and box["bottom"] <= view["height"] + 1, box
    r.tab.set_viewport_size(LANDSCAPE)
    r.tab.wait_for_function("""() => [...document.querySelectorAll('[data-folio="stage"] article.page')]
                                     .filter(a => a.getAttribute('aria-hidden') !== 'true').length === 2""", timeout=TURN)
    state = r.settle()
    assert current in state["visible"], state
    r.done()


# Scroll transition and reduced motion ------------------------------------------------------------

FIND_SCROLLER = """() => {
    const reader = document.querySelector('[data-folio="reader"]');
    const all = [reader, ...reader.querySelectorAll('*')];
    const s = all.find(e => { const st = getComputedStyle(e);
        return (e.scrollWidth > e.clientWidth + 1 && /auto|scroll/.test(st.overflowX))
            || (e.scrollHeight > e.clientHeight + 1 && /auto|scroll/.test(st.overflowY)); });
    if (!s) return null;
    s.setAttribute('data-test-scroller', '');
    return {snap: getComputedStyle(s).scrollSnapType, horizontal: s.scrollWidth > s.clientWidth + 1};
}"""

ALIGNED = """() => {
    const s = document.querySelector('[data-test-scroller]'), box = s.getBoundingClientRect();
    const near = (a, b) => Math.abs(a - b) < 2;
    return [...s.querySelectorAll('article.page')].filter(a => { const r = a.getBoundingClientRect();
        return near(r.left, box.left) && near(r.top, box.top) || near((r.left + r.right) / 2, (box.left + box.right) / 2)
            && near((r.top + r.bottom) / 2, (box.top + box.bottom) / 2)
            || near(r.right, box.right) && near(r.bottom, box.bottom); }).map(a => Number(a.dataset.page));
}"""


def wait_scroll_still(tab):
    tab.wait_for_function("""() => new Promise(done => {
        const s = document.querySelector('[data-test-scroller]');
        const at = () => `${s.scrollLeft},${s.scrollTop}`;
        const first = at(); setTimeout(() => done(at() === first), 250); })""", timeout=TURN, polling=300)


def test_scroll_transition_turns_and_snaps(reader, reader_sites):
    site = reader_sites["reader-scroll"]
    assert manifest(site)["metadata"]["urn:folio:transition"] == "scroll"
    r = reader("reader-scroll", {"width": 900, "height": 900})
    state = r.open("index.html")
    assert state["page"] == 1
    scroller = r.tab.evaluate(FIND_SCROLLER)
    assert scroller, "no scrolling element in the reader"
    assert scroller["snap"] not in ("", "none"), scroller
    r.tab.keyboard.press("ArrowRight")
    r.wait_moved(1)
    # A turn ends when the scrolling stops: folio:turn, then the URL follows.
    r.tab.wait_for_function("n => window.__turns.some(t => t.to === n)", arg=2, timeout=TURN)
    wait_scroll_still(r.tab)
    state = r.settle()
    assert state["page"] == 2, state
    assert state["path"].endswith("/reader-scroll/" + href_of(site, 2)), state["path"]
    assert 2 in r.tab.evaluate(ALIGNED)
    # A user scroll of most of a page snaps to the next one.
    box = r.rect(2)
    r.tab.mouse.move(box["left"] + box["width"] / 2, box["top"] + box["height"] / 2)
    if scroller["horizontal"]:
        r.tab.mouse.wheel(0.7 * box["width"], 0)
    else:
        r.tab.mouse.wheel(0, 0.7 * box["height"])
    r.wait_moved(2)
    r.tab.wait_for_function("n => window.__turns.some(t => t.to === n)", arg=3, timeout=TURN)
    wait_scroll_still(r.tab)
    state = r.settle()
    assert state["page"] == 3, state
    assert r.tab.evaluate(ALIGNED) == [3] or 3 in r.tab.evaluate(ALIGNED)
    assert state["path"].endswith("/reader-scroll/" + href_of(site, 3)), state
    r.done()



# Samples, every frame until the scrolling stops, where each mounted page is and whether any
# element of the reader is clipped by a polygon (a fold) or rotated.
SLIDE_SAMPLER = """() => { window.__slide = new Promise(done => {
    const s = document.querySelector('[data-test-scroller]'), frames = [], first = s.scrollLeft;
    let still = 0, last = first;
    const sample = () => {
        const pages = {};
        for (const a of s.querySelectorAll('article.page')) pages[a.dataset.page] = a.getBoundingClientRect().left;
        const curled = [...document.querySelectorAll('[data-folio="reader"] *')].some(e => {
            const st = getComputedStyle(e);
            const m = new DOMMatrix(st.transform === 'none' ? undefined : st.transform);
            return st.clipPath.startsWith('polygon') || m.b !== 0 || m.c !== 0; });
        frames.push({pages, curled, visible: [...s.querySelectorAll('article.page:not([aria-hidden="true"])')].map(a => +a.dataset.page)});
        const at = s.scrollLeft;
        still = at === last ? still + 1 : 0;
        last = at;
        if (at !== first && still > 20 || frames.length > 600) done(frames); else requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
}); }"""


def test_scroll_book_slides_one_page_at_a_time_without_a_curl(reader, reader_sites):
    site = reader_sites["reader-scroll"]
    r = reader("reader-scroll", {"width": 900, "height": 900})
    state = r.open(href_of(site, 2))
    assert state["visible"] == [2], state
    scroller = r.tab.evaluate(FIND_SCROLLER)
    assert scroller and scroller["horizontal"], scroller
    assert r.tab.evaluate("() => !document.querySelector('.folio-stage, .folio-back')"), "a scroll book has a curl stage"
    start = r.rect(3)["left"]
    r.tab.evaluate(SLIDE_SAMPLER)
    r.tab.keyboard.press("ArrowRight")
    frames = r.tab.evaluate("() => window.__slide")
    state = r.settle(3)
    lefts = [f["pages"]["3"] for f in frames if "3" in f["pages"]]
    end = r.rect(3)["left"]
    # Page 3 slides into view: leftward all the way, through positions in between, and stops aligned.
    assert end < start - 100, (start, end)
    assert all(b <= a + 0.5 for a, b in zip(lefts, lefts[1:])), lefts
    between = [x for x in lefts if end + 5 < x < start - 5]
    assert len(between) >= 2, f"the page jumped instead of sliding: {lefts}"
    assert 3 in r.tab.evaluate(ALIGNED)
    assert not any(f["curled"] for f in frames), "an element of a scroll book was clipped or rotated: a curl"
    assert all(len(f["visible"]) <= 1 for f in frames), [f["visible"] for f in frames]
    assert state["visible"] == [3] and state["path"].endswith("/reader-scroll/" + href_of(site, 3)), state
    assert [(t["from"], t["to"]) for t in r.turns] == [(2, 3)], r.turns
    # Back with the other arrow: one page, the URL follows.
    r.tab.keyboard.press("ArrowLeft")
    r.tab.wait_for_function("() => window.__turns.some(t => t.to === 2)", timeout=TURN)
    wait_scroll_still(r.tab)
    state = r.settle(2)
    assert state["visible"] == [2] and state["path"].endswith("/reader-scroll/" + href_of(site, 2)), state
    r.done()

def test_reduced_motion_turns_at_once(reader):
    r = reader("content", PORTRAIT, reduced_motion="reduce")
    state = r.open("introduction/3.html")
    assert r.tab.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
    for _ in range(3):
        before = state["page"]
        r.tab.keyboard.press("ArrowRight")
        state = r.wait_moved(before)
        delay = r.tab.evaluate("() => window.__turns[window.__turns.length - 1].t - window.__lastKey")
        assert 0 <= delay < 100, f"folio:turn came {delay:.0f} ms after the key press"
    r.done()


# A long book: a bounded DOM, requests in proportion to the pages read ----------------------------

# Elements in the whole document, whatever the book's length: the pages mounted, a window of the
# chapter bar, and the contents panel's rows in view (about 80 measured in the 2,000-page book).
NODE_BOUND = 400


def test_long_book_keeps_the_dom_bounded(reader, long_site, capsys):
    total = manifest(long_site)["metadata"]["numberOfPages"]
    assert total == 2000
    r = reader("long", LANDSCAPE)
    state = r.open("index.html")
    assert state["pages"] == total
    most = state
    turns = 30
    for _ in range(turns):
        before = state["page"]
        r.tab.keyboard.press("ArrowRight")
        state = r.wait_moved(before)
        assert state["articles"] <= 8, state
        most = max(most, state, key=lambda s: s["nodes"])
    r.tab.evaluate("() => window.folio.go(1500)")
    state = r.wait_visible(1500, timeout=2 * TURN)
    r.tab.wait_for_timeout(1000)  # let prefetching finish
    state = r.state()
    most = max(most, state, key=lambda s: s["nodes"])
    requests = len(r.requests)
    with capsys.disabled():
        print(f"\nlong book: {total} pages; after {turns} turns and a jump to 1500: {state['articles']} article.page "
              f"({state['leaves']} leaves), {requests} page-document requests, at most {most['nodes']} elements")
    assert state["articles"] <= 8, state
    assert requests <= 3 * (turns + 1) + 12, f"{requests} page-document requests for {turns} turns and a jump"
    assert most["nodes"] <= NODE_BOUND, most
    r.done()


FOCUSED_ROW = """() => { const a = document.activeElement, li = a && a.closest('[data-folio="contents-panel"] li');
    return li ? {page: Number(a.dataset.page), row: Number(li.getAttribute('aria-posinset')),
                 rows: Number(li.getAttribute('aria-setsize')), nodes: document.getElementsByTagName('*').length} : null; }"""


def test_long_contents_panel_is_bounded_and_every_chapter_is_reachable_by_keyboard(reader, long_site):
    chapters = [page_of(long_site, unquote(e["href"])) for e in manifest(long_site)["toc"]]
    assert len(chapters) == 250
    r = reader("long", LANDSCAPE)
    r.open(href_of(long_site, 1204))
    r.tab.locator('button[data-folio="contents"]').click()
    r.tab.locator('[data-folio="contents-panel"]').wait_for(state="visible", timeout=TURN)
    first = r.tab.evaluate(FOCUSED_ROW)
    assert first["page"] == max(p for p in chapters if p <= 1204), first  # the current chapter has focus
    assert first["rows"] == 250 and first["nodes"] <= NODE_BOUND, first
    # Home, then the arrow keys walk every chapter in order; the DOM stays bounded on the way.
    r.tab.keyboard.press("Home")
    seen = [r.tab.evaluate(FOCUSED_ROW)]
    for _ in range(249):
        r.tab.keyboard.press("ArrowDown")
        seen.append(r.tab.evaluate(FOCUSED_ROW))
    assert [s["page"] for s in seen] == chapters
    assert [s["row"] for s in seen] == list(range(1, 251))
    assert max(s["nodes"] for s in seen) <= NODE_BOUND, max(s["nodes"] for s in seen)
    assert r.state()["page"] == 1204, "arrow keys in the panel turned the page"
    # Tab goes on past the rows first made, and Shift+Tab back.
    r.tab.keyboard.press("Home")
    for row in range(2, 80):
        r.tab.keyboard.press("Tab")
        assert r.tab.evaluate(FOCUSED_ROW)["row"] == row
    r.tab.keyboard.press("Shift+Tab")
    assert r.tab.evaluate(FOCUSED_ROW)["row"] == 78
    # Scrolled to the end, the last chapters are there; Enter on one jumps to it and closes the panel.
    r.tab.evaluate("() => { const p = document.querySelector('[data-folio=\"contents-panel\"]'); p.scrollTop = p.scrollHeight; }")
    last = r.tab.locator(f'[data-folio="contents-panel"] a[data-page="{chapters[-1]}"]')
    last.wait_for(state="visible", timeout=TURN)
    last.focus()
    r.tab.keyboard.press("Enter")
    state = r.wait_visible(chapters[-1], timeout=2 * TURN)
    assert r.tab.locator('[data-folio="contents-panel"]').is_hidden()
    assert state["nodes"] <= NODE_BOUND, state
    r.done()


# Screenshots -----------------------------------------------------------------------------------

def test_screenshots(reader, reader_sites, artifacts, capsys):
    shots = []
    r = reader("content", LANDSCAPE)
    state = r.open("introduction/2.html")
    assert len(state["visible"]) == 2
    r.tab.screenshot(path=artifacts / "spread.png")
    shots.append("spread.png")
    # Mid-curl: the mouse held down half-way across the right page.
    left, right = state["visible"]
    box = r.rect(right)
    start = corner(box, "right")
    r.tab.mouse.move(*start)
    r.tab.mouse.down()
    r.tab.mouse.move(start[0] - 0.5 * box["width"], start[1] - 0.15 * box["height"], steps=12)
    r.tab.wait_for_timeout(100)
    r.tab.screenshot(path=artifacts / "mid-curl.png")
    shots.append("mid-curl.png")
    lifted = page_at(r.tab, *start) != right
    assert r.tab.evaluate("() => window.folio.page") == left, "the page turned while the mouse was still down"
    r.tab.mouse.move(*start, steps=5)
    r.tab.mouse.up()
    r.done()
    assert lifted, "the corner of the turning page is not lifted in the middle of a curl"

    r = reader("content", PORTRAIT)
    r.open("introduction/3.html")
    r.tab.screenshot(path=artifacts / "single.png")
    shots.append("single.png")
    r.done()

    r = reader("reader-rtl", LANDSCAPE)
    state = r.open(href_of(reader_sites["reader-rtl"], 6))  # a spread of Arabic text
    assert len(state["visible"]) == 2, state
    r.tab.screenshot(path=artifacts / "rtl-spread.png")
    shots.append("rtl-spread.png")
    r.done()
    with capsys.disabled():
        print(f"\nscreenshots in {artifacts}: {', '.join(shots)}")


# Accessibility ---------------------------------------------------------------------------------

def serious_violations(tab):
    from axe_playwright_python.sync_playwright import Axe
    results = Axe().run(tab)
    return [f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(", ".join(n["target"]) for n in v["nodes"][:5])
            for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]


@pytest.mark.parametrize("view", ["single", "spread", "contents-panel"])
def test_axe_finds_no_serious_violation(reader, view):
    r = reader("content", PORTRAIT if view == "single" else LANDSCAPE)
    r.open("introduction/2.html")
    if view == "contents-panel":
        r.tab.locator('button[data-folio="contents"]').click()
        r.tab.locator('[data-folio="contents-panel"]').wait_for(state="visible", timeout=TURN)
    violations = serious_violations(r.tab)
    assert not violations, "\n".join(violations)
    region = r.tab.evaluate("""() => { const e = document.querySelector('[data-folio="reader"]');
        return {label: e.getAttribute('aria-label'), role: e.getAttribute('aria-roledescription'),
                tabindex: e.getAttribute('tabindex'),
                live: document.querySelector('[data-folio="announce"]')?.getAttribute('aria-live')}; }""")
    assert region["label"] and region["role"] == "book" and region["tabindex"] == "-1" and region["live"] == "polite", region
    r.done()


@pytest.mark.parametrize("theme", ["light", "dark", "sepia"])
def test_contents_page_and_panel_are_axe_clean_in_every_theme(reader, theme):
    # Reduced motion: no colour is caught half way through its transition to the theme's.
    r = reader("content", LANDSCAPE, reduced_motion="reduce")
    r.open("contents/1.html")
    r.tab.evaluate("theme => document.documentElement.dataset.theme = theme", theme)
    violations = serious_violations(r.tab)
    r.tab.locator('button[data-folio="contents"]').click()
    r.tab.locator('[data-folio="contents-panel"]').wait_for(state="visible", timeout=TURN)
    violations += serious_violations(r.tab)
    assert not violations, "\n".join(violations)
    r.done()


def test_every_control_is_reachable_by_tab(reader):
    r = reader("content", LANDSCAPE)
    r.open("introduction/2.html")
    r.tab.evaluate("() => document.activeElement && document.activeElement.blur()")
    chapters = r.tab.evaluate("""() => [...document.querySelectorAll('nav[data-folio="chapters"] a[data-page]')]
                                         .map(a => a.dataset.page)""")
    assert chapters, "no chapter bar links"
    reached, seen = set(), []
    for _ in range(250):
        r.tab.keyboard.press("Tab")
        element, focus = r.tab.evaluate("""() => { const e = document.activeElement; if (!e || e === document.body) return [0, null];
            e.__tabId = e.__tabId || (window.__tabIds = (window.__tabIds || 0) + 1);
            const bar = e.closest('nav[data-folio="chapters"]');
            return [e.__tabId, e.dataset.folio ? e.dataset.folio : bar && e.dataset.page ? 'chapter:' + e.dataset.page : e.tagName]; }""")
        if element == 1 and seen:
            break  # back at the first element: wrapped around
        seen.append(focus)
        if focus:
            reached.add(focus)
    wanted = {"prev", "next", "contents", "slider"} | {f"chapter:{p}" for p in chapters}
    assert not wanted - reached, f"not reachable by Tab: {sorted(wanted - reached)}; order: {seen[:60]}"
    # The controls have accessible names.
    names = r.tab.evaluate("""() => ['prev', 'next', 'contents', 'slider'].map(k => {
        const e = document.querySelector(`[data-folio="${k}"]`);
        return [k, (e.getAttribute('aria-label') || e.textContent || '').trim()]; })""")
    assert all(name for _, name in names), names
    r.done()


# The API, failures, idleness and focus ------------------------------------------------------------

def test_api_turns_and_jumps_with_events(reader):
    r = reader("content", PORTRAIT)
    state = r.open("introduction/2.html")
    start = state["page"]
    r.tab.evaluate("() => window.folio.next()")
    state = r.wait_moved(start)
    assert state["page"] == start + 1
    r.tab.evaluate("() => window.folio.go(20, {animated: false})")
    state = r.settle(20)
    r.tab.evaluate("() => window.folio.prev()")
    state = r.wait_moved(20)
    assert state["page"] == 19
    turns = [(t["from"], t["to"]) for t in r.turns]
    assert turns[-3:] == [(start, start + 1), (start + 1, 20), (20, 19)], turns
    assert all(t["root"] for t in r.turns), "folio:turn is dispatched on the reader root and bubbles"
    r.done()


def test_a_failed_page_shows_a_retry(reader, sites):
    site = sites["content"]
    target = page_of(site, "writing/3.html")
    r = reader("content", PORTRAIT)
    r.open("introduction/2.html")
    r.tab.route("**/writing/3.html", lambda route: route.abort())
    r.tab.evaluate("n => window.folio.go(n, {animated: false})", target)
    retry = r.tab.locator(f'[data-folio="stage"] article.page[data-page="{target}"] [data-folio="retry"]')
    retry.wait_for(state="visible", timeout=TURN)
    r.tab.unroute("**/writing/3.html")
    retry.click()
    r.tab.wait_for_function(
        """n => { const leaf = document.querySelector(`[data-folio="stage"] article.page[data-page="${n}"]`);
                  return leaf && !leaf.querySelector('[data-folio="retry"]') && leaf.querySelector('[data-page-content]'); }""",
        arg=target, timeout=TURN)
    r.errors = [e for e in r.errors if "ERR_FAILED" not in e]  # the aborted request itself
    r.done()


IDLE_COUNTER = """
window.__frames = 0;
const request = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = callback => { window.__frames += 1; return request(callback); };
"""


def test_nothing_runs_while_idle(reader):
    r = reader("content")
    r.tab.add_init_script(IDLE_COUNTER)
    state = r.open("introduction/2.html")
    r.tab.keyboard.press("ArrowRight")
    r.wait_moved(state["page"])
    r.tab.wait_for_timeout(300)
    r.tab.evaluate("() => { window.__frames = 0; }")
    r.tab.wait_for_timeout(1000)
    assert r.tab.evaluate("() => window.__frames") == 0, "animation frames were requested while nothing moved"
    r.done()


def test_focus_is_not_lost_on_a_turn(reader):
    r = reader("content", PORTRAIT)
    state = r.open("introduction/2.html")
    r.tab.focus('[data-folio="next"]')
    for _ in range(3):
        before = state["page"]
        r.tab.keyboard.press("Enter")
        state = r.wait_moved(before)
        assert r.tab.evaluate("() => document.activeElement.dataset.folio") == "next"
    link = r.tab.locator(f'[data-folio="stage"] article.page[data-page="{state["page"]}"] a').first
    if link.count():
        link.focus()
        before = state["page"]
        r.tab.keyboard.press("PageDown")
        r.wait_moved(before)
    assert r.tab.evaluate("() => document.activeElement !== document.body && document.activeElement.isConnected")
    r.done()
