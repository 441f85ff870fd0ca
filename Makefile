# receipt-check: build, test and run from a fresh clone. `make help` lists the targets.

SWIFT ?= swift
BIN_DIR = .build/debug
# The optimised build's scratch path: CI gives it one of its own, so that it builds beside the stages that hold
# .build (SwiftPM locks a scratch path while it builds or tests).
RELEASE_SCRATCH ?= .build
RELEASE_DIR = $(RELEASE_SCRATCH)/release
CORPUS ?= $(or $(RECEIPT_CORPUS),../shared/corpus)
# A statically linked Swift runtime skips most dynamic relocation at start-up (about 5 M of 31 M
# instructions for one receipt); override with RELEASE_FLAGS= where static linking is unavailable.
# The rest cut the loader's work further (docs/performance.md, "One receipt's whole process"): libstdc++,
# the runtime's C++ library, linked in statically too (swiftc's static-stdlib arguments name -lstdc++ itself,
# so a directory searched before the compiler's holds libstdc++.so as a link to the archive: 1.7 M
# instructions a run); lld packing the binary's relative relocations (DT_RELR, glibc 2.36 or later) and
# exporting none of its symbols (0.3 M).
# Each only where it holds: ELF and lld beside swift, and packed relocations only where this machine's glibc
# (the one the binary is built for) reads them, so that a binary built on an older system runs there.
STATIC_CXX_DIR = $(abspath $(RELEASE_SCRATCH))/static-libstdcxx
LINK_LLD := $(shell [ "$$(uname -s)" = Linux ] && [ -x "$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")")/ld.lld" ] && \
	echo -Xswiftc -use-ld=lld -Xlinker --no-export-dynamic)
LINK_RELR := $(shell [ -n "$(LINK_LLD)" ] && v=$$(getconf GNU_LIBC_VERSION 2>/dev/null | cut -d' ' -f2) && \
	[ -n "$$v" ] && [ "$$(printf '2.36\n%s\n' "$$v" | sort -V | head -n 1)" = 2.36 ] && \
	echo -Xlinker -z -Xlinker pack-relative-relocs)
RELEASE_FLAGS ?= --static-swift-stdlib $(if $(LINK_LLD),-Xswiftc -L$(STATIC_CXX_DIR)) $(LINK_LLD) $(LINK_RELR)
# Fills STATIC_CXX_DIR: the link to the compiler's libstdc++.a, or nothing where it has none (libstdc++-dev),
# and libstdc++ stays shared.
STATIC_CXX = mkdir -p $(STATIC_CXX_DIR) && archive=$$($(CC) -print-file-name=libstdc++.a 2>/dev/null || true) && \
	if [ -f "$$archive" ]; then ln -sfn "$$archive" $(STATIC_CXX_DIR)/libstdc++.so; fi
# The optimised build of what is shipped, the receipt-check product alone: the test targets import Testing,
# which the static stdlib does not carry, and nothing installed needs them.
RELEASE_BUILD = $(STATIC_CXX) && $(SWIFT) build -c release --scratch-path $(RELEASE_SCRATCH) $(RELEASE_FLAGS) \
	--product receipt-check

.PHONY: help deps test-deps doctor build release test test-fast test-scripts mutation run golden schema cli-boundary memory-safety lint fixtures clean bench version man completions install uninstall dist test-install

