/// Re-indents compact JSON as `JSONEncoder`'s `.prettyPrinted` writes it, in one pass over the compact
/// writer's segments, carrying its state across them so that no piece is joined to another.
struct PrettyJSON {
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// An opening bracket whose next byte decides whether it opens an empty container.
    private var pendingOpen: UInt8?

    /// The compact text in `segments` (no white space outside strings), re-indented whole.
    static func reformat(_ segments: [[UInt8]]) -> [UInt8] {
        var whole: [UInt8] = []
        var pretty = PrettyJSON()
        for segment in segments {
            _ = pretty.append(segment[...], to: &whole, upTo: .max)
        }
        pretty.finish(to: &whole)
        return whole
    }

    /// The same bytes as `reformat(_:)`, then `trailer`, handed to `emit` in chunks of about `chunkSize`, so
    /// that a large pretty report is never held whole; false when `emit` refuses one.
    @discardableResult
    static func reformat(
        _ segments: inout [[UInt8]], trailer: [UInt8] = [], chunkSize: Int,
        emit: (ArraySlice<UInt8>) -> Bool
    ) -> Bool {
        var pretty = PrettyJSON()
        var out: [UInt8] = []
        out.reserveCapacity(chunkSize + 64)
        for index in segments.indices {
            let segment = segments[index]
            segments[index] = []
            var start = 0
            while start < segment.count {
                start = pretty.append(segment[start...], to: &out, upTo: chunkSize)
                if out.count >= chunkSize {
                    guard emit(out[...]) else { return false }
                    out.removeAll(keepingCapacity: true)
                }
            }
        }
        pretty.finish(to: &out)
        out.append(contentsOf: trailer)
        return emit(out[...])
    }

    /// Re-indents the next piece onto `out` until it holds `limit` bytes; the index of `compact` it stopped at.
    private mutating func append(_ compact: ArraySlice<UInt8>, to out: inout [UInt8], upTo limit: Int) -> Int {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var index = compact.startIndex
        while index < compact.endIndex, out.count < limit {
            if let open = pendingOpen {
                pendingOpen = nil
                let close = open == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if compact[index] == close {
                    out.append(0x0A)
                    newline(depth, to: &out)
                    out.append(close)
                    index += 1
                    continue
                }
                depth += 1
                newline(depth, to: &out)
            }
            if inString {
                if escaped {
                    escaped = false
                    out.append(compact[index])
                    index += 1
                    continue
                }
                let stop = index + min(compact.endIndex - index, max(1, limit - out.count))
                var end = index
                while end < stop, compact[end] != quote, compact[end] != backslash { end += 1 }
                if end > index {
                    out.append(contentsOf: compact[index..<end])
                    index = end
                    continue
                }
                let byte = compact[index]
                out.append(byte)
                index += 1
                if byte == backslash { escaped = true } else { inString = false }
                continue
            }
            let byte = compact[index]
            index += 1
            switch byte {
            case quote:
                inString = true
                out.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                pendingOpen = byte
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline(depth, to: &out)
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline(depth, to: &out)
            case UInt8(ascii: ":"):
                out.append(contentsOf: Self.separator)
            default:
                out.append(byte)
            }
        }
        return index
    }

    /// Ends the text: an opening bracket last (text cut short) is left open, as the one-pass writer did.
    private mutating func finish(to out: inout [UInt8]) {
        if pendingOpen != nil {
            pendingOpen = nil
            depth += 1
            newline(depth, to: &out)
        }
    }

    private static let separator: [UInt8] = Array(" : ".utf8)
    /// A line break and 32 levels of indentation, appended in one piece for any line that deep.
    private static let indentation: [UInt8] = [0x0A] + [UInt8](repeating: 0x20, count: 64)

    private func newline(_ depth: Int, to out: inout [UInt8]) {
        var spaces = max(0, depth) * 2
        let line = Self.indentation
        out.append(contentsOf: line[0..<(1 + min(spaces, line.count - 1))])
        spaces -= min(spaces, line.count - 1)
        while spaces > 0 {
            let run = min(spaces, line.count - 1)
            out.append(contentsOf: line[1..<(1 + run)])
            spaces -= run
        }
    }
}
