#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes any `Encodable` as one compact JSON text, byte for byte what `JSONEncoder` with `.sortedKeys` and
/// `.withoutEscapingSlashes` writes, through the models' own `encode(to:)` and without Foundation's
/// machinery: for what the hand writers do not cover (rule decisions, server responses, combined inputs).
///
/// The value is encoded into a light tree (`SortedJSONNode`), scalars already written as JSON into one
/// byte buffer, and the tree is then written with each object's keys sorted. Whatever this writer cannot
/// promise to write as `JSONEncoder` would (a `Date`, `Data`, `URL`, `Decimal`, a key written twice, a
/// value that encodes nothing, a super encoder, nesting deeper than `maximumDepth`) makes `compact`
/// return nil, and the caller falls back to `JSONEncoder`: never different output.
enum SortedJSONEncoder {
    /// Deepest nesting written here: a report nests a handful of levels and StoreKit payload JSON at
    /// most `JSONParser.Limits.maximumDepth` more, so this bound is never the one a real report meets.
    /// It bounds both recursions of this writer (encoding the tree and writing it out).
    static let maximumDepth = CompactJSONWriter.maximumDepth

    /// The compact JSON text of `value`, or nil where only `JSONEncoder` can say what to write.
    static func compact<T: Encodable>(_ value: T) -> [UInt8]? {
        let buffer = SortedJSONBuffer()
        let root = SortedJSONNode()
        do {
            try buffer.encode(value, into: root, depth: 0)
            guard root.kind != .empty else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(buffer.bytes.count + 1024)
            try buffer.write(root, to: &out, depth: 0)
            return out
        } catch {
            return nil
        }
    }

    /// Why a value was left to `JSONEncoder`.
    struct UnsupportedError: Error {}
}
