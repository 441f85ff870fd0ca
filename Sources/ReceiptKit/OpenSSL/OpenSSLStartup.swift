internal import CReceipt

/// How a process that exits after its work starts libcrypto.
///
/// A library that embeds ReceiptKit need not call anything here: libcrypto starts itself on first use.
public enum OpenSSLStartup {
    /// Starts libcrypto without the exit handler that frees its tables: a process that ends anyway gets
    /// the memory back from the system, and the handler costs about 0.8 M instructions a run. Everything
    /// else starts as before, on first use: the system configuration (`OPENSSL_CONF`, where policies such
    /// as RHEL's SHA-1 one live), error strings, providers. Call it before any other OpenSSL call, or it
    /// changes nothing.
    public static func forProcessThatExits() {
        // A failure here leaves libcrypto to start itself on its first use, as without the call.
        _ = unsafe OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil)
    }
}
