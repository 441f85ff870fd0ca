import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension TestPKI {
    /// The CA databases `openssl ocsp -index` and `openssl ca -gencrl` read for this PKI, every certificate
    /// valid; a test revokes one by rewriting its line with `ocspIndexLine(_:revokedAt:)`.
    public var ocspIndexFiles: [(name: String, bytes: [UInt8])] {
        get throws(OpenSSLError) {
            [
                (FileName.rootIndex, Array(try Self.ocspIndexLine(intermediate).utf8)),
                (FileName.intermediateIndex, Array(try Self.ocspIndexLine(leaf).utf8)),
            ]
        }
    }

    /// One line of OpenSSL's `index.txt` for `credential`: `V`, or `R` with `revokedAt`; expiry, serial, subject.
    public static func ocspIndexLine(_ credential: TestCredential, revokedAt: Date? = nil) throws(OpenSSLError)
        -> String
    {
        let serial = try OwnedCertificate(derOrPEM: credential.certificatePEM).serialHex()
        let parsed = try Certificate(der: credential.certificateDER)
        let expiry = databaseTime(parsed.notAfter ?? defaultNotAfter)
        let revocation = revokedAt.map(databaseTime) ?? ""
        let name = parsed.commonName ?? parsed.subject
        return "\(revokedAt == nil ? "V" : "R")\t\(expiry)\t\(revocation)\t\(serial)\tunknown\t/CN=\(name)\n"
    }

    /// `YYMMDDHHMMSSZ`, as OpenSSL's CA database writes times: RFC 3339's UTC fields, two digits of the year.
    private static func databaseTime(_ date: Date) -> String {
        let digits = (RFC3339.format(date) ?? "").filter(\.isNumber)
        return String(digits.dropFirst(2).prefix(12)) + "Z"
    }
}
