/// The members of one JSON object of an Advanced Commerce request, read strictly, so that nothing the
/// caller wrote is dropped or changed on its way to Apple.
struct AdvancedCommerceFields {
    private let members: [String: JSONValue]
    /// Where the object sat (`items[2].`), for the messages.
    let path: String
    private var read: Set<String> = []

    init(_ value: JSONValue, at path: String) throws(AppStoreServerAPIError) {
        guard case .object(let members) = value else {
            throw Self.refused(path.isEmpty ? "the request body is not a JSON object" : "\(path) is not an object")
        }
        self.members = members
        self.path = path
    }

    static func refused(_ message: String) -> AppStoreServerAPIError {
        AppStoreServerAPIError(.invalidRequest, "advanced commerce request: " + message)
    }

    private mutating func value(_ name: String, required: Bool) throws(AppStoreServerAPIError) -> JSONValue? {
        read.insert(name)
        guard let value = members[name], value != .null else {
            if required { throw Self.refused("\(path)\(name) is required") }
            return nil
        }
        return value
    }

    mutating func string(_ name: String, required: Bool = false) throws(AppStoreServerAPIError) -> String? {
        guard let value = try value(name, required: required) else { return nil }
        guard case .string(let text) = value else { throw Self.refused("\(path)\(name) is not a string") }
        return text
    }

    mutating func bool(_ name: String, required: Bool = false) throws(AppStoreServerAPIError) -> Bool? {
        guard let value = try value(name, required: required) else { return nil }
        guard case .bool(let flag) = value else { throw Self.refused("\(path)\(name) is not true or false") }
        return flag
    }

    mutating func integer(_ name: String, required: Bool = false) throws(AppStoreServerAPIError) -> Int64? {
        guard let value = try value(name, required: required) else { return nil }
        guard case .integer(let number) = value else { throw Self.refused("\(path)\(name) is not a whole number") }
        return number
    }

    mutating func object(_ name: String, required: Bool = false) throws(AppStoreServerAPIError)
        -> AdvancedCommerceFields?
    {
        guard let value = try value(name, required: required) else { return nil }
        return try AdvancedCommerceFields(value, at: "\(path)\(name).")
    }

    /// The array `name`, each element with its path (`items[0].`).
    mutating func array(_ name: String, required: Bool = false) throws(AppStoreServerAPIError) -> [(JSONValue, String)]?
    {
        guard let value = try value(name, required: required) else { return nil }
        guard case .array(let items) = value else { throw Self.refused("\(path)\(name) is not an array") }
        return items.enumerated().map { ($0.element, "\(path)\(name)[\($0.offset)].") }
    }

    /// The array `name`, each element read by `read` at its own path; nil when it is absent and not required.
    mutating func array<Element>(
        _ name: String, required: Bool = false, of read: (JSONValue, String) throws(AppStoreServerAPIError) -> Element
    ) throws(AppStoreServerAPIError) -> [Element]? {
        guard let list = try array(name, required: required) else { return nil }
        var elements: [Element] = []
        for (value, path) in list {
            elements.append(try read(value, path))
        }
        return elements
    }

    /// Refuses a member nothing read: Apple's model has no such member.
    func finish() throws(AppStoreServerAPIError) {
        if let unknown = members.keys.filter({ !read.contains($0) }).sorted().first {
            throw Self.refused("\(path)\(unknown) is not a member of Apple's request")
        }
    }
}
