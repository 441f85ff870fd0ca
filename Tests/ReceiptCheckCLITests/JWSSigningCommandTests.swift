import Foundation
import Testing

/// make-test-pki --ec and make-receipt --jws end to end, and rules (grandfathering) on the
/// AppTransactions they sign and on Xcode's.
@Suite(.timeLimit(.minutes(10))) struct JWSSigningCommandTests {
    /// A scratch directory with an EC test PKI in `pki/`, removed when the value goes away.
    final class Workspace {
        let path: String

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("jws-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let made = try CLI.run(["make-test-pki", "--ec", pki])
            #expect(made.status == 0, "\(made.stderr)")
        }

        deinit {
            try? FileManager.default.removeItem(atPath: path)
        }

        var pki: String { path + "/pki" }
        var root: String { pki + "/root.pem" }

        /// Signs `spec` with make-receipt --jws (plus `extra`), returning the JWS file's path.
        func sign(_ spec: String, _ extra: [String] = [], name: String = "signed") throws -> String {
            let specPath = path + "/\(name).json"
            try Data(spec.utf8).write(to: URL(fileURLWithPath: specPath))
            let output = path + "/\(name).jws"
            let made = try CLI.run(["make-receipt", "--jws", "--spec", specPath, "--pki", pki, "-o", output] + extra)
            #expect(made.status == 0, "\(made.stderr)")
            return output
        }
    }

    static func appTransaction(originalVersion: String) -> String {
        """
        {"bundleId":"com.example.app","applicationVersion":"50","originalApplicationVersion":"\(originalVersion)",
         "originalPurchaseDate":"2020-03-01T10:00:00Z","receiptCreationDate":"2024-05-01T00:00:00Z",
         "receiptType":"Production","environment":"Production","signedDate":"2024-05-01T00:00:00Z"}
        """
    }

    static let grandfather = [
        "--bundle-id", "com.example.app", "--rule", "premium: original_application_version < 42", "--require",
        "premium",
    ]

    static let xcodeBundleID = "com.example.naturelab.backyardbirds.example"

    @Test func signedJWSVerifiesWithTheTestRootOnly() throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(Self.appTransaction(originalVersion: "37"))
        let trusted = try CLI.run(["--json", "--root", workspace.root, jws])
        #expect(trusted.status == 0, "\(trusted.stdout)")
        #expect((trusted.json?["jws"] as? [String: Any])?["kind"] as? String == "app_transaction")
        #expect(try CLI.run([jws]).status == 2)
    }

    @Test func flippedBytesAreRejected() throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(Self.appTransaction(originalVersion: "37"))
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: jws)))
        let last = try #require(bytes.lastIndex(of: UInt8(ascii: ".")))
        // A character in the middle of the signature: Q <-> R changes one bit of r or s.
        let index = last + 20
        bytes[index] = bytes[index] == UInt8(ascii: "Q") ? UInt8(ascii: "R") : UInt8(ascii: "Q")
        let result = try CLI.run(["--json", "--root", workspace.root] + Self.grandfather + ["-"], stdin: Data(bytes))
        #expect(result.status == 2)
        #expect(result.json?["reason"] as? String == "signature_mismatch")
        let entitlements = try #require(result.json?["entitlements"] as? [[String: Any]])
        #expect(entitlements.first?["granted"] as? Bool == false)
    }

    @Test func storeKitTestSigningNeedsTheStoreKitCertificate() throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(Self.appTransaction(originalVersion: "37"), ["--storekit-test"])
        #expect(try CLI.run(["--storekit-test-cert", workspace.pki + "/storekit.pem", jws]).status == 0)
        #expect(try CLI.run(["--root", workspace.root, jws]).status == 2)
    }

    @Test func rsaPKICannotSignJWS() throws {
        let workspace = try Workspace()
        let rsa = workspace.path + "/rsa"
        #expect(try CLI.run(["make-test-pki", rsa]).status == 0)
        let specPath = workspace.path + "/spec.json"
        try Data(Self.appTransaction(originalVersion: "1").utf8).write(to: URL(fileURLWithPath: specPath))
        let result = try CLI.run(["make-receipt", "--jws", "--spec", specPath, "--pki", rsa, "-o", "-"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("ES256 needs an EC P-256 key"))
    }

    @Test(arguments: [("37", Int32(0), true), ("41", 0, true), ("42", 1, false), ("45", 1, false)])
    func grandfatheringFromASignedAppTransaction(_ version: String, _ status: Int32, _ granted: Bool) throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(Self.appTransaction(originalVersion: version))
        let result = try CLI.run(["--json", "--root", workspace.root, "--platform", "ios"] + Self.grandfather + [jws])
        #expect(result.status == status, "\(result.stdout)\(result.stderr)")
        let entitlements = try #require(result.json?["entitlements"] as? [[String: Any]])
        #expect(entitlements.first?["name"] as? String == "premium")
        #expect(entitlements.first?["granted"] as? Bool == granted)
        let reasons = entitlements.first?["reasons"] as? [String] ?? []
        #expect(reasons.first?.hasPrefix("original application version \(version)") == true, "\(reasons)")
    }

    /// First bought on macOS at 2.5, checked with `--platform ios` and a plain `< 42` (a build number): unknown,
    /// exit 1 with the reason; the per-platform form decides both platforms.
    @Test func aPlainThresholdAgainstTheInputsOtherPlatformIsNotGranted() throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(
            Self.appTransaction(originalVersion: "2.5").replacingOccurrences(
                of: #""receiptType""#, with: #""originalPlatform":"macOS","receiptType""#))
        let base = ["--json", "--root", workspace.root, "--platform", "ios"]
        let plain = try CLI.run(base + Self.grandfather + [jws])
        #expect(plain.status == 3, "\(plain.stdout)\(plain.stderr)")
        let entitlements = try #require(plain.json?["entitlements"] as? [[String: Any]])
        #expect(entitlements.first?["granted"] as? Bool == false)
        let reasons = entitlements.first?["reasons"] as? [String] ?? []
        #expect(
            reasons.first?.hasPrefix(
                "original application version: --platform ios disagrees with the input's originalPlatform macOS")
                == true, "\(reasons)")
        let perPlatform = [
            "--bundle-id", "com.example.app", "--rule", "premium: original_application_version < ios:42 macos:3.0",
            "--require", "premium",
        ]
        #expect(try CLI.run(base + perPlatform + [jws]).status == 0)
        #expect(
            try CLI.run(["--json", "--root", workspace.root, "--platform", "macos"] + Self.grandfather + [jws]).status
                == 0)
    }

    /// Xcode's AppTransaction says originalApplicationVersion "1".
    @Test(arguments: [("< 2", Int32(0)), ("<= 1", 0), ("< 1", 1), (">= 2", 1)])
    func grandfatheringFromXcodeAppTransaction(_ comparison: String, _ status: Int32) throws {
        let file = try #require(CLI.corpusFile("jws/xcode/xcode-signed-app-transaction.jws"))
        let certificate = try #require(CLI.corpusFile("jws/roots/xcode-storekit-testing-selfsigned.cer"))
        let result = try CLI.run([
            "--json", "--storekit-test-cert", certificate, "--bundle-id", Self.xcodeBundleID, "--environment", "xcode",
            "--rule", "premium: original_application_version \(comparison)", "--require", "premium", file,
        ])
        #expect(result.status == status, "\(result.stdout)\(result.stderr)")
        let payload = (result.json?["jws"] as? [String: Any])?["payload"] as? [String: Any]
        #expect(payload?["originalApplicationVersion"] as? String == "1")
        let entitlements = try #require(result.json?["entitlements"] as? [[String: Any]])
        #expect(entitlements.first?["granted"] as? Bool == (status == 0))
    }

    @Test func xcodeAppTransactionWithoutItsCertificateGrantsNothing() throws {
        let file = try #require(CLI.corpusFile("jws/xcode/xcode-signed-app-transaction.jws"))
        let result = try CLI.run([
            "--json", "--bundle-id", Self.xcodeBundleID, "--environment", "xcode", "--rule",
            "premium: original_application_version < 2", "--require", "premium", file,
        ])
        #expect(result.status == 2)
        let entitlements = try #require(result.json?["entitlements"] as? [[String: Any]])
        #expect(entitlements.first?["granted"] as? Bool == false)
    }

    @Test func transactionGrantsAnActiveSubscription() throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(
            """
            {"transactionId":"2000000123","bundleId":"com.example.app","productId":"pro.monthly",
             "purchaseDate":"2024-05-01T00:00:00Z","expiresDate":"2024-06-01T00:00:00Z",
             "type":"Auto-Renewable Subscription","environment":"Production","signedDate":"2024-05-01T00:00:01Z"}
            """)
        let rule = [
            "--root", workspace.root, "--bundle-id", "com.example.app", "--rule",
            "pro: subscription \"pro.monthly\" active",
            "--require", "pro",
        ]
        #expect(try CLI.run(rule + ["--now", "2024-05-03T00:00:00Z", jws]).status == 0)
        #expect(try CLI.run(rule + ["--now", "2024-06-01T00:00:00Z", "--max-age", "none", jws]).status == 1)
        // A month after it was signed, the transaction cannot show a renewal since: unknown, exit 3.
        #expect(try CLI.run(rule + ["--now", "2024-06-01T00:00:00Z", jws]).status == 3)
        // Two weeks after it was signed, the transaction cannot show a refund since: unknown, exit 3.
        let stale = try CLI.run(rule + ["--now", "2024-05-15T00:00:00Z", jws])
        #expect(stale.status == 3 && stale.stdout.contains("may have renewed or been refunded since"))
        #expect(try CLI.run(rule + ["--now", "2024-05-15T00:00:00Z", "--max-age", "P30D", jws]).status == 0)
    }

    @Test func notificationGrantsFromItsNestedTransaction() throws {
        let file = try #require(CLI.corpusFile("jws/apple-signed/gopay-4.jws"))
        let rule = [
            "--bundle-id", "com.audaos.audarecorder", "--rule",
            "vip: subscription \"com.audaos.audarecorder.vip.m2\" active",
            "--require", "vip",
        ]
        // The nested transaction runs from 09:43:36 to 09:46:36 on 2022-03-04.
        #expect(try CLI.run(rule + ["--now", "2022-03-04T09:45:00Z", file]).status == 0)
        #expect(try CLI.run(rule + ["--now", "2022-03-04T09:47:00Z", file]).status == 1)
    }

    // MARK: - Text output

    @Test func textShowsAppTransactionFields() throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(Self.appTransaction(originalVersion: "37"))
        let result = try CLI.run(["--root", workspace.root, jws])
        #expect(result.status == 0)
        for line in [
            "  kind               app transaction\n", "  bundle id          com.example.app\n",
            "  app version        50\n", "  original version   37\n",
            "  original purchase  2020-03-01T10:00:00Z\n", "  environment        Production\n",
        ] {
            #expect(result.stdout.contains(line), "\(line) in \(result.stdout)")
        }
    }

    @Test func textShowsTransactionFields() throws {
        let workspace = try Workspace()
        let jws = try workspace.sign(
            """
            {"transactionId":"7","originalTransactionId":"5","bundleId":"com.example.app","productId":"pro.year",
             "purchaseDate":"2024-05-01T00:00:00Z","expiresDate":"2025-05-01T00:00:00Z",
             "revocationDate":"2024-06-01T00:00:00Z","revocationReason":1,"offerType":2,"offerIdentifier":"half",
             "offerDiscountType":"PAY_AS_YOU_GO","type":"Auto-Renewable Subscription","environment":"Sandbox","signedDate":"2024-05-01T00:00:01Z"}
            """)
        let result = try CLI.run(["--root", workspace.root, jws])
        for line in [
            "  kind               transaction\n", "  product            pro.year\n",
            "  transaction id     7\n", "  original id        5\n", "  expires            2025-05-01T00:00:00Z\n",
            "  REVOKED            2024-06-01T00:00:00Z (reason 1)\n",
            "  offer              promotional, half, PAY_AS_YOU_GO\n",
            "  type               Auto-Renewable Subscription\n",
        ] {
            #expect(result.stdout.contains(line), "\(line) in \(result.stdout)")
        }
    }

    @Test func textShowsNotificationAndNestedVerdicts() throws {
        let file = try #require(CLI.corpusFile("jws/apple-signed/gopay-4.jws"))
        let result = try CLI.run([file])
        #expect(result.status == 0)
        for line in [
            "  notification       DID_RENEW\n", "  data.signedTransactionInfo: VALID\n",
            "    kind               transaction\n", "  data.signedRenewalInfo: VALID\n",
            "    auto-renew         on\n",
        ] {
            #expect(result.stdout.contains(line), "\(line) in \(result.stdout)")
        }
    }
}
