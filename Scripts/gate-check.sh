#!/usr/bin/env bash
# make gate-check: every gate CI relies on, shown failing on a planted fault and passing without it.
#
#   Scripts/gate-check.sh [STAGE...]    fuzz sanitizer parallel endpoint leak mutation memory ci docs boundary lint
#                                       install warnings faults (default: all fourteen)
#   Scripts/gate-check.sh --outside-suite   the stages make test-scripts' GateCheckTests does not run (CI's stage)
#
# Stand-ins (Scripts/gate-check/) take the place of builds and servers, so each stage takes seconds; only
# the sanitizer and docs stages build (the test targets, which make test-scripts builds next anyway). One line per case:
# PASS when a planted fault failed its gate with the expected status and message, or a control passed;
# FAIL otherwise, with the gate's last lines. Exits 1 when any case failed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
root=$(pwd)
stubs=$root/Scripts/gate-check
corpus=${RECEIPT_CORPUS:-../shared/corpus}
[[ $corpus == /* ]] || corpus=$root/$corpus
swift=${SWIFT:-swift}
work=$(mktemp -d "${TMPDIR:-/tmp}/gate-check.XXXXXX")
# serve.sh started as root runs fcgiwrap as nobody, which must reach the stand-in.
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
cases=0 failures=0

# gate NAME fault|control STATUS PATTERN -- COMMAND...: runs COMMAND, its output kept in $work/NAME.log. The
# case passes when COMMAND exits STATUS ("nonzero": anything but 0) and prints a line matching PATTERN (an
# extended regular expression: the saved input, the failing chunk, the test named).
gate() {
    local name=$1 kind=$2 want=$3 pattern=$4
    shift 5
    local log=$work/$name.log status=0 started=$SECONDS ok=yes
    # A gate that hangs is a failed case, not a stalled CI. GATE_LIMIT (seconds) is for the one case that
    # builds: the test targets from scratch take about 6 minutes on 2 cores.
    timeout -k 5 "${GATE_LIMIT:-120}" "$@" >"$log" 2>&1 </dev/null || status=$?
    if [ "$want" = nonzero ]; then
        [ "$status" != 0 ] || ok=no
    else
        [ "$status" = "$want" ] || ok=no
    fi
    grep -qE -- "$pattern" "$log" || ok=no
    cases=$((cases + 1))
    if [ $ok = yes ]; then
        echo "PASS $name ($kind): exit $status in $((SECONDS - started)) s: $(grep -m 1 -E -- "$pattern" "$log" | cut -c 1-160)"
    else
        failures=$((failures + 1))
        echo "FAIL $name ($kind): exit $status, expected $want and a line matching /$pattern/; the gate's last lines:"
        tail -n 12 "$log" | sed 's/^/    /'
        # A mutant of a gate's script is killed by its first failed case (make mutation sets this): the
        # cases after it, some of which build a package, would only cost the run their time.
        if [ "${GATE_FIRST_FAILURE:-0}" = 1 ]; then
            echo "gate-check: stopped at the first failed case (GATE_FIRST_FAILURE=1)"
            exit 1
        fi
    fi
}

# Scripts/fuzz.sh run and all over a stand-in fuzzer: every kind of finding fails them and names its input.
stage_fuzz() {
    local mode out pattern
    for mode in crash asan leak timeout oom killed report-only ignored-crash hang clean; do
        out=$work/fuzz-$mode
        mkdir -p "$out"
        cp "$stubs/receipt-fuzz" "$out/receipt-fuzz"
        case $mode in
        killed) pattern="FAIL: rules: the fuzzer exited 137; saved input: none named" ;;
        report-only) pattern="FAIL: rules: the fuzzer exited 0; saved input: none named" ;;
        asan) pattern="FAIL: rules: the fuzzer exited 80; saved input: $out/findings/rules/crash-" ;;
        ignored-crash) pattern="FAIL: rules: the fuzzer exited 0; saved input: $out/findings/rules/crash-" ;;
        # Stopped at the run's outer limit: 1 s and FUZZ_MARGIN's 2, well within the case's own.
        hang) pattern="FAIL: rules: the fuzzer did not end within 3 s" ;;
        clean) pattern="^Done" ;;
        *) pattern="FAIL: rules: the fuzzer exited [0-9]+; saved input: $out/findings/rules/$mode-" ;;
        esac
        if [ $mode = clean ]; then
            gate "fuzz-run-$mode" control 0 "$pattern" -- env FUZZ_OUT="$out" GATE_FUZZ=$mode bash Scripts/fuzz.sh run rules 1
        else
            gate "fuzz-run-$mode" fault nonzero "$pattern" -- env FUZZ_OUT="$out" FUZZ_MARGIN=2 GATE_FUZZ=$mode \
                bash Scripts/fuzz.sh run rules 1
        fi
    done
    out=$work/fuzz-all
    mkdir -p "$out"
    cp "$stubs/receipt-fuzz" "$out/receipt-fuzz"
    gate fuzz-all-one-target fault 1 "FAIL: 1 of [0-9]+ targets: rules$" -- env FUZZ_OUT="$out" FUZZ_BUILD=0 \
        GATE_FUZZ=crash GATE_FUZZ_TARGET=rules bash Scripts/fuzz.sh all 1
    gate fuzz-all-clean control 0 "^== fuzz" -- env FUZZ_OUT="$out" FUZZ_BUILD=0 GATE_FUZZ=clean bash Scripts/fuzz.sh all 1
}

# The test support's sanitizer detection: a child that exits with the status its test expects but wrote an
# AddressSanitizer report fails the test (SanitizerReportTests; RECEIPT_CHECK_PLANT_SANITIZER_REPORT plants it).
stage_sanitizer() {
    local test=SanitizerReportTests/aChildWithTheExpectedStatusPasses
    GATE_LIMIT=1800 gate sanitizer-build control 0 "Build complete" -- "$swift" build --build-tests
    gate sanitizer-report fault nonzero "wrote a sanitizer report" -- env RECEIPT_CHECK_PLANT_SANITIZER_REPORT=1 \
        "$swift" test --skip-build --filter "$test"
    gate sanitizer-none control 0 "aChildWithTheExpectedStatusPasses\(\) passed" -- "$swift" test --skip-build --filter "$test"
}

# make test-parallel's check over a stand-in receipt-check: a chunk that exits 70 or crashes fails it.
stage_parallel() {
    local bin=$work/parallel-bin mode
    mkdir -p "$bin"
    # A link, so that the stand-in finds Scripts/corpus_lines.py beside its own folder.
    ln -s "$stubs/receipt-check-lines" "$bin/receipt-check"
    for mode in exit70 crash clean; do
        if [ $mode = clean ]; then
            gate "parallel-$mode" control 0 "chunks exiting" -- env GATE_PARALLEL=$mode GATE_CORPUS="$corpus" \
                python3 Scripts/parallel-check.py "$bin" "$corpus" "$work/parallel-$mode"
        else
            gate "parallel-$mode" fault 1 "command 1: chunk 2 exited" -- env GATE_PARALLEL=$mode GATE_CORPUS="$corpus" \
                python3 Scripts/parallel-check.py "$bin" "$corpus" "$work/parallel-$mode"
        fi
    done
}

# serve.sh under a signal once nginx (the stand-in) is up, as make test-endpoint stops it: the status it
# ends with, and its messages.
serve_then_stop() {
    local errors=$work/serve-errors.log pid status=0
    bash examples/verifyreceipt-endpoint/serve.sh 18080 2>"$errors" &
    pid=$!
    for _ in $(seq 100); do
        grep -qs ready "$VERIFYRECEIPT_PREFIX/logs/error.log" && break
        sleep 0.1
    done
    kill -TERM "$pid"
    wait "$pid" || status=$?
    cat "$errors"
    return "$status"
}

# examples/verifyreceipt-endpoint/serve.sh over stand-in nginx and fcgiwrap: a failure after its traps are
# set keeps its status; SIGTERM still ends it with 0.
stage_endpoint() {
    local bin=$work/endpoint-bin
    mkdir -p "$bin"
    cp "$stubs/nginx" "$stubs/fcgiwrap" "$bin/"
    printf '#!/bin/sh\nexit 0\n' >"$bin/receipt-check"
    chmod 755 "$bin" "$bin/receipt-check"
    local run=(env PATH="$bin:$PATH" RECEIPT_CHECK="$bin/receipt-check" VERIFYRECEIPT_PREFIX="$work/endpoint-prefix")
    gate endpoint-fcgiwrap-fails fault 70 "fcgiwrap did not start" -- "${run[@]}" GATE_FCGIWRAP=fail \
        bash examples/verifyreceipt-endpoint/serve.sh 18080
    gate endpoint-nginx-stops fault 70 "stopped on its own" -- "${run[@]}" GATE_NGINX=fail \
        bash examples/verifyreceipt-endpoint/serve.sh 18080
    gate endpoint-sigterm control 0 "POST http" -- "${run[@]}" bash -c "$(declare -f serve_then_stop); work=$work; serve_then_stop"
    # The service refusing its options before it listens: serve.sh says so and exits 64, as for the CGI path.
    printf '#!/bin/sh\necho "receipt-check: error: bad option" >&2\nexit 64\n' >"$bin/receipt-check-refusing"
    chmod 755 "$bin/receipt-check-refusing"
    gate endpoint-service-refuses fault 64 "receipt-check serve did not start" -- "${run[@]}" SERVE_MODE=service \
        RECEIPT_CHECK="$bin/receipt-check-refusing" bash examples/verifyreceipt-endpoint/serve.sh 18080
}

# make leak-check over a stand-in CLI (Scripts/gate-check/receipt-check-leak): a corpus missing its JWS, or
# its receipts, or whose files are all empty, checks nothing and fails; so does a CLI that aborts on every
# input (exit 134, nothing lost), or decodes none (65), or prints no JSON report (0); the stand-in that answers
# as the CLI does passes.
stage_leak() {
    local name
    for name in no-jws no-receipts empty full; do
        mkdir -p "$work/leak-$name/receipts" "$work/leak-$name/jws/planted"
        [ $name = no-receipts ] || cp Fixtures/valid.receipt "$work/leak-$name/receipts/"
        [ $name = no-jws ] || echo "e30.e30.c2ln" >"$work/leak-$name/jws/planted/planted.jws"
    done
    : >"$work/leak-empty/receipts/valid.receipt"
    : >"$work/leak-empty/jws/planted/planted.jws"
    local run=(env LEAK_CHECK_BIN="$stubs/receipt-check-leak" LEAK_CHECK_LOGS="$work/leak-logs")
    gate leak-no-jws fault 1 "no jws/\*/\*.jws in .*, nothing to check" -- "${run[@]}" RECEIPT_CORPUS="$work/leak-no-jws" \
        bash Scripts/leak-check.sh
    gate leak-no-receipts fault 1 "no receipt in .*, nothing to check" -- "${run[@]}" RECEIPT_CORPUS="$work/leak-no-receipts" \
        bash Scripts/leak-check.sh
    gate leak-empty-files fault 1 "no receipt in .*, nothing to check" -- "${run[@]}" RECEIPT_CORPUS="$work/leak-empty" \
        bash Scripts/leak-check.sh
    gate leak-abort fault 1 "fixtures FAILED: exit 134, not the 2 these inputs answer" -- "${run[@]}" GATE_LEAK=abort \
        RECEIPT_CORPUS="$work/leak-full" bash Scripts/leak-check.sh
    gate leak-undecoded fault 1 "corpus-receipts FAILED: 0 of 1 inputs decoded" -- "${run[@]}" GATE_LEAK=undecoded \
        RECEIPT_CORPUS="$work/leak-full" bash Scripts/leak-check.sh
    gate leak-json-silent fault 1 "fixtures-json FAILED: 0 of 2 inputs decoded" -- "${run[@]}" GATE_LEAK=json-silent \
        RECEIPT_CORPUS="$work/leak-full" bash Scripts/leak-check.sh
    gate leak-full control 0 "corpus-jws: exit 2 \(expected 2\)" -- "${run[@]}" RECEIPT_CORPUS="$work/leak-full" \
        bash Scripts/leak-check.sh
}

# Scripts/mutation.sh with MUTATION_BASELINE_SUITE=0 over a stand-in swift: a test that fails in the copy
# unmutated stops the run (exit 70, naming it by its full ID, in the copy's proof of its killers at its end)
# instead of killing every mutant, whether it is among the hinted tests, outside them, of the same name as a
# hinted test of another suite, or broken only in the second copy while it passes in the first.
stage_mutation() {
    local mode broken=PlantedTests.Planted/brokenInTheCopy\(\)
    for mode in broken broken-outside-hints clean two-copies skip-block broken-outside-hints-two-copies first-copy-fails \
        same-name copy1-broken stale-products; do
        # Nothing of an outer mutation run (a shard, its queue, a reused build) reaches the planted one.
        local jobs=1 list=$stubs/planted-mutation.txt
        [[ $mode != two-copies && $mode != skip-block && $mode != *-two-copies && $mode != first-copy-fails &&
            $mode != copy1-broken ]] || jobs=2
        [ $mode != same-name ] || list=$stubs/planted-mutation-same-name.txt
        [ $mode != stale-products ] || list=$stubs/planted-mutation-stale.txt
        local run=(env -u MUTATION_SHARD -u MUTATION_QUEUE -u MUTATION_REUSE_BUILD
            -u MUTATION_BUILD_TIMEOUT -u MUTATION_TEST_TIMEOUT SWIFT="$stubs/swift" "GATE_SWIFT=${mode%-two-copies}"
            GATE_QUEUE="$work/mutation-$mode-queue"
            MUTATION_LIST="$list" MUTATION_SCRATCH="$work/mutation-$mode" "MUTATION_JOBS=$jobs"
            MUTATION_BASELINE_SUITE=0 bash Scripts/mutation.sh)
        case $mode in
        # A test that fails in every run of the copy kills each mutant, and fails its proof unmutated at the
        # end; so does one that fails only outside the hints, in the copy where it killed, whichever that is.
        broken | broken-outside-hints | broken-outside-hints-two-copies)
            gate mutation-$mode fault 70 "unmutated, tests that killed mutants fail in the copy: $broken" -- "${run[@]}"
            ;;
        clean) gate mutation-$mode control 0 "2 mutations, 2 killed" -- "${run[@]}" ;;
        # Two copies share the list's queue: each block is tested once, by one of them.
        two-copies) gate mutation-$mode control 0 "^mutation: 2 of 2 blocks tested, by 2 copies" -- "${run[@]}" ;;
        # A position taken from the queue and never tested fails the run, though every block tested was killed.
        skip-block) gate mutation-$mode fault 70 "tested the blocks at positions \[[01]\], not each of the 2 once" -- "${run[@]}" ;;
        # The first copy stops before any mutant: the second, having killed them all and proven its own
        # killers, does not hide that, and the run fails with the first's status.
        first-copy-fails) gate mutation-$mode fault 70 "the unmutated package does not build" -- "${run[@]}" ;;
        # The killer is Elsewhere/plantedSecond, not the Planted/plantedSecond of the same name (and hint),
        # which passes: the proof runs the killer by its full ID.
        same-name)
            gate mutation-$mode fault 70 "tests that killed mutants fail in the copy: PlantedTests.Elsewhere/plantedSecond\(\)" \
                -- "${run[@]}"
            ;;
        # plantedSecond passes in the first copy, and kills in the second, where it fails unmutated: each
        # copy proves its own killers.
        copy1-broken)
            gate mutation-$mode fault 70 "tests that killed mutants fail in the copy: PlantedTests.Planted/plantedSecond\(\)" \
                -- "${run[@]}"
            ;;
        # A data file's mutant after the manifest's: tested on products rebuilt unmutated, nothing kills it,
        # where the manifest mutant's products would.
        stale-products)
            gate mutation-$mode fault 1 "^SURVIVED +gate-check: the second planted check switched off" -- "${run[@]}"
            ;;
        esac
    done
}

