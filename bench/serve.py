#!/usr/bin/env python3
"""`folio serve`: requests per second with wrk, side by side with nginx and `python3 -m http.server`
serving the same site (the guide, built by `folio build`), and the time from saving a one-line
edit to the reload event the open tabs get, on the guide and on a generated 1,000-chapter book.

    make bench            # or: python3 bench/serve.py [--seconds N] [--edits N] [--chapters N] [--against OLD_FOLIO]

With --against, the reload times of the other binary are measured too, each book's in turn.
"""
import argparse
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import books  # noqa: E402  (the one generator of benchmark books)
from run import run  # noqa: E402  (wall, CPU and memory of one process)

ROOT = Path(__file__).resolve().parent.parent
FOLIO = ROOT / ".build/release/folio"
PAGE = "getting-started/2.html"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    sys.exit(f"nothing listens on port {port}")


def start_folio(book: Path, log: Path, folio: Path = FOLIO):
    process = subprocess.Popen([str(folio), "serve", str(book), "--port", "0"], stdout=subprocess.PIPE,
                               stderr=open(log, "w"), text=True)
    line = process.stdout.readline()
    if not line.startswith("Serving"):
        sys.exit(f"folio serve did not start: {log.read_text()}")
    return process, int(line.split(" at ")[1].split(":")[2].split("/")[0])


def start_nginx(site: Path, scratch: Path):
    port = free_port()
    conf = scratch / "nginx.conf"
    conf.write_text(f"""user root; daemon off; worker_processes 2; pid {scratch}/nginx.pid; error_log stderr;
events {{ worker_connections 1024; }}
http {{ include /etc/nginx/mime.types; access_log off; sendfile on; keepalive_requests 100000;
  server {{ listen 127.0.0.1:{port}; root {site}; }} }}
""")
    process = subprocess.Popen(["nginx", "-c", str(conf), "-p", str(scratch)], stderr=subprocess.DEVNULL)
    wait_for_port(port)
    return process, port


def start_python(site: Path):
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(site)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for_port(port)
    return process, port


