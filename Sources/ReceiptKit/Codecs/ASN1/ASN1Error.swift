/// Why bytes are not the ASN.1 expected, and where: the one decoding error, of the DER reader and the
/// payload decoder. Equal by code, offset, attribute type and in-app index, not by message.
package struct ASN1Error: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Code: String, Sendable {
        case truncated
        case invalidLength
        case unexpectedTag
        case unsupportedTag
        case tooDeep
        /// More elements than a structure may hold (e.g. embedded certificates).
        case tooManyElements
        case invalidEndOfContents
        case invalidInteger
        case integerTooLarge
        case invalidString
        case invalidTime
        case trailingBytes
        // The payload decoder's, which words the reader's others as `malformed`.
        /// Not a SET OF SEQUENCE { INTEGER, INTEGER, OCTET STRING }, or truncated.
        case malformed
        /// A known field holds a value of the wrong ASN.1 type.
        case unexpectedValueType
        /// A flag that is neither 0 nor 1.
        case invalidBoolean
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

    package private(set) var code: Code
    /// Offset of the offending byte from the start of the decoded buffer.
    package let offset: Int
    package private(set) var message: String
    /// The attribute type concerned, when the failure lies inside a payload's attribute.
    package private(set) var attributeType: Int64?
    /// The position of the in-app purchase concerned (0-based), when inside one.
    package private(set) var inAppIndex: Int?
    /// Whether the payload decoder placed it, which words its description as the payload's.
    package private(set) var isInPayload = false

    package init(_ code: Code, at offset: Int, _ message: String) {
        self.code = code
        self.offset = offset
        self.message = message
    }

    /// The error placed in a receipt payload, at its attribute and purchase, coded in the payload's words;
    /// one already placed keeps the innermost place.
    package func inPayload(type: Int64? = nil, name: StaticString? = nil, inAppIndex: Int? = nil) -> ASN1Error {
        guard !isInPayload else { return self }
        var placed = self
        switch code {
        case .truncated, .invalidLength, .unexpectedTag, .unsupportedTag, .tooDeep, .tooManyElements,
            .invalidEndOfContents, .invalidTime:
            placed.code = .malformed
        case .integerTooLarge: placed.code = .invalidInteger
        default: break
        }
        if let type {
            placed.message = (name.map { "field \(type) (\($0)): " } ?? "attribute type \(type): ") + message
        }
        placed.attributeType = type
        placed.inAppIndex = inAppIndex
        placed.isInPayload = true
        return placed
    }

    package var description: String {
        guard isInPayload else { return "\(message) (at byte \(offset))" }
        let purchase = inAppIndex.map { "in-app purchase \($0): " } ?? ""
        return "receipt payload: \(purchase)\(message) (\(code.rawValue), at byte \(offset))"
    }

    package static func == (lhs: ASN1Error, rhs: ASN1Error) -> Bool {
        lhs.code == rhs.code && lhs.offset == rhs.offset && lhs.attributeType == rhs.attributeType
            && lhs.inAppIndex == rhs.inAppIndex
    }
}
