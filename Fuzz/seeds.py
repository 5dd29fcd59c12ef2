#!/usr/bin/env python3
"""Seed corpora for folio-fuzz, made from the fixture books (Tests/Fixtures/*/book).

  seeds.py FOLIO CORPUS [MAX_LEN]

book:  a seed per chapter of every fixture: its book.yml, its SUMMARY.md (the chapter's own link
       renamed to chapter.md) and the chapter, separated by the byte 0x1E.
mdbook: a seed per chapter of every fixture that is an mdBook project: its book.toml, its
       src/SUMMARY.md (the chapter's link renamed to chapter.md) and the chapter.
check: a seed per page of every fixture FOLIO (a normal build of the command) builds: the site's
       manifest.json, the page's path and the page.

Seeds are cut to MAX_LEN bytes (the fuzzer's -max_len), so the fuzzer sees whole ones.
"""
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

SEPARATOR = b"\x1e"
FIXTURES = Path(__file__).resolve().parent.parent / "Tests" / "Fixtures"


def write(folder: Path, parts: list[bytes], max_len: int) -> None:
    seed = SEPARATOR.join(parts)[:max_len]
    (folder / hashlib.sha1(seed).hexdigest()).write_bytes(seed)


def chapters(source: Path):
    """Each chapter of a book's source folder, with its SUMMARY.md naming it `chapter.md`, as the
    fuzz targets read the chapter: (summary, chapter) bytes."""
    summary_file = source / "SUMMARY.md"
    summary = summary_file.read_bytes() if summary_file.exists() else b""
    for chapter in sorted(source.rglob("*.md")):
        if chapter == summary_file or chapter.is_symlink() or not chapter.is_file():
            continue
        name = chapter.relative_to(source).as_posix().encode()
        yield summary.replace(b"(" + name + b")", b"(chapter.md)"), chapter.read_bytes()


def book_seeds(folder: Path, max_len: int) -> None:
    for book in sorted(FIXTURES.glob("*/book")):
        source = book / "src" if (book / "src" / "SUMMARY.md").exists() else book
        options = (book / "book.yml").read_bytes() if (book / "book.yml").exists() else b""
        for summary, chapter in chapters(source):
            write(folder, [options, summary, chapter], max_len)


def mdbook_seeds(folder: Path, max_len: int) -> None:
    for toml in sorted(FIXTURES.glob("*/book/book.toml")):
        for summary, chapter in chapters(toml.parent / "src"):
            write(folder, [toml.read_bytes(), summary, chapter], max_len)


def check_seeds(folio: str, folder: Path, max_len: int) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        for book in sorted(FIXTURES.glob("*/book")):
            site = Path(scratch) / book.parent.name
            if subprocess.run([folio, "build", str(book), "-o", str(site)], capture_output=True).returncode != 0:
                continue
            manifest = (site / "manifest.json").read_bytes()
            pages = [link["href"] for link in json.loads(manifest)["readingOrder"]]
            for path in pages[:3] + ["index.html", "toc.html"]:
                if (site / path).is_file():
                    write(folder, [manifest, path.encode(), (site / path).read_bytes()], max_len)


def main() -> None:
    folio, corpus = sys.argv[1], Path(sys.argv[2])
    max_len = int(sys.argv[3]) if len(sys.argv) > 3 else 4096
    for target in ("book", "mdbook", "check"):
        (corpus / target).mkdir(parents=True, exist_ok=True)
    book_seeds(corpus / "book", max_len)
    mdbook_seeds(corpus / "mdbook", max_len)
    check_seeds(folio, corpus / "check", max_len)
    for target in ("book", "mdbook", "check"):
        print(f"{target}: {len(list((corpus / target).iterdir()))} inputs in {corpus / target}")


if __name__ == "__main__":
    main()