def wrk(port, seconds):
    """Requests per second and errors (socket errors and non-2xx/3xx answers)."""
    out = subprocess.run(["wrk", "-t2", "-c64", f"-d{seconds}s", f"http://127.0.0.1:{port}/{PAGE}"],
                         capture_output=True, text=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    errors += int(m.group(1)) if (m := re.search(r"Non-2xx or 3xx responses: (\d+)", out)) else 0
    return rate, errors


def cpu_seconds(pid):
    """User and system CPU seconds a process has used so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def reload_times(book: Path, chapter: Path, edits: int, scratch: Path, folio: Path = FOLIO, texts=None):
    """Seconds from writing an edit to `chapter` to the `reload` event, and the server's CPU
    seconds for it: `edits` one-line edits, the first save after the server started among them,
    or one save of each text in `texts`."""
    log = scratch / f"{book.name}.log"
    original = chapter.read_text()
    process, port = start_folio(book, log, folio)
    try:
        events = socket.create_connection(("127.0.0.1", port))
        events.sendall(b"GET /_folio/events HTTP/1.1\r\nHost: x\r\n\r\n")
        events.settimeout(120)
        events.recv(4096)  # the headers and the retry line
        times, cpu = [], []
        for text in texts or [original + f"\nA line added by edit {n}.\n" for n in range(edits)]:
            used = cpu_seconds(process.pid)
            start = time.perf_counter()
            chapter.write_text(text)
            buffer = b""
            while b"event: reload" not in buffer:
                buffer += events.recv(65536)
            times.append(time.perf_counter() - start)
            cpu.append(cpu_seconds(process.pid) - used)
            time.sleep(0.3)
        return times, cpu
    finally:
        process.send_signal(signal.SIGINT)
        process.wait()
        chapter.write_text(original)


def outline_edits(chapter: Path):
    """Saves that change more than a page's text: pages added, then a heading renamed."""
    text = chapter.read_text()
    longer = text + "\n" + "A paragraph added to fill more pages, one line after another.\n\n" * 40
    lines = longer.splitlines(keepends=True)
    heading = next(i for i, line in enumerate(lines) if line.startswith("## "))
    lines[heading] = lines[heading].rstrip("\n") + " renamed\n"
    return [("pages added", longer), ("a heading renamed", "".join(lines))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--chapters", type=int, default=1000)
    parser.add_argument("--against", type=Path, help="another folio binary whose reload times are measured too")
    args = parser.parse_args()
    if not FOLIO.exists():
        sys.exit(f"{FOLIO} is missing: swift build -c release --product folio")
    scratch = Path(tempfile.mkdtemp(prefix="folio-serve-bench-"))
    try:
        book = scratch / "guide"
        shutil.copytree(ROOT / "content", book, ignore=shutil.ignore_patterns("_site"))
        site = scratch / "site"
        subprocess.run([str(FOLIO), "build", str(book), "-o", str(site)], check=True, capture_output=True)

        print(f"Requests per second, wrk -t2 -c64 -d{args.seconds}s on /{PAGE} (one run each, in turn):")
        rates = {}
        for name, start in (("folio serve", lambda: start_folio(book, scratch / "wrk.log")),
                            ("nginx", lambda: start_nginx(site, scratch)),
                            ("python3 -m http.server", lambda: start_python(site))):
            process, port = start()
            try:
                rates[name] = wrk(port, args.seconds)
            finally:
                process.send_signal(signal.SIGINT if name == "folio serve" else signal.SIGTERM)
                process.wait()
        for name, (rate, errors) in rates.items():
            ratio = rate / rates["folio serve"][0]
            print(f"  {name:24} {rate:10.0f}/s  {errors} errors  ({ratio:.2f}× folio serve)")

        large = scratch / "large"
        large.mkdir()
        books.write_book(large, args.chapters)
        print(f"\nFrom saving a one-line edit to the reload event, median of {args.edits}, wall and the server's CPU time;")
        print("against one `folio build` of the same book into a fresh folder (wall and CPU, median of 3):")
        for name, folder, chapter in (("the guide", book, book / "03-writing.md"),
                                      (f"{args.chapters:,} chapters", large, large / books.chapter_name(args.chapters // 2))):
            times, cpu = reload_times(folder, chapter, args.edits, scratch)
            builds = []
            for n in range(3):
                shutil.rmtree(scratch / "fresh", ignore_errors=True)
                builds.append(run([str(FOLIO), "build", str(folder), "-o", str(scratch / "fresh")], scratch))
            build_wall, build_cpu = statistics.median(b.seconds for b in builds), statistics.median(b.cpu for b in builds)
            wall, used = statistics.median(times), statistics.median(cpu)
            print(f"  {name:16} reload {wall * 1000:7.0f} ms wall, {used * 1000:6.0f} ms CPU   "
                  f"folio build {build_wall * 1000:7.0f} ms wall, {build_cpu * 1000:6.0f} ms CPU   "
                  f"(ratio {wall / build_wall:.2f} wall, {used / build_cpu:.2f} CPU)")
            print(f"  {'':16} the first save {times[0] * 1000:.0f} ms, the slowest {max(times) * 1000:.0f} ms wall")
            edits = outline_edits(chapter)
            outline, _ = reload_times(folder, chapter, len(edits), scratch, texts=[text for _, text in edits])
            print(f"  {'':16} " + ", ".join(f"{what} {seconds * 1000:.0f} ms" for (what, _), seconds in zip(edits, outline)) + " wall")
            if args.against:
                other, other_cpu = (statistics.median(t) for t in reload_times(folder, chapter, args.edits, scratch, args.against))
                print(f"  {'':16} {args.against}: reload {other * 1000:7.0f} ms wall, {other_cpu * 1000:6.0f} ms CPU   "
                      f"(this binary takes {wall / other:.2f} of its wall time)")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
