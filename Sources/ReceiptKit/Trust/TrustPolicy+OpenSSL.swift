extension TrustPolicy {
    /// The OpenSSL library the trust checks run on, its own version text (e.g. "OpenSSL 3.0.15 3 Sep 2024"):
    /// a server reporting why a SHA-1 receipt was refused names it, since the verdict depends on this
    /// library's version and policy. Asked of the library loaded at run time, not of the headers built with.
    public static var openSSLVersion: String { OpenSSLLibrary.version }
}
