import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Encodes a receipt model as the payload a receipt signs: a SET of attribute SEQUENCEs in ascending type
/// order, as Apple and Xcode list them, purchases (type 17) each a nested SET.
public enum ReceiptEncoder {
    /// The version Apple writes in every attribute.
    static let attributeVersion: Int64 = 1

    /// The payload of `receipt`: its fields as attributes, in-app purchases nested, unknown attributes kept.
    public static func encode(_ receipt: ParsedReceipt) throws(ReceiptEncodingError) -> [UInt8] {
        // Attribute 2 carries two fields, the bundle id and its octets, which must agree.
        var attributes = try fieldAttributes(of: receipt, except: bundleIDType)
        if let bundleID = try bundleIDValue(receipt) { attributes.append((bundleIDType, bundleID)) }
        appendUnknown(receipt.unknownAttributes, to: &attributes)
        return attributeSet(attributes)
    }

    /// One in-app purchase as the nested SET that attribute 17 carries.
    public static func encode(_ purchase: InAppPurchase) throws(ReceiptEncodingError) -> [UInt8] {
        var attributes = try fieldAttributes(of: purchase)
        appendUnknown(purchase.unknownAttributes, to: &attributes)
        return attributeSet(attributes)
    }

    static let bundleIDType: Int64 = 2

    /// Each present field with an attribute type, as its attribute: the DER the decoder reads back.
    private static func fieldAttributes<Model: ReceiptFieldModel>(of model: Model, except skipped: Int64? = nil)
        throws(ReceiptEncodingError) -> [(type: Int64, value: [UInt8])]
    {
        var attributes: [(type: Int64, value: [UInt8])] = []
        for field in Model.fields {
            guard let type = field.attribute, type != skipped else { continue }
            switch field.value(model) {
            case .integer(let value?): attributes.append((type, integer(value)))
            case .string(let value?): attributes.append((type, utf8String(value)))
            case .bool(let value?): attributes.append((type, integer(value ? 1 : 0)))
            case .receiptDate(let value?): attributes.append((type, try date(value)))
            case .hex(let value?): attributes.append((type, value))
            case .purchases(let purchases):
                for purchase in purchases { attributes.append((type, try encode(purchase))) }
            default: break
            }
        }
        return attributes
    }

    /// The value octets of attribute 2, which the device hash covers; `bundleIDData` verbatim when present,
    /// so a decoded receipt re-encodes to the same hash input.
    public static func bundleIDValue(_ receipt: ParsedReceipt) throws(ReceiptEncodingError) -> [UInt8]? {
        guard let data = receipt.bundleIDData else {
            return receipt.bundleID.map(utf8String)
        }
        if let bundleID = receipt.bundleID {
            var reader = ASN1Reader(data)
            let element = try? reader.read(ASN1Tag.utf8String, "bundle id")
            guard let element, reader.isAtEnd, String(validating: data[element.contents], as: UTF8.self) == bundleID
            else {
                throw ReceiptEncodingError(
                    "bundle_id_data is not the UTF8String of bundle_id '\(bundleID)'; give one or make them agree")
            }
        }
        return data
    }

    // MARK: - Typed values

    private static func utf8String(_ text: String) -> [UInt8] {
        var writer = DERWriter()
        writer.writeUTF8String(text)
        return writer.bytes
    }

    private static func integer(_ value: Int64) -> [UInt8] {
        var writer = DERWriter()
        writer.writeInteger(value)
        return writer.bytes
    }

    private static func date(_ value: Date) throws(ReceiptEncodingError) -> [UInt8] {
        guard let text = RFC3339.format(value) else {
            throw ReceiptEncodingError("date \(value) lies outside the years 0000-9999")
        }
        var writer = DERWriter()
        do {
            try writer.writeIA5String(text)
        } catch {
            throw ReceiptEncodingError("date \(text): \(error)")
        }
        return writer.bytes
    }

    // MARK: - Attributes

    /// Unknown attributes go after the known ones of the same type; the sort below is stable.
    private static func appendUnknown(
        _ unknown: [Int64: [[UInt8]]], to attributes: inout [(type: Int64, value: [UInt8])]
    ) {
        for type in unknown.keys.sorted() {
            for value in unknown[type] ?? [] {
                attributes.append((type, value))
            }
        }
    }

    private static func attributeSet(_ attributes: [(type: Int64, value: [UInt8])]) -> [UInt8] {
        // Swift's sort is not guaranteed stable, so sort on (type, position written).
        let ordered = attributes.enumerated().sorted { lhs, rhs in
            (lhs.element.type, lhs.offset) < (rhs.element.type, rhs.offset)
        }
        var writer = DERWriter()
        writer.writeSet { set in
            for (_, attribute) in ordered {
                set.writeSequence { sequence in
                    sequence.writeInteger(attribute.type)
                    sequence.writeInteger(attributeVersion)
                    sequence.writeOctetString(attribute.value)
                }
            }
        }
        return writer.bytes
    }
}
