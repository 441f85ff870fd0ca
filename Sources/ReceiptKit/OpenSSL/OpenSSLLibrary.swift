internal import CReceipt

/// The OpenSSL library the process runs on (``TrustPolicy/openSSLVersion``).
enum OpenSSLLibrary {
    /// The loaded library's version text, e.g. "OpenSSL 3.0.15 3 Sep 2024", not the headers'.
    static var version: String {
        guard let text = unsafe OpenSSL_version(OPENSSL_VERSION) else { return "unknown OpenSSL" }
        return unsafe String(cString: text)
    }
}
