internal import CReceipt
import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension TestPKI {
    /// The CA databases `openssl ocsp -index` (and `openssl ca -gencrl`) read to answer for this PKI: the
    /// root's (it issued the intermediate) and the intermediate's (it issued the leaf), every certificate
    /// valid. A test marks one revoked by rewriting its line as `ocspIndexLine(_:revokedAt:)` makes it.
    public var ocspIndexFiles: [(name: String, bytes: [UInt8])] {
        get throws(OpenSSLError) {
            [
                (FileName.rootIndex, Array(try Self.ocspIndexLine(intermediate).utf8)),
                (FileName.intermediateIndex, Array(try Self.ocspIndexLine(leaf).utf8)),
            ]
        }
    }

    /// One line of OpenSSL's CA database (`index.txt`) for `credential`: `V` (valid), or `R` with the
    /// revocation time when `revokedAt` is given; expiry, serial in hex, subject.
    public static func ocspIndexLine(_ credential: TestCredential, revokedAt: Date? = nil) throws(OpenSSLError)
        -> String
    {
        let certificate = try OwnedCertificate(derOrPEM: credential.certificatePEM)
        guard let serial = X509_get0_serialNumber(certificate.pointer),
            let number = ASN1_INTEGER_to_BN(serial, nil)
        else {
            throw OpenSSLError.drain("reading the serial number")
        }
        defer { BN_free(number) }
        guard let hex = BN_bn2hex(number) else {
            throw OpenSSLError.drain("writing the serial number")
        }
        defer { CReceipt_OPENSSL_free(hex) }
        let parsed = try Certificate(der: credential.certificateDER)
        let expiry = databaseTime(parsed.notAfter ?? defaultNotAfter)
        let revocation = revokedAt.map(databaseTime) ?? ""
        let name = parsed.commonName ?? parsed.subject
        return
            "\(revokedAt == nil ? "V" : "R")\t\(expiry)\t\(revocation)\t\(String(cString: hex))\tunknown\t/CN=\(name)\n"
    }

    /// `YYMMDDHHMMSSZ`, as OpenSSL's CA database writes times.
    private static func databaseTime(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let fields = [parts.tm_year % 100, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec]
        return fields.map { $0 < 10 ? "0\($0)" : "\($0)" }.joined() + "Z"
    }
}
