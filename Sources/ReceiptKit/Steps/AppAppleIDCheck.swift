/// The app's Apple id, checked as Apple's verifier does: any id carried must be it; production must carry one.
enum AppAppleIDCheck {
    /// `carried` is the input's `appAppleId`; sandbox and Xcode inputs may carry none, or 0.
    static func check(expected: Int64, carried: Int64?, isProduction: Bool, what: String) -> Check {
        if let carried, carried != 0 {
            return carried == expected
                ? .pass(.appAppleID, "app Apple id is \(expected)")
                : .fail(.appAppleID, .appAppleIDMismatch, "app Apple id is \(carried), expected \(expected)")
        }
        guard !isProduction else {
            return .fail(
                .appAppleID, .appAppleIDMismatch,
                "the production \(what) carries no app Apple id to compare with \(expected)")
        }
        return .pass(.appAppleID, "the \(what) carries no app Apple id; outside production Apple leaves it out")
    }
}
