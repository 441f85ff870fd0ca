import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reports as JSON: sorted keys so output is stable and diffable, one object per input.
enum ReportJSON {
    static func render(_ report: ValidationReport, rules: RuleResults? = nil, pretty: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(RuledReport(report: report, results: rules)), as: UTF8.self) + "\n"
    }
}
