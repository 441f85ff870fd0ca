/// The device identifier a receipt's hash (field 5) is bound to: `identifierForVendor` (16 bytes), a Mac's
/// primary MAC address (6 bytes), or any other as hex.
public struct DeviceIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// The bytes that go into the hash.
    public let bytes: [UInt8]

    /// An identifier of these exact bytes.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Why a string is not a device identifier.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The text that did not parse.
        public let text: String

        public var description: String {
            "'\(text)' is not a device identifier: expected a UUID (956328D9-CC6A-47F4-BE40-6953FB0AB6C7), "
                + "a MAC address (aa:bb:cc:dd:ee:ff or aa-bb-cc-dd-ee-ff) or an even number of hex digits"
        }
    }

    /// Parses a UUID, a MAC address with `:` or `-`, or plain hex of even length.
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let colonParts = text.split(separator: ":", omittingEmptySubsequences: false)
        let digits: String
        if parts.map(\.count) == [8, 4, 4, 4, 12] {
            digits = parts.joined()
        } else if colonParts.count == 6, colonParts.allSatisfy({ $0.count == 2 }) {
            digits = colonParts.joined()
        } else if parts.count == 6, parts.allSatisfy({ $0.count == 2 }) {
            digits = parts.joined()
        } else {
            digits = text
        }
        guard !digits.isEmpty, let bytes = HexBytes.decode(digits) else {
            throw ParseError(text: text)
        }
        self.bytes = bytes
    }

    /// Lowercase hex of the bytes.
    public var description: String { HexBytes.encode(bytes) }
}
