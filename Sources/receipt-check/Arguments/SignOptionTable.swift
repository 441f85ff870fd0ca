#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The options of `sign`: the App Store Connect key and its ids (each also from an environment
/// variable), and each kind of signature's own values, as Apple names them.
enum SignOptionTable {
    /// What `sign` makes: the operand that picks the signature.
    enum Kind: String, CaseIterable, Sendable {
        case promotionalOffer = "promotional-offer"
        case promotionalOfferV2 = "promotional-offer-v2"
        case introductoryOfferEligibility = "introductory-offer-eligibility"
        case advancedCommerceInApp = "advanced-commerce-in-app"

        /// The options this kind requires, beyond the key, key id and bundle id.
        var required: [String] {
            switch self {
            case .promotionalOffer: ["product-id", "offer-id"]
            case .promotionalOfferV2: ["issuer-id", "product-id", "offer-id"]
            case .introductoryOfferEligibility:
                ["issuer-id", "product-id", "allow-introductory-offer", "transaction-id"]
            case .advancedCommerceInApp: ["issuer-id", "request"]
            }
        }

        /// The options this kind takes without requiring them.
        var optional: [String] {
            switch self {
            case .promotionalOffer: ["application-username", "nonce", "timestamp"]
            case .promotionalOfferV2: ["transaction-id"]
            case .introductoryOfferEligibility, .advancedCommerceInApp: []
            }
        }
    }

    /// Options every kind requires.
    static let common = ["key", "key-id", "bundle-id"]

    /// Options that fall back to an environment variable, so that a key need not be named in every
    /// command line (or shell history).
    static let environment: [String: String] = [
        "key": "RECEIPT_CHECK_SIGNING_KEY", "key-id": "RECEIPT_CHECK_KEY_ID",
        "issuer-id": "RECEIPT_CHECK_ISSUER_ID", "bundle-id": "RECEIPT_CHECK_BUNDLE_ID",
    ]

    /// Flags that are no value of a signature.
    static let outputOptions = ["json", "help"]

    static let options: [OptionSpec] = [
        OptionSpec(
            "key", value: "FILE",
            help: "the App Store Connect key, the .p8 file (unencrypted PKCS#8 PEM, EC P-256) "
                + "(default: $RECEIPT_CHECK_SIGNING_KEY)"),
        OptionSpec("key-id", value: "ID", help: "the key's identifier (default: $RECEIPT_CHECK_KEY_ID)"),
        OptionSpec(
            "issuer-id", value: "UUID",
            help:
                "the issuer id from App Store Connect's Keys page, for the JWS kinds (default: $RECEIPT_CHECK_ISSUER_ID)"
        ),
        OptionSpec("bundle-id", value: "ID", help: "the app's bundle identifier (default: $RECEIPT_CHECK_BUNDLE_ID)"),
        OptionSpec("product-id", value: "ID", help: "the product the offer or eligibility is for"),
        OptionSpec("offer-id", value: "ID", help: "the promotional offer's identifier in App Store Connect"),
        OptionSpec(
            "application-username", value: "TEXT",
            help: "promotional-offer: the app account token the app sets as applicationUsername (default: empty)"),
        OptionSpec("nonce", value: "UUID", help: "promotional-offer: the one-time nonce (default: a new UUID)"),
        OptionSpec(
            "timestamp", value: "MS", help: "promotional-offer: milliseconds since 1970 (default: now)"),
        OptionSpec(
            "transaction-id", value: "ID",
            help: "any transaction id of the customer, such as the appTransactionId (optional for promotional-offer-v2)"
        ),
        OptionSpec(
            "allow-introductory-offer", value: "BOOL", choices: ["true", "false"],
            help: "introductory-offer-eligibility: whether the customer may have the introductory offer"),
        OptionSpec(
            "request", value: "FILE", help: "advanced-commerce-in-app: the JSON request to sign, as it is in FILE"),
        OptionSpec(
            "json", help: "print a JSON object with every value the app needs instead of the signature alone"),
        OptionSpec("help", short: "h", help: "show this help"),
    ]

    /// The values of a command line for `kind`, with the environment's for what it leaves out; a usage
    /// error names an option `kind` does not take or one it lacks.
    static func values(
        _ arguments: ParsedArguments, kind: Kind, environment variables: [String: String]
    ) throws(UsageError) -> [String: String] {
        let taken = Set(common + kind.required + kind.optional + outputOptions)
        for name in arguments.values.keys.sorted() + arguments.flags.sorted() where !taken.contains(name) {
            throw UsageError("--\(name) does not apply to sign \(kind.rawValue)")
        }
        var values: [String: String] = [:]
        for name in common + kind.required + kind.optional {
            if let value = arguments.value(name) ?? environment[name].flatMap({ variables[$0] }) {
                values[name] = value
            }
        }
        let missing = (common + kind.required).filter { values[$0] == nil }
        guard missing.isEmpty else {
            let named = missing.map { name in environment[name].map { "--\(name) (or $\($0))" } ?? "--\(name)" }
            throw UsageError("sign \(kind.rawValue) needs " + named.joined(separator: ", "))
        }
        return values
    }
}
