/// The `jws` member of a report: what kind of payload, its header and decoded contents, and
/// for a notification the reports on the JWS nested in its `data`.
public struct JWSReport: Sendable, Encodable {
    /// The payload's kind, when the payload was read.
    public var kind: JWSPayload.Kind?
    /// The header's `alg` (always `ES256` in what Apple signs).
    public var algorithm: String?
    /// The header's `kid`, if it has one.
    public var keyID: String?
    /// The decoded payload: shown for an invalid JWS too, so a reader sees what it claims.
    public var payload: JWSPayload?
    /// Keyed by where the JWS sat: `data.signedTransactionInfo`, ...
    public var nested: [String: ValidationReport] = [:]

    enum CodingKeys: String, CodingKey {
        case kind, algorithm
        case keyID = "key_id"
        case payload, nested
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encodeIfPresent(algorithm, forKey: .algorithm)
        try container.encodeIfPresent(keyID, forKey: .keyID)
        try container.encodeIfPresent(payload, forKey: .payload)
        if !nested.isEmpty {
            try container.encode(nested, forKey: .nested)
        }
    }
}
