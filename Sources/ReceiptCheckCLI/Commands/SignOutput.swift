#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `sign` prints: the signature, and with `--json` every value the app passes to StoreKit
/// (schema/sign.schema.json).
struct SignOutput: Encodable {
    let kind: SignOptionTable.Kind
    let signature: String
    /// The original offer's `SKPaymentDiscount` values besides the offer and the signature; the JWS
    /// kinds carry theirs inside the JWS.
    var keyIdentifier: String?
    var nonce: String?
    var timestamp: Int64?

    private enum CodingKeys: String, CodingKey {
        case kind, signature, keyIdentifier, nonce, timestamp
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind.rawValue, forKey: .kind)
        try container.encode(signature, forKey: .signature)
        try container.encodeIfPresent(keyIdentifier, forKey: .keyIdentifier)
        try container.encodeIfPresent(nonce, forKey: .nonce)
        try container.encodeIfPresent(timestamp, forKey: .timestamp)
    }

    /// One line of JSON, keys sorted.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
