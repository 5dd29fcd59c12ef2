"""Code set as in print, in Chromium: a listing of 2,000 random lines of code (identifiers,
punctuation, spaces, tabs, long unbroken words, CJK) takes, line by line, as many lines on its
pages as the paginator counts (`CodeLines`, asked through a Swift test), so that each page holds
its part of the listing; no word is cut where a space or punctuation would do, the lines a line
wraps onto are marked, and the text copied from a listing is its source."""
import json
import os
import random
import string
import subprocess
import unicodedata

import pytest

from conftest import FOLIO, ROOT, build, serving

LINES = 2000
SEED = 14
# A pocket book's width, so its code box, and pages as tall as a book may have: few pages to load.
WIDTH, HEIGHT = 432, 4096
CJK = "中文字符串数据类型函数变量返回错误处理日本語のテキストです"
CJK_MARKS = "、。，：；！？（）「」』】"
MARKS = "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~"
BEYOND_ASCII = "éßλ→—…±«»“”"


def identifier(r):
    length = r.choice([1, 2, 3, 5, 8, 12, 20])
    return r.choice(string.ascii_letters + "_") + "".join(r.choice(string.ascii_letters + string.digits + "_") for _ in range(length - 1))


def token(r):
    k = r.random()
    if k < 0.45:
        return identifier(r)
    if k < 0.65:
        return "".join(r.choice(MARKS) for _ in range(r.choice([1, 1, 2, 3])))
    if k < 0.72:
        return str(r.randrange(10 ** r.randrange(1, 8)))
    if k < 0.80:
        return "".join(r.choice(CJK + CJK_MARKS) for _ in range(r.randrange(1, 12)))
    if k < 0.84:
        return r.choice(BEYOND_ASCII) + identifier(r)
    if k < 0.90:
        return '"' + " ".join(identifier(r) for _ in range(r.randrange(1, 4))) + '"'
    if k < 0.93:
        # A word longer than the line.
        return "".join(r.choice(string.ascii_letters + string.digits) for _ in range(r.randrange(40, 130)))
    return r.choice(["(", ")", ".", ", ", "::", "->", "=>", "();", "[0]", "{", "}"])


def random_lines(seed, count):
    r = random.Random(seed)
    lines = []
    for _ in range(count):
        text = r.choice(["", "", "    ", "        ", "\t", "\t\t", "  "])
        for _ in range(r.randrange(0, 16)):
            text += token(r) + r.choice(["", "", " ", " ", "  ", "\t"])
        lines.append(text.rstrip(" ") if r.random() < 0.9 else text)
    return lines


@pytest.fixture(scope="module")
def listing(tmp_path_factory):
    """The lines, the paginator's count for each, and the book's site."""
    if not FOLIO.exists():
        pytest.fail(f"{FOLIO} is missing: run `swift build` first (make test does)")
    lines = random_lines(SEED, LINES)
    assert not any(line.startswith("~~~~~~~~~~") for line in lines)
    folder = tmp_path_factory.mktemp("code-wrap")
    book = folder / "book"
    book.mkdir()
    (book / "book.yml").write_text(f"title: Code\npage:\n  size: [{WIDTH}, {HEIGHT}]\n  title-page: false\n  contents-page: false\n")
    (book / "code.md").write_text("# Code\n\n~~~~~~~~~~c\n" + "\n".join(lines) + "\n~~~~~~~~~~\n", encoding="utf-8")
    (folder / "lines.json").write_text(json.dumps({"width": WIDTH, "height": HEIGHT, "lines": lines}), encoding="utf-8")
    environment = dict(os.environ, FOLIO_CODE_LINES=str(folder / "lines.json"), FOLIO_CODE_COUNTS=str(folder / "counts.json"))
    result = subprocess.run(["swift", "test", "--skip-build", "--filter", "CodeLinesTests/countsTheLinesOfAFile"],
                            cwd=ROOT, env=environment, capture_output=True, text=True)
    assert result.returncode == 0 and (folder / "counts.json").exists(), result.stdout + result.stderr
    counts = json.loads((folder / "counts.json").read_text())
    return lines, counts, build(book, folder / "site")


