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
    /// The rules-file parser, each parsed set then evaluated against a fixture receipt.
    case rules
    /// Differential: the compact writer must write every receipt report as `JSONEncoder` does, byte for
    /// byte, whatever the receipt held.
    case reportJSON = "report-json"
    /// Differential: a StoreKit 2 report (from a JWS, a response body, or payload JSON starting with `{`
    /// decoded straight into one) written by the compact writer, with and without rule decisions, must
    /// match `JSONEncoder` byte for byte, compact and pretty.
    case jwsJSON = "jws-json"
    /// Differential: whatever `JSONParser` accepts, Foundation's `JSONDecoder` must read as the same
    /// value (the parser is only ever stricter: duplicate members, limits).
    case json

    /// The root that fixture receipts chain to; the fuzzer runs from the package root.
    static let rootPath = "Fixtures/pki/root.pem"
}

nonisolated(unsafe) private var target = FuzzTarget.receipt
nonisolated(unsafe) private var validator: ReceiptValidator?
nonisolated(unsafe) private var sampleReceipt: ParsedReceipt?

/// A bug the fuzzer found: aborts so libFuzzer saves the input.
private func finding(_ message: String) -> Never {
    fputs("fuzz: finding: \(message)\n", stderr)
    abort()
}

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
        fail("unknown RECEIPT_FUZZ_TARGET \(name); use receipt, payload, jws, rules, report-json, jws-json or json")
    }
    target = chosen
    do {
        let root = try Certificate(derOrPEM: fileBytes(FuzzTarget.rootPath))
        let trusted = try ReceiptValidator(policy: .custom(roots: [root]))
        validator = trusted
        sampleReceipt =
            trusted.validate(try fileBytes("Fixtures/subscriptions.receipt"), input: "rules")
            .receipt
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
    case .rules:
        let text = String(decoding: bytes, as: UTF8.self)
        if let rules = try? RuleSet.parse(file: text, name: "fuzz"), let receipt = sampleReceipt {
            _ = rules.evaluate(receipt: receipt, at: Date(timeIntervalSince1970: 1_700_000_000), platform: nil)
        }
    case .reportJSON:
        guard let validator else { fail("the validator was not initialised") }
        let report = validator.validate(bytes, input: "fuzz")
        guard let line = try? Verdict(report: report).json(pretty: false) else { break }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let reference = (try? encoder.encode(report)).map({ JSONString.escapingLineBreaks([UInt8]($0)) }) else {
            finding("the compact writer wrote a report JSONEncoder refuses: \(line)")
        }
        guard line == String(decoding: reference, as: UTF8.self) + "\n" else {
            finding(
                "the compact writer differs from JSONEncoder:\n\(line)\(String(decoding: reference, as: UTF8.self))")
        }
    case .jwsJSON:
        guard let validator else { fail("the validator was not initialised") }
        var report = validator.validate(bytes, input: "fuzz")
        if bytes.first == UInt8(ascii: "{"), let payload = try? JWSPayload.decode(bytes, expecting: nil) {
            report = ValidationReport(input: "fuzz\u{1}/é")
            report.jws = JWSReport(kind: payload.kind, algorithm: "ES256", keyID: "k", payload: payload)
        }
        compareJSON(Verdict(report: report))
        // Parsed per input: a rule set kept in a global for the whole run is reported at exit by
        // LeakSanitizer as leaked, which every target's run would then count as a finding.
        if let rules = try? RuleSet.parse(
            file: "pro: product \"pro.monthly\"\nold: original_application_version < 9", name: "fuzz")
        {
            let configuration = RuleConfiguration(
                rules: rules, time: Date(timeIntervalSince1970: 1_795_000_000), maximumAge: nil)
            let binding = AppBinding(bundleID: "com.example.app", environment: nil, analysis: false)
            compareJSON(Verdict(report: report, rules: configuration, binding: binding))
        }
    case .payload:
        if let receipt = try? PayloadDecoder.decode(bytes) {
            _ = try? JSONEncoder().encode(receipt)
        }
    case .json:
        guard let ours = try? JSONParser.parse(bytes) else { break }
        // Foundation's decoder has no depth limit of its own: only texts within ours reach it.
        guard let theirs = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else {
            finding("JSONParser accepts what JSONDecoder refuses: \(String(decoding: bytes, as: UTF8.self))")
        }
        guard sameValue(ours, theirs) else {
            finding("JSONParser and JSONDecoder read different values: \(ours) / \(theirs)")
        }
    }
    return 0
}

/// `json(pretty:)` against `JSONEncoder` (`encoded(pretty:)`): the same bytes, or both refusing.
private func compareJSON(_ verdict: Verdict) {
    let reference = try? verdict.encoded(pretty: false)
    for pretty in [false, true] {
        let expected = pretty ? try? verdict.encoded(pretty: true) : reference
        let ours = try? verdict.json(pretty: pretty)
        guard ours == expected else {
            finding(
                "json(pretty: \(pretty)) differs from JSONEncoder:\n\(ours ?? "(threw)")\n\(expected ?? "(threw)")")
        }
    }
}

/// Equal JSON values, numbers by their value (an integer and the same number written `1e2` are one).
private func sameValue(_ a: JSONValue, _ b: JSONValue) -> Bool {
    var pending = [(a, b)]
    while let (left, right) = pending.popLast() {
        switch (left, right) {
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return false }
            pending += zip(x, y).map { ($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (key, value) in x {
                guard let other = y[key] else { return false }
                pending.append((value, other))
            }
        case (.integer(let x), .number(let y)), (.number(let y), .integer(let x)):
            guard Double(x) == y else { return false }
        default:
            guard left == right else { return false }
        }
    }
    return true
}

/// A file read whole: this tool reads fixtures, where the CLI's input size limit has nothing to guard.
private func fileBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}
