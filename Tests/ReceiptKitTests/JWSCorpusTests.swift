import Foundation
import TestSupport
import Testing

@testable import ReceiptKit

/// Every StoreKit 2 JWS of the shared corpus: verdicts and decoded values against MANIFEST.json.
@Suite(.timeLimit(.minutes(10))) struct JWSCorpusTests {
    static func entries(_ category: String, sourceLocation: SourceLocation = #_sourceLocation) -> [[String: Any]] {
        let url = TestCorpus.manifestURL
        guard let data = try? TestCorpus.manifestData.get(),
            let manifest = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let entries = manifest["jws"] as? [[String: Any]]
        else {
            Issue.record("\(SharedData.missing(.corpus, at: url))", sourceLocation: sourceLocation)
            return []
        }
        return entries.filter { $0["category"] as? String == category }
    }

    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: TestCorpus.directory.appendingPathComponent(relative)))
    }

    static func certificate(_ relative: String) throws -> Certificate {
        try Certificate(derOrPEM: try bytes(relative))
    }

    static func libraryRoots() throws -> TrustPolicy {
        .custom(roots: [
            try certificate("jws/roots/apple-asslib-testCA.der"),
            try certificate("jws/roots/apple-asslib-x5c-root-a6868c46.der"),
        ])
    }

    /// Checks each expected member against the report's payload JSON: dates (milliseconds
    /// there, RFC 3339 here), nested objects, and members this version keeps as unknown.
    /// An unidentified payload is kept as raw JSON, so its dates stay numbers (`rawDates`).
    static func expectMatches(
        _ expected: [String: Any], _ actual: [String: Any], path: String = "payload", rawDates: Bool = false
    ) {
        let unknown = actual["unknownFields"] as? [String: Any] ?? [:]
        for (key, value) in expected {
            let ours = actual[key] ?? unknown[key]
            if !rawDates, key.hasSuffix("Date"), let milliseconds = value as? Double {
                let date = JWSDate(milliseconds: milliseconds)
                let text = date.date.flatMap(RFC3339.format) ?? "xcode_placeholder"
                #expect(ours as? String == text, "\(path).\(key)")
            } else if let object = value as? [String: Any] {
                guard let inner = ours as? [String: Any] else {
                    Issue.record("\(path).\(key) missing")
                    continue
                }
                expectMatches(object, inner, path: "\(path).\(key)", rawDates: rawDates)
            } else {
                #expect(
                    (ours as? NSObject) == (value as? NSObject),
                    "\(path).\(key): \(String(describing: ours)) != \(value)")
            }
        }
    }

    static func payloadJSON(_ report: ValidationReport) throws -> [String: Any] {
        let data = try JSONEncoder().encode(try #require(report.jws?.payload))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func appleSignedJWSVerifyAgainstG3AtTheirSignedDateAndDecode() throws {
        let entries = Self.entries("apple-signed")
        #expect(entries.count == 7)
        let validator = try ReceiptValidator(policy: .apple())
        for entry in entries {
            let file = try #require(entry["file"] as? String)
            let report = validator.validate(try Self.bytes(file), input: file)
            #expect(report.status == .valid, "\(file): \(report.reason?.rawValue ?? "") \(report.message ?? "")")
            #expect(report.trust?.kind == .apple, "\(file)")
            #expect(report.trust?.chain.last?.subject.contains("Apple Root CA - G3") == true, "\(file)")
            let signed = try #require(entry["signed_date"] as? String)
            #expect(
                report.trust?.validationTime.flatMap(RFC3339.format)
                    == signed.replacingOccurrences(of: ".000Z", with: "Z"), "\(file)")
            Self.expectMatches(try #require(entry["payload"] as? [String: Any]), try Self.payloadJSON(report))
            for (member, value) in entry["nested"] as? [String: [String: Any]] ?? [:] {
                let nested = try #require(report.jws?.nested[member], "\(file) \(member)")
                #expect(nested.status == .valid, "\(file) \(member)")
                Self.expectMatches(
                    try #require(value["payload"] as? [String: Any]), try Self.payloadJSON(nested), path: member)
            }
        }
    }

    @Test func appleSignedJWSAreExpiredNow() throws {
        var options = ValidationOptions()
        options.time = .now
        let validator = try ReceiptValidator(policy: .apple(), options: options)
        for entry in Self.entries("apple-signed") {
            let file = try #require(entry["file"] as? String)
            let report = validator.validate(try Self.bytes(file), input: file)
            #expect(report.status == .invalid && report.reason == .certificateExpired, "\(file)")
        }
    }

    @Test func appleSignedJWSAreUntrustedUnderOtherRoots() throws {
        let validator = try ReceiptValidator(policy: try Self.libraryRoots())
        for entry in Self.entries("apple-signed") {
            let file = try #require(entry["file"] as? String)
            let report = validator.validate(try Self.bytes(file), input: file)
            #expect(report.reason == .untrustedChain, "\(file)")
        }
    }

    @Test func appleLibraryTestJWSVerifyWithTheirRootAndNotWithApples() throws {
        let entries = Self.entries("apple-library-test")
        #expect(entries.count == 4)
        // Some carry no signedDate and would be judged "now"; their chain ends on 2033-01-01.
        var pinned = ValidationOptions()
        pinned.time = .fixed(Date(timeIntervalSince1970: 1_735_689_600))
        let custom = try ReceiptValidator(policy: try Self.libraryRoots(), options: pinned)
        let apple = try ReceiptValidator(policy: .apple())
        for entry in entries {
            let file = try #require(entry["file"] as? String)
            let report = custom.validate(try Self.bytes(file), input: file)
            #expect(report.status == .valid, "\(file): \(report.message ?? "")")
            #expect(report.trust?.kind == .customRoots)
            Self.expectMatches(
                try #require(entry["payload"] as? [String: Any]), try Self.payloadJSON(report),
                rawDates: report.jws?.kind == .unidentified)
            #expect(apple.validate(try Self.bytes(file), input: file).reason == .untrustedChain, "\(file)")
        }
    }

    @Test func wrongBundleIdFailsTheBundleIdCheck() throws {
        var options = ValidationOptions()
        options.bundleID = "com.example"
        // The vectors have no signedDate and their chain ends on 2033-01-01: never judged "now".
        options.time = .fixed(Date(timeIntervalSince1970: 1_735_689_600))
        let validator = try ReceiptValidator(policy: try Self.libraryRoots(), options: options)
        let wrong = validator.validate(try Self.bytes("jws/apple-library-test/wrongBundleId.jws"), input: "wrong")
        #expect(wrong.status == .invalid)
        #expect(wrong.reason == .bundleIDMismatch)
        let right = validator.validate(try Self.bytes("jws/apple-library-test/testNotification.jws"), input: "right")
        #expect(right.status == .valid)
    }

    @Test func environmentCheckUsesThePayloadEnvironment() throws {
        var options = ValidationOptions()
        options.environment = .production
        let validator = try ReceiptValidator(policy: .apple(), options: options)
        let report = validator.validate(try Self.bytes("jws/apple-signed/gopay-1.jws"), input: "gopay-1")
        #expect(report.reason == .environmentMismatch)
    }

    @Test func xcodeJWSVerifyOnlyWithTheStoreKitTestCertificate() throws {
        let entries = Self.entries("xcode")
        #expect(entries.count == 3)
        let testing = try ReceiptValidator(
            policy: .apple(
                storeKitTestCertificate: try Self.certificate("jws/roots/xcode-storekit-testing-selfsigned.cer")))
        let apple = try ReceiptValidator(policy: .apple())
        for entry in entries {
            let file = try #require(entry["file"] as? String)
            let report = testing.validate(try Self.bytes(file), input: file)
            #expect(report.status == .valid, "\(file): \(report.message ?? "")")
            #expect(report.trust?.kind == .storeKitTesting)
            Self.expectMatches(try #require(entry["payload"] as? [String: Any]), try Self.payloadJSON(report))
            let rejected = apple.validate(try Self.bytes(file), input: file)
            #expect(rejected.status == .invalid && rejected.reason == .unexpectedChainLength, "\(file)")
        }
    }

    @Test func xcodeYearOnePlaceholderIsReportedNotCrashed() throws {
        let testing = try ReceiptValidator(
            policy: .apple(
                storeKitTestCertificate: try Self.certificate("jws/roots/xcode-storekit-testing-selfsigned.cer")))
        let report = testing.validate(try Self.bytes("jws/xcode/xcode-signed-app-transaction.jws"), input: "app")
        guard case .appTransaction(let transaction) = try #require(report.jws?.payload) else {
            Issue.record("not decoded as an AppTransaction")
            return
        }
        #expect(transaction.originalPurchaseDate?.isPlaceholder == true)
        #expect(transaction.originalPurchaseDate?.date == nil)
        #expect(transaction.receiptCreationDate?.milliseconds == 1697680122257.447)
        #expect(report.trust?.timeSource == "receipt_creation_date")
    }

    @Test func notificationBodyIsUnwrappedAndDetected() throws {
        let text = String(decoding: try Self.bytes("jws/apple-signed/gopay-4.jws"), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let body = Array("{\"signedPayload\": \"\(text)\"}".utf8)
        guard case .jws(let format, _) = try ReceiptInput.classify(body) else {
            Issue.record("not detected as a JWS")
            return
        }
        #expect(format == .notificationJSON)
        let report = try ReceiptValidator(policy: .apple()).validate(body, input: "body")
        #expect(report.status == .valid)
        #expect(report.format == .notificationJSON)
        #expect(report.jws?.nested.count == 2)
    }
}
