/// A StoreKit 2 model read from its JSON member by member through its fields, the list that writes it.
protocol MemberFieldModel: FieldModel, JSONConvertible {
    /// The model with every member absent.
    init()
}

extension MemberFieldModel {
    /// The model from a signed payload: null as absence, members no field names kept under `unknownFields`
    /// so that what Apple adds shows in reports; a value of the wrong kind throws naming the outermost member.
    init(json: JSONValue) throws(JSONTypeError) {
        try self.init(json, keepingUnknown: true)
    }

    /// The model from another decoder's JSON, as a synthesised `Decodable` would read it.
    init(decodingWritten decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        do {
            try self.init(json, keepingUnknown: false)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    private init(_ json: JSONValue, keepingUnknown: Bool) throws(JSONTypeError) {
        guard case .object(let members) = json else { throw JSONTypeError(member: nil, expected: "a JSON object") }
        self.init()
        let fields = Self.fields
        var unknown: [String: JSONValue] = [:]
        for (name, value) in members {
            switch Self.index(named: name, in: fields).flatMap({ fields[$0].member }) {
            case .value(let set)?:
                if case .null = value { continue }
                do {
                    try set(&self, value)
                } catch {
                    throw JSONTypeError(member: name, expected: error.expected)
                }
            case .unknownMembers(let set)? where !keepingUnknown:
                if value == .null { continue }
                guard case .object(let kept) = value else {
                    throw JSONTypeError(member: name, expected: "a JSON object")
                }
                set(&self, kept)
            case .unknownMembers?, nil:
                if keepingUnknown { unknown[name] = value }
            }
        }
        guard !unknown.isEmpty else { return }
        for index in fields.indices {
            if case .unknownMembers(let set)? = fields[index].member { set(&self, unknown) }
        }
    }

    /// The position of the field keyed `name`, by halving the list sorted by the keys' bytes; nil when none.
    static func index(named name: String, in fields: [ModelField<Self>]) -> Int? {
        var low = 0
        var high = fields.count
        while low < high {
            let middle = low + (high - low) / 2
            let order = Self.order(of: fields[middle].key, against: name)
            if order == 0 { return middle }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Negative, zero or positive as `key`'s UTF-8 bytes sort before, the same as, or after `name`'s.
    private static func order(of key: StaticString, against name: String) -> Int {
        StaticText.order(of: key, against: name)
    }
}
