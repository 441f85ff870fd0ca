import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Corpus receipts decoded for rule tests.
enum RuleTestSupport {
    /// The decoded payload of `receipts/<name>.receipt`; nil after recording a failure when the corpus
    /// is missing, so a run without it fails loudly.
    static func receipt(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ParsedReceipt? {
        guard let manifest = TestCorpus.manifest(sourceLocation: sourceLocation) else { return nil }
        guard let entry = manifest.receipts.first(where: { $0.file == "receipts/\(name).receipt" }) else {
            Issue.record("receipts/\(name).receipt is not in the corpus manifest", sourceLocation: sourceLocation)
            return nil
        }
        return try PayloadDecoder.decode(TestPayloadExtraction.payload(fromPKCS7: TestCorpus.bytes(of: entry)))
    }

    static func date(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Date {
        try #require(try RFC3339.parse(text), sourceLocation: sourceLocation)
    }

    static func rules(_ lines: String...) throws -> RuleSet {
        try RuleSet.parse(file: lines.joined(separator: "\n"), name: "test")
    }
}
