#!/usr/bin/env bash
# libFuzzer targets over ReceiptKit, built with swiftc directly so SwiftPM never needs the fuzzer runtime.
#   Scripts/fuzz.sh build                  compile .build/fuzz/receipt-fuzz (ASan + libFuzzer)
#   Scripts/fuzz.sh run TARGET SECONDS     fuzz one target (receipt, payload, jws, rules, report-json, jws-json, json) from its seeds
#   Scripts/fuzz.sh all SECONDS            build, then fuzz every target for SECONDS each
# Crashes land in .build/fuzz/findings/TARGET/; replay one with
#   RECEIPT_FUZZ_TARGET=TARGET .build/fuzz/receipt-fuzz FILE
# run and all exit non-zero on any finding (crash, sanitizer report, leak, timeout, out of memory) and name
# the input saved for it. FUZZ_OUT (default .build/fuzz) moves the binary, corpus and findings.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${FUZZ_OUT:-.build/fuzz}
BIN=$OUT/receipt-fuzz
CORPUS=${RECEIPT_CORPUS:-../shared/corpus}
TARGETS=(receipt payload jws rules report-json jws-json json)

build() {
    mkdir -p "$OUT"
    local sources
    # The library and the fuzz targets compile as one module (the targets reach internal API).
    mapfile -t sources < <(find Sources/ReceiptKit Tools/Fuzz -name '*.swift' | sort)
    # shellcheck disable=SC2046
    if ! swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name ReceiptKit -package-name receipt_check \
        -I Sources/CReceipt -I Sources/CCurl $(pkg-config --cflags-only-I libcrypto | sed 's/-I/-Xcc -I/g') \
        $(pkg-config --libs libcrypto) "${sources[@]}" -o "$BIN" >"$OUT/build.log" 2>&1; then
        cat "$OUT/build.log" >&2
        echo "fuzz.sh: the fuzz build failed (does this toolchain ship libFuzzer?)" >&2
        exit 1
    fi
    # gold warns once per ASan helper symbol, and the CLI file's `import ReceiptKit` is moot here;
    # anything else is worth seeing.
    grep -v -e "Cannot export local symbol '__asan" -e "ignoring import" -e '^ *[0-9]* |' -e '^ *|' "$OUT/build.log" || true
}

# Seeds go to a scratch corpus that libFuzzer grows; nothing under .build is committed.
seed() {
    local target=$1 dir=$OUT/corpus/$1
    mkdir -p "$dir"
    case $target in
    receipt | report-json)
        cp Fixtures/*.receipt Fixtures/*.b64 "$dir"/
        ;;
    payload)
        for receipt in Fixtures/*.receipt; do
            openssl cms -verify -noverify -binary -inform DER -in "$receipt" \
                -out "$dir/$(basename "$receipt" .receipt).payload" 2>/dev/null || true
        done
        ;;
    jws | jws-json)
        if [ -d "$CORPUS/jws" ]; then
            find "$CORPUS/jws" -type f \( -name '*.jws' -o -name '*.json' -o -name '*.txt' \) | sort | head -n 12 |
                while read -r file; do cp "$file" "$dir/$(basename "$(dirname "$file")")-$(basename "$file")"; done
        fi
        if [ "$target" = jws-json ]; then
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
        fi
        ;;
    json)
        cp schema/report.schema.json "$dir/schema.json"
        cat >"$dir/values.json" <<'JSON'
{"a":[1,-2,3.5,1e2,true,false,null,{"b":"x\u00e9\ud83d\ude00\n\"","c":[[[]]]}],"big":12345678901234567890,"e":""}
JSON
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
        echo "fuzz.sh: no seeds for $target (is the corpus at $CORPUS?)" >&2
        exit 1
    fi
}

# What a sanitizer or libFuzzer prints when it finds something, whatever status the process then chose.
REPORT='^==[0-9]+== ?ERROR: |^SUMMARY: [A-Za-z]*Sanitizer|: runtime error: |^WARNING: ThreadSanitizer'

run() {
    local target=$1 seconds=$2 log=$OUT/$1.log statuses=(0) status saved
    seed "$target"
    mkdir -p "$OUT/findings/$target"
    echo "== fuzz $target for ${seconds}s"
    # The whole log is kept and its telling lines shown. The fuzzer's status is read from PIPESTATUS at the
    # pipe's own failure: after a `|| true` it would be true's.
    RECEIPT_FUZZ_TARGET=$target ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:exitcode=80} "$BIN" \
        -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$OUT/findings/$target/" "$OUT/corpus/$target" 2>&1 | tee "$log" |
        { grep -E '^(stat::|==|SUMMARY|INFO: Seed|Done|artifact_prefix|Test unit|#[0-9]+ *DONE)|ERROR|Fatal|crash' || true; } ||
        statuses=("${PIPESTATUS[@]}")
    status=${statuses[0]}
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
    failed=()
    for target in "${TARGETS[@]}"; do run "$target" "${2:-60}" || failed+=("$target"); done
    [ ${#failed[@]} = 0 ] || { echo "fuzz.sh: FAIL: ${#failed[@]} of ${#TARGETS[@]} targets: ${failed[*]}" >&2; exit 1; }
    ;;
*)
    sed -n '2,9p' "$0"
    exit 64
    ;;
esac
