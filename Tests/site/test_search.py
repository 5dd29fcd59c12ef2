"""Search in the reader (Templates/assets/search.js, search-index.js, the index under search/) in
Chromium: nothing of it loads before the field opens; results in the guide, a Chinese book and
an Arabic book are the pages a scan of the pages' text finds; choosing one jumps there (Back
returns) with the hits marked until the next turn; all of it by keyboard, and axe-clean; typed a
key at a time, as a person types, a query fetches little."""
import gzip
import html
import re
import time
import unicodedata

import pytest

from test_reader import LANDSCAPE, LAPTOP, TURN, Reader, href_of, manifest, serious_violations


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if unicodedata.category(c) != "Mn")


def page_texts(site):
    """Each page's text (book number → folded text of its data-page-content, images' descriptions
    included, a long line of code's <wbr>s and justified text's soft hyphens left out), by a scan of the documents; not the contents
    pages, which search leaves out."""
    texts = {}
    for number, item in enumerate(manifest(site)["readingOrder"], 1):
        if item["href"].startswith("contents/"):
            continue
        document = (site / item["href"].split("#")[0]).read_text()
        body = re.search(r'data-page-content[^>]*>(.*?)</div>\s*(?:<div class="folio"|</article>)', document, re.S).group(1)
        body = re.sub(r'<img[^>]*\balt="([^"]*)"[^>]*>', r" \1 ", body.replace("<wbr>", "").replace("\u00ad", ""))
        texts[number] = fold(html.unescape(re.sub(r"<[^>]+>", " ", body)))
    return texts


def scan(site, pattern):
    return sorted(n for n, text in page_texts(site).items() if re.search(pattern, text))


@pytest.fixture
def searcher(browser, server):
    opened = []

    def open_searcher(name):
        r = Reader(browser, server, name, LANDSCAPE)
        r.all_requests = []
        r.tab.on("request", lambda q: r.all_requests.append(q.url))
        opened.append(r)
        return r

    yield open_searcher
    for r in opened:
        r.close()


def results(r):
    """The result pages, once they are those of the query typed."""
    r.tab.wait_for_function("""() => { const i = document.querySelector('[data-folio=search-panel] input');
        return i && i.value && document.querySelector('[data-folio=search-results]').dataset.query === i.value; }""", timeout=TURN)
    return r.tab.evaluate("() => [...document.querySelectorAll('[data-folio=search-results] a')].map(a => +a.dataset.page)")


def all_results(r):
    """Every result page: the list scrolled to its end until the count is exact ("12+" while
    phrases are still being checked) and the list holds as many as it says."""
    results(r)
    r.tab.wait_for_function("""() => {
        const list = document.querySelector('[data-folio=search-results]');
        const count = document.querySelector('[data-folio=search-count]').textContent;
        if (!count.includes('+') && list.children.length == +(count.match(/\\d+/) || [0])[0]) return true;
        list.lastElementChild?.scrollIntoView();
        return false; }""", timeout=TURN)
    return results(r)


def open_search(r, key):
    """Opens the field by `key` and waits until it has the focus (search.js loads on the way)."""
    r.tab.keyboard.press(key)
    r.tab.wait_for_function("() => document.activeElement.matches('[data-folio=search-panel] input')", timeout=TURN)


def type_query(r, text):
    r.tab.keyboard.type(text)




class Typist:
    """A person at the search field of a tab on `site`, served at `base`: keys typed one at a time,
    20 ms apart, and what each query fetched of search (its code and its index) once its results
    settle: the index's requests, and every file's bytes as a server sends them, gzipped."""

    def __init__(self, tab, site, base):
        self.tab, self.site, self.base, self.fetched, self.pending = tab, site, base, [], set()
        tab.on("request", self.sent)
        tab.on("requestfinished", lambda request: self.pending.discard(request))
        tab.on("requestfailed", lambda request: self.pending.discard(request))

    def sent(self, request):
        path = request.url.split("?")[0].removeprefix(self.base)
        if path.startswith(("search/", "assets/search")):
            self.fetched.append(path)
            self.pending.add(request)

    def query(self, text):
        """Types `text` (into the open field, or opening it by `/`), replacing what it held."""
        mark, field = len(self.fetched), "[data-folio=search-panel] input"
        if self.tab.evaluate("f => document.activeElement?.matches(f)", field):
            self.tab.keyboard.press("ControlOrMeta+a")
        else:
            open_search(self, "/")
        self.tab.keyboard.type(text, delay=20)
        self.tab.wait_for_function("q => document.querySelector('[data-folio=search-results]').dataset.query === q", arg=text, timeout=TURN)
        quiet = time.monotonic() + 0.3  # no request under way for 300 ms: the snippets in view are in
        while time.monotonic() < quiet:
            self.tab.wait_for_timeout(50)
            if self.pending:
                quiet = time.monotonic() + 0.3
        files = self.fetched[mark:]
        return {"requests": len([f for f in files if f.startswith("search/")]),
                "bytes": sum(len(gzip.compress((self.site / f).read_bytes(), 9)) for f in files)}


