/// The `response` member of a report: the response's kind, unsigned members and each element's report.
public struct ResponseReport: Sendable, Encodable {
    /// The response's shape.
    public var kind: ServerResponse.Kind
    /// Unsigned: what the response says of itself (`bundleId`, `hasMore`, `revision`, ...), as Apple wrote it.
    public var fields: [String: JSONValue]
    /// Each signed element's own report, in the order they came.
    public var elements: [ValidationReport]
    /// A paged operation's token to read only what came after these pages next time; nil when that could
    /// lose what they held (an element failed), and for a single page or a saved body.
    public var resumeFrom: String?

    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

extension ResponseReport: FieldModel {
    package static let fields: [ModelField<ResponseReport>] = [
        .models("elements") { $0.elements },
        .members("fields") { $0.fields },
        .string("kind") { $0.kind.rawValue },
        .string("resume_from") { $0.resumeFrom },
    ]
}
