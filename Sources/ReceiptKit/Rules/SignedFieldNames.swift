/// The names of the fields Apple signs in receipts and StoreKit 2 payloads, which an app's facts may not
/// take: a fact named `bundle_id` or `expiresDate` would read, to a person, as the signed value.
///
/// Names are compared without case and underscores, so `bundle_id`, `bundleId` and `bundleid` are one
/// name. A test checks that every key the tool prints for the corpus is here.
enum SignedFieldNames {
    /// Snake-case keys of the receipt report (and of Apple's verifyReceipt answer).
    static let receipt: [String] = [
        "adam_id", "age_rating", "app_item_id", "application_version", "bundle_id", "bundle_id_data",
        "cancellation_date", "cancellation_reason", "download_id", "expiration_date", "expires_date", "in_app",
        "is_in_intro_offer_period", "is_trial_period", "is_upgraded", "opaque_value", "original_application_version",
        "original_purchase_date", "original_transaction_id", "product_id", "product_type", "promotional_offer_id",
        "purchase_date", "quantity", "receipt_creation_date", "receipt_type", "request_date", "sha1_hash",
        "subscription_group_identifier", "transaction_id", "unknown_attributes", "version_external_identifier",
        "web_order_line_item_id",
    ]

    /// Apple's member names in JWS headers and payloads.
    static let storeKit: [String] = [
        "advancedCommerceInfo", "alg", "appAccountToken", "appAppleId", "appData", "appTransactionId",
        "applicationVersion", "autoRenewProductId", "autoRenewStatus", "billingPlanType", "bundleId",
        "bundleVersion", "commitmentInfo", "consumptionRequestReason", "currency", "data", "deviceVerification",
        "deviceVerificationNonce", "eligibleWinBackOfferIds", "environment", "expirationIntent", "expiresDate",
        "externalPurchaseToken", "gracePeriodExpiresDate", "inAppOwnershipType", "isInBillingRetryPeriod",
        "isUpgraded", "kid", "notificationType", "notificationUUID", "offerDiscountType", "offerIdentifier",
        "offerPeriod", "offerType", "originalApplicationVersion", "originalPlatform", "originalPurchaseDate",
        "originalTransactionId", "preorderDate", "price", "priceIncreaseStatus", "productId", "purchaseDate",
        "quantity", "receiptCreationDate", "receiptType", "recentSubscriptionStartDate", "renewalBillingPlanType",
        "renewalDate", "renewalPrice", "requestDate", "revocationDate", "revocationPercentage", "revocationReason",
        "revocationType", "signedAppTransactionInfo", "signedDate", "signedRenewalInfo", "signedTransactionInfo",
        "status", "storefront", "storefrontId", "subscriptionGroupIdentifier", "subtype", "summary", "transactionId",
        "transactionReason", "typ", "type", "version", "versionExternalIdentifier", "webOrderLineItemId", "x5c",
    ]

    private static let normalized: Set<String> = Set((receipt + storeKit).map(normalize))

    static func contains(_ name: String) -> Bool {
        normalized.contains(normalize(name))
    }

    static func normalize(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "_" })
    }
}
