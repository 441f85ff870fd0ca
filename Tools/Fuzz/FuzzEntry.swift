#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

// libFuzzer's entry points over `FuzzHarness`, one binary for every target of the library.
//
// Built by `Scripts/fuzz.sh` alone (RECEIPT_FUZZ_HARNESS declares its target, beside serve-request's): `swift
// build` must work where the toolchain has no fuzzer runtime. The target is chosen with `RECEIPT_FUZZ_TARGET`;
// the targets and their oracles are in Tests/ReceiptKitTests/Fuzz, which the suite also runs over the kept corpus.

nonisolated(unsafe) private var target = FuzzTarget.receipt
nonisolated(unsafe) private var harness: FuzzHarness?

/// libFuzzer's driver, for a main of our own: SwiftPM names an executable's entry point after its module
/// (and points `main` at it), so libFuzzer's own main is never linked in.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

@_cdecl("receipt_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}

/// Standard error by its descriptor: Swift 6 refuses C's `stderr`, a shared mutable global.
private func printError(_ text: String) {
    _ = write(2, text, text.utf8.count)
}

private func fail(_ message: String) -> Never {
    printError("fuzz: \(message)\n")
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
        printError("fuzz: finding: \(error)\n")
        abort()
    }
    return 0
}
