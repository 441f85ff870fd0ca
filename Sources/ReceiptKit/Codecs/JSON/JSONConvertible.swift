/// A value read straight from parsed JSON, each type wording what it expected when the type is wrong.
protocol JSONConvertible: SendableMetatype {
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
    /// A number written as an integer that fits: the text decides, since the `Double` of a fraction can be
    /// integral (`9007199254740993.5` is the double 9007199254740994).
    init(json: JSONValue) throws(JSONTypeError) {
        guard case .integer(let value) = json else {
            throw JSONTypeError(member: nil, expected: "a 64-bit integer")
        }
        self = value
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
