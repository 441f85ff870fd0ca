/// A model declared field by field, in `fields`: the report writer writes it from that list.
package protocol FieldModel: SendableMetatype {
    /// Every field, sorted by the keys' UTF-8 bytes, as `JSONEncoder` sorts them (a test holds the order).
    static var fields: [ModelField<Self>] { get }
}
