#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Verdict {
    /// The verdict as one JSON object and a newline: sorted keys so output is stable and diffable,
    /// compact (one line, for ndjson) or indented as `JSONEncoder`'s `.prettyPrinted`.
    public func json(pretty: Bool) throws -> String {
        // Receipts and StoreKit 2 JWS without rules through the hand writer; everything else (server
        // responses, combined inputs, decisions) through the models' own `encode(to:)`, sorted as
        // JSONEncoder sorts; what neither can promise to write identically, through JSONEncoder.
        let written = decisions == nil ? ReportJSONWriter.compact(report) : nil
        if var bytes = written ?? SortedJSONEncoder.compact(self) {
            if pretty { bytes = PrettyJSON.reformat(bytes) }
            bytes.append(0x0A)
            return String(decoding: bytes, as: UTF8.self)
        }
        return try encoded(pretty: pretty)
    }

    /// Through `JSONEncoder` and the `Encodable` definitions: what a value neither compact writer can
    /// promise to write identically falls back to, and the reference both are tested against; the line
    /// breaks `JSONEncoder` leaves raw are escaped as the compact writers escape them.
    func encoded(pretty: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        let bytes = JSONString.escapingLineBreaks([UInt8](try encoder.encode(self)))
        return String(decoding: bytes, as: UTF8.self) + "\n"
    }
}