# Scripts/memory-safety-check.sh --with-build (CI's build stage) over a package of a few small files laid out
# as the project's (Scripts/gate-check/planted-memory.sh builds it): an unsafe use the compiler finds outside
# the walls fails, and so does one marked `unsafe` there; the compiler's finding stands when an earlier build
# compiled the file, whose diagnostics the check's own build then does not print, and when the package is
# reached through a symbolic link; a marked use in a Curl/ folder of another target than ReceiptKit fails,
# and so does one after a string holding //; a build in another scratch path is refused; the wall's marked
# use passes.
stage_memory() {
    local run=(bash "$stubs/planted-memory.sh") unmarked='^    Sources/ReceiptKit/PKI/PlantedUnsafe.swift:[0-9]+:[0-9]+$'
    # The cases that build nothing first, then those that build once, then twice: with GATE_FIRST_FAILURE
    # (make mutation's), a mutant a cheap case kills builds no package.
    gate memory-curl-elsewhere fault 1 "^    Sources/ReceiptCheckCLI/Curl/PlantedUnsafe.swift:2 \(marked unsafe outside a wall\)$" -- \
        env GATE_MEMORY=curl-elsewhere "${run[@]}"
    gate memory-string-slashes fault 1 "^    Sources/ReceiptKit/PKI/PlantedUnsafe.swift:2 \(marked unsafe outside a wall\)$" -- \
        env GATE_MEMORY=string-slashes "${run[@]}"
    # Whether the build is the first is judged by .build: a build elsewhere is refused, not trusted.
    gate memory-scratch-path fault 64 "must not name a scratch path" -- \
        bash Scripts/memory-safety-check.sh --with-build false --scratch-path "$work/memory-scratch"
    gate memory-unmarked fault 1 "$unmarked" -- env GATE_MEMORY=unmarked "${run[@]}"
    gate memory-marked fault 1 "^    Sources/ReceiptKit/PKI/PlantedUnsafe.swift:[0-9]+ \(marked unsafe outside a wall\)$" -- \
        env GATE_MEMORY=marked "${run[@]}"
    gate memory-symlink fault 1 "$unmarked" -- env GATE_MEMORY=symlink "${run[@]}"
    gate memory-built-before fault 1 "$unmarked" -- env GATE_MEMORY=built-before "${run[@]}"
    gate memory-clean control 0 "^memory-safety: OK: 0 diagnostics" -- env GATE_MEMORY=clean "${run[@]}"
}

