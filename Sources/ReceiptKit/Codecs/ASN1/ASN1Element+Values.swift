extension ASN1Element {
    /// The value of an INTEGER that must be non-negative and fit in `Int64`.
    ///
    /// Receipts carry up to 8-byte integers (7-byte ones occur in real purchases); a ninth
    /// leading zero octet is allowed because DER needs it before a set high bit.
    public func nonNegativeInteger() throws(ASN1Error) -> Int64 {
        guard tag == ASN1Tag.integer else {
            throw ASN1Error(.unexpectedTag, at: offset, "expected an INTEGER, found tag \(tag.hex)")
        }
        return try Self.nonNegativeInteger(contents, at: offset)
    }

    static func nonNegativeInteger(_ bytes: ArraySlice<UInt8>, at offset: Int) throws(ASN1Error) -> Int64 {
        guard let first = bytes.first else {
            throw ASN1Error(.invalidInteger, at: offset, "an INTEGER has no contents")
        }
        guard first & 0x80 == 0 else {
            throw ASN1Error(.invalidInteger, at: offset, "a negative INTEGER where a count or identifier belongs")
        }
        var digits = bytes
        if first == 0, digits.count > 1 {
            digits = digits.dropFirst()
        }
        guard digits.count <= 8 else {
            throw ASN1Error(.integerTooLarge, at: offset, "an INTEGER of \(bytes.count) bytes does not fit in 64 bits")
        }
        let value = digits.bigEndian(digits.indices)
        guard value <= UInt64(Int64.max) else {
            throw ASN1Error(.integerTooLarge, at: offset, "an INTEGER does not fit in a signed 64-bit value")
        }
        return Int64(value)
    }

    /// The text of a UTF8String, IA5String or PrintableString, validated as UTF-8.
    public func string() throws(ASN1Error) -> String {
        switch tag {
        case ASN1Tag.utf8String, ASN1Tag.ia5String, ASN1Tag.printableString:
            guard let text = String(validating: contents, as: UTF8.self) else {
                throw ASN1Error(.invalidString, at: offset, "a string is not valid UTF-8")
            }
            return text
        default:
            throw ASN1Error(.unexpectedTag, at: offset, "expected a string, found tag \(tag.hex)")
        }
    }

    /// The octets of an OCTET STRING, joining the segments of a constructed (BER) one.
    ///
    /// Returns the contents slice itself for the primitive form, so DER input is not copied.
    public func octets() throws(ASN1Error) -> ArraySlice<UInt8> {
        if tag == ASN1Tag.octetString {
            return contents
        }
        guard tag == ASN1Tag.constructedOctetString else {
            throw ASN1Error(.unexpectedTag, at: offset, "expected an OCTET STRING, found tag \(tag.hex)")
        }
        // Segments may themselves be constructed; walk them with an explicit stack.
        var joined: [UInt8] = []
        var pending: [ASN1Reader] = [try children()]
        while var reader = pending.popLast() {
            guard !reader.isAtEnd else { continue }
            let segment = try reader.next()
            pending.append(reader)
            switch segment.tag {
            case ASN1Tag.octetString:
                joined.append(contentsOf: segment.contents)
            case ASN1Tag.constructedOctetString:
                guard pending.count < ASN1Reader.maximumDepth else {
                    throw ASN1Error(.tooDeep, at: segment.offset, "OCTET STRING segments nest too deep")
                }
                pending.append(try segment.children())
            default:
                throw ASN1Error(
                    .unexpectedTag, at: segment.offset, "an OCTET STRING segment has tag \(segment.tag.hex)")
            }
        }
        return joined[...]
    }
}
