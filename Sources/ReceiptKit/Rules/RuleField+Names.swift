// Not `RawRepresentable`: its hashing would read the names, which are built from a table keyed by field.
extension RuleField {
    /// The field's name in rules, as `RuleFieldNames` declares it.
    public var rawValue: String {
        RuleFieldNames.names[self] ?? "\(self)"
    }

    /// The field rules call `rawValue`; nil for a name no field has.
    public init?(rawValue: String) {
        guard let field = RuleFieldNames.fields[rawValue] else { return nil }
        self = field
    }

    /// Whether each transaction has its own value (`ownership`, `app_account_token`), rather than the input one.
    var isPerTransaction: Bool {
        self == .ownership || self == .appAccountToken || self == .sku || self == .commitmentBillingPeriod
    }

    /// How reasons name the field: its name in words.
    var label: String {
        rawValue.split(separator: "_").joined(separator: " ")
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
        case .appAccountToken: "only StoreKit 2 transactions of purchases the app gave a token carry it"
        case .sku: "only Advanced Commerce transactions carry items"
        case .commitmentBillingPeriod: "only transactions of commitment plans carry commitmentInfo"
        }
    }
}

/// The rule language's field names, each declared once by the model field it is (`RuleFieldNamesTests`).
enum RuleFieldNames {
    /// Every declaration of a rule field: the receipt's, then the StoreKit 2 models'.
    static let declared: [RuleName] = [
        .field(.applicationVersion, is: "application_version", of: ParsedReceipt.fields),
        .field(.bundleID, is: "bundle_id", of: ParsedReceipt.fields),
        .field(.environment, is: "environment", of: ParsedReceipt.fields),
        .field(.originalApplicationVersion, is: "original_application_version", of: ParsedReceipt.fields),
        .field(.originalPurchaseDate, is: "original_purchase_date", of: ParsedReceipt.fields),
        .field(.receiptCreationDate, is: "receipt_creation_date", of: ParsedReceipt.fields),
        .field(.receiptType, is: "receipt_type", of: ParsedReceipt.fields),
        .field(.originalPlatform, is: "originalPlatform", of: AppTransaction.fields, as: "original_platform"),
        .field(.preorderDate, is: "preorderDate", of: AppTransaction.fields, as: "preorder_date"),
        .field(.ownership, is: "inAppOwnershipType", of: JWSTransaction.fields, as: "ownership"),
        .field(.appAccountToken, is: "appAccountToken", of: JWSTransaction.fields, as: "app_account_token"),
        .field(.sku, is: "SKU", of: AdvancedCommerceTransactionItem.fields, as: "sku"),
        .field(
            .commitmentBillingPeriod, is: "billingPeriodNumber", of: TransactionCommitmentInfo.fields,
            as: "commitment_billing_period"),
    ].compactMap { $0 }

    static let names: [RuleField: String] = Dictionary(
        declared.map { ($0.field, $0.name.description) }, uniquingKeysWith: { first, _ in first })

    static let fields: [String: RuleField] = Dictionary(
        names.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
}
