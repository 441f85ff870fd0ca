/// A receipt field a rule can compare, and the kind of value it holds.
public enum RuleField: String, Sendable, CaseIterable {
    /// The version of the app the customer first got (a receipt's field 19, an AppTransaction's
    /// `originalApplicationVersion`).
    case originalApplicationVersion = "original_application_version"
    /// The version of the app the input was made for (field 3, `applicationVersion`).
    case applicationVersion = "application_version"
    /// When the customer first got the app (field 18, `originalPurchaseDate`).
    case originalPurchaseDate = "original_purchase_date"
    /// When the receipt was made (field 12), or when a JWS was signed.
    case receiptCreationDate = "receipt_creation_date"
    /// `production`, `sandbox`, `xcode` or `unknown`.
    case environment
    /// The app's bundle id.
    case bundleID = "bundle_id"
    /// Apple's receipt type as written (`Production`, `ProductionVPP`, `ProductionSandbox`, `Xcode`...):
    /// finer than `environment`, so that volume purchases can be named.
    case receiptType = "receipt_type"
    /// An AppTransaction's `preorderDate`: when the customer pre-ordered the app.
    case preorderDate = "preorder_date"
    /// An AppTransaction's `originalPlatform` as Apple writes it (`"iOS"`, `"macOS"`, `"visionOS"`...).
    case originalPlatform = "original_platform"
    /// A transaction's `inAppOwnershipType`: `purchased`, or `family_shared` (a family member's purchase).
    case ownership

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
    }

    /// The kind of value the field holds.
    public var kind: Kind {
        switch self {
        case .originalApplicationVersion, .applicationVersion: .version
        case .originalPurchaseDate, .receiptCreationDate, .preorderDate: .date
        case .environment: .environment
        case .bundleID, .receiptType, .originalPlatform: .string
        case .ownership: .ownership
        }
    }

    /// How reasons name the field.
    var label: String {
        switch self {
        case .originalApplicationVersion: "original application version"
        case .applicationVersion: "application version"
        case .originalPurchaseDate: "original purchase date"
        case .receiptCreationDate: "receipt creation date"
        case .environment: "environment"
        case .bundleID: "bundle id"
        case .receiptType: "receipt type"
        case .preorderDate: "preorder date"
        case .originalPlatform: "original platform"
        case .ownership: "ownership"
        }
    }

    /// Why the field can be missing, for the reason given when a rule meets a receipt without it.
    var absenceNote: String {
        switch self {
        case .originalApplicationVersion: "Xcode and pre-2013 receipts lack field 19"
        case .applicationVersion: "field 3"
        case .originalPurchaseDate: "Xcode receipts lack field 18"
        case .receiptCreationDate: "field 12"
        case .environment: "field 0"
        case .bundleID: "field 2"
        case .receiptType: "field 0; 2010-era receipts lack it"
        case .preorderDate: "only AppTransactions of pre-ordered apps carry it"
        case .originalPlatform: "only AppTransactions from iOS 18.4 on carry it"
        case .ownership: "only StoreKit 2 transactions carry it"
        }
    }
}
