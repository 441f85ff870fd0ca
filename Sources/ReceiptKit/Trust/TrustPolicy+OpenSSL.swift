extension TrustPolicy {
    /// The OpenSSL loaded at run time, its version text: a server reporting a refused SHA-1 receipt names it.
    public static var openSSLVersion: String { OpenSSLLibrary.version }
}
