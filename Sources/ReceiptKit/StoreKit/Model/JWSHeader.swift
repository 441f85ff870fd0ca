/// The protected header of a StoreKit JWS: the algorithm and the certificate chain, its members fields as
/// the payloads' are, so that the names Apple signs are declared once.
package struct JWSHeader: Sendable, Equatable {
    package private(set) var alg: String?
    /// Base64 (standard alphabet, padded) DER certificates, leaf first.
    package private(set) var x5c: [String]?
    package private(set) var kid: String?
    package private(set) var typ: String?
}

extension JWSHeader: MemberFieldModel {
    /// Sorted by the keys' UTF-8 bytes; a member none names is ignored.
    package static let fields: [ModelField<JWSHeader>] = [
        .string("alg", { $0.alg }, { $0.alg = $1 }),
        .string("kid", { $0.kid }, { $0.kid = $1 }),
        .string("typ", { $0.typ }, { $0.typ = $1 }),
        .strings("x5c", { $0.x5c }, { $0.x5c = $1 }),
    ]
}
