#!/bin/sh
# Points packaging/receipt-check.rb at a release tarball: sets (or adds, after `license`) its url
# and sha256. Usage: Scripts/update-formula.sh receipt-check-0.1.0.tar.gz https://.../receipt-check-0.1.0.tar.gz
set -eu
[ $# -eq 2 ] || { echo "usage: $0 TARBALL URL" >&2; exit 64; }
tarball="$1" url="$2"
[ -r "$tarball" ] || { echo "update-formula: cannot read $tarball" >&2; exit 66; }
if command -v sha256sum >/dev/null 2>&1; then
    digest="$(sha256sum "$tarball" | cut -d' ' -f1)"
else
    digest="$(shasum -a 256 "$tarball" | cut -d' ' -f1)"
fi
formula="$(dirname "$0")/../packaging/receipt-check.rb"
tmp="$formula.tmp"
awk -v url="$url" -v digest="$digest" '
    /^  url "/ || /^  sha256 "/ { next }
    { print }
    /^  license "/ { print "  url \"" url "\""; print "  sha256 \"" digest "\"" }
' "$formula" >"$tmp"
grep -q "^  sha256 \"$digest\"" "$tmp" || { rm -f "$tmp"; echo "update-formula: no license line to add url after" >&2; exit 1; }
mv "$tmp" "$formula"
echo "receipt-check.rb: $url sha256 $digest"
