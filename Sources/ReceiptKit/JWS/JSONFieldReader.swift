/// Reads a JSON object's members by name and keeps those never asked for, so a payload
/// type lists each field once and still round-trips what Apple adds later.
struct JSONFieldReader {
    private let container: KeyedDecodingContainer<JSONKey>
    private var read: Set<String> = []

    init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: JSONKey.self)
    }

    /// The member `name` as `T`, nil when absent or null; a wrong type is an error.
    mutating func value<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T? {
        read.insert(name)
        return try container.decodeIfPresent(T.self, forKey: JSONKey(name))
    }

    func has(_ name: String) -> Bool {
        container.contains(JSONKey(name))
    }

    /// Members not read, as raw JSON.
    func unknown() throws -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        for key in container.allKeys where !read.contains(key.stringValue) {
            values[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        return values
    }
}
