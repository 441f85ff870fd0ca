#!/bin/sh
# A backend's decision from receipt-check's exit status and JSON alone, never from its English reasons:
#   exit 0 -> grant    the required entitlement is granted
#   exit 1 -> deny     the input shows it is not (reason_code says why: expired, refunded...)
#   exit 3 -> refresh  the input cannot tell (too old for --max-age, a fact or platform missing): ask
#                      Apple again (the App Store Server API, verify --refresh) and decide on that
#   exit 2 -> refuse   forged, untrusted, another app's or environment's: nothing is granted, ever
#   exit 75 -> retry   a system did not answer (Apple's API after its retries, a revocation status): later
#   other  -> fail     the input could not be read or decoded (65, 66), Apple refused the credentials (77),
#                      does not know the id (67) or could not be reached safely (69): retrying gets the same;
#                      an operator must look (man receipt-check, EXIT STATUS)
# Each case below signs a StoreKit 2 transaction with a throwaway test PKI and checks the action.
#
# usage: examples/backend/decide.sh [path/to/receipt-check]   (default: receipt-check on PATH)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
tool=${1:-receipt-check}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

"$tool" make-test-pki --ec "$work/pki" >/dev/null
for name in monthly lapsed; do
    "$tool" make-receipt --jws --spec "$here/$name.json" --pki "$work/pki" -o "$work/$name.jws"
done
# A forgery: one character of the signature changed (the tenth from the end: all its bits count).
awk '{ n = length($0) - 9; c = substr($0, n, 1); r = (c == "A") ? "B" : "A"
       print substr($0, 1, n - 1) r substr($0, n + 1) }' "$work/monthly.jws" >"$work/forged.jws"

# decide NOW INPUT: the action for INPUT at NOW, and the pro entitlement's reason_code from the JSON.
decide() {
    set +e
    "$tool" verify --format ndjson --root "$work/pki/root.pem" --bundle-id com.example.app \
        --environment production --now "$1" --rule 'pro: subscription "com.example.pro.monthly" active' \
        --require pro "$2" >"$work/out.json" 2>"$work/err.txt"
    status=$?
    set -e
    code=$(grep -o '"reason_code":"[a-z_]*"' "$work/out.json" | head -n 1 | cut -d '"' -f 4)
    case $status in
    0) action=grant ;;
    1) action=deny ;;
    2) action=refuse ;;
    3) action=refresh ;;
    75) action=retry ;;
    *) action=fail ;;
    esac
    echo "$action ${code:-none}"
}

# expect LABEL ACTION CODE NOW INPUT: require the action and reason code.
expect() {
    got=$(decide "$4" "$work/$5")
    if [ "$got" != "$2 $3" ]; then
        cat "$work/out.json" "$work/err.txt" >&2
        echo "FAIL: $1: $got, expected $2 $3" >&2
        exit 1
    fi
    echo "ok: $1: $got"
}

expect "fresh transaction" grant rule_satisfied 2026-09-02T00:00:00Z monthly.jws
expect "lapsed subscription" deny expired 2026-08-03T00:00:00Z lapsed.jws
expect "transaction 26 days old" refresh too_old_for_max_age 2026-09-27T00:00:00Z monthly.jws
expect "forged signature" refuse input_not_valid 2026-09-02T00:00:00Z forged.jws
echo "every case decided from exit statuses and JSON alone"
