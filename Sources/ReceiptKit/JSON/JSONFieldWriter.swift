/// Writes members by name, skipping absent ones; the counterpart of `JSONFieldReader`.
struct JSONFieldWriter {
    private var container: KeyedEncodingContainer<JSONKey>

    init(_ encoder: any Encoder) {
        container = encoder.container(keyedBy: JSONKey.self)
    }

    mutating func put<T: Encodable>(_ value: T?, _ name: String) throws {
        if let value {
            try container.encode(value, forKey: JSONKey(name))
        }
    }

    /// Fields this version does not know, under one member so they cannot shadow known ones.
    mutating func unknown(_ values: [String: JSONValue]) throws {
        if !values.isEmpty {
            try container.encode(values, forKey: JSONKey("unknownFields"))
        }
    }
}
