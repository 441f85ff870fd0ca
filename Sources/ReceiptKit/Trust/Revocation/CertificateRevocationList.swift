internal import CReceipt

/// One CRL (PEM or DER), decoded. Nothing in it counts until online checks have checked that the
/// certificate's issuer signed it and that it is current.
///
/// Owns its OpenSSL object, freed in `deinit`; immutable after `init` and only read under the checker's
/// lock, which is what makes the `@unchecked Sendable` sound.
public final class CertificateRevocationList: @unchecked Sendable {
    let pointer: OpaquePointer
    /// Where it came from, for reports.
    let source: String

    /// Decodes `bytes`, PEM or DER; `source` names it in reports (a file name, say).
    public init(derOrPEM bytes: [UInt8], source: String = "a CRL given") throws(OpenSSLError) {
        let decoded: OpaquePointer?
        if bytes.firstRange(of: Array("-----BEGIN".utf8)) != nil {
            decoded = bytes.withUnsafeBytes {
                CReceipt_PEM_read_X509_CRL($0.baseAddress, Int32(clamping: $0.count))
            }
        } else {
            decoded = bytes.withUnsafeBytes { CReceipt_d2i_X509_CRL($0.baseAddress, $0.count) }
        }
        guard let decoded else {
            throw OpenSSLError.drain("decoding \(source) as a PEM or DER CRL")
        }
        pointer = decoded
        self.source = source
    }

    deinit {
        X509_CRL_free(pointer)
    }

    /// The DER OpenSSL writes for it again: the fuzz oracle's second reading of what was read.
    func der() throws(OpenSSLError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        let length = i2d_X509_CRL(pointer, &out)
        guard length > 0, let out else {
            throw OpenSSLError.drain("encoding the CRL")
        }
        defer { CReceipt_OPENSSL_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(length)))
    }
}
