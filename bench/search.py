#!/usr/bin/env python3
"""Search's cost and recall on built sites, side by side with Pagefind's when it is installed.

For the guide (content/) with 20 English queries, a Chinese book (Tests/Fixtures/cjk-technical)
with 10 Chinese ones, and a generated book of 1,000 chapters (2,000 pages; the test suite's
generator) with 5 queries:

- the index's bytes on disk (search/), as written and gzipped (gzip -9, file by file);
- for each query, the requests and gzipped bytes a reader fetches, in three parts: opening the
  field (search's code -- search.js with its styles, search-index.js -- and the index's table,
  fetched before any keystroke), the first query after it (the shards of the query's terms and
  the texts of the first 8 results' snippets; and apart, what listing those results with their
  page and chapter costs before the snippets), and both together (cold); and a following query
  (warm: with the files of the query before it in the list already loaded). The goal of a first
  query in at most 3 requests is the query's part; the medians and maxima are printed;
- typed in the reader in Chromium (a 1280×800 window) one key at a time, 20 ms apart, as a person
  types (Tests/site/test_search.py's Typist): each query's index requests and gzipped bytes, search's
  code included, once its results settle, typed first into a fresh tab, and typed again after the
  query before it (later);
- the time from a keystroke to the results painted, in Chromium with the CPU slowed 4×, less the
  pause in typing search waits for (search.js's PAUSE_MS);
- recall and precision against a brute-force scan of every page's text (each word of the query
  on the page, the last as a beginning, ideographs as a substring, a quoted phrase as adjacent
  words).

Folio's side runs the reader's own search-index.js under node (bench/search-query.mjs). With
`--pagefind` (pip install pagefind-bin), Pagefind indexes a copy of the same sites and its JS
API runs in Chromium, its requests logged, the same queries and scan; its opening is the import of
pagefind.js and init() (its WASM, entry and metadata), its query the search and the first 8
results' fragments.

    python3 bench/search.py [--guide SITE] [--chinese SITE] [--long SITE] [--pagefind] [--json PATH]

The books not given as built sites are built with .build/release/folio (or debug)."""
import argparse
import functools
import gzip
import http.server
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests/site"))
from conftest import generate_book  # noqa: E402  (the test suite's book generator)
from test_search import LAPTOP, Typist, fold, page_texts  # noqa: E402  (the pages' text, as the search tests scan it; a person typing)
SHOWN = 8  # results whose snippets a reader sees at first

ENGLISH = ["page", "chapter", "manifest", "reader", "pagination", "deterministic", "footnote", "summary", "theme",
           "mdbook", "sitemap", "spread", "right-to-left", "front matter", "preprocessor", "includ", "accessibility",
           "keyboard", '"page curl"', "diagnostic"]
LONG = ["chapter 500", "chapter 999 page", "paragraph", '"real text"', "short"]
CHINESE = ["借用检查器", "内存", "分配次数", "同步", "多线程环境", "并发", "异步", "所有权系统", "生命周期", "错误处理"]


def scan(texts, query):
    """The pages a reader expects: every word present (the last as a beginning), ideograph runs and
    quoted phrases as they are written."""
    patterns = []
    for phrase in re.findall(r'"([^"]*)"', query):
        patterns.append(r"\b" + r"\W+".join(map(re.escape, re.findall(r"\w+", fold(phrase)))) + r"\b")
    rest = re.sub(r'"[^"]*"', " ", query)
    words = re.findall(r"\w+", fold(rest))
    for i, word in enumerate(words):
        ideographs = all(unicodedata.name(c, "").startswith(("CJK", "HIRAGANA", "KATAKANA", "HANGUL")) for c in word)
        last = i == len(words) - 1 and not rest.endswith(" ")
        patterns.append(re.escape(word) if ideographs else r"\b" + re.escape(word) + (r"" if last else r"\b"))
    return sorted(n for n, text in texts.items() if all(re.search(p, text) for p in patterns))


def gz(path):
    return len(gzip.compress(path.read_bytes(), 9))


