extension ASN1Reader {
    /// The value of an INTEGER that must be non-negative and fit in `Int64`: the one reading of DER integers
    /// (a ninth leading zero is allowed before a set high bit). Inlined, so the bytes are not retained again.
    @inline(__always)
    package func nonNegativeInteger(_ element: ASN1Element) throws(ASN1Error) -> Int64 {
        let offset = element.offset
        guard element.tag == ASN1Tag.integer else {
            throw ASN1Error(.unexpectedTag, at: offset, "expected an INTEGER, found tag \(element.tag.hex)")
        }
        var digits = element.contents
        guard let first = digits.first.map({ bytes[$0] }) else {
            throw ASN1Error(.invalidInteger, at: offset, "an INTEGER has no contents")
        }
        guard first & 0x80 == 0 else {
            throw ASN1Error(.invalidInteger, at: offset, "a negative INTEGER where a count or identifier belongs")
        }
        if first == 0, digits.count > 1 {
            digits = digits.dropFirst()
        }
        guard digits.count <= 8 else {
            throw ASN1Error(
                .integerTooLarge, at: offset, "an INTEGER of \(element.contents.count) bytes does not fit in 64 bits")
        }
        let value = bytes.bigEndian(digits)
        guard value <= UInt64(Int64.max) else {
            throw ASN1Error(.integerTooLarge, at: offset, "an INTEGER does not fit in a signed 64-bit value")
        }
        return Int64(value)
    }

    /// The text of a UTF8String, IA5String or PrintableString `element`, validated as UTF-8.
    package func string(_ element: ASN1Element) throws(ASN1Error) -> String {
        switch element.tag {
        case ASN1Tag.utf8String, ASN1Tag.ia5String, ASN1Tag.printableString:
            guard let text = String(validating: bytes[element.contents], as: UTF8.self) else {
                throw ASN1Error(.invalidString, at: element.offset, "a string is not valid UTF-8")
            }
            return text
        default:
            throw ASN1Error(.unexpectedTag, at: element.offset, "expected a string, found tag \(element.tag.hex)")
        }
    }

    /// The octets of an OCTET STRING, joining a constructed (BER) one's segments; DER's are not copied.
    package func octets(_ element: ASN1Element) throws(ASN1Error) -> ArraySlice<UInt8> {
        if element.tag == ASN1Tag.octetString {
            return bytes[element.contents]
        }
        guard element.tag == ASN1Tag.constructedOctetString else {
            throw ASN1Error(
                .unexpectedTag, at: element.offset, "expected an OCTET STRING, found tag \(element.tag.hex)")
        }
        // Segments may themselves be constructed; walk them with an explicit stack.
        var joined: [UInt8] = []
        var pending: [ASN1Reader] = [try children(of: element)]
        while var reader = pending.popLast() {
            guard !reader.isAtEnd else { continue }
            let segment = try reader.next()
            pending.append(reader)
            switch segment.tag {
            case ASN1Tag.octetString:
                joined.append(contentsOf: bytes[segment.contents])
            case ASN1Tag.constructedOctetString:
                guard pending.count < ASN1Reader.maximumDepth else {
                    throw ASN1Error(.tooDeep, at: segment.offset, "OCTET STRING segments nest too deep")
                }
                pending.append(try children(of: segment))
            default:
                throw ASN1Error(
                    .unexpectedTag, at: segment.offset, "an OCTET STRING segment has tag \(segment.tag.hex)")
            }
        }
        return joined[...]
    }
}
