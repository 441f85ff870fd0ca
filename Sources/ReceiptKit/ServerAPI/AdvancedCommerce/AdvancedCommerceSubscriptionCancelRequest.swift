/// Cancel a Subscription (`SubscriptionCancelRequest`): turns automatic renewal off.
public struct AdvancedCommerceSubscriptionCancelRequest: AdvancedCommerceRequestBody, Equatable {
    public static let operation = AppStoreServerAPIOperation.cancelSubscription
    /// The request's reference id and tokens.
    public var requestInfo: AdvancedCommerceRequestInfo
    /// The storefront, an ISO 3166-1 alpha-3 code.
    public var storefront: String?

    /// The request with these values.
    public init(requestInfo: AdvancedCommerceRequestInfo, storefront: String? = nil) {
        self.requestInfo = requestInfo
        self.storefront = storefront
    }

    public init(json: JSONValue) throws(AppStoreServerAPIError) {
        var fields = try AdvancedCommerceFields(json, at: "")
        requestInfo = try AdvancedCommerceRequestInfo(&fields)
        storefront = try fields.string("storefront")
        try fields.finish()
    }

    public func json() throws(AppStoreServerAPIError) -> AdvancedCommerceJSON {
        .object([
            ("requestInfo", try requestInfo.json()),
            ("storefront", try storefront.checked(AdvancedCommerceRules.storefront, "storefront")),
        ])
    }
}
