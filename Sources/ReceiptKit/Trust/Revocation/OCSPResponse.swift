internal import CReceipt

/// One DER OCSP response (RFC 6960), decoded. Nothing in it counts until the online checks have
/// verified its signature against the chain being checked.
///
/// Owns its OpenSSL objects, freed in `deinit`; immutable after `init` and only read under the checker's
/// lock, which is what makes the `@unchecked Sendable` sound.
public final class OCSPResponse: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The signed part, when the responder answered `successful`.
    let basic: OpaquePointer?
    /// Where it came from, for reports: a URL or the caller's name for the data.
    let source: String

    /// Decodes `der`; `source` names it in reports (a file name, say).
    public init(der: [UInt8], source: String = "an OCSP response given") throws(OpenSSLError) {
        let decoded = der.withUnsafeBytes { CReceipt_d2i_OCSP_RESPONSE($0.baseAddress, $0.count) }
        guard let decoded else {
            throw OpenSSLError.drain("decoding \(source) as a DER OCSP response")
        }
        pointer = decoded
        basic = OCSP_response_get1_basic(decoded)
        if basic == nil {
            OpenSSLError.drainQueue()
        }
        self.source = source
    }

    deinit {
        if let basic {
            OCSP_BASICRESP_free(basic)
        }
        OCSP_RESPONSE_free(pointer)
    }

    /// The DER OpenSSL writes for it again: the fuzz oracle's second reading of what was read.
    func der() throws(OpenSSLError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        let length = i2d_OCSP_RESPONSE(pointer, &out)
        guard length > 0, let out else {
            throw OpenSSLError.drain("encoding the OCSP response")
        }
        defer { CReceipt_OPENSSL_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(length)))
    }

    /// The responder's own status: `successful`, or why it gave no answer (`unauthorized`...).
    var responderStatus: (successful: Bool, name: String) {
        let status = OCSP_response_status(pointer)
        let name = OCSP_response_status_str(Int(status)).map { String(cString: $0) } ?? "status \(status)"
        return (Int(status) == Int(OCSP_RESPONSE_STATUS_SUCCESSFUL), name)
    }
}
