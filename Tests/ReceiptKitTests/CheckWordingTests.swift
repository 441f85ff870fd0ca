import Foundation
import Testing

@testable import ReceiptKit

/// A check keeps what it compared as values and words it when read: the words are the ones the report has
/// always shown, and checks are equal by what they say, however it was kept.
@Suite struct CheckWordingTests {
    @Test func eachWordingReadsAsTheReportShowsIt() {
        let created = Date(timeIntervalSince1970: 1_708_709_236)
        let cases: [(CheckWording, String)] = [
            (
                .container(.der, certificates: 3, payloadBytes: 2306),
                "PKCS#7 signedData (DER), 3 certificates, 2306-byte payload"
            ),
            (
                .container(.ber, certificates: 1, payloadBytes: 374),
                "PKCS#7 signedData (BER), 1 certificates, 374-byte payload"
            ),
            (.payload(purchases: 1, undocumented: 0), "1 in-app purchase, 0 undocumented attributes kept"),
            (.payload(purchases: 4, undocumented: 11), "4 in-app purchases, 11 undocumented attributes kept"),
            (
                .digestAlgorithm(digest: .sha256, signatureAlgorithm: OID.name(OID.rsaEncryption[...])),
                "sha256 with rsaEncryption"
            ),
            (.digestAlgorithm(digest: .sha1, signatureAlgorithm: OID.name([0x2A, 0x03][...])), "sha1 with 1.2.3"),
            (
                .signature(key: "RSA-2048", digest: .sha256, overSignedAttributes: false),
                "RSA-2048 sha256 signature over the payload is valid"
            ),
            (
                .signature(key: "RSA-2048", digest: .sha256, overSignedAttributes: true),
                "RSA-2048 sha256 signature over the signed attributes (messageDigest matches) is valid"
            ),
            (
                .validity(created, source: "receipt_creation_date"),
                "every certificate is valid at 2024-02-23T17:27:16Z (receipt_creation_date)"
            ),
            (
                .signature(key: "EC-256", digest: .sha1, overSignedAttributes: false),
                "EC-256 sha1 signature over the payload is valid"
            ),
            (
                .validity(Date(timeIntervalSince1970: 1_708_709_236.131), source: "signed_date"),
                "every certificate is valid at 2024-02-23T17:27:16.131Z (signed_date)"
            ),
            (.text("words already written"), "words already written"),
            // A digest receipts are not signed with is worded at once, by its name.
            (
                .digestAlgorithm(digest: .sha384, signatureAlgorithm: "ecdsa-with-SHA384"),
                "sha384 with ecdsa-with-SHA384"
            ),
            (
                .signature(key: "EC-384", digest: .sha384, overSignedAttributes: true),
                "EC-384 sha384 signature over the signed attributes (messageDigest matches) is valid"
            ),
            // The largest counts kept as values, and the smallest worded at once.
            (
                .container(.der, certificates: (1 << 24) - 1, payloadBytes: (1 << 40) - 1),
                "PKCS#7 signedData (DER), 16777215 certificates, 1099511627775-byte payload"
            ),
            (
                .container(.ber, certificates: 1 << 24, payloadBytes: 374),
                "PKCS#7 signedData (BER), 16777216 certificates, 374-byte payload"
            ),
            (
                .container(.ber, certificates: 3, payloadBytes: 1 << 40),
                "PKCS#7 signedData (BER), 3 certificates, 1099511627776-byte payload"
            ),
            (
                .payload(purchases: 4_294_967_295, undocumented: 4_294_967_295),
                "4294967295 in-app purchases, 4294967295 undocumented attributes kept"
            ),
            (
                .payload(purchases: 4_294_967_296, undocumented: 0),
                "4294967296 in-app purchases, 0 undocumented attributes kept"
            ),
        ]
        for (wording, words) in cases {
            #expect(wording.text == words)
            #expect(Check.pass(.payload, wording).detail == words)
        }
    }

    /// Four words at most, so the compiler copies a check in place, not through its value witnesses.
    @Test func aCheckFitsFourWords() {
        #expect(MemoryLayout<Check>.size <= 4 * MemoryLayout<Int>.size)
    }

    @Test func checksAreEqualByWhatTheySay() {
        let kept = Check.pass(.payload, .payload(purchases: 1, undocumented: 0))
        #expect(kept == Check.pass(.payload, "1 in-app purchase, 0 undocumented attributes kept"))
        #expect(kept != Check.pass(.payload, "2 in-app purchases, 0 undocumented attributes kept"))
        #expect(kept != Check.pass(.container, "1 in-app purchase, 0 undocumented attributes kept"))
        #expect(kept != Check.fail(.payload, .malformed, "1 in-app purchase, 0 undocumented attributes kept"))
    }
}
