internal import CReceipt

/// How a process that exits after its work starts libcrypto; a library embedding ReceiptKit need not.
public enum OpenSSLStartup {
    /// Starts libcrypto without an exit handler (the process's end frees it) or the legacy cipher table
    /// (nothing is encrypted; TLS fetches ciphers from providers); the rest, `OPENSSL_CONF` included, starts
    /// on first use. Call it before any other OpenSSL call (docs/performance.md).
    public static func forProcessThatExits() {
        // A failure here leaves libcrypto to start itself on its first use, as without the call.
        _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT | OPENSSL_INIT_NO_ADD_ALL_CIPHERS), nil)
    }
}
