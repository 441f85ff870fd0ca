internal import CReceipt

/// The OpenSSL library the process is linked against at run time: a server reporting why a SHA-1 receipt was
/// refused names it, since the verdict depends on this library's version and policy.
public enum OpenSSLLibrary {
    /// The library's own version text, e.g. "OpenSSL 3.0.15 3 Sep 2024".
    ///
    /// Asked of the loaded library rather than taken from the headers, so a binary built on one
    /// system and run on another reports what it actually runs on.
    public static var version: String {
        guard let text = unsafe OpenSSL_version(OPENSSL_VERSION) else { return "unknown OpenSSL" }
        return unsafe String(cString: text)
    }
}
