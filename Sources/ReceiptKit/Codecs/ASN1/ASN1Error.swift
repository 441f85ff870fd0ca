/// Why a run of bytes is not the ASN.1 the reader expected, and where.
///
/// Two errors are equal when their code and offset are, so tests can state exactly which
/// byte a malformed input is rejected at without matching message text.
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
    }

    package let code: Code
    /// Offset of the offending byte from the start of the decoded buffer.
    package let offset: Int
    package let message: String

    package init(_ code: Code, at offset: Int, _ message: String) {
        self.code = code
        self.offset = offset
        self.message = message
    }

    package var description: String { "\(message) (at byte \(offset))" }

    package static func == (lhs: ASN1Error, rhs: ASN1Error) -> Bool {
        lhs.code == rhs.code && lhs.offset == rhs.offset
    }
}
