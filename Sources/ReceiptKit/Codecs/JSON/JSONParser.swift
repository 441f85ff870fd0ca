/// Parses JSON text (RFC 8259, UTF-8) into a `JSONValue` with the limits hostile input needs: a member
/// named twice is an error (parsers disagree on which counts), values and nesting are capped before any
/// work, and the walk is a loop, not a recursion whose depth the input chooses.
package enum JSONParser {
    /// Bounds on one JSON text, checked while it is read.
    package struct Limits: Sendable, Equatable {
        /// Deepest nesting of arrays and objects: Apple's payloads nest three levels.
        package var maximumDepth: Int
        /// Most values in one text: Apple's payloads hold a few dozen, and it bounds what a report costs too.
        package var maximumValues: Int

        package init(maximumDepth: Int = 32, maximumValues: Int = 1024) {
            self.maximumDepth = maximumDepth
            self.maximumValues = maximumValues
        }

        package static let standard = Limits()
    }

    /// Why a text was refused, and the byte offset where that became clear.
    package struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        package enum Kind: Sendable, Equatable {
            case syntax
            case duplicateMember(String)
            case tooDeep
            case tooManyValues
        }

        package let kind: Kind
        package let offset: Int
        package let message: String

        package var description: String { "\(message) (at byte \(offset))" }
    }

    /// The value `bytes` hold; whitespace may surround it, nothing else.
    package static func parse(_ bytes: ArraySlice<UInt8>, limits: Limits = .standard) throws(ParseError) -> JSONValue {
        var parser = Parser(bytes: bytes, limits: limits)
        return try parser.document()
    }

    package static func parse(_ bytes: [UInt8], limits: Limits = .standard) throws(ParseError) -> JSONValue {
        try parse(bytes[...], limits: limits)
    }
}

/// One pass over the text with an explicit stack of open containers.
private struct Parser {
    /// Open containers, innermost last, on stacks of their own mutated in place, so appending never copies.
    enum Open {
        case array
        case object
    }

    let bytes: ArraySlice<UInt8>
    let limits: JSONParser.Limits
    var index: Int
    var values = 0
    var open: [Open] = []
    var arrays: [[JSONValue]] = []
    /// Each open object's members, and the name waiting for its value with the offset it started at.
    var objects: [(members: [String: JSONValue], key: String, keyOffset: Int)] = []

    init(bytes: ArraySlice<UInt8>, limits: JSONParser.Limits) {
        self.bytes = bytes
        self.limits = limits
        index = bytes.startIndex
    }

    var offset: Int { index - bytes.startIndex }

    func failure(_ kind: JSONParser.ParseError.Kind, _ message: String) -> JSONParser.ParseError {
        JSONParser.ParseError(kind: kind, offset: offset, message: message)
    }

    mutating func document() throws(JSONParser.ParseError) -> JSONValue {
        skipSpace()
        while true {
            // Read one value, or open a container and go on to its first member.
            var finished: JSONValue
            guard index < bytes.endIndex else { throw failure(.syntax, "the JSON text ends early") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try count()
                try push(.object)
                objects.append(([:], "", 0))
                skipSpace()
                guard peek(UInt8(ascii: "}")) else {
                    try readKey()
                    continue
                }
                index += 1
                open.removeLast()
                finished = .object(objects.removeLast().members)
            case UInt8(ascii: "["):
                try count()
                try push(.array)
                arrays.append([])
                skipSpace()
                guard peek(UInt8(ascii: "]")) else { continue }
                index += 1
                open.removeLast()
                finished = .array(arrays.removeLast())
            default:
                try count()
                finished = try scalar()
            }
            // Hand the finished value to the container below, closing every container that ends after it.
            while true {
                guard let container = open.last else {
                    skipSpace()
                    guard index == bytes.endIndex else { throw failure(.syntax, "text after the JSON value") }
                    return finished
                }
                skipSpace()
                switch container {
                case .array:
                    arrays[arrays.count - 1].append(finished)
                    if peek(UInt8(ascii: ",")) {
                        index += 1
                        skipSpace()
                    } else if peek(UInt8(ascii: "]")) {
                        index += 1
                        open.removeLast()
                        finished = .array(arrays.removeLast())
                        continue
                    } else {
                        throw failure(.syntax, "expected ',' or ']' in an array")
                    }
                case .object:
                    let top = objects.count - 1
                    // Keys equal under canonical equivalence are refused too, whatever another parser makes of them.
                    let key = objects[top].key
                    if objects[top].members.updateValue(finished, forKey: key) != nil {
                        throw JSONParser.ParseError(
                            kind: .duplicateMember(key), offset: objects[top].keyOffset,
                            message: "the member \"\(key)\" appears twice")
                    }
                    if peek(UInt8(ascii: ",")) {
                        index += 1
                        skipSpace()
                        try readKey()
                    } else if peek(UInt8(ascii: "}")) {
                        index += 1
                        open.removeLast()
                        finished = .object(objects.removeLast().members)
                        continue
                    } else {
                        throw failure(.syntax, "expected ',' or '}' in an object")
                    }
                }
                break
            }
        }
    }

