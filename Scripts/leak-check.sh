#!/usr/bin/env bash
# Leak check: the CLI under valgrind over fixtures, corpus receipts and corpus JWS.
# Fails when any memory is definitely or indirectly lost, on any memcheck error, or when a
# possibly-lost block was allocated inside OpenSSL (libcrypto): every OpenSSL object must be freed.
# (Possibly-lost blocks from the Swift runtime's metadata caches are the runtime's, not ours.)
# A set of inputs that is empty fails too: a check of nothing would pass having verified nothing.
# LEAK_CHECK_BIN runs that binary instead of building and running the debug CLI, LEAK_CHECK_LOGS keeps the
# logs elsewhere than .build/leak-check (both for make gate-check).
set -euo pipefail
cd "$(dirname "$0")/.."

CORPUS=${RECEIPT_CORPUS:-../shared/corpus}
BIN=${LEAK_CHECK_BIN:-.build/debug/receipt-check}
LOGS=${LEAK_CHECK_LOGS:-.build/leak-check}
command -v valgrind >/dev/null || { echo "leak-check: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
[ -d "$CORPUS/receipts" ] || { echo "leak-check: no corpus at $CORPUS (set RECEIPT_CORPUS)" >&2; exit 1; }
mapfile -t corpus_receipts < <(find "$CORPUS/receipts" -type f | sort | head -n 6)
mapfile -t corpus_jws < <(find "$CORPUS/jws" -type f -name '*.jws' 2>/dev/null | sort | head -n 6)
[ ${#corpus_receipts[@]} -gt 0 ] || { echo "leak-check: FAIL: no receipt in $CORPUS/receipts, nothing to check" >&2; exit 1; }
[ ${#corpus_jws[@]} -gt 0 ] || { echo "leak-check: FAIL: no jws/*/*.jws in $CORPUS, nothing to check" >&2; exit 1; }
[ -n "${LEAK_CHECK_BIN:-}" ] || swift build --product receipt-check >/dev/null
mkdir -p "$LOGS"

status=0
check() {
    local name=$1
    shift
    local log=$LOGS/$name.log
    local rc=0
    valgrind --leak-check=full --show-leak-kinds=definite,indirect,possible \
        --errors-for-leak-kinds=definite,indirect --error-exitcode=83 --log-file="$log" \
        --suppressions="$(dirname "$0")/valgrind.supp" \
        "$BIN" "$@" >/dev/null 2>&1 || rc=$?
    local definite indirect openssl
    definite=$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tr -d ,)
    indirect=$(sed -n 's/.*indirectly lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tr -d ,)
    openssl=$(grep -c 'libcrypto\|libssl' "$log" || true)
    echo "$name: exit $rc, definitely lost ${definite:-0} B, indirectly lost ${indirect:-0} B, OpenSSL frames in loss records: $openssl ($log)"
    if [ "$rc" = 83 ] || [ "${definite:-0}" != 0 ] || [ "${indirect:-0}" != 0 ] || [ "$openssl" != 0 ] ||
        ! grep -q 'ERROR SUMMARY: 0 errors' "$log"; then
        echo "leak-check: $name FAILED, see $log" >&2
        status=1
    fi
}

check fixtures verify --root Fixtures/pki/root.pem Fixtures/*.receipt Fixtures/valid.b64
check fixtures-json verify --json --root Fixtures/pki/root.pem Fixtures/valid.receipt Fixtures/subscriptions.receipt
check corpus-receipts verify "${corpus_receipts[@]}"
check corpus-jws verify "${corpus_jws[@]}"
exit $status
