#!/usr/bin/env bash
# Leak check: the CLI under valgrind over fixtures, corpus receipts and corpus JWS.
# Fails when any memory is definitely or indirectly lost, on any memcheck error, or when a
# possibly-lost block was allocated inside OpenSSL (libcrypto): every OpenSSL object must be freed.
# (Possibly-lost blocks from the Swift runtime's metadata caches are the runtime's, not ours.)
# A set of inputs that is empty fails too: a check of nothing would pass having verified nothing (an empty
# file is no input). So does a run that did not answer as the CLI answers those inputs: its expected exit
# status (a crash, an abort, a signal, valgrind's 83 or an error status is none), and a verdict for every
# input, each decoded (a run that decoded nothing leaked nothing): a VALID or INVALID line in the text runs,
# a report whose "status" is valid or invalid in the JSON one.
# LEAK_CHECK_BIN runs that binary instead of building and running the debug CLI, LEAK_CHECK_LOGS keeps the
# logs elsewhere than .build/leak-check (both for make gate-check).
set -euo pipefail
cd "$(dirname "$0")/.."

CORPUS=${RECEIPT_CORPUS:-../shared/corpus}
BIN=${LEAK_CHECK_BIN:-.build/debug/receipt-check}
LOGS=${LEAK_CHECK_LOGS:-.build/leak-check}
command -v valgrind >/dev/null || { echo "leak-check: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
[ -d "$CORPUS/receipts" ] || { echo "leak-check: no corpus at $CORPUS (set RECEIPT_CORPUS)" >&2; exit 1; }
mapfile -t corpus_receipts < <(find "$CORPUS/receipts" -type f -size +0 | sort | head -n 6)
mapfile -t corpus_jws < <(find "$CORPUS/jws" -type f -name '*.jws' -size +0 2>/dev/null | sort | head -n 6)
[ ${#corpus_receipts[@]} -gt 0 ] || { echo "leak-check: FAIL: no receipt in $CORPUS/receipts, nothing to check" >&2; exit 1; }
[ ${#corpus_jws[@]} -gt 0 ] || { echo "leak-check: FAIL: no jws/*/*.jws in $CORPUS, nothing to check" >&2; exit 1; }
[ -n "${LEAK_CHECK_BIN:-}" ] || swift build --product receipt-check >/dev/null
mkdir -p "$LOGS"

status=0
# check NAME STATUS DECODED ARGS...: the CLI with ARGS under valgrind must exit STATUS and, when DECODED is
# not 0, print a verdict on a decoded input for exactly DECODED inputs: a VALID or INVALID line, or with
# --json a report (one pretty-printed object an input) whose top-level "status" is valid or invalid.
check() {
    local name=$1 want=$2 decoded=$3
    shift 3
    local log=$LOGS/$name.log out=$LOGS/$name.out
    local rc=0
    valgrind --leak-check=full --show-leak-kinds=definite,indirect,possible \
        --errors-for-leak-kinds=definite,indirect --error-exitcode=83 --log-file="$log" \
        --suppressions="$(dirname "$0")/valgrind.supp" \
        "$BIN" "$@" >"$out" 2>"$LOGS/$name.err" || rc=$?
    local definite indirect openssl verdicts
    definite=$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tr -d ,)
    indirect=$(sed -n 's/.*indirectly lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tr -d ,)
    openssl=$(grep -c 'libcrypto\|libssl' "$log" || true)
    verdicts=$(grep -cE '^[^ ].*: (VALID|INVALID)( |$)|^  "status" : "(valid|invalid)",?$' "$out" || true)
    echo "$name: exit $rc (expected $want), definitely lost ${definite:-0} B, indirectly lost ${indirect:-0} B, OpenSSL frames in loss records: $openssl, inputs decoded: $verdicts ($log)"
    if [ "$rc" = 83 ] || [ "${definite:-0}" != 0 ] || [ "${indirect:-0}" != 0 ] || [ "$openssl" != 0 ] ||
        ! grep -q 'ERROR SUMMARY: 0 errors' "$log"; then
        echo "leak-check: $name FAILED, see $log" >&2
        status=1
    fi
    if [ "$rc" != "$want" ]; then
        echo "leak-check: $name FAILED: exit $rc, not the $want these inputs answer (output: $out)" >&2
        status=1
    fi
    if [ "$decoded" != 0 ] && [ "$verdicts" != "$decoded" ]; then
        echo "leak-check: $name FAILED: $verdicts of $decoded inputs decoded to a verdict (output: $out)" >&2
        status=1
    fi
}

# The fixtures: valid and invalid ones (2: some input is not trustworthy), each decoded.
fixtures=(Fixtures/*.receipt Fixtures/valid.b64)
check fixtures 2 ${#fixtures[@]} verify --root Fixtures/pki/root.pem "${fixtures[@]}"
check fixtures-json 0 2 verify --json --root Fixtures/pki/root.pem Fixtures/valid.receipt Fixtures/subscriptions.receipt
# The corpus's receipts and JWS, decoded, are not trusted now (expired Apple signers, Xcode's and the
# libraries' test roots): 2, each decoded.
check corpus-receipts 2 ${#corpus_receipts[@]} verify "${corpus_receipts[@]}"
check corpus-jws 2 ${#corpus_jws[@]} verify "${corpus_jws[@]}"
exit $status
