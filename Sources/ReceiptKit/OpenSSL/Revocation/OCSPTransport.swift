internal import CReceipt

/// Sends an OCSP request with OpenSSL's own HTTP client, bounded in time and size. Sound: every object
/// `post` makes is freed by its `defer`s and none escapes; the answer is copied out before it is freed.
enum OCSPTransport {
    /// OCSP answers for one certificate are a few KiB; anything past this is not one.
    static let maximumResponseSize = 64 << 10

    /// POSTs `request` to `url`; the response's DER, or why there is none.
    static func post(_ request: [UInt8], to url: String, connectTimeout: Int, exchangeTimeout: Int) -> Result<
        [UInt8], OpenSSLError
    > {
        var tls: Int32 = 0
        var host: UnsafeMutablePointer<CChar>?
        var port: UnsafeMutablePointer<CChar>?
        var path: UnsafeMutablePointer<CChar>?
        guard unsafe OSSL_HTTP_parse_url(url, &tls, nil, &host, &port, nil, &path, nil, nil) == 1 else {
            return .failure(OpenSSLError.drain("reading the responder URL \(url)"))
        }
        defer {
            unsafe CReceipt_OPENSSL_free(host)
            unsafe CReceipt_OPENSSL_free(port)
            unsafe CReceipt_OPENSSL_free(path)
        }
        guard tls == 0 else {
            // OCSP is signed and carries its own proof; responders serve it over plain HTTP (RFC 6960).
            return .failure(OpenSSLError(operation: "asking \(url)", reasons: ["only http:// responders are asked"]))
        }
        // The connection is made here, within the connect timeout.
        guard
            let context = unsafe OSSL_HTTP_open(
                host, port, nil, nil, 0, nil, nil, nil, nil, 0, Int32(clamping: connectTimeout))
        else {
            return .failure(OpenSSLError.drain("connecting to \(url)"))
        }
        var succeeded = false
        defer { unsafe OSSL_HTTP_close(context, succeeded ? 1 : 0) }
        // A read-only memory BIO over `request`, which stays alive and unchanged while it is used.
        let body = unsafe request.withUnsafeBytes { unsafe BIO_new_mem_buf($0.baseAddress, Int32(clamping: $0.count)) }
        guard let body = unsafe body else {
            return .failure(OpenSSLError.drain("preparing the OCSP request"))
        }
        defer { unsafe BIO_free(body) }
        guard
            unsafe OSSL_HTTP_set1_request(
                context, path, nil, "application/ocsp-request", body, "application/ocsp-response", 1,
                maximumResponseSize, Int32(clamping: exchangeTimeout), 0) == 1
        else {
            return .failure(OpenSSLError.drain("sending the OCSP request to \(url)"))
        }
        // OSSL_HTTP_exchange gives the caller a reference to the answer, freed here.
        guard let answer = unsafe OSSL_HTTP_exchange(context, nil) else {
            return .failure(OpenSSLError.drain("asking \(url)"))
        }
        defer { unsafe BIO_free(answer) }
        var data: UnsafeRawPointer?
        let length = unsafe CReceipt_BIO_get_mem_data(answer, &data)
        guard length > 0, let data = unsafe data else {
            return .failure(OpenSSLError(operation: "asking \(url)", reasons: ["the responder sent an empty body"]))
        }
        succeeded = true
        return .success(unsafe Array(UnsafeRawBufferPointer(start: data, count: Int(length))))
    }
}
