/// Why a receipt payload could not be decoded, which attribute it concerns and where.
///
/// Two errors are equal when their code, attribute type, in-app index and offset are, so tests
/// can pin the exact rejection without matching message text.
package struct PayloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable identifier for the kind of failure, fit for logs, metrics and exit reports.
    package enum Code: String, Sendable, Codable {
        /// Not a SET OF SEQUENCE { INTEGER, INTEGER, OCTET STRING }, or truncated.
        case malformed
        /// Bytes follow the outer SET or the single value inside an attribute.
        case trailingBytes
        /// A known field holds a value of the wrong ASN.1 type.
        case unexpectedValueType
        /// A negative INTEGER, or one that does not fit `Int64`.
        case invalidInteger
        /// A flag that is neither 0 nor 1.
        case invalidBoolean
        /// A string that is not valid UTF-8.
        case invalidString
        /// A date field that is neither empty nor RFC 3339.
        case invalidDate
        /// A known field occurs twice in the same set, so its value would be ambiguous.
        case duplicateField
        /// One SET holds more attributes than `Limits.maximumAttributesPerSet`.
        case tooManyAttributes
        /// The payload holds more attributes than `Limits.maximumTotalAttributes`.
        case tooManyAttributesInTotal
        /// A string field is longer than `Limits.maximumStringLength` bytes.
        case stringTooLong
    }

    package let code: Code
    /// The attribute type concerned, when the failure lies inside an attribute.
    package let attributeType: Int64?
    /// The position of the in-app purchase concerned (0-based), when inside one.
    package let inAppIndex: Int?
    /// Offset of the offending element from the start of the buffer the payload slice came from.
    package let offset: Int
    package let message: String
    /// The reader's error, when the failure was found by the ASN.1 reader.
    package let underlying: ASN1Error?

    package init(
        _ code: Code, attributeType: Int64? = nil, inAppIndex: Int? = nil, at offset: Int, _ message: String,
        underlying: ASN1Error? = nil
    ) {
        self.code = code
        self.attributeType = attributeType
        self.inAppIndex = inAppIndex
        self.offset = offset
        self.message = message
        self.underlying = underlying
    }

    package var description: String {
        var text = "receipt payload: "
        if let inAppIndex {
            text += "in-app purchase \(inAppIndex): "
        }
        text += "\(message) (\(code.rawValue), at byte \(offset))"
        return text
    }

    package static func == (lhs: PayloadError, rhs: PayloadError) -> Bool {
        lhs.code == rhs.code && lhs.attributeType == rhs.attributeType && lhs.inAppIndex == rhs.inAppIndex
            && lhs.offset == rhs.offset
    }
}
