#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

// libFuzzer's entry points over `FuzzHarness`, one binary for every target so the library is compiled once.
//
// Built by `Scripts/fuzz.sh`, never by SwiftPM: `swift build` must work where the toolchain has no
// fuzzer runtime. The target is chosen with `RECEIPT_FUZZ_TARGET`; the targets and their oracles are in
// Tests/ReceiptKitTests/Fuzz, which the suite also runs over the kept corpus.

nonisolated(unsafe) private var target = FuzzTarget.receipt
nonisolated(unsafe) private var harness: FuzzHarness?

private func fail(_ message: String) -> Never {
    fputs("fuzz: \(message)\n", stderr)
    exit(2)
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    let name = ProcessInfo.processInfo.environment["RECEIPT_FUZZ_TARGET"] ?? "receipt"
    guard let chosen = FuzzTarget(rawValue: name) else {
        fail(
            "unknown RECEIPT_FUZZ_TARGET \(name); use "
                + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))
    }
    target = chosen
    do {
        // The fuzzer runs from the package root.
        harness = try FuzzHarness(packageRoot: ".")
    } catch {
        fail("cannot read the fixtures: \(error)")
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let harness else { fail("the harness was not initialised") }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do throws(FuzzFinding) {
        try harness.run(target, bytes)
    } catch {
        // Aborts so libFuzzer saves the input.
        fputs("fuzz: finding: \(error)\n", stderr)
        abort()
    }
    return 0
}