# CI's own stages (Scripts/ci-stages.sh): a stage that fails, on its own or run beside others, ends the run
# with its status and says so; a stage run beside others is waited for. Each case keeps its logs apart: a
# run that fails leaves its stages beside still running, which must not write into the next case's.
stage_ci() {
    local planted=$stubs/planted-ci.sh
    gate ci-beside-fails fault 3 "stage planted FAILED with exit 3" -- \
        env CI_STAGE_LOGS="$work/ci-beside-fails" GATE_CI=beside-fails bash "$planted"
    gate ci-stage-fails fault 4 "stage planted-own FAILED with exit 4" -- \
        env CI_STAGE_LOGS="$work/ci-stage-fails" GATE_CI=stage-fails bash "$planted"
    gate ci-clean control 0 "^stage planted: [0-9]+ s \(beside" -- \
        env CI_STAGE_LOGS="$work/ci-clean" GATE_CI=clean bash "$planted"
    # A stage killed beside the others, in logs where the run before (clean) left its status file: the
    # earlier run's status is not this one's.
    # shellcheck disable=SC2016
    gate ci-stale-status fault 70 "stage planted FAILED with exit 70" -- env CI_STAGE_LOGS="$work/ci-stale" \
        bash -c 'GATE_CI=clean bash "$1" >/dev/null 2>&1 && GATE_CI=killed bash "$1"' stale "$planted"
}

