internal import CReceipt

/// ECDSA with SHA-256: the one signer of the App Store signatures and ReceiptKitTesting's test JWS.
package enum ECDSASigner {
    /// The DER `ECDSA-Sig-Value` over `message` with `key`, which must be a live EC key for the whole call;
    /// the context is freed by the `defer` and the buffers are valid in their closures.
    @unsafe package static func derSignature(over message: [UInt8], key: OpaquePointer) throws(OpenSSLError) -> [UInt8]
    {
        guard let context = unsafe EVP_MD_CTX_new() else {
            throw OpenSSLError.drain("allocating a signing context")
        }
        defer { unsafe EVP_MD_CTX_free(context) }
        guard unsafe EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else {
            throw OpenSSLError.drain("starting an ECDSA SHA-256 signature")
        }
        var size = 0
        let sized = unsafe message.withUnsafeBufferPointer { input in
            unsafe EVP_DigestSign(context, nil, &size, input.baseAddress, input.count)
        }
        guard sized == 1, size > 0 else {
            throw OpenSSLError.drain("sizing an ECDSA SHA-256 signature")
        }
        var signature = [UInt8](repeating: 0, count: size)
        // `signature` holds the `size` bytes OpenSSL asked for; it writes at most that and says how many.
        let signed = unsafe signature.withUnsafeMutableBufferPointer { output in
            unsafe message.withUnsafeBufferPointer { input in
                unsafe EVP_DigestSign(context, output.baseAddress, &size, input.baseAddress, input.count)
            }
        }
        guard signed == 1, size <= signature.count else {
            throw OpenSSLError.drain("making an ECDSA SHA-256 signature")
        }
        return Array(signature.prefix(size))
    }
}
