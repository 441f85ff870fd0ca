#!/usr/bin/env bash
# libFuzzer targets over ReceiptKit and the service, declared only for this script's build (no other needs libFuzzer).
#   Scripts/fuzz.sh build                  compile .build/fuzz/receipt-fuzz and receipt-fuzz-serve (ASan + libFuzzer)
#   Scripts/fuzz.sh run TARGET SECONDS     fuzz one target from its kept corpus and seeds (targets: TARGETS below)
#   Scripts/fuzz.sh all SECONDS            build, then fuzz every target for SECONDS each (FUZZ_JOBS at once)
#   Scripts/fuzz.sh merge TARGET           merge the run's corpus into the kept corpus Tools/Fuzz/Corpus/TARGET
#   Scripts/fuzz.sh coverage               line coverage per target from replaying the kept corpus
# Crashes land in .build/fuzz/findings/TARGET/; replay one with RECEIPT_FUZZ_TARGET=TARGET .build/fuzz/receipt-fuzz FILE
# run and all exit non-zero on any finding (crash, sanitizer report, leak, timeout, out of memory) and name
# the input saved for it, and on a run that outlives SECONDS by FUZZ_MARGIN (default 120) seconds: a fuzzer
# that hangs fails CI instead of stalling it. FUZZ_OUT (default .build/fuzz) moves the binary, corpus and findings.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${FUZZ_OUT:-.build/fuzz}
BIN=$OUT/receipt-fuzz
TARGETS=(receipt payload jws rules report-json jws-json json server-api revocation verifyreceipt-request certificate
    notification line base64 intake serve-request)
# serve-request, the service's request handling (Tools/Fuzz/Serve), is the command line's code: its own binary,
# made by the same build as the library's.
SERVE_BIN=$OUT/receipt-fuzz-serve
# That build's scratch, and the folder the library's fuzz target is declared at (RECEIPT_FUZZ_HARNESS).
SCRATCH=${FUZZ_SCRATCH:-.build/fuzz-build}
HARNESS=.build/fuzz-harness
# The minimized corpus kept in the repository: every run starts from it and the suite replays it.
KEPT=Tools/Fuzz/Corpus

# The coverage build compiles the library and the fuzz targets as one module with swiftc (the targets reach
# internal API). ReceiptKit's System/ is left out: it is the one folder that imports another target
# (ReceiptSystem, to write a verdict to a descriptor), which this one module does not build, and nothing a
# target runs writes to a descriptor. Tools/Fuzz/Serve is serve-request's entry, over the command line's module.
fuzz_sources() {
    {
        find Sources/ReceiptKit Tests/ReceiptKitTests/Fuzz Tools/Fuzz -name '*.swift' -not -path 'Sources/ReceiptKit/System/*' \
            -not -path 'Tools/Fuzz/Serve/*'
        # The store's intake and import path that the intake target reaches (no SQLite: it stops before the store).
        echo Sources/ReceiptStore/NotificationBodies.swift
        echo Sources/ReceiptStore/StoredNotification.swift
    } | sort
}

# One SwiftPM release build makes both binaries, every module compiled once, with the fuzzer's coverage and
# ASan. The library's targets (Tests/ReceiptKitTests/Fuzz) are ReceiptKitTests' files, which SwiftPM takes for
# one target only: the fuzz target's folder holds links to them and to the entry (Tools/Fuzz/FuzzEntry.swift).
build() {
    mkdir -p "$OUT"
    rm -rf "$HARNESS"
    mkdir -p "$HARNESS"
    ln -s ../../Tests/ReceiptKitTests/Fuzz "$HARNESS/Harness"
    ln -s ../../Tools/Fuzz/FuzzEntry.swift "$HARNESS/FuzzEntry.swift"
    # One -sanitize flag: SwiftPM's --sanitize passes each alone, and swiftc keeps only the last (no coverage
    # then). -enable-testing lets the entries reach internal API (@testable import). The two products in one
    # scratch, serve-request's first: the library's then adds only its own module. (Building every target
    # would also link receipt-check and receipt-bench with the fuzzer, which they are not made for.)
    : >"$BIN.log"
    local product
    for product in receipt-fuzz-serve receipt-fuzz; do
        if ! RECEIPT_FUZZ_HARNESS=$HARNESS swift build -c release -Xswiftc -enable-testing -Xswiftc -sanitize=fuzzer,address \
            --scratch-path "$SCRATCH" --product "$product" >>"$BIN.log" 2>&1; then
            cat "$BIN.log" >&2
            echo "fuzz.sh: the fuzz build failed (does this toolchain ship libFuzzer?)" >&2
            exit 1
        fi
    done
    cp "$SCRATCH/release/receipt-fuzz" "$BIN"
    cp "$SCRATCH/release/receipt-fuzz-serve" "$SERVE_BIN"
}