help:
	@echo "make run       build and verify a bundled receipt (installs OpenSSL headers on Debian if missing)"
	@echo "make test      build and run the product's test suite (ReceiptKitTests, ReceiptCheckCLITests)"
	@echo "make test-fast the suite without the exhaustive prefix and bit-flip tests (tag: exhaustive)"
	@echo "make test-scripts  the tests of the project's scripts, CI and documents' rules (Tests/ScriptTests)"
	@echo "make mutation  one-line mutations of the checks (Scripts/mutations.txt): each must fail a test"
	@echo "make build     debug build;  make release: optimised build"
	@echo "make cli-boundary  the command line names only public API of ReceiptKit and ReceiptKitTesting (no @testable import)"
	@echo "make memory-safety  no unsafe use outside the walls (ReceiptKit's OpenSSL/, Curl/, Bytes/, ReceiptKitTesting's OpenSSL/, ReceiptSystem), counts per folder"
	@echo "make lint      swift format lint, and actionlint over the GitHub Actions workflows"
	@echo "make docs      DocC archives of ReceiptKit and ReceiptKitTesting in .build/docs (warnings are errors)"
	@echo "make test-library-example   build and test examples/library, a package that uses ReceiptKit by path"
	@echo "make golden    rewrite the corpus golden files after an intended output change"
	@echo "make figures   rewrite the counts the Markdown files state (tests, mutations, public types, fuzz targets)"
	@echo "make schema    rewrite the receipt definitions of schema/report.schema.json and verifyreceipt.schema.json from the models' fields"
	@echo "make doctor    say what is missing to build (OpenSSL 3 headers, pkg-config) and how to get it"
	@echo "make fixtures  regenerate Fixtures/ (test PKI and signed receipts)"
	@echo "make fuzz      libFuzzer+ASan on every target from its kept corpus, FUZZ_SECONDS (60) each;  make fuzz-smoke: 10 s each"
	@echo "               Scripts/fuzz.sh merge TARGET: minimize a run into Tools/Fuzz/Corpus;  Scripts/fuzz.sh coverage: lines per target"
	@echo "make test-asan / test-ubsan / test-tsan   the suite under ASan+UBSan, UBSan alone, TSan (docs/security.md)"
	@echo "make gate-check  every CI gate shown failing on a planted fault (stand-ins, seconds) and passing without it"
	@echo "make leak-check  valgrind over the CLI;  make rss-check: RSS over 100,000 validations, --combine, --lines and App Store Server API peaks"
	@echo "make test-openssl35  the suite against Debian 13's OpenSSL 3.5 in a debootstrapped root (as root)"
	@echo "make test-spark / test-parallel   the Spark job and GNU parallel commands of docs/batch-and-scale.md, run for real"
	@echo "make test-api  receipt-check api against a local mock App Store Server API, and Apple's Python client as its peer"
	@echo "make test-browser  every --format html fixture page in headless Chromium (selenium): inert, timeline, tables, legible at 3 widths"
	@echo "make screenshots  docs/images/html-*.png from the fixture pages, in the same headless Chromium"
	@echo "make test-endpoint  POST /verifyReceipt behind nginx and fcgiwrap, and behind nginx and receipt-check serve, checked against the CLI; requests/s"
	@echo "make serve-faults  receipt-check serve under overload, stalled and hostile clients, kill -9 and a full log"
	@echo "make bench-serve  verifyReceipt requests/s, p50/p99 behind nginx: the service, fcgiwrap, in process; RSS"
	@echo "make serve     receipt-check serve behind nginx on 127.0.0.1:SERVE_PORT (default 8080), SERVE_OPTIONS its options"
	@echo "make install   release build, then install binary, man page, completions (PREFIX, DESTDIR)"
	@echo "make uninstall remove exactly the files make install installed (the directories stay: docs/install.md)"
	@echo "make man / make completions   regenerate share/ from the option tables (committed)"
	@echo "make dist      receipt-check-VERSION.tar.gz from git archive plus the generated Version.swift"
	@echo "make test-install  every way in from this clone: release, install/uninstall, the .deb in a clean Debian root, the formula"

# Installs what a fresh Debian machine lacks; elsewhere says what to install.
deps:
	@bash Scripts/install-deps.sh build

test-deps:
	@bash Scripts/install-deps.sh test
	@bash Scripts/schema-venv.sh

doctor:
	@sh Scripts/doctor.sh

build: deps
	$(SWIFT) build

release: deps version
	$(RELEASE_BUILD)

# The test targets are linked into one test program, whose tests are told apart by module (a test's ID
# starts with it): make test runs the product's, make test-scripts those of Scripts/, CI and the documents.
SCRIPT_TESTS = ^ScriptTests\.
test: test-deps
	RECEIPT_CORPUS=$(CORPUS) $(SWIFT) test --skip '$(SCRIPT_TESTS)'

