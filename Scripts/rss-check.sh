#!/usr/bin/env bash
# Memory, three checks; fails when any misses its bound.
# 1. Leaks: validates a fixture receipt ITERATIONS times (default 100,000) in one process and prints
#    VmRSS every tenth; fails when RSS grows more than SLACK_KB (default 2048) after warm-up.
# 2. --combine: 16 copies of a receipt of 99,980 empty in-app entries (1.2 MB), as JSON and as text;
#    peak RSS at most 4x the total input of the decision + 64 MB.
# 3. --lines: 30 such receipts in base64, one a line, at --jobs 1 and 8, with a reader that does not
#    read until the command has stalled; peak RSS at most 4x the largest line + 64 MB.
# 4. The App Store Server API, against the mock (Scripts/mock-appstore-api.py, in the venv make test-deps
#    makes): api get-transaction-history over 200 genuine pages of 20 transactions, and verify --refresh
#    fetching the same history; peak RSS at most 4x the largest page + 64 MB each (each page's
#    transactions are verified as it comes and the page let go: only their reports are held).
# RSS_SKIP_LEAKS=1 runs only 2 to 4; RSS_CLI=PATH measures that receipt-check instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=.build/rss
mkdir -p "$OUT"
if [[ "${RSS_SKIP_LEAKS:-0}" != 1 ]]; then
    # One module of the library and the loop; ReceiptKit's System/ imports another target (ReceiptSystem, to
    # write a verdict to a descriptor), which the loop never does, so it is left out.
    mapfile -t sources < <(find Sources/ReceiptKit Tools/RSS -name '*.swift' -not -path 'Sources/ReceiptKit/System/*' | sort)
    # shellcheck disable=SC2046
    swiftc -j "$(nproc)" -parse-as-library -O -module-name ReceiptRSS -package-name receipt_check -I Sources/CReceipt -I Sources/CCurl \
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

# 4. The App Store Server API. The mock's TLS CA and certificate, the .p8 key it checks tokens with, the
# EC test PKI that signs its answers, as the tests make them (Tests/ReceiptCheckCLITests/MockAppStoreAPI.swift).
API=$OUT/api
rm -rf "$API"
mkdir -p "$API/responses" "$API/specs"
bash Scripts/schema-venv.sh
ec=(-newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes)
openssl req -x509 "${ec[@]}" -keyout "$API/ca.key" -out "$API/ca.pem" -days 2 -subj "/CN=rss API CA" 2>/dev/null
openssl req "${ec[@]}" -keyout "$API/server.key" -out "$API/server.csr" -subj /CN=localhost 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >"$API/server.ext"
openssl x509 -req -in "$API/server.csr" -CA "$API/ca.pem" -CAkey "$API/ca.key" -CAcreateserial \
    -out "$API/server.pem" -days 2 -extfile "$API/server.ext" 2>/dev/null
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$API/AuthKey.p8"
chmod 600 "$API/AuthKey.p8"
openssl pkey -in "$API/AuthKey.p8" -pubout -out "$API/AuthKey.pub"
"$CLI" make-test-pki --ec "$API/pki" >/dev/null

# One customer's monthly subscription renewed 4,000 times (20 a page, 200 pages), the last active for 20
# days more; the statuses naming it; and the last transaction as the client saved it 10 days ago.
API_BUNDLE=com.example.app
FIRST=2000000000000001
python3 - "$API/specs" "$API_BUNDLE" "$FIRST" <<'PY'
import datetime, json, sys
out, bundle, first = sys.argv[1], sys.argv[2], int(sys.argv[3])
now = datetime.datetime.now(datetime.timezone.utc)
count, per_page = 4000, 20
def date(hours):
    return (now + datetime.timedelta(hours=hours)).strftime("%Y-%m-%dT%H:%M:%SZ")
def transaction(i, signed=-0.2):
    start = (i - count) * 2 - 240
    last = i == count
    return {"transactionId": str(first + i - 1), "originalTransactionId": str(first), "bundleId": bundle,
            "productId": "pro.monthly", "subscriptionGroupIdentifier": "21000001", "purchaseDate": date(start),
            "originalPurchaseDate": date(-count * 2 - 240), "expiresDate": date(480 if last else start + 2),
            "type": "Auto-Renewable Subscription", "inAppOwnershipType": "PURCHASED", "environment": "Production",
            "signedDate": date(signed), "appTransactionId": "705000000000001"}
