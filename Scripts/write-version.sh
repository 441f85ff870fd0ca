#!/bin/sh
# Writes Sources/ReceiptCheckCLI/Version.swift (or $1) with the release version: the latest
# v-prefixed git tag (plus commits since it, from git describe), else the committed default.
# Leaves the file alone when the version is unchanged, so builds stay incremental and a
# checkout without tags stays clean. Without git (a release tarball) it does nothing.
set -eu
cd "$(dirname "$0")/.."
file="${1:-Sources/ReceiptCheckCLI/Version.swift}"
if ! command -v git >/dev/null 2>&1 || ! git rev-parse --git-dir >/dev/null 2>&1; then
    exit 0
fi
described="$(git describe --tags --match 'v[0-9]*' 2>/dev/null || true)"
[ -n "$described" ] || exit 0
version="${described#v}"
case "$version" in
    *[!A-Za-z0-9.+~-]*) echo "write-version: unexpected tag '$described'" >&2; exit 1 ;;
esac
if grep -q "static let release = \"$version\"" "$file" 2>/dev/null; then
    exit 0
fi
tmp="$file.tmp"
sed "s/static let release = \"[^\"]*\"/static let release = \"$version\"/" "$file" > "$tmp"
mv "$tmp" "$file"
echo "Version.swift: $version"
