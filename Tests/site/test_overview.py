"""The overview (Templates/assets/overview.js) in Chromium: every page of the book as a
miniature in a grid, a heading where a chapter starts. Opened by `o` and by its button, the current
page marked and focused; arrow keys, Home and End move between miniatures (mirrored in a
right-to-left book), Enter opens one and Escape closes, all by keyboard; a tap on a phone opens a
page; in a long book only the miniatures in view are in the DOM; axe-clean in light and dark. It
also makes the guide's picture of it."""

import pytest

from conftest import guide_picture
from test_reader import LANDSCAPE, LAPTOP, NODE_BOUND, PHONE, TURN, href_of, manifest, reader, serious_violations  # noqa: F401 (reader: a fixture)


# The overview as a user meets it: open or not, the page focused, the pages marked current, the
# miniatures made and those showing their page, the headings, and the document's element count.
OVERVIEW = """() => {
    const dialog = document.querySelector('[data-folio="overview-panel"]'), focused = document.activeElement;
    const items = [...document.querySelectorAll('[data-folio="overview-pages"] > li')];
    const link = focused && focused.closest('[data-folio="overview-pages"] > li > a');
    return {
        open: !!(dialog && dialog.open),
        focused: link ? Number(link.dataset.page) : null,
        focus: focused ? (focused.dataset.folio || focused.tagName.toLowerCase()) : null,
        current: [...document.querySelectorAll('[data-folio="overview-pages"] [aria-current="page"]')].map(a => Number(a.dataset.page)),
        made: items.filter(li => li.dataset.page).map(li => Number(li.dataset.page)),
        shown: items.filter(li => li.querySelector(':scope > article.page')).length,
        headings: items.filter(li => !li.dataset.page).map(li => li.textContent),
        nodes: document.getElementsByTagName('*').length,
    };
}"""

# Once every miniature made shows its page.
FILLED = """() => { const items = [...document.querySelectorAll('[data-folio="overview-pages"] > li[data-page]')];
    return items.length > 0 && items.every(li => li.querySelector(':scope > article.page')); }"""

# Where a miniature is on screen.
BOX = """n => { const r = document.querySelector(`[data-folio="overview-pages"] > li[data-page="${n}"]`).getBoundingClientRect();
    return {x: Math.round(r.left), y: Math.round(r.top)}; }"""


def overview(r):
    return r.tab.evaluate(OVERVIEW)


def wait_open(r):
    r.tab.wait_for_function("() => document.querySelector('[data-folio=\"overview-panel\"]')?.open"
                            " && document.activeElement.closest('[data-folio=\"overview-pages\"]')", timeout=TURN)
    r.tab.wait_for_function(FILLED, timeout=TURN)
    return overview(r)


def press(r, key):
    r.tab.keyboard.press(key)
    return overview(r)


def test_by_keyboard_alone(reader, sites):
    site = sites["content"]
    total = manifest(site)["metadata"]["numberOfPages"]
    r = reader("content", LAPTOP)
    start = r.open("the-reader/3.html")["page"]
    # `o` opens it, on the current page, marked and focused.
    state = press(r, "o")
    state = wait_open(r)
    assert state["focused"] == start and state["current"] == [start], state
    label = r.tab.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert label == f"Page {r.tab.evaluate('() => document.activeElement.textContent')}, How the reader works", label
    # → and ← one page; ↓ the same column a row down, ↑ back.
    assert press(r, "ArrowRight")["focused"] == start + 1
    assert press(r, "ArrowLeft")["focused"] == start
    below = press(r, "ArrowDown")["focused"]
    assert below > start + 1 and r.tab.evaluate(BOX, below)["x"] == r.tab.evaluate(BOX, start)["x"], below
    assert r.tab.evaluate(BOX, below)["y"] > r.tab.evaluate(BOX, start)["y"]
    assert press(r, "ArrowUp")["focused"] == start
    # Home and End: the first and the last page, brought into view.
    assert press(r, "End")["focused"] == total
    assert press(r, "Home")["focused"] == 1
    # Enter opens the chosen page and closes the overview; the arrow keys turned no page meanwhile.
    assert r.state()["page"] == start
    for _ in range(4):
        r.tab.keyboard.press("ArrowRight")
    press(r, "Enter")
    state = r.wait_moved(start)
    assert not overview(r)["open"]
    assert 5 in state["visible"], state
    # The Pages button, by keyboard: the new current page is marked; Escape closes and focus
    # returns to the button, the page unchanged.
    r.tab.focus('button[data-folio="overview"]')
    r.tab.keyboard.press("Enter")
    state = wait_open(r)
    page = r.state()["page"]
    assert state["focused"] == page and state["current"] == [page], state
    state = press(r, "Escape")
    assert not state["open"] and state["focus"] == "overview" and state["made"] == [], state
    assert r.state()["page"] == page
    # `o` again, and Escape: focus goes to the button too.
    press(r, "o")
    wait_open(r)
    state = press(r, "Escape")
    assert not state["open"] and state["focus"] == "overview", state
    r.done()


def test_a_right_to_left_book_reads_its_grid_from_the_right(reader):
    r = reader("reader-rtl", LAPTOP)
    r.open("index.html")
    press(r, "o")
    assert wait_open(r)["focused"] == 1
    # ← is the next page, which stands to the left of the first; → goes back.
    assert press(r, "ArrowLeft")["focused"] == 2
    assert r.tab.evaluate(BOX, 2)["x"] < r.tab.evaluate(BOX, 1)["x"]
    assert press(r, "ArrowRight")["focused"] == 1
    r.done()


