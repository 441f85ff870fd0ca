/// One field of a model, declared once: its JSON key, receipt attribute type, reader, setters and schema
/// note. Models list their fields sorted as `JSONEncoder` sorts keys; the writer, `Codable`, the decoders,
/// the schema, the verifyReceipt body and the rule names all read that list, so a new field is one line.
package struct ModelField<Model>: Sendable {
    /// The report's key: Apple's verifyReceipt key for receipts, Apple's member name for StoreKit 2.
    package let key: StaticString
    /// The attribute type that carries the value; nil for StoreKit 2 members and derived or gathered fields.
    package let attribute: Int64?
    /// The value as `Encodable` (the reference) encodes it; absent (nil inside) leaves the member out.
    package let value: @Sendable (Model) -> FieldValue
    /// How a receipt attribute's decoded value is stored; nil for fields no receipt carries.
    package private(set) var setter: FieldSetter<Model>?
    /// How a JSON member of this name is stored; nil for fields only written (reports, responses).
    private(set) var member: MemberSetter<Model>?
    /// What only some fields declare, kept aside so that the field copied is smaller.
    private var notes: FieldNotes?
    /// Writes the member (key, then value) straight from the model, or nothing where it is absent.
    let write: Writer

    typealias Writer =
        @Sendable (inout CompactJSONWriter, StaticString, Model) throws(CompactJSONWriter.DeclinedError) -> Void

    init(
        key: StaticString, attribute: Int64?, value: @escaping @Sendable (Model) -> FieldValue,
        setter: FieldSetter<Model>?, member: MemberSetter<Model>? = nil, description: String? = nil,
        minimum: Int64? = nil, write: @escaping Writer
    ) {
        self.key = key
        self.attribute = attribute
        self.value = value
        self.setter = setter
        self.member = member
        self.write = write
        if description != nil || minimum != nil {
            notes = FieldNotes(description: description, minimum: minimum, marksKind: false)
        }
    }

    /// What the schema adds to the value's type: a description, a lower bound.
    var description: String? { notes?.description }
    var minimum: Int64? { notes?.minimum }
    /// Whether the member's presence tells a JSON object is of this field's model (`kindMarker()`).
    var marksKind: Bool { notes?.marksKind ?? false }

    /// The same field, whose member tells that a signed payload is of this model (`JWSPayload.decode`).
    func kindMarker() -> Self {
        var field = self
        field.notes = FieldNotes(description: description, minimum: minimum, marksKind: true)
        return field
    }

    /// The same field, which a receipt model's decoding also stores (or checks) by `setter`.
    func decoded(by setter: FieldSetter<Model>) -> Self {
        var field = self
        field.setter = setter
        return field
    }

    /// The same field, which a StoreKit 2 model's decoding also stores by `member`.
    func reading(by member: MemberSetter<Model>?) -> Self {
        var field = self
        field.member = member
        return field
    }

    /// The key as text, for messages and lookups.
    package var name: String { key.description }
}

/// What some fields declare beyond their key, value and setters.
final class FieldNotes: Sendable {
    let description: String?
    let minimum: Int64?
    let marksKind: Bool

    init(description: String?, minimum: Int64?, marksKind: Bool) {
        self.description = description
        self.minimum = minimum
        self.marksKind = marksKind
    }
}
