#!/usr/bin/env python3
"""The reader in Chromium, on a 20-page and a 5,000-page book (625 chapters):

- the cost of a page turn: script + style-recalculation + layout time per drag step (one pointer
  move, 16 ms apart, drawn in one animation frame) while a page is dragged, with the CPU slowed 4×
  (CDP `Emulation.setCPUThrottlingRate`), from `Performance.getMetrics` (`ScriptDuration`,
  `RecalcStyleDuration`, `LayoutDuration` deltas over the drag) divided by the moves, after one
  drag to warm up (median of drags);
- the DOM's element count, the most seen after opening the book, three turns, opening the
  contents panel and opening the overview (the reader keeps a bounded number of pages, chapters,
  contents entries and miniatures);
- first page painted: `first-contentful-paint` of the middle page's document, opened in a fresh
  browser context (median of loads);
- the gzip bytes of the reader's JavaScript and CSS as the site serves them (each file, gzip -9).

With `--against OLD_FOLIO`, another build of folio (its theme is built into it) is measured the
same way, drag for drag in the same run, and the ratios are shown. `--json PATH` writes the
figures: {"turn_ms": {"20": x, "5000": y}, "dom_elements": {…}, "first_paint_ms": {…},
"runtime_gzip_bytes": n, "detail": {…}, "against": {… the same for OLD_FOLIO}}.

    python3 bench/reader_frames.py [--drags N] [--throttle 4] [--folio PATH] [--against PATH] [--json PATH]

Books are generated (exact page counts, via page breaks), built with the real binary and served
on 127.0.0.1; Chromium is Debian's, through Playwright, as in Tests/site/."""
import argparse
import functools
import gzip
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests/site"))
from conftest import generate_book  # noqa: E402  (the test suite's book generator)

from playwright.sync_api import sync_playwright  # noqa: E402

VIEWPORT = {"width": 1400, "height": 900}
BOOKS = {  # name: (chapters, pages per chapter)
    "20": (4, 5),
    "5000": (625, 8),
}

ELEMENTS = "() => document.getElementsByTagName('*').length"


def default_folio():
    for candidate in (os.environ.get("FOLIO_BIN"), ROOT / ".build/release/folio", ROOT / ".build/debug/folio"):
        if candidate and Path(candidate).exists():
            return Path(candidate)
    sys.exit("no folio binary: run `swift build` first (or pass --folio)")


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(root: Path):
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


def runtime_gzip_bytes(site: Path) -> int:
    """The reader's scripts and the theme's stylesheet as served, each gzipped (-9); the modules
    loaded on first use (the onDemand set of Tests/js/budget.test.mjs, the budget's own test) are
    not part of it."""
    on_demand = set(re.findall(r"'([\w-]+\.js)'", re.search(r"onDemand = new Set\(\[(.*?)\]\)",
                                                            (ROOT / "Tests/js/budget.test.mjs").read_text()).group(1)))
    files = sorted(f for f in (site / "assets").glob("*.js") if f.name not in on_demand) + [site / "assets/folio.css"]
    return sum(len(gzip.compress(f.read_bytes(), compresslevel=9, mtime=0)) for f in files)


def open_reader(browser, url, page=1):
    context = browser.new_context(viewport=VIEWPORT)
    tab = context.new_page()
    errors = []
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append(e.stack or str(e)))
    tab.goto(url)
    tab.wait_for_function("() => window.folio && document.querySelector('[data-folio=\"stage\"] article.page')", timeout=20000)
    if page > 1:
        tab.evaluate("n => window.folio.go(n, {animated: false})", page)
        tab.wait_for_function(
            "n => window.folio.page === n || window.folio.page === n - 1", arg=page, timeout=20000)
    tab.wait_for_timeout(500)
    return context, tab, errors


def right_page_box(tab):
    return tab.evaluate("""() => {
        const pages = [...document.querySelectorAll('[data-folio="stage"] article.page')]
            .filter(a => a.getAttribute('aria-hidden') !== 'true');
        const r = pages.map(a => a.getBoundingClientRect()).sort((a, b) => b.right - a.right)[0];
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};
    }""")


