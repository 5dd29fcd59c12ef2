#!/usr/bin/env python3
"""Build time and peak memory of `folio build`, side by side with one `cmark` process
rendering the same Markdown files (`cmark *.md > /dev/null`): the floor for any tool
that renders these files with libcmark.

Then `folio build` into an output folder three ways: fresh (no folder yet), again with no change
(nothing to write), and after an edit to one chapter; with `--against OLD_FOLIO`, another build of
folio is timed the same way, run for run, so the two can be compared.

    make bench            # or: python3 bench/build_times.py [--runs N] [--chapters N] [--against BIN]
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLIO = ROOT / ".build/release/folio"


def measure(command, cwd):
    """Wall seconds, CPU seconds (user + system) and peak resident memory (KiB) of one run."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(command[:4])} …")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def median_run(command, cwd, runs):
    samples = [measure(command, cwd) for _ in range(runs)]
    return (statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples),
            max(s[2] for s in samples))


def generated_book(folder: Path, chapters: int):
    """A book of `chapters` chapters of prose, lists, code and links, about 1,200 words each."""
    words = ("page spine leaf curl chapter margin gutter recto verso folio quire signature "
             "binding reader turn corner fold shadow paper ink type line measure").split()
    for n in range(1, chapters + 1):
        paragraphs = []
        for p in range(12):
            sentence = " ".join(words[(n * 7 + p * 3 + i) % len(words)] for i in range(90))
            paragraphs.append(sentence.capitalize() + ".")
        nxt = f"{n % chapters + 1:04d}-chapter.md"
        text = (f"# Chapter {n}\n\n" + "\n\n".join(paragraphs[:4])
                + f"\n\n## Lists\n\n" + "".join(f"- item {i} with [a link]({nxt}#lists)\n" for i in range(8))
                + "\n```swift\n" + "".join(f"let line{i} = {i} * {n}\n" for i in range(15)) + "```\n\n"
                + "## More\n\n" + "\n\n".join(paragraphs[4:]) + "\n")
        (folder / f"{n:04d}-chapter.md").write_text(text)


def pagination_throughput(book: Path, out: Path, runs):
    """Pages per second of the paginate stage alone, from `folio build --timings`."""
    samples = []
    for _ in range(runs):
        result = subprocess.run([str(FOLIO), "build", str(book), "-o", str(out), "--timings"],
                                capture_output=True, text=True, check=True)
        pages = int(re.search(r"\((\d+) pages?\)", result.stderr).group(1))
        seconds = float(re.search(r"paginate ([\d.]+) s", result.stderr).group(1))
        samples.append((pages, seconds, result.stderr.strip().splitlines()[-1]))
    pages, seconds, phases = sorted(samples, key=lambda s: s[1])[len(samples) // 2]
    print(f"\npagination: {pages} pages in {seconds:.3f} s = {pages / seconds:,.0f} pages per second (median run)")
    print(f"phases of that run: {phases}")


def markdown_files(book: Path):
    return sorted(str(p.relative_to(book)) for p in book.rglob("*.md")
                  if "_site" not in p.parts and p.name != "SUMMARY.md")


def compare(name, book: Path, out: Path, runs):
    files = markdown_files(book)
    folio_s, folio_cpu, folio_kib = median_run([str(FOLIO), "build", str(book), "-o", str(out)], book, runs)
    cmark_s, cmark_cpu, cmark_kib = median_run(["cmark", "--smart", *files], book, runs)
    copy_s, _, _ = median_run(["sh", "-c", f"rm -rf '{out}.copy' && cp -r '{out}' '{out}.copy'"], book, runs)
    size = sum((book / f).stat().st_size for f in files)
    print(f"| {name} | {len(files)} | {size / 1024:.0f} KiB | {folio_s:.3f} s | {cmark_s:.3f} s | "
          f"{folio_s / cmark_s:.1f}× | {copy_s:.3f} s | {folio_cpu:.2f} s | {cmark_cpu:.2f} s | "
          f"{folio_kib / 1024:.1f} MiB | {cmark_kib / 1024:.1f} MiB |")


def rebuild_times(binaries, book: Path, tmp: Path, runs):
    """Median wall seconds of a fresh build, a rebuild with no change and a rebuild after editing
    one chapter, for each binary; the binaries take turns within each run."""
    chapter = book / markdown_files(book)[0]
    original = chapter.read_text()
    samples = {name: {"fresh": [], "no change": [], "one chapter edited": []} for name in binaries}
    try:
        for run in range(runs):
            for name, binary in binaries.items():
                out = tmp / f"rebuild-{name}"
                shutil.rmtree(out, ignore_errors=True)
                command = [str(binary), "build", str(book), "-o", str(out)]
                samples[name]["fresh"].append(measure(command, book)[0])
                samples[name]["no change"].append(measure(command, book)[0])
                chapter.write_text(original + f"\nAn edit of run {run}.\n")
                samples[name]["one chapter edited"].append(measure(command, book)[0])
                chapter.write_text(original)
    finally:
        chapter.write_text(original)
    print(f"\nbuilds into {tmp} (median of {runs} runs, wall seconds):\n")
    print("| folio | fresh | no change | one chapter edited |")
    print("|---|---|---|---|")
    for name, kinds in samples.items():
        print(f"| {name} | " + " | ".join(f"{statistics.median(times):.2f} s" for times in kinds.values()) + " |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--chapters", type=int, default=1000)
    parser.add_argument("--against", type=Path, help="another folio binary to time the rebuilds of, side by side")
    args = parser.parse_args()
    if not FOLIO.exists():
        sys.exit("build the release binary first: swift build -c release --product folio")
    print(f"median of {args.runs} runs on {os.cpu_count()} cores; CPU is user + system time; "
          "peak RSS is the largest of the runs.\nfolio also writes the site (a file per page); cmark writes to "
          "/dev/null, so `cp -r` of folio's output is shown as the floor for writing those files here.\n")
    print("| book | chapters | Markdown | folio wall | cmark wall | ratio | cp -r of the site | folio CPU | cmark CPU | folio peak | cmark peak |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        compare("content/", ROOT / "content", tmp / "content-site", args.runs)
        generated = tmp / "generated"
        generated.mkdir()
        generated_book(generated, args.chapters)
        compare(f"generated, {args.chapters} chapters", generated, tmp / "generated-site", args.runs)
        pagination_throughput(generated, tmp / "generated-site", args.runs)
        binaries = {"this build": FOLIO}
        if args.against:
            binaries[str(args.against)] = args.against
        rebuild_times(binaries, generated, tmp, args.runs)


if __name__ == "__main__":
    main()
