/// One JSON value read whole, for `JSONValueDecoder`.
struct JSONScalarContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.isNull }

    func decode(_ type: String.Type) throws -> String { try String(json: value) }
    func decode(_ type: Bool.Type) throws -> Bool { try Bool(json: value) }
    func decode(_ type: Double.Type) throws -> Double { try Double(json: value) }
    func decode(_ type: Float.Type) throws -> Float { try value.decoded(as: type) }
    func decode(_ type: Int.Type) throws -> Int { try value.decoded(as: type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try value.decoded(as: type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try value.decoded(as: type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try value.decoded(as: type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try Int64(json: value) }
    func decode(_ type: UInt.Type) throws -> UInt { try value.decoded(as: type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try value.decoded(as: type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try value.decoded(as: type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try value.decoded(as: type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try value.decoded(as: type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONValueDecoder.value(T.self, from: value, at: codingPath, nil)
    }
}
