#!/usr/bin/env bash
# Regenerates Fixtures/ (test PKIs and signed test receipts) with the built receipt-check.
#
#   Scripts/make-fixtures.sh [path/to/receipt-check]    (default .build/debug/receipt-check)
#
# The content is deterministic; keys, serial numbers and signatures are random on every run,
# so regenerate everything together (a receipt only verifies against the PKI made with it).
# Fixtures/README.md says what each file proves.
set -euo pipefail

cd "$(dirname "$0")/.."
tool="${1:-.build/debug/receipt-check}"
if [[ ! -x "$tool" ]]; then
    echo "make-fixtures: $tool is not an executable; run 'swift build' first or pass its path" >&2
    exit 66
fi

out=Fixtures
specs="$out/specs"
# The device the valid receipts are issued for, and another one (documented in Fixtures/README.md).
device="3F2A9C1E-7B4D-4E8A-9F10-2C6B5D8E1A47"
other_device="A1B2C3D4-0000-4000-8000-0123456789AB"

rm -rf "$out/pki" "$out/pki-no-leaf-marker" "$out/pki-no-intermediate-marker" \
    "$out/pki-self-made-root" "$out/pki-expired"
rm -f "$out"/*.receipt "$out"/*.b64

"$tool" make-test-pki "$out/pki"
# Issued under pki/'s root, so that trusting pki/root.pem leaves the marker or the date as the
# only thing wrong with their receipts.
"$tool" make-test-pki --ca "$out/pki" --no-leaf-marker "$out/pki-no-leaf-marker"
"$tool" make-test-pki --ca "$out/pki" --no-intermediate-marker "$out/pki-no-intermediate-marker"
"$tool" make-test-pki --ca "$out/pki" --not-before 2019-01-01T00:00:00Z --not-after 2019-12-31T23:59:59Z \
    "$out/pki-expired"
# Not under pki/: same subject names (they are fixed), different keys throughout.
"$tool" make-test-pki "$out/pki-self-made-root"

receipt() { # output spec pki [options...]
    local output="$1" spec="$2" pki="$3"
    shift 3
    "$tool" make-receipt --spec "$specs/$spec.json" --pki "$out/$pki" -o "$out/$output" "$@"
}

receipt valid.receipt production pki --device-id "$device"
receipt valid-sha1.receipt production pki --device-id "$device" --digest sha1
receipt valid-ber.receipt production pki --device-id "$device" --ber
receipt subscriptions.receipt subscriptions pki --device-id "$device"
receipt leaf-no-marker.receipt production pki-no-leaf-marker --device-id "$device"
receipt intermediate-no-marker.receipt production pki-no-intermediate-marker --device-id "$device"
receipt self-made-root.receipt production pki-self-made-root --device-id "$device"
receipt expired-chain.receipt production pki-expired --device-id "$device"
receipt valid-in-2019.receipt production-2019 pki-expired --device-id "$device"
receipt wrong-bundle.receipt wrong-bundle pki --device-id "$device"
receipt wrong-hash.receipt production pki --device-id "$other_device"
receipt storekit-test.receipt storekit-test pki --device-id "$device" --storekit-test --ber
receipt signed-attributes.receipt storekit-test pki --device-id "$device" --storekit-test --signed-attributes
receipt signed-attributes-bad-digest.receipt storekit-test pki --device-id "$device" --storekit-test \
    --signed-attributes --bad-message-digest

# Base64 as apps send it to servers, wrapped at 76 columns (the same on GNU and BSD base64).
base64 < "$out/valid.receipt" | tr -d '\n' | fold -w 76 > "$out/valid.b64"
echo >> "$out/valid.b64"

# Overwrites one byte of a file in place.
poke() { # file offset byte-value
    local octal
    octal=$(printf '%03o' "$3")
    printf "\\$octal" | dd of="$1" bs=1 seek="$2" count=1 conv=notrunc 2> /dev/null
}

# One character of the bundle id changes (com.example.receiptcheck -> com.example.receiptxheck):
# same length, so the DER stays valid and only the signature can tell.
cp "$out/valid.receipt" "$out/tampered-payload.receipt"
bundle="com.example.receiptcheck"
offset=$(LC_ALL=C grep -obUaF "$bundle" "$out/tampered-payload.receipt" | head -n 1 | cut -d: -f1)
if [[ -z "$offset" ]]; then
    echo "make-fixtures: $bundle not found in valid.receipt" >&2
    exit 70
fi
poke "$out/tampered-payload.receipt" $((offset + 19)) "$(printf '%d' "'x")"

# A DER receipt without unsigned attributes ends with the signature, so its last byte is the
# signature's last byte.
cp "$out/valid.receipt" "$out/tampered-signature.receipt"
size=$(wc -c < "$out/tampered-signature.receipt" | tr -d ' ')
last=$(tail -c 1 "$out/tampered-signature.receipt" | od -An -tu1 | tr -d ' \n')
poke "$out/tampered-signature.receipt" $((size - 1)) $((last ^ 0x01))

echo "make-fixtures: regenerated $out/"
