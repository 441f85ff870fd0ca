#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The checks every signed value passes, shared by the four creators so that they refuse alike.
enum SigningValues {
    /// `value`, refused when empty: a signature for an empty id grants nothing the caller meant.
    static func required(_ value: String, _ name: String) throws(SigningError) -> String {
        guard !value.isEmpty else {
            throw SigningError(.invalidValue, "the \(name) is empty")
        }
        return value
    }

    /// `value`, refused unless it is a UUID, as issuer ids and offer nonces are.
    static func uuid(_ value: String, _ name: String) throws(SigningError) -> String {
        guard DeviceVerification.lowercaseUUID(value) != nil else {
            throw SigningError(.invalidValue, "the \(name) \"\(value)\" is not a UUID (8-4-4-4-12 hex digits)")
        }
        return value
    }

    /// The nonce as Apple's libraries write it, lowercase; a fresh one when none is given.
    static func nonce(_ value: String?) throws(SigningError) -> String {
        guard let value else { return UUID().uuidString.lowercased() }
        return try uuid(value, "nonce").lowercased()
    }
}
