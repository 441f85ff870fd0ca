internal import CReceipt

/// Chain building over an OpenSSL certificate store that holds only the trust anchors given.
enum CertificateStore {
    /// Why a chain could not be built.
    struct BuildError: Error {
        let error: OpenSSLError
        /// A SHA-1 certificate signature that this system's policy refused to check.
        let sha1Refused: Bool

        init(_ error: OpenSSLError, sha1Refused: Bool = false) {
            self.error = error
            self.sha1Refused = sha1Refused
        }
    }

    /// Builds and checks the chain from `leaf` to a root, ignoring time (validity is checked per input), in a
    /// store made for the call, so it needs no lock. Sound: the store, context and stack are freed by the
    /// `defer`s and never escape; the certificates are owned by `leaf`, `untrusted` and `roots`, which outlive
    /// the call; the built chain is OpenSSL's copy, mapped back onto our objects before it is freed.
    static func build(leaf: Certificate, untrusted: [Certificate], roots: [Certificate]) throws(BuildError)
        -> [Certificate]
    {
        guard let pointer = unsafe X509_STORE_new() else {
            throw BuildError(OpenSSLError.drain("allocating a certificate store"))
        }
        defer { unsafe X509_STORE_free(pointer) }
        for root in roots where unsafe X509_STORE_add_cert(pointer, root.pointer) != 1 {
            throw BuildError(OpenSSLError.drain("adding root \"\(root.subject)\" to the store"))
        }
        guard let context = unsafe X509_STORE_CTX_new(), let stack = unsafe CReceipt_sk_X509_new_null() else {
            throw BuildError(OpenSSLError.drain("allocating a verification context"))
        }
        defer {
            unsafe CReceipt_sk_X509_free(stack)
            unsafe X509_STORE_CTX_free(context)
        }
        for certificate in untrusted where unsafe CReceipt_sk_X509_push(stack, certificate.pointer) <= 0 {
            throw BuildError(OpenSSLError.drain("collecting the embedded certificates"))
        }
        guard unsafe X509_STORE_CTX_init(context, pointer, leaf.pointer, stack) == 1 else {
            throw BuildError(OpenSSLError.drain("starting chain verification"))
        }
        unsafe X509_STORE_CTX_set_flags(context, UInt(X509_V_FLAG_NO_CHECK_TIME))
        let verified = unsafe X509_verify_cert(context)
        guard verified == 1 else {
            let code = unsafe X509_STORE_CTX_get_error(context)
            // X509_verify_cert_error_string returns a static, terminated string for any code.
            let reason =
                unsafe X509_verify_cert_error_string(Int(code)).map { unsafe String(cString: $0) } ?? "error \(code)"
            let depth = unsafe X509_STORE_CTX_get_error_depth(context)
            let queued = OpenSSLError.drain("chain verification")
            let error = OpenSSLError(
                operation: queued.operation, reasons: ["\(reason) at depth \(depth)"] + queued.reasons,
                codes: queued.codes)
            let refused = sha1Refused(
                verifyError: code,
                certificateDigestNID: unsafe signatureDigest(X509_STORE_CTX_get_current_cert(context)),
                reasons: error)
            throw BuildError(error, sha1Refused: refused)
        }
        guard let built = unsafe CReceipt_X509_STORE_CTX_get1_chain(context) else {
            throw BuildError(OpenSSLError.drain("reading the verified chain"))
        }
        defer { unsafe CReceipt_sk_X509_pop_free(built) }
        // Anchors first, so the root reported is the trusted one even when the input embeds a copy of it.
        var chain: [Certificate] = []
        let anchors = roots + untrusted
        let count = unsafe CReceipt_sk_X509_num(built)
        for index in 0..<count {
            guard let entry = unsafe CReceipt_sk_X509_value(built, index),
                let match = anchors.first(where: { unsafe X509_cmp($0.pointer, entry) == 0 })
            else {
                throw BuildError(
                    OpenSSLError(operation: "chain verification", reasons: ["unknown certificate in chain"]))
            }
            chain.append(match)
        }
        return chain
    }

    /// Whether a chain failed because a SHA-1 certificate signature was refused.
    static func sha1Refused(verifyError: Int32, certificateDigestNID: Int32, reasons: OpenSSLError) -> Bool {
        guard certificateDigestNID == NID_sha1 else { return false }
        switch verifyError {
        case X509_V_ERR_CA_MD_TOO_WEAK:
            return true
        case X509_V_ERR_CERT_SIGNATURE_FAILURE:
            return reasons.refusesDigest
        default:
            return false
        }
    }

    /// The digest NID of `certificate`'s signature (NID_undef when unknown); the context's, alive for the call.
    @unsafe private static func signatureDigest(_ certificate: OpaquePointer?) -> Int32 {
        guard let certificate = unsafe certificate else { return NID_undef }
        var digest: Int32 = NID_undef
        var key: Int32 = NID_undef
        guard unsafe OBJ_find_sigid_algs(X509_get_signature_nid(certificate), &digest, &key) == 1 else {
            return NID_undef
        }
        return digest
    }
}
