#!/bin/sh
# StoreKit 2 entitlement check for CI: each customer's AppTransaction and transaction history (an
# App Store Server API HistoryResponse) are signed with a throwaway EC test PKI and verified together
# with verify --combine, exactly as a server verifies what the device and Apple's API send:
#   grandfathered (bought build 37, no subscription)  -> premium (exit 0)
#   new (bought build 45, active Pro subscription)    -> premium (exit 0)
#   refunded (build 48, subscription refunded)        -> no premium (exit 1)
#   one customer's AppTransaction with another's history -> nothing granted (exit 2)
#
# usage: examples/ci/storekit2/check.sh [path/to/receipt-check]   (default: receipt-check on PATH)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
tool=${1:-receipt-check}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

"$tool" make-test-pki "$work/pki" --ec >/dev/null
for spec in "$here"/*.json; do
    name=$(basename "$spec" .json)
    "$tool" make-receipt --jws --spec "$spec" --pki "$work/pki" -o "$work/$name.signed"
done

# expect APP HISTORY STATUS: verify the two together and require the exit status STATUS.
expect() {
    set +e
    "$tool" verify --combine --root "$work/pki/root.pem" --bundle-id com.example.receiptcheck \
        --app-apple-id 1234567890 --environment production --platform ios --now 2026-11-22T00:00:00Z \
        --rules "$here/rules.txt" --require premium "$work/app-$1.signed" "$work/history-$2.signed"
    got=$?
    set -e
    if [ "$got" -ne "$3" ]; then
        echo "FAIL: app-$1 with history-$2: receipt-check exited $got, expected $3" >&2
        exit 1
    fi
    echo "ok: app-$1 with history-$2: exit $got"
}

expect grandfathered grandfathered 0
expect new new 0
expect refunded refunded 1
expect new refunded 2
echo "StoreKit 2 entitlement rules hold"
