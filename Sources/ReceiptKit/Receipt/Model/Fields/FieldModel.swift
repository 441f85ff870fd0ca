/// A model declared field by field, in `fields`: the report writer writes it from that list.
package protocol FieldModel: SendableMetatype {
    /// Every field, sorted as `JSONEncoder` sorts keys (by their UTF-8 bytes); a test holds each list to
    /// that order and to the model's stored properties.
    static var fields: [ModelField<Self>] { get }
}
