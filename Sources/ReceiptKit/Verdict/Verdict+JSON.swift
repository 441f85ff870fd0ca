#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Verdict {
    /// The verdict as one JSON object and a newline: sorted keys so output is stable and diffable,
    /// compact (one line, for ndjson) or indented as `JSONEncoder`'s `.prettyPrinted`.
    public func json(pretty: Bool) throws -> String {
        if decisions == nil, var bytes = ReportJSONWriter.compact(report) {
            if pretty { bytes = PrettyJSON.reformat(bytes) }
            bytes.append(0x0A)
            return String(decoding: bytes, as: UTF8.self)
        }
        return try encoded(pretty: pretty)
    }

    /// Through `JSONEncoder` and the `Encodable` definitions: rule results, StoreKit 2 payloads, and the
    /// reference the compact writer is tested against.
    func encoded(pretty: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
