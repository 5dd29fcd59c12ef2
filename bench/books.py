"""The benchmarks' book: a fixed-seed generator of chapters of prose, headings, lists, code,
quotes and images, so that every run, on every machine, builds the same Markdown; and a
code-heavy book, of listings between short paragraphs as in a programming book, whose twin with
its listings' languages unknown (`unhighlighted`) measures what highlighting costs. The code-heavy
book has the Rust book's proportions: about a fifth of its pages' text is code.

Chapter n is the same text in a book of any size (its random stream is seeded by the seed and
n), so the 100-chapter book is the first tenth of the 1,000-chapter one."""
import random
import re
import struct
import zlib
from pathlib import Path

SEED = 11
WORDS = ("page spine leaf curl chapter margin gutter recto verso folio quire signature binding reader "
         "turn corner fold shadow paper ink type line measure the a of and to in is that it with as "
         "for was on are by this be from or have an they which one you were all we when there can "
         "more if out so said what up its about into than them only other new some could time").split()
# (name, width, height, RGB): solid-colour PNGs, sized like a book's figures.
IMAGES = (("wide", 1200, 500, (200, 80, 60)), ("photo", 800, 600, (60, 120, 200)),
          ("square", 400, 400, (90, 160, 90)), ("tall", 480, 720, (180, 150, 60)))
LANGUAGES = ("swift", "python", "js", "")
# A programming book's listings, mostly in its own language (here Rust, as the Rust book's).
CODE_LANGUAGES = ("rust", "rust", "rust", "rust", "toml", "console", "python", "c")