def metrics(cdp):
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def measure_drag(tab, cdp, moves):
    """One drag from the right page's bottom corner half-way across, held: ms per drag step (each
    pointer move is drawn in one animation frame; the frames in between do nothing)."""
    box = right_page_box(tab)
    x0, y0 = box["right"] - 0.02 * box["width"], box["bottom"] - 0.02 * box["height"]
    tab.mouse.move(x0, y0)
    tab.mouse.down()
    before = metrics(cdp)
    for i in range(1, moves + 1):
        t = i / moves
        tab.mouse.move(x0 - 0.5 * box["width"] * t, y0 - 0.2 * box["height"] * t)
        tab.wait_for_timeout(16)
    after = metrics(cdp)
    tab.mouse.move(x0, y0, steps=4)  # back to the corner: the page springs back
    tab.mouse.up()
    tab.wait_for_timeout(800)
    per = lambda key: 1000 * (after.get(key, 0) - before.get(key, 0)) / moves  # noqa: E731
    sample = {"script": per("ScriptDuration"), "style": per("RecalcStyleDuration"),
              "layout": per("LayoutDuration")}
    sample["total"] = sample["script"] + sample["style"] + sample["layout"]
    return sample


def dom_elements(browser, url):
    """The most elements seen: at the start, after three turns, with the contents panel open, with the overview open."""
    context, tab, errors = open_reader(browser, url)
    seen = [tab.evaluate(ELEMENTS)]
    for _ in range(3):
        tab.evaluate("() => window.folio.next()")
        tab.wait_for_timeout(700)
        seen.append(tab.evaluate(ELEMENTS))
    tab.click('button[data-folio="contents"]')
    tab.wait_for_timeout(300)
    seen.append(tab.evaluate(ELEMENTS))
    # Then the overview (`o`), once its miniatures have come; a build without one just closes the panel.
    tab.keyboard.press("Escape")
    tab.keyboard.press("o")
    tab.wait_for_timeout(1000)
    seen.append(tab.evaluate(ELEMENTS))
    chapter_links = tab.evaluate("() => document.querySelectorAll('nav[data-folio=\"chapters\"] a').length")
    context.close()
    return max(seen), chapter_links, errors


