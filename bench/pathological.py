#!/usr/bin/env python3
"""cmark's pathological inputs (its test/pathological_tests.py, from ../shared/cmark-pathological)
built as one-chapter books by the release `folio build`, beside the `cmark` command on the same
text: each case at its suite size and doubled, with Folio's time, cmark's, their ratio and the
doubling ratio (time doubled / time once; linear is about 2).

    make bench            # or: python3 bench/pathological.py [--timeout S] [--only NAME] [--no-double]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLIO = ROOT / ".build/release/folio"
SUITE = Path(os.environ.get("FOLIO_SHARED", ROOT / "../shared")) / "cmark-pathological"


def load_cases(scale):
    """The suite's inputs; `scale` 2 rebuilds them with every repeat count doubled."""
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
    doubled = re.sub(r"(?<![\w.#+])(\d{3,})(?![\w.])", lambda m: str(int(m.group(1)) * scale), source)
    namespace = {}
    exec(compile(doubled, "pathological_doubled", "exec"), namespace)
    return {name: value[0] for name, value in {**namespace["pathological"], **namespace["pathological_cmark"]}.items()}


def timed(command, stdin_text=None, cwd=None, timeout=60):
    start = time.perf_counter()
    try:
        result = subprocess.run(command, input=stdin_text, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                timeout=timeout, text=stdin_text is not None)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    seconds = time.perf_counter() - start
    return seconds, ("ok" if result.returncode == 0 else f"exit {result.returncode}")


def folio_time(text, timeout):
    with tempfile.TemporaryDirectory() as scratch:
        book = Path(scratch) / "book"
        book.mkdir()
        (book / "chapter.md").write_text(text)
        return timed([str(FOLIO), "build", str(book), "-o", str(Path(scratch) / "site")], timeout=timeout)


def cmark_time(text, timeout):
    if shutil.which("cmark") is None:
        return None, "no cmark"
    return timed(["cmark"], stdin_text=text, timeout=timeout)


def show(seconds, status):
    return f"{seconds:8.2f}" if seconds is not None and status == "ok" else f"{status:>8}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--only")
    parser.add_argument("--no-double", action="store_true")
    args = parser.parse_args()
    if not SUITE.exists():
        sys.exit(f"{SUITE} is missing: cmark's pathological_tests.py is read from there")
    if not FOLIO.exists():
        sys.exit(f"{FOLIO} is missing: swift build -c release --product folio")
    once = load_cases(1)
    twice = {} if args.no_double else load_cases(2)
    print(f"{'case':50} {'folio s':>8} {'cmark s':>8} {'ratio':>6} {'2x s':>8} {'doubling':>8}")
    for name, text in once.items():
        if args.only and args.only not in name:
            continue
        folio, folio_status = folio_time(text, args.timeout)
        cmark, cmark_status = cmark_time(text, args.timeout)
        ratio = f"{folio / cmark:6.1f}" if folio_status == cmark_status == "ok" and cmark > 0 else "     -"
        doubled, doubling = "       -", "       -"
        if name in twice and folio_status == "ok":
            seconds, status = folio_time(twice[name], args.timeout)
            doubled = show(seconds, status)
            if status == "ok":
                doubling = f"{seconds / folio:8.1f}"
        print(f"{name[:50]:50} {show(folio, folio_status)} {show(cmark, cmark_status)} {ratio} {doubled} {doubling}", flush=True)


if __name__ == "__main__":
    main()
