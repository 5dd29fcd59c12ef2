#!/usr/bin/env python3
"""make dist-test: the tarball `make dist` wrote is whole, its folio links neither Swift nor the
libraries linked in statically, and it builds the guide to the same bytes as the development
build. Also prints both builds' start-up time (`folio --version`, the median of alternating runs).

Usage: dist_test.py DEVELOPMENT-FOLIO"""
import hashlib
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINKED_IN = re.compile(r"libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libcmark|libyaml|libmicrohttpd")
RUNS = 50


def files(site: Path) -> dict[str, str]:
    return {str(p.relative_to(site)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(site.rglob("*")) if p.is_file()}


def startup(folio: Path) -> float:
    start = time.perf_counter()
    subprocess.run([folio, "--version"], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main(development: Path) -> None:
    [tarball] = (ROOT / "dist").glob("folio-*-x86_64-linux.tar.gz")
    digest = (ROOT / "dist" / (tarball.name + ".sha256")).read_text().split()[0]
    assert hashlib.sha256(tarball.read_bytes()).hexdigest() == digest, f"{tarball.name}: its SHA-256 is not {digest}"
    with tempfile.TemporaryDirectory(prefix="dist-") as temporary:
        temporary = Path(temporary)
        with tarfile.open(tarball) as archive:
            archive.extractall(temporary, filter="data")
        [folder] = temporary.iterdir()
        folio = folder / "folio"
        for name in ("README", "RELEASE-NOTES", "licenses/swift.txt"):
            assert (folder / name).is_file(), f"{tarball.name} has no {name}"

        ldd = subprocess.run(["ldd", folio], check=True, capture_output=True, text=True).stdout
        wrong = [line.strip() for line in ldd.splitlines() if LINKED_IN.search(line) or "not found" in line]
        assert not wrong, f"the tarball's folio loads what should be linked in, or finds nothing: {wrong}"
        print(f"ldd: {len(ldd.splitlines())} shared libraries, none of Swift's, libcmark, libyaml or libmicrohttpd")

        # A copy of the guide, so that the builds' caches stay in the temporary folder.
        book = shutil.copytree(ROOT / "content", temporary / "book", ignore=shutil.ignore_patterns("_site", ".folio-cache"))
        for binary, site in ((folio, "dist-site"), (development, "development-site")):
            subprocess.run([binary, "build", book, "-o", temporary / site], check=True, stderr=subprocess.DEVNULL)
        made, wanted = files(temporary / "dist-site"), files(temporary / "development-site")
        differ = sorted(path for path in made.keys() | wanted.keys() if made.get(path) != wanted.get(path))
        assert not differ, f"the guide built by the tarball's folio differs from the development build's: {differ[:20]}"
        print(f"the guide: {len(made)} files, the same bytes from both builds")

        times = {folio: [], development: []}
        for _ in range(RUNS):
            for binary in times:
                times[binary].append(startup(binary))
        dist, dev = (statistics.median(times[binary]) * 1000 for binary in (folio, development))
        print(f"folio --version, median of {RUNS}: tarball {dist:.1f} ms, {development} {dev:.1f} ms, {dist / dev:.2f}×")
        print(f"size: tarball {tarball.stat().st_size / 1e6:.1f} MB, its folio {folio.stat().st_size / 1e6:.1f} MB, "
              f"{development} {development.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
