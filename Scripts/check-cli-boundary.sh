#!/usr/bin/env bash
# make cli-boundary: the command line uses only what ReceiptKit and ReceiptKitTesting make public (and the
# ReceiptSystem wall's public types: the operating system's calls, kept out of ReceiptKit's API).
# ReceiptCheckCLI is type-checked against the debug build's modules under another package name, so any
# `package` symbol it names fails here with "inaccessible due to 'package' protection level".
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-swift}"
build_log=$("$swift" build --target ReceiptCheckCLI 2>&1) || { printf '%s\n' "$build_log" >&2; exit 1; }
modules="$("$swift" build --show-bin-path)/Modules"
sources=()
while IFS= read -r -d '' file; do sources+=("$file"); done < <(find Sources/ReceiptCheckCLI -name '*.swift' -print0)
if ! output=$(swiftc -typecheck -parse-as-library -module-name ReceiptCheckCLI -package-name receipt_check_outside \
    -I "$modules" -I Sources/CReceipt -I Sources/CCurl "${sources[@]}" 2>&1); then
    grep 'error:' <<< "$output" | grep -v '^ *|' >&2 || printf '%s\n' "$output" >&2
    echo "cli-boundary: ReceiptCheckCLI names symbols that are not public (above)" >&2
    exit 1
fi
echo "cli-boundary: ReceiptCheckCLI uses only public API (${#sources[@]} files)"
