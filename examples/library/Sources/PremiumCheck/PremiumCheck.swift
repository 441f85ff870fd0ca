import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decides `premium` from an App Store receipt: everyone whose first download was before build 20
/// (when the app went freemium) keeps it.
public struct PremiumCheck: Sendable {
    let validator: ReceiptValidator
    let rules: RuleSet

    /// Trusts Apple's roots, or only the root in `testRootPEM` (tests sign with a test PKI). The app is
    /// named once, to the validator: every decision is bound to it.
    public init(bundleID: String, testRootPEM: [UInt8]? = nil) throws {
        let policy: TrustPolicy =
            if let testRootPEM { .custom(roots: [try Certificate(derOrPEM: testRootPEM)]) } else { try .apple() }
        validator = try ReceiptValidator(
            policy: policy, options: ValidationOptions(bundleID: bundleID, environment: .production))
        rules = try RuleSet.parse(file: "premium: original_application_version < 20\n", name: "premium rules")
    }

    /// True only for a receipt that verifies, is this app's, and grants `premium` at `time`.
    public func grantsPremium(_ receipt: [UInt8], at time: Date = Date()) -> Bool {
        // The rules read only what verification proved: a receipt that fails any check grants nothing.
        let configuration = RuleConfiguration(rules: rules, platform: .ios, time: time)
        return validator.verdict(receipt, input: "receipt", rules: configuration).grants("premium")
    }
}
