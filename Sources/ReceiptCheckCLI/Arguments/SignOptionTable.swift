import ReceiptKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The options of `sign`: the App Store Connect key and its ids, and each kind's own values, as Apple names them.
enum SignOptionTable {
    /// What `sign` makes: the operand that picks the signature.
    enum Kind: String, CaseIterable, Sendable {
        case promotionalOffer = "promotional-offer"
        case promotionalOfferV2 = "promotional-offer-v2"
        case introductoryOfferEligibility = "introductory-offer-eligibility"
        case advancedCommerceInApp = "advanced-commerce-in-app"
        case realtimeMessage = "realtime-message"
        case realtimeAlternateProduct = "realtime-alternate-product"
        case realtimePromotionalOffer = "realtime-promotional-offer"
        case realtimePromotionalOfferV2 = "realtime-promotional-offer-v2"

        /// Whether this kind signs, and so needs the key, its id and the bundle id.
        var signs: Bool { self != .realtimeMessage && self != .realtimeAlternateProduct }

        /// Whether it prints a Retention Messaging realtime response body, which is JSON already.
        var isRealtimeResponse: Bool { rawValue.hasPrefix("realtime-") }

        /// The options this kind requires, beyond the key, key id and bundle id.
        var required: [OptionSpec] {
            switch self {
            case .promotionalOffer: [productID.spec, offerID.spec]
            case .promotionalOfferV2: [issuerID.spec, productID.spec, offerID.spec]
            case .introductoryOfferEligibility:
                [issuerID.spec, productID.spec, allowIntroductoryOffer.spec, transactionID.spec]
            case .advancedCommerceInApp: [issuerID.spec, request.spec]
            case .realtimeMessage: [messageID.spec]
            case .realtimeAlternateProduct: [messageID.spec, productID.spec]
            case .realtimePromotionalOffer: [messageID.spec, productID.spec, offerID.spec]
            case .realtimePromotionalOfferV2: [issuerID.spec, messageID.spec, productID.spec, offerID.spec]
            }
        }

        /// The options this kind takes without requiring them.
        var optional: [OptionSpec] {
            switch self {
            case .promotionalOffer: [applicationUsername.spec, nonce.spec, timestamp.spec]
            case .promotionalOfferV2, .realtimePromotionalOfferV2: [transactionID.spec]
            case .realtimePromotionalOffer: [appAccountToken.spec, nonce.spec, timestamp.spec]
            case .realtimeAlternateProduct: [billingPlanType.spec]
            case .introductoryOfferEligibility, .advancedCommerceInApp, .realtimeMessage: []
            }
        }

        var common: [OptionSpec] { signs ? SignOptionTable.common : [] }

        /// Flags that are no value of a signature; the realtime kinds print JSON without `--json`.
        var outputOptions: [OptionSpec] {
            isRealtimeResponse ? [CommonOptionTable.help.spec] : SignOptionTable.outputOptions
        }
    }

    static let key = OptionKey<InputPath>.input(
        "key",
        help: "the App Store Connect key, the .p8 file (unencrypted PKCS#8 PEM, EC P-256) "
            + "(default: $RECEIPT_CHECK_KEY_FILE)")
    static let keyID = OptionKey<String>.value(
        "key-id", "ID", help: "the key's identifier (default: $RECEIPT_CHECK_KEY_ID)")
    static let issuerID = OptionKey<String>.value(
        "issuer-id", "UUID",
        help: "the issuer id from App Store Connect's Keys page, for the JWS kinds (default: $RECEIPT_CHECK_ISSUER_ID)")
    static let bundleID = OptionKey<String>.value(
        "bundle-id", "ID", help: "the app's bundle identifier (default: $RECEIPT_CHECK_BUNDLE_ID)")
    static let productID = OptionKey<String>.value(
        "product-id", "ID", help: "the product the offer or eligibility is for")
    static let offerID = OptionKey<String>.value(
        "offer-id", "ID", help: "the promotional offer's identifier in App Store Connect")
    static let applicationUsername = OptionKey<String>.value(
        "application-username", "TEXT",
        help: "promotional-offer: the app account token the app sets as applicationUsername (default: empty)")
    static let nonce = OptionKey<String>.value(
        "nonce", "UUID", help: "promotional-offer: the one-time nonce (default: a new UUID)")
    static let timestamp = OptionKey<Int64>.milliseconds(
        "timestamp", takes: "milliseconds since 1970 (decimal digits)",
        help: "promotional-offer: milliseconds since 1970, from 2008 to 2099 (default: now)")
    static let transactionID = OptionKey<String>.value(
        "transaction-id", "ID",
        help: "any transaction id of the customer, such as the appTransactionId (optional for promotional-offer-v2)")
    static let allowIntroductoryOffer = OptionKey<BooleanChoice>.choice(
        "allow-introductory-offer", "BOOL",
        help: "introductory-offer-eligibility: whether the customer may have the introductory offer")
    static let request = OptionKey<InputPath>.input(
        "request", help: "advanced-commerce-in-app: the JSON request to sign, as it is in FILE")
    static let messageID = OptionKey<String>.value(
        "message-id", "UUID", help: "realtime kinds: the retention message's identifier (a UUID)")
    static let appAccountToken = OptionKey<String>.value(
        "app-account-token", "UUID",
        help: "realtime-promotional-offer: the customer's app account token, signed as applicationUsername")
    static let billingPlanType = OptionKey<BillingPlanType>.choice(
        "billing-plan-type", "PLAN",
        help: "realtime-alternate-product: the billing plan of the product to switch to (default: none given)")
    static let json = OptionKey<Bool>.flag(
        "json", help: "print a JSON object with every value the app needs instead of the signature alone")

