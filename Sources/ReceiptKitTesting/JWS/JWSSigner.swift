import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Signs StoreKit 2 payloads as compact JWS as the App Store (or Xcode) does: x5c as standard base64 DER,
/// leaf first, the signature ES256 in JOSE form.
public enum JWSSigner {
    /// Signs like the App Store: the EC leaf of `pki` signs; leaf, intermediate and root in x5c.
    public static func sign(_ payload: [UInt8], pki: TestPKI) throws(OpenSSLError) -> [UInt8] {
        try sign(payload, signer: pki.leaf, chain: [pki.intermediate, pki.root])
    }

    /// Signs like Xcode's StoreKit Testing: the self-signed certificate signs and is alone in x5c.
    public static func signStoreKitTest(_ payload: [UInt8], pki: TestPKI) throws(OpenSSLError) -> [UInt8] {
        try sign(payload, signer: pki.storeKit, chain: [])
    }

    /// Signs `payload` with `signer` (EC P-256), x5c its certificate then `chain`; `extraHeader` (JSON members)
    /// is added to the header, for tests of what a verifier must refuse.
    public static func sign(
        _ payload: [UInt8], signer: TestCredential, chain: [TestCredential], extraHeader: String? = nil
    ) throws(OpenSSLError) -> [UInt8] {
        // Any stale entry would otherwise be reported as the reason for our own failure.
        OpenSSLError.drainQueue()
        let key = try OwnedKey.fromPEM(signer.privateKeyPEM)
        let type = key.typeName
        guard type == "EC", key.bits == 256 else {
            throw OpenSSLError(
                operation: "signing the JWS",
                reasons: [
                    "ES256 needs an EC P-256 key; this one is \(type)-\(key.bits) "
                        + "(make the PKI with make-test-pki --ec)"
                ])
        }
        let x5c = ([signer] + chain).map { "\"" + Data($0.certificateDER).base64EncodedString() + "\"" }
        let header =
            "{\"alg\":\"ES256\",\"x5c\":[" + x5c.joined(separator: ",") + "]" + (extraHeader.map { "," + $0 } ?? "")
            + "}"
        let signingInput = Base64.encodeURL(Array(header.utf8)) + "." + Base64.encodeURL(payload)
        let der = try key.derSignature(over: Array(signingInput.utf8))
        let jose = try ES256Signature.jose(fromDER: der)
        return Array((signingInput + "." + Base64.encodeURL(jose)).utf8)
    }
}
