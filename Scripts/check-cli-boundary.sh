#!/usr/bin/env bash
# make cli-boundary: the command line uses only what ReceiptKit and ReceiptKitTesting make public (and the
# ReceiptSystem wall's public types: the operating system's calls, kept out of ReceiptKit's API).
# 1. No `@testable` (nor `@_private`) import in Sources/ReceiptCheckCLI, read in its code alone (comments and
#    string literals left out by Scripts/swift-code.awk): either would open the modules' internal symbols.
# 2. ReceiptCheckCLI is type-checked under another package name against the modules of the optimised build
#    (make release-cli's, in RELEASE_SCRATCH, which make cli-boundary builds first), which are not compiled
#    for testing: any `package` symbol it names fails with "inaccessible due to 'package' protection level",
#    and a `@testable import` that step 1 missed with "module ... was not compiled for testing". The debug
#    build's modules are, and would let one through.
#   Scripts/check-cli-boundary.sh              both steps (after make release-cli; make cli-boundary runs both)
#   Scripts/check-cli-boundary.sh --imports    step 1 alone (make gate-check's cli-boundary stage)
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-swift}"
sources=()
while IFS= read -r -d '' file; do sources+=("$file"); done < <(find Sources/ReceiptCheckCLI -name '*.swift' -print0 | sort -z)
[ ${#sources[@]} -gt 0 ] || { echo "cli-boundary: no Swift file in Sources/ReceiptCheckCLI" >&2; exit 1; }

code=$(awk -f Scripts/swift-code.awk "${sources[@]}")
unreadable=$(grep '^ERROR ' <<<"$code" || true)
testable=$(grep -v '^ERROR ' <<<"$code" | grep -E '^[^:]+:[0-9]+:.*@(testable|_private)([^A-Za-z0-9_]|$)' |
    sed -E 's/^([^:]+:[0-9]+):.*/\1/' || true)
if [ -n "$unreadable" ] || [ -n "$testable" ]; then
    printf '%s\n' "$unreadable" "$testable" | sed '/^$/d; s/^/    /' >&2
    echo "cli-boundary: ReceiptCheckCLI imports a module @testable (or @_private), or its code cannot be read (above):" \
        "it may name only public symbols" >&2
    exit 1
fi
echo "cli-boundary: no @testable or @_private import in ReceiptCheckCLI (${#sources[@]} files)"
[ "${1:-}" != --imports ] || exit 0

scratch=${RELEASE_SCRATCH:-.build}
modules="$("$swift" build -c release --scratch-path "$scratch" --show-bin-path)/Modules"
[ -d "$modules" ] || { echo "cli-boundary: no optimised build's modules in $modules (make release-cli first)" >&2; exit 1; }
if ! output=$(swiftc -typecheck -parse-as-library -module-name ReceiptCheckCLI -package-name receipt_check_outside \
    -I "$modules" -I Sources/CReceipt -I Sources/CCurl -I Sources/CFastCGI -I Sources/CSQLite -I Sources/CPostgres "${sources[@]}" 2>&1); then
    grep 'error:' <<< "$output" | grep -v '^ *|' >&2 || printf '%s\n' "$output" >&2
    echo "cli-boundary: ReceiptCheckCLI names symbols that are not public (above)" >&2
    exit 1
fi
echo "cli-boundary: ReceiptCheckCLI uses only public API (${#sources[@]} files, against $modules)"
