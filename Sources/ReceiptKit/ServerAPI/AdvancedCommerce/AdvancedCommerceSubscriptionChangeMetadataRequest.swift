/// Change Subscription Metadata (`SubscriptionChangeMetadataRequest`): SKUs, descriptions, names, tax code.
public struct AdvancedCommerceSubscriptionChangeMetadataRequest: AdvancedCommerceRequestBody, Equatable {
    public static let operation = AppStoreServerAPIOperation.changeSubscriptionMetadata

    /// The subscription's new description and display name (`SubscriptionChangeMetadataDescriptors`).
    public struct Descriptors: Sendable, Equatable {
        /// `IMMEDIATELY` or `NEXT_BILL_CYCLE`.
        public var effective: String
        /// At most 45 characters.
        public var description: String?
        /// At most 30 characters.
        public var displayName: String?

        /// The descriptors with these values.
        public init(effective: String, description: String? = nil, displayName: String? = nil) {
            self.effective = effective
            self.description = description
            self.displayName = displayName
        }

        init(_ fields: inout AdvancedCommerceFields) throws(AppStoreServerAPIError) {
            effective = try fields.string("effective", required: true) ?? ""
            description = try fields.string("description")
            displayName = try fields.string("displayName")
        }

        func members(at path: String) throws(AppStoreServerAPIError) -> [(String, AdvancedCommerceJSON?)] {
            typealias Rules = AdvancedCommerceRules
            return [
                ("effective", .string(try Rules.oneOf(effective, Rules.effectives, path + "effective"))),
                ("description", try description.checked(Rules.description, path + "description")),
                ("displayName", try displayName.checked(Rules.displayName, path + "displayName")),
            ]
        }
    }

    /// One item's new metadata (`SubscriptionChangeMetadataItem`).
    public struct Item: Sendable, Equatable, AdvancedCommerceItem {
        /// The item's SKU now.
        public var currentSKU: String
        /// When, and what: its new description and display name.
        public var descriptors: Descriptors
        /// Its new SKU.
        public var sku: String?

        /// The item with these values.
        public init(currentSKU: String, descriptors: Descriptors, sku: String? = nil) {
            self.currentSKU = currentSKU
            self.descriptors = descriptors
            self.sku = sku
        }

        init(_ value: JSONValue, at path: String) throws(AppStoreServerAPIError) {
            var fields = try AdvancedCommerceFields(value, at: path)
            currentSKU = try fields.string("currentSKU", required: true) ?? ""
            descriptors = try Descriptors(&fields)
            sku = try fields.string("SKU")
            try fields.finish()
        }

        func json(at path: String) throws(AppStoreServerAPIError) -> AdvancedCommerceJSON {
            typealias Rules = AdvancedCommerceRules
            return .object(
                [("currentSKU", .string(try Rules.sku(currentSKU, path + "currentSKU")))]
                    + (try descriptors.members(at: path)) + [("SKU", try sku.checked(Rules.sku, path + "SKU"))])
        }
    }

    /// The request's reference id and tokens.
    public var requestInfo: AdvancedCommerceRequestInfo
    /// The subscription's new description and display name.
    public var descriptors: Descriptors?
    /// The items' new metadata: one at least when given.
    public var items: [Item]?
    /// The storefront, an ISO 3166-1 alpha-3 code.
    public var storefront: String?
    /// The new tax code.
    public var taxCode: String?

    /// The request with these values.
    public init(
        requestInfo: AdvancedCommerceRequestInfo, descriptors: Descriptors? = nil, items: [Item]? = nil,
        storefront: String? = nil, taxCode: String? = nil
    ) {
        self.requestInfo = requestInfo
        self.descriptors = descriptors
        self.items = items
        self.storefront = storefront
        self.taxCode = taxCode
    }

    public init(json: JSONValue) throws(AppStoreServerAPIError) {
        var fields = try AdvancedCommerceFields(json, at: "")
        requestInfo = try AdvancedCommerceRequestInfo(&fields)
        if var described = try fields.object("descriptors") {
            descriptors = try Descriptors(&described)
            try described.finish()
        } else {
            descriptors = nil
        }
        items = try fields.array("items", of: Item.init)
        storefront = try fields.string("storefront")
        taxCode = try fields.string("taxCode")
        try fields.finish()
    }

    public func json() throws(AppStoreServerAPIError) -> AdvancedCommerceJSON {
        typealias Rules = AdvancedCommerceRules
        var written: AdvancedCommerceJSON?
        if let items {
            written = try Rules.itemList(items, "items")
        }
        var described: AdvancedCommerceJSON?
        if let descriptors {
            described = .object(try descriptors.members(at: "descriptors."))
        }
        return .object([
            ("requestInfo", try requestInfo.json()),
            ("descriptors", described),
            ("items", written),
            ("storefront", try storefront.checked(Rules.storefront, "storefront")),
            ("taxCode", try taxCode.checked(Rules.required, "taxCode")),
        ])
    }
}