# make cli-boundary's import check (Scripts/check-cli-boundary.sh --imports, which needs no build) over a copy
# of the command line's sources: a file that imports ReceiptKit @testable to name an internal type fails it,
# and so does one that imports it @_private after another attribute; a file that only mentions them in a
# comment and a string passes. (The type check of the optimised build's modules, which are not compiled for
# testing, refuses the same file on its own: docs/security.md.)
stage_boundary() {
    local name
    for name in testable private mention; do
        mkdir -p "$work/boundary-$name/Scripts" "$work/boundary-$name/Sources"
        cp Scripts/check-cli-boundary.sh Scripts/swift-code.awk "$work/boundary-$name/Scripts/"
        cp -R Sources/ReceiptCheckCLI "$work/boundary-$name/Sources/"
    done
    printf '%s\n' '@testable import ReceiptKit' '' 'func plantedInternalUse() { _ = AppleErrorBody.self }' \
        >"$work/boundary-testable/Sources/ReceiptCheckCLI/PlantedImport.swift"
    printf '%s\n' 'import Foundation' '@_spi(Planted) @_private(sourceFile: "AppleErrorBody.swift") import ReceiptKit' \
        >"$work/boundary-private/Sources/ReceiptCheckCLI/PlantedImport.swift"
    # shellcheck disable=SC2016
    printf '%s\n' '// Never `@testable import ReceiptKit` here.' 'let plantedNote = "@testable import ReceiptKit // no"' \
        >"$work/boundary-mention/Sources/ReceiptCheckCLI/PlantedImport.swift"
    gate boundary-testable fault 1 "^    Sources/ReceiptCheckCLI/PlantedImport.swift:1$" -- \
        bash "$work/boundary-testable/Scripts/check-cli-boundary.sh" --imports
    gate boundary-private fault 1 "^    Sources/ReceiptCheckCLI/PlantedImport.swift:2$" -- \
        bash "$work/boundary-private/Scripts/check-cli-boundary.sh" --imports
    gate boundary-mention control 0 "^cli-boundary: no @testable or @_private import in ReceiptCheckCLI" -- \
        bash "$work/boundary-mention/Scripts/check-cli-boundary.sh" --imports
}

