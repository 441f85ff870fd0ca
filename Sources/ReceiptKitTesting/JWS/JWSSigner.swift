internal import CReceipt
import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Signs StoreKit 2 payloads as compact JWS, the way the App Store (or Xcode) does.
///
/// The header is `{"alg":"ES256","x5c":[...]}` with the certificates as standard base64 DER, leaf
/// first; the signature is ES256 in JOSE form (r and s, 32 bytes each), not OpenSSL's DER.
public enum JWSSigner {
    /// Signs like the App Store: the EC leaf of `pki` signs; leaf, intermediate and root in x5c.
    public static func sign(_ payload: [UInt8], pki: TestPKI) throws(OpenSSLError) -> [UInt8] {
        try sign(payload, signer: pki.leaf, chain: [pki.intermediate, pki.root])
    }

    /// Signs like Xcode's StoreKit Testing: the self-signed certificate signs and is alone in x5c.
    public static func signStoreKitTest(_ payload: [UInt8], pki: TestPKI) throws(OpenSSLError) -> [UInt8] {
        try sign(payload, signer: pki.storeKit, chain: [])
    }

    /// Signs `payload` with `signer` (an EC P-256 key), listing its certificate and then `chain` in x5c;
    /// `extraHeader` (JSON members, e.g. `"crit":["b64"]`) is added to the header, for tests of what a
    /// verifier must refuse.
    public static func sign(
        _ payload: [UInt8], signer: TestCredential, chain: [TestCredential], extraHeader: String? = nil
    ) throws(OpenSSLError) -> [UInt8] {
        // Any stale entry would otherwise be reported as the reason for our own failure.
        OpenSSLError.drainQueue()
        let key = try OwnedKey.fromPEM(signer.privateKeyPEM)
        let type = EVP_PKEY_get0_type_name(key.pointer).map { String(cString: $0) } ?? "?"
        guard type == "EC", EVP_PKEY_get_bits(key.pointer) == 256 else {
            throw OpenSSLError(
                operation: "signing the JWS",
                reasons: [
                    "ES256 needs an EC P-256 key; this one is \(type)-\(EVP_PKEY_get_bits(key.pointer)) "
                        + "(make the PKI with make-test-pki --ec)"
                ])
        }
        let x5c = ([signer] + chain).map { "\"" + Data($0.certificateDER).base64EncodedString() + "\"" }
        let header =
            "{\"alg\":\"ES256\",\"x5c\":[" + x5c.joined(separator: ",") + "]" + (extraHeader.map { "," + $0 } ?? "")
            + "}"
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(payload)
        let der = try derSignature(over: Array(signingInput.utf8), key: key)
        let jose = try joseSignature(fromDER: der)
        return Array((signingInput + "." + Base64URL.encode(jose)).utf8)
    }

    /// ECDSA with SHA-256 over `message`, as OpenSSL returns it: a DER ECDSA-Sig-Value.
    private static func derSignature(over message: [UInt8], key: OwnedKey) throws(OpenSSLError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else {
            throw OpenSSLError.drain("allocating a signing context")
        }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key.pointer) == 1 else {
            throw OpenSSLError.drain("starting an ES256 signature")
        }
        var size = 0
        let sized = message.withUnsafeBufferPointer { input in
            EVP_DigestSign(context, nil, &size, input.baseAddress, input.count)
        }
        guard sized == 1, size > 0 else {
            throw OpenSSLError.drain("sizing an ES256 signature")
        }
        var signature = [UInt8](repeating: 0, count: size)
        let signed = signature.withUnsafeMutableBufferPointer { output in
            message.withUnsafeBufferPointer { input in
                EVP_DigestSign(context, output.baseAddress, &size, input.baseAddress, input.count)
            }
        }
        guard signed == 1, size <= signature.count else {
            throw OpenSSLError.drain("making an ES256 signature")
        }
        return Array(signature.prefix(size))
    }

    /// r and s, each left-padded to 32 bytes (RFC 7518 §3.4), from the DER ECDSA-Sig-Value.
    static func joseSignature(fromDER der: [UInt8]) throws(OpenSSLError) -> [UInt8] {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            return d2i_ECDSA_SIG(nil, &cursor, bytes.count)
        }
        guard let parsed else {
            throw OpenSSLError.drain("reading the DER ECDSA signature")
        }
        defer { ECDSA_SIG_free(parsed) }
        var jose = [UInt8](repeating: 0, count: ES256Signature.size)
        let half = Int32(ES256Signature.size / 2)
        let written = jose.withUnsafeMutableBufferPointer { output -> Bool in
            guard let base = output.baseAddress,
                let r = ECDSA_SIG_get0_r(parsed), let s = ECDSA_SIG_get0_s(parsed)
            else { return false }
            return BN_bn2binpad(r, base, half) == half && BN_bn2binpad(s, base + Int(half), half) == half
        }
        guard written else {
            throw OpenSSLError.drain("converting the ECDSA signature to r || s")
        }
        return jose
    }
}
