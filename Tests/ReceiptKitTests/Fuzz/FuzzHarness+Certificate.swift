import Foundation

@testable import ReceiptKit

/// Certificate files as `--root` reads them (DER or PEM). A certificate read must read again from its
/// DER to the same bytes and subject, and from that DER written as PEM to bytes that read again the
/// same (a PEM certificate is written anew by OpenSSL, a DER one kept as given).
extension FuzzHarness {
    func certificate(_ bytes: [UInt8]) throws(FuzzFinding) {
        guard let certificate = try? Certificate(derOrPEM: bytes) else { return }
        guard let fromDER = try? Certificate(der: certificate.der), fromDER.der == certificate.der,
            let fromPEM = try? Certificate(derOrPEM: Self.pem(certificate.der)),
            let again = try? Certificate(derOrPEM: Self.pem(fromPEM.der)), again.der == fromPEM.der
        else {
            throw FuzzFinding("a certificate read does not read again from its own DER or PEM")
        }
        guard Set([fromDER.subject, fromPEM.subject, again.subject]) == [certificate.subject] else {
            throw FuzzFinding("a certificate read again names another subject")
        }
        // Given as the only root, a fixture receipt is checked against it.
        if let validator = try? ReceiptValidator(policy: .custom(roots: [certificate])) {
            _ = validator.validate(sampleReceiptBytes, input: "fuzz")
        }
    }

    private static func pem(_ der: [UInt8]) -> [UInt8] {
        Array(
            ("-----BEGIN CERTIFICATE-----\n" + Data(der).base64EncodedString(options: .lineLength64Characters)
                + "\n-----END CERTIFICATE-----\n").utf8)
    }
}
