# Merchant One: `make run` serves the app, `make test` runs the whole suite.
# Both install whatever is missing on a fresh machine and skip what is there.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

ROOT := $(CURDIR)
TOOLS := $(ROOT)/.tools
# wasm-opt from npm binaryen@132 (Debian's binaryen 108 breaks hydration).
export PATH := $(TOOLS)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)

ADDR ?= 127.0.0.1:3000
# The server's allocator (mimalloc, app/src/main.rs) hands freed memory back to
# the system at once rather than 10 ms later: a third less resident memory after
# make load, for 8-10% of its throughput (docs/hosting.md). Any value in the environment wins.
export MIMALLOC_PURGE_DELAY ?= 0
# A folder with another card set (the CSV files of cards/data); empty = the embedded cards.
CARDS ?=

CARGO_LEPTOS_VERSION := 0.3.10
LEPTOSFMT_VERSION := 0.1.33
BINARYEN_VERSION := 132
# cargo-leptos needs the wasm-bindgen CLI of exactly the library's version.
WASM_BINDGEN_VERSION = $(shell awk '/^name = "wasm-bindgen"$$/ { getline; gsub(/"/, "", $$3); print $$3; exit }' Cargo.lock)
SERVER := target/release/merchant-one
VERSION := $(shell awk -F'"' '/^version = / { print $$2; exit }' Cargo.toml)
DIST := dist/merchant-one-$(VERSION)-x86_64-linux
CARGO_ABOUT_VERSION := 0.9.3

# What each half of the release build reads, so `make run` rebuilds only
# what a change touches and nothing when nothing changed. The browser half
# (the wasm, JavaScript, CSS, fonts, public/): the app without its server
# files, the cards, the styles. The server, which carries the site: the
# site, every crate, and the commit it names (`--version`).
CRATE_FILES := Cargo.toml Cargo.lock .cargo/config.toml $(wildcard */Cargo.toml) app/build.rs
FRONT_SOURCES := $(CRATE_FILES) $(shell find app/src app/locales cards/src cards/data style public -type f \
  -not -path 'app/src/server/*' -not -path app/src/main.rs)
SERVER_SOURCES := $(CRATE_FILES) $(shell find app/src app/locales cards/src cards/data search/src -type f) \
  $(wildcard .git/HEAD $(addprefix .git/,$(shell git symbolic-ref -q HEAD 2>/dev/null)))
FRONT_STAMP := target/make/front.stamp

.PHONY: help run build dist start-time check-alone cargo-about test lint test-rust test-wasm test-e2e measure-builder measure-purchase load bench-server tools build-tools \
        wasm-target cargo-leptos leptosfmt wasm-bindgen wasm-opt brotli workbox wrk chromium e2e-deps code-metrics \
        import-cards wasm-shares twiggy fonts lighthouse lighthouse-check lighthouse-run budget abort-storm \
        check-circles cargo-fuzz fuzz-smoke test-scripts

help:
	@echo "make run    build the release site and serve it on http://$(ADDR) (CARDS=dir for another card set)"
	@echo "make test   format and lint checks, Rust tests, the wasm build, then browser tests on a release build"
	@echo "make dist   $(DIST).tar.gz: the binary (which carries the site), README, docs/, licences, notices"
	@echo "make start-time  make run twice; the seconds until /healthz answers each time"
	@echo "make load   load and abuse figures for a release server on 127.0.0.1 (by hand, not in CI)"
	@echo "make bench-server  the throughput table: wrk on each route, sizes, link lengths (by hand)"
	@echo "make measure-purchase the collection check (what to buy) in wasm on 9 and 20 ships"
	@echo "make measure-builder  click-to-update times of the builder on 20 ships, and each page's first load (by hand)"
	@echo "make wasm-shares   the main wasm's bytes by owner: our code, Leptos, std, JSON (by hand)"
	@echo "make import-cards  rewrite cards/data/*.csv from cards/data/xwing-data and the overrides, and cards/data/i18n/ from YASB's translations"
	@echo "make fonts  cut the icon fonts to the glyphs of cards/data/symbols/symbols.csv (needs fonttools, brotli)"
	@echo "make lighthouse  Lighthouse's scores, LCP, TBT and bytes of the main pages, as a phone (by hand; RUNS=3 for medians)"
	@echo "make budget      each page's first visit and the main wasm against end2end/budget.txt (in make test)"
	@echo "make abort-storm requests dropped mid-answer over every route; fails on a panic (in make test)"

## Running

run: build
	$(SERVER) --addr $(ADDR) $(if $(CARDS),--cards $(CARDS))

