"""Zoom in the reader (Templates/assets/zoom.js, started by reader.js) in Chromium, on a phone with
touch and on a desktop: the + - 0 and Shift+arrow keys, Ctrl+wheel, a pinch and a double tap made of real touch
events (the DevTools protocol's Input.dispatchTouchEvent), panning a zoomed page without turning it,
turning back to fit, an image shown larger in a dialog, axe, reduced motion, and the guide's
screenshot of a zoomed page (content/images/zoom.png)."""
import re

import pytest

from conftest import guide_picture
from test_reader import LAPTOP, PHONE, TURN, Reader, page_of, serious_violations

TEXT_PAGE = "the-reader/2.html"


class Touch:
    """A browser whose tabs are a phone's: touch events, a mobile viewport."""

    def __init__(self, browser):
        self.browser = browser

    def new_context(self, **options):
        return self.browser.new_context(**options, has_touch=True, is_mobile=True)


@pytest.fixture
def zoom_reader(browser, server, sites):
    """Opens the guide: zoom_reader(device, path, reduced_motion=None), device "phone" or "desktop"."""
    opened = []

    def open_reader(device, path=TEXT_PAGE, reduced_motion=None):
        touch = device == "phone"
        r = Reader(Touch(browser) if touch else browser, server, "content", PHONE if touch else LAPTOP, reduced_motion)
        opened.append(r)
        r.open(path)
        r.cdp = r.context.new_cdp_session(r.tab)
        return r

    yield open_reader
    for r in opened:
        r.close()


