#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A model of a receipt's attributes, decoded by its fields' attribute types and written by its fields.
/// Its JSON is read strictly: it specifies re-signed test receipts, and must encode back to the same text.
package protocol ReceiptFieldModel: FieldModel {
    /// The model with every field absent.
    init()
    /// The same fields by attribute type, for the receipt decoder.
    static var attributeFields: AttributeFields<Self> { get }
}

extension ReceiptFieldModel {
    /// The model from its JSON, as `encodeFields` writes it.
    init(fieldsFrom decoder: any Decoder) throws {
        self.init()
        try ReceiptJSON.rejectUnknownKeys(decoder, known: Set(Self.fields.map(\.name)))
        let container = try decoder.container(keyedBy: JSONKey.self)
        for field in Self.fields {
            let key = JSONKey(field.name)
            switch field.setter {
            case .integer(let set)?:
                if let value = try container.decodeIfPresent(Int64.self, forKey: key) { set(&self, value) }
            case .string(let set)?:
                if let value = try container.decodeIfPresent(String.self, forKey: key) { set(&self, value) }
            case .date(let set)?:
                if let value = try container.decodeDateIfPresent(forKey: key) { set(&self, value) }
            case .boolean(let set)?:
                if let value = try container.decodeIfPresent(Bool.self, forKey: key) { set(&self, value) }
            case .octets(let set)?:
                if let value = try container.decodeHexIfPresent(forKey: key) { set(&self, value) }
            case .purchases(let set)?:
                set(&self, InAppPurchases(try container.decodeIfPresent([InAppPurchase].self, forKey: key) ?? []))
            case .undocumented(let set)?:
                let known = Self.attributeFields.knownTypes
                set(
                    &self, UndocumentedAttributes(try container.decodeUnknownAttributes(forKey: key, knownTypes: known))
                )
            case .derived(let values)?:
                // Written for readers of the JSON; the model derives it again.
                if let text = try container.decodeIfPresent(String.self, forKey: key), !values.contains(text) {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: container,
                        debugDescription: "\(field.name): \"\(text)\" is none of \(values.joined(separator: ", "))")
                }
            case nil:
                break
            }
        }
    }
}
