import Foundation
import ReceiptKit
import TestSupport
import Testing

/// `receipt-check sign`: what each kind prints, and that a bad key, a missing value or a malformed
/// one is an error (65 or 64) and never a signature.
@Suite(.timeLimit(.minutes(10))) struct SignCommandTests {
    static let issuer = ["--issuer-id", SigningKeyFiles.issuerID]
    static let nonce = "3F1C7A52-7A0C-4F2B-9D34-0B9F8B0D2A11"

    @Test func originalOfferPrintsTheSignatureOrTheValuesTheAppNeeds() throws {
        let keys = try SigningKeyFiles()
        let values = [
            "--product-id", "com.example.monthly", "--offer-id", "WINBACK", "--application-username", "ABC",
            "--nonce", Self.nonce, "--timestamp", "1700000000000",
        ]
        let plain = try keys.sign("promotional-offer", values)
        #expect(plain.status == 0, "\(plain.stderr)")
        let signature = plain.stdout.trimmingCharacters(in: .newlines)
        #expect(!signature.isEmpty && !signature.contains("\n"))
        let json = try keys.sign("promotional-offer", values + ["--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(json.json)
        #expect(object["kind"] as? String == "promotional-offer")
        #expect(object["keyIdentifier"] as? String == SigningKeyFiles.keyID)
        #expect(object["nonce"] as? String == Self.nonce.lowercased())
        #expect(object["timestamp"] as? Int == 1_700_000_000_000)
        // Every value the app passes to StoreKit with the signature.
        #expect(object["productIdentifier"] as? String == "com.example.monthly")
        #expect(object["offerIdentifier"] as? String == "WINBACK")
        #expect(object["applicationUsername"] as? String == "ABC")

        let key = try SigningKey(pkcs8PEM: Array(try Data(contentsOf: URL(fileURLWithPath: keys.good))))
        let creator = try PromotionalOfferSignatureCreator(
            key: key, keyID: SigningKeyFiles.keyID, bundleID: SigningKeyFiles.bundleID)
        let offer = try PromotionalOfferSignatureCreator.Offer(
            productID: "com.example.monthly", offerID: "WINBACK", applicationUsername: "abc", nonce: Self.nonce,
            timestamp: 1_700_000_000_000)
        for made in [signature, object["signature"] as? String ?? ""] {
            #expect(creator.isValid(made, for: offer))
        }
        // Generated when not given: a fresh lowercase UUID and the time now.
        let generated = try #require(try keys.sign("promotional-offer", Array(values.prefix(4)) + ["--json"]).json)
        let made = try #require(generated["nonce"] as? String)
        #expect(made == made.lowercased() && made.count == 36 && made != Self.nonce.lowercased())
        let now = Date().timeIntervalSince1970 * 1000
        #expect(abs((generated["timestamp"] as? Double ?? 0) - now) < 600_000)
    }

    @Test func jwsKindsPrintOneCompactJWS() throws {
        let keys = try SigningKeyFiles()
        let request = try keys.scratch.write("request.json", Array(#"{"operation":"CREATE_ONE_TIME_CHARGE"}"#.utf8))
        let runs: [(String, [String], String)] = [
            ("promotional-offer-v2", ["--product-id", "p1", "--offer-id", "o1"], "promotional-offer"),
            (
                "introductory-offer-eligibility",
                ["--product-id", "p1", "--allow-introductory-offer", "TRUE", "--transaction-id", "2000"],
                "introductory-offer-eligibility"
            ),
            ("advanced-commerce-in-app", ["--request", request], "advanced-commerce-api"),
        ]
        for (kind, values, audience) in runs {
            let result = try keys.sign(kind, Self.issuer + values)
            #expect(result.status == 0, "\(kind): \(result.stderr)")
            let jws = result.stdout.trimmingCharacters(in: .newlines)
            let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
            try #require(parts.count == 3, "\(kind): \(jws)")
            let claims = try #require(Base64.decodeURL(Array(parts[1].utf8)[...]))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(claims)) as? [String: Any])
            #expect(object["aud"] as? String == audience)
            #expect(object["iss"] as? String == SigningKeyFiles.issuerID)
            #expect(object["bid"] as? String == SigningKeyFiles.bundleID)
            if kind == "introductory-offer-eligibility" {
                // The choice is read as the parser takes it, whatever its case.
                #expect(object["allowIntroductoryOffer"] as? Bool == true)
            }
            let json = try #require(try keys.sign(kind, Self.issuer + values + ["--json"]).json)
            #expect(json["kind"] as? String == kind)
            #expect((json["signature"] as? String)?.split(separator: ".").count == 3)
            // What the app passes beside the JWS: the product it buys, and the offer for promotional-offer-v2.
            #expect(json["productIdentifier"] as? String == (kind == "advanced-commerce-in-app" ? nil : "p1"))
            #expect(json["offerIdentifier"] as? String == (kind == "promotional-offer-v2" ? "o1" : nil))
        }
    }

    @Test func keysThatAreNotAppStoreConnectKeysExit65() throws {
        let keys = try SigningKeyFiles()
        let cases: [(String, String)] = [
            (keys.notP256, "not EC P-256"), (keys.rsa, "RSA"), (keys.sec1, "not the PKCS#8"),
            (keys.encrypted, "encrypted"), (keys.truncated, "no complete PEM block"),
        ]
        let body = try keys.goodBody
        for (path, message) in cases {
            let result = try CLI.run([
                "sign", "promotional-offer", "--key", path, "--key-id", "K", "--bundle-id", "b", "--product-id", "p",
                "--offer-id", "o",
            ])
            #expect(result.status == 65, "\(path): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(message), "\(path): \(result.stderr)")
            #expect(!result.stderr.contains(body.prefix(20)))
        }
    }

    @Test func missingOrMalformedValuesExit64() throws {
        let keys = try SigningKeyFiles()
        let offer = ["--product-id", "p", "--offer-id", "o"]
        let cases: [(String, [String], String)] = [
            ("promotional-offer", ["--offer-id", "o"], "needs --product-id"),
            ("promotional-offer-v2", offer, "needs --issuer-id (or $RECEIPT_CHECK_ISSUER_ID)"),
            ("promotional-offer-v2", offer + ["--issuer-id", "57246542-96fe-1a63-e053"], "is not a UUID"),
            ("promotional-offer", offer + ["--nonce", "3F1C7A52-7A0C-4F2B-9D34-0B9F8B0D2A1"], "is not a UUID"),
            ("promotional-offer", offer + ["--timestamp", "+1700000000000"], "--timestamp"),
            ("promotional-offer", ["--product-id", "", "--offer-id", "o"], "the product id is empty"),
            ("promotional-offer", offer + ["--issuer-id", SigningKeyFiles.issuerID], "--issuer-id does not apply"),
            ("introductory-offer-eligibility", Self.issuer + offer, "--offer-id does not apply"),
            ("promotional-offer-v3", offer, "expected one KIND"),
            ("promotional-offer", offer + ["--json", "--timestamp", "1e3"], "--timestamp"),
        ]
        for (kind, values, message) in cases {
            let result = try keys.sign(kind, values)
            #expect(result.status == 64, "\(kind) \(values): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(message), "\(kind) \(values): \(result.stderr)")
        }
        let notObject = try keys.scratch.write("array.json", Array("[]".utf8))
        let refused = try keys.sign("advanced-commerce-in-app", Self.issuer + ["--request", notObject])
        #expect(refused.status == 64 && refused.stderr.contains("not an object"), "\(refused.stderr)")
        let noKey = try CLI.run(["sign", "promotional-offer", "--key-id", "K", "--bundle-id", "b"] + offer)
        #expect(noKey.status == 64 && noKey.stderr.contains("--key (or $RECEIPT_CHECK_KEY_FILE)"), "\(noKey.stderr)")
    }

    /// `--timestamp` is milliseconds from 2008 to 2099: seconds and microseconds are refused by name, with
    /// the value meant; the range's ends are taken and left out as said.
    @Test func timestampsThatCannotBeMillisecondsExit64() throws {
        let keys = try SigningKeyFiles()
        let offer = ["--product-id", "p", "--offer-id", "o", "--json", "--timestamp"]
        let refused: [(String, String)] = [
            (
                "1700000000",
                "--timestamp 1700000000 is seconds since 1970, not milliseconds: give 1700000000000 (x 1000)"
            ),
            (
                "1700000000000000",
                "--timestamp 1700000000000000 is microseconds since 1970, not milliseconds: give 1700000000000 (/ 1000)"
            ),
            ("0", "--timestamp 0 is not milliseconds since 1970 from 2008-01-01 (1199145600000) to 2100-01-01"),
            ("1199145599999", "--timestamp 1199145599999 is not milliseconds since 1970 from 2008-01-01"),
            ("4102444800000", "--timestamp 4102444800000 is not milliseconds since 1970 from 2008-01-01"),
            ("9223372036854775807", "--timestamp 9223372036854775807 is not milliseconds"),
        ]
        for (value, message) in refused {
            let result = try keys.sign("promotional-offer", offer + [value])
            #expect(result.status == 64, "\(value): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(message), "\(value): \(result.stderr)")
        }
        for value in [1_199_145_600_000, 4_102_444_799_999] {
            let result = try keys.sign("promotional-offer", offer + [String(value)])
            #expect(result.status == 0, "\(value): \(result.stderr)")
            #expect(result.json?["timestamp"] as? Int == value)
        }
    }

    /// schema/sign.schema.json describes what --json prints for every kind.
    @Test func jsonOutputMatchesTheSchema() throws {
        guard let python = ReportSchemaTests.python() else { return }
        let keys = try SigningKeyFiles()
        let request = try keys.scratch.write("request.json", Array(#"{"operation":"CREATE_ONE_TIME_CHARGE"}"#.utf8))
        let runs: [(String, [String])] = [
            ("promotional-offer", ["--product-id", "p1", "--offer-id", "o1"]),
            ("promotional-offer-v2", Self.issuer + ["--product-id", "p1", "--offer-id", "o1"]),
            (
                "introductory-offer-eligibility",
                Self.issuer + ["--product-id", "p1", "--allow-introductory-offer", "false", "--transaction-id", "1"]
            ),
            ("advanced-commerce-in-app", Self.issuer + ["--request", request]),
        ]
        var files: [String] = []
        for (kind, values) in runs {
            let result = try keys.sign(kind, values + ["--json"])
            #expect(result.status == 0, "\(kind): \(result.stderr)")
            files.append(try keys.scratch.write("\(kind).json", Array(result.stdout.utf8)))
        }
        let schema = CLI.packageRoot.appendingPathComponent("schema/sign.schema.json").path
        let script = CLI.packageRoot.appendingPathComponent("Scripts/validate-reports.py").path
        let result = try CLI.run(URL(fileURLWithPath: python), [script, schema] + files, stdin: nil)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("validate-reports: 4 reports, 0 problems"), "\(result.stdout)")
    }

    @Test func theKeyAndItsIdsComeFromTheEnvironment() throws {
        let keys = try SigningKeyFiles()
        var environment = ProcessInfo.processInfo.environment
        environment["RECEIPT_CHECK_KEY_FILE"] = keys.good
        environment["RECEIPT_CHECK_KEY_ID"] = SigningKeyFiles.keyID
        environment["RECEIPT_CHECK_ISSUER_ID"] = SigningKeyFiles.issuerID
        environment["RECEIPT_CHECK_BUNDLE_ID"] = SigningKeyFiles.bundleID
        let result = try CLI.run(
            CLI.executable, ["sign", "promotional-offer-v2", "--product-id", "p", "--offer-id", "o"], stdin: nil,
            environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: ".").count == 3)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
}
