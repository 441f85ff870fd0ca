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
        String(decoding: try jsonBytes(pretty: pretty), as: UTF8.self)
    }

    /// The same text as UTF-8, the writer's own buffer: a batch prints it as it is, with no copy.
    public func jsonBytes(pretty: Bool) throws(JSONError) -> [UInt8] {
        var writer = CompactJSONWriter(pretty: pretty)
        try write(into: &writer)
        return writer.out
    }

    /// The bytes of `json(pretty:)` handed to `emit` in chunks of at most `chunkSize` as they are written,
    /// never held whole; stops at the first chunk `emit` refuses, and throws after the chunks written before.
    public func writeJSON(
        pretty: Bool, chunkSize: Int = 64 << 10, to emit: (ArraySlice<UInt8>) -> Bool
    ) throws(JSONError) {
        var refused = false
        try withoutActuallyEscaping(emit) { emit in
            var writer = CompactJSONWriter(pretty: pretty) { bytes in
                refused = refused || !Self.emit(bytes, chunkSize: max(1, chunkSize), emit)
            }
            return Result { () throws(JSONError) in
                try write(into: &writer)
                writer.flush()
            }
        }.get()
    }

    /// The report and its decisions and a newline, written in one pass from the models' field lists.
    private func write(into writer: inout CompactJSONWriter) throws(JSONError) {
        do throws(CompactJSONWriter.DeclinedError) {
            try writer.object(report, beside: decisions)
        } catch {
            throw JSONError(description: error.description)
        }
        writer.out.append(0x0A)
    }

    /// `bytes` in chunks of at most `chunkSize`; false at the first one `emit` refuses.
    private static func emit(
        _ bytes: ArraySlice<UInt8>, chunkSize: Int, _ emit: (ArraySlice<UInt8>) -> Bool
    ) -> Bool {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = start + min(chunkSize, bytes.endIndex - start)
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