# The site first, compressed, then the server, which carries it
# (rust-embed, `embed-site`); each only when what it reads changed.
build: build-tools $(SERVER)

# Each build is dated from its start, not its end: a source saved while
# it ran is newer than what it built, and the next `make build` builds it.
$(FRONT_STAMP): $(FRONT_SOURCES) scripts/service-worker.mjs | build-tools
	@mkdir -p $(@D) && touch $@.start
	cargo leptos build --release --split --frontend-only
	node scripts/service-worker.mjs target/site
	scripts/precompress target/site
	@mv $@.start $@

$(SERVER): $(FRONT_STAMP) $(SERVER_SOURCES) | build-tools
	@mkdir -p target && touch target/.server-build.start
	cargo leptos build --release --split --server-only
	@touch -r target/.server-build.start $@ && rm target/.server-build.start

# Figures: `make run` twice on this tree, the seconds until /healthz answers.
start-time: build
	scripts/start-time

# The binary copied alone into an empty folder and started with `env -i`
# (scripts/serve-alone) serves every page of its site map and every file of
# the site, the same bytes, plain and brotli.
check-alone: build
	python3 scripts/check-alone target/site

## Release

# A tarball a host unpacks and runs: the binary, the README and docs/, the licence,
# the notices of the data and fonts it carries, and every crate's licence.
dist: build cargo-about
	rm -rf $(DIST) $(DIST).tar.gz && mkdir -p $(DIST)/licences
	cp $(SERVER) README.md LICENSE NOTICE.md $(DIST)/
	cp -r docs $(DIST)/docs
	cp cards/data/xwing-data/LICENSE $(DIST)/licences/xwing-data.txt
	cp cards/data/yasb/LICENSE $(DIST)/licences/yasb.txt
	cp cards/data/symbols/LICENSE $(DIST)/licences/xwing-miniatures-font.txt
	cargo about generate --fail -m app/Cargo.toml --no-default-features --features ssr,embed-site \
	  -o $(DIST)/licences/crates.html about.hbs
	tar -C dist -czf $(DIST).tar.gz $(notdir $(DIST))
	@tar -tvzf $(DIST).tar.gz
	@ls -l $(DIST).tar.gz

## Card data

# The card CSV is written from the xwing-data package and the overrides,
# then yasb.csv and the card translations (cards/data/i18n/) from YASB's
# files; import/tests/import.rs and import/tests/i18n.rs fail when the
# committed files differ from this.
import-cards:
	cargo run -q -p import --bin import-cards -- cards/data/xwing-data cards/data

# The served WOFF2 icon fonts, cut to the glyphs symbols.csv names and
# named by hash; committed, so a build never runs this.
fonts:
	scripts/subset-fonts

## Testing

# Figures for the layout of the code (longest functions, components and
# files, Result<_, String> count, files at the top of cards/src); fails on
# a function over 80 lines or a source file over 900 (in make lint).
code-metrics:
	scripts/code-metrics

# No two modules of a crate import each other, directly or round a circle.
check-circles:
	scripts/check-circles

test: tools lint test-rust test-wasm fuzz-smoke build check-alone test-e2e

lint: leptosfmt wasm-target
	cargo fmt --all -- --check
	leptosfmt --check app/src
	scripts/check-layout
	scripts/code-metrics
	scripts/check-circles
	scripts/missing-docs
	# The app is linted as it is built, on the server (ssr) and in the
	# browser (hydrate); built with neither it is no product, and checking
	# it so recompiled Leptos and its dependencies once more.
	cargo clippy --workspace --exclude app --all-targets -- -D warnings
	cargo clippy -p app --all-targets --features ssr -- -D warnings
	cargo clippy -p app --lib --features hydrate --target wasm32-unknown-unknown -- -D warnings

test-rust:
	cargo test --workspace --features app/ssr

# cards alone, with its own features, for wasm32: checked, not built (the
# release build compiles it for the browser as the app's dependency).
test-wasm: wasm-target
	cargo check -p cards --target wasm32-unknown-unknown

