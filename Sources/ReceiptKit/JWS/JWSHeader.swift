#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The protected header of a StoreKit JWS: the algorithm and the certificate chain.
public struct JWSHeader: Sendable, Equatable, Decodable {
    public let alg: String?
    /// Base64 (standard alphabet, padded) DER certificates, leaf first.
    public let x5c: [String]?
    public let kid: String?
    public let typ: String?

    static func decode(_ bytes: [UInt8]) throws(ReceiptError) -> JWSHeader {
        do {
            return try JSONDecoder().decode(JWSHeader.self, from: Data(bytes))
        } catch {
            throw ReceiptError(.invalidJWS, "the JWS header is not the expected JSON object: \(error)")
        }
    }

    /// The x5c certificates as DER; throws `invalid_jws` for an entry that is not base64.
    func certificates() throws(ReceiptError) -> [[UInt8]] {
        var ders: [[UInt8]] = []
        for (index, text) in (x5c ?? []).enumerated() {
            guard let der = ReceiptInput.base64(Array(text.utf8)[...]), !der.isEmpty else {
                throw ReceiptError(.invalidJWS, "x5c entry \(index + 1) is not base64 DER")
            }
            ders.append(der)
        }
        return ders
    }
}
