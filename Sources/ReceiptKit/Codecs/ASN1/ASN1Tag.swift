/// Identifier octets the receipt formats use: only low tag numbers occur, so a tag is one byte.
package enum ASN1Tag {
    package static let endOfContents: UInt8 = 0x00
    package static let boolean: UInt8 = 0x01
    package static let integer: UInt8 = 0x02
    package static let octetString: UInt8 = 0x04
    package static let constructedOctetString: UInt8 = 0x24
    package static let null: UInt8 = 0x05
    package static let objectIdentifier: UInt8 = 0x06
    package static let utf8String: UInt8 = 0x0C
    package static let printableString: UInt8 = 0x13
    package static let ia5String: UInt8 = 0x16
    package static let sequence: UInt8 = 0x30
    package static let set: UInt8 = 0x31

    /// `[n]` context-specific, constructed (EXPLICIT or constructed IMPLICIT).
    package static func contextConstructed(_ number: UInt8) -> UInt8 { 0xA0 | number }
    /// `[n]` context-specific, primitive (IMPLICIT over a primitive type).
    package static func contextPrimitive(_ number: UInt8) -> UInt8 { 0x80 | number }

    static func isConstructed(_ tag: UInt8) -> Bool { tag & 0x20 != 0 }
}