# make lint (the Makefile's own target) in a small tree laid out as the project's: a Swift file that breaks
# the format rules fails it, and so does a workflow actionlint refuses (a job with no runs-on); the tree
# without them passes. The actionlint venv is this tree's (.build/lint-venv, made once if missing).
stage_lint() {
    local name
    # No actionlint is a failed case, not a stage that checked less.
    if ! bash Scripts/lint-workflows.sh --venv-only >"$work/lint-venv.log" 2>&1; then
        cases=$((cases + 1)) failures=$((failures + 1))
        echo "FAIL lint-venv: .build/lint-venv could not be made; its last lines:"
        tail -n 12 "$work/lint-venv.log" | sed 's/^/    /'
        return 0
    fi
    for name in swift workflow clean; do
        local tree=$work/lint-$name
        mkdir -p "$tree/Scripts" "$tree/.build" "$tree/.github/workflows" "$tree/examples/ci" "$tree/examples/library"
        cp Makefile .swift-format Package.swift "$tree/"
        cp Scripts/lint-workflows.sh Scripts/python-tool.sh "$tree/Scripts/"
        cp .github/workflows/ci.yml "$tree/.github/workflows/"
        cp examples/ci/github-actions.yml "$tree/examples/ci/"
        ln -s "$root/.build/lint-venv" "$tree/.build/lint-venv"
        for folder in Sources Tests Tools examples/library; do
            mkdir -p "$tree/$folder"
            printf '%s\n' 'let plantedCount = 1' >"$tree/$folder/Planted.swift"
        done
    done
    printf '%s\n' 'let plantedValue: Int? = 1' 'let plantedForced = plantedValue!' >"$work/lint-swift/Sources/PlantedLint.swift"
    printf '%s\n' '  planted:' '    steps:' '      - run: echo planted' >>"$work/lint-workflow/.github/workflows/ci.yml"
    gate lint-swift fault 2 "Sources/PlantedLint.swift:2:[0-9]+: error: \[NeverForceUnwrap\]" -- make -C "$work/lint-swift" lint
    gate lint-workflow fault 2 "ci.yml:[0-9]+:[0-9]+: .*runs-on" -- make -C "$work/lint-workflow" lint
    gate lint-clean control 0 "are clean$" -- make -C "$work/lint-clean" lint
}

