#!/usr/bin/env python3
"""cmark's pathological inputs (its test/pathological_tests.py, from ../shared/cmark-pathological)
built as one-chapter books by the release `folio build`, beside the `cmark` command on the same
text: each case at its suite size and doubled, with Folio's CPU time, cmark's, their ratio and the
doubling ratio (time doubled / time once; linear is about 2). After them, hostile books that
cmark's suite lacks: a long paragraph, many links, deep lists, a long word, many headings,
a huge HTML table, many tables, footnotes, definitions and asides, each with its text doubled for
the doubling ratio.

    make bench            # or: python3 bench/pathological.py [--timeout S] [--only NAME] [--no-double]
                          #     [--folio PATH] [--baseline PATH] [--json PATH]

`--baseline` times a second `folio` binary on the same texts in the same run, case by case, so that
two builds compare fairly on a busy machine; `--json` writes every figure to a file.
"""
import argparse
import json
import math
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLIO = ROOT / ".build/release/folio"
SUITE = Path(os.environ.get("FOLIO_SHARED", ROOT / "../shared")) / "cmark-pathological"


def load_cases(scale):
    """The suite's inputs; `scale` 2 rebuilds them with every repeat count doubled (see `doubled_cases`)."""
    sys.modules["cmark"] = types.SimpleNamespace(CMark=None)
    sys.path.insert(0, str(SUITE))
    import pathological_tests as suite
    cases = {name: value[0] for name, value in {**suite.pathological, **suite.pathological_cmark}.items()}
    if scale == 1:
        return cases
    # Doubling: the same text twice over in count. Cases are made of repeated pieces, so
    # re-running the module with its multipliers doubled is the honest way; this reads its
    # source and doubles every integer literal of 100 or more.
    import re
    source = (SUITE / "pathological_tests.py").read_text().replace("from cmark import CMark", "")
    source = source.split('if __name__ == "__main__":')[0]
    doubled = re.sub(r"(?<![\w.#+])(\d{3,})(?![\w.])", lambda m: str(round(int(m.group(1)) * scale)), source)
    namespace = {}
    exec(compile(doubled, "pathological_doubled", "exec"), namespace)
    return {name: value[0] for name, value in {**namespace["pathological"], **namespace["pathological_cmark"]}.items()}


def doubled_cases():
    """Each case with its text doubled. Some of cmark's cases grow as the square of their count
    ("backticks", "deeply nested lists"): doubling their count would quadruple their text, so
    their count grows by the square root of two instead."""
    once, twice, root = load_cases(1), load_cases(2), load_cases(math.sqrt(2))
    return {name: root[name] if len(text) > 3 * len(once[name]) else text for name, text in twice.items()}


def book_cases(scale):
    """Hostile books cmark's suite lacks; `scale` 2 doubles each one's text."""
    words = [f"word{i % 97}" for i in range(40000 * scale)]
    # Item i is indented 2i spaces: the text grows as the square of the depth.
    depth = int(3000 * math.sqrt(scale))
    return {
        "one paragraph of 40,000 words": "\n".join(" ".join(words[i:i + 12]) for i in range(0, len(words), 12)) + "\n",
        "8,000 links in one paragraph": " ".join(f"[link {i}](https://example.com/{i})" for i in range(8000 * scale)) + "\n",
        "3,000 nested list items": "".join("  " * i + "* a\n" for i in range(depth)),
        "a word of 200,000 letters": "a" * (200000 * scale) + "\n",
        "10,000 headings": "".join(f"# Heading {i}\n\ntext\n\n" for i in range(10000 * scale)),
        "HTML table of 20,000 rows": "<table>\n" + "".join(f"<tr><td>cell {i}</td><td>x</td></tr>\n" for i in range(20000 * scale)) + "</table>\n",
        # Table cells and footnotes are parsed again by cmark: each table's and note's cost must
        # not grow with the rest of the chapter.
        "200 tables": "".join(f"Table {i}\n\n| a | b |\n|---|---|\n| [x][r] {i} | y |\n\n" for i in range(200 * scale)) + "[r]: https://example.com/\n",
        "2,000 footnotes": "".join(f"Text {i}.[^n{i}]\n\n[^n{i}]: Note {i}.\n\n" for i in range(2000 * scale)),
        # A definition is parsed again by cmark too, and a definition list is found in the lines.
        "3,000 definitions": "".join(f"Term {i}\n:   A definition, [x][r] {i}.\n\n" for i in range(3000 * scale)) + "[r]: https://example.com/\n",
        "5,000 asides": "".join(f"> [!NOTE]\n> Aside {i}.\n\n" for i in range(5000 * scale)),
    }


