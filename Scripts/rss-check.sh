#!/usr/bin/env bash
# Memory, three checks; fails when any misses its bound.
# 1. Leaks: validates a fixture receipt ITERATIONS times (default 100,000) in one process and prints
#    VmRSS every tenth; fails when RSS grows more than SLACK_KB (default 2048) after warm-up.
# 2. --combine: 16 copies of a receipt of 99,980 empty in-app entries (1.2 MB), as JSON and as text;
#    peak RSS at most 4x the total input of the decision + 64 MB.
# 3. --lines: 30 such receipts in base64, one a line, at --jobs 1 and 8, with a reader that does not
#    read until the command has stalled; peak RSS at most 4x the largest line + 64 MB.
# RSS_SKIP_LEAKS=1 runs only 2 and 3; RSS_CLI=PATH measures that receipt-check instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=.build/rss
mkdir -p "$OUT"
if [[ "${RSS_SKIP_LEAKS:-0}" != 1 ]]; then
    mapfile -t sources < <(find Sources/ReceiptKit Tools/RSS -name '*.swift' | sort)
    # shellcheck disable=SC2046
    swiftc -parse-as-library -O -module-name ReceiptRSS -package-name receipt_check -I Sources/CReceipt -I Sources/CCurl \
        $(pkg-config --cflags-only-I openssl | sed 's/-I/-Xcc -I/g') $(pkg-config --libs openssl) \
        "${sources[@]}" -o "$OUT/rss-check"
    "$OUT/rss-check" "${RSS_RECEIPT:-Fixtures/valid.receipt}" "${RSS_ITERATIONS:-100000}" Fixtures/pki/root.pem \
        "${RSS_SLACK_KB:-2048}"
fi

# RSS_CLI: a receipt-check binary to measure instead of building the release one.
CLI=${RSS_CLI:-.build/release/receipt-check}
[[ -n "${RSS_CLI:-}" ]] || swift build -c release --product receipt-check >/dev/null
BUNDLE=com.example.receiptcheck
MB=$((1 << 20))
failed=0

# The receipt: the production fixture's fields, its purchases topped up with empty entries to 99,980.
python3 - Fixtures/specs/production.json "$OUT/many.json" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
spec["in_app"] += [{}] * (99_980 - len(spec["in_app"]))
json.dump(spec, open(sys.argv[2], "w"))
PY
"$CLI" make-receipt --spec "$OUT/many.json" --pki Fixtures/pki -o "$OUT/many.receipt"
receipt_bytes=$(stat -c %s "$OUT/many.receipt")

# Peak RSS in kB (GNU time's maximum resident set size) of the command after OUTPUT.
peak() {
    local output=$1
    shift
    /usr/bin/time -f %M -o "$OUT/peak" "$@" >"$output"
    cat "$OUT/peak"
}

judge() {
    local what=$1 kb=$2 bound=$3
    local verdict=within
    if ((kb * 1024 > bound)); then
        verdict=OVER
        failed=1
    fi
    echo "$what: peak $((kb / 1024)) MB, bound $((bound / MB)) MB: $verdict"
}

copies=()
for i in $(seq 1 16); do
    cp "$OUT/many.receipt" "$OUT/copy-$i.receipt"
    copies+=("$OUT/copy-$i.receipt")
done
combine_bound=$((4 * 16 * receipt_bytes + 64 * MB))
for format in json text; do
    kb=$(peak "$OUT/combine.$format" "$CLI" verify --combine --bundle-id "$BUNDLE" --root Fixtures/pki/root.pem \
        --format "$format" "${copies[@]}")
    judge "--combine of 16 receipts of $receipt_bytes bytes, --format $format" "$kb" "$combine_bound"
done
grep -Eq '^  "status" : "valid"' "$OUT/combine.json" || {
    echo "--combine: the combined verdict is not valid" >&2
    failed=1
}

base64 -w0 "$OUT/many.receipt" >"$OUT/line"
echo >>"$OUT/line"
for _ in $(seq 1 30); do cat "$OUT/line"; done >"$OUT/lines"
line_bytes=$(stat -c %s "$OUT/line")
lines_bound=$((4 * line_bytes + 64 * MB))

# Runs the command after INPUT on it, with its output into a pipe nobody reads until its CPU time has
# stood still for three seconds (everything it can do before the reader reads is done), then reads it all.
stalled() {
    local input=$1 fifo="$OUT/fifo"
    shift
    rm -f "$fifo"
    mkfifo "$fifo"
    /usr/bin/time -f %M -o "$OUT/peak" "$@" <"$input" >"$fifo" &
    local timer=$!
    exec 3<"$fifo"
    local child="" last="" same=0
    for _ in $(seq 1 300); do
        sleep 1
        child=${child:-$(ps --ppid "$timer" -o pid= | tr -d ' ')}
        [[ -n "$child" && -r "/proc/$child/stat" ]] || break
        local now
        now=$(awk '{print $14 + $15}' "/proc/$child/stat")
        if [[ "$now" == "$last" ]]; then same=$((same + 1)); else same=0; fi
        last=$now
        ((same < 3)) || break
    done
    cat <&3 >"$OUT/lines.out"
    exec 3<&-
    wait "$timer" || true
    rm -f "$fifo"
    cat "$OUT/peak"
}

for jobs in 1 8; do
    kb=$(stalled "$OUT/lines" "$CLI" verify --lines --jobs "$jobs" --quiet --root Fixtures/pki/root.pem \
        --format ndjson -)
    judge "--lines --jobs $jobs over 30 lines of $line_bytes bytes, stalled reader" "$kb" "$lines_bound"
    valid=$(grep -c '"status":"valid"' "$OUT/lines.out" || true)
    if [[ "$valid" != 30 ]]; then
        echo "--lines --jobs $jobs: $valid of 30 reports valid" >&2
        failed=1
    fi
done
exit "$failed"
