import Testing

@testable import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite(.timeLimit(.minutes(10))) struct RuleEvaluationTests {
    typealias Support = RuleTestSupport

    /// (production receipt, its original version, thresholds it is below, thresholds it is not below).
    /// The "not below" lists include the traps of string comparison (`"26" < "3"`, `"31.12.1" < "31.9"`).
    static let production: [(String, String, [String], [String])] = [
        ("tpinapp-11", "434", ["435", "434.0.1", "1000"], ["434", "434.0", "433", "5"]),
        ("merchantkit-1", "26", ["27", "26.1", "100"], ["26", "25", "3"]),
        ("tpinapp-3", "31.12.1", ["31.12.2", "31.13", "32"], ["31.12.1", "31.12.0", "31.9", "4"]),
        ("appreceiptvalidator-1", "2.5.5", ["2.5.6", "2.10", "2.5.5.1"], ["2.5.5", "2.5.4", "2.5.5-beta", "1.10"]),
    ]

    @Test(arguments: production) func grandfathersBelowTheThresholdOnly(
        name: String, original: String, below: [String], notBelow: [String]
    ) throws {
        guard let receipt = try Support.receipt(name) else { return }
        #expect(receipt.originalApplicationVersion == original)
        let time = try Support.date("2025-01-01T00:00:00Z")
        for threshold in below {
            let rules = try Support.rules("premium: original_application_version < \(threshold)")
            let decision = rules.evaluate(receipt: receipt, at: time, platform: nil)
            #expect(
                decision == [
                    EntitlementDecision(
                        name: "premium", granted: true,
                        reasons: ["original application version \(original) < \(threshold)"])
                ])
        }
        for threshold in notBelow {
            let rules = try Support.rules("premium: original_application_version < \(threshold)")
            let decision = rules.evaluate(receipt: receipt, at: time, platform: nil)
            #expect(
                decision == [
                    EntitlementDecision(
                        name: "premium", granted: false,
                        reasons: ["original application version \(original) is not < \(threshold)"])
                ])
        }
    }

    @Test func platformNamesWhatTheVersionIs() throws {
        guard let receipt = try Support.receipt("tpinapp-11") else { return }
        let rules = try Support.rules("premium: original_application_version < \"435\"")
        let time = try Support.date("2025-01-01T00:00:00Z")
        #expect(
            rules.evaluate(receipt: receipt, at: time, platform: .ios).first?.reasons == [
                "original application version 434 < 435 (the iOS build number)"
            ])
        let ios = ReceiptWarnings.warnings(for: receipt, platform: .ios)
        #expect(ios.count == 1 && ios[0].contains("build number (CFBundleVersion)"))
        let macos = ReceiptWarnings.warnings(for: receipt, platform: .macos)
        #expect(macos.count == 1 && macos[0].contains("marketing version"))
        #expect(
            ReceiptWarnings.warnings(for: receipt, platform: nil).first?.contains("no RuleConfiguration.platform given")
                == true)
    }

    @Test func xcodeReceiptLacksFieldNineteenAndSaysSo() throws {
        guard let receipt = try Support.receipt("tpinapp-7") else { return }
        #expect(receipt.originalApplicationVersion == nil)
        let rules = try Support.rules(
            "premium: original_application_version < 42", "premium: not (original_application_version >= 42)")
        let decision = rules.evaluate(receipt: receipt, at: try Support.date("2025-01-01T00:00:00Z"), platform: .ios)
        let missing =
            "no original application version in the receipt (Xcode and pre-2013 receipts lack field 19): rule not satisfied"
        // A missing value satisfies neither a comparison nor its negation written as a comparison.
        #expect(
            decision == [
                EntitlementDecision(
                    name: "premium", decision: .unknown, reasonCode: .fieldMissing,
                    reasons: ["test:1: " + missing, "test:2: not: " + missing])
            ])
        let warnings = ReceiptWarnings.warnings(for: receipt, platform: .ios)
        #expect(warnings.contains { $0.contains("Xcode (StoreKit testing) receipts have no field 19") })
    }

    /// Sandbox and TestFlight always say 1.0: read only when the caller names the sandbox as its environment.
    @Test func sandboxOriginalVersionIsUnknownUnlessTheSandboxIsNamed() throws {
        guard let receipt = try Support.receipt("tpinapp-2") else { return }
        #expect(receipt.originalApplicationVersion == "1.0")
        let rules = try Support.rules("premium: original_application_version < 42")
        let time = try Support.date("2025-01-01T00:00:00Z")
        for environment in [nil, ReceiptEnvironment.production, .xcode] {
            let refused = rules.evaluate(receipt: receipt, at: time, platform: nil, environment: environment)
            #expect(refused.first?.granted == false)
            #expect(
                refused.first?.reasons == [
                    "original application version \"1.0\" comes from a sandbox receipt, which never carries a customer's first version (sandbox and TestFlight say 1.0): unknown, rule not satisfied (set ValidationOptions.environment to sandbox to read it in tests)"
                ])
            let negated = try Support.rules("premium: not (original_application_version >= 42)")
            #expect(
                negated.evaluate(receipt: receipt, at: time, platform: nil, environment: environment).first?.granted
                    == false)
        }
        let decision = rules.evaluate(receipt: receipt, at: time, platform: nil, environment: .sandbox)
        #expect(decision.first?.granted == true)
        #expect(
            decision.first?.reasons == [
                "original application version 1.0 < 42 (sandbox receipt: 1.0 is not the real original version)"
            ])
        let warnings = ReceiptWarnings.warnings(for: receipt, platform: .ios)
        #expect(
            warnings.contains {
                $0.hasPrefix(
                    "sandbox receipt: sandbox and TestFlight receipts always say original application version 1.0")
            })
    }

    @Test func productRulesAndAnyRuleGrants() throws {
        guard let receipt = try Support.receipt("merchantkit-1") else { return }
        let time = try Support.date("2025-01-01T00:00:00Z")
        let rules = try Support.rules(
            "premium: original_application_version < 10", "premium: product \"saveScannedCodeUnlockable\"",
            "sharing: product \"codeSharingUnlockable\" and environment == production and bundle_id == \"com.anthonymayo.qrcodes\"",
            "other: product \"com.example.none\" or environment == sandbox")
        // A 2018 receipt analysed offline: no maximum age.
        let decisions = rules.evaluate(receipt: receipt, at: time, platform: nil, maximumAge: nil)
        #expect(decisions.map(\.name) == ["premium", "sharing", "other"])
        #expect(decisions.map(\.granted) == [true, true, false])
        #expect(decisions[0].reasons.count == 1)
        #expect(
            decisions[0].reasons[0].hasPrefix(
                "test:2: purchase of \"saveScannedCodeUnlockable\" on 2018-04-15T01:30:14Z"))
        #expect(decisions[1].reasons.count == 3)
        #expect(decisions[1].reasons[1] == "environment production == production")
        #expect(
            decisions[2].reasons == [
                "no purchase of \"com.example.none\" in the receipt", "environment production is not == sandbox",
            ])
    }

    @Test func refundedPurchaseDoesNotGrant() throws {
        guard var receipt = try Support.receipt("merchantkit-1") else { return }
        let refund = try Support.date("2019-01-01T00:00:00Z")
        receipt.inApp[0].cancellationDate = refund
        let rules = try Support.rules("sharing: product \"codeSharingUnlockable\"")
        let before = rules.evaluate(
            receipt: receipt, at: try Support.date("2018-12-31T00:00:00Z"), platform: nil, maximumAge: nil)
        #expect(before.first?.granted == true)
        let after = rules.evaluate(receipt: receipt, at: refund, platform: nil, maximumAge: nil)
        #expect(
            after.first
                == EntitlementDecision(
                    name: "sharing", decision: .denied, reasonCode: .refunded,
                    reasons: [
                        "every purchase of \"codeSharingUnlockable\" was refunded (cancelled 2019-01-01T00:00:00Z)"
                    ]))
    }

    @Test func datesCompareAsInstants() throws {
        guard let receipt = try Support.receipt("tpinapp-11") else { return }
        let time = try Support.date("2025-01-01T00:00:00Z")
        let early = try Support.rules(
            "early: original_purchase_date < 2016-08-17 and receipt_creation_date >= 2024-02-23T17:27:16Z")
        #expect(early.evaluate(receipt: receipt, at: time, platform: nil).first?.granted == true)
        let late = try Support.rules("early: original_purchase_date < 2016-08-16T15:15:43Z")
        #expect(
            late.evaluate(receipt: receipt, at: time, platform: nil).first?.reasons == [
                "original purchase date 2016-08-16T15:15:43Z is not < 2016-08-16T15:15:43Z"
            ])
    }

    @Test func refuseAllNamesTheFailure() throws {
        let rules = try Support.rules("premium: product \"a\"", "pro: product \"b\"")
        #expect(
            rules.refuseAll(because: "signature does not verify") == [
                EntitlementDecision(
                    name: "premium", decision: .denied, reasonCode: .inputNotValid,
                    reasons: ["receipt is not valid: signature does not verify"]),
                EntitlementDecision(
                    name: "pro", decision: .denied, reasonCode: .inputNotValid,
                    reasons: ["receipt is not valid: signature does not verify"]),
            ])
    }
}
