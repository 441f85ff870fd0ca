import ReceiptKit
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The verdict through the public API only (this file imports ReceiptKit without `@testable`): what a
/// Swift server linking the library can do. Rules see only what verification proved, so a forged,
/// re-signed or other app's receipt is granted nothing, whatever its payload says.
@Suite struct VerdictTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    private static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    private static func validator(bundleID: String? = "com.example.receiptcheck") throws -> ReceiptValidator {
        var options = ValidationOptions()
        options.bundleID = bundleID
        let root = try Certificate(derOrPEM: bytes("pki/root.pem"))
        return try ReceiptValidator(policy: .custom(roots: [root]), options: options)
    }

    /// Every fixture receipt says original application version 37 and holds the product `...pro`.
    private static func rules() throws -> RuleConfiguration {
        let text = """
            premium: original_application_version < 100
            premium: product "com.example.receiptcheck.pro"
            """
        return RuleConfiguration(
            rules: try RuleSet.parse(file: text, name: "premium.rules"), required: ["premium"],
            platform: .ios, time: Date(timeIntervalSince1970: 1_714_600_000), maximumAge: nil)
    }

    @Test func aValidReceiptIsGranted() throws {
        let verdict = try Self.validator().verdict(Self.bytes("valid.receipt"), input: "valid", rules: Self.rules())
        #expect(verdict.report.status == .valid)
        #expect(verdict.grants("premium"))
        #expect(verdict.satisfiesRequirements)
        #expect(verdict.decisions?.boundToApp == true)
    }

    @Test(arguments: [
        "tampered-payload.receipt", "tampered-signature.receipt", "self-made-root.receipt", "wrong-bundle.receipt",
        "leaf-no-marker.receipt", "intermediate-no-marker.receipt", "signed-attributes-bad-digest.receipt",
        "storekit-test.receipt",
    ])
    func anUnprovenReceiptIsGrantedNothing(name: String) throws {
        let verdict = try Self.validator().verdict(Self.bytes(name), input: name, rules: Self.rules())
        #expect(verdict.report.status != .valid)
        #expect(!verdict.grants("premium"))
        #expect(!verdict.satisfiesRequirements)
        #expect(verdict.decisions?.entitlements.contains { $0.granted } == false)
        // The JSON a server would forward says the same.
        let json = try verdict.json(pretty: false)
        #expect(!json.contains("\"granted\":true"))
        // Without rules there is nothing to grant, and an invalid input still fails the requirements.
        #expect(try !Self.validator().verdict(Self.bytes(name), input: name, rules: nil).satisfiesRequirements)
    }

    @Test func anUnreadableInputIsGrantedNothing() throws {
        let verdict = try Self.validator().verdict(
            unreadable: "missing", error: ReceiptError(.unreadableInput, "no such file"), rules: try Self.rules())
        #expect(verdict.report.status == .unreadable)
        #expect(!verdict.grants("premium"))
    }

    @Test func combiningNeedsTheAppsBundleID() throws {
        let validator = try Self.validator(bundleID: nil)
        let report = validator.validate(try Self.bytes("valid.receipt"), input: "valid")
        #expect(report.status == .valid)
        let verdict = validator.verdict(combining: [report], rules: try Self.rules())
        #expect(verdict.report.status != .valid)
        #expect(!verdict.grants("premium"))
    }

    @Test func aRequiredEntitlementNotGrantedFailsTheRequirements() throws {
        let rules = RuleConfiguration(
            rules: try RuleSet.parse(file: "premium: original_application_version < 10", name: "strict.rules"),
            required: ["premium"], platform: .ios, time: Date(timeIntervalSince1970: 1_714_600_000), maximumAge: nil)
        let verdict = try Self.validator().verdict(Self.bytes("valid.receipt"), input: "valid", rules: rules)
        #expect(verdict.report.status == .valid)
        #expect(!verdict.grants("premium"))
        #expect(!verdict.satisfiesRequirements)
    }
}

/// The library's messages name its API; a front end's wording names its own controls, and only where asked.
@Suite struct SettingWordingTests {
    /// A front end's words: the setting a name is asked for.
    struct Echo: SettingWording {
        func words(for mention: Setting.Mention) -> String {
            guard case .name(let setting) = mention else { return "<other>" }
            return "<\(setting)>"
        }
    }

    @Test func libraryMessagesNameTheAPINotFlags() throws {
        let bytes = [UInt8](try Data(contentsOf: VerdictTests.fixtures.appendingPathComponent("valid.receipt")))
        let root = try Certificate(
            derOrPEM: [UInt8](try Data(contentsOf: VerdictTests.fixtures.appendingPathComponent("pki/root.pem"))))
        // A StoreKit 2 device binding asked of an app receipt, which is bound by its device hash instead.
        var options = ValidationOptions()
        options.deviceVerificationID = DeviceVerification.DeviceID(parsing: "3F2A9C1E-7B4D-4E8A-9F10-2C6B5D8E1A47")
        let report = try ReceiptValidator(policy: .custom(roots: [root]), options: options)
            .validate(bytes, input: "valid")
        let message = try #require(report.message)
        #expect(message.hasSuffix("its device binding is ValidationOptions.deviceIdentifier"), "\(message)")
        #expect(!message.contains("--"), "\(message)")

        options.wording = Echo()
        let worded = try ReceiptValidator(policy: .custom(roots: [root]), options: options)
            .validate(bytes, input: "valid")
        #expect(worded.message?.hasSuffix("its device binding is <deviceIdentifier>") == true)
    }

    @Test func anUnboundDecisionSaysSoInTheCallersWords() throws {
        let rules = RuleConfiguration(
            rules: try RuleSet.parse(file: "premium: original_application_version < 100", name: "r"),
            time: Date(timeIntervalSince1970: 1_714_600_000))
        #expect(rules.unboundWarning.contains("without ValidationOptions.bundleID"))
        #expect(!rules.unboundWarning.contains("--"))
        let worded = RuleConfiguration(rules: rules.rules, time: rules.time, wording: Echo())
        #expect(worded.unboundWarning.contains("without <bundleID>"))
    }
}
