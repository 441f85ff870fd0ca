#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension FieldModel {
    /// The model as `Encodable` writes it, from the same list, for `JSONEncoder`, the writer's reference.
    func encodeFields(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        for field in Self.fields {
            let key = JSONKey(field.name)
            switch field.value(self) {
            case .string(let value): try container.encodeIfPresent(value, forKey: key)
            case .integer(let value): try container.encodeIfPresent(value, forKey: key)
            case .bool(let value): try container.encodeIfPresent(value, forKey: key)
            case .date(let value): try container.encodeIfPresent(value, forKey: key)
            case .json(let value): try container.encodeIfPresent(value, forKey: key)
            case .strings(let value): try container.encodeIfPresent(value, forKey: key)
            case .members(let value): try container.encodeIfPresent(value, forKey: key)
            case .model(let model): try container.encodeIfPresent(model.map(EncodableModel.init), forKey: key)
            case .models(let models):
                try container.encodeIfPresent(models?.map(EncodableModel.init), forKey: key)
            case .modelsByKey(let models):
                try container.encodeIfPresent(models?.mapValues(EncodableModel.init), forKey: key)
            case .formattedDate(let date): try container.encodeIfPresent(date.flatMap(RFC3339.format), forKey: key)
            case .receiptDate(let value): try container.encodeDateIfPresent(value, forKey: key)
            case .hex(let value): try container.encodeHexIfPresent(value, forKey: key)
            case .purchases(let purchases): try container.encode(purchases, forKey: key)
            case .undocumented(let attributes):
                try container.encodeUnknownAttributes(attributes.dictionary, forKey: key)
            }
        }
    }
}

/// A nested model as `Encodable`, through its fields.
struct EncodableModel: Encodable {
    let model: any FieldModel

    func encode(to encoder: any Encoder) throws {
        try model.encodeFields(to: encoder)
    }
}
