internal import CReceipt
import Synchronization

/// A public key taken from a certificate. `@unchecked Sendable`: OpenSSL keys verify concurrently, each
/// check takes a context no other thread holds, and the key and contexts are freed only in `deinit`.
@safe package final class PublicKey: @unchecked Sendable {
    let pointer: OpaquePointer
    /// Verification contexts set up for a digest, kept for the next check (`EVP_DigestVerifyInit` is dear);
    /// each is taken out while in use.
    private let idle = Mutex<[VerifyContext]>([])
    /// More idle contexts than threads that check at once would only hold memory.
    private static let idleLimit = 4

    /// `"RSA-2048"`, `"EC-256"`, ... for reports; made once, as every signature check names it.
    package let summary: String

    init(owning pointer: OpaquePointer) {
        unsafe self.pointer = unsafe pointer
        let bits = unsafe EVP_PKEY_get_bits(pointer)
        let name = unsafe EVP_PKEY_get0_type_name(pointer).map { unsafe String(cString: $0) } ?? "key"
        summary = "\(name)-\(bits)"
    }

    deinit {
        unsafe EVP_PKEY_free(pointer)
        idle.withLock { contexts in
            for context in contexts { unsafe EVP_PKEY_CTX_free(context.pointer) }
        }
    }

    /// The named curve of an EC key as OpenSSL names it (`prime256v1` for P-256), nil for other keys.
    package var curveName: String? {
        unsafe Self.curveName(of: pointer)
    }

    /// The named curve of the EC key `key`, nil for other keys.
    static func curveName(of key: OpaquePointer) -> String? {
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard unsafe EVP_PKEY_get_group_name(key, &name, name.count, &length) == 1, length < name.count else {
            OpenSSLError.drainQueue()
            return nil
        }
        return String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Checks `signature` over `message` hashed with `digest`: false for a mismatch; throws only when the
    /// check could not be made, so a caller can tell a forgery from a broken setup.
    package func verify(
        signature: ArraySlice<UInt8>, over message: ArraySlice<UInt8>, digest: Digest
    ) throws(OpenSSLError) -> Bool {
        // A NULL digest would make OpenSSL check with the key's default digest instead.
        guard let algorithm = unsafe digest.algorithm else {
            throw OpenSSLError(
                operation: "fetching \(digest.name)", reasons: ["this OpenSSL offers no \(digest.name) digest"],
                codes: digest.fetchFailure)
        }
        let hash = try digest.hash(message)
        let context = unsafe try checkOut(digest, algorithm)
        let result = unsafe signature.withUnsafeBufferPointer { signatureBytes in
            unsafe hash.withUnsafeBufferPointer { hashBytes in
                unsafe EVP_PKEY_verify(
                    context.pointer, signatureBytes.baseAddress, signatureBytes.count, hashBytes.baseAddress,
                    hashBytes.count)
            }
        }
        // A mismatch leaves the context as it was; after an error it is not trusted again.
        if result >= 0 {
            checkIn(context)
        } else {
            unsafe EVP_PKEY_CTX_free(context.pointer)
        }
        if result == 1 {
            return true
        }
        // A mismatch's queued reasons say nothing; a digest refused by policy is no mismatch, and must be told.
        let failure = OpenSSLError.drain("checking a \(digest.name) signature with a \(summary) key")
        if failure.refusesDigest {
            throw failure
        }
        return false
    }

    /// An idle context set up for `digest`, or a new one.
    private func checkOut(_ digest: Digest, _ algorithm: OpaquePointer) throws(OpenSSLError) -> VerifyContext {
        let identity = ObjectIdentifier(digest)
        let reused = idle.withLock { contexts -> VerifyContext? in
            guard let index = contexts.firstIndex(where: { $0.digest == identity }) else { return nil }
            return contexts.remove(at: index)
        }
        if let reused {
            return reused
        }
        guard let pointer = unsafe EVP_PKEY_CTX_new_from_pkey(nil, self.pointer, nil) else {
            throw OpenSSLError.drain("allocating a signature check context")
        }
        guard unsafe EVP_PKEY_verify_init(pointer) == 1, unsafe EVP_PKEY_CTX_set_signature_md(pointer, algorithm) == 1
        else {
            unsafe EVP_PKEY_CTX_free(pointer)
            throw OpenSSLError.drain("starting a \(digest.name) signature check with a \(summary) key")
        }
        return unsafe VerifyContext(pointer: pointer, digest: identity)
    }

    private func checkIn(_ context: VerifyContext) {
        let kept = idle.withLock { contexts -> Bool in
            guard contexts.count < Self.idleLimit else { return false }
            contexts.append(context)
            return true
        }
        if !kept {
            unsafe EVP_PKEY_CTX_free(context.pointer)
        }
    }
}

/// An `EVP_PKEY_CTX` set up to verify signatures over one digest's hashes. It passes between threads
/// only through the idle list, and one thread holds it at a time, hence `@unchecked Sendable`.
@safe private struct VerifyContext: @unchecked Sendable {
    let pointer: OpaquePointer
    let digest: ObjectIdentifier
}
