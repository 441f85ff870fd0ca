/// The `jws` member of a report: the payload's kind, header and contents, and a notification's nested JWS.
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

    public func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }
}

extension JWSReport: FieldModel {
    package static let fields: [ModelField<JWSReport>] = [
        .string("algorithm") { $0.algorithm },
        .string("key_id") { $0.keyID },
        .string("kind") { $0.kind?.rawValue },
        .modelsByKey("nested") { $0.nested.isEmpty ? nil : $0.nested },
        ModelField(
            key: "payload", attribute: nil, value: { $0.payload?.value ?? .model(nil) }, setter: nil,
            write: { writer, key, report throws(CompactJSONWriter.DeclinedError) in
                guard let payload = report.payload else { return }
                writer.key(key)
                try payload.write(to: &writer)
            }),
    ]
}