    mutating func count() throws(JSONParser.ParseError) {
        values += 1
        guard values <= limits.maximumValues else {
            throw failure(.tooManyValues, "more than \(limits.maximumValues) JSON values")
        }
    }

    mutating func push(_ container: Open) throws(JSONParser.ParseError) {
        guard open.count < limits.maximumDepth else {
            throw failure(.tooDeep, "JSON nested deeper than \(limits.maximumDepth) levels")
        }
        index += 1
        open.append(container)
    }

    /// Reads `"name" :` for the innermost object; a name it already holds is refused once its value is read.
    mutating func readKey() throws(JSONParser.ParseError) {
        guard peek(UInt8(ascii: "\"")) else { throw failure(.syntax, "expected a member name") }
        let start = offset
        let key = try string()
        let top = objects.count - 1
        objects[top].key = key
        objects[top].keyOffset = start
        skipSpace()
        guard peek(UInt8(ascii: ":")) else { throw failure(.syntax, "expected ':' after a member name") }
        index += 1
        skipSpace()
    }

    mutating func scalar() throws(JSONParser.ParseError) -> JSONValue {
        switch bytes[index] {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure(.syntax, "unexpected byte 0x\(String(bytes[index], radix: 16)) where a value starts")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONParser.ParseError) {
        let count = word.utf8CodeUnitCount
        guard bytes.endIndex - index >= count else { throw failure(.syntax, "the JSON text ends early") }
        guard StaticText.matches(word, in: bytes, at: index) else { throw failure(.syntax, "expected \(word)") }
        index += count
    }

    mutating func number() throws(JSONParser.ParseError) -> JSONValue {
        let start = index
        var integral = true
        if peek(UInt8(ascii: "-")) { index += 1 }
        if peek(UInt8(ascii: "0")) {
            index += 1
        } else {
            guard digits() > 0 else { throw failure(.syntax, "a number without digits") }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            integral = false
            guard digits() > 0 else { throw failure(.syntax, "a number without digits after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            integral = false
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw failure(.syntax, "a number without exponent digits") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if integral, let value = Int64(text) {
            return .integer(value)
        }
        guard let value = Double(text), value.isFinite else {
            throw failure(.syntax, "the number \(text.prefix(40)) is out of range")
        }
        return .number(value)
    }

    mutating func digits() -> Int {
        let start = index
        while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            index += 1
        }
        return index - start
    }

    /// A string from its opening quote, escapes resolved; the result must be valid UTF-8.
    mutating func string() throws(JSONParser.ParseError) -> String {
        index += 1
        let start = index
        // The common case has no escapes: the bytes are the string, scanned noting any non-ASCII byte.
        let (end, bits) = JSONStringScan.plainRun(in: bytes, from: start)
        index = end
        guard index < bytes.endIndex else { throw failure(.syntax, "a string without its closing quote") }
        var decoded: [UInt8] = []
        if bytes[index] == UInt8(ascii: "\"") {
            let text = bytes[start..<index]
            index += 1
            // ASCII is valid UTF-8 as it stands.
            return bits < 0x80 ? String(decoding: text, as: UTF8.self) : try nonASCII(text)
        }
        decoded.append(contentsOf: bytes[start..<index])
        while true {
            guard index < bytes.endIndex else { throw failure(.syntax, "a string without its closing quote") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try validated(decoded[...])
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &decoded)
            case 0..<0x20:
                throw failure(.syntax, "a control character inside a string")
            default:
                decoded.append(byte)
                index += 1
            }
        }
    }

    func validated(_ text: ArraySlice<UInt8>) throws(JSONParser.ParseError) -> String {
        // Member names and most values are ASCII, which is valid UTF-8 as it stands.
        if text.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text, as: UTF8.self)
        }
        return try nonASCII(text)
    }

    /// Text already known to hold bytes beyond ASCII, which must be valid UTF-8.
    private func nonASCII(_ text: ArraySlice<UInt8>) throws(JSONParser.ParseError) -> String {
        guard let string = String(validating: text, as: UTF8.self) else {
            throw failure(.syntax, "a string that is not valid UTF-8")
        }
        return string
    }

    mutating func escape(into decoded: inout [UInt8]) throws(JSONParser.ParseError) {
        guard index < bytes.endIndex else { throw failure(.syntax, "a string without its closing quote") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard bytes.endIndex - index >= 2, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure(.syntax, "a lone UTF-16 surrogate escape") }
                index += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw failure(.syntax, "a lone UTF-16 surrogate escape")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar), let encoded = UTF8.encode(unicode) else {
                throw failure(.syntax, "a lone UTF-16 surrogate escape")
            }
            decoded.append(contentsOf: encoded)
        default:
            throw failure(.syntax, "an unknown escape \\\(Character(Unicode.Scalar(byte)))")
        }
    }

    mutating func hexQuad() throws(JSONParser.ParseError) -> UInt32 {
        guard bytes.endIndex - index >= 4 else { throw failure(.syntax, "a \\u escape without four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure(.syntax, "a \\u escape without four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    func peek(_ byte: UInt8) -> Bool {
        index < bytes.endIndex && bytes[index] == byte
    }

    mutating func skipSpace() {
        while index < bytes.endIndex {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}
