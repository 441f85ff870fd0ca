#!/usr/bin/env bash
# Memory: validates a fixture receipt ITERATIONS times (default 100,000) in one process and
# prints VmRSS every tenth; fails when RSS grows more than SLACK_KB (default 2048) after warm-up.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=.build/rss
mkdir -p "$OUT"
mapfile -t sources < <(find Sources/ReceiptKit Tools/RSS -name '*.swift' | sort)
# shellcheck disable=SC2046
swiftc -parse-as-library -O -module-name ReceiptRSS -package-name receipt_check -I Sources/CReceipt \
    $(pkg-config --cflags-only-I openssl | sed 's/-I/-Xcc -I/g') $(pkg-config --libs openssl) \
    "${sources[@]}" -o "$OUT/rss-check"
"$OUT/rss-check" "${RSS_RECEIPT:-Fixtures/valid.receipt}" "${RSS_ITERATIONS:-100000}" Fixtures/pki/root.pem \
    "${RSS_SLACK_KB:-2048}"