test-fast: test-deps
	RECEIPT_CHECK_SKIP_EXHAUSTIVE=1 RECEIPT_CORPUS=$(CORPUS) $(SWIFT) test --skip '$(SCRIPT_TESTS)'

# GateCheckTests runs the gates of make gate-check that need no build, one test a stage (the rest are CI's
# gate-check stage: GATE_CHECK_ARGS=--outside-suite); FiguresTests, MutationListTests, DocDuplicationTests and
# WorkflowExampleTests check the documents' counts, the mutation list and the CI example against the tree.
# test-scripts-built runs them on the tests already built. On Linux the test program is an executable that
# runs its Swift Testing tests itself, as make mutation runs it: without swift test, which holds a lock on
# .build while it runs, so that CI runs these (mostly waiting on their scripts) beside make test.
TEST_PROGRAM = $(BIN_DIR)/receipt-checkPackageTests.xctest
.PHONY: test-scripts-built
test-scripts: test-deps
	$(SWIFT) build --build-tests
	$(MAKE) test-scripts-built

test-scripts-built:
	if [ -f $(TEST_PROGRAM) ]; then \
	  RECEIPT_CORPUS=$(CORPUS) $(TEST_PROGRAM) --testing-library swift-testing --filter '$(SCRIPT_TESTS)'; \
	else \
	  RECEIPT_CORPUS=$(CORPUS) $(SWIFT) test --skip-build --filter '$(SCRIPT_TESTS)'; \
	fi

# Builds and tests each mutant in copies under .build/mutation-N (two side by side), never in this tree.
# The blocks whose line can carry both versions are built once, as schemata (Scripts/mutation-schemata.py).
MUTATION_SCHEMATA ?= 1
mutation: test-deps
	RECEIPT_CORPUS=$(CORPUS) MUTATION_SCHEMATA=$(MUTATION_SCHEMATA) nice -n 10 bash Scripts/mutation.sh

run: build
	$(BIN_DIR)/receipt-check verify --root Fixtures/pki/root.pem Fixtures/valid.receipt
	@echo
	@echo "receipt-check is built at $(BIN_DIR)/receipt-check. To run the README's examples as shown, either"
	@echo "  put it on PATH:  export PATH=\"\$$PWD/$(BIN_DIR):\$$PATH\""
	@echo "  or install it:   make install PREFIX=\$$HOME/.local   (then \$$HOME/.local/bin on PATH)"

# Rewrite the corpus golden files (Tests/ReceiptCheckCLITests/Golden) after a change an issue asks for.
golden: build
	GOLDEN_UPDATE=1 RECEIPT_CORPUS=$(CORPUS) $(SWIFT) test --filter CorpusGoldenTests

# The receipt and in_app definitions of schema/report.schema.json, and the receipt and purchase ones of
# schema/verifyreceipt.schema.json, generated from the receipt models' field lists (PayloadSchemaTests and
# VerifyReceiptSchemaTests fail when they are stale).
schema: test-deps
	RECEIPT_CHECK_WRITE_SCHEMA=1 RECEIPT_CORPUS=$(CORPUS) $(SWIFT) test --filter "PayloadSchemaTests|VerifyReceiptSchemaTests"

# The counts the Markdown files state (tests, mutation blocks, public types, fuzz targets), rewritten from
# the tree where a document marks them (Scripts/figures.sh); FiguresTests fails when one is stale.
.PHONY: figures
figures:
	bash Scripts/figures.sh

# ReceiptCheckCLI type-checked as if it were outside the package, against the optimised build's modules (not
# compiled for testing): no `package` symbol of ReceiptKit or ReceiptKitTesting, no @testable import
# (Scripts/check-cli-boundary.sh).
cli-boundary: release-cli
	SWIFT=$(SWIFT) RELEASE_SCRATCH=$(RELEASE_SCRATCH) bash Scripts/check-cli-boundary.sh

