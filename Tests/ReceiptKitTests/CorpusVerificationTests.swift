import Testing

@testable import ReceiptKit
@testable import ReceiptKitTesting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Verdicts on every real receipt of the shared corpus, against Apple's embedded roots.
@Suite(.timeLimit(.minutes(10))) struct CorpusVerificationTests {
    private func validator(_ options: ValidationOptions = ValidationOptions(), storeKit: Bool = false) throws
        -> ReceiptValidator
    {
        var certificate: Certificate?
        if storeKit {
            let url = TestCorpus.directory.appendingPathComponent("certs/StoreKitTestCertificate.cer")
            certificate = try Certificate(der: [UInt8](try Data(contentsOf: url)))
        }
        return try ReceiptValidator(policy: .apple(storeKitTestCertificate: certificate), options: options)
    }

    @Test func appleSignedReceiptsAreValidAtTheirCreationDate() throws {
        let manifest = try #require(TestCorpus.manifest())
        let validator = try validator()
        var valid = 0
        for entry in manifest.receipts where entry.verifies.appleRootAtCreationDate {
            let report = validator.validate(try TestCorpus.bytes(of: entry), input: entry.file)
            if entry.file.hasSuffix("appreceiptparser-1.receipt") {
                // 2010: signed through the FairPlay CA, which lacks the receipt-signing markers.
                #expect(report.status == .invalid, "\(entry.file)")
                #expect(report.reason == .missingMarkerOID, "\(entry.file)")
                continue
            }
            #expect(report.status == .valid, "\(entry.file): \(report.message ?? "")")
            #expect(report.trust?.kind == .apple, "\(entry.file)")
            #expect(report.trust?.timeSource == "receipt_creation_date")
            valid += report.status == .valid ? 1 : 0
        }
        #expect(valid >= 40, "expected the corpus' Apple-signed receipts to verify, got \(valid)")
    }

    @Test func appleSignedReceiptsAreExpiredNow() throws {
        let manifest = try #require(TestCorpus.manifest())
        var options = ValidationOptions()
        options.time = .now
        let validator = try validator(options)
        for entry in manifest.receipts where entry.verifies.appleRootAtCreationDate && !entry.verifies.appleRootPlain {
            let report = validator.validate(try TestCorpus.bytes(of: entry), input: entry.file)
            #expect(report.status == .invalid, "\(entry.file)")
            if !entry.file.hasSuffix("appreceiptparser-1.receipt") {
                #expect(report.reason == .certificateExpired, "\(entry.file): \(report.message ?? "")")
            }
        }
    }

    @Test func xcodeReceiptsNeedTheStoreKitTestCertificate() throws {
        let manifest = try #require(TestCorpus.manifest())
        let strict = try validator()
        let testing = try validator(storeKit: true)
        let xcode = manifest.receipts.filter { $0.verifies.storekitTestRoot }
        #expect(xcode.count == 6)
        for entry in xcode {
            let bytes = try TestCorpus.bytes(of: entry)
            let untrusted = strict.validate(bytes, input: entry.file)
            #expect(untrusted.status == .invalid, "\(entry.file)")
            #expect(untrusted.reason == .untrustedChain, "\(entry.file)")
            let trusted = testing.validate(bytes, input: entry.file)
            #expect(trusted.status == .valid, "\(entry.file): \(trusted.message ?? "")")
            #expect(trusted.trust?.kind == .storeKitTesting)
            #expect(trusted.encoding == .ber)
        }
    }

    @Test func negativeSamplesAreRejectedWithTheirReason() throws {
        let manifest = try #require(TestCorpus.manifest())
        let validator = try validator()
        #expect(manifest.negative.count == 3)
        for entry in manifest.negative {
            let bytes = [UInt8](try Data(contentsOf: TestCorpus.directory.appendingPathComponent(entry.file)))
            let report = validator.validate(bytes, input: entry.file)
            #expect(report.status == .malformed, "\(entry.file)")
            #expect(report.reason == .notAppReceipt, "\(entry.file): \(report.message ?? "")")
        }
    }

    @Test func deviceHashMatchesOnlyTheRightDevice() throws {
        let manifest = try #require(TestCorpus.manifest())
        var checked = 0
        for entry in manifest.receipts {
            guard let hash = entry.hashCheck, hash.matches else { continue }
            let bytes = try TestCorpus.bytes(of: entry)
            var options = ValidationOptions()
            options.deviceIdentifier = try DeviceIdentifier(parsing: hash.deviceGuidHex)
            let report = try validator(options).validate(bytes, input: entry.file)
            #expect(report.checks.first { $0.name == .deviceHash }?.passed == true, "\(entry.file)")

            var wrong = ValidationOptions()
            var other = try DeviceIdentifier(parsing: hash.deviceGuidHex).bytes
            other[other.count - 1] ^= 0x01
            wrong.deviceIdentifier = DeviceIdentifier(bytes: other)
            let rejected = try validator(wrong).validate(bytes, input: entry.file)
            #expect(rejected.checks.first { $0.name == .deviceHash }?.reason == .deviceHashMismatch)
            #expect(rejected.status != .valid)
            checked += 1
        }
        #expect(checked == 4)
    }

    @Test func callerChecksCompareWithTheReceipt() throws {
        let manifest = try #require(TestCorpus.manifest())
        let entry = try #require(manifest.receipts.first { $0.file.hasSuffix("tpinapp-11.receipt") })
        let bytes = try TestCorpus.bytes(of: entry)
        var options = ValidationOptions()
        options.bundleID = "org.getpure.pure-iphone"
        options.applicationVersion = "15741"
        options.environment = .production
        #expect(try validator(options).validate(bytes, input: "r").status == .valid)

        options.bundleID = "org.getpure.other"
        options.environment = .sandbox
        let report = try validator(options).validate(bytes, input: "r")
        #expect(report.status == .invalid)
        #expect(report.reason == .bundleIDMismatch)
        #expect(report.checks.contains { $0.reason == .environmentMismatch })
    }
}
