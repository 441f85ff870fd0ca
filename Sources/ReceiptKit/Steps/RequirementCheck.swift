/// The caller's requirements that receipts and JWS share, each compared and worded once.
enum RequirementCheck {
    /// The input's bundle id must be `expected`, byte for byte; an absent one never is.
    static func bundleID(_ actual: String?, expected: String) -> Check {
        String.identical(actual, expected)
            ? .pass(.bundleID, "bundle id is \(expected)")
            : .fail(
                .bundleID, .bundleIDMismatch,
                "bundle id is \(actual?.shownAsIdentifier ?? "absent"), expected \(expected.shownAsIdentifier)")
    }

    /// The input's environment must be `expected`; `named` is how the input itself names it.
    static func environment(_ actual: ReceiptEnvironment?, named: String, expected: ReceiptEnvironment) -> Check {
        actual == expected
            ? .pass(.environment, "environment is \(expected.rawValue)")
            : .fail(
                .environment, .environmentMismatch,
                "environment is \(named.shownAsIdentifier), expected \(expected.rawValue)")
    }
}
