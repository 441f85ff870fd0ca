/// The `response` member of a report: which App Store Server API response, its unsigned members, and
/// the report of each signed element, in the order they came.
public struct ResponseReport: Sendable, Encodable {
    /// The response's shape.
    public var kind: ServerResponse.Kind
    /// Unsigned: what the response says of itself (`bundleId`, `hasMore`, `revision`, ...), as Apple wrote it.
    public var fields: [String: JSONValue]
    /// Each signed element's own report, in the order they came.
    public var elements: [ValidationReport]

    enum CodingKeys: String, CodingKey {
        case kind, fields, elements
    }
}
