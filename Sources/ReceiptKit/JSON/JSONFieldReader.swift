/// Reads a JSON object's members by name and keeps those never asked for, so a payload
/// type lists each field once and still round-trips what Apple adds later.
struct JSONFieldReader {
    private let members: [String: JSONValue]
    private var read: Set<String> = []

    init(_ value: JSONValue) throws(JSONTypeError) {
        guard case .object(let members) = value else { throw JSONTypeError(member: nil, expected: "a JSON object") }
        self.members = members
    }

    /// The member `name` as `T`, nil when absent or null; a wrong type is an error naming the member.
    mutating func value<T: JSONConvertible>(_ name: String, as type: T.Type = T.self) throws(JSONTypeError) -> T? {
        read.insert(name)
        guard let value = members[name], value != .null else { return nil }
        do {
            return try T(json: value)
        } catch {
            throw JSONTypeError(member: name, expected: error.expected)
        }
    }

    func has(_ name: String) -> Bool {
        members[name] != nil
    }

    /// Members not read, as they came.
    func unknown() -> [String: JSONValue] {
        members.filter { !read.contains($0.key) }
    }
}

/// A member whose JSON type is not the one its field needs.
struct JSONTypeError: Error, Sendable, CustomStringConvertible {
    let member: String?
    let expected: String

    var description: String {
        member.map { "the member \"\($0)\" is not \(expected)" } ?? "not \(expected)"
    }
}

/// A value a `JSONFieldReader` can produce from the parsed JSON.
protocol JSONConvertible {
    init(json: JSONValue) throws(JSONTypeError)
}

extension String: JSONConvertible {
    init(json: JSONValue) throws(JSONTypeError) {
        guard case .string(let text) = json else { throw JSONTypeError(member: nil, expected: "a string") }
        self = text
    }
}

extension Bool: JSONConvertible {
    init(json: JSONValue) throws(JSONTypeError) {
        guard case .bool(let value) = json else { throw JSONTypeError(member: nil, expected: "true or false") }
        self = value
    }
}

extension Int64: JSONConvertible {
    /// An integer, or a number with no fraction that fits, as `JSONDecoder` reads one.
    init(json: JSONValue) throws(JSONTypeError) {
        switch json {
        case .integer(let value): self = value
        case .number(let value):
            guard let exact = Int64(exactly: value) else {
                throw JSONTypeError(member: nil, expected: "a 64-bit integer")
            }
            self = exact
        default: throw JSONTypeError(member: nil, expected: "a 64-bit integer")
        }
    }
}

extension Double: JSONConvertible {
    init(json: JSONValue) throws(JSONTypeError) {
        switch json {
        case .integer(let value): self = Double(value)
        case .number(let value): self = value
        default: throw JSONTypeError(member: nil, expected: "a number")
        }
    }
}

extension JSONValue: JSONConvertible {
    init(json: JSONValue) {
        self = json
    }
}

extension Array: JSONConvertible where Element: JSONConvertible {
    init(json: JSONValue) throws(JSONTypeError) {
        guard case .array(let items) = json else { throw JSONTypeError(member: nil, expected: "an array") }
        var values: [Element] = []
        values.reserveCapacity(items.count)
        for item in items {
            values.append(try Element(json: item))
        }
        self = values
    }
}