# A short bounded run of each cargo-fuzz target (fuzz/), so that a target
# that no longer builds, or an input the decoders now panic on, fails the
# suite. The same runs every time (a fixed seed and number of runs from an
# empty corpus), so the suite fails on a change, not on the luck of a
# random run; longer runs are for by hand (docs/development.md, "Fuzzing"). cargo-fuzz
# needs nightly flags; this machine has stable Rust only. No sanitizer:
# the decoders are safe Rust (cards has no `unsafe`), so AddressSanitizer
# could find nothing a panic does not, and it cost a fifth of the build.
FUZZ_TARGETS := link_decode yasb_decode collection_decode
FUZZ_RUNS ?= 100000
FUZZ_SEED ?= 46
fuzz-smoke: cargo-fuzz
	@mkdir -p target/fuzz-smoke
	@cd fuzz && for target in $(FUZZ_TARGETS); do \
	  log=../target/fuzz-smoke/$$target.log; corpus=../target/fuzz-smoke/corpus-$$target; \
	  rm -rf $$corpus && mkdir -p $$corpus; \
	  RUSTC_BOOTSTRAP=1 cargo fuzz run --sanitizer none $$target $$corpus -- \
	    -seed=$(FUZZ_SEED) -runs=$(FUZZ_RUNS) -max_total_time=120 -print_final_stats=1 >$$log 2>&1 \
	    || { tail -40 $$log; echo "fuzz-smoke: $$target failed (target/fuzz-smoke/$$target.log)"; exit 1; }; \
	  echo "fuzz-smoke: $$target: $$(grep -m1 -E '^Done [0-9]+ runs' $$log)"; \
	done

# The tests of the scripts the suite relies on (node's test runner).
test-scripts:
	node --test end2end/scripts/
	scripts/code-metrics-test

test-e2e: e2e-deps chromium build test-scripts
	cd end2end && npx playwright test
	$(MAKE) --no-print-directory budget
	$(MAKE) --no-print-directory abort-storm
	$(MAKE) --no-print-directory lighthouse-check
	scripts/start-time

# The weight budget (end2end/budget.txt): the main wasm's brotli size and
# each page's first visit as sent, against a release server; fails naming
# the page over its figure. Raising a figure is a one-line change there.
BUDGET_ADDR ?= 127.0.0.1:3599
budget: e2e-deps chromium build
	@RUST_LOG=warn scripts/serve-alone $(BUDGET_ADDR) & server=$$!; \
	trap 'kill $$server 2>/dev/null || true' EXIT; \
	for i in $$(seq 100); do curl -fs http://$(BUDGET_ADDR)/healthz >/dev/null && break; kill -0 $$server 2>/dev/null || break; sleep 0.2; done; \
	curl -fs http://$(BUDGET_ADDR)/healthz >/dev/null || { echo "budget: the server did not start on $(BUDGET_ADDR)"; exit 1; }; \
	cd end2end && node scripts/budget.mjs http://$(BUDGET_ADDR) ../target/site

# The abort storm (scripts/abort-storm): about 30 s of requests over every
# page, language, server function and API route, most dropped mid-answer,
# against a release server that keeps no pages (every request renders);
# fails on a panic in the server's log or a 500. SERVER names another
# build's binary (a worktree's), to see the storm find what it finds there.
STORM_ADDR ?= 127.0.0.1:3598
STORM_SECONDS ?= 30
STORM_LOG := target/abort-storm.log
SERVER_UNDER_STORM ?= $(SERVER)
abort-storm: build
	@mkdir -p target
	@RUST_LOG=warn,tower_http=error RUST_BACKTRACE=1 $(SERVER_UNDER_STORM) --addr $(STORM_ADDR) --page-cache-mb 0 >$(STORM_LOG) 2>&1 & server=$$!; \
	trap 'kill $$server 2>/dev/null || true' EXIT; \
	for i in $$(seq 100); do curl -fs http://$(STORM_ADDR)/healthz >/dev/null && break; kill -0 $$server 2>/dev/null || break; sleep 0.2; done; \
	curl -fs http://$(STORM_ADDR)/healthz >/dev/null || { echo "abort-storm: the server did not start on $(STORM_ADDR)"; exit 1; }; \
	python3 scripts/abort-storm http://$(STORM_ADDR) $(STORM_LOG) $(STORM_SECONDS)

# Lighthouse 12.2.3 with mobile defaults on the pages of issue 38 against a
# release server. `lighthouse` prints every category with LCP, TBT and bytes
# (a figure, by hand); `lighthouse-check` holds accessibility, best
# practices and SEO at 100 (in make test): those scores do not move with
# the machine, performance does.
# RUNS=3 audits each page three times and prints the medians; PAGES
# names the pages (`PAGES=/rules/huge-ships,/play?s=nine`, nine: the
# nine-ship squad).
LIGHTHOUSE_ADDR ?= 127.0.0.1:3499
RUNS ?= 1
PAGES ?=
lighthouse: e2e-deps chromium build
	@LIGHTHOUSE_RUNS=$(RUNS) LIGHTHOUSE_PAGES='$(PAGES)' $(MAKE) --no-print-directory lighthouse-run LIGHTHOUSE_MODE=

