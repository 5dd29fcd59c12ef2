# make build — install what is missing, build Folio, build the sample book into content/_site/
# make test  — install what is missing, run every test
# make bench — build times against cmark alone (see bench/README.md)

SWIFT      ?= swift
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PKGS   := pkg-config libcmark-dev libyaml-dev
BENCH_PKGS := cmark
FOLIO      := .build/release/folio

.PHONY: build test bench deps bench-deps clean

build: deps
	$(SWIFT) build -c release --product folio
	$(FOLIO) build content

test: deps
	$(SWIFT) build
	$(SWIFT) test

bench: deps bench-deps
	$(SWIFT) build -c release --product folio
	python3 bench/build_times.py

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

bench-deps:
	$(call install_missing,$(BENCH_PKGS))

clean:
	rm -rf .build content/_site
