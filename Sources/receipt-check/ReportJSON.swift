import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reports as JSON: sorted keys so output is stable and diffable, one object per input.
enum ReportJSON {
    static func render(_ report: ValidationReport, rules: RuleResults? = nil, pretty: Bool) throws -> String {
        if rules == nil, var bytes = ReportJSONWriter.compact(report) {
            if pretty { bytes = PrettyJSON.reformat(bytes) }
            bytes.append(0x0A)
            return String(decoding: bytes, as: UTF8.self)
        }
        return try encode(report, rules: rules, pretty: pretty)
    }

    /// Through `JSONEncoder`: pretty output, rule results, and the reference the compact writer is
    /// tested against.
    static func encode(_ report: ValidationReport, rules: RuleResults? = nil, pretty: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(RuledReport(report: report, results: rules)), as: UTF8.self) + "\n"
    }
}
