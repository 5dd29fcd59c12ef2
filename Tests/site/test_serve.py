"""`folio serve` over real sockets on loopback: the real binary serving a book from memory,
refusing every traversal form, surviving malformed and slow clients, and reloading Chromium's
tabs on the page they show when the book changes."""
import os
import queue
import shutil
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import FOLIO, ROOT, generate_book

WAIT = 30  # seconds: an upper bound for anything that should happen, never a measure of speed


class Server:
    """`folio serve BOOK --port 0`, its address, and the lines it prints."""

    def __init__(self, book: Path, *arguments: str, timeout: int = 2):
        self.book = book
        self.log = book.parent / f"{book.name}-serve.log"
        env = dict(os.environ, FOLIO_SERVE_TIMEOUT=str(timeout), NO_COLOR="1")
        with open(self.log, "w") as err:
            self.process = subprocess.Popen([str(FOLIO), "serve", str(book), *(arguments or ("--port", "0"))],
                                            stdout=subprocess.PIPE, stderr=err, text=True, env=env)
        line = self.process.stdout.readline()
        assert line.startswith("Serving "), (line, self.log.read_text())
        self.url = line.split(" at ")[1].split(" ")[0]
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def lines(self):
        return self.log.read_text().splitlines()

    def wait_for_line(self, count, prefix=("Built", "Rebuilt")):
        """The build lines, once there are `count` of them."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            builds = [line for line in self.lines() if line.startswith(prefix)]
            if len(builds) >= count:
                return builds
            time.sleep(0.05)
        raise AssertionError(f"no build line {count}: {self.lines()}")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=WAIT)


def raw(port, data: bytes, host="127.0.0.1", family=socket.AF_INET):
    """Sends `data`, closes the sending side, and returns all the server answered."""
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.settimeout(WAIT)
        s.connect((host, port))
        try:
            s.sendall(data)
            s.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            pass
        chunks = []
        while True:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.") else 0


def get(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


class Events:
    """An EventSource of our own: the events `/_folio/events` sends, as (name, data)."""

    def __init__(self, server: Server):
        self.events = queue.Queue()
        self.socket = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT)
        self.socket.sendall(b"GET /_folio/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buffer = b""
        try:
            while chunk := self.socket.recv(4096):
                buffer += chunk
                while b"\n\n" in buffer:
                    block, buffer = buffer.split(b"\n\n", 1)
                    fields = dict(line.split(": ", 1) for line in block.decode().splitlines() if ": " in line)
                    if "event" in fields:
                        self.events.put((fields["event"], fields.get("data", "")))
        except OSError:
            pass

    def next(self):
        return self.events.get(timeout=WAIT)

    def close(self):
        self.socket.close()


@pytest.fixture
def book(tmp_path):
    """Three chapters of four pages each (`chapter/`, `chapter-1/`, `chapter-2/`), and a file
    beside the book that must never be served."""
    (tmp_path / "secret.txt").write_text("TOP-SECRET-OUTSIDE-THE-BOOK")
    return generate_book(tmp_path / "book", 3, 4, title="Serve")


@pytest.fixture
def server(book):
    if not FOLIO.exists():
        pytest.fail(f"{FOLIO} is missing: run `swift build` first (make test does)")
    running = Server(book)
    running.wait_for_line(1)
    yield running
    if running.process.poll() is None:
        running.stop()


# Serving --------------------------------------------------------------------------------------

def test_serves_the_book_from_memory(server, book):
    status, headers, body = get(server.url)
    assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
    assert b'<script src="/_folio/live.js"></script></body>' in body
    status, headers, body = get(server.url + "chapter-1/2.html")
    assert status == 200 and b"Page 2 of chapter 2." in body.replace("\u00ad".encode(), b"")
    assert get(server.url + "chapter-1/2.html", {"If-None-Match": headers["ETag"]})[0] == 304
    status, _, body = get(server.url + "assets/reader.js")
    assert status == 200 and b"import" in body
    status, _, body = get(server.url + "no/such/page.html")
    assert status == 404 and body == get(server.url + "404.html")[2]
    assert not (book / "_site").exists() and "_site" not in os.listdir(book)


def test_head_and_ranges(server):
    answer = raw(server.port, b"HEAD /assets/folio.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert status_of(answer) == 200 and answer.endswith(b"\r\n\r\n") and b"Content-Type: text/css; charset=utf-8" in answer
    status, headers, body = get(server.url + "assets/folio.css", {"Range": "bytes=0-9"})
    assert status == 206 and len(body) == 10 and headers["Content-Range"].startswith("bytes 0-9/")
    assert get(server.url + "assets/folio.css", {"Range": "bytes=99999999-"})[0] == 416


TRAVERSALS = [
    b"/../secret.txt", b"/../../secret.txt", b"/chapter/../../secret.txt", b"/%2e%2e/secret.txt", b"/%2E%2E/secret.txt",
    b"/.%2e/secret.txt", b"/%2e%2e%2fsecret.txt", b"/chapter%2f..%2f..%2fsecret.txt", b"/..%5csecret.txt",
    b"/..\\secret.txt", b"/chapter\\..\\..\\secret.txt", b"/%00../secret.txt", b"/index.html%00.css",
    b"/%c0%ae%c0%ae/secret.txt", b"/%c0%af../secret.txt", b"/%e0%80%ae%e0%80%ae/secret.txt", b"/%25%32%65%25%32%65/secret.txt",
    b"http://127.0.0.1/../secret.txt", b"http://evil.example/secret.txt", b"//secret.txt", b"/./../secret.txt", b"*",
]


@pytest.mark.parametrize("target", TRAVERSALS, ids=[t.decode("latin-1") for t in TRAVERSALS])
def test_traversal_is_refused(server, target):
    answer = raw(server.port, b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert 400 <= status_of(answer) < 500, answer[:200]
    assert b"TOP-SECRET" not in answer


def malformed_requests():
    """A few hundred requests that are broken, truncated, oversized or nonsense."""
    good = b"GET /index.html HTTP/1.1\r\nHost: x\r\nUser-Agent: test\r\n\r\n"
    requests = [good[:n] for n in range(1, len(good) - 1)]  # every truncation
    requests += [b"\x00" * 50, b"\r\n\r\n", b"GET\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"GET / FOO/1.1\r\nHost: x\r\n\r\n",
                 b"GET  /  HTTP/1.1\r\nHost: x\r\n\r\n", b"G\x00T / HTTP/1.1\r\n\r\n",
                 b"GET / HTTP/1.1\r\nHost x\r\n\r\n", b"GET / HTTP/1.1\r\n: empty\r\n\r\n", b"GET / HTTP/1.1\r\nHost: x\r\n\tfolded\r\n\r\n",
                 b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n",
                 b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc",
                 b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
                 b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 100_000 + b"\r\n\r\n",
                 b"GET / HTTP/1.1\r\nHost: x\r\n" + b"X-Many: y\r\n" * 5000 + b"\r\n",
                 bytes(range(256)) * 4, b"\xff\xfe GET / HTTP/1.1\r\n\r\n", b"GET /\xc0\xae\xc0\xae/secret.txt HTTP/1.1\r\nHost: x\r\n\r\n",
                 b"DELETE /index.html HTTP/1.1\r\nHost: x\r\n\r\n", b"BREW / HTCPCP/1.0\r\n\r\n"]
    return requests


def test_malformed_requests_get_4xx_and_the_server_goes_on(server):
    statuses = {}
    for request in malformed_requests():
        answer = raw(server.port, request)
        assert b"TOP-SECRET" not in answer
        status = status_of(answer)
        allowed = 400 <= status < 500 or status == 0 or (status == 505 and b"HTTP/9.9" in request) \
            or (status == 200 and request.startswith(b"GET / HTTP/1.1\r\nHost: x\r\n"))
        assert allowed, (request[:80], answer[:200])
        statuses[status] = statuses.get(status, 0) + 1
    long_target = raw(server.port, b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    big_header = raw(server.port, b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 100_000 + b"\r\n\r\n")
    assert status_of(long_target) == 414 and status_of(big_header) == 431
    assert server.process.poll() is None
    assert get(server.url)[0] == 200


def test_a_raw_nul_in_the_target_serves_nothing_from_outside(server):
    # libmicrohttpd 0.9.75 ends the target at a raw NUL, so what is looked up is a prefix of the
    # target: a key of the site in memory or a 4xx, never a file outside it. (`%00` is a 400.)
    for target in (b"/\x00../secret.txt", b"/..\x00/secret.txt", b"/index.html\x00/../../secret.txt"):
        answer = raw(server.port, b"GET " + target + b" HTTP/1.1\r\nHost: x\r\n\r\n")
        assert b"TOP-SECRET" not in answer and status_of(answer) in (200, 400, 404)


def test_a_slow_client_is_dropped(server):
    # Closed by the server after its timeout (2 s for tests; WAIT bounds the wait).
    with socket.create_connection(("127.0.0.1", server.port), timeout=WAIT) as slow:
        slow.sendall(b"GET /index.html HTTP/1.1\r\nHost: x\r\n")  # and never the end of the headers
        assert slow.recv(1024) == b""
    with socket.create_connection(("127.0.0.1", server.port), timeout=WAIT) as idle:
        assert idle.recv(1024) == b""
    assert get(server.url)[0] == 200


def test_many_connections_at_once(server):
    results = []

    def fetch():
        results.append(get(server.url + "chapter/1.html")[0])

    threads = [threading.Thread(target=fetch) for _ in range(64)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [200] * 64


# The command ----------------------------------------------------------------------------------

def test_a_taken_port_is_an_error_naming_it(book):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([str(FOLIO), "serve", str(book), "--port", str(port)], capture_output=True, text=True, timeout=WAIT)
        assert result.returncode == 2 and f"port {port} on 127.0.0.1 is taken" in result.stderr


def test_without_a_port_a_taken_3000_moves_to_the_next_free_one(book):
    holder = socket.socket()
    try:
        holder.bind(("127.0.0.1", 3000))
        holder.listen()
    except OSError:
        pass  # something else holds it: taken all the same
    try:
        running = Server(book, "--host", "127.0.0.1")
        assert 3000 < running.port < 3100
        running.wait_for_line(1)
        assert get(running.url)[0] == 200
        assert running.stop() == 0
    finally:
        holder.close()


def test_localhost_is_both_loopbacks_and_sigterm_stops_cleanly(book):
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        pytest.skip("this machine has no IPv6 loopback")
    running = Server(book, "--host", "localhost", "--port", "0")
    assert running.url == f"http://localhost:{running.port}/"
    running.wait_for_line(1)
    assert status_of(raw(running.port, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")) == 200
    assert status_of(raw(running.port, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", host="::1", family=socket.AF_INET6)) == 200
    assert running.stop() == 0


# Rebuilds and live reload ---------------------------------------------------------------------

def test_an_edit_rebuilds_and_sends_one_reload_after_the_new_page_is_served(server, book):
    events = Events(server)
    before = get(server.url + "chapter-2/1.html")
    (book / "0002-chapter.md").write_text((book / "0002-chapter.md").read_text().replace("Page 3 of chapter 2.", "Page 3, edited."))
    assert events.next()[0] == "reload"
    # The reload comes after the new site is in place.
    assert b"Page 3, edited." in get(server.url + "chapter-1/3.html")[2]
    # Pages that did not change keep their ETag.
    assert get(server.url + "chapter-2/1.html")[1]["ETag"] == before[1]["ETag"]
    builds = server.wait_for_line(2)
    assert builds[1].startswith("Rebuilt after 0002-chapter.md: 3 chapters, 12 pages, 1 changed")
    events.close()


def test_swap_and_backup_files_cause_no_rebuild(server, book):
    events = Events(server)
    for name in (".0001-chapter.md.swp", ".0001-chapter.md.swx", "0001-chapter.md~", ".#0001-chapter.md", "4913", "notes.tmp", ".DS_Store"):
        (book / name).write_text("scratch")
    (book / "_site").mkdir()
    (book / "_site" / "index.html").write_text("old output")
    time.sleep(0.5)  # longer than the watcher's quiet time: these would have been a burst of their own
    (book / "0003-chapter.md").write_text("# Chapter 3\n\nNow one page.\n")
    assert events.next()[0] == "reload"
    builds = server.wait_for_line(2)
    assert len(builds) == 2 and builds[1].startswith("Rebuilt after 0003-chapter.md:"), builds
    events.close()


def test_new_and_deleted_files_and_folders_are_picked_up(server, book):
    events = Events(server)
    (book / "part").mkdir()
    (book / "part" / "0004-more.md").write_text("# More\n\nA new chapter in a new folder.\n")
    assert events.next()[0] == "reload"
    assert get(server.url + "more/1.html")[0] == 200
    (book / "part" / "0004-more.md").unlink()
    assert events.next()[0] == "reload"
    assert get(server.url + "more/1.html")[0] == 404
    events.close()


def test_a_broken_edit_keeps_the_last_good_site(server, book):
    events = Events(server)
    good = get(server.url + "chapter/1.html")[2]
    (book / "0001-chapter.md").write_text("# Chapter 1\n\nSee [nothing](missing.md).\n")
    name, data = events.next()
    assert name == "errors" and "0001-chapter.md:3:5: error: link to a missing chapter `missing.md`" in data
    assert get(server.url + "chapter/1.html")[2] == good
    assert any("0001-chapter.md:3:5: error:" in line for line in server.lines())
    assert any(line.startswith("Rebuilt after 0001-chapter.md: failed with 1 error") for line in server.lines())
    # A tab that opens now is told at once.
    late = Events(server)
    assert late.next()[0] == "errors"
    (book / "0001-chapter.md").write_text("# Chapter 1\n\nFixed.\n")
    assert events.next()[0] == "reload"
    events.close()
    late.close()


# In Chromium ----------------------------------------------------------------------------------

def test_the_browser_reloads_on_the_same_page(server, book, browser):
    tab = browser.new_page()
    tab.goto(server.url + "chapter-1/3.html")
    tab.wait_for_function("document.querySelector('[data-folio-live]') === null && !!window.EventSource")
    tab.evaluate("window.notReloaded = true")
    (book / "0002-chapter.md").write_text((book / "0002-chapter.md").read_text().replace("Page 3 of chapter 2.", "Page 3, rewritten."))
    tab.wait_for_function("!window.notReloaded && document.readyState === 'complete'", timeout=WAIT * 1000)
    assert tab.url == server.url + "chapter-1/3.html"
    tab.wait_for_selector("text=Page 3, rewritten.", timeout=WAIT * 1000)
    # The chapter shrinks under the tab: it goes to the chapter's last page.
    tab.evaluate("window.notReloaded = true")
    (book / "0002-chapter.md").write_text("# Chapter 2\n\nPage 1.\n\n<!-- pagebreak -->\n\nPage 2.\n")
    tab.wait_for_url(server.url + "chapter-1/2.html", timeout=WAIT * 1000)
    tab.close()


def test_an_edit_above_moves_the_tab_to_the_page_that_now_holds_its_text(server, book, browser):
    tab = browser.new_page()
    tab.goto(server.url + "chapter-1/3.html")
    tab.wait_for_function("!!window.folio && !!window.EventSource")
    tab.evaluate("window.notReloaded = true")
    # A page inserted above the one shown: its text is now on the chapter's page 4.
    chapter = book / "0002-chapter.md"
    chapter.write_text(chapter.read_text().replace("# Chapter 2\n\n", "# Chapter 2\n\nAn inserted page.\n\n<!-- pagebreak -->\n\n"))
    tab.wait_for_url(server.url + "chapter-1/4.html", timeout=WAIT * 1000)
    tab.wait_for_selector("article.page:not(.page-blank) >> text=Page 3 of chapter 2.", timeout=WAIT * 1000)
    tab.close()


def test_the_browser_shows_build_errors_until_the_next_good_build(server, book, browser):
    tab = browser.new_page()
    tab.goto(server.url + "chapter/2.html")
    tab.evaluate("window.notReloaded = true")
    (book / "0001-chapter.md").write_text("# Chapter 1\n\nSee [nothing](missing.md).\n")
    overlay = tab.wait_for_selector("#folio-serve-errors", timeout=WAIT * 1000)
    assert "0001-chapter.md:3:5: error: link to a missing chapter `missing.md`" in overlay.inner_text()
    assert tab.evaluate("window.notReloaded") is True
    (book / "0001-chapter.md").write_text("# Chapter 1\n\nPage 1.\n\n<!-- pagebreak -->\n\nPage 2 again.\n")
    tab.wait_for_function("!document.getElementById('folio-serve-errors')", timeout=WAIT * 1000)
    tab.wait_for_selector("text=Page 2 again.", timeout=WAIT * 1000)
    tab.close()


def test_a_css_edit_restyles_without_a_reload(tmp_path, browser):
    book = generate_book(tmp_path / "book", 2, 2, title="Styles")
    stylesheet = book / "templates" / "assets" / "folio.css"
    stylesheet.parent.mkdir(parents=True)
    shutil.copy(ROOT / "Templates" / "assets" / "folio.css", stylesheet)
    running = Server(book)
    try:
        running.wait_for_line(1)
        tab = browser.new_page()
        tab.goto(running.url + "chapter/1.html")
        tab.evaluate("window.notReloaded = true")
        stylesheet.write_text(stylesheet.read_text() + "\nhtml { outline: 7px solid rgb(1, 2, 3); }\n")
        tab.wait_for_function("getComputedStyle(document.documentElement).outlineColor === 'rgb(1, 2, 3)'", timeout=WAIT * 1000)
        assert tab.evaluate("window.notReloaded") is True
        tab.close()
    finally:
        running.stop()


def test_a_book_that_never_built_shows_its_errors_until_it_does(tmp_path):
    book = generate_book(tmp_path / "book", 1, 2, title="Broken")
    (book / "0001-chapter.md").write_text("# Chapter 1\n\nSee [nothing](missing.md).\n")
    running = Server(book)
    try:
        assert running.wait_for_line(1, prefix="Build: failed with 1 error")
        status, headers, body = get(running.url)
        assert status == 503 and headers["Content-Type"] == "text/html; charset=utf-8" and b"/_folio/live.js" in body
        events = Events(running)
        name, data = events.next()
        assert name == "errors" and "0001-chapter.md:3:5: error: link to a missing chapter" in data
        (book / "0001-chapter.md").write_text("# Chapter 1\n\nFixed.\n")
        assert events.next()[0] == "reload"
        assert get(running.url + "chapter/1.html")[0] == 200
        events.close()
    finally:
        running.stop()


def test_serve_keeps_nothing_offline(server, browser):
    # No service worker is served, and the reader registers none under the live-reload script.
    assert get(server.url + "service-worker.js")[0] == 404
    tab = browser.new_page()
    tab.goto(server.url + "chapter-1/2.html")
    tab.wait_for_selector("[data-folio=reader]")
    assert tab.locator("link[rel=manifest]").count() == 1
    assert tab.evaluate("navigator.serviceWorker.getRegistrations().then((registrations) => registrations.length)") == 0
    assert tab.evaluate("caches.keys()") == [] and tab.locator("[data-folio=offline]").count() == 0
    tab.close()
