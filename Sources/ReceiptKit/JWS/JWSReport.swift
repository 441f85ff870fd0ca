/// The `jws` member of a report: what kind of payload, its header and decoded contents, and
/// for a notification the reports on the JWS nested in its `data`.
public struct JWSReport: Sendable, Encodable {
    public var kind: JWSPayload.Kind?
    public var algorithm: String?
    public var keyID: String?
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
