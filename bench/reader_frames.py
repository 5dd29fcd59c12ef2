#!/usr/bin/env python3
"""The reader's cost per animation frame while a page is dragged, with the CPU slowed 4× (CDP
`Emulation.setCPUThrottlingRate`): script and style-recalculation time per frame, from
`Performance.getMetrics` (`ScriptDuration`, `RecalcStyleDuration`, `LayoutDuration` deltas)
divided by the frames a requestAnimationFrame counter saw during the drag, for a 20-page and a
1,000-page book side by side. Then the DOM's element count for a 10-page and a 2,000-page book:
the reader keeps a bounded number of pages in the DOM, so both should be close.

Run by hand, after `swift build` (or `swift build -c release`):

    python3 bench/reader_frames.py [--drags N] [--throttle 4] [--folio PATH]

Books are generated (exact page counts, via page breaks), built with the real binary and served
on 127.0.0.1; Chromium is Debian's, through Playwright, as in Tests/site/."""
import argparse
import functools
import http.server
import os
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
    "10": (2, 5),
    "20": (4, 5),
    "1000": (125, 8),
    "2000": (250, 8),
}

FRAME_COUNTER = """() => { window.__frames = 0; window.__counting = true;
    const tick = () => { if (!window.__counting) return; window.__frames++; requestAnimationFrame(tick); };
    requestAnimationFrame(tick); }"""


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


def open_reader(browser, url, page):
    context = browser.new_context(viewport=VIEWPORT)
    tab = context.new_page()
    errors = []
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(url)
    tab.wait_for_function("() => window.folio && document.querySelector('[data-folio=\"stage\"] article.page')", timeout=10000)
    if page > 1:
        tab.evaluate("n => window.folio.go(n, {animated: false})", page)
        tab.wait_for_function(
            "n => window.folio.page === n || window.folio.page === n - 1", arg=page, timeout=10000)
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
    """One drag from the right page's bottom corner half-way across, held: ms per frame."""
    box = right_page_box(tab)
    x0, y0 = box["right"] - 0.02 * box["width"], box["bottom"] - 0.02 * box["height"]
    tab.mouse.move(x0, y0)
    tab.mouse.down()
    tab.evaluate(FRAME_COUNTER)
    before = metrics(cdp)
    for i in range(1, moves + 1):
        t = i / moves
        tab.mouse.move(x0 - 0.5 * box["width"] * t, y0 - 0.2 * box["height"] * t)
        tab.wait_for_timeout(16)
    after = metrics(cdp)
    frames = tab.evaluate("() => { window.__counting = false; return window.__frames; }")
    tab.mouse.move(x0, y0, steps=4)  # back to the corner: the page springs back
    tab.mouse.up()
    tab.wait_for_timeout(800)
    per = lambda key: 1000 * (after.get(key, 0) - before.get(key, 0)) / max(frames, 1)  # noqa: E731
    return {"frames": frames, "script": per("ScriptDuration"), "style": per("RecalcStyleDuration"),
            "layout": per("LayoutDuration")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drags", type=int, default=5, help="drags per book (the median is shown)")
    parser.add_argument("--moves", type=int, default=40, help="pointer moves per drag, 16 ms apart")
    parser.add_argument("--throttle", type=float, default=4, help="CPU slow-down rate")
    parser.add_argument("--folio", type=Path, default=None)
    args = parser.parse_args()
    folio = args.folio or default_folio()
    chromium = shutil.which("chromium")
    if not chromium:
        sys.exit("chromium is missing: apt-get install chromium")

    with tempfile.TemporaryDirectory(prefix="folio-reader-bench-") as scratch:
        scratch = Path(scratch)
        sites = scratch / "sites"
        sites.mkdir()
        for name, (chapters, pages) in BOOKS.items():
            book = generate_book(scratch / f"book-{name}", chapters, pages, title=f"{name} pages")
            result = subprocess.run([str(folio), "build", str(book), "-o", str(sites / name)], capture_output=True, text=True)
            if result.returncode != 0:
                sys.exit(result.stderr)
        httpd, base = serve(sites)
        rows, nodes, all_errors = {}, {}, []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for name in ("20", "1000"):
                total = BOOKS[name][0] * BOOKS[name][1]
                context, tab, errors = open_reader(browser, f"{base}/{name}/index.html", total // 2)
                cdp = context.new_cdp_session(tab)
                cdp.send("Performance.enable")
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
                samples = [measure_drag(tab, cdp, args.moves) for _ in range(args.drags)]
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                rows[name] = {key: statistics.median(s[key] for s in samples) for key in samples[0]}
                all_errors += [f"{name}: {e}" for e in errors]
                context.close()
            for name in ("10", "2000"):
                total = BOOKS[name][0] * BOOKS[name][1]
                context, tab, errors = open_reader(browser, f"{base}/{name}/index.html", 1)
                for _ in range(3):
                    tab.evaluate("() => window.folio.next()")
                    tab.wait_for_timeout(700)
                nodes[name] = tab.evaluate("""() => ({elements: document.getElementsByTagName('*').length,
                    pages: document.querySelectorAll('article.page').length,
                    chapterLinks: document.querySelectorAll('nav[data-folio="chapters"] a').length})""")
                all_errors += [f"{name}: {e}" for e in errors]
                context.close()
            browser.close()
        httpd.shutdown()

    print(f"Reader, per animation frame while dragging a page (CPU ×{args.throttle:g} slower, "
          f"median of {args.drags} drags of {args.moves} moves, {VIEWPORT['width']}×{VIEWPORT['height']})")
    print(f"{'':24}{'20 pages':>14}{'1,000 pages':>14}")
    for key, label in (("script", "script ms/frame"), ("style", "style ms/frame"), ("layout", "layout ms/frame"),
                       ("frames", "frames counted")):
        fmt = (lambda v: f"{v:14.0f}") if key == "frames" else (lambda v: f"{v:14.3f}")
        print(f"{label:24}{fmt(rows['20'][key])}{fmt(rows['1000'][key])}")
    print()
    print("DOM after opening and three turns")
    print(f"{'':24}{'10 pages':>14}{'2,000 pages':>14}")
    for key, label in (("elements", "elements"), ("pages", "article.page"), ("chapterLinks", "chapter-bar links")):
        print(f"{label:24}{nodes['10'][key]:14}{nodes['2000'][key]:14}")
    if all_errors:
        print("\nerrors in the page:\n  " + "\n  ".join(all_errors))
        sys.exit(1)


if __name__ == "__main__":
    main()