def first_paint(browser, url, loads):
    """first-contentful-paint of a page document in a fresh browser context, ms (median; one load
    first, not counted, so that the server's disk cache is warm)."""
    times = []
    for _ in range(loads + 1):
        context = browser.new_context(viewport=VIEWPORT)
        tab = context.new_page()
        tab.goto(url)
        tab.wait_for_function("() => window.folio", timeout=20000)
        times.append(tab.evaluate("""() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN"""))
        context.close()
    return statistics.median(times[1:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drags", type=int, default=5, help="drags per book (the median is shown)")
    parser.add_argument("--moves", type=int, default=40, help="pointer moves per drag, 16 ms apart")
    parser.add_argument("--loads", type=int, default=3, help="cold loads per book for first paint")
    parser.add_argument("--throttle", type=float, default=4, help="CPU slow-down rate")
    parser.add_argument("--folio", type=Path, default=None)
    parser.add_argument("--against", type=Path, default=None, help="another folio binary, measured alongside")
    parser.add_argument("--json", type=Path, default=None, help="write the figures as JSON here")
    args = parser.parse_args()
    binaries = {"folio": args.folio or default_folio()}
    if args.against:
        binaries["against"] = args.against
    chromium = shutil.which("chromium")
    if not chromium:
        sys.exit("chromium is missing: apt-get install chromium")

    with tempfile.TemporaryDirectory(prefix="folio-reader-bench-") as scratch:
        scratch = Path(scratch)
        books = {name: generate_book(scratch / f"book-{name}", chapters, pages, title=f"{name} pages")
                 for name, (chapters, pages) in BOOKS.items()}
        for label, folio in binaries.items():
            for name, book in books.items():
                result = subprocess.run([str(folio), "build", str(book), "-o", str(scratch / "sites" / label / name)],
                                        capture_output=True, text=True)
                if result.returncode != 0:
                    sys.exit(result.stderr)
        httpd, base = serve(scratch / "sites")
        out = {label: {"turn_ms": {}, "dom_elements": {}, "first_paint_ms": {},
                       "runtime_gzip_bytes": runtime_gzip_bytes(scratch / "sites" / label / "20"), "detail": {}}
               for label in binaries}
        all_errors = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for name, (chapters, pages) in BOOKS.items():
                total = chapters * pages
                tabs = {}
                for label in binaries:
                    context, tab, errors = open_reader(browser, f"{base}/{label}/{name}/index.html", total // 2)
                    cdp = context.new_cdp_session(tab)
                    cdp.send("Performance.enable")
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
                    measure_drag(tab, cdp, args.moves)  # warm-up: the first drag compiles the code
                    tabs[label] = (context, tab, cdp, errors, [])
                for _ in range(args.drags):  # drag for drag, so that both see the same machine
                    for label, (_, tab, cdp, _, samples) in tabs.items():
                        samples.append(measure_drag(tab, cdp, args.moves))
                for label, (context, _, cdp, errors, samples) in tabs.items():
                    row = {key: statistics.median(s[key] for s in samples) for key in samples[0]}
                    out[label]["turn_ms"][name] = round(row["total"], 3)
                    out[label]["detail"][name] = {k: round(v, 3) for k, v in row.items()}
                    all_errors += [f"{label} {name}: {e}" for e in errors]
                    context.close()
                for label in binaries:
                    elements, links, errors = dom_elements(browser, f"{base}/{label}/{name}/index.html")
                    out[label]["dom_elements"][name] = elements
                    out[label]["detail"][name]["chapter_bar_links"] = links
                    all_errors += [f"{label} {name}: {e}" for e in errors]
                    middle = page_href(scratch / "sites" / label / name, total // 2)
                    out[label]["first_paint_ms"][name] = round(
                        first_paint(browser, f"{base}/{label}/{name}/{middle}", args.loads), 1)
            browser.close()
        httpd.shutdown()

    report(out, args)
    if args.json:
        result = dict(out["folio"])
        if "against" in out:
            result["against"] = out["against"]
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    if all_errors:
        print("\nerrors in the page:\n  " + "\n  ".join(all_errors))
        sys.exit(1)


def page_href(site: Path, number: int) -> str:
    return json.loads((site / "manifest.json").read_text())["readingOrder"][number - 1]["href"]


def report(out, args):
    labels = list(out)
    names = list(BOOKS)
    print(f"Reader in Chromium, {VIEWPORT['width']}×{VIEWPORT['height']}; per drag step while a page is dragged "
          f"(CPU ×{args.throttle:g} slower, median of {args.drags} drags of {args.moves} moves)")
    head = "".join(f"{f'{n} pages' + ('' if len(labels) == 1 else f' ({l})'):>22}" for n in names for l in labels)
    ratio = len(labels) > 1
    print(f"{'':30}{head}" + ("".join(f"{f'{n}: folio/against':>20}" for n in names) if ratio else ""))

    def line(label, value, fmt):
        cells = "".join(f"{fmt(value(out[l], n)):>22}" for n in names for l in labels)
        ratios = "".join(f"{value(out['folio'], n) / value(out['against'], n) if value(out['against'], n) else float('nan'):>19.2f}×"
                         for n in names) if ratio else ""
        print(f"{label:30}{cells}{ratios}")

    ms = lambda v: f"{v:.3f}"  # noqa: E731
    for key in ("script", "style", "layout", "total"):
        line(f"{key} ms/step", lambda o, n, k=key: o["detail"][n][k], ms)
    line("DOM elements (most)", lambda o, n: o["dom_elements"][n], str)
    line("chapter-bar links", lambda o, n: o["detail"][n]["chapter_bar_links"], str)
    line("first contentful paint ms", lambda o, n: o["first_paint_ms"][n], lambda v: f"{v:.1f}")
    print(f"{'JS + CSS gzip bytes':30}" + "".join(f"{out[l]['runtime_gzip_bytes']:>22}" for l in labels))


if __name__ == "__main__":
    main()
