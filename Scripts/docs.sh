#!/usr/bin/env bash
# DocC archives for the two libraries with the toolchain's own docc (no plugin package to fetch):
# the debug build's modules give the symbol graphs, then each catalog is converted with documentation
# warnings as errors. Output: .build/docs/ReceiptKit.doccarchive and .build/docs/ReceiptKitTesting.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
out=.build/docs
# ReceiptKitTesting depends on ReceiptKit, so one build gives both modules.
"$swift" build --target ReceiptKitTesting
modules=$("$swift" build --show-bin-path)/Modules
[[ -d "$modules" ]] || modules=$("$swift" build --show-bin-path)
triple=$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
docc=$(command -v docc || xcrun --find docc)
rm -rf "$out"
for module in ReceiptKit ReceiptKitTesting; do
    graphs="$out/symbol-graphs/$module"
    mkdir -p "$graphs"
    # shellcheck disable=SC2046
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -minimum-access-level public \
        -I "$modules" -I Sources/CReceipt -I Sources/CCurl $(pkg-config --cflags-only-I libcrypto | sed 's/-I/-Xcc -I/g') \
        -output-dir "$graphs"
    "$docc" convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.receipt-check.$module" \
        --output-path "$out/$module.doccarchive" --warnings-as-errors
done
echo "docs: $out/ReceiptKit.doccarchive $out/ReceiptKitTesting.doccarchive"
