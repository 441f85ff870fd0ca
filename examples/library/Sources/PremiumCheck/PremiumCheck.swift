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

    /// Trusts Apple's roots, or only the root in `testRootPEM` (tests sign with a test PKI).
    public init(bundleID: String, testRootPEM: [UInt8]? = nil) throws {
        var options = ValidationOptions()
        options.bundleID = bundleID
        let policy: TrustPolicy =
            if let testRootPEM { .custom(roots: [try Certificate(derOrPEM: testRootPEM)]) } else { try .apple() }
        validator = try ReceiptValidator(policy: policy, options: options)
        rules = try RuleSet.parse(file: "premium: original_application_version < 20\n", name: "premium rules")
    }

    /// True only for a receipt that verifies, is this app's, and grants `premium` at `time`.
    public func grantsPremium(_ receipt: [UInt8], at time: Date = Date()) -> Bool {
        let report = validator.validate(receipt, input: "receipt")
        // A receipt that fails any check may still decode: never read one that did not verify.
        guard report.status == .valid, let verified = report.receipt else { return false }
        let decisions = rules.evaluate(receipt: verified, at: time, platform: nil)
        return decisions.contains { $0.name == "premium" && $0.granted }
    }
}
