internal import CReceipt

extension Certificate {
    /// Whether the key may sign CRLs: true without a key usage extension, else only with cRLSign.
    var keyUsageAllowsCRLSigning: Bool {
        // Both read flags OpenSSL cached on the certificate, which `self` keeps alive.
        unsafe X509_get_extension_flags(pointer) & UInt32(EXFLAG_KUSAGE) == 0
            || X509_get_key_usage(pointer) & UInt32(KU_CRL_SIGN) != 0
    }

    /// The OCSP URLs of the Authority Information Access extension, in order.
    var ocspResponderURLs: [String] {
        // get1: the stack and its strings are ours, copied into Strings before X509_email_free frees them.
        guard let stack = unsafe X509_get1_ocsp(pointer) else {
            OpenSSLError.drainQueue()
            return []
        }
        defer { unsafe X509_email_free(stack) }
        var urls: [String] = []
        let count = unsafe CReceipt_sk_OPENSSL_STRING_num(stack)
        for index in 0..<count {
            if let url = unsafe CReceipt_sk_OPENSSL_STRING_value(stack, index) {
                urls.append(unsafe String(cString: url))
            }
        }
        return urls
    }
}