# DocExampleTests with a step planted in the README's transcript (RECEIPT_CHECK_PLANT_DOC_STEP): a command that
# fails inside a pipe, its standard error thrown away, fails the test, and so does a step that throws away
# standard error and its status; the README as written passes. Builds the test targets if need be.
stage_docs() {
    local test=DocExampleTests/exampleRunsAndPrintsWhatThePageShows
    local fails="receipt-check verify --no-such-option Fixtures/valid.receipt"
    GATE_LIMIT=1800 gate docs-build control 0 "Build complete" -- "$swift" build --build-tests
    gate docs-pipe fault nonzero "README.md:[0-9]+: .*--no-such-option.* exited 64" -- env \
        RECEIPT_CHECK_PLANT_DOC_STEP="$fails 2>/dev/null | tr -d x" "$swift" test --skip-build --filter "$test"
    gate docs-status-lost fault nonzero "standard error is thrown away and the status with it" -- env \
        RECEIPT_CHECK_PLANT_DOC_STEP="$fails 2>/dev/null || true" "$swift" test --skip-build --filter "$test"
    gate docs-none control 0 "exampleRunsAndPrintsWhatThePageShows\(_:\) with [0-9]+ test cases passed" -- \
        "$swift" test --skip-build --filter "$test"
}

# make test-install's checks (Scripts/test-install.sh) over a copy of the Makefile with a stand-in build
# (Scripts/gate-check/planted-install.sh): an uninstall that leaves a file and an install without the binary
# fail it, and so does a formula line the formula's mirror does not know, and a formula test over a binary
# (the release build's, FORMULA_SCRATCH) that names no OpenSSL 3; make doctor says a static stdlib
# without Testing cannot build a product that imports it.
stage_install() {
    local run=(bash "$stubs/planted-install.sh" "$work/install")
    gate install-uninstall-leaves fault 1 "make uninstall left files: \./opt/receipt-check/share/man/man1/receipt-check\.1" -- \
        env GATE_INSTALL=uninstall-leaves "${run[@]}"
    gate install-binary-missing fault 1 "make install did not install /opt/receipt-check/bin/receipt-check" -- \
        env GATE_INSTALL=binary-missing "${run[@]}"
    gate install-doctor-testing fault 1 "^MISSING in the static Swift stdlib .*: Testing, imported by the shipped product" -- \
        env GATE_INSTALL=doctor-testing "${run[@]}"
    gate install-formula-unknown fault 1 "a line of def install this mirror does not know: libexec.install" -- \
        env GATE_INSTALL=formula-unknown "${run[@]}"
    gate install-formula-test fault 1 "formula-steps: no 'OpenSSL 3' in the output of .*/brew/prefix/bin/receipt-check --version" -- \
        env GATE_INSTALL=formula-test "${run[@]}"
    gate install-doctor-clean control 0 "^ok      static Swift stdlib" -- env GATE_INSTALL=doctor-clean "${run[@]}"
    gate install-clean control 0 "^uninstall: no file left" -- env GATE_INSTALL=clean "${run[@]}"
}

