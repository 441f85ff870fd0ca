#!/usr/bin/env bash
# make mutation: applies each one-line mutation of Scripts/mutations.txt to a copy of the package,
# builds it, runs the test suite, and says whether some test failed (killed) or none did (survived).
#
#   Scripts/mutation.sh [NAME-SUBSTRING]     (only the mutations whose name contains it)
#
# MUTATION_JOBS (default 3) copies run side by side, each taking the next block not yet taken.
#
# The working tree is never modified: mutants are built in a copy under $MUTATION_SCRATCH
# (default .build/mutation), whose .build is kept between runs so each mutant is an incremental
# build. Exits 0 only when every mutation is killed; a mutation whose text is not found exactly
# once, or a mutant that does not build, stops the run (the list is out of date).
# The suite run per mutant is `make test-fast`'s with `make test-scripts`' (exhaustive prefix and bit-flip tests
# skipped; the scripts' tests kill the mutants of Scripts/). A block's
# `tests:` line names the tests that killed it last time (a `swift test --filter` pattern): they run first,
# and only when they do not kill the mutant does the whole suite run, so a stale hint costs time, never a
# verdict. Each result line names the test that killed the mutant, the hint to keep in the block.
# MUTATION_REUSE_BUILD=1 (root on Linux, as CI runs) starts each copy from this tree's debug build instead of
# building it from scratch: SwiftPM's build records absolute paths, so the copy is built and tested where this
# tree is, bound over it in a mount namespace of the command's own (this tree is never touched, nor seen
# changed by anything else). The copy's build is then incremental from the first mutant on.
# MUTATION_BASELINE_SUITE=0 skips the unmutated copy's whole suite (CI has just run it over the same
# sources), but not the proof that the copy passes where it counts: every test that killed a mutant in a copy
# runs unmutated at the end, in that copy; one failing (or not run) stops the run with exit 70, naming the
# test. A test is
# known by its full ID (Module.Suite/test()/File.swift:line:column, from Swift Testing's event stream beside
# each log), never by its function's name, which a test of another suite may share.
# MUTATION_LIST reads another list (make gate-check).
set -euo pipefail

