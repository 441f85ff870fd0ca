import Foundation
import Testing

@testable import ReceiptKit

/// The version's meaning comes from the input: an AppTransaction's `originalPlatform` says whether its
/// originalApplicationVersion is a build number or a marketing version, whatever `--platform` says.
@Suite struct OriginalPlatformTests {
    static let time = Date(timeIntervalSince1970: 1_720_000_000)

    static func facts(version: String, platform: String?) -> EntitlementFacts {
        var facts = EntitlementFacts(
            source: .appTransaction, bundleID: "com.example.app", originalApplicationVersion: version,
            environment: .production)
        facts.originalPlatform = platform.map(AppStoreValue.init(rawValue:))
        return facts
    }

    static func decide(_ rule: String, _ facts: EntitlementFacts, platform: Platform?) throws -> EntitlementDecision {
        let rules = RuleSet(rules: [try RuleParser.parse(rule, origin: "t")])
        return try #require(rules.evaluate(facts: facts, at: time, platform: platform).first)
    }

    /// Bought on a Mac at 2.5: an iOS rule "< 42" read it as a build number and granted it.
    @Test func perPlatformThresholdsFollowTheInput() throws {
        let rule = "premium: original_application_version < ios:42 macos:2.0"
        let mac = try Self.decide(rule, Self.facts(version: "2.5", platform: "macOS"), platform: .ios)
        #expect(!mac.granted)
        #expect(
            mac.reasons == [
                "original application version 2.5 is not < 2.0 (the marketing version: first bought on macOS)"
            ])
        let vision = try Self.decide(rule, Self.facts(version: "37", platform: "visionOS"), platform: .macos)
        #expect(vision.granted)
        #expect(vision.reasons == ["original application version 37 < 42 (the build number: first bought on visionOS)"])
        let unnamed = try Self.decide(rule, Self.facts(version: "37", platform: nil), platform: nil)
        #expect(!unnamed.granted && unnamed.reasons.first?.contains("neither the input") == true)
        let byOption = try Self.decide(rule, Self.facts(version: "37", platform: nil), platform: .ios)
        #expect(byOption.granted)
        let only = try Self.decide(
            "p: original_application_version < ios:42", Self.facts(version: "1.0", platform: "macOS"), platform: nil)
        #expect(
            !only.granted
                && only.reasons == [
                    "original application version: the rule has no threshold for macos: rule not satisfied"
                ])
    }

    /// Bought on a Mac at 2.5, checked with `--platform ios` and a plain "< 42" (a build number): the
    /// threshold was written for the other meaning of the version, so it is unknown, not granted.
    @Test func aPlainThresholdAgainstAnotherNamedPlatformIsUnknown() throws {
        let rule = "premium: original_application_version < 42"
        let mac = Self.facts(version: "2.5", platform: "macOS")
        let decision = try Self.decide(rule, mac, platform: .ios)
        #expect(!decision.granted)
        #expect(
            decision.reasons == [
                "original application version: RuleConfiguration.platform ios disagrees with the input's originalPlatform macOS, whose version is the marketing version: a plain threshold is unknown, rule not satisfied (give one per platform, such as < ios:42 macos:2.0)"
            ])
        // Unknown stays unknown through `not`.
        #expect(try !Self.decide("p: not original_application_version >= 42", mac, platform: .ios).granted)
        // Where the run names no platform, or the same one, the input says what the version is.
        let unnamed = try Self.decide(rule, mac, platform: nil)
        #expect(unnamed.granted)
        #expect(unnamed.reasons.first?.hasSuffix("(the marketing version: first bought on macOS)") == true)
        #expect(try Self.decide(rule, mac, platform: .macos).granted)
        #expect(try Self.decide(rule, Self.facts(version: "37", platform: "iPadOS"), platform: .ios).granted)
        let warnings = ReceiptWarnings.warnings(for: mac, receipt: nil, platform: .ios)
        #expect(
            warnings.first?.hasPrefix(
                "RuleConfiguration.platform ios disagrees with the AppTransaction's originalPlatform macOS: a plain "
                    + "threshold on its originalApplicationVersion is unknown")
                == true)
        #expect(ReceiptWarnings.warnings(for: mac, receipt: nil, platform: .macos).isEmpty)
    }

    @Test func originalPlatformIsARuleField() throws {
        let rule = "mac: original_platform == \"macOS\""
        #expect(try Self.decide(rule, Self.facts(version: "1", platform: "macOS"), platform: nil).granted)
        #expect(try !Self.decide(rule, Self.facts(version: "1", platform: "iOS"), platform: nil).granted)
        #expect(try !Self.decide(rule, Self.facts(version: "1", platform: "macos"), platform: nil).granted)
    }

    @Test(arguments: ["ios:", "macos:", "linux:2", "ios:1 ios:2", "ios:1 macos"])
    func malformedThresholdsAreRefused(_ text: String) {
        #expect(throws: RuleSet.ParseError.self) {
            try RuleParser.parse("p: original_application_version < \(text)", origin: "t")
        }
    }

    @Test func appTransactionCarriesItsOriginalPlatform() throws {
        let pki = try JWSSigningTests.ecPKI.get()
        let payload = """
            {"bundleId":"com.example.app","applicationVersion":"3.0","originalApplicationVersion":"2.5",
            "receiptType":"Production","environment":"Production","signedDate":1714521600000,"originalPlatform":"macOS"}
            """
        let report = try JWSConformanceTests.validate(try JWSConformanceTests.sign(payload, pki), pki)
        let facts = try #require(EntitlementFacts(report: report))
        #expect(facts.originalPlatform == .known(.macOS))
    }
}
