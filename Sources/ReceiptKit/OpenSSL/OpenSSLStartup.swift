internal import CReceipt

/// How a process that exits after its work starts libcrypto.
///
/// A library that embeds ReceiptKit need not call anything here: libcrypto starts itself on first use.
public enum OpenSSLStartup {
    /// Starts libcrypto with only what receipt-check uses (the saving is in docs/performance.md):
    /// - no exit handler freeing its tables: the process's end returns the memory anyway;
    /// - no legacy table of symmetric ciphers: receipt-check encrypts nothing, and TLS (libcurl) fetches its
    ///   ciphers from the providers by their own names.
    ///
    /// The rest starts as before, on first use: the system configuration (`OPENSSL_CONF`, where policies such
    /// as RHEL's SHA-1 one live), the legacy digest table (certificate signatures name their digests through
    /// it), error strings, providers. Call it before any other OpenSSL call, or it changes nothing.
    public static func forProcessThatExits() {
        // A failure here leaves libcrypto to start itself on its first use, as without the call.
        _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT | OPENSSL_INIT_NO_ADD_ALL_CIPHERS), nil)
    }
}
