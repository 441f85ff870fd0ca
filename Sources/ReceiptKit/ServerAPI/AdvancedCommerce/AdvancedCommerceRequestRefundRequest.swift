/// Request Transaction Refund (`RequestRefundRequest`): a refund of some or all items of a transaction.
public struct AdvancedCommerceRequestRefundRequest: AdvancedCommerceRequestBody, Equatable {
    public static let operation = AppStoreServerAPIOperation.requestTransactionRefund

    /// One item to refund (`RequestRefundItem`).
    public struct Item: Sendable, Equatable, AdvancedCommerceItem {
        /// The item's SKU.
        public var sku: String
        /// Whether the item is revoked with the refund.
        public var revoke: Bool
        /// One of Apple's refund reasons.
        public var refundReason: String
        /// `FULL`, `PRORATED` or `CUSTOM`.
        public var refundType: String
        /// The amount asked for, in milliunits of the currency.
        public var refundAmount: Int64?

        /// The item with these values.
        public init(sku: String, revoke: Bool, refundReason: String, refundType: String, refundAmount: Int64? = nil) {
            self.sku = sku
            self.revoke = revoke
            self.refundReason = refundReason
            self.refundType = refundType
            self.refundAmount = refundAmount
        }

        init(_ value: JSONValue, at path: String) throws(AppStoreServerAPIError) {
            var fields = try AdvancedCommerceFields(value, at: path)
            sku = try fields.string("SKU", required: true) ?? ""
            revoke = try fields.bool("revoke", required: true) ?? false
            refundReason = try fields.string("refundReason", required: true) ?? ""
            refundType = try fields.string("refundType", required: true) ?? ""
            refundAmount = try fields.integer("refundAmount")
            try fields.finish()
        }

        func json(at path: String) throws(AppStoreServerAPIError) -> AdvancedCommerceJSON {
            typealias Rules = AdvancedCommerceRules
            return .object([
                ("SKU", .string(try Rules.sku(sku, path + "SKU"))),
                ("revoke", .bool(revoke)),
                ("refundReason", .string(try Rules.oneOf(refundReason, Rules.refundReasons, path + "refundReason"))),
                ("refundType", .string(try Rules.oneOf(refundType, Rules.refundTypes, path + "refundType"))),
                ("refundAmount", try refundAmount.checked(Rules.amount, path + "refundAmount")),
            ])
        }
    }

    /// The request's reference id and tokens.
    public var requestInfo: AdvancedCommerceRequestInfo
    /// The items to refund: one at least.
    public var items: [Item]
    /// Whether the refund may go ahead when Apple judges it risky.
    public var refundRiskingPreference: Bool
    /// The transaction's currency, an ISO 4217 code.
    public var currency: String?
    /// The storefront, an ISO 3166-1 alpha-3 code.
    public var storefront: String?

    /// The request with these values.
    public init(
        requestInfo: AdvancedCommerceRequestInfo, items: [Item], refundRiskingPreference: Bool,
        currency: String? = nil, storefront: String? = nil
    ) {
        self.requestInfo = requestInfo
        self.items = items
        self.refundRiskingPreference = refundRiskingPreference
        self.currency = currency
        self.storefront = storefront
    }

    public init(json: JSONValue) throws(AppStoreServerAPIError) {
        var fields = try AdvancedCommerceFields(json, at: "")
        requestInfo = try AdvancedCommerceRequestInfo(&fields)
        items = try fields.array("items", required: true, of: Item.init) ?? []
        refundRiskingPreference = try fields.bool("refundRiskingPreference", required: true) ?? false
        currency = try fields.string("currency")
        storefront = try fields.string("storefront")
        try fields.finish()
    }

    public func json() throws(AppStoreServerAPIError) -> AdvancedCommerceJSON {
        typealias Rules = AdvancedCommerceRules
        return .object([
            ("requestInfo", try requestInfo.json()),
            ("items", try Rules.itemList(items, "items")),
            ("refundRiskingPreference", .bool(refundRiskingPreference)),
            ("currency", try currency.checked(Rules.currency, "currency")),
            ("storefront", try storefront.checked(Rules.storefront, "storefront")),
        ])
    }
}
