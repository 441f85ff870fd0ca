#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a renewal info says of a subscription's next renewal: in the billing grace period, or in retry without it.
package struct RenewalState: Sendable, Equatable {
    /// The product the subscription currently is (`productId`).
    package var productID: String?
    /// `gracePeriodExpiresDate`: until then the customer keeps full service while Apple retries billing.
    package var gracePeriodExpires: Date?
    package var isInBillingRetry: Bool?
    /// `autoRenewStatus` 1 (on) or 0 (off): off, a trial will not convert, so no reminder is due.
    package var autoRenews: Bool?
    /// The subscription it is of: of several copies of one, the latest signed decides.
    package var originalTransactionID: String?
    /// When this copy was signed: past the age limit its grace period is not read.
    package var snapshotDate: Date?
}
