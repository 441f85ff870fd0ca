#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The compact JWS Apple's server libraries make for StoreKit to pass to the App Store (the request's
/// claims, then `bid`, `iss`, `aud`, `iat`, `nonce`), and the App Store Server API's bearer token.
struct JWSRequestSigner: Sendable {
    /// One claim's value: the requests carry strings, one boolean and the time.
    enum Claim {
        case string(String)
        case bool(Bool)
        case integer(Int64)
    }

    let audience: String
    let key: SigningKey
    let keyID: String
    let issuerID: String
    let bundleID: String

    init(audience: String, key: SigningKey, keyID: String, issuerID: String, bundleID: String) throws(SigningError) {
        self.audience = audience
        self.key = key
        self.keyID = try SigningValues.required(keyID, "key id")
        self.issuerID = try SigningValues.uuid(issuerID, "issuer id")
        self.bundleID = try SigningValues.required(bundleID, "bundle id")
    }

    /// The compact JWS of `claims` issued at `issuedAt`.
    func sign(_ claims: [(String, Claim)], issuedAt: Date, nonce: String?) throws(SigningError) -> String {
        try compact(
            claims + [
                ("bid", .string(bundleID)), ("iss", .string(issuerID)), ("aud", .string(audience)),
                ("iat", .integer(Int64(issuedAt.timeIntervalSince1970))),
                ("nonce", .string(try SigningValues.nonce(nonce))),
            ])
    }

    /// The bearer token of an App Store Server API request: no nonce, as Apple's libraries send none.
    func token(issuedAt: Date, expiresAt: Date) throws(SigningError) -> String {
        try compact([
            ("bid", .string(bundleID)), ("iss", .string(issuerID)), ("aud", .string(audience)),
            ("iat", .integer(Int64(issuedAt.timeIntervalSince1970))),
            ("exp", .integer(Int64(expiresAt.timeIntervalSince1970))),
        ])
    }

    private func compact(_ all: [(String, Claim)]) throws(SigningError) -> String {
        var header: [UInt8] = Array(#"{"alg":"ES256","kid":"#.utf8)
        JSONString.append(keyID, to: &header)
        header += Array(#","typ":"JWT"}"#.utf8)
        var payload: [UInt8] = [UInt8(ascii: "{")]
        for (index, (name, value)) in all.enumerated() {
            if index > 0 { payload.append(UInt8(ascii: ",")) }
            JSONString.append(name, to: &payload)
            payload.append(UInt8(ascii: ":"))
            switch value {
            case .string(let text): JSONString.append(text, to: &payload)
            case .bool(let flag): payload += Array((flag ? "true" : "false").utf8)
            case .integer(let number): payload += Array(String(number).utf8)
            }
        }
        payload.append(UInt8(ascii: "}"))
        let signingInput = Base64.encodeURL(header) + "." + Base64.encodeURL(payload)
        let der = try key.derSignature(over: Array(signingInput.utf8))
        do throws(OpenSSLError) {
            return signingInput + "." + Base64.encodeURL(try ES256Signature.jose(fromDER: der))
        } catch {
            throw SigningError(.signingFailed, error.description)
        }
    }
}