    static let common = [key.spec, keyID.spec, bundleID.spec]

    /// Options that fall back to an environment variable, keeping the key out of command lines; by option name.
    static let environment: [String: CredentialVariables.Variable] = [
        key.name: CredentialVariables.keyFile, keyID.name: CredentialVariables.keyID,
        issuerID.name: CredentialVariables.issuerID, bundleID.name: CredentialVariables.bundleID,
    ]

    static let outputOptions = [json.spec, CommonOptionTable.help.spec]

    static let options: [OptionSpec] =
        [
            key.spec, keyID.spec, issuerID.spec, bundleID.spec, productID.spec, offerID.spec, applicationUsername.spec,
            nonce.spec, timestamp.spec, transactionID.spec, allowIntroductoryOffer.spec, request.spec, messageID.spec,
            appAccountToken.spec, billingPlanType.spec,
        ] + outputOptions

    /// The values a signature is made of, from the command line or the environment.
    struct Values: Sendable {
        fileprivate var byName: [String: String] = [:]

        subscript(_ key: OptionKey<String>) -> String? { byName[key.name] }

        /// The value of a key that reads it, from either source; a text it does not read is a usage error.
        func value<Value>(_ key: OptionKey<Value>) throws(UsageError) -> Value? {
            guard let text = byName[key.name] else { return nil }
            return try key.value(of: text)
        }

        /// The path of a file option every kind requires (`values(_:kind:environment:)` checked it is given).
        func path(_ key: OptionKey<InputPath>) throws(UsageError) -> String {
            guard let file = try value(key) else { throw UsageError("\(key.flag) is required") }
            return file.path
        }
    }

    /// The values of a command line for `kind`, with the environment's for what it leaves out (a deprecated
    /// name read said in `warn`); a usage error names an option `kind` does not take or one it lacks.
    static func values(
        _ arguments: ParsedArguments, kind: Kind, environment variables: [String: String],
        warn: (String) -> Void = { _ in }
    ) throws(UsageError) -> Values {
        let common = kind.common
        let taken = Set((common + kind.required + kind.optional).map(\.name) + kind.outputOptions.map(\.name))
        for name in arguments.given where !taken.contains(name) {
            throw UsageError("--\(name) does not apply to sign \(kind.rawValue)")
        }
        var values = Values()
        for option in common + kind.required + kind.optional {
            var value = arguments.text(of: option)
            if value == nil, let variable = environment[option.name] {
                value = CredentialVariables.value(variable, in: variables, warn: warn)
            }
            if let value {
                values.byName[option.name] = value
            }
        }
        let missing = (common + kind.required).filter { values.byName[$0.name] == nil }
        guard missing.isEmpty else {
            let named = missing.map { key in environment[key.name].map { "\(key.flag) (or $\($0.name))" } ?? key.flag }
            throw UsageError("sign \(kind.rawValue) needs " + named.joined(separator: ", "))
        }
        return values
    }
}
