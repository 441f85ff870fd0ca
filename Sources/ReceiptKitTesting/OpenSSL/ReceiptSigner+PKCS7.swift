internal import CReceipt
import ReceiptKit

/// A receipt's PKCS#7 signedData, made with OpenSSL. Sound: every object is owned by an `Owned*` value or
/// freed by a `defer`, and a pointer read out of one is used only while its owner lives.
extension ReceiptSigner {
    /// Signs `payload` with `signer`, embedding its certificate then `chain`, as `options` say.
    static func signedData(
        _ payload: [UInt8], signer: TestCredential, chain: [[UInt8]], options: Options, restates: Bool
    ) throws(OpenSSLError) -> [UInt8] {
        // Any stale entry would otherwise be reported as the reason for our own failure.
        OpenSSLError.drainQueue()
        let cert = try OwnedCertificate(derOrPEM: signer.certificatePEM)
        let key = try OwnedKey.fromPEM(signer.privateKeyPEM)
        let extra = try chain.map { pem throws(OpenSSLError) in try OwnedCertificate(derOrPEM: pem) }

        // BINARY: without it OpenSSL treats the content as text and rewrites line endings.
        var flags = Int32(PKCS7_BINARY | PKCS7_NOSMIMECAP)
        if !options.includeSignedAttributes {
            flags |= Int32(PKCS7_NOATTR)
        }
        flags |= Int32(options.encoding == .ber ? PKCS7_STREAM : PKCS7_PARTIAL)

        // Empty first, so the signer is added with an explicit digest and the certificates in Apple's order.
        guard let pointer = unsafe PKCS7_sign(nil, nil, nil, nil, flags) else {
            throw OpenSSLError.drain("creating the PKCS#7 structure")
        }
        let p7 = unsafe OwnedPKCS7(pointer)
        let md = unsafe options.digest == .sha1 ? EVP_sha1() : EVP_sha256()
        let signerFlags = options.embedSignerCertificate ? flags : flags | Int32(PKCS7_NOCERTS)
        guard unsafe PKCS7_sign_add_signer(p7.pointer, cert.pointer, key.pointer, md, signerFlags) != nil else {
            throw OpenSSLError.drain("adding the signer")
        }
        for other in options.additionalSigners {
            let otherCertificate = try OwnedCertificate(derOrPEM: other.certificatePEM)
            let otherKey = try OwnedKey.fromPEM(other.privateKeyPEM)
            guard unsafe PKCS7_sign_add_signer(p7.pointer, otherCertificate.pointer, otherKey.pointer, md, flags) != nil
            else {
                throw OpenSSLError.drain("adding another signer")
            }
        }
        for certificate in extra {
            guard unsafe PKCS7_add_certificate(p7.pointer, certificate.pointer) == 1 else {
                throw OpenSSLError.drain("embedding a chain certificate")
            }
        }

        let content = try OwnedBIO(reading: payload)
        let output = try OwnedBIO.memory()
        switch options.encoding {
        case .ber:
            guard unsafe i2d_PKCS7_bio_stream(output.pointer, p7.pointer, content.pointer, flags) == 1 else {
                throw OpenSSLError.drain("signing and streaming the receipt")
            }
        case .der:
            guard unsafe PKCS7_final(p7.pointer, content.pointer, flags) == 1 else {
                throw OpenSSLError.drain("signing the receipt")
            }
            if options.corruptMessageDigest {
                unsafe try corruptMessageDigest(p7, payload: payload, md: md)
            }
            if restates {
                try restateAlgorithms(
                    p7, digest: options.statedDigestAlgorithm, signature: options.statedSignatureAlgorithm)
            }
            guard unsafe i2d_PKCS7_bio(output.pointer, p7.pointer) == 1 else {
                throw OpenSSLError.drain("encoding the receipt")
            }
        }
        return try output.contents()
    }

    /// Swaps messageDigest for another digest, then signs the attributes again.
    private static func corruptMessageDigest(_ p7: OwnedPKCS7, payload: [UInt8], md: OpaquePointer?)
        throws(OpenSSLError)
    {
        guard let signers = unsafe PKCS7_get_signer_info(p7.pointer),
            unsafe CReceipt_sk_PKCS7_SIGNER_INFO_num(signers) == 1,
            let info = unsafe CReceipt_sk_PKCS7_SIGNER_INFO_value(signers, 0)
        else {
            throw OpenSSLError.drain("finding the signer info")
        }
        var wrong = unsafe try digest(payload + [0x00], md: md)
        let added = unsafe wrong.withUnsafeMutableBytes { bytes in
            unsafe PKCS7_add1_attrib_digest(info, bytes.baseAddress, Int32(bytes.count))
        }
        guard added == 1 else {
            throw OpenSSLError.drain("replacing messageDigest")
        }
        guard unsafe PKCS7_SIGNER_INFO_sign(info) == 1 else {
            throw OpenSSLError.drain("re-signing the signed attributes")
        }
    }

    /// Rewrites the signer's AlgorithmIdentifiers after signing, so the receipt claims what the key did not do.
    private static func restateAlgorithms(_ p7: OwnedPKCS7, digest: String?, signature: String?) throws(OpenSSLError) {
        guard let signers = unsafe PKCS7_get_signer_info(p7.pointer),
            unsafe CReceipt_sk_PKCS7_SIGNER_INFO_num(signers) >= 1,
            let info = unsafe CReceipt_sk_PKCS7_SIGNER_INFO_value(signers, 0)
        else {
            throw OpenSSLError.drain("finding the signer info")
        }
        var digestAlgorithm: UnsafeMutablePointer<X509_ALGOR>?
        var signatureAlgorithm: UnsafeMutablePointer<X509_ALGOR>?
        unsafe PKCS7_SIGNER_INFO_get0_algs(info, nil, &digestAlgorithm, &signatureAlgorithm)
        for unsafe(oid, algorithm) in unsafe [(digest, digestAlgorithm), (signature, signatureAlgorithm)] {
            guard let oid else { continue }
            guard let algorithm = unsafe algorithm, let object = unsafe OBJ_txt2obj(oid, 1) else {
                throw OpenSSLError.drain("restating the algorithm \(oid)")
            }
            // set0 takes the object; on failure it is still ours to free.
            guard unsafe X509_ALGOR_set0(algorithm, object, V_ASN1_NULL, nil) == 1 else {
                unsafe ASN1_OBJECT_free(object)
                throw OpenSSLError.drain("restating the algorithm \(oid)")
            }
        }
    }

    static func digest(_ bytes: [UInt8], md: OpaquePointer?) throws(OpenSSLError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var size: UInt32 = 0
        let ok = unsafe bytes.withUnsafeBytes { input in
            unsafe out.withUnsafeMutableBytes { output in
                unsafe EVP_Digest(input.baseAddress, input.count, output.baseAddress, &size, md, nil)
            }
        }
        guard ok == 1, Int(size) <= out.count else {
            throw OpenSSLError.drain("computing a digest")
        }
        return Array(out.prefix(Int(size)))
    }
}
