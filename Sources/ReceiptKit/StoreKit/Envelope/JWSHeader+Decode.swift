#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension JWSHeader {
    /// Parses the header's JSON; any `crit` extension (RFC 7515, 4.1.11) is refused, since StoreKit uses none.
    static func decode(_ bytes: [UInt8]) throws(ReceiptError) -> JWSHeader {
        let json = try JSONText.parse(bytes, what: "the JWS header", reason: .invalidJWS)
        if case .object(let members) = json, members["crit"] != nil {
            throw ReceiptError(
                .invalidJWS, "the JWS header has a crit member: extensions that must be understood, and none are")
        }
        do {
            return try JWSHeader(json: json)
        } catch {
            throw ReceiptError(.invalidJWS, "the JWS header is not the expected JSON object: \(error)")
        }
    }

    /// The x5c certificates as DER; throws `invalid_jws` for an entry that is not base64.
    func certificates() throws(ReceiptError) -> [[UInt8]] {
        var ders: [[UInt8]] = []
        for (index, text) in (x5c ?? []).enumerated() {
            guard let der = Base64.decode(Array(text.utf8)[...]), !der.isEmpty else {
                throw ReceiptError(.invalidJWS, "x5c entry \(index + 1) is not base64 DER")
            }
            ders.append(der)
        }
        return ders
    }
}
