#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer entry points over ReceiptKit, one binary for every target so the library is compiled once.
///
/// Built by `Scripts/fuzz.sh`, never by SwiftPM: `swift build` must work where the toolchain has
/// no fuzzer runtime. The target is chosen with `RECEIPT_FUZZ_TARGET`; a crash, trap, leak or
/// sanitizer report is a finding, an error or a verdict is the expected outcome.
enum FuzzTarget: String {
    /// `ReceiptValidator.validate` trusting the test PKI root, so fuzzed receipts reach the chain.
    case receipt
    /// `PayloadDecoder.decode` alone.
    case payload
    /// The StoreKit 2 JWS path, through the same validator entry point.
    case jws

    /// The root that fixture receipts chain to; the fuzzer runs from the package root.
    static let rootPath = "Fixtures/pki/root.pem"
}

nonisolated(unsafe) private var target = FuzzTarget.receipt
nonisolated(unsafe) private var validator: ReceiptValidator?

private func fail(_ message: String) -> Never {
    fputs("fuzz: \(message)\n", stderr)
    exit(2)
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    let name = ProcessInfo.processInfo.environment["RECEIPT_FUZZ_TARGET"] ?? "receipt"
    guard let chosen = FuzzTarget(rawValue: name) else {
        fail("unknown RECEIPT_FUZZ_TARGET \(name); use receipt, payload or jws")
    }
    target = chosen
    do {
        let root = try Certificate(derOrPEM: InputReader.contents(of: FuzzTarget.rootPath))
        validator = try ReceiptValidator(policy: .custom(roots: [root]))
    } catch {
        fail("cannot load \(FuzzTarget.rootPath): \(error)")
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    switch target {
    case .receipt, .jws:
        guard let validator else { fail("the validator was not initialised") }
        let report = validator.validate(bytes, input: "fuzz")
        // Encoding the report exercises the JSON writer on whatever was decoded.
        _ = try? JSONEncoder().encode(report)
    case .payload:
        if let receipt = try? PayloadDecoder.decode(bytes) {
            _ = try? JSONEncoder().encode(receipt)
        }
    }
    return 0
}
