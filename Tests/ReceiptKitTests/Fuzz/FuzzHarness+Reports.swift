import Foundation

@testable import ReceiptKit

/// The receipt, JWS, payload and rules targets, and the writers' differentials against `JSONEncoder`.
extension FuzzHarness {
    func validate(_ bytes: [UInt8]) {
        let report = validator.validate(bytes, input: "fuzz")
        // Encoding the report exercises the JSON writer on whatever was decoded.
        _ = try? JSONEncoder().encode(report)
    }

    func payload(_ bytes: [UInt8]) {
        if let receipt = try? PayloadDecoder.decode(bytes) {
            _ = try? JSONEncoder().encode(receipt)
        }
    }

    func rules(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let rules = try? RuleSet.parse(file: text, name: "fuzz"), let receipt = sampleReceipt {
            _ = rules.evaluate(receipt: receipt, at: Date(timeIntervalSince1970: 1_700_000_000), platform: nil)
        }
    }

    func reportJSON(_ bytes: [UInt8]) throws(FuzzFinding) {
        let report = validator.validate(bytes, input: "fuzz")
        guard let line = try? Verdict(report: report).json(pretty: false) else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let reference = (try? encoder.encode(report)).map({ JSONString.escapingLineBreaks([UInt8]($0)) }) else {
            throw FuzzFinding("the compact writer wrote a report JSONEncoder refuses: \(line)")
        }
        guard line == String(decoding: reference, as: UTF8.self) + "\n" else {
            throw FuzzFinding(
                "the compact writer differs from JSONEncoder:\n\(line)\(String(decoding: reference, as: UTF8.self))")
        }
    }

    func jwsJSON(_ bytes: [UInt8]) throws(FuzzFinding) {
        var report = validator.validate(bytes, input: "fuzz")
        if bytes.first == UInt8(ascii: "{"), let payload = try? JWSPayload.decode(bytes, expecting: nil) {
            report = ValidationReport(input: "fuzz\u{1}/é")
            report.jws = JWSReport(kind: payload.kind, algorithm: "ES256", keyID: "k", payload: payload)
        }
        try compareJSON(Verdict(report: report))
        // Parsed per input: a rule set kept for the whole run is reported at exit by LeakSanitizer as
        // leaked, which every target's run would then count as a finding.
        if let rules = try? RuleSet.parse(
            file: "pro: product \"pro.monthly\"\nold: original_application_version < 9", name: "fuzz")
        {
            let configuration = RuleConfiguration(
                rules: rules, time: Date(timeIntervalSince1970: 1_795_000_000), maximumAge: nil)
            let binding = AppBinding(bundleID: "com.example.app", environment: nil, analysis: false)
            try compareJSON(Verdict(report: report, rules: configuration, binding: binding))
        }
    }

    /// `json(pretty:)` against `JSONEncoder` (`encoded(pretty:)`): the same bytes, or both refusing.
    private func compareJSON(_ verdict: Verdict) throws(FuzzFinding) {
        let reference = try? verdict.encoded(pretty: false)
        for pretty in [false, true] {
            let expected = pretty ? try? verdict.encoded(pretty: true) : reference
            let ours = try? verdict.json(pretty: pretty)
            guard ours == expected else {
                throw FuzzFinding(
                    "json(pretty: \(pretty)) differs from JSONEncoder:\n\(ours ?? "(threw)")\n\(expected ?? "(threw)")")
            }
        }
    }
}
