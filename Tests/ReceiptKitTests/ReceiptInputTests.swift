import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite(.timeLimit(.minutes(10))) struct ReceiptInputTests {
    static let pkcs7: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x01]

    private func wrapped(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }

    @Test func binaryPassesThrough() throws {
        let result = try ReceiptInput.unwrap(Self.pkcs7)
        #expect(result.format == .binary)
        #expect(result.pkcs7 == Self.pkcs7)
    }

    @Test func base64WithLineBreaksAndSpaces() throws {
        let text = Data(Self.pkcs7 + Self.pkcs7 + Self.pkcs7).base64EncodedString()
        let broken = "  " + text.prefix(8) + "\n" + text.dropFirst(8).prefix(4) + " \r\n" + text.dropFirst(12) + "\n"
        let result = try ReceiptInput.unwrap(Array(broken.utf8))
        #expect(result.format == .base64)
        #expect(result.pkcs7 == Self.pkcs7 + Self.pkcs7 + Self.pkcs7)
    }

    @Test func verifyReceiptBody() throws {
        let body = "{\"receipt-data\": \"\(wrapped(Self.pkcs7))\", \"password\": \"x\"}"
        let result = try ReceiptInput.unwrap(Array(body.utf8))
        #expect(result.format == .verifyReceiptJSON)
        #expect(result.pkcs7 == Self.pkcs7)
    }

    @Test func pemBlock() throws {
        let pem = "-----BEGIN PKCS7-----\n\(wrapped(Self.pkcs7))\n-----END PKCS7-----\n"
        let result = try ReceiptInput.unwrap(Array(pem.utf8))
        #expect(result.format == .pem)
        #expect(result.pkcs7 == Self.pkcs7)
    }

    @Test(arguments: [
        ("", ReasonCode.emptyInput),
        (" \n\t", .emptyInput),
        ("hello, world", .unsupportedFormat),
        ("{\"other\": 1}", .unsupportedFormat),
        ("{\n\t\"signature\" = \"AAAA\";\n\t\"purchase-info\" = \"BBBB\";\n}", .notAppReceipt),
        ("eyJhbGciOiJFUzI1NiJ9.eyJhIjoxfQ.c2ln", .unsupportedFormat),
        ("-----BEGIN CERTIFICATE-----\nMAMCAQE=\n-----END CERTIFICATE-----\n", .unsupportedFormat),
        ("{\"receipt-data\": \"not base64!\"}", .malformed),
        ("SGVsbG8gd29ybGQ=", .unsupportedFormat),
    ])
    func rejectsWithASpecificReason(text: String, reason: ReasonCode) {
        #expect {
            _ = try ReceiptInput.unwrap(Array(text.utf8))
        } throws: { error in
            (error as? ReceiptError)?.reason == reason
        }
    }

    @Test func randomBytesAreRejectedNotCrashed() throws {
        let seed = SeededGenerator.runSeed()
        var generator = SeededGenerator(seed: seed)
        let validator = try ReceiptValidator(policy: .apple())
        for length in [1, 2, 7, 64, 1000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let report = validator.validate(bytes, input: "random")
            #expect(report.status == .malformed, "length \(length); replay with RECEIPT_CHECK_SEED=\(seed)")
            #expect(report.reason != nil)
        }
    }
}
