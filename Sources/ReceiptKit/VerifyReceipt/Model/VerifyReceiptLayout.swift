/// The members of one of verifyReceipt's objects in Apple's order: fields by their keys, and the others.
struct VerifyReceiptLayout<Model>: Sendable {
    /// A member no field of the model is.
    enum Extra: Sendable {
        /// When the answer was made.
        case requestDate
    }

    /// A member as its object's list declares it.
    enum Declared: Sendable {
        case member(VerifyReceiptMember<Model>)
        case extra(Extra)

        /// The model field of key `key`, written as `presence` says.
        static func field(_ key: StaticString, _ presence: VerifyReceiptMember<Model>.Presence = .present) -> Self {
            .member(VerifyReceiptMember(key: key, presence: presence, keys: [key]))
        }

        /// The model field of key `key`, its value written first under `alias` too.
        static func field(_ key: StaticString, repeatedFirstAs alias: StaticString) -> Self {
            .member(VerifyReceiptMember(key: key, presence: .present, keys: [alias, key]))
        }
    }

    enum Entry: Sendable {
        /// The field at this position of the model's list, written as the member says.
        case field(Int, VerifyReceiptMember<Model>)
        case extra(Extra)
    }

    /// The members in Apple's order.
    let entries: [Entry]

    /// The members `declared`, in order; a key no field of `fields` has is left out (a test counts them).
    init(_ fields: [ModelField<Model>], _ declared: [Declared]) {
        entries = declared.compactMap { declaration in
            switch declaration {
            case .member(let member):
                // Without a string of each field's key: a CGI process builds the layouts for one request.
                let key = member.key.description
                let index = fields.firstIndex { StaticText.order(of: $0.key, against: key) == 0 }
                return index.map { Entry.field($0, member) }
            case .extra(let extra):
                return .extra(extra)
            }
        }
    }
}

extension VerifyReceiptLayout.Extra {
    /// The member's key in Apple's answer.
    var key: StaticString {
        switch self {
        case .requestDate: "request_date"
        }
    }
}

extension VerifyReceiptBody {
    /// The `receipt` object: fields of `ParsedReceipt` and the time of the answer.
    static let receiptLayout = VerifyReceiptLayout(
        ParsedReceipt.fields,
        [
            .field("receipt_type"),
            .field("app_item_id", repeatedFirstAs: "adam_id"),
            .field("bundle_id"),
            .field("application_version"),
            .field("download_id"),
            .field("version_external_identifier"),
            .field("receipt_creation_date"),
            .extra(.requestDate),
            .field("original_purchase_date"),
            .field("original_application_version"),
            .field("expiration_date"),
            .field(ParsedReceipt.purchasesKey),
        ])

    /// An object of `in_app` and `latest_receipt_info`: fields of `InAppPurchase`.
    static let purchaseLayout = VerifyReceiptLayout(
        InAppPurchase.fields,
        [
            .field("quantity"),
            .field("product_id"),
            .field("transaction_id"),
            .field("original_transaction_id"),
            .field("purchase_date"),
            .field("original_purchase_date"),
            .field("expires_date"),
            .field("cancellation_date"),
            .field("web_order_line_item_id", .nonZero),
            .field("is_trial_period", .always),
            .field("is_in_intro_offer_period", .presentOrFalseInLatestInfo(where: { $0.expiresDate != nil })),
            .field("promotional_offer_id", .nonZero),
        ])

    /// The keys of the `receipt` object that are no field's name (`adam_id`, and the members no field is).
    static var receiptKeysOfNoField: [String] {
        receiptLayout.entries.compactMap { entry -> StaticString? in
            switch entry {
            case .field(_, let member): member.keys.dropLast().first
            case .extra(let extra): extra.key
            }
        }.map { "\($0)" }
    }
}