pages = count // per_page
for page in range(pages):
    more = page + 1 < pages
    body = {"revision": f"revision-{page + 1}", "bundleId": bundle, "appAppleId": 1234, "environment": "Production",
            "hasMore": more, "signedTransactions": [transaction(page * per_page + i + 1) for i in range(per_page)]}
    json.dump(body, open(f"{out}/history-{page + 1}.json", "w"))
renewal = {"originalTransactionId": str(first), "autoRenewProductId": "pro.monthly", "productId": "pro.monthly",
           "autoRenewStatus": 1, "signedDate": date(-0.2), "environment": "Production",
           "recentSubscriptionStartDate": date(-count * 2 - 240), "renewalDate": date(480),
           "appTransactionId": "705000000000001"}
statuses = {"environment": "Production", "bundleId": bundle, "appAppleId": 1234, "data": [
    {"subscriptionGroupIdentifier": "21000001", "lastTransactions": [
        {"originalTransactionId": str(first), "status": 1, "signedTransactionInfo": transaction(count),
         "signedRenewalInfo": renewal}]}]}
json.dump(statuses, open(f"{out}/statuses.json", "w"))
json.dump(transaction(count, signed=-240), open(f"{out}/stale.json", "w"))
PY
for spec in "$API"/specs/history-*.json "$API/specs/statuses.json"; do
    "$CLI" make-receipt --jws --spec "$spec" --pki "$API/pki" -o "$API/responses/$(basename "$spec")"
done
"$CLI" make-receipt --jws --spec "$API/specs/stale.json" --pki "$API/pki" -o "$API/stale.jws"
largest=$(stat -c %s "$API"/responses/history-*.json | sort -n | tail -1)
history_bytes=$(cat "$API"/responses/history-*.json | wc -c)
api_bound=$((4 * largest + 64 * MB))

# The mock, until its standard input (a pipe this shell holds) closes.
mkfifo "$API/stdin"
.build/schema-venv/bin/python Scripts/mock-appstore-api.py --cert "$API/server.pem" --cert-key "$API/server.key" \
    --public-key "$API/AuthKey.pub" --key-id 2X9R4HXF34 --issuer-id 57246542-96fe-1a63-e053-0824d011072a \
    --bundle-id "$API_BUNDLE" --responses "$API/responses" --log "$API/requests.jsonl" \
    <"$API/stdin" >"$API/port" 2>"$API/mock.err" &
mock=$!
exec 5>"$API/stdin"
for _ in $(seq 1 100); do
    grep -q '^port ' "$API/port" && break
    sleep 0.1
done
port=$(awk '/^port /{print $2}' "$API/port")
credentials=(
    --key "$API/AuthKey.p8" --key-id 2X9R4HXF34 --issuer-id 57246542-96fe-1a63-e053-0824d011072a
    --bundle-id "$API_BUNDLE" --environment production --base-url "https://127.0.0.1:$port" --ca-file "$API/ca.pem"
    --root "$API/pki/root.pem" --max-size $((2 * history_bytes))
)
rule=(--rule 'pro: subscription "pro.monthly" active' --require pro)
kb=$(peak "$API/history.json" "$CLI" api get-transaction-history "$FIRST" "${credentials[@]}" "${rule[@]}" --json)
judge "api get-transaction-history, 200 pages of at most $largest bytes ($history_bytes in all)" "$kb" "$api_bound"
grep -Eq '^  "status" : "valid"' "$API/history.json" || {
    echo "api get-transaction-history: the history is not valid: $(head -c 600 "$API/history.json")" >&2
    failed=1
}
kb=$(peak "$API/refresh.json" "$CLI" verify --refresh "${credentials[@]}" "${rule[@]}" --json "$API/stale.jws")
judge "verify --refresh, statuses and 200 pages of history" "$kb" "$api_bound"
grep -Eq '^  "status" : "valid"' "$API/refresh.json" || {
    echo "verify --refresh: the combined verdict is not valid: $(head -c 600 "$API/refresh.json")" >&2
    failed=1
}
exec 5>&-
wait "$mock" || true
exit "$failed"