def score(found, truth):
    hit = len(set(found) & set(truth))
    return (hit / len(truth) if truth else 1.0), (hit / len(found) if found else 1.0)


def summary(rows, key):
    values = [r[key] for r in rows]
    return {"median": statistics.median(values), "max": max(values)}


def folio_side(site, queries, texts):
    code = [site / "assets" / f for f in ("search.js", "search-index.js")]
    opening = code + [site / "search" / "index.json"]
    index = sorted((site / "search").rglob("*.json"))
    out = subprocess.run(["node", str(ROOT / "bench/search-query.mjs")], input=json.dumps(
        {"site": str(site), "queries": queries, "shown": SHOWN}), capture_output=True, text=True, check=True)
    rows = []
    for r in json.loads(out.stdout):
        truth = scan(texts, r["query"])
        recall, precision = score(r["pages"], truth)
        rows.append({"query": r["query"], "found": len(r["pages"]), "expected": len(truth), "recall": recall, "precision": precision,
                     "open_requests": len(opening), "open_bytes": sum(map(gz, opening)),
                     "listed_requests": len(r["listed"]), "listed_bytes": sum(gz(site / "search" / f) for f in r["listed"]),
                     "query_requests": len(r["cold"]), "query_bytes": sum(gz(site / "search" / f) for f in r["cold"]),
                     "cold_requests": len(opening) + len(r["cold"]), "cold_bytes": sum(map(gz, opening)) + sum(gz(site / "search" / f) for f in r["cold"]),
                     "warm_requests": len(r["warm"]), "warm_bytes": sum(gz(site / "search" / f) for f in r["warm"])})
    return {"index_bytes": sum(p.stat().st_size for p in index), "index_gzip": sum(map(gz, index)), "index_files": len(index),
            "code_gzip": sum(map(gz, code)), "queries": rows}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder):
    handler = functools.partial(QuietHandler, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def pagefind_side(site, queries, texts, work):
    copy = work / (site.name + "-pagefind")
    shutil.copytree(site, copy)
    subprocess.run([sys.executable, "-m", "pagefind_bin", "--site", str(copy)], check=True, capture_output=True)
    index = sorted(p for p in (copy / "pagefind").rglob("*") if p.is_file())
    order = json.loads((site / "manifest.json").read_text())["readingOrder"]
    number = {item["href"].split("#")[0]: n for n, item in enumerate(order, 1)}
    from playwright.sync_api import sync_playwright
    httpd = serve(copy)
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        warm_tab = browser.new_page()
        warm_tab.goto(base + "/404.html")
        warm_seen = []
        warm_tab.on("request", lambda r: warm_seen.append(r.url))
        for q in queries:
            tab = browser.new_page()
            tab.goto(base + "/404.html")
            seen = []
            tab.on("request", lambda r: seen.append(r.url))
            tab.evaluate("async () => { window.pf = await import('/pagefind/pagefind.js'); await window.pf.init(); }")
            opened_at = len(seen)
            opened = [u for u in seen if "/pagefind/" in u]
            run = """async (q) => { const r = await window.pf.search(q); const data = await Promise.all(r.results.map(x => x.data()));
                return data.map(d => d.url); }"""
            urls = tab.evaluate(run, q)
            seen = [u for u in seen[opened_at:] if "/pagefind/" in u]
            tab.close()
            # What a reader fetches: the fragments of the results shown, not of all (counted apart).
            shown_fragments = [u for u in seen if "/fragment/" in u][:SHOWN]
            query = [u for u in seen if "/fragment/" not in u] + shown_fragments
            mark = len(warm_seen)
            warm_tab.evaluate("""async ([q, shown]) => { window.pf ||= await import('/pagefind/pagefind.js'); await window.pf.init();
                const r = await window.pf.search(q); await Promise.all(r.results.slice(0, shown).map(x => x.data())); }""", [q, SHOWN])
            warm = [u for u in warm_seen[opened_at:] if "/pagefind/" in u]
            found = sorted(number[u.lstrip("/").split("#")[0]] for u in urls if u.lstrip("/").split("#")[0] in number)
            truth = scan(texts, q)
            recall, precision = score(found, truth)
            size = lambda u: gz(copy / u.split(base + "/")[1].split("?")[0])
            rows.append({"query": q, "found": len(found), "expected": len(truth), "recall": recall, "precision": precision,
                         "open_requests": len(opened), "open_bytes": sum(map(size, opened)),
                         # A result's address and title come only with its fragment: listing is the query.
                         "listed_requests": len(query), "listed_bytes": sum(map(size, query)),
                         "query_requests": len(query), "query_bytes": sum(map(size, query)),
                         "cold_requests": len(opened) + len(query), "cold_bytes": sum(map(size, opened + query)),
                         "warm_requests": len(warm), "warm_bytes": sum(map(size, warm))})
        browser.close()
    httpd.shutdown()
    return {"index_bytes": sum(p.stat().st_size for p in index), "index_gzip": sum(map(gz, index)), "index_files": len(index),
            "queries": rows}


def typed(site, queries):
    """Each query typed a key at a time into a fresh tab (first), and the query after it typed into
    the same field (later): the index's requests and the gzipped bytes each fetched."""
    from playwright.sync_api import sync_playwright
    httpd = serve(site)
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        for query, after in zip(queries, queries[1:] + queries[:1]):
            context = browser.new_context(viewport=LAPTOP, service_workers="block")
            tab = context.new_page()
            tab.goto(base + "index.html")
            tab.wait_for_function("() => window.folio")
            typist = Typist(tab, site, base)
            first, later = typist.query(query), typist.query(after)
            rows.append({"query": query, "after": after, "first_requests": first["requests"], "first_bytes": first["bytes"],
                         "later_requests": later["requests"], "later_bytes": later["bytes"]})
            context.close()
        browser.close()
    httpd.shutdown()
    return rows


# The pause in typing search waits for before it asks.
PAUSE_MS = int(re.search(r"PAUSE_MS = (\d+)", (ROOT / "Templates/assets/search.js").read_text()).group(1))

LATENCY_SCRIPT = """
document.addEventListener('input', () => { window.__key = performance.now(); }, true);
new MutationObserver(() => {
    const list = document.querySelector('[data-folio=search-results]');
    if (!list || list.__watched) return;
    list.__watched = true;
    new MutationObserver(() => requestAnimationFrame(() => { window.__painted = performance.now(); }))
        .observe(list, { attributes: true, attributeFilter: ['data-query'] });
}).observe(document, { childList: true, subtree: true });
"""


def latency(site, queries, throttle=4):
    """Milliseconds from the last keystroke of each query (its input event) and the pause after it
    to the frame after its results are in the list, in the reader in Chromium with the CPU slowed `throttle` times (the query's other
    characters typed before, so their shards may be loaded)."""
    from playwright.sync_api import sync_playwright
    httpd = serve(site)
    times = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        tab = browser.new_page(viewport={"width": 1400, "height": 900})
        tab.add_init_script(LATENCY_SCRIPT)
        tab.goto(f"http://127.0.0.1:{httpd.server_address[1]}/index.html")
        tab.wait_for_function("() => window.folio")
        tab.keyboard.press("/")
        tab.wait_for_function("() => document.activeElement.matches('[data-folio=search-panel] input')")
        tab.context.new_cdp_session(tab).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        field = tab.locator("[data-folio=search-panel] input")
        done = "q => document.querySelector('[data-folio=search-results]').dataset.query === q && window.__painted > window.__key"
        for q in queries:
            field.fill(q[:-1])
            if q[:-1]:
                tab.wait_for_function("q => document.querySelector('[data-folio=search-results]').dataset.query === q", arg=q[:-1])
            tab.keyboard.type(q[-1])
            tab.wait_for_function(done, arg=q)
            times.append(tab.evaluate("() => window.__painted - window.__key") - PAUSE_MS)
        browser.close()
    httpd.shutdown()
    return {"throttle": throttle, "median_ms": statistics.median(times), "max_ms": max(times), "each_ms": times}


def build(book, out):
    folio = next((p for p in (ROOT / ".build/release/folio", ROOT / ".build/debug/folio") if p.exists()), None)
    if folio is None:
        sys.exit("no folio binary: run `swift build` first")
    subprocess.run([str(folio), "build", str(book), "-o", str(out)], check=True, capture_output=True)
    return out


def report(name, side):
    rows = side["queries"]
    print(f"  {name}: index {side['index_bytes']:,} bytes in {side['index_files']} files, gzipped {side['index_gzip']:,}")
    for key, label in (("open_requests", "opening the field, requests"), ("open_bytes", "opening the field, gzipped bytes"),
                       ("listed_requests", "first query after it, results listed, requests"),
                       ("listed_bytes", "first query after it, results listed, gzipped bytes"),
                       ("query_requests", "first query after it, with 8 snippets, requests"), ("query_bytes", "first query after it, with 8 snippets, gzipped bytes"),
                       ("cold_requests", "both (cold), requests"), ("cold_bytes", "both (cold), gzipped bytes"),
                       ("warm_requests", "following query, requests"), ("warm_bytes", "following query, gzipped bytes")):
        s = summary(rows, key)
        print(f"    {label}: median {s['median']:,}, max {s['max']:,}")
    print(f"    recall: mean {statistics.mean(r['recall'] for r in rows):.3f}, min {min(r['recall'] for r in rows):.3f};"
          f" precision: mean {statistics.mean(r['precision'] for r in rows):.3f}")
    for r in rows:
        if r["recall"] < 1:
            print(f"      missed: {r['query']!r}: found {r['found']}, expected {r['expected']}, recall {r['recall']:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--guide", type=Path)
    parser.add_argument("--chinese", type=Path)
    parser.add_argument("--long", type=Path)
    parser.add_argument("--pagefind", action="store_true")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        sites = {"guide (20 English queries)": (args.guide or build(ROOT / "content", work / "content"), ENGLISH),
                 "Chinese book (10 queries)": (args.chinese or build(ROOT / "Tests/Fixtures/cjk-technical/book", work / "cjk"), CHINESE),
                 "1,000 chapters (5 queries)": (args.long or build(generate_book(work / "long-book", 1000, 2), work / "long"), LONG)}
        results = {}
        for name, (site, queries) in sites.items():
            texts = page_texts(site)
            print(f"{name}: {len(texts)} pages")
            results[name] = {"folio": folio_side(site, queries, texts)}
            report("Folio", results[name]["folio"])
            rows = results[name]["folio"]["typed"] = typed(site, queries)
            for key, label in (("first_requests", "typed a key at a time, first query, index requests"),
                               ("first_bytes", "typed a key at a time, first query, gzipped bytes with search's code"),
                               ("later_requests", "typed a key at a time, later query, index requests"),
                               ("later_bytes", "typed a key at a time, later query, gzipped bytes")):
                s = summary(rows, key)
                print(f"    {label}: median {s['median']:,}, max {s['max']:,}")
            paint = results[name]["folio"]["latency"] = latency(site, queries)
            print(f"    keystroke to results painted, after the {PAUSE_MS} ms pause, CPU slowed {paint['throttle']}×:"
                  f" median {paint['median_ms']:.1f} ms, max {paint['max_ms']:.1f} ms")
            if args.pagefind:
                results[name]["pagefind"] = pagefind_side(site, queries, texts, work)
                report("Pagefind", results[name]["pagefind"])
                for key in ("index_gzip",):
                    print(f"    ratio Folio/Pagefind, index gzipped: {results[name]['folio'][key] / results[name]['pagefind'][key]:.2f}")
                for key in ("listed_requests", "query_requests", "query_bytes", "cold_requests", "cold_bytes", "warm_bytes"):
                    f, p = summary(results[name]["folio"]["queries"], key)["median"], summary(results[name]["pagefind"]["queries"], key)["median"]
                    print(f"    ratio Folio/Pagefind, median {key}: {f / p:.2f}" if p else f"    {key}: Pagefind 0")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
