import ReceiptKit
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Swift server linking ReceiptKit (the public API only) with a genuine production receipt of one app
/// and a rule any customer of that app satisfies: the app is named once, by the validator, and nothing is
/// granted unless the receipt is proven to be that app's.
@Suite struct AppBindingTests {
    /// Bundle `org.getpure.pure-iphone`, original application version 434.
    static let file = "receipts/tpinapp-11.receipt"
    static let app = "org.getpure.pure-iphone"

    static func receipt() throws -> [UInt8]? {
        guard let manifest = TestCorpus.manifest() else { return nil }
        return try TestCorpus.bytes(of: try #require(manifest.receipts.first { $0.file == file }))
    }

    static func rules() throws -> RuleConfiguration {
        RuleConfiguration(
            rules: try RuleSet.parse(file: "premium: original_application_version < 99999", name: "premium.rules"),
            required: ["premium"], platform: .ios, time: Date(timeIntervalSince1970: 1_708_710_000), maximumAge: nil)
    }

    static func verdict(_ validator: ReceiptValidator, _ bytes: [UInt8]) throws -> Verdict {
        validator.verdict(bytes, input: "tpinapp-11", rules: try rules())
    }

    /// The receipt's own app grants: the binding takes nothing from anyone else.
    @Test func theValidatorsAppIsGranted() throws {
        guard let bytes = try Self.receipt() else { return }
        let verdict = try Self.verdict(
            try ReceiptValidator(policy: .apple(), options: ValidationOptions(bundleID: Self.app)), bytes)
        #expect(verdict.report.status == .valid)
        #expect(verdict.grants("premium") && verdict.satisfiesRequirements)
        #expect(verdict.decisions?.boundToApp == true)
    }

    /// Row 1: no bundle id anywhere. The receipt verifies, and nothing is granted, with the reason.
    @Test func aValidatorWithoutABundleIDGrantsNothing() throws {
        guard let bytes = try Self.receipt() else { return }
        let verdict = try Self.verdict(try ReceiptValidator(policy: .apple()), bytes)
        #expect(verdict.report.status == .valid)
        #expect(!verdict.grants("premium"))
        #expect(!verdict.satisfiesRequirements)
        let decisions = try #require(verdict.decisions)
        #expect(!decisions.boundToApp)
        #expect(decisions.entitlements.allSatisfy { !$0.granted })
        #expect(
            decisions.entitlements.first?.reasons == [
                "nothing is decided without ValidationOptions.bundleID: an Apple-signed input of any app would pass"
            ])
        #expect(decisions.warnings.first == (try Self.rules()).unboundWarning)
    }

    /// Row 2: the rules named another app, which was never compared with the input. Now only the validator
    /// names the app, and a caller analysing inputs of any app says so: the rules' reasons show, and even
    /// with the receipt's own bundle id in its options such an analysis grants nothing.
    @Test(arguments: [nil, app]) func anAnalysisOfAnyAppsInputsGrantsNothing(bundleID: String?) throws {
        guard let bytes = try Self.receipt() else { return }
        var options = ValidationOptions()
        options.bundleID = bundleID
        let verdict = try Self.verdict(try ReceiptValidator.unbound(policy: .apple(), options: options), bytes)
        #expect(verdict.report.status == .valid)
        #expect(!verdict.grants("premium"))
        #expect(!verdict.satisfiesRequirements)
        let decisions = try #require(verdict.decisions)
        #expect(!decisions.boundToApp)
        let premium = try #require(decisions.entitlements.first)
        #expect(!premium.granted)
        #expect(
            premium.reasons == [
                "not granted: the rules hold, but the decision is not bound to an app (no ValidationOptions.bundleID), "
                    + "so the input may be any app's",
                "original application version 434 < 99999 (the iOS build number)",
            ])
        #expect(try !verdict.json(pretty: false).contains("\"granted\":true"))
    }

    /// Row 3: the validator names another app. The receipt fails its bundle id check: nothing granted.
    @Test func anotherAppsValidatorRefusesTheReceipt() throws {
        guard let bytes = try Self.receipt() else { return }
        let verdict = try Self.verdict(
            try ReceiptValidator(policy: .apple(), options: ValidationOptions(bundleID: "com.other")), bytes)
        #expect(verdict.report.status == .invalid)
        #expect(verdict.report.reason == .bundleIDMismatch)
        #expect(!verdict.grants("premium") && !verdict.satisfiesRequirements)
        #expect(verdict.decisions?.entitlements.allSatisfy { !$0.granted } == true)
    }
}
