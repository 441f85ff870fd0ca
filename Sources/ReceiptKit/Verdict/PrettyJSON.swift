/// Re-indents compact JSON the way `JSONEncoder`'s `.prettyPrinted` writes it: two spaces a level,
/// `"key" : value`, one member or element a line, an empty container as an open line and a blank one.
///
/// Pretty output of one receipt spent a quarter of the whole run in `JSONEncoder`; the compact writer plus
/// this one linear pass gives the same bytes (a test compares them on every corpus receipt).
enum PrettyJSON {
    /// `compact` holds no white space outside strings (what `ReportJSONWriter` writes).
    static func reformat(_ compact: [UInt8]) -> [UInt8] {
        var whole: [UInt8] = []
        reformat(compact, chunkSize: Int.max) { chunk in
            whole.append(contentsOf: chunk)
            return true
        }
        return whole
    }

    /// The same bytes as `reformat(_:)`, then `trailer`, handed to `emit` in chunks of about `chunkSize`
    /// bytes as they are produced: a combined report's pretty text is twice its compact one, and holding
    /// it whole (then a copy to print) tripled the run's peak. Stops at the first chunk `emit` refuses;
    /// false then.
    @discardableResult
    static func reformat(
        _ compact: [UInt8], trailer: [UInt8] = [], chunkSize: Int,
        emit: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        var out: [UInt8] = []
        out.reserveCapacity(chunkSize == Int.max ? compact.count * 2 : chunkSize + 64)
        var depth = 0
        var inString = false
        var escaped = false
        var index = 0
        func newline(_ depth: Int) {
            out.append(0x0A)
            for _ in 0..<depth * 2 { out.append(0x20) }
        }
        while index < compact.count {
            // Checked once an input byte: a chunk overshoots `chunkSize` by at most one byte's indentation.
            if out.count >= chunkSize {
                guard out.withUnsafeBufferPointer(emit) else { return false }
                out.removeAll(keepingCapacity: true)
            }
            let byte = compact[index]
            index += 1
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                out.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index < compact.count, compact[index] == close {
                    out.append(0x0A)
                    newline(depth)
                    out.append(close)
                    index += 1
                } else {
                    depth += 1
                    newline(depth)
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline(depth)
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline(depth)
            case UInt8(ascii: ":"):
                out.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
            default:
                out.append(byte)
            }
        }
        out.append(contentsOf: trailer)
        return out.withUnsafeBufferPointer(emit)
    }
}
