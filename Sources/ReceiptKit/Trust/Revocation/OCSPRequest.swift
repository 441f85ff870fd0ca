internal import CReceipt

/// An OCSP request for one certificate, with a nonce the response must echo when it carries one.
final class OCSPRequest {
    let pointer: OpaquePointer

    init(_ id: OCSPCertificateID) throws(OpenSSLError) {
        guard let request = OCSP_REQUEST_new() else {
            throw OpenSSLError.drain("making an OCSP request")
        }
        pointer = request
        guard let copy = OCSP_CERTID_dup(id.pointer) else {
            throw OpenSSLError.drain("making an OCSP request")
        }
        // add0 takes the copy; it is freed with the request.
        guard OCSP_request_add0_id(request, copy) != nil else {
            OCSP_CERTID_free(copy)
            throw OpenSSLError.drain("making an OCSP request")
        }
        guard OCSP_request_add1_nonce(request, nil, -1) == 1 else {
            throw OpenSSLError.drain("adding a nonce to the OCSP request")
        }
    }

    deinit {
        OCSP_REQUEST_free(pointer)
    }

    func der() throws(OpenSSLError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        let length = i2d_OCSP_REQUEST(pointer, &out)
        guard length > 0, let out else {
            throw OpenSSLError.drain("encoding the OCSP request")
        }
        defer { CReceipt_OPENSSL_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(length)))
    }
}
