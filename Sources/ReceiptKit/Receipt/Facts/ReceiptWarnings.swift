/// What a person must know before trusting a rule on the original application version (field 19): facts
/// of Apple's receipts no rule can work around.
package enum ReceiptWarnings {
    /// Warnings for a receipt; `platform` says what field 19 means for the app.
    package static func warnings(
        for receipt: ParsedReceipt, platform: Platform?, wording: any SettingWording = APISettingWording()
    )
        -> [String]
    {
        var warnings: [String] = []
        switch platform {
        case .ios:
            warnings.append(
                "iOS: the original application version (field 19) is the build number (CFBundleVersion) of the "
                    + "first download, not the marketing version: compare it with build numbers")
        case .macos:
            warnings.append(
                "macOS: the original application version (field 19) is the marketing version "
                    + "(CFBundleShortVersionString) of the first purchase: compare it with marketing versions")
        case nil:
            warnings.append(
                "no \(wording.words(for: .name(.platform))) given: the original application version (field 19) is the build number "
                    + "(CFBundleVersion) on iOS and the marketing version on macOS; say which with \(wording.words(for: .name(.platform)))"
            )
        }
        if receipt.originalApplicationVersion == nil {
            let why =
                receipt.environment == .xcode
                ? "Xcode (StoreKit testing) receipts have no field 19"
                : "receipts from before mid-2013 and Xcode receipts have no field 19"
            warnings.append("no original application version in this receipt: \(why); rules on it are not satisfied")
        } else if receipt.environment == .sandbox {
            warnings.append(
                "sandbox receipt: sandbox and TestFlight receipts always say original application version "
                    + "\(receipt.originalApplicationVersion ?? "1.0"), which is not the real original version; "
                    + "test grandfathering with production receipts or signed test receipts")
        }
        return warnings
    }

    /// Warnings for a verified input's facts: a receipt's, or an AppTransaction's originalApplicationVersion.
    package static func warnings(
        for facts: EntitlementFacts, receipt: ParsedReceipt?, platform: Platform?,
        wording: any SettingWording = APISettingWording()
    ) -> [String] {
        if let receipt {
            return warnings(for: receipt, platform: platform, wording: wording)
        }
        guard let version = facts.originalApplicationVersion else { return [] }
        var warnings: [String] = []
        if let original = facts.originalPlatform, let meaning = Platform(originalPlatform: original) {
            // The configured platform matters only when it disagrees with where the input says the app was bought.
            if let platform, platform != meaning {
                warnings.append(
                    "\(wording.words(for: .name(.platform))) \(platform.rawValue) disagrees with the AppTransaction's originalPlatform \(original): "
                        + "a plain threshold on its originalApplicationVersion is unknown; one per platform reads it "
                        + "as \(meaning.versionMeaning), as the input says")
            } else if platform == nil {
                // A plain build-number threshold would grandfather a Mac-first customer by accident.
                let option = wording.words(for: .name(.platform))
                warnings.append(
                    "no \(option) given: the AppTransaction was first bought on \(original), so its originalApplicationVersion "
                        + "\(version) is \(meaning.versionMeaning); a plain threshold compares it as such whatever platform it was "
                        + "written for: give one per platform (< ios:42 macos:2.0) or say which with \(option)")
            }
        } else {
            warnings += platformWarnings(platform, wording: wording)
        }
        switch facts.environment {
        case .sandbox:
            warnings.append(
                "sandbox AppTransaction: originalApplicationVersion is always \(version) in the sandbox, not the "
                    + "real original version; test grandfathering with production or signed test JWS")
        case .xcode:
            warnings.append(
                "Xcode AppTransaction: originalApplicationVersion \(version) comes from StoreKit Testing in Xcode, "
                    + "not from a purchase")
        case .production, .unknown:
            break
        }
        return warnings
    }

    private static func platformWarnings(_ platform: Platform?, wording: any SettingWording = APISettingWording())
        -> [String]
    {
        var warnings: [String] = []
        switch platform {
        case .ios:
            warnings.append(
                "iOS: the AppTransaction's originalApplicationVersion is the build number (CFBundleVersion) of the "
                    + "first download: compare it with build numbers")
        case .macos:
            warnings.append(
                "macOS: the AppTransaction's originalApplicationVersion is the marketing version "
                    + "(CFBundleShortVersionString) of the first purchase: compare it with marketing versions")
        case nil:
            warnings.append(
                "no \(wording.words(for: .name(.platform))) given: the AppTransaction's originalApplicationVersion is the build number on "
                    + "iOS and the marketing version on macOS; say which with \(wording.words(for: .name(.platform)))")
        }
        return warnings
    }
}