def test_nothing_of_search_loads_before_the_field_opens(searcher):
    r = searcher("content")
    r.open("introduction/2.html")
    r.tab.wait_for_timeout(300)
    assert not [u for u in r.all_requests if "/search" in u], r.all_requests
    open_search(r, "/")
    # Opening costs three requests: the code (its styles inside search.js) and the index's table.
    r.tab.wait_for_function("() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/search/index.json'))", timeout=TURN)
    loaded = sorted(u.split("/content/")[1] for u in r.all_requests if "/search" in u)
    assert loaded == ["assets/search-index.js", "assets/search.js", "search/index.json"], loaded
    assert r.tab.evaluate("() => getComputedStyle(document.querySelector('[data-folio=search-panel]')).position") == "absolute"
    r.done()


def test_guide_search_jump_mark_and_back_by_keyboard(searcher, sites):
    site = sites["content"]
    r = searcher("content")
    start = r.open("introduction/2.html")["page"]
    open_search(r, "Control+k")
    type_query(r, "deterministic ")
    found = results(r)
    assert found and found == scan(site, r"\bdeterministic\b"), found
    count = r.tab.locator("[data-folio=search-count]").text_content()
    assert str(len(found)) in count
    # The first result's snippet marks the word.
    r.tab.wait_for_function("() => document.querySelector('[data-folio=search-results] li .folio-snippet mark')", timeout=TURN)
    assert fold(r.tab.locator("[data-folio=search-results] li mark").first.text_content()) == "deterministic"
    # A word's first results come with their snippets in its shard: no page text was loaded.
    assert not [u for u in r.all_requests if "/search/text/" in u], r.all_requests
    # Arrow down to the first result, Enter: the book turns there, the word marked on the page.
    r.tab.keyboard.press("ArrowDown")
    assert r.tab.evaluate("() => document.activeElement.closest('[data-folio=search-results]') != null")
    r.tab.keyboard.press("Enter")
    target = found[0]
    r.wait_visible(target)
    r.tab.wait_for_function("n => document.querySelector(`article.page[data-page='${n}'] mark[data-folio=hit]`)", arg=target, timeout=TURN)
    # The address is the spread's: its first page, the hit's or the one before it.
    spread = [href_of(site, n) for n in (target - 1, target) if n >= 1]
    r.tab.wait_for_function("hrefs => hrefs.some((href) => decodeURIComponent(location.pathname).endsWith(href))", arg=spread, timeout=TURN)
    assert r.tab.locator("[data-folio=search-panel]").is_hidden()
    # Back returns to where the reader was; the marks go with the turn.
    r.tab.go_back()
    r.settle(start)
    r.tab.wait_for_function("() => !document.querySelector('mark[data-folio=hit]')", timeout=TURN)
    r.done()


def test_escape_closes_and_returns_focus(searcher):
    r = searcher("content")
    r.open("introduction/2.html")
    r.tab.locator("button[data-folio=search]").click()
    r.tab.locator("[data-folio=search-panel] input").wait_for(state="visible", timeout=TURN)
    r.tab.keyboard.press("Escape")
    assert r.tab.locator("[data-folio=search-panel]").is_hidden()
    assert r.tab.evaluate("() => document.activeElement.dataset.folio") == "search"
    assert r.tab.locator("button[data-folio=search]").get_attribute("aria-expanded") == "false"
    r.done()


def test_prefix_phrase_and_identifier(searcher, sites):
    site = sites["content"]
    r = searcher("content")
    r.open("introduction/2.html")
    open_search(r, "/")
    type_query(r, "determinis")
    assert results(r) == scan(site, r"\bdeterminis")
    r.tab.locator("[data-folio=search-panel] input").fill("")
    type_query(r, '"page curl"')
    assert all_results(r) == scan(site, r"\bpage[^\w]+curl\b")
    r.done()


