/// Migrate a Subscription (`SubscriptionMigrateRequest`): an In-App Purchase subscription becomes the app's.
public struct AdvancedCommerceSubscriptionMigrateRequest: AdvancedCommerceRequestBody, Equatable {
    public static let operation = AppStoreServerAPIOperation.migrateSubscription

    /// A subscription's or an item's description and display name (`SubscriptionMigrateDescriptors`).
    public struct Descriptors: Sendable, Equatable {
        /// At most 45 characters.
        public var description: String
        /// At most 30 characters.
        public var displayName: String

        /// The descriptors with these values.
        public init(description: String, displayName: String) {
            self.description = description
            self.displayName = displayName
        }

        init(_ fields: inout AdvancedCommerceFields) throws(AppStoreServerAPIError) {
            description = try fields.string("description", required: true) ?? ""
            displayName = try fields.string("displayName", required: true) ?? ""
        }

        func members(at path: String) throws(AppStoreServerAPIError) -> [(String, AdvancedCommerceJSON?)] {
            [
                ("description", .string(try AdvancedCommerceRules.description(description, path + "description"))),
                ("displayName", .string(try AdvancedCommerceRules.displayName(displayName, path + "displayName"))),
            ]
        }
    }

    /// One item of the subscription or its renewal (`SubscriptionMigrateItem`, `SubscriptionMigrateRenewalItem`).
    public struct Item: Sendable, Equatable, AdvancedCommerceItem {
        /// The item's SKU.
        public var sku: String
        /// Its description and display name.
        public var descriptors: Descriptors

        /// The item with these values.
        public init(sku: String, description: String, displayName: String) {
            self.sku = sku
            descriptors = Descriptors(description: description, displayName: displayName)
        }

        init(_ value: JSONValue, at path: String) throws(AppStoreServerAPIError) {
            var fields = try AdvancedCommerceFields(value, at: path)
            sku = try fields.string("SKU", required: true) ?? ""
            descriptors = try Descriptors(&fields)
            try fields.finish()
        }

        func json(at path: String) throws(AppStoreServerAPIError) -> AdvancedCommerceJSON {
            .object(
                [("SKU", .string(try AdvancedCommerceRules.sku(sku, path + "SKU")))]
                    + (try descriptors.members(at: path)))
        }
    }

    /// The request's reference id and tokens.
    public var requestInfo: AdvancedCommerceRequestInfo
    /// The subscription's description and display name.
    public var descriptors: Descriptors
    /// The subscription's items: one at least.
    public var items: [Item]
    /// The generic product id of the Advanced Commerce subscription.
    public var targetProductId: String
    /// The tax code.
    public var taxCode: String
    /// The items that renew, when they differ from `items`: one at least when given.
    public var renewalItems: [Item]?
    /// The storefront, an ISO 3166-1 alpha-3 code.
    public var storefront: String?

    /// The request with these values.
    public init(
        requestInfo: AdvancedCommerceRequestInfo, descriptors: Descriptors, items: [Item], targetProductId: String,
        taxCode: String, renewalItems: [Item]? = nil, storefront: String? = nil
    ) {
        self.requestInfo = requestInfo
        self.descriptors = descriptors
        self.items = items
        self.targetProductId = targetProductId
        self.taxCode = taxCode
        self.renewalItems = renewalItems
        self.storefront = storefront
    }

    public init(json: JSONValue) throws(AppStoreServerAPIError) {
        var fields = try AdvancedCommerceFields(json, at: "")
        requestInfo = try AdvancedCommerceRequestInfo(&fields)
        guard var described = try fields.object("descriptors", required: true) else {
            throw AdvancedCommerceFields.refused("descriptors is required")
        }
        descriptors = try Descriptors(&described)
        try described.finish()
        items = try fields.array("items", required: true, of: Item.init) ?? []
        targetProductId = try fields.string("targetProductId", required: true) ?? ""
        taxCode = try fields.string("taxCode", required: true) ?? ""
        renewalItems = try fields.array("renewalItems", of: Item.init)
        storefront = try fields.string("storefront")
        try fields.finish()
    }

    public func json() throws(AppStoreServerAPIError) -> AdvancedCommerceJSON {
        typealias Rules = AdvancedCommerceRules
        var renewing: AdvancedCommerceJSON?
        if let renewalItems {
            renewing = try Rules.itemList(renewalItems, "renewalItems")
        }
        return .object([
            ("requestInfo", try requestInfo.json()),
            ("descriptors", .object(try descriptors.members(at: "descriptors."))),
            ("items", try Rules.itemList(items, "items")),
            ("targetProductId", .string(try Rules.text(targetProductId, "targetProductId"))),
            ("taxCode", .string(try Rules.text(taxCode, "taxCode"))),
            ("renewalItems", renewing),
            ("storefront", try storefront.checked(Rules.storefront, "storefront")),
        ])
    }
}