# Scripts/warnings-check.sh (CI's build stage) over a stand-in build: a compiler warning, printed once a
# module as swift build does, fails it and is named once; so does one without a column, and one about no
# source line (<unknown>:0); SwiftPM's own warning fails it; a build that fails keeps its status; a build
# without warnings passes.
stage_warnings() {
    local check=(bash Scripts/warnings-check.sh)
    gate warnings-compiler fault 1 "^    /planted/Planted.swift:3:7: warning: planted$" -- "${check[@]}" \
        printf '%s\n' '/planted/Planted.swift:3:7: warning: planted' '/planted/Planted.swift:3:7: warning: planted'
    gate warnings-no-column fault 1 "^    /planted/Planted.swift:3: warning: planted$" -- "${check[@]}" \
        printf '%s\n' '/planted/Planted.swift:3: warning: planted' 'Build complete!'
    gate warnings-unknown fault 1 "^    <unknown>:0: warning: planted$" -- "${check[@]}" \
        printf '%s\n' '<unknown>:0: warning: planted' 'Build complete!'
    gate warnings-swiftpm fault 1 "^    warning: 'planted': found 1 file\(s\) which are unhandled" -- "${check[@]}" \
        printf '%s\n' "warning: 'planted': found 1 file(s) which are unhandled" 'Build complete!'
    gate warnings-build-fails fault 3 "planted build failure" -- "${check[@]}" sh -c 'echo planted build failure; exit 3'
    gate warnings-clean control 0 "^warnings: OK: the build printed no warning$" -- "${check[@]}" \
        printf '%s\n' 'Compiling Planted Planted.swift' 'Build complete!'
}

