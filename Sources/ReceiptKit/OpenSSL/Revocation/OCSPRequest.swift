internal import CReceipt

/// An OCSP request for one certificate with a nonce, its object made in `init` and freed only in `deinit`.
@safe final class OCSPRequest {
    let pointer: OpaquePointer

    init(_ id: OCSPCertificateID) throws(OpenSSLError) {
        guard let request = unsafe OCSP_REQUEST_new() else {
            throw OpenSSLError.drain("making an OCSP request")
        }
        unsafe pointer = request
        guard let copy = unsafe OCSP_CERTID_dup(id.pointer) else {
            throw OpenSSLError.drain("making an OCSP request")
        }
        // add0 takes the copy; it is freed with the request.
        guard unsafe OCSP_request_add0_id(request, copy) != nil else {
            unsafe OCSP_CERTID_free(copy)
            throw OpenSSLError.drain("making an OCSP request")
        }
        guard unsafe OCSP_request_add1_nonce(request, nil, -1) == 1 else {
            throw OpenSSLError.drain("adding a nonce to the OCSP request")
        }
    }

    deinit {
        unsafe OCSP_REQUEST_free(pointer)
    }

    func der() throws(OpenSSLError) -> [UInt8] {
        try unsafe openSSLDER(of: pointer, "the OCSP request", i2d_OCSP_REQUEST)
    }

    /// Whether `response` carries another nonce than this request's (a replayed or forged answer).
    func nonceDiffers(in response: OCSPResponse) -> Bool {
        guard let basic = unsafe response.basic else { return false }
        return unsafe OCSP_check_nonce(pointer, basic) == 0
    }
}
