#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Verdict {
    /// The verdict as one JSON object and a newline: sorted keys so output is stable and diffable,
    /// compact (one line, for ndjson) or indented as `JSONEncoder`'s `.prettyPrinted`.
    public func json(pretty: Bool) throws -> String {
        guard let segments = compactJSON() else { return try encoded(pretty: pretty) }
        var bytes = pretty ? PrettyJSON.reformat(segments) : ReportJSONWriter.joined(segments)
        bytes.append(0x0A)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same bytes as `json(pretty:)`, handed to `emit` in chunks of about `chunkSize` bytes as they
    /// are produced, so that a large report (a combined one) is never held whole as text, nor copied to
    /// be printed. Stops at the first chunk `emit` refuses (a failed write). Throws, before emitting
    /// anything, what `json(pretty:)` throws.
    public func writeJSON(
        pretty: Bool, chunkSize: Int = 64 << 10, to emit: (UnsafeBufferPointer<UInt8>) -> Bool
    ) throws {
        let chunkSize = max(1, chunkSize)
        guard var segments = compactJSON() else {
            var text = try encoded(pretty: pretty)
            text.withUTF8 { _ = Self.emit($0, chunkSize: chunkSize, emit) }
            return
        }
        if pretty {
            PrettyJSON.reformat(&segments, trailer: [0x0A], chunkSize: chunkSize, emit: emit)
            return
        }
        for index in segments.indices {
            let segment = segments[index]
            segments[index] = []
            guard segment.withUnsafeBufferPointer({ Self.emit($0, chunkSize: chunkSize, emit) }) else { return }
        }
        _ = [UInt8(0x0A)].withUnsafeBufferPointer(emit)
    }

    /// Receipts and StoreKit 2 JWS without rules through the hand writer, in its segments; everything
    /// else (server responses, combined inputs, decisions) through the models' own `encode(to:)`, sorted
    /// as JSONEncoder sorts; nil for what neither can promise to write identically (JSONEncoder writes it).
    private func compactJSON() -> [[UInt8]]? {
        let written = decisions == nil ? ReportJSONWriter.segments(report) : nil
        return written ?? SortedJSONEncoder.compact(self).map { [$0] }
    }

    /// `bytes` in chunks of at most `chunkSize`; false at the first one `emit` refuses.
    private static func emit(
        _ bytes: UnsafeBufferPointer<UInt8>, chunkSize: Int, _ emit: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        var start = 0
        while start < bytes.count {
            let end = start + min(chunkSize, bytes.count - start)
            guard emit(UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return false }
            start = end
        }
        return true
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