lighthouse-check: e2e-deps chromium
	@$(MAKE) --no-print-directory lighthouse-run LIGHTHOUSE_MODE=--check

lighthouse-run:
	@! curl -fs --max-time 2 http://$(LIGHTHOUSE_ADDR)/healthz >/dev/null 2>&1 \
	  || { echo "lighthouse: $(LIGHTHOUSE_ADDR) already answers; stop what runs there or set LIGHTHOUSE_ADDR"; exit 1; }
	RUST_LOG=warn scripts/serve-alone $(LIGHTHOUSE_ADDR) & server=$$!; \
	trap 'kill $$server 2>/dev/null || true' EXIT; \
	for i in $$(seq 50); do curl -fs http://$(LIGHTHOUSE_ADDR)/healthz >/dev/null && break; kill -0 $$server 2>/dev/null || break; sleep 0.2; done; \
	kill -0 $$server 2>/dev/null || { echo "lighthouse: the server did not start (is $(LIGHTHOUSE_ADDR) taken?)"; exit 1; }; \
	curl -fs http://$(LIGHTHOUSE_ADDR)/healthz >/dev/null || { echo "lighthouse: the server never answered /healthz"; exit 1; }; \
	cd end2end && node scripts/lighthouse.mjs http://$(LIGHTHOUSE_ADDR) $(LIGHTHOUSE_MODE)

# Figures, not tests: click-to-update time of the builder on a 20-ship
# squad; then what a first visit to each page downloads, lazily loaded wasm
# included, as Chromium receives it.
MEASURE_ADDR ?= 127.0.0.1:3199
measure-builder: tools build
	$(SERVER) --addr $(MEASURE_ADDR) & server=$$!; \
	trap 'kill $$server' EXIT; \
	for i in $$(seq 50); do curl -fs http://$(MEASURE_ADDR)/cards >/dev/null && break; sleep 0.2; done; \
	cd end2end && node scripts/measure-builder.mjs http://$(MEASURE_ADDR) 41 && \
	DOM_ONLY=1 node scripts/measure-builder.mjs http://$(MEASURE_ADDR) 41 && \
	node scripts/first-load.mjs http://$(MEASURE_ADDR)

# Figures, not tests: the builder's collection check (what is missing and
# the fewest products to buy) in Chromium's wasm, on 9 and 20 ships.
measure-purchase: tools build
	$(SERVER) --addr $(MEASURE_ADDR) & server=$$!; \
	trap 'kill $$server' EXIT; \
	for i in $$(seq 50); do curl -fs http://$(MEASURE_ADDR)/healthz >/dev/null && break; sleep 0.2; done; \
	cd end2end && node scripts/measure-purchase.mjs http://$(MEASURE_ADDR) 21

# Figures, not tests: wrk at 256 connections on four routes for 60 s, 2,000
# half-open connections held, resident memory; 127.0.0.1 only. The server
# keeps no pages (--page-cache-mb 0): the figures are what a stranger's new
# addresses cost, each rendered, not answers kept from the first request.
LOAD_ADDR ?= 127.0.0.1:3299
LOAD_SECONDS ?= 60
load: wrk build
	RUST_LOG=warn $(SERVER) --addr $(LOAD_ADDR) --page-cache-mb 0 & server=$$!; \
	trap 'kill $$server' EXIT; \
	for i in $$(seq 50); do curl -fs http://$(LOAD_ADDR)/healthz >/dev/null && break; sleep 0.2; done; \
	kill -0 $$server 2>/dev/null || { echo "load: the server did not start (is $(LOAD_ADDR) taken?)"; exit 1; }; \
	python3 scripts/load.py http://$(LOAD_ADDR) $$server $(LOAD_SECONDS)

