/// Writes compact JSON as `JSONEncoder` (`.sortedKeys`, `.withoutEscapingSlashes`) does; callers write
/// members sorted. A comma goes before anything but a container's first, told by the last byte.
struct CompactJSONWriter {
    /// What JSON cannot say as `JSONEncoder` would (a float not finite, a date outside 0000-9999), or too deep.
    struct DeclinedError: Error, CustomStringConvertible {
        let description: String
    }

    /// Deepest nesting written, never met by a real report; it bounds `json`'s recursion.
    static let maximumDepth = 96

    /// What is being written; the text is `sealed` joined, then this.
    var out: [UInt8] = []
    /// Earlier parts of the text, each about `segmentSize` bytes, so a huge text is never copied as it grows.
    private(set) var sealed: [[UInt8]] = []

    static let segmentSize = 1 << 20

    /// How many nested objects `object` is inside, which `maximumDepth` bounds.
    var depth = 0

    /// Room for a receipt's report, so most are written without the buffer growing.
    init() {
        out.reserveCapacity(4096)
    }

    /// Moves `out` to `sealed` once it holds a segment's worth; only after an array element, whose caller
    /// writes the next separator, so nothing written before a seal is taken back.
    mutating func sealIfFull() {
        guard out.count >= Self.segmentSize else { return }
        sealed.append(out)
        out = []
        out.reserveCapacity(Self.segmentSize + (Self.segmentSize >> 2))
    }

    /// The whole text in its parts, in order; the writer is left empty.
    mutating func takeSegments() -> [[UInt8]] {
        var segments = sealed
        segments.append(out)
        sealed = []
        out = []
        return segments
    }

    @inline(__always)
    mutating func raw(_ text: StaticString) {
        StaticText.append(text, to: &out)
    }

    /// A comma, unless the container was just opened.
    mutating func separator() {
        if let last = out.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "[") {
            out.append(UInt8(ascii: ","))
        }
    }

    /// `"name":` for a member; `name` is a plain ASCII key that needs no escaping.
    mutating func key(_ name: StaticString) {
        separator()
        out.append(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }

    mutating func string(_ text: String) {
        JSONString.append(text, to: &out)
    }

    mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    mutating func integer<T: FixedWidthInteger>(_ value: T) {
        Self.appendInteger(value, to: &out)
    }

    mutating func json(_ value: JSONValue) throws(DeclinedError) {
        try Self.append(value, to: &out, depth: 0)
    }

    /// Integers as their `description`, as `JSONEncoder` writes them.
    static func appendInteger<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        guard let value = Int64(exactly: value) else {
            out.append(contentsOf: value.description.utf8)
            return
        }
        // Written from scratch space and appended at once, without making a string.
        ByteAppend.appendDecimal(value.magnitude, negative: value < 0, to: &out)
    }

    /// A float as `JSONEncoder` writes it, without a trailing `.0` unless `exact`, so that it reads back as a
    /// float; not finite is declined, as `JSONEncoder` refuses it.
    static func appendFloat<T: BinaryFloatingPoint & CustomStringConvertible>(
        _ value: T, to out: inout [UInt8], exact: Bool = false
    ) throws(DeclinedError) {
        guard value.isFinite else { throw DeclinedError(description: "\(value) is not a finite number") }
        let start = out.count
        ByteAppend.append(utf8: value.description, to: &out)
        if !exact, out.count - start >= 2,
            out[out.count - 2] == UInt8(ascii: "."), out[out.count - 1] == UInt8(ascii: "0")
        {
            out.removeLast(2)
        }
    }

    /// A parsed JSON value, keys sorted by their bytes; `depth` bounds the recursion of a hand-built value.
    /// `exact` writes text `JSONParser` reads back as this very value, for text that is read again.
    static func append(_ value: JSONValue, to out: inout [UInt8], depth: Int, exact: Bool = false) throws(DeclinedError)
    {
        guard depth < maximumDepth else {
            throw DeclinedError(description: "nested deeper than \(maximumDepth) levels")
        }
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .integer(let number): appendInteger(number, to: &out)
        case .number(let number): try appendFloat(number, to: &out, exact: exact)
        case .string(let text): JSONString.append(text, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                try append(item, to: &out, depth: depth + 1, exact: exact)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            try append(members, to: &out, depth: depth, exact: exact)
        }
    }

    /// An object's members sorted by key; a dictionary's keys are distinct strings, so none is dropped.
    static func append(_ members: [String: JSONValue], to out: inout [UInt8], depth: Int, exact: Bool = false)
        throws(DeclinedError)
    {
        out.append(UInt8(ascii: "{"))
        let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for (index, member) in sorted.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONString.append(member.key, to: &out)
            out.append(UInt8(ascii: ":"))
            try append(member.value, to: &out, depth: depth + 1, exact: exact)
        }
        out.append(UInt8(ascii: "}"))
    }
}
