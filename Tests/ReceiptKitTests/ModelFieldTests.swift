import Testing

@testable import ReceiptKit

/// The receipt models' field lists are what the decoder, the writer, `Codable` and the schema read: each
/// list sorted as `JSONEncoder` sorts keys, and every attribute type found again by the decoder's table.
@Suite struct ModelFieldTests {
    @Test func receiptFieldsAreSortedAndFoundByTheirAttributeType() {
        Self.expectDeclared(ParsedReceipt.self)
        Self.expectDeclared(InAppPurchase.self)
    }

    static func expectDeclared<Model: ReceiptFieldModel>(_ model: Model.Type) {
        let keys = Model.fields.map(\.name)
        #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, "\(Model.self)")
        #expect(Set(keys).count == keys.count, "\(Model.self)")
        for field in Model.fields {
            guard let type = field.attribute else { continue }
            let found = Model.attributeFields.keys(of: type)
            #expect(found.contains(field.name), "\(Model.self).\(field.name): type \(type) not found by the decoder")
        }
        #expect(Model.attributeFields.knownTypes == Set(Model.fields.compactMap(\.attribute)))
    }

    @Test func theDecodersTablesTellDocumentedTypesFromOthers() {
        #expect(InAppPurchase.attributeFields.keys(of: 1702) == ["product_id"])
        #expect(InAppPurchase.attributeFields.keys(of: 1709).isEmpty)
        #expect(InAppPurchase.attributeFields.keys(of: 2).isEmpty)
        #expect(InAppPurchase.attributeFields.keys(of: Int64.min).isEmpty)
        #expect(ParsedReceipt.attributeFields.keys(of: 2) == ["bundle_id", "bundle_id_data"])
        #expect(ParsedReceipt.attributeFields.keys(of: 64).isEmpty)
        #expect(ParsedReceipt.attributeFields.keys(of: -1).isEmpty)
        #expect(ParsedReceipt.attributeFields.keys(of: ParsedReceipt.purchaseAttribute) == ["in_app"])
    }
}
