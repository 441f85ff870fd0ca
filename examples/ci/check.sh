#!/bin/sh
# Grandfathering check for CI: a customer who bought before build 42 keeps premium, a new
# customer without the Pro purchase does not. Signs both test receipts with a throwaway test
# PKI, so the receipts are real PKCS#7 receipts verified exactly as production ones are.
#
# usage: examples/ci/check.sh [path/to/receipt-check]   (default: receipt-check on PATH)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
tool=${1:-receipt-check}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

"$tool" make-test-pki "$work/pki" >/dev/null

# expect NAME STATUS: verify the NAME spec's receipt and require the exit status STATUS. The receipts are
# made on 2024-05-01 (their specs say so): --now judges them the next day, as the app would have then; by
# today's clock they would be years old, and the Pro purchase rule unknown past --max-age.
expect() {
    name=$1
    want=$2
    "$tool" make-receipt --spec "$here/$name.json" --pki "$work/pki" -o "$work/$name.receipt"
    set +e
    "$tool" verify --root "$work/pki/root.pem" --bundle-id com.example.receiptcheck --environment production \
        --platform ios --now 2024-05-02T00:00:00Z --rules "$here/rules.txt" --require premium \
        "$work/$name.receipt"
    got=$?
    set -e
    if [ "$got" -ne "$want" ]; then
        echo "FAIL: $name: receipt-check exited $got, expected $want" >&2
        exit 1
    fi
    echo "ok: $name: exit $got"
}

expect grandfathered 0
expect new-user 1
echo "grandfathering rules hold"
