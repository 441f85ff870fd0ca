/// Writes compact JSON the way `JSONEncoder` (`.sortedKeys`, `.withoutEscapingSlashes`) writes its values;
/// the caller writes each object's members in sorted order.
///
/// A member or element is preceded by a comma unless it is the first of its container, which the last
/// byte written tells: only an opening bracket ends in `{` or `[`.
struct CompactJSONWriter {
    /// Thrown for what JSON cannot say as `JSONEncoder` would say it (a float that is not finite, a date
    /// outside the years 0000-9999) and for nesting past the bound; `description` says which.
    struct DeclinedError: Error, CustomStringConvertible {
        let description: String
    }

    /// Deepest nesting written: reports nest a handful of levels and payload JSON at most the parser's
    /// limit more, so this bound is never the one a real report meets; it bounds `json`'s recursion.
    static let maximumDepth = 96

    /// What is being written; the text is `sealed` joined, then this.
    var out: [UInt8] = []
    /// Earlier parts of the text, each about `segmentSize` bytes: a text of tens of megabytes (a combined
    /// report) grows by segments, where one array would be copied whole each time it doubled.
    private(set) var sealed: [[UInt8]] = []

    static let segmentSize = 1 << 20

    /// How many nested objects `object` is inside, which `maximumDepth` bounds.
    var depth = 0

    /// Room for a receipt's report, so most are written without the buffer growing.
    init() {
        out.reserveCapacity(4096)
    }

    /// Moves `out` to `sealed` once it holds a segment's worth. Called only after an element of an array
    /// whose caller writes the next comma or bracket itself: `separator` reads the last byte of `out`,
    /// and nothing written before a seal is taken back after it.
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
        // Written from the end of scratch space and appended at once (the wall of the byte loops), without
        // making a string: reports write an integer for most purchase fields.
        ByteAppend.appendDecimal(value.magnitude, negative: value < 0, to: &out)
    }

    /// A float as `JSONEncoder` writes one: its `description` without a trailing `.0` (`1e+20`, `0.1`,
    /// `-0`); with `exact`, the `.0` is kept, so that the text reads back as a float, not an integer.
    /// Not a number or infinite is declined: `JSONEncoder` refuses it by default.
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

    /// A parsed JSON value, each object's keys sorted as `JSONEncoder` sorts them (as UTF-8 bytes). The
    /// parser bounds what it reads, but a `JSONValue` can be built by hand: `depth` bounds the recursion.
    /// `exact` writes text that `JSONParser` reads back as this very value (a float stays a float: `1.0`,
    /// not `1`), for text that is read again and must mean what its source meant; reports are written as
    /// `JSONEncoder` writes them.
    static func append(_ value: JSONValue, to out: inout [UInt8], depth: Int, exact: Bool = false)
        throws(DeclinedError)
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
