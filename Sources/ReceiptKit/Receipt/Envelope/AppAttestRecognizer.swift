/// Recognises App Attest receipts, which share the app receipt's shape, by their content.
enum AppAttestRecognizer {
    private static let receiptTypes: [[UInt8]] = [Array("RECEIPT".utf8), Array("ATTEST".utf8)]
    static let description = "an App Attest (DeviceCheck) receipt, not an App Store receipt"

    /// Whether a field-6 value is App Attest's receipt type (raw text where an app receipt keeps opaque bytes).
    static func isReceiptType(_ value: ArraySlice<UInt8>) -> Bool { receiptTypes.contains { $0.elementsEqual(value) } }

    /// A description of the input when it is an App Attest receipt, else nil.
    static func describe(_ payload: ArraySlice<UInt8>) -> String? {
        // App Attest stores field 6 (receipt type) as raw text where an app receipt keeps opaque bytes.
        var top = ASN1Reader(payload)
        guard var outer = try? top.children(of: top.read(ASN1Tag.set, "attribute set")) else { return nil }
        while !outer.isAtEnd {
            guard let attribute = try? outer.next(), var fields = try? outer.children(of: attribute),
                let type = try? fields.nonNegativeInteger(fields.read(ASN1Tag.integer, "type")),
                (try? fields.read(ASN1Tag.integer, "version")) != nil,
                let value = try? fields.read(ASN1Tag.octetString, "value")
            else { return nil }
            if type == 6, isReceiptType(payload[value.contents]) {
                return description
            }
        }
        return nil
    }
}
