/// One field of a payload model, declared once: the key the report writes, the attribute type that
/// carries it in a receipt, how its value is read for writing, how a decoded value is stored, and what
/// the report's JSON schema says of it.
///
/// A model lists its fields in `PayloadModel.fields`, sorted as `JSONEncoder` sorts keys. The report
/// writer, the receipt decoder's dispatch, the receipt models' `Codable`, the schema's definitions and
/// the names an app's facts may not take are all read from that list, so a field Apple adds is one
/// line there (and its stored property).
struct PayloadField<Model>: Sendable {
    /// The report's key: Apple's verifyReceipt key for receipts, Apple's member name for StoreKit 2.
    let key: StaticString
    /// The attribute type of the receipt SET that carries the value; nil for StoreKit 2 members and for
    /// what a receipt model derives (`environment`) or gathers (`unknown_attributes`).
    let attribute: Int64?
    /// The value as the report writes it; absent (nil inside) leaves the member out.
    let value: @Sendable (Model) -> PayloadValue
    /// How a decoded value is stored; nil where the model's synthesised `Decodable` does it (StoreKit 2).
    let setter: PayloadFieldSetter<Model>?
    /// What the schema adds to the value's type: a description, a lower bound.
    let description: String?
    let minimum: Int64?

    /// A StoreKit 2 member, which its model's synthesised `Codable` decodes.
    init(_ key: StaticString, _ value: @escaping @Sendable (Model) -> PayloadValue) {
        self.init(key: key, attribute: nil, value: value, setter: nil)
    }

    init(
        key: StaticString, attribute: Int64?, value: @escaping @Sendable (Model) -> PayloadValue,
        setter: PayloadFieldSetter<Model>?, description: String? = nil, minimum: Int64? = nil
    ) {
        self.key = key
        self.attribute = attribute
        self.value = value
        self.setter = setter
        self.description = description
        self.minimum = minimum
    }

    /// The key as text, for messages and lookups.
    var name: String { key.description }
}