# Scripts/serve-faults.py (make serve-faults) over a stand-in service (Scripts/gate-check/receipt-check-serve):
# each planted fault fails its case with its message; the stand-in without one passes every case.
stage_faults() {
    local run=(env SERVE_FAULTS_CONNECTIONS=300 python3 Scripts/serve-faults.py "$stubs/receipt-check-serve" "$corpus")
    gate faults-stall fault 1 "FAIL: stall: a request after 6 stalled clients: None" -- env GATE_SERVE=stall-holds "${run[@]}" stall
    gate faults-overload fault 1 "FAIL: overload: answers other than 200 or 503" -- env GATE_SERVE=overload-drops "${run[@]}" overload
    gate faults-hostile fault 1 "FAIL: hostile: a body over --max-size: None" -- env GATE_SERVE=hostile-crash "${run[@]}" hostile
    gate faults-kill fault 1 "FAIL: kill: after the restart: \[503" -- env GATE_SERVE=restart-unready "${run[@]}" kill
    gate faults-full-log fault 1 "FAIL: full-log: answers with the log on /dev/full" -- env GATE_SERVE=log-exits "${run[@]}" full-log
    gate faults-keep fault 1 "FAIL: keep: requests on two kept connections, one worker" -- env GATE_SERVE=keep-holds "${run[@]}" keep
    gate faults-clean control 0 "6 cases in .*, 0 failed" -- "${run[@]}"
}

all_stages=(fuzz sanitizer parallel endpoint leak mutation memory ci docs boundary lint install warnings faults)
# The stages GateCheckTests runs inside make test-scripts, one test a stage (it checks that this list names its
# tests' stages): --outside-suite runs the others, for CI, whose test-scripts stage comes next and runs these.
suite_stages=(fuzz parallel endpoint leak mutation memory ci boundary install warnings faults)
stages=("$@")
if [ "${1:-}" = --outside-suite ]; then
    stages=()
    for stage in "${all_stages[@]}"; do
        [[ " ${suite_stages[*]} " == *" $stage "* ]] || stages+=("$stage")
    done
fi
[ ${#stages[@]} -gt 0 ] || stages=("${all_stages[@]}")
for stage in "${stages[@]}"; do
    case $stage in
    fuzz | sanitizer | parallel | endpoint | leak | mutation | memory | ci | docs | boundary | lint | install | warnings | faults) ;;
    *)
        echo "gate-check: no stage '$stage'" >&2
        sed -n '4,6p' "$0" >&2
        exit 64
        ;;
    esac
done
for stage in "${stages[@]}"; do
    echo "== gate-check: $stage"
    "stage_$stage"
done
echo "gate-check: $cases cases, $((cases - failures)) passed, $failures failed"
[ $failures = 0 ]