def touches(r, kind, *points):
    r.cdp.send("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})


def page_box(r):
    return r.rect(r.state()["page"])


def view_box(r):
    return r.tab.evaluate("""() => { const b = document.querySelector('.folio-view').getBoundingClientRect();
        return {left: b.left, top: b.top, right: b.right, bottom: b.bottom, width: b.width, height: b.height}; }""")


def centre(box, across=0.5, down=0.5):
    return box["left"] + across * box["width"], box["top"] + down * box["height"]


def zoom(r):
    return r.tab.evaluate("window.folio.zoom")


def settled_zoom(r, test, timeout=TURN):
    """Waits until the zoom passes `test` (a JS predicate of the scale) and the page has stopped gliding."""
    r.tab.wait_for_function(f"""() => ({test})(window.folio.zoom)
        && document.querySelector('[data-folio="stage"]').getAnimations().length == 0""", timeout=timeout)
    return zoom(r)


def zoom_point(r):
    """A point where zooming in twice keeps the page over the whole view: its middle, a little right
    of the spine in a spread, so that no tap there turns."""
    view = view_box(r)
    return view["left"] + 0.55 * view["width"], view["top"] + 0.35 * view["height"]


def announced(r, text):
    r.tab.wait_for_function("t => document.querySelector('[data-folio=\"announce\"]').textContent === t", arg=text, timeout=TURN)


def wheel(r, x, y, delta):
    r.tab.mouse.move(x, y)
    r.tab.keyboard.down("Control")
    r.tab.mouse.wheel(0, delta)
    r.tab.keyboard.up("Control")


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_keys_zoom_in_out_and_reset_and_text_stays_text(zoom_reader, device):
    r = zoom_reader(device)
    page, fit = r.state()["page"], page_box(r)
    r.tab.keyboard.press("+")
    assert settled_zoom(r, "z => z == 1.5") == 1.5
    announced(r, "Zoom 150%")
    assert page_box(r)["width"] == pytest.approx(1.5 * fit["width"], rel=0.01)
    r.tab.keyboard.press("=")
    assert settled_zoom(r, "z => z == 2") == 2
    announced(r, "Zoom 200%")
    zoomed = page_box(r)
    assert zoomed["width"] == pytest.approx(2 * fit["width"], rel=0.01)
    # Still text: selectable, and what lies under the view's centre is the page's own markup.
    found = r.tab.evaluate("""() => {
        const article = document.querySelector('[data-folio="stage"] article.page:not([aria-hidden])');
        const paragraph = [...article.querySelectorAll('p')].find((p) => p.textContent.length > 40), selection = getSelection();
        selection.selectAllChildren(paragraph);
        const text = selection.toString();
        selection.removeAllRanges();
        const view = document.querySelector('.folio-view').getBoundingClientRect();
        const under = document.elementFromPoint(view.left + view.width / 2, view.top + view.height / 2);
        return {text, same: text == paragraph.textContent, under: !!under.closest('article.page:not([aria-hidden])'),
                willChange: getComputedStyle(document.querySelector('[data-folio="stage"]')).willChange,
                canvases: article.querySelectorAll('canvas').length};
    }""")
    assert len(found["text"]) > 20 and found["same"] and found["under"] and found["canvases"] == 0, found
    assert found["willChange"] == "auto", found  # so the text is drawn again at its new size
    # Shift+arrows show more of the page that way, and turn nothing.
    view = view_box(r)
    r.tab.keyboard.press("Shift+ArrowRight")
    r.tab.keyboard.press("Shift+ArrowDown")
    settled_zoom(r, "z => z == 2")
    moved = page_box(r)
    assert moved["left"] == pytest.approx(zoomed["left"] - view["width"] / 10, abs=1), (moved, zoomed)
    assert moved["top"] == pytest.approx(zoomed["top"] - view["height"] / 10, abs=1), (moved, zoomed)
    assert r.state()["page"] == page
    r.tab.keyboard.press("-")
    assert settled_zoom(r, "z => z == 1.5") == 1.5
    r.tab.keyboard.press("0")
    assert settled_zoom(r, "z => z == 1") == 1
    announced(r, "Zoom 100%")
    assert page_box(r) == pytest.approx(fit, abs=0.5)
    assert r.state()["page"] == page
    r.done()


def test_ctrl_wheel_zooms_at_the_pointer(zoom_reader):
    r = zoom_reader("desktop")
    fit = page_box(r)
    x, y = zoom_point(r)
    wheel(r, x, y, -200)
    scale = settled_zoom(r, "z => z > 1.5")
    zoomed = page_box(r)
    assert zoomed["width"] == pytest.approx(scale * fit["width"], rel=0.01)
    # What was under the pointer still is.
    assert (x - zoomed["left"]) / zoomed["width"] == pytest.approx((x - fit["left"]) / fit["width"], abs=0.01)
    wheel(r, x, y, 1000)
    assert settled_zoom(r, "z => z == 1") == 1
    assert page_box(r) == pytest.approx(fit, abs=0.5)
    r.done()


def test_pinch_zooms_with_two_fingers(zoom_reader):
    r = zoom_reader("phone")
    page, fit = r.state()["page"], page_box(r)
    x, y = centre(fit)
    touches(r, "touchStart", (x - 40, y), (x + 40, y))
    for step in range(1, 11):
        spread = 40 + 8 * step  # to 120: three times as far apart
        touches(r, "touchMove", (x - spread, y), (x + spread, y))
        r.tab.wait_for_timeout(16)
    touches(r, "touchEnd")
    scale = settled_zoom(r, "z => z > 2.5")
    assert scale == pytest.approx(3, abs=0.1)
    assert page_box(r)["width"] == pytest.approx(scale * fit["width"], rel=0.01)
    announced(r, f"Zoom {round(scale * 100)}%")
    # Pinched back in, to fit.
    touches(r, "touchStart", (x - 150, y), (x + 150, y))
    for step in range(1, 6):
        touches(r, "touchMove", (x - 150 + 28 * step, y), (x + 150 - 28 * step, y))
        r.tab.wait_for_timeout(16)
    touches(r, "touchEnd")
    assert settled_zoom(r, "z => z == 1") == 1
    assert r.state()["page"] == page
    r.done()


def drag_by(r, device, start, dx, dy, steps=8):
    if device == "phone":
        touches(r, "touchStart", start)
        for i in range(1, steps + 1):
            touches(r, "touchMove", (start[0] + dx * i / steps, start[1] + dy * i / steps))
            r.tab.wait_for_timeout(16)
        touches(r, "touchEnd")
    else:
        r.tab.mouse.move(*start)
        r.tab.mouse.down()
        for i in range(1, steps + 1):
            r.tab.mouse.move(start[0] + dx * i / steps, start[1] + dy * i / steps)
        r.tab.mouse.up()


def tap(r, device, point):
    if device == "phone":
        touches(r, "touchStart", point)
        touches(r, "touchEnd")
    else:
        r.tab.mouse.click(*point)


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_zoomed_page_pans_within_the_view_and_does_not_turn(zoom_reader, device):
    r = zoom_reader(device)
    page = r.state()["page"]
    r.tab.keyboard.press("+")
    r.tab.keyboard.press("+")
    settled_zoom(r, "z => z == 2")
    view, before = view_box(r), page_box(r)
    # From the outer part of the page, where a drag would curl it at fit.
    start = (view["left"] + 0.8 * view["width"], view["top"] + 0.8 * view["height"])
    drag_by(r, device, start, -120, -90)
    r.tab.wait_for_timeout(100)
    after = page_box(r)
    assert after["left"] == pytest.approx(before["left"] - 120, abs=2) and after["top"] == pytest.approx(before["top"] - 90, abs=2)
    # Far past an edge: the page stops at the view's edge, never out of view.
    drag_by(r, device, start, -3000, 0, steps=4)
    r.tab.wait_for_timeout(100)
    pages = r.tab.evaluate("""() => { const b = document.querySelector('[data-folio="stage"]').getBoundingClientRect();
        return {left: b.left, right: b.right}; }""")
    assert pages["right"] == pytest.approx(view["right"], abs=1) and pages["left"] < view["left"], (pages, view)
    # A tap on the outer part, which turns at fit, turns nothing.
    tap(r, device, (view["left"] + 0.9 * view["width"], view["top"] + 0.5 * view["height"]))
    r.tab.wait_for_timeout(800)
    assert r.state()["page"] == page and zoom(r) == 2 and not r.turns
    r.done()


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_double_tap_zooms_to_the_point_and_back_to_fit(zoom_reader, device):
    r = zoom_reader(device)
    page, fit, point = r.state()["page"], page_box(r), zoom_point(r)

    def double_tap():
        if device == "phone":
            tap(r, device, point)
            r.tab.wait_for_timeout(60)
            tap(r, device, point)
        else:
            r.tab.mouse.dblclick(*point)

    double_tap()
    assert settled_zoom(r, "z => z == 2") == 2
    zoomed = page_box(r)
    assert (point[0] - zoomed["left"]) / zoomed["width"] == pytest.approx((point[0] - fit["left"]) / fit["width"], abs=0.01)
    assert (point[1] - zoomed["top"]) / zoomed["height"] == pytest.approx((point[1] - fit["top"]) / fit["height"], abs=0.01)
    r.tab.wait_for_timeout(400)
    double_tap()
    assert settled_zoom(r, "z => z == 1") == 1
    assert page_box(r) == pytest.approx(fit, abs=0.5)
    assert r.state()["page"] == page
    r.done()


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_turning_a_page_goes_back_to_fit(zoom_reader, device):
    r = zoom_reader(device)
    first = r.state()
    r.tab.keyboard.press("+")
    settled_zoom(r, "z => z > 1")
    r.tab.keyboard.press("ArrowRight")
    after_key = r.wait_moved(first["page"])
    assert zoom(r) == 1 and after_key["page"] > first["page"]
    fit = page_box(r)
    r.tab.keyboard.press("+")
    settled_zoom(r, "z => z > 1")
    r.tab.locator('button[data-folio="next"]').click()
    r.wait_moved(after_key["page"])
    assert settled_zoom(r, "z => z == 1") == 1
    assert page_box(r)["width"] == pytest.approx(fit["width"], abs=0.5)
    r.done()


def image_page(sites):
    """The first page of the chapter on pages (09-pages.md) with an image on it."""
    for document in sorted((sites["content"] / "pages").glob("*.html"), key=lambda path: int(path.stem)):
        if "<img" in document.read_text():
            return f"pages/{document.name}"
    raise AssertionError("no image in the chapter on pages")


def open_image(r, device):
    image = r.tab.locator('[data-folio="stage"] article.page:not([aria-hidden]) img').first
    box = image.bounding_box()
    tap(r, device, (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
    r.tab.locator('dialog[data-folio="image"][open]').wait_for(timeout=TURN)
    return image, box


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_an_image_opens_larger_with_its_alt_text(zoom_reader, sites, device):
    r = zoom_reader(device, image_page(sites))
    page = r.state()["page"]
    image, box = open_image(r, device)
    alt = image.get_attribute("alt")
    dialog = r.tab.locator('dialog[data-folio="image"]')
    shown = dialog.locator("img").bounding_box()
    assert shown["width"] > box["width"] and shown["height"] > box["height"], (shown, box)
    assert dialog.locator("figcaption").text_content() == alt and len(alt) > 20
    assert r.tab.evaluate("() => document.activeElement.closest('dialog') !== null")
    r.tab.keyboard.press("Escape")
    r.tab.locator('dialog[data-folio="image"]').wait_for(state="detached", timeout=TURN)
    assert r.tab.evaluate("() => document.activeElement.tagName == 'IMG' && document.activeElement.alt") == alt
    r.tab.wait_for_timeout(600)
    assert r.state()["page"] == page and not r.turns
    # A click closes it too.
    open_image(r, device)
    r.tab.locator('dialog[data-folio="image"] figcaption').click()
    r.tab.locator('dialog[data-folio="image"]').wait_for(state="detached", timeout=TURN)
    r.done()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_is_clean_zoomed_and_with_an_image_open(zoom_reader, sites, theme):
    # Reduced motion: no colour or size is caught half way.
    r = zoom_reader("desktop", image_page(sites), reduced_motion="reduce")
    r.tab.evaluate("theme => document.documentElement.dataset.theme = theme", theme)
    r.tab.keyboard.press("+")
    settled_zoom(r, "z => z > 1")
    violations = serious_violations(r.tab)
    r.tab.keyboard.press("0")
    settled_zoom(r, "z => z == 1")
    open_image(r, "desktop")
    violations += serious_violations(r.tab)
    assert not violations, "\n".join(violations)
    r.done()


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_zoom_glides_only_without_reduced_motion(zoom_reader, motion):
    r = zoom_reader("desktop", reduced_motion=motion)
    r.tab.keyboard.press("+")
    r.tab.wait_for_function("() => window.folio.zoom > 1")
    duration = r.tab.evaluate("() => getComputedStyle(document.querySelector('[data-folio=\"stage\"]')).transitionDuration")
    if motion == "reduce":
        assert set(re.split(r",\s*", duration)) <= {"0s"}, duration
    else:
        assert "0.2s" in duration, duration
    r.done()


def test_screenshot_of_a_zoomed_page(zoom_reader, artifacts):
    """The guide's picture of a zoomed page: 1280 by 800, twice the size, about the opening of
    "Reading a Folio book", the right page of its spread."""
    r = zoom_reader("desktop", "reading-a-book/1.html", reduced_motion="reduce")
    opening = r.rect(r.state()["visible"][-1])
    r.tab.mouse.dblclick(opening["left"] + 0.3 * opening["width"], opening["top"] + 0.15 * opening["height"])
    settled_zoom(r, "z => z == 2")
    assert r.tab.evaluate("() => getSelection().isCollapsed")  # no word selected by the double click
    r.tab.mouse.move(0, 0)
    guide_picture(r.tab, artifacts, "zoom.png")
    r.done()
