@testable import ReceiptKit

// The fuzz build compiles this file into ReceiptKit, whose files import CReceipt as internal; the
// suite's other files import it as public.
#if RECEIPT_FUZZ
    internal import CReceipt
#else
    import CReceipt
#endif

/// OCSP responses and CRLs as the online checks judge them for each certificate of the fixture chain.
extension FuzzHarness {
    func revocation(_ bytes: [UInt8]) throws(FuzzFinding) {
        if let response = try? OCSPResponse(der: bytes, source: "fuzz") {
            let answers = ocspAnswers(response)
            // A second reading: the response as OpenSSL writes it again must say the same.
            var out: UnsafeMutablePointer<UInt8>?
            let length = i2d_OCSP_RESPONSE(response.pointer, &out)
            guard length > 0, let out else {
                OpenSSLError.drainQueue()
                throw FuzzFinding("an OCSP response read cannot be written again")
            }
            let written = Array(UnsafeBufferPointer(start: out, count: Int(length)))
            CReceipt_OPENSSL_free(out)
            guard let again = try? OCSPResponse(der: written, source: "fuzz"), ocspAnswers(again) == answers else {
                throw FuzzFinding("an OCSP response says something else once written again: \(answers)")
            }
        }
        if let crl = try? CertificateRevocationList(derOrPEM: bytes, source: "fuzz") {
            let answers = crlAnswers(crl)
            var out: UnsafeMutablePointer<UInt8>?
            let length = i2d_X509_CRL(crl.pointer, &out)
            guard length > 0, let out else {
                OpenSSLError.drainQueue()
                throw FuzzFinding("a CRL read cannot be written again")
            }
            let written = Array(UnsafeBufferPointer(start: out, count: Int(length)))
            CReceipt_OPENSSL_free(out)
            guard let again = try? CertificateRevocationList(derOrPEM: written, source: "fuzz"),
                crlAnswers(again) == answers
            else {
                throw FuzzFinding("a CRL says something else once written again: \(answers)")
            }
        }
    }

    /// What `response` proves for the leaf and the intermediate, worded.
    private func ocspAnswers(_ response: OCSPResponse) -> [String] {
        (0..<(chain.count - 1)).map { index in
            let status = OCSPVerification.status(
                of: response, for: chain[index], issuer: chain[index + 1], chain: chain, at: Self.revocationTime)
            return status.map { "\($0)" } ?? "silent"
        }
    }

    private func crlAnswers(_ crl: CertificateRevocationList) -> [String] {
        (0..<(chain.count - 1)).map { index in
            let status = CRLVerification.status(
                of: crl, for: chain[index], issuer: chain[index + 1], at: Self.revocationTime)
            return status.map { "\($0)" } ?? "silent"
        }
    }
}
