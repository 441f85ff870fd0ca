#!/usr/bin/env bash
# make gate-check's memory stage: Scripts/memory-safety-check.sh --with-build over a package of three small
# files, with strict memory safety on as in the project's manifest, and a wall folder (OpenSSL/) whose marked
# unsafe use is allowed. GATE_MEMORY says what is planted outside the wall:
#   unmarked      an unsafe use the compiler finds
#   marked        an unsafe use marked `unsafe`
#   built-before  the unmarked one, compiled by an earlier build, so that --with-build's own build prints
#                 nothing of it
#   clean         nothing
set -euo pipefail
check=$(cd "$(dirname "$0")/.." && pwd)/memory-safety-check.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/planted-memory.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Scripts" "$work/Sources/Planted/OpenSSL" "$work/Sources/Planted/PKI"
cp "$check" "$work/Scripts/"
cat >"$work/Package.swift" <<'SWIFT'
// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "planted",
    targets: [.target(name: "Planted", swiftSettings: [.strictMemorySafety()])]
)
SWIFT
cat >"$work/Sources/Planted/OpenSSL/Wall.swift" <<'SWIFT'
func wallRead() -> Int {
    unsafe withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { unsafe $0.count }
}
SWIFT
cat >"$work/Sources/Planted/PKI/Sum.swift" <<'SWIFT'
func sum(_ values: [Int]) -> Int { values.reduce(0, +) }
SWIFT
case ${GATE_MEMORY:-} in
unmarked | built-before)
    cat >"$work/Sources/Planted/PKI/PlantedUnsafe.swift" <<'SWIFT'
func plantedUnmarkedRead() -> Int {
    let cell = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    defer { cell.deallocate() }
    cell.initialize(to: 1)
    return cell.pointee
}
SWIFT
    ;;
marked)
    cat >"$work/Sources/Planted/PKI/PlantedUnsafe.swift" <<'SWIFT'
func plantedMarkedRead() -> Int {
    unsafe withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { unsafe $0.count }
}
SWIFT
    ;;
clean) ;;
*)
    echo "planted-memory: GATE_MEMORY is unmarked, marked, built-before or clean" >&2
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
bash Scripts/memory-safety-check.sh --with-build swift build