def test_chinese_book_finds_any_run_of_characters(searcher, sites):
    site = sites["cjk-technical"]
    r = searcher("cjk-technical")
    r.open()
    open_search(r, "Control+k")
    for query in ["借用检查器", "调", "生命周期参数"]:
        r.tab.locator("[data-folio=search-panel] input").fill("")
        type_query(r, query)
        found, expected = all_results(r), scan(site, re.escape(query))
        assert found and found == expected, (query, found)
        assert str(len(expected)) in r.tab.locator("[data-folio=search-count]").text_content()
    r.tab.wait_for_function("() => document.querySelector('[data-folio=search-results] .folio-snippet mark')", timeout=TURN)
    assert r.tab.locator("[data-folio=search-results] .folio-snippet mark").first.text_content() == "生命周期参数"
    r.done()


def test_arabic_book_ignores_diacritics_and_letter_forms(searcher, reader_sites):
    site = reader_sites["reader-rtl"]
    r = searcher("reader-rtl")
    r.open()
    open_search(r, "/")
    type_query(r, "هادئا ")  # the text has هادئاً, with tanween
    found = results(r)
    assert found and found == scan(site, fold("هادئا")), found
    r.tab.keyboard.press("ArrowDown")
    r.tab.keyboard.press("Enter")
    r.wait_visible(found[0])
    r.tab.wait_for_function("() => document.querySelector('mark[data-folio=hit]')", timeout=TURN)
    r.done()


def test_search_panel_is_axe_clean(searcher):
    r = searcher("content")
    r.open("introduction/2.html")
    open_search(r, "/")
    type_query(r, "page")
    results(r)
    r.tab.wait_for_function("() => document.querySelector('[data-folio=search-results] .folio-snippet mark')", timeout=TURN)
    violations = serious_violations(r.tab)
    assert not violations, "\n".join(violations)
    r.done()


def test_many_results_are_listed_fifty_at_a_time(searcher, sites):
    r = searcher("content")
    r.open("introduction/2.html")
    open_search(r, "/")
    type_query(r, "page")
    expected = scan(sites["content"], r"\bpage")
    assert len(expected) > 100
    assert results(r) == expected[:50]
    # Fifty more each time the list is scrolled to its end.
    for shown in sorted({min(n, len(expected)) for n in range(100, len(expected) + 50, 50)}):
        r.tab.locator("[data-folio=search-results] li").last.scroll_into_view_if_needed()
        r.tab.wait_for_function("n => document.querySelectorAll('[data-folio=search-results] li').length == n", arg=shown, timeout=TURN)
    assert r.tab.evaluate("() => [...document.querySelectorAll('[data-folio=search-results] a')].map(a => +a.dataset.page)") == expected
    r.done()


@pytest.mark.parametrize("name, first, later", [
    ("content", "manifest", "chapter"), ("content", "front matter", "keyboard"),
    ("cjk-technical", "借用检查器", "生命周期"), ("long", "paragraph", "chapter 200")])
def test_typed_a_key_at_a_time_a_query_fetches_little(browser, server, sites, long_site, name, first, later):
    # A first query: at most 3 requests of the index and 40 KB gzipped, search's code included; a
    # later one at most 10 KB. Its half-typed words are never asked for. A laptop's window: a
    # taller one shows more results, and a Chinese query's may need another chunk of texts.
    r = Reader(browser, server, name, LAPTOP)
    r.open()
    typist = Typist(r.tab, long_site if name == "long" else sites[name], r.base)
    cost = typist.query(first)
    assert cost["requests"] <= 3 and cost["bytes"] <= 40_000, (first, cost, typist.fetched)
    mark = len(typist.fetched)
    # The results update in place: the list never stands empty between two queries that find pages.
    r.tab.evaluate("""() => { const list = document.querySelector('[data-folio=search-results]');
        new MutationObserver(() => { window.emptied ||= !list.children.length; }).observe(list, { childList: true }); }""")
    cost = typist.query(later)
    assert cost["bytes"] <= 10_000, (later, cost, typist.fetched[mark:])
    assert not r.tab.evaluate("() => window.emptied"), "the results were cleared before the next query's came"
    r.done()
    r.close()


def test_one_letter_is_not_asked_for_but_one_ideograph_is(searcher, sites):
    r = searcher("content")
    r.open()
    open_search(r, "/")
    r.tab.wait_for_function("() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/search/index.json'))", timeout=TURN)
    type_query(r, "p")
    r.tab.wait_for_function("() => document.querySelector('[data-folio=search-results]').dataset.query === 'p'", timeout=TURN)
    assert not [u for u in r.all_requests if "/search/terms/" in u], r.all_requests
    assert r.tab.locator("[data-folio=search-results] li").count() == 0
    assert r.tab.locator("[data-folio=search-count]").text_content() == ""
    r.done()
    r = searcher("cjk-technical")
    r.open()
    open_search(r, "/")
    type_query(r, "调")
    assert results(r) == scan(sites["cjk-technical"], "调")[:len(results(r))] and results(r)
    r.done()
