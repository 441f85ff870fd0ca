import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `Verdict.writeJSON` streams the report a chunk at a time (a combined report is too large to hold whole
/// as text): the bytes are exactly `json(pretty:)`'s, no chunk outgrows its size by more than one byte's
/// indentation, and a refused chunk (a failed write) stops it. A report of megabytes is handed over as it is
/// written, never held whole.
@Suite struct StreamedJSONTests {
    private static func verdicts() throws -> [Verdict] {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
        func bytes(_ name: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
        }
        var options = ValidationOptions()
        options.bundleID = "com.example.receiptcheck"
        let root = try Certificate(derOrPEM: bytes("pki/root.pem"))
        let validator = try ReceiptValidator(policy: .custom(roots: [root]), options: options)
        let receipt = try bytes("valid.receipt")
        let rules = RuleConfiguration(
            rules: try RuleSet.parse(file: #"premium: product "com.example.receiptcheck.pro""#, name: "p.rules"),
            required: ["premium"], platform: .ios, time: Date(timeIntervalSince1970: 1_714_600_000),
            maximumAge: nil)
        let report = validator.validate(receipt, input: "valid")
        return [
            validator.verdict(receipt, input: "valid", rules: nil),
            validator.verdict(receipt, input: "valid", rules: rules),
            validator.verdict(combining: [report, report], rules: rules),
        ]
    }

    @Test(arguments: [false, true])
    func theChunksAreTheWholeJSON(pretty: Bool) throws {
        for verdict in try Self.verdicts() {
            for chunkSize in [1, 7, 100, 64 << 10] {
                var chunks: [[UInt8]] = []
                try verdict.writeJSON(pretty: pretty, chunkSize: chunkSize) { chunk in
                    chunks.append(Array(chunk))
                    return true
                }
                let whole = try verdict.json(pretty: pretty)
                #expect(String(decoding: chunks.joined(), as: UTF8.self) == whole, "chunks of \(chunkSize)")
                #expect(chunks.count >= whole.utf8.count / (chunkSize + 64), "chunks of \(chunkSize)")
                // Indentation is at most a few levels deep here: 64 bytes over is generous.
                #expect(chunks.allSatisfy { $0.count <= chunkSize + 64 }, "chunks of \(chunkSize)")
            }
        }
    }

    @Test(arguments: [false, true])
    func aRefusedChunkStopsTheWriting(pretty: Bool) throws {
        for verdict in try Self.verdicts() {
            var calls = 0
            try verdict.writeJSON(pretty: pretty, chunkSize: 16) { _ in
                calls += 1
                return false
            }
            #expect(calls == 1)
        }
    }

    /// Two receipts of 6,000 purchases each, combined: the writer hands its text over about
    /// `CompactJSONWriter.flushSize` bytes at a time as it writes, between two purchases or two inputs, the
    /// whole as `JSONEncoder` writes it; a refused chunk stops it there.
    @Test func aLargeReportIsHandedOverAsItIsWritten() throws {
        let purchases = (0..<6_000).map { index in
            InAppPurchase(
                quantity: 1, productID: "com.example.receiptcheck.item\(index % 7)", transactionID: "\(40_000 + index)",
                purchaseDate: Date(timeIntervalSince1970: 1_676_363_400 + Double(index)),
                originalTransactionID: "\(40_000 + index)")
        }
        let receipt = try CheckMaterial.signed(CheckMaterial.receipt { $0.inApp = purchases })
        guard case .report(let report) = try CheckMaterial.validate(receipt) else {
            Issue.record("no receipt report")
            return
        }
        let combined = CombinedInputs.combine([report, report], bundleID: CheckMaterial.bundleID)
        let verdict = Verdict(report: combined.report)
        for pretty in [false, true] {
            let reference = try verdict.encoded(pretty: pretty)
            #expect(try verdict.json(pretty: pretty) == reference, "pretty: \(pretty)")
            var chunks: [[UInt8]] = []
            try verdict.writeJSON(pretty: pretty, chunkSize: .max) { chunk in
                chunks.append(Array(chunk))
                return true
            }
            #expect(String(decoding: chunks.joined(), as: UTF8.self) == reference, "pretty: \(pretty)")
            #expect(chunks.count > 8, "pretty: \(pretty)")
            let size = CompactJSONWriter.flushSize
            #expect(chunks.dropLast().allSatisfy { $0.count >= size && $0.count < size + 4_096 }, "pretty: \(pretty)")
            var calls = 0
            try verdict.writeJSON(pretty: pretty, chunkSize: .max) { _ in
                calls += 1
                return calls < 2
            }
            #expect(calls == 2, "pretty: \(pretty)")
        }
    }
}
