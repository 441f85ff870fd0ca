#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The JSON conventions of the receipt models: hex bytes, RFC 3339 UTC dates, unknown attributes by type.
/// Read strictly: it specifies re-signed test receipts, and must encode back to the same text.
enum ReceiptJSON {
    /// A coding key for any string, used to find keys that the model does not know.
    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The bytes of a lowercase hex string, or nil when it is not one.
    static func bytes(fromHex text: String) -> [UInt8]? {
        // JSON output only ever holds lowercase, so anything else was written by hand wrongly.
        guard !text.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }) else { return nil }
        return HexBytes.decode(text)
    }

    /// Throws on a key outside `known`, so that a misspelt field is reported instead of dropped.
    static func rejectUnknownKeys(_ decoder: any Decoder, known knownNames: Set<String>) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        for key in container.allKeys where !knownNames.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath + [key], debugDescription: "unknown key \"\(key.stringValue)\""))
        }
    }
}

extension KeyedEncodingContainer {
    mutating func encodeHexIfPresent(_ bytes: [UInt8]?, forKey key: Key) throws {
        guard let bytes else { return }
        try encode(HexBytes.encode(bytes), forKey: key)
    }

    mutating func encodeDateIfPresent(_ date: Date?, forKey key: Key) throws {
        guard let date else { return }
        guard let text = RFC3339.format(date) else {
            throw EncodingError.invalidValue(
                date,
                EncodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "\(key.stringValue): the date lies outside the years 0000-9999"))
        }
        try encode(text, forKey: key)
    }

    /// Writes `{"<type>": ["<hex>", ...]}`; type numbers become strings because JSON keys must be.
    mutating func encodeUnknownAttributes(_ attributes: [Int64: [[UInt8]]], forKey key: Key) throws {
        var object: [String: [String]] = [:]
        for (type, values) in attributes {
            object[String(type)] = values.map(HexBytes.encode)
        }
        try encode(object, forKey: key)
    }
}

extension KeyedDecodingContainer {
    func decodeHexIfPresent(forKey key: Key) throws -> [UInt8]? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let bytes = ReceiptJSON.bytes(fromHex: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "\(key.stringValue): \"\(text)\" is not an even-length lowercase hex string")
        }
        return bytes
    }

    func decodeDateIfPresent(forKey key: Key) throws -> Date? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        // An absent date is an absent key; "" would encode back to nothing and break the round trip.
        guard !text.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(key.stringValue): an empty date; omit the key instead")
        }
        do throws(RFC3339.ParseError) {
            return try RFC3339.parse(text)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(key.stringValue): \(error.description)")
        }
    }

    /// Reads `{"<type>": ["<hex>", ...]}`, refusing types that have a named field of their own.
    func decodeUnknownAttributes(forKey key: Key, knownTypes: Set<Int64>) throws -> [Int64: [[UInt8]]] {
        guard let object = try decodeIfPresent([String: [String]].self, forKey: key) else { return [:] }
        var attributes: [Int64: [[UInt8]]] = [:]
        for (name, values) in object {
            guard let type = Int64(name), type >= 0, String(type) == name else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self,
                    debugDescription: "\(key.stringValue): \"\(name)\" is not a canonical non-negative type number")
            }
            guard !knownTypes.contains(type) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self,
                    debugDescription: "\(key.stringValue): type \(type) has a named field and cannot be unknown")
            }
            guard !values.isEmpty else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self, debugDescription: "\(key.stringValue): type \(type) has no values")
            }
            var decoded: [[UInt8]] = []
            decoded.reserveCapacity(values.count)
            for value in values {
                guard let bytes = ReceiptJSON.bytes(fromHex: value) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: self,
                        debugDescription:
                            "\(key.stringValue): type \(type): \"\(value)\" is not an even-length lowercase hex string")
                }
                decoded.append(bytes)
            }
            attributes[type] = decoded
        }
        return attributes
    }
}
