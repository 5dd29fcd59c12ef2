"""Resume where you left off: the reader remembers the last page read of each book, in
localStorage (no cookie), and the book's front page offers to go back there."""
import pytest

WAIT = 30_000  # ms: an upper bound, never a measure of speed
PORTRAIT = {"width": 600, "height": 900}


def test_a_reader_who_closes_the_tab_on_page_57_is_offered_page_57(sites, server, browser):
    context = browser.new_context(viewport=PORTRAIT)
    tab = context.new_page()
    tab.goto(f"{server}/content/index.html")
    tab.wait_for_selector("[data-folio=reader]")
    assert tab.locator("[data-folio=resume]").count() == 0
    tab.evaluate("folio.go(57, { animated: false })")
    tab.wait_for_function("folio.page == 57", timeout=WAIT)
    page57 = tab.url
    tab.close()

    tab = context.new_page()
    tab.goto(f"{server}/content/")
    offer = tab.get_by_role("button", name="Continue reading at page 57")
    offer.wait_for(timeout=WAIT)
    offer.click()
    tab.wait_for_function("folio.page == 57", timeout=WAIT)
    assert tab.url == page57
    tab.wait_for_selector("[data-folio=resume]", state="detached", timeout=WAIT)
    # Another book on the same site keeps a place of its own; nothing went into a cookie.
    tab.goto(f"{server}/long-text/index.html")
    tab.wait_for_selector("[data-folio=reader]")
    assert tab.locator("[data-folio=resume]").count() == 0
    assert context.cookies() == []
    context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_offer_is_axe_clean(sites, server, browser, theme):
    from axe_playwright_python.sync_playwright import Axe
    context = browser.new_context(viewport=PORTRAIT, reduced_motion="reduce")
    tab = context.new_page()
    tab.goto(f"{server}/content/writing/2.html")
    tab.wait_for_selector("[data-folio=reader]")
    tab.goto(f"{server}/content/index.html")
    tab.wait_for_selector("[data-folio=resume]")
    tab.evaluate("theme => document.documentElement.dataset.theme = theme", theme)
    violations = [v["id"] for v in Axe().run(tab).response["violations"] if v.get("impact") in ("serious", "critical")]
    assert not violations, violations
    context.close()
