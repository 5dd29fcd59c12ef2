"""The contents page as a printed book has it, in Chromium without the reader: each entry's page
number stands at the end of the entry's last line, and is the number shown on the page its link
leads to."""
import json

import pytest

# Each line of a contents page: its number, where the number stands, and how many lines the title takes.
LINES = """() => {
    const box = document.querySelector('[data-page-content]').getBoundingClientRect();
    return [...document.querySelectorAll('.contents-line')].map((line) => {
        const title = line.querySelector('.contents-title').getBoundingClientRect();
        const number = line.querySelector('.contents-page'), place = number.getBoundingClientRect();
        return {number: number.textContent, fromStart: place.left - box.left, fromEnd: box.right - place.right,
                belowTitle: place.bottom - title.bottom, lines: Math.round(title.height / place.height)};
    });
}"""


@pytest.mark.parametrize("name", ["content", "contents-numbers", "reader-rtl"])
def test_every_entry_shows_the_number_of_the_page_it_leads_to(name, sites, server, browser):
    site = sites[name]
    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    contents = [entry["href"] for entry in manifest["readingOrder"] if entry["href"].startswith("contents/")]
    right_to_left = manifest["metadata"]["readingProgression"] == "rtl"
    context = browser.new_context(viewport={"width": 900, "height": 1000}, java_script_enabled=False)
    tab = context.new_page()
    followed, wrapped, wrong = 0, 0, []
    for url in contents:
        tab.goto(f"{server}/{name}/{url}")
        tab.evaluate("() => document.fonts.ready")
        lines = tab.evaluate(LINES)
        for index, line in enumerate(lines):
            # At the end of the line (the left in a right-to-left book), beside the title's last line.
            assert (line["fromStart"] if right_to_left else line["fromEnd"]) < 0.5, (url, line)
            assert abs(line["belowTitle"]) < 0.5, (url, line)
            wrapped += line["lines"] > 1
            tab.locator(".contents-line a").nth(index).click()
            tab.wait_for_load_state("load")
            shown = tab.locator(".folio").text_content()
            if shown != line["number"] or not tab.url.endswith("/1.html"):
                wrong.append(f"{url}, line {index + 1}: {line['number']}, but {tab.url} shows {shown}")
            followed += 1
            tab.go_back()
            tab.wait_for_load_state("load")
    context.close()
    assert followed == len([e for e in manifest["readingOrder"] if e["href"].endswith("/1.html")
                            and not e["href"].split("/")[0] in ("cover", "title", "contents")]), followed
    assert not wrong, "\n".join(wrong)
    if name == "contents-numbers":
        assert wrapped >= 3, wrapped