# The binary that fuzzes TARGET: serve-request's own once built (FUZZ_BUILD=0's stand-in takes every target).
binary_for() {
    if [ "$1" = serve-request ] && [ -x "$SERVE_BIN" ]; then echo "$SERVE_BIN"; else echo "$BIN"; fi
}

# swiftc over the library and the targets as one module, with the flags given (coverage's).
compile() {
    local binary=$1
    shift
    # shellcheck disable=SC2046
    if ! swiftc "$@" -j "$(nproc)" -D RECEIPT_FUZZ -parse-as-library -g -module-name ReceiptKit -package-name receipt_check \
        -I Sources/CReceipt -I Sources/CCurl $(pkg-config --cflags-only-I libcrypto | sed 's/-I/-Xcc -I/g') \
        $(pkg-config --libs libcrypto) "${sources[@]}" -o "$binary" >"$binary.log" 2>&1; then
        cat "$binary.log" >&2
        echo "fuzz.sh: the fuzz build failed (does this toolchain ship libFuzzer?)" >&2
        exit 1
    fi
    # gold warns once per ASan helper symbol, and the targets' `import ReceiptKit` is moot here;
    # anything else is worth seeing.
    grep -v -e "Cannot export local symbol '__asan" -e "ignoring import" -e '^ *[0-9]* |' -e '^ *|' "$binary.log" || true
}

