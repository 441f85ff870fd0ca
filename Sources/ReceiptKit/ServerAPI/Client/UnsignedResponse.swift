/// A response Apple does not sign, read strictly: one small JSON object with the operation's members.
enum UnsignedResponse {
    private static let limits = JSONParser.Limits(maximumDepth: 8, maximumValues: 4096)

    static func members(
        _ body: [UInt8], required: [String: AppStoreServerAPIOperation.JSONMemberType],
        operation: AppStoreServerAPIOperation
    ) throws(AppStoreServerAPIError) -> [String: JSONValue] {
        let parsed: JSONValue
        do throws(JSONParser.ParseError) {
            parsed = try JSONParser.parse(body, limits: limits)
        } catch {
            throw AppStoreServerAPIError(
                .invalidResponse, "\(operation.rawValue): the response is not JSON: \(error.description)")
        }
        guard case .object(let members) = parsed else {
            throw AppStoreServerAPIError(.invalidResponse, "\(operation.rawValue): the response is not a JSON object")
        }
        for (name, type) in required.sorted(by: { $0.key < $1.key }) {
            let matches: Bool
            switch (type, members[name]) {
            case (.string, .string?), (.bool, .bool?), (.integer, .integer?), (.array, .array?): matches = true
            default: matches = false
            }
            guard matches else {
                throw AppStoreServerAPIError(
                    .invalidResponse, "\(operation.rawValue): the response has no \(type) member \"\(name)\"")
            }
        }
        return members
    }
}