def png(width: int, height: int, rgb) -> bytes:
    """A valid PNG of one colour (8-bit RGB, every row unfiltered)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = (b"\0" + bytes(rgb) * width) * height
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def chapter_name(n: int) -> str:
    return f"{n:05d}-chapter.md"


def sentence(rng: random.Random, chapters: int) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(8, 24))]
    style = rng.random()
    i = rng.randrange(len(words))
    if style < 0.15:
        words[i] = f"*{words[i]}*"
    elif style < 0.25:
        words[i] = f"**{words[i]}**"
    elif style < 0.35:
        words[i] = f"`{words[i]}()`"
    elif style < 0.42:
        words[i] = f"[{words[i]}]({chapter_name(rng.randint(1, chapters))}#summary)"
    text = " ".join(words)
    return text[0].upper() + text[1:] + rng.choice(".....?!") + (' "Quite so," said the reader.' if style > 0.95 else "")


def paragraph(rng, chapters) -> str:
    return " ".join(sentence(rng, chapters) for _ in range(rng.randint(3, 7)))


def block(rng: random.Random, chapters: int, index: int) -> str:
    """One block after the opening prose: mostly paragraphs, sometimes a list, a code listing, a
    quotation or a figure."""
    kind = rng.random()
    if kind < 0.55:
        return paragraph(rng, chapters)
    if kind < 0.67:
        items = (" ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 12))) for _ in range(rng.randint(3, 7)))
        if rng.random() < 0.5:
            return "\n".join(f"- {item}" for item in items)
        return "\n".join(f"{i}. {item}" for i, item in enumerate(items, 1))
    if kind < 0.79:
        lines = (f"let {rng.choice(WORDS)}{i} = {rng.randint(0, 999)} * {rng.choice(WORDS)}" for i in range(rng.randint(4, 14)))
        return f"```{rng.choice(LANGUAGES)}\n" + "\n".join(lines) + "\n```"
    if kind < 0.9:
        return "> " + paragraph(rng, chapters) + "\n>\n> — " + rng.choice(WORDS).capitalize()
    name = rng.choice(IMAGES)[0]
    return f"![Figure {index}: a {name} picture of {rng.choice(WORDS)}](images/{name}.png)"


def chapter(n: int, chapters: int, seed: int = SEED) -> str:
    """About 1,200 words: a title, sections of prose with lists, code, quotes and figures, and a
    closing summary that other chapters link to."""
    rng = random.Random(f"{seed}-{n}")
    parts = [f"# Chapter {n}", paragraph(rng, chapters)]
    for section in range(1, rng.randint(3, 4) + 1):
        parts.append(f"## Section {n}.{section}")
        parts += [block(rng, chapters, i) for i in range(rng.randint(3, 5))]
        if rng.random() < 0.4:
            parts += [f"### Aside {n}.{section}", paragraph(rng, chapters)]
    parts += ["## Summary", paragraph(rng, chapters)]
    return "\n\n".join(parts) + "\n"


def write_book(folder: Path, chapters: int, seed: int = SEED) -> Path:
    """Writes a book of `chapters` chapters (no SUMMARY.md: the files' order is the book's) and
    its images into `folder`; returns it."""
    (folder / "images").mkdir(parents=True, exist_ok=True)
    (folder / "book.yml").write_text(f"title: A generated book of {chapters:,} chapters\nlanguage: en\n")
    for name, width, height, rgb in IMAGES:
        (folder / "images" / f"{name}.png").write_bytes(png(width, height, rgb))
    for n in range(1, chapters + 1):
        (folder / chapter_name(n)).write_text(chapter(n, chapters, seed))
    return folder


def listing(rng: random.Random, language: str) -> str:
    """A listing of 4 to 20 lines in `language`: declarations, calls, strings, numbers, comments."""
    word = lambda: rng.choice(WORDS)
    count = rng.randint(4, 20)
    if language == "toml":
        lines = [f"[{word()}]"] + [f'{word()}_{i} = "{word()} {rng.randint(0, 99)}"  # {word()}' for i in range(count)]
    elif language == "console":
        lines = [f"$ cargo run --bin {word()}"] + [f"   Compiling {word()} v0.{i}.0 ({word()})" for i in range(count)]
    elif language == "python":
        lines = [f"def {word()}_{i}(x):\n    return x * {rng.random():.3f}  # {word()}" for i in range(count // 2)]
    elif language == "c":
        lines = [f'static int {word()}_{i}(const char *s) {{ return strlen(s) + {rng.randint(0, 99)}; }} /* {word()} */' for i in range(count)]
    else:
        lines = [f"fn {word()}_{count}(input: &str) -> Result<u32, Box<dyn Error>> {{"]
        lines += [rng.choice((f'    let {word()}_{i}: u32 = input.len() as u32 * {rng.randint(0, 999)};',
                              f'    println!("{word()} {{}} {word()}", {word()}_{i}); // {word()} {word()}',
                              f'    if {word()}.is_empty() {{ return Err("{word()}".into()); }}'))
                  for i in range(count)]
        lines += ["    Ok(0)", "}"]
    return f"```{language}\n" + "\n".join(lines) + "\n```"


def code_chapter(n: int, seed: int = SEED) -> str:
    """A chapter of 6 to 10 listings, each after three to five paragraphs, and the closing summary
    that the paragraphs' links lead to."""
    rng = random.Random(f"{seed}-code-{n}")
    parts = [f"# Listings {n}"]
    for _ in range(rng.randint(6, 10)):
        parts += [paragraph(rng, 1) for _ in range(rng.randint(3, 5))] + [listing(rng, rng.choice(CODE_LANGUAGES))]
    parts += ["## Summary", paragraph(rng, 1)]
    return "\n\n".join(parts) + "\n"


def write_code_book(folder: Path, chapters: int, seed: int = SEED) -> Path:
    """Writes a code-heavy book of `chapters` chapters into `folder`; returns it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "book.yml").write_text(f"title: A code-heavy book of {chapters:,} chapters\nlanguage: en\n")
    for n in range(1, chapters + 1):
        (folder / chapter_name(n)).write_text(code_chapter(n, seed))
    return folder


FENCE = re.compile(r"^([ \t]*(?:>[ \t]*)*(?:```+|~~~+)[ \t]*)([^\s,`{]+)", re.MULTILINE)


def unhighlighted(markdown: str) -> str:
    """`markdown` with each fenced listing's language one that no syntax definition knows
    (`rust` → `plain-rust`), so that it builds the same pages with the code left plain. Rust's
    hidden lines are hidden still, by `hidelines=#` (which hides `#[…]` lines too: a few lines
    fewer, in favour of the plain build)."""
    return FENCE.sub(lambda m: m.group(1) + "plain-" + m.group(2) + (",hidelines=#" if m.group(2) == "rust" else ""), markdown)


def chapter_files(folder: Path) -> list:
    """The chapters' file names, in order."""
    return sorted(p.name for p in folder.glob("*-chapter.md"))
