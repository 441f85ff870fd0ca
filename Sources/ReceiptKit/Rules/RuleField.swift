/// A receipt field a rule can compare, and the kind of value it holds; its name is in `RuleFieldNames`.
public enum RuleField: Sendable, CaseIterable {
    /// The version of the app the customer first got (receipt field 19, `originalApplicationVersion`).
    case originalApplicationVersion
    /// The version of the app the input was made for (field 3, `applicationVersion`).
    case applicationVersion
    /// When the customer first got the app (field 18, `originalPurchaseDate`).
    case originalPurchaseDate
    /// When the receipt was made (field 12), or when a JWS was signed.
    case receiptCreationDate
    /// `production`, `sandbox`, `xcode` or `unknown`.
    case environment
    /// The app's bundle id.
    case bundleID
    /// Apple's receipt type as written (`ProductionVPP`...): finer than `environment`, to name volume purchases.
    case receiptType
    /// An AppTransaction's `preorderDate`: when the customer pre-ordered the app.
    case preorderDate
    /// An AppTransaction's `originalPlatform` as Apple writes it (`"iOS"`, `"macOS"`, `"visionOS"`...).
    case originalPlatform
    /// A transaction's `inAppOwnershipType`: `purchased`, or `family_shared` (a family member's purchase).
    case ownership
    /// A transaction's `appAccountToken`: the UUID the app gave the purchase for the customer's account.
    case appAccountToken
    /// An Advanced Commerce transaction's items' `SKU`s: `sku == "X"` holds for one that bought item X.
    case sku
    /// A transaction's commitment `billingPeriodNumber`, from 1.
    case commitmentBillingPeriod

    /// The kind of value a field holds, which decides the operators and the literals it takes.
    public enum Kind: Sendable {
        /// Compared component by component (`1.10 > 1.9`).
        case version
        /// A moment: a day or an RFC 3339 time.
        case date
        /// An environment name; `==` and `!=` only.
        case environment
        /// A quoted string; `==` and `!=` only.
        case string
        /// `purchased` or `family_shared`; `==` and `!=` only.
        case ownership
        /// A quoted string written in the rule, never a fact; `==` and `!=` only.
        case writtenString
        /// A whole number written in the rule, never a fact.
        case integer
    }

    /// The kind of value the field holds.
    public var kind: Kind {
        switch self {
        case .originalApplicationVersion, .applicationVersion: .version
        case .originalPurchaseDate, .receiptCreationDate, .preorderDate: .date
        case .environment: .environment
        case .bundleID, .receiptType, .originalPlatform, .appAccountToken: .string
        case .ownership: .ownership
        case .sku: .writtenString
        case .commitmentBillingPeriod: .integer
        }
    }

    /// The kind of fact the field may be compared with; nil for one compared only with values in the rule.
    var factKind: AppFacts.Value.Kind? {
        switch kind {
        case .date: .date
        case .string: .string
        case .version, .environment, .ownership, .writtenString, .integer: nil
        }
    }
}