def test_a_tap_on_a_phone_opens_a_page(reader, sites):
    r = reader("content", PHONE, has_touch=True, is_mobile=True)
    start = r.open("introduction/2.html")["page"]
    r.tab.locator('button[data-folio="overview"]').tap()
    state = wait_open(r)
    assert state["focused"] == start, state
    # Three miniatures a row, all on screen.
    xs = sorted({r.tab.evaluate(BOX, n)["x"] for n in state["made"]})
    assert len(xs) == 3 and xs[0] >= 0 and r.tab.evaluate(BOX, state["made"][-1])["x"] < PHONE["width"], xs
    target = start + 4
    r.tab.locator(f'[data-folio="overview-pages"] a[data-page="{target}"]').tap()
    state = r.wait_moved(start)
    assert state["page"] == target and not overview(r)["open"], state
    r.done()


def test_a_heading_stands_where_each_chapter_starts(reader, sites):
    site = sites["content"]
    titles = [item["title"] for item in manifest(site)["readingOrder"]]
    r = reader("content", LAPTOP)
    r.open("title/1.html")
    press(r, "o")
    seen = []
    for key in ("Home", "End"):
        r.tab.keyboard.press(key)
        r.tab.wait_for_function(FILLED, timeout=TURN)
        # Each heading stands above its chapter's first page, which is the next item (but for one
        # at the very end of the rows made, whose pages are not yet).
        pairs = r.tab.evaluate("""() => [...document.querySelectorAll('[data-folio="overview-pages"] > li:not([data-page])')]
            .filter(li => li.nextElementSibling).map(li => [li.textContent, Number(li.nextElementSibling.dataset.page),
                        li.nextElementSibling.getBoundingClientRect().top - li.getBoundingClientRect().bottom])""")
        for title, first, space in pairs:
            assert titles[first - 1] == title and (first == 1 or titles[first - 2] != title), (title, first)
            assert 0 <= space < 20, (title, space)
        seen += [title for title, _, _ in pairs]
    assert seen[:3] == ["The Folio Guide", "Contents", "Introduction"], seen
    assert seen[-1] == titles[-1], seen
    r.done()


def test_a_long_book_makes_only_the_miniatures_in_view(reader, long_site, capsys):
    total = manifest(long_site)["metadata"]["numberOfPages"]
    r = reader("long", LANDSCAPE)
    r.open(href_of(long_site, 1204))
    press(r, "o")
    state = wait_open(r)
    opening = state
    assert state["focused"] == 1204 and 1204 in state["made"], state
    assert len(state["made"]) < 100 and state["shown"] == len(state["made"]), state
    assert state["nodes"] <= NODE_BOUND, state
    # Scrolled to the end, the last pages are there, showing their own text.
    r.tab.evaluate("() => { const s = document.querySelector('.folio-overview-pages'); s.scrollTop = s.scrollHeight; }")
    r.tab.wait_for_function(f"() => document.querySelector('[data-folio=\"overview-pages\"] > li[data-page=\"{total}\"]')", timeout=TURN)
    r.tab.wait_for_function(FILLED, timeout=TURN)
    state = overview(r)
    assert max(state["made"]) == total and len(state["made"]) < 100, state
    assert 1204 in state["made"], "the focused miniature went"
    text = r.tab.evaluate(f"() => document.querySelector('[data-folio=\"overview-pages\"] > li[data-page=\"{total}\"] > article').textContent.replaceAll('\\u00ad', '')")
    assert "Page 8 of chapter 250" in text, text
    assert state["nodes"] <= NODE_BOUND, state
    # The keys reach anywhere too: Home, the first pages; the bound holds.
    state = press(r, "Home")
    r.tab.wait_for_function(FILLED, timeout=TURN)
    state = overview(r)
    assert state["focused"] == 1 and min(state["made"]) == 1 and state["nodes"] <= NODE_BOUND, state
    with capsys.disabled():
        print(f"\noverview of {total} pages: {len(opening['made'])} miniatures made, {opening['nodes']} elements"
              f" in the document; at the end {len(state['made'])} and {state['nodes']}")
    r.done()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_finds_no_serious_violation_in_the_overview(reader, theme):
    r = reader("content", LAPTOP, reduced_motion="reduce")
    r.open("writing/3.html")
    r.tab.evaluate("theme => document.documentElement.dataset.theme = theme", theme)
    press(r, "o")
    state = wait_open(r)
    assert state["shown"] > 10, state
    violations = serious_violations(r.tab)
    assert not violations, "\n".join(violations)
    # A labelled dialog; links with a page and a chapter; the miniatures hidden and inert.
    facts = r.tab.evaluate("""() => { const d = document.querySelector('[data-folio="overview-panel"]');
        const pages = [...d.querySelectorAll('[data-folio="overview-pages"] > li > article')];
        return {label: d.getAttribute('aria-label'), modal: d.matches(':modal'),
                hidden: pages.every(a => a.getAttribute('aria-hidden') === 'true' && a.inert),
                ids: pages.some(a => a.querySelector('[id]')),
                links: [...d.querySelectorAll('[data-folio="overview-pages"] > li > a')].every(a => /^Page \\S+, ./.test(a.getAttribute('aria-label')))}; }""")
    assert facts == {"label": "Pages", "modal": True, "hidden": True, "ids": False, "links": True}, facts
    r.done()


def test_picture_for_the_guide(reader, sites, artifacts):
    r = reader("content", LAPTOP, reduced_motion="reduce")
    r.open("reading-a-book/2.html")
    press(r, "o")
    wait_open(r)
    r.tab.evaluate("() => document.fonts.ready")
    r.tab.wait_for_timeout(300)
    guide_picture(r.tab, artifacts, "overview.png")
    r.done()
