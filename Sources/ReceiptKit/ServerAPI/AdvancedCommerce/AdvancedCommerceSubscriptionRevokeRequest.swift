/// Revoke Subscription (`SubscriptionRevokeRequest`): ends a subscription at once, with a refund.
public struct AdvancedCommerceSubscriptionRevokeRequest: AdvancedCommerceRequestBody, Equatable {
    public static let operation = AppStoreServerAPIOperation.revokeSubscription
    /// The request's reference id and tokens.
    public var requestInfo: AdvancedCommerceRequestInfo
    /// Whether the refund may go ahead when Apple judges it risky.
    public var refundRiskingPreference: Bool
    /// `FULL`, `PRORATED` or `CUSTOM`.
    public var refundType: String
    /// One of Apple's refund reasons (`UNSATISFIED_WITH_PURCHASE`, ...).
    public var refundReason: String
    /// The storefront, an ISO 3166-1 alpha-3 code.
    public var storefront: String?

    /// The request with these values.
    public init(
        requestInfo: AdvancedCommerceRequestInfo, refundRiskingPreference: Bool, refundType: String,
        refundReason: String, storefront: String? = nil
    ) {
        self.requestInfo = requestInfo
        self.refundRiskingPreference = refundRiskingPreference
        self.refundType = refundType
        self.refundReason = refundReason
        self.storefront = storefront
    }

    public init(json: JSONValue) throws(AppStoreServerAPIError) {
        var fields = try AdvancedCommerceFields(json, at: "")
        requestInfo = try AdvancedCommerceRequestInfo(&fields)
        refundRiskingPreference = try fields.bool("refundRiskingPreference", required: true) ?? false
        refundType = try fields.string("refundType", required: true) ?? ""
        refundReason = try fields.string("refundReason", required: true) ?? ""
        storefront = try fields.string("storefront")
        try fields.finish()
    }

    public func json() throws(AppStoreServerAPIError) -> AdvancedCommerceJSON {
        typealias Rules = AdvancedCommerceRules
        return .object([
            ("requestInfo", try requestInfo.json()),
            ("refundRiskingPreference", .bool(refundRiskingPreference)),
            ("refundType", .string(try Rules.oneOf(refundType, Rules.refundTypes, "refundType"))),
            ("refundReason", .string(try Rules.oneOf(refundReason, Rules.refundReasons, "refundReason"))),
            ("storefront", try storefront.checked(Rules.storefront, "storefront")),
        ])
    }
}
