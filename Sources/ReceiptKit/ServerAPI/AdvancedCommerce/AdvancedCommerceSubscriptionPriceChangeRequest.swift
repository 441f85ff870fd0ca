/// Change Subscription Price (`SubscriptionPriceChangeRequest`): new prices for SKUs of a subscription.
public struct AdvancedCommerceSubscriptionPriceChangeRequest: AdvancedCommerceRequestBody, Equatable {
    public static let operation = AppStoreServerAPIOperation.changeSubscriptionPrice

    /// One SKU's new price (`SubscriptionPriceChangeItem`).
    public struct Item: Sendable, Equatable, AdvancedCommerceItem {
        /// The item's SKU.
        public var sku: String
        /// The new price, in milliunits of the currency.
        public var price: Int64
        /// SKUs whose prices depend on this one.
        public var dependentSKUs: [String]?

        /// The item with these values.
        public init(sku: String, price: Int64, dependentSKUs: [String]? = nil) {
            self.sku = sku
            self.price = price
            self.dependentSKUs = dependentSKUs
        }

        init(_ value: JSONValue, at path: String) throws(AppStoreServerAPIError) {
            var fields = try AdvancedCommerceFields(value, at: path)
            sku = try fields.string("SKU", required: true) ?? ""
            price = try fields.integer("price", required: true) ?? 0
            if let list = try fields.array("dependentSKUs") {
                var skus: [String] = []
                for (value, where_) in list {
                    guard case .string(let sku) = value else {
                        throw AdvancedCommerceFields.refused("\(where_.dropLast()) is not a string")
                    }
                    skus.append(sku)
                }
                dependentSKUs = skus
            } else {
                dependentSKUs = nil
            }
            try fields.finish()
        }

        func json(at path: String) throws(AppStoreServerAPIError) -> AdvancedCommerceJSON {
            typealias Rules = AdvancedCommerceRules
            var dependents: AdvancedCommerceJSON?
            if let dependentSKUs {
                var skus: [AdvancedCommerceJSON] = []
                for (index, sku) in dependentSKUs.enumerated() {
                    skus.append(.string(try Rules.sku(sku, path + "dependentSKUs[\(index)]")))
                }
                dependents = .array(skus)
            }
            return .object([
                ("SKU", .string(try Rules.sku(sku, path + "SKU"))),
                ("price", .integer(try Rules.amount(price, path + "price"))),
                ("dependentSKUs", dependents),
            ])
        }
    }

    /// The request's reference id and tokens.
    public var requestInfo: AdvancedCommerceRequestInfo
    /// The SKUs and their new prices: one at least.
    public var items: [Item]
    /// The prices' currency, an ISO 4217 code.
    public var currency: String?
    /// The storefront, an ISO 3166-1 alpha-3 code.
    public var storefront: String?

    /// The request with these values.
    public init(
        requestInfo: AdvancedCommerceRequestInfo, items: [Item], currency: String? = nil, storefront: String? = nil
    ) {
        self.requestInfo = requestInfo
        self.items = items
        self.currency = currency
        self.storefront = storefront
    }

    public init(json: JSONValue) throws(AppStoreServerAPIError) {
        var fields = try AdvancedCommerceFields(json, at: "")
        requestInfo = try AdvancedCommerceRequestInfo(&fields)
        items = try fields.array("items", required: true, of: Item.init) ?? []
        currency = try fields.string("currency")
        storefront = try fields.string("storefront")
        try fields.finish()
    }

    public func json() throws(AppStoreServerAPIError) -> AdvancedCommerceJSON {
        typealias Rules = AdvancedCommerceRules
        return .object([
            ("requestInfo", try requestInfo.json()),
            ("items", try Rules.itemList(items, "items")),
            ("currency", try currency.checked(Rules.currency, "currency")),
            ("storefront", try storefront.checked(Rules.storefront, "storefront")),
        ])
    }
}