# Each line of each listing on the page: its text, the characters (code points) its later lines
# start at, the height of its mark of continued lines, and the text a reader copies of the listing.
SET_LINES = """() => {
    const lineHeight = parseFloat(getComputedStyle(document.querySelector('pre')).lineHeight);
    const listings = [];
    for (const code of document.querySelectorAll('[data-page-content] pre code')) {
        const lines = [{text: '', starts: [], mark: 0}];
        let top = null;
        const range = document.createRange();
        const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
        for (let node; (node = walker.nextNode());) {
            for (let i = 0; i < node.data.length; i++) {
                const unit = node.data.charCodeAt(i);
                if (unit >= 0xDC00 && unit < 0xE000) continue;
                const line = lines[lines.length - 1];
                if (node.data[i] === '\\n') { lines.push({text: '', starts: [], mark: 0}); top = null; continue; }
                const wraps = node.parentElement.closest('.wraps');
                if (wraps && !line.text) line.mark = parseFloat(getComputedStyle(wraps, '::before').height) / lineHeight;
                range.setStart(node, i);
                range.setEnd(node, i + (unit >= 0xD800 && unit < 0xDC00 ? 2 : 1));
                const rects = range.getClientRects();
                const at = rects[rects.length - 1].top;
                if (top !== null && at > top + lineHeight / 2) line.starts.push([...line.text].length);
                top = at;
                line.text += node.data.slice(i, i + (unit >= 0xD800 && unit < 0xDC00 ? 2 : 1));
            }
        }
        getSelection().selectAllChildren(code);
        listings.push({lines: lines.slice(0, -1), copied: getSelection().toString(), text: code.textContent});
    }
    return listings;
}"""


OVERFLOW = "() => { const box = document.querySelector('[data-page-content]'); return box.scrollHeight - box.clientHeight; }"


def is_word(character):
    """A letter, a digit or `_` of a word: not a wide (CJK) character, set apart."""
    return character == "_" or unicodedata.category(character)[0] in "LNM" and unicodedata.east_asian_width(character) not in "WF"


def may_break_after(line, index):
    """Whether a printer could end a line after the character at `index`: a space, or punctuation
    but an apostrophe, a quote that opens a word (a line breaks before those), a minus sign or a
    decimal point."""
    character, before = line[index], line[index - 1] if index else " "
    # What follows, past any quotes: `''` opens a word as `'` does.
    after = line[index + 1:].lstrip("'\"`")[:1]
    if is_word(character) or not after or not is_word(after):
        return not is_word(character)
    if character == "'" or character in '"`' and not is_word(before):
        return False
    return not (after.isdigit() and (character == "-" and not is_word(before) or character == "." and before.isdigit()))


def test_code_lines_wrap_as_the_paginator_counts(listing, browser, capsys):
    lines, counts, site = listing
    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    context = browser.new_context(viewport={"width": 900, "height": 1000}, java_script_enabled=False)
    tab = context.new_page()
    shown = []
    with serving(site) as server:
        for entry in manifest["readingOrder"]:
            tab.goto(f"{server}/{entry['href']}")
            tab.evaluate("() => document.fonts.ready")
            # The listing is cut between pages by the lines counted: each part fits its page.
            assert tab.evaluate(OVERFLOW) <= 0.5, f"{entry['href']} overflows"
            for part in tab.evaluate(SET_LINES):
                assert part["text"] == "".join(line["text"] + "\n" for line in part["lines"])
                # What a reader copies is the source: no marks, and no line break but the source's
                # (Chromium leaves out the last, as it does of any listing).
                assert part["copied"] == part["text"][:-1]
                shown += part["lines"]
    context.close()
    assert [line["text"] for line in shown] == lines

    mismatches, unmarked, cut = [], [], []
    for line, count, set_line in zip(lines, counts, shown):
        if len(set_line["starts"]) + 1 != count:
            mismatches.append(f"{line!r}: {len(set_line['starts']) + 1} lines in Chromium, {count} counted")
        if set_line["mark"] != max(count - 1, 0) and line:
            unmarked.append(f"{line!r}: {set_line['mark']} lines marked of {count - 1} continued")
        previous = 0
        for start in set_line["starts"]:
            # A word cut where its line held a space or punctuation it could have broken at.
            if is_word(line[start - 1]) and is_word(line[start]) and any(may_break_after(line, i) for i in range(previous, start - 1)):
                cut.append(f"{line!r} cut at {start}")
            previous = start
    wrapped = sum(1 for count in counts if count > 1)
    with capsys.disabled():
        print(f"\ncode-wrap: {LINES} lines, {wrapped} wrapped onto {sum(counts) - LINES} more lines; "
              f"{len(mismatches)} counted otherwise than Chromium sets them")
    assert wrapped > LINES // 10
    assert not mismatches, "\n".join(mismatches[:20])
    assert not unmarked, "\n".join(unmarked[:20])
    assert not cut, "\n".join(cut[:20])