def timed(command, stdin_text=None, cwd=None, timeout=60):
    """The command's CPU time (user and system): on a machine shared with other work, time spent
    waiting for a core is not the command's. `timeout` bounds the wall time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        result = subprocess.run(command, input=stdin_text, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                timeout=timeout, text=stdin_text is not None)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, ("ok" if result.returncode == 0 else f"exit {result.returncode}")


# The book and its site in memory when the machine has it: cmark's HTML goes to /dev/null, and a
# disk's cost of creating files (thousands per case) would be measured, not Folio's.
SCRATCH = "/dev/shm" if os.path.isdir("/dev/shm") else None


# cmark takes over a second on four of its own cases, up to half a minute (two minutes on one), and
# its time on them varies twofold from run to run. cmark gets CMARK_LIMIT seconds; on a case it is
# slow on, Folio is stopped at SLOW_FACTOR × cmark's time (at CMARK_LIMIT where cmark ran out), and on
# a doubled text at DOUBLED_FACTOR × its time on the text.
CMARK_LIMIT = 150
SLOW_FACTOR = 4
DOUBLED_FACTOR = 3.2


# A run under a second is timed RUNS times and its median kept: a few hundredths of a second
# vary by a third from run to run, and both sides of a ratio are that short on most cases.
QUICK = 1.0
RUNS = 5


def median_time(run_once):
    seconds, status = run_once()
    if status != "ok" or seconds >= QUICK:
        return seconds, status
    times = [seconds]
    for _ in range(RUNS - 1):
        seconds, status = run_once()
        if status != "ok":
            return seconds, status
        times.append(seconds)
    return statistics.median(times), "ok"


def folio_time(folio, text, timeout):
    with tempfile.TemporaryDirectory(dir=SCRATCH) as scratch:
        book = Path(scratch) / "book"
        book.mkdir()
        (book / "chapter.md").write_text(text)
        site = Path(scratch) / "site"

        def once():
            shutil.rmtree(site, ignore_errors=True)
            return timed([str(folio), "build", str(book), "-o", str(site)], timeout=timeout)
        return median_time(once)


def cmark_time(text, timeout):
    if shutil.which("cmark") is None:
        return None, "no cmark"
    return median_time(lambda: timed(["cmark"], stdin_text=text, timeout=timeout))


def show(seconds, status):
    return f"{seconds:8.2f}" if seconds is not None and status == "ok" else f"{status:>8}"


def measure(folio, text, doubled_text, cmark, timeout):
    """One binary's figures on one case: its time, the ratio to cmark's, the doubled text's time and the doubling ratio."""
    seconds, status = folio_time(folio, text, max(timeout, SLOW_FACTOR * cmark if cmark is not None else CMARK_LIMIT))
    figures = {"seconds": seconds, "status": status, "ratio": None,
               "doubled_seconds": None, "doubled_status": "-", "doubling": None}
    if status != "ok":
        figures["seconds"] = None
        return figures
    if cmark is not None and cmark > 0:
        figures["ratio"] = seconds / cmark
    if doubled_text is not None:
        doubled, figures["doubled_status"] = folio_time(folio, doubled_text, max(timeout, DOUBLED_FACTOR * seconds))
        if figures["doubled_status"] == "ok":
            figures["doubled_seconds"] = doubled
            figures["doubling"] = doubled / seconds
    return figures


def columns(figures):
    ratio = f"{figures['ratio']:6.1f}" if figures["ratio"] is not None else "     -"
    doubling = f"{figures['doubling']:8.1f}" if figures["doubling"] is not None else "       -"
    return f" {show(figures['seconds'], figures['status'])} {ratio} {show(figures['doubled_seconds'], figures['doubled_status'])} {doubling}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--only")
    parser.add_argument("--no-double", action="store_true")
    parser.add_argument("--folio", type=Path, default=FOLIO, help="the folio binary to time")
    parser.add_argument("--baseline", type=Path, help="another folio binary, timed beside it")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    args = parser.parse_args()
    if not SUITE.exists():
        sys.exit(f"{SUITE} is missing: cmark's pathological_tests.py is read from there")
    binaries = {"folio": args.folio, **({"baseline": args.baseline} if args.baseline else {})}
    for binary in binaries.values():
        if not binary.exists():
            sys.exit(f"{binary} is missing: swift build -c release --product folio")
    once = {**load_cases(1), **book_cases(1)}
    twice = {} if args.no_double else {**doubled_cases(), **book_cases(2)}
    header = f"{'case':50} {'cmark s':>8}"
    for label in binaries:
        header += f" {label[:8]:>8} {'ratio':>6} {'2x s':>8} {'doubling':>8}"
    print(header)
    rows = []
    for name, text in once.items():
        if args.only and args.only not in name:
            continue
        cmark, cmark_status = cmark_time(text, max(args.timeout, CMARK_LIMIT))
        row = {"case": name, "bytes": len(text.encode()), "doubled_bytes": len(twice[name].encode()) if name in twice else None,
               "cmark_seconds": cmark if cmark_status == "ok" else None}
        line = f"{name[:50]:50} {show(cmark, cmark_status)}"
        for label, binary in binaries.items():
            # Where cmark itself takes long, its own time grows faster than its text: the doubled
            # text says nothing of Folio, and would take minutes.
            doubled = twice.get(name) if cmark_status == "ok" and cmark <= args.timeout else None
            row[label] = measure(binary, text, doubled, row["cmark_seconds"], args.timeout)
            line += columns(row[label])
        rows.append(row)
        print(line, flush=True)
    if args.json:
        args.json.write_text(json.dumps({"timeout": args.timeout, "cmark_limit": CMARK_LIMIT, "slow_factor": SLOW_FACTOR,
                                             "doubled_factor": DOUBLED_FACTOR, "quick": QUICK, "runs": RUNS, "cases": rows}, indent=2) + "\n")


if __name__ == "__main__":
    main()