# Strict memory safety (SE-0458): no unsafe use outside the walls (ReceiptKit's OpenSSL/, Curl/ and Bytes/,
# ReceiptKitTesting's OpenSSL/, ReceiptSystem); ARCHITECTURE.md.
memory-safety: deps
	SWIFT=$(SWIFT) bash Scripts/memory-safety-check.sh

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Tools Package.swift examples/library
	bash Scripts/lint-workflows.sh

# DocC with the toolchain's docc (Scripts/docs.sh): symbol graphs from the debug build, each catalog
# converted with documentation warnings as errors.
.PHONY: docs test-library-example
docs: deps
	SWIFT=$(SWIFT) bash Scripts/docs.sh

# examples/library uses ReceiptKit and ReceiptKitTesting from this checkout by path (nothing is fetched),
# built in its own scratch directory so its build never mixes with this package's.
LIBRARY_EXAMPLE_BUILD = .build/library-example
test-library-example: deps
	$(SWIFT) build --package-path examples/library --scratch-path $(LIBRARY_EXAMPLE_BUILD)
	$(SWIFT) test --package-path examples/library --scratch-path $(LIBRARY_EXAMPLE_BUILD)

fixtures: build
	bash Scripts/make-fixtures.sh $(BIN_DIR)/receipt-check

clean:
	rm -rf .build

# Release build, then ReceiptKit against OpenSSL and the RSA floor on this machine (a few minutes).
bench: deps
	$(RELEASE_BUILD)
	$(STATIC_CXX) && $(SWIFT) build -c release --scratch-path $(RELEASE_SCRATCH) $(RELEASE_FLAGS) --product receipt-bench
	RECEIPT_CORPUS=$(CORPUS) $(RELEASE_DIR)/receipt-bench

# Hostile input: fuzzing (Scripts/fuzz.sh, needs the toolchain's libFuzzer), sanitizers, leaks, memory.
# A sanitizer's report exits with a status no receipt-check status uses (docs/security.md): 80 for ASan's
# runtime (its LeakSanitizer, and the UBSan handlers it carries in the same build: one runtime, one status),
# 81 for UBSan alone, 82 for TSan (whose default, 66, is also "no input"); leak-check's valgrind exits 83.
ASAN_EXIT = 80
UBSAN_EXIT = 81
TSAN_EXIT = 82
FUZZ_SECONDS ?= 60
SANITIZER_FILTER ?=
# libfaketime preloaded into a sanitized child deadlocks it (make-test-pki hung under faketime and ASan), so
# the suite that moves the clock runs in make test alone: it tests the examples' dates, not memory. So do the
# tests of make test-scripts, which run bash scripts over stand-ins and read files: no code a sanitizer instruments.
# So do the store's kill, full-disk and PostgreSQL restart tests: they kill the service, fill a disk or stop
# the database to prove what is kept (a minute and more under ASan), over the intake and store code that NotificationStoreTests and
# NotificationServiceTests run under the sanitizers.
SANITIZER_SKIP = FutureClockTests|StoreKillTests|StoreFullDiskTests|StorePostgresRestartTests|$(SCRIPT_TESTS)
TSAN_FILTER ?= Concurren|Batch
.PHONY: fuzz fuzz-smoke test-asan test-ubsan test-tsan leak-check rss-check test-openssl35 test-spark test-parallel release-cli gate-check

fuzz: deps
	bash Scripts/fuzz.sh all $(FUZZ_SECONDS)

fuzz-smoke: deps
	bash Scripts/fuzz.sh all 10

# One process per test target: with both in one process, LSan reports 984 bytes in 3 objects that
# OpenSSL allocated (stacks cut at libcrypto), which neither target shows alone (an open question).
# The C is also built with UBSan (no recovery): ASan's runtime carries UBSan's handlers, so one build
# and one run cover both, where test-ubsan alone is a build of its own.
ASAN_TARGETS ?= $(or $(SANITIZER_FILTER),ReceiptKitTests ReceiptCheckCLITests)
ASAN_FLAGS = --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined --scratch-path .build/asan
test-asan: deps
	$(SWIFT) build --build-tests $(ASAN_FLAGS)
	for target in $(ASAN_TARGETS); do \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/Scripts/lsan.supp:exitcode=$(ASAN_EXIT) \
	  ASAN_OPTIONS=suppressions=$(CURDIR)/Scripts/asan.supp:exitcode=$(ASAN_EXIT) RECEIPT_CORPUS=$(CORPUS) $(SWIFT) test --skip-build \
	    $(ASAN_FLAGS) --filter "$$target" --skip '$(SANITIZER_SKIP)' || exit 1; \
	done

