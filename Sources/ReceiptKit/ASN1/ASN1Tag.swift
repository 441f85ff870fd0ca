/// Identifier octets the receipt formats use. Only low tag numbers (< 31) occur in PKCS#7,
/// X.509 and receipt payloads, so a tag is one byte.
public enum ASN1Tag {
    public static let endOfContents: UInt8 = 0x00
    public static let boolean: UInt8 = 0x01
    public static let integer: UInt8 = 0x02
    public static let bitString: UInt8 = 0x03
    public static let octetString: UInt8 = 0x04
    public static let constructedOctetString: UInt8 = 0x24
    public static let null: UInt8 = 0x05
    public static let objectIdentifier: UInt8 = 0x06
    public static let utf8String: UInt8 = 0x0C
    public static let printableString: UInt8 = 0x13
    public static let ia5String: UInt8 = 0x16
    public static let utcTime: UInt8 = 0x17
    public static let generalizedTime: UInt8 = 0x18
    public static let sequence: UInt8 = 0x30
    public static let set: UInt8 = 0x31

    /// `[n]` context-specific, constructed (EXPLICIT or constructed IMPLICIT).
    public static func contextConstructed(_ number: UInt8) -> UInt8 { 0xA0 | number }
    /// `[n]` context-specific, primitive (IMPLICIT over a primitive type).
    public static func contextPrimitive(_ number: UInt8) -> UInt8 { 0x80 | number }

    static func isConstructed(_ tag: UInt8) -> Bool { tag & 0x20 != 0 }
}
