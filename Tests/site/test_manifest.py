"""The manifest of every book validates against the official Readium schemas, and against
Folio's own schema for its reading terms (schemas/folio.schema.json); `folio check` finds
nothing wrong in any site Folio builds."""
import subprocess
import sys

import pytest

from conftest import FIXTURES, FOLIO, ROOT, build, good_fixtures, shared

FOLIO_SCHEMA = "urn:folio:manifest-schema"


@pytest.fixture(scope="module")
def validator():
    """The official Readium schemas' validator, from the shared folder."""
    script = shared("readium") / "validate.py"
    assert script.is_file(), f"{script} is missing"
    return script


@pytest.mark.parametrize("book", ["content"] + good_fixtures())
def test_manifest_validates(book, validator, tmp_path):
    folder = ROOT / "content" if book == "content" else FIXTURES / book / "book"
    site = build(folder, tmp_path / "site")
    manifest = site / "manifest.json"
    for extra in ([], ["--extra-schemas", str(ROOT / "schemas"), "--root", FOLIO_SCHEMA]):
        result = subprocess.run([sys.executable, str(validator), *extra, str(manifest)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr
        assert result.stdout.startswith("VALID"), result.stdout


# An mdBook project built with the broken links it was published with: test_check.py checks that
# `folio check` finds those, and nothing else.
KEEPS_BROKEN_LINKS = {"mdbook-link-slips"}


@pytest.mark.parametrize("book", ["content"] + [b for b in good_fixtures() if b not in KEEPS_BROKEN_LINKS])
def test_check_finds_nothing_in_a_fresh_build(book, tmp_path):
    folder = ROOT / "content" if book == "content" else FIXTURES / book / "book"
    site = build(folder, tmp_path / "site")
    result = subprocess.run([str(FOLIO), "check", str(site), "--strict"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().endswith(": 0 errors, 0 warnings"), result.stderr
