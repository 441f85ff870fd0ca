@testable import ReceiptKit

/// OCSP responses and CRLs as the online checks judge them for each certificate of the fixture chain.
extension FuzzHarness {
    func revocation(_ bytes: [UInt8]) throws(FuzzFinding) {
        if let response = try? OCSPResponse(der: bytes, source: "fuzz") {
            let answers = ocspAnswers(response)
            // A second reading: the response as OpenSSL writes it again must say the same.
            guard let written = try? response.der() else {
                throw FuzzFinding("an OCSP response read cannot be written again")
            }
            guard let again = try? OCSPResponse(der: written, source: "fuzz"), ocspAnswers(again) == answers else {
                throw FuzzFinding("an OCSP response says something else once written again: \(answers)")
            }
        }
        if let crl = try? CertificateRevocationList(derOrPEM: bytes, source: "fuzz") {
            let answers = crlAnswers(crl)
            guard let written = try? crl.der() else {
                throw FuzzFinding("a CRL read cannot be written again")
            }
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
