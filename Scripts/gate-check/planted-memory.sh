#!/usr/bin/env bash
# make gate-check's memory stage: Scripts/memory-safety-check.sh --with-build over a package of a few small
# files laid out as the project's (a ReceiptKit target whose OpenSSL/ is a wall, its marked unsafe use
# allowed), with strict memory safety on as in the project's manifest. GATE_MEMORY says what is planted:
#   unmarked        an unsafe use the compiler finds, in ReceiptKit's PKI/
#   marked          an unsafe use marked `unsafe` there
#   built-before    the unmarked one, compiled by an earlier build, so that --with-build's own build prints
#                   nothing of it
#   symlink         the unmarked one, the package reached through a symbolic link (the compiler names the
#                   file by its real path)
#   curl-elsewhere  a marked use in a Curl/ folder of another target (ReceiptCheckCLI), which is no wall
#   string-slashes  a marked use after a string literal holding //, on the same line
#   clean           nothing
# The last two plants are read from the sources, not compiled: their build is `true`.
set -euo pipefail
scripts=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/planted-memory.XXXXXX")
trap 'rm -rf "$work" "$work.link"' EXIT
mkdir -p "$work/Scripts" "$work/Sources/ReceiptKit/OpenSSL" "$work/Sources/ReceiptKit/PKI"
cp "$scripts/memory-safety-check.sh" "$scripts/swift-code.awk" "$work/Scripts/"
cat >"$work/Package.swift" <<'SWIFT'
// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "planted",
    targets: [.target(name: "ReceiptKit", swiftSettings: [.strictMemorySafety()])]
)
SWIFT
cat >"$work/Sources/ReceiptKit/OpenSSL/Wall.swift" <<'SWIFT'
func wallRead() -> Int {
    unsafe withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { unsafe $0.count }
}
SWIFT
cat >"$work/Sources/ReceiptKit/PKI/Sum.swift" <<'SWIFT'
func sum(_ values: [Int]) -> Int { values.reduce(0, +) }
SWIFT
build=(swift build)
case ${GATE_MEMORY:-} in
unmarked | built-before | symlink)
    cat >"$work/Sources/ReceiptKit/PKI/PlantedUnsafe.swift" <<'SWIFT'
func plantedUnmarkedRead() -> Int {
    let cell = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    defer { cell.deallocate() }
    cell.initialize(to: 1)
    return cell.pointee
}
SWIFT
    ;;
marked)
    cat >"$work/Sources/ReceiptKit/PKI/PlantedUnsafe.swift" <<'SWIFT'
func plantedMarkedRead() -> Int {
    unsafe withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { unsafe $0.count }
}
SWIFT
    ;;
curl-elsewhere)
    mkdir -p "$work/Sources/ReceiptCheckCLI/Curl"
    cat >"$work/Sources/ReceiptCheckCLI/Curl/PlantedUnsafe.swift" <<'SWIFT'
func plantedMarkedRead() -> Int {
    unsafe withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { unsafe $0.count }
}
SWIFT
    build=(true)
    ;;
string-slashes)
    cat >"$work/Sources/ReceiptKit/PKI/PlantedUnsafe.swift" <<'SWIFT'
func plantedMarkedRead() -> Int {
    let scheme = "https://"; let count = unsafe withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { unsafe $0.count }
    return scheme.count + count
}
SWIFT
    build=(true)
    ;;
clean) ;;
*)
    echo "planted-memory: GATE_MEMORY is unmarked, marked, built-before, symlink, curl-elsewhere, string-slashes or clean" >&2
    exit 64
    ;;
esac
# A repository of its own: the check lists the sources with git ls-files.
git -C "$work" init -q
git -C "$work" add -A
cd "$work"
if [ "${GATE_MEMORY:-}" = built-before ]; then
    swift build >/dev/null 2>&1
fi
if [ "${GATE_MEMORY:-}" = symlink ]; then
    ln -s "$work" "$work.link"
    cd "$work.link"
fi
bash Scripts/memory-safety-check.sh --with-build "${build[@]}"