# The kept corpus and the seeds go to a scratch corpus that libFuzzer grows; nothing under .build is committed.
seed() {
    local target=$1 dir=$OUT/corpus/$1
    mkdir -p "$dir"
    if [ -d "$KEPT/$target" ]; then
        find "$KEPT/$target" -maxdepth 1 -type f -exec cp {} "$dir"/ \;
    fi
    case $target in
    receipt | report-json | line)
        cp Fixtures/*.receipt Fixtures/*.b64 "$dir"/
        ;;
    payload)
        for receipt in Fixtures/*.receipt; do
            openssl cms -verify -noverify -binary -inform DER -in "$receipt" \
                -out "$dir/$(basename "$receipt" .receipt).payload" 2>/dev/null || true
        done
        ;;
    jws-json)
        # Payload JSON decoded straight into a report, so mutations reach the writers unhindered by base64.
        cat >"$dir/transaction.json" <<'JSON'
{"transactionId":"1","bundleId":"a/b","signedDate":1795000000000.5,"price":-9223372036854775808,"isUpgraded":true,"x":[1.5,1e20,-0.0,0.1,"\u0001\u007f\u00e9\"\\",{"":null,"A":[],"a":{}}]}
JSON
        cat >"$dir/notification.json" <<'JSON'
{"notificationType":"TEST","signedDate":-62135769600000,"data":{"bundleId":"b","status":1,"z":{"K":1}},"summary":{"a":[true]},"appData":{"appAppleId":1}}
JSON
        cat >"$dir/renewal.json" <<'JSON'
{"autoRenewStatus":0,"eligibleWinBackOfferIds":["a","\n"],"renewalDate":253402300799999,"commitmentInfo":{"p":[1,2.25]}}
JSON
        ;;
    json)
        cp schema/report.schema.json "$dir/schema.json"
        cat >"$dir/values.json" <<'JSON'
{"a":[1,-2,3.5,1e2,true,false,null,{"b":"x\u00e9\ud83d\ude00\n\"","c":[[[]]]}],"big":12345678901234567890,"e":""}
JSON
        ;;
    certificate)
        cp Fixtures/pki/*.pem Fixtures/pki/*.der "$dir"/
        find "$dir" -name '*.key.pem' -delete
        ;;
    serve-request)
        # NAME=VALUE parameters as libfcgi hands them over, NUL-separated up to an empty one, then the body.
        local receipt=Fixtures/valid.receipt
        [ -f "$receipt" ] || receipt=$(find Fixtures -maxdepth 1 -name '*.receipt' | sort | head -n 1)
        {
            printf 'REQUEST_METHOD=POST\0DOCUMENT_URI=/verifyReceipt\0CONTENT_LENGTH=%s\0\0' "$(($(base64 -w0 "$receipt" | wc -c) + 19))"
            printf '{"receipt-data":"%s"}' "$(base64 -w0 "$receipt")"
        } >"$dir/verifyreceipt"
        { printf 'REQUEST_METHOD=POST\0REQUEST_URI=/verify?x=1\0\0'; cat "$receipt"; } >"$dir/verify"
        printf 'REQUEST_METHOD=GET\0DOCUMENT_URI=/health\0\0' >"$dir/health"
        printf 'REQUEST_METHOD=POST\0DOCUMENT_URI=/verify\0CONTENT_LENGTH=99999999\0\0{}' >"$dir/too-large"
        ;;
    rules)
        cp examples/ci/rules.txt "$dir/ci-rules.txt"
        cat >"$dir/grammar.txt" <<'RULES'
# every construct of the rule language once
premium: original_application_version < 42
premium: original_application_version <= "1.10"
pro.tier-2 : product "com.example.pro" or product "say \"hi\" \\"
p: subscription "monthly" active and not (product "a" or environment == sandbox)
p: bundle_id == "com.example.receiptcheck" and application_version >= 1.2.3
p: receipt_creation_date < 2024-01-01T00:00:00Z and original_purchase_date >= 2020-01-01
p: product "season" for P1Y2M3DT4H and subscription "m" in_grace or subscription group "21000000" active
p: original_application_version < ios:42 macos:2.0 and original_platform == "macOS"
p: receipt_type == "ProductionVPP" and preorder_date < 2024-06-01 and ownership == family_shared
RULES
        ;;
    esac
    if [ -z "$(ls -A "$dir")" ]; then
        echo "fuzz.sh: no seeds for $target (no $KEPT/$target?)" >&2
        exit 1
    fi
}

# The kept corpus rewritten as the smallest set of the kept inputs and the run's that reaches the same
# coverage (libFuzzer's -set_cover_merge=1, a greedy set cover: fewer inputs than -merge=1's); inputs
# named finding-* (each a fixed finding) are kept whatever they add.
merge() {
    local target=$1 kept=$KEPT/$1 merged
    seed "$target"
    merged=$(mktemp -d "$OUT/merge-$target.XXXXXX")
    mkdir -p "$kept"
    find "$kept" -maxdepth 1 -type f -name 'finding-*' -exec cp {} "$merged"/ \;
    RECEIPT_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no "$(binary_for "$target")" -set_cover_merge=1 \
        -max_len=65536 -rss_limit_mb=2048 -timeout=10 "$merged" "$kept" "$OUT/corpus/$target" 2>&1 |
        grep -E '^MERGE-OUTER: [0-9]+ new files' || true
    rm -rf "$kept"
    mv "$merged" "$kept"
    chmod 755 "$kept"
    echo "fuzz.sh: $kept holds $(find "$kept" -type f | wc -l) inputs, $(du -sk "$kept" | cut -f1) KB"
}

# The parser files each target exists to reach: coverage names the functions of these it never runs.
parsers() {
    case $1 in
    receipt | report-json)
        echo Sources/ReceiptKit/Receipt/PKCS7Verifier.swift Sources/ReceiptKit/Receipt/Envelope Sources/ReceiptKit/Codecs/ASN1
        ;;
    payload) echo Sources/ReceiptKit/Receipt/Model/PayloadDecoder.swift Sources/ReceiptKit/Codecs/ASN1 ;;
    jws | jws-json)
        echo Sources/ReceiptKit/StoreKit/JWSVerifier.swift Sources/ReceiptKit/StoreKit/Envelope Sources/ReceiptKit/StoreKit/Model \
            Sources/ReceiptKit/Trust/ES256Signature.swift \
            Sources/ReceiptKit/Receipt/Model/Fields/AppStoreEnumeration.swift Sources/ReceiptKit/Receipt/Model/Fields/AppStoreValue.swift \
            Sources/ReceiptKit/Receipt/Model/Fields/JWSDate.swift
        ;;
    rules) echo Sources/ReceiptKit/Rules/RuleParser.swift Sources/ReceiptKit/Rules/RuleTokenizer.swift ;;
    json) echo Sources/ReceiptKit/Codecs/JSON/JSONParser.swift Sources/ReceiptKit/Codecs/JSON/JSONValue.swift ;;
    server-api)
        echo Sources/ReceiptKit/ServerAPI/History/HistoryPages.swift Sources/ReceiptKit/ServerAPI/Client/UnsignedResponse.swift \
            Sources/ReceiptKit/ServerAPI/Client/AppleErrorBody.swift Sources/ReceiptKit/Input/ServerResponse+Recognise.swift \
            Sources/ReceiptKit/ServerAPI/ResponseVerifier.swift Sources/ReceiptKit/ServerAPI/Envelope Sources/ReceiptKit/ServerAPI/Facts
        ;;
    revocation)
        echo Sources/ReceiptKit/OpenSSL/Revocation/OCSPResponse.swift Sources/ReceiptKit/Trust/Revocation/OCSPVerification.swift \
            Sources/ReceiptKit/OpenSSL/Revocation/CertificateRevocationList.swift Sources/ReceiptKit/Trust/Revocation/CRLVerification.swift
        ;;
    verifyreceipt-request) echo Sources/ReceiptKit/VerifyReceipt ;;
    certificate) echo Sources/ReceiptKit/OpenSSL/Certificate.swift ;;
    notification | line)
        echo Sources/ReceiptKit/Input/ReceiptInput.swift Sources/ReceiptKit/StoreKit/JWSVerifier.swift Sources/ReceiptKit/StoreKit/Envelope \
            Sources/ReceiptKit/Trust/ES256Signature.swift
        ;;
    base64) echo Sources/ReceiptKit/Codecs/Base64.swift ;;
    intake) echo Sources/ReceiptStore/NotificationBodies.swift Sources/ReceiptStore/StoredNotification.swift ;;
    esac
}

# A build with coverage mapping (no sanitizer) replays each target's kept corpus once; the table gives
# the lines run of the target's parser files and of the whole library, and $OUT/coverage/TARGET.txt
# the parser functions no kept input reaches.
coverage() {
    local bin=$OUT/receipt-coverage dir=$OUT/coverage tools
    tools=$(dirname "$(command -v swiftc)")
    mkdir -p "$dir"
    mapfile -t sources < <(fuzz_sources)
    # Built again only when a source changed: a corpus merged since is replayed by the same binary.
    if [ ! -x "$bin" ] || [ -n "$(find "${sources[@]}" -newer "$bin" | head -n 1)" ]; then
        compile "$bin" -sanitize=fuzzer -profile-generate -profile-coverage-mapping
    fi
    printf '%-22s %8s %22s %22s\n' target inputs "parser lines run" "library lines run"
    for target in "${TARGETS[@]}"; do
        # The command line's target has its own binary and no kept corpus: not in this library's coverage.
        [ "$target" != serve-request ] || continue
        local files=() parser library
        mapfile -t files < <(find "$KEPT/$target" -maxdepth 1 -type f | sort)
        rm -f "$dir/$target".profraw
        RECEIPT_FUZZ_TARGET=$target LLVM_PROFILE_FILE="$dir/$target.profraw" SWIFT_BACKTRACE=enable=no \
            "$bin" -runs=1 "${files[@]}" >"$dir/$target.log" 2>&1 || {
            echo "fuzz.sh: replaying $KEPT/$target failed (see $dir/$target.log)" >&2
            exit 1
        }
        "$tools/llvm-profdata" merge -sparse -o "$dir/$target.profdata" "$dir/$target.profraw"
        # shellcheck disable=SC2046
        parser=$("$tools/llvm-cov" report "$bin" -instr-profile="$dir/$target.profdata" $(parsers "$target") |
            awk '/^TOTAL/ { print $(NF-3) " of " $(NF-5) }')
        library=$("$tools/llvm-cov" report "$bin" -instr-profile="$dir/$target.profdata" Sources/ReceiptKit |
            awk '/^TOTAL/ { print $(NF-3) " of " $(NF-5) }')
        printf '%-22s %8s %22s %22s\n' "$target" "${#files[@]}" "$parser" "$library"
        # shellcheck disable=SC2046
        "$tools/llvm-cov" report -show-functions "$bin" -instr-profile="$dir/$target.profdata" $(parsers "$target") |
            awk '$1 !~ /^(Name|-+|TOTAL|File)$/ && NF >= 10 && $(NF-4) == $(NF-5) && $(NF-5) > 0 { print $1 }' |
            swift_demangle >"$dir/$target.txt"
    done
}

# Function names as Swift spells them.
swift_demangle() {
    "$(dirname "$(command -v swiftc)")/swift-demangle" --simplified --compact
}

# What a sanitizer or libFuzzer prints when it finds something, whatever status the process then chose.
REPORT='^==[0-9]+== ?ERROR: |^SUMMARY: [A-Za-z]*Sanitizer|: runtime error: |^WARNING: ThreadSanitizer'

run() {
    local target=$1 seconds=$2 log=$OUT/$1.log statuses=(0) status saved limit begun
    [[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: SECONDS must be a number, not '$seconds'" >&2; exit 64; }
    # -max_total_time is the fuzzer's own word, which a hang outside a unit (-timeout's) never reaches: past
    # this limit the run is stopped (timeout's group, SIGKILL 10 s after SIGTERM) and fails.
    limit=$((seconds + ${FUZZ_MARGIN:-120}))
    seed "$target"
    mkdir -p "$OUT/findings/$target"
    echo "== fuzz $target for ${seconds}s"
    begun=$SECONDS
    # The whole log is kept and its telling lines shown. The fuzzer's status is read from PIPESTATUS at the
    # pipe's own failure: after a `|| true` it would be true's.
    RECEIPT_FUZZ_TARGET=$target ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:exitcode=80} SWIFT_BACKTRACE=enable=no \
        timeout -k 10 "$limit" "$(binary_for "$target")" \
        -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$OUT/findings/$target/" "$OUT/corpus/$target" 2>&1 | tee "$log" |
        { grep -E '^(stat::|==|SUMMARY|INFO: Seed|Done|artifact_prefix|Test unit|#[0-9]+ *DONE|fuzz: finding)|ERROR|Fatal|crash' || true; } ||
        statuses=("${PIPESTATUS[@]}")
    status=${statuses[0]}
    # timeout says 124 when the limit passed, or 137 when the fuzzer outlived SIGTERM as well.
    if [ "$status" = 124 ] || { [ "$status" = 137 ] && [ $((SECONDS - begun)) -ge "$limit" ]; }; then
        echo "fuzz.sh: FAIL: $target: the fuzzer did not end within $limit s (${seconds} s and FUZZ_MARGIN): stopped; see $log" >&2
        return 1
    fi
    # libFuzzer names each input it saves for a finding: crash-, leak-, timeout-, oom- (a slow unit is none).
    saved=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | grep -v '/slow-unit-' | paste -sd ' ' || true)
    if [ "$status" = 0 ] && [ "${statuses[1]:-0}" = 0 ] && [ -z "$saved" ] && ! grep -qE "$REPORT" "$log"; then
        return 0
    fi
    echo "fuzz.sh: FAIL: $target: the fuzzer exited $status; saved input: ${saved:-none named, see $log}" >&2
    [ "$status" != 0 ] || status=1
    return "$status"
}

case ${1:-} in
build) build ;;
run) run "$2" "${3:-60}" ;;
all)
    # FUZZ_BUILD=0 fuzzes the binary already in FUZZ_OUT (make gate-check's stand-in).
    [ "${FUZZ_BUILD:-1}" = 0 ] || build
    # libFuzzer runs on one core: FUZZ_JOBS targets (default one a core) fuzz side by side, each for the
    # whole SECONDS, and their logs are shown in the list's order once each ends. A target whose run left no
    # status (killed, or the script failed around it) counts as failed.
    side_by_side=${FUZZ_JOBS:-$(nproc)}
    [[ "$side_by_side" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: FUZZ_JOBS must be a positive number, not '$side_by_side'" >&2; exit 64; }
    mkdir -p "$OUT/runs"
    for target in "${TARGETS[@]}"; do
        rm -f "$OUT/runs/$target.status"
        while [ "$(jobs -rp | wc -l)" -ge "$side_by_side" ]; do wait -n || true; done
        (
            status=0
            run "$target" "${2:-60}" || status=$?
            echo "$status" >"$OUT/runs/$target.status"
        ) >"$OUT/runs/$target.out" 2>&1 &
    done
    wait || true
    failed=()
    for target in "${TARGETS[@]}"; do
        cat "$OUT/runs/$target.out"
        [ "$(cat "$OUT/runs/$target.status" 2>/dev/null)" = 0 ] || failed+=("$target")
    done
    [ ${#failed[@]} = 0 ] || { echo "fuzz.sh: FAIL: ${#failed[@]} of ${#TARGETS[@]} targets: ${failed[*]}" >&2; exit 1; }
    ;;
merge) merge "$2" ;;
coverage) coverage ;;
*)
    sed -n '2,10p' "$0"
    exit 64
    ;;
esac
