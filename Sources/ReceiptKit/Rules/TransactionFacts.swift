/// What a StoreKit 2 transaction says of a purchase that a receipt's record does not: rules read it.
package struct TransactionFacts: Sendable, Equatable {
    /// `isUpgraded`: the customer moved to another subscription of the group, so this one provides no service.
    package var isUpgraded: Bool?
    /// `type`, which says what kind of product was bought where a receipt leaves it open.
    package var storeKitType: AppStoreValue<TransactionType>?
    /// `subscriptionGroupIdentifier`, which `subscription_group` rules name.
    package var subscriptionGroupID: String?
    /// `revocationType`, to say how a revoked purchase was revoked.
    package var revocationType: AppStoreValue<RevocationType>?
    /// With `REFUND_PRORATED`, the share refunded, in thousandths of a percent (40000 is 40%).
    package var revocationPercentage: Int64?
    /// `inAppOwnershipType`, which `ownership` rules compare.
    package var ownershipType: AppStoreValue<InAppOwnershipType>?
    /// The UUID the app gave the purchase; nil for Apple's empty string (none given).
    package var appAccountToken: String?
    /// The `SKU`s of an Advanced Commerce transaction's items; nil without `advancedCommerceInfo` items.
    package var skus: [String]?
    /// A commitment's `billingPeriodNumber`: which billing period of the term the transaction pays for.
    package var commitmentBillingPeriod: Int64?

    /// Facts of these values, each one not given absent.
    package init(
        isUpgraded: Bool? = nil, storeKitType: AppStoreValue<TransactionType>? = nil,
        subscriptionGroupID: String? = nil, revocationType: AppStoreValue<RevocationType>? = nil,
        revocationPercentage: Int64? = nil, ownershipType: AppStoreValue<InAppOwnershipType>? = nil,
        appAccountToken: String? = nil, skus: [String]? = nil, commitmentBillingPeriod: Int64? = nil
    ) {
        self.isUpgraded = isUpgraded
        self.storeKitType = storeKitType
        self.subscriptionGroupID = subscriptionGroupID
        self.revocationType = revocationType
        self.revocationPercentage = revocationPercentage
        self.ownershipType = ownershipType
        // An empty token would match an app's empty account (a logged-out user): it is no token.
        self.appAccountToken = appAccountToken?.isEmpty == true ? nil : appAccountToken
        self.skus = skus
        self.commitmentBillingPeriod = commitmentBillingPeriod
    }
}
