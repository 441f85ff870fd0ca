/// Writes JSON as `JSONEncoder` (`.sortedKeys`, `.withoutEscapingSlashes`) does, compact or, with `pretty`, as
/// `.prettyPrinted`; callers write members sorted. A comma goes before anything but a container's first, told
/// by the last byte.
struct CompactJSONWriter {
    /// What JSON cannot say as `JSONEncoder` would (a float not finite, a date outside 0000-9999), or too deep.
    struct DeclinedError: Error, CustomStringConvertible {
        let description: String
    }

    /// Deepest nesting written, never met by a real report; it bounds `json`'s recursion.
    static let maximumDepth = 96

    /// What is being written: the whole text, or with a `sink` what it has not taken yet.
    var out: [UInt8] = []
    /// Takes `out` whenever it passes `flushSize` between two elements of an array, and what is left at
    /// the end (`flush`), so that a text of megabytes (a combined report) is never held whole.
    private let sink: ((ArraySlice<UInt8>) -> Void)?

    static let flushSize = 64 << 10

    /// How many nested objects `object` is inside, which `maximumDepth` bounds.
    var depth = 0

    /// Whether the text is indented as `.prettyPrinted` writes it; chosen once, for the whole text.
    let pretty: Bool
    /// Containers open around what is written next: the indentation of pretty text.
    private var level = 0

    /// Room for a receipt's report, so most are written without the buffer growing.
    init(pretty: Bool = false, sink: ((ArraySlice<UInt8>) -> Void)? = nil) {
        (self.pretty, self.sink) = (pretty, sink)
        out.reserveCapacity(sink == nil ? (pretty ? 8192 : 4096) : Self.flushSize + (Self.flushSize >> 2))
    }

    /// Hands `out` to the sink once it holds `flushSize` bytes. Called only after an element of an array,
    /// whose next comma `element(first:)` writes without reading `out`.
    mutating func flushIfFull() {
        guard sink != nil, out.count >= Self.flushSize else { return }
        flush()
    }

    /// Hands what `out` holds to the sink, if there is one, and keeps its storage for what follows.
    mutating func flush() {
        guard let sink else { return }
        sink(out[...])
        out.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    mutating func raw(_ text: StaticString) {
        StaticText.append(text, to: &out)
    }

    /// `{` or `[`.
    @inline(__always)
    mutating func open(_ bracket: UInt8) {
        out.append(bracket)
        level += 1
    }

    /// `}` or `]`; in pretty text on a line of its own, after a blank one when the container is empty.
    @inline(__always)
    mutating func close(_ bracket: UInt8) {
        level -= 1
        if pretty {
            if let last = out.last, last == UInt8(ascii: "{") || last == UInt8(ascii: "[") { out.append(0x0A) }
            newline()
        }
        out.append(bracket)
    }

    /// Before a member: a comma, unless the container was just opened; in pretty text a new line.
    @inline(__always)
    mutating func separator() {
        if let last = out.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "[") {
            out.append(UInt8(ascii: ","))
        }
        if pretty { newline() }
    }

    /// Before an array's element (or a member whose caller counts them): a comma unless it is the first.
    @inline(__always)
    mutating func element(first: Bool) {
        if !first { out.append(UInt8(ascii: ",")) }
        if pretty { newline() }
    }

    /// `"name":` for a member; `name` is a plain ASCII key that needs no escaping.
    mutating func key(_ name: StaticString) {
        if let last = out.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "[") {
            out.append(UInt8(ascii: ","))
        }
        // One test of `pretty` a key, each literal appended where it is named: a static string chosen at
        // run time is appended byte by byte through its pointer, several dozen instructions a key more.
        if pretty {
            newline()
            out.append(UInt8(ascii: "\""))
            raw(name)
            raw("\" : ")
        } else {
            out.append(UInt8(ascii: "\""))
            raw(name)
            raw("\":")
        }
    }

    /// Between a member's key and its value.
    @inline(__always)
    mutating func colon() {
        if pretty { raw(" : ") } else { out.append(UInt8(ascii: ":")) }
    }

    /// A line break and the indentation of `level`, appended in one piece up to 32 levels deep; kept out of
    /// line, so that compact text's callers stay small.
    @inline(never)
    private mutating func newline() {
        let spaces = max(0, level) * 2
        if spaces < Self.indentation.count {
            out.append(contentsOf: Self.indentation[0...spaces])
        } else {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
        }
    }

    private static let indentation: [UInt8] = [0x0A] + [UInt8](repeating: 0x20, count: 64)

    mutating func string(_ text: String) {
        JSONString.append(text, to: &out)
    }

    mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    mutating func integer<T: FixedWidthInteger>(_ value: T) {
        Self.appendInteger(value, to: &out)
    }

    /// A parsed JSON value, each object's keys sorted as `JSONEncoder` sorts them (as UTF-8 bytes). The
    /// parser bounds what it reads, but a `JSONValue` can be built by hand: `depth` bounds the recursion.
    /// `exact` writes text that `JSONParser` reads back as this very value (a float stays a float: `1.0`,
    /// not `1`), for text that is read again and must mean what its source meant; reports are written as
    /// `JSONEncoder` writes them.
    mutating func json(_ value: JSONValue, depth: Int = 0, exact: Bool = false) throws(DeclinedError) {
        guard depth < Self.maximumDepth else {
            throw DeclinedError(description: "nested deeper than \(Self.maximumDepth) levels")
        }
        switch value {
        case .null: raw("null")
        case .bool(let flag): bool(flag)
        case .integer(let number): integer(number)
        case .number(let number): try Self.appendFloat(number, to: &out, exact: exact)
        case .string(let text): string(text)
        case .array(let items):
            open(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                element(first: index == 0)
                try json(item, depth: depth + 1, exact: exact)
            }
            close(UInt8(ascii: "]"))
        case .object(let members):
            try json(members, depth: depth, exact: exact)
        }
    }

    /// An object's members sorted by key; a dictionary's keys are distinct strings, so none is dropped.
    mutating func json(_ members: [String: JSONValue], depth: Int = 0, exact: Bool = false) throws(DeclinedError) {
        open(UInt8(ascii: "{"))
        let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for (index, member) in sorted.enumerated() {
            element(first: index == 0)
            string(member.key)
            colon()
            try json(member.value, depth: depth + 1, exact: exact)
        }
        close(UInt8(ascii: "}"))
    }

    /// `value` compact at the end of `out`, for text that is not a writer's (a history's merged body).
    static func append(_ value: JSONValue, to out: inout [UInt8], depth: Int, exact: Bool = false)
        throws(DeclinedError)
    {
        var writer = Self()
        swap(&writer.out, &out)
        defer { swap(&writer.out, &out) }
        try writer.json(value, depth: depth, exact: exact)
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
}