# swiftc refuses -sanitize=undefined on Linux (Swift code traps on overflow and bounds anyway), so
# UBSan instruments the C in the build: CReceipt.h's inline OpenSSL shims, compiled by the importer.
UBSAN_RUNTIME ?= $(shell ls $$(dirname $$(dirname $$(command -v swiftc)))/lib/clang/*/lib/linux/libclang_rt.ubsan_standalone-x86_64.a 2>/dev/null | head -n 1)
test-ubsan: deps
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=$(UBSAN_EXIT) RECEIPT_CORPUS=$(CORPUS) \
	  $(SWIFT) test --scratch-path .build/ubsan -Xcc -fsanitize=undefined \
	  -Xcc -fno-sanitize-recover=undefined -Xlinker $(UBSAN_RUNTIME) $(if $(SANITIZER_FILTER),--filter '$(SANITIZER_FILTER)') \
	  --skip '$(SANITIZER_SKIP)'

test-tsan: deps
	TSAN_OPTIONS=suppressions=$(CURDIR)/Scripts/tsan.supp:exitcode=$(TSAN_EXIT) RECEIPT_CORPUS=$(CORPUS) $(SWIFT) test \
	  --sanitize=thread --scratch-path .build/tsan --filter '$(TSAN_FILTER)' --skip '$(SANITIZER_SKIP)'

leak-check: deps
	bash Scripts/leak-check.sh

# Each gate above (and make mutation's) shown failing on a planted fault and passing without it, with
# stand-ins for builds and servers (Scripts/gate-check.sh); only its sanitizer and docs stages build (the tests).
# GATE_CHECK_ARGS: stages to run, or --outside-suite (CI's: those make test-scripts' GateCheckTests does not run).
GATE_CHECK_ARGS ?=
gate-check: test-deps
	RECEIPT_CORPUS=$(CORPUS) bash Scripts/gate-check.sh $(GATE_CHECK_ARGS)

# The CLI measured is release-cli's (the optimised build test-spark, test-parallel and test-endpoint run, as
# make install ships it), so CI builds the release CLI once.
rss-check: release-cli
	RSS_CLI=$(RELEASE_DIR)/receipt-check bash Scripts/rss-check.sh

# Other systems users have (docs/security.md: OpenSSL versions). The whole suite against Debian 13's OpenSSL 3.5 in a
# debootstrapped Debian 13 root (root; the root is cached in OPENSSL35_ROOT between runs).
test-openssl35:
	RECEIPT_CORPUS=$(CORPUS) nice -n 10 bash Scripts/test-openssl35.sh

# The scale recipes of docs/batch-and-scale.md run for real: examples/spark/verify.py in Spark
# local[2] (PySpark from PyPI, Java 17), and the two GNU parallel commands. They use the optimised
# CLI, as production would: the debug build is about 40 times slower on these lines.
release-cli: deps
	$(RELEASE_BUILD)

test-spark: release-cli
	RECEIPT_CORPUS=$(CORPUS) nice -n 10 bash Scripts/test-spark.sh $(RELEASE_DIR)/receipt-check

test-parallel: release-cli
	nice -n 10 python3 Scripts/parallel-check.py $(RELEASE_DIR) $(CORPUS) .build/parallel-check

# receipt-check api against a local mock App Store Server API over HTTPS (Scripts/mock-appstore-api.py,
# which checks every request as Apple's server does), and Apple's Python client (Scripts/api-peer.py, in
# the venv test-deps makes) sending the same calls to it; each suite starts and stops its own mock. The
# client's and the command's tests that need no server run with them.
API_SUITES = AppStoreAPIScenarioTests|AppStoreAPIPeerConformanceTests|AppStoreServerAPI|APICommandTests
.PHONY: test-api
test-api: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter '$(API_SUITES)'

# POST /verifyReceipt behind nginx and fcgiwrap, and behind nginx and receipt-check serve
# (examples/verifyreceipt-endpoint, docs/verifyreceipt.md), with the optimised CLI: every recorded exchange
# and corpus receipt against the CLI's answer (and the service's against the CGI path's), 404, 405, 413, the
# service's own routes, 503 and SIGHUP, then 500 requests 8 at a time to each; prints requests/s.
VERIFYRECEIPT ?= $(or $(RECEIPT_VERIFYRECEIPT),$(CORPUS)/../verifyreceipt)
# Every --format html page of the fixtures in headless Chromium through selenium (Scripts/browser-test.py):
# no console error, request or CSP violation, the timeline's marks where the JSON's dates put them, the
# tables equal to --json, the hostile inputs shown literally, and legible at 1280, 768 and 390 px
# (BROWSER_PLANT=squeeze|overlap|drop-trial|break-header|overflow plants a fault that must fail it); make
# screenshots writes the docs' pictures at desktop and phone widths. Scripts/browser-deps.sh installs Debian's
# chromium and chromium-driver (as root) and the pinned selenium into .build/browser-venv.
.PHONY: test-browser screenshots
test-browser: build
	@bash Scripts/browser-deps.sh
	.build/browser-venv/bin/python Scripts/browser-test.py $(BIN_DIR)/receipt-check

# docs/images/html-*.png: three fixture pages as the same headless Chromium shows them.
screenshots: build
	@bash Scripts/browser-deps.sh
	.build/browser-venv/bin/python Scripts/browser-test.py --screenshots docs/images $(BIN_DIR)/receipt-check

.PHONY: test-endpoint
test-endpoint: release-cli
	@bash Scripts/install-deps.sh endpoint
	python3 Scripts/test-endpoint.py $(RELEASE_DIR)/receipt-check $(CORPUS) $(VERIFYRECEIPT)

# receipt-check serve under overload and faults (Scripts/serve-faults.py), on a unix socket, the optimised CLI:
# clients that stall, 2,000 connections at once (SERVE_FAULTS_CONNECTIONS), hostile bodies, kill -9 under a
# supervising loop, the access log on /dev/full. About 15 s.
.PHONY: serve-faults
serve-faults: release-cli
	@bash Scripts/install-deps.sh endpoint
	python3 Scripts/serve-faults.py $(RELEASE_DIR)/receipt-check $(CORPUS)

# verifyReceipt's throughput behind nginx on loopback (Scripts/serve-bench.sh): the service, the fcgiwrap path
# and receipt-bench in process, at 8, 64 and 2,000 concurrent, and the service's RSS over BENCH_RSS_REQUESTS
# (default 1,000,000) requests: one table. Minutes; not in CI. Needs wrk (or ab).
.PHONY: bench-serve
bench-serve: release-cli
	@bash Scripts/install-deps.sh endpoint
	$(STATIC_CXX) && $(SWIFT) build -c release --scratch-path $(RELEASE_SCRATCH) $(RELEASE_FLAGS) --product receipt-bench
	bash Scripts/serve-bench.sh $(RELEASE_DIR)/receipt-check $(RELEASE_DIR)/receipt-bench $(CORPUS)

# receipt-check serve behind nginx (examples/verifyreceipt-endpoint/serve.sh, SERVE_MODE=service) in the
# foreground until Ctrl-C; SERVE_OPTIONS are the service's (verify's) options.
SERVE_PORT ?= 8080
SERVE_OPTIONS ?=
.PHONY: serve
serve: release-cli
	@bash Scripts/install-deps.sh endpoint
	SERVE_MODE=service RECEIPT_CHECK=$(RELEASE_DIR)/receipt-check bash examples/verifyreceipt-endpoint/serve.sh \
		$(SERVE_PORT) $(SERVE_OPTIONS)
# ---- Packaging: version, man page, completions, install, dist ----

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share
INSTALL ?= install
MAN_PAGE = share/man/man1/receipt-check.1
BASH_COMPLETION = share/bash-completion/completions/receipt-check
ZSH_COMPLETION = share/zsh/site-functions/_receipt-check
FISH_COMPLETION = share/fish/vendor_completions.d/receipt-check.fish

# Version.swift from the latest v* tag; a no-op without git (a release tarball) or without tags.
version:
	@sh Scripts/write-version.sh

man: build
	@mkdir -p $(dir $(MAN_PAGE))
	$(BIN_DIR)/receipt-check generate-man > $(MAN_PAGE)

completions: build
	@mkdir -p $(dir $(BASH_COMPLETION)) $(dir $(ZSH_COMPLETION)) $(dir $(FISH_COMPLETION))
	$(BIN_DIR)/receipt-check generate-completions bash > $(BASH_COMPLETION)
	$(BIN_DIR)/receipt-check generate-completions zsh > $(ZSH_COMPLETION)
	$(BIN_DIR)/receipt-check generate-completions fish > $(FISH_COMPLETION)

install: release
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	  $(DESTDIR)$(DATADIR)/bash-completion/completions $(DESTDIR)$(DATADIR)/zsh/site-functions \
	  $(DESTDIR)$(DATADIR)/fish/vendor_completions.d
	$(INSTALL) -m 755 $(RELEASE_DIR)/receipt-check $(DESTDIR)$(BINDIR)/receipt-check
	$(INSTALL) -m 644 $(MAN_PAGE) $(DESTDIR)$(MANDIR)/man1/receipt-check.1
	$(INSTALL) -m 644 $(BASH_COMPLETION) $(DESTDIR)$(DATADIR)/bash-completion/completions/receipt-check
	$(INSTALL) -m 644 $(ZSH_COMPLETION) $(DESTDIR)$(DATADIR)/zsh/site-functions/_receipt-check
	$(INSTALL) -m 644 $(FISH_COMPLETION) $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/receipt-check.fish

# Files only: the directories are shared (bin, share/man/man1, the completions'), and make cannot tell which
# ones install made (docs/install.md).
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/receipt-check $(DESTDIR)$(MANDIR)/man1/receipt-check.1 \
	  $(DESTDIR)$(DATADIR)/bash-completion/completions/receipt-check \
	  $(DESTDIR)$(DATADIR)/zsh/site-functions/_receipt-check \
	  $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/receipt-check.fish

# The tarball holds HEAD (committed files only) with Version.swift set from the tag, so building
# it needs neither git nor a generation step.
dist:
	@set -e; \
	v=$$(git describe --tags --match 'v[0-9]*' 2>/dev/null | sed 's/^v//'); \
	[ -n "$$v" ] || v=$$(sed -n 's/.*static let release = "\(.*\)".*/\1/p' Sources/ReceiptCheckCLI/Version.swift); \
	rm -rf .build/dist && mkdir -p .build/dist; \
	git archive --format=tar --prefix=receipt-check-$$v/ HEAD | tar -x -C .build/dist; \
	sh Scripts/write-version.sh "$(CURDIR)/.build/dist/receipt-check-$$v/Sources/ReceiptCheckCLI/Version.swift"; \
	tar -C .build/dist -czf receipt-check-$$v.tar.gz receipt-check-$$v; \
	echo "receipt-check-$$v.tar.gz"

# Every documented way in, taken from this clone (Scripts/test-install.sh): make release; make install into a
# staged DESTDIR, whose binary then runs the README's and docs' examples and examples/'s scripts; make uninstall
# leaving no file; the .deb built from make dist's tarball and installed into a clean Debian 12 root (root;
# debootstrap, cached); the Homebrew formula's steps and test. Each step prints its time; TEST_INSTALL_STEPS
# names some of them (default: all).
TEST_INSTALL_STEPS ?=
test-install: test-deps
	@bash Scripts/install-deps.sh install
	$(SWIFT) build --build-tests
	RECEIPT_CORPUS=$(CORPUS) RELEASE_FLAGS="$(RELEASE_FLAGS)" bash Scripts/test-install.sh $(TEST_INSTALL_STEPS)