# Figures, not tests: the throughput table of issue 17. wrk for 20 s on
# each route, one at a time, with and without Accept-Encoding, against the
# server as it runs and against one with no page cache (every request
# rendered); then the link lengths and download sizes. 127.0.0.1 only. The
# servers log as `make run` does (a line a request), into target/bench-server*.log.
BENCH_ADDR ?= 127.0.0.1:3399
BENCH_UNCACHED_ADDR ?= 127.0.0.1:3398
BENCH_SECONDS ?= 20
bench-server: wrk build
	$(SERVER) --addr $(BENCH_ADDR) 2>target/bench-server.log & server=$$!; \
	$(SERVER) --addr $(BENCH_UNCACHED_ADDR) --page-cache-mb 0 \
	  2>target/bench-server-uncached.log & uncached=$$!; \
	trap 'kill $$server $$uncached' EXIT; \
	for addr in $(BENCH_ADDR) $(BENCH_UNCACHED_ADDR); do \
	  for i in $$(seq 50); do curl -fs http://$$addr/healthz >/dev/null && break; sleep 0.2; done; \
	done; \
	kill -0 $$server 2>/dev/null && kill -0 $$uncached 2>/dev/null \
	  || { echo "bench-server: a server did not start (is $(BENCH_ADDR) or $(BENCH_UNCACHED_ADDR) taken?)"; exit 1; }; \
	scripts/bench-server http://$(BENCH_ADDR) http://$(BENCH_UNCACHED_ADDR) $(BENCH_SECONDS)

# Figures, not tests: where the main wasm's bytes come from (issue 17's
# first load), by the crate each function is instantiated for.
TWIGGY_VERSION := 0.8.0
wasm-shares: twiggy build
	scripts/wasm-shares

## Tools (each step skips what is installed)

build-tools: wasm-target cargo-leptos wasm-bindgen wasm-opt brotli workbox
tools: build-tools leptosfmt chromium e2e-deps cargo-fuzz

wasm-target:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown \
	  || rustup target add wasm32-unknown-unknown

cargo-about:
	@cargo about --version 2>/dev/null | grep -q ' $(CARGO_ABOUT_VERSION)' \
	  || cargo install cargo-about --locked --features cli --version $(CARGO_ABOUT_VERSION)

cargo-leptos:
	@cargo leptos --version 2>/dev/null | grep -q ' $(CARGO_LEPTOS_VERSION)' \
	  || cargo install cargo-leptos --locked --version $(CARGO_LEPTOS_VERSION)

# Formats `view!` macros (.leptosfmt.toml); `make lint` checks it.
leptosfmt:
	@leptosfmt --version 2>/dev/null | grep -q ' $(LEPTOSFMT_VERSION)' \
	  || cargo install leptosfmt --locked --version $(LEPTOSFMT_VERSION)

# Without --locked: with it, a yanked dependency fails the install (docs/development.md: the tools table).
wasm-bindgen:
	@test -n "$(WASM_BINDGEN_VERSION)" || { echo "no wasm-bindgen in Cargo.lock"; exit 1; }
	@wasm-bindgen --version 2>/dev/null | grep -q ' $(WASM_BINDGEN_VERSION)' \
	  || cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION)

wasm-opt:
	@wasm-opt --version 2>/dev/null | grep -q 'version $(BINARYEN_VERSION)' \
	  || { mkdir -p $(TOOLS) && npm install --prefix $(TOOLS) --no-save --no-audit --no-fund binaryen@$(BINARYEN_VERSION); }

# Workbox writes the service worker at build time (scripts/service-worker.mjs).
WORKBOX_VERSION := 7.4.1
workbox:
	@test "$$(node -p 'require("$(TOOLS)/workbox/node_modules/workbox-build/package.json").version' 2>/dev/null)" = "$(WORKBOX_VERSION)" \
	  || { mkdir -p $(TOOLS)/workbox && npm install --prefix $(TOOLS)/workbox --no-save --no-audit --no-fund workbox-build@$(WORKBOX_VERSION); }

brotli:
	@command -v brotli >/dev/null \
	  || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y brotli; }

# cargo-fuzz for make fuzz-smoke.
CARGO_FUZZ_VERSION := 0.13.2
cargo-fuzz:
	@cargo fuzz --version 2>/dev/null | grep -q ' $(CARGO_FUZZ_VERSION)' \
	  || cargo install cargo-fuzz --locked --version $(CARGO_FUZZ_VERSION)

twiggy:
	@twiggy --version 2>/dev/null | grep -q ' $(TWIGGY_VERSION)' \
	  || cargo install twiggy --locked --version $(TWIGGY_VERSION)

wrk:
	@command -v wrk >/dev/null \
	  || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y wrk; }

chromium:
	@test -x /usr/bin/chromium \
	  || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; }
	@# The printout's browser test counts a PDF's pages with pdfinfo.
	@command -v pdfinfo >/dev/null \
	  || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y poppler-utils; }

e2e-deps:
	@test end2end/node_modules/.package-lock.json -nt end2end/package-lock.json \
	  || { cd end2end && npm ci --ignore-scripts --no-audit --no-fund; }
