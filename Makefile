# receipt-check: build, test and run from a fresh clone. `make help` lists the targets.

SWIFT ?= swift
BIN_DIR = .build/debug
RELEASE_DIR = .build/release
CORPUS ?= $(or $(RECEIPT_CORPUS),../shared/corpus)
# A statically linked Swift runtime skips most dynamic relocation at start-up (about 5 M of 31 M
# instructions for one receipt); override with RELEASE_FLAGS= where static linking is unavailable.
RELEASE_FLAGS ?= --static-swift-stdlib

.PHONY: help deps doctor build release test run lint fixtures clean bench

help:
	@echo "make run       build and verify a bundled receipt (installs OpenSSL headers on Debian if missing)"
	@echo "make test      build and run the whole test suite"
	@echo "make build     debug build;  make release: optimised build"
	@echo "make lint      swift format lint"
	@echo "make doctor    say what is missing to build (OpenSSL 3 headers, pkg-config) and how to get it"
	@echo "make fixtures  regenerate Fixtures/ (test PKI and signed receipts)"
	@echo "make fuzz      libFuzzer+ASan on every target, FUZZ_SECONDS (60) each;  make fuzz-smoke: 15 s each"
	@echo "make test-asan / test-ubsan / test-tsan   the suite under a sanitizer (see docs/security.md)"
	@echo "make leak-check  valgrind over the CLI;  make rss-check: RSS over 100,000 validations"

# Installs what a fresh Debian machine lacks; elsewhere says what to install.
deps:
	@if ! pkg-config --exists 'openssl >= 3' 2>/dev/null || ! command -v openssl >/dev/null 2>&1; then \
	  if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	    echo "installing libssl-dev pkg-config openssl"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libssl-dev pkg-config openssl; \
	  else \
	    $(MAKE) --no-print-directory doctor; exit 1; \
	  fi; \
	fi

doctor:
	@sh Scripts/doctor.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS)

test: deps
	RECEIPT_CORPUS=$(CORPUS) $(SWIFT) test

run: build
	$(BIN_DIR)/receipt-check verify --root Fixtures/pki/root.pem Fixtures/valid.receipt

lint:
	$(SWIFT) format lint --recursive Sources Tests Package.swift

fixtures: build
	bash Scripts/make-fixtures.sh $(BIN_DIR)/receipt-check

clean:
	rm -rf .build

# Release build, then ReceiptKit against OpenSSL and the RSA floor on this machine (a few minutes).
bench: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product receipt-check
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product receipt-bench
	RECEIPT_CORPUS=$(CORPUS) $(RELEASE_DIR)/receipt-bench

# Hostile input: fuzzing (Scripts/fuzz.sh, needs the toolchain's libFuzzer), sanitizers, leaks, memory.
FUZZ_SECONDS ?= 60
SANITIZER_FILTER ?=
TSAN_FILTER ?= Concurren|Batch
.PHONY: fuzz fuzz-smoke test-asan test-ubsan test-tsan leak-check rss-check

fuzz: deps
	bash Scripts/fuzz.sh all $(FUZZ_SECONDS)

fuzz-smoke: deps
	bash Scripts/fuzz.sh all 15

test-asan: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/Scripts/lsan.supp RECEIPT_CORPUS=$(CORPUS) $(SWIFT) test --sanitize=address --scratch-path .build/asan $(if $(SANITIZER_FILTER),--filter '$(SANITIZER_FILTER)')

# swiftc refuses -sanitize=undefined on Linux (Swift code traps on overflow and bounds anyway), so
# UBSan instruments the C in the build: CReceipt.h's inline OpenSSL shims, compiled by the importer.
UBSAN_RUNTIME ?= $(shell ls $$(dirname $$(dirname $$(command -v swiftc)))/lib/clang/*/lib/linux/libclang_rt.ubsan_standalone-x86_64.a 2>/dev/null | head -n 1)
test-ubsan: deps
	RECEIPT_CORPUS=$(CORPUS) $(SWIFT) test --scratch-path .build/ubsan -Xcc -fsanitize=undefined \
	  -Xcc -fno-sanitize-recover=undefined -Xlinker $(UBSAN_RUNTIME) $(if $(SANITIZER_FILTER),--filter '$(SANITIZER_FILTER)')

test-tsan: deps
	TSAN_OPTIONS=suppressions=$(CURDIR)/Scripts/tsan.supp RECEIPT_CORPUS=$(CORPUS) $(SWIFT) test --sanitize=thread --scratch-path .build/tsan --filter '$(TSAN_FILTER)'

leak-check: deps
	bash Scripts/leak-check.sh

rss-check: deps
	bash Scripts/rss-check.sh
