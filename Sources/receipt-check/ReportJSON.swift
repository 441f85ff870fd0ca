import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reports as JSON: sorted keys so output is stable and diffable, one object per input.
enum ReportJSON {
    static func render(_ report: ValidationReport, rules: RuleResults? = nil, pretty: Bool) throws -> String {
        if rules == nil, let line = ReportJSONWriter.line(report) {
            return pretty
                ? String(decoding: PrettyJSON.reformat(Array(line.utf8.dropLast())), as: UTF8.self) + "\n" : line
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
