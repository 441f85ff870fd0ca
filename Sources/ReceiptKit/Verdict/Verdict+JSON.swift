#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Verdict {
    /// Why a verdict cannot be JSON: a date outside the years 0000-9999, or models nested past the bound.
    public struct JSONError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The verdict as one JSON object and a newline, sorted keys, compact or as `.prettyPrinted`.
    public func json(pretty: Bool) throws(JSONError) -> String {
        let segments = try compactJSON()
        var bytes = pretty ? PrettyJSON.reformat(segments) : Self.joined(segments)
        bytes.append(0x0A)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of `json(pretty:)` handed to `emit` in chunks of about `chunkSize`, never held whole;
    /// stops when `emit` refuses one. Throws, before emitting anything, what `json(pretty:)` throws.
    public func writeJSON(
        pretty: Bool, chunkSize: Int = 64 << 10, to emit: (ArraySlice<UInt8>) -> Bool
    ) throws(JSONError) {
        let chunkSize = max(1, chunkSize)
        var segments = try compactJSON()
        if pretty {
            PrettyJSON.reformat(&segments, trailer: [0x0A], chunkSize: chunkSize, emit: emit)
            return
        }
        for index in segments.indices {
            let segment = segments[index]
            segments[index] = []
            guard Self.emit(segment, chunkSize: chunkSize, emit) else { return }
        }
        _ = emit([UInt8(0x0A)][...])
    }

    /// The compact JSON in the writer's segments, written from the models' field lists.
    func compactJSON() throws(JSONError) -> [[UInt8]] {
        var writer = CompactJSONWriter()
        do throws(CompactJSONWriter.DeclinedError) {
            try writer.object(report, beside: decisions)
        } catch {
            throw JSONError(description: error.description)
        }
        return writer.takeSegments()
    }

    /// Segments as one text; the one segment of a small report is returned as it is, not copied.
    static func joined(_ segments: [[UInt8]]) -> [UInt8] {
        segments.count == 1 ? segments[0] : Array(segments.joined())
    }

    /// `bytes` in chunks of at most `chunkSize`; false at the first one `emit` refuses.
    private static func emit(
        _ bytes: [UInt8], chunkSize: Int, _ emit: (ArraySlice<UInt8>) -> Bool
    ) -> Bool {
        var start = 0
        while start < bytes.count {
            let end = start + min(chunkSize, bytes.count - start)
            guard emit(bytes[start..<end]) else { return false }
            start = end
        }
        return true
    }

    /// Through `JSONEncoder`: the reference the compact writer is tested and fuzzed against.
    func encoded(pretty: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        let bytes = JSONString.escapingLineBreaks([UInt8](try encoder.encode(self)))
        return String(decoding: bytes, as: UTF8.self) + "\n"
    }
}