# Read whole before running, so editing this file during a run cannot change the run.
{

cd "$(dirname "$0")/.."
root=$(pwd)
list="${MUTATION_LIST:-$root/Scripts/mutations.txt}"
only="${1:-}"
scratch="${MUTATION_SCRATCH:-$root/.build/mutation}"
tree="$scratch/tree"
logs="$scratch/logs"
swift="${SWIFT:-swift}"
# A hung build or suite fails the mutant run instead of stalling CI.
build_timeout="${MUTATION_BUILD_TIMEOUT:-900}"
test_timeout="${MUTATION_TEST_TIMEOUT:-600}"
# The suite runs inside the copy, so a relative corpus path (make's default) is taken from here.
corpus="${RECEIPT_CORPUS:-../shared/corpus}"
[[ "$corpus" == /* ]] || corpus="$root/$corpus"
export RECEIPT_CORPUS="$corpus"
export RECEIPT_CHECK_SKIP_EXHAUSTIVE=1
# Likewise the recorded verifyReceipt exchanges, beside the corpus in the shared folder.
verifyreceipt="${RECEIPT_VERIFYRECEIPT:-$corpus/../verifyreceipt}"
[[ "$verifyreceipt" == /* ]] || verifyreceipt="$root/$verifyreceipt"
export RECEIPT_VERIFYRECEIPT="$verifyreceipt"
# The copy has no .build/schema-venv of its own; the schema tests use this tree's (make test-deps).
export RECEIPT_CHECK_SCHEMA_PYTHON="${RECEIPT_CHECK_SCHEMA_PYTHON:-$root/.build/schema-venv/bin/python}"

fail() {
    echo "mutation: $*" >&2
    exit 70
}

# ---- Read the list: names, files, original and replacement lines.
names=() files=() originals=() replacements=() hints=()
name="" file="" original="" have_original=0 hint=""
flush() {
    [[ -z "$name" ]] && return 0
    [[ -n "$file" && $have_original == 1 ]] || fail "$list: '$name' needs a file:, a - line and a + line"
    if [[ -z "$only" || "$name" == *"$only"* ]]; then
        names+=("$name") files+=("$file") originals+=("$original") replacements+=("$replacement")
        hints+=("$hint")
    fi
    name="" file="" original="" have_original=0 hint=""
}
# A block ends at its + line; one still open when the next begins (or the list ends) has none.
unfinished() {
    [[ -z "$name" ]] || fail "$list: '$name' needs a file:, a - line and a + line"
}
while IFS= read -r line || [[ -n "$line" ]]; do
    case "$line" in
        "## "*) unfinished; name="${line#\#\# }" ;;
        "file: "*) file="${line#file: }" ;;
        "tests: "*) hint="${line#tests: }" ;;
        "- "*) original="${line#- }"; have_original=1 ;;
        "+ "*) replacement="${line#+ }"; flush ;;
        "#"* | "") ;;
        *) fail "$list: cannot read the line: $line" ;;
    esac
done < "$list"
unfinished
[[ ${#names[@]} -gt 0 ]] || fail "no mutation in $list matches '$only'"

# ---- MUTATION_JOBS=N (default 3) runs N shards at once, each in a copy of its own: a mutant's build is
# mostly single-threaded work (emitting a module, linking), and a copy spends part of each mutant starting
# processes and waiting on them, so on two cores two copies left a fifth of them idle and a third filled
# that (34 blocks of the list in 140 s, against 151 s with two and 198 s with one).
# The shards share one queue of the list's positions (MUTATION_QUEUE, a file holding the next position, taken
# under flock): each takes the next block when it is free, so they end within one mutant of each other
# whatever each block costs (from no build and a second's test to a build and a 25 s suite).
jobs="${MUTATION_JOBS:-3}"
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || fail "MUTATION_JOBS must be a positive number, not '$jobs'"
if [[ -z "${MUTATION_SHARD:-}" && $jobs -gt 1 && ${#names[@]} -gt 1 ]]; then
    shard_pids=()
    trap 'kill -TERM "${shard_pids[@]}" 2>/dev/null; wait; exit 130' INT TERM
    mkdir -p "$(dirname "$scratch")"
    queue="$scratch-queue"
    echo 0 >"$queue"
    # MUTATION_SCHEMATA=1: the blocks whose line can carry both versions (Scripts/mutation-schemata.py) are
    # the first copy's, built once together and tested one by one; the queue hands the others out.
    plan="$scratch-schemata-plan"
    : >"$plan"
    if [[ "${MUTATION_SCHEMATA:-0}" == 1 && -z "$only" ]]; then
        python3 "$root/Scripts/mutation-schemata.py" plan "$list" "$root" $(seq 0 $((${#names[@]} - 1))) >"$plan" ||
            fail "Scripts/mutation-schemata.py could not plan the schemata"
    fi
    tested_lists=()
    for ((shard = 0; shard < jobs; shard++)); do
        rm -f "$scratch-$shard/tested"
        tested_lists+=("$scratch-$shard/tested")
        MUTATION_SHARD="$shard/$jobs" MUTATION_SCRATCH="$scratch-$shard" MUTATION_QUEUE="$queue" \
            MUTATION_SCHEMATA_PLAN="$plan" MUTATION_SCHEMATA_MINE=$((shard == 0 ? 1 : 0)) \
            bash "$root/Scripts/mutation.sh" "$only" &
        shard_pids+=($!)
    done
    status=0
    for pid in "${shard_pids[@]}"; do
        wait "$pid" || status=$((status > $? ? status : $?))
    done
    # Each block tested once, whichever copy took it: a queue that skipped or repeated a block would
    # otherwise pass with less checked.
    if [[ $status == 0 ]]; then
        seen=$(cat "${tested_lists[@]}" 2>/dev/null | sort -n | paste -sd ' ' || true)
        want=$(seq 0 $((${#names[@]} - 1)) | paste -sd ' ')
        [[ "$seen" == "$want" ]] || fail "the copies tested the blocks at positions [$seen], not each of the ${#names[@]} once"
        echo "mutation: ${#names[@]} of ${#names[@]} blocks tested, by $jobs copies"
    fi
    exit "$status"
fi
# A shard (MUTATION_SHARD=I/N) tests the blocks it takes from MUTATION_QUEUE; with no queue, the blocks whose
# position in the list is I modulo N. Any shard may take any block.
shard=0 shards=1 queue="${MUTATION_QUEUE:-}"
if [[ -n "${MUTATION_SHARD:-}" ]]; then
    [[ "$MUTATION_SHARD" =~ ^([0-9]+)/([1-9][0-9]*)$ ]] || fail "MUTATION_SHARD must be I/N, not '$MUTATION_SHARD'"
    shard=${BASH_REMATCH[1]} shards=${BASH_REMATCH[2]}
fi
[[ -z "$queue" || -f "$queue" ]] || fail "MUTATION_QUEUE names no file: $queue"
# Blocks are taken file by file (in the list's order within a file): a copy's next mutant then mostly sits in
# the file it has just put back, so its build compiles that one file, where a mutant in another file builds
# two, its own and the one put back (0.8 s more of a 3.6 s build, measured).
mapfile -t order < <(for index in "${!files[@]}"; do printf '%s\t%s\n' "${files[$index]}" "$index"; done |
    LC_ALL=C sort -s -t $'\t' -k 1,1 | cut -f 2)
owned=()
for index in "${order[@]}"; do
    ((index % shards != shard)) || owned+=("$index")
done
[[ ${#owned[@]} -gt 0 || -n "$queue" ]] || exit 0
# Read above; the builds and suites below run without them. A test that runs this script itself (make
# gate-check's planted faults, in GateCheckTests) would otherwise take this run's shard and find no block.
export -n MUTATION_SHARD MUTATION_SCRATCH MUTATION_JOBS MUTATION_LIST MUTATION_REUSE_BUILD MUTATION_BASELINE_SUITE \
    MUTATION_BUILD_TIMEOUT MUTATION_TEST_TIMEOUT MUTATION_QUEUE MUTATION_SCHEMATA MUTATION_SCHEMATA_PLAN MUTATION_SCHEMATA_MINE

# The next block to test: the queue's next position (none left: empty), or the next owned one.
taken=0
take() {
    local position
    if [[ -z "$queue" ]]; then
        ((taken < ${#owned[@]})) || return 1
        next=${owned[taken]}
        taken=$((taken + 1))
        return 0
    fi
    exec {lock}>>"$queue.lock"
    flock "$lock"
    position=$(<"$queue")
    echo $((position + 1)) >"$queue"
    exec {lock}>&-
    [[ "$position" =~ ^[0-9]+$ ]] || fail "MUTATION_QUEUE holds no position: $position"
    ((position < ${#names[@]})) || return 1
    next=${order[position]}
}

# The next block: this copy's pending ones first (its plan's blocks not tested as schemata), then the
# queue's, less the blocks of the schemata plan (the first copy's).
pending=()
take_next() {
    if ((${#pending[@]})); then
        next=${pending[0]}
        pending=("${pending[@]:1}")
        return 0
    fi
    while take; do
        [[ -n "${in_plan[$next]:-}" ]] || return 0
    done
    return 1
}
# The schemata plan (MUTATION_SCHEMATA=1): the blocks whose line can carry both versions; the first copy
# (MUTATION_SCHEMATA_MINE=1, or the only one) builds them in at its start and tests them, the others skip them.
schema_plan=()
mine=${MUTATION_SCHEMATA_MINE:-1}
if [[ -n "${MUTATION_SCHEMATA_PLAN:-}" ]]; then
    read -r -a schema_plan <"$MUTATION_SCHEMATA_PLAN" || true
elif [[ "${MUTATION_SCHEMATA:-0}" == 1 && -z "$only" ]]; then
    read -r -a schema_plan < <(python3 "$root/Scripts/mutation-schemata.py" plan "$list" "$root" \
        $(seq 0 $((${#names[@]} - 1))); echo) || fail "Scripts/mutation-schemata.py could not plan the schemata"
fi
declare -A in_plan=()
for index in ${schema_plan[@]+"${schema_plan[@]}"}; do
    in_plan[$index]=1
done
schemata=()
declare -A schema_line=()
unset RECEIPT_MUTANT

# ---- A fresh copy of the package (its .build kept), checked before anything is built.
mkdir -p "$tree" "$logs"
: >"$scratch/tested"
find "$tree" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
tar --exclude=./.build --exclude=./.git --exclude=./.swiftpm -cf - . | tar -xf - -C "$tree"
# No test runs receipt-bench: the copy's manifest leaves it out, so that a mutant of ReceiptKit does not relink
# it (0.25 s of CPU of such a mutant's 3.8, measured; about 80 s over the list's ReceiptKit blocks).
# shellcheck disable=SC2016
printf '\n%s\n' '// make mutation: no test runs it.' 'package.targets.removeAll { $0.name == "receipt-bench" }' \
    >>"$tree/Package.swift"

# MUTATION_REUSE_BUILD=1: the copy's .build starts as this tree's debug build (with the schema venv the suite
# runs), and every build and suite of the copy runs with the copy bound at this tree's path ($scratch/bound
# says so, since a build made there only works there). Without it a copy once bound starts its own build.
bound=no
if [[ "${MUTATION_REUSE_BUILD:-0}" == 1 ]]; then
    [[ -f "$root/.build/debug.yaml" ]] ||
        fail "MUTATION_REUSE_BUILD=1, but this tree has no debug build to start from (swift build --build-tests)"
    unshare --mount --propagation private true 2>/dev/null ||
        fail "MUTATION_REUSE_BUILD=1 needs a mount namespace (root, unshare), which this system refuses"
    rm -rf "$tree/.build"
    mkdir -p "$tree/.build"
    triple=$(dirname "$(readlink "$root/.build/debug")")
    mkdir -p "$tree/.build/$triple"
    cp -a "$root/.build/$triple/debug" "$tree/.build/$triple/"
    for part in debug build.db debug.yaml plugin-tools.yaml workspace-state.json artifacts checkouts repositories \
        schema-venv; do
        [[ ! -e "$root/.build/$part" && ! -L "$root/.build/$part" ]] || cp -a "$root/.build/$part" "$tree/.build/"
    done
    touch "$scratch/bound"
    bound=yes
elif [[ -f "$scratch/bound" ]]; then
    rm -rf "$tree/.build" "$scratch/bound"
fi
# in_tree COMMAND...: runs COMMAND in the copy (replacing the calling subshell, so its pid is COMMAND's).
in_tree() {
    if [[ $bound == yes ]]; then
        # shellcheck disable=SC2016
        exec unshare --mount --propagation private bash -c 'mount --bind "$1" "$2" && cd "$2" && shift 2 && exec "$@"' \
            in-tree "$tree" "$root" "$@"
    fi
    cd "$tree" && exec "$@"
}

# How often TEXT occurs in FILE, matches not overlapping (as bash's ${var/"pattern"/...} finds the first,
# which applies a mutant). grep, not a loop of bash pattern matches, which took minutes over the list.
occurrences() { # file text
    { LC_ALL=C grep -aoF -e "$2" -- "$1" || true; } | wc -l
}
for index in "${!names[@]}"; do
    target="$tree/${files[$index]}"
    [[ -f "$target" ]] || fail "'${names[$index]}': ${files[$index]} does not exist"
    count=$(occurrences "$target" "${originals[$index]}")
    [[ $count == 1 ]] || fail "'${names[$index]}': the text occurs $count times in ${files[$index]}, not once: ${originals[$index]}"
done

# Whatever happens, the copy is put back and a running build or suite is stopped.
current=""
restore() {
    if [[ -n "$current" && -f "$scratch/original" ]]; then
        cp "$scratch/original" "$current"
        touch_importers "$current"
    fi
    current=""
}
# SwiftPM's incremental build does not see a change to a C target's header (Sources/CReceipt/CReceipt.h):
# nothing is rebuilt, and a mutant there would be tested unbuilt. The Swift files that import the module
# (and so compile its inline functions into their objects) are touched when the header changes, on the
# way in and on the way back, so both builds compile what the header now says.
touch_importers() { # file
    local relative=${1#"$tree/"} module
    [[ "$relative" =~ ^Sources/(C[A-Za-z0-9]*)/ ]] || return 0
    module=${BASH_REMATCH[1]}
    grep -rlE --include='*.swift' "^(@_implementationOnly |internal |package |public )?import $module\b" \
        "$tree/Sources" "$tree/Tests" "$tree/Tools" 2>/dev/null | xargs -r touch
}
trap 'restore' EXIT
trap 'restore; [[ -z "$suite_pid" ]] || stop_tree "$suite_pid"; exit 130' INT TERM

# The copy's binaries are linked without debug information (-S: gold's, lld's and ld64's --strip-debug): a
# mutant's build is mostly its links, a killed mutant is judged by failed expectations, not by a backtrace,
# and the objects are compiled as the tree's own build compiles them, so the copy's first build only relinks.
# With the toolchain's ld.lld beside its swift, they are linked by it (a SwiftPM toolset naming only the
# linker, so no compile command changes): a mutant's build took 2.8 s with it against 3.1 to 3.6 s with the
# default gold, on this project, alone on 2 cores.
linker=()
lld="$(dirname "$(readlink -f "$(command -v "$swift" || echo "$swift")")")/ld.lld"
if [[ -x "$lld" ]]; then
    mkdir -p "$tree/.build"
    printf '{"schemaVersion": "1.0", "linker": {"path": "%s"}}\n' "$lld" >"$tree/.build/mutation-linker.json"
    # Relative: the build runs in the copy, which a bound copy sees at this tree's path.
    linker=(--toolset .build/mutation-linker.json)
fi
# SwiftPM locks a scratch path with a file in TMPDIR named after the path: copies bound at this tree's path
# would all take one lock, and build one at a time (each waiting "until that process has finished"). Each
# copy's builds take a TMPDIR of their own, in the copy's .build (where a bound copy sees it at this tree's
# path), so they build side by side as the copies were meant to.
mkdir -p "$tree/.build/mutation-tmp"
build_tmp="$tree/.build/mutation-tmp"
[[ $bound == no ]] || build_tmp="$root/.build/mutation-tmp"
build() { # log
    (TMPDIR="$build_tmp" in_tree timeout "$build_timeout" "$swift" build --build-tests -Xlinker -S ${linker[@]+"${linker[@]}"}) \
        > "$1" 2>&1
}
# The first failed expectation is enough to kill a mutant: the suite is stopped there
# instead of running to its end (most mutants fail within seconds), which keeps `make mutation` within
# CI's time as the list grows. The baseline and surviving mutants run the whole suite.
suite() { # log [stop-early [filter]]
    local filter=() first=()
    [[ -z "${3:-}" ]] || filter=(--filter "$3")
    # A mutant's suite stops at its first failure, and so does a gate stage a test runs (gate-check.sh).
    [[ "${2:-}" != stop-early ]] || first=(env GATE_FIRST_FAILURE=1)
    # MutationListTests checks that each block's line is in its file, which a mutant has replaced: it
    # would kill every mutant without any check being tested. The baseline runs it.
    [[ -z "${2:-}" ]] || filter+=(--skip MutationListTests)
    # The events of an earlier run under the same name must not speak for this one.
    mkdir -p "$tree/.build/mutation-events"
    rm -f "$(events_of "$1")"
    # Line-buffered, so a failure shows in the log as soon as it is reported; the event stream is written
    # as the run goes, to a path relative to the copy (which a bound copy sees at this tree's path).
    local stream=".build/mutation-events/${1##*/}.events"
    (in_tree timeout "$test_timeout" stdbuf -oL -eL ${first[@]+"${first[@]}"} "${runner[@]}" "${filter[@]}" \
        --event-stream-output-path "$stream" --event-stream-version 0) > "$1" 2>&1 &
    local pid=$!
    suite_pid=$pid
    if [[ "${2:-}" == stop-early ]]; then
        while kill -0 "$pid" 2>/dev/null; do
            if recorded_failure "$1"; then
                stop_tree "$pid"
                wait "$pid" 2>/dev/null || true
                return 1
            fi
            sleep 0.2
        done
    fi
    wait "$pid"
}
suite_pid=""
runner=("$swift" test --skip-build)

# A run's tests, read from its event stream (one JSON object a line, whose strings escape every quote, so a
# key is found by its quoted name), each by its full ID, one a line. The stream of the run logged in LOG is
# in the copy's .build: a bound copy cannot reach this tree's (where the logs are), which it hides.
events_of() { # log
    printf '%s/.build/mutation-events/%s.events' "$tree" "${1##*/}"
}
test_ids() {
    sed -n 's/.*"testID":"\([^"]*\)".*/\1/p' | sed 's#\\/#/#g'
}
# The tests that recorded an issue that is not known and not a time limit (a failed expectation, a thrown
# error), in the order of their first.
failed_tests() { # log
    { grep -F '"kind":"issueRecorded"' "$(events_of "$1")" 2>/dev/null || true; } | grep -F '"isKnown":false' |
        grep -vF 'Time limit was exceeded' | test_ids | awk '!seen[$0]++' || true
}
# The test functions that ended with no such issue (with known issues or not).
passed_tests() { # log
    local failed
    failed=$(failed_tests "$1")
    { grep -F '"kind":"testEnded"' "$(events_of "$1")" 2>/dev/null || true; } | test_ids |
        grep -E '\.swift:[0-9]+:[0-9]+$' | sort -u | grep -vxF -e "${failed:-//none}" || true
}
# Whether a run's events show a test that failed (a time limit is not a failure).
recorded_failure() { # log
    [[ -n "$(failed_tests "$1")" ]]
}
# A --filter pattern for exactly the tests of these full IDs (the filter is matched against a test's ID).
# shellcheck disable=SC2016
exactly() { # id...
    printf '%s\n' "$@" | sed 's/[][\.*^$()+?{}|]/\\&/g; s/^/^/; s/$/$/' | paste -sd '|'
}
# A test's suite and function, the `tests:` hint to keep: Suite/function.
hint_of() { # id
    sed -E 's#/[^/]*\.swift:[0-9]+:[0-9]+$##; s#^[^./]*\.##; s#\(.*\)$##' <<<"$1"
}

# SwiftPM starts the test runner in a process group of its own: stop the tree, children first.
stop_tree() { # pid
    local child
    for child in $(pgrep -P "$1" || true); do
        stop_tree "$child"
    done
    kill -TERM "$1" 2>/dev/null || true
}

start=$(date +%s)
echo "mutation: building and testing the unmutated copy in $tree"
# This copy's schemata, built in with the unmutated copy: each line carries both versions and chooses by
# RECEIPT_MUTANT, unset here, so the copy is the unmutated package until a block is chosen. The blocks whose
# schema the compiler refuses are left out (and built on their own later), up to three times.
schema_state="$scratch/schemata"
schema_script="$root/Scripts/mutation-schemata.py"
if ((mine)) && ((${#schema_plan[@]})); then
    wanted=("${schema_plan[@]}")
    for attempt in 1 2 3; do
        rm -rf "$schema_state"
        mkdir -p "$schema_state"
        read -r -a schemata < <(python3 "$schema_script" apply "$list" "$tree" "$schema_state" "${wanted[@]}"; echo)
        ((${#schemata[@]})) || break
        build "$logs/schemata-build-$attempt.log" && break
        refused=$(python3 "$schema_script" refused "$schema_state" "$logs/schemata-build-$attempt.log")
        python3 "$schema_script" restore "$tree" "$schema_state"
        echo "mutation: the compiler refused the schemata of blocks [$refused] (see $logs/schemata-build-$attempt.log): built on their own"
        schemata=()
        [[ "$refused" != all && $attempt != 3 ]] || break
        mapfile -t wanted < <(printf '%s\n' "${wanted[@]}" | grep -vxF -f <(tr ' ' '\n' <<<"$refused"))
    done
    declare -A built_in=()
    for index in ${schemata[@]+"${schemata[@]}"}; do
        built_in[$index]=1
    done
    # Where each schema's line is (list position, file, line), for one built on its own after all.
    while IFS=$'\t' read -r index _ line; do
        schema_line[$index]=$line
    done < <(cat "$schema_state/lines" 2>/dev/null || true)
    for index in "${schema_plan[@]}"; do
        [[ -n "${built_in[$index]:-}" ]] || pending+=("$index")
    done
    # The other blocks' lines are still in their files, once each (a schema's rewritten line could hold one).
    for index in "${!names[@]}"; do
        [[ -z "${built_in[$index]:-}" ]] || continue
        target="$tree/${files[$index]}"
        count=$(occurrences "$target" "${originals[$index]}")
        [[ $count == 1 ]] || fail "'${names[$index]}': with the schemata built in, the text occurs $count times in ${files[$index]}"
    done
    echo "mutation: ${#schemata[@]} blocks built in as schemata, ${#pending[@]} of the plan on their own"
fi
build "$logs/baseline-build.log" || fail "the unmutated package does not build; see $logs/baseline-build.log"
# The suite's tests are all Swift Testing's: on Linux the test binary runs them itself, which saves `swift
# test`'s start and its empty XCTest pass, about a second of each of the run's 300-odd suites (NO_COLOR: the
# log is read as swift test writes it). Elsewhere (a bundle, not a program) and if XCTest cases ever appear,
# swift test runs them (the runner's default, set beside suite()).
tests_binary=$(find "$tree/.build/debug/" -maxdepth 1 -name '*PackageTests.xctest' -type f -perm -u+x 2>/dev/null | head -n 1 || true)
if [[ -n "$tests_binary" ]] && ! grep -rqs 'XCTestCase' "$tree/Tests"; then
    runner=(env NO_COLOR=1 ".build/debug/$(basename "$tests_binary")" --testing-library swift-testing)
fi
# CI has just run the same suite over the same sources (make test): MUTATION_BASELINE_SUITE=0 skips it here.
# A test that fails in this copy for a reason of its own would "kill" every mutant: without the whole
# suite, each copy proves at its end that the tests that killed its mutants pass there unmutated (a test may
# fail in one copy and not in another), and only those: a proof of the hinted tests upfront would run tests
# that decide nothing (a hint may be stale) before any mutant.
whole_suite=yes
if [[ "${MUTATION_BASELINE_SUITE:-1}" != 0 ]]; then
    suite "$logs/baseline-test.log" || fail "the suite fails without any mutation; see $logs/baseline-test.log"
else
    whole_suite=no
fi
killers=()
# What the copy's products were last built from: a mutant of a compiled file, or the unmutated sources.
built=unmutated
# Whether SwiftPM compiles a file into the products the tests run (the rest they read as they run).
compiled() { # path from the package root
    [[ "$1" == Sources/* || "$1" == Tests/* || "$1" == Package.swift ]]
}

# The suite over the mutant in place: the block's hinted tests first, the whole suite when they kill nothing.
# Sets suite_status (0: no test failed).
run_suite() { # index log
    local index=$1 log=$2
    suite_status=0
    if [[ -n "${hints[$index]}" ]]; then
        suite "$log" stop-early "${hints[$index]}" || suite_status=$?
        # The hinted tests passed or ran out of time: the whole suite decides.
        if [[ $suite_status == 0 ]] || ! recorded_failure "$log"; then
            mv "$log" "$log.hinted"
            mv "$(events_of "$log")" "$(events_of "$log.hinted")" 2>/dev/null || true
            suite_status=0
            suite "$log" stop-early || suite_status=$?
        fi
    else
        suite "$log" stop-early || suite_status=$?
    fi
}
# The block's verdict from its suite, printed and counted.
judge() { # index log started
    local index=$1 log=$2 mutant_start=$3 failing verdict killer line
    tested=$((tested + 1))
    # Only a failed test kills a mutant; a suite that merely ran out of time proves nothing.
    failing=$(failed_tests "$log" | grep -c . || true)
    if [[ $suite_status == 0 ]]; then
        verdict=SURVIVED
        survived=$((survived + 1))
    elif [[ $failing == 0 ]]; then
        verdict=UNCLEAR
        survived=$((survived + 1))
    else
        verdict=killed
        killed=$((killed + 1))
    fi
    # The first test that failed, by its full ID; its suite and function are the block's `tests:` hint.
    killer=$(failed_tests "$log" | head -n 1)
    line=$(printf '%-9s %-62s %4ss  %s failing tests%s' "$verdict" "${names[$index]}" $(($(date +%s) - mutant_start)) \
        "$failing" "${killer:+, first by $(hint_of "$killer")}")
    results+=("$line")
    echo "$line"
    echo "$index" >>"$scratch/tested"
    if [[ $verdict == killed && $whole_suite == no ]]; then
        killers+=("$killer")
    fi
}

killed=0 survived=0 tested=0
results=()
# The schemata built in above, each chosen by RECEIPT_MUTANT in the environment of its hinted tests (and of
# their children). One they do not kill is built on its own below, as is every block of this copy's plan
# that the compiler refused as a schema: only a kill by the hinted tests is taken from a schema.
for index in ${schemata[@]+"${schemata[@]}"}; do
    log="$logs/$(printf '%02d' "$index").log"
    mutant_start=$(date +%s)
    suite_status=0
    RECEIPT_MUTANT=$index suite "$log" stop-early "${hints[$index]}" || suite_status=$?
    if [[ $suite_status != 0 ]] && recorded_failure "$log"; then
        judge "$index" "$log" "$mutant_start"
    else
        pending+=("$index")
    fi
done
while take_next; do
    index=$next
    label="${names[$index]}"
    target="$tree/${files[$index]}"
    log="$logs/$(printf '%02d' "$index").log"
    cp "$target" "$scratch/original"
    current="$target"
    content=$(< "$target")
    if [[ -n "${schema_line[$index]:-}" ]]; then
        # A schema no hinted test killed: its line carries both versions, and becomes the mutant's alone.
        REPLACEMENT="${replacements[$index]}" awk -v at="${schema_line[$index]}" \
            'NR == at { print ENVIRON["REPLACEMENT"]; next } { print }' "$scratch/original" >"$target"
    else
        printf '%s\n' "${content/"${originals[$index]}"/"${replacements[$index]}"}" > "$target"
    fi
    touch_importers "$target"
    # A script or data file is read by the tests as they run: its mutant needs no build while the built
    # products are the unmutated sources' (about a second of SwiftPM's planning for each of the list's
    # script blocks, which come first in its order by file).
    if compiled "${files[$index]}" || [[ $built == mutant ]]; then
        if ! build "$log"; then
            restore
            fail "'$label' does not build (see $log): fix the mutation in $list"
        fi
        built=unmutated
        ! compiled "${files[$index]}" || built=mutant
    fi
    mutant_start=$(date +%s)
    run_suite "$index" "$log"
    restore
    judge "$index" "$log" "$mutant_start"
done

# The killers, unmutated: the copy is unmutated again (restore), rebuilt, and each of them must run and pass
# there (a filter that matched nothing proves nothing). In the first copy the schemata stay built in with no
# block chosen: a schema that changed what the copy does unchosen fails its killers here.
if [[ ${#killers[@]} -gt 0 ]]; then
    mapfile -t unproven < <(printf '%s\n' "${killers[@]}" | sort -u)
    echo "mutation: the tests that killed mutants in this copy, unmutated: ${unproven[*]}"
    build "$logs/baseline-build-killers.log" || fail "the unmutated package does not build; see $logs/baseline-build-killers.log"
    suite "$logs/baseline-killers.log" "" "$(exactly "${unproven[@]}")" ||
        fail "unmutated, tests that killed mutants fail in the copy: $(failed_tests "$logs/baseline-killers.log" | paste -sd ' ') (see $logs/baseline-killers.log)"
    passed=$(passed_tests "$logs/baseline-killers.log")
    for killer in "${unproven[@]}"; do
        grep -qxF "$killer" <<<"$passed" ||
            fail "unmutated, a test that killed a mutant did not pass in the copy: $killer (see $logs/baseline-killers.log)"
    done
fi

echo
echo "mutation: $tested mutations, $killed killed, $survived survived or unclear (no failed expectation), in $(($(date +%s) - start)) s"
[[ $survived == 0 ]] || exit 1
exit 0
}
