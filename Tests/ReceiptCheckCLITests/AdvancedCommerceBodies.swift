/// One valid request body of each Advanced Commerce server call, as a caller writes it (members in any
/// order), with the name of Apple's Python model of that body.
enum AdvancedCommerceBodies {
    static let reference = "f55df048-4cd8-4261-b404-b6f813ff70e5"
    static let info = #"{"requestReferenceId":"\#(reference)"}"#

    /// Operation, Apple's model, body.
    static let valid: [(operation: String, model: String, body: String)] = [
        (
            "cancel-subscription", "AdvancedCommerceSubscriptionCancelRequest",
            #"{"storefront":"USA","requestInfo":\#(info)}"#
        ),
        (
            "change-subscription-metadata", "AdvancedCommerceSubscriptionChangeMetadataRequest",
            #"{"requestInfo":\#(info),"taxCode":"C003-00-2","descriptors":{"displayName":"Pro","effective":"NEXT_BILL_CYCLE"},"items":[{"currentSKU":"pro.news","effective":"IMMEDIATELY","description":"News, daily","SKU":"pro.news.daily"}]}"#
        ),
        (
            "change-subscription-price", "AdvancedCommerceSubscriptionPriceChangeRequest",
            #"{"requestInfo":{"appAccountToken":"7389a31a-fb6d-4569-a2a6-db7d85d84813","requestReferenceId":"\#(reference)"},"items":[{"SKU":"pro.news","price":4990,"dependentSKUs":["pro.sports"]}],"currency":"USD","storefront":"USA"}"#
        ),
        (
            "migrate-subscription", "AdvancedCommerceSubscriptionMigrateRequest",
            #"{"requestInfo":\#(info),"descriptors":{"description":"All the news","displayName":"News Pro"},"items":[{"SKU":"pro.news","description":"Daily news","displayName":"News"}],"renewalItems":[{"displayName":"News+","SKU":"pro.news.plus","description":"Daily news, more"}],"targetProductId":"com.example.pro","taxCode":"C003-00-2","storefront":"USA"}"#
        ),
        (
            "revoke-subscription", "AdvancedCommerceSubscriptionRevokeRequest",
            #"{"refundReason":"UNSATISFIED_WITH_PURCHASE","refundType":"PRORATED","refundRiskingPreference":true,"requestInfo":{"requestReferenceId":"\#(reference)","consistencyToken":"token-1"}}"#
        ),
        (
            "request-transaction-refund", "AdvancedCommerceRequestRefundRequest",
            #"{"requestInfo":\#(info),"items":[{"SKU":"pro.news","revoke":true,"refundReason":"LEGAL","refundType":"CUSTOM","refundAmount":1000}],"refundRiskingPreference":false,"currency":"USD"}"#
        ),
    ]
}
