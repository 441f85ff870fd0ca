/// Tells a SHA-1 signature the system refuses to check (RHEL 9's DEFAULT policy) from one that does not
/// match: neither a forgery nor a pass, it gets a reason of its own that fails closed.
enum SHA1Policy {
    static let fix =
        "allow SHA-1 signatures for receipt-check: on RHEL 9 and its rebuilds, `update-crypto-policies --set DEFAULT:SHA1`, or run it with OPENSSL_CONF naming a configuration whose algorithm section says `rh-allow-sha1-signatures = yes`"

    /// Whether `error`, from checking a `digest` signature, is the policy's refusal.
    static func refused(_ error: OpenSSLError, digest: Digest) -> Bool {
        digest === Digest.sha1 && (error.refusesDigest || !digest.isAvailable)
    }

    /// The RSA provider's "digest not allowed" code, for `InjectedFault.sha1Policy`.
    static let injectedRefusal = OpenSSLError.digestNotAllowed(
        operation: "checking the signature", reason: "digest not allowed (fault injected for a test)")

    /// The failed check for `what` ("the receipt's signature", "certificate ...").
    static func detail(_ what: String, _ error: OpenSSLError) -> String {
        "this system's OpenSSL refuses SHA-1 signatures by policy, so \(what) could not be checked; "
            + "this is not a forgery verdict (\(error)). Fix: \(fix)"
    }
}
