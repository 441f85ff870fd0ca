/// An object nested in a signed payload (`commitmentInfo`, `summary`): typed, but kept and printed as
/// Apple wrote it; its fields read as the typed model's.
@dynamicMemberLookup
public struct SignedMember<Model: Sendable & Equatable>: Sendable, Equatable, Encodable {
    /// The object as Apple's fields type it, members this version does not know kept in its `unknown`.
    public let value: Model
    /// The object as it came.
    public let json: JSONValue

    /// A field of the typed model.
    public subscript<Field>(dynamicMember field: KeyPath<Model, Field>) -> Field {
        value[keyPath: field]
    }

    /// Writes the object as it came, as reports did before it was typed.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension SignedMember: JSONConvertible where Model: MemberFieldModel {
    /// Typed through the model's fields: a member of the wrong kind throws as any payload's does.
    init(json: JSONValue) throws(JSONTypeError) {
        value = try Model(json: json)
        self.json = json
    }
}
