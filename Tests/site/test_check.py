"""`folio check` on a clean site and on sites damaged in many ways: each damage is caught
with its rule id at its file:line:column and the exit status it calls for (0 clean or warnings
only, 1 errors, 2 usage); the JSON and GitHub outputs are well formed."""
import json
import re
import shutil
import subprocess

import pytest

from conftest import FIXTURES, FOLIO, build

BOOK = FIXTURES / "links-and-images/book"


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    return build(BOOK, tmp_path_factory.mktemp("check") / "site")


@pytest.fixture
def site(clean, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(clean, copy)
    return copy


def check(site, *options):
    return subprocess.run([str(FOLIO), "check", str(site), *options], capture_output=True, text=True,
                          env={"NO_COLOR": "1", "PATH": "/usr/bin:/bin"})


def diagnostics(site):
    result = check(site, "--format", "json")
    return result.returncode, json.loads(result.stdout)


def position(path, needle, nth=0, before=0):
    """1-based line and column where the `nth` occurrence of `needle` starts in a file,
    shifted `before` characters left (to the opening quote of a JSON string, say)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    index -= before
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


def caught(site, rule, file, line=None, column=None, status=1):
    """The check reports `rule` at that place, and exits with `status` (1: errors) in the JSON
    and the text format alike."""
    returncode, found = diagnostics(site)
    places = [(d["file"].split("/site/")[-1], d.get("line"), d.get("column")) for d in found if d["rule"] == rule]
    assert (file, line, column) in places, f"no {rule} at {file}:{line}:{column}; found {found}"
    assert returncode == status, f"--format json exited {returncode}, not {status}; found {found}"
    text = check(site)
    assert text.returncode == status, f"--format text exited {text.returncode}, not {status}: {text.stdout}{text.stderr}"


def edit(path, old, new, count=1):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def test_clean_site_has_no_diagnostics(clean):
    result = check(clean)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "", result.stdout
    assert re.fullmatch(r"Checked \d+ pages and \d+ links in .*: 0 errors, 0 warnings", result.stderr.strip()), result.stderr
    assert diagnostics(clean) == (0, [])
    for options in (["--format", "github"], ["--strict"], ["--format", "github", "--strict"]):
        result = check(clean, *options)
        assert (result.returncode, result.stdout) == (0, ""), f"{options}: {result.returncode} {result.stdout}{result.stderr}"


def test_deleted_page(site):
    (site / "two/1.html").unlink()
    caught(site, "href-missing", "manifest.json", *position(site / "manifest.json", '"two/1.html"'))


def test_removed_target_id(site):
    edit(site / "two/1.html", ' id="two.the-end"', "")
    caught(site, "fragment-missing", "manifest.json", *position(site / "manifest.json", '"two/1.html#two.the-end"'))


def test_reordered_reading_order(site):
    edit(site / "manifest.json", '"href":"one/1.html"', '"href":"one/TMP.html"')
    edit(site / "manifest.json", '"href":"one/2.html"', '"href":"one/1.html"')
    edit(site / "manifest.json", '"href":"one/TMP.html"', '"href":"one/2.html"')
    caught(site, "reading-order", "manifest.json", *position(site / "manifest.json", '"one/2.html"'))


def test_bad_enum(site):
    edit(site / "manifest.json", '"layout":"fixed"', '"layout":"paged"')
    caught(site, "manifest-enum", "manifest.json", *position(site / "manifest.json", '"paged"'))


def test_bad_folio_term(site):
    edit(site / "manifest.json", '"urn:folio:spine":"auto"', '"urn:folio:spine":"middle"')
    caught(site, "manifest-enum", "manifest.json", *position(site / "manifest.json", '"middle"'))


def test_illegal_option_combination(site):
    edit(site / "manifest.json", '"urn:folio:spine":"auto"', '"urn:folio:spine":"mid"')
    edit(site / "manifest.json", '"urn:folio:double-sided":true', '"urn:folio:double-sided":false')
    caught(site, "options", "manifest.json", *position(site / "manifest.json", '"mid"'))


def test_duplicate_page_number(site):
    edit(site / "manifest.json", '"title":"4"', '"title":"3"')
    caught(site, "page-numbers", "manifest.json", *position(site / "manifest.json", '"3"', nth=1))


def test_front_matter_numbered_as_a_chapter_page(site):
    # The front matter is numbered i, ii…; the first chapter's first page 1.
    edit(site / "manifest.json", '"title":"ii"', '"title":"2"')
    caught(site, "page-numbers", "manifest.json", *position(site / "manifest.json", '"2"', nth=0))


def test_missing_image(site):
    (site / "assets/book/images/dot.svg").unlink()
    caught(site, "page-link", "one/1.html", *position(site / "one/1.html", "../assets/book/images/dot.svg"))


def test_left_and_right_swapped(site):
    edit(site / "manifest.json", '"page":"right"', '"page":"left"')
    caught(site, "page-sides", "manifest.json", *position(site / "manifest.json", '"left"'))


def test_orphan_page(site):
    shutil.copy(site / "one/1.html", site / "one/9.html")
    status, found = diagnostics(site)
    assert status == 0, "an orphan page is a warning"
    assert [(d["rule"], d["severity"], d["file"].split("/site/")[-1]) for d in found] == [("orphan-page", "warning", "one/9.html")]
    strict = check(site, "--strict")
    assert strict.returncode == 1, strict.stderr
    assert strict.stderr.strip().endswith(": 1 error, 0 warnings"), strict.stderr


def test_missing_sitemap_entry(site):
    edit(site / "sitemap.xml", "<url><loc>two/2.html</loc></url>\n", "")
    caught(site, "sitemap", "sitemap.xml", status=0)
    assert check(site, "--strict").returncode == 1


def test_malformed_json(site):
    edit(site / "manifest.json", '"language":"en",', '"language":"en"')
    line, column = position(site / "manifest.json", '"language":"en"')
    caught(site, "manifest-json", "manifest.json", line, column + len('"language":"en"'))


def test_invalid_utf8(site):
    page = site / "one/1.html"
    data = page.read_bytes()
    index = data.index(b"Quotes")
    page.write_bytes(data[:index] + b"\xff" + data[index:])
    caught(site, "encoding", "one/1.html", *position(page, "Quotes", before=1))


def test_no_manifest(site):
    (site / "manifest.json").unlink()
    caught(site, "manifest-missing", "manifest.json")


def test_duplicate_id(site):
    edit(site / "two/1.html", ' id="two.the-end-1"', ' id="two.the-end"')
    caught(site, "duplicate-id", "two/1.html", *position(site / "two/1.html", 'two.the-end"', nth=1))


def test_page_without_content_element(site):
    edit(site / "one/1.html", " data-page-content>", ">")
    caught(site, "page-content", "one/1.html")


def test_deleted_search_shard(site):
    (site / "search/terms/0.json").unlink()
    caught(site, "search-index", "search/index.json", *position(site / "search/index.json", '"terms/0.json"'))


def test_search_term_names_a_page_the_book_lacks(site):
    shard = site / "search/terms/0.json"
    terms = json.loads(shard.read_text())
    terms.append(["zzzz", [9999]])
    shard.write_text(json.dumps(terms, ensure_ascii=False, separators=(",", ":")))
    caught(site, "search-index", "search/terms/0.json", *position(shard, "9999"))


def test_search_excerpt_without_its_word(site):
    shard = site / "search/terms/0.json"
    terms = json.loads(shard.read_text())
    next(e for e in terms if len(e) == 3)[2][0] = "nothing of it here"
    shard.write_text(json.dumps(terms, ensure_ascii=False, separators=(",", ":")))
    caught(site, "search-index", "search/terms/0.json", *position(shard, '"nothing of it here"'))


def test_app_manifest_icon_and_service_worker_missing(site):
    (site / "assets/icon.svg").unlink()
    caught(site, "app-manifest", "manifest.webmanifest", *position(site / "manifest.webmanifest", '"assets/icon.svg"'))
    (site / "service-worker.js").unlink()
    caught(site, "app-manifest", "manifest.webmanifest")


def test_json_output_parses(site):
    (site / "two/1.html").unlink()
    status, found = diagnostics(site)
    assert status == 1, found
    assert any(d["rule"] == "href-missing" and d["severity"] == "error" for d in found), found
    for item in found:
        assert set(item) >= {"severity", "message", "rule", "file"}
        assert set(item) <= {"severity", "message", "rule", "file", "line", "column", "hint"}, item


def test_github_annotations_are_well_formed(site):
    (site / "two/1.html").unlink()
    result = check(site, "--format", "github")
    assert result.returncode == 1, result.stderr
    lines = result.stdout.strip().splitlines()
    assert any(line.startswith("::error file=") and ",title=href-missing::" in line for line in lines), lines
    for line in lines:
        assert re.fullmatch(r"::(error|warning) file=[^,:]+(,line=\d+,col=\d+)?,title=[a-z-]+::[^\r\n]+", line), line


@pytest.mark.parametrize("arguments, message", [
    (["--format", "xml"], "`--format` must be one of text, json, github, not `xml`"),
    (["--format"], "`--format` needs a value"),
    (["--frobnicate"], "unknown option `--frobnicate` for `folio check`"),
    (["/no/such/folder"], "no site, book folder or EPUB at `/no/such/folder`"),
])
def test_usage_errors_exit_2(clean, arguments, message):
    path = [] if arguments[0].startswith("/") else [str(clean)]
    result = subprocess.run([str(FOLIO), "check", *path, *arguments], capture_output=True, text=True, env={"NO_COLOR": "1"})
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith(f"folio: error: {message}\n"), result.stderr
    assert result.stdout == ""


def test_a_book_folder_is_built_then_checked():
    result = subprocess.run([str(FOLIO), "check", str(BOOK)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "0 errors, 0 warnings" in result.stderr


def test_a_book_folder_that_does_not_build_exits_1():
    book = FIXTURES / "missing-chapter-link/book"
    result = subprocess.run([str(FOLIO), "check", str(book)], capture_output=True, text=True, env={"NO_COLOR": "1"})
    assert result.returncode == 1, result.stderr
    assert "error: link to a missing chapter `two.md`" in result.stderr, result.stderr


def test_check_lists_the_broken_links_an_mdbook_project_keeps(tmp_path):
    """The slips a build of an mdBook project warns about and keeps as written are the slips
    `folio check` finds, and nothing else: the repaired links lead where they should."""
    site = build(FIXTURES / "mdbook-link-slips/book", tmp_path / "site")
    status, found = diagnostics(site)
    assert status == 1
    assert sorted((d["file"].split("/site/")[1], d["rule"], d["message"]) for d in found) == [
        ("clients/1.html", "page-link", "`#%E7%B2%BE%E9%80%89%E4%B8%AD%E6%96%87%E5%AD%A6%E4%B9%A0%E8%B5%84%E6%96%99`: `clients/1.html` has no id `精选中文学习资料`"),
        ("reference-manifest/1.html", "page-link", "`#the-publish-field`: `reference-manifest/1.html` has no id `the-publish-field`"),
        ("reference-manifest/1.html", "page-link", "`../reference/logo.png` points to `reference/logo.png`, which the site does not have"),
        ("reference-manifest/1.html", "page-link", "`../reference/resolver.html` points to `reference/resolver.html`, which the site does not have"),
        ("reference-manifest/1.html", "page-link", "`../reference/unstable.html#nightly` points to `reference/unstable.html`, which the site does not have"),
    ]
