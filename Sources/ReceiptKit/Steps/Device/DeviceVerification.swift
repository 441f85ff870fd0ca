#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// StoreKit 2's device binding: `deviceVerification` is base64(SHA-384(nonce + identifierForVendor)),
/// both as lowercase UUID strings.
public enum DeviceVerification {
    /// A device's identifierForVendor, kept as the lowercase UUID string the hash is made over.
    public struct DeviceID: Sendable, Hashable, CustomStringConvertible {
        /// The lowercase UUID string.
        public let uuid: String

        /// Parses a UUID `8-4-4-4-12` of hex digits in either case; nil for anything else.
        public init?(parsing text: String) {
            guard let uuid = DeviceVerification.lowercaseUUID(text) else { return nil }
            self.uuid = uuid
        }

        public var description: String { uuid }
    }

    /// The `deviceVerification` value for `nonce` on `device`; nil when the nonce is no UUID.
    public static func value(nonce: String, device: DeviceID) throws(OpenSSLError) -> String? {
        guard let nonce = lowercaseUUID(nonce) else { return nil }
        let digest = try Digest.sha384.hash(Array((nonce + device.uuid).utf8)[...])
        return Data(digest).base64EncodedString()
    }

    /// `text` as a lowercase UUID string when it is one (`8-4-4-4-12` hex digits).
    static func lowercaseUUID(_ text: String) -> String? {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12], groups.allSatisfy({ $0.utf8.allSatisfy(isASCIIHex) }) else {
            return nil
        }
        return text.lowercased()
    }

    /// ASCII only: `Character.isHexDigit` also takes fullwidth digits, which no UUID string has.
    private static func isASCIIHex(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }
}
